"""Issue 18: a Stars board's reading (`Board.sides`) finds the tiles where the lines are.

`Board._read` reads which cells hold a tile off the line masks (a cell holds a tile exactly where
it has lines), keeps a reading while the lines and stardust are unchanged, and after `place_tile`
reads the lines again at that cell only (checking that nothing else changed). Both rest on every
tile face having lines at every rotation, and on a tile never leaving its cell.
"""

from __future__ import annotations

import random

import engine
from engine.games.stars.board import PLAYABLE, Board, cells_of
from engine.games.stars.components import TILE_IDS, TILES
from tests.test_stars_placement_speed_same import random_board
from tests.test_stars_turn_speed_same import fresh


def vacant_cell_by_cell(board: Board) -> tuple[int, ...]:
    """The playable cells holding neither a tile nor stardust, read from the tiles themselves."""
    return tuple(i for i in PLAYABLE if board.tile[i] is None and not board.dust[i])


def test_every_tile_face_has_lines_at_every_rotation() -> None:
    """So a cell with a tile has a line mask other than 0, and an empty cell has 0."""
    for tid in TILE_IDS:
        for side in ("A", "B"):
            masks = TILES[tid].side(side).masks
            assert len(masks) == 6
            assert all(mask != 0 for mask in masks), (tid, side)


def test_the_vacant_cells_are_those_without_a_tile_or_stardust_on_random_boards() -> None:
    rng = random.Random(23)
    for _ in range(400):
        board = random_board(rng)
        assert cells_of(board.sides()[0]) == vacant_cell_by_cell(board)


def test_the_reading_follows_every_tile_placed_in_seeded_games() -> None:
    """At every step of three games, every seat's reading (kept from step to step while nothing
    changed) is the one a fresh board with the same tiles and stardust works out."""
    checked = 0
    for players, seed in ((2, 31), (3, 32), (4, 33)):
        rng = random.Random(seed)
        m = engine.new_match("stars", players, {}, seed=seed)
        while not m.is_over():
            for s in m._state.seats:  # the rules' own state, read only
                anew = Board.from_json(s.board.to_json())
                assert s.board.sides() == anew.sides()
                assert cells_of(s.board.sides()[0]) == vacant_cell_by_cell(s.board)
                checked += 1
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_moves(seat)))
    assert checked > 300


def test_a_tile_placed_renews_the_reading() -> None:
    board = Board()
    before = board.sides()
    cell = PLAYABLE[len(PLAYABLE) // 2]
    board.place_tile(cell, TILE_IDS[0], "A", 0, False)
    after = board.sides()
    assert after != before
    assert cell not in cells_of(after[0])
    assert after == Board.from_json(board.to_json()).sides()


def test_a_reading_follows_a_placement_and_whatever_else_changed_with_it() -> None:
    """`Board._read` reads the lines again at the cell `place_tile` filled only; a second tile on
    that cell, or a cell changed some other way as well, is read as it is all the same."""
    rng = random.Random(24)
    for _ in range(400):
        board = random_board(rng)
        board.sides()  # a reading kept
        i = rng.choice(PLAYABLE)
        board.place_tile(i, rng.choice(TILE_IDS), rng.choice("AB"), rng.randrange(6), False)
        roll = rng.random()
        if roll < 0.3:  # another cell's lines changed directly, not by `place_tile`
            j = rng.choice(PLAYABLE)
            board.tile[j], board.mask[j] = (TILE_IDS[0], "A", 0), rng.randrange(1, 64)
        elif roll < 0.5:  # the same cell filled again (its lines were not 0 when read)
            board.sides()
            board.place_tile(i, rng.choice(TILE_IDS), rng.choice("AB"), rng.randrange(6), False)
        elif roll < 0.7:  # stardust too
            board.dust[rng.choice(PLAYABLE)] = rng.randrange(1, 4)
        assert board.sides() == fresh(board).sides()
        assert cells_of(board.sides()[0]) == vacant_cell_by_cell(board)
