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

from ..games.station.components import DEPT_OF, PORT_MASK
from ..games.station.station import (
    SECTORS,
    SHIELD_SECTORS,
    index,
    lane,
    shared_readiness,
    synergy,
)
from ..games.station.storms import AWARDS, FINAL, STORM_I, STORM_II, rank_awards
from ..rng import Rng

PORTS: dict[str, int] = {mid: bin(mask).count("1") for mid, mask in PORT_MASK.items()}
"""How many ports each module has."""
CREDIT_WORTH = 0.32  # renown per credit value spent
STORM_WEIGHT = {STORM_I: 1.0, STORM_II: 0.9, FINAL: 0.8}


def _grid(seat_view: dict[str, Any]) -> list[str | None]:
    return [cell["id"] if cell else None for ring in seat_view["station"] for cell in ring]


def storm_weights(done: set[str], storms_at: list[int], purchases: int) -> tuple[list[str], dict[str, float]]:
    """The Storms still to come, in order, and their weights: Storms close by matter more than
    distant ones."""
    first, second = storms_at
    storms = [name for name in (STORM_I, STORM_II) if name not in done] + [FINAL]
    weights: dict[str, float] = {}
    for name in storms:
        at = {STORM_I: first, STORM_II: second}.get(name)
        weights[name] = STORM_WEIGHT[name] if at is None or at - purchases <= 12 else STORM_WEIGHT[name] * 0.7
    return storms, weights


def money_worth(hand_value: int) -> float:
    """Renown per credit value spent: less the more the bot holds, so it spends rather than hoards."""
    return CREDIT_WORTH * min(1.0, max(0.15, 1.0 - (hand_value - 15) / 40))


class Context:
    """What the bot reads from its view once per decision."""

    shield_weight = 0.6
    """Weight of a change of the Shield's renown in `change` (engine/bots/tuned_station.py sets
    its own)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me = view["seat"]
        seats = view["seats"]
        self.grid = _grid(seats[self.me])
        self.others = [s["readiness"] for i, s in enumerate(seats) if i != self.me]
        self.record = view["synergy"]
        self.storms, self.weights = storm_weights({s["storm"] for s in view["storms"]}, view["storms_at"],
                                                  view["purchases"])
        self.end = view["turn"]["end_triggered"]
        self.money = money_worth(sum(c["value"] for c in seats[self.me].get("hand", [])))
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
        self.ready = shared_readiness(self.grid)
        self._values: dict[tuple[str, int], float] = {}
        self._changes: dict[tuple[int, str | None], float] = {}
        self._synergies: dict[tuple[int, str], int] = {}
        self._wanted: dict[str, int] | None = None
        self._lanes: dict[int, int] = {}

    def storm_value(self, dept: str, mine: int | None) -> float:
        """What a department of ``mine`` Readiness (None: none installed) is expected to bring
        at the Storms still to come, ranked against the other stations."""
        if mine is None:
            return 0.0  # a department without a module places at no Storm
        key = (dept, mine)
        found = self._values.get(key)
        if found is None:
            values = [mine] + [r.get(dept) for r in self.others]
            found = self._values[key] = sum(self.weights[name] * rank_awards(values, AWARDS[name])[0]
                                            for name in self.storms)
        return found

    def ports(self, mid: str | None) -> int:
        return PORTS[mid] if mid is not None and mid in self.modules else 0

    def change(self, i: int, mid: str | None) -> float:
        """The change of the station's worth when node ``i`` holds ``mid`` (None: emptied), plus the
        Synergy a newly installed module earns now. Only the departments of the module that
        leaves and the one that comes change their Readiness, and only node i's Shield lane.
        (Both parts worked out once per node and module: purchases differ by their payments.)"""
        key = (i, mid)
        found = self._changes.get(key)
        if found is None:
            found = self._changes[key] = self._change(i, mid)
        if mid is not None and mid not in self.record:
            earned = self._synergies.get((i, mid))
            if earned is None:
                grid = self.grid[:]
                grid[i] = mid
                earned = self._synergies[(i, mid)] = synergy(grid, i, mid)[0]
            found += earned
        return found

    def _lane(self, sector: int) -> int:
        """The Shield renown of the station's own lane in ``sector`` (worked out once)."""
        found = self._lanes.get(sector)
        if found is None:
            found = self._lanes[sector] = lane(self.grid, sector)[2]
        return found

    def _change(self, i: int, mid: str | None) -> float:
        """`change` without the Synergy (which depends on the record too)."""
        old = self.grid[i]
        grid = self.grid[:]
        grid[i] = mid
        ready = shared_readiness(grid)
        value = 0.0
        for dept in sorted({DEPT_OF[m] for m in (old, mid) if m is not None}):
            value += self.storm_value(dept, ready.get(dept)) - self.storm_value(dept, self.ready.get(dept))
        sector = i % SECTORS
        if sector in SHIELD_SECTORS:
            value += self.shield_weight * (lane(grid, sector)[2] - self._lane(sector))
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
    if ctx._wanted is not None:
        return ctx._wanted
    out: dict[str, int] = {}
    ctx._wanted = out
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

