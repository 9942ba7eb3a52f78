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
every listed payment is one a player would make. Moves are built fresh or shared (the install,
exchange, remove, pair, bonus and purchase moves are made once and listed again); callers must not
mutate them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import compress
from typing import Any

from .components import COST_OF, CREDIT_GUILD, CREDIT_VALUE, GUILD_OF, GUILDS, PORT_MASK
from .market import EFFECTIVE
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
    return found[:]  # a copy by slicing: no method call (see `reconfigure_moves`)


def _acquire_moves(display: tuple[str, ...]) -> list[dict[str, Any]]:
    out = []
    for c in display:  # a loop, not `map` over `__getitem__` (see `reconfigure_moves`)
        out.append(ACQUIRE_ONE[c])
    for a in range(len(display) - 1):
        ca = display[a]
        pairs = _PAIRS[ca]
        for cb in display[a + 1:]:
            pair = pairs.get(cb)
            if pair is not None:
                move, thirds = pair
                out.append(move)
                if thirds:
                    for cc in display[display.index(cb) + 1:]:  # a display holds each credit once
                        if cc in thirds:
                            out.append({"type": "acquire", "credits": [ca, cb, cc]})
    return out


def _partners() -> dict[str, dict[str, frozenset[str]]]:
    """Per credit a: each credit b that may be acquired with it (another guild, the two totalling at
    most `ACQUIRE_LIMIT`), with the credits that may join them as a third (the third guild, the
    three within the limit): the rule of `acquire_choices`, worked out once per pair of credits."""
    thirds: dict[tuple[str, int], frozenset[str]] = {}
    out: dict[str, dict[str, frozenset[str]]] = {}
    for ca, ga in CREDIT_GUILD.items():
        va = CREDIT_VALUE[ca]
        row = out[ca] = {}
        for cb, gb in CREDIT_GUILD.items():
            vb = CREDIT_VALUE[cb]
            if gb == ga or va + vb > ACQUIRE_LIMIT:
                continue
            left = ACQUIRE_LIMIT - va - vb
            key = (ga + " " + gb if ga < gb else gb + " " + ga, left)
            found = thirds.get(key)
            if found is None:
                found = thirds[key] = frozenset(
                    cc for cc, gc in CREDIT_GUILD.items() if gc != ga and gc != gb and CREDIT_VALUE[cc] <= left)
            row[cb] = found
    return out


_PARTNERS = _partners()
"""`_partners`: one look-up a pair of displayed credits in `_acquire_moves`."""
_PAIRS: dict[str, dict[str, tuple[dict[str, Any], frozenset[str]]]] = {
    ca: {cb: ({"type": "acquire", "credits": [ca, cb]}, thirds) for cb, thirds in row.items()}
    for ca, row in _PARTNERS.items()}
"""`_PARTNERS` with, per pair, the move acquiring the two (``ca`` displayed first; shared, read-only,
like `ACQUIRE_ONE`): no dict and list made for a pair in a new display."""


def _spent(prefix: list[int], total: int, top: int) -> None:
    """Takes the place of a finished enumeration's recursive function (so that it is freed at once)."""
    raise AssertionError("a finished enumeration was called")


def _enumerate(counts: tuple[int, ...], cost: int) -> list[list[int]]:
    """The payments of `payments`, enumerated: the values largest first, the credits of each value
    taken while ``counts`` has them, a payment closed at the credit whose value reaches ``cost``."""
    out: list[list[int]] = []
    left = [0, *counts]  # indexed by value (slot 0 unused): no `v - 1` a step

    def extend(prefix: list[int], total: int, top: int) -> None:
        for v in range(top, 0, -1):
            if left[v]:
                left[v] -= 1
                prefix.append(v)
                if total + v >= cost:
                    out.append(prefix[:])
                else:
                    extend(prefix, total + v, v)
                prefix.pop()
                left[v] += 1

    extend([], 0, 6)
    extend = _spent  # the function refers to itself: freed now, not by the garbage collector
    return out


_MOST = max(Counter((CREDIT_GUILD[cid], CREDIT_VALUE[cid]) for cid in CREDIT_GUILD).values())
"""The most credits of one guild and value there are (4): the most a hand holds."""
assert _MOST <= 7, "a count and a need must fit in four bits with room for `_EIGHTS`"
_SEVENS = 0x777777
_EIGHTS = 0x888888
"""Bit 3 of each value's four bits (`hand_code`'s layout of one guild)."""
_EVERY: dict[int, list[tuple[list[int], int]]] = {}
"""Per cost, every payment a hand can make: `_enumerate` from ``ceil(cost / v)`` credits of each
value v (the most a payment without a superfluous credit holds) but for those taking more than
`_MOST` of a value; each with its needs: four bits a value 1–6 (lowest first), how many credits of
that value it takes. Worked out when first asked."""
_HELD: dict[int, list[tuple[int, int]]] = {}
"""Per cost and values held (``cost << 24`` and bit 3 of the four bits of each value held), the
payments of `_EVERY` taking only values held, in their order, each as its index there and its
needs: at most 64 lists a cost (9 costs)."""


