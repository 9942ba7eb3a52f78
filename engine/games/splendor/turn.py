"""Applying a legal move, and the end of a turn as a list of steps.

After the seat's action, the rest of the turn is a list of named steps kept in the state,
run in order (RULINGS, "Order of the end of a turn with modules on"):

    effects of each purchase (post 1 gem, stronghold action) → conquest purchase →
    refill of the slots emptied this turn by purchases and market reservations (Strongholds
    on) → return tokens down to 10 → at most one noble → at most one Trading Post → check
    for 15 prestige and pass the turn.

A step that needs the seat's decision sets ``phase`` and ``pending`` and stops; the
seat's choice move finishes that step and the rest runs on. Steps of a module that is
off do nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..gems.cards import CARD_JSON, CARDS, NOBLE_JSON, NOBLES
from ..gems.colors import COLOR_INDEX, COLORS, GOLD
from ..gems.market import refill_slot
from . import strongholds
from .moves import MAX_TOKENS, NOBLE_NEEDS, buy_moves, qualifying_nobles
from .posts import DRAW_TWO_KEEP_ONE, GEM_AFTER_PURCHASE, THIRD_GEM_AFTER_TWO, prestige_for_earning, qualifying_posts
from .state import ACTION, CONQUEST, GEM, KEEP, NOBLE, OVER, POST, RETURN, STRONGHOLD, SplendorState

WINNING_PRESTIGE = 15

Event = dict[str, Any]

# Conquest follows any action ("after its action", RULINGS): three strongholds left on a
# card from an earlier turn may be bought after taking gems or reserving, too.
AFTER_ACTION = ["conquest", "refill", "return", "noble", "post", "end"]
AFTER_PURCHASE = ["post_gem", "stronghold"]


TIER_INDEX: dict[str, int] = {cid: card.tier - 1 for cid, card in CARDS.items()}
"""Each card's market row (its tier - 1)."""


def _leave_market(state: SplendorState, card_id: str, events: list[Event]) -> bool:
    """Remove a face-up card (bought or reserved); its strongholds go home. False if the card
    was not face up.

    Strongholds off: the slot is refilled from its deck at once. Strongholds on: the slot
    stays empty and waits for the turn's ``refill`` step, after the conquest and the
    stronghold actions, whether the card was bought or reserved — so no stronghold can go
    on a card that a refill of the same turn brings out (RULINGS, issue 21).
    """
    t = TIER_INDEX[card_id]
    row = state.market[t]
    if card_id not in row:
        return False
    slot = row.index(card_id)
    if state.strongholds:
        home = strongholds.send_home(state, card_id)
        if home is not None:
            events.append({"type": "strongholds_home", "seat": home[0], "count": home[1],
                           "card": CARD_JSON[card_id].copy()})
    if state.options.get("strongholds"):
        row[slot] = None
        state.refills.append([t, slot])
        return True
    new = refill_slot(state.market, state.decks, t, slot)
    events.append({"type": "refill", "tier": t + 1, "slot": slot, "card": CARD_JSON[new].copy() if new else None})
    return True


def _buy(state: SplendorState, seat_index: int, move: dict[str, Any], events: list[Event]) -> None:
    seat = state.seats[seat_index]
    cid = move["card"]
    tokens, bank = seat.tokens, state.bank
    for name, n in move["pay"].items():
        i = COLOR_INDEX[name]
        tokens[i] -= n
        bank[i] += n
    events.append({"type": "buy", "seat": seat_index, "card": CARD_JSON[cid].copy(), "pay": move["pay"].copy()})
    if not _leave_market(state, cid, events):
        seat.reserved = [r for r in seat.reserved if r[0] != cid]
    card = CARDS[cid]
    seat.cards.append(cid)
    seat.bonuses[card.color] += 1
    seat.prestige += card.points


def _take_gem(state: SplendorState, seat_index: int, colour: int, events: list[Event], why: int) -> None:
    state.bank[colour] -= 1
    state.seats[seat_index].tokens[colour] += 1
    events.append({"type": "gem", "seat": seat_index, "gem": COLORS[colour], "post": why})


