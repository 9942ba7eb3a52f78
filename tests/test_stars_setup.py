"""Setup and the component set. Rulebook "Components" and "Setup"; RULINGS `stars` (player
board, star tiles, connection reward tokens, main board, offering cards, night sky track, wood
ash). The component data is ours (data files); these tests pin its structure."""

from collections import Counter

import pytest
from stars_invariants import check
from stars_positions import new, state

from engine.games.stars.board import CELLS, CORNERS, PLAYABLE
from engine.games.stars.components import (
    ASH,
    BONUS_TOKENS,
    FORAGE,
    FORAGE_AT,
    LEFTOVER_VALUE,
    LINKS,
    OFFER_CARDS,
    PATHS,
    REGIONS,
    REWARDS,
    SINGLE_VALUE,
    TILES,
    VILLAGE_ADJACENT,
)


def test_the_player_board_is_a_hexagon_of_radius_three_with_bonus_tokens_on_four_corners():
    assert len(CELLS) == 37 and len(PLAYABLE) == 33
    assert {CELLS[i] for i in CORNERS.values()} == {(0, -3), (3, -3), (-3, 3), (0, 3)}


def test_every_seat_gets_the_same_set_of_38_tiles():
    m = new(4)
    for s in state(m).seats:
        assert sorted(s.bag + s.hand) == sorted(TILES)
    assert len(TILES) == 38


def test_side_a_of_every_tile_is_a_white_star_with_one_line():
    for t in TILES.values():
        assert t.a.colour == "white" and len(t.a.lines) == 1


def test_side_b_has_two_to_four_lines_mostly_coloured_a_few_white():
    colours = Counter(t.b.colour for t in TILES.values())
    assert all(2 <= len(t.b.lines) <= 4 for t in TILES.values())
    assert set(colours) == {"red", "blue", "yellow", "white"}
    assert 0 < colours["white"] <= 6
    assert colours["red"] == colours["blue"] == colours["yellow"]


def test_each_seat_gets_one_of_each_bonus_token_on_its_corners_in_random_order():
    orders = set()
    for seed in range(12):
        for s in state(new(4, seed)).seats:
            assert sorted(s.board.bonus) == sorted(CORNERS)
            assert sorted(s.board.bonus.values()) == sorted(BONUS_TOKENS)
            orders.add(tuple(s.board.bonus[c] for c in sorted(CORNERS)))
    assert len(orders) > 5


def test_each_seat_starts_with_one_light_of_each_colour_three_villagers_and_one_on_the_villager_token():
    m = new(3)
    for s in state(m).seats:
        assert s.light == [1, 1, 1]
        assert s.villagers == ["ready", "ready", "ready", "bonus"]
        assert s.stardust == 0 and s.score == 0
    assert state(m).supply_light == [27, 27, 27]
    assert state(m).supply_stardust == 50


def test_the_girl_starts_on_space_six_with_the_elders_in_random_order_right_behind_her():
    firsts = set()
    for seed in range(20):
        st = state(new(4, seed))
        assert st.girl == 6
        assert sorted(st.elders) == [2, 3, 4, 5]
        firsts.add(st.turn_order()[0])
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_foraging_space_holds_one_token_per_player(players):
    st = state(new(players))
    assert st.forage == {fid: players for fid in FORAGE}


def test_thirteen_foraging_spaces_four_fruit_three_fish_three_rabbit_three_antelope():
    kinds = Counter(f.kind for f in FORAGE.values())
    assert [kinds[k] for k in range(4)] == [4, 3, 3, 3]
    assert {f.early_reward for f in FORAGE.values()} == {"stardust", "1vp", "2vp"}
    for f in FORAGE.values():
        assert sum(f.cost) >= 1 and sum(f.early_cost) >= 1


def test_the_village_has_two_adjacent_path_spaces_and_every_foraging_space_one_doorstep():
    assert len(VILLAGE_ADJACENT) == 2
    assert len(FORAGE_AT) == 13 and set(FORAGE_AT) <= set(PATHS)
    seen, stack = set(VILLAGE_ADJACENT), list(VILLAGE_ADJACENT)
    while stack:
        for n in LINKS[stack.pop()]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert seen == set(PATHS), "every path space can be reached from the Village"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_connection_rewards_take_players_many_tokens_per_pile_highest_on_top(players):
    for seed in range(5):
        st = state(new(players, seed))
        for p, pile in enumerate(st.piles):
            assert len(pile) == players
            assert all(REWARDS[t][0] == p for t in pile)
            values = [REWARDS[t][1] for t in pile]
            assert values == sorted(values, reverse=True)
        assert len(st.rewards_unused) == 20 - 4 * players


def test_twenty_connection_reward_tokens_five_per_pile_worth_more_for_more_light():
    piles = Counter(p for p, _v in REWARDS.values())
    assert len(REWARDS) == 20 and set(piles.values()) == {5}
    means = [sum(v for p, v in REWARDS.values() if p == k) / 5 for k in range(4)]
    assert means == sorted(means) and len(set(means)) == 4


def test_offering_cards_four_of_three_to_five_spaces_one_face_up():
    assert len(OFFER_CARDS) == 4
    assert all(3 <= len(spaces) <= 5 for spaces in OFFER_CARDS.values())
    st = state(new(2))
    assert st.offer_card in OFFER_CARDS and len(st.offer_deck) == 3
    assert st.offer_filled == [False] * len(OFFER_CARDS[st.offer_card])


def test_single_offerings_are_worth_more_than_leftover_tokens():
    assert LEFTOVER_VALUE == (1, 2, 2, 3)  # fruit, fish, rabbit, antelope
    assert all(s > v for s, v in zip(SINGLE_VALUE, LEFTOVER_VALUE, strict=True))


def test_thirteen_wood_ash_tokens_two_of_each_action_and_three_x2_all_in_the_bag():
    assert Counter(ASH.values()) == {"scouting": 2, "foraging": 2, "offering": 2, "recall": 2, "stardust": 2, "x2": 3}
    assert state(new(2)).ash_bag == sorted(ASH)


def test_landing_odds_favour_colour_regions_and_make_the_centre_least_likely():
    weights = {r.name: r.weight for r in REGIONS}
    assert set(weights) == {"red", "blue", "yellow", "red_blue", "blue_yellow", "yellow_red", "centre"}
    colour = [weights[c] for c in ("red", "blue", "yellow")]
    border = [weights[c] for c in ("red_blue", "blue_yellow", "yellow_red")]
    assert min(colour) > max(border) > weights["centre"]


def test_round_one_begins_with_every_seat_holding_three_drawn_tiles():
    m = new(4)
    st = state(m)
    assert st.round == 1 and st.phase == "stargazing"
    assert all(len(s.hand) == 3 and len(s.bag) == 35 for s in st.seats)
    check(m)


def test_the_same_seed_sets_up_the_same_game_and_another_seed_another():
    assert new(3, 7).snapshot() == new(3, 7).snapshot()
    assert new(3, 7).snapshot()["state"] != new(3, 8).snapshot()["state"]
