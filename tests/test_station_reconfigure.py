"""Reconfigure. Card: "Reconfigure: install from Dock, remove to Dock, or exchange at the same
node. Keep the entire station legal." "Dry Dock capacity: 4 modules." """

import random

from station_positions import (
    at,
    exchange,
    install,
    moves_of,
    play,
    position,
    refused,
    remove,
)

import engine
from engine.games.station.moves import reconfigure_moves
from engine.games.station.state import StationSeat
from engine.games.station.station import (
    NODES,
    install_problem,
    is_legal,
    station_problem,
)

CHAIN = {(1, 0): "M04", (1, 1): "M09"}  # M09 (no inward port) reaches the Core through M04


def seat0(station, dock=(), **kw):
    return position(players=3, seats={0: dict(station=station, dock=list(dock))}, **kw)


def ops(m, op):
    return moves_of(m, "reconfigure", op=op)


def test_install_a_dock_module_at_a_legal_node():
    m = seat0({}, ["M10"])
    events = play(m, install("M10", 1, 3))
    assert at(m, 0, 1, 3) == "M10" and m._state.seats[0].dock == []
    assert events[0] == {"type": "reconfigure", "seat": 0, "op": "install", "module": "M10",
                         "to": {"ring": 1, "sector": 3}}


def test_only_a_dock_module_can_be_installed_by_reconfiguring():
    m = seat0({}, ["M10"], berths={0: "M20"})
    refused(m, install("M20", 1, 3), r"not in your Dry Dock")


def test_remove_a_module_to_the_dock():
    m = seat0(dict(CHAIN))
    play(m, remove(1, 1))
    assert at(m, 0, 1, 1) is None and m._state.seats[0].dock == ["M09"]


def test_a_removal_that_cuts_a_route_to_the_core_is_refused():
    m = seat0(dict(CHAIN))
    assert {(mv["at"]["ring"], mv["at"]["sector"]) for mv in ops(m, "remove")} == {(1, 1)}
    refused(m, remove(1, 0), r"entire station must stay legal", r"M09 .* corridor route")


def test_a_removal_that_takes_away_support_is_refused():
    m = seat0({(1, 0): "M06", (2, 0): "M26"})
    assert {(mv["at"]["ring"], mv["at"]["sector"]) for mv in ops(m, "remove")} == {(2, 0)}
    refused(m, remove(1, 0), r"entire station must stay legal", r"support")


def test_a_removal_is_legal_when_another_route_and_support_remain():
    m = seat0({(1, 0): "M06", (1, 1): "M16", (2, 0): "M01", (2, 1): "M11"})
    play(m, remove(1, 0))  # M01 keeps support from (1,1) and a route through M11
    assert is_legal(m._state.seats[0].grid)


def test_nothing_can_be_removed_to_a_full_dock():
    m = seat0(dict(CHAIN), ["M11", "M21", "M31", "M41"])
    assert ops(m, "remove") == []
    refused(m, remove(1, 1), r"Dry Dock holds at most 4")


def test_removing_from_an_empty_node_is_refused():
    m = seat0(dict(CHAIN))
    refused(m, remove(2, 5), r"empty")


def test_exchange_a_dock_module_with_the_module_at_the_same_node():
    m = seat0(dict(CHAIN), ["M10"])
    events = play(m, exchange("M10", 1, 1))
    assert at(m, 0, 1, 1) == "M10" and m._state.seats[0].dock == ["M09"]
    assert events[0]["removed"] == "M09" and events[0]["module"] == "M10"


def test_an_exchange_that_breaks_the_station_is_refused():
    m = seat0(dict(CHAIN), ["M10"])  # M10 has no clockwise port: M09 would lose its route
    assert {(mv["at"]["ring"], mv["at"]["sector"]) for mv in ops(m, "exchange")} == {(1, 1)}
    refused(m, exchange("M10", 1, 0), r"entire station must stay legal", r"M09")


