"""What the search bot knows about `stars` (the interface in docs/bots.md): an evaluation of
a sampled state, the moves worth searching, and a cheap playout policy.

The move scores are the greedy bot's (engine/bots/greedy_stars.py), read from a small view of
the state built here (`seat_view`: only what greedy reads, without the static map, the result
or who may spend stardust, which the full view spends most of its time on) and the seat's own
board object (greedy copies a board before it tries a move on it).

``evaluate`` estimates each seat's final score as its score now plus what its resources and
its board are worth from here on (`features` · `WEIGHTS`, fitted by least squares on greedy
self-play, docs/bots.md), and turns the estimates into win shares with a logistic whose
spread shrinks as the rounds run out.
"""

from __future__ import annotations

import math
from typing import Any

from ..games.stars.board import PLAYABLE, POP, Board
from ..games.stars.components import (
    ASH,
    COLOURS,
    FORAGE,
    LEFTOVER_VALUE,
    OFFER_CARD_JSON,
    REWARDS,
    ROUNDS,
    SINGLE_VALUE,
    TILES,
    colour_json,
    kind_json,
)
from ..games.stars.state import FINAL, STARGAZING, StarsState
from ..rng import Rng
from . import greedy_stars
from .search import Settings

# --- the search's budget and shape (engine/bots/hard.py reads these) ----------------------

ITERATIONS = 60
"""Iterations a move: CPU median ≈ 0.18 s, p95 ≈ 0.36 s in CPython (docs/bots.md)."""
SEARCH = Settings(root_width=12, width=6, rollout=6, exploration=0.7)
"""The search's default shape: twelve candidates at the root, six below, six playout moves."""


# --- a small view for the greedy scores ---------------------------------------------------


def seat_view(state: StarsState, seat: int) -> dict[str, Any]:
    """The parts of ``seat``'s view that greedy_stars reads (its own seat only: board excluded)."""
    s = state.seats[seat]
    me = {"light": colour_json(s.light), "tokens": kind_json(s.tokens), "villagers": s.villagers,
          "bonus_choices": [{"options": p["options"], "value": p["value"]} for p in s.pending]}
    early: dict[str, int | None] = {fid: None for fid in FORAGE}
    for i, other in enumerate(state.seats):
        for place in other.villagers:
            if place.startswith("early:"):
                early[place[6:]] = i
    card = None
    if state.offer_card is not None:
        card = {"spaces": [{"needs": sp["needs"], "vp": sp["vp"], "filled": state.offer_filled[n]}
                           for n, sp in enumerate(OFFER_CARD_JSON[state.offer_card]["spaces"])]}
    seats: list[dict[str, Any]] = [{} for _ in state.seats]
    seats[seat] = me
    return {
        "seat": seat, "round": state.round, "rounds": ROUNDS, "phase": state.phase, "seats": seats,
        "main_board": {"lit": {p: COLOURS[c] for p, c in state.lit.items()},
                       "foraging": [{"id": fid, "tokens": state.forage[fid], "early_bird_covered_by": early[fid]}
                                    for fid in FORAGE]},
        "rewards": [{"tokens": [REWARDS[t][1] for t in pile]} for pile in state.piles],
        "offering": {"card": card, "single": _SINGLE},
        "night_sky": {"vacant": state.sky_vacant()},
        "turn": {"actions_left": state.actions_left if state.current is not None else 0,
                 "scout": None if state.scout is None else {"path": state.scout["path"]}},
        "sky": [{"id": t, "kind": ASH[t]} for t, _r in state.sky],
    }


_SINGLE = kind_json(SINGLE_VALUE)


class StateCtx(greedy_stars.Ctx):
    """greedy_stars' context for a state: the small view and the seat's own board.

    Greedy remembers a placement's score by its cell, lines and colour for one decision; here
    that memo is kept per board and its bonus corners (and what else a placement's score reads: the reward piles'
    tops, whether rounds are left), so the search, which asks again and again about the same
    boards in its sampled worlds, scores each placement once.
    """

    def __init__(self, state: StarsState, seat: int) -> None:
        super().__init__(seat_view(state, seat), "balanced")
        board = state.seats[seat].board
        self._board = board
        key = (tuple(board.tile), tuple(board.dust), tuple(board.taken), tuple(board.bonus.values()), tuple(self.tops),
               self.rounds_left == 0)
        memo = _PLACEMENTS.get(key)
        if memo is None:
            if len(_PLACEMENTS) >= _PLACEMENTS_MAX:
                _PLACEMENTS.clear()
            memo = _PLACEMENTS[key] = {}
        self.memo = memo


