"""The table layer: seats, credentials, refusals, redaction per device, computer seats."""

import json

import pytest

import engine
from engine.games.listing import expand
from engine.table.clock import FakeClock
from engine.table.room import Room


def make_room(game="guild", seats=("human", "human", "bot"), seed=3, clock=None):
    clock = clock or FakeClock()
    specs = [{"kind": kind, "bot": "greedy"} if kind == "bot" else {"kind": kind} for kind in seats]
    room, host_credential = Room.create("room-1", engine.new_match(game, len(seats), seed=seed), specs, clock)
    return room, host_credential, clock


def messages(outbox, to=None, kind=None):
    return [o["message"] for o in outbox
            if (to is None or o["to"] == to) and (kind is None or o["message"]["type"] == kind)]


def join(room, device, seat):
    room.connect(device)
    out = room.receive(device, {"v": 1, "type": "join", "seat": seat})
    (seated,) = messages(out, device, "seated")
    return seated["credential"]


def snapshot(room):
    return json.dumps(room.match.snapshot(), sort_keys=True)


def move_message(room, credential, move, version=None):
    return {"v": 1, "type": "move", "credential": credential, "move": move,
            "version": len(room.match.log) if version is None else version}


def test_the_host_holds_seat_zero_with_an_unguessable_credential():
    room, credential, _ = make_room()
    assert room.devices == {"host": 0} and len(credential) >= 20
    _other, credential2, _ = make_room()
    assert credential != credential2


def test_a_new_device_sees_the_lobby_then_joins_a_free_seat():
    room, _, _ = make_room()
    (lobby,) = messages(room.connect("phone"))
    assert lobby["type"] == "lobby" and [s["taken"] for s in lobby["seats"]] == [True, False, True]
    assert "view" not in lobby
    out = room.receive("phone", {"v": 1, "type": "join", "seat": 1})
    assert messages(out, "phone", "seated")[0]["seat"] == 1
    assert messages(out, "phone", "update")[0]["view"]["seat"] == 1
    assert messages(out, "host", "notice")


@pytest.mark.parametrize("seat,reason", [(0, "already taken"), (2, "computer seat"), (7, "seat by its number"),
                                         ("1", "seat by its number")])
def test_joining_a_taken_computer_or_unknown_seat_is_refused(seat, reason):
    room, _, _ = make_room()
    room.connect("phone")
    (refused,) = messages(room.receive("phone", {"v": 1, "type": "join", "seat": seat}), "phone", "refused")
    assert reason in refused["reason"]


BAD = [
    ("not an object", [1, 2], "bad_message"),
    ("no version", {"type": "move"}, "unsupported_version"),
    ("old version", {"v": 0, "type": "move"}, "unsupported_version"),
    ("unknown type", {"v": 1, "type": "cheat"}, "bad_message"),
]


@pytest.mark.parametrize("label,message,code", BAD, ids=[b[0] for b in BAD])
def test_malformed_messages_are_refused_and_change_nothing(label, message, code):
    room, _, _ = make_room()
    before = snapshot(room)
    (refused,) = messages(room.receive("host", message))
    assert refused["type"] == "refused" and refused["code"] == code
    assert snapshot(room) == before


def test_a_move_with_a_forged_credential_is_refused_and_changes_nothing():
    room, _, _ = make_room()
    before = snapshot(room)
    move = room.match.legal_moves(0)[0]
    (refused,) = messages(room.receive("host", move_message(room, "forged-credential", move)))
    assert refused["code"] == "bad_credential" and snapshot(room) == before


def test_a_credential_used_from_another_device_is_refused():
    room, host_credential, _ = make_room()
    join(room, "phone", 1)
    before = snapshot(room)
    (refused,) = messages(room.receive("phone", move_message(room, host_credential, room.match.legal_moves(0)[0])))
    assert refused["code"] == "bad_credential" and snapshot(room) == before


def test_a_move_out_of_turn_is_refused():
    room, _, _ = make_room()
    credential = join(room, "phone", 1)
    before = snapshot(room)
    (refused,) = messages(room.receive("phone", move_message(room, credential, {"type": "pass"})))
    assert refused["code"] == "illegal_move" and "not your turn" in refused["reason"] and snapshot(room) == before


