"""Legal moves of Starlight Guild (docs/guild.md).

Differences from Splendor, stated here: collect any 1–3 different colours (three are never
compulsory); star sand is never collected; pass is always allowed; reserve only a market
workshop, at most two; building pays itself (no payment in the move); the pouch holds 9.
"""

from __future__ import annotations

from typing import Any

from ..gems.cards import CARDS
from ..gems.colors import COLORS
from ..gems.market import face_up
from ..gems.payments import can_afford, owed
from ..gems.taking import different_colour_choices, return_choices, two_same_choices
from .state import ACTION, RETURN, GuildSeat, GuildState

POUCH_LIMIT = 9
MAX_RESERVED = 2
TOKEN_NAMES: tuple[str, ...] = COLORS + ("star_sand",)

PASS: dict[str, Any] = {"type": "pass"}
COLLECT_DIFFERENT: dict[tuple[int, ...], dict[str, Any]] = {}
COLLECT_TWO = [{"type": "collect", "gems": {c: 2}} for c in COLORS]
RESERVE = {cid: {"type": "reserve", "workshop": cid} for cid in CARDS}
BUILD = {cid: {"type": "build", "workshop": cid} for cid in CARDS}


def _collect(combo: tuple[int, ...]) -> dict[str, Any]:
    move = COLLECT_DIFFERENT.get(combo)
    if move is None:
        move = COLLECT_DIFFERENT[combo] = {"type": "collect", "gems": {COLORS[i]: 1 for i in combo}}
    return move


def gems_json(counts: list[int]) -> dict[str, int]:
    """Six counts → the non-zero-only JSON object with Guild's names."""
    return {TOKEN_NAMES[i]: n for i, n in enumerate(counts) if n}


def buildable(state: GuildState, seat: GuildSeat) -> list[str]:
    """Market and reserved workshops the seat's pouch and workshops can pay for."""
    out = []
    for cid in face_up(state.market) + seat.reserved:
        if can_afford(owed(CARDS[cid].cost, seat.bonuses), seat.pouch):
            out.append(cid)
    return out


def legal_moves(state: GuildState, seat_index: int) -> list[dict[str, Any]]:
    """Every legal move of ``seat_index`` now."""
    if state.ended or seat_index != state.current:
        return []
    seat = state.seats[seat_index]
    if state.phase == RETURN:
        excess = sum(seat.pouch) - POUCH_LIMIT
        return [{"type": "return", "gems": gems_json(c)} for c in return_choices(seat.pouch, excess)]
    assert state.phase == ACTION
    moves = [_collect(c) for c in different_colour_choices(state.supply, three_compulsory=False)]
    moves += [COLLECT_TWO[i] for i in two_same_choices(state.supply)]
    if len(seat.reserved) < MAX_RESERVED:
        moves += [RESERVE[cid] for cid in face_up(state.market)]
    moves += [BUILD[cid] for cid in buildable(state, seat)]
    moves.append(PASS)
    return moves
