"""Storm scoring. Card: "Storms at purchases 20 / 40 (two players: 16 / 32), after the
triggering turn. Final Storm after the last round. Readiness = modules + 2 × (occupied rings
− 1), per department. Zero modules cannot place." Award table I 4/0/0, II 7/3/0, Final
10/6/3. "Ties share the awards for occupied ranks, rounded down. Example: two tied first in
Storm II each get (7 + 3) ÷ 2 = 5. Next player is third." "Dry Dock modules never count
toward Readiness." """

import pytest
from station_positions import (
    acquire,
    bonus,
    of,
    play,
    position,
    purchase,
    types,
)

from engine.games.station.station import index, readiness
from engine.games.station.storms import AWARDS, rank_awards


def grid(**nodes):
    g = [None] * 30
    for key, mid in nodes.items():
        r, s = int(key[1]), int(key[3])
        g[index(r, s)] = mid
    return g


# --- Readiness -------------------------------------------------------------------------

def test_readiness_counts_modules_per_department():
    g = grid(r1s0="M04", r1s1="M07", r1s2="M14")  # two command, one science, all inner
    assert readiness(g) == {"command": 2, "science": 1}


def test_readiness_adds_two_for_each_occupied_ring_beyond_the_first():
    g = grid(r1s0="M06", r1s1="M16", r2s0="M01", r2s1="M11", r3s0="M05")
    # command: M06 (inner), M01 (middle), M05 (outer): 3 + 2 × 2; science: M16, M11: 2 + 2
    assert readiness(g) == {"command": 7, "science": 4}


def test_zero_modules_cannot_place():
    assert rank_awards([None, 1, None], AWARDS["II"]) == [0, 7, 0]
    assert rank_awards([None, None], AWARDS["Final"]) == [0, 0]


def test_dry_dock_modules_never_count_toward_readiness():
    m = position(players=3, seats={0: dict(station={(1, 0): "M04"}, dock=["M07", "M01"])})
    assert m.view(None)["seats"][0]["readiness"] == {"command": 1}


# --- the award table ------------------------------------------------------------------

@pytest.mark.parametrize("storm,awards", [("I", [4, 0, 0, 0]), ("II", [7, 3, 0, 0]), ("Final", [10, 6, 3, 0])])
def test_the_award_table(storm, awards):
    assert rank_awards([9, 5, 3, 1], AWARDS[storm]) == awards


def test_two_tied_first_in_storm_ii_each_get_5_and_the_next_player_is_third():
    assert rank_awards([5, 5, 3], AWARDS["II"]) == [5, 5, 0]


def test_two_tied_first_in_the_final_storm_share_10_and_6_and_the_next_is_third():
    assert rank_awards([5, 3, 5, 1], AWARDS["Final"]) == [8, 3, 8, 0]


def test_ties_are_rounded_down():
    assert rank_awards([4, 4, 4], AWARDS["Final"]) == [6, 6, 6]  # 19 ÷ 3
    assert rank_awards([4, 4], AWARDS["I"]) == [2, 2]  # (4 + 0) ÷ 2
    assert rank_awards([9, 2, 2], AWARDS["II"]) == [7, 1, 1]  # (3 + 0) ÷ 2


def test_a_tie_for_second_shares_second_and_third():
    assert rank_awards([9, 4, 4, 1], AWARDS["Final"]) == [10, 4, 4, 0]


def test_four_tied_share_the_three_ranks_and_the_empty_fourth():
    assert rank_awards([2, 2, 2, 2], AWARDS["Final"]) == [4, 4, 4, 4]  # 19 ÷ 4


# --- when the Storms come -------------------------------------------------------------

LOW = ["amber-1-2", "cobalt-2-2", "jade-3-2", "amber-4-2", "cobalt-5-2", "jade-6-2"]


def storm_table(purchases, players=3, hand=None, display=LOW):
    seats = {0: dict(hand=hand or of("amber", 1, 6), station={(1, 0): "M04"}),
             1: dict(station={(1, 0): "M08", (1, 1): "M09"})}
    if players > 2:
        seats[2] = dict(station={(1, 0): "M14"})
    return position(players=players, purchases=purchases, berths={0: "M10", 1: "M07"}, display=display,
                    seats=seats)


def test_storm_i_comes_at_the_twentieth_purchase_after_the_triggering_turn():
    m = storm_table(19)
    events = play(m, purchase("M10", [1], (1, 5)))  # exact: the bonus step is still this turn
    assert "storm_triggered" in types(events) and m._state.storms == []
    events = play(m, bonus("amber-1-2"))
    assert types(events)[-1] == "storm" and m.to_act() == [1]
    record = m.view(None)["storms"][0]
    assert record["storm"] == "I" and record["purchases"] == 20
    # command: seat 0 now 2 (M04 + the new M10), seat 1 2 (M08, M09): tied first, (4 + 0) ÷ 2
    assert record["departments"]["command"] == {"readiness": [2, 2, None], "awards": [2, 2, 0]}
    assert record["departments"]["science"] == {"readiness": [None, None, 1], "awards": [0, 0, 4]}
    assert record["awards"] == [2, 2, 4]
    assert [s["renown_by"]["storms"] for s in m.view(None)["seats"]] == [2, 2, 4]


def test_the_nineteenth_purchase_brings_no_storm():
    m = storm_table(18)
    events = play(m, purchase("M10", [6], (1, 5)))
    assert "storm" not in types(events) and m._state.storms == []


def test_storm_ii_comes_at_the_fortieth_purchase():
    m = storm_table(39)
    events = play(m, purchase("M10", [6], (1, 5)))
    storm = next(e for e in events if e["type"] == "storm")
    assert storm["storm"] == "II" and storm["purchases"] == 40
    assert storm["departments"]["command"]["awards"] == [5, 5, 0]  # tied first: (7 + 3) ÷ 2


@pytest.mark.parametrize("purchases,storm", [(15, "I"), (31, "II")])
def test_two_players_have_storms_at_16_and_32(purchases, storm):
    m = storm_table(purchases, players=2)
    events = play(m, purchase("M10", [6], (1, 5)))
    assert next(e for e in events if e["type"] == "storm")["storm"] == storm


@pytest.mark.parametrize("purchases", [19, 39])
def test_two_players_have_no_storm_at_20_or_40(purchases):
    m = storm_table(purchases, players=2)
    assert "storm" not in types(play(m, purchase("M10", [6], (1, 5))))


def test_a_storm_triggered_without_a_bonus_step_is_resolved_before_the_next_seat_acts():
    m = storm_table(19)
    events = play(m, purchase("M10", [6], (1, 5)))
    assert types(events).index("storm_triggered") < types(events).index("storm")
    assert m.to_act() == [1] and len(m._state.storms) == 1


def test_the_storm_reads_the_stations_after_the_triggering_purchase():
    m = storm_table(19)
    play(m, purchase("M10", [6], (1, 5)))
    assert m._state.storms[0]["departments"]["command"]["readiness"][0] == 2


def test_acquiring_never_triggers_a_storm():
    m = storm_table(20)  # Storm I already happened at 20
    assert "storm" not in types(play(m, acquire("amber-1-2")))


def test_storm_renown_is_scored_as_it_happens():
    m = storm_table(19)
    play(m, purchase("M10", [6], (1, 5)))
    assert m.view(2)["seats"][2]["renown"] == 4 and m.result() is None
