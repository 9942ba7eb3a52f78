"""The greedy bot for `stars`: one-move-deep heuristics from its own seat's view only.

It reads its own board, supplies and the public table from ``view`` and re-runs the board's
line logic (engine/games/stars/board.py, pure geometry) on a copy of its own board to see what
a tile or stardust would do. Scores are in rough VP:

- star tiles: VP of a completed constellation, freed light, stardust from enclosures, lines
  joined, minus lines left open into crowded cells; light-bearing faces are preferred while
  groups can still grow;
- stardust: only when it frees light or completes a constellation worth its cost;
- wood ash: light of the colours it is short of, or a token it can use this turn;
- actions: scouting along the best path its light affords (reward VP and foraging spaces it
  opens), foraging what it can offer, offering, stargazing early, recall when out of
  villagers, else stardust.

``STYLES`` weigh the three ways to score; the registered bot plays ``balanced``.
tools/balance_stars.py pits the styles against each other.
"""

from __future__ import annotations

from typing import Any

from ..games.stars import main_board
from ..games.stars.board import BITS, INDEX, NB, POP, Board
from ..games.stars.components import (
    COLOURS,
    FORAGE,
    FORAGE_AT,
    KINDS,
    LINKS,
    PILES,
    TILES,
    VILLAGE_ADJACENT,
)
from ..rng import Rng

BASE: dict[str, float] = {"constellations": 1.6, "scouting": 1.0, "offerings": 1.0}
"""How much the bot trusts the VP each way of scoring promises (calibrated by simulation)."""
LEAN = 1.5
STYLES: dict[str, dict[str, float]] = {"balanced": dict(BASE)}
for _way in BASE:
    STYLES[_way] = {w: v * (LEAN if w == _way else 1.0) for w, v in BASE.items()}
"""A style leans on one way of scoring (its promised VP × 1.5) and plays the rest as usual."""
LIGHT = 0.9  # VP worth of one light in hand
DUST = 0.6  # VP worth of one stardust in hand


class Ctx:
    """What the bot knows, read once per decision from its view."""

    def __init__(self, view: dict[str, Any], style: str) -> None:
        self.view = view
        self.w = STYLES[style]
        self.me = view["seats"][view["seat"]]
        self.light = [self.me["light"][c] for c in COLOURS]
        self.tokens = [self.me["tokens"][k] for k in KINDS]
        self.lit = {p: COLOURS.index(c) for p, c in view["main_board"]["lit"].items()}
        self.rounds_left = view["rounds"] - view["round"]
        self.tops = [pile["tokens"][0] if pile["tokens"] else 0 for pile in view["rewards"]]
        self._board: Board | None = None
        self.memo: dict[tuple[Any, ...], float] = {}

    @property
    def board(self) -> Board:
        if self._board is None:
            self._board = Board.from_json(self.me["board"])
        return self._board

    def reward(self, light: int) -> float:
        if light < PILES[0]:
            return 0.0
        return float(self.tops[min(light, PILES[-1]) - PILES[0]])


# --- the player board ------------------------------------------------------------------

def _constellation_value(ctx: Ctx, board: Board, groups: list[list[int]]) -> float:
    value = 0.0
    for cells in groups:
        value += ctx.reward(board.light_bearing(cells)) * ctx.w["constellations"]
        if board.touching_bonus(cells):
            value += 1.5
    return value


def _pressure(board: Board, i: int, mask: int) -> float:
    """How much harder the new lines make their target cells to fill."""
    cost = 0.0
    for d in BITS[mask]:
        j = NB[i][d]
        if board.vacant(j):
            n = POP[board.incoming(j)]
            cost += (0.25, 0.35, 0.8, 1.6, 2.5, 3.5, 4.5)[n]
    return cost


def _group_growth(ctx: Ctx, board: Board, i: int) -> float:
    """A light-bearing group still open is a constellation to come."""
    cells = board.group(i)
    bearing = board.light_bearing(cells)
    if bearing == 0 or board.closed(cells):
        return 0.0
    open_lines = sum(board.open_lines(c) for c in cells)
    if ctx.rounds_left == 0 and open_lines > 2:
        return 0.0
    return min(bearing, 6) * 0.45 * ctx.w["constellations"] / (1 + 0.35 * open_lines)


