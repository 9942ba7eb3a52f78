"""Why a `stars` move is refused: a sentence naming the rule it breaks."""

from __future__ import annotations

import json
from typing import Any

from . import actions, main_board, stargazing
from .board import CELLS, CORNER_AT, IS_CORNER, NB, POP, Board, cell_index
from .components import (
    ASH,
    COLOURS,
    FORAGE,
    FORAGE_AT,
    KINDS,
    LINKS,
    OFFER_CARDS,
    PATHS,
    REGION_BY_NAME,
    TILES,
    VILLAGE_ADJACENT,
)
from .moves import to_act, waiting_for
from .state import ACTION, FINAL, ON_BONUS, READY, STARGAZING, WOOD_ASH, StarsState

FIELDS: dict[str, set[str]] = {
    "place": {"type", "tile", "side", "rotation", "cell"},
    "set_aside": {"type", "tile"},
    "stardust": {"type", "cell"},
    "bonus": {"type", "token"},
    "ash_keep": {"type", "token"},
    "ash_light": {"type", "token", "light"},
    "scout": {"type", "via"},
    "scout_step": {"type", "space", "colour", "end"},
    "scout_cancel": {"type"},
    "forage": {"type", "space", "via"},
    "offer": {"type", "via"},  # plus exactly one of kind / space
    "stargaze": {"type", "space"},
    "recall": {"type", "villagers", "via"},
    "gain_stardust": {"type", "via"},
    "end_turn": {"type"},
    "done": {"type"},
}
ACTION_TYPES = ("scout", "scout_step", "scout_cancel", "forage", "offer", "stargaze", "recall", "gain_stardust",
                "end_turn")
NAMES = {"scout": "scouting", "forage": "foraging", "offer": "an offering", "recall": "recall",
         "gain_stardust": "gaining stardust", "stargaze": "stargazing"}


