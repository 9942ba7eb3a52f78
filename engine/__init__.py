"""The tabletop engine: rules of the games, their views, and bots. Pure Python, JSON at the edges.

Public API::

    import engine
    engine.GAMES                      # {"splendor": {"title", "min_players", "max_players", "options"}}
    m = engine.new_match("splendor", 2, seed=7)
    m.to_act()                        # [0]
    moves = m.legal_moves(0)          # plain-JSON moves
    events = m.play(0, moves[0])      # or raises engine.IllegalMove(reason)
    m.view(0), m.view(None)           # a seat's view, the public view
    m.is_over(), m.result()
    engine.restore(m.snapshot())
"""

from __future__ import annotations

import os
from typing import Any

from .errors import BadOptions, IllegalMove, UnknownGame
from .games import GAME_INFO, rules_for
from .match import SNAPSHOT_FORMAT, Match
from .rng import Rng

__version__ = "0.1.0"

__all__ = ["GAMES", "new_match", "restore", "replay", "Match", "IllegalMove", "UnknownGame", "BadOptions"]

GAMES: dict[str, dict[str, Any]] = {
    gid: {
        "title": info["title"],
        "min_players": info["min_players"],
        "max_players": info["max_players"],
        "options": dict(info["options"]),
    }
    for gid, info in GAME_INFO.items()
}
"""Each game id with its title, seat range and options (option name → default)."""


def _rules(game: Any):
    if type(game) is not str or game not in GAME_INFO:
        raise UnknownGame(f"unknown game {game!r}: choose one of {', '.join(GAME_INFO)}")
    return rules_for(game)


def _checked_options(rules, players: Any, options: Any) -> dict[str, Any]:
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise BadOptions(
            f"{rules.title} is played by {rules.min_players}–{rules.max_players} players, not {players!r}"
        )
    options = {} if options is None else options
    if type(options) is not dict:
        raise BadOptions("options must be an object")
    unknown = set(options) - set(rules.options)
    if unknown:
        raise BadOptions(f"{rules.title} has no option {', '.join(sorted(map(str, unknown)))}")
    merged = dict(rules.options)
    for key, value in options.items():
        if type(value) is not type(rules.options[key]):
            raise BadOptions(f"option {key} must be {type(rules.options[key]).__name__}")
        merged[key] = value
    return merged


def new_match(game: str, players: int, options: dict[str, Any] | None = None, seed: int | None = None) -> Match:
    """Start a match of ``game`` for ``players`` seats. The same seed deals the same game."""
    rules = _rules(game)
    merged = _checked_options(rules, players, options)
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    if type(seed) is not int or seed < 0:
        raise BadOptions("seed must be a non-negative whole number")
    state = rules.setup(players, merged, Rng(seed))
    return Match(rules, state, players, merged, seed)


def restore(snapshot: dict[str, Any]) -> Match:
    """Bring back a match from `Match.snapshot` output."""
    if type(snapshot) is not dict or snapshot.get("format") != SNAPSHOT_FORMAT:
        raise ValueError(f"not a snapshot of format {SNAPSHOT_FORMAT}")
    rules = _rules(snapshot["game"])
    state = rules.from_json(snapshot["state"])
    log = [[seat, move] for seat, move in snapshot["log"]]
    return Match(rules, state, int(snapshot["players"]), dict(snapshot["options"]), int(snapshot["seed"]), log)


def replay(game: str, players: int, options: dict[str, Any] | None, seed: int, log: list) -> Match:
    """Rebuild a match from its options, seed and move log (raises `IllegalMove` on a bad log)."""
    match = new_match(game, players, options, seed)
    for seat, move in log:
        match.play(seat, move)
    return match
