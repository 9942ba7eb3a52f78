"""Game knowledge the search falls back on for a game without its own module (docs/bots.md).

Generic, from views: a seat's worth is the first score its public seat entry shows
(``score``, ``prestige``, ``points``, ``renown``), turned into win shares by a softmax; the
moves worth searching are the ones greedy (engine/bots/greedy.py) ranks best from the
acting seat's own view; playouts pick uniformly. Slower and weaker than a game's own
knowledge, but it lets ``hard`` play every game.
"""

from __future__ import annotations

import math
from typing import Any

from ..games import rules_for
from ..rng import Rng
from . import greedy

Move = dict[str, Any]
SCORE_KEYS = ("score", "prestige", "points", "renown")


def _score(entry: dict[str, Any]) -> float:
    for key in SCORE_KEYS:
        value = entry.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return 0.0


def _rules(state: Any) -> Any:
    return rules_for(type(state).__module__.split(".")[-2])


def evaluate(state: Any, players: int) -> list[float]:
    """Win shares from the public scores (softmax, 3 points = e)."""
    view = _rules(state).view(state, None)
    values = [_score(entry) for entry in view["seats"]]
    top = max(values)
    weights = [math.exp((v - top) / 3.0) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def candidates(state: Any, seat: int, moves: list[Move], limit: int) -> list[Move]:
    """The ``limit`` moves greedy ranks best from the seat's view, best first."""
    if len(moves) <= limit:
        return list(moves)
    scores = greedy.scores(_rules(state).view(state, seat), moves)
    order = sorted(range(len(moves)), key=lambda i: (-scores[i], i))
    return [moves[i] for i in order[:limit]]


def rollout_move(state: Any, seat: int, moves: list[Move], rng: Rng) -> Move:
    """A legal move, uniformly."""
    return moves[rng.below(len(moves))]
