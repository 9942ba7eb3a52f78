#!/usr/bin/env python3
"""Benchmark (not a test) of the phone table: a tap to the new state fully shown — the page
update finished (board, move log, seat chips, countdown) and painted — on every device, against
the same measure in a single-device game, as a ratio (median and p95). Prints figures.

    .venv/bin/python bench/bench_net.py [--moves 60] [--local-moves 20] [--pings 60] [--game guild]
                                        [--phones 1|2] [--no-screen] [--warmup 0] [--pause-ms 300]
                                        [--settle-ms 250] [--profile DEVICE] [--trace DEVICE]
                                        [--screenshots DIR] [--json-out FILE] [--reduced-motion]
                                        [--single-at-once]
    .venv/bin/python bench/bench_net.py --pool RUN.json [RUN.json …]

A host page (real Pyodide worker holding the room), two phones and a shared screen (or, with
``--phones 1 --no-screen``, the host and one phone at a two-seat table: on this 2-core machine
one core a device, as on a real table where every phone has its own), each in its own Chromium
of Debian's Chromium, over real WebRTC data channels negotiated
through a real PeerJS server on loopback (tools/serve.py's PeerServer). WebRTC needs a private
network namespace with a default route (../shared/TESTING.md); run as root, the script
re-runs itself inside one (`unshare -n`), where nothing can leave the machine.

For every move (made by the seat to act, a phone or the host, through the page's own move path): tap
= when the device's renderer handed the move over (`attempt`); shown = when each device's whole page
update for the new version had been painted (net/ui.js records the first task after the frame that
follows the update: `tabletopNet.shown`); the move's figure is the slowest device. The single-device
figure is the same measure in solo games on index.html (one human and a computer at each other seat,
`?botDelay=300`): the human's tap to the table after that move painted (`tabletop.shown`, app.js).
As the table times the taps of every seat, there is one solo game a seat, the human at that seat,
``--local-moves`` taps each (default 20): where a seat sits in the round changes its moves
(Station's last seat ends the round). Times are wall-clock (performance.timeOrigin + now()),
comparable between the pages of one browser. The bare round trip is a ping/pong over the same data
channels (phone → host → phone), measured between moves. For each device the three slowest moves are
printed with where their time went (the host's answer, the wire, the device's update).
``--warmup N`` plays N moves on each side before counting (default 0: every move counts).
``--pause-ms`` (default 300) is a pause before each tap at the table, as players pause between
moves: without it the next tap came as soon as the bench had read the last move's figures from
the four pages (tens of ms), while work the last move left behind (collection, the write-ahead's
completion, the log's scroll) was still running on the two cores; in the solo game a tap comes
after the two computers' moves, each after a 300 ms pause (`?botDelay=300`).
``--settle-ms`` (default 250): after a tap the bench makes no call to any page for that long, then
looks every 50 ms, in the table and in the solo games alike. Every call is work for a page's main
thread, its browser, Playwright's driver and this script, on the two cores the devices draw the
move on; with Playwright's default (a look in every animation frame, from the tap on) Station's
table p95 was 48–49 ms, with the settle 36–40 ms (docs/net.md, twenty-sixth session).
``--json-out FILE`` keeps every timed move (per device: the wire, its JS, the wait for its frame,
the frame) and the single-device figures per seat.
``--reduced-motion``: every device, the single one too, prefers reduced motion (no pulses).
``--profile DEVICE`` prints that device's JS profile (self time by function); ``--trace DEVICE``
prints where that device's browser spent its CPU, every thread (its tasks and what is inside them,
from a Chromium trace), in ms a move, first inside the moves' windows only (each tap → its move
shown on the last device), then over the whole run; ``--trace-out FILE`` keeps the trace.
``--pool FILE…`` runs nothing: it prints the ratio over several runs' ``--json-out`` files taken
together (every run's moves on each device against every single-device move of its size), and
how far it moves with which runs were made: the runs resampled with replacement 2,000 times (a
seeded bootstrap, a run the unit), the 5th–95th percentile of both ratios and how often the p95
ratio meets 1.5×.
``--single-at-once`` also plays the single-device games four at once (one a table device, at its
size, each in a browser of its own, tapped together: each browser with the share of the two cores
a table device has) and prints the ratio against them as well.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from net_support import READY, WHY_NOT, greedy  # noqa: E402
from serve import BackgroundServer, PeerServer  # noqa: E402

# addrgenmode none, as in scripts/test.sh: no IPv6 link-local address turns up a second in (Chromium
# takes it for a network change and fails the page loads in flight: net::ERR_NETWORK_CHANGED)
NS = ("ip link set lo up && ip link add v0 type veth peer name v1 && "
      "ip link set v0 addrgenmode none && ip link set v1 addrgenmode none && ip addr add 198.51.100.1/24 dev v0 && "
      "ip link set v0 up && ip link set v1 up && ip route add default via 198.51.100.2 dev v0 && exec \"$@\"")


HOST_SIZE = {"width": 1280, "height": 900}
PHONE_SIZE = {"width": 390, "height": 844}
SCREEN_SIZE = {"width": 1600, "height": 900}
"""The devices' viewports: the host's (also the single-device game's laptop size), a phone's, the
shared screen's."""

TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "cc", "gpu", "v8",
                    "blink.user_timing"]
