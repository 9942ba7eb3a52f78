"""The station game on the site, in a real Chromium against the built site with real Pyodide,
at phone size (390×844).

Every human move is made by clicking, as a person would: displayed credits then Take; a market
module, a payment, then a glowing node of the station (or the Dry Dock); the bonus credit after
an exact payment; a Dry Dock module then a node; a station module then "Move to the Dry Dock".
A CPython twin of the match (the same engine, the same deterministic bots) follows the game, so
the test knows what the browser must show and which move the human makes.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from site_helpers import (
    PHONE,
    moves_made,
    no_horizontal_scroll,
    open_site,
    read_json,
    start_game,
    wait_moves_beyond,
    wait_state,
)

import engine
from engine.bots import choose_move


def shown_name(seats: list[str], seat: int) -> str:
    """The name the page gives a seat: the engine's (computers by level, numbered when one repeats)."""
    from engine.table.names import seat_names
    return seat_names([{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in seats])[seat]

def start_station(page: Page, seats: list[str], seed: int) -> None:
    """From the picker: the station game, one seat per entry of `seats`."""
    start_game(page, "station", seats, seed)


def node(page: Page, where: dict):
    return page.locator(f".sn-mine [data-testid=node-{where['ring']}-{where['sector']}]")


def click_move(page: Page, twin, seat: int, move: dict) -> None:
    """Performs one listed station move through the UI."""
    table = page.get_by_test_id("table")
    kind = move["type"]
    if kind == "acquire":
        for cid in move["credits"]:
            table.get_by_test_id(f"credit-{cid}").click()
        table.get_by_test_id("take").click()
    elif kind == "purchase":
        berth = next(b["berth"] for b in twin.view(seat)["market"]
                     if b["module"] and b["module"]["id"] == move["module"])
        table.get_by_test_id(f"berth-{berth}").click()
        pay = table.get_by_test_id("pay-" + "-".join(str(v) for v in move["pay"]))
        pay.click()
        expect(pay).to_have_attribute("aria-pressed", "true")
        if move["to"] == "dock":
            table.get_by_test_id("to-dock").click()
        else:
            target = node(page, move["to"])
            expect(target).to_have_class(re.compile(r"\blegal\b"))  # highlighted from the listing
            # every highlighted node is a listed destination of this purchase
            lit = page.locator(".sn-mine .sn-node.legal").evaluate_all("els => els.map((e) => e.dataset.node)")
            listed = {f"{m['to']['ring']},{m['to']['sector']}" for m in twin.legal_moves(seat)
                      if m["type"] == "purchase" and m["module"] == move["module"] and m["pay"] == move["pay"]
                      and m["to"] != "dock"}
            assert set(lit) == listed
            target.click()
            table.get_by_test_id("confirm-node").click()
    elif kind == "bonus":
        table.get_by_test_id(f"bonus-{move['credit']}").click()
    elif kind == "decline":
        table.get_by_test_id("decline").click()
    elif kind == "reconfigure":
        if move["op"] == "remove":
            node(page, move["at"]).click()
            table.get_by_test_id("remove").click()
        else:
            table.get_by_test_id(f"dock-{move['module']}").click()
            target = node(page, move["to"] if move["op"] == "install" else move["at"])
            expect(target).to_have_class(re.compile(r"\blegal\b"))
            target.click()
            table.get_by_test_id("confirm-node").click()
    elif kind == "pass":
        table.get_by_test_id("pass").click()
    else:
        raise AssertionError(move)


def test_game_against_computers_to_results(page: Page, base_url: str, origin_requests) -> None:
    seats = ["human", "greedy"]
    seed = 5
    twin = engine.new_match("station", 2, seed=seed)
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    start_station(page, seats, seed)
    # each seat's chip says what plays it, a computer with its level, as in the other games
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("seat-0").locator(".seat-kind")).to_have_text("human")
    expect(table.get_by_test_id("seat-1").locator(".seat-kind")).to_have_text("computer · greedy")

    seen: set[str] = set()
    checked: set[str] = set()
    human_moves = 0
    while True:
        state = wait_state(page)
        if state == "results":
            break
        assert state == "turn", state
        # the computer seats' moves, replayed on the twin from the page's log count
        while not twin.is_over() and seats[twin.to_act()[0]] != "human":
            s = twin.to_act()[0]
            twin.play(s, choose_move(twin, s, seats[s]))
        assert page.evaluate("window.tabletop.seat") == 0 and twin.to_act()[0] == 0
        shown = read_json(page, "window.tabletop.view")
        assert shown == twin.view(0)
        assert read_json(page, "window.tabletop.legalMoves") == twin.legal_moves(0)
        # what everyone saw: the computer's credits taken face up, and the face-up discard pile
        taken = shown["seats"][1]["hand_seen"]
        if taken and "seen credits" not in checked:
            text = ", ".join(f"{c['guild']} {c['value']}" for c in taken)
            expect(page.get_by_test_id("credits-1")).to_contain_text(f"seen: {text}")
            checked.add("seen credits")
        pile = shown["credits"]["discard_pile"]
        if pile and "discard pile" not in checked:
            expect(page.get_by_test_id("discard-pile")).to_contain_text(f"Discard pile ({len(pile)})")
            checked.add("discard pile")
        if human_moves == 0:
            no_horizontal_scroll(page)
            expect(page.get_by_test_id("hand").locator(".credit")).to_have_count(len(shown["seats"][0]["hand"]))
            expect(page.locator(".sn-mine .sn-node")).to_have_count(30)
        move = choose_move(twin, 0, "greedy")
        seen.add(move["type"] if move["type"] != "reconfigure" else f"reconfigure-{move['op']}")
        before = moves_made(page)
        click_move(page, twin, 0, move)
        twin.play(0, move)
        wait_moves_beyond(page, before)
        human_moves += 1
        assert human_moves < 300, "the game does not end"
    while not twin.is_over():
        s = twin.to_act()[0]
        twin.play(s, choose_move(twin, s, seats[s]))

    assert {"acquire", "purchase"} <= seen, seen
    assert checked == {"seen credits", "discard pile"}, checked
    result = twin.result()
    results = page.get_by_test_id("results")
    expect(results).to_be_visible()
    expect(results.get_by_test_id("decided-by")).to_have_attribute("data-decided-by", result["decided_by"])
    expect(results.locator("thead").first).to_contain_text("Renown")
    for seat, score in enumerate(result["scores"]):
        row = results.locator(f"table.scores tbody tr[data-seat='{seat}']")
        expect(row.locator("td").nth(0)).to_have_text(str(score))
    breakdown = results.get_by_test_id("breakdown")
    for key in ("synergy", "storms", "shield"):
        expect(breakdown.locator(f"tr[data-row='{key}'] td")).to_have_text([str(r[key]) for r in result["renown"]])
    winners = " and ".join(shown_name(seats, w) for w in result["winners"])
    expect(results.get_by_test_id("winner")).to_contain_text(winners)
    # the Storms as tables, the Final one included
    storms = page.get_by_test_id("storms")
    for st in twin.view(None)["storms"]:
        expect(storms.get_by_test_id(f"storm-{st['storm']}")).to_be_visible()
    expect(storms.get_by_test_id("storm-Final")).to_be_visible()
    no_horizontal_scroll(page)
    log = page.get_by_test_id("move-log")
    expect(log).to_contain_text("Game over")
    expect(log).to_contain_text("bought")
    origin_requests.assert_same_origin()
    results.get_by_test_id("results-new-game").click()
    expect(page.get_by_test_id("game-picker")).to_be_visible()
