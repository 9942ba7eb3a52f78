#!/usr/bin/env python3
"""Benchmark (not a test): the replay viewer in Pyodide — opening a record and jumping to any move.

    .venv/bin/python bench/bench_replay.py [--jumps 40] [--games splendor,guild,stars,station] [--ab]

For each game, a 4-seat game of at least 200 moves is played in CPython (random moves, seeded),
written as a record, and opened in headless Chromium through a share link (#replay=…, so no
clicking). Printed per game, in ms: `open` (record_open in the worker: validate by replay and
keep a copy every few moves); `view` (record_view round trips to random moves: the engine's part
of a jump, median and 95th percentile); `drawn` (the viewer asked for a random move → its table
drawn by the game's renderer and the page laid out: median, p95, max), of which `render` (the
renderer's own call) and `layout` (the layout forced after it), medians; `step` (one move back or
forward from a random move, as ← and →: median, p95); `hello` (a round trip that does nothing: on
a shared machine, how busy it is). Issue 14's target: any move of a 200-move game within 100 ms.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import BackgroundServer  # noqa: E402

import engine  # noqa: E402
from engine import records  # noqa: E402


def long_record(game: str, at_least: int = 200) -> dict:
    for seed in range(100):
        match = engine.new_match(game, 4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            moves = match.legal_moves(seat)
            match.play(seat, moves[rng.randrange(len(moves))])
        if len(match.log) >= at_least:
            return records.from_match(match, names=["Ada", "Bo", "Cy", "Di"])
    raise RuntimeError(f"no {game} game of {at_least} moves in 100 seeds")


def fragment(record: dict) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate, as CompressionStream("deflate-raw")
    packed = packer.compress(json.dumps(record).encode()) + packer.flush()
    return "replay=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# In the page: the engine alone (record_view round trips), then the viewer's jumps asked → drawn and
# laid out (render: the game renderer's share; layout: the forced layout after it), then one-move steps.
# Each jump waits for the next frame before the following one, as a person's presses would.
JUMPS = """async ({ targets, steps }) => {
  const v = window.tabletop.replay, e = v.engine;
  const out = { view: [], hello: [], drawn: [], render: [], layout: [], step: [] };
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  for (const at of targets) {
    let t = performance.now();
    await e.request("record_view", { replay: v.opened.replay, at, seat: null });
    out.view.push(performance.now() - t);
    t = performance.now();
    await e.request("hello");
    out.hello.push(performance.now() - t);
  }
  const table = v.table, render = table.render.bind(table);
  let rendering = 0;
  table.render = (...a) => { const t = performance.now(); render(...a); rendering += performance.now() - t; };
  const jump = async (at) => {
    rendering = 0;
    const t0 = performance.now();
    await v.jump(at, true);
    const t1 = performance.now();
    document.body.offsetHeight;
    const t2 = performance.now();
    await frame();
    return { all: t2 - t0, render: rendering, layout: t2 - t1 };
  };
  for (const at of targets) {
    const r = await jump(at);
    out.drawn.push(r.all); out.render.push(r.render); out.layout.push(r.layout);
  }
  for (const [from, to] of steps) {
    await jump(from);
    out.step.push((await jump(to)).all);
  }
  table.render = render;
  return out;
}"""


# `--ab`: the same positions drawn the viewer's way (morph.js: only what differs changes on the page)
# and by a full redraw of the board (what the renderer alone does), alternating, in one page, so the
# machine's load is the same for both: render + put on the page + forced layout, for random jumps
# and one-move steps.
AB = """async ({ targets, moves }) => {
  const v = window.tabletop.replay, e = v.engine;
  const out = { jump_morph: [], jump_full: [], step_morph: [], step_full: [] };
  const views = {};
  for (const at of targets.concat(targets.map((x) => Math.min(moves, x + 1)))) {
    views[at] = await e.request("record_view", { replay: v.opened.replay, at, seat: null });
  }
  const draw = (at, how) => {
    const r = views[at];
    const t = performance.now();
    v.table.render({ view: r.view, legal_moves: [], to_act: r.to_act, over: r.over, result: r.result },
      { interactive: false, fresh: true });
    if (how === "morph") v.mirror.sync(); else v.mirror.live.innerHTML = v.mirror.root.innerHTML;
    document.body.offsetHeight;
    return performance.now() - t;
  };
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  for (let i = 0; i < targets.length; i++) {
    for (const how of (i % 2 ? ["morph", "full"] : ["full", "morph"])) {
      draw(targets[(i + 7) % targets.length], how); await frame();
      out["jump_" + how].push(draw(targets[i], how)); await frame();
      out["step_" + how].push(draw(Math.min(moves, targets[i] + 1), how)); await frame();
    }
  }
  v.mirror.sync();
  return out;
}"""


# `--ab`, second part: the viewer's jumps and one-move steps (asked → laid out) with its prefetch of
# the neighbouring moves' views and without it, alternating, in one page.
AB_PREFETCH = """async ({ targets, moves }) => {
  const v = window.tabletop.replay, prefetch = v._prefetch.bind(v);
  const out = { jump_prefetch: [], jump_without: [], step_prefetch: [], step_without: [] };
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const jump = async (at) => {
    const t0 = performance.now();
    await v.jump(at, true);
    document.body.offsetHeight;
    const ms = performance.now() - t0;
    await frame();
    return ms;
  };
  for (let i = 0; i < targets.length; i++) {
    for (const how of (i % 2 ? ["prefetch", "without"] : ["without", "prefetch"])) {
      v._prefetch = how === "prefetch" ? prefetch : () => {};
      v.cache = new Map();
      out["jump_" + how].push(await jump(targets[i]));
      out["step_" + how].push(await jump(targets[i] < moves ? targets[i] + 1 : targets[i] - 1));
    }
  }
  v._prefetch = prefetch;
  return out;
}"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jumps", type=int, default=40)
    ap.add_argument("--games", default="splendor,guild,stars,station")
    ap.add_argument("--ab", action="store_true", help="also: the viewer's drawing against a full redraw")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench-replay-"))
    dist = tmp / "dist"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--quiet", "--dist", str(dist)], check=True)
    site = BackgroundServer(dist, lifetime_s=1200)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"{'game':9} {'moves':>5} {'open':>7} {'view med':>9} {'p95':>6} {'drawn med':>10} {'p95':>6}"
                  f" {'max':>6} {'render':>7} {'layout':>7} {'step med':>8} {'p95':>6} {'hello':>6}"
                  f"   (ms; {args.jumps} random jumps)")
            for game in args.games.split(","):
                record = long_record(game)
                page = browser.new_page()
                page.goto(f"{site.url}?botDelay=0#{fragment(record)}")
                page.wait_for_function("window.tabletop && window.tabletop.replay && window.tabletop.replay.table"
                                       " && !window.tabletop.replay.busy", timeout=120_000)
                opened_ms = page.evaluate("""async (record) => {
                  const engine = window.tabletop.replay.engine;
                  const t0 = performance.now();
                  const r = await engine.request("record_open", { record });
                  const ms = performance.now() - t0;
                  await engine.request("record_close", { replay: r.replay });
                  return ms;
                }""", record)
                rng = random.Random(0)
                moves = len(record["log"])
                targets = [rng.randrange(moves + 1) for _ in range(args.jumps)]
                steps = [(at, at + 1 if at < moves else at - 1) for at in targets]  # ← / → from a random move
                got = page.evaluate(JUMPS, {"targets": targets, "steps": steps})
                view, hello = got["view"], got["hello"]
                drawn, step = got["drawn"], got["step"]
                print(f"{game:9} {moves:>5} {opened_ms:>7.0f} {statistics.median(view):>9.1f} {pct(view, 0.95):>6.1f}"
                      f" {statistics.median(drawn):>10.1f} {pct(drawn, 0.95):>6.1f} {max(drawn):>6.1f}"
                      f" {statistics.median(got['render']):>7.1f} {statistics.median(got['layout']):>7.1f}"
                      f" {statistics.median(step):>7.1f} {pct(step, 0.95):>6.1f} {statistics.median(hello):>6.1f}")
                if args.ab:
                    ab = page.evaluate(AB, {"targets": targets, "moves": moves})
                    figures = [f"{k.replace('_', ' ')} {statistics.median(x):.1f} / {pct(x, 0.95):.1f}"
                               for k, x in ab.items()]
                    print(f"{'':9} A/B, render + on the page + layout, median / p95: " + ", ".join(figures))
                    ab = page.evaluate(AB_PREFETCH, {"targets": targets, "moves": moves})
                    figures = [f"{k.replace('_', ' ')} {statistics.median(x):.1f} / {pct(x, 0.95):.1f}"
                               for k, x in ab.items()]
                    print(f"{'':9} A/B, asked → laid out, median / p95: " + ", ".join(figures))
                page.close()
            browser.close()
    finally:
        site.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
