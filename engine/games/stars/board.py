"""A seat's player board: a hexagon of radius 3 whose lines join star tiles (RULINGS `stars`).

Cells are axial coordinates ``[q, r]`` of pointy-top hexagons with ``max(|q|, |r|, |q+r|) ≤ 3``:
37 cells, indexed row by row (r from −3 to 3, then q). Directions, clockwise on screen:
0 east (+1, 0), 1 south-east (0, +1), 2 south-west (−1, +1), 3 west (−1, 0), 4 north-west
(0, −1), 5 north-east (+1, −1). A tile's lines are a 6-bit mask of directions; rotating a tile
``k`` steps turns direction d into d + k.

The four corners top-left ``[0,-3]``, top-right ``[3,-3]``, bottom-left ``[-3,3]`` and
bottom-right ``[0,3]`` hold the bonus tokens and never take a tile or stardust; the other 33
cells do. Off the board counts as "edge".

This module is pure geometry and line logic on a `Board`; it knows nothing of seats, supplies
or scores (stargazing.py does that), so a bot can run it on the board in its own view.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import Any

from .components import BONUS_TOKENS, TILES

RADIUS = 3
DIRS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
OPP: tuple[int, ...] = (3, 4, 5, 0, 1, 2)
CELLS: tuple[tuple[int, int], ...] = tuple(
    (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
    if max(abs(q), abs(r), abs(q + r)) <= RADIUS
)
INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(CELLS)}
NB: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get((q + dq, r + dr), -1) for dq, dr in DIRS) for q, r in CELLS
)
CORNERS: dict[str, int] = {
    "top_left": INDEX[(0, -3)], "top_right": INDEX[(3, -3)],
    "bottom_left": INDEX[(-3, 3)], "bottom_right": INDEX[(0, 3)],
}
CORNER_NAMES: tuple[str, ...] = tuple(CORNERS)
CORNER_AT: dict[int, str] = {i: name for name, i in CORNERS.items()}
IS_CORNER: tuple[bool, ...] = tuple(i in CORNER_AT for i in range(len(CELLS)))
PLAYABLE: tuple[int, ...] = tuple(i for i in range(len(CELLS)) if not IS_CORNER[i])
BACK: tuple[int, ...] = tuple(1 << OPP[d] for d in range(6))
"""For direction d: the bit of the neighbour's line that points back (direction d + 3)."""
BOARD_NB: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((j, 1 << d, BACK[d]) for d, j in enumerate(NB[i]) if j >= 0) for i in range(len(CELLS))
)
"""Per cell, its neighbours on the board: (cell, bit of the direction to it, `BACK` bit)."""
INNER_NB: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(n for n in BOARD_NB[i] if not IS_CORNER[n[0]]) for i in range(len(CELLS))
)
"""`BOARD_NB` without the bonus corners (the neighbours that may hold a tile or stardust)."""
WALLED: tuple[int, ...] = tuple(
    sum(1 << d for d, j in enumerate(NB[i]) if j < 0 or IS_CORNER[j]) for i in range(len(CELLS))
)
"""Per cell, the directions towards the edge or a bonus corner (a new tile's lines must not
point there)."""
BITS: tuple[tuple[int, ...], ...] = tuple(tuple(d for d in range(6) if m >> d & 1) for m in range(64))
POP: tuple[int, ...] = tuple(len(b) for b in BITS)
assert len(CELLS) == 37 and len(PLAYABLE) == 33

