"""The end of a turn and of the game. Handbook: "At the end of your turn, complete the first
eligible commission in table order for three points. Spend no gems or workshops. Claim at
most one per turn; claimed commissions are not replaced." "After anyone reaches 16 points,
finish the current round so everyone has the same number of turns. There is a 40-round
limit. Highest score wins; ties favor fewer workshops, then share victory." """

from collections import Counter

import pytest
from guild_positions import (
    PASS,
    build,
    collect,
    full,
    give_back,
    pass_round,
    play,
    position,
    pouch,
    refused,
)

import engine

WHITE_BLUE_GREEN = {"white": 4, "blue": 4, "green": 4}  # meets N6 (4 white 4 blue), N8 (4 blue 4 green), N1 (3 each)
T1 = ["1-25", "1-02", "1-06", "1-32"]  # 1-25: red, costs 3 white; 1-02: white, costs 3 blue


def seat(m, i):
    return m._state.seats[i]


# --- commissions -------------------------------------------------------------------------

def test_a_commission_is_claimed_automatically_at_the_end_of_the_turn_for_three_points():
    m = position(players=3, commissions=["N1", "N6", "N10", "N5"], market={1: T1},
                 seats={0: dict(bonuses={"white": 3, "blue": 4}, pouch={"blue": 3, "red": 1})})
    events = play(m, build("1-02"))  # the fourth white
    assert seat(m, 0).commissions == ["N6"] and seat(m, 0).points == 3
    assert m._state.commissions == ["N1", "N10", "N5"]
    assert {"type": "commission", "seat": 0, "commission": {"id": "N6", "points": 3,
            "needs": {"white": 4, "blue": 4}}} in events
    assert m.view(None)["seats"][0]["commissions"][0]["id"] == "N6"


def test_a_commission_costs_no_gems_and_no_workshops():
    m = position(players=3, commissions=["N6", "N1", "N10", "N5"], market={1: T1},
                 seats={0: dict(bonuses={"white": 3, "blue": 4}, pouch={"blue": 3, "red": 2})})
    play(m, build("1-02"))  # free: 4 blue workshops
    assert pouch(m, 0) == full(blue=3, red=2)
    assert seat(m, 0).bonuses == [4, 4, 0, 0, 0] and seat(m, 0).workshops == ["1-02"]


def test_the_first_eligible_commission_in_table_order_is_claimed():
    for table, first in ((["N8", "N6", "N10"], "N8"), (["N6", "N8", "N10"], "N6"), (["N10", "N8", "N6"], "N8")):
        m = position(players=2, commissions=table, seats={0: dict(bonuses=WHITE_BLUE_GREEN)})
        play(m, PASS)
        assert seat(m, 0).commissions == [first], table


@pytest.mark.parametrize("table", [["N6", "N8", "N10"], ["N6", "N10", "N8"], ["N10", "N6", "N8"]])
def test_at_most_one_commission_a_turn_the_next_one_a_turn_later(table):
    m = position(players=2, commissions=table, seats={0: dict(bonuses=WHITE_BLUE_GREEN)})
    events = play(m, PASS)
    assert seat(m, 0).commissions == ["N6"] and seat(m, 0).points == 3
    assert [e["type"] for e in events].count("commission") == 1
    assert sorted(m._state.commissions) == ["N10", "N8"]
    play(m, PASS)  # seat 1
    play(m, PASS)
    assert seat(m, 0).commissions == ["N6", "N8"] and seat(m, 0).points == 6
    assert m._state.commissions == ["N10"]


def test_claimed_commissions_are_not_replaced():
    m = position(players=2, commissions=["N6", "N8", "N10"], seats={0: dict(bonuses=WHITE_BLUE_GREEN)})
    play(m, PASS)
    assert len(m.view(None)["commissions"]) == 2
    pass_round(m)
    play(m, PASS)
    assert [c["id"] for c in m.view(None)["commissions"]] == ["N10"]
    assert sorted(m._state.commissions + seat(m, 0).commissions) == ["N10", "N6", "N8"]


