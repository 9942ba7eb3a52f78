"""Why a station move is refused: a reason naming the rule."""

from __future__ import annotations

from typing import Any

from .components import CREDIT_GUILD, CREDIT_VALUE, CREDITS, GUILD_OF, MODULES
from .market import effective_cost
from .moves import (
    ACQUIRE_LIMIT,
    ACQUIRE_MAX,
    BONUS_MAX_VALUE,
    DOCK,
    guild_counts,
    legal_moves,
)
from .state import BONUS, DOCK_CAPACITY, StationState
from .station import index, install_problem, node_name, station_problem

FIELDS = {
    "acquire": {"type", "credits"},
    "purchase": {"type", "module", "pay", "to"},
    "bonus": {"type", "credit"},
    "decline": {"type"},
    "reconfigure": {"type", "op"},
    "pass": {"type"},
}
OPS = {
    "install": {"type", "op", "module", "to"},
    "remove": {"type", "op", "at"},
    "exchange": {"type", "op", "module", "at"},
}
TURNING = {"rotation", "rotate", "orientation", "turn", "facing", "flip"}


def _node(value: Any, field: str) -> int | str:
    """A node object → its index, or the reason it is not one."""
    if type(value) is not dict or set(value) != {"ring", "sector"}:
        return f"'{field}' must be a node such as {{\"ring\": 1, \"sector\": 0}}"
    ring, sector = value["ring"], value["sector"]
    if type(ring) is not int or not 1 <= ring <= 3:
        return "a ring is 1 (inner), 2 (middle) or 3 (outer)"
    if type(sector) is not int or not 0 <= sector <= 9:
        return "a sector is a whole number from 0 to 9"
    return index(ring, sector)


def _module(value: Any) -> str | None:
    return value if type(value) is str and value in MODULES else None


def explain(state: StationState, seat_index: int, move: Any) -> str:
    """A sentence saying which rule ``move`` breaks."""
    if state.ended:
        return "the game is over: no more moves"
    if seat_index != state.current:
        return f"it is not seat {seat_index}'s turn"
    if type(move) is not dict:
        return "a move must be a JSON object such as {\"type\": \"pass\"}"
    kind = move.get("type")
    if type(kind) is not str or kind not in FIELDS:
        return f"unknown move type {kind!r}: expected one of " + ", ".join(FIELDS)
    expected = FIELDS[kind]
    if kind == "reconfigure":
        op = move.get("op")
        if type(op) is not str or op not in OPS:
            return (f"a reconfigure move needs op: one of {', '.join(OPS)} "
                    f"(install from the Dock, remove to the Dock, exchange at the same node)")
        expected = OPS[op]
    extra = set(move) - expected
    if extra & TURNING:
        return "modules cannot be turned: every module is installed with its inward marker facing the Core"
    if extra:
        return f"unexpected field(s) {', '.join(sorted(map(str, extra)))} in a {kind} move"
    missing = expected - set(move)
    if missing:
        return f"a {kind} move needs {', '.join(sorted(missing))}"

    if state.phase == BONUS:
        if kind not in ("bonus", "decline"):
            return (f"you paid exactly: first take one displayed credit of value {BONUS_MAX_VALUE} or less "
                    f"(a bonus move), or decline it")
        if kind == "bonus":
            cid = move["credit"]
            if type(cid) is not str or cid not in CREDITS:
                return f"there is no credit {cid!r}"
            if cid not in state.display:
                return f"credit {cid} is not displayed: the bonus is one displayed credit"
            if CREDIT_VALUE[cid] > BONUS_MAX_VALUE:
                return (f"the exact-payment bonus is a displayed credit of value {BONUS_MAX_VALUE} or less, "
                        f"not {CREDIT_VALUE[cid]}")
        return "that move is not legal now"
    if kind in ("bonus", "decline"):
        return "a bonus credit comes only right after an exact payment"

    if kind == "acquire":
        return _explain_acquire(state, move["credits"])
    if kind == "purchase":
        return _explain_purchase(state, seat_index, move)
    if kind == "reconfigure":
        return _explain_reconfigure(state, seat_index, move)
    if kind == "pass":
        others = [m["type"] for m in legal_moves(state, seat_index) if m["type"] != "pass"]
        if others:
            return ("pass only if no action is legal, or after the end is triggered "
                    f"(you can still {', '.join(sorted(set(others)))})")
    return "that move is not legal now"


