"""Applying a legal move, and the end of a turn: token return, noble visit, game end."""

from __future__ import annotations

from typing import Any

from ..gems.cards import CARD_JSON, CARDS, NOBLE_JSON, NOBLES
from ..gems.colors import COLOR_INDEX, GOLD
from ..gems.market import take_from_market
from .moves import MAX_TOKENS, qualifying_nobles
from .state import ACTION, NOBLE, OVER, RETURN, SplendorState

WINNING_PRESTIGE = 15

Event = dict[str, Any]


def _counts(gems: dict[str, int]) -> list[int]:
    out = [0] * 6
    for name, n in gems.items():
        out[COLOR_INDEX[name]] = n
    return out


def _take_from_market(state: SplendorState, card_id: str, events: list[Event]) -> bool:
    """Remove a card from the market and refill its slot from the deck; False if absent."""
    taken = take_from_market(state.market, state.decks, card_id)
    if taken is None:
        return False
    tier, slot, new = taken
    events.append({"type": "refill", "tier": tier, "slot": slot, "card": dict(CARD_JSON[new]) if new else None})
    return True


def apply(state: SplendorState, seat_index: int, move: dict[str, Any]) -> list[Event]:
    """Apply a move that `legal_moves` listed; return the events (public-safe)."""
    kind = move["type"]
    seat = state.seats[seat_index]
    events: list[Event] = []
    if kind == "take":
        gems = _counts(move["gems"])
        for i in range(5):
            state.bank[i] -= gems[i]
            seat.tokens[i] += gems[i]
        state.passes = 0
        events.append({"type": "take", "seat": seat_index, "gems": dict(move["gems"])})
        return _after_action(state, seat_index, events)
    if kind == "reserve":
        state.passes = 0
        if "card" in move:
            cid = move["card"]
            events.append({"type": "reserve", "seat": seat_index, "card": dict(CARD_JSON[cid])})
            _take_from_market(state, cid, events)
            seat.reserved.append([cid, False])
        else:
            tier = move["tier"]
            cid = state.decks[tier - 1].pop()
            seat.reserved.append([cid, True])
            events.append({"type": "reserve", "seat": seat_index, "tier": tier})
        if state.bank[GOLD] > 0:
            state.bank[GOLD] -= 1
            seat.tokens[GOLD] += 1
            events.append({"type": "gold", "seat": seat_index})
        return _after_action(state, seat_index, events)
    if kind == "buy":
        state.passes = 0
        cid = move["card"]
        pay = _counts(move["pay"])
        for i in range(6):
            seat.tokens[i] -= pay[i]
            state.bank[i] += pay[i]
        events.append({"type": "buy", "seat": seat_index, "card": dict(CARD_JSON[cid]),
                       "pay": dict(move["pay"])})
        if not _take_from_market(state, cid, events):
            seat.reserved = [r for r in seat.reserved if r[0] != cid]
        card = CARDS[cid]
        seat.cards.append(cid)
        seat.bonuses[card.color] += 1
        seat.prestige += card.points
        return _after_action(state, seat_index, events)
    if kind == "pass":
        state.passes += 1
        events.append({"type": "pass", "seat": seat_index})
        return _after_action(state, seat_index, events)
    if kind == "return":
        gems = _counts(move["gems"])
        for i in range(6):
            seat.tokens[i] -= gems[i]
            state.bank[i] += gems[i]
        events.append({"type": "return", "seat": seat_index, "gems": dict(move["gems"])})
        state.phase = ACTION
        return _noble_visit(state, seat_index, events)
    if kind == "noble":
        state.pending_nobles = []
        state.phase = ACTION
        _visit(state, seat_index, move["noble"], events)
        return _end_turn(state, seat_index, events)
    raise AssertionError(f"unlisted move reached apply: {move!r}")


def _after_action(state: SplendorState, seat_index: int, events: list[Event]) -> list[Event]:
    """End of turn, step 1: return tokens down to 10 (a required choice)."""
    if sum(state.seats[seat_index].tokens) > MAX_TOKENS:
        state.phase = RETURN
        return events
    return _noble_visit(state, seat_index, events)


def _noble_visit(state: SplendorState, seat_index: int, events: list[Event]) -> list[Event]:
    """End of turn, step 2: one noble visits if any qualifies; the seat chooses among several."""
    nobles = qualifying_nobles(state, state.seats[seat_index])
    if len(nobles) > 1:
        state.phase = NOBLE
        state.pending_nobles = nobles
        return events
    if nobles:
        _visit(state, seat_index, nobles[0], events)
    return _end_turn(state, seat_index, events)


def _visit(state: SplendorState, seat_index: int, noble_id: str, events: list[Event]) -> None:
    state.nobles.remove(noble_id)
    seat = state.seats[seat_index]
    seat.nobles.append(noble_id)
    seat.prestige += NOBLES[noble_id].points
    events.append({"type": "noble", "seat": seat_index, "noble": dict(NOBLE_JSON[noble_id])})


def _end_turn(state: SplendorState, seat_index: int, events: list[Event]) -> list[Event]:
    """Step 3: 15 prestige starts the final round; the game ends when the round completes."""
    if not state.final_round and state.seats[seat_index].prestige >= WINNING_PRESTIGE:
        state.final_round = True
        events.append({"type": "final_round", "seat": seat_index})
    if state.passes >= state.players:
        # every seat passed in one full round (this turn's noble visit still took place)
        return _end_game(state, events)
    nxt = (seat_index + 1) % state.players
    if nxt == 0:
        if state.final_round:
            return _end_game(state, events)
        state.round += 1
    state.current = nxt
    state.phase = ACTION
    return events


def _end_game(state: SplendorState, events: list[Event]) -> list[Event]:
    from .scoring import result

    state.ended = True
    state.phase = OVER
    events.append({"type": "game_over", "result": result(state)})
    return events
