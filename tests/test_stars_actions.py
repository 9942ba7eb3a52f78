"""The action phase. Rulebook "Action Phase" (Scouting, Foraging, Offering, Refreshing the
Offering card, Stargazing, Recall, Gain Stardust, Using Wood Ash tokens) and "Wood Ash Tokens";
RULINGS `stars` (main board, offering cards, night sky track).

Main board facts used here (data/main_board.json): the Village touches P01 and P13; P01–P02
(doorstep of F01, fruit, red), P01–P03 (F02, fruit, blue), P03–P05, P05–P07 (F06, rabbit, blue),
P02–P04–P06 (F05, fish, yellow); P13–P14 (F03, yellow)–P16–P18 (F08, yellow)–P21–P22 (F13,
antelope, blue). F01 costs 1 red (+1 red early, early reward a stardust); F05 (fish) has a 1 VP
early bird, F11 (antelope) a 2 VP one."""

import pytest
from stars_invariants import check
from stars_positions import (
    action_phase,
    events_of,
    give_ash,
    light_paths,
    moves_of,
    new,
    play,
    refused,
    set_light,
    set_tokens,
    state,
)

from engine.games.stars.components import FORAGE, OFFER_CARDS, REWARDS, SINGLE_VALUE


def step(space, colour, end=False):
    return {"type": "scout_step", "space": space, "colour": colour, "end": end}


def scout(via="action"):
    return {"type": "scout", "via": via}


def top(m, pile):
    return REWARDS[state(m).piles[pile - 3][0]][1]


def offer_card(m, card):
    st = state(m)
    deck = [c for c in sorted(OFFER_CARDS) if c != card]
    st.offer_card, st.offer_deck = card, deck
    st.offer_filled = [False] * len(OFFER_CARDS[card])
    m._legal = {}


# --- turns -------------------------------------------------------------------------------

def test_seats_take_their_turns_in_elder_order_two_actions_each():
    m = new(3)
    st = state(m)
    order = st.turn_order()
    action_phase(m, current=order[0], order=order[1:])
    for seat in order:
        assert m.view(None)["waiting_for"] == [seat] and st.actions_left == 2
        play(m, seat, {"type": "gain_stardust", "via": "action"})
        assert st.current == seat and st.actions_left == 1
        play(m, seat, {"type": "gain_stardust", "via": "action"})  # the same action twice
    assert [s.stardust for s in st.seats] == [2, 2, 2]
    assert st.phase == "stargazing" and st.round == 2


def test_a_turn_may_be_ended_early_forfeiting_the_actions_left():
    m = new()
    action_phase(m, current=0, order=[1])
    events = play(m, 0, {"type": "end_turn"})
    assert state(m).current == 1 and events_of(events, "turn")[0]["seat"] == 1


def test_a_turn_with_kept_wood_ash_waits_for_end_turn():
    m = new()
    action_phase(m, current=0, order=[1])
    give_ash(m, 0, "recall")
    play(m, 0, {"type": "gain_stardust", "via": "action"})
    play(m, 0, {"type": "gain_stardust", "via": "action"})
    assert state(m).current == 0 and state(m).actions_left == 0
    refused(m, 0, {"type": "gain_stardust", "via": "action"}, r"no actions left")
    play(m, 0, {"type": "end_turn"})
    assert state(m).current == 1 and state(m).seats[0].ash == []


def test_gain_stardust_takes_one_from_the_supply():
    m = new()
    action_phase(m, current=0)
    supply = state(m).supply_stardust
    play(m, 0, {"type": "gain_stardust", "via": "action"})
    assert state(m).seats[0].stardust == 1 and state(m).supply_stardust == supply - 1


def test_gain_stardust_needs_stardust_in_the_supply():
    m = new()
    action_phase(m, current=0)
    st = state(m)
    st.seats[1].stardust, st.supply_stardust = st.supply_stardust, 0
    assert not moves_of(m, 0, "gain_stardust")
    refused(m, 0, {"type": "gain_stardust", "via": "action"}, r"supply is empty")


# --- scouting ----------------------------------------------------------------------------------

def test_scouting_starts_beside_the_village_with_any_colour():
    m = new()
    action_phase(m, current=0)
    play(m, 0, scout())
    firsts = {(mv["space"], mv["colour"]) for mv in m.legal_moves(0) if mv["type"] == "scout_step"}
    assert {("P01", c) for c in ("red", "blue", "yellow")} <= firsts
    assert {s for s, _c in firsts} == {"P01", "P13"}
    refused(m, 0, step("P04", "red"), r"beside the Village or beside a lit")


