"""One engine per page (docs/embed.md "One engine per page"): five boards of a rules page on
ANOTHER origin share one SharedWorker running one Pyodide, each plays on its own, and a board's
refused or hostile message, a forged match handle or a board going away leaves the others as
they were. And the fallback: a browser without SharedWorker gives each board its own worker.

The board's site is served here with its request log on (`--log`), so a Pyodide boot is
observed as the server sees it: one GET of pyodide.asm.wasm per boot (a fresh browser context
has no HTTP cache). The rules site is another loopback server; both are started by the test
with a `timeout` bound and stopped in a finalizer. A CPython twin says what each board must list.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest

import engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import BackgroundServer

BOOT_MS = 120_000
EXAMPLES = ROOT / "site" / "examples"

# A rules page of another site with several boards: ?boards=<JSON list of iframe srcs>.
RULES_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A rules site with several boards</title></head>
<body><h1>Rules of some games</h1>
<script>
  const srcs = JSON.parse(new URLSearchParams(location.search).get("boards"));
  const frames = srcs.map((src, i) => {
    const f = document.createElement("iframe");
    f.src = src; f.width = "900"; f.height = "600"; f.title = `board ${i}`; f.style.border = "0";
    document.body.appendChild(f);
    return f;
  });
  const boardOrigin = new URL(srcs[0]).origin;
  window.host = {
    received: [],
    send(i, msg) { frames[i].contentWindow.postMessage({ tabletop: 1, ...msg }, boardOrigin); },
    post(i, msg) { frames[i].contentWindow.postMessage(msg, boardOrigin); },
    remove(i) { frames[i].remove(); },
  };
  window.addEventListener("message", (e) => {
    const board = frames.findIndex((f) => f.contentWindow === e.source);
    window.host.received.push({ origin: e.origin, board, data: e.data });
  });
</script></body></html>
"""


@pytest.fixture(scope="module")
def logged_site(dist_dir):
    """The board's site, logging every request (to count Pyodide boots)."""
    server = BackgroundServer(dist_dir, lifetime_s=900, extra_args=["--log"])
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def rules_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rules-five")
    (folder / "index.html").write_text(RULES_PAGE)
    server = BackgroundServer(folder, lifetime_s=900)
    try:
        yield server.url
    finally:
        server.stop()


def boots(server: BackgroundServer) -> int:
    """Pyodide boots the server saw: GETs of the wasm."""
    return sum(1 for line in server.output if '"GET /pyodide/pyodide.asm.wasm' in line)


def origin(url: str) -> str:
    return url.rstrip("/")


def board_src(site: str, host: str, **params) -> str:
    return site + "embed.html?" + urlencode({**params, "origins": origin(host)})


def open_rules(page, host: str, srcs: list[str]) -> None:
    page.goto(host + "?boards=" + quote(json.dumps(srcs), safe=""))


def received(page, board: int, kind: str, **match) -> list[dict]:
    got = page.evaluate("window.host.received")
    out = [m["data"] for m in got if m["board"] == board and isinstance(m["data"], dict)
           and m["data"].get("tabletop") == 1 and m["data"].get("type") == kind]
    return [m for m in out if all(m.get(k) == v for k, v in match.items())]


def wait_for(page, board: int, kind: str, timeout_ms: int = 30_000, **match) -> dict:
    cond = " && ".join([f"m.board === {board}", "m.data && m.data.tabletop === 1",
                        f"m.data.type === {json.dumps(kind)}"] +
                       [f"JSON.stringify(m.data[{json.dumps(k)}]) === "
                        f"{json.dumps(json.dumps(v, separators=(',', ':')))}"
                        for k, v in match.items()])
    page.wait_for_function(f"window.host.received.some((m) => {cond})", timeout=timeout_ms)
    return received(page, board, kind, **match)[0]


def replay(pos: dict) -> engine.Match:
    return engine.replay(pos["game"], pos["players"], pos.get("options") or {}, pos["seed"], pos["moves"])


