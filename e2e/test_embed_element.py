"""The one-line embed, `<tabletop-board>` (site/embed/board.js; docs/embed.md), on a rules page of
ANOTHER origin: the element's attributes become the board's parameters, it starts when scrolled
near, sizes itself to the board, and its methods and DOM events are the postMessage API. The
board stays in an iframe of the board's own origin (the page cannot reach into it).

The rules site is a second loopback server, started by the test with a `timeout` bound and
stopped in a finalizer; its page is the copy-paste snippet of docs/embed.md with the board's
site filled in. A CPython twin says what the board must list.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

import engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import BackgroundServer

BOOT_MS = 120_000
EXAMPLES = ROOT / "site" / "examples"

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Rules with one-line boards</title></head>
<body>
<h1>Rules of Splendor</h1>
<script>
  window.heard = [];
  for (const type of ["ready", "move", "game_over", "error", "resize"]) {
    document.addEventListener(type, (e) => {
      if (e.target.localName === "tabletop-board") window.heard.push({ board: e.target.id, type, detail: e.detail });
    }, true);
  }
</script>
<script type="module" src="SITE/embed/board.js"></script>
<tabletop-board id="near" game="splendor" players="2" seed="7" mode="explore" label="Splendor: the opening"></tabletop-board>
<div style="height: 4000px">(a long rules text)</div>
<tabletop-board id="far" position="examples/guild-commission.json" size="small"></tabletop-board>
</body></html>
"""  # noqa: E501  (HTML kept as written)


@pytest.fixture(scope="module")
def element_site(tmp_path_factory, site_url):
    folder = tmp_path_factory.mktemp("rules-element")
    (folder / "index.html").write_text(PAGE.replace("SITE/", site_url))
    server = BackgroundServer(folder, lifetime_s=900)
    try:
        yield server.url
    finally:
        server.stop()


def heard(page, board: str, kind: str) -> list[dict]:
    return [h["detail"] for h in page.evaluate("window.heard") if h["board"] == board and h["type"] == kind]


def replay(pos: dict) -> engine.Match:
    return engine.replay(pos["game"], pos["players"], pos.get("options") or {}, pos["seed"], pos["moves"])


