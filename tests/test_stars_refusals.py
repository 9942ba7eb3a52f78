"""Refusals. Ruling (common to every game): "A move that is not legal is refused with a reason
that names the rule, and the state does not change." Each attempt below raises
`engine.IllegalMove` and leaves the snapshot and every view byte-identical."""

import copy
import json

import pytest
from stars_positions import (
    action_phase,
    dump,
    give_ash,
    new,
    play,
    refused,
    set_hand,
    state,
)

import engine

STARGAZING_BAD = [
    ("null", None, r"JSON object"),
    ("a list", ["place"], r"JSON object"),
    ("a string", "end_turn", r"JSON object"),
    ("no type", {"tile": "T01"}, r"unknown move type"),
    ("unknown type", {"type": "fly"}, r"unknown move type"),
    ("type not a string", {"type": 3}, r"unknown move type"),
    ("extra field", {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": [0, 0], "x": 1},
     r"unexpected field"),
    ("missing field", {"type": "place", "tile": "T01", "side": "A", "cell": [0, 0]}, r"needs rotation"),
    ("side C", {"type": "place", "tile": "T01", "side": "C", "rotation": 0, "cell": [0, 0]}, r"'side' must be"),
    ("side as list", {"type": "place", "tile": "T01", "side": ["A"], "rotation": 0, "cell": [0, 0]},
     r"'side' must be"),
    ("rotation 6", {"type": "place", "tile": "T01", "side": "A", "rotation": 6, "cell": [0, 0]}, r"0–5"),
    ("rotation as text", {"type": "place", "tile": "T01", "side": "A", "rotation": "1", "cell": [0, 0]}, r"0–5"),
    ("rotation as bool", {"type": "place", "tile": "T01", "side": "A", "rotation": True, "cell": [0, 0]}, r"0–5"),
    ("rotation as float", {"type": "place", "tile": "T01", "side": "A", "rotation": 1.0, "cell": [0, 0]}, r"0–5"),
    ("cell as text", {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": "0,0"}, r"not a cell"),
    ("cell of floats", {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": [0.0, 0]},
     r"not a cell"),
    ("cell too short", {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": [0]}, r"not a cell"),
    ("tile null", {"type": "place", "tile": None, "side": "A", "rotation": 0, "cell": [0, 0]}, r"no star tile"),
    ("stardust without stardust", {"type": "stardust", "cell": [0, 0]}, r"no line points"),
    ("bonus not owed", {"type": "bonus", "token": "x2"}, r"owe no bonus"),
    ("pick in stargazing", {"type": "ash_keep", "token": "A01"}, r"only in the wood ash phase"),
    ("forage in stargazing", {"type": "forage", "space": "F01", "via": "action"}, r"only in the action phase"),
    ("scout step in stargazing", {"type": "scout_step", "space": "P01", "colour": "red", "end": False},
     r"only in the action phase"),
    ("end turn in stargazing", {"type": "end_turn"}, r"only in the action phase"),
    ("done in stargazing", {"type": "done"}, r"game end"),
    ("set aside a placeable tile", {"type": "set_aside", "tile": "T01"}, r"can still be placed"),
]


@pytest.mark.parametrize("label,move,reason", STARGAZING_BAD, ids=[b[0] for b in STARGAZING_BAD])
def test_a_malformed_or_illegal_stargazing_move_is_refused_and_changes_nothing(label, move, reason):
    m = new()
    set_hand(m, 0, ["T01", "T05", "T16"])
    refused(m, 0, move, reason)


ACTION_BAD = [
    ("place in the action phase", {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": [0, 0]},
     r"only in the stargazing phase"),
    ("no via", {"type": "gain_stardust"}, r"needs via"),
    ("via as bool", {"type": "gain_stardust", "via": True}, r"'via' must be"),
    ("unknown foraging space", {"type": "forage", "space": "F99", "via": "action"}, r"no foraging space"),
    ("foraging space as number", {"type": "forage", "space": 1, "via": "action"}, r"no foraging space"),
    ("unknown token kind", {"type": "offer", "kind": "dragon", "via": "action"}, r"not a fruit/animal"),
    ("card space out of range", {"type": "offer", "space": 9, "via": "action"}, r"has spaces 0–"),
    ("card space as text", {"type": "offer", "space": "1", "via": "action"}, r"has spaces 0–"),
    ("recall as text", {"type": "recall", "villagers": "all", "via": "action"}, r"must be a list"),
    ("recall out of range", {"type": "recall", "villagers": [7], "via": "action"}, r"no villager 7"),
    ("recall twice", {"type": "recall", "villagers": [0, 0], "via": "action"}, r"once, in increasing order"),
    ("recall unordered", {"type": "recall", "villagers": [1, 0], "via": "action"}, r"increasing order"),
    ("stargaze on the girl", {"type": "stargaze", "space": 6}, r"behind the Girl"),
    ("stargaze as text", {"type": "stargaze", "space": "1"}, r"behind the Girl"),
    ("step without scouting", {"type": "scout_step", "space": "P01", "colour": "red", "end": False},
     r"start a scouting action first"),
    ("cancel without scouting", {"type": "scout_cancel"}, r"no scouting under way"),
    ("pick in the action phase", {"type": "ash_light", "token": "A01", "light": {"red": 1}},
     r"only in the wood ash phase"),
    ("done in the action phase", {"type": "done"}, r"game end"),
    ("scout without light", {"type": "scout", "via": "action"}, r"no scouting path"),
]


@pytest.mark.parametrize("label,move,reason", ACTION_BAD, ids=[b[0] for b in ACTION_BAD])
def test_a_malformed_or_illegal_action_is_refused_and_changes_nothing(label, move, reason):
    m = new()
    action_phase(m, current=0, order=[1])
    st = state(m)
    st.seats[0].villagers = ["village", "sky:1", "ready", "bonus"]
    if label == "scout without light":
        st.supply_light = [a + b for a, b in zip(st.supply_light, st.seats[0].light, strict=True)]
        st.seats[0].light = [0, 0, 0]
    m._legal = {}
    refused(m, 0, move, reason)


SCOUTING_BAD = [
    ("unknown space", {"type": "scout_step", "space": "P99", "colour": "red", "end": False}, r"no path space"),
    ("green light", {"type": "scout_step", "space": "P01", "colour": "green", "end": False}, r"not a colour"),
    ("end as text", {"type": "scout_step", "space": "P01", "colour": "red", "end": "yes"}, r"'end' must be"),
    ("a lit space", {"type": "scout_step", "space": "P13", "colour": "red", "end": False}, r"already lit"),
    ("a colour not held", {"type": "scout_step", "space": "P01", "colour": "yellow", "end": False},
     r"no yellow light"),
    ("a second scouting", {"type": "scout", "via": "action"}, r"finish or cancel"),
]


@pytest.mark.parametrize("label,move,reason", SCOUTING_BAD, ids=[b[0] for b in SCOUTING_BAD])
def test_a_bad_scouting_step_is_refused_and_changes_nothing(label, move, reason):
    m = new()
    action_phase(m, current=0)
    st = state(m)
    st.lit["P13"] = 0
    st.supply_light[0] -= 1
    st.seats[0].light = [2, 1, 0]
    st.supply_light[2] += 1
    st.supply_light[0] -= 1
    m._legal = {}
    play(m, 0, {"type": "scout", "via": "action"})
    refused(m, 0, move, reason)


@pytest.mark.parametrize("seat", [1, 2, -1, "0", None, True, 0.0])
def test_a_move_from_a_seat_that_may_not_act_is_refused_and_changes_nothing(seat):
    m = new(2)
    action_phase(m, current=0, order=[1])
    before = dump(m)
    with pytest.raises(engine.IllegalMove, match=r"turn|no seat"):
        m.play(seat, {"type": "end_turn"})
    assert dump(m) == before


def test_a_move_after_the_game_ended_is_refused():
    m = new(2)
    st = state(m)
    st.ended, st.phase = True, "over"
    m._legal = {}
    for seat in (0, 1):
        refused(m, seat, {"type": "done"}, r"game is over")


def test_every_listed_move_is_accepted_after_a_json_round_trip():
    for setup in ("stargazing", "action"):
        m = new(3)
        if setup == "action":
            action_phase(m, current=0, order=[1, 2])
            give_ash(m, 0, "recall")
            state(m).seats[0].villagers[1] = "village"
            m._legal = {}
        moves = m.legal_moves(0)
        for move in moves[::5]:
            again = copy.deepcopy(m)  # a built position is no replay of its log: engine.restore refuses it
            again.play(0, json.loads(json.dumps(move)))


def test_a_refused_move_leaves_the_legal_moves_as_they_were():
    m = new()
    set_hand(m, 0, ["T01", "T05", "T16"])
    moves = json.dumps(m.legal_moves(0))
    refused(m, 0, {"type": "place", "tile": "T01", "side": "A", "rotation": 0, "cell": [3, 0]}, r"edge")
    assert json.dumps(m.legal_moves(0)) == moves
