"""The engine worker boots real Pyodide in Debian's Chromium, from the site's own origin.

Covers: the ready event, queued early requests, progress events, bad input never killing
the worker, every request staying on the origin, the site's own boot to its game picker,
and the micropip path other Pyodide pages use (site/micropip-demo.html).
"""

from __future__ import annotations

from playwright.sync_api import expect

import engine
from engine.games.listing import expand


def test_worker_boots_and_answers_hello(origin_requests, worker_page, manifest):
    # sent at once, before the worker can be ready: queued and answered after `ready`
    early = worker_page.page.evaluate("window.__engine.send({v: 1, id: 'early', op: 'hello'})")
    ready = worker_page.wait_ready()

    assert ready["v"] == 1 and ready["event"] == "ready"
    assert ready["engine"] == manifest["engine_version"]
    assert ready["snapshot"] is True  # restored from the engine's memory snapshot
    boot = ready["boot_ms"]
    assert {"runtime", "python", "engine", "total"} <= set(boot)
    assert all(isinstance(v, int) and v >= 0 for v in boot.values())
    assert boot["total"] >= boot["python"]

    assert early["id"] == "early" and early["ok"] is True
    hello = worker_page.request({"v": 1, "op": "hello"})
    assert hello["ok"] is True and hello["protocol"] == 1
    assert "splendor" in hello["games"]
    assert hello["engine"] == manifest["engine_version"]
    assert worker_page.worker_errors() == []

    # a real install: the distribution is in site-packages with its metadata
    installed = worker_page.page.workers[0].evaluate("""() => JSON.parse(self.pyodide.runPython(`
import json, importlib.metadata as md
d = md.distribution(md.packages_distributions()["engine"][0])
json.dumps({"version": d.version, "installer": d.read_text("INSTALLER"), "files": len(d.files)})
`))""")
    assert installed["version"] == manifest["engine_version"]

    # the boot's objects are out of the collector's way (engine/worker_boot.py), later ones are not
    frozen, walked = worker_page.page.workers[0].evaluate(
        "() => self.pyodide.runPython('import gc; [gc.get_freeze_count(), len(gc.get_objects())]').toJs()")
    assert frozen > 10_000 and walked < frozen, (frozen, walked)
    assert installed["installer"].strip() == "pyodide.unpackArchive"
    assert installed["files"] > 5

    origin_requests.assert_same_origin()
    # the page's worker fetched Pyodide and the wheel from the origin, each file once
    paths = [u.split("/", 3)[3] for u in origin_requests.urls]
    for f in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "wheels/" + manifest["engine"],
              "wheels/" + manifest["snapshot"]):
        assert paths.count(f) == 1, (f, paths)


def test_only_the_bot_worker_leaves_its_boot_objects_to_the_collector(worker_client, page, base_url):
    # the site's bot worker (named "bots") plays out thousands of games a move, which run slower
    # with the boot frozen, and no room update waits on it: it boots as before (docs/worker.md)
    bots = worker_client(page, base_url, name="bots")
    bots.wait_ready()
    frozen, name = bots.page.workers[0].evaluate(
        "() => [self.pyodide.runPython('import gc; gc.get_freeze_count()'), self.name]")
    assert (frozen, name) == (0, "bots")
    assert bots.request({"v": 1, "op": "hello"})["ok"] is True
    assert bots.worker_errors() == []


SNAPSHOT_PROBE = """() => JSON.parse(self.pyodide.runPython(`
import json, os, pkgutil, random, sys
import engine
before = set(sys.modules)
import colorsys  # not in the snapshot: from the standard library's zip, as on a plain boot
engine_modules = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.") if not m.name.endswith("__main__")]
json.dumps({"random": random.random(), "words": random.getrandbits(64),
            "engine_loaded": all(m in before for m in engine_modules), "modules": len(engine_modules),
            "files": os.path.isfile(engine.__file__), "stdlib_later": "colorsys" not in before})
`))"""


