#!/usr/bin/env python3
"""Find the positions of the demo rules page (site/rules-demo.html) and write them as
position files for the embed (site/examples/*.json; docs/embed.md "Position files").

    python tools/make_embed_examples.py            # every game engine.GAMES has an example for
    python tools/make_embed_examples.py --check    # only check the committed files still hold

Each example is a game played by the engine's own bots from a seed, stopped at the first
position where the seat to act has a move that makes the wanted event happen (a noble visit,
a commission, a constellation, …). The file holds the game, seats, options, seed and the move
log up to that position, which the embed replays; `try` names one move that shows the event.
Because the engine is deterministic, the replay gives the same position in Pyodide.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine
from engine.bots import choose_move

OUT = ROOT / "site" / "examples"


MOVE_TYPES = ("buy", "build", "place", "purchase")  # the moves that can show an example's event


def events_of(match: engine.Match, seat: int, move: dict) -> list[dict]:
    trial = engine.restore(match.snapshot())
    return trial.play(seat, move)


def search(game: str, players: int, want: Callable[[dict, list[dict]], bool], *, seeds=range(1, 200),
           bots=("greedy", "random"), min_moves: int = 6, max_moves: int = 400,
           prefer: Callable[[engine.Match, int, dict], bool] | None = None) -> dict[str, Any] | None:
    """The first (seed, log) where the seat to act has a move `want(move, events)` accepts."""
    for seed in seeds:
        match = engine.new_match(game, players, seed=seed)
        for n in range(max_moves):
            if match.is_over():
                break
            seat = match.to_act()[0]
            if n >= min_moves:
                hits = []
                for move in match.legal_moves(seat):
                    if move.get("type") not in MOVE_TYPES:
                        continue
                    evs = events_of(match, seat, move)
                    if want(move, evs):
                        hits.append(move)
                if hits and (prefer is None or prefer(match, seat, hits[0])):
                    return {"seed": seed, "log": match.log, "seat": seat, "try": hits[0], "hits": len(hits)}
            bot = bots[seat % len(bots)]
            match.play(seat, choose_move(match, seat, bot))
    return None


def has(kind: str) -> Callable[[dict, list[dict]], bool]:
    return lambda move, evs: any(e.get("type") == kind for e in evs)


EXAMPLES: dict[str, dict[str, Any]] = {
    "splendor-noble": {
        "game": "splendor", "players": 2, "event": "noble",
        "title": "A noble visits",
        "caption": "Buy the card that completes a noble's bonuses: the noble visits at the end of the turn.",
    },
    "guild-commission": {
        "game": "guild", "players": 2, "event": "commission",
        "title": "A commission completed",
        "caption": "Build the workshop that completes a commission's needs: it is claimed at once.",
    },
    "stars-constellation": {
        "game": "stars", "players": 2, "event": "constellation",
        "title": "A constellation completed",
        "caption": "Place a star tile that closes a constellation: it scores by its light-bearing tiles.",
    },
    "station-install": {
        "game": "station", "players": 2, "event": "synergy",
        "title": "A module installed",
        "caption": "Buy a module and install it next to matching modules of your station: the synergy scores renown.",
    },
}


def make(name: str, spec: dict[str, Any]) -> dict[str, Any] | None:
    if spec["game"] not in engine.GAMES:
        return None
    found = search(spec["game"], spec["players"], has(spec["event"]))
    if found is None:
        raise SystemExit(f"{name}: no position found")
    return {
        "game": spec["game"], "players": spec["players"], "options": {}, "seed": found["seed"],
        "moves": found["log"],
        "title": spec["title"], "caption": spec["caption"],
        "try": {"seat": found["seat"], "move": found["try"], "event": spec["event"]},
    }


def check(path: Path) -> None:
    pos = json.loads(path.read_text())
    match = engine.replay(pos["game"], pos["players"], pos.get("options") or {}, pos["seed"], pos["moves"])
    seat, move, event = pos["try"]["seat"], pos["try"]["move"], pos["try"]["event"]
    assert seat in match.to_act(), f"{path.name}: seat {seat} does not act"
    evs = match.play(seat, move)
    assert any(e.get("type") == event for e in evs), f"{path.name}: no {event} event"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    if args.check:
        for path in sorted(OUT.glob("*.json")):
            check(path)
            print(f"{path.name}: ok")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, spec in EXAMPLES.items():
        pos = make(name, spec)
        if pos is None:
            print(f"{name}: {spec['game']} is not in engine.GAMES; skipped")
            continue
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(pos, separators=(",", ":")) + "\n")
        check(path)
        print(f"{name}: seed {pos['seed']}, {len(pos['moves'])} moves, then {json.dumps(pos['try'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
