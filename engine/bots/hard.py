"""The hard bot: a search over worlds sampled from its seat's view (engine/bots/search.py).

Until the search is in place for a game, it plays greedy's move.
"""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from . import greedy

DEFAULT_ITERATIONS = 200
"""The search's default budget (iterations), sized for ≤ 1 s per move in the browser."""


def choose(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng,
           think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """The move the search finds best for ``view["seat"]`` within the budget."""
    if len(moves) == 1:
        return moves[0]
    return greedy.choose(view, moves, rng)