def test_an_exchange_is_allowed_with_a_full_dock():
    m = seat0(dict(CHAIN), ["M10", "M21", "M31", "M41"])
    assert exchange("M10", 1, 1) in m.legal_moves(0)
    play(m, exchange("M10", 1, 1))
    assert sorted(m._state.seats[0].dock) == ["M09", "M21", "M31", "M41"]


def test_an_exchange_needs_a_module_at_the_node_and_in_the_dock():
    m = seat0(dict(CHAIN), ["M10"])
    refused(m, exchange("M10", 1, 5), r"empty")
    refused(m, exchange("M21", 1, 1), r"not in your Dry Dock")


def test_reconfiguring_is_not_a_purchase():
    m = seat0(dict(CHAIN), ["M10"], purchases=19)
    play(m, exchange("M10", 1, 1))
    assert m.view(None)["purchases"] == 19 and m.view(None)["storms"] == []


def test_reconfiguring_is_the_whole_turn():
    m = seat0(dict(CHAIN), ["M10"])
    play(m, install("M10", 1, 5))
    assert m.to_act() == [1]


def brute_force(seat):
    """Every reconfigure move found by trying each one against the whole-station rules."""
    out = []
    grid = seat.grid
    for mid in seat.dock:
        for i in range(NODES):
            if grid[i] is None and install_problem(grid, i, mid) is None:
                out.append(("install", mid, i))
    for i in range(NODES):
        if grid[i] is None:
            continue
        if len(seat.dock) < 4:
            after = grid[:]
            after[i] = None
            if station_problem(after) is None:
                out.append(("remove", None, i))
        for mid in seat.dock:
            after = grid[:]
            after[i] = mid
            if station_problem(after) is None:
                out.append(("exchange", mid, i))
    return sorted(out, key=repr)


def listed(seat):
    from engine.games.station.station import index
    out = []
    for mv in reconfigure_moves(seat):
        where = mv.get("to") or mv["at"]
        out.append((mv["op"], mv.get("module"), index(where["ring"], where["sector"])))
    return sorted(out, key=repr)


def test_listed_reconfigurations_are_exactly_those_that_keep_the_entire_station_legal():
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        m = engine.new_match("station", 2 + seed % 3, seed=seed)
        while not m.is_over():
            (s,) = m.to_act()
            state = m._state
            seat = state.seats[s]
            if state.phase == "action" and (seat.dock or any(seat.grid)) and rng.random() < 0.3:
                copy = StationSeat()
                copy.grid, copy.dock = seat.grid[:], seat.dock[:]
                assert listed(copy) == brute_force(copy)
                checked += 1
            moves = m.legal_moves(s)
            m.play(s, moves[rng.randrange(len(moves))])
    assert checked > 200


def test_a_seat_s_reconfigurations_listed_again_are_those_of_its_station_and_dock_now():
    """The seat's memo gives its last reconfigure listing again while its layout and Dock stay as
    they are; a listing is always the one a fresh seat with the same station and Dock gets."""
    again = 0
    for seed in range(8):
        rng = random.Random(seed)
        m = engine.new_match("station", 2 + seed % 3, seed=100 + seed)
        while not m.is_over():
            (s,) = m.to_act()
            seat = m._state.seats[s]
            if m._state.phase == "action":
                remembered = seat.memo.listed
                mine = reconfigure_moves(seat)
                again += seat.memo.listed is remembered
                copy = StationSeat()
                copy.grid, copy.dock = seat.grid[:], seat.dock[:]
                assert mine == reconfigure_moves(copy)
            moves = m.legal_moves(s)
            m.play(s, moves[rng.randrange(len(moves))])
    assert again > 100


def test_a_module_docked_without_a_change_of_station_is_listed_at_once():
    m = seat0(CHAIN, ["M10"])
    seat = m._state.seats[0]
    before = listed(seat)
    seat.dock.append("M05")  # the same station, a longer Dock (as a purchase to the Dock leaves it)
    after = listed(seat)
    assert after == brute_force(seat) and after != before
    assert any(op == "install" and mid == "M05" for op, mid, _ in after)
