"""The hard bot: a search over worlds sampled from its seat's view (engine/bots/search.py).

For each game it uses that game's ``determinize`` (engine/games/<id>/determinize.py) and
its knowledge module (engine/bots/knowledge_<id>.py, or knowledge_default.py while a game
has none). Without a budget it runs a fixed number of iterations per game
(`DEFAULT_ITERATIONS`), sized for ≤ 1 s a move in the browser (docs/bots.md), so the same
view, moves and generator always give the same move.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module
from typing import Any

from ..games import rules_for
from ..rng import Rng
from . import knowledge_default
from .search import Game, Knowledge, Settings, search

DEFAULT_ITERATIONS: dict[str, int] = {"splendor": 200, "guild": 200}
"""Iterations a move when no budget is given (docs/bots.md, "Budgets"). A game not named here
takes its knowledge module's ``ITERATIONS`` if it sets one, else `OTHER_ITERATIONS`."""
OTHER_ITERATIONS = 60

SETTINGS: dict[str, Settings] = {
    "splendor": Settings(opponent_width=1),
    "guild": Settings(opponent_width=1),
}
"""The search's shape per game. A game not named here gets its knowledge module's ``SEARCH``
(a `Settings`) if it sets one, `FALLBACK_SETTINGS` with knowledge_default, else `Settings()`."""
MANY_SETTINGS: dict[str, Settings] = {
    "splendor": Settings(opponent_width=1, rollout=9),
    "guild": Settings(opponent_width=1, rollout=9),
}
"""The search's shape at three or more seats, where it differs from the two-seat one (docs/bots.md,
"Budgets"). A game not named here takes its knowledge module's ``SEARCH_MANY`` if it sets one."""
FALLBACK_SETTINGS = Settings(root_width=8, width=4, rollout=0)
"""For a game searched with knowledge_default (no rollouts: its playout policy is random)."""

_GAMES: dict[str, Game] = {}


def knowledge_for(game: str) -> Knowledge:
    """The game's knowledge module, or the generic default when it has none yet."""
    name = f"{__package__}.knowledge_{game}"
    try:
        module: Knowledge = import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return knowledge_default
    return module


def game_for(game: str) -> Game:
    """The rules, determinize and knowledge of a game (loaded once)."""
    found = _GAMES.get(game)
    if found is None:
        module = import_module(f"engine.games.{game}.determinize")
        found = _GAMES[game] = Game(rules_for(game), module.determinize, knowledge_for(game),
                                    getattr(module, "sampler", None))
    return found


def game_for_seat(game: str, seat: int, players: int) -> Game:
    """`game_for`, with the knowledge its module's ``for_seat(seat, players)`` gives for a search
    by ``seat`` when it has one (Station: its own moves ranked by other scores than the other
    seats', engine/bots/tuned_station.py)."""
    found = game_for(game)
    bind = getattr(found.knowledge, "for_seat", None)
    if bind is None:
        return found
    return replace(found, knowledge=bind(seat, players))


def settings_for(game: str, players: int = 2) -> Settings:
    """The search's shape for a game at ``players`` seats."""
    if players >= 3:
        if game in MANY_SETTINGS:
            return MANY_SETTINGS[game]
        many = getattr(game_for(game).knowledge, "SEARCH_MANY", None)
        if isinstance(many, Settings):
            return many
    if game in SETTINGS:
        return SETTINGS[game]
    knowledge = game_for(game).knowledge
    own = getattr(knowledge, "SEARCH", None)
    if isinstance(own, Settings):
        return own
    if knowledge is knowledge_default:
        return FALLBACK_SETTINGS
    return Settings()


def iterations_for(game: str) -> int:
    """The default number of iterations a move for a game."""
    if game in DEFAULT_ITERATIONS:
        return DEFAULT_ITERATIONS[game]
    own = getattr(game_for(game).knowledge, "ITERATIONS", None)
    return own if type(own) is int and own > 0 else OTHER_ITERATIONS


def choose(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng,
           think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """The move the search finds best for ``view["seat"]`` within the budget."""
    if len(moves) == 1:
        return moves[0]
    game = str(view["game"])
    if iterations is None and think_ms is None:
        iterations = iterations_for(game)
    move, _stats = search(game_for_seat(game, int(view["seat"]), int(view["players"])), view, int(view["seat"]),
                          moves, rng, iterations, think_ms, settings_for(game, int(view["players"])))
    return move
