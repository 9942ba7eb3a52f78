"""What the single-device game tests share: open the site, start a game from the form, wait
for a turn (or a hand-over, or the results), read what the table shows.

Every helper drives the page as a person would (the picker, the form, the table) and reads
only what is on screen or in `window.tabletop` (the legal moves on screen, the view drawn).
No tests here.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

import engine

BOOT_TIMEOUT_MS = 90_000
TURN_TIMEOUT_MS = 30_000
PHONE = {"width": 390, "height": 844}


def open_site(page: Page, base_url: str, *, watch_loading: bool = False) -> None:
    """The site with no delay before computer moves, up to the game picker. With
    `watch_loading`, the loading screen must show first and be gone once the picker is up."""
    if watch_loading:
        # The boot from the memory snapshot can be over before `goto` returns on a quiet
        # machine: record what the loading screen looked like when the parser made it, and
        # the longest time it stayed on screen, from the page's own start.
        page.add_init_script(LOADING_PROBE)
    page.goto(base_url + "?botDelay=0")
    expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    if watch_loading:
        seen = page.evaluate("window.__loadingSeen")
        assert seen == {"parsed": True, "shown_at_parse": True}, seen
        expect(page.get_by_test_id("loading")).to_be_hidden()


LOADING_PROBE = """(() => {
  window.__loadingSeen = { parsed: false, shown_at_parse: false };
  new MutationObserver((records, observer) => {
    const el = document.getElementById("loading");
    if (!el) return;
    window.__loadingSeen = { parsed: true, shown_at_parse: !el.hidden && el.getAttribute("aria-busy") !== "false" };
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})();"""


def start_game(page: Page, game: str, seats: list[str], seed: int | None = None,
               options: dict[str, bool] | None = None) -> None:
    """From the picker: a game of `game` with len(seats) players, each 'human' / 'greedy' /
    'random', the seed typed in (or the field left empty) and the form's option switches set
    as `options` says. The picker's tile is playable, the form names the game, and the table
    shows in the game's look."""
    tile = page.get_by_test_id(f"pick-{game}")
    expect(tile).to_be_enabled()
    expect(tile).not_to_contain_text("Coming soon")
    tile.click()
    form = page.get_by_test_id("new-game-form")
    expect(form).to_be_visible()
    expect(form).to_contain_text(engine.GAMES[game]["title"])
    form.locator(f"label:has([data-testid=players-{len(seats)}])").click()
    for i, kind in enumerate(seats):
        form.get_by_test_id(f"seat-kind-{i}").select_option(kind)
    for name, on in (options or {}).items():
        box = form.get_by_test_id(f"option-{name}")
        expect(box).to_have_count(1)
        if box.is_checked() != on:
            form.locator(f"label.switch:has([data-testid=option-{name}])").click()
        expect(box).to_be_checked(checked=on)
    form.locator("#seed-input").fill("" if seed is None else str(seed))
    form.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("table")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.game") == game


WAIT_STATE = """() => {
  const t = document.querySelector('[data-testid=table]');
  const r = document.querySelector('[data-testid=results]');
  const h = document.querySelector('[data-testid=handover]');
  if (r && !r.hidden) return 'results';
  if (h && !h.hidden) return 'handover';
  if (document.querySelector('[data-testid=end-turn]')) return 'end-turn';
  if (t && !t.hidden && t.dataset.interactive === 'true' && window.tabletop.legalMoves.length) return 'turn';
  return false;
}"""


def wait_state(page: Page) -> str:
    """Waits until a human may act ('turn'), the device shows the end of a turn ('end-turn'),
    must be handed over ('handover'), or the results show ('results'); returns which."""
    return str(page.wait_for_function(WAIT_STATE, timeout=TURN_TIMEOUT_MS).json_value())


wait_turn_or_end = wait_state


def read_json(page: Page, expr: str) -> Any:
    """The value of the page's expression ``expr``, sent as JSON text (``None`` when undefined).

    A view or a listing read as an object goes through Playwright's own serialisation, value by
    value: a Stars listing of 800 placements took ≈ 50 ms so, against a few ms as one text."""
    text = page.evaluate(f"() => {{ const v = ({expr}); return v === undefined ? undefined : JSON.stringify(v); }}")
    return None if text is None else json.loads(text)


def legal_moves(page: Page) -> list[dict[str, Any]]:
    """The legal moves on screen now (none unless a human seat may act)."""
    moves: list[dict[str, Any]] = read_json(page, "window.tabletop.legalMoves")
    return moves


def moves_made(page: Page) -> int:
    """How many moves the table has recorded (its data-moves)."""
    return int(page.get_by_test_id("table").get_attribute("data-moves") or 0)


def wait_moves_beyond(page: Page, before: int) -> None:
    """Waits until the table has recorded more than `before` moves."""
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=table]').dataset.moves) > {before}",
        timeout=TURN_TIMEOUT_MS)


def no_horizontal_scroll(page: Page) -> None:
    """The page is no wider than its viewport."""
    width = page.evaluate("document.documentElement.clientWidth")
    scroll = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert scroll <= width, f"horizontal scroll: content {scroll}px wide in a {width}px viewport"
