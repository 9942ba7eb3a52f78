"""A seat's legal moves as they cross the JSON boundary: runs of alike moves sent as one group.

`compact(moves)` is what the worker's `state` reply and a table's `update` carry as
`legal_moves` (docs/protocol.md "The listing"); `expand(listing)` gives back the very same
moves in the same order (site/js/listing.js does the same in the page). A *group* stands for a
run of at least `MIN_RUN` consecutive moves that have the same keys in the same order and differ
in one key only (never `type`):

    {"group": {"type": "place", "tile": "T07", "side": "B", "rotation": 2, "cell": null},
     "vary": "cell", "values": [[1, -2], [0, -1], ...]}

stands for ``{"type": "place", "tile": "T07", "side": "B", "rotation": 2, "cell": [1, -2]}``,
and so on for each value: the template with ``vary`` set to the value (the key keeps its place).
Any other entry is a move itself (every move is an object with a ``type``; a group has none).
This is pure reshaping, the same for every game: no rule is decided here, the engine's
`legal_moves` stays the one listing and a move sent back is checked against it as before.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_, itemgetter
from typing import Any, TypeVar, cast

Move = dict[str, Any]
T = TypeVar("T")

MIN_RUN = 3
"""The fewest alike moves sent as a group (two are about as short written out)."""


_OTHERS: dict[tuple[tuple[str, ...], str], Callable[[Move], Any]] = {}
"""Per keys of a move and the key that varies: what reads the other keys' values at once (a tuple,
or the one value). Few: the games' moves have a handful of shapes."""


def _others(keys: tuple[str, ...], key: str) -> Callable[[Move], Any]:
    found = _OTHERS.get((keys, key))
    if found is None:
        if len(_OTHERS) >= 1024:  # a hostile caller's shapes: never the games'
            _OTHERS.clear()
        found = _OTHERS[keys, key] = itemgetter(*[k for k in keys if k != key])
    return found


def _run_end(moves: list[Move], start: int, key: str, keys: tuple[str, ...]) -> int:
    """The end of the run from ``start`` of moves equal to ``moves[start]`` but for ``key`` (one of
    ``keys``, the keys of ``moves[start]``, with "type" among the others)."""
    values = _others(keys, key)
    same = values(moves[start])
    end = start + 1
    n = len(moves)
    while end < n:
        move = moves[end]
        if tuple(move) != keys or values(move) != same:
            break
        end += 1
    return end


class LatestListings:
    """The latest few listings given to a pure function of a listing, each with what it gave.

    A table's update lists every seat's moves after each move, and a seat that another seat's
    move left as it was lists the very same move objects again (listed moves are made once,
    shared and never changed: engine/match.py). Such a listing is known here by identity — each
    move the same object, in the same order, no value compared — and what was made of it before
    is given again (shared: callers must not change it). Stars' placements, ≈ 800 moves a seat
    at once, are most of what this spares (docs/performance.md)."""

    def __init__(self, kept: int = 8) -> None:
        self._kept = kept
        self._latest: list[tuple[Any, list[Move], Any]] = []

    def made(self, key: Any, moves: list[Move], make: Callable[[list[Move]], T]) -> T:
        """``make(moves)``, or what it gave for ``key`` and a listing of these very move objects
        among the latest (kept with a copy of the list: the caller's is not kept)."""
        n = len(moves)
        for kept_key, listed, kept in self._latest:
            if kept_key == key and len(listed) == n and all(map(is_, listed, moves)):
                return cast(T, kept)
        result = make(moves)
        self._latest.insert(0, (key, moves[:], result))
        del self._latest[self._kept:]
        return result


_COMPACTED = LatestListings()


def compact(moves: list[Move]) -> list[dict[str, Any]]:
    """The listing sent for ``moves``: each longest run of moves that differ in one key only
    (at least `MIN_RUN` of them) as a group, every other move as it is; order kept. A listing of
    the same move objects as one of the latest gets the same list again (`LatestListings`)."""
    if not moves:
        return []
    return _COMPACTED.made(None, moves, _compact)


def _compact(moves: list[Move]) -> list[dict[str, Any]]:
    """`compact`, worked out."""
    out: list[dict[str, Any]] = []
    i, n = 0, len(moves)
    while i < n:
        first = moves[i]
        keys = tuple(first)
        best_key, best_end = "", i + 1
        if "type" in first and i + MIN_RUN <= n:
            for key in reversed(keys):  # the varying key is most often the last one
                if key == "type":
                    continue
                end = _run_end(moves, i, key, keys)
                if end > best_end:
                    best_key, best_end = key, end
        if best_key and best_end - i >= MIN_RUN:
            template = dict(first)
            template[best_key] = None
            out.append({"group": template, "vary": best_key,
                        "values": [moves[k][best_key] for k in range(i, best_end)]})
            i = best_end
        else:
            out.append(first)
            i += 1
    return out


def expand(listing: list[dict[str, Any]]) -> list[Move]:
    """The moves a `compact` listing stands for, in order (the page's `expandListing`)."""
    moves: list[Move] = []
    for entry in listing:
        if "type" in entry or "group" not in entry:
            moves.append(entry)
            continue
        template, key = entry["group"], entry["vary"]
        for value in entry["values"]:
            move = dict(template)
            move[key] = value
            moves.append(move)
    return moves
