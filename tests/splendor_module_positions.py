"""Splendor positions with the 2025 modules on (Trading Posts, Strongholds), and the moves
and checks the module tests share.

Built on `splendor_positions.position` (a real match whose state is edited to the
situation a rule talks about); this adds the module options, the posts each seat holds and
the strongholds on the market:

    m = module_position(posts={0: [1]}, strongholds={"1-25": (1, 2)},
                        market={1: ["1-25", "1-02", "1-08", "1-16"]},
                        seats={0: dict(tokens={"white": 3})})

Each seat's supply is 3 minus what stands on the table unless ``supply`` says otherwise, so
every seat's 3 strongholds are accounted for.
"""

from __future__ import annotations

import json
from typing import Any

from positions import forget
from positions import types as types  # re-exported for the module tests
from splendor_positions import play, position

import engine
from engine.games.gems.market import face_up

BOTH = {"trading_posts": True, "strongholds": True}
PER_SEAT = 3


def module_position(
    *,
    trading_posts: bool = True,
    strongholds_on: bool = True,
    posts: dict[int, list[int]] | None = None,
    strongholds: dict[str, tuple[int, int]] | None = None,
    supply: dict[int, int] | None = None,
    **kwargs: Any,
) -> engine.Match:
    """`position(**kwargs)` with the modules switched as asked (both on by default).

    - ``posts``: seat → the Trading Posts it holds (post 5 adds its prestige unless the
      seat's ``prestige`` is given).
    - ``strongholds``: face-up card id → ``(owner seat, count)``.
    - ``supply``: seat → strongholds in its supply (default: 3 minus those on the table).
    """
    match = position(**kwargs)
    options = {"trading_posts": trading_posts, "strongholds": strongholds_on}
    match._options = options
    state = match._state
    state.options = dict(options)
    posts = posts or {}
    strongholds = strongholds or {}
    supply = supply or {}
    assert trading_posts or not posts, "posts given with Trading Posts off"
    assert strongholds_on or not (strongholds or supply), "strongholds given with Strongholds off"
    for i, held in posts.items():
        seat = state.seats[i]
        seat.posts = list(held)
        if 5 in held and "prestige" not in (kwargs.get("seats") or {}).get(i, {}):
            seat.prestige += len(held)
    shown = face_up(state.market)
    on_table = [0] * state.players
    state.strongholds = {}
    for cid, (owner, count) in strongholds.items():
        assert cid in shown, f"strongholds on {cid}, which is not face up"
        assert 1 <= count <= PER_SEAT
        state.strongholds[cid] = [owner, count]
        on_table[owner] += count
    for i, seat in enumerate(state.seats):
        seat.strongholds = supply.get(i, PER_SEAT - on_table[i]) if strongholds_on else 0
        if strongholds_on:
            assert seat.strongholds + on_table[i] == PER_SEAT, f"seat {i} does not have 3 strongholds"
    forget(match)
    return match


# --- moves of the modules ----------------------------------------------------------------

def gem(colour: str) -> dict:
    return {"type": "gem", "gem": colour}


def keep(card: str) -> dict:
    return {"type": "keep", "card": card}


def place(card: str) -> dict:
    return {"type": "stronghold", "action": "place", "card": card}


def move_stronghold(source: str, card: str) -> dict:
    return {"type": "stronghold", "action": "move", "from": source, "card": card}


def remove(card: str) -> dict:
    return {"type": "stronghold", "action": "remove", "card": card}


def post(n: int) -> dict:
    return {"type": "post", "post": n}


SKIP = {"type": "skip"}


# --- reading and checking -------------------------------------------------------------------

def held_strongholds(match: engine.Match) -> dict[str, tuple[int, int]]:
    """Card id → (owner, count), as the public view shows them."""
    return {cid: (v["seat"], v["count"]) for cid, v in match.view(None)["strongholds"].items()}


def supply(match: engine.Match, seat: int) -> int:
    return match.view(None)["seats"][seat]["strongholds"]


def posts_of(match: engine.Match, seat: int) -> list[int]:
    return match.view(None)["seats"][seat]["posts"]


def prestige(match: engine.Match, seat: int) -> int:
    return match.view(None)["seats"][seat]["prestige"]


def pending(match: engine.Match, seat: int | None = None) -> Any:
    return match.view(seat)["pending"]


def strongholds_accounted(match: engine.Match) -> None:
    """Each seat's 3 strongholds are in its supply or on face-up cards, one owner a card."""
    view = match.view(None)
    shown = {c["id"] for row in view["market"] for c in row if c}
    on_table = [0] * view["players"]
    for cid, held in view["strongholds"].items():
        assert cid in shown, f"a stronghold stands on {cid}, which is not face up"
        assert 1 <= held["count"] <= PER_SEAT
        on_table[held["seat"]] += held["count"]
    for i, seat in enumerate(view["seats"]):
        assert seat["strongholds"] + on_table[i] == PER_SEAT, f"seat {i}'s strongholds are not all accounted for"


def play_through(match: engine.Match, moves: list[dict]) -> tuple[list[str], list[dict]]:
    """Play ``moves`` for the seat to act; return the phase reached after each and all events."""
    phases, events = [], []
    for mv in moves:
        events += play(match, mv)
        phases.append(match.view(None)["turn"]["phase"])
    return phases, events


def absent_from_others(match: engine.Match, cards: list[str], owner: int, events: list[dict] = ()) -> None:
    """None of ``cards`` appears in any view but the owner's (the public one included), nor
    in the events."""
    for viewer in [None, *range(match.players)]:
        if viewer == owner:
            continue
        text = json.dumps(match.view(viewer))
        for cid in cards:
            assert f'"{cid}"' not in text, f"{cid} leaked into the view of {viewer}"
    text = json.dumps(list(events))
    for cid in cards:
        assert f'"{cid}"' not in text, f"{cid} leaked into the events"
