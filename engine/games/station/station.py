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

from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any, NamedTuple, TypeAlias

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
    sides = SIDES_OF[mid]
    qualifying = []
    departments: dict[str, None] = {}  # a dict as a set: `set.add` is a call Pyodide makes through
    # a trampoline, a dict's item is not (docs/performance.md, "the builtin calls that cost most")
    for j, mine, theirs in NEIGHBOURS[i]:  # `corridor_neighbours`, written out
        other = grid[j]
        if other is not None and sides[mine] and SIDES_OF[other][theirs]:
            d = DEPT_OF[other]
            if d != dept:
                qualifying.append(j)
                departments[d] = None
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
    rings: dict[str, int] = {}  # per department, a bit per ring it occupies (no set: a call a node)
    for first, bit in _RING_STARTS:
        for mid in grid[first:first + SECTORS]:
            if mid is not None:
                d = DEPT_OF[mid]
                count[d] = count.get(d, 0) + 1
                rings[d] = rings.get(d, 0) | bit
    return {d: n + 2 * (_BITS_SET[rings[d]] - 1) for d, n in count.items()}


_RING_STARTS = tuple((index(r, 0), 1 << r - 1) for r in RINGS)
"""Per ring, its first node and its bit."""
_BITS_SET = tuple(bin(m).count("1") for m in range(1 << len(RINGS)))
"""Per set of rings (a bit each), how many."""


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
    frontier = None
    rings = 0
    for i in _LANE_NODES[sector]:  # ring 1 outwards: the last module met is the frontier
        mid = grid[i]
        if mid is not None:
            frontier = mid
            rings += 1
    if frontier is None:
        return None, 0, 0
    renown = 0
    if not SIDES_OF[frontier][OUTWARD]:
        renown = 2 if rings >= 2 else 1
    return frontier, rings, renown


_LANE_NODES = [tuple(index(r, s) for r in RINGS) for s in range(SECTORS)]
"""Per sector, its node on each ring, innermost first."""


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
FACE_SIDES: list[tuple[tuple[tuple[int, int], ...], ...]] = [
    tuple(tuple((j, 1 << k) for k, j in enumerate(_SIDE_NODES[i]) if m >> k & 1 and j is not None)
          for m in range(16))
    for i in range(NODES)]
"""Per node and `facings` mask: each side in the mask with the node (or `CORE`) it faces."""

# A whole station in one integer, a byte ("lane") per node: node i's byte is bits 8i…8i+7.
# Shifting such an integer moves every node's byte at once (a ring up or down is 80 bits, a
# sector 8 bits, with the sector 9 / sector 0 wrap taken apart), so `Layout` works out every
# node's facings and support in a few operations instead of a loop over the nodes.
_OCCUPIED_BIT = 1 << 4
_LANE_BYTE: dict[str | None, int] = {None: 0, **{mid: p | _OCCUPIED_BIT for mid, p in PORT_MASK.items()}}
"""Per slot of a grid: its byte — the module's port mask (bit k: side k is a port) and bit 4 set."""


def _lanes(bit: int, nodes: Iterable[int]) -> int:
    """``bit`` in the byte of each of ``nodes``."""
    return sum(bit << 8 * i for i in nodes)


_ALL = range(NODES)
_ONES = _lanes(1, _ALL)
_LANE = _lanes(0xFF, _ALL)
_RINGS_12 = [i for i in _ALL if i < 2 * SECTORS]
_RINGS_23 = [i for i in _ALL if i >= SECTORS]
_SECTOR_0 = _lanes(0xFF, (i for i in _ALL if i % SECTORS == 0))
_SECTOR_9 = _lanes(0xFF, (i for i in _ALL if i % SECTORS == 9))
_CORE_FACE = _lanes(1 << INWARD, range(SECTORS))
_OUT_12 = _lanes(1 << OUTWARD, _RINGS_12)
_IN_23 = _lanes(1 << INWARD, _RINGS_23)
_CW_NOT_9 = _lanes(1 << CW, _ALL) & ~_SECTOR_9
_CW_9 = _lanes(1 << CW, _ALL) & _SECTOR_9
_CCW_NOT_0 = _lanes(1 << CCW, _ALL) & ~_SECTOR_0
_CCW_0 = _lanes(1 << CCW, _ALL) & _SECTOR_0
_ONES_12 = _lanes(1, _RINGS_12)
_ONES_23 = _lanes(1, _RINGS_23)
_BIAS = sum((4 - SUPPORT_NEEDED[i]) << 8 * i for i in _ALL)
"""Per node, 4 less the supporters it needs: a supporter count plus this is ≥ 4 when supported."""
_MEETS = [0] + [_lanes(m, _ALL) for m in range(1, 16)]
"""Per port mask, that mask in every lane."""
_FIFTEENS = 15 * _ONES
_NOT_9 = _LANE & ~_SECTOR_9
_NOT_0 = _LANE & ~_SECTOR_0


