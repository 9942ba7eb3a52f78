"""Legal-move generation for Splendor: the heart of the rules.

Moves are plain JSON dicts (see docs/splendor.md). The take and reserve-a-deck moves
are the same few values every time, so they are built once here; callers must treat
listed moves as read-only.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..gems.cards import CARDS, NOBLES
from ..gems.colors import COLORS, TOKEN_NAMES
from ..gems.market import face_up
from ..gems.payments import exact_payment_objects, exact_payments_gold_double
from ..gems.taking import TWO_SAME_MIN, different_colour_choices, return_choices, two_same_choices
from .posts import GOLD_WORTH_TWO
from .state import ACTION, CONQUEST, GEM, KEEP, NOBLE, POST, RETURN, STRONGHOLD, SeatState, SplendorState
from .strongholds import open_for
from .strongholds import options as stronghold_options

MAX_TOKENS = 10
MAX_RESERVED = 3

PASS: dict[str, Any] = {"type": "pass"}

TAKE_THREE: dict[tuple[int, ...], dict[str, Any]] = {
    combo: {"type": "take", "gems": {COLORS[i]: 1 for i in combo}}
    for n in (1, 2, 3)
    for combo in combinations(range(5), n)
}
"""Take one each of 1–3 different colours, keyed by the colour indexes."""

TAKE_TWO: list[dict[str, Any]] = [{"type": "take", "gems": {c: 2}} for c in COLORS]
"""Take two of one colour, by colour index."""

RESERVE_DECK: list[dict[str, Any]] = [{"type": "reserve", "tier": t} for t in (1, 2, 3)]
COSTS: dict[str, tuple[int, int, int, int, int]] = {cid: card.cost for cid, card in CARDS.items()}

RESERVE_CARD: dict[str, dict[str, Any]] = {cid: {"type": "reserve", "card": cid} for cid in CARDS}


def pay_json(pay: list[int]) -> dict[str, int]:
    """Six counts → the non-zero-only JSON object."""
    return {TOKEN_NAMES[i]: n for i, n in enumerate(pay) if n}


MEMO_LIMIT = 4096
"""A remembered-moves table is emptied when it reaches this many entries (memory stays bounded)."""


def take_moves(bank: list[int]) -> list[dict[str, Any]]:
    """Take 3 different (compulsory while 3 colours remain), 2 of one colour with ≥4, or fewer.

    The moves depend only on each colour's stack being empty, holding some, or holding enough
    to take two: `_TAKES_BY_STACKS` lists them by that, read through `_STACK_81` … `_STACK_1`
    (a bank's count → its kind times the colour's place value); gold is never taken.
    """
    try:
        stacks = _STACK_81[bank[0]] + _STACK_27[bank[1]] + _STACK_9[bank[2]] + _STACK_3[bank[3]] + _STACK_1[bank[4]]
    except KeyError:  # beyond any real bank (a test's made-up one)
        b0, b1, b2, b3, b4 = bank[:5]
        two = TWO_SAME_MIN
        stacks = ((0 if b0 <= 0 else 1 if b0 < two else 2) * 81 + (0 if b1 <= 0 else 1 if b1 < two else 2) * 27
                  + (0 if b2 <= 0 else 1 if b2 < two else 2) * 9 + (0 if b3 <= 0 else 1 if b3 < two else 2) * 3
                  + (0 if b4 <= 0 else 1 if b4 < two else 2))
    return _TAKES_BY_STACKS[stacks][:]


_STACK_KIND: dict[int, int] = {n: 0 if n <= 0 else 1 if n < TWO_SAME_MIN else 2 for n in range(16)}
"""A stack of ``n`` gems: 0 empty, 1 some, 2 enough to take two (every count a bank can hold)."""
_STACK_81, _STACK_27, _STACK_9, _STACK_3, _STACK_1 = (
    {n: kind * place for n, kind in _STACK_KIND.items()} for place in (81, 27, 9, 3, 1))


def _listed_takes(bank: list[int]) -> list[dict[str, Any]]:
    """The take moves of a bank, worked out."""
    moves = [TAKE_THREE[combo] for combo in different_colour_choices(bank, three_compulsory=True)]
    moves += [TAKE_TWO[i] for i in two_same_choices(bank)]
    return moves


_TAKES_BY_STACKS: list[list[dict[str, Any]]] = [
    _listed_takes([(0, 1, TWO_SAME_MIN)[kinds // 3 ** (4 - i) % 3] for i in range(5)] + [0])
    for kinds in range(3 ** 5)
]
"""The take moves of a bank by what they depend on: each colour's stack empty, holding some,
or holding enough to take two (3^5 kinds of bank: worked out once, at import)."""


def open_cards(state: SplendorState, seat_index: int) -> list[str]:
    """The face-up cards the seat may take (Strongholds: none that another seat's stand on)."""
    cards = face_up(state.market)
    return open_for(state, seat_index, cards) if state.strongholds else cards


def reserve_moves(state: SplendorState, seat: SeatState, cards: list[str] | None = None) -> list[dict[str, Any]]:
    """Reserve a market card or a deck top, while fewer than 3 are reserved.

    ``cards``: the seat's `open_cards`, when the caller has them already.
    """
    if len(seat.reserved) >= MAX_RESERVED:
        return []
    if cards is None:
        cards = open_cards(state, state.seats.index(seat))
    moves = [RESERVE_CARD[cid] for cid in cards]
    decks = state.decks
    if decks[0]:
        moves.append(RESERVE_DECK[0])
    if decks[1]:
        moves.append(RESERVE_DECK[1])
    if decks[2]:
        moves.append(RESERVE_DECK[2])
    return moves


_WEALTH_ROWS = 64
"""Wealth (bonuses + gems, or + wild) a colour can reach in a game, with room to spare: 18
cards and 7 gems of a colour, and 10 for the gold of Trading Post 3."""

COVERED: tuple[tuple[frozenset[str], ...], ...] = tuple(
    tuple(frozenset(cid for cid, cost in COSTS.items() if cost[colour] <= w) for w in range(_WEALTH_ROWS))
    for colour in range(5)
)
"""``COVERED[colour][w]``: the cards costing at most ``w`` of that colour. A seat covers a card
without gold when the card is in each colour's set at the seat's bonuses + gems of that colour;
it can afford it at all only if it is in each at bonuses + gems + its whole wild value."""


_TOP_COST = max(max(cost) for cost in COSTS.values())
"""The most any card costs of one colour (7): a wealth beyond it covers every card."""


def _pair_table(a: int, b: int) -> tuple[tuple[frozenset[str], ...], ...]:
    """``table[wa][wb]``: the cards costing at most ``wa`` of colour ``a`` and ``wb`` of ``b``
    (one set object per distinct pair of wealths up to `_TOP_COST`)."""
    top = _TOP_COST
    sets = {(x, y): COVERED[a][x] & COVERED[b][y] for x in range(top + 1) for y in range(top + 1)}
    return tuple(tuple(sets[min(x, top), min(y, top)] for y in range(_WEALTH_ROWS)) for x in range(_WEALTH_ROWS))


COVERED_01 = _pair_table(0, 1)
COVERED_23 = _pair_table(2, 3)
"""`COVERED` of white and blue, and of green and red, together: a card's test is then three
set lookups (white and blue, green and red, black) instead of five."""


def _covering(w0: int, w1: int, w2: int, w3: int, w4: int) -> tuple[frozenset[str], ...]:
    """The `COVERED_01`, `COVERED_23` and black `COVERED` sets at that wealth (a wealth past
    the tables covers every cost)."""
    top = _WEALTH_ROWS - 1
    return (COVERED_01[min(w0, top)][min(w1, top)], COVERED_23[min(w2, top)][min(w3, top)],
            COVERED[4][min(w4, top)])


def buy_moves(state: SplendorState, seat: SeatState, only: str | None = None,
              cards: list[str] | None = None) -> list[dict[str, Any]]:
    """Buy a market card or an own reserved card, once per distinct exact payment (``only``:
    that card alone; ``cards``: the seat's `open_cards`, when the caller has them already).

    This is the hot path of move generation: a card is covered without gold when it is in
    the precomputed sets at the seat's wealth in its colours (`COVERED_01`, `COVERED_23`,
    `COVERED`); with gold,
    the cards some colour could not reach even with all of it are passed over the same way,
    and the others' shortfall is counted colour by colour. The payments with gold come from
    `gold_payments`.
    """
    moves: list[dict[str, Any]] = []
    tokens = seat.tokens
    t0, t1, t2, t3, t4, gold = tokens
    b0, b1, b2, b3, b4 = seat.bonuses
    if only is not None:
        candidates = [only]
    else:
        if cards is None:
            cards = open_cards(state, state.seats.index(seat))
        candidates = cards + [r[0] for r in seat.reserved] if seat.reserved else cards
    w0, w1, w2, w3, w4 = b0 + t0, b1 + t1, b2 + t2, b3 + t3, b4 + t4
    if gold == 0:
        try:
            s01, s23, s4 = COVERED_01[w0][w1], COVERED_23[w2][w3], COVERED[4][w4]
        except IndexError:  # beyond any real game's wealth (a test's made-up seat)
            s01, s23, s4 = _covering(w0, w1, w2, w3, w4)
        for cid in candidates:
            if cid in s01 and cid in s23 and cid in s4:
                c0, c1, c2, c3, c4 = COSTS[cid]
                pay: dict[str, int] = {}
                if c0 > b0:
                    pay["white"] = c0 - b0
                if c1 > b1:
                    pay["blue"] = c1 - b1
                if c2 > b2:
                    pay["green"] = c2 - b2
                if c3 > b3:
                    pay["red"] = c3 - b3
                if c4 > b4:
                    pay["black"] = c4 - b4
                moves.append({"type": "buy", "card": cid, "pay": pay})
        return moves
    gold_double = GOLD_WORTH_TWO in seat.posts
    wild = gold * 2 if gold_double else gold
    try:
        s01, s23, s4 = COVERED_01[w0 + wild][w1 + wild], COVERED_23[w2 + wild][w3 + wild], COVERED[4][w4 + wild]
    except IndexError:
        s01, s23, s4 = _covering(w0 + wild, w1 + wild, w2 + wild, w3 + wild, w4 + wild)
    for cid in candidates:
        if not (cid in s01 and cid in s23 and cid in s4):
            continue
        c0, c1, c2, c3, c4 = COSTS[cid]
        short = ((c0 - w0 if c0 > w0 else 0) + (c1 - w1 if c1 > w1 else 0) + (c2 - w2 if c2 > w2 else 0)
                 + (c3 - w3 if c3 > w3 else 0) + (c4 - w4 if c4 > w4 else 0))
        if short > wild:
            continue
        n0 = c0 - b0 if c0 > b0 else 0
        n1 = c1 - b1 if c1 > b1 else 0
        n2 = c2 - b2 if c2 > b2 else 0
        n3 = c3 - b3 if c3 > b3 else 0
        n4 = c4 - b4 if c4 > b4 else 0
        if n0 + n1 + n2 + n3 + n4 == 0:
            moves.append({"type": "buy", "card": cid, "pay": {}})
            continue
        if short == gold and not gold_double:
            # all the gold fills the shortfall: the one exact payment (`gold_payments` would
            # list it alone) is every gem held up to what each colour owes, and the gold
            pay = {}
            if n0 and t0:
                pay["white"] = n0 if n0 < t0 else t0
            if n1 and t1:
                pay["blue"] = n1 if n1 < t1 else t1
            if n2 and t2:
                pay["green"] = n2 if n2 < t2 else t2
            if n3 and t3:
                pay["red"] = n3 if n3 < t3 else t3
            if n4 and t4:
                pay["black"] = n4 if n4 < t4 else t4
            pay["gold"] = gold
            moves.append({"type": "buy", "card": cid, "pay": pay})
            continue
        for pay in gold_payments((n0, n1, n2, n3, n4), tokens, gold_double):
            moves.append({"type": "buy", "card": cid, "pay": pay})
    return moves


_GOLD_PAYMENTS: dict[tuple[int, ...], tuple[dict[str, int], ...]] = {}
"""The payments met so far, by what they depend on: the owed gems, the gems held of each
colour up to what is owed of it, the gold held up to all that is owed, gold worth two."""


def gold_payments(need: tuple[int, int, int, int, int], tokens: list[int],
                  gold_double: bool) -> tuple[dict[str, int], ...]:
    """The JSON ``pay`` objects of every exact payment of ``need`` (some owed) with ``tokens``
    (some gold), least gold first; remembered, as enumerating them is the costly part of
    listing purchases. The objects are shared by the moves listing them: read-only. (Tuples of
    ints and dicts of ints are not tracked by the garbage collector, so the table costs it
    nothing.)

    Gems held beyond what a colour owes, and gold beyond the whole amount owed, change no
    payment (no token is superfluous), so the table is keyed without them: games share more.
    """
    n0, n1, n2, n3, n4 = need
    t0, t1, t2, t3, t4, gold = tokens
    owed_total = n0 + n1 + n2 + n3 + n4
    key = (n0, n1, n2, n3, n4, t0 if t0 < n0 else n0, t1 if t1 < n1 else n1, t2 if t2 < n2 else n2,
           t3 if t3 < n3 else n3, t4 if t4 < n4 else n4, gold if gold < owed_total else owed_total, gold_double)
    found = _GOLD_PAYMENTS.get(key)
    if found is None:
        if len(_GOLD_PAYMENTS) >= MEMO_LIMIT:
            _GOLD_PAYMENTS.clear()
        owe = list(need)
        held = list(key[5:11])
        if gold_double:
            found = tuple(pay_json(payment) for payment in exact_payments_gold_double(owe, held))
        else:
            found = exact_payment_objects(owe, held)
        _GOLD_PAYMENTS[key] = found
    return found


_RETURN: dict[tuple[int, ...], dict[str, Any]] = {}
"""The return move of each way of giving back (six counts; a few hundred at most: what is
given back is the excess over the limit, three at most after one action)."""


_RETURNS: dict[tuple[int, ...], tuple[dict[str, Any], ...]] = {}
"""The return moves of each (tokens held, each kind up to the excess; excess) met so far: a
kind held beyond the excess gives back no other way, so games share them (a few hundred keys
at most: the excess is three at most after one action)."""


def return_moves(tokens: list[int], excess: int) -> list[dict[str, Any]]:
    """Every way to give back exactly ``excess`` tokens from those held (shared moves)."""
    t0, t1, t2, t3, t4, t5 = tokens
    key = (t0 if t0 < excess else excess, t1 if t1 < excess else excess, t2 if t2 < excess else excess,
           t3 if t3 < excess else excess, t4 if t4 < excess else excess, t5 if t5 < excess else excess, excess)
    found = _RETURNS.get(key)
    if found is None:
        if len(_RETURNS) >= MEMO_LIMIT:
            _RETURNS.clear()
        moves = []
        for counts in return_choices(tokens, excess):
            way = tuple(counts)
            move = _RETURN.get(way)
            if move is None:
                if len(_RETURN) >= MEMO_LIMIT:
                    _RETURN.clear()
                move = _RETURN[way] = {"type": "return", "gems": pay_json(counts)}
            moves.append(move)
        found = _RETURNS[key] = tuple(moves)
    return list(found)


def qualifying_nobles(state: SplendorState, seat: SeatState) -> list[str]:
    """The nobles on the table whose needs the seat's bonuses meet."""
    b0, b1, b2, b3, b4 = seat.bonuses
    out = []
    for nid in state.nobles:
        n0, n1, n2, n3, n4 = NOBLE_NEEDS[nid]
        if b0 >= n0 and b1 >= n1 and b2 >= n2 and b3 >= n3 and b4 >= n4:
            out.append(nid)
    return out


NOBLE_NEEDS: dict[str, tuple[int, int, int, int, int]] = {nid: noble.needs for nid, noble in NOBLES.items()}


SKIP: dict[str, Any] = {"type": "skip"}


def choice_moves(state: SplendorState, seat_index: int) -> list[dict[str, Any]]:
    """The moves of a pending decision (every phase but the action)."""
    seat = state.seats[seat_index]
    phase = state.phase
    if phase == STRONGHOLD:  # the most frequent decision with Strongholds on
        return stronghold_options(state, seat_index)
    if phase == RETURN:
        return return_moves(seat.tokens, sum(seat.tokens) - MAX_TOKENS)
    if phase == NOBLE:
        return [{"type": "noble", "noble": nid} for nid in state.pending["nobles"]]
    if phase == GEM:
        return [{"type": "gem", "gem": c} for c in state.pending["gems"]]
    if phase == KEEP:
        return [{"type": "keep", "card": cid} for cid in state.pending["keep"]["cards"]]
    if phase == CONQUEST:
        return buy_moves(state, seat, only=state.pending["conquest"]) + [SKIP]
    if phase == POST:
        return [{"type": "post", "post": n} for n in state.pending["posts"]]
    raise AssertionError(f"unknown phase {phase!r}")


def legal_moves(state: SplendorState, seat_index: int) -> list[dict[str, Any]]:
    """Every legal move of ``seat_index`` now."""
    if state.ended or seat_index != state.current:
        return []
    if state.phase != ACTION:
        return choice_moves(state, seat_index)
    seat = state.seats[seat_index]
    cards = open_cards(state, seat_index)  # listed once for reserving and buying
    moves = take_moves(state.bank)
    moves += reserve_moves(state, seat, cards)
    moves += buy_moves(state, seat, cards=cards)
    if not moves:
        moves.append(PASS)
    return moves
