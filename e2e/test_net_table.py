"""Phone tables over real WebRTC (issue 5): a host page (its worker holds the only state),
phones and a shared screen, each in its own browser context, through a real PeerJS server.

- a whole game of Starlight Guild across a host and two phones, watched by a screen, with a
  phone refreshed mid-game (it reclaims its seat), ending with the same result everywhere;
- every message each phone and the screen received over the whole game holds no private
  data of another seat (face-down deck cards, another seat's reservations and pouch by
  colour, another seat's credential), checked against a CPython replay of the game;
- the screen shows the public view; phones collapse the market while a screen is connected,
  each phone's own choice persists across a reload; a dropped screen and a dropped phone
  show notices on the host and the other devices.

Moves are chosen by the engine's greedy bot from what the device itself received; some are
tapped in the page, the rest sent through the page's own move path (window.tabletopNet.play,
the same `attempt` the renderer calls).
"""

from __future__ import annotations

import pytest
from net_support import (  # noqa: F401  (devices, net_config, peer_server: fixtures)
    STEP_TIMEOUT_MS,
    Device,
    click_move,
    devices,
    greedy,
    guild_game_ended_alike,
    host_table,
    join_seat,
    needs_webrtc,
    net_config,
    peer_server,
    play_guild_to_the_end,
    wait_all,
    watch_with_code,
)
from playwright.sync_api import expect

pytestmark = [needs_webrtc]

GUILD_SEED = 5


def move_lines(page) -> list[str]:
    """The move log's lines of moves (not the table's notices)."""
    return page.locator("[data-testid=net-move-log] li:not(.meta)").all_inner_texts()


@pytest.mark.long
@pytest.mark.timeout(600)
def test_whole_game_across_devices(devices, base_url):
    host = host_table(devices.new("host"), base_url, "guild", ["human", "human", "human"], seed=GUILD_SEED)
    hp = host.page
    join_url = hp.get_by_test_id("join-link").get_attribute("href")
    assert "table.html?join=" in join_url
    expect(hp.get_by_test_id("join-qr").locator("svg")).to_be_visible()

    ana = join_seat(devices.new("phone"), join_url, 1, "Ana")
    ben = join_seat(devices.new("phone"), join_url, 2, "Ben")
    expect(hp.get_by_test_id("net-seat-1")).to_have_attribute("data-state", "online")
    expect(hp.get_by_test_id("net-seat-2")).to_contain_text("Ben")

    hp.get_by_test_id("viewing-code-btn").click()
    code = hp.get_by_test_id("viewing-code").inner_text().strip()
    screen = watch_with_code(devices.new("screen"), base_url, code)
    expect(hp.get_by_test_id("net-screen")).to_be_visible()

    devs = [host, ana, ben, screen]
    by_seat = {0: host, 1: ana, 2: ben}
    credentials = {0: host.net("credential"), 1: ana.net("credential"), 2: ben.net("credential")}

    def refresh_ben(version: int) -> None:
        # a phone refresh mid-game: the same link in the same browser reclaims the seat
        before = ben.net("credential")
        shown = move_lines(ben.page)
        assert len(shown) >= 20, shown
        ben.keep_received()
        ben.page.reload()
        ben.page.wait_for_function(
            f"() => window.tabletopNet.seat === 2 && window.tabletopNet.version === {version}", timeout=STEP_TIMEOUT_MS)
        assert ben.net("credential") == before
        # the move log is the one the phone showed before the refresh (kept in this tab), not a new one
        assert move_lines(ben.page)[:len(shown)] == shown
        expect(ben.page.get_by_test_id("lobby")).to_be_hidden()
        expect(hp.get_by_test_id("net-seat-2")).to_have_attribute("data-state", "online")
        ben.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)

    played = play_guild_to_the_end(host, by_seat, devs, refresh_ben)
    assert played["refreshed"] and played["tapped"] >= 10 and played["sent"] >= 10
    assert played["reserved"] == {0, 1, 2}
    guild_game_ended_alike(host, devs, [ana, ben, screen], credentials, GUILD_SEED)
    # the screen got the public view only, drawn large, with no action panel
    expect(screen.page.get_by_test_id("action-panel")).to_be_hidden()
    assert screen.page.evaluate("document.documentElement.classList.contains('net-screen-mode')")


