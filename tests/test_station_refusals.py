"""Refusals. Ruling (common to every game): "A move that is not legal is refused with a reason
that names the rule, and the state does not change." Each attempt raises `engine.IllegalMove`
and leaves the snapshot and every view byte-identical."""

import copy
import json

import pytest
from station_positions import PASS, dump, of, play, position, purchase, refused

import engine

DISPLAY = ["amber-1-2", "cobalt-2-2", "jade-3-2", "amber-4-2", "cobalt-5-2", "jade-6-2"]


def table():
    return position(players=3, berths={0: "M04"}, display=DISPLAY,
                    seats={0: dict(hand=of("amber", 3, 2), station={(1, 0): "M07"}, dock=["M10"])})


BAD_MOVES = [
    ("null", None, r"JSON object"),
    ("a list", ["acquire"], r"JSON object"),
    ("a string", "pass", r"JSON object"),
    ("no type", {"credits": ["amber-1-2"]}, r"unknown move type"),
    ("unknown type", {"type": "steal"}, r"unknown move type"),
    ("Splendor's take", {"type": "take", "gems": {"red": 1}}, r"unknown move type"),
    ("type not a string", {"type": 3}, r"unknown move type"),
    ("extra key on pass", {"type": "pass", "why": 1}, r"unexpected field"),
    ("extra key on acquire", {"type": "acquire", "credits": ["amber-1-2"], "seat": 0}, r"unexpected field"),
    ("acquire without credits", {"type": "acquire"}, r"needs credits"),
    ("credits not a list", {"type": "acquire", "credits": "amber-1-2"}, r"list of 1–3"),
    ("no credits", {"type": "acquire", "credits": []}, r"list of 1–3"),
    ("unknown credit", {"type": "acquire", "credits": ["gold-9-9"]}, r"no credit"),
    ("credit as a number", {"type": "acquire", "credits": [7]}, r"no credit"),
    ("a credit twice", {"type": "acquire", "credits": ["amber-1-2", "amber-1-2"]}, r"only once"),
    ("credits out of display order", {"type": "acquire", "credits": ["cobalt-2-2", "amber-1-2"]}, r"display order"),
    ("purchase without pay", {"type": "purchase", "module": "M04", "to": "dock"}, r"needs pay"),
    ("purchase without a destination", {"type": "purchase", "module": "M04", "pay": [3, 2]}, r"needs to"),
    ("unknown module", purchase("M99", [3, 2]), r"no module"),
    ("module as a number", {"type": "purchase", "module": 4, "pay": [3, 2], "to": "dock"}, r"no module"),
    ("pay not a list", {"type": "purchase", "module": "M04", "pay": 5, "to": "dock"}, r"list of credit values"),
    ("empty pay", purchase("M04", []), r"list of credit values"),
    ("pay as ids", purchase("M04", ["amber-3-1", "amber-2-1"]), r"whole number from 1 to 6"),
    ("pay with a float", purchase("M04", [3.0, 2]), r"whole number from 1 to 6"),
    ("pay with a bool", purchase("M04", [3, True]), r"whole number from 1 to 6"),
    ("pay with a 7", purchase("M04", [7]), r"whole number from 1 to 6"),
    ("pay not held", purchase("M04", [5]), r"holds 0 amber credit\(s\) of value 5"),
    ("node as a list", purchase("M04", [3, 2], [1, 3]), r"must be a node"),
    ("node missing a sector", purchase("M04", [3, 2], {"ring": 1}), r"must be a node"),
    ("node with a float ring", purchase("M04", [3, 2], {"ring": 1.0, "sector": 3}), r"ring is 1"),
    ("node with a bool sector", purchase("M04", [3, 2], {"ring": 1, "sector": True}), r"sector is a whole number"),
    ("node as null", purchase("M04", [3, 2], None), r"must be a node"),
    ("reconfigure without op", {"type": "reconfigure", "module": "M10"}, r"needs op"),
    ("unknown op", {"type": "reconfigure", "op": "rotate", "module": "M10"}, r"needs op"),
    ("install without a node", {"type": "reconfigure", "op": "install", "module": "M10"}, r"needs to"),
    ("install with at", {"type": "reconfigure", "op": "install", "module": "M10", "at": {"ring": 1, "sector": 1}},
     r"unexpected field"),
    ("remove naming a module", {"type": "reconfigure", "op": "remove", "module": "M07", "at": {"ring": 1, "sector": 0}},
     r"unexpected field"),
    ("exchange without a node", {"type": "reconfigure", "op": "exchange", "module": "M10"}, r"needs at"),
    ("a bonus outside the bonus step", {"type": "bonus", "credit": "amber-1-2"}, r"only right after an exact payment"),
    ("decline outside the bonus step", {"type": "decline"}, r"only right after an exact payment"),
    ("pass while actions are legal", PASS, r"pass only if no action is legal"),
]


