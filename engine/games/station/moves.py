"""Legal moves of the station game: the heart of the rules (docs/station.md).

Card, "Your turn" — choose exactly one:
- Acquire: one displayed credit, or up to three from different guilds totaling ≤7. Refill.
- Purchase: same-guild payment ≥ effective cost. Install or Dry Dock; count purchase and
  refill berth. Exact payment: take one displayed credit ≤3, then refill.
- Reconfigure: install from Dock, remove to Dock, or exchange at the same node. Keep the
  entire station legal.
Dry Dock capacity: 4 modules. No change for overpayment. Pass only if no action is legal,
or after the end is triggered.

A payment names the values of the credits paid (all of the module's guild), largest first;
it holds no superfluous credit (taking away any one would leave the cost uncovered), so
every listed payment is one a player would make. Moves are built fresh or from shared
read-only pieces; callers must not mutate them.
"""

from __future__ import annotations

from typing import Any

from .components import COST_OF, CREDIT_GUILD, CREDIT_VALUE, GUILD_OF, PORT_MASK
from .market import MIN_COST
from .state import ACTION, BONUS, DOCK_CAPACITY, StationSeat, StationState
from .station import NODE_JSON, NODES, Layout, layout

ACQUIRE_LIMIT = 7
ACQUIRE_MAX = 3
BONUS_MAX_VALUE = 3

PASS: dict[str, Any] = {"type": "pass"}
DECLINE: dict[str, Any] = {"type": "decline"}
DOCK = "dock"


def acquire_choices(display: list[str]) -> list[list[str]]:
    """One displayed credit; or two or three of different guilds totalling at most 7
    (in display order)."""
    return [list(move["credits"]) for move in acquire_moves(display)]


_ACQUIRE: dict[tuple[str, ...], list[dict[str, Any]]] = {}
ACQUIRE_ONE: dict[str, dict[str, Any]] = {cid: {"type": "acquire", "credits": [cid]} for cid in CREDIT_GUILD}
"""Per credit, the move acquiring it alone (shared, read-only)."""


def acquire_moves(display: list[str]) -> list[dict[str, Any]]:
    """The acquire move of each of `acquire_choices`, in its order: a fresh list of shared,
    read-only moves, remembered for the last few displays (the display stays as it is on
    every turn that takes no credit)."""
    key = tuple(display)
    found = _ACQUIRE.get(key)
    if found is None:
        if len(_ACQUIRE) >= 64:
            _ACQUIRE.clear()
        found = _ACQUIRE[key] = _acquire_moves(key)
    return found.copy()


def _acquire_moves(display: tuple[str, ...]) -> list[dict[str, Any]]:
    out = [ACQUIRE_ONE[c] for c in display]
    n = len(display)
    for a in range(n):
        ca = display[a]
        ga, va = CREDIT_GUILD[ca], CREDIT_VALUE[ca]
        for b in range(a + 1, n):
            cb = display[b]
            gb, vb = CREDIT_GUILD[cb], CREDIT_VALUE[cb]
            if gb == ga or va + vb > ACQUIRE_LIMIT:
                continue
            out.append({"type": "acquire", "credits": [ca, cb]})
            for c in range(b + 1, n):
                cc = display[c]
                gc = CREDIT_GUILD[cc]
                if gc != ga and gc != gb and va + vb + CREDIT_VALUE[cc] <= ACQUIRE_LIMIT:
                    out.append({"type": "acquire", "credits": [ca, cb, cc]})
    return out


_PAYMENTS: dict[tuple[tuple[int, ...], int], list[list[int]]] = {}


def _spent(prefix: list[int], total: int, top: int) -> None:
    """Takes the place of a finished enumeration's recursive function (so that it is freed at once)."""
    raise AssertionError("a finished enumeration was called")


def payments(counts: tuple[int, ...], cost: int) -> list[list[int]]:
    """Every payment (values, largest first) from ``counts`` (how many credits of each value
    1–6 the seat holds in the module's guild) worth at least ``cost`` with no superfluous
    credit. Listed largest first, the sum reaches ``cost`` exactly at the last credit."""
    key = (counts, cost)
    found = _PAYMENTS.get(key)
    if found is not None:
        return found
    out: list[list[int]] = []
    left = list(counts)

    def extend(prefix: list[int], total: int, top: int) -> None:
        for v in range(top, 0, -1):
            if left[v - 1]:
                left[v - 1] -= 1
                prefix.append(v)
                if total + v >= cost:
                    out.append(prefix[:])
                else:
                    extend(prefix, total + v, v)
                prefix.pop()
                left[v - 1] += 1

    extend([], 0, 6)
    extend = _spent  # the function refers to itself: freed now, not by the garbage collector
    if len(_PAYMENTS) > 20000:
        _PAYMENTS.clear()
    _PAYMENTS[key] = out
    return out


def guild_counts(hand: list[str], guild: str) -> tuple[int, ...]:
    counts = [0] * 6
    for cid in hand:
        if CREDIT_GUILD[cid] == guild:
            counts[CREDIT_VALUE[cid] - 1] += 1
    return tuple(counts)


def hand_counts(hand: list[str]) -> dict[str, tuple[int, ...]]:
    """Per guild in the hand: how many credits of each value 1–6 it holds."""
    out: dict[str, list[int]] = {}
    for cid in hand:
        guild, slot = CREDIT_SLOT[cid]
        counts = out.get(guild)
        if counts is None:
            counts = out[guild] = [0] * 6
        counts[slot] += 1
    return {g: tuple(c) for g, c in out.items()}


