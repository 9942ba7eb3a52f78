"""The final result: highest prestige, then fewest purchased cards, then a shared victory."""

from __future__ import annotations

from typing import Any

from ..gems.scoring import rank
from .state import SplendorState


def result(state: SplendorState) -> dict[str, Any] | None:
    """``{"scores", "winners", "purchased", "decided_by"}`` once the game has ended."""
    if not state.ended:
        return None
    scores = [s.prestige for s in state.seats]
    purchased = [len(s.cards) for s in state.seats]
    winners, decided = rank(scores, purchased)
    decided_by = {"points": "prestige", "fewer cards": "fewest cards"}.get(decided, decided)
    return {"scores": scores, "winners": winners, "purchased": purchased, "decided_by": decided_by}