# Cell sets, for `Board.sides` and `Board.fit_sets`: an integer with one byte per position of a
# 7 × 8 grid, cell (q, r) at position 8·(r + 3) + (q + 3) (rows of 8, one spare column), the
# byte 1 when the cell is in the set. The neighbours in direction d of a whole set are one shift
# by 8·STEP[d] bits; positions are in board order, and the bytes of a set (``to_bytes(POSITIONS,
# "little")``) pick things out of a row of positions with `itertools.compress`.
POSITIONS = 56
POSITION: tuple[int, ...] = tuple(8 * (r + RADIUS) + q + RADIUS for q, r in CELLS)
CELL_BIT: tuple[int, ...] = tuple(1 << 8 * p for p in POSITION)
"""Per cell, its set (the byte of its position)."""
ALL_BITS = sum(1 << 8 * p for p in range(POSITIONS))
PLAYABLE_BITS = sum(CELL_BIT[i] for i in PLAYABLE)
NOT_WALLED: tuple[int, ...] = tuple(
    sum(CELL_BIT[i] for i in PLAYABLE if not WALLED[i] >> d & 1) for d in range(6)
)
"""Per direction d: the playable cells whose neighbour in direction d may hold a tile or stardust."""
_AT_POSITION: dict[int, int] = {p: i for i, p in enumerate(POSITION)}
_BY_POSITION = itemgetter(*(_AT_POSITION.get(p, CORNERS["top_left"]) for p in range(POSITIONS)))
"""A list by cell → a tuple by position (a spare position reads a corner: no tile, no stardust)."""
_NONZERO = bytes([0] + [1] * 255)
CELL_AT_POSITION: tuple[int, ...] = tuple(_AT_POSITION.get(p, -1) for p in range(POSITIONS))
"""Per position, its cell (−1: none)."""
FIRST_PLAYABLE = min(POSITION[i] for i in PLAYABLE)
PLAYABLE_SPAN = max(POSITION[i] for i in PLAYABLE) + 1 - FIRST_PLAYABLE
"""A set of playable cells: ``(bits >> 8 * FIRST_PLAYABLE).to_bytes(PLAYABLE_SPAN, "little")`` are
its bytes from the first playable position on (the shortest row of bytes that holds it)."""
FitSets = tuple[tuple[int, ...], tuple[int, ...]]
"""`Board.fit_sets`: where a tile with each line mask fits."""


def cells_of(bits: int) -> tuple[int, ...]:
    """The cells of a cell set, in board order."""
    return tuple(compress(CELL_AT_POSITION, bits.to_bytes(POSITIONS, "little")))


def cell_json(i: int) -> list[int]:
    return list(CELLS[i])


def cell_index(value: Any) -> int | None:
    """``[q, r]`` → the cell index, or None if it is not a cell of the board."""
    if type(value) is not list or len(value) != 2 or any(type(v) is not int for v in value):
        return None
    return INDEX.get((value[0], value[1]))


Sides = tuple[int, tuple[int, ...], tuple[int, ...]]
"""`Board.sides`: ``(vacant, may_have, may_lack)``."""


class _Reading:
    """What `Board.sides` worked out for one position of a board, with copies of the lines and
    stardust it was read from (the tiles are where the lines are), and what `Board.fit_sets` and
    `Board.stardust_cells` made of it (worked out when first asked)."""

    __slots__ = ("dust", "dust_bits", "dust_cells", "fit", "lines", "mask", "sides", "tiles")

    def __init__(self, board: Board, lines: int, tiles: int, dust_bits: int) -> None:
        self.mask = board.mask[:]
        self.dust = board.dust[:]
        # as `Board._sides` read them, a byte a position: each cell's line mask, the cells with a
        # tile, the cells with stardust (`CELL_BIT`)
        self.lines = lines
        self.tiles = tiles
        self.dust_bits = dust_bits
        self.sides = board._sides(lines, tiles | dust_bits, dust_bits)
        self.fit: FitSets | None = None
        self.dust_cells: tuple[tuple[int, int], ...] | None = None


