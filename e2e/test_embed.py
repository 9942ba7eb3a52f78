"""The embeddable board (site/embed.html, docs/embed.md) on rules pages of OTHER origins, the
demo rules page, and the PyScript page that installs the engine with micropip.

A "rules website" here is a second server on another loopback port (another origin), started
by the test with a `timeout` bound and stopped in a finalizer. Its page puts the board in an
iframe and records every message it receives. A CPython twin of each position (the same
engine) says what the board must list; no rule is written here.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from playwright.sync_api import expect

import engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import BackgroundServer

BOOT_MS = 90_000
EXAMPLES = ROOT / "site" / "examples"

# The rules page of another site: embeds the board named by ?embed=<iframe src>, records
# what it receives, and sends what the test asks (window.host.send).
HOST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A rules site</title></head>
<body>
<h1>Rules of some game</h1>
<script>
  const src = new URLSearchParams(location.search).get("embed");
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.width = "1000"; frame.height = "760"; frame.style.border = "0";
  frame.title = "live board";
  document.body.appendChild(frame);
  const boardOrigin = new URL(src).origin;
  window.host = {
    received: [],
    send(msg) { frame.contentWindow.postMessage({ tabletop: 1, ...msg }, boardOrigin); },
  };
  window.addEventListener("message", (e) => {
    window.host.received.push({ origin: e.origin, fromBoard: e.source === frame.contentWindow, data: e.data });
  });
</script>
</body></html>
"""


def origin(url: str) -> str:
    return url.rstrip("/")


@pytest.fixture(scope="module")
def rules_sites(tmp_path_factory):
    """Two 'rules websites' on two more loopback ports: two more origins."""
    folder = tmp_path_factory.mktemp("rules-site")
    (folder / "index.html").write_text(HOST_PAGE)
    servers = []
    try:
        for _ in range(2):
            servers.append(BackgroundServer(folder, lifetime_s=900))
        yield [s.url for s in servers]
    finally:
        for s in servers:
            s.stop()


def embed_url(site_url: str, **params) -> str:
    return site_url + "embed.html?" + urlencode(params)


def open_host(page, host_url: str, src: str) -> None:
    page.goto(host_url + "?embed=" + quote(src, safe=""))


def messages(page, kind: str | None = None) -> list[dict]:
    got = page.evaluate("window.host.received")
    out = [m["data"] for m in got if isinstance(m["data"], dict) and m["data"].get("tabletop") == 1]
    return [m for m in out if kind is None or m["type"] == kind]


def wait_message(page, kind: str, count: int = 1, timeout_ms: int = 30_000, **match) -> dict:
    """The count-th message of this type (with these fields), once it arrived."""
    cond = " && ".join([f"m.data.type === {json.dumps(kind)}"] +
                       [f"JSON.stringify(m.data[{json.dumps(k)}]) === "
                        f"{json.dumps(json.dumps(v, separators=(',', ':')))}" for k, v in match.items()])
    page.wait_for_function(
        f"window.host.received.filter((m) => m.data && m.data.tabletop === 1 && {cond}).length >= {count}",
        timeout=timeout_ms)
    found = [m for m in messages(page, kind) if all(m.get(k) == v for k, v in match.items())]
    return found[count - 1]


def board_frame(page):
    return page.frames[1]


def replay(pos: dict) -> engine.Match:
    return engine.replay(pos["game"], pos["players"], pos.get("options") or {}, pos["seed"], pos["moves"])


# ----------------------------------------------------------------------------- tests

