"""Random games: after every move the components are all accounted for and the rules hold.

2,000 games of 2–4 seats, each move picked uniformly from `legal_moves`. Checked after
every move: tokens and gold conserved; each of the 90 cards in exactly one place; every
noble in one place; nobody above 10 tokens when a turn ends; the game ends. A sample of
games also checks that cards reserved from a deck never appear in another seat's view or
the public view.
"""

import json
import random

import pytest

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
        totals = [a + b for a, b in zip(totals, seat.tokens)]
    assert totals == [gems] * 5 + [gold], "tokens and gold are conserved"
    places = [cid for deck in state.decks for cid in deck]
    places += [cid for row in state.market for cid in row if cid]
    for seat in state.seats:
        places += seat.cards + [r[0] for r in seat.reserved]
        assert len(seat.reserved) <= 3
    assert sorted(places) == sorted(CARDS), "each card is in exactly one place"
    nobles = state.nobles + [n for seat in state.seats for n in seat.nobles]
    assert len(nobles) == len(set(nobles)) == nobles_shown


def check_hidden_cards(match):
    state = match._state
    for owner, seat in enumerate(state.seats):
        for cid, hidden in seat.reserved:
            if not hidden:
                continue
            for viewer in [None] + [i for i in range(state.players) if i != owner]:
                assert f'"{cid}"' not in json.dumps(match.view(viewer)), "a deck-reserved card leaked"
            assert f'"{cid}"' in json.dumps(match.view(owner))


def play_random_game(seed, check_views):
    rng = random.Random(seed)
    match = engine.new_match("splendor", 2 + seed % 3, seed=seed)
    steps = 0
    while not match.is_over():
        (seat,) = match.to_act()
        moves = match.legal_moves(seat)
        assert moves, "a seat that must act always has a move (pass at least)"
        match.play(seat, moves[rng.randrange(len(moves))])
        steps += 1
        assert steps < MAX_STEPS, "the game ends"
        check_components(match)
        if match.to_act() != [seat] and not match.is_over():
            assert sum(match._state.seats[seat].tokens) <= 10, "nobody holds more than 10 when a turn ends"
        if check_views:
            check_hidden_cards(match)
    result = match.result()
    assert max(result["scores"]) >= 15 or match._state.passes >= match.players
    return steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_component_accounted_for(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_random_game(seed, check_views=seed % 20 == 0)
