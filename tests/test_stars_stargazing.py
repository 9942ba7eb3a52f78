"""The stargazing phase on a player board. Rulebook "Star Tiles" rules 1–7, "Completing a
Constellation", "Bonus tokens", "End of Phase Trigger"; RULINGS `stars` (placement, light,
stardust from enclosures, constellation, connection reward tokens, simultaneous stargazing).

Positions use axial cells; directions 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE."""

import pytest
from stars_invariants import check
from stars_positions import (
    action_phase,
    events_of,
    moves_of,
    new,
    place,
    play,
    put,
    put_dust,
    refused,
    set_hand,
    state,
)

from engine.games.stars.board import CELLS, PLAYABLE, cell_index
from engine.games.stars.components import REWARDS
from engine.games.stars.scoring import pile_for


def board(m, seat=0):
    return state(m).seats[seat].board


def at(q, r):
    return cell_index([q, r])


def top(m, pile):
    """VP of the top token of pile 3/4/5/6."""
    return REWARDS[state(m).piles[pile - 3][0]][1]


def quiet_bonus(m, seat=0, token="x2", corner="top_left"):
    """Put a known bonus token on a corner (swapping it with whatever was there)."""
    b = board(m, seat)
    other = next(c for c, t in b.bonus.items() if t == token)
    b.bonus[other], b.bonus[corner] = b.bonus[corner], token


# --- tile placement ------------------------------------------------------------------

def test_a_tile_can_be_placed_either_side_up_in_any_of_six_rotations():
    m = new()
    set_hand(m, 0, ["T05", "T01", "T07"])
    ways = {(mv["side"], mv["rotation"]) for mv in moves_of(m, 0, "place")
            if mv["tile"] == "T05" and mv["cell"] == [0, 0]}
    assert ways == {(side, rot) for side in "AB" for rot in range(6)}
    play(m, 0, place("T05", 0, 0, side="A", rot=4))
    assert board(m).tile[at(0, 0)] == ("T05", "A", 4)
    assert board(m).mask[at(0, 0)] == 1 << 4  # side A's line turned to the north-west
    play(m, 0, place("T01", -1, 1, side="B", rot=2))
    assert board(m).mask[at(-1, 1)] == (1 << 2) | (1 << 3)


def test_a_tile_goes_on_any_vacant_cell_that_respects_the_lines():
    m = new()
    set_hand(m, 0, ["T05", "T01", "T07"])
    cells = {tuple(mv["cell"]) for mv in moves_of(m, 0, "place")}
    assert cells == {CELLS[i] for i in PLAYABLE}


def test_a_line_may_run_into_a_vacant_cell():
    m = new()
    set_hand(m, 0, ["T05", "T01", "T07"])
    play(m, 0, place("T05", 0, 0))  # lines east and west into vacant cells
    assert board(m).open_lines(at(0, 0)) == 2
    check(m)


def test_a_line_may_not_run_off_the_edge_of_the_board():
    m = new()
    set_hand(m, 0, ["T05", "T01", "T07"])
    assert place("T05", 3, 0, side="A", rot=0) not in m.legal_moves(0)
    refused(m, 0, place("T05", 3, 0, side="A", rot=0), r"edge of the board")


def test_a_line_may_not_run_into_a_bonus_token():
    m = new()
    set_hand(m, 0, ["T05", "T01", "T07"])
    # (1,-3) lies east of the top-left corner (0,-3): a line to the west meets its bonus token
    refused(m, 0, place("T05", 1, -3, side="A", rot=3), r"bonus token", r"top-left")


def test_a_line_may_not_run_into_stardust():
    m = new()
    put_dust(m, 0, 1, 0)
    set_hand(m, 0, ["T05", "T01", "T07"])
    refused(m, 0, place("T05", 0, 0, side="A", rot=0), r"stardust")


