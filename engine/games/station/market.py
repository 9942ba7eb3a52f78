"""The market of six berths with their Drift discounts, and the credit display.

Card, "Round-end Drift": for modules present at the start of the round and still in the
market: at 0 or 1 discount add one; already at 2, replace with the supply's top module and
put the old one at the bottom (with no supply, leave it). Each discount reduces cost by 1;
minimum cost 1. A replacement starts at zero and waits a future complete round. Rotation is
not a purchase.
"""

from __future__ import annotations

from typing import Any

from .components import COST_OF, credit_json, module_json
from .state import DISPLAY, StationState

MAX_DISCOUNT = 2
MIN_COST = 1

Event = dict[str, Any]


EFFECTIVE: dict[str, tuple[int, ...]] = {
    mid: tuple(max(cost - discount, MIN_COST) for discount in range(MAX_DISCOUNT + 1)) for mid, cost in COST_OF.items()}
"""Per module, its cost at each discount (the index): the base cost less the discount, never below 1."""


def effective_cost(state: StationState, berth: int) -> int:
    """The module's base cost less its berth's discount, never below 1 (`EFFECTIVE`)."""
    mid = state.berths[berth]
    assert mid is not None, f"berth {berth} is empty"  # asked only of a berth that holds a module
    return EFFECTIVE[mid][state.discounts[berth]]


def berth_of(state: StationState, mid: str) -> int:
    return state.berths.index(mid)


def refill_berth(state: StationState, berth: int, events: list[Event]) -> None:
    """The supply's top module fills an emptied berth at zero discount; it arrived this round,
    so it waits. An empty supply cannot refill: the end is triggered."""
    if state.supply:
        mid = state.supply.pop()
        state.berths[berth] = mid
        state.discounts[berth] = 0
        state.waiting[berth] = True
        events.append({"type": "berth", "berth": berth, "module": module_json(mid)})
        return
    state.berths[berth] = None
    state.discounts[berth] = 0
    state.waiting[berth] = False
    events.append({"type": "berth", "berth": berth, "module": None})
    if not state.end_triggered:
        state.end_triggered = True
        events.append({"type": "end_triggered", "round": state.round})


def drift(state: StationState, events: list[Event]) -> None:
    """Round-end Drift, berth by berth; then every module in the market is present for the
    next round."""
    discounts = state.discounts
    waiting = state.waiting
    for b, mid in enumerate(state.berths):
        if mid is None or waiting[b]:
            continue
        discount = discounts[b]
        if discount < MAX_DISCOUNT:
            discounts[b] = discount = discount + 1
            events.append({"type": "drift", "berth": b, "module": mid, "discount": discount,
                           "cost": EFFECTIVE[mid][discount]})
        elif state.supply:
            new = state.supply.pop()
            state.supply.insert(0, mid)
            state.berths[b] = new
            state.discounts[b] = 0
            events.append({"type": "rotate", "berth": b, "old": mid, "module": module_json(new)})
    state.waiting = [False] * len(state.berths)


def draw_credit(state: StationState, events: list[Event]) -> str | None:
    """The deck's top credit; an empty deck is first rebuilt from the shuffled discard."""
    if not state.deck:
        if not state.discard:
            return None
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        events.append({"type": "reshuffle", "credits": len(state.deck)})
    return state.deck.pop()


def refill_display(state: StationState, events: list[Event]) -> None:
    """Fill the display back up to six face-up credits while any credit is left to draw."""
    added = []
    while len(state.display) < DISPLAY:
        cid = draw_credit(state, events)
        if cid is None:
            break
        state.display.append(cid)
        added.append(credit_json(cid))
    if added:
        events.append({"type": "display", "credits": added})
