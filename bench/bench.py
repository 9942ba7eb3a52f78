#!/usr/bin/env python3
"""Benchmark (not a test): prints figures measured side by side in one run.

    .venv/bin/python bench/bench.py [--games 300] [--runs 5] [--bot-moves 120]

(a) CPython: random 2-player Splendor games/s and µs per step (legal_moves + play, a move
    picked uniformly from legal_moves)
(b) the same playouts (same seeds, same code) inside Pyodide in headless Chromium, in the
    site's own engine worker, and the Pyodide/CPython ratio; every game is first played untimed
    for `--warmup` seconds on both sides (`warm`: V8 optimizes the WebAssembly as it runs), and
    its first batch is printed beside the warmed-up figure
(c) cold boot (new browser context, empty cache): the site (index.html) to the worker's
    `ready` and to an interactive table ([data-testid=game-picker] visible), against a bare
    page that only runs loadPyodide in a module worker from the same files
(d) the loading screen's first-contentful-paint as a fraction of the boot
(e) the greedy bot's median time per move in Pyodide (bot_move round trip from the page)
(f) the worker's memory against a bare Pyodide: wasm linear memory (HEAPU8.length) and the
    worker's JS heap (measureUserAgentSpecificMemory, on a cross-origin-isolated server)
(g) the ways of installing the engine wheel in a fresh Pyodide (docs/worker.md)
(r) a phone table of 4 seats (the host, three phones, a shared screen) in every game: the
    time of `handle()` for one accepted move (views and legal moves for the five devices, JSON
    both ways), in CPython and in the site's worker (Pyodide; a worker named as the table's, which
    freezes its boot's objects; the first round of tables reported apart, the verdict on the
    second), and the bytes of each update sent to a phone (issue 18: <= 15 ms in Pyodide, <= 8 KB)
(p) CPython, every game (Splendor with each module combination, Guild, Station, Stars) at 2 and
    4 seats: µs of CPU per random-playout step, side by side with the reference figures of
    issue 18 (`REFERENCE_US`, measured on commit `REFERENCE_COMMIT` before the engine was made
    faster), and the speed-up. The reference commit's engine (extracted with `git archive`)
    also plays the same batches in a subprocess, interleaved, so both sides see the same load,
    and the verdict reads that live ratio; `--stored-reference` skips it (half the time) and
    judges by the stored figures, which flatter every game (docs/performance.md, "How it is
    measured"). `--only p` runs this section alone, with no browser.

The site is built (tools/build.py), copied to a temporary folder with bench/pages/ added
under /bench/ (never shipped in dist/), and served on loopback by tools/serve.py for the
run only. Targets are those of issue 2, item 9. The machine is shared and noisy: CPU figures
are best-of-N, boot figures medians of N cold boots taken in turn.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the engine from source, if it is not installed
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.append(str(ROOT / "tests"))  # update_sizes: the phone table the size test plays
# the launch flags of the e2e tests (see ../shared/TESTING.md)
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import BackgroundServer  # noqa: E402

# The playout loop, run verbatim by CPython here and by Pyodide in the worker.
PLAYOUTS = r'''
import json, random, time
import engine

def playouts(games, seed=0, players=2, cap=2000, game="splendor"):
    rng = random.Random(seed)
    steps = capped = 0
    t = time.perf_counter()
    for g in range(games):
        m = engine.new_match(game, players, seed=seed + g)
        n = 0
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_moves(seat)))
            n += 1
            if n >= cap:
                capped += 1
                break
        steps += n
    return {"games": games, "steps": steps, "seconds": time.perf_counter() - t, "capped": capped}

def reference(n=60000):
    # generic interpreter work (calls, dicts, lists, small ints, tuples, sorting), to put
    # the playout ratio in context: what Pyodide costs for any Python on this machine
    def score(cards, bank):
        return sum(min(c, bank.get(k, 0)) for k, c in cards.items())
    rng = random.Random(7)
    colours = ("white", "blue", "green", "red", "black")
    t = time.perf_counter()
    acc = 0
    for i in range(n):
        cards = {c: rng.randrange(4) for c in colours}
        bank = dict(zip(colours, (i % 5, 2, 3, i % 3, 1)))
        moves = sorted((score(cards, bank), c) for c in colours if cards[c])
        acc += len(moves) + (moves[-1][0] if moves else 0)
    return {"seconds": time.perf_counter() - t, "acc": acc}
'''

# Issue 18: random playouts of every game, timed by CPU time (process_time) so that other
# processes on a shared machine weigh less; run verbatim by this engine and by the reference.
GAME_PLAYOUTS = r'''
import json, random, time
import engine

def game_playouts(game, players, options, games, seed=1000, cap=3000):
    # the first game is played untimed: imports and the rules module's own start-up
    m = engine.new_match(game, players, options, seed=seed - 1)
    for _ in range(cap):
        if m.is_over():
            break
        m.play(m.to_act()[0], m.legal_moves(m.to_act()[0])[0])
    rng = random.Random(seed)
    steps = 0
    t = time.process_time()
    for g in range(games):
        m = engine.new_match(game, players, options, seed=seed + g)
        n = 0
        while not m.is_over() and n < cap:
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_moves(seat)))
            n += 1
        steps += n
    return {"seconds": time.process_time() - t, "steps": steps}
'''

# (name, game, options, games per batch)
GAME_CONFIGS = [
    ("splendor", "splendor", {}, 60),
    ("splendor+posts", "splendor", {"trading_posts": True}, 60),
    ("splendor+strongholds", "splendor", {"strongholds": True}, 60),
    ("splendor+posts+strongholds", "splendor", {"trading_posts": True, "strongholds": True}, 60),
    ("guild", "guild", {}, 60),
    ("station", "station", {}, 20),
    ("stars", "stars", {}, 20),
]
GAME_SEATS = (2, 4)

REFERENCE_COMMIT = "cf48225f643233d456fb1ca762e0592c055cf476"
"""main before issue 18's work: the engine the reference figures were measured on."""

