"""Computer players. A bot decides from one seat's view and that seat's legal moves only.

`choose_move(match, seat, bot)` is the only way the engine lets a bot see a match: it
hands the bot ``match.view(seat)`` and ``match.legal_moves(seat)`` — never the state.
"""

from __future__ import annotations

from typing import Any, Callable

from ..rng import Rng
from . import greedy, random_bot

Bot = Callable[[dict[str, Any], list[dict[str, Any]], Rng], dict[str, Any]]

BOTS: dict[str, Bot] = {"random": random_bot.choose, "greedy": greedy.choose}
"""Bot name → ``choose(view, legal_moves, rng) -> move``."""


def choose_move(match: Any, seat: int, bot: str, rng: Rng | None = None) -> dict[str, Any]:
    """The move ``bot`` picks for ``seat`` from that seat's view and legal moves alone."""
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r}: choose one of {', '.join(BOTS)}")
    moves = match.legal_moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move to make now")
    if rng is None:
        rng = Rng(match.seed * 1_000_003 + len(match.log) * 7919 + seat)
    return BOTS[bot](match.view(seat), moves, rng)
