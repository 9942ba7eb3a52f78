"""Issue 18, twelfth round: payments picked from every payment of a cost (`moves._EVERY`, by the
values held, `moves._HELD`) instead of enumerated per hand, the pair acquire moves made once
(`moves._PAIRS`), the costs at each discount in the purchase look-up (`moves._BUYING`) and the
removable nodes as the shared node tuple (`Layout.removable`) — each says exactly what the
enumeration, the rule or the layout written out says."""

from __future__ import annotations

import itertools
import random

import engine
from engine.games.station import moves
from engine.games.station.components import COST_OF, CREDIT_GUILD, CREDIT_VALUE, GUILD_OF, GUILDS, PORT_MASK
from engine.games.station.market import MAX_DISCOUNT, MIN_COST
from engine.games.station.station import NODES, Layout, is_legal
from tests.test_station_speed_round11_same import _payments_written_out

COSTS = range(1, max(COST_OF.values()) + 1)


def test_every_payment_of_a_cost_is_the_enumeration_from_the_biggest_hand() -> None:
    """`_EVERY` of each cost holds the payments of a hand with every credit of one guild (four
    of each value: the most a hand holds), in the enumeration's order, each with its needs."""
    most = max(sum(1 for c in CREDIT_GUILD if CREDIT_GUILD[c] == g and CREDIT_VALUE[c] == v)
               for g in GUILDS for v in range(1, 7))
    assert most == moves._MOST == 4
    for cost in COSTS:
        every = moves._every(cost)
        assert [pay for pay, _ in every] == moves._enumerate((moves._MOST,) * 6, cost)
        for pay, need in every:
            assert need == sum(pay.count(v) << 4 * (v - 1) for v in range(1, 7))


def test_payments_are_the_enumeration_of_the_hand() -> None:
    """`payments` of every count of up to two credits of each value, and of random hands of up to
    four, at every cost, with `_HELD` emptied now and then: the enumeration from those counts and
    the payments written out, in the same order."""
    rng = random.Random(120)
    cases = list(itertools.product(range(3), repeat=6))
    cases += [tuple(rng.randint(0, moves._MOST) for _ in range(6)) for _ in range(300)]
    for n, counts in enumerate(cases):
        if n % 97 == 0:
            moves._HELD.clear()
        for cost in COSTS:
            got = moves.payments(counts, cost)
            assert got == moves._enumerate(counts, cost) == _payments_written_out(counts, cost), (counts, cost)
    more = (5, 0, 1, 0, 0, 2)  # more of a value than a guild has: the enumeration itself
    assert moves.payments(more, 5) == moves._enumerate(more, 5) == _payments_written_out(more, 5)


def test_pay_tables_of_game_hands_give_the_payments_of_their_counts() -> None:
    """For the hands of random games, every guild and cost: `_payments` of the guild's bits of the
    hand's code is `payments` of its counts (`hand_counts`)."""
    rng = random.Random(121)
    hands = 0
    for g in range(3):
        m = engine.new_match("station", 2 + g, {}, seed=1210 + g)
        while not m.is_over():
            seat = m.to_act()[0]
            hand = list(m._state.seats[seat].hand)
            code = moves.hand_code(hand)
            for guild, counts in moves.hand_counts(hand).items():
                bits = code >> moves._GUILD_SHIFT[guild] & moves._GUILD_BITS
                for cost in COSTS:
                    assert moves._payments(bits, cost) == moves._enumerate(counts, cost)
            hands += 1
            m.play(seat, rng.choice(m.legal_moves(seat)))
    assert hands > 200


def test_pair_moves_are_the_acquire_rule_and_shared() -> None:
    """`_PAIRS` pairs exactly the credits `_PARTNERS` pairs, with their thirds, and each pair's move
    is the acquire move of the two (keys in order); random displays list the moves written out —
    one credit, then two or three of different guilds totalling at most 7, in display order — the
    pairs being the shared moves."""
    for ca, row in moves._PARTNERS.items():
        assert set(moves._PAIRS[ca]) == set(row)
        for cb, thirds in row.items():
            move, found = moves._PAIRS[ca][cb]
            assert found is thirds
            assert list(move.items()) == [("type", "acquire"), ("credits", [ca, cb])]
    rng = random.Random(122)
    credits = sorted(CREDIT_GUILD)
    for _ in range(500):
        display = tuple(rng.sample(credits, rng.randint(1, 6)))
        expected = [[c] for c in display]
        for a, b in itertools.combinations(range(len(display)), 2):
            ca, cb = display[a], display[b]
            if CREDIT_GUILD[ca] == CREDIT_GUILD[cb] or CREDIT_VALUE[ca] + CREDIT_VALUE[cb] > moves.ACQUIRE_LIMIT:
                continue
            expected.append([ca, cb])
            for cc in display[b + 1:]:
                if (len({CREDIT_GUILD[ca], CREDIT_GUILD[cb], CREDIT_GUILD[cc]}) == 3
                        and CREDIT_VALUE[ca] + CREDIT_VALUE[cb] + CREDIT_VALUE[cc] <= moves.ACQUIRE_LIMIT):
                    expected.append([ca, cb, cc])
        listed = moves._acquire_moves(display)
        assert [m["credits"] for m in listed] == expected
        for m in listed:
            assert list(m) == ["type", "credits"] and m["type"] == "acquire"
            if len(m["credits"]) == 2:
                assert m is moves._PAIRS[m["credits"][0]][m["credits"][1]][0]


def test_buying_holds_each_module_s_cost_at_each_discount() -> None:
    """`_BUYING`: per module its guild, its base cost less each discount (never below 1), its
    port mask and a place for a row per payment; an empty berth has no guild."""
    assert moves._BUYING[None][0] is None
    for mid in GUILD_OF:
        guild, costs, ports, rows = moves._BUYING[mid]
        assert (guild, ports) == (GUILD_OF[mid], PORT_MASK[mid])
        assert len(rows) == len(moves._PAID)  # a place per payment, whatever its cost
        assert costs == tuple(max(COST_OF[mid] - d, MIN_COST) for d in range(MAX_DISCOUNT + 1))


def test_removable_nodes_are_the_nodes_whose_module_can_leave() -> None:
    """`Layout.removable` of the stations of random games: a tuple of the installed nodes, in node
    order, whose module can be taken away leaving a legal station."""
    rng = random.Random(123)
    checked = 0
    for g in range(3):
        m = engine.new_match("station", 2 + g, {}, seed=1230 + g)
        while not m.is_over():
            seat = m.to_act()[0]
            grid = list(m._state.seats[seat].grid)
            plan = Layout(grid)
            assert type(plan.removable) is tuple
            expected = []
            for i in range(NODES):
                if grid[i] is not None:
                    after = grid[:]
                    after[i] = None
                    if is_legal(after):
                        expected.append(i)
            assert list(plan.removable) == expected
            checked += 1
            m.play(seat, rng.choice(m.legal_moves(seat)))
    assert checked > 200
