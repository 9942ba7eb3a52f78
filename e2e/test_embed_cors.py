"""The engine wheel installed by a page of ANOTHER site (docs/embed.md "The wheel from other sites").

A "rules website" here is a second server on another loopback port (another origin), started by
the test with a `timeout` bound and stopped in a finalizer. Its page loads Pyodide from the board's
site, `micropip.install`s the engine wheel from there by its versioned URL, plays a move, then
installs it again through the `latest` alias (the site's package index, `simple/`). Both need
the CORS headers that tools/serve.py sends for those paths and only those.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import quote
from urllib.request import Request, urlopen

import pytest

import engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import BackgroundServer

# The Python page of another site: Pyodide and the wheel from ?site=<the board's site>.
PY_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A Python rules page elsewhere</title></head>
<body><h1>Rules, with Python</h1>
<script type="module">
const site = new URLSearchParams(location.search).get("site");
const out = (data) => { document.body.dataset.result = JSON.stringify(data); };
try {
  const { loadPyodide } = await import(site + "pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: site + "pyodide/" });
  const manifest = await (await fetch(site + "wheels/manifest.json")).json();
  await py.loadPackage(site + "wheels/" + manifest.micropip, { errorCallback: (e) => { throw new Error(e); } });
  py.globals.set("WHEEL", site + "wheels/" + manifest.engine);
  py.globals.set("INDEX", site + "simple/{package_name}/");
  const result = await py.runPythonAsync(`
import json, importlib, importlib.metadata, micropip
await micropip.install(WHEEL)
import engine
m = engine.new_match("splendor", 2, seed=1)
first = m.legal_moves(0)[0]
events = m.play(0, first)
by_url = {"version": importlib.metadata.version("tabletop-engine"), "moved": first, "events": events,
          "next": m.legal_moves(1)}
micropip.uninstall("tabletop-engine")
await micropip.install("tabletop-engine", index_urls=[INDEX])
by_index = {"version": importlib.metadata.version("tabletop-engine"),
            "installer": importlib.metadata.distribution("tabletop-engine").read_text("INSTALLER").strip()}
json.dumps({"by_url": by_url, "by_index": by_index})
`);
  let page = "readable";
  try { await fetch(site + "index.html"); } catch { page = "refused"; }
  out({ ok: true, ...JSON.parse(result), page });
} catch (err) {
  out({ ok: false, error: String(err && err.message || err) });
}
</script></body></html>
"""


@pytest.fixture(scope="module")
def python_site(tmp_path_factory):
    """A second loopback origin serving the Python rules page."""
    folder = tmp_path_factory.mktemp("py-rules-site")
    (folder / "index.html").write_text(PY_PAGE)
    server = BackgroundServer(folder, lifetime_s=900)
    try:
        yield server.url
    finally:
        server.stop()


def test_serve_sends_cors_headers_for_the_wheel_manifest_index_and_positions_only(site_url, manifest):
    def headers(path: str) -> dict[str, str]:
        with urlopen(Request(site_url + path, headers={"Origin": "http://127.0.0.1:1"})) as r:
            return {k.lower(): v for k, v in r.headers.items()}

    for path in ["wheels/manifest.json", "wheels/" + manifest["engine"], "wheels/" + manifest["micropip"],
                 "simple/tabletop-engine/", "examples/splendor-noble.json", "pyodide/pyodide.mjs"]:
        assert headers(path).get("access-control-allow-origin") == "*", path
    for path in ["index.html", "embed.html", "worker/engine-worker.js", "js/app.js"]:
        assert "access-control-allow-origin" not in headers(path), path


def test_a_page_on_another_origin_installs_the_wheel_with_micropip_and_plays_a_move(
        page, site_url, python_site, manifest):
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(python_site + "?site=" + quote(site_url, safe=""))
    page.wait_for_function("document.body.dataset.result", timeout=180_000)
    result = json.loads(page.evaluate("document.body.dataset.result"))
    assert result["ok"], result.get("error")

    twin = engine.new_match("splendor", 2, seed=1)
    first = twin.legal_moves(0)[0]
    events = twin.play(0, first)
    got = result["by_url"]
    assert got["version"] == manifest["engine_version"]
    assert got["moved"] == first and got["events"] == events and got["next"] == twin.legal_moves(1)
    # the `latest` alias: the package index names the same wheel, and micropip installed it
    assert result["by_index"] == {"version": manifest["engine_version"], "installer": "micropip"}
    # a path outside the CORS list stays unreadable from the other origin
    assert result["page"] == "refused"
    # everything came from the board's site: Pyodide, micropip, the index, the wheel (twice)
    fetched = [u for u in requests if u.startswith(site_url)]
    assert site_url + "simple/tabletop-engine/" in fetched
    assert fetched.count(site_url + "wheels/" + manifest["engine"]) == 2
    assert site_url + "pyodide/pyodide.asm.wasm" in fetched
