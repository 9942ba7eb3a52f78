"""A room: one match, its seats (human or computer), the devices at the table, and the host
as the single authority.

Every message from a device is checked — its rate and size, shape, protocol version,
credential, that it is this seat's move, that it is not stale — and refused with a reason
otherwise; a refusal changes nothing. A move is applied only together with everything that
follows from it (every device's update and the saved room): if any of that cannot be made,
the move is undone and refused. One device holds at most one seat. Each device receives
only its own seat's view (or, for a shared screen, the public view). `Room.receive`,
`connect`, `disconnect` and `tick` return the outbox: a list of ``{"to": device, "message":
{...}}`` for the host page to send as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import plain_json
from ..bots import BOTS, choose_move
from ..errors import IllegalMove
from ..games.base import Event, Move
from ..games.help_words import describe
from ..games.listing import compact
from ..match import Match
from .clock import Clock
from .credentials import new_code, new_credential, same
from .final_record import final_records
from .limits import MAX_MESSAGE, RateLimit
from .names import clean_name, human_default, seat_names
from .policies import ROOM_IDLE_SECONDS, TRANSFER_CODE_SECONDS, TablePolicy, policy_for
from .saved_room import MAX_ROOM_ID, read_saved_room

VERSION = 1
OUTBOX_PLAN: plain_json.Plan = {"*": {"message": {"view": {"seats": {"*": None}}}}}
"""How a move's outbox is written (`plain_json.dumps_shared`): each update's view key by key and its
seats one by one, so that what the updates share (`Room._updates`) is written once."""
BOT_DELAY = 0.6  # seconds a computer seat "thinks" before its move shows
OUTSIDE_BOTS = frozenset({"hard"})
"""Computer levels whose move the host brings from its bot worker (`Room.bot_wanted`, `Room.bot_move`)."""
OUTSIDE_BOT_WAIT = 20.0
"""Seconds the room waits for an outside computer move before the seat plays at normal level itself."""
MAX_REF = 64  # a message's "ref" is echoed only if it is text this short or a safe integer

Outbox = list[dict[str, Any]]


@dataclass
class Seat:
    """One seat at the table."""

    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    credential: str | None = None
    device: str | None = None
    connected: bool = False

    def public(self, index: int, screen_on: bool = False) -> dict[str, Any]:
        return {"seat": index, "kind": self.kind, "name": self.name, "bot": self.bot,
                "taken": self.credential is not None or self.kind == "bot", "connected": self.connected}


@dataclass
class Room:
    """The host's room. Seat 0 is the host's own seat, claimed by ``host_device``."""

    room_id: str
    match: Match
    seats: list[Seat]
    clock: Clock
    host_device: str = "host"
    bot_delay: float = BOT_DELAY
    viewing_code: str | None = None
    screens: set[str] = field(default_factory=set)
    devices: dict[str, int] = field(default_factory=dict)  # device → seat it holds
    last_action: float = 0.0
    bot_due: float | None = None
    deadlines: dict[int, float] = field(default_factory=dict)  # seat → when its time runs out
    transfer_codes: dict[str, list[Any]] = field(default_factory=dict)  # code → [seat, expires at]
    paused: bool = False
    closed: str | None = None  # why the room closed, once it has
    limits: RateLimit = field(default_factory=RateLimit)
    # the JSON texts `_play` wrote for the last accepted move's outbox (its `value`) and for the
    # room after it, with the outbox's length then (`reply`)
    _last_written: tuple[plain_json.Written, int, plain_json.Written] | None = field(
        default=None, init=False, repr=False, compare=False)
    # the listings (`compact`'s lists) the last accepted move's updates carried, each with its JSON
    # text: a seat whose listing another seat's move left as it was gets the very same list again
    # (`LatestListings`), and its text is not written again (`_play`). Kept here, each list stays
    # alive, so no other object can take its id while its text is known
    _listing_texts: list[tuple[Any, str]] = field(default_factory=list, init=False, repr=False, compare=False)

    @property
    def policy(self) -> TablePolicy:
        """This game's table rules."""
        return policy_for(self.match.game)

    def _timer_on(self) -> bool:
        humans = sum(1 for s in self.seats if s.kind == "human")
        return self.policy.turn_seconds is not None and humans >= self.policy.timer_min_humans

    @classmethod
    def create(cls, room_id: str, match: Match, seats: list[dict[str, Any]], clock: Clock,
               host_device: str = "host", bot_delay: float = BOT_DELAY) -> tuple[Room, str]:
        """A new room; returns it and the host seat's credential (``ValueError`` with a reason otherwise)."""
        if type(room_id) is not str or not 0 < len(room_id) <= MAX_ROOM_ID:
            raise ValueError(f"a room id is text of 1 to {MAX_ROOM_ID} characters")
        if type(seats) is not list or len(seats) != match.players:
            raise ValueError(f"{match.players} seats are needed")
        built = []
        for i, spec in enumerate(seats):  # names: cleaned below (engine/table/names.py), never trusted
            if type(spec) is not dict:
                raise ValueError(f"seat {i}: a seat is an object with its kind, name and bot")
            kind = spec.get("kind", "human")
            if kind not in ("human", "bot"):
                raise ValueError(f"seat {i}: kind must be human or bot")
            bot = spec.get("bot", "greedy") if kind == "bot" else None
            if bot is not None and (type(bot) is not str or bot not in BOTS):
                raise ValueError(f"seat {i}: the bot must be one of {', '.join(BOTS)}")
            name = spec.get("name")
            if name is not None and type(name) is not str:
                raise ValueError(f"seat {i}: a name is text")
            built.append(Seat(kind, "", bot))
        specs = [{"kind": s.kind, "bot": s.bot, "name": spec.get("name")} for s, spec in zip(built, seats, strict=True)]
        for seat, name in zip(built, seat_names(specs), strict=True):
            seat.name = name
        if built[0].kind != "human":
            raise ValueError("seat 0 is the host's seat and must be human")
        room = cls(room_id, match, built, clock, host_device, bot_delay)
        credential = new_credential()
        room.seats[0].credential = credential
        room.seats[0].device = host_device
        room.seats[0].connected = True
        room.devices[host_device] = 0
        room.last_action = clock.now()
        room._schedule()
        return room, credential

    # ----- what devices receive -------------------------------------------------------

    def _seats_public(self) -> list[dict[str, Any]]:
        return [s.public(i) for i, s in enumerate(self.seats)]

    def lobby(self) -> dict[str, Any]:
        """The room as a device that has not joined sees it: game and seats, no view."""
        return {"v": VERSION, "type": "lobby", "room": self.room_id, "game": self.match.game,
                "options": self.match.options, "seats": self._seats_public(), "screen": bool(self.screens)}

    def update_for(self, device: str, events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The update one device gets: its seat's view and moves, or the public view; a seat's
        also carries "What can I do now?" (`help`: engine/help.py's words for its listing)."""
        return self._updates([device], events)[0]

    def _updates(self, devices: list[str], events: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        """`update_for` of each of ``devices``, built together: their views come from one
        `Match.views`, and the parts they carry alike are the same objects (read-only), which
        `plain_json.dumps_shared` writes once (`OUTBOX_PLAN`)."""
        seats = [self.devices.get(device) for device in devices]
        views = self.match.views(seats)
        events = events or []
        public = self._seats_public()
        screen = bool(self.screens)
        over = self.match.is_over()
        timers = self.timers()
        out = []
        for seat, view in zip(seats, views, strict=True):
            legal = self.match.legal_moves(seat) if seat is not None else []
            out.append({
                "v": VERSION, "type": "update", "room": self.room_id, "game": self.match.game,
                "seat": seat,
                "view": view,
                "legal_moves": compact(legal),
                "help": describe(self.match.game, legal) if seat is not None else None,
                "version": self.match.moves_made,
                "events": events,
                "seats": public,
                "screen": screen,
                "over": over,
                "paused": self.paused,
                "timers": timers,
            })
        return out

    def timers(self) -> dict[str, float]:
        """Seconds left per timed seat (as text keys, JSON objects), for the countdowns."""
        now = self.clock.now()
        return {str(seat): max(0.0, round(due - now, 1)) for seat, due in sorted(self.deadlines.items())}

    def _broadcast(self, events: list[dict[str, Any]]) -> Outbox:
        devices = [*self.devices, *self.screens]
        return [{"to": d, "message": update} for d, update in zip(devices, self._updates(devices, events), strict=True)]

    def _notice(self, text: str, kind: str, seat: int | None, exclude: str | None = None,
                only: str | None = None) -> Outbox:
        message = {"v": VERSION, "type": "notice", "kind": kind, "seat": seat, "text": text,
                   "seats": self._seats_public(), "screen": bool(self.screens)}
        targets = [d for d in list(self.devices) + list(self.screens) if d != exclude and only in (None, d)]
        return [{"to": d, "message": message} for d in targets]

    @staticmethod
    def _refuse(device: str, code: str, reason: str, ref: Any = None) -> Outbox:
        message = {"v": VERSION, "type": "refused", "code": code, "reason": reason, "ref": ref}
        return [{"to": device, "message": message}]

    # ----- connections -------------------------------------------------------------------

    def connect(self, device: str) -> Outbox:
        """A device opened a connection: it sees the lobby until it joins, resumes or watches."""
        return [{"to": device, "message": self.lobby()}]

    def disconnect(self, device: str) -> Outbox:
        """A device's connection dropped: its seat shows as offline; the others are told."""
        self.limits.forget(device)
        if device in self.screens:
            self.screens.discard(device)
            return self._notice("The shared screen disconnected.", "screen_lost", None)
        seat = self.devices.pop(device, None)
        if seat is None:
            return []
        self.seats[seat].connected = False
        self.seats[seat].device = None
        return self._notice(f"{self.seats[seat].name} disconnected.", "seat_lost", seat)

    def new_viewing_code(self) -> str:
        """A code for a shared screen to enter (replaces any earlier one)."""
        self.viewing_code = new_code()
        return self.viewing_code

    # ----- inbound messages --------------------------------------------------------------

    def receive(self, device: str, message: Any) -> Outbox:
        """Check and carry out one message from a device."""
        if not self.limits.allow(device, self.clock.now()):
            return self._refuse(device, "rate_limited", "too many messages from this device: wait a moment")
        try:
            size = len(plain_json.dumps(message))
        except (TypeError, ValueError, RecursionError):
            return self._refuse(device, "bad_message", "a message must be plain JSON")
        if size > MAX_MESSAGE:
            return self._refuse(device, "too_large", f"a message is at most {MAX_MESSAGE // 1024} KB")
        if type(message) is not dict:
            return self._refuse(device, "bad_message", "a message must be a JSON object")
        reason = plain_json.problem(message)
        if reason:
            return self._refuse(device, "bad_message", f"not a message the table takes: {reason}")
        ref = _echoable(message.get("ref"))
        version = message.get("v")
        if type(version) is not int or version != VERSION:
            return self._refuse(device, "unsupported_version", f"this table speaks version {VERSION}", ref)
        if self.closed is not None:
            return self._refuse(device, "closed", f"this table has closed: {self.closed}", ref)
        kind = message.get("type")
        if type(kind) is not str:
            return self._refuse(device, "bad_message", "a message names its type as text", ref)
        handler = {"join": self._join, "resume": self._resume, "watch": self._watch,
                   "move": self._move, "leave": self._leave, "step": self._step,
                   "transfer_code": self._transfer_code, "transfer": self._transfer,
                   "resume_game": self._resume_game, "rename": self._rename}.get(kind)
        if handler is None:
            return self._refuse(device, "bad_message", f"unknown message type {kind[:40]!r}", ref)
        return handler(device, message, ref)

    def _credential_seat(self, message: dict[str, Any]) -> int | None:
        credential = message.get("credential")
        if type(credential) is not str:
            return None
        for i, seat in enumerate(self.seats):
            if seat.credential is not None and same(seat.credential, credential):
                return i
        return None

    def _join(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        seat = message.get("seat")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            return self._refuse(device, "bad_message", "choose a seat by its number", ref)
        if self.seats[seat].kind != "human":
            return self._refuse(device, "seat_taken", f"seat {seat + 1} is a computer seat", ref)
        if self.seats[seat].credential is not None:
            return self._refuse(device, "seat_taken", f"seat {seat + 1} is already taken", ref)
        if device in self.devices:
            return self._refuse(device, "seat_taken", "this device already holds a seat", ref)
        if device in self.screens:
            return self._refuse(device, "seat_taken", "this device is the shared screen", ref)
        credential = new_credential()
        self.seats[seat].name = clean_name(message.get("name"), human_default(seat))
        return self._bind(device, seat, credential, ref, "joined")

    def _rename(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        """A seat's own device changes the seat's name (cleaned like a joining name); everyone is told."""
        seat = self._credential_seat(message)
        if seat is None or self.devices.get(device) != seat:
            return self._refuse(device, "bad_credential", "only the seat's own device can change its name", ref)
        target = self.seats[seat]
        old, target.name = target.name, clean_name(message.get("name"), target.name)
        if target.name == old:
            return self._notice(f"{old} kept the name.", "renamed", seat, only=device)
        return self._notice(f"{old} is now called {target.name}.", "renamed", seat)

    def _resume(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        seat = self._credential_seat(message)
        if seat is None:
            return self._refuse(device, "bad_credential", "that seat credential is not valid at this table", ref)
        refusal = self._may_take(device, seat, ref)
        if refusal:
            return refusal
        old = self.seats[seat].device
        out: Outbox = []
        if old is not None and old != device:
            self.devices.pop(old, None)
            out += self._refuse(old, "seat_moved", "this seat was reclaimed on another device")
        return out + self._bind(device, seat, self.seats[seat].credential or "", ref, "resumed")

    def _may_take(self, device: str, seat: int, ref: Any) -> Outbox:
        """A refusal if ``device`` may not take ``seat`` (the host's device keeps the host's seat 0 and
        no other device takes it; the shared screen takes none), else nothing."""
        if device == self.host_device and seat != 0:
            return self._refuse(device, "seat_taken", "the host's device keeps the host's seat", ref)
        if seat == 0 and device != self.host_device:
            return self._refuse(device, "seat_taken", "seat 1 is the host's own seat, on the host's device", ref)
        if device in self.screens:
            return self._refuse(device, "seat_taken", "this device is the shared screen", ref)
        return []

    def _release(self, device: str, keep: int) -> Outbox:
        """Free the seat ``device`` holds unless it is ``keep`` (one device holds one seat)."""
        held = self.devices.get(device)
        if held is None or held == keep:
            return []
        del self.devices[device]
        self.seats[held].device = None
        self.seats[held].connected = False
        return self._notice(f"{self.seats[held].name} disconnected.", "seat_lost", held, exclude=device)

    def _bind(self, device: str, seat: int, credential: str, ref: Any, how: str) -> Outbox:
        released = self._release(device, seat)
        target = self.seats[seat]
        target.credential = credential
        target.device = device
        target.connected = True
        self.devices[device] = seat
        welcome = {"v": VERSION, "type": "seated", "room": self.room_id, "seat": seat,
                   "credential": credential, "how": how, "ref": ref}
        out = [{"to": device, "message": welcome}, {"to": device, "message": self.update_for(device)}]
        out += final_records(self, [device])  # a game that ended while this device was away: its record
        return released + out + self._notice(f"{target.name} is at the table.", "seat_joined", seat, exclude=device)

    def _watch(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        code = message.get("code")
        if self.viewing_code is None or type(code) is not str or not same(code.strip().upper(), self.viewing_code):
            return self._refuse(device, "bad_code", "that viewing code is not valid for this table", ref)
        if device in self.devices:
            return self._refuse(device, "seat_taken", "this device holds a seat; a shared screen is another device",
                                ref)
        self.screens.add(device)
        out = [{"to": device, "message": {"v": VERSION, "type": "watching", "room": self.room_id, "ref": ref}},
               {"to": device, "message": self.update_for(device)}, *final_records(self, [device])]
        return out + self._notice("A shared screen is showing the table.", "screen_joined", None, exclude=device)

    def _leave(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        seat = self._credential_seat(message)
        if seat is None or self.devices.get(device) != seat:
            return self._refuse(device, "bad_credential", "only the seat's own device can leave it", ref)
        self.devices.pop(device, None)
        target = self.seats[seat]
        target.credential = target.device = None
        target.connected = False
        out = self._notice(f"{target.name} left the table.", "seat_left", seat)
        if not any(s.kind == "human" and s.credential is not None for s in self.seats):
            out += self.close("the last player left")
        return out

    def _move(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        seat = self._credential_seat(message)
        if seat is None:
            return self._refuse(device, "bad_credential", "that seat credential is not valid at this table", ref)
        if self.devices.get(device) != seat:
            return self._refuse(device, "bad_credential", "this device does not hold that seat: reclaim it first", ref)
        version = message.get("version")
        if type(version) is not int:
            return self._refuse(device, "bad_message", "a move names the table version it was made at", ref)
        if self._stale(seat, version):
            return self._refuse(device, "stale", "the table has moved on since: look again and retry", ref)
        if "move" not in message:
            return self._refuse(device, "bad_message", "a move message carries a 'move'", ref)
        if self.paused:
            return self._refuse(device, "paused", "the game is paused until the host resumes it", ref)
        if not self.match.legal_moves(seat):
            # a seat may act out of turn when its game lists moves for it (Stars' stardust)
            return self._refuse(device, "illegal_move", "it is not your turn", ref)
        try:
            out = self._play(seat, message["move"])
        except IllegalMove as refused:
            return self._refuse(device, "illegal_move", refused.reason, ref)
        self.limits.refund(device)  # accepted moves are bounded by the game, not by the rate
        return out

    def _stale(self, seat: int, version: int) -> bool:
        """A move is stale when it was made on a view older than the seat's own last move
        (a double tap, a resent message). Other seats' moves in between do not make it
        stale — at a simultaneous phase each seat acts at its own pace — and the engine
        still judges whether it is legal now."""
        if not 0 <= version <= self.match.moves_made:
            return True
        return seat in self.match.seats_since(version)

    def _play(self, seat: int, move: Move, lead: list[Event] | None = None) -> Outbox:
        """Apply ``move`` for ``seat`` with all that follows — the timers, every device's update and
        the saved room — as one step: if any of it cannot be made, the move is undone and refused
        (`IllegalMove`). A refused move changes nothing either."""
        timing = (dict(self.deadlines), self.bot_due, self.last_action)
        events = self.match.play(seat, move)
        try:
            out = self._accepted([*(lead or []), *events], acted=seat)
            known = {id(listing): text for listing, text in self._listing_texts}
            text = plain_json.dumps_shared(out, OUTBOX_PLAN, known)
            self._listing_texts = [(listing, known[id(listing)]) for listing in _listings(out)]
            saved = self.to_json()
            saved_text = plain_json.dumps(saved)
        except Exception as exc:  # a bug after the move: undo it rather than let the table diverge
            self._undo_last_move()
            self.deadlines, self.bot_due, self.last_action = timing
            name = type(exc).__name__
            raise IllegalMove(f"the table could not carry out that move ({name}): it was undone") from None
        self._last_written = (plain_json.Written(out, text), len(out), plain_json.Written(saved, saved_text))
        return out

    def reply(self, out: Outbox) -> dict[str, Any]:
        """The reply fields for ``out``: ``{"outbox"}``, and when ``out`` is what the last accepted
        move sent, ``"saved"`` too, the room after it (what `to_json` gives now, for the host to
        store before any device sees the move). Both are the texts `_play` wrote to check them,
        put into the reply as they are (`plain_json.dumps_object`), not written again."""
        last, self._last_written = self._last_written, None
        # every caller of `_play` hands its outbox back as it is; one that added to it would not
        # have its additions in the text, so a longer outbox is written afresh
        if last is not None and last[0].value is out and last[1] == len(out):
            return {"outbox": last[0], "saved": last[2]}
        return {"outbox": out}

    def _undo_last_move(self) -> None:
        self.match = self.match.replayed(-1)

    def _accepted(self, events: list[dict[str, Any]], acted: int | None = None) -> Outbox:
        self.last_action = self.clock.now()
        if acted is not None:
            self.deadlines.pop(acted, None)
        self._schedule()
        return self._broadcast(events) + final_records(self)  # the game's record once it is over

    # ----- the host's commands -----------------------------------------------------------

    def _host_seat(self, device: str, message: dict[str, Any]) -> bool:
        return self._credential_seat(message) == 0 and self.devices.get(device) == 0

    def _step(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        """The host has a bot play one move for an offline seat (Guild's table)."""
        if not self._host_seat(device, message):
            return self._refuse(device, "bad_credential", "only the host can play a step for another seat", ref)
        if not self.policy.host_may_step_offline:
            return self._refuse(device, "not_allowed",
                                "at this game's table missed turns are handled by the timer", ref)
        seat = message.get("seat")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            return self._refuse(device, "bad_message", "name the seat to play a step for", ref)
        if self.seats[seat].kind != "human" or self.seats[seat].connected:
            return self._refuse(device, "not_allowed", "a step can be played only for an offline player", ref)
        if self.paused:
            return self._refuse(device, "paused", "the game is paused until the host resumes it", ref)
        if seat not in self.match.to_act():
            return self._refuse(device, "illegal_move", f"it is not {self.seats[seat].name}'s turn", ref)
        try:
            return self._play(seat, choose_move(self.match, seat, self.policy.timeout_bot),
                              [{"type": "host_step", "seat": seat}])
        except IllegalMove as refused:
            return self._refuse(device, "illegal_move", refused.reason, ref)

    def _resume_game(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        """The host resumes a game that came back paused after a restart."""
        if not self._host_seat(device, message):
            return self._refuse(device, "bad_credential", "only the host can resume the game", ref)
        self.paused = False
        self.deadlines = {}
        self._schedule()
        return self._broadcast([{"type": "resumed"}])

    # ----- moving a seat to another device -------------------------------------------------

    def _transfer_code(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        """A one-use code, valid 10 minutes, that moves this seat to another device."""
        seat = self._credential_seat(message)
        if seat is None or self.devices.get(device) != seat:
            return self._refuse(device, "bad_credential", "only the seat's own device can make its transfer code", ref)
        now = self.clock.now()
        self.transfer_codes = {c: v for c, v in self.transfer_codes.items() if v[0] != seat and v[1] > now}
        code = new_code(8)
        self.transfer_codes[code] = [seat, now + TRANSFER_CODE_SECONDS]
        return [{"to": device, "message": {"v": VERSION, "type": "transfer_code", "code": code,
                                           "expires_in": TRANSFER_CODE_SECONDS, "ref": ref}}]

    def _transfer(self, device: str, message: dict[str, Any], ref: Any) -> Outbox:
        code = message.get("code")
        if type(code) is not str:
            return self._refuse(device, "bad_code", "enter the transfer code from your other device", ref)
        code = code.strip().upper()
        entry = None
        for known, value in self.transfer_codes.items():
            if same(known, code):
                entry = value
                del self.transfer_codes[known]
                break
        if entry is None:
            return self._refuse(device, "bad_code", "that transfer code is wrong or was already used", ref)
        seat, expires = entry
        if self.clock.now() > expires:
            return self._refuse(device, "bad_code", "that transfer code has expired (codes last 10 minutes)", ref)
        refusal = self._may_take(device, seat, ref)
        if refusal:
            return refusal
        out: Outbox = []
        old = self.seats[seat].device
        if old is not None:
            self.devices.pop(old, None)
            out += self._refuse(old, "seat_moved", "this seat was moved to another device with a transfer code")
        return out + self._bind(device, seat, new_credential(), ref, "transferred")

    # ----- closing, saving and restoring ---------------------------------------------------

    def close(self, reason: str) -> Outbox:
        """Close the room; every device is told. The host then deletes its stored data."""
        self.closed = reason
        message = {"v": VERSION, "type": "closed", "reason": reason}
        out = [{"to": d, "message": message} for d in list(self.devices) + list(self.screens)]
        self.deadlines = {}
        self.bot_due = None
        return out

    def to_json(self) -> dict[str, Any]:
        """Everything needed to bring the room back after the host restarts (kept by the host only)."""
        return {
            "format": 1,
            "room": self.room_id,
            "match": self.match.snapshot(),
            "seats": [{"kind": s.kind, "name": s.name, "bot": s.bot, "credential": s.credential} for s in self.seats],
            "viewing_code": self.viewing_code,
            "last_action": self.last_action,
            "bot_delay": self.bot_delay,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], clock: Clock, host_device: str = "host") -> Room:
        """The room as it was saved, paused until the host resumes it; nobody is connected yet.

        The saved room is checked completely first (`read_saved_room`): a changed one raises
        `engine.BadSnapshot` with the reason, and no room is made.
        """
        saved = read_saved_room(data)
        seats = [Seat(s.kind, clean_name(s.name, human_default(i)), s.bot, s.credential)
                 for i, s in enumerate(saved.seats)]
        room = cls(saved.room, saved.match, seats, clock, host_device, saved.bot_delay)
        room.viewing_code = saved.viewing_code
        room.last_action = saved.last_action
        room.paused = not room.match.is_over()
        room.seats[0].device = host_device
        room.seats[0].connected = True
        room.devices[host_device] = 0
        return room

    # ----- computer seats ----------------------------------------------------------------

    def _bot_to_act(self) -> int | None:
        """The first computer seat the game waits on (seats that only may act are left be)."""
        for seat in self.match.waiting_for():
            if self.seats[seat].kind == "bot":
                return seat
        return None

    def _schedule(self) -> None:
        """Plan the next computer move and the timed seats' deadlines."""
        if self.paused or self.closed is not None or self.match.is_over():
            self.bot_due = None
            self.deadlines = {}
            return
        self.bot_due = None if self._bot_to_act() is None else self.clock.now() + self.bot_delay
        acting = set(self.match.waiting_for())
        self.deadlines = {seat: due for seat, due in self.deadlines.items() if seat in acting}
        if self._timer_on():
            for seat in acting:
                if self.seats[seat].kind == "human" and seat not in self.deadlines:
                    self.deadlines[seat] = self.clock.now() + (self.policy.turn_seconds or 0)

    def tick(self) -> Outbox:
        """Time passes: a computer seat plays after its pause; a seat out of time has a bot
        make that one decision; a room idle for 24 hours closes."""
        if self.closed is not None:
            return []
        now = self.clock.now()
        if now - self.last_action >= ROOM_IDLE_SECONDS:
            return self.close("24 hours passed without an action")
        if self.paused:
            return []
        for seat, due in sorted(self.deadlines.items()):
            if now >= due and seat in self.match.to_act():
                move = choose_move(self.match, seat, self.policy.timeout_bot)
                try:
                    return self._play(seat, move, [{"type": "timeout", "seat": seat}])
                except IllegalMove:  # a bot's bug: the seat keeps its turn, nobody else is held up
                    self.deadlines.pop(seat, None)
                    return []
        if self.bot_due is None or now < self.bot_due:
            return []
        bot_seat = self._bot_to_act()
        if bot_seat is None:
            self.bot_due = None
            return []
        bot = self.seats[bot_seat].bot or "greedy"
        if bot in OUTSIDE_BOTS:
            if now < self.bot_due + OUTSIDE_BOT_WAIT:
                return []  # the host's bot worker brings this move (bot_move)
            bot = self.policy.timeout_bot  # it did not: play on at normal strength
        try:
            return self._play(bot_seat, choose_move(self.match, bot_seat, bot))
        except IllegalMove:  # a bot's bug: try again at the next tick rather than stop the table
            self.bot_due = self.clock.now() + self.bot_delay
            return []

    def next_tick(self) -> float | None:
        """Seconds until `tick` has something to do (None: nothing is scheduled)."""
        times = list(self.deadlines.values())
        if self.bot_due is not None:
            times.append(self.bot_due + OUTSIDE_BOT_WAIT if self.bot_wanted() else self.bot_due)
        if not times or self.paused or self.closed is not None:
            return None
        return max(0.0, min(times) - self.clock.now())


    # ----- computer seats whose move comes from outside (the host's bot worker) ----------

    def bot_wanted(self) -> dict[str, Any] | None:
        """``{"seat", "bot"}`` when a computer seat of an `OUTSIDE_BOTS` level is due and the host
        should bring its move (`bot_move`); ``None`` otherwise."""
        if self.paused or self.closed is not None or self.bot_due is None or self.clock.now() < self.bot_due:
            return None
        seat = self._bot_to_act()
        if seat is None or self.seats[seat].bot not in OUTSIDE_BOTS:
            return None
        return {"seat": seat, "bot": self.seats[seat].bot}

    def bot_move(self, seat: Any, move: Any) -> Outbox:
        """Play ``move`` for computer ``seat`` brought from outside; ``ValueError`` with a reason when
        the seat is not a computer seat the game waits on, or ``IllegalMove`` when the move is not listed."""
        if self.closed is not None:
            raise ValueError("the table is closed")
        if self.paused:
            raise ValueError("the game is paused until the host resumes it")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat!r} at this table")
        if self.seats[seat].kind != "bot":
            raise ValueError(f"seat {seat} is not a computer seat")
        if self._bot_to_act() != seat:
            raise ValueError(f"the game does not wait on computer seat {seat} now")
        if move not in self.match.legal_moves(seat):
            raise IllegalMove("that move is not one of the seat's listed moves")
        return self._play(seat, move)


def _echoable(ref: Any) -> Any:
    """A message's ``ref`` if a refusal may echo it: short text or an integer JavaScript holds exactly."""
    if type(ref) is str and len(ref) <= MAX_REF:
        return ref
    if type(ref) is int and abs(ref) <= plain_json.SAFE_INTEGER:
        return ref
    return None


def _listings(out: Outbox) -> list[Any]:
    """The listings (`legal_moves`, not empty) of the updates in ``out``."""
    found = []
    for entry in out:
        message = entry["message"]
        if message.get("type") == "update" and message["legal_moves"]:
            found.append(message["legal_moves"])
    return found