_PAID: list[list[int]] = []
"""Every payment of `_EVERY`, each once (a payment of the same values at another cost is the same
list), in the order first met: a payment's number is its index here."""
_PAYMENT_NUMBER: dict[tuple[int, ...], int] = {}
"""Per payment's values, its number (`_PAID`)."""
_NUMBERS: dict[int, list[int]] = {}
"""Per cost, the number (`_PAID`) of each payment of `_EVERY` there, in its order."""


def _every(cost: int) -> list[tuple[list[int], int]]:
    """`_EVERY` of ``cost`` (with `_NUMBERS` of ``cost``)."""
    found = _EVERY.get(cost)
    if found is None:
        found = []
        numbers = []
        for pay in _enumerate(tuple(-(-cost // v) for v in range(1, 7)), cost):
            if max(pay.count(v) for v in pay) > _MOST:
                continue
            number = _PAYMENT_NUMBER.get(tuple(pay))
            if number is None:
                number = _PAYMENT_NUMBER[tuple(pay)] = len(_PAID)
                _PAID.append(pay)
            found.append((_PAID[number], sum(1 << 4 * (v - 1) for v in pay)))
            numbers.append(number)
        _EVERY[cost] = found
        _NUMBERS[cost] = numbers
    return found


def payments(counts: tuple[int, ...], cost: int) -> list[list[int]]:
    """Every payment (values, largest first) from ``counts`` (how many credits of each value
    1–6 the seat holds in the module's guild) worth at least ``cost`` with no superfluous
    credit. Listed largest first, the sum reaches ``cost`` exactly at the last credit."""
    if max(counts) > _MOST:
        return _enumerate(counts, cost)  # more than there are (never a hand's)
    return _payments(sum(n << 4 * k for k, n in enumerate(counts)), cost)


def _payments(held: int, cost: int) -> list[list[int]]:
    """`payments` of the counts in ``held`` (four bits a value 1–6, lowest first, as in
    `hand_code`; each at most `_MOST`): the payments of `_EVERY` the hand holds, in its order (the
    enumeration from a smaller hand only skips branches; a payment it holds is met in the same
    place). The payments' lists are shared (read-only)."""
    every = _every(cost)
    return [every[k][0] for k in _payment_indices(held, cost)]


def _payment_indices(held: int, cost: int) -> list[int]:
    """The indices in `_EVERY` of ``cost`` of `_payments`. Each value's four bits hold at most 4
    and need at most 4, so taking the needs from the counts with 8 added to each never borrows."""
    key = cost << 24 | (held + _SEVENS) & _EIGHTS  # the cost, and bit 3 of each value held
    found = _HELD.get(key)
    if found is None:
        found = _HELD[key] = [(k, need) for k, (_, need) in enumerate(_every(cost))
                              if not (need + _SEVENS) & _EIGHTS & ~key]
    held += _EIGHTS  # bit 3 of a value's four bits stays set taking ``need`` away when as many are held
    return [k for k, need in found if (held - need) & _EIGHTS == _EIGHTS]


def _payment_numbers(held: int, cost: int) -> list[int]:
    """`_payment_indices` as the payments' numbers in `_PAID`."""
    numbers = _NUMBERS[cost]
    return [numbers[k] for k in _payment_indices(held, cost)]


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


_GUILD_SHIFT = {guild: 24 * g for g, guild in enumerate(GUILDS)}
"""Per guild, where its 24 bits start in a hand's code (`hand_code`)."""
_GUILD_BITS = (1 << 24) - 1
_CREDIT_CODE: dict[str, int] = {
    cid: 1 << _GUILD_SHIFT[CREDIT_GUILD[cid]] + 4 * (CREDIT_VALUE[cid] - 1) for cid in CREDIT_GUILD}
"""Per credit, the 1 it adds to a hand's code (`hand_code`)."""


def hand_code(hand: Iterable[str]) -> int:
    """The hand's counts per guild and value 1–6 in one integer: 24 bits a guild (`_GUILD_SHIFT`),
    in them four a value, lowest first (there are at most four credits of a guild and value)."""
    return sum(map(_CREDIT_CODE.__getitem__, hand))


_GUILD_SHIFTS = tuple(_GUILD_SHIFT.items())
"""`_GUILD_SHIFT`'s items, read once (`dict.items` is a call Pyodide makes through a trampoline)."""
_HANDS: dict[int, dict[str | None, list[Any]]] = {}
"""Per hand's code, per guild in it: its `_pay_table` (a seat's hand stays as it is on its turns
that pay nothing; hands of the same counts share it)."""
_PAY_TABLES: dict[int, list[Any]] = {}
"""`_pay_table` per guild's 24 bits of a hand's code (hands with the same counts in a guild share it)."""
_COSTS = max(COST_OF.values()) + 1
"""One more than the highest cost a module can have (an index per cost)."""
for _cost in range(_COSTS):
    _every(_cost)  # every payment numbered (`_PAID`) before `_BUYING` makes a place for each
del _cost
_BUYING: dict[str | None, tuple[str | None, tuple[int, ...], int, list[Any]]] = {
    None: (None, (), 0, []),
    **{mid: (GUILD_OF[mid], EFFECTIVE[mid], PORT_MASK[mid], [None] * len(_PAID)) for mid in GUILD_OF}}
"""Per module, its guild, its cost at each discount (`EFFECTIVE`), its port mask (one look-up a
berth), and per payment (its number in `_PAID`, whatever the cost it pays) its row of purchase
moves (None until the first listing asks for it, `_new_row`): per node, then the Dock, the move
(made when first listed, then shared; None until then), and last the payment itself. Moves made
and freed in every listing cost more than the look-ups, in Pyodide most (docs/performance.md);
a payment listed at the module's next discount too is the same move. An empty berth's guild is
None, which no hand holds."""


def _pay_table(counts: int) -> list[Any]:
    """Per cost (the index), the `payments` of a guild's ``counts`` (its 24 bits of a `hand_code`)
    at that cost as their numbers in `_PAID` (`_payment_numbers`), filled in when first asked
    (None until then); slot 0, never a cost (costs are at least `MIN_COST`), holds the counts
    themselves, as `_payment_indices` takes them. Remembered per counts: a berth then costs one
    index, not a tuple key."""
    found = _PAY_TABLES.get(counts)
    if found is None:
        if len(_PAY_TABLES) >= 4096:
            _PAY_TABLES.clear()
        found = _PAY_TABLES[counts] = [counts] + [None] * (_COSTS - 1)
    return found


def _hand_tables(code: int) -> dict[str | None, list[Any]]:
    """Per guild in the hand of this `hand_code`: the `_pay_table` of its counts."""
    out: dict[str | None, list[Any]] = {}
    for guild, shift in _GUILD_SHIFTS:
        counts = code >> shift & _GUILD_BITS
        if counts:
            out[guild] = _pay_table(counts)
    return out


def purchase_moves(state: StationState, seat: StationSeat, plan: Layout,
                   moves: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Each market module the hand can pay for, once per payment, to each node where it can
    be installed and to the Dry Dock while it has room (added to ``moves`` when given)."""
    if moves is None:
        moves = []
    code = 0
    for cid in seat.hand:  # `hand_code`, written out (no call: see `reconfigure_moves`)
        code += _CREDIT_CODE[cid]
    by_guild = _HANDS.get(code)
    if by_guild is None:
        if len(_HANDS) >= 4096:
            _HANDS.clear()
        by_guild = _HANDS[code] = _hand_tables(code)
    if not by_guild:
        return moves
    dock = (NODES,) if len(seat.dock) < DOCK_CAPACITY else ()  # the Dock's place in a row
    dests_of: dict[int, tuple[int, ...]] = {}  # per port mask: the nodes it installs at (and the Dock)
    for mid, discount in zip(state.berths, state.discounts):  # noqa: B905  (six and six; a keyword costs a dict a call)
        guild, costs, ports, rows = _BUYING[mid]
        table = by_guild.get(guild)  # None for an empty berth: no table
        if table is None:
            continue
        cost = costs[discount]  # `effective_cost`, read from `EFFECTIVE`
        pays = table[cost]
        if pays is None:
            pays = table[cost] = _payment_numbers(table[0], cost)
        if not pays:
            continue
        dests = dests_of.get(ports)
        if dests is None:
            dests = dests_of[ports] = plan.installs(ports) + dock
        if not dests:
            continue
        for k in pays:
            row = rows[k]
            if row is None:
                row = _new_row(rows, k)
            for i in dests:
                move = row[i]
                if move is None:  # made once, then shared (read-only, like `INSTALL`'s moves)
                    move = row[i] = {"type": "purchase", "module": mid, "pay": row[_ROW], "to": _TO[i]}
                moves.append(move)
    return moves


_ROW = NODES + 1
"""Places for moves in a row of purchase moves (`_BUYING`): one per node, then the Dock."""
_TO: list[Any] = [*NODE_JSON, DOCK]
"""A purchase's destination at each place of a row."""
_ROWS_KEPT = 2048
"""The most rows of purchase moves `_BUYING` holds (at most 31 moves each, a few MB); all are
forgotten at once beyond."""
_rows_made = 0


def _new_row(rows: list[Any], k: int) -> list[Any]:
    """A new row of purchase moves for payment number ``k`` (`_PAID`), put in ``rows`` at ``k``: no
    move yet, and after the places the payment itself."""
    global _rows_made
    if _rows_made >= _ROWS_KEPT:
        _forget_purchases()
    _rows_made += 1
    row = rows[k] = [None] * _ROW
    row.append(_PAID[k])
    return row


def _forget_purchases() -> None:
    """Empties every row of purchase moves in `_BUYING`."""
    global _rows_made
    _rows_made = 0
    for _, _, _, rows in _BUYING.values():
        rows[:] = [None] * len(rows)


INSTALL: dict[str, list[dict[str, Any]]] = {
    mid: [{"type": "reconfigure", "op": "install", "module": mid, "to": NODE_JSON[i]} for i in range(NODES)]
    for mid in GUILD_OF}
"""Per module, its install move at each node (shared, read-only)."""
REMOVE = [{"type": "reconfigure", "op": "remove", "at": NODE_JSON[i]} for i in range(NODES)]
EXCHANGE: dict[str, list[dict[str, Any]]] = {
    mid: [{"type": "reconfigure", "op": "exchange", "module": mid, "at": NODE_JSON[i]} for i in range(NODES)]
    for mid in GUILD_OF}
"""Per module, its exchange move at each node (shared, read-only)."""


_SPREAD = DOCK_CAPACITY * NODES
"""Items in `reconfigure_moves`' row of exchanges: a place per node and Dock module."""


def reconfigure_moves(seat: StationSeat, plan: Layout | None = None,
                      moves: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Install a Dock module, remove a module to the Dock, or exchange the two at one node,
    each leaving the entire station legal (see `Layout`); added to ``moves`` when given.
    They depend on the layout and the Dock alone: the seat's memo keeps the last listed, given
    again while both stay as they are (a turn that takes credits changes neither)."""
    if plan is None:
        plan = layout(seat.grid, seat.memo)
    if moves is None:
        moves = []
    dock = seat.dock
    memo = seat.memo
    if memo.listed_plan is plan and memo.dock == dock:
        moves += memo.listed
        return moves
    out: list[dict[str, Any]] = []
    # plain loops, not `map` over a row's `__getitem__`: in Pyodide a call of a one-argument
    # builtin method goes through a trampoline that costs ≈ 0.1 µs (docs/performance.md);
    # `out.append(...)` written out is specialised into the loop, no call at all
    if dock:
        for mid in dock:
            installs = INSTALL[mid]
            for i in plan.installs(PORT_MASK[mid]):
                out.append(installs[i])
    if len(dock) < DOCK_CAPACITY:
        for i in plan.removable:
            out.append(REMOVE[i])
    if len(dock) == 1:
        mid = dock[0]
        out += compress(EXCHANGE[mid], plan.swaps(PORT_MASK[mid]).to_bytes(NODES, "little"))
    elif dock:
        # node by node, each in Dock order: the j-th module's exchange at node i is item
        # 4i + j of one row, picked where it can take the node's place (no loop per node)
        picks = bytearray(_SPREAD)
        row: list[Any] = [None] * _SPREAD
        for j, mid in enumerate(dock):
            picks[j::DOCK_CAPACITY] = plan.swaps(PORT_MASK[mid]).to_bytes(NODES, "little")
            row[j::DOCK_CAPACITY] = EXCHANGE[mid]
        out += compress(row, picks)
    memo.listed_plan = plan
    memo.dock = dock[:]
    memo.listed = out
    moves += out
    return moves


BONUS_ONE: dict[str, dict[str, Any]] = {
    cid: {"type": "bonus", "credit": cid} for cid in CREDIT_GUILD if CREDIT_VALUE[cid] <= BONUS_MAX_VALUE}
"""Per credit of value ≤ 3, the move taking it as the bonus (shared, read-only)."""


def bonus_moves(state: StationState) -> list[dict[str, Any]]:
    """After an exact payment: one displayed credit of value ≤ 3, or decline."""
    moves = []
    for cid in state.display:
        move = BONUS_ONE.get(cid)
        if move is not None:
            moves.append(move)
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
    plan = layout(seat.grid, seat.memo)
    purchase_moves(state, seat, plan, moves)  # added to the list itself: no list to copy over
    reconfigure_moves(seat, plan, moves)
    if state.end_triggered or not moves:
        moves.append(PASS)
    return moves
