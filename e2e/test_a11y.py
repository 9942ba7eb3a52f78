"""Accessibility in a real Chromium (issue 13; docs/accessibility.md): axe-core (npm, injected from
node_modules into the page under test — nothing is fetched from elsewhere) on the picker, each game's
table, the results, the phone join page and the shared screen, with no serious or critical violation;
every visible control at least 44×44 CSS px at 390×844; a boot that shows motion."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from net_support import (  # noqa: F401  (devices, net_config, peer_server: fixtures)
    devices,
    greedy,
    host_table,
    join_seat,
    needs_webrtc,
    net_config,
    peer_server,
)
from playwright.sync_api import Page, expect
from site_helpers import (
    BOOT_TIMEOUT_MS,
    PHONE,
    moves_made,
    open_site,
    read_json,
    start_game,
    wait_moves_beyond,
    wait_state,
)

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = ["splendor", "guild", "stars", "station"]

AXE_RUN = """async () => {
  const r = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "best-practice"]}});
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                  nodes: v.nodes.slice(0, 6).map((n) => n.target.join(" ") + " :: " + (n.failureSummary || "").slice(0, 160))}));
}"""  # noqa: E501  (JavaScript kept as written)

SMALL_TARGETS = """() => {
  const out = [];
  const seen = new Set();
  const sel = "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1']), [data-action]";
  for (const el of document.querySelectorAll(sel)) {
    if (seen.has(el)) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || st.visibility === "hidden" || el.closest("[hidden]")) continue;
    // a visually hidden input inside a label is measured by its label
    let box = r;
    if (el.matches("input") && (r.width < 2 || st.opacity === "0")) {
      const label = el.closest("label");
      if (!label) continue;
      box = label.getBoundingClientRect();
    }
    if (box.width < 44 - 0.5 || box.height < 44 - 0.5) {
      out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? "[" + el.dataset.testid + "]" : ""}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : ""} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30)}" ${box.width.toFixed(0)}x${box.height.toFixed(0)}`);
    }
  }
  return out;
}"""  # noqa: E501  (JavaScript kept as written)


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations of the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(AXE_RUN)
    return found


def small_targets(page: Page) -> list[str]:
    """Every visible control smaller than 44×44 CSS px."""
    found: list[str] = page.evaluate(SMALL_TARGETS)
    return found


def check_page(page: Page, where: str) -> None:
    """No serious/critical axe violation and no control under 44×44 on the page as it is now."""
    violations = axe_violations(page)
    small = small_targets(page)
    assert not violations and not small, f"{where}:\n" + json.dumps(violations, indent=1) + "\n" + "\n".join(small)


def test_the_picker_passes_axe_and_every_target_is_44px(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    check_page(page, "picker")
    page.get_by_test_id("pick-splendor").click()
    expect(page.get_by_test_id("new-game-form")).to_be_visible()
    check_page(page, "new-game form")


@pytest.mark.parametrize("game", GAMES)
def test_each_table_passes_axe_and_every_target_is_44px_on_a_phone(page: Page, base_url: str, game: str) -> None:
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    start_game(page, game, ["human", "greedy"], seed=4)
    assert wait_state(page) == "turn"
    page.get_by_test_id("help-toggle").click()
    check_page(page, f"{game} table")
    page.get_by_test_id("rules-button").click()
    expect(page.get_by_test_id("rules-dialog")).to_be_visible()
    check_page(page, f"{game} rules dialog")
    page.get_by_test_id("rules-close").click()


# the on-screen size of each listed space on a Stars board (its button: hit circle and all)
SPACE_SIZES = """(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const r = el.getBoundingClientRect();
  return [el.dataset.fk, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })"""


@pytest.mark.long
def test_stars_every_target_is_44px_at_every_kind_of_decision_on_a_phone(page: Page, base_url: str) -> None:
    """A whole Stars game at 390×844 (the human plays the greedy bot's moves, but starts scouting
    whenever it may): at the first decision of each kind — tiles, wood ash, a bonus, the action
    turn, each scouting step, stardust, the last Done — and with a scouting space and a wood-ash
    token tapped, every visible control is at least 44×44, the path spaces while scouting too."""
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    start_game(page, "stars", ["human", "greedy"], seed=4)
    checked: set[str] = set()
    sizes: dict[str, list] = {}
    while True:
        state = wait_state(page)
        if state == "results":
            break
        view, moves = read_json(page, "[window.tabletop.view, window.tabletop.legalMoves]")
        kinds = sorted({m["type"] for m in moves})
        key = f"{view['phase']}:{','.join(kinds)}"
        if key not in checked:
            checked.add(key)
            assert not small_targets(page), f"stars {key}:\n" + "\n".join(small_targets(page))
            if "scout_step" in kinds:
                sizes.setdefault("path", []).extend(page.evaluate(SPACE_SIZES, ".mainboard [data-action=path]"))
                page.locator(".mainboard [data-action=path]").first.click()  # its colours under the board
                expect(page.get_by_test_id("map-confirm")).to_be_visible()
                assert not small_targets(page), f"stars {key}, a path space tapped:\n" + "\n".join(small_targets(page))
            if "stargaze" in kinds:
                sizes.setdefault("sky", []).extend(page.evaluate(SPACE_SIZES, ".nightsky [data-action=sky]"))
            if kinds[0].startswith("ash_"):
                sizes.setdefault("ash", []).extend(page.evaluate(SPACE_SIZES, ".dish [data-action=ash]"))
                page.locator(".dish [data-action=ash]").first.click()
                assert not small_targets(page), f"stars {key}, a token tapped:\n" + "\n".join(small_targets(page))
        scout = [m for m in moves if m["type"] == "scout"]
        move = scout[0] if scout else greedy(view, moves, moves_made(page), 0)
        before = moves_made(page)
        page.evaluate("(m) => window.tabletop.play(m)", move)
        wait_moves_beyond(page, before)
    assert any(k.startswith("action:") and "scout_step" in k for k in checked), checked
    assert {"path", "sky", "ash"} <= set(sizes), sizes
    for what, found in sizes.items():
        assert all(w >= 43.5 and h >= 43.5 for _, w, h in found), (what, found)
    print("measured (fk, width, height):", json.dumps(sizes))


def test_the_results_pass_axe(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    start_game(page, "guild", ["greedy", "greedy"], seed=3)
    expect(page.get_by_test_id("results")).to_be_visible(timeout=180_000)
    check_page(page, "results")


def test_the_phone_join_page_and_the_screen_pass_axe(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "table.html?join=nosuchroom")
    page.wait_for_load_state("networkidle")
    check_page(page, "join page")
    page.goto(base_url + "table.html?watch")
    page.wait_for_load_state("networkidle")
    check_page(page, "screen page")


@needs_webrtc
def test_the_rules_open_over_a_phone_table_and_close_back_to_it(devices, base_url: str) -> None:  # noqa: F811
    """At a phone table (host and a phone over WebRTC), the table's bar has a Rules button on both
    devices: by keyboard (Tab, Enter) it opens the game's rules page over the table, Escape or
    "Back to the game" closes it and the focus returns to the button; on the phone the dialog
    passes axe and its controls are 44 px. The phone's "What can I do now?" opens by keyboard with
    the engine's words for its own listing."""
    host = host_table(devices.new("host"), base_url, "stars", ["human", "human"], seed=3, name="Ana")
    join_url = host.page.get_by_test_id("join-link").get_attribute("href")
    phone = join_seat(devices.new("phone"), join_url, 1, "Ben")
    for dev in (phone, host):
        page = dev.page
        button = page.get_by_test_id("net-rules-button")
        expect(button).to_be_visible()
        for _ in range(80):  # Tab to it
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement && document.activeElement.dataset.testid === 'net-rules-button'"):
                break
        expect(button).to_be_focused()
        page.keyboard.press("Enter")
        dialog = page.get_by_test_id("net-rules-dialog")
        expect(dialog).to_be_visible()
        expect(page.get_by_test_id("net-rules-close")).to_be_focused()
        frame = page.frame_locator("[data-testid=net-rules-frame]")
        expect(frame.locator("h1")).to_contain_text("The Girl Who Made the Stars")
        if dev is phone:
            check_page(page, "phone table, rules dialog")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(button).to_be_focused()
        button.click()
        page.get_by_test_id("net-rules-close").click()
        expect(dialog).to_be_hidden()
        expect(page.get_by_test_id("net-table")).to_be_visible()
    # "What can I do now?" on a phone: the engine's words for the seat's own listing, from its update
    # (Stars opens with every seat placing at once, so the phone has a decision)
    toggle = phone.page.get_by_test_id("net-help-toggle")
    expect(toggle).to_be_visible()
    toggle.focus()
    phone.page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    help_for_phone = phone.last()["help"]
    expect(phone.page.get_by_test_id("net-help-title")).to_have_text(help_for_phone["title"])
    expect(phone.page.get_by_test_id("net-help-lines").locator("li")).to_have_count(len(help_for_phone["lines"]))
    assert help_for_phone["count"] == len(phone.net("legalMoves")) > 0
    check_page(phone.page, "phone table")


