#!/usr/bin/env python3
"""What Pyodide pays for (issue 18: the Pyodide / CPython ratio of the playouts). A benchmark, not
a test; prints figures.

    .venv/bin/python bench/bench_pyodide_ops.py [--game splendor] [--games 40] [--rounds 3]

1. **Operations**: small Python snippets of the kinds the engine runs in its hot paths (calls,
   dicts, lists, 64-bit integer arithmetic, exceptions, JSON, sorting, set lookups), each timed
   in this CPython and in the site's own engine worker (Pyodide in Debian's Chromium, the same
   harness page as `bench/bench.py`), the fastest of ``20 × --rounds`` runs of ``--n / 20``
   iterations (a run that was preempted is slower, never faster); the ratio Pyodide / CPython per
   snippet says which kinds of work cost Pyodide the most (every snippet runs three times first:
   V8 compiles the wasm with its baseline compiler and optimises what runs hot).
2. **Functions**: a cProfile of the same random playouts of ``--game`` on both sides (after the
   same playouts once unprofiled, to warm up); the
   engine functions with the most own time, with the ratio of their own time Pyodide / CPython
   (the profiler's overhead is in both sides alike).
3. **Station's corridor search, unprofiled** (``--corridors``): the arguments of every call of
   `station._leaf_change`, `station._corridors_added` and `station._search` over ``--games``
   random two-seat CPython playouts are recorded, and the same calls are then timed on both
   sides (the fastest of ``--rounds`` passes, µs a call). cProfile charges the profiler's cost
   of each builtin a function calls to that function, which inflates the bit-twiddling ones most
   in Pyodide; these figures have no profiler in them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

OPS = r'''
import json, time, cProfile, pstats, io

class _Slots:
    __slots__ = ("a", "b")
    def __init__(self):
        self.a = 1
        self.b = [1, 2, 3]

def _f(x, y):
    return x + y

_MASK = (1 << 64) - 1
_D = {"type": "take", "gems": [1, 0, 1, 0, 1, 0]}
_S = frozenset(range(0, 90, 3))
_TEXT = json.dumps({"type": "buy", "card": 17, "pay": [1, 0, 2, 0, 0, 1], "seat": 1})

def _loop(n, body):
    t = time.perf_counter()
    body(n)
    return (time.perf_counter() - t) / n * 1e9

def _calls(n):
    for i in range(n):
        _f(i, 1)
def _dict_make(n):
    for i in range(n):
        {"type": "take", "gems": i, "seat": 0}
def _dict_get(n):
    d = _D
    for i in range(n):
        d.get("type"); d.get("x")
def _dict_copy(n):
    for i in range(n):
        _D.copy()
def _listcomp(n):
    for i in range(n // 10):
        [x + 1 for x in range(10)]
def _int64(n):
    z = 0x9E3779B97F4A7C15
    for i in range(n):
        z = (z + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
def _small_int(n):
    s = 0
    for i in range(n):
        s = (s + i * 3) % 1000
def _exceptions(n):
    for i in range(n // 10):
        try:
            raise ValueError("x")
        except ValueError:
            pass
def _attrs(n):
    o = _Slots()
    for i in range(n):
        o.a = o.a + 1
def _json_dumps(n):
    for i in range(n // 10):
        json.dumps(_D)
def _json_loads(n):
    for i in range(n // 10):
        json.loads(_TEXT)
def _sorted(n):
    items = [(i * 7) % 13 for i in range(13)]
    for i in range(n // 10):
        sorted(items, key=lambda x: -x)
def _set_in(n):
    s = _S
    for i in range(n):
        (i & 127) in s
def _str_format(n):
    for i in range(n // 10):
        f"{i}|{'take'}"
_BIG_A = int.from_bytes(bytes(range(7, 37)), "little")  # 240 bits: a byte a node, as Station's lanes
_BIG_B = int.from_bytes(bytes((i * 5) & 15 for i in range(30)), "little")
_ONES = int.from_bytes(b"\x01" * 30, "little")
_BIG_KEYS = {_BIG_A ^ (i << 8 * (i % 30)): i for i in range(64)}
_BIG_KEY = _BIG_A ^ (5 << 40)
def _big_and(n):
    a, b = _BIG_A, _BIG_B
    for i in range(n):
        a & b
def _big_chain(n):
    a, b, ones, fifteens = _BIG_A, _BIG_B, _ONES, _ONES * 15
    for i in range(n):
        (a & b) + fifteens >> 4 & ones
def _big_shift(n):
    a = _BIG_A
    for i in range(n):
        a >> 80
def _big_to_bytes(n):
    a = _BIG_A
    for i in range(n):
        a.to_bytes(30, "little")
def _big_from_bytes(n):
    data = bytes(range(30))
    for i in range(n):
        int.from_bytes(data, "little")
def _big_dict_get(n):
    d, k = _BIG_KEYS, _BIG_KEY
    for i in range(n):
        d.get(k)
def _small_dict_get(n):
    d = {i: i for i in range(64)}
    for i in range(n):
        d.get(37)
def _gen_sum(n):
    for i in range(n // 10):
        sum(x for x in range(10))
_X = 12345
def _meth_o(n):
    x = _X
    for i in range(n):
        abs(x)
def _meth_noargs(n):
    x = _X
    for i in range(n):
        x.bit_length()
def _fastcall(n):
    x = _X
    for i in range(n):
        divmod(x, 7)
_ROW = [{"a": i} for i in range(120)]
_IDX = (3, 17, 40, 41, 77, 90)
def _map_getitem(n):
    out, g = [], _ROW.__getitem__
    for i in range(n // 6):
        out += map(g, _IDX)
        out.clear()
def _loop_append(n):
    out, row = [], _ROW
    for i in range(n // 6):
        for j in _IDX:
            out.append(row[j])
        out.clear()
def _dict_unpack(n):
    for i in range(n):
        {**_D}

OP_LIST = [("a function call", _calls, 1), ("a small dict built", _dict_make, 1), ("two dict.get", _dict_get, 1),
           ("a dict copied", _dict_copy, 1), ("a 10-item list comprehension", _listcomp, 10),
           ("a 64-bit SplitMix step", _int64, 1), ("small-int arithmetic", _small_int, 1),
           ("an exception raised and caught", _exceptions, 10), ("a slot attribute read and written", _attrs, 1),
           ("json.dumps of a move", _json_dumps, 10), ("json.loads of a move", _json_loads, 10),
           ("sorted(13 items, key=lambda)", _sorted, 10), ("a frozenset membership test", _set_in, 1),
           ("an f-string", _str_format, 10), ("sum() over a 10-item generator", _gen_sum, 10),
           ("240-bit a & b", _big_and, 1), ("240-bit (a & b) + c >> 4 & d", _big_chain, 1),
           ("240-bit a >> 80", _big_shift, 1), ("240-bit int.to_bytes(30)", _big_to_bytes, 1),
           ("int.from_bytes of 30 bytes", _big_from_bytes, 1), ("dict.get with a 240-bit key", _big_dict_get, 1),
           ("dict.get with a small-int key", _small_dict_get, 1),
           ("abs(x): a one-argument builtin (METH_O)", _meth_o, 1),
           ("x.bit_length(): a method of no argument", _meth_noargs, 1),
           ("divmod(x, 7): a fast-call builtin", _fastcall, 1),
           ("a row's items by map(row.__getitem__)", _map_getitem, 1),
           ("a row's items by a loop of append(row[i])", _loop_append, 1),
           ("a dict copied as {**d}", _dict_unpack, 1)]

def ops(n, rounds):
    for _name, body, _per in OP_LIST:  # warm up first (V8 tiers the wasm up as it runs)
        for _ in range(3):
            body(n)
    out = {}
    chunk = max(1000, n // 20)  # the fastest of many short runs: on a shared machine most are never preempted
    for name, body, per in OP_LIST:
        out[name] = min(_loop(chunk, body) for _ in range(rounds * 20)) * per
    return out

def _play(engine, Rng, game, games):
    for g in range(games):
        rng = Rng(g + 1)
        m = engine.new_match(game, 2, seed=1000 + g)
        steps = 0
        while not m.is_over() and steps < 3000:
            seat = m.to_act()[0]
            moves = m.legal_moves(seat)
            m.play(seat, moves[rng.below(len(moves))])
            steps += 1

def profile(game, games):
    import engine
    from engine.rng import Rng
    _play(engine, Rng, game, games)  # warm up, unprofiled
    prof = cProfile.Profile()
    prof.enable()
    _play(engine, Rng, game, games)
    prof.disable()
    stats = pstats.Stats(prof)
    out = {}
    for (path, line, name), (cc, nc, tt, ct, callers) in stats.stats.items():
        if "engine" in path:
            short = path.split("engine/", 1)[-1] + ":" + name
            out[short] = out.get(short, 0.0) + tt
    return out
'''


CORRIDORS = r'''
import json, time
from engine.games.station import station as _st

def _tuples(x):
    return tuple(_tuples(i) for i in x) if isinstance(x, list) else x

def corridor_times(text, rounds):
    """µs a call of each recorded function, the fastest of ``rounds`` passes over its calls."""
    out = {}
    for name, calls in json.loads(text).items():
        fn = getattr(_st, name)
        args = [((a[0] if name == "_search" else _st._Search(*_tuples(a[0])),) + tuple(a[1:])) for a in calls]
        for a in args:  # warm up (V8 tiers the wasm up as it runs)
            fn(*a)
        best = min(_pass(fn, args) for _ in range(rounds))
        out[name] = [best / len(args) * 1e6, len(args)]
    return out

def _pass(fn, args):
    t = time.perf_counter()
    for a in args:
        fn(*a)
    return time.perf_counter() - t
'''


def record_corridor_calls(games: int) -> str:
    """The arguments of the corridor search's calls over ``games`` random CPython playouts (JSON)."""
    import random

    import engine
    from engine.games.station import station

    calls: dict[str, list] = {"_leaf_change": [], "_corridors_added": [], "_search": []}
    saved = {name: getattr(station, name) for name in calls}

    def recorder(name):
        def record(*args):
            calls[name].append([list(args[0]) if isinstance(args[0], tuple) else args[0], *args[1:]])
            return saved[name](*args)
        return record

    try:
        for name in calls:
            setattr(station, name, recorder(name))
        rng = random.Random(1000)
        for g in range(games):
            m = engine.new_match("station", 2, seed=1000 + g)
            while not m.is_over():
                seat = m.to_act()[0]
                m.play(seat, rng.choice(m.legal_moves(seat)))
    finally:
        for name, fn in saved.items():
            setattr(station, name, fn)
    return json.dumps(calls)


