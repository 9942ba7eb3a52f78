"""Why a Guild move is refused: a reason naming the rule."""

from __future__ import annotations

from typing import Any

from ..gems.cards import CARDS
from ..gems.colors import COLORS
from ..gems.market import face_up
from ..gems.taking import TWO_SAME_MIN
from ..refusals import envelope_reason
from .moves import MAX_RESERVED, POUCH_LIMIT, TOKEN_NAMES
from .state import RETURN, GuildState

FIELDS = {
    "collect": {"type", "gems"},
    "reserve": {"type", "workshop"},
    "build": {"type", "workshop"},
    "return": {"type", "gems"},
    "pass": {"type"},
}


def _counts(value: Any, allowed: tuple[str, ...]) -> list[int] | str:
    if type(value) is not dict:
        return "'gems' must be an object of colour → count"
    out = [0] * 6
    for name, n in value.items():
        if name == "star_sand" and "star_sand" not in allowed:
            return "star sand cannot be collected: it comes only with a reservation"
        if name not in allowed:
            return f"{name!r} is not a gem colour"
        if type(n) is not int:
            return f"the count of {name} must be a whole number"
        if n <= 0:
            return f"the count of {name} must be positive (leave out colours you do not use)"
        out[TOKEN_NAMES.index(name)] = n
    return out


def explain(state: GuildState, seat_index: int, move: Any) -> str:
    """A sentence saying which rule ``move`` breaks."""
    reason = envelope_reason(state.ended, seat_index == state.current, seat_index, move, FIELDS)
    if reason and type(move) is dict and move.get("type") == "reserve" and "tier" in move and "unexpected" in reason:
        return "only a market workshop can be reserved, never the top of a deck"
    if reason:
        return reason
    kind = move["type"]
    seat = state.seats[seat_index]
    if state.phase == RETURN and kind != "return":
        excess = sum(seat.pouch) - POUCH_LIMIT
        return f"your pouch holds {sum(seat.pouch)}: first return {excess} to get down to {POUCH_LIMIT}"
    if kind == "collect":
        gems = _counts(move["gems"], COLORS)
        if isinstance(gems, str):
            return gems
        colours = [i for i in range(5) if gems[i]]
        if not colours:
            return "collect at least one gem"
        for i in colours:
            if state.supply[i] < gems[i]:
                return f"the supply holds only {state.supply[i]} {COLORS[i]}"
        if max(gems) > 2:
            return "collect at most two gems of one colour"
        if max(gems) == 2:
            if len(colours) > 1:
                return "collect up to three different colours, or two of one colour — not both"
            i = colours[0]
            return f"two {COLORS[i]} need at least {TWO_SAME_MIN} in that pile (there are {state.supply[i]})"
        return "collect at most three different gems"
    if kind in ("reserve", "build"):
        cid = move["workshop"]
        if type(cid) is not str or cid not in CARDS:
            return f"there is no workshop {cid!r}"
        if kind == "reserve":
            if len(seat.reserved) >= MAX_RESERVED:
                return f"you may hold at most {MAX_RESERVED} reservations"
            return f"workshop {cid} is not in the market (only market workshops can be reserved)"
        if cid not in face_up(state.market) and cid not in seat.reserved:
            return f"workshop {cid} is neither in the market nor among your reservations"
        return f"your pouch and workshops cannot pay for workshop {cid}"
    if kind == "return":
        if state.phase != RETURN:
            return f"your pouch holds {sum(seat.pouch)}: nothing to return (the limit is {POUCH_LIMIT})"
        gems = _counts(move["gems"], TOKEN_NAMES)
        if isinstance(gems, str):
            return gems
        for i in range(6):
            if gems[i] > seat.pouch[i]:
                return f"your pouch holds only {seat.pouch[i]} {TOKEN_NAMES[i]}"
        return f"return exactly {sum(seat.pouch) - POUCH_LIMIT} gem(s) to get down to {POUCH_LIMIT}"
    return "that move is not legal now"