def test_a_line_may_not_run_into_a_side_of_a_tile_without_a_line():
    m = new()
    put(m, 0, 1, 0, "T34", side="A", rot=0)  # its only line points east, away from (0,0)
    set_hand(m, 0, ["T05", "T01", "T07"])
    refused(m, 0, place("T05", 0, 0, side="A", rot=0), r"side without a line")


def test_a_new_tile_needs_a_line_wherever_a_neighbouring_line_points_into_its_cell():
    m = new()
    put(m, 0, -1, 0, "T34", side="A", rot=0)  # a line points east into (0,0)
    set_hand(m, 0, ["T05", "T01", "T07"])
    refused(m, 0, place("T05", 0, 0, side="A", rot=0), r"needs a line on that side")
    play(m, 0, place("T05", 0, 0, side="A", rot=3))  # its line meets the neighbour's
    assert board(m).joined(at(0, 0)) == [at(-1, 0)]


def test_placement_is_judged_at_the_moment_of_placement():
    # the first tile's line points into a vacant cell; the second must then meet it there
    m = new()
    set_hand(m, 0, ["T05", "T34", "T07"])
    play(m, 0, place("T05", 0, 0))
    assert place("T34", 1, 0, side="A", rot=0) not in m.legal_moves(0)
    play(m, 0, place("T34", 1, 0, side="A", rot=3))


def test_a_tile_cannot_go_on_a_corner_or_an_occupied_cell():
    m = new()
    put(m, 0, 0, 0, "T34", side="A", rot=0)
    set_hand(m, 0, ["T05", "T01", "T07"])
    refused(m, 0, place("T05", 0, -3, side="A", rot=0), r"corners hold bonus tokens")
    refused(m, 0, place("T05", 0, 0, side="A", rot=0), r"not vacant")
    refused(m, 0, place("T05", 4, 0, side="A", rot=0), r"not a cell of the board")


def test_only_drawn_tiles_can_be_placed():
    m = new()
    set_hand(m, 0, ["T05", "T01", "T07"])
    refused(m, 0, place("T16", 0, 0), r"not among the tiles you drew")
    refused(m, 0, place("T99", 0, 0), r"no star tile")


# --- light ---------------------------------------------------------------------------

def test_a_red_blue_or_yellow_face_gets_a_crystal_of_its_colour():
    m = new()
    set_hand(m, 0, ["T05", "T16", "T27"])
    supply = state(m).supply_light[:]
    events = play(m, 0, place("T16", 0, 0))
    assert board(m).crystal[at(0, 0)] and board(m).colour[at(0, 0)] == "blue"
    assert state(m).supply_light == [supply[0], supply[1] - 1, supply[2]]
    assert events_of(events, "place")[0]["crystal"] is True


def test_a_white_face_gets_no_crystal_and_is_not_light_bearing():
    m = new()
    set_hand(m, 0, ["T34", "T16", "T27"])
    supply = state(m).supply_light[:]
    play(m, 0, place("T34", 0, 0))  # side B of T34 is white
    play(m, 0, place("T16", 0, 2, side="A"))
    assert not board(m).crystal[at(0, 0)] and not board(m).crystal[at(0, 2)]
    assert state(m).supply_light == supply


def test_light_is_gained_when_every_line_of_the_tile_meets_another_line():
    m = new()
    put(m, 0, -2, 0, "T34", side="A", rot=0)  # white, line east
    set_hand(m, 0, ["T05", "T16", "T27"])
    play(m, 0, place("T05", -1, 0))  # red, east and west: west is met, east open
    assert board(m).crystal[at(-1, 0)] and state(m).seats[0].light == [1, 1, 1]
    events = play(m, 0, place("T16", 0, 0))  # blue meets red's east line
    assert not board(m).crystal[at(-1, 0)]
    assert state(m).seats[0].light == [2, 1, 1]
    assert events_of(events, "light") == [{"type": "light", "seat": 0, "cell": [-1, 0], "colour": "red"}]
    assert board(m).crystal[at(0, 0)], "the blue tile's east line is still open"
    check(m)