# µs of CPU per step on REFERENCE_COMMIT, this machine (2 cores, shared, CPython 3.11): the best
# of 5 batches, each in a fresh CPython (the method of `game_section`), taken with that
# commit's engine extracted by `git archive` on 2026-12-02 at 02:35 UTC. (A first take at
# 02:15 replayed the same seeds in one process, so the engine's remembered tables — Station's
# layouts — were warm from the earlier batches: 33.8 µs for Station instead of 62.)
REFERENCE_US: dict[tuple[str, int], float] = {
    ("splendor", 2): 27.8,
    ("splendor", 4): 26.1,
    ("splendor+posts", 2): 28.5,
    ("splendor+posts", 4): 30.3,
    ("splendor+strongholds", 2): 26.7,
    ("splendor+strongholds", 4): 25.3,
    ("splendor+posts+strongholds", 2): 29.4,
    ("splendor+posts+strongholds", 4): 27.8,
    ("guild", 2): 25.3,
    ("guild", 4): 23.6,
    ("station", 2): 62.0,
    ("station", 4): 56.3,
    ("stars", 2): 78.2,
    ("stars", 4): 87.9,
}


def reference_engine(commit: str) -> Path:
    """The engine of ``commit`` extracted into a temporary folder (to put first on sys.path)."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-ref-"))
    archive = subprocess.run(["git", "archive", commit, "engine"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
    return tmp


def run_batch(path: Path, game: str, options: dict, players: int, games: int, seed: int) -> dict:
    """One playout batch of the engine found at ``path`` in a fresh CPython (its remembered
    tables start empty, as in a new worker)."""
    code = (f"import sys; sys.path.insert(0, {str(path)!r})\n" + GAME_PLAYOUTS +
            f"\nprint(json.dumps(game_playouts({game!r}, {players}, {options!r}, {games}, {seed})))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def room_section(worker, row) -> None:
    """Section (r): a phone table's updates in CPython, and in Pyodide when given its worker."""
    print("bench: room updates", flush=True)
    ns: dict = {}
    exec(ROOM_UPDATES, ns)
    room_rows({g: ns["room_updates"](g) for g in ROOM_GAMES}, "CPython", row)
    size_rows(row)
    if worker is not None:
        # a fresh table's worker: the first round of tables is played and reported apart (V8 is
        # still compiling the WebAssembly the rules lean on: 14–28 ms at most in one game or
        # another, docs/performance.md), the verdict reads the second, as a table in play runs
        worker.evaluate("(code) => { self.pyodide.runPython(code); }", ROOM_UPDATES)
        rounds = [{g: json.loads(worker.evaluate(
            f"() => self.pyodide.runPython('json.dumps(room_updates(\\'{g}\\'))')")) for g in ROOM_GAMES}
            for _ in range(2)]
        row("(r) the first tables of a fresh worker, Pyodide",
            ", ".join(f"{g} {rounds[0][g]['max_ms']:.1f}" for g in ROOM_GAMES) + " ms at most",
            "not judged: V8 compiling")
        room_rows(rounds[1], "Pyodide", row)


