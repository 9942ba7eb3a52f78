#!/usr/bin/env python3
"""Benchmark (not a test): the engine of a commit against the working tree's, in Pyodide.

    .venv/bin/python bench/bench_ab.py --ref HEAD --game stars [--games 100] [--rounds 6] [--warmup 3]

Builds the site twice — from ``--ref`` (a `git worktree` of it) and from the working tree — and
boots each in a browser of its own (V8 optimizes a worker's WebAssembly for what it runs first,
docs/performance.md, so the two sides must not share one). Both play the same random playouts of
``--game`` (two seats, or each of ``--seats``; the seeds of `bench/bench.py`'s section (b)): ``--warmup``
batches untimed, then ``--rounds`` batches in turn, one on each side. Prints µs a step on each side, best and
median, and B / A. A change to the engine that is too small for `bench/bench.py`'s ratio (its runs
differ by up to 0.1) shows here: the two sides see the same host at the same time.

    .venv/bin/python bench/bench_ab.py --cpython --ref HEAD --game station [--rounds 8] [--seats 2,4]

With ``--cpython``, no browser: section (p)'s batches of `bench/bench.py` (the same games and
seeds, each batch in a fresh CPython, so the engine's remembered tables start empty), the engine of
``--ref`` (extracted with `git archive`) and the working tree's in turn, at each number of seats.
Prints best and median a side, B / A of the bests and the median of the pairs' B / A. This is what
a change does where it runs — with the collector, memory and the rest of the step around it —
which `bench/bench_instructions.py`'s counts do not show (docs/performance.md, "Thirty-first
session").
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from bench import GAME_CONFIGS, BackgroundServer, build_site, game_worker, reference_engine, run_batch  # noqa: E402


def site_of(ref: str) -> Path:
    """The site built from the engine of commit ``ref``, with bench/pages/ of the working tree."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-ab-"))
    tree = tmp / "tree"
    subprocess.run(["git", "worktree", "add", "-q", "--detach", str(tree), ref], cwd=ROOT, check=True)
    try:
        (tree / "node_modules").symlink_to(ROOT / "node_modules")  # Pyodide's files, as installed here
        subprocess.run([sys.executable, str(tree / "tools" / "build.py"), "--quiet", "--dist", str(tmp / "dist")],
                       check=True, cwd=tree)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True)
    site = tmp / "site"
    shutil.copytree(tmp / "dist", site)
    shutil.copytree(ROOT / "bench" / "pages", site / "bench")
    return site


def cpython_ab(ref: str, game: str, rounds: int, seats: list[int]) -> None:
    """``--cpython``: section (p)'s fresh-process batches of ``game``, ``ref``'s engine (A) and the
    working tree's (B) in turn, ``rounds`` a side at each number of ``seats``."""
    name, _, options, games = next(c for c in GAME_CONFIGS if c[0] == game)
    engine_a = reference_engine(ref)
    try:
        print(f"{name}, {games} games a batch in a fresh CPython, {rounds} batches a side in turn; "
              f"A = {ref}, B = the working tree")
        for players in seats:
            us: dict[str, list[float]] = {"A": [], "B": []}
            for _ in range(rounds):
                for side, path in (("A", engine_a), ("B", ROOT)):
                    out = run_batch(path, game, options, players, games, 1000)
                    us[side].append(out["seconds"] / out["steps"] * 1e6)
            pairs = sorted(b / a for a, b in zip(us["A"], us["B"], strict=True))
            print(f"   {players} seats: A best {min(us['A']):.2f} µs a step, median {statistics.median(us['A']):.2f}; "
                  f"B best {min(us['B']):.2f}, median {statistics.median(us['B']):.2f}; "
                  f"B / A: best {min(us['B']) / min(us['A']):.3f}, pairs' median {statistics.median(pairs):.3f} "
                  f"({pairs[0]:.3f}–{pairs[-1]:.3f})", flush=True)
    finally:
        shutil.rmtree(engine_a, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ref", default="HEAD", help="the commit to compare the working tree with (default HEAD)")
    ap.add_argument("--game", default="stars", choices=("splendor", "guild", "station", "stars"))
    ap.add_argument("--games", type=int, default=100, help="games a batch (default 100)")
    ap.add_argument("--rounds", type=int, default=6, help="timed batches a side (default 6)")
    ap.add_argument("--warmup", type=int, default=3, help="untimed batches a side first (default 3)")
    ap.add_argument("--cpython", action="store_true",
                    help="no browser: section (p)'s fresh-process CPython batches, A and B in turn")
    ap.add_argument("--seats", default=None,
                    help="numbers of seats, comma-separated (default 2,4 with --cpython, else 2)")
    args = ap.parse_args()
    seats = [int(n) for n in (args.seats or ("2,4" if args.cpython else "2")).split(",")]
    if args.cpython:
        cpython_ab(args.ref, args.game, args.rounds, seats)
        return 0

    from playwright.sync_api import sync_playwright

    sites = {"A": site_of(args.ref), "B": build_site()}
    servers = {side: BackgroundServer(site, lifetime_s=1800) for side, site in sites.items()}
    try:
        with sync_playwright() as p:
            for players in seats:
                # each number of seats in fresh browsers: V8 optimizes for what a worker runs first
                browsers = {side: game_worker(p, server.url) for side, server in servers.items()}
                workers = {side: browser.contexts[0].pages[0].workers[0] for side, browser in browsers.items()}
                code = f"json.dumps(playouts({args.games}, 1000, players={players}, game={args.game!r}))"
                us: dict[str, list[float]] = {"A": [], "B": []}
                for r in range(args.warmup + args.rounds):
                    for side, worker in workers.items():
                        out = json.loads(worker.evaluate("(c) => self.pyodide.runPython(c)", code))
                        if r >= args.warmup:
                            us[side].append(out["seconds"] / out["steps"] * 1e6)
                for browser in browsers.values():
                    browser.close()
                print(f"{args.game}, {players} seats, {args.games} games a batch, {args.rounds} batches a side after "
                      f"{args.warmup} untimed; A = {args.ref}, B = the working tree")
                for side in ("A", "B"):
                    print(f"   {side}: best {min(us[side]):.2f} µs a step, median {statistics.median(us[side]):.2f} "
                          f"({', '.join(f'{x:.2f}' for x in us[side])})")
                print(f"   B / A: best {min(us['B']) / min(us['A']):.4f}, median "
                      f"{statistics.median(us['B']) / statistics.median(us['A']):.4f}", flush=True)
    finally:
        for server in servers.values():
            server.stop()
        for site in sites.values():
            shutil.rmtree(site.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
