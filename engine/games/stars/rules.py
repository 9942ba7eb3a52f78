"""The Girl Who Made the Stars (seed 002): its functions, wired into one `GameRules`."""

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
from .state import StarsState


def _is_over(state: StarsState) -> bool:
    return state.ended


RULES: Rules = GameRules(
    "stars", GAME_INFO["stars"],
    setup=_setup.setup,
    to_act=_moves.to_act,
    waiting_for=_moves.waiting_for,  # stardust-only seats may act; the game does not wait on them
    legal_moves=_moves.legal_moves,
    explain=_explain.explain,
    apply=_turn.apply,
    views=_views.views,
    is_over=_is_over,
    result=_scoring.result,
    to_json=StarsState.to_json,
    from_json=StarsState.from_json,
)
