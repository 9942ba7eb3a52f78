"""Building `stars` positions for the rules tests, and small helpers to read and act on them.

A position is a real `engine.Match` whose state (``match._state``, a `StarsState`) has been
edited to the situation a rule talks about. Every component keeps exactly one place: a tile
put on a board comes out of that seat's bag or hand, light and stardust come out of the
supply, fruit/animal tokens out of the foraging spaces — so the invariants of
tests/stars_invariants.py hold in every position, and the tests see a game that could happen.

Cells are axial ``(q, r)``; directions 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE (board.py).
Useful tiles (side B, rotation 0): T01/T02 red "0 1", T12/T13 blue "0 1", T23 yellow "0 1",
T03 red "0 2", T05 red "0 3", T16 blue "0 3", T27 yellow "0 3", T34 white "0 3",
T07 red "0 2 4", T06 red "0 1 2", T10 red "0 1 2 3". Side A of every tile: white, "0".
"""

from __future__ import annotations

from typing import Any

from positions import dump as dump  # the shared readers, re-exported for the stars tests
from positions import forget as forget
from positions import moves_of as _moves_of
from positions import play_as, refused_for
from positions import view_bytes as view_bytes

import engine
from engine.games.stars.board import INDEX
from engine.games.stars.components import ASH, COLOURS, FORAGE, KINDS, TILES
from engine.games.stars.state import ACTION, FINAL, STARGAZING, WOOD_ASH


def new(players: int = 2, seed: int = 1) -> engine.Match:
    return engine.new_match("stars", players, seed=seed)


def state(m: engine.Match):
    return m._state


def cell(q: int, r: int) -> int:
    return INDEX[(q, r)]


def _take_tile(s, tid: str) -> None:
    if tid in s.hand:
        s.hand.remove(tid)
    else:
        s.bag.remove(tid)


def put(m: engine.Match, seat: int, q: int, r: int, tid: str, side: str = "B", rot: int = 0) -> None:
    """Lay a tile on a board directly (no legality, no effects); a coloured face takes a crystal."""
    st = state(m)
    s = st.seats[seat]
    _take_tile(s, tid)
    i = cell(q, r)
    face = TILES[tid].side(side)
    b = s.board
    b.tile[i] = (tid, side, rot)
    b.mask[i] = face.masks[rot]
    b.colour[i] = face.colour
    crystal = face.light_bearing and b.open_lines(i) > 0
    if crystal:
        st.supply_light[COLOURS.index(face.colour)] -= 1
    b.crystal[i] = crystal
    for j in b.joined(i):  # a neighbour closed by this tile has had its crystal collected
        if b.crystal[j] and b.open_lines(j) == 0:
            b.crystal[j] = False
            s.light[COLOURS.index(b.colour[j])] += 1
    forget(m)


def put_dust(m: engine.Match, seat: int, q: int, r: int, n: int = 1) -> None:
    st = state(m)
    st.seats[seat].board.dust[cell(q, r)] = n
    st.supply_stardust -= n
    forget(m)


def set_hand(m: engine.Match, seat: int, tiles: list[str]) -> None:
    """The seat's drawn tiles become exactly ``tiles`` (the old ones go back to the bag)."""
    s = state(m).seats[seat]
    s.bag = sorted(s.bag + s.hand)
    s.hand = []
    for tid in tiles:
        s.bag.remove(tid)
        s.hand.append(tid)
    forget(m)


def set_light(m: engine.Match, seat: int, red: int = 0, blue: int = 0, yellow: int = 0) -> None:
    st = state(m)
    s = st.seats[seat]
    for c, n in enumerate((red, blue, yellow)):
        st.supply_light[c] += s.light[c] - n
        s.light[c] = n
    forget(m)


def set_stardust(m: engine.Match, seat: int, n: int) -> None:
    st = state(m)
    st.supply_stardust += st.seats[seat].stardust - n
    st.seats[seat].stardust = n
    forget(m)


