#!/usr/bin/env python3
"""Balance report for `stars`: simulate many bot games and print how the VP fall.

Two experiments, each for 2, 3 and 4 seats:

1. **Mirror**: every seat plays the registered greedy bot (style ``balanced``). Reports the
   score spread, the winning margin, where VP come from, and how often each way of scoring
   decides the winner: for every game with a single winner, the way in which the winner beat
   the runner-up by the most VP (constellations, scouting, offerings, or "other": early bird,
   leftover tokens and unplaced tiles). Also the winner's main source of VP, and the win rate by
   seat order in round 1.
2. **Styles**: seats play greedy bots that favour one way of scoring (``constellations``,
   ``scouting``, ``offerings``) or none (``balanced``), the styles rotated over the seats; reports
   each style's win share. No style should dominate.

Bots act only when the game waits on their seat (they spend stardust in their own turns).

Usage: python tools/balance_stars.py [--games N] [--players 2,3,4] [--seed S] [--jobs J]
       python tools/balance_stars.py --bench N   # µs of CPU per random step over N random games
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots import greedy_stars
from engine.rng import Rng

WAYS = ("constellations", "scouting", "offerings")


def play(seed: int, styles: tuple[str, ...]) -> dict:
    m = engine.new_match("stars", len(styles), seed=seed)
    first = m._state.turn_order()[0]
    steps = 0
    while not m.is_over():
        seat = m.view(None)["waiting_for"][0]
        move = greedy_stars.choose(m.view(seat), m.legal_moves(seat), Rng(seed * 7919 + steps), styles[seat])
        m.play(seat, move)
        steps += 1
    r = m.result()
    st = m._state
    return {"result": r, "styles": styles, "first": first, "steps": steps,
            "set_aside": [len(s.set_aside) for s in st.seats],
            "supply_light": st.supply_light[:], "supply_stardust": st.supply_stardust,
            "lit": len(st.lit), "rewards_left": [len(p) for p in st.piles]}


def _ways(points: dict) -> dict:
    out = {w: points[w] for w in WAYS}
    out["other"] = points["early_bird"] + points["leftover"] + points["unplaced"]
    return out


def deciding_way(r: dict) -> tuple[str, str] | None:
    """(the way the winner beat the runner-up by the most, the winner's biggest source)."""
    if len(r["winners"]) != 1:
        return None
    w = r["winners"][0]
    runner = max((i for i in range(len(r["scores"])) if i != w), key=lambda i: r["scores"][i])
    mine, theirs = _ways(r["points"][w]), _ways(r["points"][runner])
    decided = max(mine, key=lambda k: (mine[k] - theirs[k], k in WAYS))
    main = max(mine, key=lambda k: (mine[k], k in WAYS))
    return decided, main


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:5.1f}%" if d else "  -  "


def mirror_report(games: list[dict], players: int) -> list[str]:
    scores = [s for g in games for s in g["result"]["scores"]]
    margins = []
    decided, main = Counter(), Counter()
    shared = by_order = 0
    order_wins = Counter()
    for g in games:
        r = g["result"]
        ranked = sorted(r["scores"], reverse=True)
        margins.append(ranked[0] - ranked[1])
        d = deciding_way(r)
        if d is None:
            shared += r["decided_by"] == "shared"
        else:
            decided[d[0]] += 1
            main[d[1]] += 1
        if r["decided_by"] not in ("score",):
            by_order += 1
        for w in r["winners"]:
            order_wins["first" if w == g["first"] else "other"] += 1 / len(r["winners"])
    n = len(games)
    single = sum(decided.values())
    lines = [f"### {players} players, greedy mirror ({n} games)", "",
             (f"- final score: mean {statistics.mean(scores):.1f}, sd {statistics.pstdev(scores):.1f}, "
              f"min {min(scores)}, median {statistics.median(scores):.0f}, max {max(scores)}"),
             (f"- winning score: mean {statistics.mean(max(g['result']['scores']) for g in games):.1f}; "
              f"margin over the runner-up: mean {statistics.mean(margins):.1f}, "
              f"median {statistics.median(margins):.0f}"),
             f"- decided by a tie-break: {pct(by_order, n)}; shared victories: {pct(shared, n)}",
             f"- round-1 first player wins {pct(round(order_wins['first']), n)} (fair share {100 / players:.1f}%)"]
    per_way = {k: statistics.mean(_ways(p)[k] for g in games for p in g["result"]["points"]) for k in WAYS + ("other",)}
    lines.append("- VP per seat by way: " + ", ".join(f"{k} {v:.1f}" for k, v in per_way.items()))
    lines.append("- the way that decides the winner (largest lead over the runner-up): "
                 + ", ".join(f"{k} {pct(decided[k], single)}" for k in WAYS + ("other",)))
    lines.append("- the winner's main source of VP: "
                 + ", ".join(f"{k} {pct(main[k], single)}" for k in WAYS + ("other",)))
    aside = sum(sum(g["set_aside"]) for g in games)
    lines.append(f"- tiles that could not be placed: {aside / (n * players):.2f} per seat per game; "
                 f"path spaces lit at the end: {statistics.mean(g['lit'] for g in games):.1f} of 22")
    low = min(min(g["supply_light"]) for g in games)
    lines.append(f"- lowest light left in the supply at the end: {low}; lowest stardust: "
                 f"{min(g['supply_stardust'] for g in games)}")
    return lines