def place_score(ctx: Ctx, move: dict[str, Any]) -> float:
    i = INDEX[(move["cell"][0], move["cell"][1])]
    face = TILES[move["tile"]].side(move["side"])
    mask = face.masks[move["rotation"]]
    key = (i, mask, face.colour)  # turned twins and identical tiles do the same
    if key not in ctx.memo:
        ctx.memo[key] = _place_score(ctx, move, i, face, mask)
    return ctx.memo[key]


def _place_score(ctx: Ctx, move: dict[str, Any], i: int, face: Any, mask: int) -> float:
    board = ctx.board.copy()
    pressure = _pressure(board, i, mask & ~board.incoming(i))
    fx = board.place_tile(i, move["tile"], move["side"], move["rotation"], face.light_bearing)
    score = _constellation_value(ctx, board, fx["constellations"])
    score += LIGHT * len(fx["lights"]) + DUST * fx["areas"]
    score += 0.3 * POP[mask & ctx.board.incoming(i)]
    score -= pressure
    score += _group_growth(ctx, board, i)
    if face.light_bearing:
        score += 0.4
    # keep the middle for later: a tile on the rim leaves fewer cells cramped
    score -= 0.05 * sum(1 for j in NB[i] if j >= 0 and board.vacant(j))
    return float(score)


def stardust_score(ctx: Ctx, move: dict[str, Any]) -> float:
    board = ctx.board.copy()
    i = INDEX[(move["cell"][0], move["cell"][1])]
    fx = board.place_dust(i)
    gain = _constellation_value(ctx, board, fx["constellations"]) + LIGHT * len(fx["lights"])
    if ctx.view["phase"] == "final":
        return float(gain - 0.5 * fx["count"])  # unspent stardust only breaks ties now
    return float(gain - DUST * fx["count"] - 0.2)


# --- the main board --------------------------------------------------------------------

def _paths(ctx: Ctx, path: list[str], light: list[int], limit: int = 4000) -> list[list[str]]:
    """Every chain of unlit spaces that continues ``path`` (or starts one) to a doorstep."""
    out: list[list[str]] = []
    budget = sum(light)

    def walk(chain: list[str]) -> None:
        if len(out) >= limit or len(chain) - len(path) > budget:
            return
        last = chain[-1]
        if last in FORAGE_AT and len(chain) > len(path):
            out.append(chain[:])
        for n in LINKS[last]:
            if n not in ctx.lit and n not in chain:
                chain.append(n)
                walk(chain)
                chain.pop()

    if path:
        walk(path[:])
    else:
        for s in sorted(set(VILLAGE_ADJACENT) | {n for p in ctx.lit for n in LINKS[p]}):
            if main_board.start_colours(ctx.lit, s):
                walk([s])
    return out


def _colour_plan(ctx: Ctx, spaces: list[str], light: list[int], first_fixed: bool) -> list[int] | None:
    """Colours for new spaces: the last in its foraging space's colour, the first matching a
    lit neighbour when it starts beside one, the rest from what is most plentiful."""
    left = light[:]
    plan: list[int | None] = [None] * len(spaces)
    last = FORAGE[FORAGE_AT[spaces[-1]]].colour
    plan[-1] = last
    left[last] -= 1
    if left[last] < 0:
        return None
    if first_fixed and len(spaces) > 1:
        allowed = main_board.start_colours(ctx.lit, spaces[0])
        choices = [c for c in allowed if left[c] > 0]
        if not choices:
            return None
        c = max(choices, key=lambda c: left[c])
        plan[0] = c
        left[c] -= 1
    elif first_fixed and last not in main_board.start_colours(ctx.lit, spaces[0]):
        return None  # a one-space path: its only light must also match the lit neighbour
    for k in range(len(spaces)):
        if plan[k] is None:
            c = max(range(3), key=lambda c: left[c])
            if left[c] <= 0:
                return None
            plan[k] = c
            left[c] -= 1
    return plan  # type: ignore[return-value]