def test_a_stale_move_is_refused():
    """A move made on a view older than the seat's own last move (a double tap) is stale."""
    room, credential, _ = make_room(game="splendor", seats=("human", "human"))
    state = room.match._state
    state.seats[0].tokens = [2, 2, 2, 2, 1, 0]  # taking three makes 12: seat 0 then returns two
    state.bank = [b - t for b, t in zip(state.bank, state.seats[0].tokens, strict=True)]
    room.match._legal = {}
    take = room.match.legal_moves(0)[0]
    room.receive("host", move_message(room, credential, take, version=0))
    assert room.match.to_act() == [0]
    before = snapshot(room)
    (refused,) = messages(room.receive("host", move_message(room, credential, take, version=0)))
    assert refused["code"] == "stale" and snapshot(room) == before
    (refused,) = messages(room.receive("host", move_message(room, credential, take, version=7)))
    assert refused["code"] == "stale" and snapshot(room) == before


def test_at_a_simultaneous_phase_another_seats_move_does_not_make_mine_stale():
    room, credential, _ = make_room(game="stars", seats=("human", "human"))
    phone = join(room, "phone", 1)
    assert sorted(room.match.to_act()) == [0, 1]
    mine, theirs = room.match.legal_moves(0)[0], room.match.legal_moves(1)[0]
    room.receive("host", move_message(room, credential, mine, version=0))
    out = room.receive("phone", move_message(room, phone, theirs, version=0))
    assert not messages(out, "phone", "refused") and len(room.match.log) == 2


def test_an_illegal_move_gets_the_engines_reason():
    room, credential, _ = make_room()
    before = snapshot(room)
    collect_sand = {"type": "collect", "gems": {"star_sand": 1}}
    (refused,) = messages(room.receive("host", move_message(room, credential, collect_sand)))
    assert refused["code"] == "illegal_move" and "star sand" in refused["reason"] and snapshot(room) == before


def test_an_accepted_move_sends_each_device_its_own_view_and_the_screen_the_public_view():
    room, credential, _ = make_room()
    join(room, "phone", 1)
    code = room.new_viewing_code()
    room.connect("screen")
    assert messages(room.receive("screen", {"v": 1, "type": "watch", "code": code.lower()}), "screen", "watching")
    out = room.receive("host", move_message(room, credential, {"type": "collect", "gems": {"red": 1, "blue": 1}}))
    views = {o["to"]: o["message"] for o in out}
    assert views["host"]["view"] == room.match.view(0) and views["host"]["seat"] == 0
    assert views["phone"]["view"] == room.match.view(1)
    assert expand(views["phone"]["legal_moves"]) == room.match.legal_moves(1)
    assert views["host"]["legal_moves"] == []
    assert views["screen"]["view"] == room.match.view(None) and views["screen"]["seat"] is None
    assert all(m["screen"] for m in views.values())


def test_a_wrong_viewing_code_is_refused():
    room, _, _ = make_room()
    room.new_viewing_code()
    (refused,) = messages(room.receive("tv", {"v": 1, "type": "watch", "code": "XXXXXX"}))
    assert refused["code"] == "bad_code"


def test_no_device_ever_receives_another_seats_private_data():
    """Over a whole game, every message to a phone or the screen is checked: no other seat's
    pouch or reservations, and no event naming colours or a reserved workshop."""
    from engine.bots import choose_move

    room, host_credential, _ = make_room(seats=("human", "human", "human"))
    credentials = {0: host_credential, 1: join(room, "phone1", 1), 2: join(room, "phone2", 2)}
    device_of = {0: "host", 1: "phone1", 2: "phone2"}
    seat_of = {"host": 0, "phone1": 1, "phone2": 2, "screen": None}
    code = room.new_viewing_code()
    sent = list(room.receive("screen", {"v": 1, "type": "watch", "code": code}))
    while not room.match.is_over():
        (seat,) = room.match.to_act()
        move = choose_move(room.match, seat, "greedy")
        sent += room.receive(device_of[seat], move_message(room, credentials[seat], move))
    assert len(sent) > 300
    for o in sent:
        message, own = o["message"], seat_of[o["to"]]
        for entry in message.get("view", {}).get("seats", []):
            if entry["seat"] != own:
                assert "pouch" not in entry and "reserved" not in entry
        for event in message.get("events", []):
            assert "gems" not in event and not (event["type"] == "reserve" and "workshop" in event)
        if o["to"] == "screen" or message["type"] == "notice":
            assert "credential" not in json.dumps(message)


def test_a_refresh_reclaims_the_seat_and_the_old_connection_loses_it():
    room, _, _ = make_room()
    credential = join(room, "phone-a", 1)
    room.disconnect("phone-a")
    assert room.seats[1].connected is False
    out = room.receive("phone-b", {"v": 1, "type": "resume", "credential": credential})
    assert messages(out, "phone-b", "seated")[0]["seat"] == 1 and room.devices["phone-b"] == 1
    assert room.seats[1].connected


