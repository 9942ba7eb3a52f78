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


def _scan(match: Match, seats: frozenset[int]) -> tuple[Takeback, Match | None]:
    log = match.log
    own = [index for index, (by, _move) in enumerate(log) if by in seats]
    if not own:
        who = f"seat {min(seats)} has" if len(seats) == 1 else "no person here has"
        return Takeback(False, f"{who} made no move to take back", len(log), 0, None), None
    at = own[-1]
    replay = new_match(match.game, match.players, match.options, match.seed)
    before: Match | None = None
    for index, (by, move) in enumerate(log):
        if index == at:
            before = clone(replay)
        events = replay.play(by, move)
        if index < at:
            continue
        for event in events:
            revealed = revealing_event(match.game, event)
            if revealed:
                whose = "your move" if index == at else f"move {index + 1}"
                reason = f"no take-back: {WHAT_WAS_REVEALED[revealed]} by {whose}"
                return Takeback(False, reason, at, len(log) - at, log[at][0]), None
    return Takeback(True, None, at, len(log) - at, log[at][0]), before


def plan(match: Match, seat: int | Iterable[int]) -> Takeback:
    """Whether ``seat`` may take back its last move in ``match``, and how far back that goes.

    ``seat`` may be several seats (the people at a pass-and-play table): the last move of any of
    them is taken back. Replays the log once to read the events of the moves that would be removed.
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
