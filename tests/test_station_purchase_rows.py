"""Issue 18: Station's purchase moves are made once and shared, like the install moves
(twenty-fifth session). `_BUYING` holds, per module and payment (numbered once in `_PAID`, whatever
the cost it pays), a row with a place per node and one for the Dry Dock; a listing takes the moves
from those rows, making a move the first time its place is asked for. Each listed purchase is
exactly the move written out from the hand, the market and the station, and it is the row's own
object; past `_ROWS_KEPT` rows all are forgotten at once."""

import random

import engine
from engine.games.station import moves
from engine.games.station.moves import DOCK
from engine.games.station.station import NODE_JSON, NODES, layout


def _purchases_written_out(m: engine.Match, seat_index: int) -> list[dict]:
    """The purchase moves of the seat, from the rule: per berth in order, per payment of the hand
    in the module's guild, per node where the module fits (node order), then the Dock if it has room."""
    state = m._state
    seat = state.seats[seat_index]
    plan = layout(list(seat.grid))
    out = []
    for mid, discount in zip(state.berths, state.discounts, strict=True):
        if mid is None:
            continue
        guild, costs, ports, _ = moves._BUYING[mid]
        pays = moves.payments(moves.guild_counts(seat.hand, guild), costs[discount])
        dests = [NODE_JSON[i] for i in plan.installs(ports)]
        if len(seat.dock) < 4:
            dests.append(DOCK)
        for pay in pays:
            for to in dests:
                out.append({"type": "purchase", "module": mid, "pay": pay, "to": to})
    return out


def test_listed_purchases_are_the_rule_and_the_rows_own_moves() -> None:
    rng = random.Random(25)
    listed = 0
    for g in range(4):
        m = engine.new_match("station", 2 + g % 3, {}, seed=2500 + g)
        if g == 2:
            moves._forget_purchases()  # a listing from empty rows
        while not m.is_over():
            seat = m.to_act()[0]
            legal = m.legal_moves(seat)
            purchases = [mv for mv in legal if mv["type"] == "purchase"]
            if m._state.phase == "action":
                assert purchases == _purchases_written_out(m, seat)
            for mv in purchases:
                assert list(mv) == ["type", "module", "pay", "to"]
                cost = moves.EFFECTIVE[mv["module"]][m._state.discounts[m._state.berths.index(mv["module"])]]
                k = next(k for k, (pay, _) in enumerate(moves._every(cost)) if pay == mv["pay"])
                row = moves._BUYING[mv["module"]][3][moves._NUMBERS[cost][k]]
                place = NODES if mv["to"] == DOCK else NODE_JSON.index(mv["to"])
                assert row[place] is mv  # shared: the same object in every listing
                assert row[-1] is mv["pay"]
            listed += len(purchases)
            m.play(seat, rng.choice(legal))
    assert listed > 2000


def test_rows_past_the_limit_are_forgotten_at_once(monkeypatch) -> None:
    monkeypatch.setattr(moves, "_ROWS_KEPT", 300)  # 40 four-seat games ask for ≈ 1,600 rows
    moves._forget_purchases()
    made = forgotten = 0
    for g in range(6):
        m = engine.new_match("station", 4, {}, seed=2600 + g)
        rng = random.Random(g)
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_moves(seat)))
            rows = sum(row is not None for entry in moves._BUYING.values() for row in entry[3])
            assert rows == moves._rows_made <= 300
            forgotten += rows < made
            made = rows
    assert forgotten >= 2


def test_a_payment_at_two_costs_is_one_number_and_one_move() -> None:
    """[3, 2] pays a cost of 5 and, after a Drift discount, a cost of 4 (no credit superfluous at
    either): one payment list, one number, so the module's move to a place is the same object."""
    five = [pay for pay, _ in moves._every(5)]
    four = [pay for pay, _ in moves._every(4)]
    pay = next(p for p in five if p == [3, 2])
    again = next(p for p in four if p == [3, 2])
    assert pay is again
    assert moves._NUMBERS[5][five.index(pay)] == moves._NUMBERS[4][four.index(again)]
    assert len(moves._PAID) == len({tuple(p) for p in moves._PAID})
    assert all(moves._PAID[n] is pay for cost in range(moves._COSTS)
               for (pay, _), n in zip(moves._every(cost), moves._NUMBERS[cost], strict=True))


def test_the_bonus_listing_is_each_displayed_credit_of_three_or_less_in_order_then_decline_shared() -> None:
    """After an exact payment: one move a displayed credit of value ≤ 3, in display order, then
    decline; each the same object in every listing (`moves.BONUS_ONE`)."""
    from station_positions import DECLINE, of, play, position, purchase

    display = ["amber-4-2", "jade-3-2", "cobalt-5-2", "amber-1-2", "jade-6-2", "cobalt-2-2"]
    m = position(players=3, berths={0: "M04"}, display=display, seats={0: dict(hand=of("amber", 3, 2))})
    play(m, purchase("M04", [3, 2], (1, 0)))
    listed = m.legal_moves(0)
    assert listed == [{"type": "bonus", "credit": c} for c in ("jade-3-2", "amber-1-2", "cobalt-2-2")] + [DECLINE]
    assert all(mv is moves.BONUS_ONE[mv["credit"]] for mv in listed[:-1])
    assert moves.bonus_moves(m._state)[0] is listed[0]