def test_only_the_seat_whose_turn_ends_claims_a_commission():
    m = position(players=2, commissions=["N6", "N8", "N10"], seats={1: dict(bonuses=WHITE_BLUE_GREEN)})
    play(m, PASS)  # seat 0's turn: seat 1 is eligible but does not claim now
    assert seat(m, 1).commissions == [] and seat(m, 0).commissions == []
    play(m, PASS)
    assert seat(m, 1).commissions == ["N6"]


def test_a_seat_that_is_not_eligible_claims_nothing():
    m = position(players=2, commissions=["N6", "N8", "N10"],
                 seats={0: dict(bonuses={"white": 4, "blue": 3, "green": 3})})
    events = play(m, PASS)
    assert seat(m, 0).commissions == [] and "commission" not in [e["type"] for e in events]


def test_the_commission_comes_after_the_return_over_nine():
    m = position(players=3, commissions=["N6", "N8", "N10", "N2"],
                 seats={0: dict(bonuses=WHITE_BLUE_GREEN, pouch={"red": 4, "black": 4})})
    play(m, collect("white", "blue"))
    assert seat(m, 0).commissions == [] and m.to_act() == [0]
    events = play(m, give_back(red=1))
    assert seat(m, 0).commissions == ["N6"]
    assert [e["type"] for e in events] == ["return", "commission"]


def test_there_is_no_move_to_choose_a_commission():
    m = position(players=2, commissions=["N6", "N8", "N10"], seats={0: dict(bonuses=WHITE_BLUE_GREEN)})
    assert {mv["type"] for mv in m.legal_moves(0)} <= {"collect", "reserve", "build", "pass"}
    refused(m, {"type": "commission", "commission": "N8"}, r"unknown move type")


# --- 16 points: the round is completed ----------------------------------------------------

def turns_by_seat(m):
    return Counter(s for s, _ in m.log)


def test_reaching_16_starts_the_final_round_the_others_still_play():
    m = position(players=3, market={1: T1}, seats={0: dict(points=15, pouch={"white": 4})})
    events = play(m, build("1-32"))  # 1 point
    assert {"type": "final_round", "seat": 0} in events
    assert m.view(None)["turn"]["final_round"] is True and not m.is_over()
    play(m, PASS)
    assert not m.is_over() and m.to_act() == [2]
    events = play(m, PASS)
    assert m.is_over() and m.to_act() == []
    assert events[-1]["type"] == "game_over"
    assert turns_by_seat(m) == {0: 1, 1: 1, 2: 1}
    assert m.result()["winners"] == [0] and m.result()["round"] == 1


def test_fifteen_points_do_not_end_the_game():
    m = position(players=2, seats={0: dict(points=15)})
    pass_round(m)
    assert not m.is_over() and m.view(None)["turn"]["final_round"] is False


def test_sixteen_points_reached_by_a_commission_count():
    m = position(players=2, commissions=["N6", "N8", "N10"], seats={0: dict(bonuses=WHITE_BLUE_GREEN, points=13)})
    events = play(m, PASS)
    assert seat(m, 0).points == 16 and {"type": "final_round", "seat": 0} in events
    play(m, PASS)
    assert m.is_over()


def test_the_last_seat_reaching_16_ends_the_game_at_once():
    m = position(players=3, current=2, market={1: T1}, seats={2: dict(points=15, pouch={"white": 4})})
    play(m, build("1-32"))
    assert m.is_over() and m.result()["winners"] == [2]


def test_a_middle_seat_reaching_16_every_seat_has_the_same_number_of_turns():
    m = engine.new_match("guild", 4, seed=3)
    pass_round(m)
    pass_round(m)
    play(m, PASS)  # seat 0, round 3
    seat(m, 1).points = 16  # as if seat 1's move had scored
    m._legal = {}
    play(m, PASS)  # seat 1 ends its turn on 16
    assert m.view(None)["turn"]["final_round"] is True
    play(m, PASS)
    play(m, PASS)
    assert m.is_over()
    assert turns_by_seat(m) == {0: 3, 1: 3, 2: 3, 3: 3}


