"""The stargazing phase and everything that happens on a player board.

Rulebook "Stargazing Phase": every seat draws 3 star tiles from its own bag and places them,
all at the same time; placement keeps every line meeting a line, a vacant cell or stardust;
a light-bearing tile gets a crystal, freed when all its lines meet a line or stardust; each
newly enclosed area earns a stardust; a closed group with a light-bearing tile is a
constellation, scored by its light-bearing tiles, and may take one bonus token it touches.
A tile that cannot be placed costs 1 VP. Stardust is spent "at any time, regardless of phase,
or whose turn it currently is" — these functions serve every phase.
"""

from __future__ import annotations

from typing import Any

from .board import BITS, CELLS, Board, FitSets, cell_json, cells_of
from .components import (
    BONUS_EXTRA_ACTIONS,
    COLOURS,
    TILES,
    TILES_PER_ROUND,
    UNPLACED_PENALTY,
    colour_json,
)
from .scoring import add_points, take_reward
from .state import ACTION, ON_BONUS, READY, STARGAZING, StarsState

Event = dict[str, Any]
SIDES = ("A", "B")


def begin(state: StarsState, events: list[Event]) -> None:
    """Every seat draws its tiles (from the seeded generator) and the phase starts."""
    state.phase = STARGAZING
    events.append({"type": "phase", "phase": STARGAZING, "round": state.round})
    for i, s in enumerate(state.seats):
        for _ in range(min(TILES_PER_ROUND, len(s.bag))):
            s.hand.append(s.bag.pop(state.rng.below(len(s.bag))))
        events.append({"type": "draw", "seat": i, "count": len(s.hand)})
    for i in range(state.players):
        set_aside_if_stuck(state, i, events)


def placement_cells(board: Board, tile_id: str, fit: FitSets | None = None) -> list[tuple[str, int, tuple[int, ...]]]:
    """For a tile on this board, each (side, rotation) with the cells where it fits, in board
    order (sides A then B, rotations 0–5). ``fit``: the board's `Board.fit_sets`, if known."""
    low, high = board.fit_sets() if fit is None else fit
    out = []
    tile = TILES[tile_id]
    for side in SIDES:
        masks = tile.side(side).masks
        for rot in range(6):
            m = masks[rot]
            found = low[m & 7] & high[m >> 3]
            out.append((side, rot, cells_of(found) if found else ()))
    return out


def placements(board: Board, tile_id: str) -> list[tuple[str, int, int]]:
    """Every legal (side, rotation, cell) for a tile on this board, cells in board order."""
    return [(side, rot, i) for side, rot, cells in placement_cells(board, tile_id) for i in cells]


def placeable(board: Board, tile_id: str, fit: FitSets | None = None) -> bool:
    low, high = board.fit_sets() if fit is None else fit
    tile = TILES[tile_id]
    for m in tile.a.masks + tile.b.masks:  # noqa: SIM110  (a loop, not any()/all() over a generator: cheaper in Pyodide)
        if low[m & 7] & high[m >> 3]:
            return True
    return False


def set_aside_if_stuck(state: StarsState, seat: int, events: list[Event]) -> None:
    """When no tile in hand fits anywhere, each is set aside for 1 VP (nothing can free room:
    only the seat's own tiles and stardust change its board, and stardust only fills cells)."""
    s = state.seats[seat]
    if not s.hand or s.pending:
        return
    fit = s.board.fit_sets()
    for t in s.hand:
        if placeable(s.board, t, fit):
            return
    for tid in s.hand[:]:
        set_aside(state, seat, tid, events)


def set_aside(state: StarsState, seat: int, tile_id: str, events: list[Event]) -> None:
    s = state.seats[seat]
    s.hand.remove(tile_id)
    s.set_aside.append(tile_id)
    add_points(state, seat, "unplaced", -UNPLACED_PENALTY)
    events.append({"type": "set_aside", "seat": seat, "tile": tile_id, "vp": -UNPLACED_PENALTY})


