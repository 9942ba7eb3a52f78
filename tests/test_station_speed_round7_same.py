"""Issue 18, seventh round: the cut points' exchange masks worked out in the corridor search
(`station._TOWARD`, `station._accept_row`), the purchase moves copied from one dict a payment
and the shared single-credit acquire moves say exactly what the rules written out say."""

import random

import engine
from engine.games.station import station
from engine.games.station.components import CREDIT_GUILD, CREDIT_VALUE, GUILD_OF, PORT_MASK
from engine.games.station.market import effective_cost
from engine.games.station.moves import acquire_moves, guild_counts, payments, purchase_moves
from engine.games.station.state import StationState
from engine.games.station.station import CORE, NEIGHBOURS, NODES, Layout, is_legal, layout

WITH_PORTS = {p: mid for mid, p in sorted(PORT_MASK.items(), reverse=True)}
"""A module for each port mask the game has."""


def positions(games, seed):
    """(a copy of the state, seat) before every third step of ``games`` random games (2–4 seats)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        m = engine.new_match("station", 2 + g % 3, {}, seed=seed * 100 + g)
        n = 0
        while not m.is_over():
            seat = m.to_act()[0]
            if n % 3 == 0:
                out.append((StationState.from_json(m._state.to_json()), seat))
            m.play(seat, rng.choice(m.legal_moves(seat)))
            n += 1
    return out


def test_toward_is_the_sides_facing_each_set_of_neighbours():
    for u in range(NODES):
        near = [(j, mine) for j, mine, _ in NEIGHBOURS[u]]
        for chosen in range(1 << len(near)):
            nodes = sides = 0
            for k, (j, mine) in enumerate(near):
                if chosen >> k & 1:
                    nodes |= 1 << j
                    sides |= 1 << mine
            assert station._TOWARD[u][nodes] == sides
        assert CORE not in [j for j, _, _ in NEIGHBOURS[u]]


def test_exchanges_are_the_rule_written_out_with_and_without_remembered_searches():
    rng = random.Random(5)
    masks = sorted(WITH_PORTS)
    grids = []
    for g in range(6):
        m = engine.new_match("station", 2 + g % 3, {}, seed=700 + g)
        while not m.is_over():
            seat = m.to_act()[0]
            grids.extend(list(s.grid) for s in m._state.seats)
            m.play(seat, rng.choice(m.legal_moves(seat)))
    for n, grid in enumerate(grids[::4]):
        if n % 2:
            station._SEARCHES.clear()
            station._ROWS.clear()
        plan = Layout(grid)
        chosen = rng.sample(masks, 4)
        nodes, slots = plan.exchanges(chosen)
        for i in range(NODES):
            for j, p in enumerate(chosen):
                if grid[i] is None:
                    assert i not in nodes
                    continue
                after = list(grid)
                after[i] = WITH_PORTS[p]
                assert (i in nodes and bool(slots[i] >> j & 1)) == is_legal(after), (grid, i, p)


def test_purchase_and_acquire_moves_are_the_moves_written_out():
    """Each purchase move a new dict of its own; the listing in payment then destination order."""
    for state, seat_index in positions(3, 9)[:400]:
        if state.phase != "action":
            continue
        seat = state.seats[seat_index]
        moves = purchase_moves(state, seat, layout(seat.grid))
        assert len({id(m) for m in moves}) == len(moves)
        expected = []
        for b, mid in enumerate(state.berths):
            if mid is None:
                continue
            counts = guild_counts(seat.hand, GUILD_OF[mid])
            dests = [station.NODE_JSON[i] for i in Layout(seat.grid).installs(PORT_MASK[mid])]
            if len(seat.dock) < 4:
                dests.append("dock")
            for pay in payments(counts, effective_cost(state, b)):
                expected += [{"type": "purchase", "module": mid, "pay": pay, "to": to} for to in dests]
        assert moves == expected
        assert [list(m) for m in moves] == [list(m) for m in expected]  # the keys' order
        display = state.display
        singles = [{"type": "acquire", "credits": [c]} for c in display]
        listed = acquire_moves(display)
        assert listed[:len(display)] == singles
        for move in listed[len(display):]:
            credits = move["credits"]
            assert len({CREDIT_GUILD[c] for c in credits}) == len(credits)
            assert sum(CREDIT_VALUE[c] for c in credits) <= 7
