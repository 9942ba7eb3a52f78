"""Issue 18, eighth round: a corridor search worked out from the search of a station one leaf
away (`station._leaf_change`: one module more or less whose only corridor leads to one node or
the Core), the layouts remembered by the stations' ports and the seat's last search handed to
the next layout say exactly what a search and a layout from scratch say, on the stations of
random games."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import engine
from engine.games.station import station
from engine.games.station.components import PORT_MASK, SIDES_OF
from engine.games.station.station import INWARD, NEIGHBOURS, NODES, SECTORS, Grid, Layout, is_legal, layout, supported

WITH_PORTS = {p: mid for mid, p in sorted(PORT_MASK.items(), reverse=True)}
"""A module for each port mask the game has."""


def grids_of_games(games: int, seed: int) -> list[list[list[str | None]]]:
    """Per seat of ``games`` random games (2–4 seats): its station after each of its own steps."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        players = 2 + g % 3
        m = engine.new_match("station", players, {}, seed=seed * 100 + g)
        per_seat: list[list[list[str | None]]] = [[] for _ in range(players)]
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_moves(seat)))
            per_seat[seat].append(list(m._state.seats[seat].grid))
        out.extend(per_seat)
    return out


def corridor_lanes(grid: Grid) -> int:
    """The rule written out: per installed node, a byte of its sides that are corridors (its port
    facing the Core, or facing a neighbour's port facing back), node i in bits 8i…8i+7."""
    lanes = 0
    for i in range(NODES):
        mid = grid[i]
        if mid is None:
            continue
        sides = SIDES_OF[mid]
        mask = 1 << INWARD if i < SECTORS and sides[INWARD] else 0
        for j, mine, theirs in NEIGHBOURS[i]:
            other = grid[j]
            if other is not None and sides[mine] and SIDES_OF[other][theirs]:
                mask |= 1 << mine
        lanes |= mask << 8 * i
    return lanes


def fresh_search(grid: Grid) -> station._Search:
    """The corridor search of ``grid`` from scratch."""
    return station._search(corridor_lanes(grid))


def same_search(a: station._Search, b: station._Search) -> bool:
    """The same corridors, cut points, rows and hanging parts (in any order)."""
    def content(s: station._Search) -> tuple[Any, ...]:
        cuts = zip(s.cuts, s.parts, strict=True)
        return s.corridors, s.keep, {u: (row, frozenset(parts)) for (u, row), parts in cuts}

    return content(a) == content(b)


def legal_removals(grid: Grid) -> Iterator[tuple[int, list[str | None]]]:
    """Each installed node whose module can be taken away leaving a legal station, with that
    smaller station."""
    for v in range(NODES):
        if grid[v] is None:
            continue
        smaller = list(grid)
        smaller[v] = None
        if is_legal(smaller):
            yield v, smaller


def test_a_station_one_leaf_away_gives_the_search_from_scratch() -> None:
    """Every legal removal of one module from the stations of random games, both ways: the
    search of the smaller station from the bigger one's, and back."""
    derived = 0
    for game in grids_of_games(4, 3):
        for grid in game[::6]:
            big = fresh_search(grid)
            for v, smaller in legal_removals(grid):
                small = fresh_search(smaller)
                down = station._leaf_change(big, small.corridors)
                up = station._leaf_change(small, big.corridors)
                # a derived search is the fresh one; None only when v is no leaf
                leaf = len(station.CORRIDOR_TO[v][big.corridors >> 8 * v & 255]) == 1
                assert (down is not None) == leaf and (up is not None) == leaf, (grid, v)
                if leaf:
                    assert down is not None and up is not None
                    assert same_search(down, small), (grid, v)
                    assert same_search(up, big), (grid, v)
                    derived += 1
    assert derived > 500


def test_stations_not_one_leaf_apart_are_searched_afresh() -> None:
    """A seat's stations two of its turns apart (often an exchange or more than one change) give
    None or the fresh search, never another one."""
    for game in grids_of_games(3, 4):
        for before, after in zip(game, game[2:], strict=False):
            found = station._leaf_change(fresh_search(before), corridor_lanes(after))
            assert found is None or same_search(found, fresh_search(after)), (before, after)


def test_layouts_given_in_play_are_the_layouts_from_scratch() -> None:
    """`layout` as the listings call it (remembered by ports, each seat's last search handed
    on) against a fresh `Layout` with nothing remembered: open nodes, facings, removable nodes
    (the station without that module is legal) and the exchanges."""
    rng = random.Random(8)
    masks = sorted(WITH_PORTS)
    station._LAYOUTS.clear()
    station._SEARCHES.clear()
    checked = 0
    for g in range(6):
        m = engine.new_match("station", 2 + g % 3, {}, seed=800 + g)
        n = 0
        while not m.is_over():
            seat = m.to_act()[0]
            grid = m._state.seats[seat].grid
            plan = layout(grid, m._state.seats[seat].memo)  # the seat's list and memo, as `legal_moves` gives them
            if n % 3 == 0:
                saved = dict(station._SEARCHES)
                station._SEARCHES.clear()
                fresh = Layout(list(grid))
                station._SEARCHES.update(saved)
                assert (plan.open, plan.faces, plan.removable) == (fresh.open, fresh.faces, fresh.removable)
                chosen = rng.sample(masks, 4)
                assert plan.exchanges(chosen) == fresh.exchanges(chosen)
                for i in plan.removable:
                    after = list(grid)
                    after[i] = None
                    assert is_legal(after)
                checked += 1
            m.play(seat, rng.choice(m.legal_moves(seat)))
            n += 1
    assert checked > 200


