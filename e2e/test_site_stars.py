"""The Girl Who Made the Stars on the site, in a real Chromium against the built site with real
Pyodide, at phone size (390×844).

Every move is made by clicking, as a person would: a tile chosen in the tray, flipped and
turned, a glowing cell tapped then Place; wood ash from the night sky; the six actions with
their way of paying; scouting space by space on the main board. A CPython twin of the match
(the same engine, the same deterministic bots) follows the game, so the test knows what the
browser must show and which move the human makes, without reimplementing any rule.
"""

from __future__ import annotations

import collections
import json
import random
import re

import pytest
from playwright.sync_api import Page, expect
from site_helpers import (
    PHONE,
    moves_made,
    no_horizontal_scroll,
    read_json,
    start_game,
    wait_moves_beyond,
    wait_state,
)
from site_helpers import open_site as open_any_site

import engine
from engine.bots import choose_move

COLOURS = ["red", "blue", "yellow"]


# ----------------------------------------------------------------------------- helpers


def shown_name(seats: list[str], seat: int) -> str:
    """The name the page gives a seat: the engine's (computers by level, numbered when one repeats)."""
    from engine.table.names import seat_names
    return seat_names([{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in seats])[seat]

def open_site(page: Page, base_url: str) -> None:
    """The site at phone size, up to the picker."""
    page.set_viewport_size(PHONE)
    open_any_site(page, base_url)


def start_stars(page: Page, seats: list[str], seed: int) -> None:
    """From the picker: The Girl Who Made the Stars, one seat per entry of `seats`."""
    start_game(page, "stars", seats, seed)


def cell_key(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def choose_tile(page: Page, tile: str, side: str, rotation: int) -> None:
    """Pick a tile in the tray and flip/turn it to `side` and `rotation` with the buttons."""
    table = page.get_by_test_id("table")
    table.get_by_test_id(f"hand-tile-{tile}").click()
    expect(table.get_by_test_id(f"hand-tile-{tile}")).to_have_attribute("aria-pressed", "true")
    if table.get_by_test_id("tile-side").get_attribute("data-side") != side:
        table.get_by_test_id("flip").click()
    expect(table.get_by_test_id("tile-side")).to_have_attribute("data-side", side)
    for _ in range(6):
        if int(table.get_by_test_id("tile-rot").get_attribute("data-rot")) == rotation:
            break
        table.get_by_test_id("rotate-cw").click()
    expect(table.get_by_test_id("tile-rot")).to_have_attribute("data-rot", str(rotation))


def board_cell(page: Page, cell) -> object:
    return page.locator(f".st-mine [data-action=cell][data-cell='{cell_key(cell)}']")


def click_move(page: Page, move: dict) -> None:
    """Performs one listed Stars move through the UI."""
    table = page.get_by_test_id("table")
    panel = table.get_by_test_id("action-panel")
    kind = move["type"]
    if kind == "place":
        choose_tile(page, move["tile"], move["side"], move["rotation"])
        cell = board_cell(page, move["cell"])
        expect(cell).to_have_class(re.compile(r"\bfit\b"))  # highlighted as legal
        cell.click()
        table.get_by_test_id("place").click()
    elif kind == "set_aside":
        table.get_by_test_id(f"hand-tile-{move['tile']}").click()
        table.get_by_test_id("set-aside").click()
    elif kind == "stardust":
        toggle = panel.get_by_test_id("stardust-mode")
        if toggle.get_attribute("aria-pressed") != "true":
            toggle.click()
        board_cell(page, move["cell"]).click()
        table.locator(".st-mine").get_by_test_id("spend-stardust").click()  # right under the board
    elif kind == "bonus":
        panel.get_by_test_id(f"bonus-{move['token'] or 'none'}").click()
    elif kind in ("ash_keep", "ash_light"):
        page.locator(f".dish [data-ash='{move['token']}']").click()  # the token in the night sky
        dish = table.get_by_test_id("wood-ash")  # its choices come right under the dish
        if kind == "ash_keep":
            dish.get_by_test_id("ash-keep").click()
        else:
            cols = [c for c in COLOURS for _ in range(move["light"].get(c, 0))]
            dish.get_by_test_id(f"ash-light-{'-'.join(cols) or 'none'}").click()
    elif kind in ("scout", "gain_stardust"):
        panel.get_by_test_id(f"act-{kind}").click()
        panel.get_by_test_id(f"via-{move['via']}").click()
    elif kind == "scout_step":
        page.locator(f".mainboard [data-path='{move['space']}']").click()
        step = "end" if move["end"] else "continue"
        table.get_by_test_id("main-board").get_by_test_id(f"step-{move['colour']}-{step}").click()
    elif kind == "scout_cancel":
        panel.get_by_test_id("scout-cancel").click()
    elif kind == "forage":
        page.locator(f".mainboard [data-forage='{move['space']}']").click()
        confirm = table.get_by_test_id("map-confirm")  # under the main board
        expect(confirm.get_by_test_id("forage-info")).to_contain_text(move["space"])
        confirm.get_by_test_id(f"via-{move['via']}").click()
    elif kind == "offer":
        panel.get_by_test_id("act-offer").click()
        which = f"kind-{move['kind']}" if "kind" in move else f"space-{move['space']}"
        panel.get_by_test_id(f"offer-{which}").click()
        panel.get_by_test_id(f"via-{move['via']}").click()
    elif kind == "stargaze":
        page.locator(f".nightsky [data-space='{move['space']}']").click()
        table.locator(".sky-wrap").get_by_test_id("via-action").click()
    elif kind == "recall":
        panel.get_by_test_id("act-recall").click()
        for v in move["villagers"]:
            panel.get_by_test_id(f"recall-v{v}").check()
        panel.get_by_test_id(f"via-{move['via']}").click()
    elif kind == "end_turn":
        panel.get_by_test_id("end-action-turn").click()
    elif kind == "done":
        panel.get_by_test_id("done").click()
    else:
        raise AssertionError(f"unknown move {move}")


def human_policy(match, seat: int, rng: random.Random, memo: dict) -> dict:
    """A fair human: the greedy bot's choice, but sometimes keeps wood ash or spends stardust,
    and takes back one scouting path once, so that every control gets clicked."""
    moves = match.legal_moves(seat)
    by = collections.defaultdict(list)
    for m in moves:
        by[m["type"]].append(m)
    if (by["scout_cancel"] and by["scout_step"] and not memo.get("cancelled")
            and match.view(seat)["turn"]["scout"]["path"]):
        memo["cancelled"] = True
        return by["scout_cancel"][0]
    if by["ash_keep"] and rng.random() < 0.35:
        return rng.choice(by["ash_keep"])
    if by["stardust"] and not by["bonus"] and rng.random() < 0.12:
        return rng.choice(by["stardust"])
    return choose_move(match, seat, "greedy")


def seen_kinds(move: dict) -> set[str]:
    out = {move["type"]}
    if move["type"] == "place":
        out.add("side" + move["side"])
    if move.get("via") == "ash":
        out.add("via_ash")
    if move["type"] == "scout_step" and move["end"]:
        out.add("scout_end")
    if move["type"] == "offer":
        out.add("offer_kind" if "kind" in move else "offer_space")
    return out


EVERYTHING = {"place", "sideA", "sideB", "stardust", "bonus", "ash_keep", "ash_light", "scout", "scout_step",
              "scout_end", "scout_cancel", "forage", "offer_kind", "offer_space", "stargaze", "recall", "gain_stardust",
              "end_turn", "via_ash", "done"}


def simulate(seed: int, seats: list[str]) -> set[str]:
    match = engine.new_match("stars", len(seats), seed=seed)
    rng, memo, seen = random.Random(seed), {}, set()
    while not match.is_over():
        seat = match.to_act()[0]
        if seats[seat] == "human":
            move = human_policy(match, seat, rng, memo)
            seen |= seen_kinds(move)
        else:
            move = choose_move(match, seat, seats[seat])
        match.play(seat, move)
    return seen


def seed_showing_everything(seats: list[str]) -> int:
    """A seed on which the human uses every kind of control (found in CPython, so data or bot
    changes heal themselves)."""
    for seed in range(1, 300):
        if simulate(seed, seats) >= EVERYTHING:
            return seed
    raise AssertionError("no seed in 1..299 makes the human use every control")


# Records every message between the page and its engine worker (both directions, as text).
RECORD_WORKER_TRAFFIC = """
(() => {
  const log = window.__traffic = [];
  const text = (d) => (typeof d === "string" ? d : JSON.stringify(d));
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => log.push({ dir: "in", data: text(e.data) }));
    }
    postMessage(msg, ...rest) {
      log.push({ dir: "out", data: text(msg) });
      return super.postMessage(msg, ...rest);
    }
  };
})();
"""


def check_table(page: Page, twin, me: int) -> dict:
    """The browser shows exactly the twin's view of the human seat, and its listed moves."""
    view = read_json(page, "window.tabletop.view")
    assert view == twin.view(me)
    assert read_json(page, "window.tabletop.legalMoves") == twin.legal_moves(me)
    expect(page.get_by_test_id("round")).to_contain_text(f"Round {view['round']} of 8")
    return view


# ----------------------------------------------------------------------------- tests

@pytest.mark.long
def test_game_against_computers_to_results(page: Page, base_url: str, origin_requests) -> None:
    """Seat 1 is the human between two greedy computers, on a phone-sized page; every control
    is clicked, every view is the twin's, and the game runs to the results screen."""
    seats = ["human", "greedy", "greedy"]
    me = 0
    seed = seed_showing_everything(seats)
    twin = engine.new_match("stars", len(seats), seed=seed)
    rng, memo = random.Random(seed), {}
    open_site(page, base_url)
    start_stars(page, seats, seed)
    seen: set[str] = set()
    phases_checked: set[str] = set()
    human_moves = 0
    while True:
        while not twin.is_over() and seats[twin.to_act()[0]] != "human":
            seat = twin.to_act()[0]
            twin.play(seat, choose_move(twin, seat, seats[seat]))
        state = wait_state(page)
        if state == "results":
            assert twin.is_over()
            break
        assert state == "turn", state
        assert page.evaluate("window.tabletop.seat") == me
        view = check_table(page, twin, me)
        phase = view["phase"]
        if phase not in phases_checked:  # each phase once: the page fits a phone
            phases_checked.add(phase)
            no_horizontal_scroll(page)
            expect(page.locator(".st-status .phases li.now")).to_have_count(1)
        if phase == "stargazing" and twin.legal_moves(me)[0]["type"] == "place":
            hand = [t["id"] for t in view["seats"][me]["hand"]]
            expect(page.locator(".hand-tile")).to_have_count(len(hand))
        move = human_policy(twin, me, rng, memo)
        seen |= seen_kinds(move)
        before = moves_made(page)
        click_move(page, move)
        twin.play(me, move)
        wait_moves_beyond(page, before)
        human_moves += 1
        assert human_moves < 400, "the game does not end"
    assert seen >= EVERYTHING, EVERYTHING - seen
    assert {"stargazing", "wood_ash", "action"} <= phases_checked

    result = twin.result()
    results = page.get_by_test_id("results")
    expect(results).to_be_visible()
    expect(results.get_by_test_id("decided-by")).to_have_attribute("data-decided-by", result["decided_by"])
    expect(results.locator("thead").first).to_contain_text("VP")
    expect(results.locator("thead").first).to_contain_text("Light + stardust")
    rows = results.locator("table.scores").first.locator("tbody tr")
    expect(rows).to_have_count(3)
    for seat, score in enumerate(result["scores"]):
        row = results.locator(f"tbody tr[data-seat='{seat}']")
        expect(row.locator("td").nth(0)).to_have_text(str(score))
        expect(row.locator("td").nth(1)).to_have_text(str(result["light_and_stardust"][seat]))
    # the breakdown: VP by way of scoring and both tie-break values, per seat
    breakdown = results.get_by_test_id("breakdown")
    for key in ("constellations", "scouting", "offerings", "early_bird", "leftover", "unplaced"):
        cells = breakdown.locator(f"tr[data-row='{key}'] td")
        expect(cells).to_have_text([str(p[key]) for p in result["points"]])
    expect(breakdown.locator("tr[data-row='vacant_spaces'] td")).to_have_text([str(n) for n in result["vacant_spaces"]])
    winners = " and ".join(shown_name(seats, w) for w in result["winners"])
    expect(results.get_by_test_id("winner")).to_contain_text(winners)
    no_horizontal_scroll(page)
    log = page.get_by_test_id("move-log")
    expect(log).to_contain_text("Game over")
    expect(log).to_contain_text("completed a constellation")
    expect(log).to_contain_text("scouted")
    origin_requests.assert_same_origin()
    results.get_by_test_id("results-new-game").click()
    expect(page.get_by_test_id("game-picker")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.game") is None


def _drive_until(page: Page, twin, seats, until, policy) -> str:
    """Clicks the human seats' moves (chosen by `policy(seat)`) until `until(twin)` is true;
    returns the page's state then."""
    for _ in range(200):
        if until(twin):
            return wait_state(page)
        state = wait_state(page)
        if state == "handover":
            page.get_by_test_id("handover-ready").click()
            continue
        if state == "end-turn":
            page.get_by_test_id("end-turn").click()
            continue
        assert state == "turn", state
        seat = page.evaluate("window.tabletop.seat")
        assert seat == twin.to_act()[0] and seats[seat] == "human"
        move = policy(seat)
        before = moves_made(page)
        click_move(page, move)
        twin.play(seat, move)
        wait_moves_beyond(page, before)
    raise AssertionError("the condition was never reached")


def test_pass_and_play_stargazing_hand_over_and_stardust_out_of_turn(page: Page, base_url: str) -> None:
    """Two humans on one device: in the simultaneous stargazing phase each places in turn with
    the hand-over screen between them, which keeps the other's tiles out of the page; a refused
    placement shows the engine's reason; later a seat spends stardust out of turn."""
    seats = ["human", "human"]
    seed = 3
    page.add_init_script(RECORD_WORKER_TRAFFIC)
    twin = engine.new_match("stars", 2, seed=seed)
    open_site(page, base_url)
    start_stars(page, seats, seed)

    # seat 1 places first: both are listed to act, each places its own three tiles
    assert twin.to_act() == [0, 1]
    assert wait_state(page) == "turn"
    assert page.evaluate("window.tabletop.seat") == 0
    view = check_table(page, twin, 0)
    assert "hand" in view["seats"][0] and "hand" not in view["seats"][1] and "bag" not in view["seats"][1]
    expect(page.get_by_test_id("who")).to_contain_text("Seat 1 (3)")
    expect(page.get_by_test_id("who")).to_contain_text("Seat 2 (3)")
    no_horizontal_scroll(page)

    # a refused placement: the first tile turned so that it fits nowhere near, the engine says why
    first = twin.legal_moves(0)[0]
    choose_tile(page, first["tile"], first["side"], first["rotation"])
    board_cell(page, first["cell"]).click()
    table = page.get_by_test_id("table")
    for _ in range(6):
        rot = int(table.get_by_test_id("tile-rot").get_attribute("data-rot"))
        attempt = {"type": "place", "tile": first["tile"], "side": first["side"], "rotation": rot,
                   "cell": first["cell"]}
        if attempt not in twin.legal_moves(0):
            break
        table.get_by_test_id("rotate-cw").click()
    assert attempt not in twin.legal_moves(0), "every rotation fits: pick another seed"
    with pytest.raises(engine.IllegalMove) as refused:
        engine.restore(twin.snapshot()).play(0, attempt)
    expect(table.get_by_test_id("place")).to_have_text("Place (not listed)")
    table.get_by_test_id("place").click()
    toast = page.get_by_test_id("error-toast")
    expect(toast).to_have_text(refused.value.reason)
    assert moves_made(page) == 0
    toast.click()

    for _ in range(3):
        move = next(m for m in twin.legal_moves(0) if m["type"] == "place")
        before = moves_made(page)
        click_move(page, move)
        twin.play(0, move)
        wait_moves_beyond(page, before)
    assert twin.to_act()[0] == 1  # seat 1 is done; the phase waits for seat 2

    # seat 1 looks at its board, then hands the device on
    assert wait_state(page) == "end-turn"
    expect(page.get_by_test_id("end-turn")).to_have_text("Pass the device to Seat 2")
    sent_before_handover = len(page.evaluate("window.__traffic"))
    page.get_by_test_id("end-turn").click()
    handover = page.get_by_test_id("handover")
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Pass the device to Seat 2")
    expect(handover).to_contain_text("star tiles you draw are private")
    assert read_json(page, "window.tabletop.view") is None
    assert read_json(page, "window.tabletop.legalMoves") == []
    expect(page.get_by_test_id("table")).to_be_hidden()
    html = page.content()
    assert "hand-tile" not in html and "data-testid=\"tray\"" not in html
    handover.get_by_test_id("handover-ready").click()

    assert wait_state(page) == "turn"
    assert page.evaluate("window.tabletop.seat") == 1
    view = check_table(page, twin, 1)
    assert "hand" not in view["seats"][0] and "bag" not in view["seats"][0]
    mine = [t["id"] for t in view["seats"][1]["hand"]]
    expect(page.locator(".hand-tile")).to_have_count(3)
    assert sorted(page.locator(".hand-tile").evaluate_all("els => els.map((e) => e.dataset.tile)")) == sorted(mine)
    # seat 1's board is public: its three tiles are drawn among the other seats
    expect(page.locator(".st-seats [data-testid=board-0] .tile")).to_have_count(3)
    expect(page.get_by_test_id("who")).not_to_contain_text("Seat 1 (")

    # only seat 2's view (and the public one) was asked for after the hand-over, and no byte
    # the worker sent since then holds seat 1's tiles in hand or bag
    traffic = page.evaluate("window.__traffic")[sent_before_handover:]
    asked = [json.loads(t["data"]) for t in traffic if t["dir"] == "out"]
    assert asked and all(m["op"] != "state" or m["seat"] in (1, None) for m in asked), asked
    for t in traffic:
        if t["dir"] == "in" and '"view"' in t["data"]:
            reply = json.loads(t["data"])
            assert "hand" not in reply["view"]["seats"][0] and "bag" not in reply["view"]["seats"][0]

    for _ in range(3):
        move = next(m for m in twin.legal_moves(1) if m["type"] == "place")
        before = moves_made(page)
        click_move(page, move)
        twin.play(1, move)
        wait_moves_beyond(page, before)
    assert twin.view(None)["phase"] == "wood_ash"

    # wood ash: each takes light; then the first seat's action turn: two stardust
    def pick(seat):
        moves = twin.legal_moves(seat)
        return next((m for m in moves if m["type"] == "ash_light"), moves[0])
    _drive_until(page, twin, seats, lambda t: t.view(None)["phase"] == "action", pick)
    first = twin.view(None)["turn"]["seat"]
    other = 1 - first

    def gain(seat):
        moves = twin.legal_moves(seat)
        return next((m for m in moves if m["type"] == "gain_stardust" and m["via"] == "action"),
                    next(m for m in moves if m["type"] == "end_turn"))
    _drive_until(page, twin, seats, lambda t: t.view(None)["turn"]["seat"] == other, gain)

    # the first seat still holds the device and may spend stardust although it is not its turn
    assert wait_state(page) == "end-turn"
    assert page.evaluate("window.tabletop.seat") == first
    assert twin.to_act()[0] == other
    dust = [m for m in twin.legal_moves(first) if m["type"] == "stardust"]
    assert dust, "no stardust move out of turn: pick another seed"
    assert first in twin.view(None)["stardust_only"]
    expect(table).to_have_attribute("data-offturn", "true")
    panel = table.get_by_test_id("action-panel")
    expect(panel.get_by_test_id("stardust-offer")).to_contain_text("Not your turn")
    held = twin.view(first)["seats"][first]["stardust"]
    before = moves_made(page)
    click_move(page, dust[0])
    events = twin.play(first, dust[0])
    wait_moves_beyond(page, before)
    spent = next(e["count"] for e in events if e["type"] == "stardust")
    expect(page.get_by_test_id("move-log")).to_contain_text(f"spent {spent} stardust")
    # still the first seat's screen, with the stardust on its board, then the hand-over
    assert wait_state(page) == "end-turn"
    expect(page.locator(f".st-mine [data-testid=board-{first}] .faces .dust")).to_have_count(1)
    assert read_json(page, "window.tabletop.view")["seats"][first]["stardust"] == held - spent
    page.get_by_test_id("end-turn").click()
    expect(page.get_by_test_id("handover")).to_be_visible()
    page.get_by_test_id("handover-ready").click()
    assert wait_state(page) == "turn"
    assert page.evaluate("window.tabletop.seat") == other
    check_table(page, twin, other)
    no_horizontal_scroll(page)
