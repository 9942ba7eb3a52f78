"""The end of the game: Shield, and the result (most Renown wins; ties share victory).

Ruling: Shield and the Final Storm are scored after the last round; renown from Synergy and
Storms is scored as it happens.
"""

from __future__ import annotations

from typing import Any

from .state import StationState
from .station import shield


def score_shield(state: StationState) -> list[dict[str, Any]]:
    """Each seat's Shield renown (Dry Dock modules never count: only the station is read)."""
    out = []
    for i, seat in enumerate(state.seats):
        renown, lanes = shield(seat.grid)
        seat.renown_shield = renown
        seat.shield_lanes = lanes
        out.append({"seat": i, "renown": renown, "lanes": lanes})
    return out


def result(state: StationState) -> dict[str, Any] | None:
    """``{"scores", "winners", "decided_by", "renown", ...}`` once the game has ended."""
    if not state.ended:
        return None
    scores = [s.renown for s in state.seats]
    best = max(scores)
    winners = [i for i, p in enumerate(scores) if p == best]
    return {
        "scores": scores,
        "winners": winners,
        "decided_by": "renown" if len(winners) == 1 else "shared",
        "renown": [{"synergy": s.renown_synergy, "storms": s.renown_storms, "shield": s.renown_shield}
                   for s in state.seats],
        "purchases": state.purchases,
        "round": state.round,
    }
