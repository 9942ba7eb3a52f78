"""The Strongholds module (2025 edition): three per seat, placed on market cards.

After each purchase the buyer must place one from its supply, move one of its own on the
table, or remove a lone stronghold of another seat, when any of these is possible. A card
holding strongholds can be bought or reserved only by their owner, who takes them back.
Three of one's strongholds on one card allow one extra purchase of it: the conquest.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..gems.market import face_up
from .state import SplendorState

PER_SEAT = 3


def open_for(state: SplendorState, seat_index: int, cards: list[str]) -> list[str]:
    """Those of ``cards`` on which no other seat's strongholds stand (this seat may take them).

    The few cards holding strongholds are looked at, not every card: the blocked ones are taken
    out of a copy (the others keep their order).
    """
    held = state.strongholds
    if not held:
        return cards
    out = cards
    for cid, on in held.items():
        if on[0] != seat_index and cid in out:
            if out is cards:
                out = cards[:]
            out.remove(cid)
    return out


def blocked_for(state: SplendorState, seat_index: int, card_id: str) -> bool:
    """True when another seat's strongholds stand on the card (so this seat may not take it)."""
    return not open_for(state, seat_index, [card_id])


def _actions(state: SplendorState, seat_index: int) -> Iterator[dict[str, Any]]:
    """Every stronghold action open to the seat after a purchase, in the listed order, one at
    a time (so that whether there is any needs only the first)."""
    seat = state.seats[seat_index]
    open_cards = open_for(state, seat_index, face_up(state.market))
    if seat.strongholds > 0:
        for cid in open_cards:
            yield {"type": "stronghold", "action": "place", "card": cid}
    for source, (owner, _count) in state.strongholds.items():
        if owner == seat_index:
            for cid in open_cards:
                if cid != source:
                    yield {"type": "stronghold", "action": "move", "from": source, "card": cid}
    for cid, (owner, count) in state.strongholds.items():
        if owner != seat_index and count == 1:
            yield {"type": "stronghold", "action": "remove", "card": cid}


def options(state: SplendorState, seat_index: int) -> list[dict[str, Any]]:
    """Every stronghold action open to the seat after a purchase (empty: none is possible)."""
    return list(_actions(state, seat_index))


def has_options(state: SplendorState, seat_index: int) -> bool:
    """True when `options` would list some action (found without listing them all)."""
    return next(_actions(state, seat_index), None) is not None


def place(state: SplendorState, seat_index: int, card_id: str) -> None:
    """Put one stronghold of the seat on a card (from its supply or moved by the caller)."""
    held = state.strongholds.setdefault(card_id, [seat_index, 0])
    held[1] += 1


def lift(state: SplendorState, card_id: str) -> int:
    """Take one stronghold off a card; return its owner."""
    held = state.strongholds[card_id]
    held[1] -= 1
    if held[1] == 0:
        del state.strongholds[card_id]
    return held[0]


def send_home(state: SplendorState, card_id: str) -> list[int] | None:
    """A card leaves the market: its strongholds go back to their owner. Returns [owner, count]."""
    held = state.strongholds.pop(card_id, None)
    if held is not None:
        state.seats[held[0]].strongholds += held[1]
    return held


def conquest_card(state: SplendorState, seat_index: int) -> str | None:
    """The face-up card holding all three of the seat's strongholds, if any."""
    for cid, (owner, count) in state.strongholds.items():
        if owner == seat_index and count == PER_SEAT:
            return cid
    return None
