"""Purchase. Card: "Purchase: same-guild payment ≥ effective cost. Install or Dry Dock; count
purchase and refill berth. Exact payment: take one displayed credit ≤3, then refill." "Dry
Dock capacity: 4 modules. No change for overpayment." Drift: "Each discount reduces cost by 1;
minimum cost 1." """

from station_positions import (
    DECLINE,
    at,
    bonus,
    install_targets,
    moves_of,
    of,
    payments,
    play,
    position,
    purchase,
    refused,
    types,
)

LOW = ["amber-1-2", "cobalt-2-2", "jade-3-2", "amber-4-2", "cobalt-5-2", "jade-6-2"]
HIGH = ["amber-4-2", "cobalt-5-2", "jade-6-2", "amber-5-2", "cobalt-6-2", "jade-4-2"]


def buyer(hand, berths=None, display=HIGH, supply=None, deck=None, **seat):
    return position(players=3, berths=berths or {0: "M04"}, display=display, supply=supply, deck=deck,
                    seats={0: dict(hand=hand, **seat)})


# --- payment -------------------------------------------------------------------------

def test_payment_is_in_the_module_s_guild_and_covers_the_effective_cost():
    m = buyer(of("amber", 2, 3, 6) + of("cobalt", 5))  # M04: amber, cost 5
    assert payments(m, "M04") == [[6], [3, 2]]


def test_credits_of_another_guild_cannot_pay():
    m = buyer(of("cobalt", 5, 6) + of("jade", 6))
    assert payments(m, "M04") == []
    refused(m, purchase("M04", [6], (1, 0)), r"guild \(amber\)")


def test_a_payment_short_of_the_cost_is_refused():
    m = buyer(of("amber", 2, 2))
    assert payments(m, "M04") == []
    refused(m, purchase("M04", [2, 2], (1, 0)), r"at least the effective cost 5")


def test_overpaying_is_allowed_and_gives_no_change():
    m = buyer(of("amber", 6))
    events = play(m, purchase("M04", [6], (1, 0)))
    state = m._state
    assert state.seats[0].hand == [] and "amber-6-1" in state.discard
    assert events[0]["paid"] == [{"id": "amber-6-1", "guild": "amber", "value": 6}] and events[0]["exact"] is False


def test_a_superfluous_credit_is_refused():
    m = buyer(of("amber", 6, 3, 2))
    refused(m, purchase("M04", [6, 2], (1, 0)), r"no change for overpayment", r"superfluous")


def test_payment_values_are_listed_largest_first():
    m = buyer(of("amber", 3, 2))
    refused(m, purchase("M04", [2, 3], (1, 0)), r"largest first")


def test_paid_credits_go_to_the_discard_pile():
    m = buyer(of("amber", 3, 2, 1))
    play(m, purchase("M04", [3, 2], (1, 0)))
    assert sorted(m._state.discard) == ["amber-2-1", "amber-3-1"]
    assert m._state.seats[0].hand == ["amber-1-1"]


def test_the_effective_cost_is_the_base_cost_less_the_discount():
    m = buyer(of("amber", 3, 2), berths={0: ("M04", 2, False)})
    assert m.view(0)["market"][0]["cost"] == 3
    assert payments(m, "M04") == [[3]]


def test_the_effective_cost_is_never_below_one():
    m = buyer(of("amber", 1), berths={0: ("M10", 2, False)})  # base 1, discount 2
    assert m.view(0)["market"][0]["cost"] == 1
    assert payments(m, "M10") == [[1]]


# --- install or Dry Dock -------------------------------------------------------------

def test_the_module_is_installed_at_the_chosen_node():
    m = buyer(of("amber", 5))
    assert install_targets(m, "M04") == {(1, s) for s in range(10)}
    play(m, purchase("M04", [5], (1, 4)))
    assert at(m, 0, 1, 4) == "M04" and "M04" not in m._state.berths


def test_the_module_may_go_to_the_dry_dock_instead():
    m = buyer(of("amber", 5))
    play(m, purchase("M04", [5], "dock"))
    assert m._state.seats[0].dock == ["M04"] and m._state.seats[0].grid == [None] * 30


def test_the_dry_dock_holds_at_most_four_modules():
    m = buyer(of("amber", 5), dock=["M11", "M21", "M31", "M41"])
    assert not [mv for mv in moves_of(m, "purchase") if mv["to"] == "dock"]
    refused(m, purchase("M04", [5], "dock"), r"Dry Dock holds at most 4")
    assert install_targets(m, "M04")  # installing is still possible


def test_a_module_with_no_legal_node_and_a_full_dock_cannot_be_purchased():
    m = buyer(of("amber", 4), berths={0: "M19"}, dock=["M11", "M21", "M31", "M41"])  # M19: inward bulkhead
    assert moves_of(m, "purchase", module="M19") == []


