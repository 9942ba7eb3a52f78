"""Keyboard-only play in a real Chromium (issue 13; docs/accessibility.md): a whole game of Starlight
Guild, one of Splendor and one of Station, against a computer, to the results, with no click — Tab
moves the focus through the table in its order, Enter chooses; the focused control always shows a
focus ring."""

from __future__ import annotations

from collections.abc import Callable

from net_support import greedy
from playwright.sync_api import Page, expect
from site_helpers import open_site, wait_state

MAX_TABS = 300

# an outline of at least 2 px; on Station's SVG nodes (no outline there) the node's cell drawn with
# the focus stroke (css/station.css: white, 4 units; no other state draws it so)
FOCUS_SHOWN = """() => { const el = document.activeElement; if (!el || el === document.body) return false;
  const st = getComputedStyle(el);
  if (st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2) return true;
  const cell = el.querySelector && el.querySelector(':scope > .cell');
  if (!cell) return false;
  const c = getComputedStyle(cell); return c.stroke === 'rgb(255, 255, 255)' && parseFloat(c.strokeWidth) >= 4; }"""


def tab_to(page: Page, selector: str) -> None:
    """Presses Tab until the focus is on an element matching `selector`; its focus ring shows."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("(sel) => !!document.activeElement && document.activeElement.matches(sel)", selector):
            assert page.evaluate(FOCUS_SHOWN), f"no visible focus on {selector}"
            return
    raise AssertionError(f"{MAX_TABS} presses of Tab never reached {selector}")


def choose(page: Page, selector: str) -> None:
    """Tab to the control, then Enter."""
    tab_to(page, selector)
    page.keyboard.press("Enter")


def play_by_keyboard(page: Page, moves: list[dict]) -> None:
    """One Guild decision, by keyboard only: return gems, else build, else collect three, else pass."""
    kinds = {m["type"]: m for m in reversed(moves)}
    if "return" in kinds:
        for colour, n in kinds["return"]["gems"].items():
            for _ in range(n):
                choose(page, f"[data-action=return-pick][data-color={colour}]")
        choose(page, "[data-testid=confirm-return]")
    elif "build" in kinds:
        card = kinds["build"]["workshop"]
        choose(page, f".market [data-card='{card}'], .seat.mine [data-card='{card}']")
        choose(page, "[data-testid=build]")
    elif any(m["type"] == "collect" and len(m["gems"]) == 3 for m in moves):
        move = next(m for m in moves if m["type"] == "collect" and len(m["gems"]) == 3)
        for colour in move["gems"]:
            choose(page, f"[data-testid=supply] [data-color={colour}]")
        choose(page, "[data-testid=confirm-collect]")
    else:
        choose(page, "[data-testid=pass]")


def game_by_keyboard(page: Page, base_url: str, game: str, seed: int,
                     decide: Callable[[dict, list[dict], int], None], limit: int) -> None:
    """From the picker to the results by keyboard alone: the game, a normal computer in seat 2
    (the seat menu by arrows), the seed, then every decision by `decide(view, moves, moves_made)`;
    the results' buttons are reached too."""
    open_site(page, base_url)
    choose(page, f"[data-testid=pick-{game}]")
    expect(page.get_by_test_id("new-game-form")).to_be_visible()
    tab_to(page, "[data-testid=seat-kind-1]")
    page.keyboard.press("Home")  # the seat menu by arrows
    for _ in range(2):
        page.keyboard.press("ArrowDown")  # Human → Computer — easy → Computer — normal
    assert page.get_by_test_id("seat-kind-1").input_value() == "normal"
    tab_to(page, "#seed-input")
    page.keyboard.type(str(seed))
    choose(page, "[data-testid=start-game]")
    decisions = 0
    while True:
        state = wait_state(page)
        if state == "results":
            break
        assert state == "turn", state
        before = int(page.get_by_test_id("table").get_attribute("data-moves") or 0)
        view, moves = page.evaluate("[window.tabletop.view, window.tabletop.legalMoves]")
        decide(view, moves, before)
        page.wait_for_function(
            f"() => Number(document.querySelector('[data-testid=table]').dataset.moves) > {before}", timeout=30_000)
        decisions += 1
        assert decisions < limit, "the game did not end"
    expect(page.get_by_test_id("results").get_by_test_id("winner")).to_be_visible()
    tab_to(page, "[data-testid=rematch]")
    assert decisions > 10