@pytest.mark.parametrize("label,move,reason", BAD_MOVES, ids=[b[0] for b in BAD_MOVES])
def test_a_malformed_or_illegal_move_is_refused_with_a_reason_and_changes_nothing(label, move, reason):
    refused(table(), move, reason)


@pytest.mark.parametrize("seat", [1, 2, -1, 3, "0", None, True, 0.0])
def test_a_move_from_the_wrong_seat_is_refused_and_changes_nothing(seat):
    m = table()
    before = dump(m)
    with pytest.raises(engine.IllegalMove, match=r"turn|no seat"):
        m.play(seat, PASS)
    assert dump(m) == before


def test_a_legal_move_by_the_wrong_seat_names_the_turn():
    refused(table(), {"type": "acquire", "credits": ["amber-1-2"]}, r"not seat 1's turn", seat=1)


def test_during_the_bonus_step_only_a_bonus_or_decline_is_accepted():
    m = table()
    play(m, purchase("M04", [3, 2], (1, 1)))
    refused(m, {"type": "acquire", "credits": ["amber-1-2"]}, r"paid exactly", r"decline")
    refused(m, PASS, r"paid exactly")
    refused(m, {"type": "bonus", "credit": "jade-6-2"}, r"value 3 or less")
    refused(m, {"type": "bonus", "credit": "jade-6-1"}, r"not displayed")
    refused(m, {"type": "bonus"}, r"needs credit")


def test_every_listed_move_is_accepted_after_a_json_round_trip():
    m = table()
    moves = m.legal_moves(0)
    assert {mv["type"] for mv in moves} == {"acquire", "purchase", "reconfigure"}
    for move in moves:
        # a built position is no replay of its log: engine.restore refuses it, so copy the match
        copy.deepcopy(m).play(0, json.loads(json.dumps(move)))


def test_a_refused_move_leaves_the_legal_moves_as_they_were():
    m = table()
    moves = json.dumps(m.legal_moves(0))
    refused(m, purchase("M04", [3, 2], (2, 5)), r"middle module needs")
    assert json.dumps(m.legal_moves(0)) == moves


def _mutated(move, rng, state):
    """A near miss of a listed move: another node, payment, credit or module."""
    move = json.loads(json.dumps(move))
    kind = move["type"]
    if kind == "acquire" and state.display:
        move["credits"] = rng.sample(state.display, min(rng.randint(1, 3), len(state.display)))
    elif kind == "purchase":
        choice = rng.randrange(3)
        if choice == 0:
            move["pay"] = sorted((rng.randint(1, 6) for _ in range(rng.randint(1, 3))), reverse=True)
        elif choice == 1:
            move["to"] = {"ring": rng.randint(1, 3), "sector": rng.randint(0, 9)}
        else:
            move["module"] = rng.choice([m for m in state.berths if m] or ["M01"])
    elif kind == "reconfigure":
        move["to" if "to" in move else "at"] = {"ring": rng.randint(1, 3), "sector": rng.randint(0, 9)}
    elif kind == "bonus" and state.display:
        move["credit"] = rng.choice(state.display)
    return move


def test_every_near_miss_is_refused_with_a_reason_naming_its_rule():
    import random

    from engine.games.station.explain import explain

    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        m = engine.new_match("station", 2 + seed % 3, seed=seed)
        while not m.is_over():
            (seat,) = m.to_act()
            moves = m.legal_moves(seat)
            for _ in range(3):
                near = _mutated(rng.choice(moves), rng, m._state)
                if near in moves:
                    continue
                reason = explain(m._state, seat, near)
                assert reason != "that move is not legal now", f"no rule named for {near}"
                checked += 1
            m.play(seat, moves[rng.randrange(len(moves))])
    assert checked > 1000
