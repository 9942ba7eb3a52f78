"""Random Splendor games with the modules: 2,000 games for every combination of modules on.

Checked after every move: tokens and gold conserved; each of the 90 cards in exactly one
place (a card drawn for Trading Post 4 counts while it waits); each seat's 3 strongholds
in its supply or on market cards, never two seats on one card; nobody above 10 tokens when
a turn ends; prestige equals cards + nobles + Trading Post 5; the game ends. In one game in
20, after every move: no card reserved from a deck (or drawn for post 4) in another seat's
view, the public view or the events (tests/test_contract.py checks redaction for every option
combination at sampled positions; this sentinel search is the expensive part of the file).
"""

import json
import random

import pytest
from random_play import play_randomly

import engine
from engine.games.gems.cards import CARDS, NOBLES, TOKEN_COUNTS
from engine.games.gems.market import face_up

COMBINATIONS = [
    {"trading_posts": True, "strongholds": False},
    {"trading_posts": False, "strongholds": True},
    {"trading_posts": True, "strongholds": True},
]
GAMES = 2000
CHUNKS = 4
MAX_STEPS = 5000
PRIVACY_EVERY = 20  # every 20th game checks every view after every move


def hidden_cards(state):
    """Card ids that only one seat may see: deck reservations and post 4's drawn pair."""
    out = {}
    for owner, seat in enumerate(state.seats):
        for cid, hidden in seat.reserved:
            if hidden:
                out[cid] = owner
    if state.phase == "keep":
        for cid in state.pending["keep"]["cards"]:
            out[cid] = state.current
    return out


def check(match):
    state = match._state
    gems, gold, _ = TOKEN_COUNTS[state.players]
    totals = state.bank[:]
    for seat in state.seats:
        assert min(seat.tokens) >= 0
        totals = [a + b for a, b in zip(totals, seat.tokens, strict=True)]
    assert totals == [gems] * 5 + [gold], "tokens and gold are conserved"
    places = [cid for deck in state.decks for cid in deck] + face_up(state.market)
    for seat in state.seats:
        places += seat.cards + [r[0] for r in seat.reserved]
    if state.phase == "keep":
        places += state.pending["keep"]["cards"]
    assert sorted(places) == sorted(CARDS), "each card is in exactly one place"
    on_table = [0] * state.players
    for cid, (owner, count) in state.strongholds.items():
        assert cid in face_up(state.market), "strongholds stand only on face-up market cards"
        assert 1 <= count <= 3
        on_table[owner] += count
    expected = 3 if state.options["strongholds"] else 0
    for i, seat in enumerate(state.seats):
        assert seat.strongholds + on_table[i] == expected, "each seat's strongholds are accounted for"
        points = sum(CARDS[c].points for c in seat.cards) + sum(NOBLES[n].points for n in seat.nobles)
        if 5 in seat.posts:
            points += len(seat.posts)
        assert seat.prestige == points


def check_privacy(match):
    state = match._state
    secret = hidden_cards(state)
    if not secret:
        return
    views = {viewer: json.dumps(match.view(viewer)) for viewer in [None, *range(state.players)]}
    for cid, owner in secret.items():
        for viewer, text in views.items():
            if viewer != owner:
                assert f'"{cid}"' not in text, "a hidden card leaked into another view"


def play(options, seed, privacy):
    rng = random.Random(seed)
    match = engine.new_match("splendor", 2 + seed % 3, options=options, seed=seed)

    def check_move(seat, moves, move, events):
        assert len(match.to_act()) <= 1, "one seat acts at a time"
        check(match)
        if privacy:
            check_privacy(match)
            for cid in hidden_cards(match._state):
                assert f'"{cid}"' not in json.dumps(events), "an event named a hidden card"
        if match.to_act() != [seat] and not match.is_over():
            assert sum(match._state.seats[seat].tokens) <= 10

    play_randomly(match, rng, check_move, max_steps=MAX_STEPS)
    return match


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("options", COMBINATIONS, ids=["posts", "strongholds", "both"])
def test_random_games_with_modules_keep_everything_accounted_for(options, chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play(options, seed, privacy=seed % PRIVACY_EVERY == 0)
