"""A game is its options, seed and move log: replaying them gives the same state."""

import json
import random

import engine
from engine.rng import Rng

GOLDEN_SHUFFLE = [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
GOLDEN_MARKET = [["1-22", "1-39", "1-18", "1-15"], ["2-25", "2-23", "2-22", "2-16"], ["3-15", "3-03", "3-17", "3-06"]]


def random_game(seed, players, steps=None):
    rng = random.Random(seed)
    match = engine.new_match("splendor", players, seed=seed)
    n = 0
    while not match.is_over() and (steps is None or n < steps):
        (seat,) = match.to_act()
        moves = match.legal_moves(seat)
        match.play(seat, moves[rng.randrange(len(moves))])
        n += 1
    return match


def test_the_same_seed_deals_the_same_game():
    assert engine.new_match("splendor", 4, seed=99).snapshot() == engine.new_match("splendor", 4, seed=99).snapshot()


def test_different_seeds_deal_different_games():
    assert engine.new_match("splendor", 2, seed=1).view(None)["market"] != engine.new_match("splendor", 2, seed=2).view(None)["market"]


def test_replaying_options_seed_and_log_reproduces_the_snapshot_byte_for_byte():
    for seed in range(20):
        match = random_game(seed, 2 + seed % 3)
        snap = match.snapshot()
        again = engine.replay(snap["game"], snap["players"], snap["options"], snap["seed"], snap["log"])
        assert json.dumps(again.snapshot(), sort_keys=True) == json.dumps(snap, sort_keys=True)


def test_the_generator_is_fixed_so_every_python_gives_the_same_numbers():
    rng = Rng(12345)
    assert [rng.next64() for _ in range(3)] == [
        2454886589211414944, 3778200017661327597, 2205171434679333405]
    deck = list(range(10))
    Rng(7).shuffle(deck)
    assert deck == GOLDEN_SHUFFLE


def test_a_known_seed_deals_a_known_market():
    # Frozen so that a change of dealing (which would break saved games) is noticed.
    market = [[c["id"] for c in row] for row in engine.new_match("splendor", 2, seed=2024).view(None)["market"]]
    assert market == GOLDEN_MARKET
