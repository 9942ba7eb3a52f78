"""Random station games: every component accounted for after every move, every game ends.

2,000 games of 2–4 seats, each move picked uniformly from `legal_moves` (tests/random_play.py). Checked after every
move: each module (60, or 48 for two) in exactly one place (supply, berth, a station, a Dry
Dock); each credit (72, or 54 for two) in exactly one place (deck, display, discard, a hand);
the acting seat's station legal (support and a corridor route for every module); at most 4
in a Dock, at most 6 displayed, discounts 0–2; the purchase counter and the Storms agree with
the purchases made. At the end: the end was triggered (or a whole round passed with nobody
able to act), the Final Storm was the last, and each seat's renown is its Synergy, Storm and
Shield renown. What every game owes is checked by tests/test_contract.py.
"""

import random

import pytest
from random_play import random_step

import engine
from engine.games.station.components import credit_ids, module_ids
from engine.games.station.station import station_problem
from engine.games.station.storms import thresholds

GAMES = 2000
CHUNKS = 8
MAX_STEPS = 5000

MODULES = {n: sorted(module_ids(n)) for n in (2, 3, 4)}
CREDITS = {n: sorted(credit_ids(n)) for n in (2, 3, 4)}


def check_components(state):
    modules = state.supply + [m for m in state.berths if m]
    credits = state.deck + state.display + state.discard
    for seat in state.seats:
        modules += filter(None, seat.grid)
        modules += seat.dock
        credits += seat.hand
        assert len(seat.dock) <= 4, "the Dry Dock holds at most 4"
    modules.sort()
    credits.sort()
    assert modules == MODULES[state.players], "each module is in exactly one place"
    assert credits == CREDITS[state.players], "each credit is in exactly one place"
    assert len(state.display) <= 6
    assert all(0 <= d <= 2 for d in state.discounts)


def play_random_game(seed):
    rng = random.Random(seed)
    players = 2 + seed % 3
    match = engine.new_match("station", players, seed=seed)
    state = match._state
    first, second = thresholds(players)
    purchases = steps = 0
    while not match.is_over():
        seat, moves, move = random_step(match, rng)
        assert len(match.to_act()) == 1, "one seat acts at a time"
        if move["type"] == "pass":
            assert state.end_triggered or moves == [move], "pass only when nothing else is legal or after the trigger"
        events = match.play(seat, move)
        steps += 1
        assert steps < MAX_STEPS, "the game ends"
        purchases += move["type"] == "purchase"
        check_components(state)
        assert state.purchases == purchases
        if move["type"] in ("purchase", "reconfigure"):
            assert station_problem(state.seats[seat].grid) is None, "the station stays legal"
        if state.phase == "bonus":
            assert events[0]["type"] == "purchase" and events[0]["exact"], "a bonus only after an exact payment"
        else:
            done = [s["storm"] for s in state.storms if s["storm"] != "Final"]
            assert done == ["I", "II"][: (purchases >= first) + (purchases >= second)]
    for seat in state.seats:
        assert station_problem(seat.grid) is None
    assert state.end_triggered or state.passes >= players
    assert state.storms[-1]["storm"] == "Final"
    result = match.result()
    storms = [0] * players
    for record in state.storms:
        for i, a in enumerate(record["awards"]):
            storms[i] += a
    for i, seat in enumerate(state.seats):
        assert result["scores"][i] == seat.renown_synergy + seat.renown_storms + seat.renown_shield
        assert seat.renown_storms == storms[i], "storm renown is the sum of the storm awards"
    assert result["winners"] == [i for i, s in enumerate(result["scores"]) if s == max(result["scores"])]
    return steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_component_accounted_for_and_end(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_random_game(seed)