def test_five_boards_on_a_rules_page_share_one_engine_and_play_independently(page, logged_site, rules_site):
    site = logged_site.url
    assert origin(rules_site) != origin(site)
    seeds = [11, 12, 13, 14, 15]
    open_rules(page, rules_site, [board_src(site, rules_site, game="splendor", players=2, seed=s) for s in seeds])
    twins = [engine.new_match("splendor", 2, seed=s) for s in seeds]
    for i, twin in enumerate(twins):
        ready = wait_for(page, i, "ready", timeout_ms=BOOT_MS)
        assert ready["state"]["legal_moves"] == twin.legal_moves(0) and ready["state"]["view"] == twin.view(0)

    # one engine: every board reports the same SharedWorker instance, and Pyodide booted once
    engines = [page.frames[1 + i].evaluate("window.tabletopEmbed.engine") for i in range(5)]
    assert {e["kind"] for e in engines} == {"shared"}
    assert len({e["shared"]["instance"] for e in engines}) == 1
    assert boots(logged_site) == 1
    assert sum(1 for line in logged_site.output if '"GET /wheels/manifest.json' in line) == 1

    # each board plays on its own: a move in board 0 leaves the other four at their positions
    take = next(m for m in twins[0].legal_moves(0) if m["type"] == "take")
    page.evaluate(f"window.host.send(0, {{type: 'play', id: 'a', move: {json.dumps(take)}}})")
    moved = wait_for(page, 0, "move", id="a")
    assert moved["events"] == twins[0].play(0, take) and moved["state"]["moves"] == 1
    for i in range(1, 5):
        page.evaluate(f"window.host.send({i}, {{type: 'get_state', id: 's{i}'}})")
        st = wait_for(page, i, "state", id=f"s{i}")["state"]
        assert st["moves"] == 0 and st["view"] == twins[i].view(0), i
    reserve = next(m for m in twins[3].legal_moves(0) if m["type"] == "reserve")
    page.evaluate(f"window.host.send(3, {{type: 'play', id: 'b', move: {json.dumps(reserve)}}})")
    assert wait_for(page, 3, "move", id="b")["events"] == twins[3].play(0, reserve)

    # board 2: a refused move, then hostile messages; each answered with its reason, nothing changes
    bad = {"type": "take", "gems": {"red": 3}}
    page.evaluate(f"window.host.send(2, {{type: 'play', id: 'bad', move: {json.dumps(bad)}}})")
    with pytest.raises(engine.IllegalMove) as reason:
        twins[2].play(0, bad)
    assert wait_for(page, 2, "error", id="bad")["message"] == reason.value.reason
    page.evaluate("window.host.send(2, {type: 'play', id: 'x'.repeat(500), move: {type: 'take'}})")
    page.evaluate("window.host.send(2, {type: 'play', id: 'deep', move: JSON.parse('['.repeat(40) + ']'.repeat(40))})")
    page.evaluate("window.host.send(2, {type: 'play', id: 'n', seat: 0.5, move: {type: 'take', gems: {}}})")
    page.evaluate("window.host.send(2, {type: 'get_state', id: 'big', pad: 'y'.repeat(2 << 20)})")
    page.evaluate("window.host.post(2, {tabletop: 1, type: 'play', id: 'nan', move: {n: NaN}})")
    for rid in (None, "deep", "n", "big", "nan"):
        err = wait_for(page, 2, "error", id=rid)
        assert err["code"] == "bad_message", err
    page.evaluate("window.host.send(2, {type: 'get_state', id: 's2b'})")
    assert wait_for(page, 2, "state", id="s2b")["state"]["view"] == twins[2].view(0)

    # a forged handle: code of this site (the only kind that can reach the shared engine) asking
    # it, from board 4's frame, for any match but the ones made for it gets `unknown_match`
    forged = page.frames[5].evaluate("""async () => {
      const sw = new SharedWorker("worker/shared-engine-worker.js", {type: "module", name: "tabletop-engine"});
      const replies = [];
      const ask = (req) => new Promise((resolve) => { sw.port.onmessage = (e) => { if (e.data.id === req.id) resolve(e.data); }; sw.port.postMessage(JSON.stringify(req)); });
      const mine = await ask({v: 1, id: 1, op: "new_match", game: "splendor", players: 2, seed: 1});
      const n = Number(mine.match.replace(/\\D/g, ""));
      const prefix = mine.match.replace(/\\d+$/, "");
      for (let k = 0; k < n; k++) replies.push(await ask({v: 1, id: 10 + k, op: "state", match: prefix + k, seat: 0}));
      replies.push(await ask({v: 1, id: 99, op: "play", match: prefix + (n - 1), seat: 0, move: {type: "take", gems: {}}}));
      sw.port.postMessage({event: "bye"});
      return {mine, replies};
    }""")  # noqa: E501  (JavaScript kept as written)
    assert forged["mine"]["ok"] is True
    assert forged["replies"] and all(r["ok"] is False and r["error"]["code"] == "unknown_match"
                                     for r in forged["replies"])

    # a board goes away (its iframe removed mid-game): the engine lets it go (4 boards left,
    # and the probe asking), and the others go on, on the same engine
    probe = """() => new Promise((resolve) => {
      const sw = new SharedWorker("worker/shared-engine-worker.js", {type: "module", name: "tabletop-engine"});
      sw.port.onmessage = (e) => { if (e.data.event === "ready") { sw.port.postMessage({event: "bye"}); resolve(e.data.shared); } };
    })"""  # noqa: E501  (JavaScript kept as written)

    def boards(frame: Any, want: int) -> int:
        """The engine's count of boards as a probe sees it, asked again (for up to 5 s) until it is
        ``want``: a handle's goodbye and a new connection reach the engine on different ports, so
        an earlier probe's or the forged handle's release may still be on its way."""
        deadline = time.monotonic() + 5
        while True:
            seen = int(frame.evaluate(probe)["boards"])
            if seen == want or time.monotonic() > deadline:
                return seen
            time.sleep(0.05)

    assert boards(page.frames[5], 6) == 6
    page.evaluate("window.host.remove(1)")
    page.wait_for_function("document.querySelectorAll('iframe').length === 4")
    assert boards(page.frames[4], 5) == 5
    for i in (0, 2, 3, 4):
        seat = twins[i].to_act()[0]
        mv = twins[i].legal_moves(seat)[-1]
        page.evaluate(f"window.host.send({i}, {{type: 'play', id: 'after{i}', seat: {seat}, move: {json.dumps(mv)}}})")
        assert wait_for(page, i, "move", id=f"after{i}")["events"] == twins[i].play(seat, mv), i
    assert boots(logged_site) == 1


