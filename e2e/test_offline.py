"""Offline after one visit, installable, and updates only with the user's consent (site/sw.js,
site/js/offline.js; docs/offline.md).

Each test serves the built site from its own server (bounded with `timeout`, stopped in a
`finally`), in a Chromium with a real profile folder (launch_persistent_context: a plain new
context never keeps a service worker or a cache), and then stops that server.
"""

from __future__ import annotations

import json
import shutil
import struct
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import precache
from serve import BackgroundServer

BOOT_MS = 90_000
SERVER_LIFETIME_S = 600


def precache_of(dist: Path) -> dict:
    line = (dist / "sw.js").read_text().split("\n", 2)[1]
    return json.loads(line[len("self.PRECACHE = "):-1])


def is_down(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2)
    except (urllib.error.URLError, ConnectionError, OSError):
        return True
    return False


def open_app(page, url: str) -> float:
    t = time.perf_counter()
    page.goto(url + "?botDelay=0")
    expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_MS)
    return time.perf_counter() - t


def wait_cached(page) -> None:
    """The service worker is active and its precache complete."""
    page.wait_for_function("document.documentElement.dataset.offline === 'ready' && window.tabletopOffline.version",
                           timeout=BOOT_MS)


def start_game(page, seats: list[str], seed: int) -> None:
    page.get_by_test_id("pick-splendor").click()
    form = page.get_by_test_id("new-game-form")
    expect(form).to_be_visible()
    form.locator(f"label:has([data-testid=players-{len(seats)}])").click()
    for i, kind in enumerate(seats):
        form.get_by_test_id(f"seat-kind-{i}").select_option(kind)
    form.locator("#seed-input").fill(str(seed))
    form.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("table")).to_be_visible()


@pytest.fixture
def persistent(browser_type, browser_type_launch_args, tmp_path):
    """A Chromium with its own profile folder (service workers and caches are kept)."""
    contexts = []

    def launch():
        ctx = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
        contexts.append(ctx)
        return ctx

    yield launch
    for ctx in contexts:
        ctx.close()


def test_after_one_visit_the_site_loads_and_a_game_is_played_with_the_server_stopped(dist_dir, persistent):
    files = precache_of(dist_dir)
    server = BackgroundServer(dist_dir, lifetime_s=SERVER_LIFETIME_S)
    try:
        ctx = persistent()
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        first_s = open_app(page, server.url)
        wait_cached(page)
        assert page.evaluate("window.tabletopOffline.version") == files["version"]
        cached = page.evaluate("""async () => {
            const names = await caches.keys();
            const cache = await caches.open(names[0]);
            return {names, keys: (await cache.keys()).map((r) => new URL(r.url).pathname.slice(1))};
        }""")
        assert cached["names"] == [f"tabletop-{files['version']}"]
        # the whole build: the site, the worker, Pyodide, micropip, the engine wheel, the embed, PyScript
        assert set(files["files"]) <= set(cached["keys"])
        for must in ("index.html", "worker/engine-worker.js", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                     "wheels/manifest.json", "embed.html", "vendor/pyscript/core.js", "manifest.webmanifest"):
            assert must in files["files"], must
        manifest = json.loads((dist_dir / "wheels" / "manifest.json").read_text())
        assert f"wheels/{manifest['engine']}" in files["files"] and f"wheels/{manifest['micropip']}" in files["files"]

        # installable: Chromium's own check, and the manifest's icons are what they say
        cdp = ctx.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        web_manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
        assert web_manifest["display"] == "standalone" and web_manifest["start_url"] == "./"
        for icon in web_manifest["icons"]:
            data = (dist_dir / icon["src"]).read_bytes()
            if icon["type"] == "image/png":
                assert data[:8] == b"\x89PNG\r\n\x1a\n"
                w, h = struct.unpack(">II", data[16:24])
                assert icon["sizes"] == f"{w}x{h}"
        assert {"192x192", "512x512"} <= {i["sizes"] for i in web_manifest["icons"]}
        assert any(i.get("purpose") == "maskable" for i in web_manifest["icons"])

        # the network is gone
        server.stop()
        assert is_down(server.url)
        failed: list[str] = []
        ctx.on("requestfailed", lambda r: failed.append(r.url))
        offline_s = open_app(page, server.url)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        print(f"\nfirst visit to the picker {first_s:.2f} s; offline reload {offline_s:.2f} s")

        # a full game: two computer seats play it out through the offline engine
        start_game(page, ["greedy", "random"], seed=5)
        expect(page.get_by_test_id("results")).to_be_visible(timeout=120_000)
        expect(page.get_by_test_id("winner")).to_contain_text("wins")
        assert int(page.get_by_test_id("table").get_attribute("data-moves")) > 20

        # and a person's moves: a new game, three turns of taking gems by tapping
        page.get_by_test_id("results-new-game").click()
        start_game(page, ["human", "greedy"], seed=9)
        for turn in range(3):
            page.wait_for_function("window.tabletop.legalMoves.length > 0", timeout=30_000)
            take = next(m for m in page.evaluate("window.tabletop.legalMoves")
                        if m["type"] == "take" and sum(m["gems"].values()) == 3)
            for color in take["gems"]:
                page.get_by_test_id("bank").locator(f"[data-color={color}]").click()
            page.get_by_test_id("confirm-take").click()
            page.wait_for_function(
                f"Number(document.querySelector('[data-testid=table]').dataset.moves) >= {2 * turn + 2}",
                timeout=30_000)
        # the embed works offline too (its page and scripts are precached)
        page.goto(server.url + "embed.html?game=guild&seed=3")
        page.wait_for_function("document.getElementById('embed').dataset.state === 'ready'", timeout=BOOT_MS)
        assert len(page.evaluate("window.tabletopEmbed.legalMoves")) > 0
        assert [u for u in failed if "/js/games/" not in u] == [], failed
        # and the rules pages (issue 13): precached, readable with the server gone (leaving the
        # embed aborts its engine's requests: not counted)
        for game in ("splendor", "guild", "stars", "station"):
            assert f"rules/{game}.html" in files["files"], game
        page.goto(server.url + "rules/station.html")
        expect(page.locator("h1")).to_have_text("Station")
        expect(page.get_by_test_id("load-example").first).to_be_visible()
    finally:
        server.stop()


