"""RULINGS "Common to every game" applied to Splendor: seat 0 first, the seeded generator and
replays, refusals that name the rule and change nothing; and whole games played at random,
checked against the rules at every step."""

import json
import random
from collections import Counter

import pytest
from splendor_positions import (
    PASS,
    buy,
    dump,
    give_back,
    noble,
    play,
    position,
    refused,
    reserve_deck,
    rule_takes,
    take,
    take_sets,
)

import engine
from engine.games.gems.cards import CARDS, NOBLES

GEMS = {2: 4, 3: 5, 4: 7}


def random_game(players, seed, moves=None, check=None, buy_bias=0.8):
    match = engine.new_match("splendor", players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not match.is_over() and (moves is None or steps < moves):
        seat = match.to_act()[0]
        if check:
            check(match, seat)
        legal = match.legal_moves(seat)
        # favour buying so that games reach 15 prestige
        buys = [m for m in legal if m["type"] == "buy"]
        move = rng.choice(buys if buys and rng.random() < buy_bias else legal)
        play(match, move)
        steps += 1
    return match


def test_same_options_seed_and_log_replay_to_the_same_state():
    match = random_game(3, seed=11, moves=80)
    again = engine.replay("splendor", 3, {}, 11, match.log)
    assert dump(again) == dump(match)
    assert json.dumps(again.view(1), sort_keys=True) == json.dumps(match.view(1), sort_keys=True)


def test_restored_snapshot_deals_the_same_cards_afterwards():
    match = random_game(2, seed=12, moves=30)
    copy = engine.restore(json.loads(json.dumps(match.snapshot())))
    for _ in range(30):
        if match.is_over():
            break
        seat = match.to_act()[0]
        move = match.legal_moves(seat)[-1]
        assert copy.play(seat, move) == match.play(seat, move)
    assert dump(copy) == dump(match)


REFUSALS = [
    # (phase, move, rule words)
    ("action", take("white", "blue"), r"three different colours"),
    ("action", take(gold=1, white=1, blue=1), r"gold cannot be taken"),
    ("action", reserve_deck(4), r"tier' must be 1, 2 or 3"),
    ("action", buy("3-20", black=3, red=7), r"cannot afford|hold only|neither"),
    ("action", give_back(white=1), r"nothing to return"),
    ("action", noble("N1"), r"no noble to choose"),
    ("action", PASS, r"pass only when"),
    ("return", take("white", "blue", "green"), r"first return"),
    ("return", give_back(white=1), r"return exactly 3"),
    ("return", reserve_deck(1), r"first return"),
    ("noble", take("white", "blue", "green"), r"several nobles qualify"),
    ("noble", noble("N9"), r"not one of the nobles that qualify"),
    ("noble", give_back(white=1), r"several nobles qualify"),
]


def in_phase(phase):
    ten = {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}
    if phase == "action":
        return position(players=2)
    if phase == "return":
        m = position(players=2, seats={0: dict(tokens=ten)})
        play(m, take("white", "blue", "green"))
        return m
    m = position(players=2, nobles=["N6", "N7", "N9"], seats={0: dict(bonuses={"white": 4, "blue": 4, "black": 4})})
    play(m, take("white", "blue", "green"))
    return m


@pytest.mark.parametrize("phase,move,words", REFUSALS, ids=[f"{p}-{json.dumps(m)}" for p, m, _ in REFUSALS])
def test_an_illegal_move_is_refused_naming_the_rule_and_changes_nothing(phase, move, words):
    m = in_phase(phase)
    assert m.view(None)["turn"]["phase"] == phase
    refused(m, move, words)
    assert m.legal_moves(0)  # and the seat can still play


def test_a_refused_move_does_not_disturb_the_next_legal_one():
    m = position(players=2)
    refused(m, take("white", "blue"), r"three different")
    legal = m.legal_moves(0)
    play(m, take("white", "blue", "green"))
    assert m.to_act() == [1] and legal


def check_rules(match, seat):
    """Every step of a random game, against the rules written out independently."""
    state = match._state
    n = state.players
    # tokens are conserved: 4/5/7 of each colour, 5 gold
    for colour in range(6):
        total = state.bank[colour] + sum(s.tokens[colour] for s in state.seats)
        assert total == (5 if colour == 5 else GEMS[n])
        assert state.bank[colour] >= 0
    # cards are conserved, each in one place
    places = Counter()
    for t in range(3):
        places.update(state.decks[t])
        places.update(c for c in state.market[t] if c)
    for s in state.seats:
        places.update(s.cards)
        places.update(r[0] for r in s.reserved)
    assert len(places) == 90 and set(places.values()) == {1}
    # an empty market slot only once its deck is empty
    for t in range(3):
        assert None not in state.market[t] or not state.decks[t]
    assert len(state.nobles) + sum(len(s.nobles) for s in state.seats) == n + 1
    for s in state.seats:
        assert len(s.reserved) <= 3
        assert s.prestige == sum(CARDS[c].points for c in s.cards) + sum(NOBLES[x].points for x in s.nobles)
        assert s.bonuses == [sum(1 for c in s.cards if CARDS[c].color == k) for k in range(5)]
    view = match.view(None)
    if view["turn"]["phase"] == "action":
        # nobody begins an action over 10 tokens, nor with a noble it qualifies for left waiting
        # when only one qualifies
        assert all(sum(s.tokens) <= 10 for s in state.seats)
        assert take_sets(match) == rule_takes(state.bank)
        legal = match.legal_moves(seat)
        assert (legal == [PASS]) == (not [m for m in legal if m["type"] != "pass"])
    elif view["turn"]["phase"] == "return":
        assert all(m["type"] == "return" for m in match.legal_moves(seat))
        assert all(sum(m["gems"].values()) == sum(state.seats[seat].tokens) - 10 for m in match.legal_moves(seat))


@pytest.mark.parametrize("buy_bias", [0.0, 0.8], ids=["uniform", "buyer"])
@pytest.mark.parametrize("players,seed", [(p, 100 * p + k) for p in (2, 3, 4) for k in range(3)])
def test_random_games_follow_the_rules_to_the_end(players, seed, buy_bias):
    match = random_game(players, seed, check=check_rules, buy_bias=buy_bias)
    result = match.result()
    assert match.is_over() and result is not None
    turns = Counter(seat for seat, move in match.log if move["type"] in ("take", "reserve", "buy", "pass"))
    if max(result["scores"]) >= 15:
        # the round was finished: every seat had the same number of turns
        assert len(set(turns[s] for s in range(players))) == 1
    best = max(result["scores"])
    assert all(result["scores"][w] == best for w in result["winners"])