"""What ``--trace`` records: the renderer's tasks (script, style, layout, paint), the compositor's and
the raster workers' (``cc``), the GPU process's, and V8's collections."""


def print_trace(name: str, trace: bytes, moves: int, top: int = 25,
                windows: list[tuple[float, float]] | None = None, sync: float | None = None) -> None:
    """Where one device's browser spent its CPU over the timed moves (``--trace``): per thread, the
    top-level trace events (those no other event of that thread encloses) summed by name, in ms a
    move. A thread's top-level events are its tasks, so their sum is the thread's busy time.

    With ``windows`` (each move's tap → shown on the last device, wall-clock ms) and ``sync`` (the
    wall-clock ms of the ``bench-sync`` mark the traced page made, which the trace holds with its
    own clock) the same is printed first for only what falls inside those windows: the CPU this
    browser took while the move was being shown, when the four devices share the two cores."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    if windows and sync is not None:
        marks = [e["ts"] for e in events if e.get("name") == "bench-sync"]
        if marks:
            base = marks[-1] / 1000 - sync  # trace ms = wall-clock ms + base
            inside = sorted((a + base, b + base) for a, b in windows)
            busy, cpu, tasks, inner = tally_trace(events, inside)
            n = len(inside)
            span = sum(b - a for a, b in inside) / n
            print(f"{name}'s browser inside the moves' windows (tap → shown on the last device, {span:.1f} ms "
                  f"on average), ms a move by thread, busy (wall time, a wait for a core included) / its CPU "
                  f"time (all threads: {sum(busy.values()) / n:.2f} / {sum(cpu.values()) / n:.2f}):")
            for thread, ms in sorted(busy.items(), key=lambda kv: -kv[1])[:12]:
                print(f"   {ms / n:7.2f} / {cpu.get(thread, 0.0) / n:6.2f}  {thread}")
            print_tasks(tasks, inner, n, top, " inside the windows")
    busy, _, tasks, inner = tally_trace(events)
    print(f"{name}'s browser over the timed moves ({moves} moves), busy ms a move by thread:")
    for thread, ms in sorted(busy.items(), key=lambda kv: -kv[1])[:12]:
        print(f"   {ms / moves:7.2f}  {thread}")
    print_tasks(tasks, inner, moves, top)


def tally_trace(events: list, windows: list[tuple[float, float]] | None = None) -> tuple[dict, dict, dict, dict]:
    """A trace's complete events summed, in ms: busy time by thread (its top-level events: its
    tasks), the thread's CPU time in them (``tdur``), the tasks by name, and the events inside
    them by name (nested, so overlapping). With ``windows`` (trace ms, sorted) only the part of
    each event inside them counts (its CPU time in proportion)."""
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    by_thread: dict[tuple[int, int], list[tuple[float, float, str, float]]] = {}
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            by_thread.setdefault((e["pid"], e["tid"]), []).append(
                (e["ts"] / 1000, (e["ts"] + e["dur"]) / 1000, e["name"], e.get("tdur", 0) / 1000))
    busy: dict[str, float] = {}
    cpu: dict[str, float] = {}
    tasks: dict[tuple[str, str], float] = {}
    inner: dict[tuple[str, str], float] = {}
    for key, spans in by_thread.items():
        thread = threads.get(key, str(key[1]))
        spans.sort(key=lambda s: (s[0], -s[1]))
        end = -1.0
        for start, stop, what, ran in spans:
            part = stop - start if windows is None else sum(
                max(0.0, min(stop, b) - max(start, a)) for a, b in windows if a < stop and b > start)
            if start < end:  # inside a task: summed apart (nested events overlap, so these do not add up)
                if part:
                    inner[thread, what] = inner.get((thread, what), 0.0) + part
                continue
            end = stop  # a top-level event: a task of this thread
            if part:
                busy[thread] = busy.get(thread, 0.0) + part
                cpu[thread] = cpu.get(thread, 0.0) + ran * part / max(stop - start, 1e-9)
                tasks[thread, what] = tasks.get((thread, what), 0.0) + part
    return busy, cpu, tasks, inner


def print_tasks(tasks: dict, inner: dict, moves: int, top: int, where: str = "") -> None:
    """``tally_trace``'s tasks and the events inside them, the largest first, in ms a move."""
    print(f"   the top-level tasks by name{where}, ms a move:")
    for (thread, what), ms in sorted(tasks.items(), key=lambda kv: -kv[1])[:top]:
        print(f"   {ms / moves:7.2f}  {thread}: {what}")
    print("   inside those tasks (nested, overlapping), ms a move:")
    for (thread, what), ms in sorted(inner.items(), key=lambda kv: -kv[1])[:top]:
        print(f"   {ms / moves:7.2f}  {thread}: {what}")


