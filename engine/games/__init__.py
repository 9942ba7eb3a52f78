"""The catalogue of games, and their rules loaded on first use.

`GAME_INFO` is the one place each game's facts are written: title, seat range, options and
its table policy (timers, the host's step for an offline seat — see docs/table.md). A
game's rules module (``engine/games/<id>/rules.py``, its ``RULES`` object, a
`engine.games.adapter.GameRules`) is imported only when a match of that game is made or
restored, so the worker starts without compiling the rules of games nobody has picked yet.
Adding a game is one entry here plus its folder (docs/architecture.md "Adding a game").
"""

from __future__ import annotations

from importlib import import_module

from .base import GameInfo, Rules

GAME_INFO: dict[str, GameInfo] = {
    "splendor": {"title": "Splendor", "min_players": 2, "max_players": 4,
                 "options": {"trading_posts": False, "strongholds": False},
                 # seed 001: with two or more humans each decision has 75 seconds; no host step
                 "table": {"turn_seconds": 75.0, "timer_min_humans": 2, "host_may_step_offline": False}},
    # seed 000: no turn timer; the host may have a bot play one step for an offline seat
    "guild": {"title": "Starlight Guild", "min_players": 2, "max_players": 4, "options": {},
              "table": {"turn_seconds": None, "host_may_step_offline": True}},
    # seeds 002 and 004 say nothing of the table: like Guild (the defaults)
    "stars": {"title": "The Girl Who Made the Stars", "min_players": 2, "max_players": 4, "options": {},
              "table": {}},
    "station": {"title": "Station", "min_players": 2, "max_players": 4, "options": {}, "table": {}},
}

_LOADED: dict[str, Rules] = {}


def rules_for(game: str) -> Rules:
    """The rules object of a game id in `GAME_INFO` (imported the first time it is asked for)."""
    rules = _LOADED.get(game)
    if rules is None:
        loaded: Rules = import_module(f"{__name__}.{game}.rules").RULES
        rules = _LOADED[game] = loaded
    return rules
