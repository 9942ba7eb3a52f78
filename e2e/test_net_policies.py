"""Table policies on a real networked table (issue 6), over real WebRTC between browser
contexts through a real PeerJS server (see net_support.py and docs/net.md):

- Splendor with two humans: the countdown on every device; a seat's time runs out and the
  bot's move appears on every device;
- Starlight Guild: a seat moves to a new browser context with a one-use transfer code; the
  old device's credential is refused, the used code too; an offline seat's turn waits and the
  host plays one step for it;
- the host page is reloaded mid-game: the table comes back paused on the host and the phone,
  resumes, and the game is played to its end with no move lost (the saved log before the
  reload is the start of the final one); no private data of another seat reached the phone;
  closing the table tells the phone and deletes the stored room.
"""

from __future__ import annotations

import json
import re

import pytest
from net_support import (  # noqa: F401  (devices, net_config, peer_server: fixtures)
    BOOT_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    check_privacy,
    click_move,
    devices,
    greedy,
    host_table,
    join_seat,
    needs_webrtc,
    net_config,
    peer_server,
    set_turn_seconds,
    wait_all,
    watch_with_code,
)
from playwright.sync_api import expect

pytestmark = [needs_webrtc]


def events_of(device, version: int) -> list[dict]:
    """the events of the update that brought `version` to this device"""
    for text in device.received():
        msg = json.loads(text)
        if msg.get("type") == "update" and msg["version"] == version and msg["events"]:
            return msg["events"]
    return []


@pytest.mark.timeout(240)
def test_splendor_timer_runs_out_and_the_bot_move_shows_everywhere(devices, base_url):
    host = host_table(devices.new("host"), base_url, "splendor", ["human", "human"], seed=3)
    hp = host.page
    ana = join_seat(devices.new("phone"), hp.get_by_test_id("join-link").get_attribute("href"), 1, "Ana")
    hp.get_by_test_id("viewing-code-btn").click()
    screen = watch_with_code(devices.new("screen"), base_url, hp.get_by_test_id("viewing-code").inner_text().strip())
    devs = [host, ana, screen]
    wait_all(devs, 0)
    # with two humans every action has 75 s, counted down on every device
    expect(hp.get_by_test_id("countdown")).to_contain_text("Your time")
    for d in (ana, screen):
        expect(d.page.get_by_test_id("countdown")).to_contain_text("Seat 1")
    left = float(hp.get_by_test_id("countdown").locator(".net-timer").get_attribute("data-left"))
    assert 60 < left <= 75
    move = greedy(host.last()["view"], host.net("legalMoves"), 0, 0)
    assert click_move(hp, move) or host.play(move)
    wait_all(devs, 1)
    expect(ana.page.get_by_test_id("countdown")).to_contain_text("Your time")
    for d in (host, screen):
        expect(d.page.get_by_test_id("countdown")).to_contain_text("Ana")

    # test-only: the host's next turn gets 4 s (Ana's running turn keeps its 75 s)
    set_turn_seconds(hp, "splendor", 4)
    ana.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
    move = greedy(ana.last()["view"], ana.net("legalMoves"), 1, 1)
    assert click_move(ana.page, move) or ana.play(move)
    wait_all(devs, 2)
    set_turn_seconds(hp, "splendor", 75)  # later turns: the seed's 75 s again
    for d in (ana, screen):
        timers = next(json.loads(t)["timers"] for t in d.received() if json.loads(t).get("version") == 2)
        assert list(timers) == ["0"] and 0 < timers["0"] <= 4, timers
    # the host does nothing: after 4 s a bot makes that one decision for its seat, on every device
    wait_all(devs, 3)
    for d in devs:
        evs = events_of(d, 3) if d is not host else [e for m in host.net("received") if m["type"] == "update"
                                                      and m["version"] == 3 for e in m["events"]]
        assert evs and evs[0] == {"type": "timeout", "seat": 0}, f"{d.name}: {evs[:2]}"
        expect(d.page.get_by_test_id("net-move-log")).to_contain_text("Seat 1 ran out of time")
    assert host.last()["view"]["to_act"] == [1]
    expect(ana.page.get_by_test_id("countdown")).to_contain_text("Your time")
    left = float(ana.page.get_by_test_id("countdown").locator(".net-timer").get_attribute("data-left"))
    assert left > 60, "the turn after the timeout has the full 75 s again"
    assert hp.js_errors == [] and ana.page.js_errors == [] and screen.page.js_errors == []


