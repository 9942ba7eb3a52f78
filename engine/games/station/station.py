"""The station itself: the Core, three rings of ten sectors, and what makes it legal.

A node is (ring, sector): ring 1 inner, 2 middle, 3 outer; sectors 0–9, sector 9 next to
sector 0. Internally a seat's station is a list of 30 slots, index ``(ring − 1) × 10 +
sector``, each a module id or None. Every module is installed with its inward side toward
the Core (modules are never turned).

Card, "Before you install":
- Inward marker faces the Core.
- Every module has a corridor route to the Core.
- Middle: ≥1 inner module in same/adjacent sector.
- Outer: ≥2 middle modules in same/adjacent sectors.
Ports facing ports form corridors. Bulkhead contacts are legal. Support does not need a
direct corridor. Sector 9 neighbors sector 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

from .components import DEPT_OF, PORT_MASK, SIDES_OF

RINGS = (1, 2, 3)
RING_NAMES = {1: "inner", 2: "middle", 3: "outer"}
SECTORS = 10
NODES = 30
INWARD, OUTWARD, CW, CCW = 0, 1, 2, 3
SHIELD_SECTORS = (8, 9, 0, 1, 2)

Grid: TypeAlias = Sequence[str | None]
"""A seat's station as read here: 30 slots, each a module id or None (never written to)."""


def index(ring: int, sector: int) -> int:
    return (ring - 1) * SECTORS + sector


def ring_of(i: int) -> int:
    return i // SECTORS + 1


def sector_of(i: int) -> int:
    return i % SECTORS


NODE_JSON: list[dict[str, int]] = [{"ring": ring_of(i), "sector": sector_of(i)} for i in range(NODES)]


def node_name(i: int) -> str:
    return f"{RING_NAMES[ring_of(i)]} ring, sector {sector_of(i)}"


def _neighbours(i: int) -> list[tuple[int, int, int]]:
    """(neighbour index, my side facing it, its side facing me); the Core is not listed."""
    r, s = ring_of(i), sector_of(i)
    out = [(index(r, (s + 1) % SECTORS), CW, CCW), (index(r, (s - 1) % SECTORS), CCW, CW)]
    if r < 3:
        out.append((index(r + 1, s), OUTWARD, INWARD))
    if r > 1:
        out.append((index(r - 1, s), INWARD, OUTWARD))
    return out


NEIGHBOURS: list[list[tuple[int, int, int]]] = [_neighbours(i) for i in range(NODES)]
SUPPORT: list[tuple[int, ...]] = [
    () if ring_of(i) == 1 else
    tuple(index(ring_of(i) - 1, (sector_of(i) + d) % SECTORS) for d in (-1, 0, 1))
    for i in range(NODES)
]
"""The nodes of the ring below in the same and adjacent sectors."""
SUPPORT_NEEDED = [0] * 10 + [1] * 10 + [2] * 10


def supported(grid: Grid, i: int) -> bool:
    need = SUPPORT_NEEDED[i]
    if not need:
        return True
    have = 0
    for j in SUPPORT[i]:
        if grid[j] is not None:
            have += 1
    return have >= need


def corridor_neighbours(grid: Grid, i: int, mid: str) -> list[int]:
    """Installed neighbours joined to module ``mid`` at node ``i`` by a corridor (not the Core)."""
    sides = SIDES_OF[mid]
    out = []
    for j, mine, theirs in NEIGHBOURS[i]:
        other = grid[j]
        if other is not None and sides[mine] and SIDES_OF[other][theirs]:
            out.append(j)
    return out


def routed_alone(grid: Grid, i: int, mid: str) -> bool:
    """Would ``mid`` at empty node ``i`` reach the Core, given that every installed module does?"""
    sides = SIDES_OF[mid]
    if i < SECTORS and sides[INWARD]:
        return True
    for j, mine, theirs in NEIGHBOURS[i]:
        other = grid[j]
        if other is not None and sides[mine] and SIDES_OF[other][theirs]:
            return True
    return False


def facings(grid: Grid) -> list[int]:
    """For every node, the bit mask of its sides that face a port: an installed neighbour's
    port, or the Core (the inward side of the inner ring). A module at a node whose ports meet
    its mask has a corridor there (whatever the node holds now). Worked out from the installed
    modules outwards, in one pass."""
    masks = [1] * SECTORS + [0] * (NODES - SECTORS)
    for j in range(NODES):
        mid = grid[j]
        if mid is None:
            continue
        sides = SIDES_OF[mid]
        for i, mine, theirs in NEIGHBOURS[j]:
            if sides[mine]:
                masks[i] |= 1 << theirs
    return masks


