#!/usr/bin/env python3
"""Benchmark (not a test) of the computer players in the real browser (docs/bots.md, "In the browser").
Prints figures.

    .venv/bin/python bench/bots_browser.py [--decisions 30] [--rounds 8] [--game splendor guild stars station]

In Debian's Chromium, on a same-origin page of a freshly built site, with the site's own modules
(js/engine-client.js, js/bots/bot-worker.js): a table's worker and a bot worker joined by a
MessageChannel, exactly as the site starts them.

1. Hard's think time per move, per game, at the site's default budget (`HARD_THINK_MS`): a
   two-seat game of hard against normal, hard asked through the table's worker (`bot_think`), up
   to ``--decisions`` hard decisions with more than one legal move. `ms` is the search's own time
   in the bot worker (Pyodide), `wait` the table worker's whole round trip (input, the message to
   the bot worker and back).
2. How many search iterations hard completes in that budget, per game at 2, 3 and 4 seats: in the
   bot worker's own Pyodide, hard searches ``--positions`` positions of a game between normals (the
   positions after every ``--step``-th move that have more than one legal move) for `HARD_THINK_MS`
   each and reports the search's iteration count; the same positions are then searched in this
   CPython for the same time, for the ratio. `bench/bots.py` plays at fixed iterations: docs/bots.md
   sets them from these figures.
3. At a phone table (Splendor, three seats: two people and a hard computer) the table worker's
   reply latency to another device's messages (`room_message` "resume" from a phone, every 40 ms,
   page → table worker → page) while the hard computer thinks, over ``--rounds`` computer turns; and,
   for contrast, the same while the table's worker itself runs the hard bot (`bot_move`, the way
   this would block without a bot worker) and while nothing thinks.
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import BackgroundServer  # noqa: E402

SETUP = """async (base) => {
  const { EngineClient } = await import(base + "js/engine-client.js");
  const bots = await import(base + "js/bots/bot-worker.js");
  const engine = new EngineClient(new URL("worker/engine-worker.js", base));
  await engine.ready;
  await bots.startBotWorker(engine);
  window.bench = { engine, bots };
  return bots.HARD_THINK_MS;
}"""

THINK = """async ([game, decisions]) => {
  const { engine, bots } = window.bench;
  const m = (await engine.request("new_match", { game, players: 2, seed: 17 })).match;
  const out = [];
  for (let hardSeat = 0, moves = 0; moves < 2000; moves++) {
    const pub = await engine.request("state", { match: m, seat: null });
    if (pub.over || out.length >= decisions) break;
    const seat = pub.to_act[0];
    let move;
    if (seat === hardSeat) {
      const t = performance.now();
      const r = await bots.botMove(engine, m, seat, "hard");
      if (r.choices > 1) out.push({ ms: r.ms, wait: r.wait_ms, page: performance.now() - t });
      move = r.move;
    } else {
      move = (await engine.request("bot_move", { match: m, seat, bot: "normal" })).move;
    }
    await engine.request("play", { match: m, seat, move });
  }
  await engine.request("drop", { match: m });
  return out;
}"""

TABLE = """async ([rounds]) => {
  const { engine, bots } = window.bench;
  const room = "bench-room";
  const made = await engine.request("room_create", { room, game: "splendor", players: 3, seed: 5,
    seats: [{ kind: "human" }, { kind: "human" }, { kind: "bot", bot: "hard" }] });
  await engine.request("room_connect", { room, device: "phone" });
  const say = (device, message) => engine.request("room_message", { room, device, message });
  const out = (await say("phone", { v: 1, type: "join", seat: 1 })).outbox;
  const to = (who, type) => out.filter((o) => o.to === who && o.message.type === type).pop().message;
  const cred = { 0: made.credential, 1: to("phone", "seated").credential };
  const dev = { 0: "host", 1: "phone" };
  const last = { 0: made.outbox[0].message, 1: to("phone", "update") };
  const remember = (outbox) => {
    for (const o of outbox) if (o.message.type === "update" && o.to in SEAT) last[SEAT[o.to]] = o.message;
  };
  const SEAT = { host: 0, phone: 1 };
  const ping = async () => {
    const t = performance.now();
    await say("phone", { v: 1, type: "resume", credential: cred[1] });
    return performance.now() - t;
  };
  const pingWhile = async (work) => {
    let busy = true;
    const p = work().finally(() => { busy = false; });
    const lat = [];
    while (busy) {
      const ms = await ping();  // sent while the computer thinks: counted however long it waits
      lat.push(ms);
      await new Promise((r) => setTimeout(r, 40));
    }
    return [lat, await p];
  };
  const res = { worker: [], idle: [], inTable: [], think: [] };
  for (let r = 0; r < rounds; r++) {
    // the two people move (the first listed move), then the hard computer is due
    for (let guard = 0; guard < 20; guard++) {
      const tick = await engine.request("room_tick", { room });
      remember(tick.outbox);
      if (tick.bot_due) {
        // contrast first: the same seat's input thought in the TABLE worker (blocking it)
        const input = await engine.request("room_bot_input", { room, seat: tick.bot_due.seat });
        const [blocked] = await pingWhile(() => engine.request("bot_choose", { bot: "hard", view: input.view,
          moves: input.moves, seed: input.seed, think_ms: bots.HARD_THINK_MS }));
        res.inTable.push(...blocked);
        const [lat, played] = await pingWhile(() => bots.roomBotMove(engine, room, tick.bot_due.seat));
        res.worker.push(...lat);
        res.think.push(played.ms);
        remember(played.outbox);
        break;
      }
      const acting = [0, 1].find((s) => last[s] && last[s].legal_moves && last[s].legal_moves.length);
      if (acting === undefined) { await new Promise((r) => setTimeout(r, 150)); continue; }
      const mv = last[acting].legal_moves[0];
      const o = (await say(dev[acting], { v: 1, type: "move", credential: cred[acting], move: mv,
        version: last[acting].version })).outbox;
      remember(o);
      if (acting === 1 || last[0].legal_moves.length === 0) await new Promise((r) => setTimeout(r, 650));
    }
    for (let i = 0; i < 5; i++) { res.idle.push(await ping()); await new Promise((r) => setTimeout(r, 40)); }
  }
  return res;
}"""


ITERATIONS = """
import json, time
import engine
from engine.bots import choose_move, hard
from engine.bots.search import search
from engine.rng import Rng

