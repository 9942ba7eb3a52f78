"""Round-end Drift. Card: "For modules present at the start of the round and still in the
market: At 0 or 1 discount: add one. Already at 2: replace with the supply's top module; put
the old one at the bottom. With no supply, leave it. Each discount reduces cost by 1; minimum
cost 1. A replacement starts at zero and waits a future complete round. Rotation is not a
purchase." """

from station_positions import of, play, position, purchase, types

BERTHS = {0: ("M01", 0, False), 1: ("M11", 1, False), 2: ("M21", 2, False),
          3: ("M31", 0, False), 4: ("M41", 0, False), 5: ("M51", 0, False)}


def round_of_acquires(m):
    """Every seat still to play this round takes its first listed acquire."""
    events = []
    while True:
        seat = m.to_act()[0]
        move = next(mv for mv in m.legal_moves(seat) if mv["type"] in ("acquire", "decline"))
        events += play(m, move)
        if m.to_act() == [0]:
            return events


def market(m):
    s = m._state
    return [(s.berths[b], s.discounts[b]) for b in range(6)]


def test_discounts_grow_by_one_at_the_end_of_the_round_and_not_before():
    m = position(players=3, berths=BERTHS, supply=["M02", "M03"])
    play(m, next(mv for mv in m.legal_moves(0) if mv["type"] == "acquire"))
    assert market(m)[:2] == [("M01", 0), ("M11", 1)], "no Drift after a single turn"
    events = round_of_acquires(m)
    assert market(m)[:2] == [("M01", 1), ("M11", 2)]
    drift = [e for e in events if e["type"] == "drift"]
    assert drift[0] == {"type": "drift", "berth": 0, "module": "M01", "discount": 1, "cost": 8}


def test_each_discount_reduces_the_cost_by_one():
    m = position(players=3, berths=BERTHS, supply=["M02", "M03"])
    costs = [b["cost"] for b in m.view(None)["market"]]
    assert costs[:3] == [9, 9 - 1, 9 - 2]


def test_at_two_the_module_is_replaced_by_the_supply_top_and_goes_to_the_bottom():
    m = position(players=3, berths=BERTHS, supply=["M02", "M03", "M05"])
    events = round_of_acquires(m)
    state = m._state
    assert state.berths[2] == "M05" and state.discounts[2] == 0
    assert state.supply == ["M21", "M02", "M03"]
    rotate = next(e for e in events if e["type"] == "rotate")
    assert rotate["berth"] == 2 and rotate["old"] == "M21" and rotate["module"]["id"] == "M05"


def test_a_replacement_starts_at_zero_and_waits_a_complete_round():
    m = position(players=3, berths=BERTHS, supply=["M02", "M03", "M05"])
    round_of_acquires(m)  # round 1 ends: M05 replaces M21 at zero
    assert market(m)[2] == ("M05", 0)
    round_of_acquires(m)  # round 2 was complete with M05 present: its first discount
    assert market(m)[2] == ("M05", 1)


def test_a_module_refilled_during_the_round_does_not_drift_at_its_end():
    m = position(players=3, berths=BERTHS, supply=["M02", "M03", "M05"],
                 seats={0: dict(hand=of("amber", 6, 3))})
    play(m, purchase("M01", [6, 3], "dock"))  # berth 0 refilled with M05 during round 1
    assert market(m)[0] == ("M05", 0) and m.view(None)["market"][0]["waiting"] is True
    round_of_acquires(m)
    assert market(m)[0] == ("M05", 0), "it was not present at the start of round 1"
    assert m.view(None)["market"][0]["waiting"] is False
    round_of_acquires(m)
    assert market(m)[0] == ("M05", 1)


def test_with_no_supply_a_module_at_two_is_left_in_place():
    m = position(players=3, berths=BERTHS, supply=[])
    events = round_of_acquires(m)
    assert market(m)[2] == ("M21", 2)
    assert "rotate" not in types(events) and not m._state.end_triggered


def test_rotation_is_not_a_purchase():
    m = position(players=3, berths=BERTHS, supply=["M02", "M03", "M05"], purchases=19)
    events = round_of_acquires(m)
    v = m.view(None)
    assert v["purchases"] == 19 and v["storms"] == []
    assert "storm_triggered" not in types(events)


def test_the_minimum_cost_is_one_however_large_the_discount():
    m = position(players=3, berths={0: ("M10", 1, False), 1: ("M20", 0, False)}, supply=["M02"])
    assert [b["cost"] for b in m.view(None)["market"][:2]] == [1, 1]
    round_of_acquires(m)
    assert [b["cost"] for b in m.view(None)["market"][:2]] == [1, 1]
    assert market(m)[:2] == [("M10", 2), ("M20", 1)]


def test_the_round_number_advances_after_drift():
    m = position(players=3, berths=BERTHS, supply=["M02"])
    events = round_of_acquires(m)
    assert m.view(None)["turn"]["round"] == 2
    assert types(events)[-1] == "round" and types(events).index("drift") < types(events).index("round")
