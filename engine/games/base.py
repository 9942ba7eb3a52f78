"""The contract every game meets; `engine.match.Match` drives it.

A game is a set of pure functions over its own state object, wired into one `GameRules`
(``engine/games/adapter.py``) by the game's ``rules.py``. The state is mutable and owned by one
`Match`; ``apply`` is only ever called with a move that ``legal_moves`` listed.

Who acts: ``to_act`` lists the seats that *may* act now; ``waiting_for`` the seats the game
*must* hear from before it can go on (always a subset of ``to_act``). In a strict turn order
the two are the same seat; a game may let other seats act without waiting for them (Stars
lets any seat spend stardust out of turn). The table's timers and computer seats follow
``waiting_for``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypedDict

from ..rng import Rng

Move = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class TableFacts(TypedDict, total=False):
    """How a game's table treats time and absent players (read by `engine.table.policies`).

    Every key is optional; a missing key takes `engine.table.policies.TablePolicy`'s default.
    """

    turn_seconds: float | None  # per action or required choice; None: no timer
    timer_min_humans: int  # the timer runs only with at least this many human seats
    host_may_step_offline: bool  # the host may have a bot play one step for an offline seat
    timeout_bot: str  # the bot that decides for a seat whose time ran out


class GameInfo(TypedDict):
    """A game's facts, written once in `engine.games.GAME_INFO` (no rules code is loaded)."""

    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]  # option name → default value (its type is the option's type)
    table: TableFacts


class Rules(Protocol):
    """The rules of one game, as functions of its state."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> Any:
        """Return the starting state (the generator is kept inside it)."""

    def to_act(self, state: Any) -> list[int]:
        """Seats that may act now; several when the game lets them act at once."""

    def waiting_for(self, state: Any) -> list[int]:
        """Seats the game must hear from before it goes on (a subset of `to_act`)."""

    def legal_moves(self, state: Any, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now, as plain JSON values."""

    def explain(self, state: Any, seat: int, move: Any) -> str:
        """Why ``move`` is not legal for ``seat`` now, in a sentence a player can read."""

    def apply(self, state: Any, seat: int, move: Move) -> list[Event]:
        """Apply a legal move and return the events, safe for every seat to see."""

    def view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` may see (``None``: the public view of a shared screen)."""

    def views(self, state: Any, seats: Sequence[int | None]) -> list[View]:
        """`view` of each of ``seats``, in order, built together: what they see alike may be one
        object shared by their views (read-only: a caller must not change a view it gets here)."""

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""

    def result(self, state: Any) -> dict[str, Any] | None:
        """Scores, winners and the tie-break values, once the game is over."""

    def to_json(self, state: Any) -> dict[str, Any]:
        """The whole state as plain JSON (the generator included)."""

    def from_json(self, data: dict[str, Any]) -> Any:
        """Rebuild a state from `to_json`'s output."""