def print_profile(name: str, profile: dict, top: int = 25) -> None:
    """The functions with the most self time in a CDP CPU profile (``--profile``)."""
    nodes = {n["id"]: n["callFrame"] for n in profile["nodes"]}
    self_ms: dict[tuple[str, str, int], float] = {}
    for node, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        f = nodes[node]
        key = (f["functionName"] or "(anonymous)", f["url"].rsplit("/", 1)[-1], f["lineNumber"] + 1)
        self_ms[key] = self_ms.get(key, 0.0) + delta / 1000
    busy = sum(ms for (fn, _, _), ms in self_ms.items() if fn not in ("(idle)", "(program)"))
    print(f"{name}'s main thread over the timed moves: {busy:.0f} ms of JS, DOM calls and collection; "
          f"the top {top} by self time:")
    for (fn, url, line), ms in sorted(self_ms.items(), key=lambda kv: -kv[1])[:top]:
        print(f"   {ms:8.1f} ms  {fn} {url}:{line}" if url else f"   {ms:8.1f} ms  {fn}")


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def run(args) -> None:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench-net-"))
    dist = tmp / "dist"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--quiet", "--dist", str(dist)], check=True)
    site = BackgroundServer(dist, lifetime_s=1800)
    peers = PeerServer(lifetime_s=1800)
    cfg = json.dumps({"signalling": {"host": "127.0.0.1", "port": peers.port, "path": peers.path, "secure": False},
                      "iceServers": [], "idPrefix": "bench-"})
    try:
        with sync_playwright() as p:
            browsers = []

            def page(viewport):
                # one browser per device, as on a real table (a browser's pages share one compositor:
                # with four devices in one browser, a page waits for the others' frames)
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                browsers.append(browser)
                ctx = browser.new_context(viewport=viewport, service_workers="block",
                                          reduced_motion="reduce" if args.reduced_motion else "no-preference")
                ctx.route("**/config.json", lambda r: r.fulfill(body=cfg, content_type="application/json"))
                return ctx.new_page()

            host = page(HOST_SIZE)
            host.goto(site.url)
            host.get_by_test_id("game-picker").wait_for(timeout=90_000)
            host.get_by_test_id(f"pick-{args.game}").click()
            players = 1 + args.phones
            host.locator(f"label:has([data-testid=players-{players}])").click()
            for i in range(1, players):
                host.get_by_test_id(f"seat-kind-{i}").select_option("human")
            host.locator("#seed-input").fill(str(args.seed))
            host.locator("label:has([data-testid=host-table])").click()
            host.get_by_test_id("start-game").click()
            host.wait_for_function(
                "() => document.querySelector('[data-testid=host-status]')?.dataset.state === 'online'",
                timeout=60_000)
            join = host.get_by_test_id("join-link").get_attribute("href")
            phones = []
            for seat, name in list(((1, "Ana"), (2, "Ben")))[:args.phones]:
                ph = page(PHONE_SIZE)
                t = time.perf_counter()
                ph.goto(join)
                ph.get_by_test_id("player-name").fill(name)
                ph.get_by_test_id(f"join-seat-{seat}").click()
                ph.wait_for_function(f"() => window.tabletopNet.seat === {seat} && window.tabletopNet.version !== null")
                print(f"phone {name}: page open to seated, first view drawn: {(time.perf_counter() - t) * 1000:.0f} ms")
                phones.append(ph)
            names = ["host", *["Ana", "Ben"][:args.phones]]
            pages = [host, *phones]
            if args.screen:
                host.get_by_test_id("viewing-code-btn").click()
                code = host.get_by_test_id("viewing-code").inner_text().strip()
                screen = page(SCREEN_SIZE)
                screen.goto(site.url + "table.html?watch")
                screen.get_by_test_id("watch-code").fill(code)
                screen.get_by_test_id("watch-submit").click()
                screen.wait_for_function("() => window.tabletopNet.last && window.tabletopNet.last.seat === null")
                pages.append(screen)
                names.append("screen")
            by_seat = dict(enumerate([host, *phones]))
            profiler = None
            if args.profile:  # the JS profile of one device's main thread over the timed moves
                profiler = pages[names.index(args.profile)].context.new_cdp_session(pages[names.index(args.profile)])
                profiler.send("Profiler.enable")
                profiler.send("Profiler.setSamplingInterval", {"interval": 100})
                profiler.send("Profiler.start")

            traced = None
            trace_sync = None
            if args.trace:  # one device's browser, every thread, over the timed moves
                traced = browsers[names.index(args.trace)]
                traced.start_tracing(page=pages[names.index(args.trace)], categories=TRACE_CATEGORIES)
                # a mark the trace holds with its own clock, and its wall-clock time: the moves'
                # windows (wall-clock) are found in the trace by it
                trace_sync = pages[names.index(args.trace)].evaluate(
                    "() => performance.timeOrigin + performance.mark('bench-sync').startTime")
            windows: list[tuple[float, float]] = []  # each move's tap → shown on the last device (wall-clock ms)

            rtts: list[float] = []
            lat_all: list[float] = []
            lat_phone: list[float] = []
            lat_host: list[float] = []
            per_device: dict[str, list[float]] = {name: [] for name in names}
            to_host: list[float] = []    # a phone's tap → the host's worker replied (outbox handed out)
            wire: list[float] = []       # handed out → arrived on a device
            wire_by: dict[str, list[float]] = {}  # the same, per device
            render: list[float] = []     # arrived → board drawn on a device
            painted: list[float] = []    # arrived → the whole update painted on a device
            host_tap: list[float] = []   # the host's own tap → its worker answered and the move stored, handed out
            host_draw: list[float] = []  # handed out → the host's own board drawn
            host_paint: list[float] = []  # the host's board drawn → its whole update painted
            slow: list[dict] = []  # per move, where its time went (the slowest moves are printed)
            for played in range(args.warmup + args.moves):
                if args.warmup and played == args.warmup:  # the warm-up moves are not counted
                    for vals in (lat_all, lat_phone, lat_host, to_host, wire, render, painted, host_tap, host_draw,
                                 host_paint, slow, *per_device.values(), *wire_by.values()):
                        vals.clear()
                last = host.evaluate("() => window.tabletopNet.last")
                if last["over"]:
                    break
                v = last["version"]
                for pg in pages:
                    pg.wait_for_function(f"() => window.tabletopNet.version >= {v}")
                # the bare round trip, between moves, over both phones' data channels
                for ph in phones:
                    rtts.append(ph.evaluate("() => window.tabletopNet.rtt()"))
                seat = (last["view"].get("waiting_for") or last["view"]["to_act"])[0]
                dev = by_seat[seat]
                dev.wait_for_function("() => window.tabletopNet.legalMoves.length > 0")
                if args.pause_ms:  # a player's pause before the tap (see --pause-ms)
                    time.sleep(args.pause_ms / 1000)
                move = greedy(dev.evaluate("() => window.tabletopNet.last.view"),
                              dev.evaluate("() => window.tabletopNet.legalMoves"), v, seat)
                assert dev.evaluate("(m) => window.tabletopNet.play(m)", move)
                settle(args)  # hands off every page while the move is drawn (see --settle-ms)
                tap = dev.evaluate("() => window.tabletopNet.tapAt")
                drawn = []
                for name, pg in zip(names, pages, strict=True):
                    pg.wait_for_function(f"() => window.tabletopNet.shown[{v + 1}] !== undefined", **POLL)
                    at = pg.evaluate(f"() => window.tabletopNet.shown[{v + 1}]")
                    drawn.append(at)
                    per_device[name].append(at - tap)
                sent = host.evaluate(f"() => window.tabletopNet.sentAt[{v + 1}]")
                if seat != 0:
                    to_host.append(sent - tap)
                else:
                    host_tap.append(sent - tap)
                hd = host.evaluate(f"() => window.tabletopNet.drawn[{v + 1}]")
                host_draw.append(hd - sent)
                host_paint.append(host.evaluate(f"() => window.tabletopNet.shown[{v + 1}]") - hd)
                for name, pg in zip(names[1:], pages[1:], strict=True):
                    arrived = pg.evaluate(f"() => window.tabletopNet.arrived[{v + 1}]")
                    wire.append(arrived - sent)
                    wire_by.setdefault(name, []).append(arrived - sent)
                    render.append(pg.evaluate(f"() => window.tabletopNet.drawn[{v + 1}]") - arrived)
                    painted.append(pg.evaluate(f"() => window.tabletopNet.shown[{v + 1}]") - arrived)
                ms = max(drawn) - tap  # the move's figure: the slowest device
                windows.append((tap, max(drawn)))
                row = {"move": played + 1, "seat": seat, "tap": tap, "sent": sent - tap, "all": ms, "dev": {}}
                for name, pg, shown in zip(names, pages, drawn, strict=True):  # `drawn`: each device's shown
                    arrived = sent if name == "host" else pg.evaluate(f"() => window.tabletopNet.arrived[{v + 1}]")
                    t = pg.evaluate(f"() => window.tabletopNet.timing[{v + 1}] || null") or {}
                    row["dev"][name] = {"all": per_device[name][-1], "wire": arrived - sent,
                                        "painted": shown - arrived, "js": t.get("js", 0),
                                        "toFrame": t.get("toFrame", 0), "frame": t.get("frame", 0)}
                slow.append(row)
                lat_all.append(ms)
                (lat_host if seat == 0 else lat_phone).append(ms)
            for _ in range(max(0, args.pings - len(rtts))):
                rtts.append(phones[len(rtts) % len(phones)].evaluate("() => window.tabletopNet.rtt()"))
            if profiler is not None:
                print_profile(args.profile, profiler.send("Profiler.stop")["profile"])
            if traced is not None:
                trace = traced.stop_tracing()
                if args.trace_out:
                    args.trace_out.write_bytes(trace)
                print_trace(args.trace, trace, len(lat_all), windows=windows[-len(lat_all):], sync=trace_sync)
            if args.screenshots:  # every device as it stands after the timed moves, to look at
                args.screenshots.mkdir(parents=True, exist_ok=True)
                for name, pg in zip(names, pages, strict=True):
                    # panels off screen are not drawn (`content-visibility: auto`, css/net.css), and a
                    # full-length screenshot would show them empty: drawn in full for the picture
                    pg.add_style_tag(content="* { content-visibility: visible !important; }")
                    pg.screenshot(path=str(args.screenshots / f"{args.game}-{name}.png"), full_page=True)
            timing = {name: pg.evaluate("() => Object.values(window.tabletopNet.timing)")
                      for name, pg in zip(names, pages, strict=True)}
            ops = host.evaluate("() => window.tabletopNet.stats.ops")
            msg_ms = [o["ms"] for o in ops if o["op"] == "room_message"]
            save_ms = [o["ms"] for o in ops if o["op"] == "save"]
            for browser in browsers:  # the table is over; the single-device game runs alone
                browser.close()
            browsers.clear()
            # a solo game with the human at each seat in turn: the table times the taps of every seat,
            # and where a seat sits in the round changes its moves (in Station the last seat's move
            # ends the round: the Drift, the market redrawn on every device)
            local_seats = {size: {human: local_game(page, site.url, args, viewport, human)
                                  for human in range(1 + args.phones)}
                           for size, viewport in (("phone", PHONE_SIZE), ("laptop", HOST_SIZE))}
            local = {size: [ms for vals in by_seat.values() for ms in vals] for size, by_seat in local_seats.items()}
            at_once: dict[str, list[float]] = {}
            if args.single_at_once:  # the table's devices as solo games, drawn at the same moments
                devices = [("laptop", HOST_SIZE), *[("phone", PHONE_SIZE)] * args.phones,
                           *([("laptop", SCREEN_SIZE)] if args.screen else [])]
                at_once = local_games_at_once(page, site.url, args, devices)
            for browser in browsers:
                browser.close()
    finally:
        site.stop()
        peers.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    if args.json_out:  # every timed move and single-device figure, to look at afterwards
        args.json_out.write_text(json.dumps({"moves": slow, "single": local_seats, "timing": timing,
                                              "trace_sync": trace_sync, "single_at_once": at_once}))
    med_rtt = statistics.median(rtts)
    print()
    print(f"{args.game}, {1 + args.phones} seats (host + {args.phones} phone(s))"
          f"{' + a shared screen' if args.screen else ''}, {len(lat_all)} moves, {len(rtts)} pings; "
          "Chromium "
          f"{CHROMIUM}, real WebRTC through a PeerJS server on loopback")
    print(f"bare data-channel round trip (phone→host→phone): median {med_rtt:.2f} ms, p90 {pct(rtts, 90):.2f} ms")
    print(f"tap → new state shown (update finished and painted) on every device ({len(per_device)}): "
          f"median {statistics.median(lat_all):.1f} ms, p95 {pct(lat_all, 95):.1f} ms, max {max(lat_all):.1f} ms")
    if lat_phone:
        print(f"   a phone's move: median {statistics.median(lat_phone):.1f} ms ({len(lat_phone)} moves)")
    if lat_host:
        print(f"   the host's move: median {statistics.median(lat_host):.1f} ms ({len(lat_host)} moves)")
    for name, vals in per_device.items():
        print(f"   shown on {name:6}: median {statistics.median(vals):.1f} ms, p95 {pct(vals, 95):.1f} ms")
    if to_host:
        print(f"   a phone's tap → the host's worker has answered: median {statistics.median(to_host):.1f} ms")
    print(f"   handed out by the host → arrived on a device: median {statistics.median(wire):.1f} ms, "
          f"p90 {pct(wire, 90):.1f} ms")
    for name, vals in wire_by.items():
        print(f"      on {name:6}: median {statistics.median(vals):.1f} ms, p90 {pct(vals, 90):.1f} ms")
    print(f"   arrived → board drawn on a device: median {statistics.median(render):.1f} ms, "
          f"p90 {pct(render, 90):.1f} ms")
    print(f"   arrived → whole update painted on a device: median {statistics.median(painted):.1f} ms, "
          f"p90 {pct(painted, 90):.1f} ms")
    if host_tap:
        print(f"   the host's own tap → handed out: median {statistics.median(host_tap):.1f} ms")
    print(f"   host: handed out → its board drawn: median {statistics.median(host_draw):.1f} ms; "
          f"board drawn → whole update painted: median {statistics.median(host_paint):.1f} ms, "
          f"p90 {pct(host_paint, 90):.1f} ms")
    for name, rows in timing.items():
        if rows:
            print(f"   {name:6} update: JS median {statistics.median(r['js'] for r in rows):.1f} ms "
                  f"(the renderer {statistics.median(r.get('render', 0) for r in rows):.1f}, "
                  f"of it the morph {statistics.median(r.get('morph', 0) for r in rows):.1f}; the log "
                  f"{statistics.median(r.get('log', 0) for r in rows):.1f}, the seat chips "
                  f"{statistics.median(r.get('seats', 0) for r in rows):.1f}, market, countdown, steps and help "
                  f"{statistics.median(r.get('rest', 0) for r in rows):.1f}), "
                  "then to its frame (style, layout, the log's scroll) "
                  f"{statistics.median(r['toFrame'] for r in rows):.1f} ms, "
                  f"frame to painted {statistics.median(r['frame'] for r in rows):.1f} ms")
    # the moves past each device's 95th percentile: where their time went
    print("   the slowest moves of each device (tap → shown = tap → handed out + handed out → arrived "
          "+ arrived → painted [its JS, to its frame, the frame]):")
    for name in per_device:
        worst = sorted(slow, key=lambda r: -r["dev"][name]["all"])[:3]
        print(f"      {name:6}: " + "; ".join(
            f"move {r['move']} (seat {r['seat']}) {r['dev'][name]['all']:.0f} = {r['sent']:.0f}"
            f" + {r['dev'][name]['wire']:.0f}"
            f" + {r['dev'][name]['painted']:.0f} [{r['dev'][name]['js']:.0f}, {r['dev'][name]['toFrame']:.0f}, "
            f"{r['dev'][name]['frame']:.0f}]" for r in worst))
    print("host worker, room_message (engine: check, play, redact views for 5 devices): "
          f"median {statistics.median(msg_ms):.1f} ms")
    if save_ms:
        print("host: the room stored in IndexedDB (the reply's saved, or room_save), before the move is sent "
              f"(write-ahead): median {statistics.median(save_ms):.1f} ms")
    tick_ms = [o["ms"] for o in ops if o["op"] == "room_tick"]
    if tick_ms:
        print("host worker, room_tick (timers, computers; after each move): "
              f"median {statistics.median(tick_ms):.1f} ms, p90 {pct(tick_ms, 90):.1f} ms ({len(tick_ms)} ticks)")
    print(f"ratio (median tap→all shown / median bare round trip): {statistics.median(lat_all) / med_rtt:.1f}×")
    for size, vals in local.items():
        print(f"single device ({args.game} solo, {size}, {len(vals)} human moves, the human at each seat in turn): "
              f"tap → new state shown: median {statistics.median(vals):.1f} ms, p95 {pct(vals, 95):.1f} ms")
    print("   by the seat that moved (table: the slowest device; single device: phone / laptop), median / p95 ms:")
    for seat in range(1 + args.phones):
        at_table = [r["all"] for r in slow if r["seat"] == seat]
        alone = [local_seats[size][seat] for size in ("phone", "laptop")]
        if at_table and all(alone):
            each = [f"{statistics.median(v):.1f} / {pct(v, 95):.1f} ({len(v)})" for v in alone]
            print(f"      seat {seat}: table {statistics.median(at_table):.1f} / {pct(at_table, 95):.1f} "
                  f"({len(at_table)} moves); " + "; ".join(each))
    worst_med, worst_p95 = worst_ratios(per_device, local)
    print(f"RATIO phone table / single device, the worst device: median {worst_med:.2f}×, p95 {worst_p95:.2f}× "
          "(goal: ≤ 1.5× both)")
    if at_once:
        n_games = 1 + args.phones + int(args.screen)
        for size, vals in at_once.items():
            print(f"single device, {n_games} solo games at once in {n_games} browsers (--single-at-once; "
                  f"{size}, {len(vals)} human moves): median {statistics.median(vals):.1f} ms, "
                  f"p95 {pct(vals, 95):.1f} ms")
        at_med, at_p95 = worst_ratios(per_device, at_once)
        print(f"   ratio against those, the worst device (each browser with the same share of the cores as "
              f"at the table): median {at_med:.2f}×, p95 {at_p95:.2f}×")
    every = list(local["phone"]) + list(local["laptop"])
    print(f"   (all the devices' slowest against the faster single device: median "
          f"{statistics.median(lat_all) / min(statistics.median(v) for v in local.values()):.2f}×, "
          f"p95 {pct(lat_all, 95) / pct(every, 95):.2f}×)")

