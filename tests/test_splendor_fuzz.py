"""Random Splendor games (base game): after every move the components are all accounted for.

2,000 games of 2–4 seats, each move picked uniformly from `legal_moves` (tests/random_play.py).
Checked after every move: one seat acts at a time; tokens and gold conserved; each of the 90
cards in exactly one place; every noble in one place; nobody above 10 tokens when a turn ends;
the game ends. What every game owes — JSON round trips, refusals, replay, hidden cards kept
from the other seats — is checked by tests/test_contract.py.
"""

import random

import pytest
from random_play import play_randomly

import engine
from engine.games.gems.cards import CARDS, TOKEN_COUNTS

GAMES = 2000
CHUNKS = 8
MAX_STEPS = 3000


def check_components(match):
    state = match._state
    gems, gold, nobles_shown = TOKEN_COUNTS[state.players]
    totals = state.bank[:]
    for seat in state.seats:
        assert min(seat.tokens) >= 0
        totals = [a + b for a, b in zip(totals, seat.tokens, strict=True)]
    assert totals == [gems] * 5 + [gold], "tokens and gold are conserved"
    places = [cid for deck in state.decks for cid in deck]
    places += [cid for row in state.market for cid in row if cid]
    for seat in state.seats:
        places += seat.cards + [r[0] for r in seat.reserved]
        assert len(seat.reserved) <= 3
    assert sorted(places) == sorted(CARDS), "each card is in exactly one place"
    nobles = state.nobles + [n for seat in state.seats for n in seat.nobles]
    assert len(nobles) == len(set(nobles)) == nobles_shown


def play_random_game(seed):
    rng = random.Random(seed)
    match = engine.new_match("splendor", 2 + seed % 3, seed=seed)

    def check(seat, moves, move, events):
        assert len(match.to_act()) <= 1, "one seat acts at a time"
        check_components(match)
        if match.to_act() != [seat] and not match.is_over():
            assert sum(match._state.seats[seat].tokens) <= 10, "nobody holds more than 10 when a turn ends"

    steps = play_randomly(match, rng, check, max_steps=MAX_STEPS)
    result = match.result()
    assert max(result["scores"]) >= 15 or match._state.passes >= match.players
    return steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_component_accounted_for(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_random_game(seed)
