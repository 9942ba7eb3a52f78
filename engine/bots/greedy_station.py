"""Greedy heuristics for the station game, from the bot's own view only.

Every move gets a value in renown-like units, one move deep:
- installing a module (bought or from the Dock): the Synergy it would earn now, the change of
  the Storm awards its department can expect at the Storms still to come (its Readiness
  against the other stations, which are public), the change of Shield, and a little for the
  ports it leaves open;
- paying costs a fraction of a renown per credit value spent, less with an exact payment
  (the bonus credit);
- acquiring is worth the credits' value, more for guilds the market asks for;
- a Dock purchase or a removal is worth little; passing only when nothing else is possible
  or the move would lose value after the end is triggered.

The rule helpers it uses (station geometry, Synergy, Readiness, award ranks) are pure
functions of what the view shows.
"""

from __future__ import annotations

from typing import Any

from ..games.station.station import (
    index,
    readiness,
    shield,
    synergy,
)
from ..games.station.storms import AWARDS, FINAL, STORM_I, STORM_II, rank_awards
from ..rng import Rng

CREDIT_WORTH = 0.32  # renown per credit value spent
STORM_WEIGHT = {STORM_I: 1.0, STORM_II: 0.9, FINAL: 0.8}


def _grid(seat_view: dict[str, Any]) -> list[str | None]:
    return [cell["id"] if cell else None for ring in seat_view["station"] for cell in ring]


class Context:
    """What the bot reads from its view once per decision."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me = view["seat"]
        seats = view["seats"]
        self.grid = _grid(seats[self.me])
        self.others = [s["readiness"] for i, s in enumerate(seats) if i != self.me]
        self.record = view["synergy"]
        first, second = view["storms_at"]
        done = {s["storm"] for s in view["storms"]}
        self.storms = [name for name in (STORM_I, STORM_II) if name not in done] + [FINAL]
        purchases = view["purchases"]
        # Storms close by matter more than distant ones.
        self.weights = {}
        for name in self.storms:
            at = {STORM_I: first, STORM_II: second}.get(name)
            self.weights[name] = STORM_WEIGHT[name] if at is None or at - purchases <= 12 else STORM_WEIGHT[name] * 0.7
        self.readiness = readiness(self.grid)
        self.shield = shield(self.grid)[0]
        self.end = view["turn"]["end_triggered"]
        hand_value = sum(c["value"] for c in seats[self.me].get("hand", []))
        # Money is worth less the more of it the bot holds: spend rather than hoard.
        self.money = CREDIT_WORTH * min(1.0, max(0.15, 1.0 - (hand_value - 15) / 40))
        self.modules = {}
        for berth in view["market"]:
            if berth["module"]:
                self.modules[berth["module"]["id"]] = (berth["module"], berth["cost"])
        for m in seats[self.me]["dock"]:
            self.modules.setdefault(m["id"], (m, m["cost"]))

    def storm_value(self, dept: str, mine: int | None) -> float:
        values = [mine] + [r.get(dept) for r in self.others]
        return sum(self.weights[name] * rank_awards(values, AWARDS[name])[0] for name in self.storms)

    def install_value(self, grid: list, i: int, mid: str, dept: str, base: float = 1.0) -> float:
        """Renown-like value of ``mid`` newly at node ``i`` of ``grid`` (a copy to edit)."""
        before = readiness(grid).get(dept)
        old_shield = shield(grid)[0]
        grid[i] = mid
        try:
            syn = 0.0 if mid in self.record else float(synergy(grid, i, mid)[0])
            after = readiness(grid).get(dept)
            gain = self.storm_value(dept, after) - self.storm_value(dept, before)
            sh = shield(grid)[0] - old_shield
            ports = self.modules[mid][0]["sides"] if mid in self.modules else {}
            openness = 0.15 * sum(1 for v in ports.values() if v == "port")
        finally:
            grid[i] = None
        return syn + gain + 0.6 * sh + openness + base


def score(ctx: Context, move: dict[str, Any]) -> float:
    kind = move["type"]
    view = ctx.view
    if kind == "pass":
        return -0.5 if ctx.end else -100.0
    if kind == "decline":
        return -1.0
    if kind == "bonus":
        credit = next(c for c in view["credits"]["display"] if c["id"] == move["credit"])
        return credit["value"] + (0.5 if credit["guild"] in _wanted_guilds(ctx) else 0.0)
    if kind == "acquire":
        wanted = _wanted_guilds(ctx)
        total = 0.0
        for cid in move["credits"]:
            credit = next(c for c in view["credits"]["display"] if c["id"] == cid)
            total += credit["value"] * (1.0 + 0.25 * wanted.get(credit["guild"], 0))
        return ctx.money * total * (0.4 if ctx.end else 0.9)
    if kind == "purchase":
        module, cost = ctx.modules[move["module"]]
        paid = sum(move["pay"])
        value = -ctx.money * paid
        if paid == cost:
            value += 0.5
        if move["to"] == "dock":
            return value + (0.0 if ctx.end else 0.6 + 0.1 * module["cost"])
        i = index(move["to"]["ring"], move["to"]["sector"])
        return value + ctx.install_value(ctx.grid[:], i, module["id"], module["department"]) + 0.1 * module["cost"]
    if kind == "reconfigure":
        op = move["op"]
        if op == "install":
            module = ctx.modules[move["module"]][0]
            i = index(move["to"]["ring"], move["to"]["sector"])
            return ctx.install_value(ctx.grid[:], i, module["id"], module["department"])
        if op == "remove":
            return -3.0
        module = ctx.modules[move["module"]][0]
        i = index(move["at"]["ring"], move["at"]["sector"])
        grid = ctx.grid[:]
        old = grid[i]
        grid[i] = None
        out_dept = _dept_of(view, old)
        loss = ctx.storm_value(out_dept, ctx.readiness.get(out_dept)) - ctx.storm_value(out_dept, readiness(grid).get(out_dept))
        return ctx.install_value(grid, i, module["id"], module["department"], base=0.0) - loss - 0.5
    return 0.0


def _dept_of(view: dict[str, Any], mid: str) -> str:
    me = view["seats"][view["seat"]]
    for ring in me["station"]:
        for cell in ring:
            if cell and cell["id"] == mid:
                return cell["department"]
    raise KeyError(mid)


def _wanted_guilds(ctx: Context) -> dict[str, int]:
    """How many market modules of each guild the bot could still install."""
    out: dict[str, int] = {}
    for berth in ctx.view["market"]:
        m = berth["module"]
        if m:
            out[m["guild"]] = out.get(m["guild"], 0) + 1
    return out


def choose(view: dict[str, Any], moves: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """The move with the best heuristic value (ties broken by the generator)."""
    ctx = Context(view)
    scored = [(score(ctx, m), i) for i, m in enumerate(moves)]
    best = max(s for s, _ in scored)
    top = [i for s, i in scored if s >= best - 1e-9]
    return moves[top[rng.below(len(top))]]

