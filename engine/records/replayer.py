"""Stepping through a record: the match at any move, fast, from copies kept every few moves.

`Replayer` replays a validated record once, keeping the events of every move and a copy of the
match every `CHECKPOINT_EVERY` moves. The match at move ``k`` (after the first ``k`` moves) is
then the nearest copy at or before ``k`` plus fewer than `CHECKPOINT_EVERY` moves; stepping
forward one move from the last position asked for plays just that move.
"""

from __future__ import annotations

import copy
from typing import Any

from .. import new_match
from ..games import rules_for
from ..games.base import Event
from ..match import Match
from . import Record

CHECKPOINT_EVERY = 5
"""Moves between two kept copies of the match (a jump replays at most this many minus one)."""


def clone(match: Match) -> Match:
    """A copy of ``match`` that shares only its (immutable) rules object."""
    rules = rules_for(match.game)
    return copy.deepcopy(match, {id(rules): rules})


class Replayer:
    """A record's match at any move: ``at(k)`` for ``0 <= k <= moves``."""

    def __init__(self, record: Record) -> None:
        fields = record.fields
        self.fields = fields
        self.moves = len(fields.log)
        self.events: list[list[Event]] = []
        match = new_match(fields.game, fields.players, fields.options, fields.seed)
        self._checkpoints: list[Match] = [clone(match)]
        for number, (seat, move) in enumerate(fields.log, 1):
            self.events.append(match.play(seat, move))
            if number % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(clone(match))
        self._cursor = match
        self._cursor_at = self.moves

    def at(self, k: int) -> Match:
        """The match after the first ``k`` moves of the log (do not play on it: use `branch`)."""
        if not 0 <= k <= self.moves:
            raise ValueError(f"there is no move {k}: the record has moves 0 to {self.moves}")
        if not self._cursor_at <= k < self._cursor_at + CHECKPOINT_EVERY:
            base = k // CHECKPOINT_EVERY
            self._cursor = clone(self._checkpoints[base])
            self._cursor_at = base * CHECKPOINT_EVERY
        for seat, move in self.fields.log[self._cursor_at:k]:
            self._cursor.play(seat, move)
        self._cursor_at = k
        return self._cursor

    def branch(self, k: int) -> Match:
        """A match of its own after the first ``k`` moves, to play on (resume, take back)."""
        return clone(self.at(k))


def view_of(match: Match, seat: int | None) -> dict[str, Any]:
    """What the replay viewer shows at one move: the seat's view, who acts, and the result if over."""
    return {"view": match.view(seat), "to_act": match.to_act(), "over": match.is_over(), "result": match.result()}
