"""Rules in the app, "What can I do now?" and the new-game confirmation, in a real Chromium
(issue 13; docs/accessibility.md). Every game's rules page is reachable from the picker and from
its table; the Rules dialog returns to the game with its state intact."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from site_helpers import PHONE, legal_moves, open_site, start_game, wait_state

import engine
from engine.help import describe

GAMES = ["splendor", "guild", "stars", "station"]
SECTIONS = ["setup", "turn", "scoring", "end", "examples", "rulings"]


def test_every_rules_page_is_linked_from_the_picker_and_organised_for_looking_things_up(
        page: Page, base_url: str) -> None:
    open_site(page, base_url)
    for game in GAMES:
        link = page.get_by_test_id(f"picker-rules-{game}")
        expect(link).to_be_visible()
        link.click()
        expect(page.locator("h1")).to_have_text(engine.GAMES[game]["title"])
        for section in SECTIONS:
            expect(page.locator(f"h2#{section}")).to_have_count(1)
            expect(page.locator(f"nav.toc a[href='#{section}']")).to_have_count(1)
        # the live example board is loaded on request, from this site's own embed
        page.get_by_test_id("load-example").click()
        frame = page.locator(".example-board iframe")
        expect(frame).to_have_attribute("src", f"../embed.html?position=examples%2F{game}-"
                                        + {"splendor": "noble", "guild": "commission", "stars": "constellation",
                                           "station": "install"}[game] + ".json&size=medium")
        page.go_back()
        expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=90_000)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_open_over_the_table_and_return_to_the_same_game(page: Page, base_url: str, game: str) -> None:
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    start_game(page, game, ["human", "greedy"], seed=4)
    assert wait_state(page) == "turn"
    view_before = page.evaluate("JSON.stringify(window.tabletop.view)")
    moves_before = legal_moves(page)
    page.get_by_test_id("rules-button").click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    rules = page.frame_locator("[data-testid=rules-frame]")
    expect(rules.locator("h1")).to_have_text(engine.GAMES[game]["title"])
    expect(rules.locator("h2#turn")).to_be_visible()
    expect(rules.locator("[data-standalone]").first).to_be_hidden()  # no way out of the game from inside
    page.get_by_test_id("rules-close").click()
    expect(dialog).to_be_hidden()
    assert page.evaluate("JSON.stringify(window.tabletop.view)") == view_before
    assert legal_moves(page) == moves_before
    # Escape closes it too, and focus returns to the Rules button
    page.get_by_test_id("rules-button").click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("rules-button")).to_be_focused()

    # "What can I do now?" is the engine's description of exactly the listed moves
    page.get_by_test_id("help-toggle").click()
    expected = describe(game, moves_before)
    expect(page.get_by_test_id("help-title")).to_have_text(expected["title"])
    expect(page.get_by_test_id("help-lines").locator("li")).to_have_text(expected["lines"])


def test_a_refused_tap_is_explained_with_the_engines_reason(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    start_game(page, "splendor", ["human", "greedy"], seed=4)
    assert wait_state(page) == "turn"
    listed = {m["card"] for m in legal_moves(page) if m["type"] == "buy"}
    table = page.get_by_test_id("table")
    card = next(c for c in table.locator(".market [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
                if c not in listed and c.startswith("3-"))
    table.locator(f".market [data-card='{card}']").click()
    table.get_by_test_id("action-panel").get_by_test_id("buy").click()
    toast = page.get_by_test_id("error-toast")
    expect(toast).to_be_visible()
    reason = toast.inner_text()
    assert reason
    expect(page.get_by_test_id("help-why")).to_have_text(f"Not allowed: {reason}")
    expect(page.get_by_test_id("help-body")).to_be_visible()


def test_new_game_during_a_game_asks_first(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    start_game(page, "guild", ["human", "greedy"], seed=2)
    assert wait_state(page) == "turn"
    page.get_by_test_id("new-game").click()
    ask = page.get_by_test_id("confirm-new-game")
    expect(ask).to_be_visible()
    expect(page.get_by_test_id("confirm-new-stay")).to_be_focused()
    page.get_by_test_id("confirm-new-stay").click()
    expect(ask).to_be_hidden()
    expect(page.get_by_test_id("table")).to_be_visible()
    assert legal_moves(page)
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("confirm-new-leave").click()
    expect(page.get_by_test_id("game-picker")).to_be_visible()


def test_a_guided_first_turn_points_at_the_place_to_tap_and_is_remembered(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    start_game(page, "guild", ["human", "greedy"], seed=2)
    assert wait_state(page) == "turn"
    tour = page.get_by_test_id("first-turn")
    expect(tour).to_be_visible()
    expect(tour).to_contain_text("supply")
    expect(page.locator("[data-testid=supply].tour-target")).to_have_count(1)
    page.get_by_test_id("first-turn-ok").click()
    expect(tour).to_be_hidden()
    expect(page.locator(".tour-target")).to_have_count(0)
    # dismissed once: a new game of the same game starts without it; another game still has its own
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("confirm-new-leave").click()
    start_game(page, "guild", ["human", "greedy"], seed=3)
    assert wait_state(page) == "turn"
    expect(tour).to_be_hidden()
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("confirm-new-leave").click()
    start_game(page, "station", ["human", "greedy"], seed=3)
    assert wait_state(page) == "turn"
    expect(tour).to_be_visible()
    expect(page.locator("[data-testid=credits].tour-target")).to_have_count(1)
    # the player's first move ends it too
    move = next(m for m in legal_moves(page) if m["type"] == "acquire" and len(m["credits"]) == 1)
    page.get_by_test_id(f"credit-{move['credits'][0]}").click()
    page.get_by_test_id("table").get_by_test_id("take").click()
    assert wait_state(page) == "turn"
    expect(tour).to_be_hidden()