POLL = {"polling": 50}
"""How the bench waits for a move to be shown: a look every 50 ms. Playwright's default looks in
every animation frame, which keeps a page drawing frames while it waits; the times themselves are
taken by the pages (`shown`, `tapAt`), so a coarse look loses nothing."""


def settle(args) -> None:
    """After a tap: no call to any page for ``--settle-ms``. Each call is work for the page's main
    thread, its browser and the bench's own processes (Playwright's driver, this script), all on
    the two cores the devices draw the move on; the single-device game is waited on the same way."""
    if args.settle_ms:
        time.sleep(args.settle_ms / 1000)


def local_game(page, url: str, args, viewport: dict, human: int) -> list[float]:
    """The same measure in a single-device game: a solo game (the human at seat ``human``, a computer
    at each of the others, as many seats as at the table) on index.html; the human's tap → the table
    after that move painted (app.js's tabletop.shown)."""
    pg = page(viewport)
    start_solo(pg, url, args, human)
    out: list[float] = []
    while len(out) < args.warmup + args.local_moves:
        chosen = solo_move(pg)
        if chosen is None:
            break
        assert pg.evaluate("(m) => window.tabletop.play(m)", chosen[1])
        settle(args)  # as at the table
        out.append(solo_shown(pg, chosen[0]))
    return out[args.warmup:]


