"""Issue 18, eleventh round: the pairs of credits that may be acquired together worked out once
(`moves._PARTNERS`), a hand's counts as one integer (`moves.hand_code`), the costs at each discount
(`market.EFFECTIVE`), the Storm and Shield events built without `copy_json`'s walk
(`turn.storm_event`, `turn.shield_event`) and a leaf on the Core changing no cut point
(`station._leaf_change`) — each says exactly what the rule, the copy or the search written out
says; and `payments`, whose counts are now indexed by value, against the payments written out (an
enumeration over the values held only was tried against it too, and taken out: it cost more)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import engine
from engine.games.serialise import copy_json
from engine.games.station import market, moves, scoring, station, turn
from engine.games.station.components import COST_OF, CREDIT_GUILD, CREDIT_VALUE, GUILDS
from engine.games.station.state import StationState
from tests.test_station_speed_round8_same import fresh_search, grids_of_games, legal_removals, same_search


def test_acquire_partners_are_the_rule_written_out() -> None:
    """For every two credits: the second is a partner of the first exactly when their guilds
    differ and they total at most 7; its thirds are the credits of the third guild that keep the
    three within 7."""
    pairs = 0
    for ca, cb in itertools.product(CREDIT_GUILD, repeat=2):
        ga, gb = CREDIT_GUILD[ca], CREDIT_GUILD[cb]
        total = CREDIT_VALUE[ca] + CREDIT_VALUE[cb]
        if ga == gb or total > moves.ACQUIRE_LIMIT:
            assert cb not in moves._PARTNERS[ca]
            continue
        thirds = {cc for cc in CREDIT_GUILD
                  if len({ga, gb, CREDIT_GUILD[cc]}) == 3 and total + CREDIT_VALUE[cc] <= moves.ACQUIRE_LIMIT}
        assert moves._PARTNERS[ca][cb] == thirds
        pairs += 1
    assert pairs > 1000


def test_hand_codes_hold_the_counts_of_each_guild_and_value() -> None:
    """A hand's code has, in each guild's 24 bits, four bits a value holding `hand_counts`; the
    biggest hand (every credit) too."""
    rng = random.Random(21)
    credits = sorted(CREDIT_GUILD)
    hands = [credits] + [rng.sample(credits, rng.randint(0, 20)) for _ in range(2000)]
    for hand in hands:
        code = moves.hand_code(hand)
        counts = moves.hand_counts(hand)
        for guild in GUILDS:
            bits = code >> moves._GUILD_SHIFT[guild] & moves._GUILD_BITS
            expected = counts.get(guild, (0,) * 6)
            assert tuple(bits >> 4 * k & 15 for k in range(6)) == expected
            assert (guild in moves._hand_tables(code)) == any(expected)
            if any(expected):
                assert moves._pay_table(bits)[0] == bits


def _payments_written_out(counts: tuple[int, ...], cost: int) -> list[list[int]]:
    """Every way to pay, as the rule says: values largest first, worth at least ``cost``, the sum
    reaching it only at the last (smallest) credit; in `payments`' order (a payment is never the
    start of another, so largest first is the reverse of the lists' order)."""
    found = []
    for taken in itertools.product(*(range(c + 1) for c in counts)):  # how many of each value
        chosen = [v for v in range(6, 0, -1) for _ in range(taken[v - 1])]
        if chosen and sum(chosen) >= cost and sum(chosen) - chosen[-1] < cost:
            found.append(chosen)
    return sorted(found, reverse=True)


def test_payments_are_the_rule_written_out() -> None:
    """`payments` of every count of up to two credits of each value, and of random bigger hands,
    at every cost: the payments written out, in the same order."""
    rng = random.Random(22)
    cases = list(itertools.product(range(3), repeat=6))
    cases += [tuple(rng.randint(0, 4) for _ in range(6)) for _ in range(60)]
    for counts in cases:
        for cost in range(1, max(COST_OF.values()) + 1):
            assert moves.payments(counts, cost) == _payments_written_out(counts, cost), (counts, cost)


def test_effective_costs_are_the_base_cost_less_the_discount_never_below_one() -> None:
    for mid, cost in COST_OF.items():
        for discount in range(market.MAX_DISCOUNT + 1):
            assert market.EFFECTIVE[mid][discount] == max(cost - discount, market.MIN_COST)


def _shares_a_container(a: Any, b: Any) -> bool:
    """Whether two JSON values share a list or dict object anywhere."""
    def containers(value: Any) -> list[int]:
        if isinstance(value, dict):
            return [id(value)] + [i for inner in value.values() for i in containers(inner)]
        if isinstance(value, list):
            return [id(value)] + [i for inner in value for i in containers(inner)]
        return []
    return bool(set(containers(a)) & set(containers(b)))


def test_storm_and_shield_events_are_copies_of_their_records() -> None:
    """On random games at 2–4 seats played to the end: each Storm record's event and each Shield
    entry's event are ``{"type": …, **copy_json(record)}`` — the same JSON, keys in the same order,
    sharing no list or dict with the record."""
    rng = random.Random(23)
    storms = 0
    for g in range(6):
        m = engine.new_match("station", 2 + g % 3, {}, seed=2300 + g)
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_moves(seat)))
        state: StationState = m._state  # type: ignore[assignment]
        for record in state.storms:
            event = turn.storm_event(record)
            assert json.dumps(event) == json.dumps({"type": "storm", **copy_json(record)})
            assert not _shares_a_container(event, record)
            storms += 1
        again = StationState.from_json(state.to_json())
        for entry in scoring.score_shield(again):
            event = turn.shield_event(entry)
            assert json.dumps(event) == json.dumps({"type": "shield", **copy_json(entry)})
            assert not _shares_a_container(event, entry)
    assert storms >= 12



def test_a_leaf_on_the_core_gives_the_search_from_scratch_both_ways() -> None:
    """From the stations of random games: every inner module whose one corridor leads to the Core
    and whose removal leaves a legal station — the search without it worked out from the search
    with it (`_leaf_change`'s shortcut: no part hanging from a cut point holds it), and back, is
    the fresh search."""
    derived = 0
    for game in grids_of_games(4, 33):
        for grid in game[::3]:
            big = fresh_search(grid)
            for v, smaller in legal_removals(grid):
                if station.CORRIDOR_TO[v][big.corridors >> 8 * v & 255] != (station.CORE,):
                    continue
                small = fresh_search(smaller)
                down = station._leaf_change(big, small.corridors)
                up = station._leaf_change(small, big.corridors)
                assert down is not None and same_search(down, small), (grid, v)
                assert up is not None and same_search(up, big), (grid, v)
                derived += 1
    assert derived > 100
