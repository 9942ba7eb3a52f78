"""Guild determinize: a world sampled from one seat's view shows that seat the same view,
uses every workshop and token once, samples what the seat cannot see, and depends on nothing else."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.games import rules_for
from engine.games.gems.cards import CARDS, TOKEN_COUNTS
from engine.games.guild.determinize import determinize
from engine.match import Match
from engine.rng import Rng

RULES = rules_for("guild")


def positions(players: int, seed: int, every: int) -> list[Match]:
    """Snapshots of one random game every ``every`` steps, at every return and at the end."""
    m = engine.new_match("guild", players, seed=seed)
    rng = Rng(seed * 31 + players)
    out = []
    step = 0
    while True:
        if step % every == 0 or m.is_over() or m.view(None)["turn"]["phase"] == "return":
            out.append(engine.restore(m.snapshot()))
        if m.is_over():
            return out
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        builds = [mv for mv in moves if mv["type"] == "build"]  # build often, so games reach their end
        pick = builds if builds and rng.below(3) else [mv for mv in moves if mv["type"] != "pass"] or moves
        m.play(seat, pick[rng.below(len(pick))])
        step += 1


def components_once(state: Any) -> None:
    cards = [c for d in state.decks for c in d] + [c for row in state.market for c in row if c]
    for s in state.seats:
        cards += s.workshops + s.reserved
    assert sorted(cards) == sorted(CARDS), "each workshop in exactly one place"
    gems = TOKEN_COUNTS[state.players][0]
    totals = [state.supply[k] + sum(s.pouch[k] for s in state.seats) for k in range(6)]
    assert totals == [gems] * 5 + [5], "each token in exactly one place"


def hidden(state: Any, seat: int) -> Any:
    return ([(s.pouch, s.reserved) for i, s in enumerate(state.seats) if i != seat], state.decks)


GAMES = [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)]


def test_the_sampled_world_shows_the_seat_its_view_and_is_a_legal_game() -> None:
    phases = set()
    reserved = 0
    for players, seed in GAMES:
        for m in positions(players, seed, every=7):
            for seat in range(players):
                view = m.view(seat)
                phases.add(view["turn"]["phase"])
                reserved += sum(e["reserved_count"] for e in view["seats"])
                world = determinize(view, seat, Rng(seed * 100 + seat))
                assert RULES.view(world, seat) == view
                components_once(world)
                assert RULES.to_act(world) == m.to_act()
                # the other seats' reservations, together, have the tiers the deck sizes leave
                assert (sorted(c[0] for s in world.seats for c in s.reserved)
                        == sorted(c[0] for s in m._state.seats for c in s.reserved))
                if seat in m.to_act():  # its own moves are the real ones
                    assert RULES.legal_moves(world, seat) == m.legal_moves(seat)
    assert phases == {"action", "return", "over"} and reserved > 0


def test_the_other_seats_pouch_colours_and_reservations_are_sampled() -> None:
    m = positions(3, 7, every=8)[4]
    true = m._state
    view = m.view(1)
    a, b = determinize(view, 1, Rng(1)), determinize(view, 1, Rng(2))
    assert a.seats[1].pouch == true.seats[1].pouch and a.seats[1].reserved == true.seats[1].reserved
    assert [sum(s.pouch) for s in a.seats] == [sum(s.pouch) for s in true.seats]
    assert [len(s.reserved) for s in a.seats] == [len(s.reserved) for s in true.seats]
    assert hidden(a, 1) != hidden(b, 1)
    assert a.rng.state != b.rng.state


def test_the_sample_depends_only_on_the_view_seat_and_rng() -> None:
    for m in positions(4, 11, every=40):
        for seat in (0, 2):
            view = m.view(seat)
            first = determinize(view, seat, Rng(42))
            other = Match(RULES, determinize(view, seat, Rng(7)), 4, {}, 0)  # another world, same view
            assert other.view(seat) == view
            again = determinize(json.loads(json.dumps(other.view(seat))), seat, Rng(42))
            assert RULES.to_json(first) == RULES.to_json(again)


def test_a_sampled_world_plays_on_to_the_end() -> None:
    m = positions(3, 12, every=30)[1]
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
    result = RULES.result(world)
    assert result is not None and result["winners"]
