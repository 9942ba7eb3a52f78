"""The Splendor site in a real Chromium, against the built site with real Pyodide.

Every move here is made by clicking, as a person would. The test reads the seat's listed
legal moves from `window.tabletop.legalMoves` (the app exposes what it shows) only to choose
which one to click through.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page, expect
from site_helpers import (
    PHONE,
    TURN_TIMEOUT_MS,
    legal_moves,
    moves_made,
    no_horizontal_scroll,
    read_json,
    wait_turn_or_end,
)
from site_helpers import open_site as open_any_site
from site_helpers import start_game as start_any_game

import engine

# ----------------------------------------------------------------------------- helpers

def open_site(page: Page, base_url: str) -> None:
    """The site up to the picker, the loading screen seen first."""
    open_any_site(page, base_url, watch_loading=True)


def start_game(page: Page, seats: list[str], seed: int | None = None) -> None:
    """From the picker: Splendor, len(seats) players, each 'human' / 'greedy' / 'random'."""
    start_any_game(page, "splendor", seats, seed)


def click_move(page: Page, move: dict) -> None:
    """Performs one listed move through the UI."""
    table = page.get_by_test_id("table")
    panel = table.get_by_test_id("action-panel")
    kind = move["type"]
    if kind == "take":
        for color, n in move["gems"].items():
            for _ in range(n):
                table.get_by_test_id("bank").locator(f"[data-color={color}]").click()
        panel.get_by_test_id("confirm-take").click()
    elif kind == "reserve":
        if "tier" in move:
            table.locator(f".deck[data-tier='{move['tier']}']").click()
        else:
            table.locator(f".market [data-card='{move['card']}']").click()
        panel.get_by_test_id("reserve").click()
    elif kind == "buy":
        table.locator(f".market [data-card='{move['card']}'], .seat.mine [data-card='{move['card']}']").first.click()
        panel.get_by_test_id("buy").click()
        pay = json.dumps(move["pay"], sort_keys=True)
        proposed = json.loads(panel.get_by_test_id("payment").get_attribute("data-pay"))
        if json.dumps(proposed, sort_keys=True) != pay:
            for radio in panel.locator("[data-action=pick-pay]").all():
                if json.dumps(json.loads(radio.get_attribute("data-pay")), sort_keys=True) == pay:
                    radio.click()
                    break
            else:
                raise AssertionError(f"payment {pay} is not offered")
        got = json.loads(panel.get_by_test_id("payment").get_attribute("data-pay"))
        assert json.dumps(got, sort_keys=True) == pay
        panel.get_by_test_id("confirm-buy").click()
    elif kind == "return":
        for color, n in move["gems"].items():
            for _ in range(n):
                panel.locator(f"[data-action=return-pick][data-color={color}]").click()
        panel.get_by_test_id("confirm-return").click()
    elif kind == "noble":
        panel.locator(f"[data-action=noble][data-noble={move['noble']}]").click()
    elif kind == "pass":
        panel.get_by_test_id("pass").click()
    else:
        raise AssertionError(f"unknown move {move}")


def choose(page: Page, moves: list[dict], rng: random.Random) -> dict:
    """A fair human: buys the card worth most (any listed payment), else mostly takes gems."""
    buys = [m for m in moves if m["type"] == "buy"]
    if buys:
        view = read_json(page, "window.tabletop.view")
        me = view["seats"][view["seat"]]
        cards = [c for row in view["market"] for c in row if c] + [c for c in me["reserved"] if "id" in c]
        points = {c["id"]: c["points"] for c in cards}
        best = max(points[m["card"]] for m in buys)
        return rng.choice([m for m in buys if points[m["card"]] == best])
    takes = [m for m in moves if m["type"] == "take"]
    if takes and rng.random() < 0.85:
        return rng.choice(takes)
    return rng.choice(moves)


# ----------------------------------------------------------------------------- tests

@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_human_vs_computer_game_to_results(page: Page, base_url: str, origin_requests, viewport) -> None:
    page.set_viewport_size(viewport)
    open_site(page, base_url)
    start_game(page, ["human", "greedy"], seed=11)
    rng = random.Random(11)
    human_moves = 0
    while True:
        state = wait_turn_or_end(page)
        if state == "results":
            break
        assert state == "turn", state
        assert page.evaluate("window.tabletop.seat") == 0
        before = moves_made(page)
        click_move(page, choose(page, legal_moves(page), rng))
        page.wait_for_function(f"() => Number(document.querySelector('[data-testid=table]').dataset.moves) > {before}",
                               timeout=TURN_TIMEOUT_MS)
        human_moves += 1
        assert human_moves < 400, "the game does not end"

    results = page.get_by_test_id("results")
    expect(results).to_be_visible()
    decided = results.get_by_test_id("decided-by").get_attribute("data-decided-by")
    assert decided in ("prestige", "fewest cards", "shared")
    expect(results.locator("tbody tr")).to_have_count(2)
    expect(results.get_by_test_id("winner")).to_contain_text("win" if decided != "shared" else "Shared")
    log = page.get_by_test_id("move-log")
    expect(log).to_contain_text("Game over")
    assert log.locator("li").count() > human_moves
    no_horizontal_scroll(page)
    origin_requests.assert_same_origin()

    # a new game from the results screen
    results.get_by_test_id("results-new-game").click()
    expect(page.get_by_test_id("game-picker")).to_be_visible()


def test_pass_and_play_handover_hides_reservations(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    start_game(page, ["human", "human"], seed=5)
    assert wait_turn_or_end(page) == "turn"
    assert page.evaluate("window.tabletop.seat") == 0

    # seat 0 reserves the top card of the tier 2 deck
    click_move(page, {"type": "reserve", "tier": 2})
    # seat 0 still holds the device: it sees its own result, the drawn card face up
    assert wait_turn_or_end(page) == "end-turn"
    mine = page.locator("[data-testid=reserved-0] [data-card]")
    expect(mine).to_have_count(1)
    card_id = mine.get_attribute("data-card")
    assert card_id and card_id.startswith("2-")
    page.get_by_test_id("end-turn").click()

    handover = page.get_by_test_id("handover")
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Pass the device to Seat 2")
    html = page.content()
    assert card_id not in html, "seat 0's hidden reservation is in the DOM during the hand-over"
    assert read_json(page, "window.tabletop.view") is None
    assert read_json(page, "window.tabletop.legalMoves") == []

    handover.get_by_test_id("handover-ready").click()
    assert wait_turn_or_end(page) == "turn"
    assert page.evaluate("window.tabletop.seat") == 1
    # seat 1 sees a face-down tier-2 card in seat 0's reservations, and nothing else of it
    other = page.get_by_test_id("seat-0").get_by_test_id("reserved-0")
    expect(other.locator("[data-hidden=true].tier-2")).to_have_count(1)
    expect(other.locator("[data-card]")).to_have_count(0)
    assert card_id not in page.content()
    assert card_id not in json.dumps(read_json(page, "window.tabletop.view"))


def test_refused_attempt_shows_engine_reason(page: Page, base_url: str) -> None:
    seed = 3
    open_site(page, base_url)
    start_game(page, ["human", "greedy"], seed=seed)
    assert wait_turn_or_end(page) == "turn"
    moves = legal_moves(page)
    assert not [m for m in moves if m["type"] == "buy"], "nobody can buy on the first turn"

    # what the engine itself says about buying the first tier-3 card at its printed price
    match = engine.new_match("splendor", 2, seed=seed)
    card = match.view(0)["market"][2][0]
    attempt = {"type": "buy", "card": card["id"], "pay": card["cost"]}
    with pytest.raises(engine.IllegalMove) as refused:
        match.play(0, attempt)
    reason = refused.value.reason

    table = page.get_by_test_id("table")
    table.locator(f".market [data-card='{card['id']}']").click()
    table.get_by_test_id("action-panel").get_by_test_id("buy").click()
    toast = page.get_by_test_id("error-toast")
    expect(toast).to_be_visible()
    expect(toast).to_have_text(reason)
    # the table is as before, still this seat's turn
    assert moves_made(page) == 0
    assert wait_turn_or_end(page) == "turn"
    assert legal_moves(page) == moves


def test_phone_layout_has_no_horizontal_scroll(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    no_horizontal_scroll(page)
    page.get_by_test_id("pick-splendor").click()
    no_horizontal_scroll(page)
    page.get_by_test_id("new-game-form").locator("label:has([data-testid=players-4])").click()
    page.get_by_test_id("seat-kind-1").select_option("human")
    page.get_by_test_id("start-game").click()
    assert wait_turn_or_end(page) == "turn"
    no_horizontal_scroll(page)
    # the market's five columns fit: every card is inside the viewport horizontally
    boxes = page.evaluate("""() => [...document.querySelectorAll('.market .card, .market .deck')]
        .map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.width]; })""")
    assert len(boxes) == 15
    assert all(left >= 0 and right <= PHONE["width"] and w >= 56 for left, right, w in boxes)
    # open a card's actions and the payment-free panels: still no horizontal scroll
    page.locator(".market [data-card]").first.click()
    no_horizontal_scroll(page)
    click_move(page, legal_moves(page)[0] if legal_moves(page)[0]["type"] == "take" else
               next(m for m in legal_moves(page) if m["type"] == "take"))
    assert wait_turn_or_end(page) in ("end-turn", "turn", "handover")
    no_horizontal_scroll(page)


def seed_with_return_and_noble() -> int:
    """The first seed on which seat 0, playing the greedy bot's choices against it, must return
    tokens and choose between nobles: played out in CPython, so that a change to the bot never
    leaves the test without the situations it is about."""
    from engine.bots import choose_move

    for seed in range(1000):
        m = engine.new_match("splendor", 2, seed=seed)
        seen: set[str] = set()
        while not m.is_over() and not {"return", "noble"} <= seen:
            seat = m.to_act()[0]
            if seat == 0:
                seen.add(m.view(0)["turn"]["phase"])
            m.play(seat, choose_move(m, seat, "greedy"))
        if {"return", "noble"} <= seen:
            return seed
    raise AssertionError("no seed in 0..999 makes the greedy seat return tokens and choose a noble")


@pytest.mark.long
def test_return_and_noble_choices_mirror_the_engine(page: Page, base_url: str) -> None:
    """Seat 0 plays the greedy bot's choices by clicking, on a seed where it must return
    tokens and choose between nobles; a CPython twin of the match checks every view."""
    from engine.bots import choose_move

    seed = seed_with_return_and_noble()
    twin = engine.new_match("splendor", 2, seed=seed)
    open_site(page, base_url)
    start_game(page, ["human", "greedy"], seed=seed)
    seen: set[str] = set()
    while not {"return", "noble"} <= seen:
        # the computer's moves happened in the browser: replay them in the twin
        while not twin.is_over() and twin.to_act() != [0]:
            twin.play(1, choose_move(twin, 1, "greedy"))
        assert wait_turn_or_end(page) == "turn"
        assert read_json(page, "window.tabletop.view") == twin.view(0)
        assert legal_moves(page) == twin.legal_moves(0)
        move = choose_move(twin, 0, "greedy")
        phase = twin.view(0)["turn"]["phase"]
        seen.add(phase)
        if phase == "noble":
            expect(page.get_by_test_id("action-panel").locator("[data-action=noble]")).to_have_count(
                len([m for m in twin.legal_moves(0) if m["type"] == "noble"]))
        before = moves_made(page)
        click_move(page, move)
        twin.play(0, move)
        page.wait_for_function(f"() => Number(document.querySelector('[data-testid=table]').dataset.moves) > {before}",
                               timeout=TURN_TIMEOUT_MS)
    log = page.get_by_test_id("move-log")
    expect(log).to_contain_text("returned")
    expect(log).to_contain_text("A noble visits Seat 1")


def test_boot_failure_is_shown_with_a_retry(page: Page, base_url: str) -> None:
    page.route("**/worker/engine-worker.js", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(base_url)
    expect(page.get_by_test_id("loading")).to_be_visible()
    expect(page.locator("#boot-error")).to_be_visible(timeout=30_000)
    expect(page.locator("#boot-error")).not_to_be_empty()
    expect(page.locator("#boot-retry")).to_be_visible()
    expect(page.get_by_test_id("game-picker")).to_be_hidden()
