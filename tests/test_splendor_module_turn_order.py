"""The end of a turn with the modules on — ruling "Order of the end of a turn with modules on":

    effects of each purchase (post 1 gem, stronghold action) → conquest purchase →
    return tokens down to 10 → at most one noble → at most one Trading Post →
    check for 15 prestige

(seed 001: "Earn at most one Trading Post at the end of each turn, after the noble visit.
Conquest permits one extra purchase before returning excess tokens and welcoming a noble.")
Tested through the phases the seat passes through and the order of the events; plus the
options, fixed for a match and kept by a rematch ("All switches are optional and fixed for
a match. Rematches keep the same settings."), and the refusal of each module move when its
decision is not the one waiting.
"""

import json

import pytest
from splendor_module_positions import (
    BOTH,
    SKIP,
    gem,
    keep,
    module_position,
    pending,
    place,
    play_through,
    post,
    posts_of,
    prestige,
    remove,
    strongholds_accounted,
    supply,
    types,
)
from splendor_positions import (
    PASS,
    buy,
    dump,
    give_back,
    noble,
    phase,
    play,
    refused,
    take,
    tokens,
)

import engine
from engine.protocol import Session, handle

TEN = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}
# 1-02 (white, costs 3 blue) and 1-15 (blue, costs 3 black) are free with these bonuses.
BONUSES = {"white": 4, "blue": 3, "green": 5, "red": 3, "black": 4}


def busy_turn(**overrides):
    """Seat 0 holds posts 1 and 5, 10 tokens, two strongholds on 1-15 and one in supply.

    Buying 1-02 then conquering 1-15 brings blue to 4: nobles N6 (4 white 4 blue) and N8
    (4 blue 4 green) then both qualify, and posts 2, 3 and 4 qualify; prestige 11 + noble 3
    + post (1 with post 5) = 15.
    """
    spec = dict(
        posts={0: [1, 5]}, strongholds={"1-15": (0, 2)}, nobles=["N6", "N8", "N10"],
        market={1: ["1-02", "1-15", "1-08", "1-16"]}, decks={1: ["1-11", "1-12"]},
        seats={0: dict(tokens=TEN, bonuses=BONUSES, prestige=11)},
    )
    spec.update(overrides)
    return module_position(**spec)


def test_the_whole_end_of_turn_runs_in_the_rulings_order():
    m = busy_turn()
    script = [
        buy("1-02"),           # the action: a purchase
        gem("red"),            # its effects: post 1 gem …
        place("1-15"),         # … then the stronghold action (the third on 1-15)
        buy("1-15"),           # the conquest purchase
        gem("red"),            # its effects: post 1 gem …
        place("1-08"),         # … and a stronghold action; then the refills
        give_back(red=2),      # return tokens down to 10
        noble("N8"),           # at most one noble
        post(3),               # at most one Trading Post; then the 15 check
    ]
    phases, events = play_through(m, script)
    assert phases == ["gem", "stronghold", "conquest", "gem", "stronghold", "return", "noble", "post", "action"]
    assert types(events) == [
        "buy", "gem", "stronghold", "conquest", "buy", "strongholds_home", "gem", "stronghold",
        "refill", "refill", "return", "noble", "post", "final_round",
    ]
    assert m.to_act() == [1] and prestige(m, 0) == 15 and m.view(None)["turn"]["final_round"]
    assert m._state.seats[0].cards == ["1-02", "1-15"] and posts_of(m, 0) == [1, 5, 3]
    assert m._state.seats[0].nobles == ["N8"] and sum(tokens(m, 0).values()) == 10
    strongholds_accounted(m)


def test_the_steps_left_after_a_purchase_are_the_rulings_list():
    m = busy_turn()
    play(m, buy("1-02"))
    assert m._state.steps == ["post_gem", "stronghold", "conquest", "refill", "return", "noble", "post", "end"]


def test_post_1_gem_comes_before_the_stronghold_action():
    m = busy_turn()
    play(m, buy("1-02"))
    assert phase(m) == "gem" and supply(m, 0) == 1
    refused(m, place("1-15"), r"first choose the extra gem")
    play(m, gem("blue"))
    assert phase(m) == "stronghold"
    refused(m, gem("blue"), r"first place, move or remove a stronghold")


