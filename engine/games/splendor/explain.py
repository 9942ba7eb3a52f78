"""Why a move is refused: a reason naming the rule, for every way a move can be wrong.

Only called on the slow path, after a move was not found among the legal moves.
"""

from __future__ import annotations

from typing import Any

from ..gems.cards import CARDS
from ..gems.colors import COLORS, GOLD, TOKEN_NAMES
from ..gems.payments import can_afford, owed
from ..gems.taking import TWO_SAME_MIN
from ..refusals import envelope_reason
from .moves import MAX_RESERVED, MAX_TOKENS
from .posts import GOLD_WORTH_TWO
from .state import CONQUEST, GEM, KEEP, NOBLE, POST, RETURN, STRONGHOLD, SeatState, SplendorState
from .strongholds import blocked_for

FIELDS = {
    "take": {"type", "gems"},
    "reserve": {"type", "card", "tier"},
    "buy": {"type", "card", "pay"},
    "return": {"type", "gems"},
    "noble": {"type", "noble"},
    "pass": {"type"},
    "gem": {"type", "gem"},
    "keep": {"type", "card"},
    "stronghold": {"type", "action", "card", "from"},
    "skip": {"type"},
    "post": {"type", "post"},
}

WAITING_FOR = {
    GEM: ("gem", "first choose the extra gem your Trading Post gives"),
    KEEP: ("keep", "first choose which of the two drawn cards you keep"),
    STRONGHOLD: ("stronghold", "first place, move or remove a stronghold: each purchase earns one stronghold action"),
    CONQUEST: ("buy", "first buy the conquered card or skip the conquest"),
    POST: ("post", "first choose which Trading Post you earn"),
}


def _counts(value: Any, what: str, allowed: tuple[str, ...]) -> list[int] | str:
    """Parse a colour → count object; a reason string if it is malformed."""
    if type(value) is not dict:
        return f"'{what}' must be an object of colour → count"
    out = [0] * 6
    for name, n in value.items():
        if name not in allowed:
            if name == "gold" and "gold" not in allowed:
                return "gold cannot be taken: it comes only with a reservation"
            return f"'{name}' is not a token colour"
        if type(n) is not int:
            return f"the count of {name} must be a whole number"
        if n <= 0:
            return f"the count of {name} must be positive (leave out colours you do not use)"
        out[TOKEN_NAMES.index(name)] = n
    return out


def _missing(need: list[int], pay: list[int]) -> str:
    return ", ".join(f"{n} {COLORS[i]}" for i, n in enumerate(need) if n)


def explain(state: SplendorState, seat_index: int, move: Any) -> str:
    """A sentence saying which rule ``move`` breaks."""
    reason = envelope_reason(state.ended, seat_index == state.current, seat_index, move, FIELDS,
                             optional=frozenset({"card", "tier", "pay", "from"}))
    if reason and type(move) is dict and move.get("type") in ("discard", "unreserve"):
        return "you cannot discard reservations: a reserved card leaves your reserve only when you buy it"
    if reason:
        return reason
    kind = move["type"]
    seat = state.seats[seat_index]
    if state.phase == RETURN and kind != "return":
        excess = sum(seat.tokens) - MAX_TOKENS
        return f"you hold {sum(seat.tokens)} tokens: first return {excess} to get down to {MAX_TOKENS}"
    if state.phase == NOBLE and kind != "noble":
        return "several nobles qualify: first choose which one visits"
    if state.phase in WAITING_FOR:
        wanted, reason = WAITING_FOR[state.phase]
        if kind != wanted and not (state.phase == CONQUEST and kind == "skip"):
            return reason
    elif kind in ("gem", "keep", "stronghold", "skip", "post"):
        return f"there is no {kind} decision to make now"
    if kind == "gem":
        return f"the extra gem must be one of: {', '.join(state.pending['gems'])}"
    if kind == "keep":
        return "keep one of the two cards you drew"
    if kind == "post":
        return f"the Trading Post must be one you qualify for: {', '.join(map(str, state.pending['posts']))}"
    if kind == "stronghold":
        return _explain_stronghold(state, seat_index, move)
    if state.phase == CONQUEST and kind == "buy" and move.get("card") != state.pending["conquest"]:
        return f"the conquest purchase is card {state.pending['conquest']}, the one holding your three strongholds"
    if kind == "take":
        return _explain_take(state, move)
    if kind == "reserve":
        return _explain_reserve(state, seat, move)
    if kind == "buy":
        return _explain_buy(state, seat, move)
    if kind == "return":
        return _explain_return(state, seat, move)
    if kind == "noble":
        if state.phase != NOBLE:
            return "there is no noble to choose now"
        return f"{move.get('noble')!r} is not one of the nobles that qualify: {', '.join(state.pending_nobles)}"
    return "you may pass only when you have no other legal move"