def test_resume_with_a_wrong_credential_is_refused():
    room, _, _ = make_room()
    (refused,) = messages(room.receive("phone", {"v": 1, "type": "resume", "credential": "nope"}))
    assert refused["code"] == "bad_credential"


def test_a_dropped_phone_or_screen_is_announced_to_the_others():
    room, _, _ = make_room()
    join(room, "phone", 1)
    code = room.new_viewing_code()
    room.receive("tv", {"v": 1, "type": "watch", "code": code})
    out = room.disconnect("phone")
    assert {o["to"] for o in out} == {"host", "tv"} and messages(out, "host")[0]["kind"] == "seat_lost"
    out = room.disconnect("tv")
    assert messages(out, "host")[0]["kind"] == "screen_lost"


def test_a_computer_seat_moves_after_its_pause():
    room, credential, clock = make_room(seats=("human", "bot"), game="splendor")
    room.receive("host", move_message(room, credential, room.match.legal_moves(0)[0]))
    assert room.match.to_act() == [1] and room.next_tick() == pytest.approx(0.6)
    assert room.tick() == []
    clock.advance(0.6)
    out = room.tick()
    assert room.match.to_act() == [0] and messages(out, "host", "update")[0]["version"] == 2


# ----- the table follows the seats the game waits on, for any game ------------------------

class _Race:
    """A made-up game's state: both seats may act; the game waits only on ``waiting``."""

    def __init__(self):
        self.waiting = [0]
        self.moves = 0


def _race_match(waiting):
    from engine.games.adapter import GameRules

    def view(state, seat):
        return {"game": "race", "seat": seat, "seats": [{}, {}], "moves": state.moves}

    def apply(state, seat, move):
        state.moves += 1
        return [{"type": "went", "seat": seat}]

    rules = GameRules(
        "race", {"title": "Race", "min_players": 2, "max_players": 2, "options": {}, "table": {}},
        setup=lambda players, options, rng: _Race(),
        to_act=lambda state: [0, 1],
        waiting_for=lambda state: list(state.waiting),
        legal_moves=lambda state, seat: [{"type": "go"}],
        explain=lambda state, seat, move: "only go is a move here",
        apply=apply, views=lambda state, seats: [view(state, seat) for seat in seats],
        is_over=lambda state: state.moves >= 9,
        result=lambda state: None, to_json=lambda state: {}, from_json=lambda data: _Race(),
    )
    state = _Race()
    state.waiting = waiting
    return engine.Match(rules, state, 2, {}, 1)


def test_a_computer_seat_that_may_act_but_is_not_waited_on_is_left_be():
    clock = FakeClock()
    room, _ = Room.create("r", _race_match([0]), [{"kind": "human"}, {"kind": "bot", "bot": "random"}], clock)
    assert room.next_tick() is None
    clock.advance(60)
    assert room.tick() == [] and room.match.log == []


def test_a_computer_seat_the_game_waits_on_plays_after_its_pause():
    clock = FakeClock()
    room, _ = Room.create("r", _race_match([1]), [{"kind": "human"}, {"kind": "bot", "bot": "random"}], clock)
    assert room.next_tick() == pytest.approx(room.bot_delay)
    clock.advance(room.bot_delay)
    room.tick()
    assert room.match.log == [[1, {"type": "go"}]]


def test_timers_run_only_for_the_seats_the_game_waits_on(monkeypatch):
    from engine.table import policies

    monkeypatch.setitem(policies.POLICIES, "race", policies.TablePolicy(turn_seconds=30.0, timer_min_humans=2))
    room, _ = Room.create("r", _race_match([1]), [{"kind": "human"}, {"kind": "human"}], FakeClock())
    assert room.timers() == {"1": 30.0}


def test_a_seats_update_says_what_it_can_do_now_from_its_own_listing_and_a_screen_gets_none():
    from engine.help import describe
    room, _, _ = make_room("splendor", ("human", "human", "bot"))
    join(room, "phone", 1)
    code = room.new_viewing_code()
    room.connect("screen")
    room.receive("screen", {"v": 1, "type": "watch", "code": code})
    host, phone, screen = (room.update_for(d) for d in ("host", "phone", "screen"))
    assert host["help"] == describe("splendor", expand(host["legal_moves"])) and host["help"]["count"] > 0
    assert phone["help"] == {"title": "Nothing to do now", "lines": [
        "Another seat is choosing; your table updates when they have."], "count": 0}  # not its turn
    assert screen["help"] is None and screen["legal_moves"] == []