_RING_ONES = _lanes(1, range(SECTORS))
_RING_NODES = [
    {sum(1 << 8 * k for k in range(SECTORS) if c >> k & 1): tuple(base + k for k in range(SECTORS) if c >> k & 1)
     for c in range(1 << SECTORS)}
    for base in (0, SECTORS, 2 * SECTORS)]
"""Per ring, its ten bytes (each 0 or 1, ring's first node lowest) → those nodes, in order."""


def _nodes(lanes: int) -> tuple[int, ...]:
    """The nodes whose byte in ``lanes`` is 1 (every byte 0 or 1), in node order (remembered: one
    look-up instead of three, and the same sets of nodes come back from listing to listing)."""
    found = _NODE_SETS.get(lanes)
    if found is None:
        first, second, third = _RING_NODES
        if len(_NODE_SETS) >= 4096:
            _NODE_SETS.clear()
        found = _NODE_SETS[lanes] = first[lanes & _RING_ONES] + second[lanes >> 80 & _RING_ONES] + third[lanes >> 160]
    return found


_NODE_SETS: dict[int, tuple[int, ...]] = {}


_NEAR = [sum(1 << j for j in _SIDE_NODES[u] if j is not None and j != CORE) for u in range(NODES)]
"""Per node, the nodes its sides face (bit j for node j; the Core left out)."""
_SIDES = [sum(1 << k for k, j in enumerate(_SIDE_NODES[u]) if j is not None) for u in range(NODES)]
"""Per node, its sides that face a node or the Core (every side but the outer ring's outward one)."""


def _toward(u: int) -> dict[int, int]:
    """Per set of the nodes node ``u`` faces (a subset of `_NEAR`), the sides of ``u`` facing them."""
    sides = [(k, j) for k, j in enumerate(_SIDE_NODES[u]) if j is not None and j != CORE]
    out: dict[int, int] = {}
    for chosen in range(1 << len(sides)):
        near = mask = 0
        for n, (k, j) in enumerate(sides):
            if chosen >> n & 1:
                near |= 1 << j
                mask |= 1 << k
        out[near] = mask
    return out


_TOWARD = [_toward(u) for u in range(NODES)]


def _accept_row(key: int) -> tuple[int, ...]:
    """Per `facings` mask f of a cut point, the port masks (bit p for mask p) a module there
    needs: its ports meet, among the sides in f, those facing the Core's part and those facing
    each hanging part. ``key``: bits 0–3 the node's sides (`_SIDES`), bits 4k…4k+3 the sides
    facing the k-th hanging part, and their number from bit 16 on. Remembered by key."""
    found = _ROWS.get(key)
    if found is None:
        parts = [key >> 4 * k & 15 for k in range(1, (key >> 16) + 1)]
        core = key & 15
        for mask in parts:
            core &= ~mask
        row = []
        for f in range(16):
            accepts = _MEETING[core & f]
            for mask in parts:
                accepts &= _MEETING[mask & f]
            row.append(accepts)
        if len(_ROWS) >= 4096:
            _ROWS.clear()
        found = _ROWS[key] = tuple(row)
    return found


_ROWS: dict[int, tuple[int, ...]] = {}