def game_section(rounds: int, live: bool, row, configs: str = "") -> None:
    """Section (p): every game's playouts in CPython against the reference.

    Each batch plays the same seeds (1000 onwards) in a fresh CPython, so nothing the engine
    remembers from one batch helps the next (within a batch it does, as in a worker that
    plays on); the best batch is kept. With ``live`` the reference engine plays the same
    batches, interleaved. ``configs``: only the configurations whose name starts with one of
    these comma-separated prefixes (all when empty).
    """
    wanted = [c for c in configs.split(",") if c]
    ref_path = reference_engine(REFERENCE_COMMIT) if live else None
    try:
        for name, game, options, games in GAME_CONFIGS:
            if wanted and not any(name.startswith(c) for c in wanted):
                continue
            for players in GAME_SEATS:
                print(f"bench: playouts {name} {players} seats", flush=True)
                mine, theirs = [], []
                for _ in range(rounds):
                    seed = 1000
                    mine.append(run_batch(ROOT, game, options, players, games, seed))
                    if ref_path is not None:
                        theirs.append(run_batch(ref_path, game, options, players, games, seed))
                us = min(m["seconds"] / m["steps"] for m in mine) * 1e6
                ref = REFERENCE_US.get((name, players))
                ref_text = f"ref {ref:.1f}" if ref else "ref ?"
                speed = f"{ref / us:.2f}x" if ref else "?"
                met = bool(ref) and ref / us >= 2.5
                target = f"{speed} >= 2.5x"
                if theirs:
                    # the verdict reads the reference engine run alongside: the stored figures were
                    # taken at load ≈ 9 and run 22–46 % slower than the same engine here since
                    # (docs/performance.md, "How it is measured")
                    live_us = min(t["seconds"] / t["steps"] for t in theirs) * 1e6
                    ref_text += f", live {live_us:.1f}"
                    met = live_us / us >= 2.5
                    target = f"live {live_us / us:.2f}x >= 2.5x (stored {speed})"
                    if [m["steps"] for m in mine] != [t["steps"] for t in theirs]:
                        target += " STEPS DIFFER"
                        met = False
                row(f"(p) {name}, {players} seats, µs/step", f"{us:.1f} µs ({ref_text})", target, met)
    finally:
        if ref_path is not None:
            shutil.rmtree(ref_path, ignore_errors=True)


ROOM_UPDATES = r'''
import json, random, statistics, time
from engine.games.listing import expand
from engine.protocol import handle

def _ask(op, **fields):
    reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "op": op, **fields})))
    assert reply["ok"], reply
    return reply

def room_updates(game, moves=150, seed=7):
    """A 4-seat phone table (the host, three phones, a shared screen): each accepted move's
    handle() time in ms (views and legal moves for all five devices, the request read and the
    reply written as JSON text), the same with the reply parsed back in Python (the bench picks
    the next move from it; the site parses it in JavaScript), and the size of every update sent
    to a phone, in bytes."""
    rng = random.Random(seed)
    room = f"bench-{game}-{seed}"
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(4)]
    made = _ask("room_create", room=room, game=game, players=4, seats=seats, seed=seed)
    creds = {"host": made["credential"]}
    latest = {}
    def take(outbox):
        for entry in outbox:
            msg = entry["message"]
            if msg.get("type") == "update":
                latest[entry["to"]] = msg
    take(made["outbox"])
    for i in (1, 2, 3):
        dev = f"phone{i}"
        take(_ask("room_connect", room=room, device=dev)["outbox"])
        out = _ask("room_message", room=room, device=dev,
                   message={"v": 1, "type": "join", "seat": i, "name": f"P{i}"})["outbox"]
        for entry in out:
            if entry["to"] == dev and entry["message"].get("type") == "seated":
                creds[dev] = entry["message"]["credential"]
        take(out)
    code = _ask("room_viewing_code", room=room)["code"]
    take(_ask("room_connect", room=room, device="screen")["outbox"])
    take(_ask("room_message", room=room, device="screen", message={"v": 1, "type": "watch", "code": code})["outbox"])
    times, parsed, sizes = [], [], []
    for _ in range(moves):
        ready = [d for d in creds if latest.get(d, {}).get("legal_moves")]
        if not ready or any(u.get("over") for u in latest.values()):
            break
        dev = ready[0]
        upd = latest[dev]
        msg = {"v": 1, "type": "move", "credential": creds[dev], "version": upd["version"],
               "move": rng.choice(expand(upd["legal_moves"]))}
        text = json.dumps({"v": 1, "id": 1, "op": "room_message", "room": room, "device": dev, "message": msg})
        t = time.perf_counter()
        written = handle(text)  # the room update: what the worker's Python does for a move
        times.append((time.perf_counter() - t) * 1000)
        reply = json.loads(written)  # the bench's own need (the site parses the reply in JavaScript)
        parsed.append((time.perf_counter() - t) * 1000)
        assert reply["ok"], reply
        take(reply["outbox"])
        for entry in reply["outbox"]:
            if entry["to"].startswith("phone") and entry["message"].get("type") == "update":
                sizes.append(len(json.dumps(entry["message"], separators=(",", ":")).encode()))
    return {"moves": len(times), "median_ms": statistics.median(times), "max_ms": max(times),
            "p90_ms": statistics.quantiles(times, n=10)[-1], "max_bytes": max(sizes),
            "parsed_median_ms": statistics.median(parsed), "parsed_max_ms": max(parsed),
            "median_bytes": statistics.median(sizes)}
'''

