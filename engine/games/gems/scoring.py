"""The gem games' ranking: most points, then fewer cards (or workshops), then a shared victory."""

from __future__ import annotations


def rank(points: list[int], cards: list[int]) -> tuple[list[int], str]:
    """The winners and what decided it: ``"points"``, ``"fewer cards"`` or ``"shared"``."""
    best = max(points)
    leaders = [i for i, p in enumerate(points) if p == best]
    fewest = min(cards[i] for i in leaders)
    winners = [i for i in leaders if cards[i] == fewest]
    if len(leaders) == 1:
        return winners, "points"
    if len(winners) == 1:
        return winners, "fewer cards"
    return winners, "shared"
