"""Issue 18, ninth round: a corridor search worked out from the search of a station with fewer
corridors (`station._corridors_added`: an exchange that only adds corridors, a module installed
with two or more corridors), the cut points' answers read with one shift (`Layout.swaps`), the
payments remembered per guild counts and cost (`moves._pay_table`), the seat's last layout given
again while its station stays as it is, the acquire moves, a module's JSON and `Match.play`
finding the listed move by identity — each says exactly what the rule from scratch says, on the
stations and hands of random games."""

from __future__ import annotations

import copy
import random

import engine
from engine.games.station import moves, station
from engine.games.station.components import MODULE_JSON, module_json
from engine.games.station.station import NODES, Layout, is_legal, layout
from tests.test_station_speed_round8_same import (
    WITH_PORTS,
    corridor_lanes,
    fresh_search,
    grids_of_games,
    legal_removals,
    same_search,
)


def test_a_station_with_corridors_added_gives_the_search_from_scratch() -> None:
    """From the stations of random games: every legal removal of a module with two or more
    corridors, and every legal exchange at a node that only adds corridors — the bigger station's
    search worked out from the smaller one's is the fresh search."""
    derived = 0
    for game in grids_of_games(4, 11):
        for grid in game[::4]:
            big = fresh_search(grid)
            for v, smaller in legal_removals(grid):
                if len(station.CORRIDOR_TO[v][big.corridors >> 8 * v & 255]) >= 2:
                    up = station._corridors_added(fresh_search(smaller), big.corridors)
                    assert up is not None and same_search(up, big), (grid, v)
                    derived += 1
                for mid in WITH_PORTS.values():
                    other = list(grid)
                    other[v] = mid
                    if not is_legal(other):
                        continue
                    lanes = corridor_lanes(other)
                    found = station._corridors_added(big, lanes)
                    if big.corridors & ~lanes:  # a corridor taken away: not derived
                        assert found is None
                    else:
                        assert found is not None and same_search(found, fresh_search(other)), (grid, v, mid)
                        derived += 1
    assert derived > 500


def test_stations_a_few_turns_apart_get_none_or_the_search_from_scratch() -> None:
    """A seat's stations one to three of its turns apart (removals, new leaves, several changes)
    give None or the fresh search, never another one."""
    for game in grids_of_games(3, 12):
        for gap in (1, 2, 3):
            for before, after in zip(game, game[gap:], strict=False):
                found = station._corridors_added(fresh_search(before), corridor_lanes(after))
                assert found is None or same_search(found, fresh_search(after)), (before, after)


def test_swaps_are_the_exchange_rule_written_out() -> None:
    """For every port mask, `Layout.swaps` marks exactly the installed nodes where a module with
    those ports leaves the station legal (cut points read from the two integers of
    `_cut_points`), on layouts worked out in play and afresh."""
    checked = 0
    for game in grids_of_games(3, 13):
        for grid in game[::3]:
            plan = layout(grid)
            fresh = Layout(list(grid))
            for p, mid in WITH_PORTS.items():
                expected = 0
                for i in range(NODES):
                    if grid[i] is not None:
                        after = list(grid)
                        after[i] = mid
                        if is_legal(after):
                            expected |= 1 << 8 * i
                assert plan.swaps(p) == fresh.swaps(p) == expected, (grid, p)
                checked += 1
    assert checked > 1000


