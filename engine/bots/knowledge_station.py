"""What the search bot knows about the station game (the interface in docs/bots.md): an
evaluation of a sampled state, the moves worth searching, and a cheap playout policy.

The move scores are the greedy bot's (engine/bots/greedy_station.py), from a context read off the
state directly (`StateContext`: the seat's own station, hand and Dock, the other stations by
their Readiness only, the market and the credit display — all greedy reads of the seat's view).

``evaluate`` estimates each seat's final renown: its renown now, plus the Storm awards its
Readiness would take at each Storm still to come if the Storm were now (ranked against every
other station at once), its Shield, and what its credits and Dock are worth — with greedy's
weights of a station's worth (`weights`) — and turns the estimates into win shares with a
logistic whose spread narrows as the purchases run out. (Weights fitted by least squares on
greedy self-play were tried first: early in the game they give the Storms almost no weight,
because the modules still to come decide them, and the search played no better with them —
docs/bots.md.)
"""

from __future__ import annotations

import math
import sys
from typing import Any

from ..games.station.components import COST_OF, CREDIT_JSON, CREDIT_VALUE, DEPARTMENTS, MODULE_JSON
from ..games.station.market import effective_cost
from ..games.station.state import StationState
from ..games.station.station import shared_readiness, shield
from ..games.station.storms import AWARDS, FINAL, STORM_I, STORM_II, rank_awards, thresholds
from ..rng import Rng
from . import greedy_station
from .search import Settings

# --- greedy's scores, from the state ----------------------------------------------------


class Tables:
    """What greedy's scores work out for one station against the same rivals and Storm outlook:
    shared by every context with the same ones (`StateContext`), so the search's many contexts
    of the same tree node, world after world, work each out once."""

    __slots__ = ("changes", "lanes", "ready", "rivals", "synergies")

    def __init__(self, grid: tuple[str | None, ...], rivals: Rivals) -> None:
        self.ready = shared_readiness(grid)
        self.rivals = rivals
        self.changes: dict[tuple[int, str | None], float] = {}
        self.synergies: dict[tuple[int, str], int] = {}
        self.lanes: dict[int, int] = {}


class Rivals:
    """The other stations' Readiness and what a department's Readiness is worth against them at
    the Storms to come (``values``, by department and Readiness): the part of `Tables` that the
    seat's own station does not change."""

    __slots__ = ("others", "values")

    def __init__(self, others: tuple[tuple[str | None, ...], ...]) -> None:
        self.others = [shared_readiness(g) for g in others]
        self.values: dict[tuple[str, int], float] = {}


_TABLES: dict[tuple[Any, ...], Tables] = {}
_RIVALS: dict[tuple[Any, ...], Rivals] = {}
_TABLES_MAX = 2048


class StateContext(greedy_station.Context):
    """greedy_station's context for a state, read from the state directly: what
    `greedy_station.Context` holds for the seat's view, built without the view's dicts (``view``
    has only what the scores read besides: the market and the credit display). Its worked-out
    values live in shared `Tables` (pure functions of the key, so a move's score is the same)."""

    def __init__(self, state: StationState, seat: int) -> None:
        me = state.seats[seat]
        self.me = seat
        grid = tuple(me.grid)
        self.grid = list(grid)
        others = tuple(tuple(s.grid) for i, s in enumerate(state.seats) if i != seat)
        self.record = state.synergy
        self.storms, self.weights = greedy_station.storm_weights({s["storm"] for s in state.storms},
                                                                 list(thresholds(state.players)), state.purchases)
        outlook = (self.variant(), others, tuple(self.weights.items()))
        key = (outlook, grid)
        tables = _TABLES.get(key)
        if tables is None:
            rivals = _RIVALS.get(outlook)
            if rivals is None:
                if len(_RIVALS) >= _TABLES_MAX:
                    _RIVALS.clear()
                rivals = _RIVALS[outlook] = Rivals(others)
            if len(_TABLES) >= _TABLES_MAX:
                _TABLES.clear()
            tables = _TABLES[key] = Tables(grid, rivals)
        self.others = tables.rivals.others
        self.ready = tables.ready
        self._values = tables.rivals.values
        self._changes = tables.changes
        self._synergies = tables.synergies
        self._lanes = tables.lanes
        self.end = state.end_triggered
        self.money = greedy_station.money_worth(sum(CREDIT_VALUE[c] for c in me.hand))
        market: list[dict[str, Any]] = []
        modules: dict[str, tuple[dict[str, Any], int]] = {}
        for b, mid in enumerate(state.berths):
            if mid is None:
                market.append({"module": None, "cost": None})
            else:
                cost = effective_cost(state, b)
                market.append({"module": MODULE_JSON[mid], "cost": cost})
                modules[mid] = (MODULE_JSON[mid], cost)
        self.view = {"market": market, "credits": {"display": [CREDIT_JSON[c] for c in state.display]}}
        for mid in me.dock:
            modules.setdefault(mid, (MODULE_JSON[mid], COST_OF[mid]))
        for slot in grid:
            if slot:
                modules.setdefault(slot, (MODULE_JSON[slot], COST_OF[slot]))
        self.modules = modules
        self._wanted: dict[str, int] | None = None

    def variant(self) -> Any:
        """What else the shared values depend on: the scores' constants (a subclass's own)."""
        return self.shield_weight


