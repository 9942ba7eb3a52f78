"""What each seat sees. Cards reserved from a deck are hidden from everyone but their owner."""

from __future__ import annotations

from typing import Any

from ..gems.cards import CARD_JSON, NOBLE_JSON
from ..gems.colors import COLORS, full_counts_json
from .scoring import result
from .state import RETURN, SplendorState
from .moves import MAX_TOKENS


def _card(cid: str) -> dict[str, Any]:
    card = CARD_JSON[cid]
    return {**card, "cost": dict(card["cost"])}


def _noble(nid: str) -> dict[str, Any]:
    noble = NOBLE_JSON[nid]
    return {**noble, "needs": dict(noble["needs"])}


def view(state: SplendorState, viewer: int | None) -> dict[str, Any]:
    """The view of seat ``viewer``; ``None`` for the public view."""
    seats = []
    for i, s in enumerate(state.seats):
        reserved = []
        for cid, hidden in s.reserved:
            if hidden and viewer != i:
                reserved.append({"tier": CARD_JSON[cid]["tier"], "hidden": True})
            else:
                reserved.append(_card(cid))
        seats.append({
            "seat": i,
            "tokens": full_counts_json(s.tokens),
            "token_count": sum(s.tokens),
            "bonuses": full_counts_json(s.bonuses, COLORS),
            "prestige": s.prestige,
            "purchased": len(s.cards),
            "cards": [_card(cid) for cid in s.cards],
            "reserved": reserved,
            "nobles": [_noble(nid) for nid in s.nobles],
        })
    must_return = 0
    if state.phase == RETURN:
        must_return = sum(state.seats[state.current].tokens) - MAX_TOKENS
    return {
        "game": "splendor",
        "seat": viewer,
        "players": state.players,
        "options": dict(state.options),
        "turn": {"seat": state.current, "phase": state.phase, "round": state.round,
                 "final_round": state.final_round, "must_return": must_return},
        "to_act": [] if state.ended else [state.current],
        "bank": full_counts_json(state.bank),
        "market": [[_card(cid) if cid else None for cid in row] for row in state.market],
        "decks": [len(d) for d in state.decks],
        "nobles": [_noble(nid) for nid in state.nobles],
        "seats": seats,
        "pending": {"nobles": state.pending_nobles[:]} if state.pending_nobles else None,
        "result": result(state),
    }
