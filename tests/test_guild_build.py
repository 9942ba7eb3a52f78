"""Building. Handbook: "Build a market workshop or one you reserved. Each owned workshop
reduces future costs by one gem of its color, every time. Colored gems pay first; wild star
sand covers the shortfall automatically. Spent gems return to the supply." Ruling: "Payment
is automatic: coloured gems first, star sand covers the shortfall. No choice." """

from guild_positions import (
    bonuses,
    build,
    full,
    gem_total,
    market_ids,
    moves_of,
    play,
    position,
    pouch,
    refused,
    supply,
)

T1 = ["1-25", "1-02", "1-06", "1-32"]  # 1-25 red (3 white); 1-02 white (3 blue);
#                                          1-06 white (1 each blue/green/red/black); 1-32 red, 1 point (4 white)


def build_targets(m, seat=None):
    return {mv["workshop"] for mv in moves_of(m, "build", seat)}


def test_build_a_market_workshop_paying_its_exact_cost():
    m = position(players=2, market={1: T1}, decks={1: ["1-10", "1-09"]},
                 seats={0: dict(pouch={"white": 4, "blue": 1})})
    events = play(m, build("1-25"))
    assert pouch(m, 0) == full(white=1, blue=1)
    assert m._state.seats[0].workshops == ["1-25"]
    assert bonuses(m, 0)["red"] == 1
    assert market_ids(m, 1) == ["1-09", "1-02", "1-06", "1-32"]  # refilled from the deck
    assert events[0]["type"] == "build" and events[0]["workshop"]["id"] == "1-25"
    assert events[0]["from_reservation"] is False and events[0]["spent"] == 3


def test_spent_gems_return_to_the_supply():
    m = position(players=2, market={1: T1},
                 seats={0: dict(pouch={"white": 1, "blue": 1, "green": 1, "red": 1, "black": 1})})
    before_supply, before_total = supply(m), gem_total(m)
    play(m, build("1-06"))
    assert supply(m) == {**before_supply, "blue": before_supply["blue"] + 1, "green": before_supply["green"] + 1,
                         "red": before_supply["red"] + 1, "black": before_supply["black"] + 1}
    assert pouch(m, 0) == full(white=1)
    assert gem_total(m) == before_total


def test_build_one_of_your_own_reservations():
    m = position(players=4, market={1: T1}, seats={0: dict(reserved=["2-05"], pouch={"red": 5})})
    assert "2-05" in build_targets(m)
    events = play(m, build("2-05"))
    assert m._state.seats[0].reserved == [] and m._state.seats[0].workshops == ["2-05"]
    assert m._state.seats[0].points == 2
    assert market_ids(m, 1) == T1  # nothing left the market, nothing refilled
    assert "refill" not in [e["type"] for e in events]
    assert events[0]["from_reservation"] is True


def test_the_workshops_points_are_scored():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"white": 4})})
    play(m, build("1-32"))
    assert m._state.seats[0].points == 1 and m.view(None)["seats"][0]["points"] == 1


def test_another_seats_reservation_cannot_be_built():
    m = position(players=4, seats={0: dict(pouch={"red": 5}), 1: dict(reserved=["2-05"])})
    assert "2-05" not in build_targets(m)
    refused(m, build("2-05"), r"neither in the market nor among your reservations")


def test_a_workshop_in_a_deck_cannot_be_built():
    m = position(players=2, market={1: T1}, decks={1: ["1-10", "1-09"]},
                 seats={0: dict(pouch={"white": 2, "green": 2, "red": 2})})
    refused(m, build("1-09"), r"neither in the market nor among your reservations")


def test_an_unaffordable_workshop_is_refused():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"white": 2})})
    assert "1-25" not in build_targets(m)
    refused(m, build("1-25"), r"cannot pay")


def test_the_move_names_no_payment_a_payment_field_is_refused():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"white": 3})})
    assert {"type": "build", "workshop": "1-25"} in m.legal_moves(0)
    refused(m, {"type": "build", "workshop": "1-25", "pay": {"white": 3}}, r"unexpected field")


# --- automatic payment: coloured gems first, star sand for the shortfall ------------------

def test_coloured_gems_pay_first_even_when_star_sand_is_held():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"white": 3, "star_sand": 2})})
    play(m, build("1-25"))
    assert pouch(m, 0) == full(star_sand=2)


def test_star_sand_covers_only_the_shortfall():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"white": 1, "star_sand": 3})})
    before = supply(m)
    events = play(m, build("1-25"))
    assert pouch(m, 0) == full(star_sand=1)
    assert supply(m)["white"] == before["white"] + 1 and supply(m)["star_sand"] == before["star_sand"] + 2
    assert events[0]["spent"] == 3


def test_star_sand_covers_shortfalls_in_several_colours():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"blue": 1, "red": 1, "star_sand": 3})})
    play(m, build("1-06"))  # needs blue, green, red, black: green and black from star sand
    assert pouch(m, 0) == full(star_sand=1)


def test_all_star_sand_pays_for_a_workshop():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"star_sand": 3})})
    play(m, build("1-02"))
    assert pouch(m, 0) == full()


def test_a_shortfall_larger_than_the_star_sand_cannot_be_built():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"white": 1, "star_sand": 1})})
    assert "1-25" not in build_targets(m)
    refused(m, build("1-25"), r"cannot pay")


def test_gems_of_colours_the_workshop_does_not_cost_are_kept():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"white": 3, "red": 2, "black": 1})})
    play(m, build("1-25"))
    assert pouch(m, 0) == full(red=2, black=1)


# --- bonuses ---------------------------------------------------------------------------

def test_each_owned_workshop_reduces_the_cost_by_one_gem_of_its_colour():
    # two white workshops: 1-25 costs 3 white → 1 white
    m = position(players=2, market={1: T1}, seats={0: dict(workshops=["1-01", "1-03"], pouch={"white": 1})})
    assert "1-25" in build_targets(m)
    play(m, build("1-25"))
    assert pouch(m, 0) == full()


def test_bonuses_reduce_every_later_cost_too_every_time():
    m = position(players=2, market={1: ["1-25", "1-32", "1-02", "1-03"]},
                 seats={0: dict(workshops=["1-01", "1-04", "1-07"], pouch={"white": 1})})
    play(m, build("1-25"))  # 3 white − 3 = 0
    assert pouch(m, 0) == full(white=1)
    play(m, {"type": "pass"})
    play(m, build("1-32"))  # 4 white − 3 = 1
    assert pouch(m, 0) == full()


def test_bonuses_covering_the_whole_cost_make_a_workshop_free():
    m = position(players=2, market={1: T1}, seats={0: dict(bonuses={"white": 3})})
    assert "1-25" in build_targets(m)
    events = play(m, build("1-25"))
    assert events[0]["spent"] == 0 and pouch(m, 0) == full()


def test_bonuses_before_star_sand():
    # cost 3 white, 2 white workshops, 1 star sand held: bonuses cover 2, star sand 1
    m = position(players=2, market={1: T1}, seats={0: dict(bonuses={"white": 2}, pouch={"star_sand": 1})})
    play(m, build("1-25"))
    assert pouch(m, 0) == full()


def test_building_adds_the_workshops_colour_to_the_bonuses():
    m = position(players=2, market={1: T1}, seats={0: dict(pouch={"blue": 3})})
    play(m, build("1-02"))
    assert bonuses(m, 0) == {"white": 1, "blue": 0, "green": 0, "red": 0, "black": 0}
    assert m.view(1)["seats"][0]["bonuses"]["white"] == 1