def test_light_is_gained_when_the_lines_meet_stardust():
    m = new()
    set_hand(m, 0, ["T05", "T16", "T27"])
    play(m, 0, place("T05", 0, 0))  # red straight: east, west
    state(m).seats[0].stardust = 2
    state(m).supply_stardust -= 2
    m._legal = {}
    play(m, 0, {"type": "stardust", "cell": [1, 0]})
    assert board(m).crystal[at(0, 0)]
    play(m, 0, {"type": "stardust", "cell": [-1, 0]})
    assert not board(m).crystal[at(0, 0)] and state(m).seats[0].light[0] == 2
    check(m)


# --- stardust from enclosed areas ------------------------------------------------------

TRIANGLE = [("T01", 0, 0, 0), ("T02", 1, 0, 2)]  # red "0 1": (0,0) E+SE, (1,0) W+SW


def test_closing_a_ring_of_lines_encloses_an_area_and_gains_one_stardust():
    m = new()
    for tid, q, r, rot in TRIANGLE:
        put(m, 0, q, r, tid, rot=rot)
    set_hand(m, 0, ["T12", "T16", "T27"])
    events = play(m, 0, place("T12", 0, 1, rot=4))  # blue "0 1" turned to NW+NE closes the triangle
    assert events_of(events, "enclosure") == [{"type": "enclosure", "seat": 0, "areas": 1, "stardust": 1}]
    assert state(m).seats[0].stardust == 1
    check(m)


def test_one_placement_closing_two_distinct_areas_gains_two_stardust():
    m = new()
    put(m, 0, 1, 0, "T01", rot=2)  # W, SW
    put(m, 0, 0, 1, "T06", rot=3)  # W, NW, NE
    put(m, 0, -1, 1, "T12", rot=5)  # NE, E
    set_hand(m, 0, ["T17", "T16", "T27"])
    events = play(m, 0, place("T17", 0, 0))  # blue fan E, SE, SW: 3 lines into one group
    assert events_of(events, "enclosure")[0]["areas"] == 2
    assert state(m).seats[0].stardust == 2


def test_joining_separate_groups_encloses_nothing():
    m = new()
    put(m, 0, -1, 0, "T34", side="A", rot=0)
    put(m, 0, 1, 0, "T35", side="A", rot=3)
    set_hand(m, 0, ["T05", "T16", "T27"])
    events = play(m, 0, place("T05", 0, 0))
    assert not events_of(events, "enclosure") and state(m).seats[0].stardust == 0


def test_stardust_never_encloses_an_area():
    m = new()
    for tid, q, r, rot in TRIANGLE:
        put(m, 0, q, r, tid, rot=rot)
    state(m).seats[0].stardust = 2
    state(m).supply_stardust -= 2
    m._legal = {}
    events = play(m, 0, {"type": "stardust", "cell": [0, 1]})  # two lines point in: 2 stardust
    assert not events_of(events, "enclosure")
    assert state(m).seats[0].stardust == 0


def test_an_enclosure_with_the_stardust_supply_empty_gains_nothing():
    m = new()
    for tid, q, r, rot in TRIANGLE:
        put(m, 0, q, r, tid, rot=rot)
    state(m).seats[1].stardust = state(m).supply_stardust
    state(m).supply_stardust = 0
    set_hand(m, 0, ["T12", "T16", "T27"])
    events = play(m, 0, place("T12", 0, 1, rot=4))
    assert events_of(events, "enclosure")[0]["stardust"] == 0 and state(m).seats[0].stardust == 0
    check(m)


# --- constellations -------------------------------------------------------------------

