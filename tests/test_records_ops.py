"""The worker protocol's record ops (engine/records/ops.py): open a record (validated by replay), view
any move as any allowed seat, resume from a move, write a match's record, and take back a move unless
hidden information was revealed since (engine/records/takeback.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from random_play import play_randomly

import engine
from engine import protocol, records
from engine.games.listing import expand
from engine.records.ops import RECORD_OPS
from engine.records.replayer import CHECKPOINT_EVERY
from engine.records.takeback import REVEALING, plan, revealing_event, take_back

GAMES = sorted(engine.GAMES)


@pytest.fixture(autouse=True)
def record_ops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The record ops in the protocol's table (engine/protocol.py adds them once hooked)."""
    for name, op in RECORD_OPS.items():
        monkeypatch.setitem(protocol.OPS, name, op)


def ask(session: protocol.Session, op: str, **fields: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(protocol.handle(json.dumps({"v": 1, "id": 1, "op": op, **fields}), session))
    return reply


def finished_record(game: str, seed: int = 3) -> tuple[engine.Match, dict[str, Any]]:
    match = engine.new_match(game, 2, seed=seed)
    play_randomly(match, random.Random(seed))
    return match, records.from_match(match, names=["Ada", "Bob"])


@pytest.mark.parametrize("game", GAMES)
def test_open_then_view_any_move_matches_cpython_at_that_move(game: str) -> None:
    session = protocol.Session()
    match, record = finished_record(game)
    opened = ask(session, "record_open", record=record)
    assert opened["ok"] and opened["moves"] == len(record["log"]) and opened["over"]
    assert opened["result"] == match.result() and opened["record"] == record
    assert len(opened["events"]) == len(record["log"])
    rng = random.Random(0)
    for at in [0, len(record["log"]), *(rng.randrange(len(record["log"])) for _ in range(6)), 5, 4, 3]:
        expected = engine.replay(game, 2, record["options"], record["seed"], record["log"][:at])
        for seat in (None, 0, 1):
            shown = ask(session, "record_view", replay=opened["replay"], at=at, seat=seat)
            assert shown["view"] == json.loads(json.dumps(expected.view(seat))), (at, seat)
            assert shown["to_act"] == expected.to_act() and shown["over"] == expected.is_over()


def test_the_events_of_each_move_are_those_of_the_game() -> None:
    session = protocol.Session()
    _match, record = finished_record("splendor")
    opened = ask(session, "record_open", record=record)
    replay = engine.new_match("splendor", 2, seed=3)
    for (seat, move), events in zip(record["log"], opened["events"], strict=True):
        assert events == replay.play(seat, move)


@pytest.mark.parametrize("game", GAMES)
def test_a_tampered_record_is_refused_with_the_reason_and_nothing_opens(game: str) -> None:
    session = protocol.Session()
    _match, record = finished_record(game)
    record["result"]["scores"][1] += 5
    reply = ask(session, "record_open", record=record)
    assert reply["error"]["code"] == "bad_record"
    assert reply["error"]["message"].startswith("the record's result was changed")
    assert ask(session, "record_view", replay="r999", at=0)["error"]["code"] == "unknown_replay"


def test_a_files_text_is_parsed_by_the_engine() -> None:
    session = protocol.Session()
    _match, record = finished_record("guild")
    assert ask(session, "record_open", text=json.dumps(record))["record"] == record
    text = json.dumps(record).replace('"seed": "3"', '"seed": 1e999')
    assert ask(session, "record_open", text=text)["error"] == {"code": "bad_record",
                                                              "message": "not JSON: the number 1e999 is too large"}
    assert ask(session, "record_open", text="{}", record={})["error"]["code"] == "bad_message"


def test_a_newer_record_has_its_own_code() -> None:
    reply = ask(protocol.Session(), "record_open", record={"kind": "tabletop-record", "format": 2})
    assert reply["error"]["code"] == "newer_record" and "newer than this engine reads" in reply["error"]["message"]


def test_during_a_game_only_ones_own_seat_and_the_public_view() -> None:
    session = protocol.Session()
    match = engine.new_match("guild", 3, seed=4)
    for _ in range(7):
        seat = match.to_act()[0]
        match.play(seat, match.legal_moves(seat)[0])
    opened = ask(session, "record_open", record=records.from_match(match), seat=1)
    assert not opened["over"] and opened["result"] is None
    assert ask(session, "record_view", replay=opened["replay"], at=7, seat=1)["ok"]
    assert ask(session, "record_view", replay=opened["replay"], at=7, seat=None)["ok"]
    refused = ask(session, "record_view", replay=opened["replay"], at=7, seat=2)
    assert refused["error"]["code"] == "not_allowed"


def test_an_unfinished_game_resumes_from_its_record() -> None:
    session = protocol.Session()
    match = engine.new_match("station", 2, seed=9)
    for _ in range(CHECKPOINT_EVERY + 3):
        seat = match.to_act()[0]
        match.play(seat, match.legal_moves(seat)[-1])
    opened = ask(session, "record_open", record=records.from_match(match))
    resumed = ask(session, "record_match", replay=opened["replay"])
    assert resumed["to_act"] == match.to_act()
    snapshot = ask(session, "snapshot", match=resumed["match"])["snapshot"]
    assert snapshot == json.loads(json.dumps(match.snapshot()))
    seat = match.to_act()[0]
    assert ask(session, "play", match=resumed["match"], seat=seat, move=match.legal_moves(seat)[0])["ok"]


def test_record_of_writes_the_match_with_the_pages_names() -> None:
    session = protocol.Session()
    handle = ask(session, "new_match", game="splendor", players=2, seed=5)["match"]
    moves = expand(ask(session, "state", match=handle, seat=0)["legal_moves"])
    ask(session, "play", match=handle, seat=0, move=moves[0])
    reply = ask(session, "record_of", match=handle, names=["Ada", "Computer"], bots=[None, "normal"], mode="solo",
                started="2026-12-01T21:40:00.000Z")
    record = reply["record"]
    assert record["names"] == ["Ada", "Computer"] and record["seed"] == "5" and len(record["log"]) == 1
    assert records.load(record).log == record["log"]
    bad = ask(session, "record_of", match=handle, names=["Ada"])
    assert bad["error"]["code"] == "bad_record"


def test_record_of_a_hosted_tables_snapshot() -> None:
    session = protocol.Session()
    match, _record = finished_record("station")
    reply = ask(session, "record_of", snapshot=match.snapshot(), mode="hosted")
    assert reply["record"]["log"] == plain_log(match) and reply["record"]["mode"] == "hosted"
    tampered = match.snapshot()
    tampered["log"] = tampered["log"][:-1]
    assert ask(session, "record_of", snapshot=tampered)["error"]["code"] == "bad_record"


def plain_log(match: engine.Match) -> Any:
    return json.loads(json.dumps(match.log))


def test_views_are_redacted_as_the_game_redacts_them() -> None:
    """A replay shows a seat what the game shows that seat: Stars' hands stay out of the public view."""
    session = protocol.Session()
    _match, record = finished_record("stars")
    opened = ask(session, "record_open", record=record)
    public = ask(session, "record_view", replay=opened["replay"], at=1, seat=None)["view"]
    assert all("hand" not in seat and "bag" not in seat for seat in public["seats"])
    own = ask(session, "record_view", replay=opened["replay"], at=1, seat=0)["view"]
    assert "hand" in own["seats"][0] and "hand" not in own["seats"][1]


# --- take-back ----------------------------------------------------------------------------------

def _until(match: engine.Match, rng: random.Random, wanted: Any, limit: int = 600) -> bool:
    """Play random moves until ``wanted(match)``; False if the game ends or the limit comes first."""
    for _ in range(limit):
        if wanted(match):
            return True
        if match.is_over():
            return False
        seat = match.to_act()[0]
        moves = match.legal_moves(seat)
        match.play(seat, moves[rng.randrange(len(moves))])
    return False


def test_a_take_back_returns_to_before_the_seats_last_move() -> None:
    match = engine.new_match("splendor", 2, seed=1)
    take = {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}}
    match.play(0, take)
    before_reply = match.snapshot()
    match.play(1, {"type": "take", "gems": {"red": 1, "black": 1, "green": 1}})
    rebuilt, done = take_back(match, 0)
    assert (done.at, done.removed) == (0, 2) and rebuilt.log == []
    assert rebuilt.to_act() == [0] and len(match.log) == 2  # the old match is unchanged
    rebuilt.play(0, take)
    assert rebuilt.snapshot() == before_reply


