"""The final result: highest score, then fewer workshops, then a shared victory."""

from __future__ import annotations

from typing import Any

from ..gems.scoring import rank
from .state import GuildState


def result(state: GuildState) -> dict[str, Any] | None:
    """``{"scores", "winners", "workshops", "decided_by"}`` once the game has ended."""
    if not state.ended:
        return None
    scores = [s.points for s in state.seats]
    workshops = [len(s.workshops) for s in state.seats]
    winners, decided = rank(scores, workshops)
    decided_by = {"points": "score", "fewer cards": "fewer workshops"}.get(decided, decided)
    return {"scores": scores, "winners": winners, "workshops": workshops,
            "round": state.round, "decided_by": decided_by}
