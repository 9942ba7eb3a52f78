#!/usr/bin/env python3
"""Benchmark (not a test): Stars' placement enumeration, this engine against the reference.

    .venv/bin/python bench/bench_placements.py [--rounds 5] [--seeds 4] [--callgrind]

Issue 18's target "Stars' placement enumeration ≥ 3× faster". Each side (this working tree's
engine, and `bench.REFERENCE_COMMIT`'s engine extracted with ``git archive``) runs in a fresh
CPython: it plays seeded random Stars games (2, 3 and 4 seats, ``--seeds`` seeds each; a step is
the first seat of ``to_act``, a move picked by ``random.Random`` from ``legal_moves``) and keeps
a copy of every position where that seat lists placements (stargazing phase, tiles in hand, no
bonus choice owed) — among them the opening listings of ≈800 moves on an empty board. Then it
lists every position once, timed with ``time.process_time``: ``stars.moves.place_moves`` (the
place and set-aside moves) in one pass, the engine's ``legal_moves`` (with stardust moves and
the checks of who may act) in another. The positions are many more than any board cache the
engine keeps, and each is listed once per process, so nothing is replayed warm; each round is a
new process on both sides (interleaved, so both see the same load), and the best round is kept.

Printed: µs of CPU per listing for both engines and the ratio, over all positions and over the
openings (the seat's board still empty) alone, and a digest of every listing (both sides must print the same).
``--callgrind`` also counts machine instructions per listing under ``valgrind --tool=callgrind``
(a run that lists nothing subtracted from one that lists every position once; slow).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_instructions import callgrind

from bench import REFERENCE_COMMIT, ROOT, reference_engine

# Run verbatim by both engines, each in a fresh CPython.
PLACEMENTS = r'''
import copy, gc, hashlib, json, random, time
import engine
from engine.games.stars import moves as stars_moves
from engine.games.stars.state import STARGAZING

def positions(seats, seeds, first=500, cap=3000):
    """(state, seat) copies of every placement listing the playouts ask for."""
    found = []
    for players in seats:
        for seed in range(first, first + seeds):
            rng = random.Random(seed)
            m = engine.new_match("stars", players, {}, seed=seed)
            for _ in range(cap):
                if m.is_over():
                    break
                seat = m.to_act()[0]
                st = m._state
                s = st.seats[seat]
                if st.phase == STARGAZING and s.hand and not s.pending:
                    found.append((copy.deepcopy(st), seat))
                m.play(seat, rng.choice(m.legal_moves(seat)))
    return found

def opening(st, seat):
    return all(t is None for t in st.seats[seat].board.tile)

def run(seats, seeds, mode):
    found = positions(seats, seeds)
    gc.collect()
    gc.freeze()  # the kept positions are not walked by the collections the listings cause
    place_moves = stars_moves.place_moves
    legal_moves = stars_moves.legal_moves
    out = {"positions": len(found), "opening": sum(1 for st, seat in found if opening(st, seat))}
    if mode == "place":
        for st, seat in found:
            place_moves(st, seat)
    elif mode == "time":
        t = time.process_time()
        for st, seat in found:
            place_moves(st, seat)
        out["place"] = time.process_time() - t
        t = time.process_time()
        for st, seat in found:
            legal_moves(st, seat)
        out["legal"] = time.process_time() - t
        first = [p for p in found if opening(*p)]
        t = time.process_time()
        for st, seat in first:
            place_moves(st, seat)
        out["opening_place"] = time.process_time() - t
        h = hashlib.sha256()
        n = 0
        for st, seat in found:
            listed = legal_moves(st, seat)
            n += len(listed)
            h.update(json.dumps(listed, sort_keys=True).encode())
        out["moves"] = n
        out["digest"] = h.hexdigest()[:16]
    return out
'''


def command(path: Path, seats: list[int], seeds: int, mode: str) -> list[str]:
    """``mode``: "time" (the timed passes and the digest), "place" (one untimed pass of
    place_moves, for callgrind) or "none" (the positions only)."""
    code = (f"import sys; sys.path.insert(0, {str(path)!r})\n" + PLACEMENTS +
            f"\nprint(json.dumps(run({seats!r}, {seeds}, {mode!r})))")
    return [sys.executable, "-c", code]


def batch(path: Path, seats: list[int], seeds: int) -> dict:
    out = subprocess.run(command(path, seats, seeds, "time"), check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def instructions(path: Path, seats: list[int], seeds: int, mode: str) -> int:
    # a fixed hash seed: the same dict layouts in both runs, so the difference is the listings'
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    return callgrind(command(path, seats, seeds, mode), env)[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="fresh processes per side (default 5)")
    ap.add_argument("--seeds", type=int, default=4, help="games per seat count (default 4)")
    ap.add_argument("--seats", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--callgrind", action="store_true", help="also count instructions under valgrind")
    args = ap.parse_args()
    ref = reference_engine(REFERENCE_COMMIT)
    try:
        sides = {"live": ROOT, "reference": ref}
        best: dict[str, dict[str, float]] = {side: {} for side in sides}
        info: dict[str, dict] = {}
        for r in range(args.rounds):
            for side, path in sides.items():
                got = batch(path, args.seats, args.seeds)
                info[side] = got
                for key in ("place", "legal", "opening_place"):
                    best[side][key] = min(best[side].get(key, float("inf")), got[key])
            print(f"round {r + 1}: live place_moves {1e6 * info['live']['place'] / info['live']['positions']:.1f} µs,"
                  f" reference {1e6 * info['reference']['place'] / info['reference']['positions']:.1f} µs", flush=True)
        live, theirs = info["live"], info["reference"]
        print(f"{live['positions']} positions ({live['opening']} openings), {live['moves']} moves listed;"
              f" digest live {live['digest']}, reference {theirs['digest']}"
              + ("" if live["digest"] == theirs["digest"] else "   DIFFERENT LISTINGS"))
        for key, label, n in (("place", "place_moves, all positions", live["positions"]),
                              ("legal", "legal_moves, all positions", live["positions"]),
                              ("opening_place", "place_moves, openings", live["opening"])):
            mine, old = 1e6 * best["live"][key] / n, 1e6 * best["reference"][key] / n
            print(f"{label:28} live {mine:8.1f} µs   reference {old:8.1f} µs   {old / mine:.2f}x")
        if args.callgrind:
            if shutil.which("valgrind") is None:
                raise SystemExit("valgrind is not installed")
            per = {}
            for side, path in sides.items():
                base = instructions(path, args.seats, args.seeds, "none")
                total = instructions(path, args.seats, args.seeds, "place")
                per[side] = (total - base) / live["positions"] / 1000
            print(f"{'callgrind, place_moves':28} live {per['live']:8.1f} k    reference {per['reference']:8.1f} k"
                  f"    {per['reference'] / per['live']:.2f}x fewer instructions per listing")
    finally:
        shutil.rmtree(ref, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
