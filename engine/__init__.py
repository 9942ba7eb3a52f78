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
from .games.base import Rules
from .match import SNAPSHOT_FORMAT, Match
from .rng import WORD_LIMIT, Rng, word_from_json
from .snapshots import BadSnapshot, read_snapshot, state_difference

__version__ = "0.1.0"

__all__ = [
    "GAMES", "BadOptions", "BadSnapshot", "IllegalMove", "Match", "UnknownGame", "new_match", "replay", "restore",
]

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


def _rules(game: Any) -> Rules:
    if type(game) is not str or game not in GAME_INFO:
        raise UnknownGame(f"unknown game {game!r}: choose one of {', '.join(GAME_INFO)}")
    return rules_for(game)


def _checked_options(rules: Rules, players: Any, options: Any) -> dict[str, Any]:
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


def new_match(game: str, players: int, options: dict[str, Any] | None = None,
              seed: int | str | None = None) -> Match:
    """Start a match of ``game`` for ``players`` seats. The same seed deals the same game.

    ``seed`` is a whole number from 0 to 2^64 - 1, or its decimal digits as a snapshot writes
    them (``"18446744073709551615"``); without one, 64 random bits are drawn.
    """
    rules = _rules(game)
    merged = _checked_options(rules, players, options)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "big")
    elif type(seed) is str:
        try:
            seed = word_from_json(seed)
        except ValueError as exc:
            raise BadOptions(f"seed: {exc}") from None
    if type(seed) is not int or not 0 <= seed < WORD_LIMIT:
        raise BadOptions("seed must be a whole number from 0 to 2^64 - 1")
    state = rules.setup(players, merged, Rng(seed))
    return Match(rules, state, players, merged, seed)


def restore(snapshot: dict[str, Any]) -> Match:
    """Bring back a match from `Match.snapshot` output, after checking all of it.

    The snapshot is accepted only if its state is exactly the replay of its options, seed and
    log (docs/protocol.md, "Snapshots"); otherwise `BadSnapshot` (a ``ValueError``) says what is
    wrong and nothing is created. The match returned is that replay.
    """
    fields = read_snapshot(snapshot, SNAPSHOT_FORMAT)
    try:
        match = new_match(fields.game, fields.players, fields.options, fields.seed)
    except (UnknownGame, BadOptions) as exc:
        raise BadSnapshot(str(exc)) from None
    for number, (seat, move) in enumerate(fields.log, 1):
        try:
            match.play(seat, move)
        except IllegalMove as exc:
            raise BadSnapshot(f"move {number} of the log was refused: {exc.reason}") from None
        except Exception as exc:  # a hostile move that trips a game's explanation
            raise BadSnapshot(f"move {number} of the log is not a legal move ({type(exc).__name__})") from None
    difference = state_difference(fields.state, match.snapshot()["state"])
    if difference:
        raise BadSnapshot(f"the snapshot was changed: {difference}")
    return match


def replay(game: str, players: int, options: dict[str, Any] | None, seed: int | str, log: list[Any]) -> Match:
    """Rebuild a match from its options, seed and move log (raises `IllegalMove` on a bad log)."""
    match = new_match(game, players, options, seed)
    for seat, move in log:
        match.play(seat, move)
    return match
