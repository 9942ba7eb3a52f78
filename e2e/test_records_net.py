"""A networked game's record at its end, over real WebRTC (issue 14; engine/table/final_record.py,
site/js/net/final-record.js): a host, a phone and a shared screen, each in its own browser context.

- A short Splendor game (two people and a computer) is played to its results, each person's move
  chosen by the greedy player from their own device's view. No take-back is offered at this
  table, on the host or on the phone, and the table refuses one sent as a message.
- Only after the last update does the record reach the phone and the screen; until then nothing
  private of the other seat reaches the phone (net_support.check_privacy).
- The phone keeps the game in its own History at once (names, result, dates); the screen keeps it
  when asked; the host keeps its own (from its saved room).
- On the phone, the link under the results opens the replay (index.html#history=<id>, the engine
  replays the record in Pyodide): seen as the public table or as any seat, the other seat's view
  at a chosen move is CPython's view of the same game at that move.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from net_support import (  # noqa: F401  (devices, net_config, peer_server: fixtures)
    BOOT_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    check_privacy,
    devices,
    greedy,
    host_table,
    join_seat,
    needs_webrtc,
    net_config,
    peer_server,
    wait_all,
    watch_with_code,
)
from playwright.sync_api import Page, expect

import engine

pytestmark = [needs_webrtc]

GAME, SEED = "splendor", 17


def history_entries(page: Page) -> list[dict[str, Any]]:
    """Every entry of this browser's History (IndexedDB "tabletop-history")."""
    entries: list[dict[str, Any]] = page.evaluate("""async () => {
      const db = await new Promise((ok, no) => { const r = indexedDB.open('tabletop-history', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('games', { keyPath: 'id' });
        r.onsuccess = () => ok(r.result); r.onerror = no; });
      return await new Promise((ok) => { const r = db.transaction('games').objectStore('games').getAll();
        r.onsuccess = () => ok(r.result); });
    }""")
    return entries


def no_takeback_offered(host_page: Page, phone_page: Page) -> None:
    """The take-back of local games is neither shown on the host nor present on a phone."""
    expect(host_page.get_by_test_id("takeback")).to_be_hidden()
    assert phone_page.get_by_test_id("takeback").count() == 0
    assert phone_page.get_by_text("Take back").count() == 0


