"""Hostile input at the table (issue 20): Room.receive and room_restore refuse with a reason and change
nothing; saved rooms are checked completely; one device holds one seat; a device's flood uses up
only its own allowance; a move the table cannot carry out whole is undone."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hostile_json import deep_json, hostile_json, strict_reply
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import BadSnapshot
from engine.protocol import MAX_DEVICE_MESSAGE, Session, handle
from engine.table.clock import FakeClock
from engine.table.limits import BURST, MAX_MESSAGE
from engine.table.room import Room

GAMES = sorted(engine.GAMES)
FUZZ = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make_room(game: str = "guild", kinds: tuple[str, ...] = ("human", "human", "bot"), seed: int = 5,
              moves: int = 0) -> tuple[Room, str, FakeClock]:
    clock = FakeClock()
    specs = [{"kind": k, "bot": "random"} if k == "bot" else {"kind": k} for k in kinds]
    match = engine.new_match(game, len(kinds), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    room, credential = Room.create("room-1", match, specs, clock)
    return room, credential, clock


def of(outbox: list[dict[str, Any]], to: str, kind: str) -> list[dict[str, Any]]:
    return [o["message"] for o in outbox if o["to"] == to and o["message"]["type"] == kind]


def join(room: Room, device: str, seat: int) -> str:
    room.connect(device)
    (seated,) = of(room.receive(device, {"v": 1, "type": "join", "seat": seat}), device, "seated")
    return str(seated["credential"])


def saved_text(room: Room) -> str:
    return json.dumps(room.to_json(), sort_keys=True)


def table_state(room: Room) -> str:
    seats = [(s.kind, s.name, s.bot, s.credential, s.device, s.connected) for s in room.seats]
    return json.dumps([saved_text(room), seats, sorted(room.devices.items()), sorted(room.screens),
                       sorted(room.transfer_codes), room.paused, room.closed])


# ----- saved rooms -------------------------------------------------------------------------------------

def _saved() -> dict[str, Any]:
    room, _, _ = make_room(moves=4)
    join(room, "phone", 1)
    return room.to_json()


SAVED = _saved()
SAVED_TAMPERS = [
    ("too few seats", lambda d: d["seats"].pop()),
    ("too many seats", lambda d: d["seats"].append({"kind": "human", "name": "X", "bot": None, "credential": None})),
    ("an unknown bot", lambda d: d["seats"][2].__setitem__("bot", "oracle")),
    ("an unknown seat kind", lambda d: d["seats"][1].__setitem__("kind", "ghost")),
    ("the host's seat a bot", lambda d: d["seats"][0].update(kind="bot", bot="random", credential=None)),
    ("the host's seat without its credential", lambda d: d["seats"][0].__setitem__("credential", None)),
    ("two seats with one credential", lambda d: d["seats"][1].__setitem__("credential", d["seats"][0]["credential"])),
    ("a bot with a credential", lambda d: d["seats"][2].__setitem__("credential", "abc")),
    ("a human with a bot", lambda d: d["seats"][1].__setitem__("bot", "random")),
    ("a seat name too long", lambda d: d["seats"][1].__setitem__("name", "n" * 500)),
    ("a seat that is a list", lambda d: d["seats"].__setitem__(1, ["human"])),
    ("an unhashable kind", lambda d: d["seats"][1].__setitem__("kind", ["human"])),
    ("an extra field", lambda d: d.__setitem__("extra", 1)),
    ("no bot delay", lambda d: d.pop("bot_delay")),
    ("a huge bot delay", lambda d: d.__setitem__("bot_delay", 1e9)),
    ("last action as text", lambda d: d.__setitem__("last_action", "yesterday")),
    ("a viewing code of other letters", lambda d: d.__setitem__("viewing_code", "O0O0")),
    ("format 2", lambda d: d.__setitem__("format", 2)),
    ("room id not text", lambda d: d.__setitem__("room", 7)),
    ("the match tampered", lambda d: d["match"]["state"].__setitem__("supply", [9, 9, 9, 9, 9, 9])),
    ("the match's log short", lambda d: d["match"]["log"].pop()),
]


@pytest.mark.parametrize("tamper", [t for _, t in SAVED_TAMPERS], ids=[label for label, _ in SAVED_TAMPERS])
def test_a_tampered_saved_room_is_refused_and_no_room_is_made(tamper):
    data = copy.deepcopy(SAVED)
    tamper(data)
    with pytest.raises(BadSnapshot) as caught:
        Room.from_json(data, FakeClock())
    assert str(caught.value)
    session = Session()
    reply = strict_reply(handle(json.dumps({"v": 1, "id": 1, "op": "room_restore", "saved": data}), session))
    assert reply["ok"] is False and reply["error"]["code"] == "bad_message" and session.rooms == {}


def test_an_untouched_saved_room_comes_back_paused_with_its_seats():
    room = Room.from_json(copy.deepcopy(SAVED), FakeClock())
    assert room.to_json() == SAVED and room.paused and room.devices == {"host": 0}


def test_a_saved_room_through_javascript_numbers_comes_back_exactly():
    def as_double(text: str) -> Any:
        number = float(text)
        return int(number) if abs(number) >= 2**53 else int(text)
    data = json.loads(json.dumps(SAVED), parse_int=as_double)
    assert Room.from_json(data, FakeClock()).to_json() == SAVED


@FUZZ
@given(data=st.data())
def test_any_value_changed_in_a_saved_room_outside_the_names_is_refused(data):
    saved = copy.deepcopy(SAVED)
    key = data.draw(st.sampled_from(["room", "seats", "viewing_code", "last_action", "bot_delay", "format"]))
    new = data.draw(hostile_json)
    if json.dumps(new) == json.dumps(saved[key]):
        return
    saved[key] = new
    try:
        Room.from_json(saved, FakeClock())
    except BadSnapshot:
        return
    # a few changes are another valid saved room (a different time, delay, code or id)
    assert key in ("room", "viewing_code", "last_action", "bot_delay")


# ----- one device, one seat -------------------------------------------------------------------------

def test_a_device_that_resumes_a_second_seat_releases_the_first():
    room, _, _ = make_room(kinds=("human", "human", "human"))
    join(room, "phone", 1)
    other = join(room, "tablet", 2)
    room.disconnect("tablet")
    out = room.receive("phone", {"v": 1, "type": "resume", "credential": other})
    assert of(out, "phone", "seated")[0]["seat"] == 2
    assert room.devices == {"host": 0, "phone": 2}
    assert room.seats[1].device is None and room.seats[1].connected is False
    assert any(m["kind"] == "seat_lost" and m["seat"] == 1 for m in of(out, "host", "notice"))


def test_a_transfer_to_a_device_holding_a_seat_releases_that_seat():
    room, _, _ = make_room(kinds=("human", "human", "human"))
    one = join(room, "phone", 1)
    join(room, "tablet", 2)
    (code,) = of(room.receive("phone", {"v": 1, "type": "transfer_code", "credential": one}), "phone", "transfer_code")
    room.receive("tablet", {"v": 1, "type": "transfer", "code": code["code"]})
    assert room.devices == {"host": 0, "tablet": 1}
    assert room.seats[2].device is None and not room.seats[2].connected


def test_the_hosts_device_keeps_the_hosts_seat():
    room, _, _ = make_room(kinds=("human", "human", "human"))
    one = join(room, "phone", 1)
    room.disconnect("phone")
    before = table_state(room)
    out = room.receive("host", {"v": 1, "type": "resume", "credential": one})
    assert of(out, "host", "refused")[0]["code"] == "seat_taken" and table_state(room) == before


def test_a_shared_screen_takes_no_seat_and_a_seat_holder_is_no_screen():
    room, _, _ = make_room(kinds=("human", "human", "human"))
    code = room.new_viewing_code()
    room.receive("screen", {"v": 1, "type": "watch", "code": code})
    out = room.receive("screen", {"v": 1, "type": "join", "seat": 1})
    assert of(out, "screen", "refused")[0]["code"] == "seat_taken" and room.seats[1].credential is None
    join(room, "phone", 2)
    out = room.receive("phone", {"v": 1, "type": "watch", "code": code})
    assert of(out, "phone", "refused")[0]["code"] == "seat_taken" and "phone" not in room.screens


# ----- limits ------------------------------------------------------------------------------------------

def test_a_flooding_device_is_throttled_and_the_others_are_answered():
    room, host, clock = make_room()
    codes = [of(room.receive("hostile", {"v": 1, "type": "watch", "code": "WRONG"}), "hostile", "refused")[0]["code"]
             for _ in range(BURST * 5)]
    assert codes[:BURST] == ["bad_code"] * BURST and set(codes[BURST:]) == {"rate_limited"}
    move = room.match.legal_moves(0)[0]
    out = room.receive("host", {"v": 1, "type": "move", "credential": host, "move": move, "version": 0})
    assert of(out, "host", "update") and len(room.match.log) == 1
    clock.time += 1.0
    assert of(room.receive("hostile", {"v": 1, "type": "watch", "code": "WRONG"}), "hostile", "refused")[0]["code"] \
        == "bad_code"


def test_accepted_moves_do_not_use_up_a_devices_allowance():
    room, host, _ = make_room(game="guild", kinds=("human", "human"))
    phone = join(room, "phone", 1)
    credentials, device = {0: host, 1: phone}, {0: "host", 1: "phone"}
    for _ in range(BURST * 3):
        (seat,) = room.match.to_act()
        move = room.match.legal_moves(seat)[0]
        out = room.receive(device[seat], {"v": 1, "type": "move", "credential": credentials[seat], "move": move,
                                          "version": len(room.match.log)})
        assert of(out, device[seat], "update"), out
    assert len(room.match.log) == BURST * 3


def test_a_message_over_the_size_cap_is_refused():
    assert MAX_DEVICE_MESSAGE == MAX_MESSAGE
    room, _, _ = make_room()
    before = table_state(room)
    out = room.receive("phone", {"v": 1, "type": "join", "seat": 1, "name": "x" * MAX_MESSAGE})
    assert of(out, "phone", "refused")[0]["code"] == "too_large" and table_state(room) == before


@pytest.mark.parametrize("message", [
    {"v": 1, "type": ["join"]}, {"v": 1, "type": {"t": 1}}, {"v": True, "type": "join"}, {"v": 1.0, "type": "join"},
    {"v": 1, "type": "resume", "credential": "\udfff"}, {"v": 1, "type": "watch", "code": "\ud800"},
    {"v": 1, "type": "join", "seat": 1, "ref": float("nan")}, {"v": 1, "type": "join", "seat": 1 << 70},
    {"v": 1, "type": "move", "credential": "x", "move": {"type": "pass"}, "version": 1 << 80},
], ids=str)
def test_messages_issue_20_found_are_refused_with_a_reason(message):
    room, _, _ = make_room()
    before = table_state(room)
    out = room.receive("phone", message)
    (refusal,) = of(out, "phone", "refused")
    assert refusal["reason"] and table_state(room) == before
    strict_reply(json.dumps(out, allow_nan=False))


def test_a_move_the_table_cannot_broadcast_is_undone_and_refused(monkeypatch):
    room, host, _ = make_room()
    before = saved_text(room)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug while building an update")
    monkeypatch.setattr(room, "_updates", broken)  # how a move's updates are built, all at once
    move = room.match.legal_moves(0)[0]
    out = room.receive("host", {"v": 1, "type": "move", "credential": host, "move": move, "version": 0})
    (refusal,) = of(out, "host", "refused")
    assert refusal["code"] == "illegal_move" and "undone" in refusal["reason"]
    assert saved_text(room) == before and room.match.log == []


# ----- random messages into every game's room --------------------------------------------------------

ROOMS: dict[str, tuple[Room, dict[str, str], FakeClock]] = {}
for _game in GAMES:
    _room, _host, _clock = make_room(_game, kinds=("human", "human", "human"), moves=3)
    ROOMS[_game] = (_room, {"host": _host, "phone": join(_room, "phone", 1)}, _clock)


def hostile_message(credentials: dict[str, str]) -> st.SearchStrategy[Any]:
    kinds = st.sampled_from(["join", "resume", "watch", "move", "leave", "step", "transfer_code", "transfer",
                             "resume_game", "chat"])
    fields = st.dictionaries(st.sampled_from(["seat", "credential", "code", "move", "version", "name", "ref"]),
                             st.one_of(hostile_json, st.sampled_from(list(credentials.values())), deep_json),
                             max_size=4)
    return st.one_of(hostile_json, st.builds(lambda k, f: {"v": 1, "type": k, **f}, kinds, fields))


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_random_messages_get_json_replies_and_refusals_change_nothing(game, data):
    room, credentials, clock = ROOMS[game]
    clock.time += 1.0
    message = data.draw(hostile_message(credentials))
    if type(message) is dict and message.get("type") in ("leave", "transfer_code", "resume", "transfer"):
        return  # these may legitimately change the table (the stateful test covers them)
    device = data.draw(st.sampled_from(["phone", "host", "stranger"]))
    before = table_state(room)
    out = room.receive(device, message)
    strict_reply(json.dumps(out, allow_nan=False))
    refusals = [o for o in out if o["message"]["type"] == "refused"]
    if refusals:
        assert refusals[0]["to"] == device and refusals[0]["message"]["reason"]
        assert table_state(room) == before
