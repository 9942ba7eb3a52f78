"""Setting up `stars` (rulebook "Setup"), every random step from the seeded generator.

In this order: the elders' order behind the Girl; each seat's four bonus tokens on its four
corners; players-many connection-reward tokens from each pile, highest on top; the offering
cards shuffled, one face up; then round 1 starts and every seat draws three tiles.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from . import stargazing
from .board import CORNER_NAMES
from .components import (
    ASH,
    BONUS_TOKENS,
    FORAGE,
    GIRL_START,
    LIGHT_PER_COLOUR,
    OFFER_CARDS,
    READY_VILLAGERS,
    REWARDS,
    STARDUST,
    START_LIGHT,
    TILE_IDS,
    VILLAGERS,
)
from .state import ON_BONUS, READY, Seat, StarsState


def setup(players: int, options: dict[str, Any], rng: Rng, events: list[dict[str, Any]] | None = None) -> StarsState:
    state = StarsState(players, options, rng)
    state.supply_light = [LIGHT_PER_COLOUR - START_LIGHT[c] * players for c in range(3)]
    state.supply_stardust = STARDUST
    state.ash_bag = sorted(ASH)
    state.girl = GIRL_START
    order = list(range(players))
    rng.shuffle(order)
    state.elders = [0] * players
    for place, seat in enumerate(order):
        state.elders[seat] = GIRL_START - 1 - place
    for _ in range(players):
        s = Seat()
        s.light = list(START_LIGHT)
        s.villagers = [READY] * READY_VILLAGERS + [ON_BONUS] * (VILLAGERS - READY_VILLAGERS)
        s.bag = sorted(TILE_IDS)
        tokens = list(BONUS_TOKENS)
        rng.shuffle(tokens)
        s.board.bonus = dict(zip(CORNER_NAMES, tokens, strict=True))
        state.seats.append(s)
    for p in range(4):
        ids = sorted(t for t, (pile, _v) in REWARDS.items() if pile == p)
        rng.shuffle(ids)
        chosen = sorted(ids[:players], key=lambda t: (-REWARDS[t][1], t))
        state.piles[p] = chosen
        state.rewards_unused += sorted(ids[players:])
    deck = sorted(OFFER_CARDS)
    rng.shuffle(deck)
    state.offer_card = deck.pop(0)
    state.offer_filled = [False] * len(OFFER_CARDS[state.offer_card])
    state.offer_deck = deck
    state.forage = {fid: players for fid in FORAGE}
    stargazing.begin(state, events if events is not None else [])
    return state