def local_games_at_once(page, url: str, args, devices: list[tuple[str, dict]]) -> dict[str, list[float]]:
    """The single-device measure with the table's share of the two cores (``--single-at-once``): one
    solo game for each device of the table, each in a browser of its own at that device's size (the
    human at seat k for the k-th device, modulo the seats), all four tapped at the same moment, so
    that the four browsers draw at once as the table's four devices do. Figures by size (phone;
    laptop: the host's and the screen's)."""
    seats = 1 + args.phones
    games = []
    for k, (size, viewport) in enumerate(devices):
        pg = page(viewport)
        start_solo(pg, url, args, k % seats)
        games.append((size, pg))
    out: dict[str, list[float]] = {size: [] for size, _ in devices}
    for played in range(args.warmup + args.local_moves):
        chosen = [solo_move(pg) for _, pg in games]
        if any(c is None for c in chosen):
            break
        for (_, pg), (_, move) in zip(games, chosen, strict=True):  # the four taps together
            assert pg.evaluate("(m) => window.tabletop.play(m)", move)
        settle(args)
        for (size, pg), (n, _) in zip(games, chosen, strict=True):
            shown = solo_shown(pg, n)
            if played >= args.warmup:
                out[size].append(shown)
    return out


def start_solo(pg, url: str, args, human: int) -> None:
    """A solo game on index.html: the human at seat ``human``, a computer at each other seat."""
    pg.goto(url + "?botDelay=300")
    pg.get_by_test_id("game-picker").wait_for(timeout=90_000)
    pg.get_by_test_id(f"pick-{args.game}").click()
    pg.locator(f"label:has([data-testid=players-{1 + args.phones}])").click()
    for i in range(1 + args.phones):
        pg.get_by_test_id(f"seat-kind-{i}").select_option("human" if i == human else "greedy")
    pg.locator("#seed-input").fill(str(args.seed))
    pg.get_by_test_id("start-game").click()


