"""The interface every game's rules implement; `engine.match.Match` drives it.

A game is a set of pure functions over its own state object. The state is mutable and
owned by one `Match`; `apply` is only ever called with a move that `legal_moves` listed.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from ..rng import Rng

Move = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class GameInfo(Protocol):
    """What `engine.GAMES` shows of a game."""

    id: str
    title: str
    min_players: int
    max_players: int


class Rules(Protocol):
    """The rules of one game, as functions of its state."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: ClassVar[dict[str, Any]]

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> Any:
        """Return the starting state (the generator is kept inside it)."""

    def to_act(self, state: Any) -> list[int]:
        """Seats that may act now; several when the game lets them act at once."""

    def legal_moves(self, state: Any, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now, as plain JSON values."""

    def explain(self, state: Any, seat: int, move: Any) -> str:
        """Why ``move`` is not legal for ``seat`` now, in a sentence a player can read."""

    def apply(self, state: Any, seat: int, move: Move) -> list[Event]:
        """Apply a legal move and return the events, safe for every seat to see."""

    def view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` may see (``None``: the public view of a shared screen)."""

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""

    def result(self, state: Any) -> dict[str, Any] | None:
        """Scores, winners and the tie-break values, once the game is over."""

    def to_json(self, state: Any) -> dict[str, Any]:
        """The whole state as plain JSON (the generator included)."""

    def from_json(self, data: dict[str, Any]) -> Any:
        """Rebuild a state from `to_json`'s output."""