@pytest.mark.timeout(300)
def test_screen_market_collapse_and_notices(devices, base_url):
    host = host_table(devices.new("host"), base_url, "splendor", ["human", "human", "human", "greedy"], seed=11)
    hp = host.page
    join_url = hp.get_by_test_id("join-link").get_attribute("href")
    ana = join_seat(devices.new("phone"), join_url, 1, "Ana")
    ben = join_seat(devices.new("phone"), join_url, 2, "Ben")

    # no screen yet: phones show the market, no toggle
    for p in (ana, ben):
        expect(p.page.get_by_test_id("net-table")).to_have_attribute("data-market", "expanded")
        expect(p.page.get_by_test_id("market-toggle")).to_be_hidden()
        expect(p.page.locator(".board")).to_be_visible()

    # a shared screen with the code from the host's menu; the room link plus the code works too
    hp.get_by_test_id("viewing-code-btn").click()
    code = hp.get_by_test_id("viewing-code").inner_text().strip()
    screen_page = devices.new("screen")
    watch_url = hp.get_by_test_id("watch-link").get_attribute("href")
    screen_page.goto(watch_url + "&netlog=1")
    screen_page.get_by_test_id("watch-room-code").fill("WRONG1")
    screen_page.get_by_test_id("watch-room-submit").click()
    expect(screen_page.get_by_test_id("watch-error")).to_contain_text("not valid")
    screen_page.get_by_test_id("watch-room-code").fill(code.lower())
    screen_page.get_by_test_id("watch-room-submit").click()
    screen_page.wait_for_function(
        "() => window.tabletopNet.last && window.tabletopNet.last.seat === null", timeout=STEP_TIMEOUT_MS)
    screen = Device(screen_page, "screen", None)
    pub = screen.last()
    assert pub["legal_moves"] == [] and pub["view"]["seat"] is None
    expect(screen_page.get_by_test_id("seat-0")).to_be_visible()
    expect(screen_page.get_by_test_id("net-table")).to_have_attribute("data-viewer", "public")

    # phones collapse the public market by default while the screen is connected
    for p in (ana, ben):
        expect(p.page.get_by_test_id("net-table")).to_have_attribute("data-market", "collapsed")
        expect(p.page.locator(".board")).to_be_hidden()
        expect(p.page.get_by_test_id("market-toggle")).to_be_visible()
        expect(p.page.get_by_test_id("bank")).to_be_visible()  # the player's own controls stay
    for who in (hp, ana.page, ben.page):
        expect(who.get_by_test_id("net-notices")).to_contain_text("shared screen")

    # Ana expands it; her choice stays after a reload (which also gives her seat back); Ben's does not change
    ana.page.get_by_test_id("market-toggle").click()
    expect(ana.page.get_by_test_id("net-table")).to_have_attribute("data-market", "expanded")
    expect(ana.page.locator(".board")).to_be_visible()
    ana.keep_received()
    ana.page.reload()
    ana.page.wait_for_function("() => window.tabletopNet.seat === 1 && window.tabletopNet.version !== null",
                               timeout=STEP_TIMEOUT_MS)
    expect(ana.page.get_by_test_id("net-table")).to_have_attribute("data-market", "expanded")
    expect(ben.page.get_by_test_id("net-table")).to_have_attribute("data-market", "collapsed")
    ana.page.get_by_test_id("market-toggle").click()
    expect(ana.page.get_by_test_id("net-table")).to_have_attribute("data-market", "collapsed")
    # a kept move log that cannot be read is dropped, and the phone says so (and plays on)
    kept = f"tabletop.log.{host.net('room')}.s1"
    ana.page.evaluate("(k) => sessionStorage.setItem(k, '[0, [{\"type\": \"acquire\"}]]\\nnot json')", kept)
    ana.page.reload()
    expect(ana.page.get_by_test_id("net-move-log")).to_contain_text("could not be read back", timeout=STEP_TIMEOUT_MS)
    assert ana.page.evaluate("(k) => sessionStorage.getItem(k)", kept) is None
    ana.page.wait_for_function("() => window.tabletopNet.seat === 1 && window.tabletopNet.version !== null",
                               timeout=STEP_TIMEOUT_MS)
    expect(ana.page.get_by_test_id("net-table")).to_have_attribute("data-market", "collapsed")

    # a move shows on every device, the screen included; the countdown runs everywhere (2+ humans)
    wait_all([host, ana, ben, screen], 0)
    move = greedy(host.last()["view"], host.net("legalMoves"), 0, 0)
    assert click_move(hp, move) or host.play(move)
    wait_all([host, ana, ben, screen], 1)
    for d in (host, ben, screen):
        expect(d.page.get_by_test_id("countdown")).to_contain_text("Ana")
    expect(ana.page.get_by_test_id("countdown")).to_contain_text("Your time")

    # the screen drops: the host and both phones are told; phones show the market again
    screen_page.context.close()
    for who in (hp, ana.page, ben.page):
        expect(who.locator("[data-testid=net-notice][data-kind=screen_lost]")).to_contain_text(
            "shared screen disconnected", timeout=STEP_TIMEOUT_MS)
    for p in (ana, ben):
        expect(p.page.get_by_test_id("net-table")).to_have_attribute("data-market", "expanded")
        expect(p.page.get_by_test_id("market-toggle")).to_be_hidden()

    # a phone goes silent (out of range, no goodbye): after the heartbeat's silence the host
    # drops it and tells the others; the phone notices and comes back by itself, with its seat
    ana.net("goSilent()")
    # the notice is sticky until Ana is back, which may already be so by the time a second page
    # is looked at on a loaded machine: the move log keeps the line for good
    for who in (hp, ben.page):
        expect(who.get_by_test_id("net-move-log")).to_contain_text("Ana disconnected", timeout=STEP_TIMEOUT_MS)
    expect(hp.get_by_test_id("net-seat-1")).to_have_attribute("data-state", "online", timeout=STEP_TIMEOUT_MS)
    ana.page.wait_for_function("() => window.tabletopNet.connected && window.tabletopNet.seat === 1",
                               timeout=STEP_TIMEOUT_MS)
    expect(hp.locator("[data-testid=net-notice][data-kind=seat_lost]")).to_have_count(0)

    # a phone drops: the host and the other phone are told, its seat shows offline
    ben.page.context.close()
    for who in (hp, ana.page):
        expect(who.locator("[data-testid=net-notice][data-kind=seat_lost]")).to_contain_text(
            "Ben disconnected", timeout=STEP_TIMEOUT_MS)
        expect(who.get_by_test_id("net-seat-2")).to_have_attribute("data-state", "offline")
    assert hp.js_errors == [] and ana.page.js_errors == []


