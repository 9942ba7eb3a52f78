"""Issue 18: `Match.play` takes a shortcut for the very move object it listed, and only then.

The shortcut skips the shape, type and turn checks; these tests pin down that a move which
is merely equal, or listed for another state, still gets every check and its refusal.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import engine


def _take_move(match: engine.Match, seat: int) -> dict[str, Any]:
    return next(m for m in match.legal_moves(seat) if m["type"] == "take")


def test_the_listed_move_object_is_applied_and_the_log_hands_out_a_copy() -> None:
    match = engine.new_match("splendor", 2, seed=3)
    move = _take_move(match, 0)
    match.play(0, move)
    logged = match.log[0][1]
    assert logged == move
    assert logged is not move
    assert match.to_act() == [1]


def test_an_equal_copy_of_a_listed_move_is_accepted_too() -> None:
    match = engine.new_match("splendor", 2, seed=3)
    match.play(0, copy.deepcopy(_take_move(match, 0)))
    assert match.to_act() == [1]


def test_an_equal_move_with_other_json_types_is_still_refused() -> None:
    match = engine.new_match("splendor", 2, seed=3)
    move = copy.deepcopy(_take_move(match, 0))
    colour = next(iter(move["gems"]))
    move["gems"][colour] = True  # == 1 in Python, but not the integer the rules listed
    before = match.snapshot()
    with pytest.raises(engine.IllegalMove):
        match.play(0, move)
    assert match.snapshot() == before


def test_a_move_listed_before_the_last_play_gets_every_check_again() -> None:
    match = engine.new_match("splendor", 2, seed=3)
    stale = match.legal_moves(0)
    match.play(0, stale[0])
    with pytest.raises(engine.IllegalMove, match="not seat 0's turn"):
        match.play(0, stale[1])


def test_a_move_listed_for_one_seat_is_refused_for_another() -> None:
    match = engine.new_match("splendor", 2, seed=3)
    move = match.legal_moves(0)[0]
    match.legal_moves(1)  # empty: seat 1 may not act
    with pytest.raises(engine.IllegalMove, match="not seat 1's turn"):
        match.play(1, move)


def test_a_listed_stardust_move_of_a_seat_not_waited_on_is_still_accepted() -> None:
    # Stars lets a seat spend stardust out of turn: a seat in to_act but not in waiting_for
    for seed in range(40):
        match = engine.new_match("stars", 3, seed=seed)
        for _ in range(400):
            if match.is_over():
                break
            extra = [s for s in match.to_act() if s not in match.waiting_for()]
            if extra:
                seat = extra[0]
                move = next(m for m in match.legal_moves(seat) if m["type"] == "stardust")
                match.play(seat, move)
                assert match.log[-1] == [seat, move]
                return
            seat = match.waiting_for()[0]
            match.play(seat, match.legal_moves(seat)[0])
    pytest.skip("no out-of-turn stardust met in these games")


GAMES_TO_WALK = [("splendor", {}), ("splendor", {"trading_posts": True, "strongholds": True}),
                 ("guild", {}), ("station", {}), ("stars", {})]


@pytest.mark.parametrize(("game", "options"), GAMES_TO_WALK)
def test_no_game_changes_the_listed_move_it_applies(game: str, options: dict[str, Any]) -> None:
    # the log keeps the listed object itself (no copy), so applying it must leave it as listed
    for players in (2, 4):
        match = engine.new_match(game, players, options, seed=players)
        rng = random.Random(players)
        for _ in range(400):
            if match.is_over():
                break
            seat = match.to_act()[0]
            move = rng.choice(match.legal_moves(seat))
            before = copy.deepcopy(move)
            match.play(seat, move)
            assert move == before
            assert match.log[-1][1] == before


def test_a_played_copy_changed_afterwards_does_not_change_the_log() -> None:
    match = engine.new_match("station", 2, seed=5)
    mine = copy.deepcopy(match.legal_moves(0)[0])
    match.play(0, mine)
    mine["type"] = "hack"
    assert match.log[0][1]["type"] != "hack"
    assert engine.restore(match.snapshot()).log == match.log
