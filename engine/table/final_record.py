"""At the end of a networked game, its whole record to every device at the table (issue 14).

A game record (docs/records.md) holds the seed and the whole move log, so it tells every hidden
draw of the game: it may leave the host only once the game is over. From then on it is safe for
anyone at the table, so `final_records` gives a ``record`` message to every device that holds a
seat and to every shared screen — once, when the last move is accepted, and again to a device
that comes back (resume, transfer, watch) after the end, so a phone that was offline at the end
still gets it. The host's own device is left out: the host page keeps the game from its saved
room (``mode: "hosted"``). Before the end `final_records` returns nothing, whatever it is asked.

The message::

    {"v": 1, "type": "record", "room": "<room id>", "record": {…a format-1 record…}}

with the seats' names and computers, ``mode: "joined"``, and ``finished``: the time the last
move was accepted on the host's clock (``started`` is not known to the table; a phone adds the
time it first saw the game, docs/records.md "At a phone table").
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .room import Room

MESSAGE_TYPE = "record"


def _iso(seconds: float) -> str:
    """A clock's seconds as the UTC text records carry (``2026-12-01T21:40:00.000Z``)."""
    moment = datetime.fromtimestamp(seconds, UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def room_record(room: Room) -> dict[str, Any]:
    """The record of the room's finished game, as `engine.records.from_match` writes it.

    Raises ``ValueError`` while the game is not over: a record before the end would hand every
    hidden card, tile and draw to whoever gets it.
    """
    if not room.match.is_over():
        raise ValueError("the game is not over: its record holds every hidden draw")
    # engine.records sits above the table in the engine's layers (docs/architecture.md): imported late
    from .. import records

    return records.from_match(
        room.match,
        names=[seat.name for seat in room.seats],
        bots=[seat.bot if seat.kind == "bot" else None for seat in room.seats],
        mode="joined",
        finished=_iso(room.last_action),
    )


def final_records(room: Room, devices: list[str] | None = None) -> list[dict[str, Any]]:
    """Outbox entries carrying the finished game's record: to ``devices`` (default: every device
    holding a seat and every shared screen), never to the host's own device; ``[]`` before the end."""
    if not room.match.is_over():
        return []
    targets = devices if devices is not None else [*room.devices, *sorted(room.screens)]
    targets = [d for d in targets if d != room.host_device and (d in room.devices or d in room.screens)]
    if not targets:
        return []
    message = {"v": 1, "type": MESSAGE_TYPE, "room": room.room_id, "record": room_record(room)}
    return [{"to": device, "message": message} for device in targets]
