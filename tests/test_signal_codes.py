"""The codes of a table with no server (site/js/net/codes.js, docs/net.md "Joining with codes"),
run under node: an offer or answer of Chromium's is trimmed to what a data channel needs and
packed into a short text; the text decodes to the same fields, and the SDP rebuilt from them
holds the same ICE credentials, fingerprint, role and candidates. A code cut short, altered,
not a table code at all, or whose fields are broken is refused with a reason; nothing throws.

The module is copied to a temporary .mjs (the site's package has no "type": "module") and
driven by tests/codes_driver.mjs in one bounded `node` process per test.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODES = ROOT / "site" / "js" / "net" / "codes.js"
DRIVER = Path(__file__).with_name("codes_driver.mjs")
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

FINGERPRINT = "36:89:EC:91:BD:55:12:90:FC:6E:27:72:2E:7B:73:12:2E:7E:E1:BF:4B:3B:9D:CD:34:2E:23:25:F6:43:E1:2F"
# Chromium 156's offer for one data channel (from e2e, in the tests' network namespace), with an
# mDNS candidate, an IPv6 one, a server-reflexive one and a TCP one added as phones have them
OFFER = "\r\n".join([
    "v=0", "o=- 8449169913383766585 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
    "a=msid-semantic: WMS", "m=application 50168 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 198.51.100.1",
    "a=candidate:4123605444 1 udp 2113937151 198.51.100.1 50168 typ host generation 0 network-cost 999",
    "a=candidate:1 1 udp 2113939711 2f1d3c4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.local 54012 typ host generation 0",
    "a=candidate:2 1 udp 2113939711 fd00::1:2 54013 typ host generation 0",
    "a=candidate:3 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0 generation 0",
    "a=candidate:4 1 tcp 1518280447 198.51.100.1 9 typ host tcptype active generation 0",
    "a=candidate:5 2 udp 2113937150 198.51.100.1 50169 typ host generation 0",
    "a=ice-ufrag:EQdd", "a=ice-pwd:XDm9MOBjQNxevdz+G4GfOCl2", "a=ice-options:trickle",
    f"a=fingerprint:sha-256 {FINGERPRINT}", "a=setup:actpass", "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144", "",
])


def run(steps: list[dict[str, Any]], tmp_path: Path) -> list[dict[str, Any]]:
    module = tmp_path / "codes.mjs"
    shutil.copyfile(CODES, module)
    assert NODE is not None
    done = subprocess.run([NODE, str(DRIVER), str(module)], input=json.dumps(steps),
                          capture_output=True, text=True, timeout=60, check=True)
    results: list[dict[str, Any]] = json.loads(done.stdout)
    return results


def ok(result: dict[str, Any]) -> Any:
    assert "ok" in result, result
    return result["ok"]


def an_offer(tmp_path: Path, **extra: Any) -> tuple[dict[str, Any], str]:
    fields = ok(run([{"compact": OFFER}], tmp_path)[0])
    code = {"kind": "phone", "room": "abcdefghjk", "exchange": 3735928559, **fields, **extra}
    return code, ok(run([{"encode": code}], tmp_path)[0])


def test_an_offer_keeps_the_credentials_the_fingerprint_the_role_and_the_udp_candidates(tmp_path: Path) -> None:
    fields = ok(run([{"compact": OFFER}], tmp_path)[0])
    assert fields["ufrag"] == "EQdd" and fields["pwd"] == "XDm9MOBjQNxevdz+G4GfOCl2"
    assert fields["setup"] == "actpass" and fields["mid"] == "0"
    assert fields["fingerprint"] == [int(h, 16) for h in FINGERPRINT.split(":")]
    assert fields["candidates"] == [
        {"type": "host", "address": "198.51.100.1", "port": 50168},
        {"type": "host", "address": "2f1d3c4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.local", "port": 54012},
        {"type": "host", "address": "fd00::1:2", "port": 54013},
        {"type": "srflx", "address": "203.0.113.7", "port": 61000},
    ]  # no TCP candidate, no second component


def test_a_code_decodes_to_the_same_fields_and_stays_short(tmp_path: Path) -> None:
    code, text = an_offer(tmp_path)
    assert text.startswith("TT1") and text.isalnum() and text == text.upper()
    got = ok(run([{"decode": text}], tmp_path)[0])["code"]
    assert got["kind"] == "phone" and got["room"] == "abcdefghjk" and got["exchange"] == 3735928559
    assert got["candidates"][2]["address"] == "fd00:0:0:0:0:0:1:2"  # the same address, written out
    for key in ("ufrag", "pwd", "fingerprint", "setup", "mid"):
        assert got[key] == code[key]
    print(f"an offer with 4 candidates: {len(text)} characters ({len(OFFER)} in the SDP)")
    assert len(text) <= 300


def test_a_pasted_code_may_have_spaces_line_breaks_and_small_letters(tmp_path: Path) -> None:
    _, text = an_offer(tmp_path)
    messy = "  " + "\n".join(text[i:i + 40] for i in range(0, len(text), 40)).lower() + " \n"
    assert ok(run([{"decode": messy}], tmp_path)[0])["code"]["room"] == "abcdefghjk"


def test_the_rebuilt_sdp_holds_what_the_browser_needs(tmp_path: Path) -> None:
    _, text = an_offer(tmp_path)
    got = ok(run([{"decode": text}], tmp_path)[0])["code"]
    steps = [{"expand": got, "type": "offer"}, {"expand": {**got, "setup": "active"}, "type": "answer"}]
    offer, answer = (ok(r) for r in run(steps, tmp_path))
    for sdp in (offer, answer):
        lines = sdp.split("\r\n")
        assert "m=application 50168 UDP/DTLS/SCTP webrtc-datachannel" in lines
        assert "a=ice-ufrag:EQdd" in lines and "a=ice-pwd:XDm9MOBjQNxevdz+G4GfOCl2" in lines
        assert f"a=fingerprint:sha-256 {FINGERPRINT}" in lines
        assert "a=mid:0" in lines and "a=sctp-port:5000" in lines
        assert sum(line.startswith("a=candidate:") for line in lines) == 4
        assert any(" 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0" in line for line in lines)
    assert "a=setup:actpass" in offer and "a=setup:active" in answer


def test_a_screens_code_carries_the_viewing_code_and_an_answer_carries_the_exchange(tmp_path: Path) -> None:
    _, screen = an_offer(tmp_path, kind="screen", viewing="K7Q2XZ")
    fields = ok(run([{"compact": OFFER.replace("a=setup:actpass", "a=setup:active")}], tmp_path)[0])
    answer = ok(run([{"encode": {"kind": "answer", "room": "abcdefghjk", "exchange": 7, **fields}}], tmp_path)[0])
    got_screen, got_answer = (ok(r)["code"] for r in run([{"decode": screen}, {"decode": answer}], tmp_path))
    assert got_screen["kind"] == "screen" and got_screen["viewing"] == "K7Q2XZ"
    assert got_answer["kind"] == "answer" and got_answer["exchange"] == 7 and got_answer["setup"] == "active"
    assert got_answer["viewing"] is None


@pytest.mark.parametrize(("cut", "reason"), [(10, "incomplete"), (60, "incomplete"), (120, "incomplete")])
def test_a_code_cut_short_is_refused(tmp_path: Path, cut: int, reason: str) -> None:
    _, text = an_offer(tmp_path)
    result = ok(run([{"decode": text[:cut]}], tmp_path)[0])
    assert "code" not in result and reason in result["error"]


def test_every_single_altered_character_is_refused(tmp_path: Path) -> None:
    _, text = an_offer(tmp_path)
    steps = []
    for i in range(3, len(text)):
        other = "B" if text[i] != "B" else "C"
        steps.append({"decode": text[:i] + other + text[i + 1:]})
    results = [ok(r) for r in run(steps, tmp_path)]
    assert all("code" not in r and r["error"] for r in results)
    assert sum("changed" in r["error"] for r in results) >= len(results) - 1  # the last character's spare bits aside


@pytest.mark.parametrize(("text", "reason"), [
    ("", "No code"),
    ("hello", "not a table code"),
    ("https://example.org/table.html?join=abc", "not a table code"),
    ("TT1abc!def", "characters a table code never has"),
    ("TT1" + "A" * 200, "changed"),
    ("TT1" + "A" * 100_000, "far too long"),
])
def test_what_is_not_a_code_is_refused_with_a_reason(tmp_path: Path, text: str, reason: str) -> None:
    result = ok(run([{"decode": text}], tmp_path)[0])
    assert "code" not in result and reason in result["error"]


def test_a_code_with_a_valid_check_but_broken_fields_is_refused(tmp_path: Path) -> None:
    code, _ = an_offer(tmp_path)
    bad = [
        {**code, "candidates": []},                  # no address to reach
        {**code, "kind": "screen", "viewing": ""},  # a screen with no viewing code
        {**code, "setup": "active"},                 # an offer must let the other side choose
        {**code, "room": "a!"},                      # not a room id
    ]
    texts = [ok(r) for r in run([{"encode": c} for c in bad], tmp_path)]
    results = [ok(r) for r in run([{"decode": t} for t in texts], tmp_path)]
    for r in results:
        assert "code" not in r and r["error"].startswith("This code is damaged"), r


def test_a_description_without_credentials_or_fingerprint_cannot_be_packed(tmp_path: Path) -> None:
    no_pwd = "\r\n".join(line for line in OFFER.split("\r\n") if not line.startswith("a=ice-pwd"))
    no_fp = OFFER.replace("sha-256", "sha-1")
    results = run([{"compact": no_pwd}, {"compact": no_fp}], tmp_path)
    assert "ICE credentials" in results[0]["error"] and "fingerprint" in results[1]["error"]