def test_scouting_from_a_lit_space_starts_with_its_colour():
    m = new()
    action_phase(m, current=0)
    light_paths(m, {"P01": "red"})
    set_light(m, 0, red=2, blue=2)
    play(m, 0, scout())
    refused(m, 0, step("P03", "blue"), r"must match its colour: red")
    play(m, 0, step("P03", "red"))


def test_a_scouting_path_continues_next_to_its_last_light_and_ends_with_the_foraging_colour():
    m = new()
    action_phase(m, current=0)
    light_paths(m, {"P01": "red"})
    set_light(m, 0, red=2, blue=2)
    play(m, 0, scout())
    play(m, 0, step("P03", "red"))
    refused(m, 0, step("P04", "blue"), r"next to the previous one \(P03\)")
    refused(m, 0, step("P05", "blue", end=True), r"not beside a foraging space")
    play(m, 0, step("P05", "blue"))  # spaces in between take any colour
    refused(m, 0, step("P07", "red", end=True), r"F06 must end with blue")
    vp = top(m, 3)
    events = play(m, 0, step("P07", "blue", end=True))
    (done,) = events_of(events, "scout")
    assert done["spaces"] == ["P03", "P05", "P07"] and done["colours"] == ["red", "blue", "blue"]
    assert done["forage"] == "F06" and done["pile"] == 3 and done["vp"] == vp
    st = state(m)
    assert st.lit == {"P01": 0, "P03": 0, "P05": 1, "P07": 1}
    assert st.seats[0].light == [1, 0, 0] and st.seats[0].points["scouting"] == vp
    assert st.marked[0] and st.actions_left == 1 and st.scout is None
    check(m)


@pytest.mark.parametrize("spaces,colours,pile", [
    (["P01", "P02", "P04", "P06"], ["red", "red", "blue", "yellow"], 4),
    (["P01", "P03", "P05", "P08", "P10", "P12"], ["red", "red", "red", "blue", "blue", "yellow"], 6),
])
def test_scouting_with_more_light_scores_a_richer_pile(spaces, colours, pile):
    m = new()
    action_phase(m, current=0)
    set_light(m, 0, red=3, blue=3, yellow=3)
    vp = top(m, pile)
    play(m, 0, scout())
    for k, (space, colour) in enumerate(zip(spaces, colours, strict=True)):
        events = play(m, 0, step(space, colour, end=k == len(spaces) - 1))
    assert events_of(events, "scout")[0]["pile"] == pile
    assert state(m).seats[0].points["scouting"] == vp and state(m).marked[pile - 3]


def test_scouting_fewer_than_three_light_scores_nothing_but_connects_the_space():
    m = new()
    action_phase(m, current=0)
    play(m, 0, scout())
    play(m, 0, step("P01", "blue"))
    events = play(m, 0, step("P02", "red", end=True))
    assert events_of(events, "scout")[0]["vp"] == 0 and state(m).marked == [False] * 4
    assert m.view(None)["main_board"]["foraging"][0] == {
        "id": "F01", "tokens": 2, "connected": True, "early_bird_covered_by": None, "villagers": []}


def test_only_steps_that_can_still_reach_a_foraging_space_are_offered():
    m = new()
    action_phase(m, current=0)
    set_light(m, 0, red=1, blue=1)  # two light: only P01 then P02 (red) or P03 (blue)
    play(m, 0, scout())
    play(m, 0, step("P01", "blue"))
    assert {(mv["space"], mv["colour"], mv["end"]) for mv in moves_of(m, 0, "scout_step")} == {("P02", "red", True)}
    refused(m, 0, step("P03", "red"), r"could not reach")


def test_an_unfinished_scouting_path_can_be_taken_back():
    m = new()
    action_phase(m, current=0)
    before = state(m).seats[0].light[:]
    play(m, 0, scout())
    play(m, 0, step("P01", "red"))
    refused(m, 0, {"type": "gain_stardust", "via": "action"}, r"finish or cancel your scouting")
    refused(m, 0, {"type": "end_turn"}, r"finish or cancel")
    play(m, 0, {"type": "scout_cancel"})
    st = state(m)
    assert st.lit == {} and st.seats[0].light == before and st.actions_left == 2 and st.scout is None


def test_without_light_for_a_whole_path_there_is_no_scouting():
    m = new()
    action_phase(m, current=0)
    set_light(m, 0, yellow=2)  # P01 then P02 needs red, P03 blue; P13-P14 yellow works
    assert moves_of(m, 0, "scout")
    set_light(m, 0, red=1)
    assert not moves_of(m, 0, "scout")
    refused(m, 0, scout(), r"no scouting path can be completed")


