"""Players' names at a table (engine/table/names.py): a phone's name bytes are never trusted —
length, control and formatting characters — and computer seats are named by their level."""

import json

import pytest

import engine
from engine.protocol import Session, handle
from engine.table.clock import FakeClock
from engine.table.names import NAME_LENGTH, clean_name, seat_names
from engine.table.room import Room


def make_room(seats, game="guild"):
    room, credential = Room.create("names-1", engine.new_match(game, len(seats), seed=5), seats, FakeClock())
    return room, credential


def join(room, device, seat, name):
    room.connect(device)
    out = room.receive(device, {"v": 1, "type": "join", "seat": seat, "name": name})
    (seated,) = [o["message"] for o in out if o["to"] == device and o["message"]["type"] == "seated"]
    return seated["credential"], out


@pytest.mark.parametrize("raw,expected", [
    ("  Ana  ", "Ana"),
    ("Ana\nBen\tCy", "Ana Ben Cy"),
    ("A\u202eevil\u202c", "Aevil"),        # bidi override and pop: formatting, dropped
    ("zero\u200bwidth", "zerowidth"),
    ("bell\x07\x00null", "bellnull"),
    ("Zoë", "Zoë"),
    ("<b>Ana</b>", "<b>Ana</b>"),          # markup-looking text is kept as text (pages show text only)
    ("x" * 100, "x" * NAME_LENGTH),
    ("   ", "Seat 9"),
    ("\u200b\u200b", "Seat 9"),
])
def test_a_name_is_printable_text_of_at_most_24_characters(raw, expected):
    assert clean_name(raw, "Seat 9") == expected


@pytest.mark.parametrize("raw", [None, 42, ["Ana"], {"name": "Ana"}, True])
def test_a_name_that_is_not_text_takes_the_default(raw):
    assert clean_name(raw, "Seat 2") == "Seat 2"


def test_a_name_cut_at_24_characters_has_no_trailing_space():
    assert clean_name("a" * 23 + " bcd", "x") == "a" * 23


def test_computer_seats_are_named_by_their_level_and_numbered_when_one_repeats():
    names = seat_names([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "hard"},
                        {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "hard"}])
    assert names == ["Ana", "Computer (hard)", "Computer (easy)", "Computer (hard) 2"]


def test_the_hosts_name_is_cleaned_when_the_table_is_made():
    room, _ = make_room([{"kind": "human", "name": " Ana\u0000 " + "z" * 40}, {"kind": "human"},
                         {"kind": "bot", "bot": "normal"}])
    assert [s.name for s in room.seats] == ["Ana " + "z" * 20, "Seat 2", "Computer (normal)"]
    lobby = room.lobby()
    assert [s["name"] for s in lobby["seats"]] == ["Ana " + "z" * 20, "Seat 2", "Computer (normal)"]


def test_a_joining_phones_name_is_cleaned_and_shown_to_every_device():
    room, _ = make_room([{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "human"}])
    _, out = join(room, "p1", 1, "Ben\u202e\r\n" + "!" * 50)
    assert room.seats[1].name == "Ben " + "!" * 20
    notices = [o["message"] for o in out if o["message"]["type"] == "notice"]
    assert notices and notices[0]["text"] == f"{room.seats[1].name} is at the table."
    assert all(n["seats"][1]["name"] == room.seats[1].name for n in notices)


def test_a_phone_that_gives_no_name_gets_the_seats_default_not_the_last_players():
    room, _ = make_room([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
    credential, _ = join(room, "p1", 1, "Ben")
    room.receive("p1", {"v": 1, "type": "leave", "credential": credential})
    join(room, "p2", 1, 7)
    assert room.seats[1].name == "Seat 2"


def test_a_seat_renames_itself_and_every_device_is_told():
    room, _ = make_room([{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "human"}])
    credential, _ = join(room, "p1", 1, "Ben")
    out = room.receive("p1", {"v": 1, "type": "rename", "credential": credential, "name": " Benedict\x1b[31m "})
    assert room.seats[1].name == "Benedict[31m"
    told = {o["to"] for o in out if o["message"]["type"] == "notice" and o["message"]["kind"] == "renamed"}
    assert told == {"host", "p1"}
    assert room.update_for("host")["seats"][1]["name"] == "Benedict[31m"


def test_only_the_seats_own_device_renames_it():
    room, host_credential = make_room([{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "human"}])
    join(room, "p1", 1, "Ben")
    out = room.receive("p1", {"v": 1, "type": "rename", "credential": host_credential, "name": "Mallory"})
    assert out[0]["message"]["code"] == "bad_credential"
    assert [s.name for s in room.seats[:2]] == ["Ana", "Ben"]


def test_names_survive_a_saved_room_and_come_back_cleaned():
    room, _ = make_room([{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "bot", "bot": "hard"}])
    join(room, "p1", 1, "Ben")
    saved = json.loads(json.dumps(room.to_json()))
    assert [s["name"] for s in saved["seats"]] == ["Ana", "Ben", "Computer (hard)"]
    saved["seats"][1]["name"] = "Ben\u202e\u0007"
    back = Room.from_json(saved, FakeClock())
    assert [s.name for s in back.seats] == ["Ana", "Ben", "Computer (hard)"]


def test_a_local_game_asks_the_engine_for_its_seat_names():
    session = Session()
    seats = [{"kind": "human", "name": " Ana\n"}, {"kind": "human", "name": ""}, {"kind": "bot", "bot": "hard"}]
    reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "op": "seat_names", "seats": seats}), session))
    assert reply["ok"] and reply["names"] == ["Ana", "Seat 2", "Computer (hard)"]
    bad = json.loads(handle(json.dumps({"v": 1, "id": 2, "op": "seat_names", "seats": ["Ana"]}), session))
    assert not bad["ok"]
