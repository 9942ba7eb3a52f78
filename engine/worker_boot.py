"""What the table's worker asks of Python once the engine is imported (workers/engine-worker.js
under any name but "bots", and workers/shared-engine-worker.js; the bot worker does not ask it,
docs/worker.md): nothing a game or a test in CPython needs."""

from __future__ import annotations

import gc


def freeze_boot_objects() -> int:
    """Moves every object the garbage collector tracks now — the standard library's and the
    engine's modules, functions and tables, restored from the snapshot or made by the imports —
    to its permanent generation (`gc.freeze`), and returns how many there are.

    They live as long as the worker, so walking them again finds nothing, yet each collection of
    the oldest generation did: at a phone table the host's slowest room updates were those
    collections (Stars, `bench/bench.py --only r` in Chromium: 10–26 ms against 5.6–5.9 ms frozen,
    the median unchanged; docs/performance.md). Objects made later are collected as before.
    """
    gc.freeze()
    return gc.get_freeze_count()
