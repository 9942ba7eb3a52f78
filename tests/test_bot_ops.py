"""The computer players' protocol ops (engine/bot_ops.py): a bot worker chooses from a seat's input
alone, and a phone table's hard seat waits for its move from outside, checked like any move."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine.bots import choose_move
from engine.protocol import Session, handle
from engine.table.clock import FakeClock
from engine.table.room import BOT_DELAY, OUTSIDE_BOT_WAIT


def ask(session: Session, op: str, **fields: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"v": 1, "id": 1, "op": op, **fields}), session))
    return reply


def new_match(session: Session, game: str = "splendor", seed: int = 5) -> str:
    handle_: str = ask(session, "new_match", game=game, players=2, seed=seed)["match"]
    return handle_


@pytest.mark.parametrize("game", ["splendor", "guild", "stars", "station"])
def test_the_bot_worker_chooses_from_the_seat_input_the_move_choose_move_would(game: str) -> None:
    session = Session()
    handle_ = new_match(session, game)
    given = ask(session, "bot_input", match=handle_, seat=0)
    assert given["ok"] and type(given["seed"]) is str
    bot_worker = Session()  # holds no match: only the input crosses
    chosen = ask(bot_worker, "bot_choose", bot="hard", view=given["view"], moves=given["moves"],
                 seed=given["seed"], iterations=8)
    assert chosen["ok"] and chosen["move"] in given["moves"] and chosen["ms"] >= 0
    assert chosen["move"] == choose_move(session.matches[handle_], 0, "hard", iterations=8)


def test_bot_input_is_only_for_a_seat_the_game_waits_on() -> None:
    session = Session()
    handle_ = new_match(session)
    reply = ask(session, "bot_input", match=handle_, seat=1)
    assert reply["error"]["code"] == "illegal_move" and "not seat 1's turn" in reply["error"]["message"]


@pytest.mark.parametrize("change,reason", [
    ({"bot": "grandmaster"}, "unknown bot"),
    ({"seed": 12}, "'seed' must be str"),
    ({"seed": "012"}, "seed:"),
    ({"think_ms": 0}, "think_ms"),
    ({"think_ms": 60_000}, "think_ms"),
    ({"iterations": 0}, "iterations"),
    ({"iterations": 2.5}, "'iterations' must be int"),
    ({"moves": []}, "at least one move"),
    ({"moves": [1]}, "every move is an object"),
    ({"view": {"seat": 0}}, "name its game"),
])
def test_bot_choose_refuses_bad_input_with_a_reason(change: dict[str, Any], reason: str) -> None:
    session = Session()
    given = ask(session, "bot_input", match=new_match(session), seat=0)
    request = {"bot": "hard", "view": given["view"], "moves": given["moves"], "seed": given["seed"],
               "iterations": 4, **change}
    reply = ask(Session(), "bot_choose", **request)
    assert reply["ok"] is False and reply["error"]["code"] == "bad_message"
    assert reason in reply["error"]["message"]


def room_with(session: Session, level: str) -> str:
    reply = ask(session, "room_create", room="r1", game="splendor", players=2, seed=9,
                seats=[{"kind": "human"}, {"kind": "bot", "bot": level}])
    assert reply["ok"], reply
    return "r1"


def play_host_first_move(session: Session, room: str) -> None:
    match = session.rooms[room].match
    match.play(0, choose_move(match, 0, "greedy"))
    session.rooms[room]._schedule()


def test_a_hard_seat_at_a_phone_table_is_reported_due_and_its_move_comes_back_checked() -> None:
    clock = FakeClock()
    session = Session(clock)
    room = room_with(session, "hard")
    play_host_first_move(session, room)
    assert ask(session, "room_tick", room=room)["bot_due"] is None  # its pause has not passed
    clock.advance(BOT_DELAY)
    tick = ask(session, "room_tick", room=room)
    assert tick["bot_due"] == {"seat": 1, "bot": "hard"} and tick["outbox"] == []
    assert len(session.rooms[room].match.log) == 1  # the room did not play it itself
    assert tick["next_tick"] == pytest.approx(OUTSIDE_BOT_WAIT)  # the host is not asked to tick meanwhile
    given = ask(session, "room_bot_input", room=room, seat=1)
    assert given["bot"] == "hard" and given["view"]["seat"] == 1
    assert ask(session, "room_bot_input", room=room, seat=0)["error"]["code"] == "illegal_move"
    unlisted = ask(session, "room_bot_move", room=room, seat=1, move={"type": "pass"})
    assert unlisted["error"]["code"] == "illegal_move" and len(session.rooms[room].match.log) == 1
    human = ask(session, "room_bot_move", room=room, seat=0, move=given["moves"][0])
    assert "not a computer seat" in human["error"]["message"]
    played = ask(session, "room_bot_move", room=room, seat=1, move=given["moves"][0])
    assert played["ok"] and played["outbox"] and len(session.rooms[room].match.log) == 2
    again = ask(session, "room_bot_move", room=room, seat=1, move=given["moves"][0])
    assert "does not wait on computer seat 1" in again["error"]["message"]


def test_a_hard_seat_whose_move_never_comes_plays_at_normal_strength_after_the_wait() -> None:
    clock = FakeClock()
    session = Session(clock)
    room = room_with(session, "hard")
    play_host_first_move(session, room)
    clock.advance(BOT_DELAY + OUTSIDE_BOT_WAIT - 1)
    assert ask(session, "room_tick", room=room)["outbox"] == []
    match = session.rooms[room].match
    expected = choose_move(match, 1, "normal")
    clock.advance(1)
    assert ask(session, "room_tick", room=room)["outbox"]
    assert match is session.rooms[room].match and match.log[-1][1] == expected


def test_a_normal_seat_is_still_played_by_the_room_itself() -> None:
    clock = FakeClock()
    session = Session(clock)
    room = room_with(session, "normal")
    play_host_first_move(session, room)
    clock.advance(BOT_DELAY)
    tick = ask(session, "room_tick", room=room)
    assert tick["bot_due"] is None and tick["outbox"] and len(session.rooms[room].match.log) == 2


def test_the_op_table_holds_the_bot_ops_and_the_record_ops() -> None:
    from engine.protocol import OPS

    assert {"bot_input", "bot_choose", "room_bot_input", "room_bot_move"} <= set(OPS)
    assert any(op.startswith("record_") for op in OPS)
    assert engine.GAMES  # the package still imports whole


def test_a_move_s_reply_says_when_the_room_next_has_something_to_do() -> None:
    """room_message answers with `next_tick` (Room.next_tick), so the host need not tick at once
    after every move only to hear that nothing is due: a computer's pause, or at a table of humans
    the next seat's turn timer."""
    clock = FakeClock()
    session = Session(clock)
    credential = ask(session, "room_create", room="r1", game="splendor", players=2, seed=9,
                     seats=[{"kind": "human"}, {"kind": "bot", "bot": "normal"}])["credential"]
    match = session.rooms["r1"].match
    move = choose_move(match, 0, "greedy")
    reply = ask(session, "room_message", room="r1", device="host",
                message={"v": 1, "type": "move", "credential": credential, "version": 0, "move": move})
    assert reply["ok"] and len(match.log) == 1
    assert reply["next_tick"] == pytest.approx(BOT_DELAY) == session.rooms["r1"].next_tick()
    clock.advance(BOT_DELAY)
    assert ask(session, "room_tick", room="r1")["outbox"]  # the computer plays when it said
    humans = Session(FakeClock())
    credential = ask(humans, "room_create", room="r2", game="splendor", players=2, seed=9,
                     seats=[{"kind": "human"}, {"kind": "human"}])["credential"]
    move = choose_move(humans.rooms["r2"].match, 0, "greedy")
    reply = ask(humans, "room_message", room="r2", device="host",
                message={"v": 1, "type": "move", "credential": credential, "version": 0, "move": move})
    assert reply["ok"] and reply["next_tick"] == humans.rooms["r2"].policy.turn_seconds  # seat 1's timer
    refused = ask(humans, "room_message", room="r2", device="host",
                  message={"v": 1, "type": "move", "credential": credential, "version": 0, "move": move})
    assert refused["ok"] and refused["outbox"][0]["message"]["type"] == "refused"
    assert refused["next_tick"] == humans.rooms["r2"].next_tick()  # a refusal's reply too
