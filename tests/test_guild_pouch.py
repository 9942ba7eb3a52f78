"""The pouch limit. Handbook: "Your pouch holds nine gems including star sand. If you exceed
nine, choose the excess to return before the next turn." Ruling: "Over 9, the owner chooses
which to return, and must do so before the next seat's turn." """

from guild_positions import (
    PASS,
    SAND,
    build,
    collect,
    full,
    gem_total,
    give_back,
    moves_of,
    phase,
    play,
    position,
    pouch,
    refused,
    reserve,
    supply,
)

EIGHT = {"white": 2, "blue": 2, "green": 2, "red": 1, "star_sand": 1}


def test_nine_gems_are_allowed_the_turn_passes_on():
    m = position(players=3, seats={0: dict(pouch=EIGHT)})
    play(m, collect("black"))
    assert sum(pouch(m, 0).values()) == 9
    assert m.to_act() == [1] and phase(m) == "action"


def test_over_nine_the_only_legal_moves_are_returns_of_exactly_the_excess():
    m = position(players=3, seats={0: dict(pouch=EIGHT)})
    play(m, collect("red", "black"))  # 10
    assert phase(m) == "return"
    moves = m.legal_moves(0)
    assert moves and all(mv["type"] == "return" and sum(mv["gems"].values()) == 1 for mv in moves)
    assert PASS not in moves
    assert {tuple(mv["gems"]) for mv in moves} == {("white",), ("blue",), ("green",), ("red",), ("black",), (SAND,)}


def test_the_next_seat_does_not_get_the_turn_before_the_return():
    m = position(players=3, seats={0: dict(pouch=EIGHT)})
    play(m, collect("red", "black"))
    assert m.to_act() == [0]
    assert m.legal_moves(1) == []
    refused(m, PASS, r"not seat 1's turn", seat=1)
    refused(m, collect("white"), r"not seat 1's turn", seat=1)
    assert m.view(None)["turn"] == {"seat": 0, "phase": "return", "round": 1, "final_round": False,
                                    "must_return": 1}


def test_over_nine_every_other_move_is_refused_pass_included():
    m = position(players=3, market={1: ["1-01", "1-02", "1-03", "1-04"]}, seats={0: dict(pouch=EIGHT)})
    play(m, collect("red", "black"))
    refused(m, PASS, r"first return 1")
    refused(m, collect("white"), r"first return 1")
    refused(m, reserve("1-01"), r"first return 1")
    refused(m, build("1-02"), r"first return 1")


def test_the_owner_chooses_which_gems_to_return_newly_collected_ones_included():
    for returned in ("black", "white", SAND):
        m = position(players=3, seats={0: dict(pouch=EIGHT)})
        play(m, collect("red", "black"))
        before = supply(m)
        events = play(m, give_back(**{returned: 1}))
        assert pouch(m, 0)[returned] == {**EIGHT, "red": 2, "black": 1}.get(returned, 0) - 1
        assert supply(m)[returned] == before[returned] + 1
        assert sum(pouch(m, 0).values()) == 9
        assert events[0] == {"type": "return", "seat": 0, "count": 1}
        assert m.to_act() == [1] and phase(m) == "action"


def test_collecting_three_over_eight_returns_two_in_one_choice():
    m = position(players=3, seats={0: dict(pouch=EIGHT)})
    play(m, collect("white", "red", "black"))  # 11
    assert m.view(0)["turn"]["must_return"] == 2
    refused(m, give_back(white=1), r"return exactly 2")
    refused(m, give_back(white=1, blue=1, green=1), r"return exactly 2")
    play(m, give_back(white=2))
    assert pouch(m, 0) == full(white=1, blue=2, green=2, red=2, black=1, star_sand=1)
    assert m.to_act() == [1]


def test_returning_gems_not_in_the_pouch_is_refused():
    m = position(players=3, seats={0: dict(pouch=EIGHT)})
    play(m, collect("red", "black"))
    refused(m, give_back(black=2), r"holds only 1 black")
    refused(m, give_back(gold=1), r"not a gem colour")


def test_a_return_when_nothing_is_over_is_refused():
    m = position(players=3, seats={0: dict(pouch=EIGHT)})
    refused(m, give_back(white=1), r"nothing to return")


def test_star_sand_counts_toward_nine_reserving_with_nine_forces_a_return():
    nine = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1}
    m = position(players=3, market={1: ["1-01", "1-02", "1-03", "1-04"]}, seats={0: dict(pouch=nine)})
    play(m, reserve("1-01"))
    assert pouch(m, 0)[SAND] == 1 and phase(m) == "return"
    assert m.to_act() == [0]
    assert {"type": "return", "gems": {SAND: 1}} in moves_of(m, "return")
    play(m, give_back(star_sand=1))  # may give back the star sand just taken
    assert pouch(m, 0) == full(**nine) and supply(m)[SAND] == 5
    assert m._state.seats[0].reserved == ["1-01"]  # the reservation stays
    assert m.to_act() == [1]


def test_star_sand_alone_counts_toward_the_limit():
    m = position(players=4, seats={0: dict(pouch={"white": 3, "blue": 3, "star_sand": 3})})
    play(m, collect("red"))
    assert phase(m) == "return"


def test_gems_are_conserved_through_a_return():
    m = position(players=3, seats={0: dict(pouch=EIGHT)})
    total = gem_total(m)
    play(m, collect("white", "red", "black"))
    play(m, give_back(blue=1, star_sand=1))
    assert gem_total(m) == total


def test_the_last_seat_returning_ends_the_round_only_after_the_return():
    m = position(players=2, current=1, seats={1: dict(pouch=EIGHT)})
    play(m, collect("red", "black"))
    assert m.view(None)["turn"]["round"] == 1 and m.to_act() == [1]
    play(m, give_back(red=1))
    assert m.view(None)["turn"]["round"] == 2 and m.to_act() == [0]
