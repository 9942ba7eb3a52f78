"""Splendor determinize: a world sampled from one seat's view shows that seat the same view,
uses every card once, samples what the seat cannot see, and depends on nothing else."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.games import rules_for
from engine.games.gems.cards import CARDS, TOKEN_COUNTS
from engine.games.splendor.determinize import determinize
from engine.match import Match
from engine.rng import Rng

RULES = rules_for("splendor")
BOTH = {"trading_posts": True, "strongholds": True}
OPTIONS = [{}, {"trading_posts": True}, {"strongholds": True}, BOTH]


def positions(players: int, seed: int, options: dict[str, Any], every: int) -> list[Match]:
    """Snapshots of one random game every ``every`` steps, at every decision of a turn's end
    (returns, nobles, posts, gems, cards to keep, strongholds, conquests) and at the end."""
    m = engine.new_match("splendor", players, seed=seed, options=options)
    rng = Rng(seed * 31 + players)
    out = []
    step = 0
    while True:
        if step % every == 0 or m.is_over() or m.view(None)["turn"]["phase"] != "action":
            out.append(engine.restore(m.snapshot()))
        if m.is_over() or step > 400:
            return out
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        buys = [mv for mv in moves if mv["type"] == "buy"]  # buy often, so games reach their end
        pick = buys if buys and rng.below(3) else moves
        m.play(seat, pick[rng.below(len(pick))])
        step += 1


def cards_once(state: Any) -> None:
    cards = [c for d in state.decks for c in d] + [c for row in state.market for c in row if c]
    for s in state.seats:
        cards += s.cards + [cid for cid, _hidden in s.reserved]
    if state.phase == "keep":
        cards += state.pending["keep"]["cards"]
    assert sorted(cards) == sorted(CARDS), "each card in exactly one place"
    gems, gold, _nobles = TOKEN_COUNTS[state.players]
    totals = [state.bank[k] + sum(s.tokens[k] for s in state.seats) for k in range(6)]
    assert totals == [gems] * 5 + [gold]


def hidden(state: Any, seat: int) -> Any:
    return ([s.reserved for i, s in enumerate(state.seats) if i != seat], state.decks)


GAMES = [(2, 1, {}), (3, 2, {"trading_posts": True}), (4, 3, {"strongholds": True}), (2, 4, BOTH), (3, 5, BOTH),
         (4, 6, BOTH)]


def test_the_sampled_world_shows_the_seat_its_view_and_is_a_legal_game() -> None:
    phases = set()
    for players, seed, options in GAMES:
        for m in positions(players, seed, options, every=9):
            for seat in range(players):
                view = m.view(seat)
                phases.add(view["turn"]["phase"])
                world = determinize(view, seat, Rng(seed * 100 + seat))
                assert RULES.view(world, seat) == view
                cards_once(world)
                assert RULES.to_act(world) == m.to_act()
                if seat in m.to_act():  # its own moves are the real ones
                    assert RULES.legal_moves(world, seat) == m.legal_moves(seat)
                    assert world.steps == m._state.steps or world.phase == "keep"
    assert {"action", "return", "gem", "stronghold", "conquest", "over"} <= phases


def test_the_other_seats_face_down_reservations_and_the_decks_are_sampled() -> None:
    m = engine.new_match("splendor", 3, seed=7)
    m.play(0, {"type": "reserve", "tier": 3})
    m.play(1, {"type": "reserve", "tier": 2})
    view = m.view(2)
    a, b = determinize(view, 2, Rng(1)), determinize(view, 2, Rng(2))
    assert [len(d) for d in a.decks] == [len(d) for d in m._state.decks]
    assert a.seats[0].reserved[0][0].startswith("3-") and a.seats[1].reserved[0][0].startswith("2-")
    assert hidden(a, 2) != hidden(b, 2)
    assert a.rng.state != b.rng.state
    seen = {determinize(view, 2, Rng(k)).seats[0].reserved[0][0] for k in range(30)}
    assert len(seen) > 10  # 20 tier-3 cards less 4 face up: 16 could be the reserved one


def keeping(players: int) -> Match:
    """Seat 0 holds Trading Post 4 and has just drawn two tier-2 cards to keep one."""
    m = engine.new_match("splendor", players, seed=5, options=BOTH)
    m._state.seats[0].posts = [4]
    m._legal = {}
    m.play(0, {"type": "reserve", "tier": 2})
    assert m.view(None)["turn"]["phase"] == "keep"
    return m


def test_a_seat_choosing_which_card_to_keep_has_its_two_cards_sampled_for_the_others() -> None:
    m = keeping(3)
    for seat in range(3):
        view = m.view(seat)
        world = determinize(view, seat, Rng(3))
        assert RULES.view(world, seat) == view
        cards_once(world)
        assert [mv["type"] for mv in RULES.legal_moves(world, 0)] == ["keep", "keep"]
    assert RULES.legal_moves(determinize(m.view(0), 0, Rng(3)), 0) == m.legal_moves(0)
    kept = {tuple(determinize(m.view(1), 1, Rng(k)).pending["keep"]["cards"]) for k in range(10)}
    assert len(kept) > 5 and all(c.startswith("2-") for pair in kept for c in pair)


def test_the_sample_depends_only_on_the_view_seat_and_rng() -> None:
    for m in positions(4, 11, BOTH, every=40):
        for seat in (0, 2):
            view = m.view(seat)
            first = determinize(view, seat, Rng(42))
            other = Match(RULES, determinize(view, seat, Rng(7)), 4, dict(BOTH), 0)  # another world, same view
            assert other.view(seat) == view
            again = determinize(json.loads(json.dumps(other.view(seat))), seat, Rng(42))
            assert RULES.to_json(first) == RULES.to_json(again)


def test_a_sampled_world_plays_on_to_the_end() -> None:
    m = positions(3, 12, BOTH, every=30)[1]
    world = determinize(m.view(0), 0, Rng(9))
    rng = Rng(4)
    steps = 0
    while not RULES.is_over(world):
        (seat,) = RULES.to_act(world)
        moves = RULES.legal_moves(world, seat)
        buys = [mv for mv in moves if mv["type"] == "buy"]
        RULES.apply(world, seat, (buys or moves)[rng.below(len(buys or moves))])
        cards_once(world)
        steps += 1
        assert steps < 3000
    result = RULES.result(world)
    assert result is not None and result["winners"]