def test_two_boots_from_the_snapshot_draw_different_random_numbers_and_import_the_rest(worker_page, page, base_url,
                                                                                     worker_client):
    # The snapshot froze Python's memory, `random`'s state with it: each boot seeds it again.
    # The whole engine is already imported; its files are on disk too (the wheel is unpacked),
    # and the standard library's other modules still import.
    assert worker_page.wait_ready()["snapshot"] is True
    first = page.workers[0].evaluate(SNAPSHOT_PROBE)
    other = worker_client(page.context.new_page(), base_url)
    assert other.wait_ready()["snapshot"] is True
    second = other.page.workers[0].evaluate(SNAPSHOT_PROBE)
    assert first["engine_loaded"] and first["modules"] > 50 and first["files"] and first["stdlib_later"]
    assert (first["random"], first["words"]) != (second["random"], second["words"])
    # and a new match's seed comes from os.urandom, never from the frozen memory
    handles = [c.request({"v": 1, "op": "new_match", "game": "splendor", "players": 2})["match"]
               for c in (worker_page, other)]
    views = [c.request({"v": 1, "op": "state", "match": m, "seat": 0})["view"]
             for c, m in zip((worker_page, other), handles, strict=True)]
    assert views[0] != views[1]


def _fulfil_with(fault: dict):
    return lambda route, _request=None: route.fulfill(**fault)


def test_a_missing_or_broken_snapshot_falls_back_to_a_plain_boot(page, base_url, worker_client, manifest):
    for fault in (dict(status=404, body="gone"), dict(status=200, body=b"not gzip at all")):
        p = page.context.new_page()
        p.route("**/wheels/" + manifest["snapshot"], _fulfil_with(fault))
        client = worker_client(p, base_url)
        ready = client.wait_ready(timeout_ms=90_000)
        assert ready["event"] == "ready" and ready["snapshot"] is False, fault
        assert client.request({"v": 1, "op": "hello"})["ok"] is True
        assert client.worker_errors() == []
        p.close()


def test_progress_events_increase_to_ready(worker_page):
    worker_page.wait_ready()
    events = [e["msg"] for e in worker_page.events()]
    progress = [e for e in events if e["event"] == "progress"]
    assert events[-1]["event"] == "ready"
    assert all(e["v"] == 1 and isinstance(e["detail"], str) for e in progress)

    fractions = [e["fraction"] for e in progress]
    assert fractions == sorted(fractions), fractions
    assert all(0 <= f <= 1 for f in fractions)
    assert fractions[0] < 0.05 and fractions[-1] == 1
    assert len(set(fractions)) >= 6, fractions  # byte progress, then each milestone

    # stages come in order: downloading the runtime, starting Python, installing the engine
    stages = [e["stage"] for e in progress]
    order = ["runtime", "python", "engine"]
    assert [s for i, s in enumerate(stages) if i == 0 or stages[i - 1] != s] == order
    downloads = [e for e in progress if e["stage"] == "runtime" and "MB" in e["detail"]]
    assert len(downloads) >= 2, "no byte progress while Pyodide downloaded"


