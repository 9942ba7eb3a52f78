"""Install legality. Card, "Before you install": "Inward marker faces the Core. Every module
has a corridor route to the Core. Middle: ≥1 inner module in same/adjacent sector. Outer: ≥2
middle modules in same/adjacent sectors. Ports facing ports form corridors. Bulkhead contacts
are legal. Support does not need a direct corridor. Sector 9 neighbors sector 0." Ruling: "A
module's route to the Core runs through corridors (port facing port); its last step is an
inner module whose inward side is a port."

Modules used (sides inward/outward/cw/ccw, P port, B bulkhead): M04 PBPP, M09 BBPP, M10 PBBB,
M06 PPBB, M16 PPBB, M01 PPPP, M11 PPPP, M21 PPPP, M19 BBPP."""

import pytest
from station_positions import at, install, of, play, position, purchase, refused

from engine.games.station.station import index, is_legal, station_problem


def docked(mid, station=None, **kw):
    """Seat 0 holds ``mid`` in its Dry Dock with ``station`` installed."""
    return position(players=3, seats={0: dict(station=station or {}, dock=[mid], **kw)})


def targets(m, mid):
    return {(mv["to"]["ring"], mv["to"]["sector"]) for mv in m.legal_moves(0)
            if mv["type"] == "reconfigure" and mv["op"] == "install" and mv["module"] == mid}


INNER = {(1, s) for s in range(10)}


def test_an_inward_port_installs_anywhere_on_the_inner_ring_of_an_empty_station():
    assert targets(docked("M10"), "M10") == INNER


def test_the_inward_marker_faces_the_core_so_an_inward_bulkhead_cannot_start_a_station():
    m = docked("M09")  # ports only clockwise and counter-clockwise
    assert targets(m, "M09") == set()
    refused(m, install("M09", 1, 0), r"no corridor route to the Core")


@pytest.mark.parametrize("field", ["rotation", "orientation", "rotate"])
def test_modules_cannot_be_turned(field):
    m = docked("M09")
    refused(m, {**install("M09", 1, 0), field: 180}, r"cannot be turned", r"inward marker facing the Core")
    m = position(players=3, berths={0: "M09"}, seats={0: dict(hand=of("jade", 4))})
    refused(m, {**purchase("M09", [4], (1, 0)), field: 2}, r"cannot be turned")


def test_a_side_corridor_to_a_routed_module_is_a_route_to_the_core():
    m = docked("M09", {(1, 0): "M04"})
    assert targets(m, "M09") == {(1, 1), (1, 9)}
    play(m, install("M09", 1, 1))
    assert at(m, 0, 1, 1) == "M09" and is_legal(m._state.seats[0].grid)


def test_sector_9_neighbours_sector_0():
    m = docked("M09", {(1, 0): "M04"})
    play(m, install("M09", 1, 9))  # its clockwise port meets M04's counter-clockwise port across 9|0
    assert at(m, 0, 1, 9) == "M09" and is_legal(m._state.seats[0].grid)


def test_bulkhead_contacts_are_legal():
    m = docked("M10", {(1, 0): "M04"})  # M10's side bulkheads touch M04's side ports
    assert {(1, 1), (1, 9)} <= targets(m, "M10")
    play(m, install("M10", 1, 1))
    assert is_legal(m._state.seats[0].grid)


def test_a_port_facing_a_bulkhead_is_no_corridor():
    m = docked("M11", {(1, 0): "M10"})  # M10's outward side is a bulkhead
    assert (2, 0) not in targets(m, "M11")
    refused(m, install("M11", 2, 0), r"no corridor route to the Core")


def test_a_middle_module_needs_an_inner_module_in_the_same_or_an_adjacent_sector():
    m = docked("M11", {(1, 0): "M06"})
    assert targets(m, "M11") == INNER - {(1, 0)} | {(2, 0)}
    refused(m, install("M11", 2, 2), r"middle module needs at least 1 inner module")
    refused(m, install("M11", 2, 8), r"middle module needs at least 1 inner module")


def test_support_reaches_across_sector_9_and_0():
    m = docked("M11", {(1, 0): "M06", (2, 0): "M01"})
    assert (2, 9) in targets(m, "M11")  # supported by inner sector 0, routed through M01
    play(m, install("M11", 2, 9))
    assert is_legal(m._state.seats[0].grid)


def test_support_does_not_need_a_direct_corridor():
    m = docked("M19", {(1, 0): "M06", (2, 0): "M01"})  # M19: no inward port
    assert targets(m, "M19") == {(2, 1), (2, 9)}
    play(m, install("M19", 2, 1))
    assert is_legal(m._state.seats[0].grid)


def test_a_supported_middle_node_still_needs_a_corridor_route():
    m = docked("M11", {(1, 0): "M06"})
    refused(m, install("M11", 2, 1), r"no corridor route to the Core")


OUTER_BASE = {(1, 0): "M06", (1, 1): "M16", (2, 0): "M01", (2, 1): "M11"}


def test_an_outer_module_needs_two_middle_modules_in_the_same_or_adjacent_sectors():
    m = docked("M21", OUTER_BASE)
    outer = {n for n in targets(m, "M21") if n[0] == 3}
    assert outer == {(3, 0), (3, 1)}
    refused(m, install("M21", 3, 2), r"outer module needs at least 2 middle modules", r"hold 1")
    refused(m, install("M21", 3, 9), r"outer module needs at least 2 middle modules", r"hold 1")
    play(m, install("M21", 3, 1))
    assert is_legal(m._state.seats[0].grid)


def test_one_middle_module_right_below_is_not_enough_for_an_outer_module():
    m = docked("M21", {(1, 0): "M06", (2, 0): "M01"})
    assert not {n for n in targets(m, "M21") if n[0] == 3}
    refused(m, install("M21", 3, 0), r"at least 2 middle modules")


def test_an_occupied_node_is_refused():
    m = docked("M11", {(1, 0): "M06"})
    refused(m, install("M11", 1, 0), r"already holds module M06")


def test_purchase_installs_follow_the_same_rules():
    m = position(players=3, berths={0: "M11"}, seats={0: dict(hand=of("cobalt", 6, 3), station={(1, 0): "M06"})})
    nodes = {(mv["to"]["ring"], mv["to"]["sector"]) for mv in m.legal_moves(0)
             if mv["type"] == "purchase" and mv["to"] != "dock"}
    assert nodes == INNER - {(1, 0)} | {(2, 0)}
    refused(m, purchase("M11", [6, 3], (2, 2)), r"middle module needs at least 1 inner module")
    refused(m, purchase("M11", [6, 3], (2, 1)), r"no corridor route")
    refused(m, purchase("M11", [6, 3], {"ring": 4, "sector": 0}), r"ring is 1 \(inner\), 2 \(middle\) or 3 \(outer\)")
    refused(m, purchase("M11", [6, 3], {"ring": 1, "sector": 10}), r"sector is a whole number from 0 to 9")
    refused(m, purchase("M11", [6, 3], "core"), r"must be a node")


def test_the_whole_station_check_names_the_broken_rule():
    grid = [None] * 30
    grid[index(2, 0)] = "M01"
    assert "support" in station_problem(grid)
    grid = [None] * 30
    grid[index(1, 0)] = "M09"
    assert "corridor route" in station_problem(grid)
    grid[index(1, 1)] = "M04"
    assert station_problem(grid) is None  # M09 reaches the Core through M04
