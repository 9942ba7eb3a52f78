#!/usr/bin/env python3
"""Benchmark (not a test): machine instructions per random-playout step, under valgrind.

    .venv/bin/python bench/bench_instructions.py [--games 3] [--game splendor stars] [--players 4] [--reference]

On a shared, loaded machine CPU times move by ±30 % from run to run; the number of
instructions a step executes does not. For each game (at 2 seats, or ``--players``) this runs
bench/bench.py's playout loop (`GAME_PLAYOUTS`, the same seeds) under ``valgrind
--tool=callgrind`` twice — with no timed game, then with ``--games`` — and prints the difference
per step, in thousands of instructions. ``--reference`` does the same for the engine of
`bench.REFERENCE_COMMIT` (extracted with ``git archive``) and prints the ratio. Slow: about 20 s
per run.

``--cache`` runs ``valgrind --tool=cachegrind --cache-sim=yes`` instead and prints, per step, the
instructions and the misses of the simulated first-level instruction and data caches (32 KB each,
as this machine's): a step's time is its instructions and its misses, and the two engines' misses
differ less than their instructions do, which is why the time ratio is below the instruction
ratio (docs/performance.md, "Thirty-second session"). Slower: about a minute per run.

``--gc`` adds to ``--cache`` the same counts with the collector kept off what earlier games left:
``gc.freeze()`` before each game, so that its collections walk only the objects of the game in play
and not the engine's tables, its remembered moves and layouts, or the modules. The difference is
the part of a step that is the collector's walking of long-lived objects (docs/performance.md,
"Thirty-third session"). Twice as slow again.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import GAME_CONFIGS, GAME_PLAYOUTS, REFERENCE_COMMIT, ROOT, reference_engine

FREEZE_EACH_GAME = """
import gc
_new_match = engine.new_match

def _frozen_first(*args, **kwargs):
    gc.freeze()  # what earlier games left, and the modules, out of every later collection
    return _new_match(*args, **kwargs)

engine.new_match = _frozen_first
"""
"""Put after `GAME_PLAYOUTS` by ``playout_code(..., freeze=True)``: a `gc.freeze()` before each
game (`engine.new_match` is looked up at each call, so the loop itself is unchanged)."""


def playout_code(path: Path, game: str, options: dict, games: int, players: int, freeze: bool = False) -> str:
    """The playout loop of bench/bench.py for the engine at ``path``, printing its result as JSON
    (with `FREEZE_EACH_GAME` when ``freeze``)."""
    return (f"import sys; sys.path.insert(0, {str(path)!r})\n" + GAME_PLAYOUTS + (FREEZE_EACH_GAME if freeze else "") +
            f"\nprint(json.dumps(game_playouts({game!r}, {players}, {options!r}, {games}, 1000)))")


def callgrind(argv: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """(instructions executed, standard output) of ``argv`` run under ``valgrind --tool=callgrind``."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                         capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1)), run.stdout


def instructions(path: Path, game: str, options: dict, games: int, players: int = 2) -> tuple[int, int]:
    """(instructions executed, steps played) by one valgrind run of the playout loop."""
    count, out = callgrind([sys.executable, "-c", playout_code(path, game, options, games, players)])
    return count, json.loads(out.strip().splitlines()[-1])["steps"]


def per_step(path: Path, game: str, options: dict, games: int, players: int = 2) -> float:
    """Thousands of instructions per step at ``players`` seats, start-up and the untimed first
    game left out."""
    base, _ = instructions(path, game, options, 0, players)
    total, steps = instructions(path, game, options, games, players)
    return (total - base) / steps / 1000


CACHE_COUNTS = {"I   refs": "instructions", "I1  misses": "I1 misses", "D1  misses": "D1 misses"}
"""cachegrind's summary lines read by `cache_counts`, and the names printed for them."""