class _Search(NamedTuple):
    """The corridor graph of one station searched depth first from the Core (see `Layout`)."""

    corridors: int
    """The corridor masks searched, a byte a node (the station's ports that meet its facings)."""
    keep: int
    """A byte 1 at every node that is no cut point."""
    cuts: tuple[tuple[int, tuple[int, ...]], ...]
    """Per cut point: the node, and per `facings` mask there the port masks (bit p for mask p)
    a module at the node needs to keep every part of the station routed (`_accept_row`)."""
    parts: tuple[tuple[int, ...], ...]
    """Per cut point (in the order of ``cuts``): the parts of the station hanging from it, each
    the set of its nodes (bit j for node j) — the pieces the station minus the cut point falls
    into, but for the one holding the Core."""


def _spent(u: int, parent: int) -> int:
    """Takes the place of a finished search's recursive function (so that it is freed at once)."""
    raise AssertionError("a finished search was called")


def _search(lanes: int) -> _Search:
    """`_Search` of the station with these corridor masks (Tarjan's cut points). A child v of u
    with low[v] ≥ disc[u] hangs from u only: the nodes found while visiting it are a part of the
    station that loses its route with u, and u's sides facing them are that part's sides."""
    to = CORRIDOR_TO
    corridors = lanes.to_bytes(NODES, "little")
    disc = [-1] * (NODES + 1)
    disc[CORE] = 0
    cuts: list[tuple[int, tuple[int, ...]]] = []
    cut_parts: list[tuple[int, ...]] = []
    keep = _ONES
    counter = 1
    seen = 0  # bit j: node j found

    def visit(u: int, parent: int) -> int:
        nonlocal counter, seen, keep
        disc[u] = low = d = counter
        counter += 1
        seen |= 1 << u
        packed = parts = 0
        hanging: tuple[int, ...] = ()
        for v in to[u][corridors[u]]:
            dv = disc[v]
            if dv >= 0:
                if dv < low and v != parent:
                    low = dv
                continue
            before = seen
            if len(to[v][corridors[v]]) == 1:  # a leaf, joined to u only: no call needed
                disc[v] = lv = counter
                counter += 1
                seen |= 1 << v
            else:
                lv = visit(v, u)
                if lv < low:
                    low = lv
            if lv >= d:
                part = seen ^ before
                parts += 1
                packed |= _TOWARD[u][part & _NEAR[u]] << 4 * parts
                hanging += (part,)
        if parts:
            keep ^= 1 << 8 * u
            cuts.append((u, _accept_row(packed | parts << 16 | _SIDES[u])))
            cut_parts.append(hanging)
        return low

    for root in range(SECTORS):  # the Core's children: inner nodes with an inward corridor
        if corridors[root] & 1 and disc[root] < 0:
            if len(to[root][corridors[root]]) == 1:  # joined to the Core only
                disc[root] = counter
                counter += 1
                seen |= 1 << root
            else:
                visit(root, CORE)
    visit = _spent  # the function refers to itself: freed now, not by the garbage collector
    # tuples, not lists: the garbage collector stops tracking a remembered search of tuples of ints
    return _Search(lanes, keep, tuple(cuts), tuple(cut_parts))


def _row(u: int, parts: tuple[int, ...]) -> tuple[int, ...]:
    """`_accept_row` of cut point ``u`` with these hanging parts (as `_search` packs it)."""
    toward = _TOWARD[u]
    near = _NEAR[u]
    packed = len(parts) << 16 | _SIDES[u]
    for k, part in enumerate(parts, 1):
        packed |= toward[part & near] << 4 * k
    return _accept_row(packed)


