"""Each game's hidden information, as the contract test (tests/test_contract.py) probes it.

For a position, `variants(match)` gives copies of the match that differ from it only in
something hidden: one seat's private data (``owner`` = that seat) or something nobody may
see, such as the order of a face-down deck (``owner`` = None). Redaction at the source means
every seat other than the owner, and the public view, cannot tell the copy from the original:
their views and legal moves are byte-identical, while the owner's own view shows the change.

A new game adds one function here, named in `HIDDEN`, that makes such copies from its
state (the same changes its own privacy tests make by hand).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import engine

Variant = tuple[int | None, str, engine.Match]  # owner (None: nobody), what differs, the copy


def copy_of(match: engine.Match) -> engine.Match:
    """An independent copy of ``match``: its state through the game's own ``to_json`` and
    ``from_json`` (and JSON text), nothing cached. Cheaper than `engine.restore`, which
    replays the whole log."""
    rules = match._rules
    state = rules.from_json(json.loads(json.dumps(rules.to_json(match._state))))
    return engine.Match(rules, state, match.players, match.options, match.seed, match.log)


def _tier(card: str) -> int:
    """The tier of a gem-engine card id such as ``"2-17"``."""
    return int(card.split("-")[0])


def _splendor(match: engine.Match) -> Iterator[Variant]:
    state = match._state
    for owner, seat in enumerate(state.seats):
        for i, (cid, hidden) in enumerate(seat.reserved):
            deck = state.decks[_tier(cid) - 1]
            if hidden and deck:
                copy = copy_of(match)
                mine, theirs = copy._state.seats[owner].reserved, copy._state.decks[_tier(cid) - 1]
                mine[i][0], theirs[-1] = theirs[-1], mine[i][0]
                yield owner, "another card reserved from the deck", copy
                break
    if state.phase == "keep":
        tier = state.pending["keep"]["tier"]
        if state.decks[tier - 1]:
            copy = copy_of(match)
            cards, deck = copy._state.pending["keep"]["cards"], copy._state.decks[tier - 1]
            cards[0], deck[-1] = deck[-1], cards[0]
            yield state.current, "another card drawn for Trading Post 4", copy
    if any(len(deck) > 1 for deck in state.decks):
        copy = copy_of(match)
        for deck in copy._state.decks:
            deck.reverse()
        yield None, "the decks in another order", copy


def _guild(match: engine.Match) -> Iterator[Variant]:
    state = match._state
    for owner, seat in enumerate(state.seats):
        held = [c for c in range(5) if seat.pouch[c] > 0]
        if held:
            copy = copy_of(match)
            pouch = copy._state.seats[owner].pouch
            pouch[held[0]] -= 1
            pouch[(held[0] + 1) % 5] += 1
            yield owner, "other gem colours, the same total", copy
        if seat.reserved and state.decks[_tier(seat.reserved[0]) - 1]:
            copy = copy_of(match)
            mine = copy._state.seats[owner].reserved
            deck = copy._state.decks[_tier(mine[0]) - 1]
            mine[0], deck[-1] = deck[-1], mine[0]
            yield owner, "another workshop reserved", copy
    if any(len(deck) > 1 for deck in state.decks):
        copy = copy_of(match)
        for deck in copy._state.decks:
            deck.reverse()
        yield None, "the decks in another order", copy


def _stars(match: engine.Match) -> Iterator[Variant]:
    state = match._state
    for owner, seat in enumerate(state.seats):
        if seat.hand and seat.bag and seat.hand[0] not in seat.bag:
            copy = copy_of(match)
            mine = copy._state.seats[owner]
            mine.hand[0], mine.bag[0] = mine.bag[0], mine.hand[0]
            mine.bag.sort()
            yield owner, "another tile drawn from the bag", copy
    if len(state.offer_deck) > 1 or len(state.rewards_unused) > 1:
        copy = copy_of(match)
        copy._state.offer_deck.reverse()
        copy._state.rewards_unused.reverse()
        yield None, "the offering cards to come and the reward tokens in the box in another order", copy


def _station(match: engine.Match) -> Iterator[Variant]:
    state = match._state
    for owner, seat in enumerate(state.seats):
        if seat.dealt and state.deck:  # only the opening deal's credits are hidden in a hand
            copy = copy_of(match)
            held, deck = copy._state.seats[owner], copy._state.deck
            old, new = held.dealt[0], deck[0]
            held.hand[held.hand.index(old)] = new
            held.dealt[0] = new
            deck[0] = old
            yield owner, "another dealt credit in hand", copy
    if len(state.deck) > 1 or len(state.supply) > 1:
        copy = copy_of(match)
        copy._state.deck.reverse()
        copy._state.supply.reverse()
        yield None, "the credit deck and the module supply in another order", copy


HIDDEN: dict[str, Callable[[engine.Match], Iterator[Variant]]] = {
    "splendor": _splendor,
    "guild": _guild,
    "stars": _stars,
    "station": _station,
}


def variants(match: engine.Match) -> list[Variant]:
    """Copies of ``match`` that differ from it only in something hidden."""
    return list(HIDDEN[match.game](match))


def seen_by(match: engine.Match, viewer: int | None) -> str:
    """Everything ``viewer`` is shown (its view and, for a seat, its legal moves), as bytes."""
    shown: list[Any] = [match.view(viewer)]
    if viewer is not None:
        shown.append(match.legal_moves(viewer))
    return canonical(shown)


def canonical(value: Any) -> str:
    """Canonical JSON text, to compare what two matches show byte for byte."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
