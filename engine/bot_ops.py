"""The worker protocol's computer-player operations (docs/protocol.md, "Computer players"; docs/bots.md,
"In the browser").

A computer seat at level ``hard`` thinks in a worker of its own (the *bot worker*, a second Pyodide
running the same engine), so that the table's worker keeps answering. The table's worker gives the
seat's input (`bot_input`, `room_bot_input`), the bot worker chooses from that input alone
(`bot_choose`), and a phone table's room takes the move back like any move (`room_bot_move`).
`room_tick` is answered as engine/protocol.py answers it, with ``bot_due`` added: the computer seat
whose move the host should bring now, or ``null``.

`BOT_OPS` maps each op name to a handler with the signature of `engine.protocol.OPS`'s
(``handler(session, request) -> reply fields``); engine/protocol.py adds them to its table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from .bots import BOTS, view_rng
from .errors import IllegalMove
from .rng import Rng, word_from_json

if TYPE_CHECKING:
    from .match import Match
    from .protocol import Session

Reply = dict[str, Any]

MAX_THINK_MS = 10_000
"""The longest thinking time a request may ask for, in milliseconds."""

MAX_ITERATIONS = 100_000
"""The most search iterations a request may ask for."""


def _refuse(code: str, message: str) -> NoReturn:
    from .protocol import ProtocolError  # protocol.py imports this module: loaded when used

    raise ProtocolError(code, message)


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    from .protocol import _field as field

    return field(request, name, kind, optional)


def _bot(request: dict[str, Any]) -> str:
    bot: str = _field(request, "bot", str)
    if bot not in BOTS:
        _refuse("bad_message", f"unknown bot {bot!r}: choose one of {', '.join(BOTS)}")
    return bot


def _budget(request: dict[str, Any]) -> tuple[float | None, int | None]:
    think_ms = _field(request, "think_ms", (int, float), optional=True)
    if think_ms is not None and not 0 < think_ms <= MAX_THINK_MS:
        _refuse("bad_message", f"think_ms must be more than 0 and at most {MAX_THINK_MS}")
    iterations = _field(request, "iterations", int, optional=True)
    if iterations is not None and not 0 < iterations <= MAX_ITERATIONS:
        _refuse("bad_message", f"iterations must be a whole number from 1 to {MAX_ITERATIONS}")
    return think_ms, iterations


def _input(match: Match, seat: int) -> Reply:
    """What a bot of ``seat`` decides from: its view, its legal moves and a seed made from the view."""
    moves = match.legal_moves(seat)
    if not moves:
        _refuse("illegal_move", f"seat {seat} has no move to make now")
    view = match.view(seat)
    return {"view": view, "moves": moves, "seed": view_rng(view, seat, match.moves_made).to_json()}


def _op_bot_input(session: Session, request: dict[str, Any]) -> Reply:
    """``{match, seat}`` → ``{view, moves, seed}`` for a seat the game waits on."""
    from .protocol import _seat

    match = session.get(request)
    seat = _seat(request, match)
    if seat not in match.to_act():
        _refuse("illegal_move", f"it is not seat {seat}'s turn")
    return _input(match, seat)


def _op_bot_choose(session: Session, request: dict[str, Any]) -> Reply:
    """``{bot, view, moves, seed, think_ms?, iterations?}`` → ``{move, ms}``: the bot's choice from
    that input alone (the bot worker holds no match)."""
    bot = _bot(request)
    view = _field(request, "view", dict)
    moves = _field(request, "moves", list)
    seed = _field(request, "seed", str)
    think_ms, iterations = _budget(request)
    if not moves:
        _refuse("bad_message", "moves must list at least one move")
    if not all(type(m) is dict for m in moves):
        _refuse("bad_message", "every move is an object")
    if type(view.get("game")) is not str or type(view.get("seat")) is not int:
        _refuse("bad_message", "the view must name its game and seat")
    try:
        rng = Rng(word_from_json(seed))
    except ValueError as exc:
        _refuse("bad_message", f"seed: {exc}")
    started = time.perf_counter()
    try:
        move = BOTS[bot](view, moves, rng, think_ms=think_ms, iterations=iterations)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        _refuse("bad_message", f"the bot could not read that view: {type(exc).__name__}: {exc}")
    if move not in moves:  # a bot's bug: never hand back a move that was not listed
        _refuse("internal", "the bot chose a move that was not listed")
    return {"move": move, "ms": round((time.perf_counter() - started) * 1000, 1)}


def _op_room_tick(session: Session, request: dict[str, Any]) -> Reply:
    """engine/protocol.py's ``room_tick`` with ``bot_due``: ``{seat, bot}`` or ``null`` (`Room.bot_wanted`)."""
    room = session.room(request)
    return {**room.reply(room.tick()), "next_tick": room.next_tick(), "bot_due": room.bot_wanted()}


def _op_room_bot_input(session: Session, request: dict[str, Any]) -> Reply:
    """``{room, seat}`` → ``{view, moves, seed, bot}`` for the computer seat the room waits on."""
    room = session.room(request)
    seat = _field(request, "seat", int)
    due = room.bot_wanted()
    if due is None or due["seat"] != seat:
        _refuse("illegal_move", f"the table does not wait on a move from computer seat {seat} now")
    return {**_input(room.match, seat), "bot": due["bot"]}


def _op_room_bot_move(session: Session, request: dict[str, Any]) -> Reply:
    """``{room, seat, move}`` → ``{outbox}``: a computer seat's move brought from the bot worker,
    checked like any move (a computer seat the game waits on, a listed move)."""
    room = session.room(request)
    seat = _field(request, "seat", int)
    if "move" not in request:
        _refuse("bad_message", "field 'move' is missing")
    try:
        return room.reply(room.bot_move(seat, request["move"]))
    except ValueError as exc:
        _refuse("illegal_move", str(exc))
    except IllegalMove as exc:
        _refuse("illegal_move", exc.reason)


BOT_OPS: dict[str, Callable[[Session, dict[str, Any]], Reply]] = {
    "bot_input": _op_bot_input,
    "bot_choose": _op_bot_choose,
    "room_tick": _op_room_tick,
    "room_bot_input": _op_room_bot_input,
    "room_bot_move": _op_room_bot_move,
}
"""Op name → handler; engine/protocol.py adds these to its table (``room_tick`` replaces its own)."""