STATION_SEED = 4


@pytest.mark.timeout(420)
def test_station_at_a_phone_table(devices, base_url):
    """Every game the engine offers has its table at a phone table: the registry
    (site/js/games/registry.js) feeds the local and the networked UI alike (issue 19: Station
    was missing, and the host page was cleared to "this site has no table for the game
    station"). A Station table with a host, two phones and a screen plays 30 moves, each shown
    on every device in the station's own drawing."""
    import engine

    host = host_table(devices.new("host"), base_url, "station", ["human", "human", "human"], seed=STATION_SEED)
    hp = host.page
    drawn = hp.evaluate("async () => Object.keys((await import('./js/games/registry.js')).GAME_UI).sort()")
    assert drawn == sorted(engine.GAMES), "a game the engine offers has no table on the site"
    join_url = hp.get_by_test_id("join-link").get_attribute("href")
    ana = join_seat(devices.new("phone"), join_url, 1, "Ana")
    ben = join_seat(devices.new("phone"), join_url, 2, "Ben")
    hp.get_by_test_id("viewing-code-btn").click()
    code = hp.get_by_test_id("viewing-code").inner_text().strip()
    screen = watch_with_code(devices.new("screen"), base_url, code)
    devs = [host, ana, ben, screen]
    by_seat = {0: host, 1: ana, 2: ben}
    for version in range(30):
        last = host.last()
        assert not last["over"]
        wait_all(devs, version)
        seat = last["view"]["to_act"][0]
        dev = by_seat[seat]
        dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
        move = greedy(dev.last()["view"], dev.net("legalMoves"), version, seat)
        assert dev.play(move), f"the host refused {move} from seat {seat}"
    wait_all(devs, 30)
    for d in devs:
        table = d.page.get_by_test_id("net-table")
        expect(table).to_have_attribute("data-version", "30")
        expect(table.locator("svg").first).to_be_visible()
        assert d.page.evaluate("document.documentElement.dataset.game") == "station"
        expect(d.page.get_by_test_id("net-move-log").locator("li")).not_to_have_count(0)
        assert d.page.js_errors == [], f"{d.name}: {d.page.js_errors}"
    expect(screen.page.get_by_test_id("net-table")).to_have_attribute("data-seat", "public")
    assert hp.locator("text=this site has no table").count() == 0
