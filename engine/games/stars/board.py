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


def cell_json(i: int) -> list[int]:
    return list(CELLS[i])


def cell_index(value: Any) -> int | None:
    """``[q, r]`` → the cell index, or None if it is not a cell of the board."""
    if type(value) is not list or len(value) != 2 or any(type(v) is not int for v in value):
        return None
    return INDEX.get((value[0], value[1]))


class Board:
    """The tiles, stardust and bonus tokens on one player board."""

    __slots__ = ("bonus", "colour", "crystal", "dust", "mask", "taken", "tile")

    def __init__(self) -> None:
        n = len(CELLS)
        self.tile: list[tuple[str, str, int] | None] = [None] * n  # (tile id, side, rotation)
        self.mask: list[int] = [0] * n  # the lines of the tile on that cell
        self.colour: list[str] = [""] * n  # its face colour ("white" is not light-bearing)
        self.crystal: list[bool] = [False] * n  # a light crystal still sits on the tile
        self.dust: list[int] = [0] * n  # stardust tokens filling the cell
        self.bonus: dict[str, str] = {}  # corner → bonus token printed/placed there
        self.taken: list[str] = []  # bonus tokens already gained (each once)

    # --- reading --------------------------------------------------------------------

    def vacant(self, i: int) -> bool:
        return i >= 0 and not IS_CORNER[i] and self.tile[i] is None and not self.dust[i]

    def vacant_cells(self) -> int:
        return sum(1 for i in PLAYABLE if self.tile[i] is None and not self.dust[i])

    def constraints(self, i: int) -> tuple[int, int]:
        """For a vacant cell: (directions a new tile must have a line in, directions it must not).

        Must: a neighbouring tile's line points into the cell. Must not: the edge, a bonus
        corner, stardust, or a neighbouring tile's side without a line.
        """
        need = 0
        block = WALLED[i]
        mask, tile, dust = self.mask, self.tile, self.dust
        for j, bit, back in INNER_NB[i]:
            if dust[j]:
                block |= bit
            elif tile[j] is not None:
                if mask[j] & back:
                    need |= bit
                else:
                    block |= bit
        return need, block

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
        seen = {i}
        stack = [i]
        while stack:
            c = stack.pop()
            for j in self.joined(c):
                if j not in seen:
                    seen.add(j)
                    stack.append(j)
        return sorted(seen)

    def closed(self, cells: list[int]) -> bool:
        return all(self.open_lines(c) == 0 for c in cells)

    def light_bearing(self, cells: list[int]) -> int:
        return sum(1 for c in cells if self.colour[c] != "white")

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
        """(cell, stardust needed) for every vacant cell that lines point into."""
        out = []
        for i in PLAYABLE:
            if self.tile[i] is None and not self.dust[i]:
                n = POP[self.incoming(i)]
                if n:
                    out.append((i, n))
        return out

    def fits(self, i: int, mask: int) -> bool:
        need, block = self.constraints(i)
        return mask & need == need and not mask & block

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