_PLACEMENTS: dict[tuple[Any, ...], dict[tuple[Any, ...], float]] = {}
_PLACEMENTS_MAX = 2000


def _placement_key(move: dict[str, Any]) -> tuple[Any, ...]:
    """Placements with the same effect: the same face, turned the same way, on the same cell,
    of a tile whose two faces are the same as another's (every side A is alike)."""
    tile = TILES[move["tile"]]
    face = tile.side(move["side"])
    return (move["cell"][0], move["cell"][1], face.colour, face.masks[move["rotation"]],
            tile.b.colour, min(tile.b.masks))


def _distinct(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for m in moves:
        if m["type"] == "place":
            key = _placement_key(m)
            if key in seen:
                continue
            seen.add(key)
        out.append(m)
    return out


def candidates(state: StarsState, seat: int, moves: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """At most ``limit`` moves worth searching, best first by the greedy score; placements
    with the same effect are searched once (a stargazing listing of ~800 becomes ~100 distinct
    ones, of which the best few are kept). A stargazing answer is remembered: it follows from
    the seat's board, tiles, stardust, the reward piles' tops and the round."""
    s = state.seats[seat]
    key = None
    if state.phase == STARGAZING and s.hand and not s.pending:  # the listing follows from these
        b = s.board
        key = (tuple(b.tile), tuple(b.dust), tuple(b.taken), tuple(b.bonus.values()), tuple(s.hand), s.stardust,
               tuple(REWARDS[p[0]][1] if p else 0 for p in state.piles), state.round, limit, len(moves))
        found = _CANDIDATES.get(key)
        if found is not None:
            return found[:]
    if len(moves) > 1:  # cancelling a scouting path returns to where it began: a search that
        # may cancel can start and cancel the same path for ever (docs/bots.md)
        moves = [m for m in moves if m["type"] != "scout_cancel"] or moves
    distinct = _distinct(moves)
    ctx = StateCtx(state, seat)
    scored = sorted(((greedy_stars.score(ctx, m), i) for i, m in enumerate(distinct)), key=lambda t: (-t[0], t[1]))
    best = [distinct[i] for _s, i in scored[:limit]]
    if key is not None:
        if len(_CANDIDATES) >= _PLACEMENTS_MAX:
            _CANDIDATES.clear()
        _CANDIDATES[key] = best[:]
    return best


_CANDIDATES: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


# --- playouts ------------------------------------------------------------------------------

SAMPLE = 10
"""A playout scores this many random placements (or other moves, when there are more than
``WIDE``) instead of all of them."""
WIDE = 40
NOISE = 0.1
"""The chance a playout move is picked at random among the sampled ones."""


def rollout_move(state: StarsState, seat: int, moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """Mostly the greedy move among a few sampled ones (all of them when there are few)."""
    if len(moves) == 1:
        return moves[0]
    pool = moves
    if len(moves) > WIDE or (state.phase == STARGAZING and len(moves) > SAMPLE):
        pool = [moves[rng.below(len(moves))] for _ in range(SAMPLE)]
    if rng.below(1000) < NOISE * 1000:
        return pool[rng.below(len(pool))]
    ctx = StateCtx(state, seat)
    if state.scout is not None and state.current == seat and not state.seats[seat].pending:
        step = _scout_step(ctx, moves)
        if step is not None:
            return step
    best = pool[0]
    top = -math.inf
    for m in pool:
        v = greedy_stars.score(ctx, m)
        if v > top:
            best, top = m, v
    return best


def _scout_step(ctx: greedy_stars.Ctx, moves: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The next step of greedy's best path (worked out once, not once per listed step)."""
    plan = greedy_stars.best_scout(ctx, ctx.view["turn"]["scout"]["path"], ctx.light)
    if plan is None:
        return None
    _value, spaces, colours = plan
    for m in moves:
        if (m["type"] == "scout_step" and m["space"] == spaces[0] and m["colour"] == COLOURS[colours[0]]
                and m["end"] == (len(spaces) == 1)):
            return m
    return None


# --- evaluation ------------------------------------------------------------------------------

FEATURES: tuple[str, ...] = ("light", "stardust", "tokens", "crystals", "growth", "cramped", "vacant",
                             "owed", "villagers", "ash", "extra_actions")
"""What a seat holds that will still turn into VP (its score aside)."""


def features(state: StarsState, seat: int) -> list[float]:
    """The `FEATURES` of one seat."""
    s = state.seats[seat]
    b = s.board
    crystals = cramped = vacant = 0
    for i in PLAYABLE:
        if b.tile[i] is None:
            if not b.dust[i]:
                vacant += 1
                if POP[b.incoming(i)] >= 3:
                    cramped += 1
        elif b.crystal[i]:
            crystals += 1
    final = state.phase == FINAL
    values = LEFTOVER_VALUE if final or state.round == ROUNDS else SINGLE_VALUE
    tokens = sum(n * values[k] for k, n in enumerate(s.tokens))
    return [float(sum(s.light)), float(s.stardust), float(tokens), float(crystals), _growth(b),
            float(cramped), float(vacant), float(sum(max(p["value"], 3) for p in s.pending)),
            float(sum(1 for v in s.villagers if v in ("ready", "bonus"))), float(len(s.ash)),
            float(s.extra_actions)]


def _growth(b: Board) -> float:
    """Open groups with light-bearing tiles: constellations to come."""
    seen: set[int] = set()
    total = 0.0
    for i in PLAYABLE:
        if b.tile[i] is None or i in seen:
            continue
        cells = b.group(i)
        seen.update(cells)
        bearing = b.light_bearing(cells)
        if bearing == 0 or b.closed(cells):
            continue
        open_lines = sum(b.open_lines(c) for c in cells)
        total += min(bearing, 6) / (1 + 0.35 * open_lines)
    return total


_AT_END = (0.1, 0.2, 0.97, 0.04, 2.55, -1.0, 0.65, 0.7, 0.1, 1.21, 0.85)
_PER_ROUND = (0.211, 0.0, -0.124, 0.126, 0.126, 0.0, 0.271, 0.017, 0.0, -0.13, -0.113)
"""The weight of each of `FEATURES` (VP still to come per unit) is ``_AT_END + _PER_ROUND ×
rounds left``: a least-squares fit of the VP each seat went on to score, on 120 two-seat and 80
three-seat greedy games sampled at every phase and turn (docs/bots.md), ridge-pulled towards
hand-set guesses; stardust, villagers and kept wood ash are held at small positive worths (the
fit gave them small negative ones: who holds them is confounded with other things)."""
BASE_GAIN: tuple[float, ...] = (-4.68, -7.21, -9.48, -12.84, -18.16, -25.10, -32.37, -37.26)
"""By rounds left: the fit's intercept (the same for every seat, so it cancels in the shares)."""
SPREAD: tuple[float, ...] = (2.5, 3.25, 4.75, 5.75, 7.0, 8.0, 8.25, 12.0)
"""By rounds left: the logistic's scale in VP, the one that best predicted the winners."""


def weights(rounds_left: int) -> list[float]:
    """The weights of `FEATURES` with this many rounds left."""
    return [a + b * rounds_left for a, b in zip(_AT_END, _PER_ROUND, strict=True)]


_WEIGHTS = [weights(left) for left in range(ROUNDS)]


def expected(state: StarsState, seat: int) -> float:
    """The seat's estimated final score."""
    left = _rounds_left(state)
    gain = sum(a * b for a, b in zip(_WEIGHTS[left], features(state, seat), strict=True))
    return state.seats[seat].score + BASE_GAIN[left] + gain


def _rounds_left(state: StarsState) -> int:
    return 0 if state.phase == FINAL else ROUNDS - state.round


def evaluate(state: StarsState, players: int) -> list[float]:
    """Each seat's estimated share of the win, from the estimated final scores."""
    est = [expected(state, i) for i in range(players)]
    scale = SPREAD[_rounds_left(state)]
    top = max(est)
    weights = [math.exp((e - top) / scale) for e in est]
    total = sum(weights)
    return [w / total for w in weights]
