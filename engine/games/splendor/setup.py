"""Setting up a Splendor game: shuffled decks, four cards a tier, nobles, the bank."""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..gems.cards import NOBLES, TOKEN_COUNTS
from ..gems.market import deal
from .state import SplendorState
from .strongholds import PER_SEAT


def setup(players: int, options: dict[str, Any], rng: Rng) -> SplendorState:
    """The starting state: 4/5/7 gems of each colour and 5 gold, players+1 nobles."""
    state = SplendorState(players, options, rng)
    gems, gold, nobles_shown = TOKEN_COUNTS[players]
    state.bank = [gems] * 5 + [gold]
    state.decks, state.market = deal(rng)
    nobles = list(NOBLES)
    rng.shuffle(nobles)
    state.nobles = nobles[:nobles_shown]
    if options.get("strongholds"):
        for seat in state.seats:
            seat.strongholds = PER_SEAT
    return state
