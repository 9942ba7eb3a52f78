"""The cleanup phase and the end of the game (rulebook "Cleanup Phase", "Game End").

1. The Girl moves one space forward; if she cannot (she stands on the last space) the game goes
   straight to its end. The elder in last position moves into the space she left: that seat
   plays first next round.
2. Each marked connection-reward pile loses its top token; the marker comes off.
3. An offering card with at least as many spaces filled as there are players is discarded with
   its tokens and the next card revealed.

At the end, seats may spend their remaining stardust — all at once, each at its own pace,
``{"type": "done"}`` when finished — and then leftover tokens are scored (scoring.py).
"""

from __future__ import annotations

from typing import Any

from . import actions, scoring, stargazing
from .components import PILES, SKY_SPACES
from .state import FINAL, StarsState

Event = dict[str, Any]


def cleanup(state: StarsState, events: list[Event]) -> None:
    events.append({"type": "phase", "phase": "cleanup", "round": state.round})
    if state.girl >= SKY_SPACES:
        begin_final(state, events)
        return
    old = state.girl
    state.girl += 1
    last = min(range(state.players), key=lambda s: state.elders[s])
    state.elders[last] = old
    events.append({"type": "night_sky", "girl": state.girl, "first": last})
    for p in range(len(state.piles)):
        if state.marked[p]:
            state.marked[p] = False
            if state.piles[p]:
                token = state.piles[p].pop(0)
                state.rewards_discarded.append(token)
                events.append({"type": "reward_discarded", "pile": PILES[p], "token": token})
    if state.offer_card is not None and sum(state.offer_filled) >= state.players:
        actions.discard_offer_card(state, events)
    state.round += 1
    stargazing.begin(state, events)


def begin_final(state: StarsState, events: list[Event]) -> None:
    state.phase = FINAL
    state.current = None
    events.append({"type": "phase", "phase": FINAL, "round": state.round})
    for i, s in enumerate(state.seats):
        s.done = not s.pending and not stargazing.can_spend_stardust(state, i)
    if all(s.done for s in state.seats):
        scoring.finish(state, events)


def final_check(state: StarsState, events: list[Event]) -> None:
    """A seat that can no longer do anything is done; when every seat is done the game ends."""
    for i, s in enumerate(state.seats):
        if not s.done and not s.pending and not stargazing.can_spend_stardust(state, i):
            s.done = True
    if all(s.done for s in state.seats):
        scoring.finish(state, events)
