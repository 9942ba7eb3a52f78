"""Starlight Guild (seed 000): the rules object `engine.match.Match` drives."""

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
from .state import GuildState


class GuildRules:
    """The `Rules` of ``guild``."""

    id = "guild"
    title: str = GAME_INFO[id]["title"]
    min_players: int = GAME_INFO[id]["min_players"]
    max_players: int = GAME_INFO[id]["max_players"]
    options: ClassVar[dict[str, Any]] = GAME_INFO[id]["options"]

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> GuildState:
        return _setup.setup(players, options, rng)

    def to_act(self, state: GuildState) -> list[int]:
        return [] if state.ended else [state.current]

    def legal_moves(self, state: GuildState, seat: int) -> list[dict[str, Any]]:
        return _moves.legal_moves(state, seat)

    def explain(self, state: GuildState, seat: int, move: Any) -> str:
        return _explain.explain(state, seat, move)

    def apply(self, state: GuildState, seat: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        return _turn.apply(state, seat, move)

    def view(self, state: GuildState, seat: int | None) -> dict[str, Any]:
        return _views.view(state, seat)

    def is_over(self, state: GuildState) -> bool:
        return state.ended

    def result(self, state: GuildState) -> dict[str, Any] | None:
        return _scoring.result(state)

    def to_json(self, state: GuildState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> GuildState:
        return GuildState.from_json(data)


RULES = GuildRules()
