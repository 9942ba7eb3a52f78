"""Bots play `stars` from their own seat's view and legal moves only, and play whole games."""

import json

from stars_positions import new, play, put, set_hand, state

import engine
from engine.bots import BOTS, choose_move, greedy_stars
from engine.rng import Rng


def bot_game(seed, bots):
    """The seats the game waits on move (the first of them each time)."""
    m = engine.new_match("stars", len(bots), seed=seed)
    steps = 0
    while not m.is_over():
        seat = m.view(None)["waiting_for"][0]
        m.play(seat, choose_move(m, seat, bots[seat]))
        steps += 1
        assert steps < 3000
    return m


def test_bot_functions_take_a_view_and_moves_and_return_one_of_the_moves():
    m = new(3)
    for choose in BOTS.values():
        for seat in range(3):
            assert choose(m.view(seat), m.legal_moves(seat), Rng(1)) in m.legal_moves(seat)


def test_bots_play_complete_games_with_only_legal_moves():
    for seed, bots in enumerate([("greedy", "greedy"), ("random", "greedy", "random"), ("greedy",) * 4]):
        m = bot_game(seed, bots)
        assert m.result()["round"] == 8


def test_greedy_beats_random_most_of_the_time():
    wins = 0
    for seed in range(10):
        bots = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        m = bot_game(100 + seed, bots)
        wins += m.result()["winners"] == [bots.index("greedy")]
    assert wins >= 9


def test_a_bot_is_shown_only_its_own_seats_view():
    m = new(2)
    hidden = state(m).seats[0].hand
    shown = []

    class Recorder:
        def __getattr__(self, name):
            return getattr(m, name)

        def view(self, seat):
            v = m.view(seat)
            shown.append(json.dumps(v))
            return v

        def legal_moves(self, seat):
            moves = m.legal_moves(seat)
            shown.append(json.dumps(moves))
            return moves

    for bot in BOTS:
        choose_move(Recorder(), 1, bot)
    assert shown and all('"seat": 1' in s for s in shown if s.startswith("{"))
    own_hand = [t["id"] for t in m.view(0)["seats"][0]["hand"]]
    assert own_hand == hidden
    for s in shown:
        if s.startswith("{"):
            assert '"hand": [' not in json.dumps(json.loads(s)["seats"][0])


def test_greedy_takes_a_constellation_when_it_can():
    m = new(2)
    put(m, 0, 0, 0, "T01", rot=0)
    put(m, 0, 1, 0, "T02", rot=2)
    set_hand(m, 0, ["T12", "T34", "T36"])
    move = choose_move(m, 0, "greedy")
    assert move == {"type": "place", "tile": "T12", "side": "B", "rotation": 4, "cell": [0, 1]}
    play(m, 0, move)
    assert state(m).seats[0].points["constellations"] > 0


def test_the_greedy_styles_all_play_legal_games():
    for k, style in enumerate(greedy_stars.STYLES):
        m = engine.new_match("stars", 2, seed=k)
        while not m.is_over():
            seat = m.view(None)["waiting_for"][0]
            move = greedy_stars.choose(m.view(seat), m.legal_moves(seat), Rng(k), style)
            m.play(seat, move)
        assert m.result()["round"] == 8


def test_the_same_position_gives_the_same_bot_move():
    a, b = new(3, 8), new(3, 8)
    for bot in BOTS:
        assert choose_move(a, 1, bot) == choose_move(b, 1, bot)