def _leaf_change(old: _Search, lanes: int) -> _Search | None:
    """`_search` of corridor masks ``lanes`` from the search of a station one leaf away (None if
    it is not): the new station is the old one with one more node v whose only corridor leads to
    w (a node or the Core), or with one such node less. A leaf is never a cut point and no path
    between two other nodes runs through it, so the pieces of the station without any node u
    stay the same but for v: with v added, v joins the piece holding w (a piece of its own when
    u is w: w becomes a cut point); with v gone, it leaves its piece (a piece that was v alone
    goes, and w is no cut point when it has no piece left)."""
    small = old.corridors
    big = lanes
    diff = small ^ big
    if not diff:
        return old
    low = ((diff & -diff).bit_length() - 1) >> 3
    v = -1
    for n in (low, (diff.bit_length() - 1) >> 3):
        if not small >> 8 * n & 255:
            v = n  # empty in the old station: added
            break
        if not big >> 8 * n & 255:
            v = n  # empty in the new one: taken away
            small, big = big, small
            break
    if v < 0:
        return None
    byte = big >> 8 * v & 255
    ends = CORRIDOR_TO[v][byte]
    if len(ends) != 1:
        return None
    w = ends[0]
    touched = 0 if w == CORE else _TOWARD[w][1 << v] << 8 * w  # w's side facing v
    if small & touched or big != small | byte << 8 * v | touched:
        return None
    if not touched:  # v's one corridor leads to the Core: v is in no part hanging from a cut point
        return _Search(lanes, old.keep, old.cuts, old.parts)
    bit = 1 << v
    added = big == lanes
    cuts: list[tuple[int, tuple[int, ...]]] = []
    cut_parts: list[tuple[int, ...]] = []
    keep = _ONES
    w_cut = False
    for (u, row), parts in zip(old.cuts, old.parts):  # noqa: B905  (as many; a keyword costs a dict a call)
        if added:
            if u == w:
                parts += (bit,)
                row = _row(u, parts)
                w_cut = True
            else:
                for k, part in enumerate(parts):
                    if part >> w & 1:  # v joins w's piece
                        parts = parts[:k] + (part | bit,) + parts[k + 1:]
                        if _NEAR[u] & bit:  # u's sides facing the piece change
                            row = _row(u, parts)
                        break
        else:
            for k, part in enumerate(parts):
                if part & bit:
                    part ^= bit
                    parts = parts[:k] + ((part,) if part else ()) + parts[k + 1:]
                    if not parts:
                        break
                    if not part or _NEAR[u] & bit:
                        row = _row(u, parts)
                    break
            if not parts:
                continue  # v was all that hung from u: u is no cut point any more
        keep ^= 1 << 8 * u
        cuts.append((u, row))
        cut_parts.append(parts)
    if added and not w_cut:
        keep ^= 1 << 8 * w
        cuts.append((w, _row(w, (bit,))))
        cut_parts.append((bit,))
    # tuples, not lists: the garbage collector stops tracking a remembered search of tuples of ints
    return _Search(lanes, keep, tuple(cuts), tuple(cut_parts))


def _corridors_added(old: _Search, lanes: int) -> _Search | None:
    """`_search` of corridor masks ``lanes`` from the search of a station with only some of its
    corridors (None if the new station is not that): the same nodes, but for at most one node v
    more with two or more corridors (one corridor is `_leaf_change`'s case), and corridors added,
    none taken away (an exchange that only adds corridors, say). Adding corridors never makes a
    node a cut point: the station without any node w only gains corridors, and v, reaching a node
    other than w, joins it. So only the old cut points change: for each cut point u, the pieces
    of the station without u are joined along every new corridor that does not touch u — a part
    joined to the Core's piece no longer hangs from u, two parts joined are one part, v joins
    the piece of its other ends; u with no part left is no cut point."""
    small = old.corridors
    if small & ~lanes:
        return None  # a corridor taken away
    diff = lanes ^ small
    if not diff:
        return old
    ends: list[tuple[int, int]] = []  # the new corridors: (node, node or `CORE`), each once
    v = -1
    while diff:
        n = ((diff & -diff).bit_length() - 1) >> 3
        diff &= ~(255 << 8 * n)
        before = small >> 8 * n & 255
        now = lanes >> 8 * n & 255
        if not before:
            if v >= 0 or len(CORRIDOR_TO[n][now]) < 2:
                return None  # two new nodes, or a new leaf
            v = n
        for j in CORRIDOR_TO[n][now & ~before]:
            if j == CORE or n < j:  # a corridor between two nodes shows at both: taken once
                ends.append((n, j))
    cuts: list[tuple[int, tuple[int, ...]]] = []
    cut_parts: list[tuple[int, ...]] = []
    keep = _ONES
    for (u, row), parts in zip(old.cuts, old.parts):  # noqa: B905  (as many; a keyword costs a dict a call)
        groups = list(parts)  # the pieces of the station without u, but for the Core's
        if v >= 0:
            groups.append(1 << v)  # v alone until a new corridor joins it
        for a, b in ends:
            if a == u or b == u:
                continue
            ga = gb = -1  # -1: the Core's piece (`CORE` is in no part)
            for k, group in enumerate(groups):
                if group >> a & 1:
                    ga = k
                if group >> b & 1:
                    gb = k
            if ga == gb:
                continue
            if ga < 0 or gb < 0:
                del groups[ga if gb < 0 else gb]  # joined to the Core's piece
            else:
                low, high = (ga, gb) if ga < gb else (gb, ga)
                groups[low] |= groups[high]
                del groups[high]
        if not groups:
            continue  # nothing hangs from u any more: no cut point
        joined = tuple(groups)
        if joined != parts:
            row = _row(u, joined)
        keep ^= 1 << 8 * u
        cuts.append((u, row))
        cut_parts.append(joined)
    # tuples, not lists: the garbage collector stops tracking a remembered search of tuples of ints
    return _Search(lanes, keep, tuple(cuts), tuple(cut_parts))


