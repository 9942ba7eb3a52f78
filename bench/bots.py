"""Strength and speed of the computer levels (issue 17, docs/bots.md). A benchmark, not a test.

For each game it plays N games per pairing and prints the focal bot's win share (a shared
win counts as a fraction) beside the fair share, and the hard bot's think time per decision
(median, p95; CPU seconds of the process, and wall seconds — on a busy machine the wall
time is longer):

- ``hard-2``: hard against normal at two seats, seats alternating;
- ``hard-3`` / ``hard-4``: one hard among normals, its seat rotating;
- ``normal-easy``: normal against easy at two seats, seats alternating.

Every bot move gets its own generator from (seed, move number, seat) and hard runs a fixed
number of iterations, so a run is reproducible. Usage:

    .venv/bin/python bench/bots.py --games 200 --jobs 2 --game splendor guild
    .venv/bin/python bench/bots.py --games 40 --pairings hard-3 hard-4 --iterations 100
"""

from __future__ import annotations

import argparse
import ast
import statistics
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots import choose_move, hard
from engine.bots.search import Settings
from engine.rng import Rng

GAMES = ("splendor", "guild", "stars", "station")
PAIRINGS: dict[str, tuple[int, str, str]] = {
    "hard-2": (2, "hard", "normal"),
    "hard-3": (3, "hard", "normal"),
    "hard-4": (4, "hard", "normal"),
    "normal-easy": (2, "normal", "easy"),
}
"""Pairing → (seats, focal bot, every other seat's bot)."""

BROWSER_ITERATIONS: dict[tuple[str, int], int] = {
    ("splendor", 2): 772, ("splendor", 3): 582, ("splendor", 4): 516,
    ("guild", 2): 672, ("guild", 3): 550, ("guild", 4): 488,
    ("stars", 2): 338, ("stars", 3): 318, ("stars", 4): 258,
    ("station", 2): 1012, ("station", 3): 854, ("station", 4): 949,
}
"""The median number of iterations hard completes in the site's budget (700 ms) in Pyodide in
Chromium, per game and seats, as `bench/bots_browser.py` printed them (docs/bots.md, "Budgets"):
``--iterations browser`` plays at these. Station's were measured again in the ninth session, after
its search got ≈1.5× faster (373 / 337 / 303 before), and in the thirteenth after the eighth and
ninth engine rounds, on a quiet machine (556 / 520 / 540 before; docs/bots.md, "Budgets"), and in the
twentieth after the search's shared score tables (851 / 802 / 774 before)."""


def play(task: tuple[str, str, int, int | None, int]) -> dict[str, Any]:
    """One game: the focal seat's share of the win and the focal hard bot's think times."""
    game, pairing, index, iterations, base = task
    players, focal, other = PAIRINGS[pairing]
    if iterations == BROWSER:
        iterations = BROWSER_ITERATIONS[(game, players)]
    seed = base + index
    focal_seat = index % players
    match = engine.new_match(game, players, seed=seed)
    cpu: list[float] = []
    wall: list[float] = []
    budget = iterations if iterations is not None else hard.iterations_for(game)
    while not match.is_over():
        seat = match.waiting_for()[0]
        bot = focal if seat == focal_seat else other
        rng = Rng(seed * 1_000_003 + len(match.log) * 7919 + seat)
        timed = bot == "hard" and len(match.legal_moves(seat)) > 1
        c0, w0 = time.process_time(), time.perf_counter()
        move = choose_move(match, seat, bot, rng=rng, iterations=budget if bot == "hard" else None)
        if timed:
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        match.play(seat, move)
    result = match.result() or {}
    winners = result.get("winners", [])
    share = 1.0 / len(winners) if focal_seat in winners else 0.0
    return {"game": game, "pairing": pairing, "share": share, "cpu": cpu, "wall": wall}


BROWSER = -1
"""``--iterations browser``: per game and seats, `BROWSER_ITERATIONS`."""


def _iterations(text: str) -> int:
    return BROWSER if text == "browser" else int(text)