def iterations_at(game, players, positions, think_ms, step):
    m = engine.new_match(game, players, seed=17)
    out = []
    while not m.is_over() and len(out) < positions:
        seat = m.waiting_for()[0]
        moves = m.legal_moves(seat)
        if len(moves) > 1 and len(m.log) % step == 0:
            _move, stats = search(hard.game_for(game), m.view(seat), seat, moves, Rng(len(m.log)), None, think_ms,
                                  hard.settings_for(game, players))
            out.append(stats["iterations"])
        m.play(seat, choose_move(m, seat, "normal", rng=Rng(len(m.log))))
    return out
"""


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<44} (none)"
    return (f"{name:<44} n={len(values):<4} median {statistics.median(values):7.1f} ms   "
            f"p95 {pct(values, 95):7.1f} ms   max {max(values):7.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decisions", type=int, default=30, help="hard decisions measured per game")
    ap.add_argument("--rounds", type=int, default=8, help="hard computer turns at the phone table")
    ap.add_argument("--positions", type=int, default=12, help="positions per game and seat count for the "
                    "iteration count (0: skip)")
    ap.add_argument("--step", type=int, default=10, help="a position searched every this many moves")
    ap.add_argument("--game", nargs="+", default=["splendor", "guild", "stars", "station"])
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench-bots-"))
    try:
        dist = tmp / "dist"
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--quiet", "--dist", str(dist)], check=True)
        site = BackgroundServer(dist, lifetime_s=1800)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_context(service_workers="block").new_page()
                page.goto(site.url + "wheels/manifest.json")
                page.set_content("<!doctype html><title>bots bench</title>")
                budget = page.evaluate(SETUP, site.url)
                print(f"Chromium, Pyodide; hard at the site's budget: think_ms = {budget} (cap), "
                      "the game's default iterations")
                results: dict[str, Any] = {}
                for game in args.game:
                    got = page.evaluate(THINK, [game, args.decisions])
                    results[game] = got
                    print(line(f"{game}: hard think (search, bot worker)", [g["ms"] for g in got]))
                    if got:
                        rest = [g["ms"] for g in got[1:]]
                        print(f"{'':<44} first move {got[0]['ms']:.1f} ms (imports the search); "
                              f"the others: p95 {pct(rest, 95) if rest else 0:.1f} ms")
                    print(line(f"{game}: hard move (table worker round trip)", [g["wait"] for g in got]))
                iterate = page.workers[0] if page.workers else None  # any engine worker has the engine
                if args.positions and iterate is not None:
                    namespace: dict[str, Any] = {}
                    exec(ITERATIONS, namespace)  # the same measuring code, here in CPython
                    print(f"hard's iterations in {budget} ms (Pyodide in the worker; CPython here for the ratio)")
                    for game in args.game:
                        for players in (2, 3, 4):
                            call = f"iterations_at({game!r}, {players}, {args.positions}, {budget}, {args.step})"
                            code = ITERATIONS + f"\njson.dumps({call})"
                            web = json.loads(iterate.evaluate("(code) => self.pyodide.runPython(code)", code))
                            here = namespace["iterations_at"](game, players, args.positions, budget, args.step)
                            ratio = statistics.median(here) / max(1, statistics.median(web))
                            print(f"  {game:<9} {players} seats  Pyodide median {statistics.median(web):6.0f} "
                                  f"(min {min(web)}, max {max(web)})   CPython median {statistics.median(here):6.0f}"
                                  f"   CPython/Pyodide {ratio:.2f}")
                table = page.evaluate(TABLE, [args.rounds])
                print("phone table (splendor, 2 people + hard): the table worker's reply to a phone's message")
                print(line("  while hard thinks in the bot worker", table["worker"]))
                print(line("  while nothing thinks", table["idle"]))
                print(line("  while hard thinks in the table worker", table["inTable"]))
                print(line("  hard think at the table (bot worker)", table["think"]))
                browser.close()
        finally:
            site.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
