#!/usr/bin/env python3
"""Benchmark (not a test): five live boards on one rules page against one board, cold.

    .venv/bin/python bench/bench_embed.py [--runs 3]

A rules page on another loopback origin embeds boards of the site (docs/embed.md). Each run
starts a fresh Chromium with an empty profile (no HTTP cache, no worker left over) and measures:
- time: from navigating the rules page to the last board's `ready` message (the board set up
  and shown: interactive), as the rules page's clock sees it;
- memory: the proportional set size (PSS, /proc/<pid>/smaps_rollup) of the browser and all its
  child processes, once every board is ready (and 1 s later, settled), and the same above a
  browser showing the rules page with no board (`blank`).
Layouts, taken in turn in every run:
- `one`: one board (the Splendor noble example);
- `five`: five boards (the four examples and a Splendor game), sharing one engine;
- `five-own`: the same five with `engine=own`, each booting its own Pyodide (how it was before
  the shared engine; what a browser without SharedWorker does).
Targets (issue 16): five ≤ 1.3× the time and ≤ 1.5× the memory of one. Figures are medians of
the runs; the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import BackgroundServer  # noqa: E402

RULES_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bench: a rules page</title></head>
<body><h1>Rules</h1>
<script>
  const srcs = JSON.parse(new URLSearchParams(location.search).get("boards") || "[]");
  const frames = srcs.map((src) => {
    const f = document.createElement("iframe");
    f.src = src; f.width = "800"; f.height = "500"; f.style.border = "0";
    document.body.appendChild(f);
    return f;
  });
  window.readyAt = [];
  window.addEventListener("message", (e) => {
    const m = e.data;
    if (m && m.tabletop === 1 && m.type === "ready") window.readyAt.push(performance.now());
    if (m && m.tabletop === 1 && m.type === "error") window.failed = m.message;
  });
</script></body></html>
"""

EXAMPLES = ["splendor-noble", "guild-commission", "stars-constellation", "station-install"]


def boards(site: str, rules: str, layout: str) -> list[str]:
    own = {"engine": "own"} if layout == "five-own" else {}
    origins = rules.rstrip("/")

    def src(**params: str) -> str:
        return site + "embed.html?" + urlencode({**params, **own, "origins": origins})

    if layout == "blank":
        return []
    if layout == "one":
        return [src(position="examples/splendor-noble.json")]
    return [src(position=f"examples/{name}.json") for name in EXAMPLES] + [src(game="splendor", players="2", seed="5")]


def descendants(root: int) -> list[int]:
    parent: dict[int, int] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                fields = Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()
                parent[int(d)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [root], [root]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def browser_pid(profile: str) -> int:
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                cmd = Path(f"/proc/{d}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(profile.encode() in a for a in cmd) and not any(a.startswith(b"--type=") for a in cmd):
                return int(d)
    raise RuntimeError("the browser process was not found")


def pss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def measure(p, site: str, rules: str, layout: str) -> dict[str, float]:
    srcs = boards(site, rules, layout)
    with tempfile.TemporaryDirectory(prefix="bench-embed-") as profile:
        ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                   viewport={"width": 900, "height": 900})
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            pid = browser_pid(profile)
            page.goto(rules + "?boards=" + quote(json.dumps(srcs), safe=""))
            page.wait_for_function(f"window.failed || window.readyAt.length >= {len(srcs)}", timeout=300_000)
            failed = page.evaluate("window.failed || null")
            if failed:
                raise RuntimeError(f"{layout}: a board failed: {failed}")
            ms = page.evaluate("window.readyAt.length ? Math.max(...window.readyAt) : 0")
            time.sleep(1.0)
            mem = pss_mib(descendants(pid))
        finally:
            ctx.close()
    return {"ms": ms, "mib": mem}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="the built site (default dist/)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist = Path(args.dist)
    if not (dist / "wheels" / "manifest.json").is_file():
        print("bench_embed: dist/ is not built: run `python tools/build.py`", file=sys.stderr)
        return 1
    layouts = ["blank", "one", "five", "five-own"]
    got: dict[str, list[dict[str, float]]] = {k: [] for k in layouts}
    with tempfile.TemporaryDirectory(prefix="bench-rules-") as folder:
        (Path(folder) / "index.html").write_text(RULES_PAGE)
        with BackgroundServer(dist, lifetime_s=1800) as site, BackgroundServer(folder, lifetime_s=1800) as rules, \
                sync_playwright() as p:
            print(f"bench_embed: site {site.url}, rules page {rules.url}, {args.runs} runs, "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
            for run in range(args.runs):
                for layout in layouts:
                    r = measure(p, site.url, rules.url, layout)
                    got[layout].append(r)
                    print(f"  run {run + 1} {layout:9} all ready {r['ms'] / 1000:6.2f} s   memory {r['mib']:7.1f} MiB",
                          flush=True)
    med = {k: {f: statistics.median(r[f] for r in v) for f in ("ms", "mib")} for k, v in got.items()}
    base = med["blank"]["mib"]
    print(f"\nmedians of {args.runs} cold runs (PSS of the browser and its children; 'above' = above a "
          f"browser showing the rules page with no board, {base:.1f} MiB)")
    print(f"{'layout':10} {'all ready':>10} {'memory':>10} {'above':>10}")
    for k in ("one", "five", "five-own"):
        print(f"{k:10} {med[k]['ms'] / 1000:9.2f}s {med[k]['mib']:8.1f}Mi {med[k]['mib'] - base:8.1f}Mi")
    one = med["one"]
    for k, label in (("five", "five boards, one shared engine"), ("five-own", "five boards, an engine each")):
        t = med[k]["ms"] / one["ms"]
        m = med[k]["mib"] / one["mib"]
        ma = (med[k]["mib"] - base) / (one["mib"] - base)
        verdict = "" if k != "five" else ("  ok" if t <= 1.3 and ma <= 1.5 else "  MISSED")
        print(f"{label}: {t:.2f}x the time, {m:.2f}x the memory ({ma:.2f}x above the blank page) "
              f"of one board{verdict if k == 'five' else ''}   target <= 1.3x, <= 1.5x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
