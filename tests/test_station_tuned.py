"""The hard bot's own scores at Station (engine/bots/tuned_station.py): greedy's with other
constants, read from the state like greedy's in the search; used for the searching seat only."""

from __future__ import annotations

from typing import Any

import engine
from engine.bots import greedy_station, hard, knowledge_station, tuned_station
from engine.games import rules_for
from engine.games.station.storms import AWARDS, rank_awards
from engine.match import Match
from engine.rng import Rng


def _positions() -> list[Match]:
    """Positions of 2-, 3- and 4-seat games between normals, every few moves."""
    out = []
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        m = engine.new_match("station", players, seed=seed)
        k = 0
        while not m.is_over() and k < 90:
            (seat,) = m.to_act()
            if k % 9 == 4:
                out.append(_copy(m))
            m.play(seat, greedy_station.choose(m.view(seat), m.legal_moves(seat), Rng(k)))
            k += 1
    return out


def _copy(m: Match) -> Match:
    rules = rules_for("station")
    return Match(rules, rules.from_json(rules.to_json(m._state)), m.players, m.options, seed=1)


POSITIONS = _positions()


def test_with_greedys_constants_the_scores_are_greedys() -> None:
    checked = 0
    for m in POSITIONS:
        (seat,) = m.to_act()
        real = greedy_station.Context(m.view(seat))
        ctx = tuned_station.context(m._state, seat, tuned_station.GREEDY)
        for move in m.legal_moves(seat):
            assert abs(tuned_station.score(ctx, move) - greedy_station.score(real, move)) < 1e-9
            checked += 1
    assert checked > 200


def test_the_tuned_scores_add_the_exact_payment_and_the_denied_awards() -> None:
    params = tuned_station.Params(exact=1.5, shield=0.6, deny=0.3)
    seen_exact = seen_deny = 0
    for m in POSITIONS:
        (seat,) = m.to_act()
        greedy = knowledge_station.context(m._state, seat)
        tuned = tuned_station.context(m._state, seat, params)
        for move in m.legal_moves(seat):
            if move["type"] != "purchase" or move["to"] == "dock":
                continue
            _module, cost = greedy.modules[move["module"]]
            delta = tuned_station.score(tuned, move) - greedy_station.score(greedy, move)
            if sum(move["pay"]) == cost:
                delta -= 1.0
                seen_exact += 1
            # what is left is the change of the others' Storm awards the move causes, times deny
            if abs(delta) > 1e-9:
                seen_deny += 1
        for dept, mine in (("engineering", 3), ("science", 1)):
            values = [mine] + [r.get(dept) for r in tuned.others]
            want = sum(tuned.weights[name] * (rank_awards(values, AWARDS[name])[0]
                                              - 0.3 / len(tuned.others) * sum(rank_awards(values, AWARDS[name])[1:]))
                       for name in tuned.storms)
            assert abs(tuned.storm_value(dept, mine) - want) < 1e-9
    assert seen_exact > 0 and seen_deny > 0


def test_the_search_ranks_only_its_own_seat_with_the_tuned_scores() -> None:
    for m in POSITIONS:
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        own = knowledge_station.for_seat(seat, 3)
        other = knowledge_station.for_seat((seat + 1) % m.players, 3)
        assert own.candidates(m._state, seat, moves, 4) == tuned_station.candidates(m._state, seat, moves, 4)
        assert other.candidates(m._state, seat, moves, 4) == knowledge_station.candidates(m._state, seat, moves, 4)
        mine = tuned_station.rollout_move(m._state, seat, moves, Rng(3))
        assert own.rollout_move(m._state, seat, moves, Rng(3)) == mine
        assert other.rollout_move(m._state, seat, moves, Rng(3)) == knowledge_station.rollout_move(
            m._state, seat, moves, Rng(3))
        assert own.evaluate(m._state, m.players) == knowledge_station.evaluate(m._state, m.players)


def test_two_seats_keep_greedys_scores_and_hard_binds_the_seat() -> None:
    assert knowledge_station.for_seat(0, 2) is knowledge_station
    assert isinstance(knowledge_station.for_seat(1, 3), tuned_station.SeatKnowledge)
    assert hard.game_for_seat("station", 0, 2).knowledge is knowledge_station
    bound: Any = hard.game_for_seat("station", 2, 4).knowledge
    assert isinstance(bound, tuned_station.SeatKnowledge) and bound.seat == 2
    assert hard.game_for_seat("splendor", 0, 3) is hard.game_for("splendor")


def test_hard_at_three_seats_plays_a_legal_move_reproducibly() -> None:
    for m in POSITIONS:
        if m.players < 3:
            continue
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        a = hard.choose(m.view(seat), moves, Rng(7), iterations=12)
        b = hard.choose(m.view(seat), moves, Rng(7), iterations=12)
        assert a in moves and a == b
        break
