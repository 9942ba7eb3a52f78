"""A room writes an accepted move's updates once: the check that the outbox can be written (before
the move is kept) gives the text the reply carries, byte for byte what writing the reply afresh gives.
The reply carries the room after the move as well (`saved`, what `room_save` gives at once), so the
host stores it before sending the move with no second request. The table version is the number of
moves made, read without copying the log."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import plain_json
from engine.protocol import Session, handle
from engine.table.clock import FakeClock
from engine.table.room import Room

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(obj=st.dictionaries(st.text(max_size=8), st.tuples(JSON, st.booleans()), max_size=6))
def test_an_object_with_written_values_reads_as_if_written_afresh(obj: dict[str, tuple[Any, bool]]) -> None:
    plain = {key: value for key, (value, _) in obj.items()}
    mixed = {key: plain_json.Written(value, plain_json.dumps(value)) if wrap else value
             for key, (value, wrap) in obj.items()}
    assert plain_json.dumps_object(mixed) == plain_json.dumps(plain)


PLANS = st.recursive(st.none(), lambda inner: st.dictionaries(st.sampled_from(["*", "a", "b", ""]), inner, max_size=3),
                     max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(JSON, min_size=1, max_size=4), picks=st.lists(st.tuples(st.integers(0, 3), st.text(max_size=2)),
       max_size=8), plan=PLANS)
def test_a_value_holding_one_object_many_times_is_written_as_if_afresh(
        parts: list[Any], picks: list[tuple[int, str]], plan: Any) -> None:
    """`dumps_shared` writes what `dumps` writes, whatever parts are the very same object and
    whatever the plan says to write part by part."""
    value = {"*": [parts[k % len(parts)] for k, _ in picks],
             "a": {key or "b": parts[k % len(parts)] for k, key in picks}, "b": parts}
    value["c"] = [value["a"], value["*"], value["a"]]
    assert plain_json.dumps_shared(value, plan or {}) == plain_json.dumps(value)
    assert plain_json.dumps_shared([value, value], {"*": plan}) == plain_json.dumps([value, value])


def test_a_known_text_is_put_in_as_it_is_and_every_text_written_is_made_known() -> None:
    listing = [{"type": "pass"}]
    known = {id(listing): '"the text known for it"'}
    assert plain_json.dumps_shared({"a": listing, "b": [listing]}, {"b": {}}, known) == \
        '{"a":"the text known for it","b":["the text known for it"]}'
    fresh: dict[int, str] = {}
    value = {"a": listing, "b": {"c": [2]}}
    plain_json.dumps_shared(value, {}, fresh)
    assert fresh[id(listing)] == '[{"type":"pass"}]' and fresh[id(value["b"])] == '{"c":[2]}'


def test_a_shared_writing_refuses_what_dumps_refuses_and_writes_other_keys_as_text() -> None:
    with pytest.raises(ValueError):
        plain_json.dumps_shared({"a": [1.0, math.nan]}, {"a": {"*": None}})
    odd = {"a": {1: True, None: [1]}, "b": [{2.5: "x"}]}
    assert plain_json.dumps_shared(odd, {"a": {}, "b": {"*": {}}}) == plain_json.dumps(odd) \
        == '{"a":{"1":true,"null":[1]},"b":[{"2.5":"x"}]}'
    one = {"*": None}  # one place of a plan for an object and an array alike
    a, b = [1, {"k": 2}], {"k": 2}
    both = {"x": [a, b, a], "y": {"*": a, "z": b}, "w": [a, b]}
    assert plain_json.dumps_shared(both, {"x": one, "y": one, "w": one}) == plain_json.dumps(both)
    looped: list[Any] = [1]
    looped.append(looped)
    with pytest.raises(ValueError):
        plain_json.dumps_shared([looped, looped], {"*": {"*": {"*": {}}}})


def _ask(session: Session, op: str, **fields: Any) -> tuple[dict[str, Any], str]:
    text = handle(json.dumps({"v": 1, "id": 7, "op": op, **fields}), session)
    reply = json.loads(text)
    assert reply["ok"], reply
    return reply, text


def test_an_accepted_moves_updates_are_written_once_and_read_the_same(monkeypatch) -> None:
    """A three-seat Stars table with a shared screen, 40 moves through the protocol: each reply is
    the text a fresh writing gives, each accepted move's outbox was written once, not twice, and the
    room it carries is what room_save gives right after it."""
    session = Session()
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(3)]
    made, _ = _ask(session, "room_create", room="r", game="stars", players=3, seats=seats, seed=3)
    creds, latest = {"host": made["credential"]}, {}

    def take(outbox: list[dict[str, Any]]) -> None:
        for entry in outbox:
            if entry["message"]["type"] == "update":
                latest[entry["to"]] = entry["message"]
            if entry["message"]["type"] == "seated":
                creds[entry["to"]] = entry["message"]["credential"]

    take(made["outbox"])
    for i in (1, 2):
        take(_ask(session, "room_connect", room="r", device=f"phone{i}")[0]["outbox"])
        take(_ask(session, "room_message", room="r", device=f"phone{i}",
                  message={"v": 1, "type": "join", "seat": i})[0]["outbox"])
    code = _ask(session, "room_viewing_code", room="r")[0]["code"]
    take(_ask(session, "room_connect", room="r", device="screen")[0]["outbox"])
    take(_ask(session, "room_message", room="r", device="screen",
              message={"v": 1, "type": "watch", "code": code})[0]["outbox"])

    written: list[int] = []
    real_dumps = plain_json.dumps

    def is_outbox(value: Any) -> bool:
        return type(value) is list and bool(value) and type(value[0]) is dict and "to" in value[0]

    def counting(value: Any) -> str:  # the outbox written alone, or inside a reply
        if is_outbox(value) or (type(value) is dict and is_outbox(value.get("outbox"))):
            written.append(id(value))
        return real_dumps(value)

    real_shared = plain_json.dumps_shared

    def counting_shared(value: Any, plan: plain_json.Plan, known: dict[int, str] | None = None) -> str:
        if is_outbox(value):  # how a room writes its outbox
            written.append(id(value))
        return real_shared(value, plan, known)

    monkeypatch.setattr(plain_json, "dumps", counting)
    monkeypatch.setattr(plain_json, "dumps_shared", counting_shared)
    rng = random.Random(3)
    accepted = 0
    for _ in range(40):
        device = next(d for d in creds if latest.get(d, {}).get("legal_moves"))
        update = latest[device]
        move = rng.choice(engine.games.listing.expand(update["legal_moves"]))
        written.clear()
        reply, text = _ask(session, "room_message", room="r", device=device, message={
            "v": 1, "type": "move", "credential": creds[device], "version": update["version"], "move": move})
        assert text == real_dumps(reply)
        assert any(o["message"]["type"] == "update" for o in reply["outbox"])
        assert len(written) == 1, f"the outbox was written {len(written)} times"
        assert reply["saved"] == _ask(session, "room_save", room="r")[0]["saved"]
        assert reply["saved"]["match"]["log"][-1] == [int(update["seat"]), move]
        versions = {o["message"]["version"] for o in reply["outbox"] if o["message"]["type"] == "update"}
        assert versions == {update["version"] + 1}
        take(reply["outbox"])
        accepted += 1
    assert accepted == 40


def test_a_refusal_is_written_as_before() -> None:
    session = Session()
    made, _ = _ask(session, "room_create", room="r", game="guild", players=2,
                   seats=[{"kind": "human"}, {"kind": "human"}], seed=1)
    reply, text = _ask(session, "room_message", room="r", device="host",
                       message={"v": 1, "type": "move", "credential": made["credential"], "version": 99, "move": {}})
    assert reply["outbox"][0]["message"]["type"] == "refused"
    assert "saved" not in reply  # nothing changed: nothing to store
    assert text == plain_json.dumps(reply)


def test_the_moves_made_and_their_seats_match_the_log() -> None:
    match = engine.new_match("station", 3, seed=2)
    rng = random.Random(2)
    for _ in range(30):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
        assert match.moves_made == len(match.log)
    log = match.log
    for start in (0, 1, 17, 30):
        assert match.seats_since(start) == [seat for seat, _ in log[start:]]


def test_an_outbox_added_to_after_the_move_is_written_afresh() -> None:
    """`Room.reply` sends the text `_play` wrote only for that very outbox, unchanged in length; an
    outbox a caller added to is written again, so nothing it holds is lost."""
    match = engine.new_match("guild", 2, seed=4)
    room, credential = Room.create("r", match, [{"kind": "human"}, {"kind": "human"}], FakeClock())
    seat = match.to_act()[0]
    out = room.receive("host", {"v": 1, "type": "move", "credential": credential, "version": 0,
                                "move": match.legal_moves(seat)[0]})
    assert seat == 0 and any(o["message"]["type"] == "update" for o in out)
    out.append({"to": "host", "message": {"type": "notice", "text": "added"}})
    reply = room.reply(out)
    assert reply == {"outbox": out}
    assert "added" in plain_json.dumps_object(reply)
