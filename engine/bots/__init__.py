"""Computer players. A bot decides from one seat's view and that seat's legal moves only.

`choose_move(match, seat, bot)` is the only way the engine lets a bot see a match: it
hands the bot ``match.view(seat)`` and ``match.legal_moves(seat)`` — never the state, the
seed or the generator. The levels a player picks are ``easy``, ``normal`` and ``hard``;
``random`` and ``greedy`` stay for tests and benchmarks (docs/bots.md).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Protocol

from ..rng import Rng
from . import easy, greedy, random_bot


class Bot(Protocol):
    """``choose(view, legal_moves, rng, think_ms=None, iterations=None) -> move``.

    ``think_ms`` caps the thinking time, ``iterations`` fixes the amount of search (so the
    move depends only on the view, the moves and the generator); bots that do not search
    ignore both.
    """

    def __call__(self, view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng,
                 think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]: ...


def _random(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng,
            think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """A legal move picked uniformly (engine/bots/random_bot.py)."""
    return random_bot.choose(view, moves, rng)


def _greedy(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng,
            think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """The one-move-deep heuristic (engine/bots/greedy.py); also the ``normal`` level."""
    return greedy.choose(view, moves, rng)


def _easy(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng,
          think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """Greedy with a beginner's slips (engine/bots/easy.py)."""
    return easy.choose(view, moves, rng)


def _hard(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng,
          think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """Search over worlds sampled from the seat's view (engine/bots/hard.py)."""
    from . import hard  # loaded on first use, with the search and the game's knowledge

    return hard.choose(view, moves, rng, think_ms=think_ms, iterations=iterations)


BOTS: dict[str, Bot] = {"random": _random, "greedy": _greedy, "easy": _easy, "normal": _greedy, "hard": _hard}
"""Bot name → ``choose(view, legal_moves, rng, think_ms=None, iterations=None) -> move``."""

LEVELS = ("easy", "normal", "hard")
"""The levels a player may pick for a computer seat, weakest first."""


_NOT_HASHED = ("hand_seen", "discard_pile")
"""Station's record of the credits every seat saw taken and paid (added in the eighteenth
session): a function of the moves made, so it adds nothing to the hash, and leaving it out
keeps every bot's tie-breaks in every position as they were before the record existed."""


def _hashed(view: dict[str, Any]) -> dict[str, Any]:
    """The view without `_NOT_HASHED` (a shallow copy where they appear)."""
    if view.get("game") != "station":
        return view
    credits = {k: v for k, v in view["credits"].items() if k not in _NOT_HASHED}
    seats = [{k: v for k, v in s.items() if k not in _NOT_HASHED} for s in view["seats"]]
    return {**view, "credits": credits, "seats": seats}


def view_rng(view: dict[str, Any], seat: int, moves_made: int) -> Rng:
    """A generator made from what the seat can see (its view) and the public move count.

    Never from the match's seed: the seed decides every hidden shuffle, so a bot's
    generator must not be derived from it.
    """
    text = json.dumps(_hashed(view), sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{seat}|{moves_made}|{text}".encode(), digest_size=8).digest()
    return Rng(int.from_bytes(digest, "big"))


def choose_move(match: Any, seat: int, bot: str, rng: Rng | None = None,
                think_ms: float | None = None, iterations: int | None = None) -> dict[str, Any]:
    """The move ``bot`` picks for ``seat`` from that seat's view and legal moves alone.

    ``think_ms`` caps the thinking time of a searching bot; ``iterations`` fixes how much it
    searches, so that with a given ``rng`` the move is deterministic. Without either the
    bot's default budget applies (a fixed amount of search, also deterministic). Without
    ``rng`` the generator is made from the seat's view (`view_rng`).
    """
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r}: choose one of {', '.join(BOTS)}")
    if think_ms is not None and not think_ms > 0:
        raise ValueError("think_ms must be a positive number of milliseconds")
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise ValueError("iterations must be a positive whole number")
    moves = match.legal_moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move to make now")
    view = match.view(seat)
    if rng is None:
        rng = view_rng(view, seat, match.moves_made)
    return BOTS[bot](view, moves, rng, think_ms=think_ms, iterations=iterations)
