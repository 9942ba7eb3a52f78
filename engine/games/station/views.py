"""What each seat sees (docs/station.md, "View").

Hidden: the order of the module supply and of the credit deck (only their sizes are shown),
and the credits of a seat's opening deal still in its hand, which only their owner sees
(others see how many). Public: the market with its discounts, the displayed credits, the
discard pile (every credit in it was paid face up), the credits of each hand that were taken
face up from the display (`hand_seen`), every station and Dry Dock, Readiness, Renown and its
sources, the Synergy record and the Storms. A player who watched the table knows all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..seat_views import seat_views
from .components import credit_json, module_json
from .market import effective_cost
from .scoring import result
from .state import StationState, _copy
from .station import SECTORS, readiness
from .storms import AWARDS, thresholds


def _market(state: StationState) -> list[dict[str, Any]]:
    out = []
    for b, mid in enumerate(state.berths):
        out.append({"berth": b, "module": module_json(mid) if mid else None, "discount": state.discounts[b],
                    "cost": effective_cost(state, b) if mid else None, "waiting": state.waiting[b]})
    return out


def _seen(hand: list[str], dealt: list[str]) -> list[dict[str, Any]]:
    """The credits of a hand that every seat saw it take, by id (all but the opening deal's)."""
    return [credit_json(c) for c in sorted(hand) if c not in dealt]


def views(state: StationState, viewers: Sequence[int | None]) -> list[dict[str, Any]]:
    """The view of each of ``viewers`` (``None``: the public view), built together (`seat_views`):
    a seat's own entry adds its whole hand."""
    def own(seat: int, entry: dict[str, Any]) -> dict[str, Any]:
        return {**entry, "hand": [credit_json(c) for c in sorted(state.seats[seat].hand)]}
    return seat_views(_public(state), viewers, own)


def _public(state: StationState) -> dict[str, Any]:
    """The public view: what every seat sees (no hand but the credits seen taken)."""
    seats = []
    for i, s in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": i,
            "renown": s.renown,
            "renown_by": {"synergy": s.renown_synergy, "storms": s.renown_storms, "shield": s.renown_shield},
            "station": [[module_json(mid) if mid else None for mid in s.grid[r * SECTORS:(r + 1) * SECTORS]]
                        for r in range(3)],
            "dock": [module_json(mid) for mid in s.dock],
            "hand_count": len(s.hand),
            "hand_seen": _seen(s.hand, s.dealt),
            "readiness": readiness(s.grid),
        }
        if state.ended:
            entry["shield_lanes"] = _copy(s.shield_lanes)
        seats.append(entry)
    first, second = thresholds(state.players)
    return {
        "game": "station",
        "seat": None,
        "players": state.players,
        "options": dict(state.options),
        "turn": {"seat": state.current, "phase": state.phase, "round": state.round,
                 "end_triggered": state.end_triggered},
        "to_act": [] if state.ended else [state.current],
        "purchases": state.purchases,
        "storms_at": [first, second],
        "awards": {name: list(table) for name, table in AWARDS.items()},
        "market": _market(state),
        "supply": len(state.supply),
        "credits": {"display": [credit_json(c) for c in state.display], "deck": len(state.deck),
                    "discard": len(state.discard), "discard_pile": [credit_json(c) for c in state.discard]},
        "seats": seats,
        "synergy": dict(state.synergy),
        "storms": _copy(state.storms),
        "result": result(state),
    }
