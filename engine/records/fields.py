"""A record's fields and their shapes: what `engine.records.load` checks before it replays anything.

docs/records.md describes the format. Everything here is about types and ranges that do not
need the rules; the replay that follows checks the rest (the game, the seats, the options, every
move, the result).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, NamedTuple

from .. import GAMES, plain_json
from ..bots import BOTS
from ..rng import word_from_json
from ..snapshots import MAX_LOG

KIND = "tabletop-record"
"""The value of a record's ``kind`` field: what tells a record from any other JSON file."""

FORMAT = 1
"""The record format this engine writes and reads (a newer one is refused with `NewerRecord`)."""

MAX_RECORD_TEXT = 1 << 20
"""The longest record text read, in characters (1 MiB, the protocol's request cap; a 300-move game is ~40 KB)."""

MAX_NAME = 64
"""The longest player name, in characters."""

MAX_VERSION = 32
"""The longest engine version text."""

MAX_TAKEBACKS = 1000
"""The most take-backs one record lists."""

MODES = ("solo", "pass", "hosted", "joined")
"""How the game was played: against computers, pass-and-play, hosted for phones, joined from a phone."""

REQUIRED = ("kind", "format", "engine", "game", "players", "options", "seed", "log", "names", "result")
OPTIONAL = ("bots", "mode", "started", "finished", "takebacks")
TAKEBACK_KEYS = frozenset({"seat", "at", "removed"})

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z")


class BadRecord(ValueError):
    """A record that cannot be loaded; the message says why (a player can read it). Nothing is kept."""


class NewerRecord(BadRecord):
    """A record written in a newer format than this engine reads."""


class RecordFields(NamedTuple):
    """A record's fields once their shapes are checked (``seed`` read as an integer, defaults filled)."""

    engine: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    log: list[list[Any]]
    names: list[str]
    result: dict[str, Any] | None
    bots: list[str | None]
    mode: str | None
    started: str | None
    finished: str | None
    takebacks: list[dict[str, int]]


def check_kind_and_format(data: Any) -> None:
    """Refuse what is not a record at all, or a record of a format this engine does not read."""
    if type(data) is not dict:
        raise BadRecord("a game record must be a JSON object")
    reason = plain_json.problem(data, int_limit=plain_json.SAFE_INTEGER)
    if reason:
        raise BadRecord(f"not plain JSON: {reason}")
    if data.get("kind") != KIND:
        if "state" in data and "log" in data:
            raise BadRecord("this is a saved match (a snapshot), not a game record")
        raise BadRecord(f'not a game record of this site (it has no "kind": "{KIND}")')
    written = data.get("format")
    if type(written) is not int or written < 1:
        raise BadRecord("the record's format must be a whole number from 1")
    if written > FORMAT:
        by = data.get("engine")
        by_text = f" (written by engine {by})" if type(by) is str and len(by) <= MAX_VERSION else ""
        raise NewerRecord(f"this record is in format {written}{by_text}, newer than this engine reads "
                          f"(format {FORMAT}): open it with a newer version")


def _date(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not str or not _DATE.fullmatch(value):
        raise BadRecord(f"{key} must be a UTC date and time like 2026-12-01T21:40:00Z, or null")
    _moment(value, key)
    return value


def _moment(value: str, key: str) -> datetime:
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise BadRecord(f"{key} is not a real date: {value}") from None


def _names(value: Any, players: int) -> list[str]:
    if type(value) is not list or len(value) != players:
        raise BadRecord(f"names must be a list of {players} texts, one per seat")
    for seat, name in enumerate(value):
        if type(name) is not str or not 1 <= len(name) <= MAX_NAME:
            raise BadRecord(f"the name of seat {seat} must be text of 1 to {MAX_NAME} characters")
    return list(value)


def _bots(value: Any, players: int) -> list[str | None]:
    if value is None:
        return [None] * players
    if type(value) is not list or len(value) != players:
        raise BadRecord(f"bots must be a list of {players} entries (null for a person, else a computer's level)")
    for seat, bot in enumerate(value):
        if bot is not None and (type(bot) is not str or bot not in BOTS):
            raise BadRecord(f"the computer of seat {seat} must be one of {', '.join(BOTS)}, or null")
    return list(value)


def _log(value: Any) -> list[list[Any]]:
    if type(value) is not list:
        raise BadRecord("the log must be a list of [seat, move] pairs")
    if len(value) > MAX_LOG:
        raise BadRecord(f"the log holds more than {MAX_LOG} moves")
    for number, entry in enumerate(value, 1):
        if type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int or type(entry[1]) is not dict:
            raise BadRecord(f"move {number} of the log is not a [seat, move] pair")
    return value


def _takebacks(value: Any, players: int) -> list[dict[str, int]]:
    if value is None:
        return []
    if type(value) is not list or len(value) > MAX_TAKEBACKS:
        raise BadRecord(f"takebacks must be a list of at most {MAX_TAKEBACKS} entries")
    for number, entry in enumerate(value, 1):
        if type(entry) is not dict or set(entry) != TAKEBACK_KEYS or any(type(v) is not int for v in entry.values()):
            raise BadRecord(f"take-back {number} must be {{\"seat\", \"at\", \"removed\"}} with whole numbers")
        if not 0 <= entry["seat"] < players or not 0 <= entry["at"] <= MAX_LOG or not 1 <= entry["removed"] <= MAX_LOG:
            raise BadRecord(f"take-back {number} names a seat or a move that cannot be")
    return [dict(entry) for entry in value]


def read_fields(data: dict[str, Any]) -> RecordFields:
    """The fields of a record already past `check_kind_and_format`; `BadRecord` names the first wrong one."""
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise BadRecord(f"the record has no {', '.join(missing)}")
    extra = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if extra:
        raise BadRecord(f"a record of format {FORMAT} has no field {', '.join(extra)}")
    version, game, players, options = data["engine"], data["game"], data["players"], data["options"]
    if type(version) is not str or not 1 <= len(version) <= MAX_VERSION:
        raise BadRecord("engine must be the version text of the engine that wrote the record")
    if type(game) is not str:
        raise BadRecord("the game must be a game id")
    if game not in GAMES:
        raise BadRecord(f"unknown game {game[:40]!r}: this engine plays {', '.join(GAMES)}")
    if type(players) is not int:
        raise BadRecord("players must be a whole number")
    low, high = GAMES[game]["min_players"], GAMES[game]["max_players"]
    if not low <= players <= high:
        raise BadRecord(f"{GAMES[game]['title']} is played by {low}–{high} players, not {players}")
    if type(options) is not dict:
        raise BadRecord("options must be an object")
    try:
        seed = word_from_json(data["seed"])
    except ValueError as exc:
        raise BadRecord(f"the seed: {exc}") from None
    result = data["result"]
    if result is not None and type(result) is not dict:
        raise BadRecord("the result must be an object, or null for an unfinished game")
    mode = data.get("mode")
    if mode is not None and mode not in MODES:
        raise BadRecord(f"mode must be one of {', '.join(MODES)}, or null")
    started, finished = _date(data, "started"), _date(data, "finished")
    if finished is not None and result is None:
        raise BadRecord("an unfinished game (its result is null) has no finishing date")
    if started is not None and finished is not None and _moment(finished, "finished") < _moment(started, "started"):
        raise BadRecord("the game finished before it started")
    return RecordFields(
        engine=version, game=game, players=players, options=dict(options), seed=seed, log=_log(data["log"]),
        names=_names(data["names"], players), result=result, bots=_bots(data.get("bots"), players),
        mode=mode, started=started, finished=finished, takebacks=_takebacks(data.get("takebacks"), players),
    )
