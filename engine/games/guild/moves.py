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


COSTS: dict[str, tuple[int, int, int, int, int]] = {cid: card.cost for cid, card in CARDS.items()}

MEMO_LIMIT = 4096
"""A remembered-moves table is emptied when it reaches this many entries (memory stays bounded)."""

_COLLECTS: dict[tuple[int, ...], list[dict[str, Any]]] = {}
"""The collect moves of each supply of the five colours met so far (they depend on it alone)."""


def buildable(state: GuildState, seat: GuildSeat, market: list[str] | None = None) -> list[str]:
    """Market and reserved workshops the seat's pouch and workshops can pay for (``market``:
    the face-up workshops, when the caller has them already).

    Written out colour by colour (it runs for every move listing): what is owed after the
    workshops' bonuses, beyond the pouch's gems, must be covered by star sand.
    """
    out = []
    t0, t1, t2, t3, t4, sand = seat.pouch
    b0, b1, b2, b3, b4 = seat.bonuses
    if market is None:
        market = face_up(state.market)
    for cid in market + seat.reserved if seat.reserved else market:
        c0, c1, c2, c3, c4 = COSTS[cid]
        short = ((c0 - b0 - t0 if c0 > b0 + t0 else 0) + (c1 - b1 - t1 if c1 > b1 + t1 else 0)
                 + (c2 - b2 - t2 if c2 > b2 + t2 else 0) + (c3 - b3 - t3 if c3 > b3 + t3 else 0)
                 + (c4 - b4 - t4 if c4 > b4 + t4 else 0))
        if short <= sand:
            out.append(cid)
    return out


def collect_moves(supply: list[int]) -> list[dict[str, Any]]:
    """Collect 1–3 different colours, or two of a colour whose stack holds at least four."""
    key = tuple(supply[:5])  # star sand is never collected
    moves = _COLLECTS.get(key)
    if moves is None:
        if len(_COLLECTS) >= MEMO_LIMIT:
            _COLLECTS.clear()
        moves = [_collect(c) for c in different_colour_choices(supply, three_compulsory=False)]
        moves += [COLLECT_TWO[i] for i in two_same_choices(supply)]
        _COLLECTS[key] = moves
    return moves[:]


_RETURN: dict[tuple[int, ...], dict[str, Any]] = {}
"""The return move of each way of giving back (six counts; a few hundred at most: what is
given back is the excess over the limit, three at most after one action)."""


def return_moves(pouch: list[int], excess: int) -> list[dict[str, Any]]:
    """Every way to give back exactly ``excess`` tokens from those held (shared moves)."""
    moves = []
    for counts in return_choices(pouch, excess):
        key = tuple(counts)
        move = _RETURN.get(key)
        if move is None:
            if len(_RETURN) >= 4096:
                _RETURN.clear()
            move = _RETURN[key] = {"type": "return", "gems": gems_json(counts)}
        moves.append(move)
    return moves


def legal_moves(state: GuildState, seat_index: int) -> list[dict[str, Any]]:
    """Every legal move of ``seat_index`` now."""
    if state.ended or seat_index != state.current:
        return []
    seat = state.seats[seat_index]
    if state.phase == RETURN:
        return return_moves(seat.pouch, sum(seat.pouch) - POUCH_LIMIT)
    assert state.phase == ACTION
    moves = collect_moves(state.supply)
    market = face_up(state.market)
    if len(seat.reserved) < MAX_RESERVED:
        moves += [RESERVE[cid] for cid in market]
    moves += [BUILD[cid] for cid in buildable(state, seat, market)]
    moves.append(PASS)
    return moves
