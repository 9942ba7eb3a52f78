"""Several seats' views built from one public view (every game's `views`).

A seat's view is the public view with ``seat`` set and its own entry in ``seats`` replaced by what
the game adds for its owner; every other part is the public view's object itself (shared,
read-only: a caller writes the views out and changes none of them). Keys keep their places, so
each view is written exactly as if built alone (tests/test_contract.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .base import View


def seat_views(public: View, viewers: Sequence[int | None],
               own_entry: Callable[[int, dict[str, Any]], dict[str, Any]],
               own_fields: Callable[[int], dict[str, Any]] | None = None) -> list[View]:
    """The view of each of ``viewers`` (``None``: ``public`` itself).

    ``own_entry(seat, entry)`` gives the seat's entry as its owner sees it (``entry`` itself when
    the owner sees nothing more); ``own_fields(seat)``, top-level fields the seat sees otherwise
    (keys the public view has too: they keep their places)."""
    seats = public["seats"]
    out = []
    for viewer in viewers:
        if viewer is None:
            out.append(public)
            continue
        entry = seats[viewer]
        own = own_entry(viewer, entry)
        mine = seats
        if own is not entry:
            mine = seats[:]
            mine[viewer] = own
        seen = dict(public)
        seen["seat"] = viewer
        seen["seats"] = mine
        if own_fields is not None:
            seen.update(own_fields(viewer))
        out.append(seen)
    return out
