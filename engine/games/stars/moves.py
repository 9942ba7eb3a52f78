"""Who may act, and every legal move of a seat (docs/stars.md "Moves").

``waiting_for``: the seats the game waits on — every seat with tiles still to place
(stargazing, all at once), the seat whose wood-ash pick it is, the seat taking its action
turn, every seat not yet done at the end, and any seat owing a bonus-token choice.
``to_act``: those seats first, then every other seat that could spend stardust now (stardust
is used "at any time, regardless of phase, or whose turn it currently is"). A seat listed only
for stardust has nothing but stardust moves; the game never waits for it.

A seat owing a bonus-token choice must make it before anything else.
"""

from __future__ import annotations

from itertools import combinations, compress
from typing import Any

from . import actions, main_board, stargazing, wood_ash
from .actions import ASH_KIND
from .board import CELL_AT_POSITION, CELLS, FIRST_PLAYABLE, PLAYABLE, PLAYABLE_SPAN
from .components import KINDS, TILES
from .state import ACTION, FINAL, OVER, STARGAZING, WOOD_ASH, StarsState

END_TURN: dict[str, Any] = {"type": "end_turn"}
DONE: dict[str, Any] = {"type": "done"}
SCOUT_CANCEL: dict[str, Any] = {"type": "scout_cancel"}


def waiting_for(state: StarsState) -> list[int]:
    if state.ended:
        return []
    phase = state.phase
    if phase == STARGAZING:
        return [i for i, s in enumerate(state.seats) if s.pending or s.hand]
    if phase == FINAL:
        return [i for i, s in enumerate(state.seats) if s.pending or not s.done]
    if phase == WOOD_ASH:
        seat = state.picks[0] if state.picks else None
    else:
        seat = state.current if phase == ACTION else None
    return [i for i, s in enumerate(state.seats) if s.pending or i == seat]


def stardust_only(state: StarsState, waiting: list[int] | None = None) -> list[int]:
    """Seats the game does not wait on (``waiting``: `waiting_for`, if known) that may spend
    stardust now."""
    if state.ended or state.phase == FINAL:
        return []
    if waiting is None:
        waiting = waiting_for(state)
    return [i for i, s in enumerate(state.seats)
            if s.stardust > 0 and i not in waiting and stargazing.can_spend_stardust(state, i)]


def to_act(state: StarsState) -> list[int]:
    waiting = waiting_for(state)
    return waiting + stardust_only(state, waiting)


def may_act(state: StarsState, seat: int) -> bool:
    """``seat in to_act(state)``, without listing every seat."""
    if seat in waiting_for(state):
        return True
    if state.ended or state.phase == FINAL or not 0 <= seat < state.players:
        return False
    return stargazing.can_spend_stardust(state, seat)


def bonus_moves(state: StarsState, seat: int) -> list[dict[str, Any]]:
    return ([{"type": "bonus", "token": t} for t in stargazing.bonus_options(state, seat)]
            + [{"type": "bonus", "token": None}])


Placements = tuple[tuple[tuple[int, int], ...], list[dict[str, Any] | None]]
_END = FIRST_PLAYABLE + PLAYABLE_SPAN
"""A set of playable cells as ``bits.to_bytes(_END, "little")``: a byte per position up to the last
playable one (`board.POSITION`)."""
_ROW_CELL_JSON = [None if i < 0 or i not in PLAYABLE else [*CELLS[i]] for i in CELL_AT_POSITION[:_END]]
"""The ``[q, r]`` of each playable cell by position, shared by the place moves on it (read-only)."""
_PLACEMENTS: dict[str, Placements] = {}
"""Per tile met, for its sides A then B at rotations 0–5: the halves of the line mask that index
`Board.fit_sets`, and one row of place moves for them all — per orientation, the place move on
each cell by position (none off the board or on a bonus corner). One shared, read-only dict per
placement, so listing ~1,000 of them stays cheap; bounded by the 38 tiles."""


def _placements(tid: str) -> Placements:
    tile = TILES[tid]
    halves = []
    row: list[dict[str, Any] | None] = []
    for side in stargazing.SIDES:
        for rot, m in enumerate(tile.side(side).masks):
            halves.append((m & 7, m >> 3))
            row += [None if cell is None else {"type": "place", "tile": tid, "side": side, "rotation": rot,
                                               "cell": cell} for cell in _ROW_CELL_JSON]
    found = _PLACEMENTS[tid] = tuple(halves), row
    return found


