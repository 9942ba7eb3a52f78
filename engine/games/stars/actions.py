"""The action phase (rulebook "Action Phase"): turns in elder order, two actions each (four
with the +2 actions bonus), the six actions, and wood-ash tokens used as free actions.

Each action move says ``"via": "action"`` (counts toward the turn's actions) or ``"via":
"ash"`` (spends a kept wood-ash token of that kind instead: free, and foraging/offering then
need no villager). Foraging, offering and stargazing as actions need a ready villager.
Scouting is laid one light at a time (main_board.py); it counts when it ends.
"""

from __future__ import annotations

from typing import Any

from . import main_board, wood_ash
from .components import (
    ACTIONS_PER_TURN,
    ASH,
    COLOURS,
    FORAGE,
    FORAGE_AT,
    KINDS,
    OFFER_CARDS,
    SINGLE_VALUE,
    colour_json,
    kind_json,
)
from .scoring import add_points, take_reward
from .state import ACTION, READY, VILLAGE, StarsState

Event = dict[str, Any]

ASH_KIND = {"scout": "scouting", "forage": "foraging", "offer": "offering", "recall": "recall",
            "gain_stardust": "stardust"}
"""Action move type → the wood-ash token kind that can pay for it instead of an action."""
NEEDS_VILLAGER = ("forage", "offer", "stargaze")


def begin(state: StarsState, events: list[Event]) -> None:
    state.phase = ACTION
    events.append({"type": "phase", "phase": ACTION, "round": state.round})
    state.order = state.turn_order()
    state.current = None
    next_turn(state, events)


def next_turn(state: StarsState, events: list[Event]) -> None:
    """The next seat in elder order starts its turn (none left: the phase is over)."""
    if not state.order:
        state.current = None
        return
    seat = state.order.pop(0)
    s = state.seats[seat]
    state.current = seat
    state.actions_left = ACTIONS_PER_TURN + s.extra_actions
    s.extra_actions = 0
    events.append({"type": "turn", "seat": seat, "actions": state.actions_left})


def end_turn(state: StarsState, events: list[Event]) -> None:
    seat = state.current
    assert seat is not None
    s = state.seats[seat]
    returned = s.ash[:]
    for tid in returned:
        wood_ash.return_to_bag(state, tid)
    s.ash = []
    state.actions_left = 0
    events.append({"type": "end_turn", "seat": seat, "ash_returned": [ASH[t] for t in returned]})
    next_turn(state, events)


def turn_is_spent(state: StarsState) -> bool:
    """No action left, no wood ash kept, nothing under way, no bonus owed: the turn ends itself."""
    seat = state.current
    if seat is None:
        return False
    s = state.seats[seat]
    return state.actions_left == 0 and not s.ash and state.scout is None and not s.pending


def has_ash(state: StarsState, seat: int, kind: str) -> bool:
    for t in state.seats[seat].ash:  # noqa: SIM110  (a loop, not any()/all() over a generator: cheaper in Pyodide)
        if ASH[t] == kind:
            return True
    return False


def _pay_for(state: StarsState, seat: int, move: dict[str, Any]) -> None:
    """Count the action, or spend one kept wood-ash token of the move's kind."""
    if move["via"] == "action":
        state.actions_left -= 1
        return
    kind = ASH_KIND[move["type"]]
    s = state.seats[seat]
    for tid in s.ash:
        if ASH[tid] == kind:
            break
    else:
        raise AssertionError(f"no kept wood-ash token of kind {kind}")
    s.ash.remove(tid)
    wood_ash.return_to_bag(state, tid)


def ready_villager(state: StarsState, seat: int) -> int | None:
    s = state.seats[seat]
    return s.villagers.index(READY) if READY in s.villagers else None


# --- scouting ---------------------------------------------------------------------------

