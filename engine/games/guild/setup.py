"""Setting up Starlight Guild: gem piles 4/5/7, 5 star sand, players+1 commissions."""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..gems.cards import NOBLES, TOKEN_COUNTS
from ..gems.market import deal
from .state import GuildState

STAR_SAND = 5


def setup(players: int, options: dict[str, Any], rng: Rng) -> GuildState:
    """The starting state; commissions lie in table order as dealt."""
    state = GuildState(players, options, rng)
    gems, _gold, shown = TOKEN_COUNTS[players]
    state.supply = [gems] * 5 + [STAR_SAND]
    state.decks, state.market = deal(rng)
    commissions = list(NOBLES)
    rng.shuffle(commissions)
    state.commissions = commissions[:shown]
    return state