def apply(state: SplendorState, seat_index: int, move: dict[str, Any]) -> list[Event]:
    """Apply a move that `legal_moves` listed; return the events (public-safe).

    An action whose turn ends with the plain steps (`AFTER_ACTION`) goes straight to `_tail`;
    one with steps of its own first (a Trading Post's extra gem, a card to keep, a purchase's
    effects with a module on) lists them in ``state.steps`` for `_run`.
    """
    kind = move["type"]
    seat = state.seats[seat_index]
    events: list[Event] = []
    phase, pending = state.phase, state.pending
    state.phase, state.pending = ACTION, {}
    if phase == ACTION:
        state.conquered = False
        if state.refills:
            state.refills = []
    if kind == "take":
        tokens, bank = seat.tokens, state.bank
        two = -1
        for name, n in move["gems"].items():
            i = COLOR_INDEX[name]
            bank[i] -= n
            tokens[i] += n
            if n == 2:
                two = i
        state.passes = 0
        events.append({"type": "take", "seat": seat_index, "gems": move["gems"].copy()})
        if two >= 0 and THIRD_GEM_AFTER_TWO in seat.posts:
            state.steps = [f"third_gem:{two}", *AFTER_ACTION]
            return _run(state, seat_index, events)
        return _tail(state, seat_index, events, 0)
    if kind == "reserve":
        state.passes = 0
        keep = ""
        if "card" in move:
            cid = move["card"]
            events.append({"type": "reserve", "seat": seat_index, "card": CARD_JSON[cid].copy()})
            _leave_market(state, cid, events)
            seat.reserved.append([cid, False])
        else:
            tier = move["tier"]
            deck = state.decks[tier - 1]
            events.append({"type": "reserve", "seat": seat_index, "tier": tier})
            if DRAW_TWO_KEEP_ONE in seat.posts and len(deck) >= 2:
                keep = f"keep:{tier}:{deck.pop()}:{deck.pop()}"
            else:
                seat.reserved.append([deck.pop(), True])
        if state.bank[GOLD] > 0:
            state.bank[GOLD] -= 1
            seat.tokens[GOLD] += 1
            events.append({"type": "gold", "seat": seat_index})
        if keep:
            state.steps = [keep, *AFTER_ACTION]
            return _run(state, seat_index, events)
        return _tail(state, seat_index, events, 0)
    if kind == "buy":
        state.passes = 0
        if phase == CONQUEST:
            events.append({"type": "conquest", "seat": seat_index})
            state.conquered = True
            state.steps.pop(0)
            state.steps[0:0] = AFTER_PURCHASE
            _buy(state, seat_index, move, events)
            return _run(state, seat_index, events)
        _buy(state, seat_index, move, events)
        options = state.options
        # the purchase's steps (`AFTER_PURCHASE`), written out: each only while its module is on
        if options.get("trading_posts") and _step_post_gem(state, seat_index, events):
            state.steps = AFTER_PURCHASE + AFTER_ACTION
            return events
        if _step_stronghold(state, seat_index, events):
            state.steps = AFTER_PURCHASE[1:] + AFTER_ACTION
            return events
        return _tail(state, seat_index, events, 0)
    if kind == "pass":
        state.passes += 1
        events.append({"type": "pass", "seat": seat_index})
        return _tail(state, seat_index, events, 0)
    _decide(state, seat_index, move, pending, events)
    steps = state.steps
    steps.pop(0)
    if steps == AFTER_ACTION:  # what `_run` would find first
        return _tail(state, seat_index, events, 0)
    return _run(state, seat_index, events)


def _decide(state: SplendorState, seat_index: int, move: dict[str, Any], pending: dict[str, Any],
            events: list[Event]) -> None:
    """Carry out the seat's decision for the step that waited for it."""
    seat = state.seats[seat_index]
    kind = move["type"]
    if kind == "stronghold":  # the most frequent decision with Strongholds on
        action = move["action"]
        if action == "place":
            seat.strongholds -= 1
            strongholds.place(state, seat_index, move["card"])
        elif action == "move":
            strongholds.lift(state, move["from"])
            strongholds.place(state, seat_index, move["card"])
        else:
            owner = strongholds.lift(state, move["card"])
            state.seats[owner].strongholds += 1
        event = {"type": "stronghold", "seat": seat_index, "action": action, "card": CARD_JSON[move["card"]].copy()}
        if action == "move":
            event["from"] = CARD_JSON[move["from"]].copy()
        events.append(event)
    elif kind == "return":
        tokens, bank = seat.tokens, state.bank
        for name, n in move["gems"].items():
            i = COLOR_INDEX[name]
            tokens[i] -= n
            bank[i] += n
        events.append({"type": "return", "seat": seat_index, "gems": move["gems"].copy()})
    elif kind == "noble":
        _visit(state, seat_index, move["noble"], events)
    elif kind == "gem":
        post = GEM_AFTER_PURCHASE if state.steps[0] == "post_gem" else THIRD_GEM_AFTER_TWO
        _take_gem(state, seat_index, COLOR_INDEX[move["gem"]], events, post)
    elif kind == "keep":
        keep = pending["keep"]
        kept = move["card"]
        other = next(c for c in keep["cards"] if c != kept)
        state.decks[keep["tier"] - 1].insert(0, other)
        seat.reserved.append([kept, True])
        events.append({"type": "keep", "seat": seat_index, "tier": keep["tier"]})
    elif kind == "skip":
        state.conquered = True
        events.append({"type": "skip_conquest", "seat": seat_index})
    elif kind == "post":
        _earn_post(state, seat_index, move["post"], events)
    else:
        raise AssertionError(f"unlisted move reached apply: {move!r}")


