"""Keyboard-only play in a real Chromium (issue 13; docs/accessibility.md): a whole game of Starlight
Guild, one of Splendor, one of Station and one of Stars (on a desktop and a phone), against a
computer, to the results, with no click — Tab moves the focus through the table in its order, the
arrow keys between the spaces of an SVG board (one Tab stop each), Enter/Space choose; the focused
control always shows a focus ring. And the arrows themselves on Stars' hex board and Station's
rings."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from net_support import greedy
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from site_helpers import PHONE, open_site, read_json, start_game, wait_state

MAX_TABS = 300

# an outline of at least 2 px; on Station's SVG nodes (no outline there) the node's cell drawn with
# the focus stroke (css/station.css: white, 4 units; no other state draws it so); on Stars' SVG
# boards the space (or its hit area's outline) stroked in the focus colour #8cc4ff, at least 2 px
# wide on screen (css/stars.css: no other state draws that colour)
FOCUS_SHOWN = """() => { const el = document.activeElement; if (!el || el === document.body) return false;
  const st = getComputedStyle(el);
  if (st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2) return true;
  const cell = el.querySelector && el.querySelector(':scope > .cell');
  if (cell) {
    const c = getComputedStyle(cell);
    if (c.stroke === 'rgb(255, 255, 255)' && parseFloat(c.strokeWidth) >= 4) return true;
  }
  for (const shape of [el, ...el.children]) {
    if (!shape.getScreenCTM) continue;
    const c = getComputedStyle(shape);
    const m = shape.getScreenCTM();
    const scale = c.vectorEffect === 'non-scaling-stroke' ? 1 : (m ? Math.hypot(m.a, m.b) : 0);
    if (c.stroke === 'rgb(140, 196, 255)' && parseFloat(c.strokeWidth) * scale >= 2) return true;
  }
  return false; }"""


# Where `selector` lies from the focus in the page's Tab order, as far as the page can tell: its
# focusable elements (no tabindex of -1, not disabled, rendered and visible) in document order (the
# site sets no positive tabindex). [presses of Tab, presses of Shift+Tab] to reach the first match,
# or null: also with no focus, as after a redraw took the focused element away (Chromium then goes on
# from where that element was, which the page cannot tell).
TAB_DISTANCE = """(sel) => {
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length
      && getComputedStyle(el).visibility === 'visible');
  const target = all.findIndex((el) => el.matches(sel));
  if (target < 0) return null;
  const at = all.indexOf(document.activeElement);
  const n = all.length;
  if (at < 0) return null;
  return [(target - at + n) % n, (at - target + n) % n]; }"""
FOCUS_ON = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"


def tab_to(page: Page, selector: str) -> None:
    """Presses Tab (or Shift+Tab, when the page's order puts the control nearer behind the focus)
    until the focus is on an element matching `selector`; its focus ring shows. The presses the
    page's order predicts are made before the focus is read again (a read costs about what a press
    does); with no focus, one Tab first shows where the browser goes on from; on the control
    already, none. After the predicted presses the focus is read after every press, so a wrong
    prediction only costs presses."""

    def arrived() -> bool:
        if not page.evaluate(FOCUS_ON, selector):
            return False
        assert page.evaluate(FOCUS_SHOWN), f"no visible focus on {selector}"
        return True

    key, ahead = "Tab", 0
    distance = page.evaluate(TAB_DISTANCE, selector)
    if distance is None:  # no focus, or the control not in the page's order: Tab once, then look
        page.keyboard.press(key)
        if arrived():
            return
        distance = page.evaluate(TAB_DISTANCE, selector)
    if distance is not None:
        forward, backward = distance
        if forward == 0 and arrived():  # the control chosen last, still focused: no press
            return
        key, ahead = ("Tab", forward) if forward <= backward else ("Shift+Tab", backward)
    for _ in range(max(0, ahead - 1)):
        page.keyboard.press(key)
    for _ in range(MAX_TABS):
        page.keyboard.press(key)
        if arrived():
            return
    raise AssertionError(f"{MAX_TABS} presses of {key} never reached {selector}")


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


# what the page shows when a decision made by keyboard did not become a move (the test's message)
STUCK = """() => { const t = document.querySelector('[data-testid=table]');
  const el = document.activeElement; const toast = document.querySelector('[data-testid=error-toast]');
  const panel = document.querySelector('[data-testid=action-panel]');
  return JSON.stringify({ interactive: t && t.dataset.interactive, moves: t && t.dataset.moves,
    focus: el ? `${el.tagName} ${el.dataset ? el.dataset.testid || el.dataset.fk || '' : ''}` : null,
    toast: toast && !toast.hidden ? toast.textContent : null,
    panel: panel ? panel.textContent.replace(/\\s+/g, ' ').slice(0, 300) : null,
    listed: window.tabletop.legalMoves.length,
    log: [...document.querySelectorAll('#move-log li')].slice(-3).map((li) => li.textContent) }); }"""


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
        view, moves = read_json(page, "[window.tabletop.view, window.tabletop.legalMoves]")
        decide(view, moves, before)
        try:
            page.wait_for_function(
                f"() => Number(document.querySelector('[data-testid=table]').dataset.moves) > {before}", timeout=30_000)
        except PlaywrightTimeout:
            raise AssertionError(f"after decision {decisions + 1} (move {before + 1}) no move was made in 30 s: "
                                 f"{page.evaluate(STUCK)}") from None
        decisions += 1
        assert decisions < limit, "the game did not end"
    expect(page.get_by_test_id("results").get_by_test_id("winner")).to_be_visible()
    tab_to(page, "[data-testid=rematch]")
    assert decisions > 10


@pytest.mark.long
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


@pytest.mark.long
def test_a_whole_splendor_game_by_keyboard_alone(page: Page, base_url: str) -> None:
    game_by_keyboard(page, base_url, "splendor", 8, lambda view, moves, n: play_splendor_by_keyboard(page, moves), 200)


def node(page: Page, at: dict) -> None:
    """A node of the seat's station: Tab to the station (one Tab stop), arrows to the node, Enter."""
    arrow_to(page, ".sn-mine .station-svg", f"[data-testid=node-{at['ring']}-{at['sector']}]")
    page.keyboard.press("Enter")


