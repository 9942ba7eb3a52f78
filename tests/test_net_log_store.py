"""A device's move log kept for a refresh (site/js/net/log-store.js), run under node with a
sessionStorage of its own: what is kept reads back as it was, a resend is not kept twice, a new
game starts afresh, at most `KEEP` versions stay, and every malformed kept text is dropped with a
reason and gives no lines (docs/net.md "A phone": the move log after a refresh)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from node_driver import NODE, run_driver

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "site" / "js" / "net" / "log-store.js"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

DRIVER = r"""
import { readFileSync } from "node:fs";
const store = new Map();
let broken = false;
globalThis.window = {
  get sessionStorage() {
    if (broken) throw new Error("private mode");
    return {
      getItem: (k) => (store.has(k) ? store.get(k) : null),
      setItem: (k, v) => { store.set(k, String(v)); },
      removeItem: (k) => { store.delete(k); },
    };
  },
  // the idle moment comes at once: the write then runs in the module's own WRITE_AFTER_MS timer,
  // which was set before the driver's longer wait below and so always runs before it (a second
  // timer for the idle moment could come after that wait on a loaded machine)
  requestIdleCallback: (fn) => fn(),
};
const { keepLog, readLog, flushLogs, KEEP, WRITE_AFTER_MS } = await import("./log-store.mjs");
const idle = () => new Promise((r) => setTimeout(r, WRITE_AFTER_MS + 5));
const plain = (read) => ({ batches: read.batches.map((b) => [b[0], b[1]]), problem: read.problem });
const out = [];
for (const step of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  if (step.raw !== undefined) store.set("tabletop.log." + step.key, step.raw);
  if (step.broken !== undefined) broken = step.broken;
  if (step.keep) {
    const kept = readLog(step.key).batches;
    for (const [v, events] of step.keep) keepLog(step.key, kept, v, events);
    if (step.flush) flushLogs();  // the page goes away before the idle moment
    else await idle();
  }
  const read = plain(readLog(step.key));
  out.push({ ...read, stored: store.has("tabletop.log." + step.key), KEEP });
}
console.log(JSON.stringify(out));
"""


def run(steps: list[dict[str, Any]], tmp_path: Path) -> list[dict[str, Any]]:
    shutil.copyfile(MODULE, tmp_path / "log-store.mjs")
    result: list[dict[str, Any]] = run_driver(tmp_path, DRIVER, steps)
    return result


EV = [{"type": "acquire", "seat": 0, "credits": ["c1"]}]


def test_nothing_kept_reads_as_an_empty_log(tmp_path: Path) -> None:
    (r,) = run([{"key": "room.s1"}], tmp_path)
    assert r == {"batches": [], "problem": None, "stored": False, "KEEP": 400}


def test_a_page_going_away_writes_what_waited_for_an_idle_moment(tmp_path: Path) -> None:
    # the host's reload right after an update must find that update's lines (pagehide → flushLogs)
    r = run([{"key": "t.host", "keep": [[1, EV], [2, EV]], "flush": True}], tmp_path)
    assert r[0]["batches"] == [[1, EV], [2, EV]] and r[0]["stored"]


def test_kept_updates_read_back_in_order_and_a_resend_is_not_kept_twice(tmp_path: Path) -> None:
    r = run([{"key": "t.s1", "keep": [[1, EV], [2, [{"type": "round", "round": 2}]], [2, EV], [3, []], [4, EV]]},
             {"key": "t.s2"}], tmp_path)
    assert r[0]["batches"] == [[1, EV], [2, [{"type": "round", "round": 2}]], [4, EV]]
    assert r[0]["problem"] is None
    assert r[1]["batches"] == []  # another seat's key holds nothing of this one's


def test_an_earlier_version_is_a_new_game_and_starts_the_kept_log_afresh(tmp_path: Path) -> None:
    r = run([{"key": "t.host", "keep": [[5, EV], [6, EV]]}, {"key": "t.host", "keep": [[1, EV]]}], tmp_path)
    assert [b[0] for b in r[0]["batches"]] == [5, 6]
    assert [b[0] for b in r[1]["batches"]] == [1]


def test_at_most_keep_versions_stay_the_latest(tmp_path: Path) -> None:
    (r,) = run([{"key": "t.screen", "keep": [[v, EV] for v in range(1, 451)]}], tmp_path)
    assert len(r["batches"]) == r["KEEP"] == 400
    assert r["batches"][0][0] == 51 and r["batches"][-1][0] == 450


MALFORMED = [
    "not json",
    json.dumps([1, EV]) + "\nnot json",
    json.dumps([1]),
    json.dumps({"v": 1, "events": EV}),
    json.dumps([-1, EV]),
    json.dumps([1.5, EV]),
    json.dumps(["1", EV]),
    json.dumps([1, "events"]),
    json.dumps([1, [1, 2]]),
    json.dumps([1, [[]]]),
    json.dumps([1, [{"seat": 0}]]),
    json.dumps([1, [{"type": 3}]]),
    json.dumps([1, EV, "extra"]),
    json.dumps([3, EV]) + "\n" + json.dumps([2, EV]),
    json.dumps([3, EV]) + "\n" + json.dumps([3, EV]),
]


@pytest.mark.parametrize("text", MALFORMED)
def test_a_malformed_kept_log_is_dropped_with_a_reason(text: str, tmp_path: Path) -> None:
    (r,) = run([{"key": "t.s1", "raw": text}], tmp_path)
    assert r["batches"] == []
    assert r["problem"] == "the moves shown before this page was reloaded could not be read back"
    assert r["stored"] is False  # dropped, so the next refresh starts clean


def test_a_storage_that_refuses_keeps_nothing_and_breaks_nothing(tmp_path: Path) -> None:
    (r,) = run([{"key": "t.s1", "broken": True, "keep": [[1, EV]]}], tmp_path)
    assert r["batches"] == [] and r["problem"] is None and r["stored"] is False