def place_moves(state: StarsState, seat: int) -> list[dict[str, Any]]:
    """Every place move of the seat's tiles in hand (tiles in hand order, then sides A and B,
    rotations 0–5, cells in board order), then a set-aside move for each tile that fits nowhere.

    Per tile, the cells of its twelve orientations (`Board.fit_sets`) are joined into one row of
    bytes that picks its moves out of its row of place moves in one pass.
    """
    s = state.seats[seat]
    low, high = s.board.fit_sets()
    out: list[dict[str, Any]] = []
    stuck = []
    for tid in s.hand:
        halves, row = _PLACEMENTS.get(tid) or _placements(tid)
        listed = len(out)
        out += compress(row, b"".join([(low[lo] & high[hi]).to_bytes(_END, "little")  # type: ignore[arg-type]
                                       for lo, hi in halves]))
        if len(out) == listed:
            stuck.append(tid)
    if stuck:
        out += [{"type": "set_aside", "tile": tid} for tid in stuck]
    return out


def action_moves(state: StarsState, seat: int) -> list[dict[str, Any]]:
    """The action-turn moves of the seat taking its turn (no scouting under way)."""
    s = state.seats[seat]
    out: list[dict[str, Any]] = []
    # how each action may be paid: "action" (with a ready villager for the three that need
    # one) while actions are left, then "ash" while a wood-ash token of its kind is kept
    free = ["action"] if state.actions_left > 0 else []
    with_villager = free if actions.ready_villager(state, seat) is not None else []
    ash = s.ash
    ways = free + ["ash"] if ash and actions.has_ash(state, seat, ASH_KIND["scout"]) else free
    if ways and main_board.can_scout(state.lit, s.light):
        out += [{"type": "scout", "via": w} for w in ways]
    ways = with_villager + ["ash"] if ash and actions.has_ash(state, seat, ASH_KIND["forage"]) else with_villager
    if ways:
        for fid in actions.forage_spaces(state, seat):
            out += [{"type": "forage", "space": fid, "via": w} for w in ways]
    ways = with_villager + ["ash"] if ash and actions.has_ash(state, seat, ASH_KIND["offer"]) else with_villager
    if ways:
        tokens = s.tokens
        for k, name in enumerate(KINDS):
            if tokens[k] > 0:
                out += [{"type": "offer", "kind": name, "via": w} for w in ways]
        if state.offer_card is not None:
            for n in actions.offer_card_moves(state, seat):
                out += [{"type": "offer", "space": n, "via": w} for w in ways]
    if with_villager:
        out += [{"type": "stargaze", "space": p} for p in state.sky_vacant()]
    ways = free + ["ash"] if ash and actions.has_ash(state, seat, ASH_KIND["recall"]) else free
    if ways:
        out_there = actions.recallable(state, seat)
        for size in range(1, len(out_there) + 1):
            for group in combinations(out_there, size):
                out += [{"type": "recall", "villagers": list(group), "via": w} for w in ways]
    ways = free + ["ash"] if ash and actions.has_ash(state, seat, ASH_KIND["gain_stardust"]) else free
    if ways and state.supply_stardust > 0:
        out += [{"type": "gain_stardust", "via": w} for w in ways]
    out.append(END_TURN)
    return out


def legal_moves(state: StarsState, seat: int) -> list[dict[str, Any]]:
    if state.ended or state.phase == OVER or not may_act(state, seat):
        return []
    s = state.seats[seat]
    if s.pending:
        return bonus_moves(state, seat)
    out: list[dict[str, Any]] = []
    if state.phase == STARGAZING and s.hand:
        out += place_moves(state, seat)
    elif state.phase == WOOD_ASH and state.picks and state.picks[0] == seat:
        out += wood_ash.pick_moves(state)
    elif state.phase == ACTION and state.current == seat:
        if state.scout is not None:
            out += actions.scout_steps(state, seat) + [SCOUT_CANCEL]
        else:
            out += action_moves(state, seat)
    elif state.phase == FINAL and not s.done:
        out.append(DONE)
    if s.stardust > 0:
        out += stargazing.stardust_moves(state, seat)
    return out
