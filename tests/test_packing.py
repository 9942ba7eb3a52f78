"""A packed text on a phone table's link (site/js/net/packing.js, docs/net.md "Small updates") is
unpacked in the task it arrives in, and what a broken or hostile host could send is refused with a
reason: not base64, not deflate-raw, cut short, not UTF-8, or a small text that unpacks past the
page's limit (stopped there, never unpacked whole)."""

import base64
import json
import zlib
from pathlib import Path

import pytest
from node_driver import NODE, run_driver
from packing_modules import stage_packing

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

DRIVER = """
import { pack, unpack } from './js/net/packing.js';
import { readFileSync } from 'node:fs';
const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = [];
for (const c of cases) {
  if (c.pack !== undefined) {
    const p = pack(c.pack);
    out.push({ packed: p, back: unpack(p.slice(1), c.max) });
    continue;
  }
  try { out.push({ text: unpack(c.base64, c.max) }); } catch (err) { out.push({ error: err.message }); }
}
console.log(JSON.stringify(out));
"""


def deflate_raw(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def run(tmp_path: Path, cases: list[dict]) -> list[dict]:
    stage_packing(tmp_path)
    result: list[dict] = run_driver(tmp_path, DRIVER, cases, timeout=60)
    return result


def test_a_packed_text_unpacks_to_itself_and_python_reads_it_too(tmp_path):
    text = json.dumps({"type": "update", "log": ["Ana takes ◆◆◆ — «x»"] * 200})
    (got,) = run(tmp_path, [{"pack": text, "max": 1_000_000}])
    assert got["back"] == text
    assert got["packed"][0] == "\u0002" and len(got["packed"]) < len(text) / 5
    assert zlib.decompress(base64.b64decode(got["packed"][1:]), -15).decode() == text


def test_what_does_not_unpack_is_refused_with_its_reason(tmp_path):
    good = deflate_raw(b'{"v":1,"type":"update"}')
    cases = [
        {"base64": "not base64!", "max": 1000},
        {"base64": b64(b"plain bytes, never deflated"), "max": 1000},
        {"base64": "", "max": 1000},
        {"base64": b64(good[: len(good) // 2]), "max": 1000},       # cut short
        {"base64": b64(deflate_raw(b"\xff\xfe\x80 not UTF-8")), "max": 1000},
        {"base64": b64(good), "max": 1000},
    ]
    got = run(tmp_path, cases)
    assert [g.get("error") for g in got] == [
        "not base64", "not deflate-raw", "not deflate-raw", "not deflate-raw", "not UTF-8", None]
    assert got[-1]["text"] == '{"v":1,"type":"update"}'


def test_a_small_text_that_unpacks_past_the_limit_is_stopped(tmp_path):
    bomb = deflate_raw(b" " * 50_000_000)      # 50 MB of spaces in ≈ 49 KB
    assert len(bomb) < 60_000
    just = deflate_raw(b" " * 3000)
    got = run(tmp_path, [{"base64": b64(bomb), "max": 1_000_000}, {"base64": b64(just), "max": 1000},
                         {"base64": b64(just), "max": 999}])
    assert got[0]["error"] == "it unpacks to more than 1000000 characters"
    assert got[1]["error"] == "it unpacks to more than 1000 characters"  # counted in characters at the end
    assert got[2]["error"] == "it unpacks to more than 999 characters"