CREDIT_SLOT: dict[str, tuple[str, int]] = {cid: (CREDIT_GUILD[cid], CREDIT_VALUE[cid] - 1) for cid in CREDIT_GUILD}
"""Each credit's guild and the index of its value in `hand_counts`."""


_HANDS: dict[tuple[str, ...], dict[str, tuple[int, ...]]] = {}
"""`hand_counts` remembered per hand (a seat's hand stays as it is on its turns that pay nothing)."""
_BUYING: dict[str, tuple[str, int, int]] = {mid: (GUILD_OF[mid], COST_OF[mid], PORT_MASK[mid]) for mid in GUILD_OF}
"""Per module, its guild, base cost and port mask (one look-up a berth)."""


def purchase_moves(state: StationState, seat: StationSeat, plan: Layout) -> list[dict[str, Any]]:
    """Each market module the hand can pay for, once per payment, to each node where it can
    be installed and to the Dry Dock while it has room."""
    moves: list[dict[str, Any]] = []
    hand = tuple(seat.hand)
    by_guild = _HANDS.get(hand)
    if by_guild is None:
        if len(_HANDS) >= 4096:
            _HANDS.clear()
        by_guild = _HANDS[hand] = hand_counts(seat.hand)
    if not by_guild:
        return moves
    dock_room = len(seat.dock) < DOCK_CAPACITY
    discounts = state.discounts
    dests_of: dict[int, list[Any]] = {}  # per port mask: the nodes it installs at (and the Dock)
    for b, mid in enumerate(state.berths):
        if mid is None:
            continue
        guild, cost, ports = _BUYING[mid]
        counts = by_guild.get(guild)
        if counts is None:
            continue
        cost -= discounts[b]  # `effective_cost`, written out
        if cost < MIN_COST:
            cost = MIN_COST
        pays = _PAYMENTS.get((counts, cost))
        if pays is None:
            pays = payments(counts, cost)
        if not pays:
            continue
        dests = dests_of.get(ports)
        if dests is None:
            dests = dests_of[ports] = list(map(_NODE_AT, plan.installs(ports)))
            if dock_room:
                dests.append(DOCK)
        if not dests:
            continue
        first = dests[0]
        rest = dests[1:]
        for pay in pays:
            base = {"type": "purchase", "module": mid, "pay": pay, "to": first}
            moves.append(base)
            for to in rest:  # a copy of the first with its "to" (cheaper than a new dict)
                move = base.copy()
                move["to"] = to
                moves.append(move)
    return moves


INSTALL: dict[str, list[dict[str, Any]]] = {
    mid: [{"type": "reconfigure", "op": "install", "module": mid, "to": NODE_JSON[i]} for i in range(NODES)]
    for mid in GUILD_OF}
"""Per module, its install move at each node (shared, read-only)."""
REMOVE = [{"type": "reconfigure", "op": "remove", "at": NODE_JSON[i]} for i in range(NODES)]
EXCHANGE: dict[str, list[dict[str, Any]]] = {
    mid: [{"type": "reconfigure", "op": "exchange", "module": mid, "at": NODE_JSON[i]} for i in range(NODES)]
    for mid in GUILD_OF}
"""Per module, its exchange move at each node (shared, read-only)."""


_NODE_AT = NODE_JSON.__getitem__
_REMOVE_AT = REMOVE.__getitem__
_INSTALL_AT = {mid: row.__getitem__ for mid, row in INSTALL.items()}
_EXCHANGE_AT = {mid: row.__getitem__ for mid, row in EXCHANGE.items()}
"""The rows above as functions of the node (for `map`)."""


SLOTS = [tuple(j for j in range(DOCK_CAPACITY) if bits >> j & 1) for bits in range(1 << DOCK_CAPACITY)]
"""Per set of Dock places (bit j: the j-th module), those places in order."""


def reconfigure_moves(seat: StationSeat, plan: Layout | None = None) -> list[dict[str, Any]]:
    """Install a Dock module, remove a module to the Dock, or exchange the two at one node,
    each leaving the entire station legal (see `Layout`)."""
    if plan is None:
        plan = layout(seat.grid)
    moves: list[dict[str, Any]] = []
    dock = seat.dock
    # `map` over a row's `__getitem__` rather than list comprehensions: no frame per listing
    if dock:
        for mid in dock:
            moves += map(_INSTALL_AT[mid], plan.installs(PORT_MASK[mid]))
    if len(dock) < DOCK_CAPACITY:
        moves += map(_REMOVE_AT, plan.removable)
    if dock:
        nodes, slots = plan.exchanges(list(map(PORT_MASK.__getitem__, dock)))
        if len(dock) == 1:
            moves += map(_EXCHANGE_AT[dock[0]], nodes)
        else:
            rows = [EXCHANGE[mid] for mid in dock]
            moves += [rows[j][i] for i in nodes for j in SLOTS[slots[i]]]
    return moves


def bonus_moves(state: StationState) -> list[dict[str, Any]]:
    """After an exact payment: one displayed credit of value ≤ 3, or decline."""
    moves = [{"type": "bonus", "credit": cid} for cid in state.display if CREDIT_VALUE[cid] <= BONUS_MAX_VALUE]
    moves.append(DECLINE)
    return moves


def legal_moves(state: StationState, seat_index: int) -> list[dict[str, Any]]:
    """Every legal move of ``seat_index`` now."""
    if state.ended or seat_index != state.current:
        return []
    if state.phase == BONUS:
        return bonus_moves(state)
    assert state.phase == ACTION
    seat = state.seats[seat_index]
    moves = acquire_moves(state.display)
    plan = layout(seat.grid)
    moves += purchase_moves(state, seat, plan)
    moves += reconfigure_moves(seat, plan)
    if state.end_triggered or not moves:
        moves.append(PASS)
    return moves
