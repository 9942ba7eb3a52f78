"""The replay viewer draws each position by changing only what differs (site/js/history/morph.js):
after any sequence of jumps, steps and seat changes the board on the page is node for node what the
game's renderer draws for that position from scratch, and the view is CPython's at that move. A
renderer's own non-move control on the board (Splendor's Trading Post details) still works. Then
the list's storage line and "Delete all".

Records are imported through the History screen's file picker (no reload between games)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from site_helpers import open_site, read_json

import engine
from engine import protocol, records

pytestmark = pytest.mark.skipif("record_open" not in protocol.OPS,
                                reason="engine/protocol.py does not add engine.records.ops.RECORD_OPS yet")

# the board on the page against a fresh drawing of the same position by the same renderer
SAME_AS_FRESH = """() => {
  const v = window.tabletop.replay;
  const fresh = document.createElement("section");
  const table = new v.ui.Table(fresh, v.table.hooks);
  table.render(v.table.state, { interactive: false, fresh: true });
  const live = document.querySelector("[data-testid=replay-board]");
  const a = Array.from(live.childNodes), b = Array.from(fresh.childNodes);
  const same = a.length === b.length && a.every((n, i) => n.isEqualNode(b[i]))
    && live.dataset.viewer === fresh.dataset.viewer && live.dataset.phase === fresh.dataset.phase;
  table.destroy();
  return same;
}"""


def random_record(game: str, seed: int, options: dict[str, bool] | None = None) -> dict[str, Any]:
    match = engine.new_match(game, 2, options=options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        moves = match.legal_moves(seat)
        match.play(seat, moves[rng.randrange(len(moves))])
    return records.from_match(match, names=["Ada", "Bo"])


def open_in_viewer(page: Page, record: dict[str, Any], name: str) -> None:
    """Imports the record from a file and opens it in the replay viewer."""
    entries = page.get_by_test_id("history-entry")
    before = entries.count()
    page.get_by_test_id("history-import").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": json.dumps(record).encode()}])
    # the list drawn again with it (until then its first entry of the game is an older one)
    expect(entries).to_have_count(before + 1)
    expect(page.get_by_test_id("history-usage")).to_contain_text("kept")
    # the newest entry of that game: the one just imported
    page.locator(f"[data-testid=history-entry][data-game={record['game']}]").first.get_by_test_id("history-open").click()
    page.wait_for_function("window.tabletop.replay && window.tabletop.replay.table && !window.tabletop.replay.busy")


def at_rest(page: Page, at: int, seat: int | None) -> None:
    page.wait_for_function(f"() => window.tabletop.replay.at === {at} && window.tabletop.replay.seat === "
                           f"{'null' if seat is None else seat} && !window.tabletop.replay.busy && "
                           f"window.tabletop.replay.wanted === null")


def test_every_position_drawn_by_changes_only_is_the_renderers_own_drawing(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    page.get_by_test_id("open-history").click()
    cases = [("splendor", 3, None), ("guild", 4, None), ("stars", 5, None), ("station", 6, None),
             ("splendor", 7, {"trading_posts": True, "strongholds": True})]
    for game, seed, options in cases:
        record = random_record(game, seed, options)
        open_in_viewer(page, record, f"{game}-{seed}.json")
        total = len(record["log"])
        rng = random.Random(seed)
        seat: int | None = None
        # random jumps, single steps both ways, a seat change, the slider
        plan: list[int | str] = [rng.randrange(total + 1) for _ in range(6)]
        plan += ["right", "right", "left", "seat", "slider", "end", "home"]
        at = total
        for step in plan:
            if step == "seat":
                seat = 1
                page.get_by_test_id("replay-seat").select_option("1")
            elif step == "slider":  # dragged to a third of the game: the slider's own input event
                at = total // 3
                page.get_by_test_id("replay-slider").evaluate(
                    "(el, at) => { el.value = String(at); el.dispatchEvent(new Event('input', { bubbles: true })); }",
                    at)
            elif isinstance(step, int):
                at = step
                page.evaluate("(at) => window.tabletop.replay.jump(at)", at)
            else:
                key = {"right": "ArrowRight", "left": "ArrowLeft", "end": "End", "home": "Home"}[step]
                at = {"right": min(total, at + 1), "left": max(0, at - 1), "end": total, "home": 0}[step]
                page.locator("body").press(key)
            at_rest(page, at, seat)
            assert page.evaluate(SAME_AS_FRESH), f"{game} at move {at}: the board is not the renderer's drawing"
            expected = engine.replay(game, 2, record["options"], record["seed"], record["log"][:at])
            assert read_json(page, "window.tabletop.replay.view") == json.loads(json.dumps(expected.view(seat)))
        if options:
            # a renderer's own control on the board: a click reaches it, and the board shows its answer
            info = page.get_by_test_id("replay-board").locator("[data-action=post-info]").first
            expect(info).to_be_visible()
            before = page.get_by_test_id("replay-board").inner_html()
            info.click()
            assert page.get_by_test_id("replay-board").inner_html() != before
            assert page.evaluate("""() => { const m = window.tabletop.replay.mirror;
              return Array.from(m.live.childNodes).every((n, i) => n.isEqualNode(m.root.childNodes[i])); }""")
        page.get_by_test_id("replay-close").click()
        expect(page.get_by_test_id("history-list")).to_be_visible()
    assert page.evaluate("window.tabletop.replay") is None
    # the list: the storage used, then "Delete all" (after its confirm) leaves nothing
    expect(page.get_by_test_id("history-usage")).to_contain_text(f"{len(cases)} games kept")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("history-clear").click()
    expect(page.get_by_test_id("history-empty")).to_be_visible()
    expect(page.get_by_test_id("history-usage")).to_contain_text("0 games kept")