class Board:
    """The tiles, stardust and bonus tokens on one player board."""

    __slots__ = ("_placed", "_reading", "bonus", "colour", "crystal", "dust", "mask", "taken", "tile")

    def __init__(self) -> None:
        n = len(CELLS)
        self.tile: list[tuple[str, str, int] | None] = [None] * n  # (tile id, side, rotation)
        self.mask: list[int] = [0] * n  # the lines of the tile on that cell
        self.colour: list[str] = [""] * n  # its face colour ("white" is not light-bearing)
        self.crystal: list[bool] = [False] * n  # a light crystal still sits on the tile
        self.dust: list[int] = [0] * n  # stardust tokens filling the cell
        self.bonus: dict[str, str] = {}  # corner → bonus token printed/placed there
        self.taken: list[str] = []  # bonus tokens already gained (each once)
        # the last `sides` worked out, used again while the lines and stardust are the same
        # (compared by value, so however the lists were changed; the tiles are where the lines are)
        self._reading: _Reading | None = None
        # the cell `place_tile` filled since that reading (-1: none, -2: more than one): a hint
        # `_read` checks, to read the lines again at that cell only
        self._placed = -1

    # --- reading --------------------------------------------------------------------

    def vacant(self, i: int) -> bool:
        return i >= 0 and not IS_CORNER[i] and self.tile[i] is None and not self.dust[i]

    def vacant_cells(self) -> int:
        return sum(1 for i in PLAYABLE if self.tile[i] is None and not self.dust[i])

    def constraints(self, i: int) -> tuple[int, int]:
        """For a vacant cell: (directions a new tile must have a line in, directions it must not).

        Must: a neighbouring tile's line points into the cell. Must not: the edge, a bonus
        corner, stardust, or a neighbouring tile's side without a line. (Read off `sides`.)
        """
        bit = CELL_BIT[i]
        _vacant, may_have, may_lack = self.sides()
        need = block = 0
        for d in range(6):
            if not may_lack[d] & bit:
                need |= 1 << d
            if not may_have[d] & bit:
                block |= 1 << d
        return need, block

    def sides(self) -> Sides:
        """The placement rule for every cell at once, as cell sets (see `CELL_BIT`):
        ``(vacant, may_have, may_lack)``. A new tile may have a line in direction d on the
        cells of ``may_have[d]`` — there it does not face the edge, a bonus corner, stardust or
        a tile's side without a line — and may lack one on the cells of ``may_lack[d]``, where
        no tile's line points into the cell from that side. Playable cells only.
        """
        return self._read().sides

    def _read(self) -> _Reading:
        """The reading of the board as it is now: the last one while the lines and stardust are
        unchanged (so are the tiles: a tile is placed on an empty cell, never taken away), else a
        new one (`_sides`)."""
        reading = self._reading
        placed = self._placed
        if reading is None:
            lines = dust = -1
        elif reading.mask != self.mask:
            # a tile placed, most often with the stardust as it was: what did not change is not
            # read again (reading a list by position is most of the time a reading takes)
            dust = reading.dust_bits if reading.dust == self.dust else -1
            lines = -1
            if placed >= 0:  # the hint, checked: the lists differ at that cell only
                old = reading.mask
                was = old[placed]
                now = old[placed] = self.mask[placed]
                single = old == self.mask
                old[placed] = was
                if single:
                    bit = CELL_BIT[placed]
                    lines = reading.lines + (now - was) * bit
                    tiles = reading.tiles | bit if now else reading.tiles & ~bit
        elif reading.dust != self.dust:
            dust = -1
            lines, tiles = reading.lines, reading.tiles
        else:
            return reading
        if lines < 0:
            by_position = bytes(_BY_POSITION(self.mask))
            lines = int.from_bytes(by_position, "little")  # each position's line mask
            # a cell holds a tile exactly where it has lines (every face has lines at every rotation:
            # tests/test_stars_board_reading.py), so the tiles are read off the lines in one pass,
            # not summed cell by cell (an addition of 448-bit integers a tile, each a new integer)
            tiles = int.from_bytes(by_position.translate(_NONZERO), "little")
        if dust < 0:
            dust = int.from_bytes(bytes(_BY_POSITION(self.dust)).translate(_NONZERO), "little")
        self._placed = -1
        reading = self._reading = _Reading(self, lines, tiles, dust)
        return reading

    def _sides(self, lines: int, occupied: int, dust: int) -> Sides:
        """`sides`, worked out from the cells' line masks, the cells holding a tile or stardust and
        those holding stardust (a byte a position, `CELL_BIT`)."""
        plain = occupied ^ dust  # the tiles (a cell with stardust counts as stardust)
        # per direction d, ``no``: the cells no tile's line faces from direction d (the tiles with
        # a line in direction d + 3, shifted onto the cells they face, taken from all). A new tile
        # may lack a line there; it may have one where a line faces it or nothing does: ``no``
        # against the tiles and stardust shifted alike (``^``)
        no = ALL_BITS ^ (lines >> 3 & plain) >> 8
        has0 = NOT_WALLED[0] & (no ^ occupied >> 8)
        lacks0 = PLAYABLE_BITS & no
        no = ALL_BITS ^ (lines >> 4 & plain) >> 64
        has1 = NOT_WALLED[1] & (no ^ occupied >> 64)
        lacks1 = PLAYABLE_BITS & no
        no = ALL_BITS ^ (lines >> 5 & plain) >> 56
        has2 = NOT_WALLED[2] & (no ^ occupied >> 56)
        lacks2 = PLAYABLE_BITS & no
        no = ALL_BITS ^ (lines & plain) << 8
        has3 = NOT_WALLED[3] & (no ^ occupied << 8)
        lacks3 = PLAYABLE_BITS & no
        no = ALL_BITS ^ (lines >> 1 & plain) << 64
        has4 = NOT_WALLED[4] & (no ^ occupied << 64)
        lacks4 = PLAYABLE_BITS & no
        no = ALL_BITS ^ (lines >> 2 & plain) << 56
        has5 = NOT_WALLED[5] & (no ^ occupied << 56)
        lacks5 = PLAYABLE_BITS & no
        return (PLAYABLE_BITS ^ PLAYABLE_BITS & occupied, (has0, has1, has2, has3, has4, has5),
                (lacks0, lacks1, lacks2, lacks3, lacks4, lacks5))

    def incoming(self, i: int) -> int:
        """Directions from a cell towards neighbouring tiles whose lines point into it."""
        need = 0
        mask = self.mask
        for j, bit, back in BOARD_NB[i]:
            if mask[j] & back:
                need |= bit
        return need

    def open_lines(self, i: int) -> int:
        """How many lines of the tile on cell ``i`` point into vacant cells."""
        n = 0
        for d in BITS[self.mask[i]]:
            j = NB[i][d]
            if self.tile[j] is None and not self.dust[j]:
                n += 1
        return n

    def joined(self, i: int) -> list[int]:
        """Tiles whose lines meet the lines of the tile on cell ``i``."""
        return [NB[i][d] for d in BITS[self.mask[i]] if self.tile[NB[i][d]] is not None]

    def group(self, i: int) -> list[int]:
        """The tiles joined to cell ``i``'s tile by lines (its constellation-to-be), sorted."""
        seen = {i: None}  # a dict as a set: no `set.add` call (see `main_board._can_finish`)
        stack = [i]
        while stack:
            c = stack.pop()
            for j in self.joined(c):
                if j not in seen:
                    seen[j] = None
                    stack.append(j)
        return sorted(seen)

    def closed(self, cells: list[int]) -> bool:
        """No line of these tiles points into a vacant cell."""
        for c in cells:  # noqa: SIM110  (a loop, not any()/all() over a generator: cheaper in Pyodide)
            if self.open_lines(c):
                return False
        return True

    def light_bearing(self, cells: list[int]) -> int:
        """How many of these tiles are light-bearing (not white)."""
        colour = self.colour
        n = 0
        for c in cells:
            if colour[c] != "white":
                n += 1
        return n

    def touching_bonus(self, cells: list[int]) -> list[str]:
        """Unused bonus tokens on corners next to any of these tiles (rulebook order)."""
        found = set()
        for c in cells:
            for j in NB[c]:
                if j >= 0 and IS_CORNER[j]:
                    token = self.bonus.get(CORNER_AT[j])
                    if token and token not in self.taken:
                        found.add(token)
        return [t for t in BONUS_TOKENS if t in found]

    def stardust_cells(self) -> list[tuple[int, int]]:
        """(cell, stardust needed) for every vacant cell that lines point into, in board order.

        Read off `sides`: a line points into a vacant cell from each direction where a new tile
        may not lack one, so six times the vacant set less its six ``may_lack`` sets counts, in
        each cell's byte, the lines pointing in.
        """
        reading = self._read()
        found = reading.dust_cells
        if found is None:
            vacant, _may_have, (lacks0, lacks1, lacks2, lacks3, lacks4, lacks5) = reading.sides
            counts = (6 * vacant - (lacks0 & vacant) - (lacks1 & vacant) - (lacks2 & vacant)
                      - (lacks3 & vacant) - (lacks4 & vacant) - (lacks5 & vacant)).to_bytes(POSITIONS, "little")
            cells = counts.translate(_NONZERO)
            found = reading.dust_cells = tuple(zip(compress(CELL_AT_POSITION, cells), compress(counts, cells),
                                                   strict=True))
        return list(found)

    def fits(self, i: int, mask: int) -> bool:
        need, block = self.constraints(i)
        return mask & need == need and not mask & block

    def fit_sets(self) -> FitSets:
        """Where a tile may go, as cell sets (see `CELL_BIT`): ``(low, high)`` such that a
        tile with line mask ``m`` fits on exactly the cells ``low[m & 7] & high[m >> 3]`` (the
        vacant cells where each of its six sides is allowed, by `sides`). ``low`` holds, for
        each subset of directions 0–2 the tile has lines in, the cells where those three sides
        are allowed; ``high`` the same for directions 3–5.
        """
        reading = self._read()
        if reading.fit is not None:
            return reading.fit
        vacant, (has0, has1, has2, has3, has4, has5), (lacks0, lacks1, lacks2, lacks3, lacks4, lacks5) = reading.sides
        a, b, c, d = lacks0 & lacks1 & vacant, has0 & lacks1 & vacant, lacks0 & has1 & vacant, has0 & has1 & vacant
        low = (a & lacks2, b & lacks2, c & lacks2, d & lacks2, a & has2, b & has2, c & has2, d & has2)
        a, b, c, d = lacks3 & lacks4, has3 & lacks4, lacks3 & has4, has3 & has4
        high = (a & lacks5, b & lacks5, c & lacks5, d & lacks5, a & has5, b & has5, c & has5, d & has5)
        reading.fit = low, high
        return low, high

    # --- changing ---------------------------------------------------------------------

    def place_tile(self, i: int, tile_id: str, side: str, rotation: int, crystal: bool) -> dict[str, Any]:
        """Put a tile on vacant cell ``i`` (legality checked by the caller).

        Returns ``{"areas": new enclosed areas, "lights": [cells whose crystal is freed],
        "constellations": [[cells], ...]}``; the freed crystals are taken off the tiles here.
        A placement joining k lines into m distinct existing groups encloses k − m new areas.
        """
        face = TILES[tile_id].side(side)
        mask = face.masks[rotation % 6]
        neighbours = [NB[i][d] for d in BITS[mask] if self.tile[NB[i][d]] is not None]
        groups = 0
        seen: set[int] = set()
        for j in neighbours:
            if j not in seen:
                groups += 1
                seen.update(self.group(j))
        self.tile[i] = (tile_id, side, rotation % 6)
        self.mask[i] = mask
        self._placed = i if self._placed == -1 else -2
        self.colour[i] = face.colour
        self.crystal[i] = crystal
        lights = self._free_crystals([i] + neighbours)
        cells = self.group(i)
        done = [cells] if self.closed(cells) and self.light_bearing(cells) else []
        return {"areas": len(neighbours) - groups, "lights": lights, "constellations": done}

    def place_dust(self, i: int) -> dict[str, Any]:
        """Fill vacant cell ``i`` with as many stardust as lines point into it.

        Returns ``{"count", "lights", "constellations"}``. Stardust never encloses an area.
        """
        need = self.incoming(i)
        self.dust[i] = POP[need]
        touched = [NB[i][d] for d in BITS[need]]
        lights = self._free_crystals(touched)
        done = []
        seen: set[int] = set()
        for c in touched:
            if c in seen:
                continue
            cells = self.group(c)
            seen.update(cells)
            if self.closed(cells) and self.light_bearing(cells):
                done.append(cells)
        done.sort()
        return {"count": POP[need], "lights": lights, "constellations": done}

    def _free_crystals(self, cells: list[int]) -> list[int]:
        out = []
        for c in sorted(set(cells)):
            if self.crystal[c] and self.open_lines(c) == 0:
                self.crystal[c] = False
                out.append(c)
        return out

    # --- JSON -------------------------------------------------------------------------

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.tile = self.tile[:]
        b.mask = self.mask[:]
        b.colour = self.colour[:]
        b.crystal = self.crystal[:]
        b.dust = self.dust[:]
        b.bonus = dict(self.bonus)
        b.taken = self.taken[:]
        b._reading = self._reading
        b._placed = self._placed
        return b

    def to_json(self) -> dict[str, Any]:
        tiles = []
        for i, t in enumerate(self.tile):
            if t is not None:
                tiles.append({"cell": cell_json(i), "tile": t[0], "side": t[1], "rotation": t[2],
                              "colour": self.colour[i], "lines": list(BITS[self.mask[i]]),
                              "crystal": self.crystal[i]})
        dust = [{"cell": cell_json(i), "count": n} for i, n in enumerate(self.dust) if n]
        bonus = [{"corner": name, "cell": cell_json(CORNERS[name]), "token": self.bonus[name],
                  "taken": self.bonus[name] in self.taken} for name in CORNER_NAMES if name in self.bonus]
        return {"tiles": tiles, "stardust": dust, "bonus": bonus, "taken": self.taken[:]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Board:
        b = cls()
        for t in data["tiles"]:
            i = INDEX[tuple(t["cell"])]
            b.tile[i] = (t["tile"], t["side"], int(t["rotation"]))
            b.mask[i] = TILES[t["tile"]].side(t["side"]).masks[int(t["rotation"])]
            b.colour[i] = t["colour"]
            b.crystal[i] = bool(t["crystal"])
        for d in data["stardust"]:
            b.dust[INDEX[tuple(d["cell"])]] = int(d["count"])
        for entry in data["bonus"]:
            b.bonus[entry["corner"]] = entry["token"]
        b.taken = list(data["taken"])
        return b