def _progress(row: dict[str, Any]) -> dict[str, Any]:
    """Note one finished game on stderr (a long run can be read as it goes), and pass it on."""
    print(f"{row['game']} {row['pairing']} share {row['share']:.2f}", file=sys.stderr, flush=True)
    return row


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    """Parse the arguments, play the games (in ``--jobs`` processes) and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per game and pairing (default 20)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--game", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--pairings", nargs="+", choices=list(PAIRINGS), default=list(PAIRINGS))
    parser.add_argument("--iterations", type=_iterations, default=None,
                        help="hard's iterations a move, or 'browser' for the median the browser reaches in its "
                             "budget (BROWSER_ITERATIONS) (default: engine.bots.hard.iterations_for(game))")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game (default 1000)")
    parser.add_argument("--search", nargs="*", default=[], metavar="FIELD=VALUE",
                        help="override hard's search settings for this run, e.g. rollout=12 width=4")
    parser.add_argument("--knowledge", nargs="*", default=[], metavar="NAME=VALUE",
                        help="set a constant of each game's knowledge module for this run (a Python literal), "
                             "e.g. SAMPLE=12 (only for a game whose module has that name)")
    args = parser.parse_args()
    for item in args.knowledge:
        name, value = item.split("=", 1)
        for g in args.game:
            module = hard.game_for(g).knowledge
            if hasattr(module, name):
                setattr(module, name, ast.literal_eval(value))
    for item in args.search:  # set before the pool forks, so every process plays the same bot
        name, value = item.split("=")
        kind = type(getattr(Settings(), name))
        setting = kind(ast.literal_eval(value))  # "0" or "False" → False for a bool, as for a number
        for g in args.game:
            hard.SETTINGS[g] = replace(hard.settings_for(g), **{name: setting})
            hard.MANY_SETTINGS[g] = replace(hard.settings_for(g, 3), **{name: setting})
    tasks = [(g, p, i, args.iterations, args.seed) for g in args.game for p in args.pairings for i in range(args.games)]
    started = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = [_progress(r) for r in pool.imap_unordered(play, tasks)]
    else:
        results = [_progress(play(t)) for t in tasks]
    budget: Any = args.iterations or {g: hard.iterations_for(g) for g in args.game}
    if args.iterations == BROWSER:
        budget = "browser " + str({k: v for k, v in BROWSER_ITERATIONS.items() if k[0] in args.game})
    print(f"{len(results)} games in {time.perf_counter() - started:.0f} s, jobs {args.jobs}, "
          f"hard iterations {budget},"
          f" search {[hard.settings_for(g) for g in args.game]},"
          f" at 3+ seats {[hard.settings_for(g, 3) for g in args.game]}"
          + (f", knowledge {args.knowledge}" if args.knowledge else ""))
    print(f"{'game':9} {'pairing':12} {'games':>5} {'focal share':>11} {'fair':>5} {'±1se':>5} "
          f"{'cpu med':>8} {'cpu p95':>8} {'wall med':>8} {'wall p95':>8} {'decisions':>9}")
    for g in args.game:
        for p in args.pairings:
            rows = [r for r in results if r["game"] == g and r["pairing"] == p]
            if not rows:
                continue
            shares = [r["share"] for r in rows]
            mean = statistics.fmean(shares)
            se = statistics.pstdev(shares) / len(shares) ** 0.5 if len(shares) > 1 else 0.0
            cpu = [t for r in rows for t in r["cpu"]]
            wall = [t for r in rows for t in r["wall"]]
            fair = 1.0 / PAIRINGS[p][0]
            print(f"{g:9} {p:12} {len(rows):5d} {mean:10.1%} {fair:5.0%} {se:5.1%} "
                  f"{statistics.median(cpu) if cpu else float('nan'):8.3f} {_pct(cpu, 0.95):8.3f} "
                  f"{statistics.median(wall) if wall else float('nan'):8.3f} {_pct(wall, 0.95):8.3f} {len(cpu):9d}")


if __name__ == "__main__":
    main()
