"""Random games of `stars`: after every move every component is accounted for and every board
is legal (tests/stars_invariants.py), and every game ends after round 8.

1,000 games of 2–4 seats (tests/random_play.py). Each step picks a seat from ``to_act()`` — so
seats the game is not waiting on spend stardust out of turn as often as the others move — and
one of its legal moves, uniformly. Checked after every move: light crystals, stardust,
fruit/animal tokens, wood-ash tokens, connection rewards, offering cards, tiles and villagers
conserved; every line of every tile meets a line, a vacant cell or stardust; the game never
stalls (someone the game waits on always has a move); the view's ``waiting_for``/``to_act``
are the match's. Replay, restore and the rest every game owes: tests/test_contract.py.
"""

import random

import pytest
from random_play import play_randomly
from stars_invariants import check

import engine

GAMES = 1000
CHUNKS = 10
MAX_STEPS = 2000


def play_random_game(seed):
    rng = random.Random(seed)
    match = engine.new_match("stars", 2 + seed % 3, seed=seed)
    check(match)

    def check_move(seat, moves, move, events):
        check(match)
        if len(match.log) % 50 == 0 and not match.is_over():
            view = match.view(None)
            assert view["waiting_for"] == match.waiting_for() and view["to_act"] == match.to_act()

    play_randomly(match, rng, check_move, max_steps=MAX_STEPS)
    result = match.result()
    assert result["round"] == 8 and match._state.girl == 13
    assert match.to_act() == [] and all(match.legal_moves(s) == [] for s in range(match.players))
    assert result["scores"] == [s.score for s in match._state.seats]
    return match


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_component_accounted_for_and_end_after_round_eight(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_random_game(seed)


def test_a_known_seed_deals_a_known_game():
    # frozen so that a change of dealing or drawing (which would break saved games) is noticed
    m = engine.new_match("stars", 3, seed=2024)
    v = m.view(0)
    assert [s["elder"] for s in v["seats"]] == GOLDEN_ELDERS
    assert [t["id"] for t in v["seats"][0]["hand"]] == GOLDEN_HAND
    assert v["offering"]["card"]["id"] == GOLDEN_CARD


GOLDEN_ELDERS = [4, 3, 5]
GOLDEN_HAND = ["T11", "T14", "T20"]
GOLDEN_CARD = "O3"