def _explain_take(state: SplendorState, move: dict[str, Any]) -> str:
    gems = _counts(move.get("gems"), "gems", COLORS)
    if isinstance(gems, str):
        return gems
    total = sum(gems)
    colours = [i for i in range(5) if gems[i]]
    if total == 0:
        return "take at least one gem"
    for i in colours:
        if state.bank[i] < gems[i]:
            return f"the bank holds only {state.bank[i]} {COLORS[i]}"
    if max(gems) == 2:
        if len(colours) > 1:
            return "take three different colours, or two of one colour — not both"
        i = colours[0]
        return f"two {COLORS[i]} need at least {TWO_SAME_MIN} in the stack before taking (there are {state.bank[i]})"
    if max(gems) > 2:
        return "take at most two gems of one colour"
    if len(colours) > 3:
        return "take at most three gems"
    available = sum(1 for i in range(5) if state.bank[i] > 0)
    if len(colours) < 3 and available >= 3:
        return "you must take three different colours while at least three colours remain"
    if len(colours) < available and len(colours) < 3:
        return f"take one each of the {available} colours that remain, or fewer only when fewer remain"
    return "that is not a legal way to take gems"


def _explain_reserve(state: SplendorState, seat: SeatState, move: dict[str, Any]) -> str:
    has_card, has_tier = "card" in move, "tier" in move
    if has_card == has_tier:
        return "reserve names either a market 'card' or a deck 'tier', not both or neither"
    if len(seat.reserved) >= MAX_RESERVED:
        return f"you may hold at most {MAX_RESERVED} reserved cards"
    if has_tier:
        tier = move["tier"]
        if type(tier) is not int or tier not in (1, 2, 3):
            return "the deck 'tier' must be 1, 2 or 3"
        return f"the tier {tier} deck is empty"
    cid = move["card"]
    if type(cid) is not str or cid not in CARDS:
        return f"there is no card {cid!r}"
    if blocked_for(state, state.current, cid):
        return f"card {cid} holds another seat's strongholds: only their owner may buy or reserve it"
    return f"card {cid} is not face up in the market"


def _explain_buy(state: SplendorState, seat: SeatState, move: dict[str, Any]) -> str:
    cid = move.get("card")
    if type(cid) is not str or cid not in CARDS:
        return f"there is no card {cid!r}"
    in_market = any(cid in row for row in state.market)
    mine = any(r[0] == cid for r in seat.reserved)
    if not in_market and not mine:
        return f"card {cid} is neither in the market nor among your reserved cards"
    if in_market and blocked_for(state, state.current, cid):
        return f"card {cid} holds another seat's strongholds: only their owner may buy or reserve it"
    if "pay" not in move:
        return "a buy move must state its payment in 'pay'"
    pay = _counts(move["pay"], "pay", TOKEN_NAMES)
    if isinstance(pay, str):
        return pay
    need = owed(CARDS[cid].cost, seat.bonuses)
    if GOLD_WORTH_TWO in seat.posts:
        return _explain_buy_gold_double(cid, need, seat.tokens, pay)
    if not can_afford(need, seat.tokens):
        short = sum(max(0, need[i] - seat.tokens[i]) for i in range(5)) - seat.tokens[GOLD]
        return (f"you cannot afford card {cid}: after your bonuses it costs {_missing(need, pay) or 'nothing'}, "
                f"and you are {short} token(s) short")
    for i in range(6):
        if pay[i] > seat.tokens[i]:
            return f"you hold only {seat.tokens[i]} {TOKEN_NAMES[i]}"
    for i in range(5):
        if pay[i] > need[i]:
            return f"that payment gives too much {COLORS[i]}: no change is given"
    shortfall = sum(need[i] - pay[i] for i in range(5))
    if pay[GOLD] < shortfall:
        return f"that payment does not cover the cost: {shortfall - pay[GOLD]} more needed"
    if pay[GOLD] > shortfall:
        return "that payment spends more gold than needed: no change is given"
    return "that payment is not exact"


