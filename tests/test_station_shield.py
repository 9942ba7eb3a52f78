"""Shield. Card: "Check only sectors 8, 9, 0, 1, 2. The outermost installed module in each lane
is its frontier. Frontier outward bulkhead: +1. That screened lane occupies ≥2 rings: +1 more.
No frontier or outward port: zero. Dry Dock modules never count toward Readiness or Shield."
Ruling: "Shield and the Final Storm are scored after the last round." """

import pytest
from station_positions import PASS, of, play, position, purchase

from engine.games.station.station import index, shield


def grid(nodes):
    g = [None] * 30
    for (r, s), mid in nodes.items():
        g[index(r, s)] = mid
    return g


@pytest.mark.parametrize("sector", [8, 9, 0, 1, 2])
def test_an_outward_bulkhead_frontier_in_sectors_8_to_2_scores_1(sector):
    assert shield(grid({(1, sector): "M04"}))[0] == 1  # M04: outward bulkhead


@pytest.mark.parametrize("sector", [3, 4, 5, 6, 7])
def test_other_sectors_are_not_checked(sector):
    assert shield(grid({(1, sector): "M04"}))[0] == 0


def test_a_screened_lane_occupying_two_rings_scores_1_more():
    total, lanes = shield(grid({(1, 0): "M06", (2, 0): "M04"}))  # frontier M04 in the middle ring
    assert total == 2
    assert lanes[2] == {"sector": 0, "frontier": "M04", "rings": 2, "renown": 2}


def test_three_rings_still_score_2():
    assert shield(grid({(1, 1): "M06", (2, 1): "M01", (3, 1): "M04"}))[0] == 2


def test_the_outermost_module_is_the_frontier_even_with_a_gap_below():
    assert shield(grid({(1, 9): "M06", (3, 9): "M10"}))[0] == 2  # rings 1 and 3 occupied


def test_an_outward_port_frontier_scores_zero_whatever_lies_below():
    assert shield(grid({(1, 0): "M10", (2, 0): "M01"}))[0] == 0  # M01 outward port above M10's bulkhead


def test_a_lane_without_a_frontier_scores_zero():
    total, lanes = shield(grid({}))
    assert total == 0 and [lane["sector"] for lane in lanes] == [8, 9, 0, 1, 2]
    assert all(lane["frontier"] is None and lane["renown"] == 0 for lane in lanes)


def test_five_screened_lanes_of_two_rings_score_10():
    nodes = {}
    for s in (8, 9, 0, 1, 2):
        nodes[(1, s)] = "M01"
        nodes[(2, s)] = "M04"
    assert shield(grid(nodes))[0] == 10


def ending(**seat0):
    """Seat 0 of 2 buys the last module the supply cannot replace; seat 1 passes: the end."""
    m = position(players=2, berths={0: "M10"}, supply=[],
                 seats={0: dict(hand=of("amber", 6), **seat0)})
    play(m, purchase("M10", [6], "dock"))
    play(m, PASS)
    assert m.is_over()
    return m


def test_shield_is_scored_after_the_last_round():
    m = position(players=2, berths={0: "M10"}, supply=[],
                 seats={0: dict(hand=of("amber", 6), station={(1, 0): "M04", (1, 8): "M07"})})
    assert m.view(None)["seats"][0]["renown_by"]["shield"] == 0
    play(m, purchase("M10", [6], "dock"))
    assert m.view(None)["seats"][0]["renown_by"]["shield"] == 0
    events = play(m, PASS)
    shield_events = [e for e in events if e["type"] == "shield"]
    assert [e["renown"] for e in shield_events] == [2, 0]
    assert m.result()["renown"][0]["shield"] == 2
    assert m.view(None)["seats"][0]["shield_lanes"][0] == {"sector": 8, "frontier": "M07", "rings": 1, "renown": 1}


def test_dry_dock_modules_never_count_toward_shield():
    m = ending(dock=["M04", "M07"])  # outward bulkheads, but in the Dock
    assert m.result()["renown"][0]["shield"] == 0