def test_lit_paths_are_shared_by_every_seat():
    m = new()
    action_phase(m, current=0, order=[1])
    set_light(m, 0, red=1, blue=1)
    play(m, 0, scout())
    play(m, 0, step("P01", "blue"))
    play(m, 0, step("P02", "red", end=True))
    play(m, 0, {"type": "end_turn"})
    set_light(m, 1, red=2)
    assert {"type": "forage", "space": "F01", "via": "action"} in m.legal_moves(1)


# --- foraging ----------------------------------------------------------------------------------

def test_foraging_only_at_a_space_connected_to_the_village():
    m = new()
    action_phase(m, current=0)
    set_light(m, 0, red=3)
    refused(m, 0, {"type": "forage", "space": "F01", "via": "action"}, r"not connected to the Village")
    light_paths(m, {"P01": "red", "P02": "red"})
    assert {"type": "forage", "space": "F01", "via": "action"} in m.legal_moves(0)


def test_the_first_forager_pays_the_early_bird_cost_gains_its_reward_and_covers_it():
    m = new()
    action_phase(m, current=0, order=[1])
    light_paths(m, {"P01": "red", "P02": "red"})
    set_light(m, 0, red=2)
    events = play(m, 0, {"type": "forage", "space": "F01", "via": "action"})
    assert events_of(events, "forage")[0]["early_bird"] == "stardust"
    s = state(m).seats[0]
    assert s.light == [0, 0, 0] and s.tokens == [1, 0, 0, 0] and s.stardust == 1
    assert s.villagers[0] == "early:F01" and state(m).forage["F01"] == 1
    check(m)


def test_a_later_forager_pays_only_the_cost_and_stands_beside_the_space():
    m = new()
    action_phase(m, current=0, order=[1])
    light_paths(m, {"P01": "red", "P02": "red"})
    set_light(m, 0, red=2)
    play(m, 0, {"type": "forage", "space": "F01", "via": "action"})
    play(m, 0, {"type": "end_turn"})
    set_light(m, 1, red=1)
    events = play(m, 1, {"type": "forage", "space": "F01", "via": "action"})
    assert events_of(events, "forage")[0]["early_bird"] is None
    s = state(m).seats[1]
    assert s.light == [0, 0, 0] and s.stardust == 0 and s.villagers[0] == "forage:F01"


@pytest.mark.parametrize("space,path,vp", [
    ("F05", {"P01": "red", "P02": "red", "P04": "red", "P06": "yellow"}, 1),
    ("F11", {"P01": "red", "P02": "red", "P04": "red", "P06": "yellow", "P09": "red", "P11": "red"}, 2),
])
def test_early_bird_rewards_of_one_and_two_vp(space, path, vp):
    m = new()
    action_phase(m, current=0)
    light_paths(m, path)
    f = FORAGE[space]
    price = [a + b for a, b in zip(f.cost, f.early_cost, strict=True)]
    set_light(m, 0, *price)
    play(m, 0, {"type": "forage", "space": space, "via": "action"})
    s = state(m).seats[0]
    assert s.points["early_bird"] == vp == s.score and s.light == [0, 0, 0]


def test_foraging_refused_without_the_light_it_costs():
    m = new()
    action_phase(m, current=0)
    light_paths(m, {"P01": "red", "P02": "red"})
    set_light(m, 0, red=1)
    refused(m, 0, {"type": "forage", "space": "F01", "via": "action"}, r"costs 2 red \(early bird included\)")


def test_foraging_refused_when_the_space_is_empty():
    m = new()
    action_phase(m, current=0)
    light_paths(m, {"P01": "red", "P02": "red"})
    set_light(m, 0, red=3)
    set_tokens(m, 1, fruit=2)
    state(m).forage["F01"], state(m).forage["F02"] = 0, 2
    m._legal = {}
    refused(m, 0, {"type": "forage", "space": "F01", "via": "action"}, r"no tokens left")


def test_foraging_offering_and_stargazing_as_actions_need_a_ready_villager():
    m = new()
    action_phase(m, current=0)
    light_paths(m, {"P01": "red", "P02": "red"})
    set_light(m, 0, red=2)
    set_tokens(m, 0, fish=1)
    state(m).seats[0].villagers = ["village", "village", "sky:1", "bonus"]
    m._legal = {}
    kinds = {mv["type"] for mv in m.legal_moves(0)}
    assert not kinds & {"forage", "offer", "stargaze"}
    refused(m, 0, {"type": "forage", "space": "F01", "via": "action"}, r"needs a ready villager")
    refused(m, 0, {"type": "offer", "kind": "fish", "via": "action"}, r"needs a ready villager")
    refused(m, 0, {"type": "stargaze", "space": 2}, r"needs a ready villager")


