"""The versioned JSON protocol between the page and the engine (docs/protocol.md).

`handle(text) -> text` is the whole interface: the Web Worker passes each request as a
JSON string and posts the returned string back. Bad input gets an error reply; nothing
here lets an exception escape, and every reply is valid JSON that JavaScript reads exactly
(no NaN, no integer beyond 2^53 that the engine wrote, nothing of the request echoed whole).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import GAMES, __version__, new_match, plain_json, restore
from .bots import BOTS, choose_move
from .errors import BadOptions, IllegalMove, UnknownGame
from .games.listing import compact
from .match import Match
from .table.clock import Clock, SystemClock

if TYPE_CHECKING:
    from .table.room import Room

VERSION = 1

MAX_REQUEST = 1 << 20
"""The longest request text taken, in characters (1 MiB; a saved room at a game's end is under 100 KB)."""

MAX_DEVICE_MESSAGE = 64 * 1024
"""The longest message from a device (``room_message``'s ``message`` as compact JSON), in characters;
the room refuses longer ones (`engine.table.limits.MAX_MESSAGE`, the same figure)."""

MAX_MESSAGE_TEXT = 400
"""Error messages are cut to this many characters (they may quote what was sent)."""

MAX_ID = 128
"""The longest string ``id`` echoed in a reply; a longer one, or an id that is not a string or a
number JavaScript holds exactly, is answered with ``"id": null``."""

Reply = dict[str, Any]


class ProtocolError(Exception):
    """A request the protocol refuses; ``code`` is one of docs/protocol.md's error codes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Session:
    """The matches one worker (or one test) holds, by handle."""

    def __init__(self, clock: Clock | None = None) -> None:
        self.matches: dict[str, Match] = {}
        self.rooms: dict[str, Room] = {}
        self.clock: Clock = clock or SystemClock()
        self._next = 1

    def add(self, match: Match) -> str:
        handle = f"m{self._next}"
        self._next += 1
        self.matches[handle] = match
        return handle

    def get(self, request: dict[str, Any]) -> Match:
        handle = _field(request, "match", str)
        if handle not in self.matches:
            raise ProtocolError("unknown_match", f"no match {handle!r} (it may have been dropped)")
        return self.matches[handle]


    def room(self, request: dict[str, Any]) -> Room:
        room_id = _field(request, "room", str)
        if room_id not in self.rooms:
            raise ProtocolError("unknown_room", f"no room {room_id!r} here")
        return self.rooms[room_id]


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    if name not in request:
        if optional:
            return None
        raise ProtocolError("bad_message", f"field {name!r} is missing")
    value = request[name]
    if optional and value is None:
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if type(value) not in kinds:
        names = " or ".join(k.__name__ for k in kinds)
        raise ProtocolError("bad_message", f"field {name!r} must be {names}")
    return value


def _viewer(request: dict[str, Any], match: Match) -> int | None:
    """The seat whose view is asked for; ``None`` (or absent) for the public view."""
    if request.get("seat") is None:
        return None
    return _seat(request, match)


def _seat(request: dict[str, Any], match: Match) -> int:
    """The acting seat named by the request."""
    seat: int = _field(request, "seat", int)
    if not 0 <= seat < match.players:
        raise ProtocolError("bad_message", f"there is no seat {seat} at this table of {match.players}")
    return seat


def _op_hello(session: Session, request: dict[str, Any]) -> Reply:
    return {"engine": __version__, "protocol": VERSION, "games": GAMES}


def _op_new_match(session: Session, request: dict[str, Any]) -> Reply:
    game = _field(request, "game", str)
    players = _field(request, "players", int)
    options = _field(request, "options", dict, optional=True)
    seed = _field(request, "seed", (int, str), optional=True)
    try:
        match = new_match(game, players, options, seed)
    except UnknownGame as exc:
        raise ProtocolError("unknown_game", str(exc)) from None
    except BadOptions as exc:
        raise ProtocolError("bad_options", str(exc)) from None
    return {"match": session.add(match)}


def _op_rematch(session: Session, request: dict[str, Any]) -> Reply:
    old = session.get(request)
    seed = _field(request, "seed", (int, str), optional=True)
    try:
        match = new_match(old.game, old.players, old.options, seed)
    except BadOptions as exc:
        raise ProtocolError("bad_options", str(exc)) from None
    return {"match": session.add(match), "options": match.options}


def _op_restore(session: Session, request: dict[str, Any]) -> Reply:
    snapshot = _field(request, "snapshot", dict)
    try:
        match = restore(snapshot)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError("bad_message", f"not a valid snapshot: {exc}") from None
    return {"match": session.add(match)}


def _op_state(session: Session, request: dict[str, Any]) -> Reply:
    match = session.get(request)
    seat = _viewer(request, match)
    return {
        "view": match.view(seat),
        "legal_moves": [] if seat is None else compact(match.legal_moves(seat)),
        "to_act": match.to_act(),
        "over": match.is_over(),
        "result": match.result(),
    }


def _op_play(session: Session, request: dict[str, Any]) -> Reply:
    match = session.get(request)
    seat = _seat(request, match)
    if "move" not in request:
        raise ProtocolError("bad_message", "field 'move' is missing")
    try:
        events = match.play(seat, request["move"])
    except IllegalMove as exc:
        raise ProtocolError("illegal_move", exc.reason) from None
    return {"events": events, "to_act": match.to_act(), "over": match.is_over()}


def _op_bot_move(session: Session, request: dict[str, Any]) -> Reply:
    match = session.get(request)
    seat = _seat(request, match)
    bot = _field(request, "bot", str)
    if bot not in BOTS:
        raise ProtocolError("bad_message", f"unknown bot {bot!r}: choose one of {', '.join(BOTS)}")
    if seat not in match.to_act():
        raise ProtocolError("illegal_move", f"it is not seat {seat}'s turn")
    return {"move": choose_move(match, seat, bot)}


def _op_snapshot(session: Session, request: dict[str, Any]) -> Reply:
    return {"snapshot": session.get(request).snapshot()}


def _op_drop(session: Session, request: dict[str, Any]) -> Reply:
    session.get(request)
    del session.matches[request["match"]]
    return {}


def _op_room_create(session: Session, request: dict[str, Any]) -> Reply:
    room_id = _field(request, "room", str)
    game = _field(request, "game", str)
    players = _field(request, "players", int)
    seats = _field(request, "seats", list)
    options = _field(request, "options", dict, optional=True)
    seed = _field(request, "seed", (int, str), optional=True)
    from .table.room import Room  # loaded on first use: single-device play never needs it

    try:
        match = new_match(game, players, options, seed)
        room, credential = Room.create(room_id, match, seats, session.clock)
    except UnknownGame as exc:
        raise ProtocolError("unknown_game", str(exc)) from None
    except (BadOptions, ValueError, AttributeError) as exc:
        raise ProtocolError("bad_options", str(exc)) from None
    session.rooms[room_id] = room
    return {"room": room_id, "credential": credential,
            "outbox": [{"to": room.host_device, "message": room.update_for(room.host_device)}]}


def _op_seat_names(session: Session, request: dict[str, Any]) -> Reply:
    """The names of a table's seats (``seats``: [{"kind", "bot", "name"}]) made safe to keep and
    show, the same way a phone table names them (engine/table/names.py): a local game asks too."""
    from .table.names import seat_names

    seats = _field(request, "seats", list)
    if not 0 < len(seats) <= 16 or any(type(s) is not dict for s in seats):
        raise ProtocolError("bad_options", "seats is a list of 1 to 16 objects {kind, bot, name}")
    return {"names": seat_names(seats)}


def _op_room_connect(session: Session, request: dict[str, Any]) -> Reply:
    return {"outbox": session.room(request).connect(_field(request, "device", str))}


def _op_room_disconnect(session: Session, request: dict[str, Any]) -> Reply:
    return {"outbox": session.room(request).disconnect(_field(request, "device", str))}


def _op_room_message(session: Session, request: dict[str, Any]) -> Reply:
    room = session.room(request)
    out = room.receive(_field(request, "device", str), request.get("message"))
    return {**room.reply(out), "next_tick": room.next_tick()}


def _op_room_tick(session: Session, request: dict[str, Any]) -> Reply:
    room = session.room(request)
    return {**room.reply(room.tick()), "next_tick": room.next_tick()}


def _op_room_viewing_code(session: Session, request: dict[str, Any]) -> Reply:
    return {"code": session.room(request).new_viewing_code()}


def _op_room_save(session: Session, request: dict[str, Any]) -> Reply:
    return {"saved": session.room(request).to_json()}


def _op_room_restore(session: Session, request: dict[str, Any]) -> Reply:
    from .table.room import Room

    saved = _field(request, "saved", dict)
    try:
        room = Room.from_json(saved, session.clock)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError("bad_message", f"not a saved room: {exc}") from None
    session.rooms[room.room_id] = room
    credential = room.seats[0].credential
    return {"room": room.room_id, "credential": credential, "paused": room.paused,
            "outbox": [{"to": room.host_device, "message": room.update_for(room.host_device)}]}


def _op_room_close(session: Session, request: dict[str, Any]) -> Reply:
    room = session.room(request)
    outbox = room.close(_field(request, "reason", str, optional=True) or "the host closed the table")
    del session.rooms[room.room_id]
    return {"outbox": outbox}


OPS: dict[str, Callable[[Session, dict[str, Any]], Reply]] = {
    "hello": _op_hello,
    "new_match": _op_new_match,
    "rematch": _op_rematch,
    "restore": _op_restore,
    "state": _op_state,
    "play": _op_play,
    "bot_move": _op_bot_move,
    "snapshot": _op_snapshot,
    "drop": _op_drop,
    "seat_names": _op_seat_names,
    "room_create": _op_room_create,
    "room_connect": _op_room_connect,
    "room_disconnect": _op_room_disconnect,
    "room_message": _op_room_message,
    "room_tick": _op_room_tick,
    "room_viewing_code": _op_room_viewing_code,
    "room_save": _op_room_save,
    "room_restore": _op_room_restore,
    "room_close": _op_room_close,
}

from .records.ops import RECORD_OPS  # noqa: E402  (game records: docs/records.md; ops.py imports ProtocolError lazily)

OPS.update(RECORD_OPS)

from .help import HELP_OPS  # noqa: E402  ("What can I do now?": engine/help.py, docs/accessibility.md)

OPS.update(HELP_OPS)


def _request_id(request: Any) -> Any:
    """The request's ``id`` if a reply may echo it (see `MAX_ID`), else ``None``."""
    rid = request.get("id") if type(request) is dict else None
    if type(rid) is str:
        return rid if len(rid) <= MAX_ID and plain_json.problem(rid) is None else None
    if type(rid) is int:
        return rid if abs(rid) <= plain_json.SAFE_INTEGER else None
    if type(rid) is float:
        return rid if plain_json.problem(rid) is None else None
    return None


def _error(rid: Any, code: str, message: str) -> Reply:
    if len(message) > MAX_MESSAGE_TEXT:
        message = message[: MAX_MESSAGE_TEXT - 1] + "…"
    return {"v": VERSION, "id": rid, "ok": False, "error": {"code": code, "message": message}}


def answer(session: Session, request: Any) -> Reply:
    """The reply (a dict) to one decoded request."""
    rid = _request_id(request)
    try:
        if type(request) is not dict:
            raise ProtocolError("bad_message", "a request must be a JSON object")
        reason = plain_json.problem(request)
        if reason:
            raise ProtocolError("bad_message", f"not a request the engine takes: {reason}")
        version = request.get("v")
        if type(version) is not int or version != VERSION:
            shown = version if type(version) in (int, float, bool) or version is None else type(version).__name__
            raise ProtocolError("unsupported_version", f"this engine speaks protocol version {VERSION}, not {shown!r}")
        op = request.get("op")
        if type(op) is not str or op not in OPS:
            shown = repr(op) if type(op) is str else f"(a {type(op).__name__}, not text)"
            raise ProtocolError("unknown_op", f"unknown op {shown}: expected one of {', '.join(OPS)}")
        body = OPS[op](session, request)
        return {"v": VERSION, "id": rid, "ok": True, **body}
    except ProtocolError as exc:
        return _error(rid, exc.code, exc.message)
    except Exception as exc:  # a bug: report it, keep the worker alive
        return _error(rid, "internal", f"{type(exc).__name__}: {exc}")


_SESSION = Session()


def handle(text: str, session: Session | None = None) -> str:
    """Answer one JSON request string with one JSON reply string (never raises)."""
    if type(text) is not str:
        return plain_json.dumps(_error(None, "bad_message", "a request must be JSON text"))
    if len(text) > MAX_REQUEST:
        return plain_json.dumps(_error(None, "too_large", f"a request is at most {MAX_REQUEST} characters, "
                                                          f"not {len(text)}"))
    try:
        request = plain_json.loads(text)
    except ValueError as exc:
        return plain_json.dumps(_error(None, "bad_message", f"not JSON: {exc}"))
    reply = answer(session or _SESSION, request)
    try:
        return plain_json.dumps_object(reply)
    except (TypeError, ValueError, RecursionError) as exc:  # a bug: the reply itself is not plain JSON
        return plain_json.dumps(_error(reply.get("id"), "internal", f"the reply could not be written: {exc}"))

from .bot_ops import BOT_OPS  # noqa: E402  (computer players' ops: docs/bots.md "In the browser"; bot_ops.py imports protocol lazily)

OPS.update(BOT_OPS)
