"""Using stardust. Rulebook "Stardust": "Stardust can be used at any time, regardless of phase,
or whose turn it currently is ... placed into a chosen vacant space that has at least 1 line
extending into it. You must place a number of Stardust exactly equal to the number of lines
that currently extend into the chosen vacant space." "Game End": "Before the game is officially
over, players may spend any remaining Stardust they have." RULINGS `stars` (using stardust).

How the engine shows it: a seat that may spend stardust is in ``to_act()`` even when the game
is not waiting for it (listed after the seats it waits on); ``view["waiting_for"]`` lists only
the seats the game waits on, ``view["stardust_only"]`` the others."""

from stars_invariants import check
from stars_positions import (
    action_phase,
    events_of,
    final_phase,
    new,
    place,
    play,
    put,
    refused,
    set_hand,
    set_stardust,
    stardust,
    state,
    wood_ash_phase,
)

from engine.games.stars.board import cell_index


def two_lines_into_origin(m, seat):
    """Lines point into (0,0) from the east and from the south-east."""
    put(m, seat, 1, 0, "T34", side="A", rot=3)
    put(m, seat, 0, 1, "T35", side="A", rot=4)


def test_stardust_goes_into_a_vacant_cell_exactly_as_many_as_the_lines_into_it():
    m = new()
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 3)
    assert stardust(0, 0) in m.legal_moves(0)
    events = play(m, 0, stardust(0, 0))
    assert events_of(events, "stardust") == [{"type": "stardust", "seat": 0, "cell": [0, 0], "count": 2}]
    assert state(m).seats[0].stardust == 1
    assert state(m).seats[0].board.dust[cell_index([0, 0])] == 2
    check(m)


def test_too_little_stardust_for_the_lines_is_refused():
    m = new()
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 1)
    assert stardust(0, 0) not in m.legal_moves(0)
    refused(m, 0, stardust(0, 0), r"exactly 2 stardust", r"you have 1")


def test_stardust_only_goes_where_lines_point_into_a_vacant_cell():
    m = new()
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 2)
    refused(m, 0, stardust(-2, 0), r"no line points into")
    refused(m, 0, stardust(1, 0), r"not vacant")
    refused(m, 0, stardust(0, -3), r"corner")
    refused(m, 0, stardust(5, 5), r"not a cell")


def test_without_stardust_there_is_no_stardust_move():
    m = new()
    two_lines_into_origin(m, 0)
    assert not [mv for mv in m.legal_moves(0) if mv["type"] == "stardust"]


def test_a_seat_done_placing_may_spend_stardust_while_others_still_place():
    m = new()
    two_lines_into_origin(m, 1)
    set_stardust(m, 1, 2)
    set_hand(m, 1, [])
    assert m.view(None)["waiting_for"] == [0]
    assert m.to_act() == [0, 1] and m.view(None)["stardust_only"] == [1]
    assert m.legal_moves(1) == [stardust(0, 0)]
    play(m, 1, stardust(0, 0))
    assert m.to_act() == [0]


def test_stardust_may_be_spent_out_of_turn_during_another_seats_action_turn():
    m = new(3)
    action_phase(m, current=2, order=[0])
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 2)
    assert m.view(None)["waiting_for"] == [2]
    assert m.to_act() == [2, 0]
    assert m.legal_moves(0) == [stardust(0, 0)]
    assert 1 not in m.to_act(), "a seat with nothing to spend may not act"
    refused(m, 0, {"type": "gain_stardust", "via": "action"}, r"only spend stardust", r"seat 2's action turn")
    play(m, 0, stardust(0, 0))
    assert state(m).current == 2 and state(m).seats[0].stardust == 0
    assert m.to_act() == [2]


def test_stardust_may_be_spent_out_of_turn_during_the_wood_ash_picks():
    m = new()
    wood_ash_phase(m, [("A09", "red"), ("A10", "blue"), ("A11", "centre")], picks=[1, 0])
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 2)
    assert m.to_act() == [1, 0]
    play(m, 0, stardust(0, 0))
    assert state(m).picks == [1, 0]


def test_a_seat_may_spend_stardust_in_its_own_turn_between_actions():
    m = new()
    action_phase(m, current=0)
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 2)
    play(m, 0, {"type": "gain_stardust", "via": "action"})
    play(m, 0, stardust(0, 0))
    assert state(m).current == 0 and state(m).actions_left == 1


def test_stardust_spent_out_of_turn_can_complete_a_constellation_and_owe_a_bonus_choice():
    m = new(3)
    action_phase(m, current=2, order=[0, 1])
    b = state(m).seats[0].board
    other = next(c for c, t in b.bonus.items() if t == "lights")
    b.bonus[other], b.bonus["top_left"] = b.bonus["top_left"], "lights"
    put(m, 0, 1, -3, "T01", rot=1)  # SE, SW — touches the top-left corner
    put(m, 0, 0, -2, "T02", rot=5)  # NE, E
    set_stardust(m, 0, 2)
    play(m, 0, stardust(1, -2))  # closes the last two lines: 2 light-bearing tiles
    assert state(m).seats[0].pending and 0 in m.view(None)["waiting_for"]
    assert m.legal_moves(0) == [{"type": "bonus", "token": "lights"}, {"type": "bonus", "token": None}]
    assert state(m).current == 2, "the seat whose turn it is goes on"
    play(m, 2, {"type": "gain_stardust", "via": "action"})
    play(m, 0, {"type": "bonus", "token": "lights"})
    assert state(m).seats[0].light == [4, 2, 2]  # 1 each at the start, 2 freed red crystals, the bonus 1 each
    check(m)


def test_remaining_stardust_may_be_spent_before_final_scoring():
    m = new()
    final_phase(m)
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 2)
    m._legal = {}
    from engine.games.stars import cleanup
    events = []
    cleanup.final_check(state(m), events)
    assert not state(m).ended and m.to_act() == [0] and state(m).seats[1].done
    assert m.legal_moves(0) == [{"type": "done"}, stardust(0, 0)]
    play(m, 0, stardust(0, 0))
    assert state(m).ended, "with nothing left to spend the seat is done and the game ends"


def test_done_ends_a_seats_final_spending():
    m = new()
    final_phase(m)
    two_lines_into_origin(m, 0)
    set_stardust(m, 0, 2)
    from engine.games.stars import cleanup
    cleanup.final_check(state(m), [])
    m._legal = {}
    events = play(m, 0, {"type": "done"})
    assert state(m).ended and events[-1]["type"] == "game_over"
    assert m.result()["light_and_stardust"][0] == 2 + 3


def test_done_is_only_for_the_end_of_the_game():
    m = new()
    set_hand(m, 0, ["T01", "T05", "T16"])
    refused(m, 0, {"type": "done"}, r"game end")
    play(m, 0, place("T05", 0, 0))
