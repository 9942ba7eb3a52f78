"""Issue 18: the faster readings Stars' listings and turns are built from give what the rules
written out one case at a time give (the code before this work, commit 18a6650).

- `Board.stardust_cells` (read off `Board.sides`) against the lines counted cell by cell;
- a board's remembered reading (`Board.sides`, `fit_sets`, `stardust_cells`) follows every
  change, also to its lists changed directly, as tests and tools do;
- `main_board.can_scout` (the first step found) against ``bool(steps(...))``, and the
  breadth-first `_can_finish` against the search it replaced;
- `actions.forage_spaces` against the space-by-space `can_forage`; `wood_ash.pick_moves`
  (remembered per token and region) against the moves built afresh.

Random boards and the positions of seeded random games.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from test_stars_placement_speed_same import random_board

import engine
from engine.games.stars import actions, main_board, wood_ash
from engine.games.stars.board import PLAYABLE, POP, Board
from engine.games.stars.components import ASH, COLOURS, FORAGE, FORAGE_AT, LINKS, TILE_IDS, TILES
from engine.games.stars.state import ACTION, WOOD_ASH, StarsState


def stardust_cells(board: Board) -> list[tuple[int, int]]:
    out = []
    for i in PLAYABLE:
        if board.tile[i] is None and not board.dust[i]:
            n = POP[board.incoming(i)]
            if n:
                out.append((i, n))
    return out


def fresh(board: Board) -> Board:
    """The same position on a board that has read nothing yet."""
    b = Board()
    b.tile, b.mask, b.dust = board.tile[:], board.mask[:], board.dust[:]
    return b


def test_stardust_cells_count_the_lines_pointing_in() -> None:
    rng = random.Random(21)
    assert Board().stardust_cells() == []
    for _ in range(3000):
        b = random_board(rng)
        assert b.stardust_cells() == stardust_cells(b)


def test_a_board_reads_its_lists_as_they_are_now() -> None:
    rng = random.Random(22)
    for _ in range(500):
        b = random_board(rng)
        copy = b.copy()
        assert b.fit_sets() == fresh(b).fit_sets() and b.stardust_cells() == stardust_cells(b)
        i = rng.choice(PLAYABLE)
        roll = rng.random()
        if roll < 0.4:  # changed directly, not by `place_tile` / `place_dust`
            tid = rng.choice(TILE_IDS)
            b.tile[i], b.mask[i], b.dust[i] = (tid, "A", 0), TILES[tid].a.masks[0], 0
        elif roll < 0.7:
            b.tile[i], b.mask[i], b.dust[i] = None, 0, rng.randrange(0, 3)
        elif b.tile[i] is not None:  # the tile turned (a tile has lines: tests/test_stars_board_reading.py)
            b.mask[i] = rng.randrange(1, 64)
        assert b.sides() == fresh(b).sides() and b.fit_sets() == fresh(b).fit_sets()
        assert b.stardust_cells() == stardust_cells(b)
        assert copy.fit_sets() == fresh(copy).fit_sets() and copy.stardust_cells() == stardust_cells(copy)


def can_finish(lit: dict[str, int], path: list[str], light: list[int]) -> bool:
    """`main_board._can_finish` as it was: a breadth-first search with distances."""
    total = sum(light)
    if total == 0:
        return False
    used = set(path)
    start = path[-1]
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if dist[s] >= total:
            continue
        for n in LINKS[s]:
            if n in dist or n in used or n in lit:
                continue
            dist[n] = dist[s] + 1
            fid = FORAGE_AT.get(n)
            if fid is not None and light[FORAGE[fid].colour] >= 1:
                return True
            queue.append(n)
    return False


def can_forage(state: StarsState, seat: int, forage_id: str) -> bool:
    """`actions.can_forage` as it was, one space at a time."""
    if state.forage[forage_id] <= 0 or FORAGE[forage_id].doorstep not in state.lit:
        return False
    price, _early = actions.forage_price(state, forage_id)
    light = state.seats[seat].light
    return all(light[c] >= price[c] for c in range(3))


def pick_moves(state: StarsState) -> list[dict[str, Any]]:
    """`wood_ash.pick_moves` as it was, every move built afresh."""
    out: list[dict[str, Any]] = []
    for tid, region in state.sky:
        kind = ASH[tid]
        if kind != "x2":
            out.append({"type": "ash_keep", "token": tid})
        gains = [g for g in wood_ash.light_choices(kind, region)
                 if all(g[c] <= state.supply_light[c] for c in range(3))]
        for g in gains:
            out.append({"type": "ash_light", "token": tid, "light": {COLOURS[c]: n for c, n in enumerate(g) if n}})
        if kind == "x2" and not gains:
            out.append({"type": "ash_light", "token": tid, "light": {}})
    return out


def test_scouting_and_foraging_readings_on_random_paths() -> None:
    rng = random.Random(23)
    spaces = sorted(LINKS)
    for _ in range(3000):
        lit = {p: rng.randrange(3) for p in rng.sample(spaces, rng.randrange(0, 10))}
        light = [rng.randrange(0, 3) for _c in range(3)]
        assert main_board.can_scout(lit, light) == bool(main_board.steps(lit, [], light))
        path = rng.sample([p for p in spaces if p not in lit] or spaces, rng.randrange(1, 4))
        assert main_board._can_finish(lit, path, light) == can_finish(lit, path, light)
        assert main_board.connected_spaces(lit) == [f for f in FORAGE if FORAGE[f].doorstep in lit]


def test_seeded_games_read_the_same() -> None:
    checked = {"action": 0, "pick": 0, "board": 0}
    for players, seed in ((2, 31), (3, 32), (4, 33), (2, 34)):
        rng = random.Random(seed)
        m = engine.new_match("stars", players, {}, seed=seed)
        while not m.is_over():
            st: StarsState = m._state  # the rules' own state, read only
            for i, s in enumerate(st.seats):
                assert s.board.stardust_cells() == stardust_cells(s.board)
                assert s.board.fit_sets() == fresh(s.board).fit_sets()
                assert actions.forage_spaces(st, i) == [f for f in FORAGE if can_forage(st, i, f)]
                checked["board"] += 1
            if st.phase == ACTION and st.current is not None:
                light = st.seats[st.current].light
                assert main_board.can_scout(st.lit, light) == bool(main_board.steps(st.lit, [], light))
                checked["action"] += 1
            if st.phase == WOOD_ASH and st.picks:
                assert wood_ash.pick_moves(st) == pick_moves(st)
                checked["pick"] += 1
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_moves(seat)))
    assert min(checked.values()) > 50, checked