def test_a_rules_page_on_another_origin_gets_ready_plays_through_the_board_and_gets_the_move(
        page, site_url, rules_sites):
    host = rules_sites[0]
    assert origin(host) != origin(site_url)
    src = embed_url(site_url, game="splendor", players=2, seed=7, mode="explore", origins=origin(host))
    open_host(page, host, src)

    ready = wait_message(page, "ready", timeout_ms=BOOT_MS)
    twin = engine.new_match("splendor", 2, seed=7)
    assert ready["game"] == "splendor" and ready["mode"] == "explore" and ready["players"] == 2
    assert ready["state"]["to_act"] == [0] and ready["state"]["seat"] == 0
    assert ready["state"]["legal_moves"] == twin.legal_moves(0)
    assert ready["state"]["view"] == twin.view(0)
    got = page.evaluate("window.host.received")
    assert {m["origin"] for m in got} == {origin(site_url)} and all(m["fromBoard"] for m in got)

    # a person plays a move in the iframe: three gems, tapped on the board
    frame = page.frame_locator("iframe")
    take = next(m for m in twin.legal_moves(0) if m["type"] == "take" and len(m["gems"]) == 3)
    for color in take["gems"]:
        frame.get_by_test_id("bank").locator(f"[data-color={color}]").click()
    frame.get_by_test_id("confirm-take").click()
    move = wait_message(page, "move")
    events = twin.play(0, take)
    assert move["seat"] == 0 and move["move"] == take and move["by"] == "player"
    assert move["events"] == events
    assert move["state"]["to_act"] == [1] and move["state"]["legal_moves"] == twin.legal_moves(1)

    # the page asks for legal moves, and plays one itself
    page.evaluate("window.host.send({type: 'get_legal_moves', id: 'q1'})")
    listed = wait_message(page, "legal_moves", id="q1")
    assert listed["seat"] == 1 and listed["moves"] == twin.legal_moves(1)
    reserve = next(m for m in twin.legal_moves(1) if m["type"] == "reserve")
    page.evaluate(f"window.host.send({{type: 'play', id: 'p1', move: {json.dumps(reserve)}}})")
    played = wait_message(page, "move", id="p1")
    assert played["by"] == "host" and played["events"] == twin.play(1, reserve)
    assert played["state"]["moves"] == 2

    # a refused move: the engine's reason, and nothing changes
    bad = {"type": "take", "gems": {"red": 3}}
    page.evaluate(f"window.host.send({{type: 'play', id: 'bad', move: {json.dumps(bad)}}})")
    refused = wait_message(page, "error", id="bad")
    with pytest.raises(engine.IllegalMove) as reason:
        twin.play(0, bad)
    assert refused["code"] == "illegal_move" and refused["message"] == reason.value.reason
    page.evaluate("window.host.send({type: 'get_state', id: 's1'})")
    assert wait_message(page, "state", id="s1")["state"]["view"] == twin.view(0)

    # every demo position (of a game this engine has) set by message: the engine's moves,
    # and the example's move shows its event
    for path in sorted(EXAMPLES.glob("*.json")):
        pos = json.loads(path.read_text())
        if pos["game"] not in engine.GAMES:
            continue
        position = {k: pos[k] for k in ("game", "players", "options", "seed", "moves")}
        page.evaluate(f"window.host.send({{type: 'set_position', id: {json.dumps(path.stem)}, "
                      f"position: {json.dumps(position)}}})")
        state = wait_message(page, "state", id=path.stem, timeout_ms=60_000)["state"]
        example = replay(pos)
        seat = pos["try"]["seat"]
        assert state["game"] == pos["game"] and state["seat"] == seat and state["moves"] == 0
        assert state["legal_moves"] == example.legal_moves(seat), path.name
        page.evaluate(f"window.host.send({{type: 'play', id: 'try-{path.stem}', "
                      f"move: {json.dumps(pos['try']['move'])}}})")
        tried = wait_message(page, "move", id=f"try-{path.stem}", timeout_ms=60_000)
        assert tried["events"] == example.play(seat, pos["try"]["move"])
        assert pos["try"]["event"] in [e["type"] for e in tried["events"]], path.name
        # and back to the position
        page.evaluate(f"window.host.send({{type: 'reset', id: 'r-{path.stem}'}})")
        back = wait_message(page, "state", id=f"r-{path.stem}")["state"]
        assert back["moves"] == 0 and back["legal_moves"] == replay(pos).legal_moves(seat)


def test_a_game_against_the_computer_in_the_embed(page, site_url, rules_sites):
    host = rules_sites[0]
    src = embed_url(site_url, game="guild", mode="play", seats="human,greedy", seed=4, botDelay=0, origins=origin(host))
    open_host(page, host, src)
    ready = wait_message(page, "ready", timeout_ms=BOOT_MS)
    assert ready["mode"] == "play" and ready["seats"] == ["human", "greedy"]
    twin = engine.new_match("guild", 2, seed=4)
    first = twin.legal_moves(0)[0]
    page.evaluate(f"window.host.send({{type: 'play', id: 'h1', move: {json.dumps(first)}}})")
    mine = wait_message(page, "move", id="h1")
    assert mine["events"] == twin.play(0, first)
    # the computer answers on its own, and the board waits for the person again
    bot = wait_message(page, "move", by="computer")
    assert bot["seat"] == 1
    assert bot["events"] == twin.play(1, bot["move"])
    assert bot["state"]["seat"] == 0 and bot["state"]["to_act"] == [0]
    assert bot["state"]["view"] == twin.view(0)  # the person's own view: no other pouch colours
    # the computer's seat stays private to it
    page.evaluate("window.host.send({type: 'get_legal_moves', id: 'peek', seat: 1})")
    assert wait_message(page, "error", id="peek")["code"] == "private_seat"


