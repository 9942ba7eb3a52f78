"""Refusals. Ruling (common to every game): "A move that is not legal is refused with a reason
that names the rule, and the state does not change." Each attempt below raises
`engine.IllegalMove` and leaves the snapshot and every view byte-identical."""

import copy
import json

import pytest
from guild_positions import PASS, dump, play, position, refused

import engine

MARKET = {1: ["1-01", "1-02", "1-03", "1-04"]}

BAD_MOVES = [
    ("null", None, r"JSON object"),
    ("not an object", ["collect"], r"JSON object"),
    ("a string", "pass", r"JSON object"),
    ("no type", {"gems": {"red": 1}}, r"unknown move type"),
    ("unknown type", {"type": "steal"}, r"unknown move type"),
    ("Splendor's take", {"type": "take", "gems": {"red": 1}}, r"unknown move type"),
    ("Splendor's buy", {"type": "buy", "card": "1-01", "pay": {}}, r"unknown move type"),
    ("type not a string", {"type": 1}, r"unknown move type"),
    ("extra key on pass", {"type": "pass", "why": "tired"}, r"unexpected field"),
    ("extra key on collect", {"type": "collect", "gems": {"red": 1}, "x": 1}, r"unexpected field"),
    ("extra key on build", {"type": "build", "workshop": "1-01", "seat": 0}, r"unexpected field"),
    ("Splendor's card key", {"type": "reserve", "card": "1-01"}, r"unexpected field"),
    ("collect without gems", {"type": "collect"}, r"needs gems"),
    ("reserve without workshop", {"type": "reserve"}, r"needs workshop"),
    ("gems not an object", {"type": "collect", "gems": ["red"]}, r"object of colour"),
    ("gems as a string", {"type": "collect", "gems": "red"}, r"object of colour"),
    ("unknown workshop to reserve", {"type": "reserve", "workshop": "9-99"}, r"no workshop"),
    ("unknown workshop to build", {"type": "build", "workshop": "nope"}, r"no workshop"),
    ("workshop as a number", {"type": "build", "workshop": 101}, r"no workshop"),
    ("workshop as null", {"type": "reserve", "workshop": None}, r"no workshop"),
    ("negative count", {"type": "collect", "gems": {"white": -1, "blue": 1}}, r"positive"),
    ("zero count", {"type": "collect", "gems": {"white": 0, "blue": 1}}, r"positive"),
    ("count as bool", {"type": "collect", "gems": {"white": True, "blue": 1}}, r"whole number"),
    ("count as float", {"type": "collect", "gems": {"white": 1.0, "blue": 1}}, r"whole number"),
    ("two as float", {"type": "collect", "gems": {"red": 2.0}}, r"whole number"),
    ("count as string", {"type": "collect", "gems": {"white": "1"}}, r"whole number"),
    ("count as null", {"type": "collect", "gems": {"white": None}}, r"whole number"),
    ("unknown colour", {"type": "collect", "gems": {"purple": 1}}, r"not a gem colour"),
    ("star sand", {"type": "collect", "gems": {"star_sand": 1}}, r"star sand cannot be collected"),
    ("return with nothing over nine", {"type": "return", "gems": {"red": 1}}, r"nothing to return"),
    ("a deck top", {"type": "reserve", "tier": 2}, r"never the top of a deck"),
]


@pytest.mark.parametrize("label,move,reason", BAD_MOVES, ids=[b[0] for b in BAD_MOVES])
def test_a_malformed_or_illegal_move_is_refused_with_a_reason_and_changes_nothing(label, move, reason):
    m = position(players=2, market=MARKET, seats={0: dict(pouch={"white": 1, "blue": 1})})
    refused(m, move, reason)


BAD_RETURNS = [
    ("negative", {"type": "return", "gems": {"white": -1}}, r"positive"),
    ("zero", {"type": "return", "gems": {"white": 0, "blue": 1}}, r"positive"),
    ("bool", {"type": "return", "gems": {"white": True}}, r"whole number"),
    ("float", {"type": "return", "gems": {"white": 1.0}}, r"whole number"),
    ("too few", {"type": "return", "gems": {}}, r"return exactly 1"),
    ("too many", {"type": "return", "gems": {"white": 1, "blue": 1}}, r"return exactly 1"),
    ("not held", {"type": "return", "gems": {"black": 1}}, r"holds only 0 black"),
    ("extra key", {"type": "return", "gems": {"white": 1}, "x": 0}, r"unexpected field"),
]


@pytest.mark.parametrize("label,move,reason", BAD_RETURNS, ids=[b[0] for b in BAD_RETURNS])
def test_a_malformed_return_is_refused_and_changes_nothing(label, move, reason):
    m = position(players=3, seats={0: dict(pouch={"white": 3, "blue": 3, "green": 3})})
    play(m, {"type": "collect", "gems": {"red": 1}})
    assert m.view(None)["turn"]["phase"] == "return"
    refused(m, move, reason)


@pytest.mark.parametrize("seat", [1, 2, -1, 5, "0", None, True, 0.0])
def test_a_move_from_the_wrong_seat_is_refused_and_changes_nothing(seat):
    m = position(players=3)
    before = dump(m)
    with pytest.raises(engine.IllegalMove, match=r"turn|no seat"):
        m.play(seat, PASS)
    assert dump(m) == before


def test_a_legal_move_of_the_right_kind_by_the_wrong_seat_names_the_turn():
    m = position(players=2)
    refused(m, {"type": "collect", "gems": {"red": 1}}, r"not seat 1's turn", seat=1)


def test_a_move_after_the_game_ended_is_refused_and_changes_nothing():
    m = engine.new_match("guild", 2, seed=12)
    while not m.is_over():
        m.play(m.to_act()[0], PASS)
    for seat in (0, 1):
        refused(m, PASS, r"game is over", seat=seat)
        refused(m, {"type": "collect", "gems": {"red": 1}}, r"game is over", seat=seat)


def test_every_listed_move_is_accepted_after_a_json_round_trip():
    m = position(players=3, market=MARKET, seats={0: dict(pouch={"white": 3, "blue": 3, "star_sand": 1},
                                                          reserved=["2-01"])})
    for move in m.legal_moves(0):
        again = copy.deepcopy(m)  # a built position is no replay of its log: engine.restore refuses it
        again.play(0, json.loads(json.dumps(move)))


def test_a_refused_move_leaves_the_legal_moves_as_they_were():
    m = position(players=2, market=MARKET)
    moves = json.dumps(m.legal_moves(0))
    refused(m, {"type": "collect", "gems": {"red": 3}}, r"at most two")
    assert json.dumps(m.legal_moves(0)) == moves