def _explain_acquire(state: StationState, credits: Any) -> str:
    if type(credits) is not list or not credits:
        return "'credits' must be a list of 1–3 displayed credit ids"
    for cid in credits:
        if type(cid) is not str or cid not in CREDITS:
            return f"there is no credit {cid!r}"
    if len(set(credits)) != len(credits):
        return "a credit can be taken only once"
    for cid in credits:
        if cid not in state.display:
            return f"credit {cid} is not displayed: acquire only displayed credits"
    if len(credits) > ACQUIRE_MAX:
        return f"acquire one displayed credit, or up to {ACQUIRE_MAX} from different guilds"
    guilds = [CREDIT_GUILD[c] for c in credits]
    if len(set(guilds)) != len(guilds):
        return "several credits must come from different guilds"
    total = sum(CREDIT_VALUE[c] for c in credits)
    if total > ACQUIRE_LIMIT:
        return (f"several credits may total at most {ACQUIRE_LIMIT} (these total {total}); "
                f"a single credit may be worth more")
    order = sorted(credits, key=state.display.index)
    if order != credits:
        return "list the credits in display order (left to right): " + ", ".join(order)
    return "that move is not legal now"


def _explain_purchase(state: StationState, seat_index: int, move: dict[str, Any]) -> str:
    seat = state.seats[seat_index]
    mid = _module(move["module"])
    if mid is None:
        return f"there is no module {move['module']!r}"
    if mid not in state.berths:
        if mid in seat.dock:
            return f"module {mid} is already in your Dry Dock: install it with a reconfigure move"
        return f"module {mid} is not in the market: only a module in a berth can be purchased"
    pay = move["pay"]
    if type(pay) is not list or not pay:
        return "'pay' must be a list of credit values, largest first, e.g. [4, 2]"
    for v in pay:
        if type(v) is not int or not 1 <= v <= 6:
            return "a credit's value is a whole number from 1 to 6"
    guild = GUILD_OF[mid]
    held = guild_counts(seat.hand, guild)
    for v in set(pay):
        if pay.count(v) > held[v - 1]:
            return (f"payment must be in the module's guild ({guild}): your hand holds {held[v - 1]} "
                    f"{guild} credit(s) of value {v}")
    b = state.berths.index(mid)
    cost = effective_cost(state, b)
    total = sum(pay)
    if total < cost:
        return (f"a payment must be worth at least the effective cost {cost} "
                f"(base {MODULES[mid].cost} − discount {state.discounts[b]}, at least 1); {total} is short")
    if total - min(pay) >= cost:
        return (f"no change for overpayment, and no superfluous credit: {total - min(pay)} already covers "
                f"the cost {cost} without the {min(pay)}")
    if pay != sorted(pay, reverse=True):
        return "list the payment's values largest first: " + str(sorted(pay, reverse=True))
    to = move["to"]
    if to == DOCK:
        if len(seat.dock) >= DOCK_CAPACITY:
            return f"the Dry Dock holds at most {DOCK_CAPACITY} modules"
        return "that move is not legal now"
    i = _node(to, "to")
    if isinstance(i, str):
        return i + ", or \"dock\""
    problem = install_problem(seat.grid, i, mid)
    return problem or "that move is not legal now"


def _explain_reconfigure(state: StationState, seat_index: int, move: dict[str, Any]) -> str:
    seat = state.seats[seat_index]
    op = move["op"]
    if op in ("install", "exchange"):
        mid = _module(move["module"])
        if mid is None:
            return f"there is no module {move['module']!r}"
        if mid not in seat.dock:
            return f"module {mid} is not in your Dry Dock: reconfigure installs or exchanges only Dock modules"
    i = _node(move["to" if op == "install" else "at"], "to" if op == "install" else "at")
    if isinstance(i, str):
        return i
    grid = seat.grid
    if op == "install":
        assert mid is not None  # checked above for install and exchange
        problem = install_problem(grid, i, mid)
        return problem or "that move is not legal now"
    if grid[i] is None:
        return f"the {node_name(i)} is empty: there is no module to {'remove' if op == 'remove' else 'exchange'}"
    after = grid[:]
    if op == "remove":
        if len(seat.dock) >= DOCK_CAPACITY:
            return f"the Dry Dock holds at most {DOCK_CAPACITY} modules: nothing can be removed to it"
        after[i] = None
    else:
        after[i] = mid
    problem = station_problem(after)
    if problem:
        return "the entire station must stay legal: " + problem
    return "that move is not legal now"