def _forage_worth(ctx: Ctx, fid: str) -> float:
    """What a foraging space connected to the Village is worth to this bot."""
    f = FORAGE[fid]
    tokens = next(x["tokens"] for x in ctx.view["main_board"]["foraging"] if x["id"] == fid)
    if tokens == 0 or ctx.rounds_left == 0:
        return 0.0
    single = ctx.view["offering"]["single"][KINDS[f.kind]]
    return float(0.35 * single)  # opened for every seat: not worth more to a bot that leans on offerings


def best_scout(ctx: Ctx, path: list[str], light: list[int]) -> tuple[float, list[str], list[int]] | None:
    """The best way to finish (or start) a scouting path: (value, spaces, colours)."""
    best = None
    for chain in _paths(ctx, path, light):
        new = chain[len(path):]
        plan = _colour_plan(ctx, new, light, first_fixed=not path and new[0] not in VILLAGE_ADJACENT)
        if plan is None:
            continue
        total = len(chain)
        value = ctx.reward(total) * ctx.w["scouting"] + _forage_worth(ctx, FORAGE_AT[chain[-1]])
        value -= LIGHT * 0.8 * len(new)
        if best is None or value > best[0]:
            best = (value, new, plan)
    return best


def forage_score(ctx: Ctx, fid: str) -> float:
    f = FORAGE[fid]
    covered = next(x["early_bird_covered_by"] for x in ctx.view["main_board"]["foraging"] if x["id"] == fid)
    early = covered is None
    cost = sum(f.cost) + (sum(f.early_cost) if early else 0)
    value = _token_value(ctx, f.kind) * ctx.w["offerings"]
    if early:
        value += {"stardust": DUST, "1vp": 1.0, "2vp": 2.0}[f.early_reward]
    return value - LIGHT * 0.7 * cost


def _token_value(ctx: Ctx, kind: int) -> float:
    single = ctx.view["offering"]["single"][KINDS[kind]]
    card = ctx.view["offering"]["card"]
    best = float(single)
    if card:
        for space in card["spaces"]:
            if space["filled"]:
                continue
            needs = [space["needs"].get(k, 0) for k in KINDS]
            if needs[kind]:
                best = max(best, space["vp"] / sum(needs))
    return best


def offer_score(ctx: Ctx, move: dict[str, Any]) -> float:
    card = ctx.view["offering"]["card"]
    if "kind" in move:
        vp = ctx.view["offering"]["single"][move["kind"]]
        k = KINDS.index(move["kind"])
        # keep a token a card space could still use for more
        if card and ctx.rounds_left > 0 and _token_value(ctx, k) > vp + 0.5:
            vp -= 1.0
        return float(vp * ctx.w["offerings"])
    space = card["spaces"][move["space"]]
    return float(space["vp"] * ctx.w["offerings"])


def action_score(ctx: Ctx, move: dict[str, Any]) -> float:
    kind = move["type"]
    ready = ctx.me["villagers"].count("ready")
    bonus = 0.6 if move.get("via") == "ash" else 0.0
    if kind == "scout":
        plan = best_scout(ctx, [], ctx.light)
        return (plan[0] if plan else -5.0) + bonus
    if kind == "forage":
        score = forage_score(ctx, move["space"]) + bonus
        if move["via"] == "action" and ready <= 1:
            score -= 0.3
        return score
    if kind == "offer":
        return offer_score(ctx, move) + bonus - (0.3 if move["via"] == "action" and ready <= 1 else 0.0)
    if kind == "stargaze":
        vacant = ctx.view["night_sky"]["vacant"]
        closeness = (move["space"] == max(vacant)) * 0.2
        return float(0.9 * min(ctx.rounds_left, 4) / 4 + closeness)
    if kind == "recall":
        if ready > 0:
            return -1.0 + bonus
        back = [ctx.me["villagers"][v] for v in move["villagers"]]
        value = sum(0.6 if not p.startswith("sky:") else 0.1 for p in back)
        return value + bonus
    if kind == "gain_stardust":
        return DUST + bonus
    if kind == "end_turn":
        left = ctx.view["turn"]["actions_left"]
        return float(-3.0 * left)
    return 0.0