def play_station_by_keyboard(page: Page, view: dict, move: dict) -> None:
    """One Station move, by keyboard only, through the same controls a tap uses; the station's
    nodes by arrows."""
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
            node(page, move["to"])
            choose(page, "[data-testid=confirm-node]")
    elif kind == "bonus":
        choose(page, f"[data-testid=bonus-{move['credit']}]")
    elif kind == "decline":
        choose(page, "[data-testid=decline]")
    elif kind == "reconfigure" and move["op"] == "remove":
        node(page, move["at"])
        choose(page, "[data-testid=remove]")
    elif kind == "reconfigure":
        where = move["to"] if move["op"] == "install" else move["at"]
        choose(page, f"[data-testid=dock-{move['module']}]")
        node(page, where)
        choose(page, "[data-testid=confirm-node]")
    else:
        choose(page, "[data-testid=pass]")


@pytest.mark.long
def test_a_whole_station_game_by_keyboard_alone(page: Page, base_url: str) -> None:
    game_by_keyboard(page, base_url, "station", 5,
                     lambda view, moves, n: play_station_by_keyboard(page, view, greedy(view, moves, n, 0)), 300)


# Where the focus is, read in one go: inside `board`, its focus shown, its key in the board
# (data-fk), on `target`, and the offset of `target` from it, centre to centre in CSS px on screen.
FOCUS_STATE = """([board, sel]) => { const t = document.querySelector(sel); const f = document.activeElement;
  const c = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [tx, ty] = c(t), [fx, fy] = c(f);
  return { inside: !!f.closest(board), shown: (""" + FOCUS_SHOWN + """)(), fk: String(f.dataset && f.dataset.fk),
    at: f === t, dx: tx - fx, dy: ty - fy }; }"""
ARROWS = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"]


def arrow_to(page: Page, board: str, target: str) -> None:
    """Tab to the board's one Tab stop, then arrow keys until the focus is on `target` inside
    `board`: the arrow towards the target first, exploring the board's key map as it goes (a key
    pressed once from a space is known; when all four are known it goes back along known keys to a
    space with one untried), so it reaches every space the arrows can reach. Every space on the
    way shows its focus; the arrows never leave the board."""
    tab_to(page, f"{board} [data-action]")
    sel = f"{board} {target}"
    assert page.locator(sel).count() == 1, sel
    state = page.evaluate(FOCUS_STATE, [board, sel])
    edges: dict[tuple[str, str], str] = {}
    node = state["fk"]
    for _ in range(400):
        if state["at"]:
            assert state["shown"], f"no visible focus on {sel}"
            return
        dx, dy = state["dx"], state["dy"]
        order = sorted(ARROWS, key=lambda k: -{"ArrowRight": dx, "ArrowLeft": -dx, "ArrowDown": dy, "ArrowUp": -dy}[k])
        untried = [k for k in order if (node, k) not in edges]
        if untried:
            keys = [untried[0]]
        else:  # back along known keys to the nearest space with a key not tried yet
            paths, queue, keys = {node: []}, [node], []
            while queue and not keys:
                at = queue.pop(0)
                for k in ARROWS:
                    to = edges.get((at, k))
                    if to is None or to in paths:
                        continue
                    paths[to] = paths[at] + [k]
                    if any((to, k2) not in edges for k2 in ARROWS):
                        keys = paths[to]
                        break
                    queue.append(to)
            assert keys, f"the arrow keys cannot reach {sel} from {node} (known: {edges})"
        for k in keys:
            page.keyboard.press(k)
            state = page.evaluate(FOCUS_STATE, [board, sel])
            assert state["inside"], f"{k} left the board"
            assert state["shown"], f"no visible focus after {k}"
            edges[(node, k)] = state["fk"]
            node = state["fk"]
    raise AssertionError(f"400 arrow keys never reached {sel}")


