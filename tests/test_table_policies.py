"""Table policies (seeds 000, 001): turn timers, offline seats, device transfer, room expiry,
host restart — all with an injected clock."""

import json

import engine
from engine.table.clock import FakeClock
from engine.table.policies import DEFAULT, TablePolicy, policy_for
from engine.table.room import Room


def make_room(game, kinds, seed=2):
    clock = FakeClock()
    specs = [{"kind": k, "bot": "greedy"} if k == "bot" else {"kind": k} for k in kinds]
    room, host = Room.create("r", engine.new_match(game, len(kinds), seed=seed), specs, clock)
    return room, host, clock


def sent(outbox, to=None, kind=None):
    return [o["message"] for o in outbox
            if (to is None or o["to"] == to) and (kind is None or o["message"]["type"] == kind)]


def join(room, device, seat):
    room.connect(device)
    return sent(room.receive(device, {"v": 1, "type": "join", "seat": seat}), device, "seated")[0]["credential"]


def move(room, credential, mv):
    return {"v": 1, "type": "move", "credential": credential, "version": len(room.match.log), "move": mv}


# ----- Splendor: 75 seconds per action or required choice with friends; solo waits -----

def test_splendor_with_two_humans_gives_75_seconds_shown_to_every_device():
    room, _, _ = make_room("splendor", ["human", "human"])
    join(room, "phone", 1)
    assert room.update_for("phone")["timers"] == {"0": 75.0}
    assert room.next_tick() == 75.0


def test_when_the_time_runs_out_a_bot_makes_that_one_decision_and_all_devices_see_it():
    room, _, clock = make_room("splendor", ["human", "human"])
    join(room, "phone", 1)
    clock.advance(74.9)
    assert room.tick() == [] and room.match.to_act() == [0]
    clock.advance(0.1)
    out = room.tick()
    assert {o["to"] for o in out} == {"host", "phone"}
    assert sent(out, "phone")[0]["events"][0] == {"type": "timeout", "seat": 0}
    assert len(room.match.log) == 1 and room.match.to_act() == [1]
    assert room.update_for("phone")["timers"] == {"1": 75.0}, "the next decision has its own 75 seconds"


def test_a_required_choice_has_its_own_75_seconds():
    room, host, clock = make_room("splendor", ["human", "human"])
    join(room, "phone", 1)
    state = room.match._state
    state.seats[0].tokens = [2, 2, 2, 2, 1, 0]  # 9 tokens: taking three makes 12
    state.bank = [b - t for b, t in zip(state.bank, state.seats[0].tokens, strict=True)]
    room.match._legal = {}
    clock.advance(50)
    room.receive("host", move(room, host, room.match.legal_moves(0)[0]))
    assert room.match._state.phase == "return" and room.update_for("host")["timers"] == {"0": 75.0}
    clock.advance(75)
    room.tick()
    assert room.match._state.phase != "return" and sum(room.match._state.seats[0].tokens) <= 10


def test_splendor_solo_waits_without_a_timer():
    room, _, clock = make_room("splendor", ["human", "bot", "bot"])
    assert room.update_for("host")["timers"] == {}
    clock.advance(3600)
    assert room.tick() == [] and room.match.to_act() == [0]


# ----- Guild: no timer; offline turns wait; the host may play one step -----

def test_guild_has_no_turn_timer_and_an_offline_turn_waits():
    room, host, clock = make_room("guild", ["human", "human"])
    cred = join(room, "phone", 1)
    room.receive("host", move(room, host, {"type": "pass"}))
    room.disconnect("phone")
    clock.advance(3 * 3600)
    assert room.tick() == [] and room.match.to_act() == [1]
    assert room.update_for("host")["timers"] == {}
    assert cred


def test_the_host_plays_one_step_for_an_offline_seat():
    room, host, _ = make_room("guild", ["human", "human"])
    join(room, "phone", 1)
    room.receive("host", move(room, host, {"type": "pass"}))
    room.disconnect("phone")
    out = room.receive("host", {"v": 1, "type": "step", "credential": host, "seat": 1})
    assert sent(out, "host")[0]["events"][0] == {"type": "host_step", "seat": 1}
    assert len(room.match.log) == 2 and room.match.log[1][0] == 1


def test_a_step_is_refused_for_an_online_seat_for_a_non_host_and_at_splendor():
    room, host, _ = make_room("guild", ["human", "human", "human"])
    phone = join(room, "phone", 1)
    join(room, "phone2", 2)
    room.receive("host", move(room, host, {"type": "pass"}))
    before = json.dumps(room.match.snapshot())
    refusal = sent(room.receive("host", {"v": 1, "type": "step", "credential": host, "seat": 1}))[0]
    assert refusal["code"] == "not_allowed"
    room.disconnect("phone2")
    refusal = sent(room.receive("phone", {"v": 1, "type": "step", "credential": phone, "seat": 2}))[0]
    assert refusal["code"] == "bad_credential"
    refusal = sent(room.receive("host", {"v": 1, "type": "step", "credential": host, "seat": 2}))[0]
    assert refusal["code"] == "illegal_move"
    assert json.dumps(room.match.snapshot()) == before
    splendor, shost, _ = make_room("splendor", ["human", "human"])
    join(splendor, "p", 1)
    splendor.disconnect("p")
    refusal = sent(splendor.receive("host", {"v": 1, "type": "step", "credential": shost, "seat": 1}))[0]
    assert refusal["code"] == "not_allowed"


# ----- Device transfer: one use, 10 minutes -----