def main() -> int:
    """Run both sides and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="splendor", choices=["splendor", "guild", "stars", "station"])
    ap.add_argument("--games", type=int, default=40, help="playouts profiled on each side (default 40)")
    ap.add_argument("--rounds", type=int, default=3, help="best of this many timings a snippet (default 3)")
    ap.add_argument("--n", type=int, default=1_000_000,
                    help="iterations a snippet, in 20 runs (default 1,000,000: runs of 50,000, so Pyodide's 0.1 ms "
                         "clock reads to 2 ns an iteration)")
    ap.add_argument("--top", type=int, default=20, help="functions listed (default 20)")
    ap.add_argument("--corridors", action="store_true", help="3: also time Station's corridor search unprofiled")
    args = ap.parse_args()

    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from serve import BackgroundServer

    from bench import build_site

    ns: dict = {}
    exec(OPS, ns)
    site = build_site()
    server = BackgroundServer(site, lifetime_s=1800)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context().new_page()
            page.goto(server.url + "bench/harness.html")
            page.evaluate("window.__engine.ready")
            worker = page.workers[0]
            worker.evaluate("(code) => { self.pyodide.runPython(code); }", OPS)

            def pyodide(expr: str):
                return json.loads(worker.evaluate(f"() => self.pyodide.runPython({json.dumps(expr)})"))

            cp_ops = ns["ops"](args.n, args.rounds)
            py_ops = pyodide(f"json.dumps(ops({args.n}, {args.rounds}))")
            cp_prof = ns["profile"](args.game, args.games)
            py_prof = pyodide(f"json.dumps(profile({args.game!r}, {args.games}))")
            if args.corridors:
                text = record_corridor_calls(args.games)
                exec(CORRIDORS, ns)
                worker.evaluate("(code) => { self.pyodide.runPython(code); }", CORRIDORS)
                worker.evaluate("(text) => { self.pyodide.globals.set('CORRIDOR_CALLS', text); }", text)
                cp_corr = ns["corridor_times"](text, args.rounds)
                py_corr = pyodide(f"json.dumps(corridor_times(CORRIDOR_CALLS, {args.rounds}))")
            browser.close()
    finally:
        server.stop()

    print(f"1. operations, ns each (fastest of {20 * args.rounds} runs of {args.n // 20:,}), "
          f"CPython {sys.version.split()[0]} / Pyodide in Chromium, sorted by ratio")
    for name in sorted(cp_ops, key=lambda k: py_ops[k] / cp_ops[k], reverse=True):
        print(f"   {name:36} {cp_ops[name]:8.1f} {py_ops[name]:8.1f}   {py_ops[name] / cp_ops[name]:5.2f}×")
    cp_total, py_total = sum(cp_prof.values()), sum(py_prof.values())
    print(f"\n2. {args.game}: {args.games} two-seat random playouts under cProfile, engine functions' own time: "
          f"CPython {cp_total:.2f} s, Pyodide {py_total:.2f} s ({py_total / cp_total:.2f}×); the top {args.top} "
          "by Pyodide time")
    print(f"   {'function':58} {'CPython s':>9} {'Pyodide s':>9} {'ratio':>6} {'share':>6}")
    for name in sorted(py_prof, key=lambda k: py_prof[k], reverse=True)[:args.top]:
        c = cp_prof.get(name, 0.0)
        ratio = f"{py_prof[name] / c:5.2f}×" if c else "   —"
        print(f"   {name[-58:]:58} {c:9.3f} {py_prof[name]:9.3f} {ratio:>6} {py_prof[name] / py_total:6.1%}")
    if args.corridors:
        print(f"\n3. Station's corridor search, the calls of {args.games} two-seat playouts timed unprofiled "
              f"(µs a call, fastest of {args.rounds} passes)")
        print(f"   {'function':20} {'calls':>6} {'CPython':>8} {'Pyodide':>8} {'ratio':>6}")
        for name, (c, count) in cp_corr.items():
            y = py_corr[name][0]
            print(f"   {name:20} {count:6} {c:8.2f} {y:8.2f} {y / c:5.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
