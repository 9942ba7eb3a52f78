"""The catalogue of games, and their rules loaded on first use.

`GAME_INFO` is the one place each game's title, seat range and options are written; a
game's rules module (``engine/games/<id>/rules.py``, its ``RULES`` object) is imported only
when a match of that game is made or restored, so the worker starts without compiling the
rules of games nobody has picked yet.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import Rules

GAME_INFO: dict[str, dict[str, Any]] = {
    "splendor": {"title": "Splendor", "min_players": 2, "max_players": 4,
                 "options": {"trading_posts": False, "strongholds": False}},
    "guild": {"title": "Starlight Guild", "min_players": 2, "max_players": 4, "options": {}},
    "stars": {"title": "The Girl Who Made the Stars", "min_players": 2, "max_players": 4, "options": {}},
    "station": {"title": "Station", "min_players": 2, "max_players": 4, "options": {}},
}

_LOADED: dict[str, Rules] = {}


def rules_for(game: str) -> Rules:
    """The rules object of a game id in `GAME_INFO` (imported the first time it is asked for)."""
    rules = _LOADED.get(game)
    if rules is None:
        rules = _LOADED[game] = import_module(f"{__name__}.{game}.rules").RULES
    return rules
