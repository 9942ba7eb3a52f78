"""Applying a legal Guild move and the end of a turn: pouch limit, commission, game end.

Events are safe for every seat: they never name the colours in a pouch nor which
workshop a seat reserved (only that it reserved one).
"""

from __future__ import annotations

from typing import Any

from ..gems.cards import CARD_JSON, CARDS, NOBLE_JSON, NOBLES
from ..gems.colors import GOLD
from ..gems.market import take_from_market
from ..gems.payments import automatic_payment, owed
from .moves import POUCH_LIMIT, TOKEN_NAMES
from .state import ACTION, OVER, RETURN, GuildState

WINNING_POINTS = 16
ROUND_LIMIT = 40

Event = dict[str, Any]


TOKEN_INDEX: dict[str, int] = {name: i for i, name in enumerate(TOKEN_NAMES)}
COMMISSION_NEEDS: dict[str, tuple[int, int, int, int, int]] = {nid: n.needs for nid, n in NOBLES.items()}


def _counts(gems: dict[str, int]) -> list[int]:
    out = [0] * 6
    for name, n in gems.items():
        out[TOKEN_INDEX[name]] = n
    return out


def _refill(state: GuildState, card_id: str, events: list[Event]) -> bool:
    taken = take_from_market(state.market, state.decks, card_id)
    if taken is None:
        return False
    tier, slot, new = taken
    events.append({"type": "refill", "tier": tier, "slot": slot, "workshop": dict(CARD_JSON[new]) if new else None})
    return True


def apply(state: GuildState, seat_index: int, move: dict[str, Any]) -> list[Event]:
    """Apply a listed move; return public-safe events."""
    seat = state.seats[seat_index]
    kind = move["type"]
    events: list[Event] = []
    if kind == "collect":
        supply, pouch = state.supply, seat.pouch
        count = 0
        for name, n in move["gems"].items():
            i = TOKEN_INDEX[name]
            supply[i] -= n
            pouch[i] += n
            count += n
        events.append({"type": "collect", "seat": seat_index, "count": count})
    elif kind == "reserve":
        cid = move["workshop"]
        events.append({"type": "reserve", "seat": seat_index})
        _refill(state, cid, events)
        seat.reserved.append(cid)
        if state.supply[GOLD] > 0:
            state.supply[GOLD] -= 1
            seat.pouch[GOLD] += 1
            events.append({"type": "star_sand", "seat": seat_index})
    elif kind == "build":
        cid = move["workshop"]
        card = CARDS[cid]
        pay = automatic_payment(owed(card.cost, seat.bonuses), seat.pouch)
        assert pay is not None
        for i in range(6):
            seat.pouch[i] -= pay[i]
            state.supply[i] += pay[i]
        from_reserve = not _refill(state, cid, events)
        if from_reserve:
            seat.reserved.remove(cid)
        events.insert(0, {"type": "build", "seat": seat_index, "workshop": dict(CARD_JSON[cid]),
                          "from_reservation": from_reserve, "spent": sum(pay)})
        seat.workshops.append(cid)
        seat.bonuses[card.color] += 1
        seat.points += card.points
    elif kind == "return":
        gems = _counts(move["gems"])
        for i in range(6):
            seat.pouch[i] -= gems[i]
            state.supply[i] += gems[i]
        events.append({"type": "return", "seat": seat_index, "count": sum(gems)})
        state.phase = ACTION
        return _end_turn(state, seat_index, events)
    elif kind == "pass":
        events.append({"type": "pass", "seat": seat_index})
    else:
        raise AssertionError(f"unlisted move reached apply: {move!r}")
    if sum(seat.pouch) > POUCH_LIMIT:
        state.phase = RETURN
        return events
    return _end_turn(state, seat_index, events)


def _end_turn(state: GuildState, seat_index: int, events: list[Event]) -> list[Event]:
    """The first eligible commission in table order; 16 points; the round and the game end."""
    seat = state.seats[seat_index]
    b0, b1, b2, b3, b4 = seat.bonuses
    for nid in state.commissions:
        n0, n1, n2, n3, n4 = COMMISSION_NEEDS[nid]
        if b0 >= n0 and b1 >= n1 and b2 >= n2 and b3 >= n3 and b4 >= n4:
            state.commissions.remove(nid)
            seat.commissions.append(nid)
            seat.points += NOBLES[nid].points
            events.append({"type": "commission", "seat": seat_index, "commission": dict(NOBLE_JSON[nid])})
            break
    if not state.final_round and seat.points >= WINNING_POINTS:
        state.final_round = True
        events.append({"type": "final_round", "seat": seat_index})
    nxt = (seat_index + 1) % state.players
    if nxt == 0:
        if state.final_round or state.round >= ROUND_LIMIT:
            from .scoring import result

            state.ended = True
            state.phase = OVER
            events.append({"type": "game_over", "result": result(state)})
            return events
        state.round += 1
    state.current = nxt
    state.phase = ACTION
    return events
