"""Synergy. Card, "Score Synergy now": "Count corridor neighbors whose department differs from
the new module's. Exclude the Core. 2 or more qualifying neighbors: 2 Renown. 3 different
qualifying departments: 3 instead. Only the newly installed module scores. Each module can
earn Synergy once. Keep a permanent record by module ID, even after docking."

Departments: M01–M10 command, M11–M20 science, M21–M30 medical, M31–M40 engineering,
M41–M50 habitat, M51–M60 security."""

from station_positions import (
    edit,
    exchange,
    install,
    of,
    play,
    position,
    purchase,
    remove,
    renown,
)

ROW = {(1, 0): "M04", (1, 2): "M14"}  # command and science, side ports toward sector 1


def new(mid, station, dock=True, synergy=None, **seat):
    spec = dict(station=station, **seat)
    if dock:
        spec["dock"] = [mid]
    return position(players=3, seats={0: spec}, synergy=synergy)


def test_two_corridor_neighbours_of_other_departments_score_2():
    m = new("M21", ROW)  # medical, ports all round
    events = play(m, install("M21", 1, 1))
    assert renown(m, 0) == 2
    syn = next(e for e in events if e["type"] == "synergy")
    assert syn == {"type": "synergy", "seat": 0, "module": "M21", "renown": 2, "neighbours": ["M14", "M04"]}


def test_three_different_qualifying_departments_score_3_instead():
    station = {(1, 0): "M06", (1, 1): "M26", (1, 2): "M36", (2, 0): "M11", (2, 2): "M51"}
    m = new("M41", station)  # habitat: medical below, science and security beside
    play(m, install("M41", 2, 1))
    assert renown(m, 0) == 3 and m.view(None)["synergy"] == {"M41": 3}


def test_a_single_qualifying_neighbour_scores_nothing():
    m = new("M21", {(1, 0): "M04"})
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 0 and m.view(None)["synergy"] == {}


def test_the_core_is_excluded():
    m = new("M21", {(1, 0): "M04"})  # the Core is a port behind M21's inward port: still 1 neighbour
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 0


def test_neighbours_of_the_same_department_do_not_qualify():
    m = new("M21", {(1, 0): "M24", (1, 2): "M14"})  # medical beside medical
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 0


def test_a_bulkhead_contact_is_not_a_corridor_neighbour():
    m = new("M21", {(1, 0): "M04", (1, 2): "M10"})  # M10's counter-clockwise side is a bulkhead
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 0


def test_two_qualifying_neighbours_of_one_department_score_2():
    m = new("M21", {(1, 0): "M04", (1, 2): "M08"})  # both command; M08's ccw side is a port
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 2


def test_only_the_newly_installed_module_scores():
    m = new("M21", ROW)
    play(m, install("M21", 1, 1))
    assert m.view(None)["synergy"] == {"M21": 2}  # M04 and M14 gained neighbours but score nothing


def test_a_purchase_installed_at_once_scores_synergy():
    m = position(players=3, berths={0: "M21"}, seats={0: dict(station=ROW, hand=of("jade", 6, 3))})
    play(m, purchase("M21", [6, 3], (1, 1)))
    assert renown(m, 0) == 2


def test_a_purchase_to_the_dry_dock_scores_no_synergy():
    m = position(players=3, berths={0: "M21"}, seats={0: dict(station=ROW, hand=of("jade", 6, 3))})
    play(m, purchase("M21", [6, 3], "dock"))
    assert renown(m, 0) == 0 and m.view(None)["synergy"] == {}


def test_each_module_earns_synergy_once_even_after_docking():
    m = new("M21", ROW)
    play(m, install("M21", 1, 1))
    edit(m, current=0)
    play(m, remove(1, 1))
    assert m.view(None)["synergy"] == {"M21": 2}, "the record is kept while the module is docked"
    edit(m, current=0)
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 2


def test_the_record_is_by_module_id_across_seats():
    m = new("M21", ROW, synergy={"M21": 3})  # earned in an earlier life
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 0


def test_a_module_that_earned_nothing_may_earn_later():
    m = new("M21", ROW)
    play(m, install("M21", 1, 9))  # beside M04 only
    assert renown(m, 0) == 0
    edit(m, current=0)
    play(m, remove(1, 9))
    edit(m, current=0)
    play(m, install("M21", 1, 1))
    assert renown(m, 0) == 2


def test_a_module_exchanged_into_the_station_scores_synergy():
    m = position(players=3, seats={0: dict(station={**ROW, (1, 1): "M10"}, dock=["M21"])})
    play(m, exchange("M21", 1, 1))
    assert renown(m, 0) == 2 and m.view(None)["synergy"] == {"M21": 2}