def play_stars_by_keyboard(page: Page, move: dict) -> None:
    """One Stars move, by keyboard only, through the same controls a tap uses (e2e/test_site_stars.py
    click_move): the tray by Tab, the hex board, the main board, the night sky and the wood-ash dish
    by arrows."""
    kind = move["type"]
    if kind == "place":
        choose(page, f"[data-testid=hand-tile-{move['tile']}]")
        if page.get_by_test_id("tile-side").get_attribute("data-side") != move["side"]:
            choose(page, "[data-testid=flip]")
        for _ in range(6):
            if int(page.get_by_test_id("tile-rot").get_attribute("data-rot") or 0) == move["rotation"]:
                break
            choose(page, "[data-testid=rotate-cw]")
        arrow_to(page, ".st-mine .hexboard", f"[data-cell='{move['cell'][0]},{move['cell'][1]}']")
        page.keyboard.press("Enter")  # the preview
        choose(page, "[data-testid=place]")
    elif kind == "set_aside":
        choose(page, f"[data-testid=hand-tile-{move['tile']}]")
        choose(page, "[data-testid=set-aside]")
    elif kind == "stardust":
        if page.get_by_test_id("stardust-mode").get_attribute("aria-pressed") != "true":
            choose(page, "[data-testid=stardust-mode]")
        arrow_to(page, ".st-mine .hexboard", f"[data-cell='{move['cell'][0]},{move['cell'][1]}']")
        page.keyboard.press(" ")
        choose(page, ".st-mine [data-testid=spend-stardust]")
    elif kind == "bonus":
        choose(page, f"[data-testid=action-panel] [data-testid=bonus-{move['token'] or 'none'}]")
    elif kind in ("ash_keep", "ash_light"):
        arrow_to(page, ".dish", f"[data-action=ash][data-token='{move['token']}']")
        page.keyboard.press("Enter")
        if kind == "ash_keep":
            choose(page, "[data-testid=wood-ash] [data-testid=ash-keep]")
        else:
            cols = [c for c in ("red", "blue", "yellow") for _ in range(move["light"].get(c, 0))]
            choose(page, f"[data-testid=wood-ash] [data-testid=ash-light-{'-'.join(cols) or 'none'}]")
    elif kind in ("scout", "gain_stardust"):
        choose(page, f"[data-testid=act-{kind}]")
        choose(page, f"[data-testid=action-panel] [data-testid=via-{move['via']}]")
    elif kind == "scout_step":
        arrow_to(page, ".mainboard", f"[data-action=path][data-path='{move['space']}']")
        page.keyboard.press("Enter")
        step = f"step-{move['colour']}-{'end' if move['end'] else 'continue'}"
        choose(page, f"[data-testid=main-board] [data-testid={step}]")
    elif kind == "scout_cancel":
        choose(page, "[data-testid=scout-cancel]")
    elif kind == "forage":
        arrow_to(page, ".mainboard", f"[data-forage='{move['space']}']")
        page.keyboard.press("Enter")
        choose(page, f"[data-testid=map-confirm] [data-testid=via-{move['via']}]")
    elif kind == "offer":
        choose(page, "[data-testid=act-offer]")
        which = f"kind-{move['kind']}" if "kind" in move else f"space-{move['space']}"
        choose(page, f"[data-testid=offer-{which}]")
        choose(page, f"[data-testid=action-panel] [data-testid=via-{move['via']}]")
    elif kind == "stargaze":
        arrow_to(page, ".nightsky", f"[data-action=sky][data-space='{move['space']}']")
        page.keyboard.press("Enter")
        choose(page, f".sky-wrap [data-testid=via-{move.get('via', 'action')}]")
    elif kind == "recall":
        choose(page, "[data-testid=act-recall]")
        for v in move["villagers"]:
            tab_to(page, f"[data-testid=recall-v{v}]")
            page.keyboard.press(" ")  # the checkbox
        choose(page, f"[data-testid=action-panel] [data-testid=via-{move['via']}]")
    elif kind == "end_turn":
        choose(page, "[data-testid=end-action-turn]")
    elif kind == "done":
        choose(page, "[data-testid=done]")
    else:
        raise AssertionError(f"unknown move {move}")