def set_tokens(m: engine.Match, seat: int, **kinds: int) -> None:
    """The seat holds these fruit/animal tokens, taken from foraging spaces of that kind."""
    st = state(m)
    s = st.seats[seat]
    for name, n in kinds.items():
        k = KINDS.index(name)
        while s.tokens[k] < n:
            fid = next(f for f in sorted(FORAGE) if FORAGE[f].kind == k and st.forage[f] > 0)
            st.forage[fid] -= 1
            s.tokens[k] += 1
        while s.tokens[k] > n:
            fid = next(f for f in sorted(FORAGE) if FORAGE[f].kind == k)
            st.forage[fid] += 1
            s.tokens[k] -= 1
    forget(m)


def light_paths(m: engine.Match, spaces: dict[str, str]) -> None:
    """Light path spaces (their crystals come from the supply)."""
    st = state(m)
    for p, colour in spaces.items():
        c = COLOURS.index(colour)
        st.supply_light[c] -= 1
        st.lit[p] = c
    forget(m)


def empty_hands(m: engine.Match) -> None:
    for s in state(m).seats:
        s.bag = sorted(s.bag + s.hand)
        s.hand = []


def action_phase(m: engine.Match, current: int = 0, actions: int = 2, order: list[int] | None = None) -> None:
    """Skip to the action phase with ``current`` taking its turn and ``order`` still to come."""
    st = state(m)
    empty_hands(m)
    for t, _r in st.sky:
        st.ash_bag.append(t)
    st.ash_bag.sort()
    st.sky, st.picks = [], []
    st.phase = ACTION
    st.current = current
    st.actions_left = actions
    st.order = [] if order is None else list(order)
    forget(m)


def wood_ash_phase(m: engine.Match, sky: list[tuple[str, str]], picks: list[int]) -> None:
    """Skip to the wood ash phase with these tokens cast (id, region) and these picks to come."""
    st = state(m)
    empty_hands(m)
    for t, _r in sky:
        st.ash_bag.remove(t)
    st.sky = [[t, r] for t, r in sky]
    st.picks = list(picks)
    st.phase = WOOD_ASH
    st.current = None
    forget(m)


def final_phase(m: engine.Match) -> None:
    st = state(m)
    empty_hands(m)
    st.phase = FINAL
    st.round = 8
    st.girl = 13
    order = st.turn_order()
    for k, seat in enumerate(order):
        st.elders[seat] = 12 - k
    st.current = None
    for s in st.seats:
        s.done = False
    forget(m)


def give_ash(m: engine.Match, seat: int, kind: str) -> str:
    """The seat keeps a wood-ash token of ``kind`` (out of the bag)."""
    st = state(m)
    tid = next(t for t in st.ash_bag if ASH[t] == kind)
    st.ash_bag.remove(tid)
    st.seats[seat].ash.append(tid)
    forget(m)
    return tid


def stargazing_phase(m: engine.Match) -> None:
    state(m).phase = STARGAZING
    forget(m)


# --- reading and acting -----------------------------------------------------------------

def play(m: engine.Match, seat: int, move: dict) -> list[dict]:
    """Play for ``seat`` after a JSON round trip, as a client would."""
    return play_as(m, seat, move)


def moves_of(m: engine.Match, seat: int, kind: str) -> list[dict]:
    return _moves_of(m, kind, seat)


def place(tid: str, q: int, r: int, side: str = "B", rot: int = 0) -> dict:
    return {"type": "place", "tile": tid, "side": side, "rotation": rot, "cell": [q, r]}


def stardust(q: int, r: int) -> dict:
    return {"type": "stardust", "cell": [q, r]}


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def refused(m: engine.Match, seat: int, move: Any, *rule_words: str) -> str:
    """Assert ``move`` is refused with a reason naming each of ``rule_words`` (regex) and that
    the snapshot and every view are byte-identical afterwards."""
    return refused_for(m, seat, move, *rule_words)