def solo_move(pg) -> tuple[int, dict] | None:
    """Once the solo game's human is to move: (moves made so far, the move to tap); None when over."""
    pg.wait_for_function(
        "() => window.tabletop.legalMoves.length > 0 || !!document.querySelector('[data-testid=winner]')",
        timeout=60_000)
    if pg.locator("[data-testid=winner]").count():
        return None
    n = int(pg.evaluate("() => document.getElementById('table').dataset.moves"))
    view = pg.evaluate("() => window.tabletop.view")
    return n, greedy(view, pg.evaluate("() => window.tabletop.legalMoves"), n, view["seat"])


def solo_shown(pg, n: int) -> float:
    """The tap → the first table painted after it, ms (in Stars' simultaneous placement a solo game
    may show the table only once the computers have placed too: move n + 1 is never shown alone)."""
    first = f"Object.keys(window.tabletop.shown).map(Number).filter((k) => k > {n}).sort((a, b) => a - b)[0]"
    pg.wait_for_function(f"() => {first} !== undefined", **POLL)
    return float(pg.evaluate(f"() => window.tabletop.shown[{first}] - window.tabletop.tapAt"))


def worst_ratios(per_device: dict[str, list[float]], single: dict[str, list[float]]) -> tuple[float, float]:
    """Each device's median and p95 against the single-device game of its size (a phone's; the
    host's and the screen's: laptop), the worst device's of each."""
    size = {name: "phone" if name in ("Ana", "Ben") else "laptop" for name in per_device}
    return (max(statistics.median(v) / statistics.median(single[size[n]]) for n, v in per_device.items()),
            max(pct(v, 95) / pct(single[size[n]], 95) for n, v in per_device.items()))


