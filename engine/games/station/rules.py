"""The station game (seed 004): the rules object `engine.match.Match` drives."""

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
from .state import StationState


class StationRules:
    """The `Rules` of ``station``."""

    id = "station"
    title: str = GAME_INFO[id]["title"]
    min_players: int = GAME_INFO[id]["min_players"]
    max_players: int = GAME_INFO[id]["max_players"]
    options: ClassVar[dict[str, Any]] = GAME_INFO[id]["options"]

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> StationState:
        return _setup.setup(players, options, rng)

    def to_act(self, state: StationState) -> list[int]:
        return [] if state.ended else [state.current]

    def legal_moves(self, state: StationState, seat: int) -> list[dict[str, Any]]:
        return _moves.legal_moves(state, seat)

    def explain(self, state: StationState, seat: int, move: Any) -> str:
        return _explain.explain(state, seat, move)

    def apply(self, state: StationState, seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        return _turn.apply(state, seat, move)

    def view(self, state: StationState, seat: int | None) -> dict[str, Any]:
        return _views.view(state, seat)

    def is_over(self, state: StationState) -> bool:
        return state.ended

    def result(self, state: StationState) -> dict[str, Any] | None:
        return _scoring.result(state)

    def to_json(self, state: StationState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> StationState:
        return StationState.from_json(data)


RULES = StationRules()