def scout_step_score(ctx: Ctx, move: dict[str, Any]) -> float:
    scout = ctx.view["turn"]["scout"]
    path = scout["path"] if scout else []
    plan = best_scout(ctx, path, ctx.light)
    if plan is None:
        return -1.0
    _value, spaces, colours = plan
    if move["space"] == spaces[0] and COLOURS.index(move["colour"]) == colours[0]:
        return 10.0 + (5.0 if move["end"] == (len(spaces) == 1) else -20.0)
    return -1.0


# --- wood ash --------------------------------------------------------------------------

def pick_score(ctx: Ctx, move: dict[str, Any]) -> float:
    if move["type"] == "ash_light":
        n = sum(move["light"].values())
        short = 0.0
        for c, k in move["light"].items():
            short += 0.15 * k if ctx.light[COLOURS.index(c)] == 0 else 0.0
        return float(LIGHT * n + short)
    kind = next(t["kind"] for t in ctx.view["sky"] if t["id"] == move["token"])
    if kind == "scouting":
        plan = best_scout(ctx, [], ctx.light)
        return (plan[0] + 0.3 if plan and plan[0] > 0 else 0.0)
    if kind == "foraging":
        vals = [forage_score(ctx, fid) for fid in FORAGE
                if FORAGE[fid].doorstep in ctx.lit and _can_pay(ctx, fid)]
        return max(vals) if vals else 0.0
    if kind == "offering":
        return max((ctx.view["offering"]["single"][KINDS[k]] * ctx.w["offerings"]
                    for k in range(4) if ctx.tokens[k]), default=0.0)
    if kind == "recall":
        return 0.8 if ctx.me["villagers"].count("ready") == 0 else 0.1
    if kind == "stardust":
        return DUST + 0.1
    return 0.0


def _can_pay(ctx: Ctx, fid: str) -> bool:
    f = FORAGE[fid]
    covered = next(x["early_bird_covered_by"] for x in ctx.view["main_board"]["foraging"] if x["id"] == fid)
    price = [f.cost[c] + (f.early_cost[c] if covered is None else 0) for c in range(3)]
    return all(ctx.light[c] >= price[c] for c in range(3))


# --- choosing ----------------------------------------------------------------------------

def score(ctx: Ctx, move: dict[str, Any]) -> float:
    kind = move["type"]
    if kind == "place":
        return place_score(ctx, move)
    if kind == "set_aside":
        return -1.0
    if kind == "stardust":
        return stardust_score(ctx, move)
    if kind == "bonus":
        token = move["token"]
        if token is None:
            return 0.0
        owed = ctx.me["bonus_choices"][0]["value"]
        acting_later = ctx.rounds_left or ctx.view["phase"] in ("stargazing", "wood_ash")
        return {"x2": float(owed), "lights": 2.7, "actions": 1.6 if acting_later else 0.1,
                "villager": 1.4 if ctx.rounds_left else 0.05}[token]
    if kind in ("ash_keep", "ash_light"):
        return pick_score(ctx, move)
    if kind == "scout_step":
        return scout_step_score(ctx, move)
    if kind == "scout_cancel":
        # never chosen while a step is possible: cancelling returns to the same position, and
        # the same choice would start the same path again (an endless scout, cancel, scout…)
        return -1000.0
    if kind == "done":
        return 0.0
    return action_score(ctx, move)


def choose(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng, style: str = "balanced") -> dict[str, Any]:
    """The move with the best heuristic score (ties broken by the generator)."""
    ctx = Ctx(view, style)
    scored = [(score(ctx, m), i) for i, m in enumerate(moves)]
    best = max(s for s, _ in scored)
    top = [i for s, i in scored if s == best]
    return moves[top[rng.below(len(top))]]

