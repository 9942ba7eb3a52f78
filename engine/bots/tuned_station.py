"""A tuned variant of the station greedy scores, for the hard bot's own seat.

greedy_station's scores (the ``normal`` level, unchanged) with three of its constants changed:
a larger bonus for an exact payment (1.5 instead of 0.5), the Shield weighed less (0.4 instead of
0.6), and a Storm rank valued also by what it keeps from the other stations (``deny``: their mean
award at each Storm to come counts against the department's worth, × 0.3). Screened as one such
greedy seat among normals, its seat rotating, the same seeds for both (twelfth session, /tmp
drivers): one constant at a time on 1,000 three-seat games (seeds 20000…), then the best on
fresh seeds — three seats, 1,500 games (seeds 60000…): 39.3 % against greedy's 32.3 % on the same
games (+7.0 ± 1.4 paired); four seats, 1,200 games (60000…): 29.0 % against 24.3 % (+4.7 ± 1.3).
The other constants (credits, Storm weights, the far-Storm discount, ports, a module's cost,
acquiring, the Dock, exchanges, hoarding) moved the share by less than their error.

The hard bot's search at three and four seats ranks its own seat's moves with these scores (its
candidates and its playout moves) and keeps greedy's for the other seats, which are the model of
a normal opponent (`knowledge_station.for_seat`). Like greedy's in the search, the scores are
read from a sampled state (`knowledge_station.StateContext`): only what the seat's view shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..games.station.state import StationState
from ..games.station.storms import AWARDS, rank_awards
from ..rng import Rng
from . import greedy_station, knowledge_station
from .knowledge_station import StateContext


@dataclass(frozen=True)
class Params:
    """The constants that differ from greedy_station's (the defaults are greedy's own)."""

    exact: float = 0.5
    """Renown-like worth of paying a purchase exactly (the bonus credit)."""
    shield: float = 0.6
    """Weight of a change of the Shield's renown."""
    deny: float = 0.0
    """How much the awards the other stations would take at a Storm count against a department's
    worth (their mean, times this): a rank taken from the others is worth more than its own award
    when they are the ones to beat."""


GREEDY = Params()
"""greedy_station's own constants: `score` with these equals `greedy_station.score`."""
TUNED = Params(exact=1.5, shield=0.4, deny=0.3)
"""The screened constants (docs/bots.md)."""


class TunedContext(StateContext):
    """`StateContext` whose change of worth weighs the Shield by ``params.shield``."""

    def __init__(self, state: StationState, seat: int, params: Params) -> None:
        self.params = params
        self.shield_weight = params.shield
        super().__init__(state, seat)

    def variant(self) -> Any:
        """The constants the shared values depend on: these params."""
        return self.params

    def storm_value(self, dept: str, mine: int | None) -> float:
        """greedy's `storm_value` less ``params.deny`` × the mean award of the other stations."""
        if mine is None:
            return 0.0
        key = (dept, mine)
        found = self._values.get(key)
        if found is None:
            values = [mine] + [r.get(dept) for r in self.others]
            deny = self.params.deny / max(1, len(self.others))
            found = 0.0
            for name in self.storms:
                awards = rank_awards(values, AWARDS[name])
                found += self.weights[name] * (awards[0] - deny * sum(awards[1:]))
            self._values[key] = found
        return found


def context(state: StationState, seat: int, params: Params = TUNED) -> TunedContext:
    """The tuned scores' context for ``seat`` of a state."""
    return TunedContext(state, seat, params)


def score(ctx: TunedContext, move: dict[str, Any]) -> float:
    """greedy_station's score of ``move`` with the context's constants."""
    value = greedy_station.score(ctx, move)
    if move["type"] == "purchase":
        _module, cost = ctx.modules[move["module"]]
        if sum(move["pay"]) == cost:
            value += ctx.params.exact - GREEDY.exact
    return value


def candidates(state: StationState, seat: int, moves: list[dict[str, Any]], limit: int,
               params: Params = TUNED) -> list[dict[str, Any]]:
    """At most ``limit`` moves, best first by the tuned score (`knowledge_station.candidates`'s
    order with these constants)."""
    if len(moves) == 1:
        return moves[:]
    ctx = context(state, seat, params)
    scored = sorted(((score(ctx, m), i) for i, m in enumerate(moves)), key=lambda t: (-t[0], t[1]))
    return [moves[i] for _s, i in scored[:limit]]


def rollout_move(state: StationState, seat: int, moves: list[dict[str, Any]], rng: Rng,
                 params: Params = TUNED) -> dict[str, Any]:
    """The best move by the tuned score among a few sampled ones (`knowledge_station.SAMPLE`),
    as `knowledge_station.rollout_move` picks by greedy's."""
    if len(moves) == 1:
        return moves[0]
    sample = knowledge_station.SAMPLE
    pool = moves if len(moves) <= sample else [moves[rng.below(len(moves))] for _ in range(sample)]
    ctx = context(state, seat, params)
    best = pool[0]
    top = -math.inf
    for m in pool:
        v = score(ctx, m)
        if v > top:
            best, top = m, v
    return best


class SeatKnowledge:
    """Station's knowledge for a search by ``seat``: that seat's own moves ranked and played out
    with the tuned scores, every other seat's with greedy's (the model of a normal opponent, which
    is what the other seats at a table of normals play); the same evaluation."""

    def __init__(self, seat: int, params: Params = TUNED) -> None:
        self.seat = seat
        self.params = params

    def evaluate(self, state: StationState, players: int) -> list[float]:
        """`knowledge_station.evaluate`."""
        return knowledge_station.evaluate(state, players)

    def candidates(self, state: StationState, seat: int, moves: list[dict[str, Any]],
                   limit: int) -> list[dict[str, Any]]:
        """The searching seat's by the tuned scores, another seat's by greedy's."""
        if seat == self.seat:
            return candidates(state, seat, moves, limit, self.params)
        return knowledge_station.candidates(state, seat, moves, limit)

    def rollout_move(self, state: StationState, seat: int, moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        """The searching seat's playout move by the tuned scores, another seat's by greedy's."""
        if seat == self.seat:
            return rollout_move(state, seat, moves, rng, self.params)
        return knowledge_station.rollout_move(state, seat, moves, rng)