def _colours(counts: list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {COLOURS[c]}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def _cell(i: int) -> str:
    return json.dumps(list(CELLS[i]))


def _shape(move: dict[str, Any]) -> str | None:
    kind = move["type"]
    fields = set(FIELDS[kind])
    if kind == "offer":
        has = {"kind", "space"} & set(move)
        if len(has) != 1:
            return "an offer names either a 'kind' (one token) or a 'space' of the offering card, not both or neither"
        fields |= has
    extra = set(move) - fields
    if extra:
        return f"unexpected field(s) {', '.join(sorted(map(str, extra)))} in a {kind} move"
    missing = fields - set(move)
    if missing:
        return f"a {kind} move needs {', '.join(sorted(missing))}"
    return None


def explain(state: StarsState, seat: int, move: Any) -> str:
    """A sentence saying which rule ``move`` breaks."""
    if state.ended:
        return "the game is over: no more moves"
    if seat not in to_act(state):
        return f"it is not seat {seat}'s turn"
    if type(move) is not dict:
        return "a move must be a JSON object such as {\"type\": \"end_turn\"}"
    kind = move.get("type")
    if type(kind) is not str or kind not in FIELDS:
        return f"unknown move type {kind!r}: expected one of " + ", ".join(FIELDS)
    shape = _shape(move)
    if shape:
        return shape
    s = state.seats[seat]
    if s.pending:
        if kind != "bonus":
            return ("first choose the bonus token your completed constellation takes (or none): "
                    "a choice owed comes before anything else")
        options = stargazing.bonus_options(state, seat)
        return (f"your constellation touches the unused bonus token(s) {', '.join(options)}: "
                f"take one of them, or null for none (only one per constellation)")
    if kind == "bonus":
        return "you owe no bonus-token choice: one is owed when a completed constellation touches an unused bonus token"
    if kind == "stardust":
        return _stardust(state, seat, move)
    if seat not in waiting_for(state):
        return (f"seat {seat} may only spend stardust now: "
                + _whose(state))
    if kind in ("place", "set_aside"):
        return _place(state, seat, move)
    if kind in ("ash_keep", "ash_light"):
        return _pick(state, seat, move)
    if kind in ACTION_TYPES:
        return _action(state, seat, move)
    if kind == "done" and state.phase != FINAL:
        return "'done' ends your stardust spending at the game end, after the last round"
    return "that move is not legal now"


def _whose(state: StarsState) -> str:
    if state.phase == STARGAZING:
        return "the others are still placing their star tiles"
    if state.phase == WOOD_ASH:
        return f"it is seat {state.picks[0]}'s wood-ash pick"
    if state.phase == ACTION:
        return f"it is seat {state.current}'s action turn"
    return "the others are still spending stardust"


def _stardust(state: StarsState, seat: int, move: dict[str, Any]) -> str:
    s = state.seats[seat]
    i = cell_index(move["cell"])
    if i is None:
        return f"{json.dumps(move['cell'])} is not a cell of the board: [q, r] with |q|, |r|, |q+r| ≤ 3"
    if IS_CORNER[i]:
        return "a corner holds a bonus token: stardust goes only into a vacant cell that lines point into"
    if not s.board.vacant(i):
        return f"cell {_cell(i)} is not vacant: stardust goes only into a vacant cell that lines point into"
    need = s.board.incoming(i)
    n = POP[need]
    if n == 0:
        return f"no line points into cell {_cell(i)}: stardust goes only where lines point into a vacant cell"
    if s.stardust < n:
        return (f"{n} line(s) point into cell {_cell(i)}: exactly {n} stardust must go there and you have "
                f"{s.stardust}")
    return "that move is not legal now"


def _blocker(board: Board, i: int, d: int) -> str:
    j = NB[i][d]
    if j < 0:
        return "the edge of the board"
    if IS_CORNER[j]:
        return f"the bonus token on the {CORNER_AT[j].replace('_', '-')} corner"
    if board.dust[j]:
        return f"the stardust on {_cell(j)}"
    return f"a side without a line of the tile on {_cell(j)}"


def _place(state: StarsState, seat: int, move: dict[str, Any]) -> str:
    s = state.seats[seat]
    if state.phase != STARGAZING:
        return "star tiles are drawn and placed only in the stargazing phase"
    tid = move["tile"]
    if type(tid) is not str or tid not in TILES:
        return f"there is no star tile {tid!r}"
    if tid not in s.hand:
        return f"tile {tid} is not among the tiles you drew this round"
    if move["type"] == "set_aside":
        found = stargazing.placements(s.board, tid)
        if found:
            side, rot, cell = found[0]
            return (f"tile {tid} can still be placed (for instance side {side}, rotation {rot} on {_cell(cell)}): "
                    "only a tile that fits nowhere is set aside, for 1 VP")
        return "that move is not legal now"
    side, rot = move["side"], move["rotation"]
    if side not in ("A", "B") or type(side) is not str:
        return "'side' must be \"A\" (the white one-line side) or \"B\""
    if type(rot) is not int or not 0 <= rot <= 5:
        return "'rotation' must be a whole number 0–5 (sixths of a turn clockwise)"
    i = cell_index(move["cell"])
    if i is None:
        return f"{json.dumps(move['cell'])} is not a cell of the board: [q, r] with |q|, |r|, |q+r| ≤ 3"
    if IS_CORNER[i]:
        return "the corners hold bonus tokens: a star tile goes on a vacant cell"
    if not s.board.vacant(i):
        return f"cell {_cell(i)} is not vacant: a star tile goes on a vacant cell"
    mask = TILES[tid].side(side).masks[rot]
    need, block = s.board.constraints(i)
    for d in range(6):
        if need >> d & 1 and not mask >> d & 1:
            return (f"the line of the tile on {_cell(NB[i][d])} points into {_cell(i)}: the new tile needs a line "
                    "on that side (lines must meet lines or vacant cells)")
    for d in range(6):
        if block >> d & 1 and mask >> d & 1:
            return (f"a line of the new tile would run into {_blocker(s.board, i, d)}: lines may meet only "
                    "lines, vacant cells or (once placed) stardust")
    return "that move is not legal now"


def _pick(state: StarsState, seat: int, move: dict[str, Any]) -> str:
    if state.phase != WOOD_ASH:
        return "wood-ash tokens are picked only in the wood ash phase"
    if not state.picks or state.picks[0] != seat:
        return f"it is seat {state.picks[0]}'s wood-ash pick"
    tid = move["token"]
    entry = next((t for t in state.sky if t[0] == tid), None)
    if entry is None:
        return f"there is no wood-ash token {tid!r} in the night sky"
    kind, region = ASH[tid], entry[1]
    if move["type"] == "ash_keep":
        return "an x2 token cannot be kept: it can only be discarded for 2 light"
    light = move["light"]
    if type(light) is not dict or any(type(k) is not str for k in light):
        return "'light' must be an object of colour → count, such as {\"red\": 1}"
    for c, n in light.items():
        if c not in COLOURS:
            return f"{c!r} is not a colour of light: red, blue or yellow"
        if type(n) is not int or n <= 0:
            return f"the count of {c} light must be a positive whole number"
    want = 2 if kind == "x2" else 1
    if sum(light.values()) != want:
        return f"a discarded {kind} token gives exactly {want} light"
    allowed = REGION_BY_NAME[region].colours
    for c in light:
        if COLOURS.index(c) not in allowed:
            return (f"token {tid} lies on the {region.replace('_', '/')} region: its light can only be "
                    + " or ".join(COLOURS[a] for a in allowed))
    for c, n in light.items():
        if state.supply_light[COLOURS.index(c)] < n:
            return f"the supply has only {state.supply_light[COLOURS.index(c)]} {c} light left"
    return "that move is not legal now"


def _via(state: StarsState, seat: int, move: dict[str, Any]) -> str | None:
    via = move.get("via")
    kind = move["type"]
    if via not in ("action", "ash") or type(via) is not str:
        return "'via' must be \"action\" (one of your actions) or \"ash\" (a kept wood-ash token)"
    if via == "action":
        if state.actions_left <= 0:
            return "you have no actions left this turn: use a kept wood-ash token or end your turn"
        if kind in actions.NEEDS_VILLAGER and actions.ready_villager(state, seat) is None:
            return f"{NAMES[kind]} as an action needs a ready villager: recall one first"
    elif not actions.has_ash(state, seat, actions.ASH_KIND[kind]):
        return f"you hold no {actions.ASH_KIND[kind]} wood-ash token"
    return None


def _action(state: StarsState, seat: int, move: dict[str, Any]) -> str:
    s = state.seats[seat]
    kind = move["type"]
    if state.phase != ACTION:
        return "actions are taken only in the action phase"
    if state.current != seat:
        return f"it is seat {state.current}'s action turn"
    if kind == "scout_step":
        return _scout_step(state, seat, move)
    if kind == "scout_cancel":
        return "there is no scouting under way to cancel"
    if state.scout is not None:
        return "finish or cancel your scouting first: each action is completed before the next begins"
    if kind == "end_turn":
        return "that move is not legal now"
    if kind == "stargaze":
        if state.actions_left <= 0:
            return "you have no actions left this turn"
        if actions.ready_villager(state, seat) is None:
            return "stargazing needs a ready villager: recall one first"
        vacant = state.sky_vacant()
        return (f"a villager goes on a vacant night-sky space behind the Girl and the elders: "
                f"{'spaces ' + ', '.join(map(str, vacant)) + ' are' if vacant else 'none is'} free")
    why = _via(state, seat, move)
    if why:
        return why
    if kind == "scout":
        return ("no scouting path can be completed with your light: it starts beside the Village or a lit "
                "space and ends on a foraging space's doorstep with that space's colour")
    if kind == "forage":
        fid = move["space"]
        if type(fid) is not str or fid not in FORAGE:
            return f"there is no foraging space {fid!r}"
        if not main_board.connected(state.lit, fid):
            return f"{fid} is not connected to the Village: a lit path must reach its doorstep {FORAGE[fid].doorstep}"
        if state.forage[fid] <= 0:
            return f"{fid} has no tokens left"
        price, early = actions.forage_price(state, fid)
        return (f"foraging at {fid} costs {_colours(price)}{' (early bird included)' if early else ''}; "
                f"you have {_colours(s.light)}")
    if kind == "offer":
        if "kind" in move:
            k = move["kind"]
            if type(k) is not str or k not in KINDS:
                return f"{k!r} is not a fruit/animal token: fruit, fish, rabbit or antelope"
            return f"you hold no {k} token to offer"
        n = move["space"]
        if state.offer_card is None:
            return "no offering card is left: only single tokens can be offered"
        spaces = OFFER_CARDS[state.offer_card]
        if type(n) is not int or not 0 <= n < len(spaces):
            return f"offering card {state.offer_card} has spaces 0–{len(spaces) - 1}"
        if state.offer_filled[n]:
            return f"space {n} of offering card {state.offer_card} is already filled"
        needs = spaces[n][0]
        return ("that offering needs " + ", ".join(f"{m} {KINDS[k]}" for k, m in enumerate(needs) if m)
                + " and you hold " + (", ".join(f"{m} {KINDS[k]}" for k, m in enumerate(s.tokens) if m) or "none"))
    if kind == "recall":
        group = move["villagers"]
        if type(group) is not list or any(type(v) is not int for v in group):
            return "'villagers' must be a list of your villager numbers (0–3)"
        if not group:
            return "recall at least one villager"
        for v in group:
            if not 0 <= v < len(s.villagers):
                return f"there is no villager {v}: yours are numbered 0–{len(s.villagers) - 1}"
            if s.villagers[v] == READY:
                return f"villager {v} is already ready beside your board"
            if s.villagers[v] == ON_BONUS:
                return f"villager {v} still stands on its bonus token: it joins you when that token is gained"
        if group != sorted(set(group)):
            return "list each villager once, in increasing order"
        return "that move is not legal now"
    if kind == "gain_stardust":
        return "the stardust supply is empty"
    return "that move is not legal now"


def _scout_step(state: StarsState, seat: int, move: dict[str, Any]) -> str:
    s = state.seats[seat]
    scout = state.scout
    if scout is None:
        return "start a scouting action first: {\"type\": \"scout\", \"via\": \"action\"}"
    space, colour, end = move["space"], move["colour"], move["end"]
    if type(space) is not str or space not in PATHS:
        return f"there is no path space {space!r}"
    if type(colour) is not str or colour not in COLOURS:
        return f"{colour!r} is not a colour of light: red, blue or yellow"
    if type(end) is not bool:
        return "'end' must be true (the path ends here) or false"
    if space in state.lit:
        return f"{space} is already lit"
    c = COLOURS.index(colour)
    path = scout["path"]
    if path:
        if space not in LINKS[path[-1]]:
            return f"each light goes on a path space next to the previous one ({path[-1]})"
    else:
        allowed = main_board.start_colours(state.lit, space)
        if not allowed:
            return "the first light goes beside the Village or beside a lit path space"
        if c not in allowed and space not in VILLAGE_ADJACENT:
            return ("the first light beside a lit space must match its colour: "
                    + " or ".join(COLOURS[a] for a in allowed))
    if s.light[c] < 1:
        return f"you have no {colour} light left"
    if end:
        fid = FORAGE_AT.get(space)
        if fid is None:
            return f"{space} is not beside a foraging space: a scouting path ends on a foraging space's doorstep"
        return f"the path to {fid} must end with {COLOURS[FORAGE[fid].colour]} light"
    return ("from there the path could not reach an unlit foraging space's doorstep with the light you would "
            "have left")