def place(state: StarsState, seat: int, tile_id: str, side: str, rotation: int, cell: int,
          events: list[Event]) -> None:
    s = state.seats[seat]
    del s.hand[s.hand.index(tile_id)]  # not `list.remove`: a trampolined call in Pyodide (docs/performance.md)
    face = TILES[tile_id].side(side)
    crystal = False
    if face.light_bearing:
        c = COLOURS.index(face.colour)
        if state.supply_light[c] > 0:
            state.supply_light[c] -= 1
            crystal = True
    fx = s.board.place_tile(cell, tile_id, side, rotation, crystal)
    events.append({"type": "place", "seat": seat, "tile": tile_id, "side": side, "rotation": rotation % 6,
                   "cell": cell_json(cell), "colour": face.colour,
                   "lines": list(BITS[s.board.mask[cell]]), "crystal": crystal})
    if fx["areas"]:
        gained = min(fx["areas"], state.supply_stardust)
        state.supply_stardust -= gained
        s.stardust += gained
        events.append({"type": "enclosure", "seat": seat, "areas": fx["areas"], "stardust": gained})
    _after(state, seat, fx, events)


def spend_stardust(state: StarsState, seat: int, cell: int, events: list[Event]) -> None:
    s = state.seats[seat]
    fx = s.board.place_dust(cell)
    s.stardust -= fx["count"]
    events.append({"type": "stardust", "seat": seat, "cell": cell_json(cell), "count": fx["count"]})
    _after(state, seat, fx, events)


def _after(state: StarsState, seat: int, fx: dict[str, Any], events: list[Event]) -> None:
    s = state.seats[seat]
    for c in fx["lights"]:
        colour = COLOURS.index(s.board.colour[c])
        s.light[colour] += 1
        events.append({"type": "light", "seat": seat, "cell": cell_json(c), "colour": COLOURS[colour]})
    for cells in fx["constellations"]:
        complete(state, seat, cells, events)


def complete(state: StarsState, seat: int, cells: list[int], events: list[Event]) -> None:
    """A constellation completed: score its pile, then owe a bonus-token choice if it touches one."""
    s = state.seats[seat]
    bearing = s.board.light_bearing(cells)
    pile, vp = take_reward(state, seat, bearing, "constellations")
    events.append({"type": "constellation", "seat": seat, "cells": [cell_json(c) for c in cells],
                   "light_bearing": bearing, "pile": pile, "vp": vp})
    options = s.board.touching_bonus(cells)
    if options:
        s.pending.append({"value": vp, "options": options})
        events.append({"type": "bonus_choice", "seat": seat, "options": options[:]})


def bonus_options(state: StarsState, seat: int) -> list[str]:
    """Tokens the seat's oldest owed choice may still take (taken ones drop out)."""
    s = state.seats[seat]
    return [t for t in s.pending[0]["options"] if t not in s.board.taken]


def take_bonus(state: StarsState, seat: int, token: str | None, events: list[Event]) -> None:
    """Resolve the oldest owed choice: take ``token`` (or none) and apply its effect at once."""
    s = state.seats[seat]
    owed = s.pending.pop(0)
    events.append({"type": "bonus", "seat": seat, "token": token})
    if token is not None:
        s.board.taken.append(token)
        if token == "x2":
            add_points(state, seat, "constellations", owed["value"])
            events.append({"type": "x2", "seat": seat, "vp": owed["value"]})
        elif token == "lights":
            gained = [0, 0, 0]
            for c in range(3):
                if state.supply_light[c] > 0:
                    state.supply_light[c] -= 1
                    s.light[c] += 1
                    gained[c] = 1
            events.append({"type": "lights", "seat": seat, "light": colour_json(gained)})
        elif token == "actions":
            if state.phase == ACTION and state.current == seat:
                state.actions_left += BONUS_EXTRA_ACTIONS
            else:
                s.extra_actions += BONUS_EXTRA_ACTIONS
        elif token == "villager":
            s.villagers[s.villagers.index(ON_BONUS)] = READY
    # a later owed choice whose tokens are all gone now has nothing to choose
    s.pending = [p for p in s.pending if any(t not in s.board.taken for t in p["options"])]
    if state.phase == STARGAZING:
        set_aside_if_stuck(state, seat, events)


def stardust_moves(state: StarsState, seat: int) -> list[dict[str, Any]]:
    s = state.seats[seat]
    if s.stardust <= 0:
        return []
    return [{"type": "stardust", "cell": list(CELLS[i])} for i, n in s.board.stardust_cells() if n <= s.stardust]


def can_spend_stardust(state: StarsState, seat: int) -> bool:
    s = state.seats[seat]
    have = s.stardust
    if have > 0:
        for _i, n in s.board.stardust_cells():
            if n <= have:
                return True
    return False