def test_the_element_is_the_board_with_methods_events_lazy_start_and_its_own_size(page, site_url, element_site):
    page.set_viewport_size({"width": 1000, "height": 800})
    page.goto(element_site)
    near = page.locator("#near")
    expect(near).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    twin = engine.new_match("splendor", 2, seed=7)

    # the attributes are the iframe's parameters; the iframe is of the board's origin, out of the page's reach
    src = page.evaluate("document.querySelector('#near').shadowRoot.querySelector('iframe').src")
    assert src.startswith(site_url + "embed.html?")
    assert parse_qs(urlsplit(src).query) == {"game": ["splendor"], "players": ["2"], "seed": ["7"], "mode": ["explore"],
                                            "origins": [element_site.rstrip("/")]}
    assert page.evaluate("document.querySelector('#near').shadowRoot.querySelector('iframe').contentDocument") is None
    assert (page.evaluate("document.querySelector('#near').shadowRoot.querySelector('iframe').title")
            == "Splendor: the opening")
    ready = heard(page, "near", "ready")[0]
    assert ready["state"]["legal_moves"] == twin.legal_moves(0)

    # lazy: the board far down the page has not started (no iframe) until scrolled near
    assert page.locator("#far").get_attribute("data-state") == "idle"
    assert page.evaluate("document.querySelector('#far').shadowRoot.querySelector('iframe')") is None

    # methods: getLegalMoves, play (resolves with the move; the `move` event too), a refusal rejects
    listed = page.evaluate("document.querySelector('#near').getLegalMoves()")
    assert listed == {"seat": 0, "moves": twin.legal_moves(0)}
    take = next(m for m in twin.legal_moves(0) if m["type"] == "take")
    played = page.evaluate(f"document.querySelector('#near').play({json.dumps(take)})")
    events = twin.play(0, take)
    assert played["type"] == "move" and played["by"] == "host" and played["events"] == events
    assert heard(page, "near", "move")[-1]["events"] == events
    bad = {"type": "take", "gems": {"red": 3}}
    refused = page.evaluate(f"""document.querySelector('#near').play({json.dumps(bad)}).then(
        () => null, (err) => ({{code: err.code, message: err.message}}))""")
    with pytest.raises(engine.IllegalMove) as reason:
        twin.play(1, bad)
    assert refused == {"code": "illegal_move", "message": reason.value.reason}
    state = page.evaluate("document.querySelector('#near').getState()")
    assert state["view"] == twin.view(1) and state["moves"] == 1
    assert page.evaluate("document.querySelector('#near').state.moves") == 1

    # a person's tap in the board arrives as a `move` event (by: "player")
    board = page.frame_locator("#near iframe")
    reserve = next(m for m in twin.legal_moves(1) if m["type"] == "reserve" and "card" in m)
    board.get_by_test_id("embed-moves").locator("summary").first.click()
    board.get_by_test_id("embed-moves").locator("summary", has_text="reserve").click()
    index = twin.legal_moves(1).index(reserve)
    board.locator(f"[data-move-index='{index}']").click()
    page.wait_for_function("window.heard.filter((h) => h.board === 'near' && h.type === 'move').length >= 2")
    tapped = heard(page, "near", "move")[-1]
    assert tapped["by"] == "player" and tapped["move"] == reserve and tapped["events"] == twin.play(1, reserve)

    # it sizes itself to the board: its height is the board's last reported height
    page.wait_for_function("window.heard.some((h) => h.board === 'near' && h.type === 'resize')")
    last = heard(page, "near", "resize")[-1]["height"]
    assert page.evaluate("document.querySelector('#near').getBoundingClientRect().height") == pytest.approx(last, abs=1)

    # setPosition and reset
    pos = json.loads((EXAMPLES / "splendor-noble.json").read_text())
    position = {k: pos[k] for k in ("game", "players", "options", "seed", "moves")}
    st = page.evaluate(f"document.querySelector('#near').setPosition({json.dumps(position)})")
    assert st["legal_moves"] == replay(pos).legal_moves(pos["try"]["seat"]) and st["moves"] == 0
    tried = page.evaluate(f"document.querySelector('#near').play({json.dumps(pos['try']['move'])})")
    assert pos["try"]["event"] in [e["type"] for e in tried["events"]]
    back = page.evaluate("document.querySelector('#near').reset()")
    assert back["moves"] == 0 and back["legal_moves"] == replay(pos).legal_moves(pos["try"]["seat"])

    # scrolled near, the far board starts, on the same shared engine as the first
    page.locator("#far").scroll_into_view_if_needed()
    expect(page.locator("#far")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    guild = json.loads((EXAMPLES / "guild-commission.json").read_text())
    far_ready = heard(page, "far", "ready")[0]
    assert (far_ready["game"] == "guild"
            and far_ready["state"]["legal_moves"] == replay(guild).legal_moves(guild["try"]["seat"]))
    engines = [f.evaluate("window.tabletopEmbed.engine") for f in page.frames[1:]]
    assert len(engines) == 2 and {e["kind"] for e in engines} == {"shared"}
    assert len({e["shared"]["instance"] for e in engines}) == 1
    # the first board was not touched by the second
    assert page.evaluate("document.querySelector('#near').getState()")["moves"] == 0


def test_the_demo_rules_page_uses_the_element_and_its_boards_share_one_engine(page, site_url):
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(site_url + "rules-demo.html")
    section = page.get_by_test_id("example-splendor-noble")
    expect(section.get_by_test_id("host-status")).to_contain_text("ready", timeout=BOOT_MS)
    section.get_by_test_id("list-moves").click()
    pos = json.loads((EXAMPLES / "splendor-noble.json").read_text())
    n = len(replay(pos).legal_moves(pos["try"]["seat"]))
    expect(section.get_by_test_id("host-log")).to_contain_text(f"legal_moves — Seat {pos['try']['seat'] + 1}: {n}")
    # every example down the page, started as it is scrolled to, on one engine
    for name in ["guild-commission", "stars-constellation", "station-install", "play"]:
        sec = page.get_by_test_id(f"example-{name}")
        sec.scroll_into_view_if_needed()
        expect(sec.get_by_test_id("host-status")).to_contain_text("ready", timeout=BOOT_MS)
    instances = {f.evaluate("window.tabletopEmbed.engine.shared.instance") for f in page.frames[1:]}
    assert len(page.frames) == 6 and len(instances) == 1
