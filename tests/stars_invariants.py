"""Invariants of a `stars` game that hold after every move (used by the fuzz and the rules tests).

Every component is somewhere exactly once, the counted ones add up to the box, and every
board is legal: each line of each tile meets a line, a vacant cell or stardust.
"""

from __future__ import annotations

from collections import Counter

from engine.games.stars.board import BITS, IS_CORNER, NB, OPP, PLAYABLE, POP
from engine.games.stars.components import (
    ASH,
    COLOURS,
    FORAGE,
    GIRL_START,
    LIGHT_PER_COLOUR,
    LINKS,
    OFFER_CARDS,
    REWARDS,
    ROUNDS,
    STARDUST,
    TILE_IDS,
    TILES,
    VILLAGE_ADJACENT,
)
from engine.games.stars.state import CATEGORIES


def light_total(state) -> list[int]:
    """Per colour: supply + held + crystals on tiles + lit path spaces (always 30 each)."""
    total = state.supply_light[:]
    for s in state.seats:
        total = [a + b for a, b in zip(total, s.light, strict=True)]
        for i in PLAYABLE:
            if s.board.crystal[i]:
                total[COLOURS.index(s.board.colour[i])] += 1
    for c in state.lit.values():
        total[c] += 1
    return total


def stardust_total(state) -> int:
    return state.supply_stardust + sum(s.stardust + sum(s.board.dust) for s in state.seats)


def token_total(state) -> list[int]:
    total = state.tokens_discarded[:]
    for fid, n in state.forage.items():
        total[FORAGE[fid].kind] += n
    for s in state.seats:
        total = [a + b for a, b in zip(total, s.tokens, strict=True)]
    if state.offer_card is not None:
        for (needs, _vp), filled in zip(OFFER_CARDS[state.offer_card], state.offer_filled, strict=True):
            if filled:
                total = [a + b for a, b in zip(total, needs, strict=True)]
    return total


def token_box(players: int) -> list[int]:
    box = [0, 0, 0, 0]
    for f in FORAGE.values():
        box[f.kind] += players
    return box


def board_problems(board) -> list[str]:
    out = []
    for i in PLAYABLE:
        if board.tile[i] is None:
            continue
        if board.dust[i]:
            out.append(f"cell {i} has a tile and stardust")
        face = TILES[board.tile[i][0]].side(board.tile[i][1])
        if board.mask[i] != face.masks[board.tile[i][2]] or board.colour[i] != face.colour:
            out.append(f"cell {i}: mask/colour do not match the tile")
        for d in BITS[board.mask[i]]:
            j = NB[i][d]
            if j < 0 or IS_CORNER[j]:
                out.append(f"cell {i}: a line runs into the edge or a bonus corner")
            elif board.tile[j] is not None and not board.mask[j] >> OPP[d] & 1:
                out.append(f"cell {i}: a line runs into a line-less side of cell {j}")
        if board.crystal[i] and board.open_lines(i) == 0:
            out.append(f"cell {i}: a closed tile still holds its crystal")
        if board.crystal[i] and board.colour[i] == "white":
            out.append(f"cell {i}: a white tile holds a crystal")
    for i in PLAYABLE:
        # stardust went where lines pointed: each line into it still does
        if board.dust[i] and board.dust[i] < POP[board.incoming(i)]:
            out.append(f"cell {i}: fewer stardust than lines")
    return out


_LEGAL_BOARDS: set = set()  # boards already checked (most moves leave most boards alone)


def check(match) -> None:
    state = match._state
    n = state.players
    assert light_total(state) == [LIGHT_PER_COLOUR] * 3, "light crystals are conserved"
    assert min(state.supply_light) >= 0 and all(min(s.light) >= 0 for s in state.seats)
    assert stardust_total(state) == STARDUST, "stardust is conserved"
    assert state.supply_stardust >= 0 and all(s.stardust >= 0 for s in state.seats)
    assert token_total(state) == token_box(n), "fruit/animal tokens are conserved"
    assert all(v >= 0 for v in state.forage.values()) and all(min(s.tokens) >= 0 for s in state.seats)
    ash = state.ash_bag + [t for t, _r in state.sky] + [t for s in state.seats for t in s.ash]
    assert sorted(ash) == sorted(ASH), "each wood-ash token is in one place"
    rewards = [t for p in state.piles for t in p] + state.rewards_discarded + state.rewards_unused
    assert sorted(rewards) == sorted(REWARDS), "each connection-reward token is in one place"
    for p, pile in enumerate(state.piles):
        assert all(REWARDS[t][0] == p for t in pile)
        values = [REWARDS[t][1] for t in pile]
        assert values == sorted(values, reverse=True), "piles are highest on top"
    cards = ([state.offer_card] if state.offer_card else []) + state.offer_deck + state.offer_discard
    assert sorted(cards) == sorted(OFFER_CARDS)
    for s in state.seats:
        placed = [t[0] for t in s.board.tile if t is not None]
        assert sorted(s.bag + s.hand + placed + s.set_aside) == sorted(TILE_IDS), "each tile in one place"
        key = (tuple(s.board.tile), tuple(s.board.dust), tuple(s.board.crystal))
        if key not in _LEGAL_BOARDS:
            assert not board_problems(s.board), board_problems(s.board)
            if len(_LEGAL_BOARDS) > 50_000:
                _LEGAL_BOARDS.clear()
            _LEGAL_BOARDS.add(key)
        assert len(s.villagers) == 4
        assert ("bonus" in s.villagers) == ("villager" not in s.board.taken)
        assert s.score == sum(s.points[c] for c in CATEGORIES)
        assert len(set(s.board.taken)) == len(s.board.taken)
        assert -len(s.set_aside) == s.points["unplaced"]
    # the night sky: elders right behind the Girl, villagers on distinct spaces behind them
    assert sorted(state.elders) == list(range(state.girl - n, state.girl))
    spots = [int(p[4:]) for s in state.seats for p in s.villagers if p.startswith("sky:")]
    assert len(spots) == len(set(spots)) and all(1 <= p < state.girl - n for p in spots)
    assert state.girl == GIRL_START + state.round - 1
    assert 1 <= state.round <= ROUNDS
    # every lit space is joined to the Village through lit spaces
    seen = {p for p in VILLAGE_ADJACENT if p in state.lit}
    stack = list(seen)
    while stack:
        for q in LINKS[stack.pop()]:
            if q in state.lit and q not in seen:
                seen.add(q)
                stack.append(q)
    if state.scout is None:
        assert seen == set(state.lit), "lit paths are joined to the Village"
    early = Counter(p[6:] for s in state.seats for p in s.villagers if p.startswith("early:"))
    assert all(v == 1 for v in early.values()), "one villager covers an early bird"
