"""Game records: a finished (or unfinished) game as a versioned JSON file, checked by replaying it.

A record holds what the engine needs to play the game again — game, seats, options, seed, move
log — and what people want to keep — names, computers, result, dates (docs/records.md)::

    from engine import records
    record = records.from_match(match, names=["Ada", "Bob"])   # plain JSON, ready to write
    match = records.load(record)     # the replayed match, or BadRecord with the reason

`load` trusts nothing in the file: it checks every field's shape, replays the log from the seed
in the engine, and compares the record's result with the replay's. A record of a newer format is
refused with `NewerRecord`, which says so.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import __version__, new_match, plain_json
from ..errors import BadOptions, IllegalMove, UnknownGame
from ..match import Match
from ..rng import word_to_json
from .describe import describe_move, describe_result
from .fields import (
    FORMAT,
    KIND,
    MAX_RECORD_TEXT,
    MODES,
    BadRecord,
    NewerRecord,
    RecordFields,
    check_kind_and_format,
    read_fields,
)

__all__ = [
    "FORMAT", "KIND", "MAX_RECORD_TEXT", "MODES", "BadRecord", "NewerRecord", "Record", "describe_move",
    "describe_result", "from_match", "load", "parse", "validate",
]


class Record(NamedTuple):
    """A record that passed `validate`: its checked fields and the match its log replays to."""

    fields: RecordFields
    match: Match


def from_match(
    match: Match,
    names: list[str] | None = None,
    bots: list[str | None] | None = None,
    mode: str | None = None,
    started: str | None = None,
    finished: str | None = None,
    takebacks: list[dict[str, int]] | None = None,
) -> dict[str, Any]:
    """The record of ``match`` as plain JSON (raises `BadRecord` if a given name, bot or date is not allowed).

    ``names`` default to "Seat 1", "Seat 2", …; ``bots`` lists each seat's computer level or
    ``None`` for a person; dates are UTC text like ``2026-12-01T21:40:00Z`` (``finished`` only
    once the game is over).
    """
    record: dict[str, Any] = {
        "kind": KIND,
        "format": FORMAT,
        "engine": __version__,
        "game": match.game,
        "players": match.players,
        "options": match.options,
        "seed": word_to_json(match.seed),
        "log": match.log,
        "names": list(names) if names is not None else [f"Seat {seat + 1}" for seat in range(match.players)],
        "result": match.result(),
        "bots": list(bots) if bots is not None else [None] * match.players,
        "mode": mode,
        "started": started,
        "finished": finished,
        "takebacks": [dict(entry) for entry in takebacks or []],
    }
    check_kind_and_format(record)
    read_fields(record)
    return record


def parse(text: str) -> Any:
    """The JSON value of a record file's text, parsed with the engine's limits (`BadRecord` if it is not JSON)."""
    if type(text) is not str:
        raise BadRecord("a record file must be text")
    if len(text) > MAX_RECORD_TEXT:
        raise BadRecord(f"a record file is at most {MAX_RECORD_TEXT} characters, not {len(text)}")
    try:
        return plain_json.loads(text)
    except ValueError as exc:
        raise BadRecord(f"not JSON: {exc}") from None


def _written_by(fields: RecordFields) -> str:
    return "" if fields.engine == __version__ else f" (the record was written by engine {fields.engine}; " \
                                                   f"this is {__version__})"


def _result_difference(given: dict[str, Any], replayed: dict[str, Any]) -> str | None:
    for key in sorted(set(given) | set(replayed)):
        if key not in given:
            return f"the record's result has no {key!r}"
        if key not in replayed:
            return f"the record's result has {key!r}, which the game does not give"
        if plain_json.canonical(given[key]) != plain_json.canonical(replayed[key]):
            return (f"the record's result was changed: its {key!r} is {plain_json.canonical(given[key])[:80]}, "
                    f"the replay gives {plain_json.canonical(replayed[key])[:80]}")
    return None


def _replay(fields: RecordFields) -> Match:
    try:
        match = new_match(fields.game, fields.players, fields.options, fields.seed)
    except (UnknownGame, BadOptions) as exc:
        raise BadRecord(str(exc)) from None
    for number, (seat, move) in enumerate(fields.log, 1):
        try:
            match.play(seat, move)
        except IllegalMove as exc:
            raise BadRecord(f"move {number} of the log (seat {seat}) was refused: {exc.reason}"
                            f"{_written_by(fields)}") from None
        except Exception as exc:  # a hostile move that trips a game's explanation
            raise BadRecord(f"move {number} of the log (seat {seat}) is not a legal move "
                            f"({type(exc).__name__}){_written_by(fields)}") from None
    return match


def validate(data: Any) -> Record:
    """Check a record (a decoded JSON value) completely and replay it; `BadRecord` says what is wrong.

    Checked in order: that it is a record at all (``kind``), its format (`NewerRecord` for a
    newer one), every field's shape, the game and options, every move of the log in turn, and
    that the record's result is exactly the replay's (``null`` exactly when the game is not over).
    """
    check_kind_and_format(data)
    fields = read_fields(data)
    match = _replay(fields)
    replayed = match.result()
    if fields.result is None and replayed is not None:
        raise BadRecord("the record says the game is unfinished, but its log ends it")
    if fields.result is not None and replayed is None:
        raise BadRecord(f"the record gives a result, but its log of {len(fields.log)} moves does not end the game")
    if fields.result is not None and replayed is not None:
        difference = _result_difference(fields.result, replayed)
        if difference:
            raise BadRecord(difference)
    return Record(fields, match)


def load(data: Any) -> Match:
    """The match a record replays to, after `validate` checked all of it (raises `BadRecord`)."""
    return validate(data).match