def ring(m, seat, tiles):
    """Five tiles "0 2" around (0,0); the sixth (returned as a move) closes the ring."""
    spots = [(1, 0, 2), (0, 1, 3), (-1, 1, 4), (-1, 0, 5), (0, -1, 0), (1, -1, 1)]
    for tid, (q, r, rot) in zip(tiles[:5], spots[:5], strict=True):
        put(m, seat, q, r, tid, rot=rot)
    q, r, rot = spots[5]
    return place(tiles[5], q, r, rot=rot)


@pytest.mark.parametrize("players", [2, 4])
def test_a_constellation_of_three_light_bearing_tiles_scores_the_top_token_of_the_three_pile(players):
    m = new(players)
    for tid, q, r, rot in TRIANGLE:
        put(m, 0, q, r, tid, rot=rot)
    set_hand(m, 0, ["T12", "T16", "T27"])
    vp = top(m, 3)
    events = play(m, 0, place("T12", 0, 1, rot=4))
    (c,) = events_of(events, "constellation")
    assert c["light_bearing"] == 3 and c["pile"] == 3 and c["vp"] == vp
    assert state(m).seats[0].points["constellations"] == vp == state(m).seats[0].score
    assert state(m).marked == [True, False, False, False], "a stardust marker on the scored pile"
    assert len(state(m).piles[0]) == players, "the token stays until cleanup"


def test_a_constellation_of_four_scores_the_four_pile():
    m = new()
    put(m, 0, 1, 0, "T01", rot=2)
    put(m, 0, 0, 1, "T06", rot=3)
    put(m, 0, -1, 1, "T12", rot=5)
    set_hand(m, 0, ["T17", "T16", "T27"])
    vp = top(m, 4)
    events = play(m, 0, place("T17", 0, 0))
    assert events_of(events, "constellation")[0]["pile"] == 4
    assert state(m).seats[0].points["constellations"] == vp


def test_a_constellation_of_five_scores_the_five_pile():
    m = new()
    move = ring(m, 0, ["T03", "T04", "T14", "T35", "T25", "T26"])  # one white among six
    set_hand(m, 0, ["T26", "T16", "T27"])
    vp = top(m, 5)
    events = play(m, 0, move)
    assert events_of(events, "constellation")[0]["light_bearing"] == 5
    assert state(m).seats[0].points["constellations"] == vp
    assert state(m).marked[2]


def test_a_constellation_of_six_or_more_scores_the_six_plus_pile():
    m = new()
    move = ring(m, 0, ["T03", "T04", "T14", "T15", "T25", "T26"])
    set_hand(m, 0, ["T26", "T16", "T27"])
    vp = top(m, 6)
    events = play(m, 0, move)
    assert events_of(events, "constellation")[0]["pile"] == 6
    assert state(m).seats[0].points["constellations"] == vp
    assert pile_for(9) == pile_for(6) == 3 and pile_for(3) == 0 and pile_for(2) is None


def test_a_constellation_of_fewer_than_three_completes_but_scores_nothing():
    m = new()
    set_hand(m, 0, ["T05", "T16", "T27"])
    play(m, 0, place("T05", 0, 0))
    state(m).seats[0].stardust = 2
    state(m).supply_stardust -= 2
    m._legal = {}
    play(m, 0, {"type": "stardust", "cell": [1, 0]})
    events = play(m, 0, {"type": "stardust", "cell": [-1, 0]})
    (c,) = events_of(events, "constellation")
    assert c["light_bearing"] == 1 and c["pile"] is None and c["vp"] == 0
    assert state(m).marked == [False] * 4 and state(m).seats[0].score == 0


def test_a_closed_group_without_a_light_bearing_tile_is_no_constellation():
    m = new()
    put(m, 0, -1, 0, "T34", side="A", rot=0)
    set_hand(m, 0, ["T05", "T16", "T27"])
    events = play(m, 0, place("T05", 0, 0, side="A", rot=3))
    assert not events_of(events, "constellation")