_NO_SEARCH = _Search(0, _ONES, (), ())
"""The search of a station with no module installed."""
_SEARCHES: dict[int, _Search] = {}
"""`_search` remembered by corridor masks (stations that differ only where no corridor runs share it)."""
class LayoutMemo:
    """What `layout` last read from one seat's station, held by the seat (never written to JSON):
    the copy of the station it read (``station``, no one else's list), its `_ports` and its
    layout — given again while the station stays as it is, else the station the seat's next
    listing most likely changes at one node (by one leaf or by corridors added, for the search) —
    and the node a move changed since (``changed``, `note_change`: -1 none, -2 more than one);
    and the reconfigure moves it last listed (``listed``, shared, read-only), for the layout
    ``listed_plan`` and a copy of the Dock then (``dock``).
    Held by the seat rather than looked up by the list's `id`: `id` is a one-argument builtin,
    which Pyodide calls through a trampoline (docs/performance.md). A copy of a seat starts
    with nothing remembered."""

    __slots__ = ("changed", "dock", "listed", "listed_plan", "plan", "ports", "station")

    def __init__(self) -> None:
        self.station: list[str | None] | None = None
        self.ports = 0
        self.plan: Layout | None = None
        self.changed = -1
        self.listed_plan: Layout | None = None
        self.dock: list[str] = []
        self.listed: list[Any] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> LayoutMemo:
        return LayoutMemo()


def note_change(memo: LayoutMemo, i: int) -> None:
    """Tell `layout` that node ``i`` of the station ``memo`` belongs to changes (a hint it checks:
    the rest of the station must be as it last read it; a second node changed makes it read every
    node)."""
    changed = memo.changed
    if changed == -1:
        memo.changed = i
    elif changed != i:
        memo.changed = -2


def _supports(occupied: int) -> tuple[int, int]:
    """For the occupied nodes (a byte 1 each): the open nodes, each byte all four side bits (the
    sides a module's ports can meet there), and the occupied nodes whose module no module above
    needs for its support (a byte 1 each). Remembered by occupied nodes (an exchange keeps them)."""
    below = (occupied & _ONES_12) << 80  # each node's byte: is the node below it occupied
    # per node: its supporters (below it, and clockwise and counter-clockwise of that) + 4 − needed
    support = (below + ((below & _NOT_9) << 8 | (below & _SECTOR_9) >> 72)
               + ((below & _NOT_0) >> 8 | (below & _SECTOR_0) << 72) + _BIAS)
    open_lanes = support >> 2 & (_ONES ^ occupied)
    exact = support >> 2 & occupied & _ONES_23 & ~(support | support >> 1)  # needing every supporter
    above = exact >> 80  # the nodes below those, and clockwise and counter-clockwise of them
    pinned = (above | (above & _NOT_9) << 8 | (above & _SECTOR_9) >> 72
              | (above & _NOT_0) >> 8 | (above & _SECTOR_0) << 72) & occupied
    if len(_SUPPORTS) >= 4096:
        _SUPPORTS.clear()
    found = _SUPPORTS[occupied] = (open_lanes * 0xF, occupied ^ pinned)
    return found


_SUPPORTS: dict[int, tuple[int, int]] = {}