def test_messages_from_an_origin_not_listed_are_ignored(page, site_url, rules_sites):
    listed, other = rules_sites
    src = embed_url(site_url, game="splendor", players=2, seed=7, origins=origin(listed))
    open_host(page, other, src)  # the page of an origin the board does not list
    board = page.frame_locator("iframe")
    expect(board.get_by_test_id("embed")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)

    twin = engine.new_match("splendor", 2, seed=7)
    legal = twin.legal_moves(0)[0]
    page.evaluate("window.host.send({type: 'get_legal_moves', id: 'x'})")
    page.evaluate(f"window.host.send({{type: 'play', id: 'y', move: {json.dumps(legal)}}})")
    page.evaluate("window.host.send({type: 'ping', id: 'z'})")
    frame = board_frame(page)
    frame.wait_for_function(
        f"window.tabletopEmbed.ignored.filter((o) => o === {json.dumps(origin(other))}).length >= 3")
    time.sleep(0.5)
    assert messages(page) == []  # not even "ready" reached this page
    assert frame.evaluate("window.tabletopEmbed.state.moves") == 0
    expect(board.get_by_test_id("table")).to_have_attribute("data-moves", "0")
    assert frame.evaluate("window.tabletopEmbed.origins") == [origin(listed)]
    # the board did say "ready", but to the listed origin only: this page never saw it
    assert "ready" in [m["type"] for m in frame.evaluate("window.tabletopEmbed.sent")]


def test_the_demo_rules_page_embeds_live_examples(page, site_url):
    # the boards are <tabletop-board> elements sharing one engine (e2e/test_embed_element.py)
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(site_url + "rules-demo.html")
    section = page.get_by_test_id("example-splendor-noble")
    expect(section.get_by_test_id("host-status")).to_contain_text("ready", timeout=BOOT_MS)
    pos = json.loads((EXAMPLES / "splendor-noble.json").read_text())
    expect(section.get_by_test_id("host-status")).to_contain_text(
        f"{len(replay(pos).legal_moves(pos['try']['seat']))} legal moves")
    section.get_by_test_id("play-example").click()
    expect(section.get_by_test_id("host-log")).to_contain_text("noble")
    board = page.frame_locator("[data-testid=example-splendor-noble] iframe")
    expect(board.get_by_test_id("embed-log")).to_contain_text("A noble visits")
    section.get_by_test_id("reset").click()
    expect(board.get_by_test_id("table")).to_have_attribute("data-moves", "0")


def test_a_pyscript_page_installs_the_wheel_with_micropip_and_lists_legal_moves(
        page, site_url, manifest, origin_requests):
    page.goto(site_url + "pyscript-demo.html")
    page.wait_for_function("document.body.dataset.state", timeout=120_000)
    assert page.evaluate("document.body.dataset.state") == "done", page.inner_text("#status")
    result = json.loads(page.evaluate("document.body.dataset.result"))
    twin = engine.new_match("splendor", 2, seed=1)
    assert result["moves"] == twin.legal_moves(0)
    assert result["installer"] == "micropip" and result["version"] == manifest["engine_version"]
    assert result["games"] == list(engine.GAMES)
    expect(page.get_by_test_id("moves").locator("li")).to_have_count(len(twin.legal_moves(0)))

    # a demo position, replayed by engine.replay inside the page
    pos = json.loads((EXAMPLES / "guild-commission.json").read_text())
    page.get_by_test_id("position").select_option("guild-commission")
    page.wait_for_function("JSON.parse(document.body.dataset.result).game === 'guild'")
    result = json.loads(page.evaluate("document.body.dataset.result"))
    assert result["moves"] == replay(pos).legal_moves(pos["try"]["seat"])

    origin_requests.assert_same_origin()  # PyScript, Pyodide, micropip, the wheel: no CDN
    fetched = [u.rsplit("/", 1)[1] for u in origin_requests.urls]
    assert manifest["micropip"] in fetched and manifest["engine"] in fetched and "core.js" in fetched


# every change of the embed's progress bar, recorded from before the page's own scripts run
RECORD_PROGRESS = """
window.progressSeen = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.id === "embed-progress" && r.attributeName === "aria-valuenow") {
      window.progressSeen.push({ now: Number(r.target.getAttribute("aria-valuenow")),
                                 text: r.target.getAttribute("aria-valuetext") || "" });
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-valuenow"] });
"""


def test_the_embeds_loading_bar_moves_with_the_bytes_as_they_arrive(page, site_url, rules_sites):
    """docs/embed.md, "Loading": the board's bar (the shared engine's boot, a fresh browser with no
    cache) moves while Pyodide's files download, says how many MB of how many, never goes back,
    and ends full; it is a progressbar with a name."""
    host = rules_sites[0]
    page.add_init_script(RECORD_PROGRESS)
    open_host(page, host, embed_url(site_url, game="guild", seed=3, origins=origin(host)))
    wait_message(page, "ready", timeout_ms=BOOT_MS)
    frame = board_frame(page)
    seen = frame.evaluate("window.progressSeen")
    values = [s["now"] for s in seen]
    assert values == sorted(values), values
    assert values[-1] == 100, values
    downloading = [s for s in seen if "downloading Python" in s["text"] and " MB)" in s["text"]]
    assert len({s["now"] for s in downloading}) >= 3, seen  # the bar moved with the bytes
    assert all(s["now"] < 100 for s in downloading) and max(s["now"] for s in downloading) > 0, seen
    bar = frame.locator("[data-testid=embed-progress]")
    assert bar.get_attribute("role") == "progressbar"
    assert bar.get_attribute("aria-label") == "Loading the rules engine"