ROOM_GAMES = ("splendor", "guild", "station", "stars")


def room_rows(results: dict[str, dict], where: str, row) -> None:
    """Section (r)'s rows for one interpreter: per game, the update time (sizes: size_rows)."""
    for game in ROOM_GAMES:
        r = results[game]
        target_ms = where == "Pyodide"
        row(f"(r) {game} room update, {where}",
            f"median {r['median_ms']:.1f} ms, p90 {r['p90_ms']:.1f}, max {r['max_ms']:.1f}",
            "every update (max) <= 15 ms" if target_ms else f"{r['moves']} moves",
            r["max_ms"] <= 15 if target_ms else None)
        row("    and the reply parsed in Python too",
            f"median {r['parsed_median_ms']:.1f} ms, max {r['parsed_max_ms']:.1f}",
            "(not the site's: JavaScript parses it)")


SIZE_SEEDS = (1, 2, 3)


def size_rows(row) -> None:
    """Section (r)'s update sizes: every update each device of a random phone table receives, at
    2 and 4 seats over `SIZE_SEEDS` (tests/update_sizes.py); per game and seat count, per device
    and over the phones, the max and median bytes: the JSON text as written (compact listing),
    the same update with its listing written out move by move (before issue 18), and what the
    link carries (packed if long: docs/net.md "Small updates"; the host's own seat gets its
    updates in the page, so its link figure is only for comparison)."""
    from update_sizes import update_sizes

    def fig(sizes: list[int]) -> str:
        return f"{max(sizes):,}/{statistics.median(sizes):,.0f}"

    for game in ROOM_GAMES:
        for players in (2, 4):
            per: dict[str, dict[str, list[int]]] = {}
            for seed in SIZE_SEEDS:
                for device, got in update_sizes(game, players, seed).items():
                    mine = per.setdefault(device, {"sent": [], "full": [], "wire": []})
                    for key in mine:
                        mine[key] += got[key]
            phones = {key: [n for d, got in per.items() if d != "host" for n in got[key]]
                      for key in ("sent", "full", "wire")}
            for device, got in [*sorted(per.items()), ("every phone", phones)]:
                row(f"(r) {game} {players} seats, update to {device}",
                    f"B max/median: before {fig(got['full'])}, JSON {fig(got['sent'])}, link {fig(got['wire'])}",
                    "link max <= 8 KB", max(got["wire"]) <= 8 * 1024 if device != "host" else None)


BOOT_PROBE = r"""
(() => {
  // Records, for bench/bench.py, when the engine worker says `ready` and when the game
  // picker becomes visible, on the page's own clock (ms since navigation start).
  const B = (window.__boot = { readyAt: null, interactiveAt: null, ready: null });
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", (e) => {
        if (e.data && e.data.event === "ready" && B.readyAt === null) {
          B.readyAt = performance.now();
          B.ready = e.data;
        }
      });
    }
  };
  const check = () => {
    const el = document.querySelector('[data-testid="game-picker"]');
    if (el && el.checkVisibility()) B.interactiveAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""


# JS memory of the page's dedicated worker (needs cross-origin isolation)
MEASURE_WORKER_JS = """
performance.measureUserAgentSpecificMemory().then((r) => r.breakdown
  .filter((b) => b.attribution.some((a) => a.scope === "DedicatedWorkerGlobalScope"))
  .reduce((n, b) => n + b.bytes, 0))
