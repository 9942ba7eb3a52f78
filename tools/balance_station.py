#!/usr/bin/env python3
"""Simulate many station games between bots and print the balance figures for docs/station.md.

    python3 tools/balance_station.py [--games N] [--players 2 3 4] [--bots greedy] [--seed S]

For every game (all seats the same bot unless --mixed): the winner's score, every seat's
score, renown by source (Synergy, Storms, Shield), which seat won, and the "winning
department" — the department that brought the winner most Storm renown (a tie shares the
credit). Per department: how often it was the winning department, its share of purchases,
the mean Readiness of the seats that placed in it at the Final Storm, and its share of all
Storm renown. Per guild: the share of purchases. With --mixed, one greedy
seat plays against random seats and its win rate is printed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots import choose_move
from engine.games.station.components import DEPARTMENTS, GUILD_OF, GUILDS

MAX_STEPS = 3000


def play(players: int, seed: int, bots: list[str]) -> tuple[engine.Match, list[dict]]:
    match = engine.new_match("station", players, seed=seed)
    events: list[dict] = []
    while not match.is_over():
        (seat,) = match.to_act()
        events += match.play(seat, choose_move(match, seat, bots[seat]))
        if len(match.log) > MAX_STEPS:
            raise RuntimeError(f"{players} seats, seed {seed}: no end after {MAX_STEPS} steps")
    return match, events


def summary(values: list[float]) -> str:
    values = sorted(values)
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return (f"min {values[0]:.0f} · Q1 {q[0]:.0f} · median {q[1]:.0f} · Q3 {q[2]:.0f} · max {values[-1]:.0f} · "
            f"mean {statistics.mean(values):.1f}")


def run(players: int, games: int, bot: str, seed0: int) -> None:
    start = time.process_time()
    winner_scores: list[float] = []
    all_scores: list[float] = []
    margins: list[float] = []
    seat_wins = Counter()
    shared = 0
    sources = Counter()
    dept_storm = Counter()
    dept_ready: dict[str, list[int]] = {d: [] for d in DEPARTMENTS}
    dept_buys = Counter()
    dept_winning = Counter()
    guild_buys = Counter()
    rounds: list[int] = []
    steps = 0
    for g in range(games):
        match, events = play(players, seed0 + g, [bot] * players)
        steps += len(match.log)
        result = match.result()
        scores = result["scores"]
        rounds.append(result["round"])
        best = max(scores)
        winner_scores.append(best)
        all_scores += scores
        others = sorted(scores)[-2] if players > 1 else 0
        margins.append(best - others)
        if len(result["winners"]) > 1:
            shared += 1
        for w in result["winners"]:
            seat_wins[w] += 1 / len(result["winners"])
        for r in result["renown"]:
            for k, v in r.items():
                sources[k] += v
        storm_by_winner = Counter()
        for record in match.view(None)["storms"]:
            for dept, d in record["departments"].items():
                dept_storm[dept] += sum(d["awards"])
                if record["storm"] == "Final":
                    dept_ready[dept] += [v for v in d["readiness"] if v is not None]
                for w in result["winners"]:
                    storm_by_winner[dept] += d["awards"][w]
        if storm_by_winner:
            top = max(storm_by_winner.values())
            tied = [d for d, v in storm_by_winner.items() if v == top]
            for d in tied:  # a tie shares the credit
                dept_winning[d] += 1 / len(tied)
        for e in events:
            if e["type"] == "purchase":
                guild_buys[GUILD_OF[e["module"]["id"]]] += 1
                dept_buys[e["module"]["department"]] += 1
    elapsed = time.process_time() - start
    total_storm = sum(dept_storm.values()) or 1
    total_src = sum(sources.values()) or 1
    total_buys = sum(guild_buys.values()) or 1
    print(f"## {players} players, {games} games, {bot} bots")
    print(f"- {games / elapsed:.1f} games/s, {elapsed / steps * 1e6:.0f} µs per step (bot decision included), "
          f"{steps / games:.0f} steps and {statistics.mean(rounds):.1f} rounds per game")
    print(f"- winning score: {summary(winner_scores)}")
    print(f"- every seat's score: {summary(all_scores)}")
    print(f"- winner's margin over the runner-up: {summary(margins)}; shared victories {shared}")
    print("- renown by source: " + ", ".join(f"{k} {v / total_src:.0%}" for k, v in sources.items()))
    print("- wins by seat: " + ", ".join(f"seat {s} {seat_wins[s] / games:.0%}" for s in range(players)))
    print("| department | winning department | purchases | mean Readiness at the Final Storm | share of Storm renown |")
    print("| --- | --- | --- | --- | --- |")
    for dept in DEPARTMENTS:
        ready = dept_ready[dept]
        print(f"| {dept} | {dept_winning[dept] / games:.1%} | {dept_buys[dept] / total_buys:.1%} | "
              f"{statistics.mean(ready) if ready else 0:.2f} | {dept_storm[dept] / total_storm:.1%} |")
    print("- purchases by guild: " + ", ".join(f"{g} {guild_buys[g] / total_buys:.1%}" for g in GUILDS))
    print()


def mixed(players: int, games: int, seed0: int) -> None:
    wins = 0.0
    for g in range(games):
        greedy_seat = g % players
        bots = ["greedy" if i == greedy_seat else "random" for i in range(players)]
        match, _ = play(players, seed0 + g, bots)
        winners = match.result()["winners"]
        if greedy_seat in winners:
            wins += 1 / len(winners)
    print(f"- one greedy seat against {players - 1} random: greedy wins {wins / games:.0%} of {games}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--bots", default="greedy", choices=["greedy", "random"])
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--mixed", action="store_true", help="also play one greedy seat against random seats")
    args = parser.parse_args()
    for players in args.players:
        run(players, args.games, args.bots, args.seed)
        if args.mixed:
            mixed(players, max(20, args.games // 4), args.seed)
            print()


if __name__ == "__main__":
    main()
