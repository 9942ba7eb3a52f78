"""Every game at a phone table over real WebRTC (issue 19): a host, two phones and a shared screen,
each in its own browser context, through a real PeerJS server.

- Stars, a whole game: the stargazing phase placed from two phones at the same moment, stardust
  spent from a phone out of turn, the results with the players' names on every device;
- Station, a whole game, to its results on every device;
- Splendor, 30 moves: names chosen on the host's form and in a phone's lobby, a markup-looking
  name shown as text on every device (chips, log, countdown), a computer seat named by its level,
  renames (a phone's, the host's) seen everywhere, and a full table whose join link offers to
  watch with the viewing code;
- each: nothing private of another seat in any device's bytes (Station hands and deck, Stars drawn
  tiles and bags, Splendor reservations and deck order), checked against a CPython replay.
(Starlight Guild's whole game is e2e/test_net_table.py's.)

Moves are the engine's greedy bot's choice from what the device itself received, sent through the
page's own move path (window.tabletopNet.play, the `attempt` the renderer calls).
"""

from __future__ import annotations

import random

import pytest
from net_support import (  # noqa: F401  (devices, net_config, peer_server: fixtures)
    STEP_TIMEOUT_MS,
    Device,
    check_game_privacy,
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
from playwright.sync_api import expect

import engine

pytestmark = [needs_webrtc]


def table_of_three(devices, base_url, game, seed, seats=("human", "human", "human"), name="Ana", names=("Ben", "Cy")):
    host = host_table(devices.new("host"), base_url, game, list(seats), seed=seed, name=name)
    join_url = host.page.get_by_test_id("join-link").get_attribute("href")
    phones = [join_seat(devices.new("phone"), join_url, i + 1, n)
              for i, n in enumerate(names) if seats[i + 1] == "human"]
    host.page.get_by_test_id("viewing-code-btn").click()
    code = host.page.get_by_test_id("viewing-code").inner_text().strip()
    screen = watch_with_code(devices.new("screen"), base_url, code)
    return host, phones, screen, join_url, code


def phones_collapse_the_market(phones: list[Device], market_testid: str) -> None:
    """With the screen connected, each phone hides the public market (Stars' reward piles,
    Station's module market) by default; its toggle shows it again and hides it once more."""
    for p in phones:
        expect(p.page.get_by_test_id("net-table")).to_have_attribute("data-market", "collapsed")
        expect(p.page.get_by_test_id(market_testid)).to_be_hidden()
        expect(p.page.get_by_test_id("market-toggle")).to_be_visible()
    toggle = phones[0].page.get_by_test_id("market-toggle")
    toggle.click()
    expect(phones[0].page.get_by_test_id(market_testid)).to_be_visible()
    expect(phones[1].page.get_by_test_id(market_testid)).to_be_hidden()  # one phone's choice
    toggle.click()
    expect(phones[0].page.get_by_test_id(market_testid)).to_be_hidden()


def credentials_of(devs: list[Device]) -> dict[int, str]:
    return {d.seat: d.net("credential") for d in devs if d.seat is not None}


def ready(dev: Device, version: int) -> list[dict]:
    """the device has drawn `version` and shows its moves: those moves"""
    dev.wait_version(version)
    dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
    return dev.net("legalMoves")


def results_everywhere(devs: list[Device], names: dict[int, str]) -> str:
    host = devs[0]
    final = host.last()["version"]
    wait_all(devs, final)
    result = host.last()["view"]["result"]
    winners = [names[s] for s in result["winners"]]
    title = f"{winners[0]} wins!" if len(winners) == 1 else f"Shared victory: {' and '.join(winners)}"
    for d in devs:
        expect(d.page.get_by_test_id("net-results")).to_be_visible()
        expect(d.page.get_by_test_id("winner")).to_have_text(title)
        assert d.page.js_errors == [], f"{d.name}: {d.page.js_errors}"
    return title


@pytest.mark.long
@pytest.mark.timeout(600)
def test_stars_whole_game_simultaneous_placement_from_two_phones_and_stardust_out_of_turn(devices, base_url):
    seed = 3
    host, (ben, cy), screen, _, code = table_of_three(devices, base_url, "stars", seed)
    phones_collapse_the_market([ben, cy], "rewards")
    devs = [host, ben, cy, screen]
    by_seat = {0: host, 1: ben, 2: cy}
    credentials = credentials_of(devs)
    together = out_of_turn = 0
    rng = random.Random(5)
    while True:
        last = host.last()
        if last["over"]:
            break
        version = last["version"]
        view = last["view"]
        waiting = view["waiting_for"]
        # stardust from a phone whose turn it is not (the game does not wait on it)
        if out_of_turn < 2 and view["stardust_only"] and rng.random() < 0.5:
            seat = next((s for s in view["stardust_only"] if s in (1, 2)), None)
            if seat is not None:
                dev = by_seat[seat]
                moves = ready(dev, version)
                dust = [m for m in moves if m["type"] == "stardust"]
                if dust and seat not in dev.last()["view"]["waiting_for"]:
                    assert dev.play(dust[0]), f"the stardust of seat {seat} out of turn was refused"
                    out_of_turn += 1
                    host.wait_version(version + 1)
                    continue
        if 1 in waiting and 2 in waiting and together < 6:
            # both phones place at the same moment: sent before either is answered
            legal = {s: ready(by_seat[s], version) for s in (1, 2)}  # each view read once `version` is drawn
            moves = {s: greedy(by_seat[s].last()["view"], legal[s], version, s) for s in (1, 2)}
            for s in (1, 2):
                by_seat[s].page.evaluate("(m) => { window.__sent = window.tabletopNet.play(m); }", moves[s])
            for s in (1, 2):
                assert by_seat[s].page.evaluate("() => window.__sent"), f"seat {s}'s move at the same time was refused"
            together += 1
            host.wait_version(version + 2)
            continue
        seat = waiting[0]
        dev = by_seat[seat]
        legal = ready(dev, version)  # first: the view read after the device has drawn `version`
        move = greedy(dev.last()["view"], legal, version, seat)
        assert dev.play(move), f"the host refused {move} from seat {seat}"
        host.wait_version(version + 1)

    assert together >= 3 and out_of_turn >= 1, (together, out_of_turn)
    results_everywhere(devs, {0: "Ana", 1: "Ben", 2: "Cy"})
    snapshot = host.page.evaluate("() => window.tabletopNet.save()")["match"]
    replay = engine.replay("stars", 3, snapshot["options"], seed, snapshot["log"])
    assert replay.is_over() and replay.result() == host.last()["view"]["result"]
    for d in (ben, cy, screen):
        counts = check_game_privacy(snapshot, d.received(), d.seat, credentials)
        assert counts["updates"] >= len(snapshot["log"]) and counts["nodes"] > 0
    expect(screen.page.get_by_test_id("net-table")).to_have_attribute("data-seat", "public")
    # the long updates went packed to every device (docs/net.md "Small updates"), each well
    # under 8 KB on the link, and arrived whole (the privacy checks above read them unpacked)
    packed = host.page.evaluate("() => window.tabletopNet.packed")
    used = [p for p in packed.values() if p["sent"]]
    assert len(used) >= 3 and all(p["sent"] > 10 and p["wire"] < p["chars"] / 3 for p in used), packed
    # the screen's main board and the seat's board it shows, patched piece by piece all game long
    # (their sections: main-board.js, board.js), are what a screen opened now draws afresh
    fresh = watch_with_code(devices.new("screen"), base_url, code)
    fresh.wait_version(host.last()["version"])
    html = "(el) => el.innerHTML.replace(/\\s+/g, ' ')"
    for part, inside in (("main-board", "forage"), ("my-area", "hexboard")):
        drawn = screen.page.get_by_test_id(part).evaluate(html)
        assert drawn == fresh.page.get_by_test_id(part).evaluate(html) and inside in drawn, part


def station_screen_uses_its_width(screen: Device) -> None:
    """On the wide shared screen, Station's table fills the page beside the move log: the seats
    sit to the right of the market, and no column is left empty beside them."""
    def box(selector: str) -> dict:
        found = screen.page.locator(selector).first.bounding_box()
        assert found is not None, f"{selector} is not on the screen"
        return found
    table, cols, market, seats = box("[data-testid=net-table]"), box(".sn-cols"), box(".sn-market"), box(".sn-seats")
    assert seats["x"] >= market["x"] + market["width"], (market, seats)
    assert seats["y"] < market["y"] + market["height"], (market, seats)
    assert cols["x"] + cols["width"] >= table["x"] + table["width"] - 2, (table, cols)
    assert seats["x"] + seats["width"] >= table["x"] + table["width"] - 2, (table, seats)


@pytest.mark.long
@pytest.mark.timeout(600)
def test_station_whole_game_on_every_device_and_hands_stay_private(devices, base_url):
    seed = 4
    host, (ben, cy), screen, _, _ = table_of_three(devices, base_url, "station", seed)
    phones_collapse_the_market([ben, cy], "market")
    station_screen_uses_its_width(screen)
    devs = [host, ben, cy, screen]
    by_seat = {0: host, 1: ben, 2: cy}
    credentials = credentials_of(devs)
    while True:
        last = host.last()
        if last["over"]:
            break
        version = last["version"]
        seat = last["view"]["to_act"][0]
        dev = by_seat[seat]
        legal = ready(dev, version)  # first: the view read after the device has drawn `version`
        move = greedy(dev.last()["view"], legal, version, seat)
        assert dev.play(move), f"the host refused {move} from seat {seat}"
        host.wait_version(version + 1)
    results_everywhere(devs, {0: "Ana", 1: "Ben", 2: "Cy"})
    snapshot = host.page.evaluate("() => window.tabletopNet.save()")["match"]
    replay = engine.replay("station", 3, snapshot["options"], seed, snapshot["log"])
    assert replay.is_over() and replay.result() == host.last()["view"]["result"]
    for d in (ben, cy, screen):
        counts = check_game_privacy(snapshot, d.received(), d.seat, credentials)
        assert counts["updates"] >= len(snapshot["log"]) and counts["ids"] > 0
    for d in devs:
        expect(d.page.get_by_test_id("net-table").locator("svg").first).to_be_visible()


MARKUP = "<b>Ben</b><img src=x>"


@pytest.mark.long
@pytest.mark.timeout(420)
def test_splendor_names_shown_as_text_everywhere_and_a_full_table_offers_to_watch(devices, base_url):
    seed = 2
    # the host and two phones (issue 19's table), and a computer seat named by its level
    host, (ben, cy), screen, join_url, code = table_of_three(
        devices, base_url, "splendor", seed, seats=("human", "human", "human", "normal"), name="Ana",
        names=(MARKUP, "Cy"))
    devs = [host, ben, cy, screen]
    names = {0: "Ana", 1: MARKUP, 2: "Cy", 3: "Computer (normal)"}
    for d in devs:
        for seat, name in names.items():
            chip = d.page.get_by_test_id(f"net-seat-{seat}")
            expect(chip).to_contain_text(name)
        assert d.page.locator("[data-testid=net-seats] b, [data-testid=net-seats] img").count() == 0
    expect(ben.page.get_by_test_id("device-title")).to_contain_text(MARKUP)

    # a friend with the join link finds the table full and watches it with the viewing code
    late = devices.new("phone")
    late.goto(join_url + "&netlog=1")
    expect(late.get_by_test_id("lobby-full")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(late.get_by_test_id("lobby")).to_contain_text("this table is full")
    assert late.locator("[data-testid^=join-seat-]").count() == 0
    late.get_by_test_id("lobby-watch-code").fill(code)
    late.get_by_test_id("lobby-watch-submit").click()
    late.wait_for_function("() => window.tabletopNet.last && window.tabletopNet.last.seat === null",
                           timeout=STEP_TIMEOUT_MS)
    watcher = Device(late, "watcher", None)
    expect(late.get_by_test_id("net-seat-1")).to_contain_text(MARKUP)
    devs.append(watcher)

    by_seat = {0: host, 1: ben, 2: cy}
    credentials = credentials_of(devs)
    deck_reserve = countdown_seen = False
    for _ in range(200):
        last = host.last()
        version = last["version"]
        if version >= 30 or last["over"]:
            break
        seat = last["view"]["to_act"][0]
        if seat == 3:  # the computer seat plays by itself after its pause
            host.wait_version(version + 1)
            continue
        dev = by_seat[seat]
        moves = ready(dev, version)
        move = greedy(dev.last()["view"], moves, version, seat)
        from_deck = [m for m in moves if m["type"] == "reserve" and "tier" in m]
        if seat == 1 and from_deck and not deck_reserve and last["view"]["turn"]["phase"] == "action":
            move, deck_reserve = from_deck[0], True  # a sentinel: hidden from every other seat
        if seat == 1 and not countdown_seen:
            # the countdown of Ben's turn names him as text on the others, "Your time" on his phone
            expect(host.page.get_by_test_id("countdown")).to_contain_text(MARKUP)
            expect(ben.page.get_by_test_id("countdown")).to_contain_text("Your time")
            countdown_seen = True
        assert dev.play(move), f"the host refused {move} from seat {seat}"
        host.wait_version(version + 1)
    assert host.last()["version"] >= 30 and deck_reserve and countdown_seen
    wait_all(devs, host.last()["version"])
    for d in devs:
        log = d.page.get_by_test_id("net-move-log")
        expect(log).to_contain_text(MARKUP)
        expect(log).to_contain_text("Computer (normal)")
        assert d.page.locator("[data-testid=net-move-log] img, [data-testid=net-table] img[src=x]").count() == 0
        assert d.page.js_errors == [], f"{d.name}: {d.page.js_errors}"

    # Ben changes his name (Menu → Change my name): every device shows the new one
    ben.page.get_by_test_id("device-menu").click()
    ben.page.get_by_test_id("rename-input").fill("Benedict")
    ben.page.get_by_test_id("rename-submit").click()
    for d in devs:
        expect(d.page.get_by_test_id("net-seat-1")).to_contain_text("Benedict", timeout=STEP_TIMEOUT_MS)
    assert ben.page.evaluate("() => localStorage.getItem('tabletop.name')") == "Benedict"
    # and the host renames its own seat on its page
    expect(host.page.get_by_test_id("host-name")).to_have_value("Ana")
    host.page.get_by_test_id("host-name").fill("Ana\tMaria")
    host.page.get_by_test_id("host-rename").click()
    for d in devs:
        expect(d.page.get_by_test_id("net-seat-0")).to_contain_text("Ana Maria", timeout=STEP_TIMEOUT_MS)

    snapshot = host.page.evaluate("() => window.tabletopNet.save()")
    assert [s["name"] for s in snapshot["seats"]] == ["Ana Maria", "Benedict", "Cy", "Computer (normal)"]
    for d in (ben, cy, screen, watcher):
        check_privacy(snapshot["match"], d.received(), d.seat, credentials)
