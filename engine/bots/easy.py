"""The easy bot: greedy's judgement with a beginner's slips.

It ranks the legal moves with greedy's heuristic (engine/bots/greedy.py) and usually plays
the best one, but now and then settles for one of the better few instead — it never plays
a move greedy ranks in the bottom half when there is a choice, so it stays sensible
(it buys, takes useful gems, completes what it starts) while missing the sharpest play.
"""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from . import greedy

SLIP = 60
"""Per cent of decisions on which the easy bot does not take greedy's best move."""
SLIP_SHARE = 3
"""On a slip it picks uniformly among the best ``1/SLIP_SHARE`` of the moves (at least two)."""


def choose(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """Greedy's best move, or on a slip one of the better few (ties broken by the generator)."""
    if len(moves) == 1:
        return moves[0]
    scored = greedy.scores(view, moves)
    order = sorted(range(len(moves)), key=lambda i: (-scored[i], i))
    if rng.below(100) < SLIP:
        pool = order[: max(2, len(moves) // SLIP_SHARE)]
        return moves[pool[rng.below(len(pool))]]
    best = scored[order[0]]
    top = [i for i in order if scored[i] >= best - 1e-9]
    return moves[top[rng.below(len(top))]]