def pool(files: list[Path]) -> None:
    """``--pool``: the ratio over several runs' ``--json-out`` files taken together — every timed
    move of every run on each device, against every single-device move of its size. The p95 of
    one 60-move run is its third slowest move, and the worst of four devices' ratios so estimated
    comes out higher than the ratio of the pooled moves would."""
    runs = [_run_moves(json.loads(f.read_text())) for f in files]
    per_device, single = _pooled(runs)
    print(f"{len(files)} runs pooled: {len(per_device.get('host', []))} table moves, "
          + ", ".join(f"{len(v)} single-device moves at {size} size" for size, v in single.items()))
    for name, vals in per_device.items():
        print(f"   shown on {name:6}: median {statistics.median(vals):.1f} ms, p95 {pct(vals, 95):.1f} ms")
    for size, vals in single.items():
        print(f"   single device, {size}: median {statistics.median(vals):.1f} ms, p95 {pct(vals, 95):.1f} ms")
    worst_med, worst_p95 = worst_ratios(per_device, single)
    print(f"RATIO (pooled) phone table / single device, the worst device: median {worst_med:.2f}×, "
          f"p95 {worst_p95:.2f}× (goal: ≤ 1.5× both)")
    if len(runs) >= 3:
        # how far the pooled ratio moves with which runs were made: the runs resampled with
        # replacement (a run is the unit: its moves share its host's load), 2,000 times
        rng = random.Random(0)
        meds, p95s = [], []
        for _ in range(2000):
            med, p95 = worst_ratios(*_pooled([rng.choice(runs) for _ in runs]))
            meds.append(med)
            p95s.append(p95)
        print(f"   the runs resampled (2,000 times): median ratio {pct(meds, 5):.2f}–{pct(meds, 95):.2f}×, "
              f"p95 ratio {pct(p95s, 5):.2f}–{pct(p95s, 95):.2f}× (5th–95th percentile); "
              f"p95 ≤ 1.5× in {sum(r <= 1.5 for r in p95s) / len(p95s):.0%} of them")