def styles_report(games: list[dict], players: int) -> list[str]:
    wins, seats = Counter(), Counter()
    vp = {s: [] for s in greedy_stars.STYLES}
    ways = {s: Counter() for s in greedy_stars.STYLES}
    for g in games:
        r = g["result"]
        for i, style in enumerate(g["styles"]):
            seats[style] += 1
            vp[style].append(r["scores"][i])
            ways[style].update(_ways(r["points"][i]))
        for w in r["winners"]:
            wins[g["styles"][w]] += 1 / len(r["winners"])
    n = len(games)
    lines = [f"### {players} players, styles against each other ({n} games)", "",
             "| style | seats | win share | fair share | mean VP | constellations | scouting | offerings | other |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for style in greedy_stars.STYLES:
        if seats[style]:
            fair = seats[style] / players / n
            lines.append(f"| {style} | {seats[style]} | {100 * wins[style] / n:.1f}% | {100 * fair:.1f}% | "
                         f"{statistics.mean(vp[style]):.1f} | "
                         + " | ".join(f"{ways[style][k] / seats[style]:.1f}" for k in WAYS + ("other",)) + " |")
    return lines


def style_lineups(players: int, games: int) -> list[tuple[str, ...]]:
    names = list(greedy_stars.STYLES)
    combos = [c for c in itertools.permutations(names, players)]
    return [combos[k % len(combos)] for k in range(games)]


def bench(games: int) -> None:
    """CPU time per step of uniformly random games: ``to_act`` + ``legal_moves`` + ``play``."""
    import random

    steps = 0
    cpu = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        m = engine.new_match("stars", 2 + seed % 3, seed=seed)
        while not m.is_over():
            seats = m.to_act()
            seat = seats[rng.randrange(len(seats))]
            moves = m.legal_moves(seat)
            m.play(seat, moves[rng.randrange(len(moves))])
            steps += 1
    cpu = time.process_time() - cpu
    print(f"{games} random games (2-4 seats), {steps} steps: {1e6 * cpu / steps:.0f} µs of CPU per step "
          f"({steps / games:.0f} steps and {1000 * cpu / games:.0f} ms per game)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per player count and experiment")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--bench", type=int, default=0, help="only time N random games")
    args = ap.parse_args()
    if args.bench:
        bench(args.bench)
        return
    started = time.time()
    out = [f"Balance of `stars` — tools/balance_stars.py --games {args.games} --seed {args.seed}", ""]
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in (int(p) for p in args.players.split(",")):
            seeds = [args.seed * 1_000_000 + players * 10_000 + k for k in range(args.games)]
            mirror = list(pool.map(play, seeds, [("balanced",) * players] * args.games, chunksize=4))
            out += mirror_report(mirror, players) + [""]
            lineups = style_lineups(players, args.games)
            mixed = list(pool.map(play, [s + 5000 for s in seeds], lineups, chunksize=4))
            out += styles_report(mixed, players) + [""]
    out.append(f"({time.time() - started:.0f} s)")
    print("\n".join(out))


if __name__ == "__main__":
    main()
