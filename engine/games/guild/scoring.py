"""The final result: highest score, then fewer workshops, then a shared victory."""

from __future__ import annotations

from typing import Any

from .state import GuildState


def result(state: GuildState) -> dict[str, Any] | None:
    """``{"scores", "winners", "workshops", "decided_by"}`` once the game has ended."""
    if not state.ended:
        return None
    scores = [s.points for s in state.seats]
    workshops = [len(s.workshops) for s in state.seats]
    best = max(scores)
    leaders = [i for i, p in enumerate(scores) if p == best]
    fewest = min(workshops[i] for i in leaders)
    winners = [i for i in leaders if workshops[i] == fewest]
    if len(leaders) == 1:
        decided_by = "score"
    elif len(winners) == 1:
        decided_by = "fewer workshops"
    else:
        decided_by = "shared"
    return {"scores": scores, "winners": winners, "workshops": workshops,
            "round": state.round, "decided_by": decided_by}
