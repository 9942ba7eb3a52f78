"""Issue 18: `station.layout` keeps a copy of each seat's station. Told which node a move changed
(`note_change`, in the seat's `LayoutMemo`), it puts that node's new slot into its copy and compares the copy with the
station whole, instead of copying the station again (twenty-fourth session). The copy is never
the seat's own list, and after every call it is the station as it stands, whatever the hint said:
right, wrong, two nodes noted, or none."""

import random

from test_station_speed_round8_same import grids_of_games as stations_of_a_seat  # per seat, after each of its steps

from engine.games.station import station
from engine.games.station.station import NODES, Layout, LayoutMemo, layout


def test_the_kept_copy_is_the_station_as_it_stands_after_every_hint() -> None:
    rng = random.Random(24)
    hints = {"right": 0, "wrong": 0, "two": 0, "none": 0}
    for stations in stations_of_a_seat(6, 24):
        grid: list[str | None] = [None] * NODES  # one list all game, as a seat keeps its own
        memo = LayoutMemo()  # and the seat's memo of it
        layout(grid, memo)
        for after in stations:
            changed = [i for i in range(NODES) if grid[i] is not after[i]]
            kind = rng.choice(list(hints))
            if kind == "right" and len(changed) == 1:
                station.note_change(memo, changed[0])
            elif kind == "wrong":
                station.note_change(memo, rng.choice([i for i in range(NODES) if i not in changed[:1]]))
            elif kind == "two":
                station.note_change(memo, rng.randrange(NODES))
                station.note_change(memo, rng.randrange(NODES))
            else:
                kind = "none"
            hints[kind] += 1
            grid[:] = after
            plan = layout(grid, memo)
            kept, key, remembered = memo.station, memo.ports, memo.plan
            assert kept is not grid
            assert kept == after
            assert key == station._ports(after)
            assert remembered is plan
            fresh = Layout(list(after))
            assert (plan.open, plan.faces, plan.removable) == (fresh.open, fresh.faces, fresh.removable)
            memo.changed = -1  # a hint never read (the station unchanged) goes
    assert min(hints.values()) > 50, hints


def test_a_right_hint_patches_the_kept_copy_instead_of_copying_the_station() -> None:
    stations = next(s for s in stations_of_a_seat(3, 25) if len(s) > 10)
    grid: list[str | None] = list(stations[0])
    memo = LayoutMemo()
    layout(grid, memo)
    for after in stations[1:]:
        changed = [i for i in range(NODES) if grid[i] is not after[i]]
        if len(changed) != 1:
            grid[:] = after
            layout(grid, memo)
            continue
        before = memo.station
        station.note_change(memo, changed[0])
        grid[:] = after
        layout(grid, memo)
        assert memo.station is before  # the same copy, patched
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


def test_the_memo_is_no_part_of_the_seat_and_a_copied_seat_starts_without_one() -> None:
    """The seat's `LayoutMemo` is never written to its JSON, and a deep copy of a match (as the
    replayer makes) gives each seat an empty memo of its own, not the original's copy of the
    station."""
    import copy

    import engine
    from engine.games.station.state import StationSeat

    m = engine.new_match("station", 2, {}, seed=31)
    rng = random.Random(31)
    for _ in range(40):
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_moves(seat)))
    seats = m._state.seats
    assert any(s.memo.station is not None for s in seats)
    for s in seats:
        assert list(s.to_json()) == list(StationSeat.FIELDS)
        assert "memo" not in s.to_json()
    copied = copy.deepcopy(m)
    for s, c in zip(seats, copied._state.seats, strict=True):
        assert c.memo is not s.memo and c.memo.station is None and c.memo.changed == -1
        assert c.grid == s.grid and c.grid is not s.grid
    seat = copied.to_act()[0]
    assert copied.legal_moves(seat) == m.legal_moves(seat)