def test_foraging_with_wood_ash_is_free_needs_no_villager_and_leaves_the_early_bird_uncovered():
    m = new()
    action_phase(m, current=0)
    light_paths(m, {"P01": "red", "P02": "red"})
    set_light(m, 0, red=4)
    give_ash(m, 0, "foraging")
    play(m, 0, {"type": "forage", "space": "F01", "via": "ash"})
    s = state(m).seats[0]
    assert s.light == [2, 0, 0] and s.stardust == 1, "the full cost and the early bird reward"
    assert s.villagers == ["ready", "ready", "ready", "bonus"] and state(m).actions_left == 2
    assert not state(m).early_covered("F01")
    play(m, 0, {"type": "forage", "space": "F01", "via": "action"})
    assert s.light == [0, 0, 0] and s.stardust == 2, "still uncovered: the early bird again"
    check(m)


# --- offering ----------------------------------------------------------------------------------

def test_a_single_token_can_always_be_offered_for_its_single_value():
    m = new()
    action_phase(m, current=0)
    set_tokens(m, 0, antelope=1)
    events = play(m, 0, {"type": "offer", "kind": "antelope", "via": "action"})
    s = state(m).seats[0]
    assert s.points["offerings"] == SINGLE_VALUE[3] and s.tokens == [0, 0, 0, 0]
    assert s.villagers[0] == "village" and state(m).tokens_discarded == [0, 0, 0, 1]
    assert events_of(events, "offer")[0]["vp"] == SINGLE_VALUE[3]
    check(m)


def test_an_offering_from_the_card_places_its_tokens_and_scores_its_vp():
    m = new()
    action_phase(m, current=0)
    offer_card(m, "O1")  # 2 fruit; fish + rabbit; fruit + antelope
    set_tokens(m, 0, fish=1, rabbit=1, fruit=1)
    spaces = [mv["space"] for mv in moves_of(m, 0, "offer") if "space" in mv and mv["via"] == "action"]
    assert spaces == [1]
    play(m, 0, {"type": "offer", "space": 1, "via": "action"})
    s = state(m).seats[0]
    assert s.points["offerings"] == OFFER_CARDS["O1"][1][1] and s.tokens == [1, 0, 0, 0]
    assert state(m).offer_filled == [False, True, False]
    refused(m, 0, {"type": "offer", "space": 1, "via": "action"}, r"already filled")
    refused(m, 0, {"type": "offer", "space": 0, "via": "action"}, r"needs 2 fruit", r"you hold 1 fruit")
    check(m)


def test_a_card_with_every_offering_filled_is_discarded_at_once_and_the_next_revealed():
    m = new()
    action_phase(m, current=0)
    offer_card(m, "O1")
    st = state(m)
    st.offer_filled = [True, True, False]
    st.forage["F01"] -= 2
    st.forage["F05"] -= 1
    st.forage["F06"] -= 1
    set_tokens(m, 0, fruit=1, antelope=1)
    events = play(m, 0, {"type": "offer", "space": 2, "via": "action"})
    assert events_of(events, "offer_card") == [{"type": "offer_card", "discarded": "O1", "revealed": "O2"}]
    assert st.offer_card == "O2" and st.offer_filled == [False] * 4 and st.offer_discard == ["O1"]
    assert st.tokens_discarded == [3, 1, 1, 1]
    check(m)


def test_with_no_card_left_only_single_offerings_remain():
    m = new()
    action_phase(m, current=0)
    st = state(m)
    st.offer_discard = sorted(OFFER_CARDS)
    st.offer_card, st.offer_deck, st.offer_filled = None, [], []
    set_tokens(m, 0, fish=1)
    offers = moves_of(m, 0, "offer")
    assert offers == [{"type": "offer", "kind": "fish", "via": "action"}]
    refused(m, 0, {"type": "offer", "space": 0, "via": "action"}, r"no offering card is left")


def test_offering_with_wood_ash_needs_no_villager():
    m = new()
    action_phase(m, current=0)
    set_tokens(m, 0, fruit=1)
    give_ash(m, 0, "offering")
    play(m, 0, {"type": "offer", "kind": "fruit", "via": "ash"})
    assert state(m).seats[0].villagers.count("ready") == 3 and state(m).actions_left == 2


def test_offering_a_token_you_do_not_hold_is_refused():
    m = new()
    action_phase(m, current=0)
    refused(m, 0, {"type": "offer", "kind": "fish", "via": "action"}, r"no fish token")
    refused(m, 0, {"type": "offer", "kind": "fish", "space": 0, "via": "action"}, r"either a 'kind'")