def test_every_seat_scoring_a_marked_pile_in_the_same_round_gets_the_same_value():
    m = new()
    for seat in (0, 1):
        for tid, q, r, rot in TRIANGLE:
            put(m, seat, q, r, tid, rot=rot)
        set_hand(m, seat, ["T12", "T16", "T27"])
    vp = top(m, 3)
    play(m, 0, place("T12", 0, 1, rot=4))
    play(m, 1, place("T12", 0, 1, rot=4))
    assert state(m).seats[0].points["constellations"] == state(m).seats[1].points["constellations"] == vp


def test_an_empty_pile_scores_nothing():
    m = new()
    st = state(m)
    st.rewards_discarded += st.piles[0]
    st.piles[0] = []
    for tid, q, r, rot in TRIANGLE:
        put(m, 0, q, r, tid, rot=rot)
    set_hand(m, 0, ["T12", "T16", "T27"])
    events = play(m, 0, place("T12", 0, 1, rot=4))
    assert events_of(events, "constellation")[0]["vp"] == 0 and st.seats[0].score == 0
    check(m)


# --- bonus tokens --------------------------------------------------------------------------

CORNER_TRIANGLE = [("T01", 1, -3, 1), ("T02", 0, -2, 5)]  # touches the top-left corner (0,-3)
CORNER_CLOSER = ("T12", 1, -2, 3)


def corner_constellation(m, token, seat=0):
    quiet_bonus(m, seat, token, "top_left")
    for tid, q, r, rot in CORNER_TRIANGLE:
        put(m, seat, q, r, tid, rot=rot)
    set_hand(m, seat, ["T12", "T16", "T27"])
    tid, q, r, rot = CORNER_CLOSER
    return play(m, seat, place(tid, q, r, rot=rot))


def test_a_constellation_touching_an_unused_bonus_token_may_take_it():
    m = new()
    events = corner_constellation(m, "lights")
    assert events_of(events, "bonus_choice") == [{"type": "bonus_choice", "seat": 0, "options": ["lights"]}]
    assert m.legal_moves(0) == [{"type": "bonus", "token": "lights"}, {"type": "bonus", "token": None}]
    refused(m, 0, place("T16", 0, 0), r"bonus token", r"comes before")


def test_bonus_x2_scores_the_constellation_again():
    m = new()
    corner_constellation(m, "x2")
    vp = state(m).seats[0].score
    assert vp > 0
    play(m, 0, {"type": "bonus", "token": "x2"})
    assert state(m).seats[0].score == 2 * vp == state(m).seats[0].points["constellations"]


def test_bonus_three_lights_gives_one_of_each_colour():
    m = new()
    corner_constellation(m, "lights")
    before = state(m).seats[0].light[:]
    play(m, 0, {"type": "bonus", "token": "lights"})
    assert state(m).seats[0].light == [n + 1 for n in before]
    check(m)


def test_bonus_two_actions_gives_four_actions_in_the_next_action_turn():
    m = new()
    corner_constellation(m, "actions")
    play(m, 0, {"type": "bonus", "token": "actions"})
    assert state(m).seats[0].extra_actions == 2
    st = state(m)
    action_phase(m, current=1, actions=1, order=[0])
    st.seats[1].ash = []
    play(m, 1, {"type": "gain_stardust", "via": "action"})
    assert st.current == 0 and st.actions_left == 4 and st.seats[0].extra_actions == 0


def test_bonus_villager_frees_the_villager_standing_on_it():
    m = new()
    corner_constellation(m, "villager")
    play(m, 0, {"type": "bonus", "token": "villager"})
    assert state(m).seats[0].villagers == ["ready"] * 4


def test_a_bonus_token_may_be_declined_and_stays_for_a_later_constellation():
    m = new()
    corner_constellation(m, "x2")
    play(m, 0, {"type": "bonus", "token": None})
    assert board(m).taken == [] and state(m).seats[0].pending == []


