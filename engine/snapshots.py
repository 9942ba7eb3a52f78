"""Checking a snapshot before it is restored: `BadSnapshot`, the shape check and the state comparison.

A snapshot is accepted only when it is exactly what `Match.snapshot` would write for the match
its options, seed and log describe: ``engine.restore`` checks the shape here (`read_snapshot`),
replays the log from the seed, and compares the replayed state with the snapshot's
(`same_state`). docs/protocol.md ("Snapshots") writes the rules down.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import plain_json
from .rng import WORD_LIMIT, word_from_json

SNAPSHOT_KEYS = frozenset({"format", "game", "players", "options", "seed", "log", "state"})
MAX_LOG = 20_000
"""The longest log a snapshot may hold (the longest games here take well under 1,000 moves)."""


class BadSnapshot(ValueError):
    """A snapshot (or saved room) the engine did not write as it stands; the message says what is wrong.

    Nothing is created when it is raised.
    """


class SnapshotFields(NamedTuple):
    """A snapshot's parts once their shapes are checked (``seed`` read as an integer)."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    log: list[list[Any]]
    state: dict[str, Any]


def read_seed(value: Any) -> int:
    """A seed as a snapshot writes it: decimal text (now) or an integer (older snapshots), below 2^64."""
    if type(value) is int:
        if not 0 <= value < WORD_LIMIT:
            raise BadSnapshot("the seed must be a whole number from 0 to 2^64 - 1")
        return value
    try:
        return word_from_json(value)
    except ValueError as exc:
        raise BadSnapshot(f"the seed: {exc}") from None


def read_snapshot(snapshot: Any, snapshot_format: int) -> SnapshotFields:
    """The parts of ``snapshot`` with their types checked; `BadSnapshot` names the first wrong one.

    Ranges that depend on the game (seats, options) and the state itself are checked by the
    replay that follows.
    """
    if type(snapshot) is not dict:
        raise BadSnapshot("a snapshot must be a JSON object")
    reason = plain_json.problem(snapshot)
    if reason:
        raise BadSnapshot(f"not plain JSON: {reason}")
    if type(snapshot.get("format")) is not int or snapshot["format"] != snapshot_format:
        raise BadSnapshot(f"not a snapshot of format {snapshot_format}")
    missing = sorted(SNAPSHOT_KEYS - set(snapshot))
    if missing:
        raise BadSnapshot(f"the snapshot has no {', '.join(missing)}")
    extra = sorted(set(snapshot) - SNAPSHOT_KEYS)
    if extra:
        raise BadSnapshot(f"a snapshot has no field {', '.join(extra)}")
    game, players, options = snapshot["game"], snapshot["players"], snapshot["options"]
    if type(game) is not str:
        raise BadSnapshot("the game must be a game id")
    if type(players) is not int:
        raise BadSnapshot("players must be a whole number")
    if type(options) is not dict:
        raise BadSnapshot("options must be an object")
    seed = read_seed(snapshot["seed"])
    log = snapshot["log"]
    if type(log) is not list:
        raise BadSnapshot("the log must be a list of [seat, move] pairs")
    if len(log) > MAX_LOG:
        raise BadSnapshot(f"the log holds more than {MAX_LOG} moves")
    for number, entry in enumerate(log, 1):
        if type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int or type(entry[1]) is not dict:
            raise BadSnapshot(f"log entry {number} is not a [seat, move] pair")
    if type(snapshot["state"]) is not dict:
        raise BadSnapshot("the state must be an object")
    return SnapshotFields(game, players, options, seed, log, snapshot["state"])


LATER_SEAT_FIELDS = ("dealt",)
"""Fields a seat's state gained after snapshots were first saved (Station's ``dealt``, the
eighteenth session). A snapshot without one is compared without it: the replay gives it back."""


def _as_old(given: dict[str, Any], replayed: dict[str, Any]) -> dict[str, Any]:
    """``replayed`` without the later seat fields that every seat of ``given`` lacks."""
    seats, mine = given.get("seats"), replayed.get("seats")
    if type(seats) is not list or type(mine) is not list or not seats:
        return replayed
    if any(type(seat) is not dict for seat in seats) or any(type(seat) is not dict for seat in mine):
        return replayed
    missing = [f for f in LATER_SEAT_FIELDS if all(f not in seat for seat in seats)]
    if not missing:
        return replayed
    return {**replayed, "seats": [{k: v for k, v in seat.items() if k not in missing} for seat in mine]}


def state_difference(given: dict[str, Any], replayed: dict[str, Any]) -> str | None:
    """Where the snapshot's state differs from the replayed one (value for value, type for type), or ``None``.

    Key order is ignored (a page may reorder keys that look like numbers). A seat field of
    `LATER_SEAT_FIELDS` that no seat of the snapshot has is not compared. A generator state
    written as an integer (before it was text) is taken when it is the replayed state, or that
    state as a JavaScript number rounded it: such a snapshot passed through a page, and the
    replay gives back the exact state it lost.
    """
    replayed = _as_old(given, replayed)
    if type(given.get("rng")) is int and type(replayed.get("rng")) is str:
        exact = int(replayed["rng"])
        if given["rng"] in (exact, int(float(exact))):
            given = {**given, "rng": replayed["rng"]}
    for key in sorted(set(given) | set(replayed)):
        if key not in given or key not in replayed:
            return f"the state's fields are not the game's (see {key!r})"
        if plain_json.canonical(given[key]) != plain_json.canonical(replayed[key]):
            return f"the state's {key!r} is not what its options, seed and log give"
    return None