def test_conquest_comes_before_returning_tokens_and_the_noble():
    m = busy_turn()
    play_through(m, [buy("1-02"), gem("red"), place("1-15")])
    assert phase(m) == "conquest"
    assert sum(tokens(m, 0).values()) == 11 and m.view(0)["turn"]["must_return"] == 0
    assert m._state.seats[0].nobles == [] and posts_of(m, 0) == [1, 5]
    refused(m, give_back(red=1), r"first buy the conquered card or skip")
    refused(m, noble("N6"), r"first buy the conquered card or skip")


def test_the_conquered_card_counts_for_the_noble_and_the_post_of_that_turn():
    m = busy_turn()
    play_through(m, [buy("1-02"), gem("red"), place("1-15"), buy("1-15"), gem("red"), place("1-08"),
                     give_back(red=2)])
    assert phase(m) == "noble" and pending(m) == {"nobles": ["N6", "N8"]}  # N6/N8 need its blue


def test_skipping_the_conquest_goes_on_to_the_return():
    m = busy_turn()
    phases, events = play_through(m, [buy("1-02"), gem("red"), place("1-15"), SKIP])
    assert phases == ["gem", "stronghold", "conquest", "return"]
    assert types(events)[-2:] == ["skip_conquest", "refill"]
    assert m.view(0)["turn"]["must_return"] == 1


def test_the_slots_are_refilled_before_the_token_return():
    m = busy_turn()
    play_through(m, [buy("1-02"), gem("red"), place("1-15"), buy("1-15"), gem("red")])
    assert phase(m) == "stronghold" and m._state.market[0][:2] == [None, None]
    events = play(m, place("1-08"))
    assert types(events) == ["stronghold", "refill", "refill"] and phase(m) == "return"


def test_noble_before_post_before_the_15_check():
    m = busy_turn(strongholds={}, seats={0: dict(tokens={"blue": 1}, bonuses={**BONUSES, "blue": 4}, prestige=11)})
    phases, events = play_through(m, [take("white", "green", "red"), noble("N6"), post(4)])
    assert phases == ["noble", "post", "action"]
    assert types(events) == ["take", "noble", "post", "final_round"]


def test_no_15_before_the_post_is_earned():
    m = busy_turn(strongholds={}, seats={0: dict(bonuses=BONUSES, prestige=14)})
    play(m, take("white", "green", "red"))
    assert phase(m) == "post" and not m.view(None)["turn"]["final_round"]
    events = play(m, post(2))
    assert types(events) == ["post", "final_round"]


def test_post_2_gem_comes_before_the_conquest_and_the_return():
    m = module_position(posts={0: [2]}, strongholds={"1-16": (0, 3)}, market={1: ["1-02", "1-15", "1-08", "1-16"]},
                        seats={0: dict(bonuses={"white": 2}, tokens={"red": 2, "white": 2, "blue": 2, "green": 2})})
    phases, events = play_through(m, [take(red=2), gem("black"), buy("1-16", red=4), place("1-08")])
    assert phases == ["gem", "conquest", "stronghold", "action"]
    assert types(events) == ["take", "gem", "conquest", "buy", "strongholds_home", "stronghold", "refill"]


def test_a_purchase_with_both_modules_and_nothing_qualifying_needs_only_the_stronghold_action():
    m = module_position(market={1: ["1-02", "1-15", "1-08", "1-16"]}, decks={1: ["1-11"]},
                        seats={0: dict(tokens={"blue": 3})})
    phases, events = play_through(m, [buy("1-02", blue=3), place("1-16")])
    assert phases == ["stronghold", "action"] and types(events) == ["buy", "stronghold", "refill"]


# --- refusing module moves out of their phase ------------------------------------------------