def test_stations_with_the_same_ports_share_their_layout() -> None:
    """Two stations whose modules differ but whose ports are the same at every node get one
    remembered layout, and it is the fresh layout of each."""
    rng = random.Random(2)
    by_ports: dict[int, list[str]] = {}
    for mid, p in sorted(PORT_MASK.items()):
        by_ports.setdefault(p, []).append(mid)
    for game in grids_of_games(2, 5):
        for grid in game[::10]:
            other = [None if mid is None else rng.choice(by_ports[PORT_MASK[mid]]) for mid in grid]
            assert layout(grid) is layout(other)
            fresh = Layout(other)
            plan = layout(grid)
            assert (plan.open, plan.faces, plan.removable) == (fresh.open, fresh.faces, fresh.removable)


def test_remembered_node_sets_and_supports_are_the_rules_written_out() -> None:
    """`_nodes` (remembered by its integer) lists the nodes whose byte is 1; `_supports`
    (remembered by the occupied nodes) gives the open nodes — empty and supported — and the
    modules that may leave without a module above losing its support, whether remembered or not."""
    rng = random.Random(6)
    for _ in range(2000):
        chosen = [i for i in range(NODES) if rng.random() < 0.4]
        lanes = sum(1 << 8 * i for i in chosen)
        assert station._nodes(lanes) == tuple(chosen)
        assert station._nodes(lanes) == tuple(chosen)  # remembered now
    for game in grids_of_games(3, 6):
        for n, grid in enumerate(game[::3]):
            if n % 2:
                station._SUPPORTS.clear()
            occupied = sum(1 << 8 * i for i in range(NODES) if grid[i] is not None)
            open_lanes, unpinned = station._supports(occupied) if n % 2 else station._SUPPORTS.get(
                occupied, station._supports(occupied))
            assert station._nodes(open_lanes & station._ONES) == tuple(
                i for i in range(NODES) if grid[i] is None and supported(grid, i))
            assert open_lanes == (open_lanes & station._ONES) * 0xF
            for i in range(NODES):
                if grid[i] is None:
                    continue
                after = list(grid)
                after[i] = None
                still = all(supported(after, j) for j in range(NODES) if after[j] is not None)
                assert bool(unpinned >> 8 * i & 1) == still, (grid, i)


def test_a_wrong_or_stale_change_hint_still_gives_the_fresh_layout() -> None:
    """`note_change` is a hint: a station changed at another node than the one noted, or at two
    nodes, or not noted at all, gets the layout of the station as it stands."""
    rng = random.Random(9)
    for game in grids_of_games(2, 7):
        for before, after in itertools.pairwise(game):  # a seat's station from one turn to the next
            grid = list(before)
            memo = station.LayoutMemo()
            layout(grid, memo)  # the memo now holds this list's station
            changed = [i for i in range(NODES) if grid[i] is not after[i]]
            station.note_change(memo, rng.choice([0, 7, 29] + changed))
            if rng.random() < 0.3:
                station.note_change(memo, rng.randrange(NODES))
            grid[:] = after
            plan = layout(grid, memo)
            saved = dict(station._SEARCHES)
            station._SEARCHES.clear()
            fresh = Layout(list(after))
            station._SEARCHES.update(saved)
            assert (plan.open, plan.faces, plan.removable) == (fresh.open, fresh.faces, fresh.removable)
            assert memo.ports == station._ports(after)


def test_reconfigure_moves_are_the_rule_written_out() -> None:
    """Installs per Dock module, removals, then exchanges node by node in Dock order — one Dock
    module or several — as the rule says with `is_legal` on the station changed."""
    from engine.games.station.moves import EXCHANGE, INSTALL, REMOVE, reconfigure_moves
    from engine.games.station.state import DOCK_CAPACITY, StationSeat

    rng = random.Random(4)
    mids = sorted(PORT_MASK)
    for game in grids_of_games(2, 8):
        for grid in game[::5]:
            seat = StationSeat()
            seat.grid = list(grid)
            seat.dock = rng.sample([m for m in mids if m not in grid], rng.randint(1, DOCK_CAPACITY))
            expected = []
            for mid in seat.dock:
                for i in range(NODES):
                    if grid[i] is None:
                        after = list(grid)
                        after[i] = mid
                        if is_legal(after):
                            expected.append(INSTALL[mid][i])
            if len(seat.dock) < DOCK_CAPACITY:
                for i in range(NODES):
                    if grid[i] is not None:
                        after = list(grid)
                        after[i] = None
                        if is_legal(after):
                            expected.append(REMOVE[i])
            for i in range(NODES):
                for mid in seat.dock:
                    if grid[i] is not None:
                        after = list(grid)
                        after[i] = mid
                        if is_legal(after):
                            expected.append(EXCHANGE[mid][i])
            assert reconfigure_moves(seat, layout(seat.grid)) == expected
