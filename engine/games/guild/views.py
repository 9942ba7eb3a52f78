"""What each seat sees. A pouch's colours and a seat's reservations are its owner's alone:
every other seat, the shared screen and the bots see only the pouch total and the number
of reservations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..gems.cards import card_view, noble_view
from ..gems.colors import COLORS, full_counts_json
from ..seat_views import seat_views
from .moves import POUCH_LIMIT, TOKEN_NAMES
from .scoring import result
from .state import RETURN, GuildState
from .turn import ROUND_LIMIT, WINNING_POINTS


def views(state: GuildState, viewers: Sequence[int | None]) -> list[dict[str, Any]]:
    """The view of each of ``viewers`` (``None``: the public view), built together (`seat_views`):
    a seat's own entry adds its pouch and reserved cards."""
    def own(seat: int, entry: dict[str, Any]) -> dict[str, Any]:
        s = state.seats[seat]
        return {**entry, "pouch": full_counts_json(s.pouch, TOKEN_NAMES),
                "reserved": [card_view(cid) for cid in s.reserved]}
    return seat_views(_public(state), viewers, own)


def _public(state: GuildState) -> dict[str, Any]:
    """The public view: what every seat sees (no pouch's colours, no reserved card)."""
    seats = []
    for i, s in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": i,
            "pouch_total": sum(s.pouch),
            "reserved_count": len(s.reserved),
            "bonuses": full_counts_json(s.bonuses, COLORS),
            "points": s.points,
            "workshops": [card_view(cid) for cid in s.workshops],
            "commissions": [noble_view(nid) for nid in s.commissions],
        }
        seats.append(entry)
    must_return = 0
    if state.phase == RETURN:
        must_return = sum(state.seats[state.current].pouch) - POUCH_LIMIT
    return {
        "game": "guild",
        "seat": None,
        "players": state.players,
        "options": dict(state.options),
        "turn": {"seat": state.current, "phase": state.phase, "round": state.round,
                 "final_round": state.final_round, "must_return": must_return},
        "limits": {"rounds": ROUND_LIMIT, "pouch": POUCH_LIMIT, "points": WINNING_POINTS},
        "to_act": [] if state.ended else [state.current],
        "supply": full_counts_json(state.supply, TOKEN_NAMES),
        "market": [[card_view(cid) if cid else None for cid in row] for row in state.market],
        "decks": [len(d) for d in state.decks],
        "commissions": [noble_view(nid) for nid in state.commissions],
        "seats": seats,
        "result": result(state),
    }
