"""A networked game's record reaches the table's devices only at its end (engine/table/final_record.py).

The record holds the seed and every move, so it tells every hidden draw: no device may get it,
or anything carrying the seed, while the game goes on. Once the game is over, every device
holding a seat and every shared screen gets it (the host's page keeps its own from the saved
room), and a device that comes back after the end gets it then. What they get is a record the
engine accepts (`engine.records.validate`), replaying to the host's own match.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import records
from engine.table.clock import FakeClock
from engine.table.final_record import final_records, room_record
from engine.table.room import Room

SEED = 18446744073709551557  # a seed whose decimal text cannot turn up in a view by chance
GAMES = sorted(engine.GAMES)


def kinds_of(out: list[dict[str, Any]], device: str) -> list[str]:
    return [o["message"]["type"] for o in out if o["to"] == device]


class Table:
    """A room with the host (seat 0), a phone (seat 1), a computer (seat 2) and a shared screen,
    every outbox entry kept per device."""

    def __init__(self, game: str, seed: int = SEED) -> None:
        self.clock = FakeClock(1_790_000_000.0)  # 2026-09-21, so the record's date is a real one
        specs = [{"kind": "human", "name": "Ada"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
        match = engine.new_match(game, 3, seed=seed)
        self.room, host = Room.create("room-f", match, specs, self.clock)
        self.credentials = {0: host}
        self.devices = {0: "host"}
        self.got: dict[str, list[dict[str, Any]]] = {"host": [], "phone": [], "screen": []}
        self.keep(self.room.connect("phone"))
        self.keep(self.room.receive("phone", {"v": 1, "type": "join", "seat": 1, "name": "Ben"}))
        (seated,) = [m for m in self.got["phone"] if m["type"] == "seated"]
        self.credentials[1] = seated["credential"]
        self.devices[1] = "phone"
        code = self.room.new_viewing_code()
        self.keep(self.room.connect("screen"))
        self.keep(self.room.receive("screen", {"v": 1, "type": "watch", "code": code}))

    def keep(self, out: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for entry in out:
            self.got.setdefault(entry["to"], []).append(entry["message"])
        return out

    def step(self, rng: random.Random) -> list[dict[str, Any]]:
        """One move: a person's random listed move from their device, or the computer's after its pause."""
        room = self.room
        waiting = room.match.waiting_for() or room.match.to_act()
        seat = waiting[rng.randrange(len(waiting))]
        if room.seats[seat].kind == "bot":
            self.clock.advance(room.bot_delay + 0.01)
            return self.keep(room.tick())
        moves = room.match.legal_moves(seat)
        message = {"v": 1, "type": "move", "credential": self.credentials[seat],
                   "version": len(room.match.log), "move": moves[rng.randrange(len(moves))]}
        self.clock.advance(1.0)
        return self.keep(room.receive(self.devices[seat], message))

    def play_to_the_end(self, rng: random.Random) -> list[dict[str, Any]]:
        """Plays until the game is over; returns the outbox of the move that ended it."""
        for _ in range(5000):
            out = self.step(rng)
            if self.room.match.is_over():
                return out
        raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_the_record_reaches_every_device_only_once_the_game_is_over(game: str) -> None:
    table = Table(game)
    rng = random.Random(5)
    moves_seen = 0
    while not table.room.match.is_over():
        out = table.step(rng)
        if table.room.match.is_over():
            break
        moves_seen += 1
        assert final_records(table.room) == []
        for entry in out:
            text = json.dumps(entry["message"])
            assert entry["message"]["type"] != "record", f"a record went out before the end (move {moves_seen})"
            assert str(SEED) not in text, f"the seed reached {entry['to']} before the end"
    last = out
    assert kinds_of(last, "phone").count("record") == 1
    assert kinds_of(last, "screen").count("record") == 1
    assert "record" not in kinds_of(last, "host"), "the host page keeps its own record (its saved room)"
    # the update showing the end goes first, then the record
    assert kinds_of(last, "phone")[-2:] == ["update", "record"]
    for device in ("phone", "screen"):
        (message,) = [m for m in table.got[device] if m["type"] == "record"]
        assert message["room"] == "room-f" and message["v"] == 1
        checked = records.validate(json.loads(json.dumps(message["record"])))
        assert checked.match.log == table.room.match.log
        assert checked.match.result() == table.room.match.result()
        assert checked.fields.seed == SEED
        assert checked.fields.names == ["Ada", "Ben", table.room.seats[2].name]
        assert checked.fields.bots == [None, None, "greedy"]
        assert checked.fields.mode == "joined"
        assert checked.fields.finished is not None and checked.fields.finished.startswith("2026-")


def test_a_device_that_comes_back_after_the_end_gets_the_record_then() -> None:
    table = Table("guild")
    rng = random.Random(2)
    room = table.room
    # the phone drops out near the end; the last moves are made without it
    while len(room.match.log) < 10:
        table.step(rng)
    table.keep(room.disconnect("phone"))
    table.keep(room.disconnect("screen"))
    # the phone's seat is offline now: its turns are played by the host's "one step" (Guild's table)
    for _ in range(5000):
        if room.match.is_over():
            break
        waiting = room.match.waiting_for()
        if waiting == [1]:
            table.keep(room.receive("host", {"v": 1, "type": "step", "credential": table.credentials[0], "seat": 1}))
        else:
            table.step(rng)
    assert room.match.is_over()
    assert not [m for m in table.got["phone"] if m["type"] == "record"], "the phone was away at the end"
    out = table.keep(room.receive("phone2", {"v": 1, "type": "resume", "credential": table.credentials[1]}))
    assert kinds_of(out, "phone2") == ["seated", "update", "record"]
    (message,) = [o["message"] for o in out if o["message"]["type"] == "record"]
    assert records.validate(message["record"]).match.log == room.match.log
    code = room.new_viewing_code()
    out = room.receive("screen2", {"v": 1, "type": "watch", "code": code})
    assert kinds_of(out, "screen2") == ["watching", "update", "record"]


def test_no_record_is_made_before_the_end_whatever_asks_for_it() -> None:
    table = Table("splendor")
    rng = random.Random(4)
    for _ in range(6):
        table.step(rng)
    assert final_records(table.room) == []
    assert final_records(table.room, ["phone", "screen", "host"]) == []
    with pytest.raises(ValueError, match="not over"):
        room_record(table.room)
    # a device that resumes mid-game gets its seat and view, no record
    out = table.room.receive("phone-b", {"v": 1, "type": "resume", "credential": table.credentials[1]})
    assert kinds_of(out, "phone-b") == ["seated", "update"]


def test_the_record_goes_only_to_devices_at_the_table() -> None:
    table = Table("splendor")
    table.play_to_the_end(random.Random(3))
    sent = final_records(table.room, ["host", "stranger", "phone"])
    assert [entry["to"] for entry in sent] == ["phone"]


def test_a_take_back_is_not_a_message_a_networked_table_takes() -> None:
    """Take-back is only for a table with no other device (docs/records.md): the room refuses it."""
    table = Table("splendor")
    rng = random.Random(1)
    for _ in range(3):
        table.step(rng)
    before = json.dumps(table.room.match.snapshot(), sort_keys=True)
    for device, seat in (("host", 0), ("phone", 1)):
        out = table.room.receive(device, {"v": 1, "type": "takeback", "credential": table.credentials[seat]})
        (refused,) = [o["message"] for o in out if o["to"] == device]
        assert refused["type"] == "refused" and refused["code"] == "bad_message"
        assert "takeback" in refused["reason"]
    assert json.dumps(table.room.match.snapshot(), sort_keys=True) == before
