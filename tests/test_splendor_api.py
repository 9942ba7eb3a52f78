"""The engine API as Splendor meets it: its facts, turn order, events, refusal reasons, result
and snapshot. What every game meets (seat counts, options, seeds, JSON, refusals that change
nothing, views that cannot change the match, snapshots) is tests/test_contract.py."""

import json

import pytest

import engine
from engine import IllegalMove


def dump(match):
    return json.dumps(match.snapshot(), sort_keys=True)


def play_to_the_end(match):
    """Play greedy bots until the game ends."""
    from engine.bots import choose_move

    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, choose_move(match, seat, "greedy"))


def test_games_lists_splendor_with_title_seat_range_and_options():
    assert engine.GAMES["splendor"] == {"title": "Splendor", "min_players": 2, "max_players": 4,
                                      "options": {"trading_posts": False, "strongholds": False}}


def test_to_act_lists_the_seats_that_may_act():
    match = engine.new_match("splendor", 3, seed=2)
    assert match.to_act() == [0]
    match.play(0, match.legal_moves(0)[0])
    assert match.to_act() == [1]


def test_legal_moves_are_plain_json_and_empty_for_a_seat_that_may_not_act():
    match = engine.new_match("splendor", 2, seed=3)
    moves = match.legal_moves(0)
    assert moves and json.loads(json.dumps(moves)) == moves
    assert match.legal_moves(1) == []
    assert match.legal_moves(7) == []


def test_play_returns_plain_json_events():
    match = engine.new_match("splendor", 2, seed=4)
    events = match.play(0, match.legal_moves(0)[0])
    assert events and json.loads(json.dumps(events)) == events
    assert events[0]["type"] == "take" and events[0]["seat"] == 0


def test_every_listed_move_is_accepted():
    for move in engine.new_match("splendor", 2, seed=5).legal_moves(0):
        match = engine.new_match("splendor", 2, seed=5)
        match.play(0, json.loads(json.dumps(move)))


BAD_MOVES = [
    ("unknown type", {"type": "steal"}, "unknown move type"),
    ("not an object", ["take"], "JSON object"),
    ("no type", {"gems": {"red": 1}}, "unknown move type"),
    ("extra key", {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}, "x": 1}, "unexpected field"),
    ("unknown card", {"type": "reserve", "card": "9-99"}, "no card"),
    ("unknown card to buy", {"type": "buy", "card": "nope", "pay": {}}, "no card"),
    ("negative count", {"type": "take", "gems": {"white": -1, "blue": 1, "green": 1}}, "positive"),
    ("zero count", {"type": "take", "gems": {"white": 0, "blue": 1, "green": 1, "red": 1}}, "positive"),
    ("too many of one colour", {"type": "take", "gems": {"white": 3}}, "at most two"),
    ("too many colours", {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1, "red": 1}}, "at most three"),
    ("count as bool", {"type": "take", "gems": {"white": True, "blue": 1, "green": 1}}, "whole number"),
    ("count as float", {"type": "take", "gems": {"white": 1.0, "blue": 1, "green": 1}}, "whole number"),
    ("count as string", {"type": "take", "gems": {"white": "1", "blue": 1, "green": 1}}, "whole number"),
    ("unknown colour", {"type": "take", "gems": {"purple": 1, "blue": 1, "green": 1}}, "not a token colour"),
    ("gold", {"type": "take", "gems": {"gold": 1, "blue": 1, "green": 1}}, "gold cannot be taken"),
    ("both card and tier", {"type": "reserve", "card": "1-01", "tier": 1}, "either"),
    ("bad tier", {"type": "reserve", "tier": 4}, "tier"),
    ("tier as bool", {"type": "reserve", "tier": True}, "tier"),
    ("return with nothing to return", {"type": "return", "gems": {"red": 1}}, "nothing to return"),
    ("noble with none pending", {"type": "noble", "noble": "N1"}, "no noble"),
    ("pass with moves left", {"type": "pass"}, "only when"),
    ("null", None, "JSON object"),
]


@pytest.mark.parametrize("label,move,reason", BAD_MOVES, ids=[b[0] for b in BAD_MOVES])
def test_a_malformed_or_illegal_move_is_refused_with_a_reason_and_changes_nothing(label, move, reason):
    match = engine.new_match("splendor", 2, seed=6)
    before = dump(match)
    with pytest.raises(IllegalMove) as refused:
        match.play(0, move)
    assert reason in refused.value.reason
    assert dump(match) == before


@pytest.mark.parametrize("seat", [1, -1, 2, "0", None, True])
def test_a_move_from_the_wrong_seat_is_refused_and_changes_nothing(seat):
    match = engine.new_match("splendor", 2, seed=7)
    before = dump(match)
    with pytest.raises(IllegalMove, match=r"turn|no seat"):
        match.play(seat, match.legal_moves(0)[0])
    assert dump(match) == before


def test_a_move_after_the_game_ended_is_refused_and_changes_nothing():
    match = engine.new_match("splendor", 2, seed=8)
    play_to_the_end(match)
    before = dump(match)
    with pytest.raises(IllegalMove, match="over"):
        match.play(0, {"type": "pass"})
    assert dump(match) == before
    assert match.to_act() == []


def test_result_is_none_until_over_then_scores_winners_and_tiebreak():
    match = engine.new_match("splendor", 2, seed=9)
    assert match.result() is None and not match.is_over()
    play_to_the_end(match)
    result = match.result()
    assert set(result) >= {"scores", "winners", "purchased", "decided_by"}
    assert len(result["scores"]) == 2 and result["winners"]


def test_view_of_a_seat_and_public_view_are_plain_json():
    match = engine.new_match("splendor", 3, seed=10)
    for seat in (0, 1, 2, None):
        view = match.view(seat)
        assert view["seat"] == seat
        assert json.loads(json.dumps(view)) == view


def test_snapshot_is_plain_json_and_restore_continues_the_same_game():
    match = engine.new_match("splendor", 2, seed=11)
    for _ in range(12):
        seat = match.to_act()[0]
        match.play(seat, match.legal_moves(seat)[0])
    restored = engine.restore(json.loads(json.dumps(match.snapshot())))
    assert restored.snapshot() == match.snapshot()
    for _ in range(12):
        seat = match.to_act()[0]
        move = match.legal_moves(seat)[-1]
        assert restored.legal_moves(seat) == match.legal_moves(seat)
        assert restored.play(seat, move) == match.play(seat, move)
    assert restored.snapshot() == match.snapshot()


def test_mutating_a_returned_view_or_log_does_not_touch_the_match():
    match = engine.new_match("splendor", 2, seed=12)
    match.play(0, match.legal_moves(0)[0])
    before = dump(match)
    view = match.view(0)
    view["market"][0][0]["cost"]["white"] = 99
    view["bank"]["white"] = 99
    match.log[0][1]["type"] = "hack"
    assert dump(match) == before