def test_without_shared_worker_each_board_starts_its_own_engine(page, logged_site, rules_site):
    site = logged_site.url
    page.context.add_init_script("delete window.SharedWorker;")
    before = boots(logged_site)
    open_rules(page, rules_site, [board_src(site, rules_site, game="guild", players=2, seed=3)])
    ready = wait_for(page, 0, "ready", timeout_ms=BOOT_MS)
    twin = engine.new_match("guild", 2, seed=3)
    assert ready["state"]["legal_moves"] == twin.legal_moves(0)
    assert page.frames[1].evaluate("window.tabletopEmbed.engine")["kind"] == "own"
    mv = twin.legal_moves(0)[0]
    page.evaluate(f"window.host.send(0, {{type: 'play', id: 'g', move: {json.dumps(mv)}}})")
    assert wait_for(page, 0, "move", id="g")["events"] == twin.play(0, mv)
    assert boots(logged_site) == before + 1


def test_a_hard_computer_seat_thinks_in_its_boards_bot_worker_beside_the_shared_engine(
        page, logged_site, rules_site):
    site = logged_site.url
    open_rules(page, rules_site, [
        board_src(site, rules_site, game="splendor", mode="play", seats="hard,human", seed=3, botDelay=0),
        board_src(site, rules_site, game="guild", players=2, seed=4)])
    twin = engine.new_match("guild", 2, seed=4)
    assert wait_for(page, 1, "ready", timeout_ms=BOOT_MS)["state"]["legal_moves"] == twin.legal_moves(0)
    # the hard seat (seat 0) moves first: thought in a bot worker (a dedicated engine worker of
    # that board), judged by the shared engine
    moved = wait_for(page, 0, "move", timeout_ms=BOOT_MS)
    assert moved["seat"] == 0 and moved["by"] == "computer" and moved["state"]["to_act"] == [1]
    assert [w.url.rsplit("/", 1)[1] for w in page.workers] == ["engine-worker.js"]
    assert page.frames[1].evaluate("window.tabletopEmbed.engine")["kind"] == "shared"
    # the other board is untouched and still plays
    mv = twin.legal_moves(0)[0]
    page.evaluate(f"window.host.send(1, {{type: 'play', id: 'g', move: {json.dumps(mv)}}})")
    assert wait_for(page, 1, "move", id="g")["events"] == twin.play(0, mv)
