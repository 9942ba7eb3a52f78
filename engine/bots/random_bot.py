"""The random bot: a legal move picked uniformly."""

from __future__ import annotations

from typing import Any

from ..rng import Rng


def choose(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """Any one of the legal moves, uniformly at random."""
    return moves[rng.below(len(moves))]