def test_a_second_seat_reaching_16_does_not_extend_the_round():
    m = position(players=3, market={1: T1}, seats={0: dict(points=16), 1: dict(points=15, pouch={"white": 4})},
                 final_round=True)
    play(m, PASS)
    events = play(m, build("1-32"))
    assert "final_round" not in [e["type"] for e in events]
    play(m, PASS)
    assert m.is_over()


def test_the_final_round_is_never_left_unfinished_by_seats_before_the_trigger():
    m = position(players=2, seats={0: dict(points=20)}, final_round=True, current=1)
    play(m, PASS)
    assert m.is_over()


# --- 40-round limit ----------------------------------------------------------------------

def test_seats_that_always_pass_end_the_game_after_round_40():
    m = engine.new_match("guild", 3, seed=8)
    while not m.is_over():
        (s,) = m.to_act()
        m.play(s, PASS)
    assert len(m.log) == 40 * 3
    assert m.result()["round"] == 40
    assert turns_by_seat(m) == {0: 40, 1: 40, 2: 40}


def test_round_40_is_played_to_its_end_then_the_game_is_over():
    m = position(players=2, round=40, current=0)
    play(m, PASS)
    assert not m.is_over() and m.to_act() == [1]
    events = play(m, PASS)
    assert m.is_over() and events[-1]["type"] == "game_over"


def test_round_39_is_followed_by_round_40():
    m = position(players=2, round=39, current=1)
    play(m, PASS)
    assert not m.is_over() and m.view(None)["turn"]["round"] == 40


# --- the winner ------------------------------------------------------------------------

def finish(m):
    """Everybody passes until the game ends (from a final-round position)."""
    while not m.is_over():
        play(m, PASS)
    return m.result()


def test_the_highest_score_wins_whatever_the_workshops():
    m = position(players=3, final_round=True, seats={
        0: dict(points=16, workshops=["1-01", "1-02", "1-03"]),
        1: dict(points=18, workshops=["1-04", "1-05", "1-06", "1-07"]),
        2: dict(points=17, workshops=["1-08"]),
    })
    result = finish(m)
    assert result["winners"] == [1] and result["decided_by"] == "score"
    assert result["scores"] == [16, 18, 17] and result["workshops"] == [3, 4, 1]


def test_a_tie_goes_to_fewer_workshops():
    m = position(players=3, final_round=True, seats={
        0: dict(points=17, workshops=["1-01", "1-02", "1-03"]),
        1: dict(points=17, workshops=["1-04", "1-05"]),
        2: dict(points=16, workshops=["1-06"]),
    })
    result = finish(m)
    assert result["winners"] == [1] and result["decided_by"] == "fewer workshops"
    assert result["workshops"] == [3, 2, 1]


def test_a_tie_on_score_and_workshops_is_a_shared_victory():
    m = position(players=4, final_round=True, seats={
        0: dict(points=17, workshops=["1-01", "1-02"]),
        1: dict(points=16, workshops=["1-03"]),
        2: dict(points=17, workshops=["1-04", "1-05"]),
        3: dict(points=17, workshops=["1-06", "1-07", "1-08"]),
    })
    result = finish(m)
    assert result["winners"] == [0, 2] and result["decided_by"] == "shared"
    assert result["scores"] == [17, 16, 17, 17]


def test_everybody_passing_40_rounds_is_a_shared_victory_of_all():
    m = engine.new_match("guild", 2, seed=9)
    result = finish(m)
    assert result == {"scores": [0, 0], "winners": [0, 1], "workshops": [0, 0], "round": 40, "decided_by": "shared"}


def test_the_game_over_event_carries_the_result():
    m = position(players=2, final_round=True, current=1, seats={0: dict(points=16)})
    events = play(m, PASS)
    assert events[-1] == {"type": "game_over", "result": m.result()}
    assert m.view(0)["result"] == m.view(None)["result"] == m.result()


def test_no_move_after_the_game_ended():
    m = position(players=2, final_round=True, current=1, seats={0: dict(points=16)})
    play(m, PASS)
    assert m.to_act() == [] and m.legal_moves(0) == [] and m.legal_moves(1) == []
    refused(m, PASS, r"game is over", seat=0)
    refused(m, collect("red"), r"game is over", seat=1)
