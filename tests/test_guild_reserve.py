"""Reserving and passing. Handbook: "Reserve one market workshop privately and take one star
sand if available. Hold at most two reservations; they stay until you build them." "Instead
you may build or reserve one workshop, or pass." Ruling: "Reserve takes a market workshop
only (never a deck top), plus one star sand if any remain. At most 2 reservations."
"Pass is always allowed." """

from guild_positions import (
    PASS,
    SAND,
    build,
    collect,
    full,
    market_ids,
    moves_of,
    pass_round,
    play,
    position,
    pouch,
    refused,
    reserve,
    supply,
)

from engine.games.gems.colors import COLORS

T1 = ["1-01", "1-02", "1-03", "1-04"]
T2 = ["2-01", "2-02", "2-03", "2-04"]


def reserve_targets(m, seat=None):
    return {mv["workshop"] for mv in moves_of(m, "reserve", seat)}


def test_reserve_a_market_workshop_and_take_one_star_sand():
    m = position(players=2, market={1: T1}, decks={1: ["1-10", "1-09"]})
    events = play(m, reserve("1-03"))
    assert m._state.seats[0].reserved == ["1-03"]
    assert pouch(m, 0) == full(star_sand=1) and supply(m)[SAND] == 4
    assert market_ids(m, 1) == ["1-01", "1-02", "1-09", "1-04"]  # refilled from the deck at once
    assert [e["type"] for e in events] == ["reserve", "refill", "star_sand"]


def test_every_market_workshop_and_nothing_else_may_be_reserved():
    m = position(players=3)
    market = {cid for row in m._state.market for cid in row if cid}
    assert reserve_targets(m) == market and len(market) == 12


def test_a_deck_top_is_never_reserved():
    m = position(players=2, market={1: T1}, decks={1: ["1-10", "1-09"]})
    assert "1-09" not in reserve_targets(m)
    refused(m, reserve("1-09"), r"not in the market", r"only market workshops")
    refused(m, {"type": "reserve", "tier": 1}, r"only a market workshop", r"never the top of a deck")
    refused(m, {"type": "reserve", "tier": 1, "workshop": "1-09"}, r"never the top of a deck")


def test_a_workshop_already_built_or_reserved_elsewhere_cannot_be_reserved():
    m = position(players=2, seats={1: dict(workshops=["1-05"], reserved=["1-06"])})
    refused(m, reserve("1-05"), r"not in the market")
    refused(m, reserve("1-06"), r"not in the market")


def test_reserving_with_the_star_sand_pile_empty_gives_no_star_sand():
    m = position(players=2, market={1: T1}, supply={SAND: 0})
    assert reserve_targets(m) >= set(T1)
    events = play(m, reserve("1-01"))
    assert m._state.seats[0].reserved == ["1-01"]
    assert pouch(m, 0)[SAND] == 0 and supply(m)[SAND] == 0
    assert "star_sand" not in [e["type"] for e in events]


def test_the_last_star_sand_goes_to_the_reserving_seat():
    m = position(players=2, market={1: T1}, supply={SAND: 1})
    play(m, reserve("1-01"))
    assert pouch(m, 0)[SAND] == 1 and supply(m)[SAND] == 0


def test_reserving_from_a_tier_with_an_empty_deck_leaves_the_slot_empty():
    m = position(players=2, market={3: ["3-01", "3-02", "3-03", "3-04"]}, decks={3: 0})
    events = play(m, reserve("3-02"))
    assert market_ids(m, 3) == ["3-01", None, "3-03", "3-04"]
    assert {"type": "refill", "tier": 3, "slot": 1, "workshop": None} in events


# --- at most two reservations ------------------------------------------------------------

def test_a_second_reservation_is_allowed():
    m = position(players=2, market={1: T1}, seats={0: dict(reserved=["1-05"])})
    play(m, reserve("1-02"))
    assert m._state.seats[0].reserved == ["1-05", "1-02"]