def test_only_one_bonus_token_per_constellation_even_touching_two():
    m = new()
    quiet_bonus(m, 0, "x2", "top_left")
    quiet_bonus(m, 0, "lights", "top_right")
    put(m, 0, 1, -3, "T01", rot=0)  # E, SE
    put(m, 0, 2, -3, "T02", rot=2)  # W, SW
    set_hand(m, 0, ["T12", "T16", "T27"])
    events = play(m, 0, place("T12", 1, -2, rot=4))  # NW, NE
    assert events_of(events, "bonus_choice")[0]["options"] == ["x2", "lights"]
    play(m, 0, {"type": "bonus", "token": "lights"})
    assert board(m).taken == ["lights"] and state(m).seats[0].pending == []
    assert state(m).seats[0].score == events_of(events, "constellation")[0]["vp"]


def test_each_bonus_token_is_gained_only_once():
    m = new()
    corner_constellation(m, "lights")
    play(m, 0, {"type": "bonus", "token": "lights"})
    assert board(m).touching_bonus([at(1, -3)]) == []


def test_a_constellation_touching_no_bonus_token_owes_no_choice():
    m = new()
    for tid, q, r, rot in TRIANGLE:
        put(m, 0, q, r, tid, rot=rot)
    set_hand(m, 0, ["T12", "T16", "T27"])
    events = play(m, 0, place("T12", 0, 1, rot=4))
    assert not events_of(events, "bonus_choice")
    refused(m, 0, {"type": "bonus", "token": "x2"}, r"owe no bonus")


# --- a tile that cannot be placed ----------------------------------------------------------

def fill_with_dust_except(m, seat, keep):
    b = board(m, seat)
    for i in PLAYABLE:
        if CELLS[i] not in keep and b.tile[i] is None and not b.dust[i]:
            put_dust(m, seat, *CELLS[i])


def test_a_tile_that_fits_nowhere_is_set_aside_for_one_vp():
    m = new()
    put(m, 0, 1, 0, "T34", side="A", rot=3)  # a line points west into (0,0)
    put(m, 0, 0, 1, "T35", side="A", rot=4)  # a line points north-west into (0,0)
    fill_with_dust_except(m, 0, {(0, 0), (1, 0), (0, 1)})
    set_hand(m, 0, ["T01", "T05", "T16"])  # only T01 ("0 1") fits the cell (0,0)
    assert moves_of(m, 0, "set_aside") == [{"type": "set_aside", "tile": "T05"}, {"type": "set_aside", "tile": "T16"}]
    refused(m, 0, {"type": "set_aside", "tile": "T01"}, r"can still be placed")
    events = play(m, 0, {"type": "set_aside", "tile": "T05"})
    assert events_of(events, "set_aside") == [{"type": "set_aside", "seat": 0, "tile": "T05", "vp": -1}]
    assert state(m).seats[0].score == -1 and state(m).seats[0].points["unplaced"] == -1
    events = play(m, 0, place("T01", 0, 0))
    # the last tile now fits nowhere either: it is set aside at once
    assert events_of(events, "set_aside") == [{"type": "set_aside", "seat": 0, "tile": "T16", "vp": -1}]
    assert state(m).seats[0].score == -2 + state(m).seats[0].points["constellations"]
    assert state(m).seats[0].set_aside == ["T05", "T16"]
    check(m)


def test_tiles_drawn_onto_a_full_board_are_all_set_aside_at_once():
    m = new()
    fill_with_dust_except(m, 0, set())
    action_phase(m, current=1, actions=1)
    play(m, 1, {"type": "gain_stardust", "via": "action"})
    st = state(m)
    if st.current == 1:
        play(m, 1, {"type": "end_turn"})
    assert st.round == 2 and st.phase == "stargazing"
    assert st.seats[0].hand == [] and len(st.seats[0].set_aside) == 3
    assert st.seats[0].points["unplaced"] == -3
    assert 0 not in m.view(None)["waiting_for"]
