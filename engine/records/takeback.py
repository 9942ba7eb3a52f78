"""Take-back: back to before a seat's last own move, unless something hidden was revealed since.

A take-back removes the seat's last move and every move after it (the computers' replies) and
rebuilds the match by replaying the rest of the log. It is refused when one of the removed moves
revealed hidden information, read from that move's events (which every seat may see):

- splendor: ``refill`` (a deck card turned face up), ``reserve`` with a ``tier`` (a card, or two
  to choose from, taken blind from a deck);
- guild: ``refill`` (a deck workshop turned face up);
- stars: ``draw`` (tiles from the bag), ``cast`` (wood ash drawn from its bag), ``offer_card``
  (the next offering card); the connection-reward piles are face up, so a discarded reward shows nothing;
- station: ``display`` (credits dealt from the deck), ``berth`` and ``rotate`` (a module from the
  supply), ``reshuffle``.

Whether a take-back is offered at all (a table with another device never has one) is the page's
choice; docs/records.md writes the rules down.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from .. import new_match
from ..games.base import Event
from ..match import Match
from .replayer import clone

REVEALING: dict[str, frozenset[str]] = {
    "splendor": frozenset({"refill"}),
    "guild": frozenset({"refill"}),
    "stars": frozenset({"draw", "cast", "offer_card"}),
    "station": frozenset({"display", "berth", "rotate", "reshuffle"}),
}
"""Per game, the event types that show something no seat could see before."""

WHAT_WAS_REVEALED: dict[str, str] = {
    "refill": "a card was turned up from a deck",
    "reserve": "a card was reserved from a deck",
    "draw": "tiles were drawn from a bag",
    "cast": "wood ash was drawn from its bag",
    "offer_card": "a new offering card was turned up",
    "display": "credits were dealt from the deck",
    "berth": "a module came from the supply",
    "rotate": "a module came from the supply",
    "reshuffle": "the credit deck was reshuffled",
}


class Takeback(NamedTuple):
    """What a take-back would do: ``at`` is the log length it returns to, ``seat`` whose move it takes back."""

    allowed: bool
    reason: str | None
    at: int
    removed: int
    seat: int | None


def _seats(seat: int | Iterable[int]) -> frozenset[int]:
    return frozenset((seat,)) if isinstance(seat, int) else frozenset(seat)


def revealing_event(game: str, event: Event) -> str | None:
    """The event's type if it revealed hidden information in ``game``, else ``None``."""
    kind = event.get("type")
    if game == "splendor" and kind == "reserve" and "tier" in event:
        return "reserve"
    return kind if type(kind) is str and kind in REVEALING.get(game, frozenset()) else None


class _Trail:
    """A replay of one match's log kept alongside it, so a take-back check on every turn plays only
    the moves made since the last check. A match's log only grows, so the replay stays its prefix."""

    def __init__(self, match: Match, seats: frozenset[int]) -> None:
        self.seats = seats
        self.replay = new_match(match.game, match.players, match.options, match.seed)
        self.events: list[list[Event]] = []
        self.before: Match | None = None   # the replay just before the seats' last move
        self.before_at = -1

    def catch_up(self, log: list[list[Any]]) -> None:
        for by, move in log[len(self.events):]:
            if by in self.seats:
                self.before, self.before_at = clone(self.replay), len(self.events)
            self.events.append(self.replay.play(by, move))


_TRAILS: WeakKeyDictionary[Match, dict[frozenset[int], _Trail]] = WeakKeyDictionary()


def _scan(match: Match, seats: frozenset[int]) -> tuple[Takeback, Match | None]:
    trails = _TRAILS.setdefault(match, {})
    trail = trails.get(seats)
    if trail is None:
        trail = trails[seats] = _Trail(match, seats)
    log = match.log
    trail.catch_up(log)
    at = trail.before_at
    if trail.before is None:
        who = f"seat {min(seats)} has" if len(seats) == 1 else "no person here has"
        return Takeback(False, f"{who} made no move to take back", len(log), 0, None), None
    for index in range(at, len(log)):
        for event in trail.events[index]:
            revealed = revealing_event(match.game, event)
            if revealed:
                whose = "your move" if index == at else f"move {index + 1}"
                reason = f"no take-back: {WHAT_WAS_REVEALED[revealed]} by {whose}"
                return Takeback(False, reason, at, len(log) - at, log[at][0]), None
    return Takeback(True, None, at, len(log) - at, log[at][0]), clone(trail.before)


def plan(match: Match, seat: int | Iterable[int]) -> Takeback:
    """Whether ``seat`` may take back its last move in ``match``, and how far back that goes.

    ``seat`` may be several seats (the people at a pass-and-play table): the last move of any of
    them is taken back. The events of the moves that would be removed come from a replay of the log
    kept alongside the match (`_Trail`), so checking on every turn costs only the moves since the last check.
    """
    return _scan(match, _seats(seat))[0]


def take_back(match: Match, seat: int | Iterable[int]) -> tuple[Match, Takeback]:
    """A new match before ``seat``'s last move (the old one is unchanged), or ``ValueError`` with the reason."""
    planned, before = _scan(match, _seats(seat))
    if before is None:
        raise ValueError(planned.reason)
    return before, planned


def entry(planned: Takeback) -> dict[str, Any]:
    """The record's ``takebacks`` entry for a take-back done."""
    return {"seat": planned.seat, "at": planned.at, "removed": planned.removed}
