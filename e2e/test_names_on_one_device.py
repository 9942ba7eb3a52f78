"""Names in a single-device game (issue 19): pass-and-play and solo ask for names on the new-game
form (defaults allowed), the engine cleans them (op seat_names, engine/table/names.py), computers
are named by level, and a markup-looking name is shown as text on the hand-over, the table, the
move log and the results. The names are remembered on the device for the next game."""

from __future__ import annotations

from net_support import greedy
from playwright.sync_api import Page, expect
from site_helpers import TURN_TIMEOUT_MS, open_site, read_json, wait_state

MARKUP = "<i>Zed</i><img src=y>"


def fill_form(page: Page, game: str, seats: list[str], names: dict[int, str], seed: int) -> None:
    page.get_by_test_id(f"pick-{game}").click()
    form = page.get_by_test_id("new-game-form")
    form.locator(f"label:has([data-testid=players-{len(seats)}])").click()
    for i, kind in enumerate(seats):
        form.get_by_test_id(f"seat-kind-{i}").select_option(kind)
        field = form.get_by_test_id(f"seat-name-{i}")
        if kind == "human":
            expect(field).to_be_visible()
            field.fill(names.get(i, ""))
        else:
            expect(field).to_be_hidden()
    form.locator("#seed-input").fill(str(seed))
    form.get_by_test_id("start-game").click()


def test_pass_and_play_names_are_asked_cleaned_and_shown_as_text(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    fill_form(page, "splendor", ["human", "human"], {0: "  Ana\u202e ", 1: MARKUP}, seed=5)
    assert wait_state(page) == "turn"
    table = page.get_by_test_id("table")
    expect(table).to_contain_text("Ana")
    expect(table).to_contain_text(MARKUP)
    move = read_json(page, "window.tabletop.legalMoves")[0]
    assert page.evaluate("(m) => window.tabletop.play(m)", move)
    end_turn = page.get_by_test_id("end-turn")
    expect(end_turn).to_have_text(f"Pass the device to {MARKUP}", timeout=TURN_TIMEOUT_MS)
    end_turn.click()
    handover = page.get_by_test_id("handover")
    expect(handover).to_contain_text(f"Pass the device to {MARKUP}")
    log = page.get_by_test_id("move-log")
    expect(log).to_contain_text("Ana")
    assert page.locator("#app i:text('Zed'), #app img[src=y]").count() == 0
    assert "\u202e" not in log.inner_text()
    # remembered on this device for the next game's form
    assert page.evaluate("() => localStorage.getItem('tabletop.name')") == "Ana\u202e"
    open_site(page, base_url)
    page.get_by_test_id("pick-splendor").click()
    expect(page.get_by_test_id("seat-name-0")).to_have_value("Ana\u202e")
    expect(page.get_by_test_id("seat-name-1")).to_have_value(MARKUP)


def test_solo_names_the_computer_by_its_level_and_the_winner_by_name(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    fill_form(page, "splendor", ["greedy", "human"], {1: "Bea"}, seed=3)
    page.wait_for_function("() => window.tabletop.legalMoves.length > 0", timeout=TURN_TIMEOUT_MS)
    expect(page.get_by_test_id("table")).to_contain_text("Computer (greedy)")
    expect(page.get_by_test_id("move-log")).to_contain_text("Seat 2: Bea (human)")
    for _ in range(400):
        state = wait_state(page)
        if state == "results":
            break
        if state == "end-turn":
            page.get_by_test_id("end-turn").click()
        elif state == "turn":
            view, moves = read_json(page, "[window.tabletop.view, window.tabletop.legalMoves]")
            before = page.evaluate("document.querySelector('[data-testid=table]').dataset.moves")
            assert page.evaluate("(m) => window.tabletop.play(m)", greedy(view, moves, int(before), 1))
            page.wait_for_function(f"() => document.querySelector('[data-testid=table]').dataset.moves !== '{before}'")
    winner = page.get_by_test_id("winner").inner_text()
    assert winner in ("Bea wins!", "Computer (greedy) wins!") or winner.startswith("Shared victory: ")
