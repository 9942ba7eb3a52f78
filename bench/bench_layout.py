#!/usr/bin/env python3
"""Benchmark (not a test): the instructions of Station's layout work alone, under valgrind.

    .venv/bin/python bench/bench_layout.py [--players 2] [--games 5] [--calls layout,installs,swaps]

A batch of bench/bench.py's Station playouts (the same seeds) is played once with the layout's
calls recorded in order: every `layout` a listing asks for (the seat's station, as the node slots
that changed since that seat's last call), and every `Layout.installs` and `Layout.swaps` with its
port mask. The record is then replayed alone — the same calls in the same order, each seat's
station changed node by node as the game changed it, so `note_change` and the seat's memo see what
they saw in the game — twice under ``valgrind --tool=callgrind``: the untimed first game's calls
only, then all of them. The difference per step of the batch is the layout's share of a step's
instructions (docs/performance.md, "Thirty-second session"), without the rest of the step.
``--calls`` replays only some kinds (`layout` is always replayed: the others ask its result).
Deterministic, like `bench/bench_instructions.py`; about a minute.
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from bench_instructions import callgrind  # noqa: E402


def record(players: int, games: int) -> tuple[int, int, list[tuple[Any, ...]]]:
    """(steps of the timed games, calls of the untimed first game, the calls in order)."""
    sys.path.insert(0, str(ROOT))
    import engine
    from engine.games.station import moves, station

    calls: list[tuple[Any, ...]] = []
    seats: dict[int, tuple[Any, int, tuple[str | None, ...]]] = {}  # id of a memo: (memo, serial, last station)
    layout, installs, swaps = moves.layout, station.Layout.installs, station.Layout.swaps

    def recorded_layout(grid: Any, memo: Any = None) -> Any:
        found = seats.get(id(memo))
        before: tuple[str | None, ...] = found[2] if found else (None,) * station.NODES
        serial = found[1] if found else len(seats)
        seats[id(memo)] = (memo, serial, tuple(grid))  # the memo kept: its id is never reused
        calls.append(("layout", serial, [(i, v) for i, v in enumerate(grid) if before[i] != v]))
        return layout(grid, memo)

    def recorded_installs(self: Any, ports: int) -> Any:
        calls.append(("installs", ports))
        return installs(self, ports)

    def recorded_swaps(self: Any, ports: int) -> Any:
        calls.append(("swaps", ports))
        return swaps(self, ports)

    moves.layout = recorded_layout
    station.Layout.installs = recorded_installs  # type: ignore[method-assign]
    station.Layout.swaps = recorded_swaps  # type: ignore[method-assign]

    def batch(count: int, seed: int) -> int:
        rng = random.Random(seed)
        steps = 0
        for g in range(count):
            m = engine.new_match("station", players, {}, seed=seed + g)
            while not m.is_over():
                seat = m.to_act()[0]
                m.play(seat, rng.choice(m.legal_moves(seat)))
                steps += 1
        return steps

    batch(1, 999)  # bench.py's untimed first game
    warm = len(calls)
    return batch(games, 1000), warm, calls


def replay(path: str, everything: bool, kinds: str) -> None:
    """Replay the record at ``path``: the first game's calls, and with ``everything`` the rest."""
    sys.path.insert(0, str(ROOT))
    from engine.games.station import station

    with open(path, "rb") as f:
        _, warm, calls = pickle.load(f)
    wanted = set(kinds.split(","))
    memos: dict[int, tuple[Any, list[str | None]]] = {}
    plan: Any = None
    for k, call in enumerate(calls if everything else calls[:warm]):
        kind = call[0]
        if kind == "layout":
            seat = memos.get(call[1])
            if seat is None:
                seat = memos[call[1]] = (station.LayoutMemo(), [None] * station.NODES)
            memo, grid = seat
            for i, slot in call[2]:
                station.note_change(memo, i)
                grid[i] = slot
            plan = station.layout(grid, memo)
        elif kind in wanted or k < warm:
            getattr(plan, kind)(call[1])


def instructions(path: str, everything: bool, kinds: str) -> int:
    """Instructions of one replay under callgrind."""
    argv = [sys.executable, __file__, "--replay", path, "--calls", kinds] + (["--everything"] if everything else [])
    return callgrind(argv, {**os.environ, "PYTHONHASHSEED": "0"})[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2, help="seats (default 2)")
    ap.add_argument("--games", type=int, default=5, help="timed games recorded (default 5)")
    ap.add_argument("--calls", default="layout,installs,swaps", help="kinds of calls replayed")
    ap.add_argument("--replay", help=argparse.SUPPRESS)
    ap.add_argument("--everything", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.replay:
        replay(args.replay, args.everything, args.calls)
        return 0
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    steps, warm, calls = record(args.players, args.games)
    with tempfile.TemporaryDirectory(prefix="bench-layout-") as tmp:
        path = str(Path(tmp) / "calls.pickle")
        with open(path, "wb") as f:
            pickle.dump((steps, warm, calls), f)
        base = instructions(path, False, args.calls)
        total = instructions(path, True, args.calls)
    print(f"station {args.players} seats: {len(calls) - warm} calls recorded in {steps} steps; replaying "
          f"{args.calls}: {(total - base) / steps / 1000:.1f} k instructions a step")
    return 0


if __name__ == "__main__":
    sys.exit(main())
