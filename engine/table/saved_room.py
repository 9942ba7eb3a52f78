"""Checking a saved room (`Room.to_json` output) completely before it is brought back.

A saved room comes back from the host's browser storage, which a page (or a person with the
developer tools) can change. `read_saved_room` accepts it only when every part is one the table
could have written: the match passes `engine.restore` (its state is the replay of its log), the
seats agree with the match (one per player, each human or a known bot, the host's seat 0 human
and holding its credential), and the rest has its types and ranges. Otherwise `BadSnapshot` says
what is wrong and nothing is created.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import plain_json
from ..bots import BOTS
from ..match import Match
from ..snapshots import BadSnapshot
from .credentials import CODE_ALPHABET

SAVED_FORMAT = 1
SAVED_KEYS = frozenset({"format", "room", "match", "seats", "viewing_code", "last_action", "bot_delay"})
SEAT_KEYS = frozenset({"kind", "name", "bot", "credential"})
MAX_ROOM_ID = 128
MAX_NAME = 64
MAX_CREDENTIAL = 128
MAX_BOT_DELAY = 60.0


class SavedSeat(NamedTuple):
    """One seat as saved: its kind, name, bot (computer seats) and credential (a taken human seat)."""

    kind: str
    name: str
    bot: str | None
    credential: str | None


class SavedRoom(NamedTuple):
    """A saved room's parts, every one checked."""

    room: str
    match: Match
    seats: list[SavedSeat]
    viewing_code: str | None
    last_action: float
    bot_delay: float


def _number(value: Any, name: str, low: float, high: float) -> float:
    if type(value) not in (int, float) or not low <= value <= high:
        raise BadSnapshot(f"saved room: {name} must be a number from {low:g} to {high:g}")
    return float(value)


def read_seat(index: int, data: Any) -> SavedSeat:
    """One saved seat, checked on its own (`read_saved_room` checks the seats together)."""
    where = f"saved room: seat {index}"
    if type(data) is not dict or not set(data) <= SEAT_KEYS or "kind" not in data or "name" not in data:
        raise BadSnapshot(f"{where} must be an object of {', '.join(sorted(SEAT_KEYS))}")
    kind, name, bot, credential = data["kind"], data["name"], data.get("bot"), data.get("credential")
    if kind not in ("human", "bot"):
        raise BadSnapshot(f"{where}: kind must be human or bot")
    if type(name) is not str or not 0 < len(name) <= MAX_NAME:
        raise BadSnapshot(f"{where}: a name is text of 1 to {MAX_NAME} characters")
    if kind == "bot":
        if type(bot) is not str or bot not in BOTS:
            raise BadSnapshot(f"{where}: a computer seat names one of the bots {', '.join(BOTS)}")
        if credential is not None:
            raise BadSnapshot(f"{where}: a computer seat has no credential")
    else:
        if bot is not None:
            raise BadSnapshot(f"{where}: a human seat has no bot")
        if credential is not None and (type(credential) is not str or not 0 < len(credential) <= MAX_CREDENTIAL):
            raise BadSnapshot(f"{where}: a credential is text of 1 to {MAX_CREDENTIAL} characters")
    return SavedSeat(kind, name, bot, credential)


def read_saved_room(data: Any) -> SavedRoom:
    """The parts of a saved room, every one checked; `BadSnapshot` names the first that is wrong."""
    from .. import restore  # the engine's front door; loaded here so the table never imports upward at start

    if type(data) is not dict:
        raise BadSnapshot("a saved room must be a JSON object")
    reason = plain_json.problem(data)
    if reason:
        raise BadSnapshot(f"saved room: not plain JSON: {reason}")
    if type(data.get("format")) is not int or data["format"] != SAVED_FORMAT:
        raise BadSnapshot(f"not a saved room of format {SAVED_FORMAT}")
    if set(data) != SAVED_KEYS:
        wrong = sorted(set(data) ^ SAVED_KEYS)
        raise BadSnapshot(f"saved room: its fields are not a saved room's (see {', '.join(wrong)})")
    room = data["room"]
    if type(room) is not str or not 0 < len(room) <= MAX_ROOM_ID:
        raise BadSnapshot(f"saved room: the room id is text of 1 to {MAX_ROOM_ID} characters")
    try:
        match = restore(data["match"])
    except BadSnapshot as exc:
        raise BadSnapshot(f"saved room: its match: {exc}") from None
    raw_seats = data["seats"]
    if type(raw_seats) is not list or len(raw_seats) != match.players:
        raise BadSnapshot(f"saved room: {match.players} seats are needed for its match")
    seats = [read_seat(i, s) for i, s in enumerate(raw_seats)]
    if seats[0].kind != "human" or seats[0].credential is None:
        raise BadSnapshot("saved room: seat 0 is the host's seat: human, with its credential")
    taken = [s.credential for s in seats if s.credential is not None]
    if len(set(taken)) != len(taken):
        raise BadSnapshot("saved room: two seats hold the same credential")
    code = data["viewing_code"]
    if code is not None and (type(code) is not str or not 0 < len(code) <= 16
                             or any(c not in CODE_ALPHABET for c in code)):
        raise BadSnapshot("saved room: a viewing code is up to 16 letters and digits of the code alphabet")
    last_action = _number(data["last_action"], "last_action", 0.0, 1e15)
    bot_delay = _number(data["bot_delay"], "bot_delay", 0.0, MAX_BOT_DELAY)
    return SavedRoom(room, match, seats, code, last_action, bot_delay)
