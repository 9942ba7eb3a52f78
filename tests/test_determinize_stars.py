"""`stars` determinize: a world sampled from one seat's view shows that seat the same view,
uses every component once, samples what the seat cannot see, and depends on nothing else."""

from __future__ import annotations

import json
from typing import Any

from stars_invariants import check

import engine
from engine.games import rules_for
from engine.games.stars.components import OFFER_CARDS, REWARDS, TILE_IDS
from engine.games.stars.determinize import determinize
from engine.match import Match
from engine.rng import Rng

RULES = rules_for("stars")


def positions(players: int, seed: int, every: int) -> list[engine.Match]:
    """Snapshots of one random game, every ``every`` steps (to the end), as fresh matches."""
    m = engine.new_match("stars", players, seed=seed)
    rng = Rng(seed * 31 + players)
    out = []
    step = 0
    while True:
        if step % every == 0 or m.is_over():
            out.append(engine.restore(m.snapshot()))
        if m.is_over():
            return out
        seats = m.to_act()
        seat = seats[rng.below(len(seats))]
        moves = m.legal_moves(seat)
        m.play(seat, moves[rng.below(len(moves))])
        step += 1


def hidden(state: Any, seat: int) -> Any:
    """What ``seat`` does not see: other hands and bags, the offering deck order, the reward
    tokens out of play."""
    return ([(s.hand, s.bag) for i, s in enumerate(state.seats) if i != seat],
            state.offer_deck, state.rewards_discarded, state.rewards_unused)


def has_secret(view: dict[str, Any]) -> bool:
    seats = [s for s in view["seats"] if s["seat"] != view["seat"]]
    return (any(s["hand_count"] and s["bag_count"] for s in seats) or view["offering"]["deck"] > 1)


GAMES = [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)]


def test_the_sampled_world_shows_the_seat_its_view_and_is_a_legal_game() -> None:
    phases = set()
    for players, seed in GAMES:
        for m in positions(players, seed, every=9):
            for seat in range(players):
                view = m.view(seat)
                phases.add(view["phase"])
                world = determinize(view, seat, Rng(seed * 100 + seat))
                assert RULES.view(world, seat) == view
                check(Match(RULES, world, players, {}, 0))  # every component in exactly one place
                assert RULES.to_act(world) == m.to_act()
                for s in RULES.to_act(world):
                    assert len(RULES.legal_moves(world, s)) > 0
                if seat in m.to_act():  # its own moves are the real ones
                    assert RULES.legal_moves(world, seat) == m.legal_moves(seat)
    assert phases == {"stargazing", "wood_ash", "action", "final", "over"}


def test_every_component_is_used_once() -> None:
    m = positions(3, 7, every=40)[2]
    world = determinize(m.view(1), 1, Rng(5))
    for s in world.seats:
        placed = [t[0] for t in s.board.tile if t is not None]
        assert sorted(s.hand + s.bag + placed + s.set_aside) == sorted(TILE_IDS)
    rewards = [t for p in world.piles for t in p] + world.rewards_discarded + world.rewards_unused
    assert sorted(rewards) == sorted(REWARDS)
    cards = [world.offer_card] + world.offer_deck + world.offer_discard
    assert sorted(c for c in cards if c) == sorted(OFFER_CARDS)


def test_discarded_reward_tokens_were_worth_at_least_the_pile_top() -> None:
    for m in positions(2, 8, every=30):
        view = m.view(0)
        world = determinize(view, 0, Rng(3))
        for tid in world.rewards_discarded:
            pile, value = REWARDS[tid]
            tops = view["rewards"][pile]["tokens"]
            assert not tops or value >= tops[0]


def test_the_seats_own_secrets_are_kept_and_others_are_sampled() -> None:
    m = positions(3, 9, every=25)[1]
    true = m._state
    view = m.view(2)
    a = determinize(view, 2, Rng(1))
    b = determinize(view, 2, Rng(2))
    assert a.seats[2].hand == true.seats[2].hand and a.seats[2].bag == true.seats[2].bag
    assert has_secret(view)
    assert hidden(a, 2) != hidden(b, 2)
    assert a.rng.state != b.rng.state


def test_other_seats_hands_are_spread_over_their_unplaced_tiles() -> None:
    m = positions(2, 10, every=1)[0]  # round 1: three tiles drawn from 38
    seen = set()
    for k in range(30):
        seen.update(determinize(m.view(0), 0, Rng(k)).seats[1].hand)
    assert len(seen) > 20


def test_the_sample_depends_only_on_the_view_seat_and_rng() -> None:
    for m in positions(4, 11, every=50):
        for seat in (0, 3):
            view = m.view(seat)
            first = determinize(view, seat, Rng(42))
            # a different true world with the same view gives the same sample
            other = Match(RULES, determinize(view, seat, Rng(7)), 4, {}, 0)
            assert other.view(seat) == view
            again = determinize(json.loads(json.dumps(other.view(seat))), seat, Rng(42))
            assert RULES.to_json(first) == RULES.to_json(again)


def test_a_sampled_world_plays_on_to_the_end() -> None:
    m = positions(3, 12, every=60)[1]
    world = determinize(m.view(0), 0, Rng(9))
    rng = Rng(4)
    steps = 0
    while not RULES.is_over(world):
        seats = RULES.to_act(world)
        seat = seats[rng.below(len(seats))]
        moves = RULES.legal_moves(world, seat)
        RULES.apply(world, seat, moves[rng.below(len(moves))])
        steps += 1
        assert steps < 3000
    assert RULES.result(world)["round"] == 8
