"""Fixtures for the end-to-end tests: Debian's Chromium driven by pytest-playwright against
the built site (dist/), served on a free loopback port for the session.

See ../shared/TESTING.md for why each launch flag is here. Nothing here talks to any host
but 127.0.0.1.

- `browser_type_launch_args` extends pytest-playwright's own fixture (so --headed etc. work)
- `site_url` / `base_url`: the session's server; `page.goto("/")` opens the site
- `origin_requests`: every URL the page's context requested, to check they stayed home
- `worker_page`: a blank same-origin page driving its own engine worker (see WorkerClient);
  `worker_client`: the class itself, for a test that sets up the page (routes) first
Set E2E_NO_BUILD=1 to serve dist/ as it is instead of running tools/build.py first, and
E2E_DIST=/some/dir to build and serve there instead of dist/ (parallel work without races).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import BackgroundServer  # noqa: E402  (tools/serve.py)

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]
SERVER_LIFETIME_S = 3600  # `timeout` bound on the server, should a run be killed


def pytest_configure(config):
    config.addinivalue_line("markers", "long: a browser test of about a minute or more (a whole game); run first")


def pytest_collection_modifyitems(config, items):
    """The browser tests marked `long` first, then the other browser tests, then the engine's
    (tests/): in the suite's two processes (pytest-xdist's `load`, which hands out tests in this
    order) the longest tests start early and the engine's many short ones fill the end, so neither
    process waits long for the other's last test."""
    here = Path(__file__).resolve().parent

    def rank(item) -> int:
        if here not in Path(str(item.path)).resolve().parents:
            return 2
        return 0 if item.get_closest_marker("long") else 1

    items.sort(key=rank)  # stable: each group keeps its order


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS + browser_type_launch_args.get("args", []),
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Every test's own context (pytest-playwright's `context` and `page`) blocks service workers,
    as the phone-table tests' devices do (net_support.Device): once the engine has booted, the
    site's service worker would precache the whole build (140 files, 23.4 MB: fetched again,
    hashed and stored) in every fresh context: a sixth of the CPU of the game tests
    (docs/offline.md, "Tests"). The service worker itself is tested where it is the point,
    in real profile folders that keep it: e2e/test_offline.py and e2e/test_net_codes.py."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    dist = Path(os.environ.get("E2E_DIST", ROOT / "dist")).resolve()
    if os.environ.get("E2E_NO_BUILD") != "1":
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--quiet", "--dist", str(dist)],
                       check=True, cwd=ROOT)
    if not (dist / "wheels" / "manifest.json").is_file():
        pytest.fail("dist/ is not built: run `python tools/build.py`")
    return dist


@pytest.fixture(scope="session")
def site_url(dist_dir):
    server = BackgroundServer(dist_dir, lifetime_s=SERVER_LIFETIME_S)
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def base_url(site_url):
    return site_url


@pytest.fixture(scope="session")
def manifest(dist_dir) -> dict:
    return json.loads((dist_dir / "wheels" / "manifest.json").read_text())


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class RequestLog:
    """Every request the browser context makes (pages and their workers)."""

    def __init__(self, origin: str):
        self.origin = origin
        self.urls: list[str] = []

    def __call__(self, request) -> None:
        self.urls.append(request.url)

    def foreign(self) -> list[str]:
        """Requests that left the origin (data: and blob: URLs never reach a network)."""
        return [u for u in self.urls if not u.startswith(("data:", "blob:")) and origin_of(u) != self.origin]

    def assert_same_origin(self) -> None:
        assert self.urls, "no request was recorded"
        assert self.foreign() == [], f"requests left {self.origin}: {self.foreign()}"


@pytest.fixture
def origin_requests(context, site_url) -> RequestLog:
    """Records every request of the test's browser context; call .assert_same_origin()."""
    log = RequestLog(origin_of(site_url))
    context.on("request", log)
    return log


# A page script that drives one engine worker and records everything it says, so tests
# can read the events (progress, ready) and send requests with page.evaluate.
WORKER_HARNESS = """
(arg) => {
  // the worker's URL, or [URL, name] (the site names its workers "engine" and "bots")
  const [workerUrl, name] = Array.isArray(arg) ? arg : [arg, ""];
  const h = { events: [], replies: [], errors: [], pending: new Map(), t0: performance.now() };
  const w = new Worker(workerUrl, { type: "module", name });
  w.onmessage = (e) => {
    const m = e.data;
    const rec = { t: performance.now() - h.t0, msg: m };
    if (m && m.event) h.events.push(rec); else h.replies.push(rec);
    if (m && m.id !== undefined && h.pending.has(m.id)) { h.pending.get(m.id)(m); h.pending.delete(m.id); }
  };
  w.onerror = (e) => h.errors.push(String(e.message || e));
  h.worker = w;
  h.send = (msg) => new Promise((resolve) => { h.pending.set(msg.id, resolve); w.postMessage(msg); });
  h.post = (msg) => w.postMessage(msg);
  h.ready = new Promise((resolve, reject) => {
    const check = () => {
      const r = h.events.find((x) => x.msg.event === "ready" || x.msg.event === "boot_error");
      if (r) (r.msg.event === "ready" ? resolve : reject)(r.msg); else setTimeout(check, 20);
    };
    check();
  });
  window.__engine = h;
}
"""


class WorkerClient:
    """A same-origin blank page that runs its own engine worker (dist/worker/engine-worker.js)."""

    def __init__(self, page, base_url: str, harness_url: str | None = None, name: str = ""):
        """``name``: the worker's name (the site's bot worker is "bots", docs/worker.md)."""
        self.page = page
        page.goto(harness_url or base_url + "wheels/manifest.json")  # any same-origin document will do
        page.set_content("<!doctype html><title>worker harness</title>")
        page.evaluate(WORKER_HARNESS, [base_url + "worker/engine-worker.js", name])
        self._next_id = 1000

    def wait_ready(self, timeout_ms: int = 60_000) -> dict:
        return self.page.evaluate(
            "Promise.race([window.__engine.ready, new Promise((_, j) => "
            f"setTimeout(() => j(new Error('no ready event in {timeout_ms} ms')), {timeout_ms}))])"
        )

    def request(self, msg: dict, timeout_ms: int = 30_000) -> dict:
        if "id" not in msg:
            self._next_id += 1
            msg = {"id": self._next_id, **msg}
        return self.page.evaluate(
            "([m, t]) => Promise.race([window.__engine.send(m), "
            "new Promise((_, j) => setTimeout(() => j(new Error('no reply')), t))])",
            [msg, timeout_ms],
        )

    def post_raw(self, value) -> None:
        """Post anything (a non-JSON string, an array, ...) without waiting for a reply."""
        self.page.evaluate("(v) => window.__engine.post(v)", value)

    def events(self) -> list[dict]:
        return self.page.evaluate("window.__engine.events")

    def replies(self) -> list[dict]:
        return self.page.evaluate("window.__engine.replies.map((r) => r.msg)")

    def worker_errors(self) -> list[str]:
        return self.page.evaluate("window.__engine.errors")


@pytest.fixture
def worker_page(page, base_url) -> WorkerClient:
    return WorkerClient(page, base_url)


@pytest.fixture
def worker_client():
    """The WorkerClient class, for tests that set the page up first (routes, ...)."""
    return WorkerClient
