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

from collections import deque

from .components import FORAGE, FORAGE_AT, LINKS, VILLAGE_ADJACENT


def connected(lit: dict[str, int], forage_id: str) -> bool:
    """A foraging space is connected to the Village when its doorstep is lit."""
    return FORAGE[forage_id].doorstep in lit


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
    if total == 0:
        return False
    used = set(path)
    start = path[-1]
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if dist[s] >= total:
            continue
        for n in LINKS[s]:
            if n in dist or n in used or n in lit:
                continue
            dist[n] = dist[s] + 1
            fid = FORAGE_AT.get(n)
            if fid is not None and light[FORAGE[fid].colour] >= 1:
                return True
            queue.append(n)
    return False


def steps(lit: dict[str, int], path: list[str], light: list[int]) -> list[tuple[str, int, bool]]:
    """The legal next steps of a scouting path: (space, colour, ends here).

    ``path`` are the spaces already lit by this scouting action (their light already spent);
    ``light`` is what the seat has left.
    """
    out: list[tuple[str, int, bool]] = []
    candidates: list[tuple[str, tuple[int, ...]]]
    if path:
        candidates = [(n, (0, 1, 2)) for n in LINKS[path[-1]] if n not in lit]
    else:
        candidates = []
        for s in sorted(set(VILLAGE_ADJACENT) | {n for p in lit for n in LINKS[p]}):
            colours = start_colours(lit, s)
            if colours:
                candidates.append((s, colours))
    for space, colours in candidates:
        fid = FORAGE_AT.get(space)
        for c in colours:
            if light[c] < 1:
                continue
            if fid is not None and FORAGE[fid].colour == c:
                out.append((space, c, True))
            left = light[:]
            left[c] -= 1
            if _can_finish(lit, path + [space], left):
                out.append((space, c, False))
    return out


def can_scout(lit: dict[str, int], light: list[int]) -> bool:
    """Whether any scouting path can be completed with this light."""
    return bool(steps(lit, [], light))
