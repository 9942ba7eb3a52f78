"""`GameRules`: the one `Rules` object, built from the functions a game's folder supplies.

Each game's ``rules.py`` makes one: it names the game and hands over its functions (setup,
who acts, legal moves, refusal reasons, apply, views, end, result, serialisation). The
game's title, seat range and options come from `engine.games.GAME_INFO`, written once there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..rng import Rng
from .base import Event, GameInfo, Move, View


class GameRules:
    """The `engine.games.base.Rules` of one game: its facts and its functions, as they are."""

    def __init__(
        self,
        game: str,
        info: GameInfo,
        *,
        setup: Callable[[int, dict[str, Any], Rng], Any],
        to_act: Callable[[Any], list[int]],
        waiting_for: Callable[[Any], list[int]],
        legal_moves: Callable[[Any, int], list[Move]],
        explain: Callable[[Any, int, Any], str],
        apply: Callable[[Any, int, Move], list[Event]],
        views: Callable[[Any, Sequence[int | None]], list[View]],
        is_over: Callable[[Any], bool],
        result: Callable[[Any], dict[str, Any] | None],
        to_json: Callable[[Any], dict[str, Any]],
        from_json: Callable[[dict[str, Any]], Any],
    ) -> None:
        self.id = game
        self.title = info["title"]
        self.min_players = info["min_players"]
        self.max_players = info["max_players"]
        self.options = info["options"]
        self.setup = setup
        self.to_act = to_act
        self.waiting_for = waiting_for
        self.legal_moves = legal_moves
        self.explain = explain
        self.apply = apply
        self.views = views
        self.is_over = is_over
        self.result = result
        self.to_json = to_json
        self.from_json = from_json

    def view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` may see: `views` of that one seat."""
        return self.views(state, (seat,))[0]

    def __repr__(self) -> str:
        return f"GameRules({self.id!r})"
