"""The main board: the Village, the path spaces and the foraging spaces (rulebook "Scouting").

Light placed on a path space stays there: the space is *lit*, for every seat. Lit spaces are
only ever made by scouting paths that begin beside the Village or beside a lit space, so every
lit space is joined to the Village; a foraging space is therefore *connected* exactly when its
doorstep (the one path space beside it) is lit.

A scouting action places light on a chain of unlit path spaces, one space at a time:
- the first space lies beside the Village (any colour) or beside a space lit before this action
  (the first light must match the colour of such a neighbour);
- each further space lies beside the previous one;
- the last space is the doorstep of a foraging space and its light has that space's colour.
Spaces in between take any colour. These functions list the steps that can still end legally.
"""

from __future__ import annotations

from collections.abc import Iterator

from .components import FORAGE, LINKS, VILLAGE_ADJACENT

DOORSTEP_COLOUR: dict[str, int] = {f.doorstep: f.colour for f in FORAGE.values()}
"""Doorstep path space → the colour of the foraging space beside it."""


_DOORSTEPS = tuple((fid, f.doorstep) for fid, f in FORAGE.items())
"""Each foraging space and its doorstep path space, in id order (read once: `dict.items` is a call
Pyodide makes through a trampoline)."""


def connected_spaces(lit: dict[str, int]) -> list[str]:
    """The foraging spaces connected to the Village, in id order: those whose doorstep is lit."""
    return [fid for fid, doorstep in _DOORSTEPS if doorstep in lit]


def connected(lit: dict[str, int], forage_id: str) -> bool:
    """A foraging space is connected to the Village when its doorstep is lit (`connected_spaces`)."""
    return forage_id in connected_spaces(lit)


def start_colours(lit: dict[str, int], space: str) -> tuple[int, ...]:
    """Colours the first light of a scouting path may have on ``space`` (empty: not a start)."""
    if space in lit:
        return ()
    if space in VILLAGE_ADJACENT:
        return (0, 1, 2)
    return tuple(sorted({lit[n] for n in LINKS[space] if n in lit}))


def _can_finish(lit: dict[str, int], path: list[str], light: list[int]) -> bool:
    """After ``path`` (its last space placed), can the scouting still end with ``light`` left?

    Needs an unlit doorstep d reachable through unlit spaces not on the path, L ≥ 1 steps
    away, with at least L light left of which one has d's colour (spaces between: any colour).
    """
    total = sum(light)
    # a dict as a set: `set.add` is a one-argument builtin method, which Pyodide calls through a
    # trampoline (≈ 0.1 µs a call); a dict's item is not a call (docs/performance.md)
    blocked = {**lit}
    for s in path:
        blocked[s] = 0
    frontier = [path[-1]]
    for _ in range(total):  # the spaces one more step away, while there is light for the step
        reached = []
        for s in frontier:
            for n in LINKS[s]:
                if n not in blocked:
                    blocked[n] = 0
                    colour = DOORSTEP_COLOUR.get(n)
                    if colour is not None and light[colour] >= 1:
                        return True
                    reached.append(n)
        frontier = reached
    return False


def steps(lit: dict[str, int], path: list[str], light: list[int]) -> list[tuple[str, int, bool]]:
    """The legal next steps of a scouting path: (space, colour, ends here).

    ``path`` are the spaces already lit by this scouting action (their light already spent);
    ``light`` is what the seat has left.
    """
    return list(_steps(lit, path, light))


def _steps(lit: dict[str, int], path: list[str], light: list[int]) -> Iterator[tuple[str, int, bool]]:
    """`steps`, one at a time (`can_scout` stops at the first)."""
    if path:
        spaces = [n for n in LINKS[path[-1]] if n not in lit]
    else:
        spaces = sorted(set(VILLAGE_ADJACENT).union(*map(LINKS.__getitem__, lit)))
    for space in spaces:
        # a start's colours are worked out as it is reached (none: not a start)
        colours = start_colours(lit, space) if not path else (0, 1, 2)
        door = DOORSTEP_COLOUR.get(space)
        for c in colours:
            if light[c] < 1:
                continue
            if door == c:
                yield space, c, True
            left = light[:]
            left[c] -= 1
            if _can_finish(lit, path + [space], left):
                yield space, c, False


def can_scout(lit: dict[str, int], light: list[int]) -> bool:
    """Whether any scouting path can be completed with this light."""
    return next(_steps(lit, [], light), None) is not None