def scout_start(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    state.scout = {"seat": seat, "via": move["via"], "path": []}
    events.append({"type": "scout_start", "seat": seat, "via": move["via"]})


def scout_step(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    scout = state.scout
    assert scout is not None
    space = move["space"]
    c = COLOURS.index(move["colour"])
    s = state.seats[seat]
    s.light[c] -= 1
    state.lit[space] = c
    scout["path"].append(space)
    events.append({"type": "scout_step", "seat": seat, "space": space, "colour": move["colour"]})
    if not move["end"]:
        return
    path = scout["path"]
    _pay_for(state, seat, {"type": "scout", "via": scout["via"]})
    state.scout = None
    pile, vp = take_reward(state, seat, len(path), "scouting")
    events.append({"type": "scout", "seat": seat, "spaces": path[:], "colours": [COLOURS[state.lit[p]] for p in path],
                   "forage": FORAGE_AT[space], "light": len(path), "pile": pile, "vp": vp, "via": scout["via"]})


def scout_cancel(state: StarsState, seat: int, events: list[Event]) -> None:
    """Take back the light of an unfinished scouting path; nothing is spent."""
    scout = state.scout
    assert scout is not None
    s = state.seats[seat]
    for space in scout["path"]:
        s.light[state.lit.pop(space)] += 1
    state.scout = None
    events.append({"type": "scout_cancel", "seat": seat})


def scout_steps(state: StarsState, seat: int) -> list[dict[str, Any]]:
    scout = state.scout
    assert scout is not None
    return [{"type": "scout_step", "space": space, "colour": COLOURS[c], "end": end}
            for space, c, end in main_board.steps(state.lit, scout["path"], state.seats[seat].light)]


# --- foraging ---------------------------------------------------------------------------

def forage_price(state: StarsState, forage_id: str) -> tuple[list[int], bool]:
    """The light to pay now, and whether the early-bird reward is uncovered (and paid for)."""
    f = FORAGE[forage_id]
    early = not state.early_covered(forage_id)
    cost, extra = f.cost, f.early_cost
    return ([cost[0] + extra[0], cost[1] + extra[1], cost[2] + extra[2]] if early else list(cost)), early


def forage_spaces(state: StarsState, seat: int) -> list[str]:
    """The foraging spaces the seat may forage at now, in id order: connected to the Village,
    with tokens left, and the price (`forage_price`) within the seat's light."""
    light = state.seats[seat].light
    out = []
    for fid in main_board.connected_spaces(state.lit):
        if state.forage[fid] > 0:
            price, _early = forage_price(state, fid)
            if light[0] >= price[0] and light[1] >= price[1] and light[2] >= price[2]:
                out.append(fid)
    return out


def forage(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    fid = move["space"]
    f = FORAGE[fid]
    s = state.seats[seat]
    price, early = forage_price(state, fid)
    for c in range(3):
        s.light[c] -= price[c]
        state.supply_light[c] += price[c]
    state.forage[fid] -= 1
    s.tokens[f.kind] += 1
    reward = None
    if early:
        reward = f.early_reward
        if reward == "stardust":
            if state.supply_stardust > 0:
                state.supply_stardust -= 1
                s.stardust += 1
        else:
            add_points(state, seat, "early_bird", int(reward[0]))
    if move["via"] == "action":
        v = ready_villager(state, seat)
        assert v is not None
        s.villagers[v] = ("early:" if early else "forage:") + fid
    _pay_for(state, seat, move)
    events.append({"type": "forage", "seat": seat, "space": fid, "kind": KINDS[f.kind], "paid": colour_json(price),
                   "early_bird": reward, "via": move["via"]})


# --- offering ---------------------------------------------------------------------------

def offer(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    s = state.seats[seat]
    if "kind" in move:
        k = KINDS.index(move["kind"])
        s.tokens[k] -= 1
        state.tokens_discarded[k] += 1
        vp = SINGLE_VALUE[k]
        event: Event = {"type": "offer", "seat": seat, "kind": move["kind"], "vp": vp, "via": move["via"]}
    else:
        n = move["space"]
        needs, vp = OFFER_CARDS[state.offer_card][n]  # type: ignore[index]
        for k in range(4):
            s.tokens[k] -= needs[k]
        state.offer_filled[n] = True
        event = {"type": "offer", "seat": seat, "card": state.offer_card, "space": n,
                 "tokens": kind_json(needs), "vp": vp, "via": move["via"]}
    add_points(state, seat, "offerings", vp)
    if move["via"] == "action":
        v = ready_villager(state, seat)
        assert v is not None
        s.villagers[v] = VILLAGE
    _pay_for(state, seat, move)
    events.append(event)
    if state.offer_card is not None and all(state.offer_filled):
        discard_offer_card(state, events)


def discard_offer_card(state: StarsState, events: list[Event]) -> None:
    """The card and the tokens on it leave the game; the next card is revealed."""
    card = state.offer_card
    assert card is not None
    for (needs, _vp), filled in zip(OFFER_CARDS[card], state.offer_filled, strict=True):
        if filled:
            for k in range(4):
                state.tokens_discarded[k] += needs[k]
    state.offer_discard.append(card)
    state.offer_card = state.offer_deck.pop(0) if state.offer_deck else None
    state.offer_filled = [False] * len(OFFER_CARDS[state.offer_card]) if state.offer_card else []
    events.append({"type": "offer_card", "discarded": card, "revealed": state.offer_card})


def offer_card_moves(state: StarsState, seat: int) -> list[int]:
    if state.offer_card is None:
        return []
    tokens = state.seats[seat].tokens
    filled = state.offer_filled
    return [n for n, (needs, _vp) in enumerate(OFFER_CARDS[state.offer_card])
            if not filled[n] and tokens[0] >= needs[0] and tokens[1] >= needs[1] and tokens[2] >= needs[2]
            and tokens[3] >= needs[3]]


# --- stargazing, recall, stardust -------------------------------------------------------

def stargaze(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    s = state.seats[seat]
    v = ready_villager(state, seat)
    assert v is not None
    s.villagers[v] = f"sky:{move['space']}"
    state.actions_left -= 1
    events.append({"type": "stargaze", "seat": seat, "space": move["space"]})


def recallable(state: StarsState, seat: int) -> list[int]:
    """Villagers out on the boards (foraging spaces, the Village, the night sky)."""
    return [i for i, place in enumerate(state.seats[seat].villagers) if place not in (READY, "bonus")]


def recall(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    s = state.seats[seat]
    places = [s.villagers[i] for i in move["villagers"]]
    for i in move["villagers"]:
        s.villagers[i] = READY
    _pay_for(state, seat, move)
    events.append({"type": "recall", "seat": seat, "villagers": move["villagers"][:], "from": places,
                   "via": move["via"]})


def gain_stardust(state: StarsState, seat: int, move: dict[str, Any], events: list[Event]) -> None:
    state.supply_stardust -= 1
    state.seats[seat].stardust += 1
    _pay_for(state, seat, move)
    events.append({"type": "gain_stardust", "seat": seat, "via": move["via"]})


APPLY = {"forage": forage, "offer": offer, "stargaze": stargaze, "recall": recall, "gain_stardust": gain_stardust}


def in_action_turn(state: StarsState, seat: int) -> bool:
    return state.phase == ACTION and state.current == seat
