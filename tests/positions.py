"""What the position builders of every game share (tests/<game>_positions.py build on it).

A position is a real `engine.Match` whose internal state (``match._state``) a test has edited
to the situation a rule talks about. This module holds the parts that do not depend on the
game: reading a match as bytes, acting as a client would (a JSON round trip first), finding
moves of a kind, asserting a refusal names its rule and changes nothing, editing the state
(and forgetting the legal moves the match had cached), colour counts by name, and — for the
gem-engine games (Splendor, Starlight Guild) — laying out a market and its decks with every
card in one place.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engine

# --- reading a match -------------------------------------------------------------------

def dump(match: engine.Match) -> str:
    """The whole match as one string: equal strings mean nothing changed."""
    return json.dumps(match.snapshot(), sort_keys=True)


def view_bytes(match: engine.Match, seat: int | None) -> str:
    """What ``seat`` (None: the public view) is shown, as one string."""
    return json.dumps(match.view(seat), sort_keys=True)


def every_view(match: engine.Match) -> list[str]:
    """The public view and every seat's view, as strings."""
    return [view_bytes(match, s) for s in [None, *range(match.players)]]


def moves_of(match: engine.Match, kind: str, seat: int | None = None, **fields: Any) -> list[dict]:
    """The legal moves of ``kind`` of ``seat`` (default: the first seat to act) whose
    ``fields`` have the values given."""
    seat = match.to_act()[0] if seat is None else seat
    return [m for m in match.legal_moves(seat) if m["type"] == kind and all(m.get(k) == v for k, v in fields.items())]


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


# --- acting ----------------------------------------------------------------------------

def play_as(match: engine.Match, seat: int, move: dict) -> list[dict]:
    """Play ``move`` for ``seat`` after a JSON round trip, as a client would send it."""
    return match.play(seat, json.loads(json.dumps(move)))


def refused_for(match: engine.Match, seat: int, move: Any, *rule_words: str) -> str:
    """Assert ``move`` of ``seat`` is refused with a reason matching each of ``rule_words``
    (a regex, any case) and that the match and every view are byte-identical afterwards."""
    before = dump(match)
    views = every_view(match)
    with pytest.raises(engine.IllegalMove) as info:
        match.play(seat, move)
    reason = info.value.reason
    for words in rule_words:
        assert re.search(words, reason, re.IGNORECASE), f"reason {reason!r} does not name {words!r}"
    assert dump(match) == before, "a refused move changed the match"
    assert every_view(match) == views
    return reason


# --- editing a match -------------------------------------------------------------------

def forget(match: engine.Match) -> None:
    """Forget the legal moves the match cached (after its state was edited by hand)."""
    match._legal = {}


def edit(match: engine.Match, **fields: Any) -> None:
    """Set fields of ``match._state`` and forget the cached legal moves."""
    for name, value in fields.items():
        setattr(match._state, name, value)
    forget(match)


def counts(gems: dict[str, int] | None, names: tuple[str, ...]) -> list[int]:
    """``{"red": 2}`` → ``[0, 0, 0, 2, 0, 0]`` in the order of ``names`` (an unknown name is a test bug)."""
    out = [0] * len(names)
    for name, n in (gems or {}).items():
        out[names.index(name)] = n
    return out


def named(values: list[int], names: tuple[str, ...]) -> dict[str, int]:
    """Every colour named, zeros included."""
    return {names[i]: n for i, n in enumerate(values)}


def assert_each_once(places: list[str], what: str) -> None:
    """No component in two places (a position-building bug otherwise)."""
    assert len(places) == len(set(places)), f"a {what} is in two places"


# --- the gem-engine table (Splendor, Starlight Guild) ------------------------------------

def lay_out_market(state: Any, market: dict[int, list[str | None]], decks: dict[int, list[str] | int],
                   held: set[str]) -> None:
    """Set each tier's four face-up slots and its deck (top last) on a gem-engine state.

    ``market``: tier → its slots (card ids or None); an unlisted tier keeps its cards, a card
    that ``held`` names (a seat holds it now) replaced from the deck. Cards pushed out of the
    market go to the bottom of the deck. ``decks``: tier → an exact list of ids (top last) or a
    number of cards to keep (the top ones; the others leave the game).
    """
    shown = {cid for row in market.values() for cid in row if cid}
    assert not held & shown, f"cards both held and in the market: {held & shown}"
    for t in (1, 2, 3):
        old_row = state.market[t - 1]
        pool = [cid for cid in state.decks[t - 1] if cid not in held | shown]  # top last
        if t in market:
            row = list(market[t]) + [None] * (4 - len(market[t]))
            assert len(row) == 4
            pool = [cid for cid in old_row if cid and cid not in held | shown and cid not in row] + pool
        else:
            row = [cid if cid not in held | shown else None for cid in old_row]
            for slot, cid in enumerate(row):
                if cid is None and pool:
                    row[slot] = pool.pop()
        if t in decks:
            spec = decks[t]
            if isinstance(spec, int):
                pool = pool[len(pool) - spec:] if spec else []
            else:
                pool = list(spec)
        state.market[t - 1] = row
        state.decks[t - 1] = pool
