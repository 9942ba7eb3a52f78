"""Issue 18: `station.Layout` (facings, support and corridors worked out for every node at once,
the corridor search remembered by corridor masks, the exchanges per port mask) says exactly what
the rules say, checked against the rules written out node by node on the positions of random
games: the open nodes and their facings, the removable nodes (the station minus that module is
legal) and every exchange (the station with a module of that port mask in its place is legal)."""

import random

import pytest

import engine
from engine.games.station import station
from engine.games.station.components import PORT_MASK
from engine.games.station.moves import reconfigure_moves
from engine.games.station.station import NODES, Layout, facings, is_legal, layout, supported

WITH_PORTS = {p: mid for mid, p in sorted(PORT_MASK.items(), reverse=True)}
"""A module for each port mask the game has."""


def positions(games, seed):
    """Every seat's station at every fifth step of ``games`` random games (2–4 seats)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        m = engine.new_match("station", 2 + g % 3, {}, seed=seed * 100 + g)
        n = 0
        while not m.is_over():
            seat = m.to_act()[0]
            if n % 5 == 0:
                out.extend(list(s.grid) for s in m._state.seats)
            m.play(seat, rng.choice(m.legal_moves(seat)))
            n += 1
    return out


def check(grid):
    plan = Layout(grid)
    faces = facings(grid)
    assert list(plan.faces) == faces
    open_ = [i for i in range(NODES) if grid[i] is None and supported(grid, i)]
    assert list(plan.open) == open_
    for p in range(16):
        assert list(plan.installs(p)) == [i for i in open_ if faces[i] & p]
    occupied = [i for i in range(NODES) if grid[i] is not None]
    removable = []
    for i in occupied:
        after = list(grid)
        after[i] = None
        if is_legal(after):
            removable.append(i)
    assert list(plan.removable) == removable
    masks = sorted(WITH_PORTS)
    nodes, slots = plan.exchanges(masks[:4])
    nodes2, slots2 = plan.exchanges(masks[4:8])
    nodes3, slots3 = plan.exchanges(masks[8:])
    for i in occupied:
        for j, p in enumerate(masks):
            after = list(grid)
            after[i] = WITH_PORTS[p]
            found, bits = [(nodes, slots), (nodes2, slots2), (nodes3, slots3)][j // 4]
            listed = i in found and bool(bits[i] >> (j % 4) & 1)
            assert listed == is_legal(after), (grid, i, p)
    for i in range(NODES):
        if i not in occupied:
            assert i not in nodes and i not in nodes2 and i not in nodes3


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_layout_is_the_rules_written_out(seed):
    grids = positions(3, seed)
    assert len(grids) > 100
    for grid in grids:
        assert is_legal(grid)
        check(grid)


def test_remembered_layouts_and_searches_are_the_fresh_ones():
    """The cache of layouts and of corridor searches (shared by stations with the same
    corridors) gives what a fresh layout, with empty caches, gives."""
    grids = positions(4, 7)
    remembered = [layout(g) for g in grids]
    station._LAYOUTS.clear()
    station._SEARCHES.clear()
    for grid, plan in zip(grids, remembered, strict=True):
        station._SEARCHES.clear()
        fresh = Layout(grid)
        assert (fresh.open, fresh.faces, fresh.removable) == (plan.open, plan.faces, plan.removable)
        masks = [PORT_MASK[mid] for mid in sorted(PORT_MASK)[:4]]
        assert fresh.exchanges(masks) == plan.exchanges(masks)


def test_reconfigure_moves_follow_node_then_dock_order():
    """Exchanges are listed node by node, each node's in Dock order."""
    from engine.games.station.state import StationSeat

    grids = positions(2, 11)
    rng = random.Random(3)
    mids = sorted(PORT_MASK)
    for grid in grids[::7]:
        seat = StationSeat()
        seat.grid = list(grid)
        used = {m for m in grid if m is not None}
        seat.dock = rng.sample([m for m in mids if m not in used], rng.randint(1, 4))
        moves = [m for m in reconfigure_moves(seat) if m["op"] == "exchange"]
        keys = [(station.index(m["at"]["ring"], m["at"]["sector"]), seat.dock.index(m["module"])) for m in moves]
        assert keys == sorted(keys)
        expected = []
        for i in range(NODES):
            if grid[i] is None:
                continue
            for k, mid in enumerate(seat.dock):
                after = list(grid)
                after[i] = mid
                if is_legal(after):
                    expected.append((i, k))
        assert keys == expected
