"""The market shared by the gem games: three shuffled decks, four face-up cards a tier."""

from __future__ import annotations

from ...rng import Rng
from .cards import TIERS, card_ids_of_tier

SLOTS = 4


def deal(rng: Rng) -> tuple[list[list[str]], list[list[str | None]]]:
    """Shuffle each tier's deck and lay out four cards of it; the top of a deck is its last card."""
    decks: list[list[str]] = []
    market: list[list[str | None]] = []
    for t in TIERS:
        deck = card_ids_of_tier(t)
        rng.shuffle(deck)
        market.append([deck.pop() for _ in range(SLOTS)])
        decks.append(deck)
    return decks, market


def take_from_market(
    market: list[list[str | None]], decks: list[list[str]], card_id: str
) -> tuple[int, int, str | None] | None:
    """Remove a face-up card and refill its slot from its deck at once (empty deck: empty slot).

    Returns ``(tier, slot, new card id or None)``, or ``None`` if the card is not face up.
    """
    for t, row in enumerate(market):
        for slot, cid in enumerate(row):
            if cid == card_id:
                return t + 1, slot, refill_slot(market, decks, t, slot)
    return None


def refill_slot(market: list[list[str | None]], decks: list[list[str]], t: int, slot: int) -> str | None:
    """Deal the top of deck ``t`` (a tier's index) into that row's ``slot``; empty deck: empty slot.

    Returns the new card id or None.
    """
    deck = decks[t]
    new = deck.pop() if deck else None
    market[t][slot] = new
    return new


def face_up(market: list[list[str | None]]) -> list[str]:
    """The ids of the face-up cards, tier 1 first.

    Called for every listing of moves, so the rows are joined in one step and only tested
    for an empty slot in C (`all`: an id is never empty, and telling it from ``None`` by truth
    is cheaper than by comparison).
    """
    first, second, third = market
    cards = [*first, *second, *third]
    while not all(cards):  # a slot waiting for its refill, or a tier whose deck ran out
        cards.remove(None)
    return cards  # type: ignore[return-value]  # no empty slot left: every entry is an id
