"""A known Splendor seed deals a known market. (That every game is its options, seed and move
log — replaying them gives the same snapshot byte for byte, for every option combination and
seat count — and the generator's fixed numbers: tests/test_contract.py.)"""

import engine

GOLDEN_MARKET = [["1-22", "1-39", "1-18", "1-15"], ["2-25", "2-23", "2-22", "2-16"], ["3-15", "3-03", "3-17", "3-06"]]


def test_a_known_seed_deals_a_known_market():
    # Frozen so that a change of dealing (which would break saved games) is noticed.
    market = [[c["id"] for c in row] for row in engine.new_match("splendor", 2, seed=2024).view(None)["market"]]
    assert market == GOLDEN_MARKET
