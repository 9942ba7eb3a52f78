"""Applying a legal `stars` move, then moving the game on through its phases.

Events are safe for every seat: a draw names only how many tiles were drawn, never which.
"""

from __future__ import annotations

from typing import Any

from . import actions, cleanup, stargazing, wood_ash
from .board import INDEX
from .state import ACTION, FINAL, STARGAZING, WOOD_ASH, StarsState

Event = dict[str, Any]


def apply(state: StarsState, seat: int, move: dict[str, Any]) -> list[Event]:
    """Apply a listed move; return public-safe events."""
    events: list[Event] = []
    kind = move["type"]
    if kind == "place":
        cell = INDEX[(move["cell"][0], move["cell"][1])]
        stargazing.place(state, seat, move["tile"], move["side"], move["rotation"], cell, events)
    elif kind == "set_aside":
        stargazing.set_aside(state, seat, move["tile"], events)
    elif kind == "stardust":
        stargazing.spend_stardust(state, seat, INDEX[(move["cell"][0], move["cell"][1])], events)
    elif kind == "bonus":
        stargazing.take_bonus(state, seat, move["token"], events)
    elif kind in ("ash_keep", "ash_light"):
        wood_ash.pick(state, seat, move, events)
    elif kind == "scout":
        actions.scout_start(state, seat, move, events)
    elif kind == "scout_step":
        actions.scout_step(state, seat, move, events)
    elif kind == "scout_cancel":
        actions.scout_cancel(state, seat, events)
    elif kind in actions.APPLY:
        actions.APPLY[kind](state, seat, move, events)
    elif kind == "end_turn":
        actions.end_turn(state, events)
    elif kind == "done":
        state.seats[seat].done = True
        events.append({"type": "done", "seat": seat})
    else:
        raise AssertionError(f"unlisted move reached apply: {move!r}")
    if state.phase == STARGAZING and kind in ("place", "stardust", "set_aside"):
        stargazing.set_aside_if_stuck(state, seat, events)
    advance(state, events)
    return events


def advance(state: StarsState, events: list[Event]) -> None:
    """Move on while a phase or a turn is finished: stargazing ends when every seat has placed
    its tiles; wood ash when every pick is made; a turn when it is spent; the action phase when
    every turn is over (cleanup, then the next round or the end); the end when all are done."""
    while not state.ended:
        if state.phase == STARGAZING:
            for s in state.seats:
                if s.hand:
                    return
            wood_ash.begin(state, events)
        elif state.phase == WOOD_ASH:
            if state.picks:
                return
            wood_ash.end(state, events)
            actions.begin(state, events)
        elif state.phase == ACTION:
            if state.current is not None:
                if not actions.turn_is_spent(state):
                    return
                actions.end_turn(state, events)
                continue
            cleanup.cleanup(state, events)
        elif state.phase == FINAL:
            cleanup.final_check(state, events)
            return
        else:
            return