def cache_counts(path: Path, game: str, options: dict, games: int, players: int,
                 freeze: bool = False) -> tuple[dict[str, int], int]:
    """(the counts of `CACHE_COUNTS`, steps played) by one cachegrind run of the playout loop."""
    code = playout_code(path, game, options, games, players, freeze)
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True, check=True)
    counts = {}
    for key in CACHE_COUNTS:
        found = re.search(re.escape(key) + r":\s+([\d,]+)", run.stderr)
        if found is None:
            raise SystemExit(f"cachegrind printed no {key!r}:\n{run.stderr[-2000:]}")
        counts[key] = int(found.group(1).replace(",", ""))
    return counts, json.loads(run.stdout.strip().splitlines()[-1])["steps"]


def cache_per_step(path: Path, game: str, options: dict, games: int, players: int,
                   freeze: bool = False) -> dict[str, float]:
    """`CACHE_COUNTS` per step at ``players`` seats, start-up and the untimed first game left out."""
    base, _ = cache_counts(path, game, options, 0, players, freeze)
    total, steps = cache_counts(path, game, options, games, players, freeze)
    return {key: (total[key] - base[key]) / steps for key in CACHE_COUNTS}


def cache_line(name: str, players: int, mine: dict[str, float], theirs: dict[str, float] | None) -> str:
    """One configuration's `cache_per_step` figures (and the reference's, with the ratios)."""
    parts = [f"{CACHE_COUNTS[key]} {mine[key] / 1000:.1f} k" if key == "I   refs" else
             f"{CACHE_COUNTS[key]} {mine[key]:.0f}" for key in CACHE_COUNTS]
    line = f"{name:28} {players} seats  " + ", ".join(parts) + " a step"
    if theirs is not None:
        line += "; reference " + ", ".join(f"{theirs[key] / mine[key]:.2f}x" for key in CACHE_COUNTS)
    return line


def gc_line(name: str, players: int, kept: dict[str, float], frozen: dict[str, float]) -> str:
    """One configuration's `cache_per_step` figures as they are and with `FREEZE_EACH_GAME`: the
    collector's walking of long-lived objects, per step and as a share of the step."""
    parts = []
    for key in ("I   refs", "D1  misses"):
        walked = kept[key] - frozen[key]
        scale, unit = (1000, " k") if key == "I   refs" else (1, "")
        parts.append(f"{CACHE_COUNTS[key]} {walked / scale:.1f}{unit} of {kept[key] / scale:.1f}{unit}"
                     f" ({walked / kept[key]:.0%})")
    return f"{name:28} {players} seats  the collector on long-lived objects: " + ", ".join(parts) + " a step"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3, help="games per run (default 3)")
    ap.add_argument("--game", nargs="*", help="configurations by name (default: all of bench.py's)")
    ap.add_argument("--players", type=int, default=2, help="seats (default 2)")
    ap.add_argument("--reference", action="store_true", help="also count the reference commit's engine")
    ap.add_argument("--cache", action="store_true", help="cachegrind: instructions and first-level cache misses")
    ap.add_argument("--gc", action="store_true",
                    help="with --cache: also with gc.freeze() before each game, and the collector's share")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    ref = reference_engine(REFERENCE_COMMIT) if args.reference else None
    try:
        for name, game, options, _games in GAME_CONFIGS:
            if args.game and name not in args.game:
                continue
            if args.cache or args.gc:
                counted = cache_per_step(ROOT, game, options, args.games, args.players)
                reference = cache_per_step(ref, game, options, args.games, args.players) if ref is not None else None
                print(cache_line(name, args.players, counted, reference), flush=True)
                if args.gc:
                    frozen = cache_per_step(ROOT, game, options, args.games, args.players, freeze=True)
                    print(gc_line(name, args.players, counted, frozen), flush=True)
                    if ref is not None and reference is not None:
                        print(gc_line("  reference", args.players, reference,
                                      cache_per_step(ref, game, options, args.games, args.players, freeze=True)),
                              flush=True)
                continue
            mine = per_step(ROOT, game, options, args.games, args.players)
            line = f"{name:28} {args.players} seats {mine:8.1f} k instructions/step"
            if ref is not None:
                theirs = per_step(ref, game, options, args.games, args.players)
                line += f"   reference {theirs:8.1f} k   {theirs / mine:.2f}x fewer"
            print(line, flush=True)
    finally:
        if ref is not None:
            shutil.rmtree(ref, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