def test_a_third_reservation_is_refused():
    m = position(players=2, market={1: T1}, seats={0: dict(reserved=["1-05", "1-06"])})
    assert reserve_targets(m) == set()
    refused(m, reserve("1-01"), r"at most 2 reservations")


def test_two_reservations_taken_in_play_then_a_third_refused():
    m = position(players=2, market={1: T1, 2: T2})
    play(m, reserve("1-01"))
    play(m, PASS)
    play(m, reserve("2-01"))
    play(m, PASS)
    refused(m, reserve("1-02"), r"at most 2 reservations")
    assert pouch(m, 0)[SAND] == 2


def test_building_a_reservation_frees_a_place_for_another():
    m = position(players=2, market={1: T1},
                 seats={0: dict(reserved=["1-25", "1-06"], pouch={"white": 3})})
    play(m, build("1-25"))  # 3 white
    play(m, PASS)
    assert reserve_targets(m) == {cid for row in m._state.market for cid in row if cid}
    play(m, reserve("1-02"))
    assert m._state.seats[0].reserved == ["1-06", "1-02"]


# --- kept until built --------------------------------------------------------------------

def test_reservations_stay_through_many_rounds_of_other_moves():
    m = position(players=3, seats={0: dict(reserved=["1-05", "2-05"])})
    for _ in range(10):
        pass_round(m)
    play(m, collect("white"))
    assert m._state.seats[0].reserved == ["1-05", "2-05"]


def test_there_is_no_move_to_discard_or_return_a_reservation():
    m = position(players=2, seats={0: dict(reserved=["1-05", "2-05"])})
    kinds = {mv["type"] for mv in m.legal_moves(0)}
    assert kinds <= {"collect", "build", "pass"}
    refused(m, {"type": "discard", "workshop": "1-05"}, r"unknown move type")
    refused(m, {"type": "return", "gems": {}, "workshop": "1-05"}, r"unexpected field")
    refused(m, {"type": "unreserve", "workshop": "1-05"}, r"unknown move type")


def test_reservations_are_listed_in_the_owners_view_until_built():
    m = position(players=2, seats={0: dict(reserved=["1-05"], pouch={"blue": 1, "green": 2, "red": 1, "black": 1})})
    assert [w["id"] for w in m.view(0)["seats"][0]["reserved"]] == ["1-05"]
    play(m, build("1-05"))
    assert m.view(0)["seats"][0]["reserved"] == []
    assert [w["id"] for w in m.view(0)["seats"][0]["workshops"]] == ["1-05"]


# --- pass: always allowed ----------------------------------------------------------------

def test_pass_is_allowed_at_the_start_when_every_other_move_exists():
    m = position(players=2, seats={0: dict(pouch={"white": 3}, reserved=["1-25"])})
    kinds = {mv["type"] for mv in m.legal_moves(0)}
    assert kinds == {"collect", "reserve", "build", "pass"}
    events = play(m, PASS)
    assert events[0] == {"type": "pass", "seat": 0}
    assert m.to_act() == [1]


def test_pass_changes_nothing_but_the_turn():
    m = position(players=2, seats={0: dict(pouch={"red": 2}, reserved=["1-25"])})
    before = m._state.to_json()
    play(m, PASS)
    after = m._state.to_json()
    assert after.pop("current") == 1 and before.pop("current") == 0
    assert after == before


def test_pass_is_allowed_with_nothing_else_to_do():
    m = position(players=2, supply={c: 0 for c in COLORS},
                 market={1: [None] * 4, 2: [None] * 4, 3: [None] * 4}, decks={1: 0, 2: 0, 3: 0})
    assert m.legal_moves(0) == [PASS]
    play(m, PASS)
    assert m.to_act() == [1]


def test_pass_is_in_every_action_turn_of_a_played_game():
    import engine
    from engine.bots import choose_move

    m = engine.new_match("guild", 3, seed=41)
    while not m.is_over():
        (seat,) = m.to_act()
        if m.view(None)["turn"]["phase"] == "action":
            assert PASS in m.legal_moves(seat)
        m.play(seat, choose_move(m, seat, "greedy"))
