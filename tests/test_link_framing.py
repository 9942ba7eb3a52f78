"""The phone table's link framing and limits (site/js/net/framing.js), run under node with
hostile frames: every bad frame is refused with a reason and stores nothing, the limits
hold (frames per message, partial messages per link, characters, depth, rate), stale
partial messages expire, and good messages still arrive whole (docs/net.md).

The module is copied to a temporary .mjs (the site's package has no "type": "module") and
driven by tests/framing_driver.mjs in one bounded `node` process per test.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
FRAMING = ROOT / "site" / "js" / "net" / "framing.js"
DRIVER = Path(__file__).with_name("framing_driver.mjs")
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

FRAME = 15000
MAX_MESSAGE = 64 * 1024


def run(steps: list[dict[str, Any]], tmp_path: Path, limits: str = "DEVICE") -> list[dict[str, Any]]:
    """Each step through one Inbox; the results, one per step."""
    module = tmp_path / "framing.mjs"
    shutil.copyfile(FRAMING, module)
    assert NODE is not None
    done = subprocess.run([NODE, str(DRIVER), str(module)], input=json.dumps({"limits": limits, "steps": steps}),
                          capture_output=True, text=True, timeout=60, check=True)
    out = json.loads(done.stdout)
    results: list[dict[str, Any]] = out["results"]
    slowest = max((r["ms"] for r in results), default=0.0)
    print(f"{len(results)} pushes, slowest {slowest:.2f} ms, maxFrames {out['maxFrames']}")
    return results


def frames(text: str, fid: str = "a", size: int = FRAME) -> list[str]:
    n = -(-len(text) // size)
    return [f"\u0001{fid}/{k}/{n}/{text[k * size:(k + 1) * size]}" for k in range(n)]


def big_message(chars: int, tag: str = "x") -> str:
    """a JSON object text of exactly `chars` characters"""
    head = '{"v":1,"type":"move","pad":"'
    tail = '"}'
    return head + tag * (chars - len(head) - len(tail)) + tail


# ----------------------------------------------------------------------------- good messages

def test_a_framed_message_is_joined_whole_in_any_order(tmp_path: Path) -> None:
    text = big_message(40000)
    parts = frames(text)
    assert len(parts) == 3
    r = run([{"push": parts[2]}, {"push": parts[0]}, {"push": parts[1]}], tmp_path)
    assert [x.get("pending") for x in r[:2]] == [True, True]
    assert r[2]["text"] == text
    assert r[2]["message"]["pad"] == "x" * (40000 - 30)
    assert r[2]["partials"] == 0 and r[2]["chars"] == 0


def test_two_messages_in_pieces_at_once_each_arrive_whole(tmp_path: Path) -> None:
    a, b = big_message(31000, "a"), big_message(20000, "b")
    fa, fb = frames(a, "a1"), frames(b, "b2")
    steps = [{"push": f} for pair in zip(fa, fb, strict=False) for f in pair] + [{"push": f} for f in fa[len(fb):]]
    r = run(steps, tmp_path)
    texts = [x["text"] for x in r if "text" in x]
    assert sorted(texts) == sorted([a, b])


def test_a_message_of_exactly_the_size_cap_arrives(tmp_path: Path) -> None:
    text = big_message(MAX_MESSAGE)
    r = run([{"push": text}] + [{"push": f} for f in frames(text, "z")], tmp_path)
    assert r[0]["text"] == text
    assert r[-1]["text"] == text


def test_the_host_accepts_large_updates_from_its_host_side_limits(tmp_path: Path) -> None:
    text = big_message(300_000)
    r = run([{"push": f} for f in frames(text)], tmp_path, limits="HOST")
    assert r[-1]["text"] == text


# ----------------------------------------------------------------------------- hostile frames

def test_the_freezing_frame_is_refused_at_once_and_stores_nothing(tmp_path: Path) -> None:
    r = run([{"push": "\u00011/100000000/100000001/x"}, {"push": "\u00012/99999999/100000000/x"},
             {"push": "\u00013/4294967295/4294967296/x"}], tmp_path)
    for x in r:
        assert "limit is 5" in x["refused"] or "not a whole number" in x["refused"]
        assert x["partials"] == 0 and x["chars"] == 0


BAD_FRAMES = [
    ("\u0001a/5/5/x", "frame 5 of a message of 5"),
    ("\u0001a/0/1/x", "of 1 frames"),
    ("\u0001a/0/0/x", "of 0 frames"),
    ("\u0001a/-1/3/x", "not a whole number"),
    ("\u0001a/1e3/3/x", "not a whole number"),
    ("\u0001a/0x1/3/x", "not a whole number"),
    ("\u0001a/ 1/3/x", "not a whole number"),
    ("\u0001a/01/3/x", "not a whole number"),
    ("\u0001a/1.5/3/x", "not a whole number"),
    ("\u0001a/NaN/3/x", "not a whole number"),
    ("\u0001a/1/Infinity/x", "not a whole number"),
    ("\u0001a/1", "without its id/k/n header"),
    ("\u0001" + "a" * 50 + "/0/2/x", "without its id/k/n header"),
    ("\u0001__proto__/0/2/x", "bad id"),
    ("\u0001/0/2/x", "bad id"),
    ("\u0001a/0/2/" + "y" * (FRAME + 1), "a frame of 15001 characters"),
]


def test_a_bad_frame_is_refused_with_its_reason(tmp_path: Path) -> None:
    r = run([{"push": frame} for frame, _ in BAD_FRAMES], tmp_path)
    for (frame, why), got in zip(BAD_FRAMES, r, strict=True):
        assert why in got["refused"], (frame[:40], got)
        assert got["partials"] == 0


def test_a_bad_frame_drops_the_partial_message_it_belonged_to(tmp_path: Path) -> None:
    r = run([{"push": "\u0001a/0/3/xx"}, {"push": "\u0001a/0/3/yy"},        # twice
             {"push": "\u0001b/0/3/xx"}, {"push": "\u0001b/1/4/yy"},        # n disagrees
             {"push": "\u0001c/0/3/xx"}, {"push": "\u0001c/7/3/yy"}], tmp_path)
    assert r[0]["pending"] and r[0]["partials"] == 1
    assert "arrived twice" in r[1]["refused"] and r[1]["partials"] == 0
    assert "disagree" in r[3]["refused"] and r[3]["partials"] == 0
    assert "frame 7 of a message of 3" in r[5]["refused"] and r[5]["partials"] == 0 and r[5]["chars"] == 0


def test_a_huge_message_is_refused_framed_or_not(tmp_path: Path) -> None:
    r = run([
        {"big": {"head": '{"v":1,"pad":"', "fill": "x", "count": 10_000_000, "tail": '"}'}},
        {"push": big_message(MAX_MESSAGE + 1)},
        # five full frames: 75,000 characters, over the 64 KB cap at the fifth
        *({"push": f"\u0001h/{k}/5/" + "x" * FRAME} for k in range(5)),
    ], tmp_path)
    assert "10000016 characters" in r[0]["refused"] and r[0]["code"] == "too_large"
    assert "65537 characters" in r[1]["refused"]
    assert all(x.get("pending") for x in r[2:6])
    assert "longer than 65536" in r[6]["refused"] and r[6]["partials"] == 0 and r[6]["chars"] == 0


def test_partial_messages_per_link_are_bounded_and_expire(tmp_path: Path) -> None:
    starts = [{"push": f"\u0001p{i}/0/2/xx", "at": 1000} for i in range(5)]
    r = run(starts + [{"expire": 5000}, {"expire": 11001},
                      {"push": "\u0001q/0/2/xx", "at": 11002}, {"push": "\u0001p0/1/2/yy", "at": 11003}], tmp_path)
    assert [x.get("pending") for x in r[:4]] == [True] * 4
    assert "more than 4 messages in pieces" in r[4]["refused"]
    assert r[5]["expired"] == 0 and r[5]["partials"] == 4
    assert r[6]["expired"] == 4 and r[6]["partials"] == 0 and r[6]["chars"] == 0
    assert r[7]["pending"]
    assert r[8]["pending"], "the second half of an expired message starts a new partial, never joins stale parts"


def test_characters_held_in_pieces_are_bounded_per_link(tmp_path: Path) -> None:
    # four messages of 5 frames each, 15,000 characters a frame: 128 KB in pieces at most
    steps = [{"push": f"\u0001m{i}/{k}/5/" + "x" * FRAME} for k in range(3) for i in range(4)]
    r = run(steps, tmp_path)
    held = [x["chars"] for x in r]
    assert max(held) <= 128 * 1024
    refused = [x for x in r if "refused" in x]
    assert refused and "in pieces at once" in refused[0]["refused"]


# ----------------------------------------------------------------------------- JSON and rate

def test_deep_nesting_is_refused_before_json_parse_and_strings_do_not_count(tmp_path: Path) -> None:
    deep = "[" * 30000 + "]" * 30000
    brackets_in_a_string = json.dumps({"type": "x", "s": "[" * 1000 + '\\"' + "{" * 1000})
    r = run([{"push": deep}, {"push": '{"a":' * 65 + "1" + "}" * 65}, {"push": '{"a":' * 63 + "1" + "}" * 63},
             {"push": brackets_in_a_string}], tmp_path)
    assert "nested deeper than 64" in r[0]["refused"] and r[0]["code"] == "bad_json"
    assert "nested deeper than 64" in r[1]["refused"]
    assert "message" in r[2]
    assert r[3]["message"]["s"].startswith("[[[")


NOT_OBJECTS = [
    ("not json", "not JSON"), ("[1,2]", "not a JSON object"), ("null", "not a JSON object"),
    ('"a string"', "not a JSON object"), ('{"a":NaN}', "not JSON"), ("", "not JSON"),
]


def test_what_is_not_a_json_object_is_refused(tmp_path: Path) -> None:
    r = run([{"push": text} for text, _ in NOT_OBJECTS], tmp_path)
    assert [x["refused"] for x in r] == [why for _, why in NOT_OBJECTS]


def test_lone_surrogates_pass_the_link_for_the_engine_to_judge(tmp_path: Path) -> None:
    r = run([{"push": '{"type":"join","name":"\\udfff"}'}, {"push": '{"type":"join","name":"\udfff"}'}], tmp_path)
    assert r[0]["message"]["name"] == "\udfff"
    assert r[1]["message"]["name"] == "\udfff"


def test_a_flood_is_cut_to_the_rate_and_the_link_recovers(tmp_path: Path) -> None:
    flood = [{"push": '{"v":1,"type":"refresh"}', "at": 1000} for _ in range(200)]
    later = [{"push": '{"v":1,"type":"refresh"}', "at": 2000 + i} for i in range(25)]
    r = run(flood + later, tmp_path)
    passed = sum("message" in x for x in r[:200])
    assert passed == 60, "the burst, then nothing"
    assert all(x["code"] == "rate_limited" for x in r[60:200])
    # one second later: 20 more tokens
    assert sum("message" in x for x in r[200:]) == 20


# ----------------------------------------------------------------------------- packed texts

def test_a_packed_text_is_handed_to_the_link_only_by_a_page_that_reads_them(tmp_path: Path) -> None:
    # a phone or a screen (HOST limits: packed) gets the base64 to unpack, framed or not; the
    # host (DEVICE limits) never takes one: a device's messages are short JSON
    body = "A" * 20000
    text = "\u0002" + body
    host_side = run([{"push": text}, *[{"push": f} for f in frames(text, "p")]], tmp_path, limits="HOST")
    assert host_side[0]["packed"] == body and "message" not in host_side[0]
    assert host_side[1].get("pending") and host_side[2]["packed"] == body
    device_side = run([{"push": "\u0002" + "A" * 100}], tmp_path)
    assert device_side[0]["code"] == "bad_json" and "packed" not in device_side[0]