def test_a_module_with_no_legal_node_can_still_go_to_the_dock():
    m = buyer(of("amber", 4), berths={0: "M19"})
    assert {mv["to"] if mv["to"] == "dock" else "node" for mv in moves_of(m, "purchase", module="M19")} == {"dock"}


def test_only_a_module_in_the_market_can_be_purchased():
    m = buyer(of("amber", 6), dock=["M07"])
    refused(m, purchase("M07", [6], (1, 0)), r"already in your Dry Dock")
    refused(m, purchase("M01", [6], (1, 0)), r"not in the market")


# --- the counter and the berth -------------------------------------------------------

def test_each_purchase_counts_whether_installed_or_docked():
    m = position(players=3, berths={0: "M04", 1: "M07"}, purchases=7,
                 seats={0: dict(hand=of("amber", 6)), 1: dict(hand=of("amber", 5))})
    play(m, purchase("M04", [6], (1, 0)))
    assert m.view(None)["purchases"] == 8
    play(m, purchase("M07", [5], "dock"))
    assert m.view(None)["purchases"] == 9


def test_the_berth_is_refilled_from_the_supply_top_at_no_discount():
    m = buyer(of("amber", 5), berths={0: ("M04", 1, False)}, supply=["M50", "M60"])
    events = play(m, purchase("M04", [5], (1, 0)))
    state = m._state
    assert state.berths[0] == "M60" and state.discounts[0] == 0 and state.waiting[0] is True
    assert state.supply == ["M50"]
    berth = next(e for e in events if e["type"] == "berth")
    assert berth["berth"] == 0 and berth["module"]["id"] == "M60"


# --- exact payment -------------------------------------------------------------------

def test_exact_payment_lets_the_buyer_take_one_displayed_credit_of_value_three_or_less():
    m = buyer(of("amber", 3, 2), display=LOW)
    play(m, purchase("M04", [3, 2], (1, 0)))
    assert m.to_act() == [0] and m.view(None)["turn"]["phase"] == "bonus"
    assert {mv.get("credit") for mv in m.legal_moves(0)} == {"amber-1-2", "cobalt-2-2", "jade-3-2", None}
    play(m, bonus("jade-3-2"))
    assert "jade-3-2" in m._state.seats[0].hand
    assert m.to_act() == [1]


def test_the_display_is_refilled_after_the_bonus_credit():
    m = buyer(of("amber", 3, 2), display=LOW, deck=["cobalt-1-3"])
    play(m, purchase("M04", [3, 2], (1, 0)))
    assert len(m._state.display) == 6
    events = play(m, bonus("amber-1-2"))
    assert m._state.display[-1] == "cobalt-1-3" and len(m._state.display) == 6
    assert types(events) == ["bonus", "display"]


def test_a_bonus_credit_above_three_is_refused():
    m = buyer(of("amber", 3, 2), display=LOW)
    play(m, purchase("M04", [3, 2], (1, 0)))
    refused(m, bonus("amber-4-2"), r"value 3 or less")
    refused(m, bonus("amber-1-1"), r"no credit|not displayed")
    refused(m, {"type": "acquire", "credits": ["amber-1-2"]}, r"paid exactly")


def test_the_bonus_may_be_declined():
    m = buyer(of("amber", 3, 2), display=LOW)
    play(m, purchase("M04", [3, 2], (1, 0)))
    play(m, DECLINE)
    assert len(m._state.seats[0].hand) == 0 and len(m._state.display) == 6 and m.to_act() == [1]


def test_no_bonus_without_an_exact_payment():
    m = buyer(of("amber", 6), display=LOW)
    play(m, purchase("M04", [6], (1, 0)))
    assert m.to_act() == [1]


def test_an_exact_payment_with_no_displayed_credit_of_three_or_less_ends_the_turn():
    m = buyer(of("amber", 5), display=HIGH)
    events = play(m, purchase("M04", [5], (1, 0)))
    assert events[0]["exact"] is True and m.to_act() == [1]


def test_exact_payment_against_a_discounted_cost():
    m = buyer(of("amber", 3), berths={0: ("M04", 2, False)}, display=LOW)
    events = play(m, purchase("M04", [3], (1, 0)))
    assert events[0]["exact"] is True and events[0]["cost"] == 3
    assert m.view(None)["turn"]["phase"] == "bonus"


def test_a_bonus_move_outside_the_bonus_step_is_refused():
    m = buyer(of("amber", 5), display=LOW)
    refused(m, bonus("amber-1-2"), r"only right after an exact payment")
    refused(m, DECLINE, r"only right after an exact payment")
