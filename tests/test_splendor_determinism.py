"""A Splendor game is its options, seed and move log: replaying them gives the same state, and
a known seed deals a known market. (Every game's determinism, and the generator's fixed
numbers: tests/test_contract.py.)"""

import json
import random

from random_play import play_randomly

import engine

GOLDEN_MARKET = [["1-22", "1-39", "1-18", "1-15"], ["2-25", "2-23", "2-22", "2-16"], ["3-15", "3-03", "3-17", "3-06"]]


def random_game(seed, players):
    match = engine.new_match("splendor", players, seed=seed)
    play_randomly(match, random.Random(seed))
    return match


def test_replaying_options_seed_and_log_reproduces_the_snapshot_byte_for_byte():
    for seed in range(20):
        match = random_game(seed, 2 + seed % 3)
        snap = match.snapshot()
        again = engine.replay(snap["game"], snap["players"], snap["options"], snap["seed"], snap["log"])
        assert json.dumps(again.snapshot(), sort_keys=True) == json.dumps(snap, sort_keys=True)


def test_a_known_seed_deals_a_known_market():
    # Frozen so that a change of dealing (which would break saved games) is noticed.
    market = [[c["id"] for c in row] for row in engine.new_match("splendor", 2, seed=2024).view(None)["market"]]
    assert market == GOLDEN_MARKET
