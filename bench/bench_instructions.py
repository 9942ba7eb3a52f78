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

With this machine's second-level cache known (Linux's ``/sys/devices/system/cpu/cpu0/cache``), ``--cache``
also simulates it as cachegrind's last level and prints its misses ("L2 misses"): a miss there is
read from the third level or memory, several times the cost of a first-level miss met in the
second (docs/performance.md, "Thirty-fourth session").

``--split`` (callgrind) divides a step's instructions into the rules' play and the rest: the batch's
moves are recorded, then played again through the game's ``apply`` alone — no listing, no match —
with each game's setup. The difference from the whole step is the listing and the match's own work.
With ``--reference``, the reference engine's too, on its own record of the same batch.

``--gc`` adds to ``--cache`` the same counts with the collector kept off what earlier games left:
``gc.freeze()`` before each game, so that its collections walk only the objects of the game in play
and not the engine's tables, its remembered moves and layouts, or the modules. The difference is
the part of a step that is the collector's walking of long-lived objects (docs/performance.md,
"Thirty-third session"). Twice as slow again.

``--branches`` runs ``valgrind --tool=cachegrind --branch-sim=yes`` and prints, per step, the
conditional and indirect branches and how many of each cachegrind's simple predictor mispredicts: a
mispredicted branch costs a processor of this family some 15 cycles, so a step's mispredicts weigh
on its time as its cache misses do (docs/performance.md, "Thirty-fifth session"). cachegrind's
predictor is plainer than a modern processor's, so its counts are an upper bound to compare the two
engines by, not a forecast. About a minute per run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
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


NO_BYTECODE_WRITTEN = {"PYTHONDONTWRITEBYTECODE": "1"}
"""Added to every counted run's environment. A run that wrote the engine's ``.pyc`` files would leave
the next one reading them: the first run (the one with no timed game) would count compiling the
modules and the second would not, and the difference per step would come out short (by 28 % once,
Station at four seats, with a fresh copy of the engine and the variable unset)."""


