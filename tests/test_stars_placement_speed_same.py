"""Issue 18: Stars' placement listing, worked out on cell sets (`Board.sides`, `Board.fit_sets`),
lists exactly what the cell-by-cell rule lists — the same moves in the same order.

The rule written out here is the one `place_moves` used before (commit cf48225): for each tile
in hand, sides A then B, rotations 0–5, every vacant cell in board order whose constraints the
rotated lines meet; then a set-aside move for each tile that fits nowhere. It runs on random
boards (tiles, stardust, bonus corners) and on the boards of seeded random games.
"""

from __future__ import annotations

import random
from typing import Any

import engine
from engine.games.stars import moves
from engine.games.stars.board import CELL_BIT, CELLS, INNER_NB, PLAYABLE, WALLED, Board, cells_of
from engine.games.stars.components import TILE_IDS, TILES
from engine.games.stars.state import STARGAZING


def constraints(board: Board, i: int) -> tuple[int, int]:
    """(lines a tile on vacant cell ``i`` must have, lines it must not), cell by cell."""
    need, block = 0, WALLED[i]
    for j, bit, back in INNER_NB[i]:
        if board.dust[j]:
            block |= bit
        elif board.tile[j] is not None:
            if board.mask[j] & back:
                need |= bit
            else:
                block |= bit
    return need, block


def listed(board: Board, hand: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    stuck = []
    vacant = [(i, constraints(board, i)) for i in PLAYABLE if board.tile[i] is None and not board.dust[i]]
    for tid in hand:
        found = False
        for side in ("A", "B"):
            for rot, m in enumerate(TILES[tid].side(side).masks):
                for i, (need, block) in vacant:
                    if m & need == need and not m & block:
                        found = True
                        out.append({"type": "place", "tile": tid, "side": side, "rotation": rot,
                                    "cell": list(CELLS[i])})
        if not found:
            stuck.append(tid)
    return out + [{"type": "set_aside", "tile": tid} for tid in stuck]


def random_board(rng: random.Random) -> Board:
    """Any mix of tiles (lines need not meet) and stardust: the rule is about each cell's neighbours."""
    b = Board()
    for i in PLAYABLE:
        roll = rng.random()
        if roll < 0.35:
            tid = rng.choice(TILE_IDS)
            side = rng.choice("AB")
            rot = rng.randrange(6)
            b.tile[i] = (tid, side, rot)
            b.mask[i] = TILES[tid].side(side).masks[rot]
        elif roll < 0.45:
            b.dust[i] = rng.randrange(1, 4)
    return b


class _Seat:
    def __init__(self, board: Board, hand: list[str]) -> None:
        self.board, self.hand = board, hand


class _State:
    def __init__(self, seat: _Seat) -> None:
        self.seats = [seat]


def test_random_boards_list_the_same_placements() -> None:
    rng = random.Random(18)
    for _ in range(400):
        b = random_board(rng)
        hand = rng.sample(TILE_IDS, rng.randrange(1, 4))
        assert moves.place_moves(_State(_Seat(b, hand)), 0) == listed(b, hand)  # type: ignore[arg-type]
        for i in PLAYABLE:
            if b.tile[i] is None and not b.dust[i]:
                assert b.constraints(i) == constraints(b, i)


def test_seeded_games_list_the_same_placements() -> None:
    checked = 0
    for players, seed in ((2, 7), (3, 8), (4, 9)):
        rng = random.Random(seed)
        m = engine.new_match("stars", players, {}, seed=seed)
        while not m.is_over():
            seat = m.to_act()[0]
            st = m._state  # the rules' own state, read only
            s = st.seats[seat]
            if st.phase == STARGAZING and s.hand and not s.pending:
                assert moves.place_moves(st, seat) == listed(s.board, s.hand)
                checked += 1
            m.play(seat, rng.choice(m.legal_moves(seat)))
    assert checked > 100


def test_cells_of_reads_a_set_in_board_order() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        cells = sorted(rng.sample(range(len(CELLS)), rng.randrange(len(CELLS) + 1)))
        assert cells_of(sum(CELL_BIT[i] for i in cells)) == tuple(cells)