def facing(grid: Grid, i: int) -> int:
    """The `facings` mask of node ``i`` alone."""
    return facings(grid)[i]


def install_problem(grid: Grid, i: int, mid: str) -> str | None:
    """Why ``mid`` cannot be installed at empty node ``i`` (None if it can)."""
    r, s = ring_of(i), sector_of(i)
    if grid[i] is not None:
        return f"the {node_name(i)} already holds module {grid[i]}"
    if r == 2 and not supported(grid, i):
        return (f"a middle module needs at least 1 inner module in the same or an adjacent sector "
                f"(sectors {(s - 1) % 10}, {s}, {(s + 1) % 10} of the inner ring are empty)")
    if r == 3 and not supported(grid, i):
        have = sum(grid[j] is not None for j in SUPPORT[i])
        return (f"an outer module needs at least 2 middle modules in the same or adjacent sectors "
                f"(sectors {(s - 1) % 10}, {s}, {(s + 1) % 10} of the middle ring hold {have})")
    if not routed_alone(grid, i, mid):
        return (f"module {mid} at the {node_name(i)} would have no corridor route to the Core "
                f"(a corridor needs a port facing a port; its inward side faces the Core)")
    return None


def reached(grid: Grid) -> set[int]:
    """The installed nodes that have a corridor route to the Core."""
    seen: set[int] = set()
    stack = [i for i in range(SECTORS) if (mid := grid[i]) is not None and SIDES_OF[mid][INWARD]]
    seen.update(stack)
    while stack:
        i = stack.pop()
        mid = grid[i]
        assert mid is not None  # only installed nodes are stacked
        sides = SIDES_OF[mid]
        for j, mine, theirs in NEIGHBOURS[i]:
            if j in seen:
                continue
            other = grid[j]
            if other is not None and sides[mine] and SIDES_OF[other][theirs]:
                seen.add(j)
                stack.append(j)
    return seen


def station_problem(grid: Grid) -> str | None:
    """Why the whole station is not legal (None if it is): support first, then routes."""
    for i in range(SECTORS, NODES):
        if grid[i] is not None and not supported(grid, i):
            if ring_of(i) == 2:
                return (f"module {grid[i]} at the {node_name(i)} would lose its support "
                        f"(a middle module needs an inner module in the same or an adjacent sector)")
            return (f"module {grid[i]} at the {node_name(i)} would lose its support "
                    f"(an outer module needs 2 middle modules in the same or adjacent sectors)")
    seen = reached(grid)
    for i in range(NODES):
        if grid[i] is not None and i not in seen:
            return f"module {grid[i]} at the {node_name(i)} would lose its corridor route to the Core"
    return None


def is_legal(grid: Grid) -> bool:
    return station_problem(grid) is None


def synergy(grid: Grid, i: int, mid: str) -> tuple[int, list[int]]:
    """Renown ``mid`` earns when newly installed at ``i`` (module already in ``grid``),
    and the qualifying neighbours: corridor neighbours of another department, not the Core.
    2 or more: 2 renown; 3 different departments among them: 3 instead."""
    dept = DEPT_OF[mid]
    joined = {j: DEPT_OF[other] for j in corridor_neighbours(grid, i, mid) if (other := grid[j]) is not None}
    qualifying = [j for j, d in joined.items() if d != dept]
    departments = {joined[j] for j in qualifying}
    if len(departments) >= 3:
        return 3, qualifying
    if len(qualifying) >= 2:
        return 2, qualifying
    return 0, qualifying


def readiness(grid: Grid) -> dict[str, int]:
    """Readiness per department with at least one installed module:
    modules + 2 × (occupied rings − 1). (Remembered per layout: the search bots ask about
    the same stations again and again; each caller gets its own copy.)"""
    return dict(shared_readiness(grid))


def shared_readiness(grid: Grid) -> Mapping[str, int]:
    """`readiness` without the copy: the remembered mapping itself, for a caller that only reads it."""
    key = tuple(grid)
    found = _READINESS.get(key)
    if found is None:
        if len(_READINESS) >= _READINESS_MAX:
            _READINESS.clear()
        found = _READINESS[key] = _readiness(key)
    return found


_READINESS: dict[tuple[str | None, ...], dict[str, int]] = {}
_READINESS_MAX = 8192


