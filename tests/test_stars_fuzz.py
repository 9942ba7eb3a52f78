"""Random games of `stars`: after every move every component is accounted for and every board
is legal (tests/stars_invariants.py), and every game ends after round 8.

1,000 games of 2–4 seats. Each step picks a seat from ``to_act()`` — so seats the game is not
waiting on spend stardust out of turn as often as the others move — and one of its legal moves,
uniformly. Checked after every move: light crystals, stardust, fruit/animal tokens, wood-ash
tokens, connection rewards, offering cards, tiles and villagers conserved; every line of every
tile meets a line, a vacant cell or stardust; the game never stalls (someone the game waits on
always has a move). A sample is replayed from its seed and log, byte for byte.
"""

import json
import random

import pytest
from stars_invariants import check

import engine

GAMES = 1000
CHUNKS = 10
MAX_STEPS = 2000


def play_random_game(seed):
    rng = random.Random(seed)
    match = engine.new_match("stars", 2 + seed % 3, seed=seed)
    check(match)
    steps = 0
    while not match.is_over():
        view = match.view(None) if steps % 50 == 0 else None
        seats = match.to_act()
        assert seats, "a game that is not over always has a seat to act"
        if view is not None:
            assert view["waiting_for"] and view["to_act"] == seats
        seat = seats[rng.randrange(len(seats))]
        moves = match.legal_moves(seat)
        assert moves, f"seat {seat} is listed to act but has no move"
        match.play(seat, moves[rng.randrange(len(moves))])
        check(match)
        steps += 1
        assert steps < MAX_STEPS
    result = match.result()
    assert result["round"] == 8 and match._state.girl == 13
    assert match.to_act() == [] and all(match.legal_moves(s) == [] for s in range(match.players))
    assert result["scores"] == [s.score for s in match._state.seats]
    return match


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_component_accounted_for_and_end_after_round_eight(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        match = play_random_game(seed)
        if seed % 40 == 0:
            snap = match.snapshot()
            again = engine.replay("stars", snap["players"], snap["options"], snap["seed"], snap["log"])
            assert json.dumps(again.snapshot(), sort_keys=True) == json.dumps(snap, sort_keys=True)


def test_the_same_seed_and_log_give_the_same_snapshot_and_a_restored_match_plays_on_alike():
    rng = random.Random(9)
    match = engine.new_match("stars", 4, seed=9)
    halfway = None
    while not match.is_over():
        seat = rng.choice(match.to_act())
        moves = match.legal_moves(seat)
        match.play(seat, moves[rng.randrange(len(moves))])
        if halfway is None and match._state.round == 4:
            halfway = (match.snapshot(), rng.getstate())
    snap, state = halfway
    restored = engine.restore(json.loads(json.dumps(snap)))
    rng.setstate(state)
    while not restored.is_over():
        seat = rng.choice(restored.to_act())
        moves = restored.legal_moves(seat)
        restored.play(seat, moves[rng.randrange(len(moves))])
    assert json.dumps(restored.snapshot(), sort_keys=True) == json.dumps(match.snapshot(), sort_keys=True)
    again = engine.replay("stars", 4, {}, 9, match.log)
    assert json.dumps(again.snapshot(), sort_keys=True) == json.dumps(match.snapshot(), sort_keys=True)


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