def _run(state: SplendorState, seat_index: int, events: list[Event]) -> list[Event]:
    """Run the remaining steps until one waits for a decision or the turn ends.

    The steps before the plain end of a turn (a purchase's effects, a kept card, an extra
    gem) one by one; once the rest is a tail of `AFTER_ACTION`, `_tail` runs it. The steps of
    a module that is off do nothing (see each step), so they are passed over without being
    called (`_IDLE`).
    """
    steps = state.steps
    options = state.options
    idle = _IDLE[bool(options.get("strongholds")), bool(options.get("trading_posts"))]
    while steps:
        step = steps[0]
        at = _TAIL_AT.get(step)
        if at is not None and steps == AFTER_ACTION[at:]:
            return _tail(state, seat_index, events, at)
        if step == "end":
            state.steps = []
            return _end_turn(state, seat_index, events)
        if step not in idle and _needs_decision(state, seat_index, step, events):
            return events
        steps.pop(0)
    return events


_TAIL_AT: dict[str, int] = {step: at for at, step in enumerate(AFTER_ACTION)}
"""Each step of `AFTER_ACTION` by its place in it."""


def _tail(state: SplendorState, seat_index: int, events: list[Event], at: int) -> list[Event]:
    """Run ``AFTER_ACTION[at:]`` (conquest, refill, return, noble, post, end), written out in
    that order: a module's steps only while it is on, the noble step only when the seat has
    bonuses enough for some noble. A step that waits for a decision leaves the steps from it
    on in ``state.steps``; at the end of the turn ``state.steps`` is empty."""
    options = state.options
    seat = state.seats[seat_index]
    if options.get("strongholds"):
        # a seat with a stronghold in its supply has not all three on one card: no conquest
        if at == 0 and seat.strongholds == 0 and _step_conquest(state, seat_index, events):
            state.steps = AFTER_ACTION[:]
            return events
        if at <= 1 and state.refills:
            _step_refill(state, seat_index, events)
    if at <= 2 and _step_return(state, seat_index, events):
        state.steps = AFTER_ACTION[2:]
        return events
    if at <= 3 and sum(seat.bonuses) >= NOBLE_MIN_BONUSES and _step_noble(state, seat_index, events):
        state.steps = AFTER_ACTION[3:]
        return events
    if at <= 4 and options.get("trading_posts") and _step_post(state, seat_index, events):
        state.steps = AFTER_ACTION[4:]
        return events
    state.steps = []
    return _end_turn(state, seat_index, events)


NOBLE_MIN_BONUSES = min(sum(needs) for needs in NOBLE_NEEDS.values())
"""No noble visits a seat with fewer bonuses than this in all (the noble step is passed over)."""


def _needs_decision(state: SplendorState, seat_index: int, step: str, events: list[Event]) -> bool:
    """Run one step; True when it now waits for the seat's decision."""
    run = _STEPS.get(step)
    if run is not None:
        return run(state, seat_index, events)
    if step.startswith("keep:"):
        _, tier, first, second = step.split(":")
        return _wait(state, KEEP, {"keep": {"tier": int(tier), "cards": [first, second]}})
    if step.startswith("third_gem:"):
        taken = int(step.split(":")[1])
        colours = [COLORS[i] for i in range(5) if state.bank[i] > 0 and i != taken]
        if colours:
            state.steps[0] = "third_gem"
            return _wait(state, GEM, {"gems": colours})
        return False
    raise AssertionError(f"unknown step {step!r}")


def _step_return(state: SplendorState, seat_index: int, events: list[Event]) -> bool:
    held = sum(state.seats[seat_index].tokens)
    if held > MAX_TOKENS:
        return _wait(state, RETURN, {"return": held - MAX_TOKENS})
    return False