@pytest.mark.long
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_stars_game_by_keyboard_alone(page: Page, base_url: str, size: str) -> None:
    """The Girl Who Made the Stars against a computer: tiles placed, wood ash picked, scouting step
    by step, foraging, stargazing and the rest, by Tab, arrows and Enter/Space; on a desktop and at
    390×844 (where the main board and the night sky scroll sideways in their boxes)."""
    if size == "phone":
        page.set_viewport_size(PHONE)
    kinds: set[str] = set()

    def decide(view: dict, moves: list[dict], n: int) -> None:
        move = greedy(view, moves, n, 0)
        kinds.add(move["type"])
        play_stars_by_keyboard(page, move)

    game_by_keyboard(page, base_url, "stars", 4, decide, 400)
    wanted = {"place", "bonus", "scout", "scout_step", "stargaze", "forage", "stardust", "offer", "recall", "done"}
    assert wanted <= kinds, kinds
    assert kinds & {"ash_keep", "ash_light"}, kinds


# ----------------------------------------------------------------------------- arrows on boards

BOARD_STOPS = """(sel) => [...document.querySelectorAll(sel + ' [data-action]')]
  .map((el) => el.getAttribute('tabindex'))"""


def focused(page: Page, attr: str) -> str | None:
    value: str | None = page.evaluate(f"document.activeElement.getAttribute('{attr}')")
    return value


def test_arrow_keys_move_between_cells_on_the_stars_board(page: Page, base_url: str) -> None:
    """The viewer's hex board is one Tab stop; the arrows go to the neighbouring cell (→ the next
    cell of the row, ↓ a cell of the row below), Enter chooses the focused cell, Tab leaves the board."""
    open_site(page, base_url)
    start_game(page, "stars", ["human", "greedy"], seed=4)
    assert wait_state(page) == "turn"
    board = ".st-mine .hexboard"
    stops = page.evaluate(BOARD_STOPS, board)
    assert len(stops) > 30 and stops.count("0") == 1 and stops.count("-1") == len(stops) - 1, stops
    tab_to(page, f"{board} [data-action]")
    start = focused(page, "data-cell")
    q, r = map(int, start.split(","))
    page.keyboard.press("ArrowRight" if q < 3 and q + r < 3 else "ArrowLeft")
    q2, r2 = map(int, focused(page, "data-cell").split(","))
    assert (abs(q2 - q), r2) == (1, r), (start, q2, r2)
    assert page.evaluate(FOCUS_SHOWN)
    page.keyboard.press("ArrowDown" if r2 < 3 else "ArrowUp")
    q3, r3 = map(int, focused(page, "data-cell").split(","))
    assert abs(r3 - r2) == 1 and max(abs(q3 - q2), abs(q3 + r3 - q2 - r2)) <= 1, (q2, r2, q3, r3)  # a hex neighbour
    assert page.evaluate(FOCUS_SHOWN)
    stops = page.evaluate(BOARD_STOPS, board)
    assert stops.count("0") == 1  # the stop moved with the focus
    # Enter on the focused cell chooses it: the tile's preview is drawn there, the focus stays on it
    cell = focused(page, "data-cell")
    page.keyboard.press("Enter")
    expect(page.locator(f"{board} .preview")).to_have_count(1)
    assert focused(page, "data-cell") == cell
    page.keyboard.press("Tab")
    assert not page.evaluate(f"!!document.activeElement.closest('{board}')")
    page.keyboard.press("Shift+Tab")  # back onto the board: the cell last focused
    assert focused(page, "data-cell") == cell


def test_arrow_keys_move_round_the_station_rings(page: Page, base_url: str) -> None:
    """Station's ring board is one Tab stop; → and ← go to the next sector clockwise and
    anticlockwise (round past sector 9), ↑ and ↓ one ring out and in."""
    open_site(page, base_url)
    start_game(page, "station", ["human", "greedy"], seed=5)
    assert wait_state(page) == "turn"
    board = ".sn-mine .station-svg"
    stops = page.evaluate(BOARD_STOPS, board)
    assert len(stops) == 30 and stops.count("0") == 1, stops
    tab_to(page, f"{board} [data-action]")
    assert focused(page, "data-node") == "1,0"
    page.keyboard.press("ArrowLeft")
    assert focused(page, "data-node") == "1,9"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused(page, "data-node") == "1,1"
    page.keyboard.press("ArrowUp")
    assert focused(page, "data-node") == "2,1"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # the outer ring is the last
    assert focused(page, "data-node") == "3,1"
    page.keyboard.press("ArrowDown")
    assert focused(page, "data-node") == "2,1"
    assert page.evaluate(FOCUS_SHOWN)
    assert page.evaluate(BOARD_STOPS, board).count("0") == 1
    page.keyboard.press("Tab")
    assert not page.evaluate(f"!!document.activeElement.closest('{board}')")
