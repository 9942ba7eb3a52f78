"""The levels a player picks (easy, normal, hard) and the budget arguments of choose_move."""

import pytest

import engine
from engine.bots import BOTS, LEVELS, choose_move, view_rng
from engine.rng import Rng

GAMES = ("splendor", "guild", "stars", "station")


def test_every_level_a_player_can_pick_is_a_bot_and_random_and_greedy_stay() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    for name in (*LEVELS, "random", "greedy"):
        assert name in BOTS


@pytest.mark.parametrize("game", GAMES)
def test_easy_plays_a_whole_game_with_legal_moves_only(game: str) -> None:
    match = engine.new_match(game, 2, seed=11)
    for _ in range(3000):
        if match.is_over():
            break
        seat = match.waiting_for()[0]
        move = choose_move(match, seat, "easy")
        assert move in match.legal_moves(seat)
        match.play(seat, move)
    assert match.is_over()


def test_easy_sometimes_differs_from_normal_but_normal_is_greedy() -> None:
    match = engine.new_match("splendor", 2, seed=5)
    view, moves = match.view(0), match.legal_moves(0)
    easy = {repr(BOTS["easy"](view, moves, Rng(k))) for k in range(40)}
    normal = {repr(BOTS["normal"](view, moves, Rng(k))) for k in range(40)}
    assert normal == {repr(BOTS["greedy"](view, moves, Rng(k))) for k in range(40)}
    assert len(easy) > len(normal)


def test_a_bad_budget_is_refused_with_a_reason() -> None:
    match = engine.new_match("splendor", 2, seed=1)
    with pytest.raises(ValueError, match="think_ms"):
        choose_move(match, 0, "normal", think_ms=0)
    with pytest.raises(ValueError, match="iterations"):
        choose_move(match, 0, "normal", iterations=0)
    with pytest.raises(ValueError, match="unknown bot"):
        choose_move(match, 0, "genius")


def test_every_bot_accepts_a_budget_and_with_iterations_and_an_rng_is_deterministic() -> None:
    match = engine.new_match("guild", 3, seed=2)
    for bot in BOTS:
        first = choose_move(match, 0, bot, rng=Rng(9), iterations=8)
        assert first in match.legal_moves(0)
        assert choose_move(match, 0, bot, rng=Rng(9), iterations=8) == first


def test_the_default_generator_comes_from_the_view_not_the_seed() -> None:
    # two matches with different seeds whose seat-0 views agree get the same generator
    a, b = engine.new_match("splendor", 2, seed=1), engine.new_match("splendor", 2, seed=1)
    assert view_rng(a.view(0), 0, 0).state == view_rng(b.view(0), 0, 0).state
    assert view_rng(a.view(0), 0, 0).state != view_rng(a.view(1), 1, 0).state



def test_no_computer_cancels_a_scouting_path_while_it_can_step_on() -> None:
    # cancelling returns to the position before the scout, where the same choice starts the same
    # path again: in this four-seat Stars game (bench/bots.py's hard-4 pairing, seed 5002) the hard
    # seat once scouted and cancelled for ever from its 257th move on
    match = engine.new_match("stars", 4, seed=5002)
    checked = 0
    while not match.is_over() and len(match.log) < 262:
        seat = match.waiting_for()[0]
        bot = "hard" if seat == 2 else "normal"
        rng = Rng(5002 * 1_000_003 + len(match.log) * 7919 + seat)
        move = choose_move(match, seat, bot, rng=rng, iterations=60 if bot == "hard" else None)
        if len(match.legal_moves(seat)) > 1 and {"type": "scout_cancel"} in match.legal_moves(seat):
            assert move["type"] != "scout_cancel"
            checked += 1
        match.play(seat, move)
    assert checked