def _readiness(grid: Grid) -> dict[str, int]:
    count: dict[str, int] = {}
    rings: dict[str, set[int]] = {}
    for i in range(NODES):
        mid = grid[i]
        if mid is not None:
            d = DEPT_OF[mid]
            count[d] = count.get(d, 0) + 1
            rings.setdefault(d, set()).add(i // SECTORS)
    return {d: n + 2 * (len(rings[d]) - 1) for d, n in count.items()}


def shield(grid: Grid) -> tuple[int, list[dict[str, Any]]]:
    """Shield renown and its lanes. Only sectors 8, 9, 0, 1, 2; the outermost installed module
    of a lane is its frontier: an outward bulkhead there +1, and +1 more when that screened
    lane occupies at least 2 rings. No frontier or an outward port: zero."""
    total = 0
    lanes: list[dict[str, Any]] = []
    for s in SHIELD_SECTORS:
        frontier, rings, renown = lane(grid, s)
        total += renown
        lanes.append({"sector": s, "frontier": frontier, "rings": rings, "renown": renown})
    return total, lanes


def lane(grid: Grid, sector: int) -> tuple[str | None, int, int]:
    """One Shield lane of `shield`: its frontier (or None), the rings it occupies and its renown."""
    occupied = [r for r in RINGS if grid[index(r, sector)] is not None]
    if not occupied:
        return None, 0, 0
    frontier = grid[index(occupied[-1], sector)]
    assert frontier is not None  # the outermost occupied ring of the lane
    renown = 0
    if not SIDES_OF[frontier][OUTWARD]:
        renown = 2 if len(occupied) >= 2 else 1
    return frontier, len(occupied), renown


CORE = NODES
"""The Core's index in the corridor tables below (after the 30 nodes)."""


def _side_nodes(i: int) -> list[int | None]:
    """Per side of node ``i`` (inward, outward, cw, ccw): the node it faces, `CORE`, or None."""
    r, s = ring_of(i), sector_of(i)
    return [index(r - 1, s) if r > 1 else CORE, index(r + 1, s) if r < 3 else None,
            index(r, (s + 1) % SECTORS), index(r, (s - 1) % SECTORS)]


_SIDE_NODES = [_side_nodes(i) for i in range(NODES)]
CORRIDOR_TO: list[tuple[tuple[int, ...], ...]] = [
    tuple(tuple(j for j, mine, _ in NEIGHBOURS[i] if m >> mine & 1) + ((CORE,) if i < SECTORS and m & 1 else ())
          for m in range(16))
    for i in range(NODES)]
"""Per node and mask of sides, the nodes (or `CORE`) those sides face: with the mask of a
module's corridors there (its ports that meet `facings`), its corridor neighbours."""
FACE_ADD: list[tuple[tuple[tuple[int, int], ...], ...]] = [
    tuple(tuple((j, 1 << theirs) for j, mine, theirs in NEIGHBOURS[i] if m >> mine & 1) for m in range(16))
    for i in range(NODES)]
"""Per node and port mask of the module there: each neighbour its ports face, with the bit of
that neighbour's side facing back (what the module adds to the neighbours' `facings`)."""
FACE_SIDES: list[tuple[tuple[tuple[int, int], ...], ...]] = [
    tuple(tuple((j, 1 << k) for k, j in enumerate(_SIDE_NODES[i]) if m >> k & 1 and j is not None)
          for m in range(16))
    for i in range(NODES)]
"""Per node and `facings` mask: each side in the mask with the node (or `CORE`) it faces."""
_SUPPORT_NEEDED = tuple(SUPPORT_NEEDED)
_SUPPORT = tuple(SUPPORT)


class Layout:
    """What can change in one legal station, worked out once (and the exchanges only when
    asked for, as they matter only with a module in the Dock):

    - ``open``: empty supported nodes with their `facing` masks — a module installs there
      when one of its ports meets the mask;
    - ``removable``: installed nodes whose module can leave (no module above loses its
      support, and no module loses its route: not a cut point);
    - ``exchange``: per installed node, the sides facing the Core's part of the station and
      the sides facing each part that hangs from that node only — a Dock module can take the
      node's place when its ports meet the first mask and every one of the others (support is
      unchanged: the node stays occupied).

    The corridor graph is searched once depth first from the Core (Tarjan's cut points):
    removing a node that is not a cut point leaves every other module routed; removing a cut
    point u cuts off each "hanging" child subtree of u (a child v with low[v] ≥ disc[u]), the
    rest stays with the Core. A subtree is a range of discovery numbers [disc[v], end).
    """

    __slots__ = ("_disc", "_exchange", "_faces", "_hanging", "_occupied", "grid", "open", "removable")

    def __init__(self, grid: Grid) -> None:
        self.grid = grid = tuple(grid)
        faces = [1] * SECTORS + [0] * (NODES - SECTORS)
        occupied: list[int] = []
        ports = [0] * NODES
        for i in range(NODES):
            mid = grid[i]
            if mid is not None:
                occupied.append(i)
                ports[i] = p = PORT_MASK[mid]
                for j, bit in FACE_ADD[i][p]:
                    faces[j] |= bit
        self._faces = faces
        self._occupied = occupied
        need_of = _SUPPORT_NEEDED
        support = _SUPPORT
        open_: list[tuple[int, int]] = []
        pinned = [False] * NODES
        for i in range(NODES):
            need = need_of[i]
            if grid[i] is None:
                if need:
                    a, b, c = support[i]
                    if (grid[a] is not None) + (grid[b] is not None) + (grid[c] is not None) < need:
                        continue
                open_.append((i, faces[i]))
            elif need:
                a, b, c = support[i]
                ha, hb, hc = grid[a] is not None, grid[b] is not None, grid[c] is not None
                if ha + hb + hc == need:
                    if ha:
                        pinned[a] = True
                    if hb:
                        pinned[b] = True
                    if hc:
                        pinned[c] = True
        self.open = open_
        self._exchange: list[tuple[int, int, tuple[int, ...]]] | None = None
        self._disc: list[int] = []
        self._hanging: dict[int, list[tuple[int, int]]] = {}
        if not occupied:
            self.removable: list[int] = []
            self._exchange = []
            return
        # the corridor graph, lists indexed by node and the Core last
        to = CORRIDOR_TO
        adj: list[tuple[int, ...]] = [()] * (NODES + 1)
        roots = []
        for i in occupied:
            out = adj[i] = to[i][ports[i] & faces[i]]
            if i < SECTORS and out and out[-1] == CORE:
                roots.append(i)
        adj[CORE] = tuple(roots)
        disc = [-1] * (NODES + 1)
        hanging: dict[int, list[tuple[int, int]]] = {}
        counter = 0

        def visit(u: int, parent: int) -> int:
            nonlocal counter
            disc[u] = low = d = counter
            counter += 1
            for v in adj[u]:
                dv = disc[v]
                if dv >= 0:
                    if dv < low and v != parent:
                        low = dv
                else:
                    lv = visit(v, u)
                    if lv < low:
                        low = lv
                    if lv >= d and u != CORE:
                        found = hanging.get(u)
                        if found is None:
                            hanging[u] = [(disc[v], counter)]
                        else:
                            found.append((disc[v], counter))
            return low

        visit(CORE, -1)
        self._disc = disc
        self._hanging = hanging
        self.removable = [i for i in occupied if not pinned[i] and i not in hanging]

    @property
    def exchange(self) -> list[tuple[int, int, tuple[int, ...]]]:
        if self._exchange is None:
            hanging = self._hanging
            disc = self._disc
            faces = self._faces
            out: list[tuple[int, int, tuple[int, ...]]] = []
            for i in self._occupied:
                parts = hanging.get(i)
                if parts is None:
                    out.append((i, faces[i], ()))
                    continue
                # each side facing a port (or the Core, whose discovery number 0 is in no part)
                # faces the Core's part of the station or one hanging part
                core = 0
                if len(parts) == 1:
                    lo, hi = parts[0]
                    mask = 0
                    for j, bit in FACE_SIDES[i][faces[i]]:
                        if lo <= disc[j] < hi:
                            mask |= bit
                        else:
                            core |= bit
                    out.append((i, core, (mask,)))
                    continue
                masks = [0] * len(parts)
                for j, bit in FACE_SIDES[i][faces[i]]:
                    d = disc[j]
                    for k, (lo, hi) in enumerate(parts):
                        if lo <= d < hi:
                            masks[k] |= bit
                            break
                    else:
                        core |= bit
                out.append((i, core, tuple(masks)))
            self._exchange = out
        return self._exchange


_LAYOUTS: dict[tuple[str | None, ...], Layout] = {}


def layout(grid: Grid) -> Layout:
    """The `Layout` of a legal station, remembered for the station as it stands."""
    key = tuple(grid)
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) >= 4096:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = Layout(grid)
    return found
