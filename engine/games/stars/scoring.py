"""VP: connection rewards, final scoring of leftover tokens, and the result with its tie-breaks.

Rulebook: a constellation with 3/4/5/6+ light-bearing tiles, or a scouting action placing
3/4/5/6+ light, "immediately score[s] the VP printed on Connection Reward token in the
matching space", and a stardust marker shows that the top token goes at cleanup, "all players
will have the opportunity to score it at the shown value in a given turn". An empty pile scores
nothing (ruling). At the end, leftover fruit 1, rabbit 2, fish 2, antelope 3. The winner has
the most VP; tie → most unspent light + stardust; then most vacant spaces; then shared.
"""

from __future__ import annotations

from typing import Any

from .components import KINDS, LEFTOVER_VALUE, PILES, REWARDS
from .state import CATEGORIES, OVER, StarsState

Event = dict[str, Any]


def add_points(state: StarsState, seat: int, category: str, vp: int) -> None:
    s = state.seats[seat]
    s.points[category] += vp
    s.score += vp


def pile_for(light: int) -> int | None:
    """The pile index for a count of light-bearing tiles or light placed (None below 3)."""
    if light < PILES[0]:
        return None
    return min(light, PILES[-1]) - PILES[0]


def take_reward(state: StarsState, seat: int, light: int, category: str) -> tuple[int | None, int]:
    """Score the top connection-reward token of the pile for ``light``; mark that pile.

    Returns (pile label 3/4/5/6 or None, VP scored)."""
    p = pile_for(light)
    if p is None:
        return None, 0
    pile = state.piles[p]
    if not pile:
        return PILES[p], 0
    vp = REWARDS[pile[0]][1]
    add_points(state, seat, category, vp)
    state.marked[p] = True
    return PILES[p], vp


def finish(state: StarsState, events: list[Event]) -> None:
    """Final scoring: leftover fruit/animal tokens, then the game is over."""
    for i, s in enumerate(state.seats):
        vp = sum(n * LEFTOVER_VALUE[k] for k, n in enumerate(s.tokens))
        if vp:
            add_points(state, i, "leftover", vp)
        events.append({"type": "leftover", "seat": i,
                       "tokens": {KINDS[k]: n for k, n in enumerate(s.tokens) if n}, "vp": vp})
    state.ended = True
    state.phase = OVER
    state.current = None
    events.append({"type": "game_over", "result": result(state)})


def result(state: StarsState) -> dict[str, Any] | None:
    """Scores, winners, the tie-break values and where each seat's VP came from."""
    if not state.ended:
        return None
    scores = [s.score for s in state.seats]
    spare = [sum(s.light) + s.stardust for s in state.seats]
    vacant = [s.board.vacant_cells() for s in state.seats]
    best = max(scores)
    leaders = [i for i, v in enumerate(scores) if v == best]
    most = max(spare[i] for i in leaders)
    second = [i for i in leaders if spare[i] == most]
    roomiest = max(vacant[i] for i in second)
    winners = [i for i in second if vacant[i] == roomiest]
    if len(leaders) == 1:
        decided_by = "score"
    elif len(second) == 1:
        decided_by = "light and stardust"
    elif len(winners) == 1:
        decided_by = "vacant spaces"
    else:
        decided_by = "shared"
    return {
        "scores": scores,
        "winners": winners,
        "decided_by": decided_by,
        "light_and_stardust": spare,
        "vacant_spaces": vacant,
        "points": [{c: s.points[c] for c in CATEGORIES} for s in state.seats],
        "round": state.round,
    }