def test_a_new_version_is_offered_in_a_banner_and_replaces_the_old_only_on_consent(dist_dir, persistent, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    v1 = precache_of(site)["version"]
    server = BackgroundServer(site, lifetime_s=SERVER_LIFETIME_S)
    try:
        ctx = persistent()
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        open_app(page, server.url)
        wait_cached(page)
        assert page.evaluate("window.tabletopOffline.version") == v1
        expect(page.get_by_test_id("update-banner")).to_have_count(0)

        # deploy a new version: a changed page and a changed script
        index = site / "index.html"
        index.write_text(index.read_text().replace("<title>Tabletop</title>",
                                                   '<title>Tabletop</title><meta name="build" content="v2">'))
        (site / "css" / "embed.css").write_text((site / "css" / "embed.css").read_text() + "\n/* v2 */\n")
        v2 = precache.regenerate(site)
        assert v2 != v1

        # the next visit still runs v1 entirely (from v1's cache) and offers v2
        open_app(page, server.url)
        expect(page.get_by_test_id("update-banner")).to_be_visible(timeout=60_000)
        assert page.evaluate("document.querySelector('meta[name=build]')") is None
        assert page.evaluate("document.documentElement.dataset.offline") == "update-ready"
        assert "/* v2 */" not in page.evaluate("fetch('css/embed.css').then((r) => r.text())")
        caches_now = page.evaluate("caches.keys()")
        assert sorted(caches_now) == sorted([f"tabletop-{v1}", f"tabletop-{v2}"])  # v2 waits, fully cached

        # "Later" only hides the banner (until the next visit): still v1, v2 still waiting
        page.get_by_test_id("update-later").click()
        expect(page.get_by_test_id("update-banner")).to_have_count(0)
        assert page.evaluate("window.tabletopOffline.registration.waiting !== null")
        page.reload()
        expect(page.get_by_test_id("update-banner")).to_be_visible(timeout=BOOT_MS)
        assert page.evaluate("document.querySelector('meta[name=build]')") is None

        # "Update": the new version takes over and the page reloads on it
        with page.expect_navigation(timeout=BOOT_MS):
            page.get_by_test_id("update-now").click()
        expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_MS)
        assert page.evaluate("document.querySelector('meta[name=build]').content") == "v2"
        wait_cached(page)
        assert page.evaluate("window.tabletopOffline.version") == v2
        assert page.evaluate("caches.keys()") == [f"tabletop-{v2}"]  # the old version is gone
        assert "/* v2 */" in page.evaluate("fetch('css/embed.css').then((r) => r.text())")

        # and v2 works offline
        server.stop()
        open_app(page, server.url)
        assert page.evaluate("document.querySelector('meta[name=build]').content") == "v2"
    finally:
        server.stop()
