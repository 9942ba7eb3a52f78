"""Final scoring and the result. Rulebook "Game End and Final Scoring": leftover Fruit 1, Rabbit 2,
Fish 2, Antelope 3; "the player with the most VP is the winner! If there is a tie, the tied
player with the most combined unspent Light and Stardust is the winner. If there is still a tie,
the tied player with the most vacant spaces on their board is the winner. If there is still a
tie, the tied players enjoy a shared victory." RULINGS (common): "the result lists every seat's
final score and the tie-break values that decided it"."""

from stars_positions import (
    events_of,
    final_phase,
    new,
    play,
    put_dust,
    set_light,
    set_stardust,
    set_tokens,
    state,
)


def end(m, scores, light=None, stardust=None):
    """Bring the game to its end with these scores; seat 0 says it is done last."""
    final_phase(m)
    st = state(m)
    for i, vp in enumerate(scores):
        st.seats[i].score = vp
        st.seats[i].points["constellations"] = vp
        if light is not None:
            set_light(m, i, red=light[i])
        if stardust is not None:
            set_stardust(m, i, stardust[i])
        st.seats[i].done = i != 0
    m._legal = {}
    return play(m, 0, {"type": "done"})


def test_leftover_tokens_score_fruit_1_fish_2_rabbit_2_antelope_3():
    m = new()
    set_tokens(m, 0, fruit=2, fish=1, rabbit=1, antelope=2)
    events = end(m, [0, 0])
    assert state(m).seats[0].points["leftover"] == 2 + 2 + 2 + 6
    assert events_of(events, "leftover")[0] == {"type": "leftover", "seat": 0,
                                                "tokens": {"fruit": 2, "fish": 1, "rabbit": 1, "antelope": 2}, "vp": 12}


def test_the_most_vp_wins():
    m = new(3)
    end(m, [10, 14, 9])
    r = m.result()
    assert r["scores"] == [10, 14, 9] and r["winners"] == [1] and r["decided_by"] == "score"


def test_a_tie_goes_to_the_most_unspent_light_and_stardust():
    m = new(3)
    end(m, [12, 12, 3], light=[2, 1, 9], stardust=[0, 2, 0])
    r = m.result()
    assert r["winners"] == [1] and r["decided_by"] == "light and stardust"
    assert r["light_and_stardust"] == [2, 1 + 2, 9]


def test_then_to_the_most_vacant_spaces_on_the_board():
    m = new(2)
    put_dust(m, 0, 0, 0)
    end(m, [7, 7], light=[1, 1], stardust=[0, 0])
    r = m.result()
    assert r["vacant_spaces"] == [32, 33] and r["winners"] == [1] and r["decided_by"] == "vacant spaces"


def test_then_a_shared_victory():
    m = new(4)
    end(m, [5, 8, 8, 2], light=[0, 0, 0, 0], stardust=[0, 0, 0, 0])
    r = m.result()
    assert r["winners"] == [1, 2] and r["decided_by"] == "shared"


def test_the_result_lists_scores_tie_break_values_and_where_the_points_came_from():
    m = new(2)
    end(m, [4, 3])
    r = m.result()
    assert set(r) == {"scores", "winners", "decided_by", "light_and_stardust", "vacant_spaces", "points", "round"}
    assert set(r["points"][0]) == {"constellations", "scouting", "offerings", "early_bird", "leftover", "unplaced"}
    assert m.view(None)["result"] == r == m.view(1)["result"]


def test_there_is_no_result_before_the_end():
    assert new().result() is None