def test_bad_messages_get_error_replies_and_the_worker_goes_on(worker_page):
    worker_page.wait_ready()
    page = worker_page.page

    cases = [
        ({"v": 1, "id": 1, "op": "no_such_op"}, 1, "unknown_op"),
        ({"v": 2, "id": 2, "op": "hello"}, 2, "unsupported_version"),
        ({"v": 1, "id": 3, "op": "play", "match": "nope", "seat": 0, "move": {"type": "pass"}}, 3, "unknown_match"),
        ({"v": 1, "id": 4, "op": "new_match", "game": "chess", "players": 2}, 4, "unknown_game"),
        ({"v": 1, "id": 5, "op": "new_match", "game": "splendor"}, 5, "bad_message"),
    ]
    for msg, want_id, code in cases:
        reply = worker_page.request(msg)
        assert reply["ok"] is False and reply["id"] == want_id, reply
        assert reply["error"]["code"] == code, reply
        assert reply["error"]["message"]

    # not JSON at all, an array, null: refused with bad_message (no id to echo)
    for raw in ["{not json", "[1, 2, 3]", None]:
        worker_page.post_raw(raw)
    # a value JSON cannot carry (a BigInt): refused by the worker, with its id
    bigint = page.evaluate("window.__engine.send({v: 1, id: 'big', op: 'hello', n: 10n})")
    assert bigint["id"] == "big" and bigint["error"]["code"] == "bad_message"

    # a Python exception escaping handle() becomes an `internal` reply with the same id
    worker = page.workers[0]
    worker.evaluate(
        """() => self.pyodide.runPython(`
import engine.protocol as p
p._saved_answer = p.answer
def _boom(*a, **k):
    raise RuntimeError("injected failure")
p.answer = _boom
`)"""
    )
    crash = worker_page.request({"v": 1, "id": "crash", "op": "hello"})
    assert crash == {"v": 1, "id": "crash", "ok": False,
                     "error": {"code": "internal", "message": "RuntimeError: injected failure"}}
    worker.evaluate("() => self.pyodide.runPython('import engine.protocol as p; p.answer = p._saved_answer')")

    # and the worker still answers, a whole new match included
    hello = worker_page.request({"v": 1, "id": "after", "op": "hello"})
    assert hello["ok"] is True and hello["id"] == "after"
    made = worker_page.request({"v": 1, "op": "new_match", "game": "splendor", "players": 2, "seed": 1})
    assert made["ok"] is True
    state = worker_page.request({"v": 1, "op": "state", "match": made["match"], "seat": 0})
    assert expand(state["legal_moves"]) == engine.new_match("splendor", 2, seed=1).legal_moves(0)

    raw_replies = [r for r in worker_page.replies() if r.get("id") is None]
    assert len(raw_replies) == 3
    assert all(r["ok"] is False and r["error"]["code"] == "bad_message" for r in raw_replies)
    assert worker_page.worker_errors() == []


def test_a_failed_boot_is_reported_and_requests_still_get_replies(page, base_url, worker_client):
    # the manifest is missing: the worker says why, and answers requests with an error
    page.route("**/wheels/manifest.json", lambda route: route.fulfill(status=404, body="gone"))
    client = worker_client(page, base_url, harness_url=base_url + "pyodide/pyodide-lock.json")
    early = page.evaluate("window.__engine.send({v: 1, id: 'q', op: 'hello'})")
    failure = page.evaluate("window.__engine.ready.then(() => null, (e) => e)")
    assert failure["event"] == "boot_error"
    assert "manifest" in failure["message"] and "404" in failure["message"]
    assert early == {"v": 1, "id": "q", "ok": False,
                     "error": {"code": "internal", "message": f"the engine did not start: {failure['message']}"}}
    later = client.request({"v": 1, "id": "later", "op": "hello"})
    assert later["id"] == "later" and later["error"]["code"] == "internal"
    assert client.worker_errors() == []


def test_site_boots_to_the_game_picker_on_its_own_origin(page, origin_requests):
    page.goto("/")
    expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=60_000)
    origin_requests.assert_same_origin()
    assert any(u.endswith("/worker/engine-worker.js") for u in origin_requests.urls)


def test_micropip_installs_the_engine_wheel_from_the_site(page, manifest, origin_requests):
    page.goto("micropip-demo.html")
    page.wait_for_function("document.body.dataset.state", timeout=90_000)
    assert page.evaluate("document.body.dataset.state") == "done", page.inner_text("#status")

    expected = engine.new_match("splendor", 2, seed=1).legal_moves(0)
    expect(page.get_by_test_id("legal-moves")).to_have_text(str(len(expected)))
    result = page.evaluate("window.demoResult")
    assert result["first"] == expected[0]
    assert result["installer"] == "micropip"  # really installed by micropip, not unpacked
    assert result["version"] == manifest["engine_version"]
    origin_requests.assert_same_origin()
    fetched = [u.rsplit("/", 1)[1] for u in origin_requests.urls]
    assert manifest["micropip"] in fetched and manifest["engine"] in fetched
