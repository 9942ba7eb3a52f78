"""Acquire. Card: "Acquire: one displayed credit, or up to three from different guilds
totaling ≤7. Refill." Ruling: "spent credits go to a discard pile that is shuffled into a new
deck when the deck runs out." """

from station_positions import acquire, moves_of, play, position, refused, types

from engine.games.station.moves import acquire_choices

DISPLAY = ["amber-6-1", "amber-1-1", "cobalt-2-1", "cobalt-5-1", "jade-3-1", "jade-4-1"]


def acquire_sets(m):
    return {tuple(mv["credits"]) for mv in moves_of(m, "acquire")}


def test_one_displayed_credit_of_any_value():
    m = position(players=3, display=DISPLAY)
    assert all((c,) in acquire_sets(m) for c in DISPLAY)
    play(m, acquire("amber-6-1"))
    assert "amber-6-1" in m._state.seats[0].hand and len(m._state.seats[0].hand) == 1


def test_two_credits_of_different_guilds_totalling_at_most_seven():
    m = position(players=3, display=DISPLAY)
    sets = acquire_sets(m)
    assert ("amber-1-1", "cobalt-2-1") in sets
    assert ("amber-1-1", "cobalt-5-1") in sets  # exactly 6
    assert ("cobalt-2-1", "cobalt-5-1") not in sets  # same guild
    assert ("amber-6-1", "cobalt-2-1") not in sets  # 8
    play(m, acquire("cobalt-2-1", "jade-4-1"))  # exactly 6
    assert sorted(m._state.seats[0].hand) == ["cobalt-2-1", "jade-4-1"]


def test_three_credits_one_of_each_guild_totalling_at_most_seven():
    m = position(players=3, display=DISPLAY)
    sets = acquire_sets(m)
    assert ("amber-1-1", "cobalt-2-1", "jade-3-1") in sets  # 6
    assert ("amber-1-1", "cobalt-2-1", "jade-4-1") in sets  # exactly 7
    assert ("amber-1-1", "cobalt-5-1", "jade-3-1") not in sets  # 9
    play(m, acquire("amber-1-1", "cobalt-2-1", "jade-4-1"))
    assert len(m._state.seats[0].hand) == 3


def test_the_listed_acquires_are_exactly_the_card_s_choices():
    m = position(players=3, display=DISPLAY)
    from itertools import combinations

    from engine.games.station.components import CREDIT_GUILD, CREDIT_VALUE
    expected = {(c,) for c in DISPLAY}
    for n in (2, 3):
        for combo in combinations(DISPLAY, n):
            if len({CREDIT_GUILD[c] for c in combo}) == n and sum(CREDIT_VALUE[c] for c in combo) <= 7:
                expected.add(combo)
    assert acquire_sets(m) == expected
    assert sorted(map(tuple, acquire_choices(DISPLAY))) == sorted(expected)


def test_same_guild_credits_are_refused():
    m = position(players=3, display=DISPLAY)
    refused(m, acquire("cobalt-2-1", "cobalt-5-1"), r"different guilds")


def test_more_than_seven_in_several_credits_is_refused():
    m = position(players=3, display=DISPLAY)
    refused(m, acquire("amber-6-1", "cobalt-2-1"), r"at most 7")
    refused(m, acquire("amber-1-1", "cobalt-5-1", "jade-3-1"), r"at most 7")


def test_more_than_three_credits_are_refused():
    m = position(players=3, display=["amber-1-1", "cobalt-1-1", "jade-1-1", "amber-2-1", "cobalt-3-1", "jade-2-1"])
    refused(m, acquire("amber-1-1", "cobalt-1-1", "jade-1-1", "amber-2-1"), r"up to 3")


def test_a_credit_that_is_not_displayed_is_refused():
    m = position(players=3, display=DISPLAY, seats={1: dict(hand=["amber-2-1"])})
    refused(m, acquire("amber-2-1"), r"not displayed")
    refused(m, acquire("jade-6-1"), r"not displayed")


def test_the_display_is_refilled_to_six_from_the_deck_after_acquiring():
    m = position(players=3, display=DISPLAY, deck=["jade-1-2", "amber-5-2", "cobalt-6-2"])
    events = play(m, acquire("amber-1-1", "cobalt-2-1", "jade-4-1"))
    state = m._state
    assert len(state.display) == 6
    assert state.display[-3:] == ["cobalt-6-2", "amber-5-2", "jade-1-2"]  # deck top first
    assert state.deck == []
    assert types(events)[:2] == ["acquire", "display"]


def test_an_empty_deck_is_rebuilt_from_the_shuffled_discard():
    discard = ["amber-3-3", "amber-4-3", "cobalt-4-3"]
    m = position(players=3, display=DISPLAY, deck=["jade-1-2"], discard=discard)
    events = play(m, acquire("amber-1-1", "cobalt-2-1", "jade-4-1"))
    state = m._state
    assert len(state.display) == 6 and state.discard == []
    assert state.display[3] == "jade-1-2"  # the deck first
    assert set(state.display[4:]) <= set(discard) and len(state.deck) == 1  # then the shuffled discard
    assert set(state.display[3:]) | set(state.deck) == {"jade-1-2", *discard}
    assert "reshuffle" in types(events)


def test_with_no_deck_and_no_discard_the_display_stays_short():
    m = position(players=3, display=DISPLAY, deck=[], discard=[])
    play(m, acquire("amber-6-1"))
    assert len(m._state.display) == 5


def test_acquire_is_the_whole_turn():
    m = position(players=3, display=DISPLAY)
    play(m, acquire("amber-6-1"))
    assert m.to_act() == [1]