Moves = tuple[dict[str, list[float]], dict[str, list[float]]]


def _run_moves(data: dict[str, Any]) -> Moves:
    """One ``--json-out`` run's times: per table device its moves, per size its single-device moves."""
    per_device: dict[str, list[float]] = {}
    single: dict[str, list[float]] = {}
    for row in data["moves"]:
        for name, dev in row["dev"].items():
            per_device.setdefault(name, []).append(dev["all"])
    for size, by_seat in data["single"].items():
        for vals in by_seat.values():
            single.setdefault(size, []).extend(vals)
    return per_device, single


def _pooled(runs: list[Moves]) -> Moves:
    """Several runs' times taken together."""
    per_device: dict[str, list[float]] = {}
    single: dict[str, list[float]] = {}
    for run_devices, run_single in runs:
        for name, vals in run_devices.items():
            per_device.setdefault(name, []).extend(vals)
        for size, vals in run_single.items():
            single.setdefault(size, []).extend(vals)
    return per_device, single


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--local-moves", type=int, default=20,
                    help="human moves timed in each single-device game (one game a seat, a phone's size and a "
                         "laptop's; default 20)")
    ap.add_argument("--reduced-motion", action="store_true",
                    help="every device prefers reduced motion (no breathing highlights)")
    ap.add_argument("--pings", type=int, default=60)
    ap.add_argument("--game", default="guild", choices=["guild", "splendor", "stars", "station"])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--pause-ms", type=int, default=300,
                    help="wait this long before each tap at the table (default 300, as the solo game's computers "
                         "wait before each of their moves: a tap there comes ≥ 600 ms after the human's last one); "
                         "0: tap as soon as the last move is shown everywhere and read")
    ap.add_argument("--settle-ms", type=int, default=250,
                    help="after a tap, make no call to any page for this long (default 250; 0: look at once, "
                         "then every 50 ms)")
    ap.add_argument("--profile", choices=["host", "Ana", "Ben", "screen"],
                    help="print the JS profile (self time by function) of this device over the timed moves")
    ap.add_argument("--trace", choices=["host", "Ana", "Ben", "screen"],
                    help="print where this device's browser spent its CPU (every thread, by trace event) over "
                         "the timed moves")
    ap.add_argument("--trace-out", type=Path, default=None, help="with --trace: also save the trace (JSON) here")
    ap.add_argument("--json-out", type=Path, default=None,
                    help="save every timed move (where its time went, per device) and the single-device figures "
                         "(JSON) here")
    ap.add_argument("--screenshots", type=Path, default=None,
                    help="save each device's page (full length) in this folder after the timed moves")
    ap.add_argument("--warmup", type=int, default=0,
                    help="moves played first on each side and not counted (the host's Pyodide compiles its hot "
                         "code to optimised machine code in the first moves: docs/net.md, fourteenth session)")
    ap.add_argument("--single-at-once", action="store_true",
                    help="also play the single-device games four at once (one a table device, its size, each in "
                         "a browser of its own, tapped together) and print the ratio against them too")
    ap.add_argument("--phones", type=int, default=2, choices=[1, 2],
                    help="phones at the table, one seat each (the host holds a seat too; default 2)")
    ap.add_argument("--no-screen", dest="screen", action="store_false",
                    help="no shared screen (with --phones 1: one device a core on this 2-core machine)")
    ap.add_argument("--pool", type=Path, nargs="+", default=None, metavar="JSON",
                    help="run nothing: print the ratio over these runs' --json-out files taken together")
    args = ap.parse_args()
    if args.pool:
        pool(args.pool)
        return 0
    if not READY:
        if os.geteuid() == 0 and not os.environ.get("BENCH_NET_IN_NS"):
            env = {**os.environ, "BENCH_NET_IN_NS": "1"}
            cmd = ["unshare", "-n", "sh", "-c", NS, "sh", sys.executable, *sys.argv]
            return subprocess.run(cmd, env=env).returncode
        print(f"bench_net: {WHY_NOT}", file=sys.stderr)
        return 2
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