def test_each_rules_page_passes_axe(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    for game in [*GAMES, "index"]:
        page.goto(base_url + f"rules/{game}.html")
        check_page(page, f"rules/{game}.html")


# Samples the loading screen every 250 ms from the page's first script on (an init script: the
# boot from the memory snapshot can be nearly over by the time `goto` returns).
BOOT_SAMPLER = """(() => {
  window.__bootFrames = [];
  const look = () => {
    const loading = document.querySelector('[data-testid=loading]');
    if (loading && loading.hidden) return;
    if (loading) {
      const fill = loading.querySelector('.fill');
      const motion = loading.querySelector('.motion');
      const detail = document.getElementById('loading-detail');
      window.__bootFrames.push([performance.now(), fill ? fill.style.width : '',
                                motion ? getComputedStyle(motion).transform : '', detail ? detail.textContent : '']);
    }
    setTimeout(look, 250);
  };
  look();
})();"""


def test_the_boot_shows_motion_every_second(page: Page, base_url: str) -> None:
    """The loading screen changes at least once a second until the picker shows (a moving bar),
    also while a download stalls: the memory snapshot here is held back 3 s, as on a slow link."""
    def stall(route: Any) -> None:
        time.sleep(3)
        route.continue_()

    page.route("**/wheels/*.snapshot.gz", stall)
    page.add_init_script(BOOT_SAMPLER)
    page.goto(base_url + "?botDelay=0")
    expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    frames = page.evaluate("window.__bootFrames")
    assert len(frames) >= 8, frames
    # every window of one second holds a change of what is drawn
    for i in range(len(frames) - 4):
        window = frames[i:i + 5]
        assert len({tuple(f[1:]) for f in window}) > 1, window
    stages = {f[3] for f in frames}
    print(f"\nthe boot, a download held back 3 s: {len(frames)} samples, {len(stages)} stages")
    assert any("Python" in s for s in stages), stages


# every animation running on the page: its element's classes, its iterations and when it ends (ms)
RUNNING = """() => document.getAnimations().filter((a) => a.playState === 'running').map((a) => {
  const t = a.effect.getComputedTiming();
  const el = a.effect.target;
  return {name: a.animationName, on: el.getAttribute('class'), iterations: t.iterations === Infinity ? -1 : t.iterations,
          end: t.endTime}; })"""  # noqa: E501  (JavaScript kept as written)


@pytest.mark.parametrize("game", ["stars", "station"])
def test_a_highlight_pulses_less_than_five_seconds_then_stays_lit(page: Page, base_url: str, game: str) -> None:
    """WCAG 2.2.2: the first turn's guide lights what to tap with a pulse that stops within five
    seconds, and the element stays lit; a phone waiting for its player then draws nothing (the endless
    pulse used 12–13 % of a core while the player thought). tests/test_site_motion.py holds every
    other highlight of the site's CSS (legal spaces, cells, nobles) to the same rule."""
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    start_game(page, game, ["human", "greedy"], seed=4)
    assert wait_state(page) == "turn"
    running = page.evaluate(RUNNING)
    assert running, f"{game}: nothing pulses at the player's turn"
    print(f"\n{game}: pulsing at the player's turn: {running}")
    for anim in running:
        assert anim["iterations"] != -1 and anim["end"] < 5000, anim
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')", timeout=6000)
    for anim in running:  # the same elements, lit still
        selector = "." + ".".join(anim["on"].split())
        assert page.locator(selector).count() > 0, f"{game}: {selector} went away with its pulse"
    assert wait_state(page) == "turn"


@pytest.mark.parametrize("game", ["stars", "station"])
def test_with_less_motion_asked_for_the_same_highlight_is_lit_and_still(page: Page, base_url: str, game: str) -> None:
    """WCAG 2.3.3: a player whose system asks for less motion (`prefers-reduced-motion: reduce`)
    gets the first turn's guide lit as everyone does, without the pulse; nothing on the page moves
    at the player's turn (tests/test_site_motion.py holds every highlight of the CSS to this)."""
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(PHONE)
    open_site(page, base_url)
    start_game(page, game, ["human", "greedy"], seed=4)
    assert wait_state(page) == "turn"
    assert page.evaluate(RUNNING) == []
    lit = page.locator(".tour-target")
    expect(lit.first).to_be_visible()
    assert lit.first.evaluate("(el) => getComputedStyle(el).outlineStyle") == "dashed"
