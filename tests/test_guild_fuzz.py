"""Random Starlight Guild games: every component accounted for after every move.

2,000 games of 2–4 seats, each move picked uniformly from `legal_moves` (tests/random_play.py). Checked after
every move: gems and star sand conserved; each of the 90 workshops in exactly one place;
commissions in one place; no pouch above 9 when a turn ends; the game ends by round 40.
What every game owes is checked by tests/test_contract.py.
"""

import random

import pytest
from random_play import play_randomly

import engine
from engine.games.gems.cards import CARDS, TOKEN_COUNTS
from engine.games.guild.setup import STAR_SAND

GAMES = 2000
CHUNKS = 8


def check_components(match):
    state = match._state
    gems, _gold, shown = TOKEN_COUNTS[state.players]
    totals = state.supply[:]
    for seat in state.seats:
        assert min(seat.pouch) >= 0
        totals = [a + b for a, b in zip(totals, seat.pouch, strict=True)]
    assert totals == [gems] * 5 + [STAR_SAND], "gems and star sand are conserved"
    places = [cid for deck in state.decks for cid in deck]
    places += [cid for row in state.market for cid in row if cid]
    for seat in state.seats:
        assert len(seat.reserved) <= 2
        places += seat.workshops + seat.reserved
    assert sorted(places) == sorted(CARDS), "each workshop is in exactly one place"
    claimed = [c for seat in state.seats for c in seat.commissions]
    assert len(set(claimed + state.commissions)) == len(claimed) + len(state.commissions) == shown
    assert state.round <= 40


def play_random_game(seed):
    rng = random.Random(seed)
    match = engine.new_match("guild", 2 + seed % 3, seed=seed)

    def check(seat, moves, move, events):
        assert len(match.to_act()) <= 1, "one seat acts at a time"
        assert {"type": "pass"} in moves or moves[0]["type"] == "return"
        check_components(match)
        if match.to_act() != [seat] and not match.is_over():
            assert sum(match._state.seats[seat].pouch) <= 9, "no pouch above 9 when a turn ends"

    play_randomly(match, rng, check)
    result = match.result()
    assert max(result["scores"]) >= 16 or result["round"] == 40
    return result


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_component_accounted_for(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_random_game(seed)


def test_seats_that_always_pass_reach_the_forty_round_limit():
    match = engine.new_match("guild", 3, seed=1)
    turns = 0
    while not match.is_over():
        (seat,) = match.to_act()
        match.play(seat, {"type": "pass"})
        turns += 1
    assert turns == 40 * 3
    assert match.result() == {"scores": [0, 0, 0], "winners": [0, 1, 2], "workshops": [0, 0, 0],
                              "round": 40, "decided_by": "shared"}