@pytest.mark.timeout(240)
def test_guild_transfer_code_and_a_step_for_an_offline_seat(devices, base_url):
    host = host_table(devices.new("host"), base_url, "guild", ["human", "human", "human"], seed=9)
    hp = host.page
    join_url = hp.get_by_test_id("join-link").get_attribute("href")
    ana = join_seat(devices.new("phone"), join_url, 1, "Ana")
    ben = join_seat(devices.new("phone"), join_url, 2, "Ben")
    old_credential = ana.net("credential")

    # on Ana's phone: a one-use transfer code, valid 10 minutes
    ana.page.get_by_test_id("device-menu").click()
    ana.page.get_by_test_id("make-transfer").click()
    shown = ana.page.get_by_test_id("transfer-code-shown")
    expect(shown).to_have_text(re.compile(r"^[A-Z2-9]{8}$"))
    code = shown.inner_text().strip()
    expect(ana.page.get_by_test_id("transfer-dialog")).to_contain_text("10:00")

    # a new browser context takes the seat with it
    new_page = devices.new("phone")
    new_page.goto(join_url + "&netlog=1")
    expect(new_page.get_by_test_id("lobby")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    new_page.get_by_text("Moving from another device?").click()
    new_page.get_by_test_id("transfer-code").fill(code.lower())
    new_page.get_by_test_id("transfer-submit").click()
    new_page.wait_for_function("() => window.tabletopNet.seat === 1 && window.tabletopNet.version !== null",
                               timeout=STEP_TIMEOUT_MS)
    ana2 = type(ana)(new_page, "Ana (new phone)", 1)
    assert ana2.net("credential") != old_credential
    # the old phone lost it
    expect(ana.page.get_by_test_id("device-status")).to_contain_text("moved to another device", timeout=STEP_TIMEOUT_MS)
    expect(ana.page.get_by_test_id("device-game")).to_be_hidden()
    # ... and its old credential is refused by the host: put it back and reload the old phone
    room = host.net("room")
    ana.page.evaluate("([room, cred]) => localStorage.setItem(`tabletop.seat.${room}`, "
                      "JSON.stringify({seat: 1, credential: cred}))",
                      [room, old_credential])
    ana.page.reload()
    expect(ana.page.get_by_test_id("lobby-error")).to_contain_text("no longer yours", timeout=STEP_TIMEOUT_MS)
    expect(ana.page.get_by_test_id("join-seat-1")).to_have_count(0)  # the seat is taken (by the new phone)
    # a used code is refused, and so is a wrong one
    ana.page.get_by_text("Moving from another device?").click()
    ana.page.get_by_test_id("transfer-code").fill(code)
    ana.page.get_by_test_id("transfer-submit").click()
    expect(ana.page.get_by_test_id("lobby-error")).to_contain_text("already used")
    ana.page.get_by_test_id("transfer-code").fill("ZZZZ2222")
    ana.page.get_by_test_id("transfer-submit").click()
    expect(ana.page.get_by_test_id("lobby-error")).to_contain_text("wrong")
    expect(hp.get_by_test_id("net-seat-1")).to_have_attribute("data-state", "online")

    # play: the host, then Ana on her new phone
    devs = [host, ana2, ben]
    for seat, dev in ((0, host), (1, ana2)):
        v = host.last()["version"]
        wait_all(devs, v)
        dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
        move = greedy(dev.last()["view"], dev.net("legalMoves"), v, seat)
        assert click_move(dev.page, move) or dev.play(move)
        wait_all(devs, v + 1)
    # Ben's turn, but Ben's phone is gone: the turn waits (no timer at the Guild's table) ...
    v = host.last()["version"]
    assert host.last()["view"]["to_act"] == [2]
    ben.page.context.close()
    expect(hp.get_by_test_id("net-seat-2")).to_have_attribute("data-state", "offline", timeout=STEP_TIMEOUT_MS)
    expect(hp.get_by_test_id("countdown")).to_be_hidden()
    hp.wait_for_timeout(1000)
    assert host.last()["version"] == v
    # ... until the host plays one step for him: a bot chooses that single move
    step = hp.get_by_test_id("step-2")
    expect(step).to_contain_text("Play one step for Ben")
    step.click()
    wait_all([host, ana2], v + 1)
    for d in (host, ana2):
        expect(d.page.get_by_test_id("net-move-log")).to_contain_text("The host had a computer play one step for Ben")
    expect(step).to_have_count(0)
    assert host.last()["view"]["to_act"] == [0]
    assert hp.js_errors == [] and ana2.page.js_errors == []


def watch_status(page) -> None:
    """record every text the phone's status line shows from now on (window.__statuses)"""
    page.evaluate("""() => { window.__statuses = []; const el = document.querySelector('[data-testid=device-status]');
      new MutationObserver(() => { const t = el.hidden ? '' : el.textContent;
        if (window.__statuses[window.__statuses.length - 1] !== t) window.__statuses.push(t); })
        .observe(el, {childList: true, characterData: true, subtree: true, attributes: true}); }""")


@pytest.mark.long
@pytest.mark.timeout(420)
def test_host_reload_comes_back_paused_and_the_game_ends_with_no_move_lost(devices, base_url):
    host = host_table(devices.new("host"), base_url, "splendor", ["human", "human", "greedy"], seed=21)
    hp = host.page
    ana = join_seat(devices.new("phone"), hp.get_by_test_id("join-link").get_attribute("href"), 1, "Ana")
    credentials = {0: host.net("credential"), 1: ana.net("credential")}
    room = host.net("room")
    devs = [host, ana]
    reloaded = False
    deck_reserve = False
    log_before = None
    while True:
        last = host.last()
        if last["over"]:
            break
        v = last["version"]
        wait_all(devs, v)
        seat = last["view"]["to_act"][0]
        if seat == 2:  # the computer seat plays by itself after its pause
            wait_all(devs, v + 1)
            continue
        dev = host if seat == 0 else ana
        dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
        moves = dev.net("legalMoves")
        move = greedy(dev.last()["view"], moves, v, seat)
        if seat == 1 and not deck_reserve and last["view"]["turn"]["phase"] == "action":
            from_deck = [m for m in moves if m["type"] == "reserve" and "tier" in m]
            if from_deck:  # a sentinel: a card hidden from every other seat
                move, deck_reserve = from_deck[0], True
        assert (v % 3 == 0 and click_move(dev.page, move)) or dev.play(move)
        wait_all(devs, v + 1)

        if v >= 12 and not reloaded and deck_reserve:
            # the host page goes away mid-game (stored after every accepted move) and comes back
            reloaded = True
            log_before = hp.evaluate("() => window.tabletopNet.save()")["match"]["log"]
            assert len(log_before) == v + 1
            shown = hp.locator("[data-testid=net-move-log] li:not(.meta)").all_inner_texts()
            assert len(shown) >= 12, shown
            watch_status(ana.page)
            # away for two seconds at least (a reload alone may come back within the first second
            # on a fast machine, before the phone's count shows one), then the same address again
            address = hp.url
            hp.goto("about:blank")
            hp.wait_for_timeout(2000)
            hp.goto(address)
            expect(hp.get_by_test_id("paused")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
            expect(hp.get_by_test_id("resume-game")).to_be_visible()
            assert host.net("room") == room and host.last()["version"] == v + 1
            # the host's move log is the one it showed before (kept in this tab), not a new one
            assert hp.locator("[data-testid=net-move-log] li:not(.meta)").all_inner_texts()[:len(shown)] == shown
            # the phone finds the host again by itself, gets its seat back and sees the pause
            ana.page.wait_for_function("() => window.tabletopNet.last && window.tabletopNet.last.paused === true",
                                       timeout=STEP_TIMEOUT_MS)
            expect(ana.page.get_by_test_id("paused")).to_contain_text("Paused until the host resumes")
            assert ana.net("seat") == 1 and ana.net("legalMoves") == []
            hp.wait_for_timeout(1500)  # nothing moves while paused, not even the computer seat
            assert host.last()["version"] == v + 1
            # as the phone saw it: the host reconnecting with the time waited, then the pause
            ana.page.wait_for_function(
                "() => window.__statuses.some((t) => t.startsWith('Paused until the host resumes'))",
                timeout=STEP_TIMEOUT_MS)
            seen = ana.page.evaluate("() => window.__statuses")
            waiting = [t for t in seen if re.fullmatch(r"The host is reconnecting… \(\d+ s\)", t)]
            assert waiting and max(int(re.findall(r"\d+", t)[0]) for t in waiting) >= 1, seen
            first_pause = next(i for i, t in enumerate(seen) if t.startswith("Paused"))
            assert seen.index(waiting[0]) < first_pause, seen
            hp.get_by_test_id("resume-game").click()
            expect(ana.page.get_by_test_id("device-status")).to_be_hidden(timeout=STEP_TIMEOUT_MS)
            for d in devs:
                d.page.wait_for_function("() => window.tabletopNet.last && window.tabletopNet.last.paused === false",
                                         timeout=STEP_TIMEOUT_MS)
                expect(d.page.get_by_test_id("paused")).to_be_hidden()
                expect(d.page.get_by_test_id("net-move-log")).to_contain_text("The host resumed the game")

    assert reloaded and deck_reserve
    final = host.last()["version"]
    wait_all(devs, final)
    for d in devs:
        expect(d.page.get_by_test_id("net-results")).to_be_visible()
    saved = hp.evaluate("() => window.tabletopNet.save()")["match"]
    assert saved["log"][: len(log_before)] == log_before, "a move made before the reload was lost"
    assert len(saved["log"]) == final
    import engine
    replayed = engine.replay("splendor", 3, saved["options"], 21, saved["log"])
    assert replayed.is_over() and replayed.result() == host.last()["view"]["result"]
    check_privacy(saved, ana.received(), 1, credentials)

    # the host closes the table: the phone is told, the stored room is deleted
    hp.get_by_test_id("close-table").click()
    expect(ana.page.get_by_test_id("device-status")).to_contain_text("closed", timeout=STEP_TIMEOUT_MS)
    hp.wait_for_function("""async () => {
      const db = await new Promise((ok, no) => { const r = indexedDB.open('tabletop-net', 1); r.onsuccess = () => ok(r.result); r.onerror = no; });
      const all = await new Promise((ok) => { const r = db.transaction('rooms').objectStore('rooms').getAll(); r.onsuccess = () => ok(r.result); });
      return all.length === 0;
    }""", timeout=STEP_TIMEOUT_MS)  # noqa: E501  (JavaScript kept as written)
    assert ana.page.evaluate("(room) => localStorage.getItem(`tabletop.seat.${room}`)", room) is None
    expect(hp.get_by_test_id("game-picker")).to_be_visible()