"""


def game_worker(p, url: str):
    """A browser of its own with the site's worker booted and the playout code loaded (section (b)).

    V8 optimizes a hot WebAssembly function as it has run so far and keeps that code for the rest
    of the worker's life. So the game a worker plays first gets a Pyodide optimized for it, and a
    game played after it runs code optimized for the other: Stars' playouts, warmed up, ran
    28.6–29.0 µs a step in a fresh worker (and still 28.8 after Splendor then), but 32.0–32.3 µs
    after Splendor (5 × 1,000 games), Guild and Station in the same worker; a new worker in the same
    browser starts afresh. A player's worker plays the game it was opened for, so each game is
    measured in a browser of its own (docs/performance.md). The worker is named as the site's bot
    worker, where playouts run in play (it does not freeze its boot's objects, docs/worker.md)."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = browser.new_context().new_page()
    page.goto(url + "bench/harness.html?worker=bots")
    page.evaluate("window.__engine.ready")
    page.workers[0].evaluate("(code) => { self.pyodide.runPython(code); }", PLAYOUTS)
    return browser


WARMUP_S = 3.0
"""Seconds of untimed playouts of a game on each side before its timed batches (section (b))."""


def warm(cpython, pyodide, seconds: float = WARMUP_S):
    """Play untimed batches on both sides (``cpython()``, ``pyodide()``, in turn) for ``seconds``,
    at least two of each; return the first batch of each (its result), or None when ``seconds`` is
    0 (no warm-up).

    V8 compiles the Pyodide's WebAssembly in tiers: a function runs in a baseline compile first and
    is optimized in the background once it has run a while. The C functions a game leans on (its
    integers, its bytes, `itertools.compress`) run their optimized code only after some hundreds of
    its games: Stars' first batch of 100 games ran 41 µs a step, the third 29.6, the fourth to sixth
    29.1 (CPython 20–22 µs in each). The timed batches measure the engine, not the compiler."""
    if seconds <= 0:
        return None
    first = None
    start = time.perf_counter()
    batches = 0
    while batches < 2 or time.perf_counter() - start < seconds:
        pair = (cpython(), pyodide())
        first = first or pair
        batches += 1
    return first


def fmt_ms(x: float) -> str:
    return f"{x:,.0f} ms"


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def build_site() -> Path:
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--quiet"], check=True, cwd=ROOT)
    tmp = Path(tempfile.mkdtemp(prefix="bench-site-"))
    site = tmp / "site"
    shutil.copytree(ROOT / "dist", site)
    shutil.copytree(ROOT / "bench" / "pages", site / "bench")
    return site


def cpython_bot_times(moves: int, seed: int) -> list[float]:
    from engine.protocol import handle

    def send(**msg):
        reply = json.loads(handle(json.dumps({"v": 1, "id": 1, **msg})))
        assert reply["ok"], reply
        return reply

    times: list[float] = []
    game = 0
    while len(times) < moves:
        match = send(op="new_match", game="splendor", players=2, seed=seed + game)["match"]
        game += 1
        state = send(op="state", match=match, seat=None)
        while not state["over"] and len(times) < moves:
            seat = state["to_act"][0]
            t = time.perf_counter()
            move = send(op="bot_move", match=match, seat=seat, bot="greedy")["move"]
            times.append((time.perf_counter() - t) * 1000)
            state = send(op="play", match=match, seat=seat, move=move)
        send(op="drop", match=match)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="random games per playout batch (default 300)")
    ap.add_argument("--rounds", type=int, default=3, help="playout batches per side, best kept (default 3)")
    ap.add_argument("--same-worker", action="store_true",
                    help="(b): play every game in the first worker, after Splendor (the default: a browser a game)")
    ap.add_argument("--warmup", type=float, default=WARMUP_S,
                    help=f"(b): seconds of untimed playouts of each game first, both sides (default {WARMUP_S:g})")
    ap.add_argument("--runs", type=int, default=5, help="cold boots of each page (default 5)")
    ap.add_argument("--bot-moves", type=int, default=120, help="greedy bot moves timed (default 120)")
    ap.add_argument("--installs", type=int, default=3, help="fresh Pyodides per wheel-install way (default 3)")
    ap.add_argument("--boot-rate", type=float, default=0,
                    help="(c): serve the boots over one shared link of this many Mbit/s, 50 ms a response "
                         "(tools/serve.py --rate; default: loopback, unlimited)")
    ap.add_argument("--only", default="abcdefgpr", help="sections to run, e.g. --only cd (default: all)")
    ap.add_argument("--stored-reference", action="store_true",
                    help="(p): judge by the stored reference figures only, without timing the reference "
                         "commit's engine alongside (the default, whose ratio is the verdict)")
    ap.add_argument("--live-reference", action="store_true",
                    help="(p): time the reference commit's engine alongside (the default; kept for old command lines)")
    ap.add_argument("--game", default="", help="(p): only these configurations, by name prefix, comma-separated "
                    "(e.g. station or splendor,guild; default: all)")
    args = ap.parse_args()
    only = set(args.only)
    if only <= {"p", "r"}:  # CPython only: no site, no browser
        rows: list[tuple[str, str, str, str]] = []

        def add(m, v, t="", ok=None):
            rows.append((m, v, t, "" if ok is None else ("ok" if ok else "MISSED")))

        if "r" in only:
            room_section(None, add)
        if "p" in only:
            game_section(args.rounds, not args.stored_reference, add, args.game)
        print_rows(rows)
        return 0

    from playwright.sync_api import sync_playwright

    site = build_site()
    manifest = json.loads((site / "wheels" / "manifest.json").read_text())
    rows: list[tuple[str, str, str, str]] = []  # (metric, value, target, verdict)

    def row(metric, value, target="", ok=None):
        verdict = "" if ok is None else ("ok" if ok else "MISSED")
        rows.append((metric, value, target, verdict))

    pyodide_version = json.loads((ROOT / 'package.json').read_text())['dependencies']['pyodide']
    print(f"bench: engine {manifest['engine']}, Pyodide {pyodide_version}, "
          f"CPython {sys.version.split()[0]}, {os.cpu_count()} cores", flush=True)
    server = BackgroundServer(site, lifetime_s=3600)
    try:
        with sync_playwright() as p:
            # ForceEagerMeasureMemory: measureUserAgentSpecificMemory answers at once
            browser = p.chromium.launch(executable_path=CHROMIUM,
                                        args=CHROMIUM_ARGS + ["--enable-blink-features=ForceEagerMeasureMemory"])

            # ---- (a) + (b): playouts, in the site's worker as the bot worker boots it --------
            # ((e) and (r) in the site's worker as the table's worker boots it: `table_page`)
            if only & set("aber"):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(server.url + "bench/harness.html?worker=bots")
                page.evaluate("window.__engine.ready")
                worker = page.workers[0]
                table: list = []  # the table's worker's page, opened when first asked

                def table_page():
                    """A page whose worker is named as the site's table worker (it freezes its boot's
                    objects, docs/worker.md): the one that answers room updates and the greedy bot."""
                    if not table:
                        tp = ctx.new_page()
                        tp.goto(server.url + "bench/harness.html")
                        tp.evaluate("window.__engine.ready")
                        table.append(tp)
                    return table[0]
                worker.evaluate("(code) => { self.pyodide.runPython(code); }", PLAYOUTS)
                ns: dict = {}
                exec(PLAYOUTS, ns)
            if only & set("ab"):
                cp_runs, py_runs, cp_ref, py_ref = [], [], [], []
                warm(lambda: ns["playouts"](args.games, 1000),
                     lambda: worker.evaluate(f"() => self.pyodide.runPython('playouts({args.games}, 1000)')"),
                     args.warmup)
                for r in range(args.rounds):
                    print(f"bench: playouts round {r + 1}/{args.rounds}", flush=True)
                    cp_runs.append(ns["playouts"](args.games, 1000))
                    py_runs.append(json.loads(worker.evaluate(
                        f"() => self.pyodide.runPython('json.dumps(playouts({args.games}, 1000))')")))
                    cp_ref.append(ns["reference"]()["seconds"])
                    py_ref.append(json.loads(
                        worker.evaluate("() => self.pyodide.runPython('json.dumps(reference())')"))["seconds"])
                cp = min(cp_runs, key=lambda r: r["seconds"])
                py = min(py_runs, key=lambda r: r["seconds"])
                cp_us = cp["seconds"] / cp["steps"] * 1e6
                py_us = py["seconds"] / py["steps"] * 1e6
                same = cp["steps"] == py["steps"]
                row("(a) CPython random games/s (2 seats)", f"{cp['games'] / cp['seconds']:,.0f}/s", "> 277/s (peer)",
                    cp["games"] / cp["seconds"] > 277)
                row("(a) CPython µs per step", f"{cp_us:.1f} µs", "<= 26 µs", cp_us <= 26)
                row("(b) Pyodide random games/s", f"{py['games'] / py['seconds']:,.0f}/s")
                row("(b) Pyodide µs per step", f"{py_us:.1f} µs")
                row("(b) Pyodide / CPython, playouts", f"{py_us / cp_us:.2f}x", "<= 1.6x", py_us / cp_us <= 1.6)
                row("    Pyodide / CPython, generic Python", f"{min(py_ref) / min(cp_ref):.2f}x", "(reference)")
                row("    same games on both (total steps)", f"{cp['steps']} / {py['steps']}", "identical", same)
                # the other games' playouts, the same way (fewer games: their games are longer), each
                # in a browser of its own (`game_worker`), unless --same-worker
                others = (("guild", args.games // 3), ("station", args.games // 10), ("stars", args.games // 10))
                for game, count in others:
                    code = json.dumps(f"json.dumps(playouts({count}, 1000, game={game!r}))")
                    own = None if args.same_worker else game_worker(p, server.url)
                    pw = worker if own is None else own.contexts[0].pages[0].workers[0]
                    first = warm(lambda: ns["playouts"](count, 1000, game=game),  # noqa: B023 (called at once)
                                 lambda: json.loads(pw.evaluate(f"() => self.pyodide.runPython({code})")),  # noqa: B023
                                 args.warmup)
                    # in turn, a batch on each side, so that both see the host as it is at that time
                    cps, pys = [], []
                    for _ in range(args.rounds):
                        cps.append(ns["playouts"](count, 1000, game=game))
                        pys.append(json.loads(pw.evaluate(f"() => self.pyodide.runPython({code})")))
                    if own is not None:
                        own.close()
                    c = min(cps, key=lambda r: r["seconds"])
                    y = min(pys, key=lambda r: r["seconds"])
                    c_us, y_us = c["seconds"] / c["steps"] * 1e6, y["seconds"] / y["steps"] * 1e6
                    row(f"(b) {game} µs per step, CPython / Pyodide", f"{c_us:.1f} / {y_us:.1f} µs ({count} games)")
                    if first is not None:
                        f_us = [r["seconds"] / r["steps"] * 1e6 for r in first]
                        row(f"    {game}, the first batch (not warmed up)", f"{f_us[0]:.1f} / {f_us[1]:.1f} µs",
                            f"{f_us[1] / f_us[0]:.2f}x")
                    row(f"(b) {game} Pyodide / CPython, playouts", f"{y_us / c_us:.2f}x", "<= 1.4x (issue 18)",
                        y_us / c_us <= 1.4 and c["steps"] == y["steps"])
                    paired = sorted(py_["seconds"] / cp_["seconds"] for cp_, py_ in zip(cps, pys, strict=True))
                    row(f"    {game}, pairs of batches in turn",
                        f"median {statistics.median(paired):.2f}x, {paired[0]:.2f}–{paired[-1]:.2f}x")

            # ---- (r): room updates, in the site's worker -------------------------------------
            if "r" in only:
                room_section(table_page().workers[0], row)

            # ---- (e): greedy bot per move --------------------------------------------------
            if "e" in only:
                print("bench: greedy bot", flush=True)
                bot = table_page().evaluate(f"window.__engine.botTimes({args.bot_moves}, 500)")
                cpbot = cpython_bot_times(args.bot_moves, 500)
                row("(e) greedy bot median per move, Pyodide",
                    f"{median(bot):.2f} ms (p90 {statistics.quantiles(bot, n=10)[-1]:.2f})",
                    "bot_move round trip")
                row("    same, CPython (handle(), no worker)", f"{median(cpbot):.2f} ms")
            if only & set("aber"):
                ctx.close()

            # ---- (c) + (d): cold boots, in turn ----------------------------------------------
            if only & set("cd"):
                bare, ready, interactive, fcp_frac, fcp = [], [], [], [], []
                boot_ms = []
                boot_server = server
                if args.boot_rate > 0:
                    boot_server = BackgroundServer(site, lifetime_s=3600, extra_args=["--rate", str(args.boot_rate)])
                    print(f"bench: boots over a {args.boot_rate:g} Mbit/s link, 50 ms a response", flush=True)
                for r in range(args.runs):
                    print(f"bench: cold boot {r + 1}/{args.runs}", flush=True)
                    ctx = browser.new_context()
                    pg = ctx.new_page()
                    pg.goto(boot_server.url + "bench/bare.html")
                    pg.wait_for_function("window.__bench.readyAt", timeout=120_000)
                    bare.append(pg.evaluate("window.__bench.readyAt"))
                    ctx.close()

                    ctx = browser.new_context()
                    ctx.add_init_script(BOOT_PROBE)
                    pg = ctx.new_page()
                    pg.goto(boot_server.url)
                    pg.wait_for_function("window.__boot.interactiveAt !== null && window.__boot.readyAt !== null",
                                         timeout=120_000)
                    b = pg.evaluate("window.__boot")
                    paint = pg.evaluate(
                        "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null")
                    ready.append(b["readyAt"])
                    interactive.append(b["interactiveAt"])
                    boot_ms.append(b["ready"]["boot_ms"])
                    if paint is not None:
                        fcp.append(paint)
                        fcp_frac.append(paint / b["interactiveAt"])
                    ctx.close()
                if boot_server is not server:
                    boot_server.stop()
                ratio = median(interactive) / median(bare)
                link = f", {args.boot_rate:g} Mbit/s link" if args.boot_rate > 0 else ", loopback"
                row("(c) bare loadPyodide page, cold", fmt_ms(median(bare)), f"median of {args.runs}{link}")
                row("(c) site: worker ready, cold", fmt_ms(median(ready)))
                row("(c) site: interactive table, cold", fmt_ms(median(interactive)))
                row("(c) interactive / bare", f"{ratio:.2f}x", "<= 1.05x (issue 13)", ratio <= 1.05)
                row("(c) worker ready / bare", f"{median(ready) / median(bare):.2f}x")
                # noise on a shared machine only ever adds time: the best runs show the
                # site's own overhead most clearly
                row("    best interactive / best bare", f"{min(interactive) / min(bare):.2f}x",
                    f"{fmt_ms(min(interactive))} / {fmt_ms(min(bare))}")
                stages = {k: median([m[k] for m in boot_ms]) for k in boot_ms[0]}
                row("    worker boot_ms, medians (ms)", " ".join(f"{k}={v:.0f}" for k, v in stages.items()))
                if fcp:
                    row("(d) first contentful paint", fmt_ms(median(fcp)))
                    row("(d) FCP / boot to interactive", f"{median(fcp_frac):.3f}", "<= 0.1", median(fcp_frac) <= 0.1)
                else:
                    row("(d) first contentful paint", "not reported by this Chromium")

            # ---- (f): memory, on a cross-origin-isolated copy of the server ------------------
            if "f" in only:
                print("bench: memory", flush=True)
                iso = BackgroundServer(site, lifetime_s=1800, extra_args=["--isolate"])
                try:
                    mem = {}
                    for name, path, wait in (
                        ("bare", "bench/bare.html", "window.__bench.readyAt"),
                        ("engine", "bench/harness.html", "window.__engine.events.some((e) => e.msg.event === 'ready')"),
                    ):
                        ctx = browser.new_context()
                        pg = ctx.new_page()
                        pg.goto(iso.url + path)
                        pg.wait_for_function(wait, timeout=120_000)
                        w = pg.workers[0]
                        if name == "engine":  # the engine at work: the playouts and their matches
                            w.evaluate("(code) => { self.pyodide.runPython(code); }", PLAYOUTS)
                            w.evaluate("() => self.pyodide.runPython('playouts(50, 1)')")
                        mem[name] = {
                            "wasm": w.evaluate("self.pyodide._module.HEAPU8.length"),
                            "js": pg.evaluate(MEASURE_WORKER_JS),
                        }
                        ctx.close()
                finally:
                    iso.stop()
                mib = lambda b: f"{b / 2**20:.1f} MiB"  # noqa: E731
                d = lambda k: mem["engine"][k] - mem["bare"][k]  # noqa: E731
                row("(f) worker wasm memory: bare / engine",
                    f"{mib(mem['bare']['wasm'])} / {mib(mem['engine']['wasm'])} "
                    f"(+{mib(d('wasm'))})", "HEAPU8.length")
                row("(f) worker JS memory: bare / engine", f"{mib(mem['bare']['js'])} / {mib(mem['engine']['js'])} "
                    f"(+{mib(d('js'))})", "measureUserAgentSpecificMemory")

            # ---- (g): wheel install ways ---------------------------------------------------
            if "g" in only:
                ways = {"unpack": [], "loadPackage": [], "micropip": []}
                installer = {}
                for r in range(args.installs):
                    for way in ways:
                        print(f"bench: install {way} {r + 1}/{args.installs}", flush=True)
                        ctx = browser.new_context()
                        pg = ctx.new_page()
                        pg.goto(server.url + f"bench/install.html?way={way}")
                        pg.wait_for_function("window.__install", timeout=120_000)
                        res = pg.evaluate("window.__install")
                        ctx.close()
                        if res.get("errors"):
                            raise SystemExit(f"install way {way} failed: {res['errors']}")
                        ways[way].append(res)
                        installer[way] = res["installer"]
                for way, label in (("unpack", "fetch + unpackArchive (the worker's)"),
                                   ("loadPackage", "pyodide.loadPackage(URL)"),
                                   ("micropip", "micropip: load + install(URL)")):
                    inst = median([x["install_ms"] for x in ways[way]])
                    imp = median([x["import_ms"] for x in ways[way]])
                    row(f"(g) wheel install: {label}", f"{inst:.0f} ms (+ import {imp:.0f} ms)",
                        f"INSTALLER={installer[way]}")

            browser.close()
    finally:
        server.stop()
        shutil.rmtree(site.parent, ignore_errors=True)

    if "p" in only:
        game_section(args.rounds, not args.stored_reference, row, args.game)
    print_rows(rows)
    return 0


def print_rows(rows: list[tuple[str, str, str, str]]) -> None:
    """A compact table; an over-long cell just runs past its column."""
    w = [min(max(len(r[i]) for r in rows), cap) for i, cap in enumerate((44, 36, 30, 6))]
    print()
    print(f"{'metric':<{w[0]}}  {'measured':<{w[1]}}  {'target / note':<{w[2]}}  verdict")
    print("-" * (sum(w) + 6 + 7))
    for r in rows:
        print(f"{r[0]:<{w[0]}}  {r[1]:<{w[1]}}  {r[2]:<{w[2]}}  {r[3]}".rstrip())


if __name__ == "__main__":
    sys.exit(main())
