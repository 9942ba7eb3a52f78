"""The greedy bot: one-move-deep heuristics per game, from its own view only."""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from . import greedy_gems


def scores(view: dict[str, Any], moves: list[dict[str, Any]]) -> list[float]:
    """Greedy's heuristic score of each move (higher is better), in the order given."""
    game = view.get("game")
    if game == "station":
        from . import greedy_station

        station_ctx = greedy_station.Context(view)
        return [greedy_station.score(station_ctx, m) for m in moves]
    if game == "stars":
        from . import greedy_stars

        stars_ctx = greedy_stars.Ctx(view, "balanced")
        return [greedy_stars.score(stars_ctx, m) for m in moves]
    if game == "splendor":
        return [greedy_gems.score(view, m) for m in moves]
    if game == "guild":
        as_splendor = greedy_gems.guild_view_as_splendor(view)
        return [greedy_gems.score(as_splendor, greedy_gems.guild_move_as_splendor(as_splendor, m)) for m in moves]
    return [0.0] * len(moves)


def choose(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """The move with the best heuristic score (ties broken by the generator)."""
    if view.get("game") == "station":
        from . import greedy_station  # loaded with its game, not at start-up

        return greedy_station.choose(view, moves, rng)
    if view.get("game") == "stars":
        from . import greedy_stars

        return greedy_stars.choose(view, moves, rng)
    if view.get("game") == "splendor":
        scored = [(greedy_gems.score(view, m), i) for i, m in enumerate(moves)]
    elif view.get("game") == "guild":
        as_splendor = greedy_gems.guild_view_as_splendor(view)
        scored = [(greedy_gems.score(as_splendor, greedy_gems.guild_move_as_splendor(as_splendor, m)), i)
                  for i, m in enumerate(moves)]
    else:
        scored = [(0.0, i) for i in range(len(moves))]
    best = max(s for s, _ in scored)
    top = [i for s, i in scored if s == best]
    return moves[top[rng.below(len(top))]]