def _faces(ports: int) -> int:
    """Per node, its `facings` mask (a byte a node), from the station's `_ports`: the Core's face,
    and each side facing a neighbour's port, shifted from that neighbour's byte."""
    return (_CORE_FACE | (ports & _OUT_12) << 79 | (ports & _IN_23) >> 79
            | (ports & _CW_NOT_9) << 9 | (ports & _CW_9) >> 71
            | (ports & _CCW_NOT_0) >> 9 | (ports & _CCW_0) << 71)


_FACED_BY = [[_faces(byte << 8 * i) ^ _CORE_FACE for byte in range(32)] for i in range(NODES)]
"""Per node and byte of `_LANE_BYTE`, the sides of its neighbours that face its ports. Each bit of
`_faces` comes from one side of one node (or is the Core's), so a station changed at one node has
the facings of before, its old byte's sides taken away and its new byte's added (`layout`)."""


class Layout:
    """What can change in one legal station, worked out once (the installs and exchanges per
    port mask when asked for):

    - ``open``: the empty supported nodes; ``faces``: per node, its `facings` mask — a module
      installs at an open node when one of its ports meets the mask (`installs`);
    - ``removable``: installed nodes (a tuple, in node order) whose module can leave (no module
      above loses its support, and no module loses its route: not a cut point);
    - `exchanges`: per installed node, the sides facing the Core's part of the station and
      the sides facing each part that hangs from that node only — a Dock module can take the
      node's place when its ports meet the first mask and every one of the others (support is
      unchanged: the node stays occupied).

    Facings, corridors and support are worked out for every node at once, a byte per node in
    one integer (see `_LANE_BYTE`). The corridor graph is searched once depth first from the
    Core (Tarjan's cut points): removing a node that is not a cut point leaves every other
    module routed; removing a cut point u cuts off each "hanging" child subtree of u (a child
    v with low[v] ≥ disc[u]), the rest stays with the Core. A subtree is a range of discovery
    numbers [disc[v], end).
    """

    __slots__ = ("_at", "_faces_meet", "_high", "_low", "_occupied", "_open_lanes", "_search", "_swaps", "removable")

    def __init__(self, grid: Grid, last: _Search | None = None, ports: int = -1, faces: int = -1) -> None:
        """The layout of ``grid``; a corridor search not remembered is worked out from ``last``
        when its station is one leaf away (`_leaf_change`), else afresh. ``ports`` and ``faces``,
        when given, are the station's `_ports` and `_faces`."""
        if ports < 0:
            ports = _ports(grid)
        if faces < 0:
            faces = _faces(ports)
        self._faces_meet = faces
        occupied = ports >> 4 & _ONES
        found = _SUPPORTS.get(occupied)
        if found is None:
            found = _supports(occupied)
        open_lanes, unpinned = found
        self._open_lanes = open_lanes
        self._at: dict[int, tuple[int, ...]] = {}
        self._occupied = occupied
        self._swaps: dict[int, int] = {}
        self._low = self._high = -1  # `_cut_points`, worked out when first asked
        if not occupied:
            self._search = _NO_SEARCH
            self.removable: tuple[int, ...] = ()
            return
        corridors = ports & faces
        search = _SEARCHES.get(corridors)
        if search is None:
            if last is not None:
                search = _leaf_change(last, corridors)
                if search is None:
                    search = _corridors_added(last, corridors)
            if search is None:
                search = _search(corridors)
            if len(_SEARCHES) >= 4096:
                _SEARCHES.clear()
            _SEARCHES[corridors] = search
        self._search = search
        self.removable = _nodes(unpinned & search.keep)  # shared, read-only (no list a layout)

    @property
    def faces(self) -> bytes:
        """Per node, its `facings` mask (read when asked: the moves read `_faces_meet`)."""
        return self._faces_meet.to_bytes(NODES, "little")

    @property
    def open(self) -> tuple[int, ...]:
        """The empty supported nodes, in node order (read when asked: the moves use `installs`)."""
        return _nodes(self._open_lanes & _ONES)

    def installs(self, ports: int) -> tuple[int, ...]:
        """The open nodes where a module with port mask ``ports`` can be installed (in node order)."""
        found = self._at.get(ports)
        if found is None:
            met = self._faces_meet & _MEETS[ports] & self._open_lanes  # each byte 0–15
            found = self._at[ports] = _nodes((met + _FIFTEENS) >> 4 & _ONES)
        return found

    def exchanges(self, ports: Sequence[int]) -> tuple[tuple[int, ...], bytes]:
        """For Dock modules with port masks ``ports`` (at most four): the installed nodes where at
        least one of them can take the place of the module there, in node order, and per node a
        byte whose bit j is set when module j can (the exchanges of the class docstring)."""
        lanes = 0
        for j, p in enumerate(ports):
            lanes |= self.swaps(p) << j
        return _nodes((lanes + _FIFTEENS) >> 4 & _ONES), lanes.to_bytes(NODES, "little")

    def swaps(self, ports: int) -> int:
        """The installed nodes (a byte 1 each) where a module with port mask ``ports`` can take
        the place of the module there: its ports meet the node's `facings` at a node that is not
        a cut point; at a cut point they meet the Core's part and every hanging part."""
        found = self._swaps.get(ports)
        if found is None:
            if self._low < 0:
                self._cut_points()
            met = self._faces_meet & _MEETS[ports]  # each byte 0–15
            found = self._swaps[ports] = ((met + _FIFTEENS) >> 4 & self._occupied & self._search.keep
                                          | (self._high if ports & 8 else self._low) >> (ports & 7) & _ONES)
        return found

    def _cut_points(self) -> None:
        """The port masks each cut point u accepts — those a module there needs to keep every part
        routed (`_accept_row` at its `facings`) — as two integers with a byte per node: bit p of
        u's byte in ``_low`` for the port masks p = 0–7, bit p − 8 in ``_high`` for 8–15 (so
        that `swaps` reads every cut point's answer with one shift, not a loop over them)."""
        faces = self._faces_meet.to_bytes(NODES, "little")  # node u's mask: faces[u]
        low = high = 0
        for u, row in self._search.cuts:
            accepts = row[faces[u]]
            shift = 8 * u
            low |= (accepts & 255) << shift
            high |= accepts >> 8 << shift
        self._low = low
        self._high = high