def test_a_whole_guild_game_by_keyboard_alone(page: Page, base_url: str) -> None:
    game_by_keyboard(page, base_url, "guild", 5, lambda view, moves, n: play_by_keyboard(page, moves), 200)


def play_splendor_by_keyboard(page: Page, moves: list[dict]) -> None:
    """One Splendor decision, by keyboard only: return gems, else a noble, else buy (the payment
    the table proposes), else take three gems, else take two, else reserve, else pass."""
    kinds = {m["type"]: m for m in reversed(moves)}
    if "return" in kinds:
        for colour, n in kinds["return"]["gems"].items():
            for _ in range(n):
                choose(page, f"[data-action=return-pick][data-color={colour}]")
        choose(page, "[data-testid=confirm-return]")
    elif "noble" in kinds:
        choose(page, f"[data-action=noble][data-noble={kinds['noble']['noble']}]")
    elif "buy" in kinds:
        card = kinds["buy"]["card"]
        choose(page, f".market [data-card='{card}'], .seat.mine [data-card='{card}']")
        choose(page, "[data-testid=buy]")
        choose(page, "[data-testid=confirm-buy]")
    elif "take" in kinds:
        takes = [m for m in moves if m["type"] == "take"]
        move = max(takes, key=lambda m: (len(m["gems"]), sum(m["gems"].values())))
        for colour, n in move["gems"].items():
            for _ in range(n):
                choose(page, f"[data-testid=bank] [data-color={colour}]")
        choose(page, "[data-testid=confirm-take]")
    elif "reserve" in kinds and "card" in kinds["reserve"]:
        choose(page, f".market [data-card='{kinds['reserve']['card']}']")
        choose(page, "[data-testid=reserve]")
    else:
        choose(page, "[data-testid=pass]")


def test_a_whole_splendor_game_by_keyboard_alone(page: Page, base_url: str) -> None:
    game_by_keyboard(page, base_url, "splendor", 8, lambda view, moves, n: play_splendor_by_keyboard(page, moves), 200)


def play_station_by_keyboard(page: Page, view: dict, move: dict) -> None:
    """One Station move, by keyboard only, through the same controls a tap uses."""
    kind = move["type"]
    if kind == "acquire":
        for cid in move["credits"]:
            choose(page, f"[data-testid=credit-{cid}]")
        choose(page, "[data-testid=take]")
    elif kind == "purchase":
        berth = next(b["berth"] for b in view["market"] if b["module"] and b["module"]["id"] == move["module"])
        choose(page, f"[data-testid=berth-{berth}]")
        choose(page, "[data-testid=pay-" + "-".join(str(v) for v in move["pay"]) + "]")
        if move["to"] == "dock":
            choose(page, "[data-testid=to-dock]")
        else:
            choose(page, f".sn-mine [data-testid=node-{move['to']['ring']}-{move['to']['sector']}]")
            choose(page, "[data-testid=confirm-node]")
    elif kind == "bonus":
        choose(page, f"[data-testid=bonus-{move['credit']}]")
    elif kind == "decline":
        choose(page, "[data-testid=decline]")
    elif kind == "reconfigure" and move["op"] == "remove":
        choose(page, f".sn-mine [data-testid=node-{move['at']['ring']}-{move['at']['sector']}]")
        choose(page, "[data-testid=remove]")
    elif kind == "reconfigure":
        where = move["to"] if move["op"] == "install" else move["at"]
        choose(page, f"[data-testid=dock-{move['module']}]")
        choose(page, f".sn-mine [data-testid=node-{where['ring']}-{where['sector']}]")
        choose(page, "[data-testid=confirm-node]")
    else:
        choose(page, "[data-testid=pass]")


def test_a_whole_station_game_by_keyboard_alone(page: Page, base_url: str) -> None:
    game_by_keyboard(page, base_url, "station", 5,
                     lambda view, moves, n: play_station_by_keyboard(page, view, greedy(view, moves, n, 0)), 300)