def callgrind(argv: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """(instructions executed, standard output) of ``argv`` run under ``valgrind --tool=callgrind``."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                         capture_output=True, text=True, check=True,
                         env={**(os.environ if env is None else env), **NO_BYTECODE_WRITTEN})
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
L2_COUNT = "LL misses"
"""cachegrind's summary line of its last-level misses: this machine's second level when `second_level`
knows it (cachegrind is then told to simulate that cache as its last level)."""


def second_level() -> list[str]:
    """cachegrind's option simulating this machine's second-level cache as its last level (``--LL=size,
    ways,line``), read from Linux's description of the first CPU's caches; none when it is not there."""
    for index in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        try:
            level, kind, size, ways, line = (
                (index / name).read_text().strip()
                for name in ("level", "type", "size", "ways_of_associativity", "coherency_line_size"))
        except OSError:
            continue
        if level == "2" and kind == "Unified" and size.endswith("K"):
            return [f"--LL={int(size[:-1]) * 1024},{ways},{line}"]
    return []


def cachegrind(path: Path, game: str, options: dict, games: int, players: int, flags: list[str],
               freeze: bool = False) -> tuple[str, int]:
    """(cachegrind's summary, steps played) by one run of the playout loop under ``valgrind
    --tool=cachegrind`` with ``flags``."""
    code = playout_code(path, game, options, games, players, freeze)
    run = subprocess.run(["valgrind", "--tool=cachegrind", *flags, "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, **NO_BYTECODE_WRITTEN})
    return run.stderr, json.loads(run.stdout.strip().splitlines()[-1])["steps"]


def cache_counts(path: Path, game: str, options: dict, games: int, players: int,
                 freeze: bool = False) -> tuple[dict[str, int], int]:
    """(the counts of `CACHE_COUNTS`, steps played) by one cachegrind run of the playout loop."""
    level = second_level()
    summary, steps = cachegrind(path, game, options, games, players, ["--cache-sim=yes", *level], freeze)
    counts = {}
    for key in [*CACHE_COUNTS, *([L2_COUNT] if level else [])]:
        found = re.search(re.escape(key) + r":\s+([\d,]+)", summary)
        if found is None:
            raise SystemExit(f"cachegrind printed no {key!r}:\n{summary[-2000:]}")
        counts[key] = int(found.group(1).replace(",", ""))
    return counts, steps


BRANCHES = re.compile(r"Branches:\s+([\d,]+)\s+\(\s*([\d,]+) cond \+\s*([\d,]+) ind\)")
MISPREDICTS = re.compile(r"Mispredicts:\s+([\d,]+)\s+\(\s*([\d,]+) cond \+\s*([\d,]+) ind\)")
"""cachegrind's summary lines of branches and of mispredicts, each ``all (conditional + indirect)``."""


def branch_counts(path: Path, game: str, options: dict, games: int, players: int) -> tuple[dict[str, int], int]:
    """(instructions, conditional and indirect branches and mispredicts, steps played) by one
    cachegrind run of the playout loop with its branch predictor simulated."""
    summary, steps = cachegrind(path, game, options, games, players, ["--cache-sim=no", "--branch-sim=yes"])
    refs = re.search(r"I\s+refs:\s+([\d,]+)", summary)
    branches, mispredicts = BRANCHES.search(summary), MISPREDICTS.search(summary)
    if refs is None or branches is None or mispredicts is None:
        raise SystemExit(f"cachegrind printed no branch counts:\n{summary[-2000:]}")
    number = [int(text.replace(",", "")) for text in (refs.group(1), *branches.groups()[1:], *mispredicts.groups()[1:])]
    counts = dict(zip(("instructions", "conditional", "indirect", "conditional missed", "indirect missed"),
                      number, strict=True))
    return counts, steps


def branch_line(name: str, players: int, mine: dict[str, float], theirs: dict[str, float] | None) -> str:
    """One configuration's `branch_counts` per step (and how many times the reference's)."""
    def figures(counts: dict[str, float]) -> str:
        return (f"instructions {counts['instructions'] / 1000:.1f} k, conditional branches "
                f"{counts['conditional']:.0f} ({counts['conditional missed']:.0f} mispredicted), indirect "
                f"{counts['indirect']:.0f} ({counts['indirect missed']:.0f} mispredicted) a step")

    line = f"{name:28} {players} seats  " + figures(mine)
    if theirs is not None:
        line += "; reference " + figures(theirs) + "; fewer: " + ", ".join(
            f"{key} {theirs[key] / mine[key]:.2f}x" for key in mine)
    return line


RECORD_EACH_MOVE = """
RECORD = []  # per game of the batch, the untimed first one included: its moves as [seat, move]
_unrecorded_match = engine.new_match

def _recorded_match(*args, **kwargs):
    match = _unrecorded_match(*args, **kwargs)
    moves = []
    RECORD.append(moves)
    play = match.play

    def recorded_play(seat, move):
        moves.append([seat, move])
        return play(seat, move)

    match.play = recorded_play  # the instance's own: `GAME_PLAYOUTS`' loop calls it unchanged
    return match

engine.new_match = _recorded_match
"""
"""Put after `GAME_PLAYOUTS` by `play_per_step`: every move of the batch kept in ``RECORD`` (the same
loop, seeds and picks, as `FREEZE_EACH_GAME` keeps them)."""
REPLAY_PLAY = """
import json
import engine

def replay_play(path, game, players, options, games, seed=1000):
    # each recorded game set up again and its moves given to the rules' `apply` alone
    with open(path) as f:
        record = json.load(f)
    steps = 0
    for g, moves in enumerate(record[:games + 1]):
        m = engine.new_match(game, players, options, seed=seed - 1 + g)
        apply, state = m._rules.apply, m._state
        for seat, move in moves:
            apply(state, seat, move)
        steps += len(moves) if g else 0
    return steps
"""
"""Plays a `RECORD_EACH_MOVE` record again through the game's ``apply`` only, for `play_per_step`."""


def play_per_step(path: Path, game: str, options: dict, games: int, players: int) -> float:
    """Thousands of instructions a step of the rules' play alone — each game's setup and ``apply`` of
    each move of `GAME_PLAYOUTS`' batch, recorded beforehand — the untimed first game left out."""
    with tempfile.TemporaryDirectory(prefix="bench-split-") as tmp:
        record = Path(tmp) / "moves.json"
        code = (f"import sys; sys.path.insert(0, {str(path)!r})\n" + GAME_PLAYOUTS + RECORD_EACH_MOVE +
                f"\ngame_playouts({game!r}, {players}, {options!r}, {games}, 1000)\nprint(json.dumps(RECORD))")
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        record.write_text(run.stdout)
        counts = []
        for played in (0, games):
            code = (f"import sys; sys.path.insert(0, {str(path)!r})\n" + REPLAY_PLAY +
                    f"\nprint(replay_play({str(record)!r}, {game!r}, {players}, {options!r}, {played}))")
            counts.append(callgrind([sys.executable, "-c", code], {**os.environ, "PYTHONHASHSEED": "0"}))
    (base, _), (total, out) = counts
    return (total - base) / int(out.strip().splitlines()[-1]) / 1000


def split_line(name: str, players: int, whole: float, play: float,
               theirs: tuple[float, float] | None) -> str:
    """One configuration's `--split` figures (and the reference's, with the ratios)."""
    line = (f"{name:28} {players} seats  step {whole:.1f} k = play {play:.1f} k ({play / whole:.0%})"
            f" + listing and match {whole - play:.1f} k instructions")
    if theirs is not None:
        ref_whole, ref_play = theirs
        line += (f"; reference {ref_whole:.1f} k = {ref_play:.1f} k + {ref_whole - ref_play:.1f} k:"
                 f" {ref_whole / whole:.2f}x = play {ref_play / play:.2f}x, listing and match"
                 f" {(ref_whole - ref_play) / (whole - play):.2f}x fewer")
    return line


def counts_per_step(counts: Callable[..., tuple[dict[str, int], int]], path: Path, game: str, options: dict,
                    games: int, players: int, **extra: bool) -> dict[str, float]:
    """What ``counts`` (`cache_counts` or `branch_counts`) gives, per step at ``players`` seats: a run
    with no timed game taken from a run with ``games`` (start-up and the untimed first game left out)."""
    base, _ = counts(path, game, options, 0, players, **extra)
    total, steps = counts(path, game, options, games, players, **extra)
    return {key: (total[key] - base[key]) / steps for key in total}


def cache_per_step(path: Path, game: str, options: dict, games: int, players: int,
                   freeze: bool = False) -> dict[str, float]:
    """`CACHE_COUNTS` per step at ``players`` seats, start-up and the untimed first game left out."""
    return counts_per_step(cache_counts, path, game, options, games, players, freeze=freeze)


def cache_line(name: str, players: int, mine: dict[str, float], theirs: dict[str, float] | None) -> str:
    """One configuration's `cache_per_step` figures (and the reference's, with the ratios)."""
    names = {**CACHE_COUNTS, L2_COUNT: "L2 misses"}
    parts = [f"{names[key]} {mine[key] / 1000:.1f} k" if key == "I   refs" else
             f"{names[key]} {mine[key]:.0f}" for key in mine]
    line = f"{name:28} {players} seats  " + ", ".join(parts) + " a step"
    if theirs is not None:
        line += "; reference " + ", ".join(f"{theirs[key] / mine[key]:.2f}x" for key in mine)
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
    ap.add_argument("--split", action="store_true",
                    help="callgrind: a step's instructions as the rules' play and the rest (listing and match)")
    ap.add_argument("--branches", action="store_true",
                    help="cachegrind: instructions, and branches and their mispredicts by its simulated predictor")
    ap.add_argument("--gc", action="store_true",
                    help="cachegrind: --cache's counts, and again with gc.freeze() before each game")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    ref = reference_engine(REFERENCE_COMMIT) if args.reference else None
    try:
        for name, game, options, _games in GAME_CONFIGS:
            if args.game and name not in args.game:
                continue
            if args.split:
                whole = per_step(ROOT, game, options, args.games, args.players)
                play = play_per_step(ROOT, game, options, args.games, args.players)
                theirs = None
                if ref is not None:
                    theirs = (per_step(ref, game, options, args.games, args.players),
                              play_per_step(ref, game, options, args.games, args.players))
                print(split_line(name, args.players, whole, play, theirs), flush=True)
                continue
            if args.branches:
                mine = counts_per_step(branch_counts, ROOT, game, options, args.games, args.players)
                ref_counts = (counts_per_step(branch_counts, ref, game, options, args.games, args.players)
                              if ref is not None else None)
                print(branch_line(name, args.players, mine, ref_counts), flush=True)
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
