"""Starlight Guild knowledge for the search (engine/bots/search.py, docs/bots.md).

Reads a sampled `GuildState` into the shared gem picture (engine/bots/knowledge_gems.py):
pouches are the tokens (star sand the wild one), commissions the nobles. Scores Guild's
moves: builds (the star sand the automatic payment spends counts against), collecting,
reserving a market workshop, returns down to the pouch limit, and pass (last).
"""

from __future__ import annotations

from typing import Any

from ..games.gems.cards import CARDS
from ..games.gems.payments import owed
from ..games.guild.moves import POUCH_LIMIT
from ..games.guild.state import GuildState
from ..games.guild.turn import WINNING_POINTS
from ..rng import Rng
from . import knowledge_gems as gems

Move = dict[str, Any]


def table(state: GuildState) -> gems.Table:
    """The gem picture of a Guild state."""
    seats = [gems.SeatPicture(s.pouch, s.bonuses, s.points, list(s.reserved)) for s in state.seats]
    market = [cid for row in state.market for cid in row if cid]
    return gems.Table(seats, market, state.commissions, WINNING_POINTS, POUCH_LIMIT)


def evaluate(state: GuildState, players: int) -> list[float]:
    """Each seat's estimated share of the win."""
    return gems.evaluate(table(state))


def _sand_spent(state: GuildState, seat: int, cid: str) -> int:
    pouch = state.seats[seat].pouch
    need = owed(CARDS[cid].cost, state.seats[seat].bonuses)
    return sum(max(0, need[c] - pouch[c]) for c in range(5))


def scores(state: GuildState, seat: int, moves: list[Move]) -> list[float]:
    """How good each move looks for ``seat`` (higher is better)."""
    scorer = gems.Scorer(table(state), seat)
    out = []
    for move in moves:
        kind = move["type"]
        if kind == "build":
            value = scorer.buy(move["workshop"], _sand_spent(state, seat, move["workshop"]))
        elif kind == "collect":
            value = scorer.take(gems.counts(move["gems"]))
        elif kind == "reserve":
            value = scorer.reserve(move["workshop"])
        elif kind == "return":
            value = scorer.give_back(gems.counts(move["gems"]))
        else:  # pass
            value = -20.0
        out.append(value)
    return out


def candidates(state: GuildState, seat: int, moves: list[Move], limit: int) -> list[Move]:
    """The ``limit`` best-looking moves, best first."""
    if len(moves) <= 1:
        return list(moves)
    return gems.pick(moves, gems.best_first(scores(state, seat, moves), limit))


def rollout_move(state: GuildState, seat: int, moves: list[Move], rng: Rng) -> Move:
    """Mostly the best-looking move, sometimes one of the next best."""
    if len(moves) == 1:
        return moves[0]
    return moves[gems.slip_or_best(scores(state, seat, moves), rng)]
