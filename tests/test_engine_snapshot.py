"""When a worker boots from the engine's memory snapshot, and how it falls back
(workers/engine-snapshot.js, run under node; docs/worker.md "The memory snapshot").

The restore itself, in Chromium on real Pyodide, is e2e/test_boot.py's."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DRIVER = Path(__file__).with_name("snapshot_driver.mjs")
MODULE = ROOT / "workers" / "engine-snapshot.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def run(cases: list[dict]) -> list[dict]:
    done = subprocess.run(["timeout", "60", NODE, str(DRIVER), str(MODULE)], input=json.dumps(cases),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def worth(connection: dict | None, cached: bool = False, decompression: bool = True) -> bool:
    return run([{"connection": connection, "cached": cached, "decompression": decompression}])[0]["worth"]


def test_the_snapshot_is_used_unless_the_user_saves_data():
    assert worth(None) is True
    # the link's estimate is not asked: Chromium guesses 1.45 Mbit/s before any traffic
    assert worth({"downlink": 1.45, "effectiveType": "4g", "saveData": False}) is True


def test_saving_data_boots_the_plain_way():
    assert worth({"downlink": 10, "saveData": True}) is False


def test_a_snapshot_already_in_the_cache_is_used_whatever_the_link():
    assert worth({"downlink": 1.2, "saveData": True}, cached=True) is True


def test_a_browser_that_cannot_gunzip_boots_the_plain_way():
    assert worth(None, cached=True, decompression=False) is False


def test_a_restore_that_fails_falls_back_to_a_plain_boot_and_says_why():
    failed, = run([{"restore": "throws"}])
    assert failed["restored"] is False
    assert failed["fallback"] == "the engine snapshot was not used: wasm memory does not match"
    # tried with the snapshot, then again without it
    assert failed["calls"] == [["_loadSnapshot", "indexURL"], ["indexURL"]]


def test_a_restored_boot_seeds_random_again_and_no_snapshot_is_a_plain_boot():
    ok, none = run([{"restore": "ok"}, {"restore": "none"}])
    assert ok["restored"] is True and ok["fallback"] is None
    assert ok["calls"][0] == ["_loadSnapshot", "indexURL"]
    assert "_r.seed()" in ok["calls"][1]
    assert none == {"restored": False, "fallback": None, "calls": [["indexURL"]]}
