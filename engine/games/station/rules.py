"""The station game (seed 004): its functions, wired into one `GameRules`."""

from __future__ import annotations

from .. import GAME_INFO
from ..adapter import GameRules
from ..base import Rules
from . import explain as _explain
from . import moves as _moves
from . import scoring as _scoring
from . import setup as _setup
from . import turn as _turn
from . import views as _views
from .state import StationState


def _to_act(state: StationState) -> list[int]:
    """One seat at a time, in turn: the seat whose turn it is (none once over)."""
    return [] if state.ended else [state.current]


def _is_over(state: StationState) -> bool:
    return state.ended


RULES: Rules = GameRules(
    "station", GAME_INFO["station"],
    setup=_setup.setup,
    to_act=_to_act,
    waiting_for=_to_act,  # strict turns: the seat that may act is the seat the game waits on
    legal_moves=_moves.legal_moves,
    explain=_explain.explain,
    apply=_turn.apply,
    views=_views.views,
    is_over=_is_over,
    result=_scoring.result,
    to_json=StationState.to_json,
    from_json=StationState.from_json,
)
