"""The final result: highest prestige, then fewest purchased cards, then a shared victory."""

from __future__ import annotations

from typing import Any

from .state import SplendorState


def result(state: SplendorState) -> dict[str, Any] | None:
    """``{"scores", "winners", "purchased", "decided_by"}`` once the game has ended."""
    if not state.ended:
        return None
    scores = [s.prestige for s in state.seats]
    purchased = [len(s.cards) for s in state.seats]
    best = max(scores)
    leaders = [i for i, p in enumerate(scores) if p == best]
    fewest = min(purchased[i] for i in leaders)
    winners = [i for i in leaders if purchased[i] == fewest]
    if len(leaders) == 1:
        decided_by = "prestige"
    elif len(winners) == 1:
        decided_by = "fewest cards"
    else:
        decided_by = "shared"
    return {"scores": scores, "winners": winners, "purchased": purchased, "decided_by": decided_by}
