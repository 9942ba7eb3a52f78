"""The search's game knowledge for `stars` and station: the greedy scores read from a state
equal those read from the real view, candidates cut a listing to the best few, playout moves
are legal and reproducible, and evaluations are win shares that favour the seat ahead."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.bots import greedy_stars, greedy_station, knowledge_stars, knowledge_station
from engine.games import rules_for
from engine.rng import Rng


def greedy_positions(game: str, players: int, seed: int, every: int) -> list[engine.Match]:
    """Positions of one greedy game, every ``every`` steps."""
    m = engine.new_match(game, players, seed=seed)
    rng = Rng(seed)
    out = []
    step = 0
    while not m.is_over():
        if step % every == 0:
            out.append(engine.restore(m.snapshot()))
        seat = m.waiting_for()[0]
        view, moves = m.view(seat), m.legal_moves(seat)
        choose = greedy_stars.choose if game == "stars" else greedy_station.choose
        m.play(seat, choose(view, moves, rng))
        step += 1
    return out


STARS = greedy_positions("stars", 3, 1, every=11)
STATION = greedy_positions("station", 3, 2, every=9)


def shares_ok(shares: list[float], players: int) -> None:
    assert len(shares) == players
    assert all(0.0 <= s <= 1.0 for s in shares)
    assert abs(sum(shares) - 1.0) < 1e-9


# --- stars -----------------------------------------------------------------------------------

def test_stars_greedy_scores_from_the_state_equal_those_from_the_view() -> None:
    checked = 0
    for m in STARS:
        for seat in m.to_act():
            real = greedy_stars.Ctx(m.view(seat), "balanced")
            mine = knowledge_stars.StateCtx(m._state, seat)
            for move in m.legal_moves(seat)[::7]:
                assert greedy_stars.score(mine, move) == greedy_stars.score(real, move)
                checked += 1
    assert checked > 200


def test_stars_candidates_cut_a_placement_listing_to_the_best_distinct_few() -> None:
    m = engine.new_match("stars", 2, seed=3)
    moves = m.legal_moves(0)
    assert len(moves) > 300  # three tiles, both sides, six turns, every open cell
    best = knowledge_stars.candidates(m._state, 0, moves, 6)
    assert len(best) == 6 and all(c in moves for c in best)
    keys = [knowledge_stars._placement_key(c) for c in best]
    assert len(set(keys)) == len(keys)  # no two with the same effect
    ctx = greedy_stars.Ctx(m.view(0), "balanced")
    scores = [greedy_stars.score(ctx, c) for c in best]
    assert scores == sorted(scores, reverse=True)
    assert scores[0] == max(greedy_stars.score(ctx, mv) for mv in moves)


def test_stars_candidates_keep_every_move_of_a_short_listing() -> None:
    for m in STARS:
        seat = m.waiting_for()[0]
        moves = [mv for mv in m.legal_moves(seat) if mv["type"] != "scout_cancel"]  # the next test
        if m.view(seat)["phase"] == "action" and len(moves) > 1:
            short = moves[:10]
            got = knowledge_stars.candidates(m._state, seat, short, 10)
            assert sorted(map(repr, got)) == sorted(map(repr, short))
            return
    raise AssertionError("no action listing among the positions")


def test_stars_candidates_leave_out_cancelling_a_scouting_path_while_a_step_is_possible() -> None:
    # cancelling returns to where the path began: a search that may cancel can start and
    # cancel the same path for ever (docs/bots.md)
    for m in STARS:
        seat = m.waiting_for()[0]
        moves = m.legal_moves(seat)
        kinds = {mv["type"] for mv in moves}
        if "scout_cancel" in kinds and len(kinds) > 1:
            got = knowledge_stars.candidates(m._state, seat, moves, 10)
            assert got and all(mv["type"] != "scout_cancel" for mv in got)
            return
    raise AssertionError("no scouting path among the positions")


def test_stars_playout_moves_are_legal_and_reproducible() -> None:
    for m in STARS:
        for seat in m.to_act():
            moves = m.legal_moves(seat)
            a = knowledge_stars.rollout_move(m._state, seat, moves, Rng(5))
            b = knowledge_stars.rollout_move(m._state, seat, moves, Rng(5))
            assert a in moves and a == b


def test_stars_evaluation_is_a_win_share_favouring_the_seat_ahead() -> None:
    for m in STARS:
        if not m.is_over():
            shares_ok(knowledge_stars.evaluate(m._state, 3), 3)
    m = STARS[len(STARS) // 2]
    state = rules_for("stars").from_json(rules_for("stars").to_json(m._state))
    before = knowledge_stars.evaluate(state, 3)
    state.seats[1].score += 15
    after = knowledge_stars.evaluate(state, 3)
    assert after[1] > before[1] and after[0] < before[0]


def test_stars_evaluation_gives_a_seat_an_even_share_of_an_even_start() -> None:
    m = engine.new_match("stars", 4, seed=9)
    shares = knowledge_stars.evaluate(m._state, 4)
    assert max(shares) - min(shares) < 0.1


# --- station ---------------------------------------------------------------------------------

def test_station_greedy_scores_from_the_state_equal_those_from_the_view() -> None:
    checked = 0
    for m in STATION:
        (seat,) = m.to_act()
        real = greedy_station.Context(m.view(seat))
        mine = knowledge_station.context(m._state, seat)
        for move in m.legal_moves(seat):
            assert greedy_station.score(mine, move) == greedy_station.score(real, move)
            checked += 1
    assert checked > 100


def test_station_scores_do_not_depend_on_what_the_shared_tables_hold() -> None:
    """The state contexts share what they work out (`knowledge_station.Tables`) with every context
    of the same station, rivals and Storm outlook: a move's score is the same with the tables cold,
    and after searches of other positions and seats have filled them."""
    from engine.bots import tuned_station

    def all_scores(cold: bool) -> list[float]:
        out = []
        for m in STATION:
            for seat in m.to_act():
                if cold:  # each context alone with empty tables
                    knowledge_station._TABLES.clear()
                    knowledge_station._RIVALS.clear()
                greedy = knowledge_station.context(m._state, seat)
                if cold:
                    knowledge_station._TABLES.clear()
                    knowledge_station._RIVALS.clear()
                tuned = tuned_station.context(m._state, seat)
                for move in m.legal_moves(seat):
                    out += [greedy_station.score(greedy, move), tuned_station.score(tuned, move)]
        return out

    alone = all_scores(cold=True)
    for m in STATION[::2]:
        (seat,) = m.to_act()
        engine.bots.choose_move(m, seat, "hard", rng=Rng(1), iterations=60)
        m4 = engine.new_match("station", 4, seed=m.seed)
        engine.bots.choose_move(m4, 0, "hard", rng=Rng(1), iterations=20)
    assert len(knowledge_station._TABLES) > 10
    assert all_scores(cold=False) == alone and len(alone) > 200


def test_station_candidates_are_the_best_first() -> None:
    for m in STATION:
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        if len(moves) < 8:
            continue
        best = knowledge_station.candidates(m._state, seat, moves, 4)
        assert len(best) == 4 and all(c in moves for c in best)
        ctx = greedy_station.Context(m.view(seat))
        scores = [greedy_station.score(ctx, c) for c in best]
        assert scores == sorted(scores, reverse=True)
        assert scores[0] == max(greedy_station.score(ctx, mv) for mv in moves)


def test_station_playout_moves_are_legal_and_reproducible() -> None:
    for m in STATION:
        (seat,) = m.to_act()
        moves = m.legal_moves(seat)
        a = knowledge_station.rollout_move(m._state, seat, moves, Rng(5))
        b = knowledge_station.rollout_move(m._state, seat, moves, Rng(5))
        assert a in moves and a == b


def test_station_evaluation_is_a_win_share_favouring_the_seat_ahead() -> None:
    for m in STATION:
        shares_ok(knowledge_station.evaluate(m._state, 3), 3)
    m = STATION[len(STATION) // 2]
    rules = rules_for("station")
    state: Any = rules.from_json(rules.to_json(m._state))
    before = knowledge_station.evaluate(state, 3)
    state.seats[2].renown_storms += 12
    after = knowledge_station.evaluate(state, 3)
    assert after[2] > before[2] and after[0] < before[0]


def test_station_expected_storm_awards_are_the_rank_awards_when_sharp_and_share_ties() -> None:
    from engine.games.station.storms import AWARDS, rank_awards

    for values in ([6, 5, 3], [5, 5, None], [6, 6, 6], [None, 4, 2, 4], [3, None, None]):
        for table in AWARDS.values():
            sharp = knowledge_station.expected_awards(values, table, 0.01)
            exact = rank_awards(values, table)
            # ties of two share their ranks' awards as the rule does (the rule rounds down)
            assert all(abs(a - b) < 1.0 for a, b in zip(sharp, exact, strict=True))
            assert sum(sharp) == pytest.approx(sum(table[: sum(v is not None for v in values)]))
    soft = knowledge_station.expected_awards([6, 5, 3], AWARDS["Final"], 3.0)
    assert soft[0] > soft[1] > soft[2] > 3.0 and sum(soft) == pytest.approx(19.0)
