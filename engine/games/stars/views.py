"""What each seat sees (docs/stars.md "View").

Private to its owner: the tiles a seat has drawn and not yet placed (others see how many) and
what is left in its bag (others see how many: with the hand known, the rest would follow from
the placed tiles). Hidden from everyone: the order of the offering cards still to come, the
connection-reward tokens left in the box at setup, the generator. Everything else is on the
table for all to see.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..seat_views import seat_views
from .components import (
    ASH,
    COLOURS,
    FORAGE,
    LEFTOVER_VALUE,
    MAP_JSON,
    OFFER_CARD_JSON,
    PILES,
    REWARDS,
    ROUNDS,
    SINGLE_VALUE,
    SKY_SPACES,
    TILE_JSON,
    colour_json,
    kind_json,
)
from .moves import stardust_only, waiting_for
from .scoring import result
from .state import StarsState

_MAP_TEXT = json.dumps(MAP_JSON)


def _tile(tid: str) -> dict[str, Any]:
    t = TILE_JSON[tid]
    return {"id": tid, "A": {"colour": t["A"]["colour"], "lines": t["A"]["lines"][:]},
            "B": {"colour": t["B"]["colour"], "lines": t["B"]["lines"][:]}}


def views(state: StarsState, viewers: Sequence[int | None]) -> list[dict[str, Any]]:
    """The view of each of ``viewers`` (``None``: the public view), built together (`seat_views`):
    a seat's own entry adds its hand and bag."""
    def own(seat: int, entry: dict[str, Any]) -> dict[str, Any]:
        s = state.seats[seat]
        return {**entry, "hand": [_tile(t) for t in s.hand], "bag": s.bag[:]}
    return seat_views(_public(state), viewers, own)


def _public(state: StarsState) -> dict[str, Any]:
    """The public view: what every seat sees (no hand, no bag)."""
    seats = []
    for i, s in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": i,
            "score": s.score,
            "points": dict(s.points),
            "light": colour_json(s.light),
            "stardust": s.stardust,
            "tokens": kind_json(s.tokens),
            "villagers": s.villagers[:],
            "ash": [{"id": t, "kind": ASH[t]} for t in s.ash],
            "board": s.board.to_json(),
            "vacant_spaces": s.board.vacant_cells(),
            "hand_count": len(s.hand),
            "bag_count": len(s.bag),
            "set_aside": [_tile(t) for t in s.set_aside],
            "bonus_choices": [{"options": p["options"][:], "value": p["value"]} for p in s.pending],
            "extra_actions": s.extra_actions,
            "done": s.done,
            "elder": state.elders[i],
        }
        seats.append(entry)
    sky_villagers = [{"seat": seat, "space": pos} for pos, seat, kind in state.sky_order() if kind == "villager"]
    card = None
    if state.offer_card is not None:
        spaces = OFFER_CARD_JSON[state.offer_card]["spaces"]
        card = {"id": state.offer_card,
                "spaces": [{"needs": dict(sp["needs"]), "vp": sp["vp"], "filled": state.offer_filled[n]}
                           for n, sp in enumerate(spaces)]}
    beside: dict[str, list[int]] = {fid: [] for fid in FORAGE}
    early: dict[str, int | None] = {fid: None for fid in FORAGE}
    for i, s in enumerate(state.seats):
        for place in s.villagers:
            if place.startswith("forage:"):
                beside[place[7:]].append(i)
            elif place.startswith("early:"):
                early[place[6:]] = i
    waiting = waiting_for(state)
    optional = stardust_only(state)
    scout = None
    if state.scout is not None:
        scout = {"seat": state.scout["seat"], "via": state.scout["via"], "path": state.scout["path"][:]}
    return {
        "game": "stars",
        "seat": None,
        "players": state.players,
        "options": dict(state.options),
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "waiting_for": waiting,
        "stardust_only": optional,
        "to_act": waiting + optional,
        "turn": {
            "seat": state.current,
            "actions_left": state.actions_left if state.current is not None else 0,
            "order": state.order[:],
            "picks": state.picks[:],
            "scout": scout,
        },
        "night_sky": {"spaces": SKY_SPACES, "girl": state.girl, "elders": state.elders[:],
                      "villagers": sky_villagers, "vacant": state.sky_vacant()},
        "sky": [{"id": t, "kind": ASH[t], "region": r} for t, r in state.sky],
        "ash_bag": len(state.ash_bag),
        "rewards": [{"light": PILES[p], "tokens": [REWARDS[t][1] for t in state.piles[p]],
                     "marked": state.marked[p]} for p in range(4)],
        "offering": {"card": card, "deck": len(state.offer_deck), "discarded": state.offer_discard[:],
                     "single": kind_json(SINGLE_VALUE), "leftover": kind_json(LEFTOVER_VALUE)},
        "main_board": {
            "lit": {p: COLOURS[c] for p, c in sorted(state.lit.items())},
            "foraging": [{"id": fid, "tokens": state.forage[fid], "connected": FORAGE[fid].doorstep in state.lit,
                          "early_bird_covered_by": early[fid], "villagers": beside[fid]} for fid in FORAGE],
        },
        "supply": {"light": colour_json(state.supply_light), "stardust": state.supply_stardust,
                   "tokens_offered": kind_json(state.tokens_discarded)},
        "map": json.loads(_MAP_TEXT),
        "seats": seats,
        "result": result(state),
    }