def _explain_buy_gold_double(cid: str, need: list[int], held: list[int], pay: list[int]) -> str:
    """The reason with Trading Post 3: each gold counts as 2 gems of the same colour."""
    rule = "with Trading Post 3 each gold counts as 2 gems of the same colour"

    def golds(gems: list[int]) -> int:  # gold needed beside these gems
        return sum((need[i] - gems[i] + 1) // 2 for i in range(5) if need[i] > gems[i])

    if golds(held) > held[GOLD]:
        return f"you cannot afford card {cid}: after your bonuses it costs {_missing(need, pay) or 'nothing'} ({rule})"
    for i in range(6):
        if pay[i] > held[i]:
            return f"you hold only {held[i]} {TOKEN_NAMES[i]}"
    for i in range(5):
        if pay[i] > need[i]:
            return f"that payment gives too much {COLORS[i]}: no change is given"
    if pay[GOLD] < golds(pay):
        return f"that payment does not cover the cost: {golds(pay) - pay[GOLD]} more gold needed ({rule})"
    return (f"that payment holds a superfluous token: {rule}, so pay no gold beyond the cost "
            "and no gem that a gold already covers")


def _explain_return(state: SplendorState, seat: SeatState, move: dict[str, Any]) -> str:
    if state.phase != RETURN:
        return f"you hold {sum(seat.tokens)} tokens: nothing to return (the limit is {MAX_TOKENS})"
    gems = _counts(move.get("gems"), "gems", TOKEN_NAMES)
    if isinstance(gems, str):
        return gems
    excess = sum(seat.tokens) - MAX_TOKENS
    for i in range(6):
        if gems[i] > seat.tokens[i]:
            return f"you hold only {seat.tokens[i]} {TOKEN_NAMES[i]}"
    if sum(gems) != excess:
        return f"return exactly {excess} token(s) to get down to {MAX_TOKENS}"
    return "that is not a legal return"


def _explain_stronghold(state: SplendorState, seat_index: int, move: dict[str, Any]) -> str:
    action = move.get("action")
    if action not in ("place", "move", "remove"):
        return "a stronghold action is 'place', 'move' or 'remove'"
    cid = move.get("card")
    if type(cid) is not str or cid not in CARDS:
        return f"there is no card {cid!r}"
    if action == "remove":
        held = state.strongholds.get(cid)
        if held is None or held[0] == seat_index:
            return f"card {cid} holds no stronghold of another seat"
        return "you may remove only a lone stronghold of another seat (a card holding exactly one)"
    if blocked_for(state, seat_index, cid):
        return f"card {cid} holds another seat's strongholds"
    if action == "place" and state.seats[seat_index].strongholds == 0:
        return "all three of your strongholds are on the table: move one instead"
    if action == "move":
        source = move.get("from")
        held = state.strongholds.get(source) if type(source) is str else None
        if held is None or held[0] != seat_index:
            return "you may move only one of your own strongholds"
        if source == cid:
            return "move the stronghold to another card (it already stands on this one)"
    return f"card {cid} is not face up in the market"