def _step_noble(state: SplendorState, seat_index: int, events: list[Event]) -> bool:
    nobles = qualifying_nobles(state, state.seats[seat_index])
    if len(nobles) > 1:
        return _wait(state, NOBLE, {"nobles": nobles})
    if nobles:
        _visit(state, seat_index, nobles[0], events)
    return False


def _step_post(state: SplendorState, seat_index: int, events: list[Event]) -> bool:
    if not state.options.get("trading_posts"):
        return False
    posts = qualifying_posts(state.seats[seat_index])
    if len(posts) > 1:
        return _wait(state, POST, {"posts": posts})
    if posts:
        _earn_post(state, seat_index, posts[0], events)
    return False


def _step_post_gem(state: SplendorState, seat_index: int, events: list[Event]) -> bool:
    if GEM_AFTER_PURCHASE in state.seats[seat_index].posts:
        colours = [COLORS[i] for i in range(5) if state.bank[i] > 0]
        return _wait(state, GEM, {"gems": colours}) if colours else False
    return False


def _step_stronghold(state: SplendorState, seat_index: int, events: list[Event]) -> bool:
    if state.options.get("strongholds") and strongholds.has_options(state, seat_index):
        return _wait(state, STRONGHOLD, {"stronghold": True})
    return False


def _step_conquest(state: SplendorState, seat_index: int, events: list[Event]) -> bool:
    if state.conquered or not state.options.get("strongholds"):
        return False
    cid = strongholds.conquest_card(state, seat_index)
    if cid is None:
        return False
    if not buy_moves(state, state.seats[seat_index], only=cid):
        return False
    return _wait(state, CONQUEST, {"conquest": cid})


def _step_refill(state: SplendorState, seat_index: int, events: list[Event]) -> bool:
    if state.refills:
        for t, slot in state.refills:
            new = refill_slot(state.market, state.decks, t, slot)
            events.append({"type": "refill", "tier": t + 1, "slot": slot,
                           "card": CARD_JSON[new].copy() if new else None})
        state.refills = []
    return False


_STEPS: dict[str, Callable[[SplendorState, int, list[Event]], bool]] = {
    "return": _step_return,
    "noble": _step_noble,
    "post": _step_post,
    "post_gem": _step_post_gem,
    "stronghold": _step_stronghold,
    "conquest": _step_conquest,
    "refill": _step_refill,
}
"""The steps named by a plain word, each run by its function (the others carry values: keep,
third_gem)."""

_IDLE: dict[tuple[bool, bool], frozenset[str]] = {
    (strong, posts): frozenset(([] if strong else ["conquest", "stronghold", "refill"])
                               + ([] if posts else ["post", "post_gem"]))
    for strong in (False, True) for posts in (False, True)
}
"""(Strongholds on, Trading Posts on) → the steps that do nothing then: a module's own steps
while it is off, and ``refill`` without Strongholds (a slot is refilled at once then, so no
refill waits for the step)."""


def _wait(state: SplendorState, phase: str, pending: dict[str, Any]) -> bool:
    state.phase = phase
    state.pending = pending
    return True


def _visit(state: SplendorState, seat_index: int, noble_id: str, events: list[Event]) -> None:
    state.nobles.remove(noble_id)
    seat = state.seats[seat_index]
    seat.nobles.append(noble_id)
    seat.prestige += NOBLES[noble_id].points
    events.append({"type": "noble", "seat": seat_index, "noble": NOBLE_JSON[noble_id].copy()})


def _earn_post(state: SplendorState, seat_index: int, post: int, events: list[Event]) -> None:
    seat = state.seats[seat_index]
    seat.posts.append(post)
    gained = prestige_for_earning(seat, post)
    seat.prestige += gained
    events.append({"type": "post", "seat": seat_index, "post": post, "prestige": gained})


def _end_turn(state: SplendorState, seat_index: int, events: list[Event]) -> list[Event]:
    """15 prestige starts the final round; the game ends when the round completes (the phase is
    the action's again, with nothing pending: no step waited)."""
    if not state.final_round and state.seats[seat_index].prestige >= WINNING_PRESTIGE:
        state.final_round = True
        events.append({"type": "final_round", "seat": seat_index})
    if state.passes >= state.players:
        # every seat passed in one full round (this turn's noble visit still took place)
        return _end_game(state, events)
    nxt = (seat_index + 1) % state.players
    if nxt == 0:
        if state.final_round:
            return _end_game(state, events)
        state.round += 1
    state.current = nxt
    return events


def _end_game(state: SplendorState, events: list[Event]) -> list[Event]:
    from .scoring import result

    state.ended = True
    state.phase = OVER
    events.append({"type": "game_over", "result": result(state)})
    return events
