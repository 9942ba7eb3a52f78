"""A complete station state sampled from one seat's view (for the search bots, docs/bots.md).

`determinize(view, seat, rng)` rebuilds everything the view shows as it is, and samples from
``rng`` what the seat cannot see:

- the module supply's order (its modules are known: every module of the game that is not in a
  berth, a station or a Dry Dock);
- the credits it has not seen: every credit of the game not on display, not in the discard
  pile, not in its own hand and not among the credits the other seats were seen to take
  (`hand_seen`) is dealt at random into the other seats' unseen places (the credits of their
  opening deal still held: ``hand_count`` less what was seen) and the credit deck (its size,
  in a random order) — so a sampled hand holds every credit the seat saw its owner take;
- the generator, reseeded from ``rng``.

One public fact is not in the view, so the sample takes it as follows: where Drift's rotated
modules sit in the supply (at the bottom, seen by everyone; the sample shuffles the whole
supply). The passes of the current round are not in the view either; they matter only when a
whole round passes with nobody able to act before the end is triggered (never seen in play),
and the sample takes 0. A Storm triggered during an exact-payment bonus choice is pending
until the turn ends: it is the Storm of the current purchase count.

It reads the view only, never a state: a search cannot peek.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from ..serialise import copy_json
from .components import credit_ids, module_ids
from .state import BONUS, StationState
from .storms import storm_at


def _ids(cells: list[Any]) -> list[str | None]:
    return [c["id"] if c else None for c in cells]


class Sampler:
    """A view's public parts, read once; each call samples the hidden parts afresh (a search
    samples hundreds of worlds from one view). Every sample is a new state: nothing mutable is
    shared between two samples or with the view."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.players = players = int(view["players"])
        self.seat = seat
        entries = view["seats"]
        self.grids = [[mid for ring in e["station"] for mid in _ids(ring)] for e in entries]
        self.docks = [[m["id"] for m in e["dock"]] for e in entries]
        self.berths = _ids([b["module"] for b in view["market"]])
        seen_modules = ({m for g in self.grids for m in g if m} | {m for d in self.docks for m in d}
                        | {m for m in self.berths if m})
        self.supply = [m for m in module_ids(players) if m not in seen_modules]
        self.display = [c["id"] for c in view["credits"]["display"]]
        self.own = [c["id"] for c in entries[seat]["hand"]]
        self.seen = [[c["id"] for c in e["hand_seen"]] for e in entries]
        self.discard = [c["id"] for c in view["credits"]["discard_pile"]]
        known = set(self.display) | set(self.own) | set(self.discard)
        for i, cids in enumerate(self.seen):
            if i != seat:
                known.update(cids)
        self.pool = [c for c in credit_ids(players) if c not in known]
        self.own_dealt = [c for c in self.own if c not in self.seen[seat]]
        self.unseen = [0 if i == seat else int(e["hand_count"]) - len(self.seen[i]) for i, e in enumerate(entries)]
        if len(self.pool) != int(view["credits"]["deck"]) + sum(self.unseen):
            raise ValueError("the view's credits do not add up to the game's")
        self.renown = [(e["renown_by"]["synergy"], e["renown_by"]["storms"], e["renown_by"]["shield"]) for e in entries]
        self.lanes = [[dict(x) for x in e.get("shield_lanes", [])] for e in entries]
        self.options = copy_json(view["options"])
        self.discounts = [b["discount"] for b in view["market"]]
        self.waiting = [b["waiting"] for b in view["market"]]
        self.synergy = dict(view["synergy"])
        self.purchases = view["purchases"]
        turn = view["turn"]
        self.storm_pending = storm_at(players, view["purchases"]) if turn["phase"] == BONUS else None
        self.storms = copy_json(view["storms"])
        self.current, self.phase, self.round = turn["seat"], turn["phase"], turn["round"]
        self.end_triggered = turn["end_triggered"]
        self.ended = view["result"] is not None

    def __call__(self, rng: Rng) -> StationState:
        """A complete state: the view's public parts as they are, the hidden parts from ``rng``."""
        supply = self.supply[:]
        rng.shuffle(supply)
        pool = self.pool[:]
        rng.shuffle(pool)
        state = StationState(self.players, copy_json(self.options), Rng(rng.next64()))
        for i, seat in enumerate(state.seats):
            if i == self.seat:
                seat.hand = self.own[:]
                seat.dealt = self.own_dealt[:]
            else:
                count = self.unseen[i]
                seat.dealt = sorted(pool[:count])
                del pool[:count]
                seat.hand = sorted(self.seen[i] + seat.dealt)
            seat.grid = self.grids[i][:]
            seat.dock = self.docks[i][:]
            seat.renown_synergy, seat.renown_storms, seat.renown_shield = self.renown[i]
            seat.shield_lanes = [dict(x) for x in self.lanes[i]]
        state.deck = pool  # what is left is the deck: its size is the view's
        state.discard = self.discard[:]
        state.supply = supply
        state.berths = self.berths[:]
        state.discounts = self.discounts[:]
        state.waiting = self.waiting[:]
        state.display = self.display[:]
        state.synergy = dict(self.synergy)
        state.purchases = self.purchases
        state.storm_pending = self.storm_pending
        state.storms = copy_json(self.storms)
        state.current, state.phase, state.round = self.current, self.phase, self.round
        state.end_triggered = self.end_triggered
        state.passes = 0
        state.ended = self.ended
        return state


def sampler(view: dict[str, Any], seat: int) -> Sampler:
    """`determinize` for many samples of one view: the view is read once."""
    return Sampler(view, seat)


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> StationState:
    """A complete state whose view for ``seat`` is ``view``, hidden parts sampled from ``rng``."""
    return Sampler(view, seat)(rng)