def context(state: StationState, seat: int) -> greedy_station.Context:
    """greedy_station's context for ``seat`` of a state (the same scores as from its view)."""
    return StateContext(state, seat)


def candidates(state: StationState, seat: int, moves: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """At most ``limit`` moves worth searching, best first by the greedy score."""
    if len(moves) == 1:
        return moves[:]
    ctx = context(state, seat)
    score = greedy_station.score
    if limit == 1:  # another seat's node at three or four seats: the first of the best, no sort
        rest = iter(moves)
        best = next(rest)
        top = score(ctx, best)
        for m in rest:
            v = score(ctx, m)
            if v > top:
                best, top = m, v
        return [best]
    scored = sorted(((score(ctx, m), i) for i, m in enumerate(moves)), key=lambda t: (-t[0], t[1]))
    return [moves[i] for _s, i in scored[:limit]]


# --- the search's budget and shape (engine/bots/hard.py reads these) ----------------------

ITERATIONS = 100
"""Iterations a move: CPU median ≈ 0.3 s, p95 ≈ 0.45 s in CPython (docs/bots.md)."""
SEARCH = Settings(root_width=4, width=6, rollout=6, exploration=0.7)
"""Four candidates at the root (greedy's best four): with more, a hundred iterations visit
each too rarely to tell them apart, and the search picks among close, noisy values
(docs/bots.md, the measurements)."""
SEARCH_MANY = Settings(root_width=4, width=6, opponent_width=1, rollout=6, exploration=0.7, paired_from=4)
"""At three or four seats the other seats are one move wide: at their nodes the tree holds the
move greedy ranks first in the sampled world (normal's own move, so a good model of a normal
opponent), and the iterations go to the searching seat's own choices, several turns deep,
instead of to two or three opponents' replies (docs/bots.md: three seats at the browser's
budget, 60.9 % of 96 games against 55.2 % on the same seeds; +8 % CPU per iteration).
At four seats the four root moves are compared on the same sampled worlds (``paired_from``):
there the root's values differ by ≈ 0.02 of a share, under the noise of one world against
another (docs/bots.md, "Station at four seats: root moves compared on the same worlds"; at
three seats it did not help)."""


# --- playouts ------------------------------------------------------------------------------

SAMPLE = 8
"""A playout scores this many random moves when there are more."""
NOISE = 0.0
"""The chance a playout move is picked at random among the sampled ones (none: random moves
only add to the noise of a hundred iterations)."""


def rollout_move(state: StationState, seat: int, moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """The greedy move among a few sampled ones (all of them when there are few)."""
    if len(moves) == 1:
        return moves[0]
    pool = moves if len(moves) <= SAMPLE else [moves[rng.below(len(moves))] for _ in range(SAMPLE)]
    if rng.below(1000) < NOISE * 1000:
        return pool[rng.below(len(pool))]
    ctx = context(state, seat)
    best = pool[0]
    top = -math.inf
    for m in pool:
        v = greedy_station.score(ctx, m)
        if v > top:
            best, top = m, v
    return best


# --- evaluation ------------------------------------------------------------------------------

FEATURES: tuple[str, ...] = ("storm_I", "storm_II", "storm_final", "shield", "credits", "dock", "modules")
"""What a seat holds that will still turn into renown (its renown aside): the awards each Storm
still to come would give it now, its Shield, its credits' value, its Dock and its modules."""


def _storms_left(state: StationState) -> list[str]:
    done = {s["storm"] for s in state.storms}
    return [name for name in (STORM_I, STORM_II, FINAL) if name not in done]


SMOOTH = 0.0
"""0: a Storm still to come is priced by the ranks the Readiness would take now (`rank_awards`).
Above 0: by the chance of each rank at the Storm (`expected_awards`), the Readiness being that
uncertain: ``0.5 + SMOOTH × purchases each seat still makes before the Storm``."""


def expected_awards(values: list[int | None], table: tuple[int, ...], scale: float) -> list[float]:
    """Each seat's expected award when the final ranks are drawn as a Plackett–Luce order with
    strengths ``exp(value / scale)`` (seats without a value do not place). Two equal values share
    the awards of their ranks, as the rule's ties do."""
    placed = [i for i, v in enumerate(values) if v is not None]
    out = [0.0] * len(values)
    if not placed:
        return out
    top = max(v for v in values if v is not None)
    weight = {i: math.exp(((values[i] or 0) - top) / scale) for i in placed}

    def walk(rest: list[int], rank: int, chance: float) -> None:
        if rank >= len(table) or not rest or not any(table[rank:]):
            return
        total = sum(weight[i] for i in rest)
        for i in rest:
            p = chance * weight[i] / total
            if p > 0.0:
                out[i] += p * table[rank]
                walk([j for j in rest if j != i], rank + 1, p)

    walk(placed, 0, 1.0)
    return out


_EXPECTED: dict[tuple[Any, ...], list[float]] = {}


def _storm_scales(state: StationState, left: list[str]) -> dict[str, float]:
    first, second = thresholds(state.players)
    to_go = {STORM_I: first - state.purchases, STORM_II: second - state.purchases,
             FINAL: max(0, len(state.supply)) + (0 if state.end_triggered else 1)}
    return {name: 0.5 + SMOOTH * max(0, to_go[name]) / state.players for name in left}


def all_features(state: StationState) -> list[list[float]]:
    """The `FEATURES` of every seat (the Storm ones ranked across all stations at once)."""
    n = state.players
    ready = [shared_readiness(s.grid) for s in state.seats]
    left = _storms_left(state)
    storm = {name: [0.0] * n for name in (STORM_I, STORM_II, FINAL)}
    scales = _storm_scales(state, left) if SMOOTH > 0 else {}
    for dept in DEPARTMENTS:
        values = [r.get(dept) for r in ready]
        if all(v is None for v in values):
            continue
        for name in left:
            awards: list[float] | list[int]
            if SMOOTH > 0:
                key = (tuple(values), name, scales[name])
                found = _EXPECTED.get(key)
                if found is None:
                    if len(_EXPECTED) >= 20000:
                        _EXPECTED.clear()
                    found = _EXPECTED[key] = expected_awards(values, AWARDS[name], scales[name])
                awards = found
            else:
                awards = rank_awards(values, AWARDS[name])
            for i, a in enumerate(awards):
                storm[name][i] += a
    out = []
    for i, s in enumerate(state.seats):
        out.append([storm[STORM_I][i], storm[STORM_II][i], storm[FINAL][i], float(shield(s.grid)[0]),
                    float(sum(CREDIT_VALUE[c] for c in s.hand)), float(len(s.dock)),
                    float(sum(1 for m in s.grid if m))])
    return out


def stage(state: StationState) -> int:
    """How far the game is: purchases in fours on the two-seat scale (Storms at 16 and 32;
    with more seats at 20 and 40, scaled to match), 0–10; 11 in the last round."""
    if state.end_triggered:
        return LAST
    first, _second = thresholds(state.players)
    return min(int(state.purchases * 16 / first) // 4, LAST - 1)


LAST = 11
NEAR = 12
"""A Storm at most this many purchases away weighs fully (greedy's rule)."""


def weights(state: StationState) -> tuple[float, ...]:
    """The weights of `FEATURES` now: greedy's weights of a station's worth — Storm I 1.0,
    Storm II 0.9, the Final Storm 0.8, each × 0.7 while it is more than `NEAR` purchases away
    (the Final Storm counted from Storm II); Shield 0.6 — and 0.25 a credit value, 0.3 a Dock
    module, nothing more for a module than its Readiness and Shield."""
    first, second = thresholds(state.players)
    p = state.purchases
    return (1.0 if first - p <= NEAR else 0.7, 0.9 if second - p <= NEAR else 0.63,
            0.8 if second - p <= NEAR or state.end_triggered else 0.56, 0.6, 0.25, 0.3, 0.0)


SPREAD: tuple[float, ...] = (3.5, 3.75, 4.0, 4.75, 11.75, 10.25, 9.5, 7.75, 4.5, 3.5, 2.25, 1.5)
"""By `stage`: the logistic's scale in renown (docs/bots.md: sharper early than a calibrated
one, which is so wide that every move looks alike to the search)."""


def expected_all(state: StationState) -> list[float]:
    """Every seat's estimated final renown (less what every seat still expects alike)."""
    w = weights(state)
    return [s.renown + sum(a * b for a, b in zip(w, f, strict=True))
            for s, f in zip(state.seats, all_features(state), strict=True)]


RIVAL = False
"""At three or more seats, judge each seat against its best rival only: its share is the
logistic of its estimate less the best other seat's (the softmax over all seats otherwise)."""


def evaluate(state: StationState, players: int) -> list[float]:
    """Each seat's estimated share of the win, from the estimated final renown."""
    est = expected_all(state)
    scale = SPREAD[stage(state)]
    if RIVAL and players >= 3:
        out = []
        for i, e in enumerate(est):
            rival = max(x for j, x in enumerate(est) if j != i)
            out.append(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (rival - e) / scale)))))
        return out
    top = max(est)
    weights = [math.exp((e - top) / scale) for e in est]
    total = sum(weights)
    return [w / total for w in weights]


# --- the searching seat's own scores -------------------------------------------------------

OWN_SEATS = 3
"""From this many seats on, the searching seat ranks and plays out its own moves with
engine/bots/tuned_station.py's scores (the other seats keep greedy's, the model of a normal
opponent); below it every seat uses greedy's (two seats were not measured with them)."""


def for_seat(seat: int, players: int) -> Any:
    """The knowledge for a search by ``seat`` at ``players`` seats (engine/bots/hard.py asks):
    this module, or from `OWN_SEATS` seats on a `tuned_station.SeatKnowledge` for the seat."""
    if players < OWN_SEATS:
        return sys.modules[__name__]
    from .tuned_station import SeatKnowledge  # tuned_station builds on this module

    return SeatKnowledge(seat)
