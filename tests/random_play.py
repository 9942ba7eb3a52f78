"""The random player the fuzz tests and the contract test share.

Each step picks a seat from ``to_act()`` (the only one when just one may act) and one of its
listed moves, uniformly, from a seeded `random.Random`, so a seed names one game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import engine

Check = Callable[[int, list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]], None]


def random_step(match: engine.Match, rng: random.Random) -> tuple[int, list[dict[str, Any]], dict[str, Any]]:
    """A seat that may act, its legal moves, and the move picked for it (not yet played)."""
    acting = match.to_act()
    assert acting, "a game that is not over always has a seat to act"
    seat = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
    moves = match.legal_moves(seat)
    assert moves, f"seat {seat} is listed to act but has no move"
    return seat, moves, moves[rng.randrange(len(moves))]


def play_randomly(match: engine.Match, rng: random.Random, check: Check | None = None,
                  max_steps: int = 5000) -> int:
    """Play random listed moves until the game ends; ``check(seat, moves, move, events)`` runs
    after every move. Returns the number of moves played."""
    for steps in range(max_steps):
        if match.is_over():
            return steps
        seat, moves, move = random_step(match, rng)
        events = match.play(seat, move)
        if check is not None:
            check(seat, moves, move, events)
    raise AssertionError(f"the game did not end in {max_steps} moves")
