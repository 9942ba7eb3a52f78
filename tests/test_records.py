"""Game records (engine/records, docs/records.md): written from a match, loaded by replaying them,
and refused with a reason when malformed, tampered with, foreign or newer — for every game."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from random_play import play_randomly

import engine
from engine import records

GAMES = sorted(engine.GAMES)


def _finished(game: str) -> engine.Match:
    match = engine.new_match(game, 2, seed=20261201)
    play_randomly(match, random.Random(game))
    return match


def _unfinished(game: str, moves: int = 9) -> engine.Match:
    match = engine.new_match(game, 3, seed="18446744073709551615")
    rng = random.Random(1)
    for _ in range(moves):
        seat = match.to_act()[0]
        legal = match.legal_moves(seat)
        match.play(seat, legal[rng.randrange(len(legal))])
    return match


@pytest.fixture(scope="module", params=GAMES)
def finished(request: pytest.FixtureRequest) -> dict[str, Any]:
    """A finished game's record as a file would hold it (through JSON text)."""
    match = _finished(request.param)
    record = records.from_match(match, names=["Ada", "Bob"], bots=[None, "greedy"], mode="solo",
                                started="2026-12-01T21:40:00Z", finished="2026-12-01T22:05:30.250Z")
    return {"match": match, "text": json.dumps(record)}