def test_take_back_through_the_protocol_replaces_the_match_and_says_what_to_record() -> None:
    session = protocol.Session()
    handle = ask(session, "new_match", game="splendor", players=2, seed=1)["match"]
    ask(session, "play", match=handle, seat=0, move={"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}})
    ask(session, "play", match=handle, seat=1, move={"type": "take", "gems": {"red": 1, "black": 1, "green": 1}})
    check = ask(session, "takeback", match=handle, seat=0)
    assert check["allowed"] and check["removed"] == 2 and "match" not in check
    done = ask(session, "takeback", match=handle, seat=0, apply=True)
    assert done["takeback"] == {"seat": 0, "at": 0, "removed": 2}
    assert ask(session, "state", match=done["match"], seat=0)["to_act"] == [0]
    assert ask(session, "state", match=handle, seat=0)["error"]["code"] == "unknown_match"


def test_at_a_pass_and_play_table_the_last_move_of_any_person_is_taken_back() -> None:
    match = engine.new_match("splendor", 3, seed=1)
    match.play(0, {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}})
    match.play(1, {"type": "take", "gems": {"red": 1, "black": 1, "green": 1}})
    match.play(2, {"type": "take", "gems": {"red": 1, "black": 1, "white": 1}})
    planned = plan(match, [0, 1])
    assert (planned.allowed, planned.seat, planned.at, planned.removed) == (True, 1, 1, 2)
    session = protocol.Session()
    handle = session.add(match)
    reply = ask(session, "takeback", match=handle, seats=[0, 1], apply=True)
    assert reply["takeback"] == {"seat": 1, "at": 1, "removed": 2}
    assert ask(session, "takeback", match=reply["match"], seat=0, seats=[0])["error"]["code"] == "bad_message"


def test_no_take_back_after_a_card_was_turned_up() -> None:
    match = engine.new_match("splendor", 2, seed=1)
    card = match.view(0)["market"][0][0]["id"]
    match.play(0, {"type": "reserve", "card": card})
    reason = plan(match, 0).reason
    assert reason == "no take-back: a card was turned up from a deck by your move"
    with pytest.raises(ValueError, match="turned up"):
        take_back(match, 0)


def test_no_take_back_after_a_blind_reserve_or_before_any_move() -> None:
    match = engine.new_match("splendor", 2, seed=1)
    assert plan(match, 0).reason == "seat 0 has made no move to take back"
    match.play(0, {"type": "reserve", "tier": 2})
    assert plan(match, 0).reason == "no take-back: a card was reserved from a deck by your move"


def test_no_take_back_when_a_reply_revealed_something() -> None:
    match = engine.new_match("splendor", 2, seed=1)
    match.play(0, {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}})
    match.play(1, {"type": "reserve", "tier": 1})
    assert plan(match, 0).reason == "no take-back: a card was reserved from a deck by move 2"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_offers_a_take_back_somewhere_and_refuses_one_somewhere(game: str) -> None:
    """Random games hit both cases; an allowed take-back gives exactly the replay of the shorter log."""
    allowed = refused = 0
    for seed in range(6):
        if allowed >= 2 and refused >= 2:
            break
        match = engine.new_match(game, 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(8):
            if not _until(match, rng, lambda m: False, limit=rng.randrange(3, 25)) and match.is_over():
                break
            seat = match.log[-1][0]
            planned = plan(match, seat)
            if planned.allowed:
                rebuilt, _done = take_back(match, seat)
                assert rebuilt.snapshot() == engine.replay(game, 2, match.options, match.seed,
                                                           match.log[:planned.at]).snapshot()
                allowed += 1
            else:
                assert planned.reason and planned.reason.startswith("no take-back: ")
                refused += 1
    assert allowed and refused


HIDDEN_PILES = {
    "splendor": lambda view: list(view["decks"]),
    "guild": lambda view: list(view["decks"]),
    "stars": lambda view: [view["ash_bag"], view["offering"]["deck"], *(s["bag_count"] for s in view["seats"])],
    "station": lambda view: [view["supply"], view["credits"]["deck"]],
}


@pytest.mark.parametrize("game", GAMES)
def test_a_move_whose_events_reveal_nothing_takes_nothing_from_a_hidden_pile(game: str) -> None:
    """The list of revealing events is complete: no face-down pile (deck, bag, supply) shrinks without one."""
    assert set(HIDDEN_PILES) == set(REVEALING)
    for seed in range(3):
        match = engine.new_match(game, 3, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            before = HIDDEN_PILES[game](match.view(None))
            seat = match.to_act()[0]
            moves = match.legal_moves(seat)
            events = match.play(seat, moves[rng.randrange(len(moves))])
            after = HIDDEN_PILES[game](match.view(None))
            if not any(revealing_event(game, event) for event in events):
                assert all(a >= b for a, b in zip(after, before, strict=True)), (events, before, after)


@pytest.mark.parametrize("game", GAMES)
def test_a_check_on_every_turn_gives_what_a_check_from_scratch_gives(game: str) -> None:
    """The replay kept alongside a match (checked turn after turn) agrees with a fresh replay's answer."""
    match = engine.new_match(game, 2, seed=11)
    rng = random.Random(11)
    for _ in range(30):
        if match.is_over():
            break
        seat = match.to_act()[0]
        moves = match.legal_moves(seat)
        match.play(seat, moves[rng.randrange(len(moves))])
        fresh = engine.replay(game, 2, match.options, match.seed, match.log)
        assert plan(match, 0) == plan(fresh, 0)