@pytest.mark.long
@pytest.mark.timeout(600)
def test_a_finished_phone_table_is_kept_on_the_phone_and_replays_there(devices, base_url):  # noqa: F811
    host = host_table(devices.new("host"), base_url, GAME, ["human", "human", "greedy"], seed=SEED)
    hp = host.page
    ben = join_seat(devices.new("phone"), hp.get_by_test_id("join-link").get_attribute("href"), 1, "Ben")
    hp.get_by_test_id("viewing-code-btn").click()
    screen = watch_with_code(devices.new("screen"), base_url, hp.get_by_test_id("viewing-code").inner_text().strip())
    devs = [host, ben, screen]
    credentials = {0: host.net("credential"), 1: ben.net("credential")}
    looked = probed = 0

    while True:
        last = host.last()  # read once: the computer seat may end the game between two reads
        if last["over"]:
            break
        version = last["version"]
        wait_all(devs, version)
        (seat,) = last["view"]["to_act"]
        if seat == 2:  # the computer seat plays by itself after its pause
            wait_all(devs, version + 1)
            continue
        dev = host if seat == 0 else ben
        dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
        if version >= 2 and looked < 2:  # a person could move: still no take-back anywhere
            looked += 1
            no_takeback_offered(hp, ben.page)
        elif looked == 2 and not probed:  # a take-back sent as a table message is refused, nothing changes
            probed = 1
            ben.page.evaluate("""(c) => window.tabletopNet.sendRaw([JSON.stringify(
              {v: 1, type: "takeback", credential: c, ref: "tb"})])""", credentials[1])
            ben.page.wait_for_function("() => (window.tabletopNet.received || []).some((t) => t.includes('\"tb\"'))",
                                       timeout=STEP_TIMEOUT_MS)
            assert host.last()["version"] == version
        move = greedy(dev.last()["view"], dev.net("legalMoves"), version, seat)
        assert dev.play(move), f"the host refused {move} from seat {seat}"
        wait_all(devs, version + 1)
        assert not [t for t in ben.received() if json.loads(t)["type"] == "record"] or host.last()["over"]

    assert looked == 2 and probed
    final = host.last()["version"]
    wait_all(devs, final)
    for d in devs:
        expect(d.page.get_by_test_id("net-results")).to_be_visible()
    no_takeback_offered(hp, ben.page)

    # the phone got the record once, after the update that ended the game, and keeps it
    expect(ben.page.get_by_test_id("final-record-replay")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    got = [json.loads(t) for t in ben.received()]
    kinds = [m["type"] for m in got]
    assert kinds.count("record") == 1
    ended = next(i for i, m in enumerate(got) if m["type"] == "update" and m["over"])
    assert kinds.index("record") > ended, "the record reached the phone before the game was over"
    refusal = next(m for m in got if m["type"] == "refused" and m.get("ref") == "tb")
    assert refusal["code"] == "bad_message" and "takeback" in refusal["reason"]
    saved = hp.evaluate("() => window.tabletopNet.save()")["match"]
    check_privacy(saved, ben.received(), 1, credentials)

    (entry,) = history_entries(ben.page)
    record = entry["record"]
    assert entry["id"] == f"joined-{host.net('room')}-s1" and entry["over"] is True
    assert record["log"] == saved["log"] and record["seed"] == str(SEED) and record["mode"] == "joined"
    assert record["names"][1] == "Ben" and record["bots"][:2] == [None, None] and record["bots"][2]
    replayed = engine.replay(GAME, 3, saved["options"], SEED, saved["log"])
    assert record["result"] == json.loads(json.dumps(replayed.result()))
    assert record["started"] and record["finished"] and record["started"] <= record["finished"]

    # the screen keeps it only when asked; the host keeps its own from the saved room
    keep = screen.page.get_by_test_id("final-record-keep")
    expect(keep).to_be_visible()
    assert history_entries(screen.page) == []
    keep.click()
    expect(screen.page.get_by_test_id("final-record-replay")).to_be_visible()
    assert [e["record"]["log"] for e in history_entries(screen.page)] == [saved["log"]]
    for _ in range(100):  # the host's copy is written after its last save (net/host-save.js)
        hosted = [e for e in history_entries(hp) if e["mode"] == "hosted" and e["moves"] == final]
        if hosted:
            assert hosted[0]["record"]["bots"] == record["bots"], "the host's copy names the computer's level"
            break
        hp.wait_for_timeout(200)
    else:
        raise AssertionError(f"the host's History has no hosted game of {final} moves")

    # on the phone: the replay, opened by the engine in Pyodide, as any seat once the game is over
    bp = ben.page
    bp.get_by_test_id("final-record-replay").click()
    expect(bp.get_by_test_id("replay")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    bp.wait_for_function("window.tabletop && window.tabletop.replay && window.tabletop.replay.table"
                         " && !window.tabletop.replay.busy", timeout=BOOT_TIMEOUT_MS)
    assert bp.evaluate("window.tabletop.replay.opened.record.log") == saved["log"]
    options = bp.get_by_test_id("replay-seat").locator("option")
    expect(options).to_have_count(4)  # the public view and every seat
    at = final // 2
    bp.locator(f".replay-log button[data-at='{at}']").click()
    expect(bp.get_by_test_id("replay-at")).to_have_attribute("data-at", str(at))
    bp.get_by_test_id("replay-seat").select_option("0")  # the host's seat: not this phone's own
    bp.wait_for_function("() => window.tabletop.replay.view && window.tabletop.replay.view.seat === 0"
                         " && !window.tabletop.replay.busy", timeout=STEP_TIMEOUT_MS)
    then = engine.replay(GAME, 3, saved["options"], SEED, saved["log"][:at])
    assert bp.evaluate("window.tabletop.replay.view") == json.loads(json.dumps(then.view(0)))
    # and the phone's History lists it as a game at a phone table
    bp.get_by_test_id("replay-close").click()
    expect(bp.get_by_test_id("history-entry")).to_have_count(1)
    expect(bp.get_by_test_id("history-entry")).to_contain_text("at a phone table")
    assert bp.js_errors == [] and hp.js_errors == [] and screen.page.js_errors == []