def test_a_transfer_code_moves_the_seat_and_the_old_device_loses_it():
    room, _, _ = make_room("guild", ["human", "human"])
    old_credential = join(room, "old-phone", 1)
    ask = {"v": 1, "type": "transfer_code", "credential": old_credential}
    (code,) = sent(room.receive("old-phone", ask), kind="transfer_code")
    assert code["expires_in"] == 600
    out = room.receive("new-phone", {"v": 1, "type": "transfer", "code": code["code"].lower()})
    seated = sent(out, "new-phone", "seated")[0]
    assert seated["seat"] == 1 and seated["how"] == "transferred" and seated["credential"] != old_credential
    assert sent(out, "old-phone", "refused")[0]["code"] == "seat_moved"
    assert room.devices == {"host": 0, "new-phone": 1}
    refused = sent(room.receive("old-phone", {"v": 1, "type": "resume", "credential": old_credential}))[0]
    assert refused["code"] == "bad_credential"


def test_a_used_expired_or_wrong_transfer_code_is_refused():
    room, _, clock = make_room("guild", ["human", "human"])
    cred = join(room, "a", 1)
    code = sent(room.receive("a", {"v": 1, "type": "transfer_code", "credential": cred}))[0]["code"]
    room.receive("b", {"v": 1, "type": "transfer", "code": code})
    used = sent(room.receive("c", {"v": 1, "type": "transfer", "code": code}))[0]
    assert used["code"] == "bad_code" and "already used" in used["reason"]
    cred_b = room.seats[1].credential
    code2 = sent(room.receive("b", {"v": 1, "type": "transfer_code", "credential": cred_b}))[0]["code"]
    clock.advance(601)
    expired = sent(room.receive("c", {"v": 1, "type": "transfer", "code": code2}))[0]
    assert expired["code"] == "bad_code" and "expired" in expired["reason"]
    assert sent(room.receive("c", {"v": 1, "type": "transfer", "code": "WRONG123"}))[0]["code"] == "bad_code"
    assert room.devices.get("c") is None


def test_only_the_seats_own_device_can_make_its_transfer_code():
    room, _, _ = make_room("guild", ["human", "human"])
    cred = join(room, "a", 1)
    assert sent(room.receive("z", {"v": 1, "type": "transfer_code", "credential": cred}))[0]["code"] == "bad_credential"


# ----- Room expiry -----

def test_a_room_closes_after_24_hours_without_an_action_and_devices_are_told():
    room, host, clock = make_room("guild", ["human", "human"])
    join(room, "phone", 1)
    clock.advance(23.9 * 3600)
    assert room.tick() == []
    room.receive("host", move(room, host, {"type": "pass"}))
    clock.advance(23.9 * 3600)
    assert room.tick() == [] and room.closed is None
    clock.advance(0.2 * 3600)
    out = room.tick()
    assert {o["to"] for o in out} == {"host", "phone"} and all(m["type"] == "closed" for m in sent(out))
    assert sent(room.receive("phone", {"v": 1, "type": "move"}))[0]["code"] == "closed"


def test_a_room_closes_when_its_last_human_leaves():
    room, host, _ = make_room("guild", ["human", "human"])
    phone = join(room, "phone", 1)
    room.receive("phone", {"v": 1, "type": "leave", "credential": phone})
    assert room.closed is None
    out = room.receive("host", {"v": 1, "type": "leave", "credential": host})
    assert room.closed == "the last player left" and sent(out, kind="closed") == []  # nobody left to tell


# ----- Host restart -----

def test_after_a_restart_the_room_comes_back_paused_and_resumes_where_it_was():
    room, host, clock = make_room("splendor", ["human", "human"])
    phone = join(room, "phone", 1)
    for _ in range(5):
        (seat,) = room.match.to_act()
        device, credential = ("host", host) if seat == 0 else ("phone", phone)
        room.receive(device, move(room, credential, room.match.legal_moves(seat)[0]))
    saved = json.loads(json.dumps(room.to_json()))
    back = Room.from_json(saved, clock)
    assert back.paused and back.match.snapshot() == room.match.snapshot()
    assert back.update_for("host")["paused"] is True and back.update_for("host")["timers"] == {}
    clock.advance(1000)
    assert back.tick() == []
    phone_out = back.receive("phone2", {"v": 1, "type": "resume", "credential": phone})
    assert sent(phone_out, "phone2", "update")[0]["paused"] is True
    (seat,) = back.match.to_act()
    dev, cred = ("host", host) if seat == 0 else ("phone2", phone)
    assert sent(back.receive(dev, move(back, cred, back.match.legal_moves(seat)[0])))[0]["code"] == "paused"
    refusal = sent(back.receive("phone2", {"v": 1, "type": "resume_game", "credential": phone}))[0]
    assert refusal["code"] == "bad_credential"
    out = back.receive("host", {"v": 1, "type": "resume_game", "credential": host})
    assert not back.paused and sent(out, "phone2")[0]["paused"] is False
    back.receive(dev, move(back, cred, back.match.legal_moves(seat)[0]))
    assert len(back.match.log) == 6


# ----- each game's policy is data beside its facts (engine.games.GAME_INFO) -----

def test_the_table_facts_are_what_each_seed_says():
    assert policy_for("splendor") == TablePolicy(turn_seconds=75.0, timer_min_humans=2, host_may_step_offline=False)
    for game in ("guild", "stars", "station"):
        assert policy_for(game) == TablePolicy(turn_seconds=None, host_may_step_offline=True)


def test_a_game_id_without_facts_gets_the_table_nobody_is_rushed_at():
    assert policy_for("chess") == DEFAULT == TablePolicy()
