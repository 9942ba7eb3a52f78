"""Splendor knowledge for the search (engine/bots/search.py, docs/bots.md).

Reads a sampled `SplendorState` into the shared gem picture (engine/bots/knowledge_gems.py)
and scores Splendor's moves: buys (gold spent counts against), gem takes, reservations
(face up or from a deck), returns, the extra gem of posts 1-2, the card kept with post 4,
stronghold actions (guard a card one aims at, stack toward a conquest, break up a rival's),
nobles and posts (a free choice of points, scored alike) and the conquest's skip.
"""

from __future__ import annotations

from typing import Any

from ..games.gems.cards import CARDS
from ..games.splendor.moves import MAX_TOKENS
from ..games.splendor.state import SplendorState
from ..games.splendor.turn import WINNING_PRESTIGE
from ..rng import Rng
from . import knowledge_gems as gems

Move = dict[str, Any]


def table(state: SplendorState) -> gems.Table:
    """The gem picture of a Splendor state."""
    seats = [gems.SeatPicture(s.tokens, s.bonuses, s.prestige, [cid for cid, _hidden in s.reserved])
             for s in state.seats]
    market = [cid for row in state.market for cid in row if cid]
    return gems.Table(seats, market, state.nobles, WINNING_PRESTIGE, MAX_TOKENS)


def evaluate(state: SplendorState, players: int) -> list[float]:
    """Each seat's estimated share of the win."""
    return gems.evaluate(table(state))


def _stronghold(scorer: gems.Scorer, state: SplendorState, seat: int, move: Move) -> float:
    aims = {card.id: value for value, card in scorer.targets}
    if move["action"] == "remove":
        return 4.0
    held = state.strongholds.get(move["card"])
    stacking = 1.5 * held[1] if held and held[0] == seat else 0.0
    value = aims.get(move["card"], 0.0) + stacking + 0.1 * CARDS[move["card"]].points
    if move["action"] == "move":
        value -= aims.get(move["from"], 0.0) + 0.5
    return value


def scores(state: SplendorState, seat: int, moves: list[Move]) -> list[float]:
    """How good each move looks for ``seat`` (higher is better)."""
    scorer = gems.Scorer(table(state), seat)
    out = []
    for move in moves:
        kind = move["type"]
        if kind == "buy":
            value = scorer.buy(move["card"], move["pay"].get("gold", 0))
        elif kind == "take":
            value = scorer.take(gems.counts(move["gems"]))
        elif kind == "reserve":
            value = scorer.reserve(move.get("card"))
        elif kind == "return":
            value = scorer.give_back(gems.counts(move["gems"]))
        elif kind == "gem":
            value = scorer.gem(gems.TOKEN_INDEX[move["gem"]])
        elif kind == "keep":
            value = scorer.keep(move["card"])
        elif kind == "stronghold":
            value = _stronghold(scorer, state, seat, move)
        elif kind == "skip":
            value = -1.0
        elif kind == "pass":
            value = -20.0
        else:  # noble, post
            value = 1.0
        out.append(value)
    return out


def candidates(state: SplendorState, seat: int, moves: list[Move], limit: int) -> list[Move]:
    """The ``limit`` best-looking moves, best first."""
    if len(moves) <= 1:
        return list(moves)
    return gems.pick(moves, gems.best_first(scores(state, seat, moves), limit))


def rollout_move(state: SplendorState, seat: int, moves: list[Move], rng: Rng) -> Move:
    """Mostly the best-looking move, sometimes one of the next best."""
    if len(moves) == 1:
        return moves[0]
    return moves[gems.slip_or_best(scores(state, seat, moves), rng)]
