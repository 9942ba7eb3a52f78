"""Greedy heuristics for the station game, from the bot's own view only.

Every move gets a value in renown-like units, one move deep. A station's *worth* is the
Storm renown its departments can expect at the Storms still to come (its Readiness ranked
against the other stations, which are public; nearer Storms weigh more) plus its Shield.
- installing a module (bought or from the Dock), exchanging or removing one: the change of
  worth, plus the Synergy a newly installed module earns now, a point for every module added
  and a little for its ports; an exchange or a removal also costs a little, so the bot never
  shuffles modules back and forth (each exchange must raise the worth);
- paying costs a fraction of a renown per credit value spent (less the more credits the bot
  holds, so it spends rather than hoards), less with an exact payment (the bonus credit);
- acquiring is worth the credits' value, more for guilds the market offers;
- a Dock purchase is worth little; passing only when nothing else is possible, or when every
  other move would lose value after the end is triggered.

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
        for ring in seats[self.me]["station"]:
            for m in ring:
                if m:
                    self.modules.setdefault(m["id"], (m, m["cost"]))
        self.base = self.worth(self.grid)

    def storm_value(self, dept: str, mine: int | None) -> float:
        values = [mine] + [r.get(dept) for r in self.others]
        return sum(self.weights[name] * rank_awards(values, AWARDS[name])[0] for name in self.storms)

    def worth(self, grid: list[str | None]) -> float:
        """What a station is expected to bring from here on: the Storm awards of its
        departments and its Shield."""
        ready = readiness(grid)
        depts = set(ready) | {d for r in self.others for d in r}
        return sum(self.storm_value(d, ready.get(d)) for d in depts) + 0.6 * shield(grid)[0]

    def ports(self, mid: str | None) -> int:
        sides = self.modules[mid][0]["sides"] if mid in self.modules else {}
        return sum(1 for v in sides.values() if v == "port")

    def change(self, i: int, mid: str | None) -> float:
        """The change of `worth` when node ``i`` holds ``mid`` (None: emptied), plus the
        Synergy a newly installed module earns now."""
        grid = self.grid[:]
        grid[i] = mid
        value = self.worth(grid) - self.base
        if mid is not None and mid not in self.record:
            value += synergy(grid, i, mid)[0]
        return value


def score(ctx: Context, move: dict[str, Any]) -> float:
    kind = move["type"]
    view = ctx.view
    if kind == "pass":
        return -0.5 if ctx.end else -100.0
    if kind == "decline":
        return -1.0
    if kind == "bonus":
        credit = next(c for c in view["credits"]["display"] if c["id"] == move["credit"])
        return float(credit["value"] + (0.5 if credit["guild"] in _wanted_guilds(ctx) else 0.0))
    if kind == "acquire":
        wanted = _wanted_guilds(ctx)
        total = 0.0
        for cid in move["credits"]:
            credit = next(c for c in view["credits"]["display"] if c["id"] == cid)
            total += credit["value"] * (1.0 + 0.25 * wanted.get(credit["guild"], 0))
        return float(ctx.money * total * (0.4 if ctx.end else 0.9))
    if kind == "purchase":
        module, cost = ctx.modules[move["module"]]
        paid = sum(move["pay"])
        value = -ctx.money * paid
        if paid == cost:
            value += 0.5
        if move["to"] == "dock":
            return float(value + (0.0 if ctx.end else 0.6 + 0.1 * module["cost"]))
        i = index(move["to"]["ring"], move["to"]["sector"])
        return float(value + ctx.change(i, module["id"]) + 1.0 + 0.15 * ctx.ports(module["id"]) + 0.1 * module["cost"])
    if kind == "reconfigure":
        op = move["op"]
        if op == "install":
            i = index(move["to"]["ring"], move["to"]["sector"])
            return ctx.change(i, move["module"]) + 1.0 + 0.15 * ctx.ports(move["module"])
        i = index(move["at"]["ring"], move["at"]["sector"])
        if op == "remove":
            return ctx.change(i, None) - 3.0
        old = ctx.grid[i]
        return float(ctx.change(i, move["module"]) + 0.15 * (ctx.ports(move["module"]) - ctx.ports(old)) - 0.5)
    return 0.0


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