def fresh(finished: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(finished["text"])
    return data


def refused(data: Any) -> str:
    with pytest.raises(records.BadRecord) as caught:
        records.load(data)
    return str(caught.value)


# --- good records -------------------------------------------------------------------------------

def test_a_finished_record_replays_to_the_same_match(finished: dict[str, Any]) -> None:
    match = records.load(records.parse(finished["text"]))
    assert match.snapshot() == finished["match"].snapshot()
    assert match.is_over()


def test_a_record_holds_the_game_the_people_and_the_engine_version(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    source = finished["match"]
    assert data["kind"] == "tabletop-record" and data["format"] == records.FORMAT == 1
    assert data["engine"] == engine.__version__
    assert (data["game"], data["players"], data["options"]) == (source.game, 2, source.options)
    assert data["seed"] == "20261201" and data["log"] == source.log
    assert data["names"] == ["Ada", "Bob"] and data["bots"] == [None, "greedy"]
    assert data["result"] == source.result() and data["finished"] == "2026-12-01T22:05:30.250Z"


@pytest.mark.parametrize("game", GAMES)
def test_an_unfinished_record_with_a_64_bit_seed_loads_where_it_stopped(game: str) -> None:
    match = _unfinished(game)
    data = json.loads(json.dumps(records.from_match(match)))
    assert data["seed"] == "18446744073709551615" and data["result"] is None
    assert data["names"] == ["Seat 1", "Seat 2", "Seat 3"]
    loaded = records.load(data)
    assert loaded.snapshot() == match.snapshot() and not loaded.is_over()


def test_optional_fields_may_be_left_out(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    for key in ("bots", "mode", "started", "finished", "takebacks"):
        del data[key]
    assert records.validate(data).fields.bots == [None, None]


def test_take_backs_are_kept(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["takebacks"] = [{"seat": 0, "at": 4, "removed": 2}]
    assert records.validate(data).fields.takebacks == [{"seat": 0, "at": 4, "removed": 2}]


# --- tampered records ---------------------------------------------------------------------------

def test_a_changed_score_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["result"]["scores"][0] += 1
    assert "result was changed" in refused(data) and "'scores'" in refused(data)


def test_a_changed_winner_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["result"]["winners"] = [1 - data["result"]["winners"][0]] if len(data["result"]["winners"]) == 1 else [0]
    assert "'winners'" in refused(data)


def test_a_result_of_another_type_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["result"]["scores"] = [float(score) for score in data["result"]["scores"]]
    assert "result was changed" in refused(data)


def test_an_illegal_move_is_refused_with_its_number(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["log"][6][1] = {"type": "no such move"}
    reason = refused(data)
    assert reason.startswith(f"move 7 of the log (seat {data['log'][6][0]}) was refused")


def test_a_move_by_the_wrong_seat_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    seat = data["log"][0][0]
    data["log"][0][0] = 1 - seat
    assert refused(data).startswith("move 1 of the log")


def test_another_legal_move_changes_the_game_and_is_caught(finished: dict[str, Any]) -> None:
    """A move swapped for another legal one: a later move or the result no longer fits."""
    data = fresh(finished)
    replay = engine.new_match(data["game"], 2, data["options"], data["seed"])
    for seat, move in data["log"][:3]:
        replay.play(seat, move)
    seat, move = data["log"][3]
    other = next(m for m in replay.legal_moves(seat) if m != move)
    data["log"][3][1] = other
    reason = refused(data)
    assert reason.startswith("move ") or "result" in reason


def test_a_cut_log_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["log"] = data["log"][:-1]
    assert "does not end the game" in refused(data)


def test_a_finished_game_claimed_unfinished_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["result"], data["finished"] = None, None
    assert "says the game is unfinished, but its log ends it" in refused(data)


def test_a_move_past_the_end_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["log"].append(data["log"][-1])
    assert "the game is over" in refused(data)


def test_a_changed_seed_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["seed"] = "20261202"
    assert refused(data)


@pytest.mark.parametrize("key, value, words", [
    ("game", "chess", "unknown game 'chess'"),
    ("game", 7, "the game must be a game id"),
    ("players", "2", "players must be a whole number"),
    ("players", 9, "not 9"),
    ("options", [], "options must be an object"),
    ("options", {"variant": True}, "has no option variant"),
    ("seed", 20261201, "the seed: a 64-bit value must be a string"),
    ("seed", "007", "without leading zeros"),
    ("log", {}, "the log must be a list"),
    ("log", [[0]], "move 1 of the log is not a [seat, move] pair"),
    ("names", ["Ada"], "names must be a list of 2 texts"),
    ("names", ["Ada", ""], "the name of seat 1"),
    ("bots", [None, "grandmaster"], "the computer of seat 1"),
    ("result", [1, 2], "the result must be an object"),
    ("mode", "tournament", "mode must be one of"),
    ("started", "yesterday", "started must be a UTC date"),
    ("finished", "2026-02-30T10:00:00Z", "finished is not a real date"),
    ("finished", "2026-12-01T21:39:59.999Z", "finished before it started"),
    ("takebacks", [{"seat": 0, "at": -1, "removed": 1}], "take-back 1"),
    ("takebacks", [{"seat": 0}], "take-back 1 must be"),
    ("engine", "", "engine must be the version text"),
])
def test_a_field_of_the_wrong_type_or_range_is_refused(finished: dict[str, Any], key: str, value: Any,
                                                       words: str) -> None:
    data = fresh(finished)
    data[key] = value
    assert words in refused(data)


def test_a_missing_or_unknown_field_is_refused(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    del data["result"]
    assert refused(data) == "the record has no result"
    data = fresh(finished)
    data["cheat"] = True
    assert refused(data) == "a record of format 1 has no field cheat"


def test_an_illegal_move_names_the_writer_when_another_engine_wrote_it(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["engine"] = "0.0.9"
    data["log"][2][1] = {"type": "no such move"}
    assert "written by engine 0.0.9" in refused(data)


def test_a_hostile_value_is_refused_before_the_replay(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["log"][0][1]["x"] = 1 << 60
    assert refused(data).startswith("not plain JSON")


# --- foreign and newer files --------------------------------------------------------------------

def test_a_snapshot_is_not_a_record(finished: dict[str, Any]) -> None:
    assert refused(finished["match"].snapshot()) == "this is a saved match (a snapshot), not a game record"


@pytest.mark.parametrize("data", [[], "record", {"game": "splendor"}, {"kind": "chess-pgn", "format": 1}])
def test_a_foreign_file_is_refused(data: Any) -> None:
    reason = refused(data)
    assert "not a game record of this site" in reason or reason == "a game record must be a JSON object"


def test_a_newer_format_is_refused_and_says_so(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    data["format"], data["engine"], data["new_field"] = 2, "0.9.0", {"anything": True}
    with pytest.raises(records.NewerRecord) as caught:
        records.load(data)
    assert str(caught.value) == ("this record is in format 2 (written by engine 0.9.0), newer than this engine "
                                 "reads (format 1): open it with a newer version")


@pytest.mark.parametrize("value", [0, -1, "1", 1.0, True, None])
def test_a_format_that_is_not_a_version_is_refused(finished: dict[str, Any], value: Any) -> None:
    data = fresh(finished)
    data["format"] = value
    assert refused(data) == "the record's format must be a whole number from 1"


@pytest.mark.parametrize("text, words", [
    ("{", "not JSON"),
    ('{"kind": NaN}', "not JSON"),
    ("1" * 30, "not JSON"),
    (" " * (records.MAX_RECORD_TEXT + 1), "at most"),
])
def test_text_that_is_not_a_record_file_is_refused(text: str, words: str) -> None:
    with pytest.raises(records.BadRecord, match=words):
        records.parse(text)


def test_from_match_refuses_what_load_would_refuse() -> None:
    match = _unfinished("splendor", moves=2)
    with pytest.raises(records.BadRecord, match="names must be a list of 3"):
        records.from_match(match, names=["Ada"])
    with pytest.raises(records.BadRecord, match="no finishing date"):
        records.from_match(match, finished="2026-12-01T22:00:00Z")


def test_loading_does_not_change_the_record(finished: dict[str, Any]) -> None:
    data = fresh(finished)
    before = copy.deepcopy(data)
    records.load(data)
    assert data == before


# --- descriptions -------------------------------------------------------------------------------

def test_a_move_is_described_from_its_own_fields() -> None:
    assert records.describe_move({"type": "take", "gems": {"white": 1, "blue": 1}}) == "take gems white 1, blue 1"
    assert records.describe_move({"type": "place", "cell": [1, -1], "flip": False}) == "place cell (1, -1) flip no"


def test_a_result_is_described_with_the_names() -> None:
    result = {"scores": [18, 13], "winners": [0], "decided_by": "prestige"}
    assert records.describe_result(result, ["Ada", "Bob"]) == "Ada 18, Bob 13; winner Ada (decided by prestige)"
