"""A stateful hypothesis test of a Room (issue 20): devices join, move (listed and hostile moves),
refresh, transfer, leave, watch; time passes; the host saves and restores. After every step:
- one device per seat, and the room's two records of who holds what agree;
- the match is the replay of its options, seed and log;
- every message a device received is meant for it: an update carries exactly its own seat's view
  (the public view on the shared screen, none before it joins) and no other seat's credential."""

from __future__ import annotations

import json
from typing import Any

from hostile_json import hostile_json
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import engine
from engine.games.listing import expand
from engine.table.clock import FakeClock
from engine.table.room import Room

DEVICES = ["host", "phone-a", "phone-b", "phone-c", "screen"]


class RoomMachine(RuleBasedStateMachine):
    game = "guild"

    def __init__(self) -> None:
        super().__init__()
        self.clock = FakeClock()
        specs = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
        self.room, host = Room.create("r", engine.new_match(self.game, 4, seed=11), specs, self.clock,
                                      bot_delay=0.5)
        self.credentials: dict[int, str] = {0: host}  # seat → its current credential (as devices learnt it)
        self.codes: list[str] = []
        self.replayed = -1  # the log length last checked against a replay

    # ----- what happens -------------------------------------------------------------------------

    def send(self, outbox: list[dict[str, Any]]) -> None:
        """Check each message now, while the table is as it was when the message was made."""
        for o in outbox:
            self.check_message(o["to"], o["message"])
            if o["message"]["type"] == "seated":
                self.credentials[o["message"]["seat"]] = o["message"]["credential"]
            if o["message"]["type"] == "transfer_code":
                self.codes.append(o["message"]["code"])

    @rule(device=st.sampled_from(DEVICES[1:4]), seat=st.integers(0, 4))
    def join(self, device: str, seat: int) -> None:
        self.send(self.room.connect(device))
        self.send(self.room.receive(device, {"v": 1, "type": "join", "seat": seat, "name": device}))

    @rule(device=st.sampled_from(DEVICES), seat=st.integers(0, 3))
    def resume(self, device: str, seat: int) -> None:
        if seat in self.credentials:
            self.send(self.room.receive(device, {"v": 1, "type": "resume", "credential": self.credentials[seat]}))

    @rule(data=st.data())
    def take_another_seat(self, data: st.DataObject) -> None:
        """A device that holds a seat resumes (or is transferred) another one."""
        holders = [d for d in DEVICES if d in self.room.devices]
        device = data.draw(st.sampled_from(holders))
        others = [s for s in self.credentials if s != self.room.devices[device]]
        if others:
            seat = data.draw(st.sampled_from(others))
            self.send(self.room.receive(device, {"v": 1, "type": "resume", "credential": self.credentials[seat]}))

    @rule(device=st.sampled_from(DEVICES), data=st.data())
    def move(self, device: str, data: st.DataObject) -> None:
        seat = self.room.devices.get(device)
        if seat is None or seat not in self.credentials:
            return
        legal = self.room.match.legal_moves(seat)
        move: Any = data.draw(st.one_of(st.sampled_from(legal), hostile_json) if legal else hostile_json)
        message = {"v": 1, "type": "move", "credential": self.credentials[seat], "move": move,
                   "version": len(self.room.match.log)}
        self.send(self.room.receive(device, message))

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """A listed move by a seat the game waits on, from the device holding it (if any)."""
        for seat in self.room.match.to_act():
            if self.room.seats[seat].kind == "human" and self.room.seats[seat].device is None:
                free = [d for d in DEVICES[1:4] if d not in self.room.devices]
                if free and self.room.seats[seat].credential is None:
                    self.join(free[0], seat)
                elif free:
                    self.send(self.room.receive(free[0], {"v": 1, "type": "resume",
                                                          "credential": self.credentials[seat]}))
            device = self.room.seats[seat].device
            if device is not None and seat in self.credentials:
                move = data.draw(st.sampled_from(self.room.match.legal_moves(seat)))
                self.send(self.room.receive(device, {"v": 1, "type": "move", "credential": self.credentials[seat],
                                                     "move": move, "version": len(self.room.match.log)}))
                return
        self.tick(0.6)

    @rule(device=st.sampled_from(DEVICES), message=hostile_json)
    def garbage(self, device: str, message: Any) -> None:
        self.send(self.room.receive(device, message))

    @rule(device=st.sampled_from(DEVICES[1:4]))
    def refresh(self, device: str) -> None:
        seat = self.room.devices.get(device)
        self.send(self.room.disconnect(device))
        if seat is not None:
            self.send(self.room.connect(device))
            self.send(self.room.receive(device, {"v": 1, "type": "resume", "credential": self.credentials[seat]}))

    @rule(device=st.sampled_from(DEVICES))
    def make_transfer_code(self, device: str) -> None:
        seat = self.room.devices.get(device)
        if seat is not None:
            message = {"v": 1, "type": "transfer_code", "credential": self.credentials[seat]}
            self.send(self.room.receive(device, message))

    @precondition(lambda self: bool(self.codes))
    @rule(device=st.sampled_from(DEVICES), data=st.data())
    def transfer(self, device: str, data: st.DataObject) -> None:
        code = data.draw(st.sampled_from(self.codes))
        self.send(self.room.receive(device, {"v": 1, "type": "transfer", "code": code}))

    @rule(device=st.sampled_from(DEVICES[1:4]))
    def leave(self, device: str) -> None:
        seat = self.room.devices.get(device)
        if seat is not None:
            self.send(self.room.receive(device, {"v": 1, "type": "leave", "credential": self.credentials[seat]}))

    @rule()
    def watch(self) -> None:
        code = self.room.viewing_code or self.room.new_viewing_code()
        self.send(self.room.receive("screen", {"v": 1, "type": "watch", "code": code}))

    @rule(seconds=st.sampled_from([0.1, 0.6, 5.0, 200.0]))
    def tick(self, seconds: float) -> None:
        self.clock.time += seconds
        self.send(self.room.tick())

    @rule()
    def save_and_restore(self) -> None:
        saved = json.loads(json.dumps(self.room.to_json()))
        self.room = Room.from_json(saved, self.clock)
        self.send(self.room.receive("host", {"v": 1, "type": "resume_game", "credential": self.credentials[0]}))

    # ----- what must always hold ----------------------------------------------------------------

    def check_message(self, device: str, message: dict[str, Any]) -> None:
        seat = self.room.devices.get(device)
        if message["type"] == "update":
            if device in self.room.screens and seat is None:
                assert message["view"] == self.room.match.view(None)
            else:
                assert message["seat"] == seat
                assert message["view"] == self.room.match.view(seat)
                assert expand(message["legal_moves"]) == (self.room.match.legal_moves(seat) if seat is not None else [])
        text = json.dumps(message)
        for i, s in enumerate(self.room.seats):
            if s.credential is not None and i != seat:
                assert s.credential not in text, f"seat {i}'s credential sent to {device}"

    @invariant()
    def one_device_per_seat(self) -> None:
        held = list(self.room.devices.values())
        assert len(held) == len(set(held))
        for device, seat in self.room.devices.items():
            assert self.room.seats[seat].device == device and self.room.seats[seat].connected
        for i, s in enumerate(self.room.seats):
            assert s.device is None or self.room.devices.get(s.device) == i
        assert not set(self.room.devices) & self.room.screens
        if self.room.closed is None:
            assert self.room.devices.get("host") == 0

    @invariant()
    def the_match_is_the_replay_of_its_log(self) -> None:
        snap = self.room.match.snapshot()
        if len(snap["log"]) == self.replayed:
            return
        self.replayed = len(snap["log"])
        again = engine.replay(snap["game"], snap["players"], snap["options"], snap["seed"], snap["log"])
        assert again.snapshot() == snap


STATEFUL = settings(max_examples=8, stateful_step_count=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


class GuildRoom(RoomMachine):
    game = "guild"


class SplendorRoom(RoomMachine):
    game = "splendor"


class StarsRoom(RoomMachine):
    game = "stars"


class StationRoom(RoomMachine):
    game = "station"


TestGuildRoom = GuildRoom.TestCase
TestSplendorRoom = SplendorRoom.TestCase
TestStarsRoom = StarsRoom.TestCase
TestStationRoom = StationRoom.TestCase
for _case in (TestGuildRoom, TestSplendorRoom, TestStarsRoom, TestStationRoom):
    _case.settings = STATEFUL
del _case  # a unittest class under any name would be collected again
