"""Setting up a station game.

Ruling: 60 modules (48 for two: the twelve marked ``players=3`` are left out) shuffled into
the face-down supply, six of them in the market's berths; 72 credits (54 for two: copy 4 of
each guild/value left out) shuffled into the deck; three dealt to each seat, one at a time
from seat 0 (each seat's ``dealt``, the only credits of a hand no other seat sees); six
displayed face up. Seat 0 takes the first turn.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from .components import credit_ids, module_ids
from .state import BERTHS, DISPLAY, HAND_START, StationState


def setup(players: int, options: dict[str, Any], rng: Rng) -> StationState:
    state = StationState(players, options, rng)
    supply = module_ids(players)
    rng.shuffle(supply)
    state.supply = supply
    for b in range(BERTHS):
        state.berths[b] = supply.pop()
    deck = credit_ids(players)
    rng.shuffle(deck)
    state.deck = deck
    for _ in range(HAND_START):
        for seat in state.seats:
            seat.hand.append(deck.pop())
    for seat in state.seats:
        seat.dealt = sorted(seat.hand)
    for _ in range(DISPLAY):
        state.display.append(deck.pop())
    return state
