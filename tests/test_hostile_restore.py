"""engine.restore takes a snapshot only when it is exactly what the engine wrote: its state the replay
of its options, seed and log (docs/protocol.md, "Snapshots"). Tampered ones raise BadSnapshot and
nothing is created; snapshots carried through JavaScript numbers come back exactly."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hostile_json import hostile_json, strict_reply
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import BadSnapshot

GAMES = sorted(engine.GAMES)
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(game: str, players: int = 3, moves: int = 25, seed: int = (1 << 63) + 12345) -> engine.Match:
    match = engine.new_match(game, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over():
            break
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    return match


SNAPSHOTS = {game: played(game).snapshot() for game in GAMES}


def through_javascript(value: Any) -> Any:
    """``JSON.parse(JSON.stringify(value))`` as a browser does it: every number becomes a double."""
    def as_double(text: str) -> Any:
        number = float(text)
        return int(number) if number.is_integer() and abs(number) >= 2**53 else int(text)
    return json.loads(json.dumps(value), parse_int=as_double)


def refused(snapshot: Any, reason: str = "") -> str:
    with pytest.raises(BadSnapshot) as caught:
        engine.restore(snapshot)
    assert reason in str(caught.value)
    return str(caught.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_restores_and_plays_on_like_the_original(game):
    original = played(game)
    again = engine.restore(json.loads(json.dumps(original.snapshot())))
    assert again.snapshot() == original.snapshot()


@pytest.mark.parametrize("game", GAMES)
def test_every_integer_in_a_snapshot_is_safe_for_javascript(game):
    snap = SNAPSHOTS[game]
    strict_reply(json.dumps(snap))  # fails on any integer beyond 2^53
    assert type(snap["seed"]) is str and type(snap["state"]["rng"]) is str


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_through_javascript_numbers_goes_on_exactly_with_chance_included(game):
    original = played(game, moves=10)
    again = engine.restore(through_javascript(original.snapshot()))
    rng = random.Random(7)
    for _ in range(50):
        if original.is_over():
            break
        seat = original.to_act()[0]
        move = rng.choice(original.legal_moves(seat))
        assert again.play(seat, move) == original.play(seat, move)
    assert again.snapshot() == original.snapshot()
    log = again.snapshot()
    assert engine.replay(game, log["players"], log["options"], log["seed"], log["log"]).snapshot() == log


@pytest.mark.parametrize("game", GAMES)
def test_an_old_snapshot_with_an_integer_generator_state_still_restores(game):
    snap = copy.deepcopy(SNAPSHOTS[game])
    exact = int(snap["state"]["rng"])
    for old in (exact, int(float(exact))):  # as Python wrote it, and as a page rounded it
        snap["state"]["rng"] = old
        snap["seed"] = int(snap["seed"])
        restored = engine.restore(snap)
        assert restored.snapshot() == SNAPSHOTS[game]  # the exact state comes back from the replay


@pytest.mark.parametrize("game", GAMES)
def test_an_old_integer_generator_state_that_is_not_the_replays_is_refused(game):
    snap = copy.deepcopy(SNAPSHOTS[game])
    snap["state"]["rng"] = int(snap["state"]["rng"]) + 4096
    refused(snap, "'rng'")


TAMPERS = {
    "splendor": [
        ("negative bank", lambda s: s["state"]["bank"].__setitem__(0, -1), "'bank'"),
        ("99 gold", lambda s: s["state"]["bank"].__setitem__(5, 99), "'bank'"),
        ("unknown card", lambda s: s["state"]["market"][0].__setitem__(0, "9-99"), "'market'"),
        ("current seat out of range", lambda s: s["state"].__setitem__("current", 7), "'current'"),
        ("more seats than players", lambda s: s["state"]["seats"].append(s["state"]["seats"][0]), "'seats'"),
    ],
    "guild": [
        ("negative supply", lambda s: s["state"]["supply"].__setitem__(0, -3), "'supply'"),
        ("a pouch grows", lambda s: s["state"]["seats"][1]["pouch"].__setitem__(0, 40), "'seats'"),
    ],
    "stars": [
        ("round 99", lambda s: s["state"].__setitem__("round", 99), "'round'"),
        ("a tile appears in a hand", lambda s: s["state"]["seats"][0]["hand"].append("T01"), "'seats'"),
    ],
    "station": [
        ("a credit in two places", lambda s: s["state"]["seats"][0]["hand"].append(s["state"]["display"][0]),
         "'seats'"),
        ("current seat is a bool", lambda s: s["state"].__setitem__("current", False), "'current'"),
    ],
}
COMMON = [
    ("the log is one move short", lambda s: s["log"].pop(), "'"),
    ("the log names another seat", lambda s: s["log"][0].__setitem__(0, (s["log"][0][0] + 1) % 3), "move 1"),
    ("a log move is changed", lambda s: s["log"][2][1].__setitem__("type", "nonsense"), "move 3"),
    ("a log entry is not a pair", lambda s: s["log"].__setitem__(0, [0]), "log entry 1"),
    ("players disagree with the state", lambda s: s.__setitem__("players", 2), ""),
    ("players as a bool", lambda s: s.__setitem__("players", True), "players"),
    ("an unknown option", lambda s: s["options"].__setitem__("x", True), "option"),
    ("the seed is changed", lambda s: s.__setitem__("seed", str(int(s["seed"]) + 1)), ""),
    ("the seed has a leading zero", lambda s: s.__setitem__("seed", "0" + s["seed"]), "seed"),
    ("the seed is negative", lambda s: s.__setitem__("seed", -5), "seed"),
    ("the generator is changed", lambda s: s["state"].__setitem__("rng", str(int(s["state"]["rng"]) ^ 1)), "'rng'"),
    ("the generator is a float", lambda s: s["state"].__setitem__("rng", 1.5), "'rng'"),
    ("format as text", lambda s: s.__setitem__("format", "1"), "format"),
    ("an extra field", lambda s: s.__setitem__("comment", "hi"), "comment"),
    ("no state", lambda s: s.pop("state"), "state"),
    ("unknown game", lambda s: s.__setitem__("game", "chess"), "unknown game"),
    ("a state field is missing", lambda s: s["state"].pop("ended"), "'ended'"),
    ("a lone surrogate", lambda s: s["state"].__setitem__("phase", "\udfff"), "surrogate"),
    ("NaN inside", lambda s: s["state"].__setitem__("round", float("nan")), "not finite"),
]


@pytest.mark.parametrize(("game", "label", "tamper", "reason"),
                         [(g, label, t, r) for g in GAMES for label, t, r in TAMPERS[g] + COMMON],
                         ids=[f"{g}-{label}" for g in GAMES for label, _, _ in TAMPERS[g] + COMMON])
def test_a_tampered_snapshot_is_refused_with_a_reason(game, label, tamper, reason):
    snap = copy.deepcopy(SNAPSHOTS[game])
    tamper(snap)
    assert refused(snap, reason)


@pytest.mark.parametrize("value", [None, [], "snapshot", 1, {"format": 1}, {"format": True, "game": "guild"}])
def test_something_that_is_not_a_snapshot_is_refused(value):
    refused(value)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if type(value) is dict:
        for key, inner in value.items():
            out += _paths(inner, (*prefix, key))
    elif type(value) is list:
        for i, inner in enumerate(value):
            out += _paths(inner, (*prefix, i))
    return out


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return value


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_any_value_changed_anywhere_in_the_state_is_refused(game, data):
    snap = copy.deepcopy(SNAPSHOTS[game])
    paths = _paths(snap["state"])
    path = data.draw(st.sampled_from(paths[1:]))
    old = copy.deepcopy(snap["state"])
    for step in path:
        old = old[step]
    new = data.draw(hostile_json)
    if json.dumps(new, sort_keys=True) == json.dumps(old, sort_keys=True):
        return
    _set(snap["state"], path, new)
    refused(snap)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_any_value_changed_in_the_log_is_refused_or_is_the_same_game(game, data):
    snap = copy.deepcopy(SNAPSHOTS[game])
    paths = [p for p in _paths(snap["log"]) if len(p) >= 3]  # inside a move
    path = data.draw(st.sampled_from(paths))
    _set(snap["log"], path, data.draw(hostile_json))
    try:
        restored = engine.restore(snap)
    except BadSnapshot as exc:
        assert str(exc)
    else:  # only possible if the change made the same canonical move
        assert restored.snapshot() == SNAPSHOTS[game]