# --- stargazing, recall ------------------------------------------------------------------------

def test_stargazing_puts_a_villager_on_a_vacant_space_behind_the_girl_and_the_elders():
    m = new(2)  # Girl on 6, elders on 5 and 4: spaces 1-3 are free
    action_phase(m, current=0)
    assert [mv["space"] for mv in moves_of(m, 0, "stargaze")] == [1, 2, 3]
    play(m, 0, {"type": "stargaze", "space": 3})
    assert state(m).seats[0].villagers[0] == "sky:3"
    assert [mv["space"] for mv in moves_of(m, 0, "stargaze")] == [1, 2]
    refused(m, 0, {"type": "stargaze", "space": 3}, r"vacant night-sky space", r"spaces 1, 2 are free")
    refused(m, 0, {"type": "stargaze", "space": 7}, r"behind the Girl")


def test_stargazing_has_no_wood_ash_token():
    m = new()
    action_phase(m, current=0)
    refused(m, 0, {"type": "stargaze", "space": 1, "via": "ash"}, r"unexpected field")


def test_recall_returns_any_number_of_villagers_from_the_boards():
    m = new()
    action_phase(m, current=0)
    state(m).seats[0].villagers = ["village", "sky:2", "forage:F01", "bonus"]
    m._legal = {}
    groups = [mv["villagers"] for mv in moves_of(m, 0, "recall") if mv["via"] == "action"]
    assert groups == [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]
    play(m, 0, {"type": "recall", "villagers": [0, 2], "via": "action"})
    assert state(m).seats[0].villagers == ["ready", "sky:2", "ready", "bonus"]
    refused(m, 0, {"type": "recall", "villagers": [0], "via": "action"}, r"already ready")
    refused(m, 0, {"type": "recall", "villagers": [3], "via": "action"}, r"bonus token")
    refused(m, 0, {"type": "recall", "villagers": [], "via": "action"}, r"at least one")


def test_a_recalled_early_bird_villager_uncovers_the_early_bird():
    m = new()
    action_phase(m, current=0)
    light_paths(m, {"P01": "red", "P02": "red"})
    set_light(m, 0, red=2)
    play(m, 0, {"type": "forage", "space": "F01", "via": "action"})
    play(m, 0, {"type": "recall", "villagers": [0], "via": "action"})
    assert not state(m).early_covered("F01")


def test_recall_with_wood_ash_is_free():
    m = new()
    action_phase(m, current=0)
    state(m).seats[0].villagers[0] = "village"
    give_ash(m, 0, "recall")
    play(m, 0, {"type": "recall", "villagers": [0], "via": "ash"})
    assert state(m).actions_left == 2 and state(m).seats[0].ash == []


# --- wood ash as free actions -------------------------------------------------------------------

def test_wood_ash_tokens_are_free_actions_before_between_or_after_the_two_actions():
    m = new()
    action_phase(m, current=0, order=[1])
    give_ash(m, 0, "stardust")
    give_ash(m, 0, "stardust")
    play(m, 0, {"type": "gain_stardust", "via": "ash"})
    play(m, 0, {"type": "gain_stardust", "via": "action"})
    play(m, 0, {"type": "gain_stardust", "via": "action"})
    assert state(m).current == 0
    play(m, 0, {"type": "gain_stardust", "via": "ash"})
    assert state(m).seats[0].stardust == 4 and state(m).current == 1


def test_a_wood_ash_action_needs_that_token():
    m = new()
    action_phase(m, current=0)
    refused(m, 0, {"type": "gain_stardust", "via": "ash"}, r"no stardust wood-ash token")
    refused(m, 0, {"type": "gain_stardust", "via": "magic"}, r"'via' must be")


def test_scouting_with_wood_ash_is_free():
    m = new()
    action_phase(m, current=0)
    give_ash(m, 0, "scouting")
    play(m, 0, scout("ash"))
    play(m, 0, step("P01", "blue"))
    play(m, 0, step("P02", "red", end=True))
    assert state(m).actions_left == 2 and state(m).seats[0].ash == []


def test_the_two_actions_bonus_gained_during_the_turn_adds_two_actions_to_it():
    m = new()
    action_phase(m, current=0)
    st = state(m)
    st.seats[0].pending = [{"value": 0, "options": ["actions"]}]
    m._legal = {}
    play(m, 0, {"type": "bonus", "token": "actions"})
    assert st.actions_left == 4 and st.seats[0].extra_actions == 0