def test_pay_tables_give_the_payments_of_each_guild_and_cost() -> None:
    """Per hand of random games: `_hand_tables` of its `hand_code` has a table for each guild in the
    hand, whose slot 0 holds the guild's counts (its bits of the code) and whose other slots, once
    asked, hold `payments` of those counts at that cost (as their indices in `_EVERY`); tables are
    shared by hands with the same counts."""
    rng = random.Random(14)
    hands = 0
    for g in range(4):
        m = engine.new_match("station", 2 + g % 3, {}, seed=1400 + g)
        while not m.is_over():
            seat = m.to_act()[0]
            hand = tuple(m._state.seats[seat].hand)
            code = moves.hand_code(hand)
            tables = moves._hand_tables(code)
            counts = moves.hand_counts(list(hand))
            assert set(tables) == set(counts)
            for guild, table in tables.items():
                assert guild is not None
                bits = code >> moves._GUILD_SHIFT[guild] & moves._GUILD_BITS
                assert table[0] == bits
                assert tuple(bits >> 4 * k & 15 for k in range(6)) == counts[guild]
                assert table is moves._pay_table(bits)
                for cost in range(1, len(table)):
                    if table[cost] is None and rng.random() < 0.5:
                        continue  # not asked yet
                    found = table[cost] if table[cost] is not None else moves._payment_numbers(table[0], cost)
                    pays = [moves._PAID[k] for k in found]  # held as their numbers in `_PAID`
                    assert pays == moves.payments(counts[guild], cost)
            hands += 1
            m.play(seat, rng.choice(m.legal_moves(seat)))
    assert hands > 300


def test_an_unchanged_station_gets_its_last_layout_and_it_is_the_fresh_one() -> None:
    """`layout` of a seat's list that did not change since the last call gives the same layout
    object, which is the fresh layout of that station; a change gives a new one."""
    for game in grids_of_games(2, 15):
        for grid in game[::5]:
            mine = list(grid)
            memo = station.LayoutMemo()
            plan = layout(mine, memo)
            assert layout(mine, memo) is plan
            fresh = Layout(list(grid))
            assert (plan.open, plan.faces, plan.removable) == (fresh.open, fresh.faces, fresh.removable)
            empty = list(plan.open)
            if empty:
                station.note_change(memo, empty[0])
                mine[empty[0]] = WITH_PORTS[15]
                if is_legal(mine):
                    after = layout(mine, memo)
                    again = Layout(list(mine))
                    assert (after.open, after.removable) == (again.open, again.removable)


def test_acquire_moves_are_the_rule_written_out() -> None:
    """One displayed credit; then, in display order, two or three credits of different guilds
    totalling at most 7 (each pair followed by its triples), on random displays."""
    rng = random.Random(16)
    credits = sorted(moves.CREDIT_GUILD)
    for _ in range(3000):
        display = tuple(rng.sample(credits, rng.randint(0, 6)))
        expected = [{"type": "acquire", "credits": [c]} for c in display]
        guild, value = moves.CREDIT_GUILD, moves.CREDIT_VALUE
        for a in range(len(display)):
            for b in range(a + 1, len(display)):
                ca, cb = display[a], display[b]
                if guild[ca] == guild[cb] or value[ca] + value[cb] > moves.ACQUIRE_LIMIT:
                    continue
                expected.append({"type": "acquire", "credits": [ca, cb]})
                for c in range(b + 1, len(display)):
                    cc = display[c]
                    if (len({guild[ca], guild[cb], guild[cc]}) == 3
                            and value[ca] + value[cb] + value[cc] <= moves.ACQUIRE_LIMIT):
                        expected.append({"type": "acquire", "credits": [ca, cb, cc]})
        assert moves._acquire_moves(display) == expected


def test_module_json_is_a_fresh_copy_in_the_same_key_order() -> None:
    """`module_json` equals the module's JSON key by key, in the same order, with its own sides."""
    for mid, m in MODULE_JSON.items():
        found = module_json(mid)
        assert list(found.items()) == list(m.items())
        assert found is not m and found["sides"] is not m["sides"]


def test_playing_an_equal_copy_of_a_listed_move_plays_the_same_game() -> None:
    """`Match.play` with the very listed move object (found by identity) and with an equal copy
    (checked in full) give the same events and the same game."""
    rng = random.Random(17)
    a = engine.new_match("station", 3, {}, seed=1700)
    b = engine.new_match("station", 3, {}, seed=1700)
    while not a.is_over():
        seat = a.to_act()[0]
        listed = a.legal_moves(seat)
        k = rng.randrange(len(listed))
        assert b.legal_moves(seat) == listed
        assert a.play(seat, listed[k]) == b.play(seat, copy.deepcopy(listed[k]))
    assert a.snapshot() == b.snapshot()
