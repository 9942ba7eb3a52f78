"""Issue 18: `station.layout` keeps a copy of each seat's station. Told which node a move changed
(`note_change`), it puts that node's new slot into its copy and compares the copy with the
station whole, instead of copying the station again (twenty-fourth session). The copy is never
the seat's own list, and after every call it is the station as it stands, whatever the hint said:
right, wrong, two nodes noted, or none."""

import random

from test_station_speed_round8_same import grids_of_games as stations_of_a_seat  # per seat, after each of its steps

from engine.games.station import station
from engine.games.station.station import NODES, Layout, layout


def test_the_kept_copy_is_the_station_as_it_stands_after_every_hint() -> None:
    rng = random.Random(24)
    hints = {"right": 0, "wrong": 0, "two": 0, "none": 0}
    for stations in stations_of_a_seat(6, 24):
        grid: list[str | None] = [None] * NODES  # one list all game, as a seat keeps its own
        layout(grid)
        for after in stations:
            changed = [i for i in range(NODES) if grid[i] is not after[i]]
            kind = rng.choice(list(hints))
            if kind == "right" and len(changed) == 1:
                station.note_change(grid, changed[0])
            elif kind == "wrong":
                station.note_change(grid, rng.choice([i for i in range(NODES) if i not in changed[:1]]))
            elif kind == "two":
                station.note_change(grid, rng.randrange(NODES))
                station.note_change(grid, rng.randrange(NODES))
            else:
                kind = "none"
            hints[kind] += 1
            grid[:] = after
            plan = layout(grid)
            kept, key, remembered = station._LAST[id(grid)]
            assert kept is not grid
            assert kept == after
            assert key == station._ports(after)
            assert remembered is plan
            fresh = Layout(list(after))
            assert (plan.open, plan.faces, plan.removable) == (fresh.open, fresh.faces, fresh.removable)
            station._CHANGED.pop(id(grid), None)  # a hint never read (the station unchanged) goes
    assert min(hints.values()) > 50, hints


def test_a_right_hint_patches_the_kept_copy_instead_of_copying_the_station() -> None:
    stations = next(s for s in stations_of_a_seat(3, 25) if len(s) > 10)
    grid: list[str | None] = list(stations[0])
    layout(grid)
    for after in stations[1:]:
        changed = [i for i in range(NODES) if grid[i] is not after[i]]
        if len(changed) != 1:
            grid[:] = after
            layout(grid)
            continue
        before = station._LAST[id(grid)][0]
        station.note_change(grid, changed[0])
        grid[:] = after
        layout(grid)
        assert station._LAST[id(grid)][0] is before  # the same copy, patched
        assert before == after


def test_facings_after_a_change_at_one_node_are_the_facings_worked_out_afresh() -> None:
    """`layout` takes a station changed at one node from the last one's facings, that node's old
    sides taken away and its new ones added (`_FACED_BY`); the rule worked out node by node
    (`facings`) on random stations and changes."""
    from engine.games.station.components import PORT_MASK
    from engine.games.station.station import _FACED_BY, _LANE_BYTE, _faces, facings

    rng = random.Random(26)
    mids = [None, *sorted(PORT_MASK)]
    for _ in range(400):
        grid = [rng.choice(mids) if rng.random() < 0.5 else None for _ in range(NODES)]
        i = rng.randrange(NODES)
        after = list(grid)
        after[i] = rng.choice(mids)
        before_faces = _faces(station._ports(grid))
        patched = before_faces ^ _FACED_BY[i][_LANE_BYTE[grid[i]]] ^ _FACED_BY[i][_LANE_BYTE[after[i]]]
        assert list(patched.to_bytes(NODES, "little")) == facings(after)
        assert patched == _faces(station._ports(after))
