"""Station determinize: a world sampled from one seat's view shows that seat the same view,
uses every component once, samples what the seat cannot see, and depends on nothing else."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.games import rules_for
from engine.games.station.components import credit_ids, module_ids
from engine.games.station.determinize import determinize
from engine.games.station.station import station_problem
from engine.match import Match
from engine.rng import Rng

RULES = rules_for("station")


def positions(players: int, seed: int, every: int) -> list[engine.Match]:
    """Snapshots of one random game every ``every`` steps, plus every exact-payment bonus
    choice and the end, as fresh matches."""
    m = engine.new_match("station", players, seed=seed)
    rng = Rng(seed * 31 + players)
    out = []
    step = 0
    while True:
        if step % every == 0 or m.is_over() or m.view(None)["turn"]["phase"] == "bonus":
            out.append(engine.restore(m.snapshot()))
        if m.is_over():
            return out
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        m.play(seat, moves[rng.below(len(moves))])
        step += 1


def components_once(state: Any) -> None:
    modules = state.supply + [m for m in state.berths if m]
    credits = state.deck + state.display + state.discard
    for s in state.seats:
        modules += [m for m in s.grid if m] + s.dock
        credits += s.hand
    assert sorted(modules) == sorted(module_ids(state.players)), "each module in exactly one place"
    assert sorted(credits) == sorted(credit_ids(state.players)), "each credit in exactly one place"


def hidden(state: Any, seat: int) -> Any:
    return ([s.hand for i, s in enumerate(state.seats) if i != seat], state.deck, state.discard, state.supply)


GAMES = [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)]


def test_the_sampled_world_shows_the_seat_its_view_and_is_a_legal_game() -> None:
    phases = set()
    for players, seed in GAMES:
        for m in positions(players, seed, every=12):
            for seat in range(players):
                view = m.view(seat)
                phases.add(view["turn"]["phase"])
                world = determinize(view, seat, Rng(seed * 100 + seat))
                assert RULES.view(world, seat) == view
                components_once(world)
                assert world.storm_pending == m._state.storm_pending
                for s in world.seats:
                    assert station_problem(s.grid) is None
                assert RULES.to_act(world) == m.to_act()
                if seat in m.to_act():  # its own moves are the real ones
                    assert RULES.legal_moves(world, seat) == m.legal_moves(seat)
    assert phases == {"action", "bonus", "over"}


def test_the_seats_own_hand_is_kept_and_the_unseen_credits_are_sampled() -> None:
    m = positions(3, 7, every=20)[3]
    true = m._state
    view = m.view(1)
    a = determinize(view, 1, Rng(1))
    b = determinize(view, 1, Rng(2))
    assert sorted(a.seats[1].hand) == sorted(true.seats[1].hand)
    assert [len(s.hand) for s in a.seats] == [len(s.hand) for s in true.seats]
    assert (len(a.deck), len(a.discard), len(a.supply)) == (len(true.deck), len(true.discard), len(true.supply))
    assert hidden(a, 1) != hidden(b, 1)
    assert a.rng.state != b.rng.state


def test_the_first_deal_is_spread_over_every_unseen_credit() -> None:
    m = engine.new_match("station", 2, seed=3)
    seen = set()
    for k in range(40):
        seen.update(determinize(m.view(0), 0, Rng(k)).seats[1].hand)
    assert len(seen) > 30  # 54 credits less 6 displayed and 3 in the seat's own hand: 45 unseen


def test_the_sample_depends_only_on_the_view_seat_and_rng() -> None:
    for m in positions(4, 11, every=60):
        for seat in (0, 2):
            view = m.view(seat)
            first = determinize(view, seat, Rng(42))
            other = Match(RULES, determinize(view, seat, Rng(7)), 4, {}, 0)  # another world, same view
            assert other.view(seat) == view
            again = determinize(json.loads(json.dumps(other.view(seat))), seat, Rng(42))
            assert RULES.to_json(first) == RULES.to_json(again)


def test_a_sampled_world_plays_on_to_the_end() -> None:
    m = positions(3, 12, every=50)[1]
    world = determinize(m.view(0), 0, Rng(9))
    rng = Rng(4)
    steps = 0
    while not RULES.is_over(world):
        (seat,) = RULES.to_act(world)
        moves = RULES.legal_moves(world, seat)
        RULES.apply(world, seat, moves[rng.below(len(moves))])
        components_once(world)
        steps += 1
        assert steps < 5000
    assert RULES.result(world)["winners"]


def test_a_sampler_gives_the_worlds_determinize_gives_and_none_shares_anything() -> None:
    from engine.games.station.determinize import sampler

    for players, seed in GAMES[::2]:
        for m in positions(players, seed, every=20):
            view = m.view(0)
            text = json.dumps(view, sort_keys=True)
            sample = sampler(view, 0)
            first = sample(Rng(5))
            assert first.to_json() == determinize(view, 0, Rng(5)).to_json()
            before = json.dumps(first.to_json(), sort_keys=True)
            # Mutating one world (as the search's playouts do) changes neither the next one nor the view.
            for s in first.seats:
                s.hand.append("x")
                s.grid[0] = "x"
                s.dock.append("x")
                for lane in s.shield_lanes:
                    lane["renown"] = 99
            for part in (first.supply, first.berths, first.display, first.deck, first.discard, first.waiting):
                part.append("x")
            first.synergy["x"] = 1
            first.storms.append({"storm": "x"})
            assert json.dumps(sample(Rng(5)).to_json(), sort_keys=True) == before
            assert json.dumps(view, sort_keys=True) == text