@pytest.mark.parametrize("move,kind", [
    (gem("red"), "gem"), (keep("1-11"), "keep"), (place("1-08"), "stronghold"),
    (remove("1-08"), "stronghold"), (SKIP, "skip"), (post(1), "post"),
])
def test_module_moves_are_refused_when_no_such_decision_waits(move, kind):
    m = module_position()
    refused(m, move, rf"there is no {kind} decision to make now")


def test_each_waiting_decision_refuses_the_other_module_moves():
    m = busy_turn()
    play(m, buy("1-02"))  # gem
    for mv in (place("1-08"), SKIP, post(2), keep("1-11"), PASS):
        refused(m, mv, r"first choose the extra gem")
    play(m, gem("red"))  # stronghold
    for mv in (gem("red"), SKIP, post(2), buy("1-15")):
        refused(m, mv, r"first place, move or remove a stronghold")
    play(m, place("1-15"))  # conquest
    for mv in (gem("red"), place("1-08"), post(2), keep("1-11")):
        refused(m, mv, r"first buy the conquered card or skip the conquest")
    play_through(m, [buy("1-15"), gem("red"), place("1-08")])  # return
    for mv in (gem("red"), place("1-16"), SKIP, post(2), noble("N6")):
        refused(m, mv, r"hold 12 tokens: first return 2")
    play(m, give_back(red=2))  # noble
    for mv in (gem("red"), post(2), SKIP):
        refused(m, mv, r"several nobles qualify: first choose which one visits")
    play(m, noble("N6"))  # post
    for mv in (gem("red"), noble("N8"), SKIP, place("1-16")):
        refused(m, mv, r"first choose which Trading Post you earn")
    refused(m, {"type": "post", "post": 3, "extra": 1}, r"unexpected field")
    refused(m, {"type": "post", "post": "3"}, r"Trading Post must be one you qualify for")


# --- options fixed for a match; rematch -------------------------------------------------------

def test_module_options_are_fixed_for_the_match():
    m = engine.new_match("splendor", 2, options=BOTH, seed=9)
    m.options["strongholds"] = False
    assert m.options == BOTH and m.view(None)["options"] == BOTH
    refused(m, {"type": "options", "strongholds": False}, r"unknown move type")
    refused(m, {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}, "options": {}}, r"unexpected field")
    again = engine.restore(json.loads(json.dumps(m.snapshot())))
    assert again.options == BOTH and again.view(1)["options"] == BOTH
    assert [s["strongholds"] for s in again.view(None)["seats"]] == [3, 3]


def test_a_replay_with_the_modules_reproduces_the_match():
    m = engine.new_match("splendor", 3, options=BOTH, seed=11)
    for _ in range(120):
        if m.is_over():
            break
        (seat,) = m.to_act()
        m.play(seat, m.legal_moves(seat)[-1])
    again = engine.replay("splendor", 3, BOTH, 11, m.log)
    assert dump(again) == dump(m)


def test_a_rematch_keeps_both_modules_on():
    session = Session()

    def ask(message):
        return json.loads(handle(json.dumps({"v": 1, "id": 1, **message}), session))

    first = ask({"op": "new_match", "game": "splendor", "players": 2, "seed": 4, "options": BOTH})["match"]
    ask({"op": "play", "match": first, "seat": 0,
         "move": {"type": "take", "gems": {"white": 1, "blue": 1, "green": 1}}})
    refusal = ask({"op": "play", "match": first, "seat": 1, "move": {"type": "options", "strongholds": False}})
    assert refusal["error"]["code"] == "illegal_move"
    again = ask({"op": "rematch", "match": first, "seed": 5})
    assert again["ok"] and again["match"] != first and again["options"] == BOTH
    view = ask({"op": "state", "match": again["match"], "seat": None})["view"]
    assert view["options"] == BOTH and view["players"] == 2 and view["turn"]["round"] == 1
    assert [s["strongholds"] for s in view["seats"]] == [3, 3] and [s["posts"] for s in view["seats"]] == [[], []]
    assert [p["post"] for p in view["posts"]] == [1, 2, 3, 4, 5]
    old = ask({"op": "state", "match": first, "seat": None})["view"]
    assert old["options"] == BOTH
