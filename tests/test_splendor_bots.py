"""Bots at Splendor decide from their own seat's view and legal moves only, and play whole
games. (Every bot's moves are listed moves in every game: tests/test_contract.py.)"""

import json

import engine
from engine.bots import BOTS, choose_move
from engine.rng import Rng


class RecordingMatch:
    """Wraps a match and records exactly what a bot is shown."""

    def __init__(self, match):
        self.match = match
        self.shown = []

    def __getattr__(self, name):
        return getattr(self.match, name)

    def view(self, seat):
        view = self.match.view(seat)
        self.shown.append(json.dumps(view))
        return view

    def legal_moves(self, seat):
        moves = self.match.legal_moves(seat)
        self.shown.append(json.dumps(moves))
        return moves


def test_a_bot_is_shown_only_its_own_view_and_moves_never_a_hidden_card_of_another_seat():
    match = engine.new_match("splendor", 2, seed=3)
    match.play(0, {"type": "reserve", "tier": 3})  # seat 0 reserves a hidden card
    hidden = match._state.seats[0].reserved[0][0]
    for bot in BOTS:
        recorder = RecordingMatch(match)
        choose_move(recorder, 1, bot)
        assert recorder.shown and all(f'"{hidden}"' not in shown for shown in recorder.shown)
        assert all('"seat": 1' in s for s in recorder.shown if s.startswith('{'))


def test_bot_functions_take_a_view_and_moves_not_a_state():
    match = engine.new_match("splendor", 2, seed=4)
    view, moves = match.view(0), match.legal_moves(0)
    for choose in BOTS.values():
        assert choose(view, moves, Rng(1)) in moves


def test_bots_play_complete_games_with_only_legal_moves():
    for seed, bots in enumerate([("greedy", "greedy"), ("random", "greedy", "random"), ("greedy",) * 4]):
        match = engine.new_match("splendor", len(bots), seed=seed)
        for _ in range(3000):
            if match.is_over():
                break
            (seat,) = match.to_act()
            match.play(seat, choose_move(match, seat, bots[seat]))
        assert match.is_over()


def test_greedy_beats_random_most_of_the_time():
    greedy_wins = 0
    for seed in range(20):
        match = engine.new_match("splendor", 2, seed=seed)
        greedy_seat = seed % 2
        while not match.is_over():
            (seat,) = match.to_act()
            match.play(seat, choose_move(match, seat, "greedy" if seat == greedy_seat else "random"))
        greedy_wins += match.result()["winners"] == [greedy_seat]
    assert greedy_wins >= 16


def test_the_same_position_gives_the_same_bot_move():
    a = engine.new_match("splendor", 3, seed=8)
    b = engine.new_match("splendor", 3, seed=8)
    assert choose_move(a, 0, "random") == choose_move(b, 0, "random")
