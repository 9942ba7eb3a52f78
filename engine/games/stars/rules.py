"""The Girl Who Made the Stars (seed 002): the rules object `engine.match.Match` drives."""

from __future__ import annotations

from typing import Any, ClassVar

from ...rng import Rng
from .. import GAME_INFO
from . import explain as _explain
from . import moves as _moves
from . import scoring as _scoring
from . import setup as _setup
from . import turn as _turn
from . import views as _views
from .state import StarsState


class StarsRules:
    """The `Rules` of ``stars``."""

    id = "stars"
    title: str = GAME_INFO[id]["title"]
    min_players: int = GAME_INFO[id]["min_players"]
    max_players: int = GAME_INFO[id]["max_players"]
    options: ClassVar[dict[str, Any]] = GAME_INFO[id]["options"]

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> StarsState:
        return _setup.setup(players, options, rng)

    def to_act(self, state: StarsState) -> list[int]:
        return _moves.to_act(state)

    def legal_moves(self, state: StarsState, seat: int) -> list[dict[str, Any]]:
        return _moves.legal_moves(state, seat)

    def explain(self, state: StarsState, seat: int, move: Any) -> str:
        return _explain.explain(state, seat, move)

    def apply(self, state: StarsState, seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        return _turn.apply(state, seat, move)

    def view(self, state: StarsState, seat: int | None) -> dict[str, Any]:
        return _views.view(state, seat)

    def is_over(self, state: StarsState) -> bool:
        return state.ended

    def result(self, state: StarsState) -> dict[str, Any] | None:
        return _scoring.result(state)

    def to_json(self, state: StarsState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> StarsState:
        return StarsState.from_json(data)


RULES = StarsRules()
