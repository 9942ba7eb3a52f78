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

from typing import Any

Move = dict[str, Any]

MIN_RUN = 3
"""The fewest alike moves sent as a group (two are about as short written out)."""


def _run_end(moves: list[Move], start: int, key: str, keys: tuple[str, ...]) -> int:
    """The end of the run from ``start`` of moves equal to ``moves[start]`` but for ``key``."""
    first = moves[start]
    others = [k for k in keys if k != key]
    end = start + 1
    n = len(moves)
    while end < n:
        move = moves[end]
        if tuple(move) != keys:
            break
        for k in others:
            if move[k] != first[k]:
                return end
        end += 1
    return end


def compact(moves: list[Move]) -> list[dict[str, Any]]:
    """The listing sent for ``moves``: each longest run of moves that differ in one key only
    (at least `MIN_RUN` of them) as a group, every other move as it is; order kept."""
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
