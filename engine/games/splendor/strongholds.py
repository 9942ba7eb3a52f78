"""The Strongholds module (2025 edition): three per seat, placed on market cards.

After each purchase the buyer must place one from its supply, move one of its own on the
table, or remove a lone stronghold of another seat, when any of these is possible. A card
holding strongholds can be bought or reserved only by their owner, who takes them back.
Three of one's strongholds on one card allow one extra purchase of it: the conquest.
"""

from __future__ import annotations

from typing import Any

from ..gems.cards import CARDS
from ..gems.market import face_up
from .state import SplendorState

PER_SEAT = 3


def open_for(state: SplendorState, seat_index: int, cards: list[str]) -> list[str]:
    """Those of ``cards`` on which no other seat's strongholds stand (this seat may take them).

    ``cards`` is a list of the caller's own (a fresh `face_up`): the blocked cards are taken
    out of it in place and it is returned (the others keep their order). Only the few cards
    holding strongholds are looked at, not every card, each with one search of ``cards``.
    """
    for cid, on in state.strongholds.items():
        if on[0] != seat_index:
            try:
                cards.remove(cid)
            except ValueError:  # not among ``cards`` (a card face up always is)
                continue
    return cards


def blocked_for(state: SplendorState, seat_index: int, card_id: str) -> bool:
    """True when another seat's strongholds stand on the card (so this seat may not take it)."""
    return not open_for(state, seat_index, [card_id])


PLACE: dict[str, dict[str, Any]] = {cid: {"type": "stronghold", "action": "place", "card": cid} for cid in CARDS}
"""The place move of each card (shared by the listings: read-only)."""

REMOVE: dict[str, dict[str, Any]] = {cid: {"type": "stronghold", "action": "remove", "card": cid} for cid in CARDS}
"""The remove move of each card (shared by the listings: read-only)."""


def options(state: SplendorState, seat_index: int) -> list[dict[str, Any]]:
    """Every stronghold action open to the seat after a purchase (empty: none is possible):
    place on each open card, move each own stronghold to each other open card, remove each
    lone stronghold of another seat, in that order."""
    held = state.strongholds
    cards = open_for(state, seat_index, face_up(state.market))
    out = [PLACE[cid] for cid in cards] if state.seats[seat_index].strongholds > 0 else []
    removes: list[dict[str, Any]] = []  # listed last, found in the same pass
    for source, (owner, count) in held.items():
        if owner == seat_index:
            # to each open card but its own: each move a copy of the source's move with its
            # card set (the same key order; a copy and a store cost less than a new dict)
            base = {"type": "stronghold", "action": "move", "from": source, "card": source}
            for cid in cards:
                if cid != source:
                    move = base.copy()
                    move["card"] = cid
                    out.append(move)
        elif count == 1:
            removes.append(REMOVE[source])
    out += removes
    return out


def has_options(state: SplendorState, seat_index: int) -> bool:
    """True when `options` would list some action (found without listing them): a place
    needs a stronghold in the supply and an open card; a move an own stronghold and an open
    card other than its own (the open cards are distinct); a remove another seat's lone one.

    The open cards are counted, not listed: strongholds stand only on face-up cards, so they
    are the face-up cards less those holding another seat's strongholds.
    """
    held = state.strongholds
    blocked = 0
    own = False
    for _cid, (owner, count) in held.items():
        if owner != seat_index:
            if count == 1:
                return True
            blocked += 1
        else:
            own = True
    first, second, third = state.market
    slots = [*first, *second, *third]
    open_count = len(slots) - slots.count(None) - blocked
    if open_count <= 0:
        return False
    if state.seats[seat_index].strongholds > 0:
        return True
    if open_count > 1:
        return own
    only = open_for(state, seat_index, face_up(state.market))[0]
    return any(owner == seat_index and source != only for source, (owner, _count) in held.items())


def place(state: SplendorState, seat_index: int, card_id: str) -> None:
    """Put one stronghold of the seat on a card (from its supply or moved by the caller)."""
    held = state.strongholds.get(card_id)
    if held is None:
        state.strongholds[card_id] = [seat_index, 1]
    else:
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