_MEETING = [sum(1 << p for p in range(16) if p & m) for m in range(16)]
"""Per side mask m, the port masks that meet it (bit p set for port mask p)."""
_LAYOUTS: dict[int, Layout] = {}
"""Layouts by their stations' `_ports` (a layout reads only which nodes hold a module and its
ports, so stations that differ only in modules of the same ports share one)."""


def _ports(grid: Grid) -> int:
    """The station as one integer, a byte a node (`_LANE_BYTE`)."""
    return int.from_bytes(bytes(itemgetter(*grid)(_LANE_BYTE)), "little")


def layout(grid: Grid, memo: LayoutMemo | None = None) -> Layout:
    """The `Layout` of a legal station, remembered for the station as it stands (and for every
    station with modules of the same ports at the same nodes); with the seat's ``memo``, checked
    against the station it last read first."""
    if memo is None:
        memo = LayoutMemo()  # nothing read before
    old = memo.station
    last = memo.plan
    station: list[str | None] | None = None  # the copy kept, compared with the seat's list the next time
    key = faces = -1
    if old is not None and last is not None:
        if old == grid:
            return last  # the seat's station as `layout` last read it (compared, nothing copied)
        # `_ports` reads every node; with the one node a move changed, only that one: the kept
        # copy (nobody else holds it) takes that node's new slot and is compared whole, no slices
        i = memo.changed
        if i >= 0:
            was = old[i]
            old[i] = grid[i]
            if old == grid:  # the hint holds: the kept copy is the station now, and is kept again
                station = old
                before, now = _LANE_BYTE[was], _LANE_BYTE[grid[i]]
                key = memo.ports + ((now - before) << 8 * i)
                faced = _FACED_BY[i]
                faces = last._faces_meet ^ faced[before] ^ faced[now]
    if station is None:
        station = list(grid)
        key = _ports(station)
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) >= 4096:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = Layout(station, None if last is None else last._search, key, faces)
    memo.station = station
    memo.ports = key
    memo.plan = found
    memo.changed = -1
    return found
