"""The worker protocol's record operations (docs/protocol.md, "Records"; docs/records.md).

`RECORD_OPS` maps each op name to a handler with the signature of `engine.protocol.OPS`'s
(``handler(session, request) -> reply fields``); engine/protocol.py adds them to its table. The
replays opened here live in this module (a worker holds one protocol session), at most
`MAX_REPLAYS` at a time, the oldest closed first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from .. import restore
from ..match import Match
from ..snapshots import BadSnapshot
from . import BadRecord, NewerRecord, from_match, parse, validate
from .replayer import Replayer, view_of
from .takeback import entry, plan, take_back

if TYPE_CHECKING:
    from ..protocol import Session

MAX_REPLAYS = 8
"""Replays kept open at once; opening one more closes the oldest."""

Reply = dict[str, Any]

_REPLAYS: dict[str, tuple[Replayer, int | None]] = {}
_NEXT = [1]


def _fail(code: str, message: str) -> NoReturn:
    # engine.protocol imports this module, so its error class is looked up when first needed
    from ..protocol import ProtocolError

    raise ProtocolError(code, message)


def _field(request: dict[str, Any], name: str, kind: type, optional: bool = False) -> Any:
    value = request.get(name)
    if value is None and optional:
        return None
    if name not in request:
        _fail("bad_message", f"field {name!r} is missing")
    if type(value) is not kind:
        _fail("bad_message", f"field {name!r} must be {kind.__name__}")
    return value


def _match(session: Session, request: dict[str, Any]) -> Match:
    handle = _field(request, "match", str)
    if handle not in session.matches:
        _fail("unknown_match", f"no match {handle!r} (it may have been dropped)")
    return session.matches[handle]


def _replay(request: dict[str, Any]) -> tuple[Replayer, int | None]:
    handle = _field(request, "replay", str)
    if handle not in _REPLAYS:
        _fail("unknown_replay", f"no replay {handle!r} (it may have been closed)")
    return _REPLAYS[handle]


def _seat_of(request: dict[str, Any], players: int, name: str = "seat") -> int | None:
    seat: int | None = _field(request, name, int, optional=True)
    if seat is not None and not 0 <= seat < players:
        _fail("bad_message", f"there is no seat {seat} at this table of {players}")
    return seat


def _op_record_open(session: Session, request: dict[str, Any]) -> Reply:
    """Validate a record by replaying it and open it for viewing: the import and the replay viewer.

    A file's text goes as ``text`` (parsed here with the engine's limits, so nothing a page's
    ``JSON.parse`` would round or drop reaches the check); a stored record as ``record``.
    """
    if ("record" in request) == ("text" in request):
        _fail("bad_message", "give the record as 'record' (an object) or as 'text' (a file's text), not both")
    try:
        record = validate(request["record"] if "record" in request else parse(_field(request, "text", str)))
    except NewerRecord as exc:
        _fail("newer_record", str(exc))
    except BadRecord as exc:
        _fail("bad_record", str(exc))
    fields = record.fields
    own = _seat_of(request, fields.players)
    replayer = Replayer(record)
    handle = f"r{_NEXT[0]}"
    _NEXT[0] += 1
    while len(_REPLAYS) >= MAX_REPLAYS:
        del _REPLAYS[next(iter(_REPLAYS))]
    _REPLAYS[handle] = (replayer, own)
    canonical = from_match(record.match, names=fields.names, bots=fields.bots, mode=fields.mode,
                           started=fields.started, finished=fields.finished, takebacks=fields.takebacks)
    return {"replay": handle, "record": canonical, "moves": replayer.moves, "events": replayer.events,
            "over": record.match.is_over(), "result": record.match.result()}


def _op_record_view(session: Session, request: dict[str, Any]) -> Reply:
    """The view at move ``at`` (0 = before the first move) for ``seat`` or the public (``null``)."""
    replayer, own = _replay(request)
    at = _field(request, "at", int)
    if not 0 <= at <= replayer.moves:
        _fail("bad_message", f"there is no move {at}: the record has moves 0 to {replayer.moves}")
    seat = _seat_of(request, replayer.fields.players)
    if seat is not None and seat != own and replayer.fields.result is None:
        _fail("not_allowed", "during a game only your own seat's view can be replayed")
    return {"at": at, **view_of(replayer.at(at), seat)}


def _op_record_match(session: Session, request: dict[str, Any]) -> Reply:
    """A match to play on from move ``at`` of a replay (default its end): resuming an unfinished game."""
    replayer, _own = _replay(request)
    at = _field(request, "at", int, optional=True)
    at = replayer.moves if at is None else at
    if not 0 <= at <= replayer.moves:
        _fail("bad_message", f"there is no move {at}: the record has moves 0 to {replayer.moves}")
    match = replayer.branch(at)
    return {"match": session.add(match), "to_act": match.to_act(), "over": match.is_over()}


def _op_record_close(session: Session, request: dict[str, Any]) -> Reply:
    handle = _field(request, "replay", str)
    _REPLAYS.pop(handle, None)
    return {}


def _op_record_of(session: Session, request: dict[str, Any]) -> Reply:
    """The record of a match the session holds (``match``) or of a snapshot (``snapshot``: a hosted
    table's saved match, checked by `engine.restore`), with the page's names, computers, mode and dates."""
    if "snapshot" in request:
        try:
            match = restore(request["snapshot"])
        except BadSnapshot as exc:
            _fail("bad_record", f"the snapshot: {exc}")
    else:
        match = _match(session, request)
    extra = {key: request.get(key) for key in ("names", "bots", "mode", "started", "finished", "takebacks")}
    try:
        record = from_match(match, **extra)
    except BadRecord as exc:
        _fail("bad_record", str(exc))
    return {"record": record}


def _takers(request: dict[str, Any], players: int) -> list[int]:
    """``seat`` (one seat) or ``seats`` (the people at a pass-and-play table): whose last move goes."""
    if ("seat" in request) == ("seats" in request):
        _fail("bad_message", "give 'seat' (a seat) or 'seats' (a list of seats), not both")
    if "seat" in request:
        seat = _seat_of(request, players)
        if seat is None:
            _fail("bad_message", "field 'seat' must be int")
        return [seat]
    seats = _field(request, "seats", list)
    if not seats or len(seats) > players or any(type(s) is not int or not 0 <= s < players for s in seats):
        _fail("bad_message", f"field 'seats' must list seats of this table of {players}")
    return list(seats)


def _op_takeback(session: Session, request: dict[str, Any]) -> Reply:
    """May the seat (or one of the seats) take back its last move? With ``"apply": true``, do it:
    a new match replaces the old one, which is dropped."""
    match = _match(session, request)
    seats = _takers(request, match.players)
    if _field(request, "apply", bool, optional=True):
        try:
            rebuilt, done = take_back(match, seats)
        except ValueError as exc:
            _fail("takeback_refused", str(exc))
        del session.matches[request["match"]]
        return {"allowed": True, "reason": None, "at": done.at, "removed": done.removed, "seat": done.seat,
                "match": session.add(rebuilt), "takeback": entry(done)}
    planned = plan(match, seats)
    return {"allowed": planned.allowed, "reason": planned.reason, "at": planned.at, "removed": planned.removed,
            "seat": planned.seat}


RECORD_OPS: dict[str, Callable[[Session, dict[str, Any]], Reply]] = {
    "record_open": _op_record_open,
    "record_view": _op_record_view,
    "record_match": _op_record_match,
    "record_close": _op_record_close,
    "record_of": _op_record_of,
    "takeback": _op_takeback,
}
"""The record ops by name, for engine/protocol.py's ``OPS``."""
