"""A table with no server at all (issue 15): the host, two phones and a shared screen joined by
exchanging codes as text, as a person pastes them (docs/net.md "Joining with codes"). No PeerJS
server runs for these tests, and each page's config.json names a signalling port where nothing
listens: any use of a server would fail. Real Chromium, real WebRTC, each device in its own
browser context.

- a whole game of Starlight Guild: host + two phones + a screen, each joined by one exchange of
  codes (the screen's code carries the viewing code); a phone refreshed mid-game re-joins by a
  new exchange and reclaims its seat with its stored credential; every seat reserves a workshop
  once (sentinels), and nothing private of another seat reaches any phone or the screen;
- stale, foreign, truncated and altered codes are refused with a reason, on the host and on a
  phone, and nothing changes at the table; then a transfer code moves a seat to a phone joined
  by codes;
- the QR code the host shows reads back (jsQR, the site's own copy) as the code's text, and a
  phone scans it with its camera (Chromium's fake camera playing a video of that QR code);
- the host reloads: the table comes back paused, a phone re-joins with a new code, the host
  resumes and play goes on;
- every device offline: the host and a phone, each with the site cached by its service worker
  from one earlier visit, the site's server stopped, join by codes and play.
The codes' sizes are printed (characters, QR modules).
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
from pathlib import Path

import pytest
from net_support import (
    BOOT_TIMEOUT_MS,
    PHONE,
    STEP_TIMEOUT_MS,
    Device,
    DeviceFactory,
    click_move,
    greedy,
    guild_game_ended_alike,
    host_table,
    needs_webrtc,
    play_guild_to_the_end,
    sit_down,
    wait_all,
    wait_codes_host,
)
from playwright.sync_api import BrowserContext, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import test_a11y as a11y  # its axe and 44 px checks; a module import, so its tests are not collected twice
import test_offline as offline  # is_down, wait_cached
from serve import BackgroundServer

pytestmark = [needs_webrtc]

GUILD_SEED = 5
# a signalling server that is not there: nothing listens on the discard port of loopback
DEAD_CONFIG = json.dumps({
    "signalling": {"host": "127.0.0.1", "port": 9, "path": "/peerjs", "secure": False, "key": "peerjs"},
    "iceServers": [], "idPrefix": "e2e-codes-",
})


@pytest.fixture
def devices(browser, base_url):
    """Browser contexts, one per device, with no signalling server (net_support.DeviceFactory):
    every request a page makes is kept (page.requests) to show that none goes to a server."""
    factory = DeviceFactory(browser, DEAD_CONFIG, base_url)
    yield factory
    factory.close()


def host_codes_table(page: Page, base_url: str, game: str, seats: list[str], seed: int) -> Device:
    """From the picker: a hosted table whose phones join with codes (no server)."""
    return host_table(page, base_url, game, seats, seed, joining="codes")


def host_offer(host: Page, kind: str = "phone") -> str:
    """the host's Add a phone / Add a shared screen: the code shown as text"""
    host.get_by_test_id("add-screen" if kind == "screen" else "add-phone").click()
    box = host.get_by_test_id("code-offer-text")
    host.wait_for_function("() => /^TT1/.test(document.querySelector('[data-testid=code-offer-text]').value)",
                           timeout=STEP_TIMEOUT_MS)
    expect(host.get_by_test_id("code-qr").locator("svg")).to_be_visible()
    return box.input_value()


def device_answer(page: Page, offer: str) -> str:
    """a phone or a screen pastes the host's code; its answer, as text"""
    expect(page.get_by_test_id("codes-entry")).to_be_visible(timeout=STEP_TIMEOUT_MS)  # device.js has booted
    page.get_by_test_id("codes-offer").fill(offer)
    page.get_by_test_id("codes-submit").click()
    page.wait_for_function("() => /^TT1/.test(document.querySelector('[data-testid=codes-answer-text]').value)",
                           timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("codes-answer-qr").locator("svg")).to_be_visible()
    return page.get_by_test_id("codes-answer-text").input_value()


def host_takes(host: Page, answer: str) -> None:
    host.get_by_test_id("answer-text").fill(answer)
    host.get_by_test_id("answer-submit").click()


def exchange(host: Page, page: Page, kind: str = "phone") -> tuple[str, str]:
    """one exchange of codes, as a person copies them across; returns (offer, answer)"""
    offer = host_offer(host, kind)
    answer = device_answer(page, offer)
    host_takes(host, answer)
    try:
        page.wait_for_function("() => window.tabletopNet.connected", timeout=STEP_TIMEOUT_MS)
    except Exception as err:  # say what each side showed
        said = {t: host.get_by_test_id(t).inner_text() for t in ("answer-error", "codes-status")}
        said["device"] = page.get_by_test_id("codes-error").inner_text()
        said["device status"] = page.get_by_test_id("device-status").inner_text()
        raise AssertionError(f"the exchange did not connect: {said}") from err
    expect(page.get_by_test_id("codes-entry")).to_be_hidden()
    expect(host.get_by_test_id("answer-error")).to_have_text("")
    return offer, answer


def join_with_code(host: Page, page: Page, base_url: str, seat: int, name: str) -> tuple[Device, str, str]:
    page.goto(base_url + "table.html?codes&netlog=1")
    expect(page.get_by_test_id("codes-entry")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    offer, answer = exchange(host, page)
    return sit_down(page, seat, name), offer, answer


def no_server_was_asked(devs: list[Device], base_url: str) -> None:
    for d in devs:
        urls = d.page.requests  # type: ignore[attr-defined]
        assert all(u.startswith(base_url) or u.startswith(("data:", "blob:")) for u in urls), \
            f"{d.name} asked another origin: {[u for u in urls if not u.startswith(base_url)][:3]}"
        assert not any("peerjs" in u for u in urls), f"{d.name} loaded PeerJS or asked its server"


def reads_back(page: Page, testid: str) -> str:
    """the QR code shown under `testid`, drawn into a canvas and read by the site's jsQR"""
    return page.evaluate(
        """async (testid) => {
          const scan = await import('./js/net/scan.js');
          const jsQR = await scan.loadJsQR();
          const svg = document.querySelector(`[data-testid=${testid}] svg`);
          const img = new Image();
          const text = new XMLSerializer().serializeToString(svg);
          img.src = 'data:image/svg+xml;base64,' + btoa(text);
          await img.decode();
          const size = 600;
          const c = document.createElement('canvas');
          c.width = c.height = size;
          const ctx = c.getContext('2d');
          ctx.fillStyle = '#fff';
          ctx.fillRect(0, 0, size, size);
          ctx.drawImage(img, 0, 0, size, size);
          const hit = jsQR(ctx.getImageData(0, 0, size, size).data, size, size);
          return hit ? hit.data : null;
        }""",
        testid,
    )


@pytest.mark.long
@pytest.mark.timeout(600)
def test_a_whole_game_with_no_server_host_two_phones_and_a_screen(devices, base_url):
    host = host_codes_table(devices.new("host"), base_url, "guild", ["human", "human", "human"], seed=GUILD_SEED)
    hp = host.page
    expect(hp.get_by_test_id("codes-page")).to_have_attribute("href", base_url + "table.html?codes")
    assert reads_back(hp, "codes-page-qr") == base_url + "table.html?codes"  # the page's QR code too

    ana, offer_a, answer_a = join_with_code(hp, devices.new("phone"), base_url, 1, "Ana")
    ben_page = devices.new("phone")
    ben_page.goto(base_url + "table.html?codes&netlog=1")
    offer_b = host_offer(hp)
    assert reads_back(hp, "code-qr") == offer_b, "the host's QR code does not read back as its code"
    answer_b = device_answer(ben_page, offer_b)
    assert reads_back(ben_page, "codes-answer-qr") == answer_b, "the phone's QR code does not read back as its answer"
    host_takes(hp, answer_b)
    ben_page.wait_for_function("() => window.tabletopNet.connected", timeout=STEP_TIMEOUT_MS)
    ben = sit_down(ben_page, 2, "Ben")
    expect(hp.get_by_test_id("net-seat-1")).to_have_attribute("data-state", "online")
    expect(hp.get_by_test_id("net-seat-2")).to_contain_text("Ben")

    # the shared screen: its code carries the viewing code, so it watches straight away
    screen_page = devices.new("screen")
    screen_page.goto(base_url + "table.html?codes&netlog=1")
    offer_s, answer_s = exchange(hp, screen_page, "screen")
    screen_page.wait_for_function("() => window.tabletopNet.last !== null && window.tabletopNet.last.seat === null",
                                  timeout=STEP_TIMEOUT_MS)
    screen = Device(screen_page, "screen", None)
    expect(hp.get_by_test_id("net-screen")).to_be_visible()
    expect(hp.get_by_test_id("viewing-code")).to_be_visible()

    sizes = hp.evaluate("() => window.tabletopNet.codeSizes")
    print(f"\ncodes (characters): phone offers {len(offer_a)}, {len(offer_b)}; screen offer {len(offer_s)}; "
          f"answers {len(answer_a)}, {len(answer_b)}, {len(answer_s)}; "
          f"QR modules {sorted({s['modules'] for s in sizes})}")
    for text in (offer_a, offer_b, offer_s, answer_a, answer_b, answer_s):
        assert len(text) <= 300, f"a code of {len(text)} characters"

    devs = [host, ana, ben, screen]
    by_seat = {0: host, 1: ana, 2: ben}
    credentials = {0: host.net("credential"), 1: ana.net("credential"), 2: ben.net("credential")}

    def refresh_ben(version: int) -> None:
        # a refreshed phone: no server to find the host again, so a new exchange of codes; the
        # stored credential takes the seat back
        before = ben.net("credential")
        ben.keep_received()
        ben.page.reload()
        expect(ben.page.get_by_test_id("codes-entry")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        expect(ben.page.get_by_test_id("codes-hint")).to_contain_text("take your seat back")
        expect(hp.get_by_test_id("net-seat-2")).to_have_attribute("data-state", "offline", timeout=STEP_TIMEOUT_MS)
        exchange(hp, ben.page)
        ben.page.wait_for_function(
            f"() => window.tabletopNet.seat === 2 && window.tabletopNet.version === {version}", timeout=STEP_TIMEOUT_MS)
        assert ben.net("credential") == before
        expect(ben.page.get_by_test_id("lobby")).to_be_hidden()
        expect(hp.get_by_test_id("net-seat-2")).to_have_attribute("data-state", "online")
        ben.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)

    played = play_guild_to_the_end(host, by_seat, devs, refresh_ben)
    assert played["refreshed"] and played["tapped"] >= 10 and played["sent"] >= 10
    assert played["reserved"] == {0, 1, 2}
    guild_game_ended_alike(host, devs, [ana, ben, screen], credentials, GUILD_SEED)
    no_server_was_asked(devs, base_url)


def altered(code: str) -> str:
    """one character in the middle of a code changed to another of its alphabet"""
    k = len(code) // 2
    return code[:k] + ("B" if code[k] != "B" else "C") + code[k + 1:]


@pytest.mark.timeout(300)
def test_stale_foreign_truncated_and_altered_codes_are_refused_and_nothing_changes(devices, base_url):
    host = host_codes_table(devices.new("host"), base_url, "splendor", ["human", "human", "greedy"], seed=3)
    hp = host.page
    ana, offer, answer = join_with_code(hp, devices.new("phone"), base_url, 1, "Ana")
    before = {"version": host.version, "devices": host.net("devices"),
              "seats": hp.get_by_test_id("net-seats").inner_text()}

    def unchanged() -> None:
        assert host.version == before["version"]
        assert host.net("devices") == before["devices"]
        assert hp.get_by_test_id("net-seats").inner_text() == before["seats"]

    # on the host: the used answer again (stale), one for another table (foreign), cut short, altered,
    # not a code, and a host's code where an answer belongs
    host_offer(hp)
    foreign = hp.evaluate(
        """async (text) => {
          const c = await import('./js/net/codes.js');
          const r = c.decodeCode(text);
          return c.encodeCode({...r.code, room: 'zzzzzzzzzz'});
        }""",
        answer,
    )
    cases = [
        (answer, "stale"),
        (foreign, "another table"),
        (answer[: len(answer) * 2 // 3], "incomplete"),
        (altered(answer), "changed"),
        ("hello there", "not a table code"),
        (offer, "not a phone's answer"),
    ]
    for text, reason in cases:
        host_takes(hp, text)
        expect(hp.get_by_test_id("answer-error")).to_contain_text(reason)
        unchanged()

    # on a new phone: a cut-short, an altered code, an answer instead of the host's code
    page = devices.new("phone")
    page.goto(base_url + "table.html?codes&netlog=1")
    fresh = hp.get_by_test_id("code-offer-text").input_value()
    for text, reason in [(fresh[:40], "incomplete"), (altered(fresh), "changed"), (answer, "phone's answer"),
                         ("", "No code")]:
        page.get_by_test_id("codes-offer").fill(text)
        page.get_by_test_id("codes-submit").click()
        expect(page.get_by_test_id("codes-error")).to_contain_text(reason)
        expect(page.get_by_test_id("codes-answer")).to_be_hidden()
        assert page.evaluate("() => window.tabletopNet.connected") is False
    unchanged()

    # the codes pages are accessible: axe, and every control at least 44 × 44 px (the phone at 390 × 844)
    a11y.check_page(hp, "the host's codes panel")
    a11y.check_page(page, "a phone's codes page")
    # and the good code still works: the phone joins
    answer2 = device_answer(page, fresh)
    a11y.check_page(page, "a phone's answer")
    host_takes(hp, answer2)
    page.wait_for_function("() => window.tabletopNet.connected", timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("lobby")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    # a transfer code works as with a server: Ana's seat moves to this phone, joined by codes
    old_credential = ana.net("credential")
    ana.page.get_by_test_id("device-menu").click()
    ana.page.get_by_test_id("make-transfer").click()
    shown = ana.page.get_by_test_id("transfer-code-shown")
    expect(shown).to_have_text(re.compile(r"^[A-Z2-9]{8}$"), timeout=STEP_TIMEOUT_MS)  # the host's answer arrived
    code = shown.inner_text().strip()
    page.get_by_text("Moving from another device?").click()
    page.get_by_test_id("transfer-code").fill(code)
    page.get_by_test_id("transfer-submit").click()
    page.wait_for_function("() => window.tabletopNet.seat === 1 && window.tabletopNet.version !== null",
                           timeout=STEP_TIMEOUT_MS)
    assert page.evaluate("() => window.tabletopNet.credential") not in (None, old_credential)
    expect(ana.page.get_by_test_id("device-status")).to_contain_text("moved to another device", timeout=STEP_TIMEOUT_MS)
    assert page.js_errors == [] and hp.js_errors == []  # type: ignore[attr-defined]
    no_server_was_asked([host, ana, Device(page, "new phone", None)], base_url)


@pytest.mark.timeout(300)
def test_the_host_reloads_and_a_phone_takes_its_seat_back_with_a_new_code(devices, base_url):
    host = host_codes_table(devices.new("host"), base_url, "splendor", ["human", "human", "greedy"], seed=8)
    hp = host.page
    ana, _, _ = join_with_code(hp, devices.new("phone"), base_url, 1, "Ana")
    credential = ana.net("credential")
    # a few moves, then the host page reloads
    while host.version < 6:
        last = host.last()
        wait_all([host, ana], last["version"])
        to_act = last["view"]["to_act"]
        dev = host if to_act == [0] else ana if to_act == [1] else None
        if dev is None:
            host.wait_version(last["version"] + 1)
            continue
        dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
        assert dev.play(greedy(dev.last()["view"], dev.net("legalMoves"), last["version"], dev.seat))
        host.wait_version(last["version"] + 1)
    version = host.version
    hp.reload()
    wait_codes_host(hp)
    expect(hp.get_by_test_id("paused")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert hp.evaluate("() => window.tabletopNet.joining") == "codes"
    # the phone sees the host gone and asks for a new code; the old code's answer is stale now
    expect(ana.page.get_by_test_id("codes-entry")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(ana.page.get_by_test_id("device-status")).to_contain_text("new code")
    exchange(hp, ana.page)
    ana.page.wait_for_function(f"() => window.tabletopNet.seat === 1 && window.tabletopNet.version === {version}",
                               timeout=STEP_TIMEOUT_MS)
    assert ana.net("credential") == credential
    expect(ana.page.get_by_test_id("paused")).to_contain_text("Paused until the host resumes")
    hp.get_by_test_id("resume-game").click()
    expect(ana.page.get_by_test_id("paused")).to_be_hidden(timeout=STEP_TIMEOUT_MS)
    # play goes on from where it stopped, on both devices
    last = host.last()
    to_act = last["view"]["to_act"]
    dev = host if to_act == [0] else ana
    if to_act in ([0], [1]):
        dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
        assert dev.play(greedy(dev.last()["view"], dev.net("legalMoves"), last["version"], dev.seat))
    wait_all([host, ana], version + 1)
    assert hp.js_errors == [] and ana.page.js_errors == []  # type: ignore[attr-defined]
    no_server_was_asked([host, ana], base_url)


@pytest.mark.timeout(400)
def test_with_the_site_cached_and_the_server_gone_two_devices_play_joined_by_codes(dist_dir, browser_type,
                                                                                 browser_type_launch_args, tmp_path):
    """Every device offline: each visited the site once (its service worker cached it), then the
    site's server stops; the host opens the site from its cache, the phone its table page from its
    own, they exchange codes and play."""
    server = BackgroundServer(dist_dir, lifetime_s=600)
    contexts: list[BrowserContext] = []
    try:
        def launch(name: str) -> Page:
            ctx = browser_type.launch_persistent_context(str(tmp_path / name),
                                                         viewport=PHONE if name == "phone" else None,
                                                         **browser_type_launch_args)
            contexts.append(ctx)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.on("dialog", lambda d: d.accept())
            return page

        hp, pp = launch("host"), launch("phone")
        hp.goto(server.url + "?botDelay=0")
        expect(hp.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        offline.wait_cached(hp)
        pp.goto(server.url + "table.html")  # a phone that once opened a table's page
        offline.wait_cached(pp)
        server.stop()
        assert offline.is_down(server.url)
        failed: list[str] = []
        for page in (hp, pp):
            page.context.on("requestfailed", lambda r: failed.append(r.url))
        host = host_codes_table(hp, server.url, "splendor", ["human", "human"], seed=21)
        assert hp.evaluate("navigator.serviceWorker.controller !== null")
        ana, offer, answer = join_with_code(hp, pp, server.url, 1, "Ana")
        assert pp.evaluate("navigator.serviceWorker.controller !== null")
        for _ in range(4):
            last = host.last()
            wait_all([host, ana], last["version"])
            dev = host if last["view"]["to_act"] == [0] else ana
            dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
            move = greedy(dev.last()["view"], dev.net("legalMoves"), last["version"], dev.seat)
            if not click_move(dev.page, move):
                assert dev.play(move)
            wait_all([host, ana], last["version"] + 1)
        assert failed == [], failed
        print(f"\noffline: offer {len(offer)} characters, answer {len(answer)}")
    finally:
        server.stop()
        for ctx in contexts:
            with contextlib.suppress(Exception):  # already closed
                ctx.close()


def y4m_of_qr(matrix: list[list[bool]], path: Path, width: int = 640, height: int = 480, frames: int = 2) -> None:
    """A video file (YUV4MPEG2, 4:2:0) showing the QR code `matrix` black on white, centred, with a
    four-module quiet zone: what Chromium's fake camera plays (--use-file-for-fake-video-capture)."""
    n = len(matrix) + 8
    scale = min(width, height) * 9 // 10 // n
    left, top = (width - n * scale) // 2, (height - n * scale) // 2
    y = bytearray(b"\xeb" * (width * height))  # white (video range)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if not dark:
                continue
            for dy in range(scale):
                start = (top + (r + 4) * scale + dy) * width + left + (c + 4) * scale
                y[start:start + scale] = b"\x10" * scale  # black
    chroma = b"\x80" * (width * height // 4)
    with path.open("wb") as f:
        f.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            f.write(b"FRAME\n" + bytes(y) + chroma + chroma)


@pytest.mark.timeout(300)
def test_a_phone_scans_the_hosts_qr_code_with_its_camera(devices, base_url, browser_type, browser_type_launch_args,
                                                         tmp_path):
    """The scanning path itself: a phone whose camera (Chromium's fake camera, playing a video of
    the QR code the host shows) reads the host's code, answers, and is seated."""
    host = host_codes_table(devices.new("host"), base_url, "guild", ["human", "human"], seed=4)
    hp = host.page
    offer = host_offer(hp)
    matrix = hp.evaluate(
        """async (text) => {
          const { default: qrcode } = await import('./vendor/qrcode.mjs');
          const qr = qrcode(0, 'M');
          qr.addData(text, 'Alphanumeric');
          qr.make();
          const n = qr.getModuleCount();
          return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
        }""",
        offer,
    )
    video = tmp_path / "qr.y4m"
    y4m_of_qr(matrix, video)
    args = [*browser_type_launch_args.get("args", []), "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={video}"]
    phone_browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        ctx = phone_browser.new_context(viewport=PHONE, service_workers="block")
        ctx.grant_permissions(["camera"], origin=base_url.rstrip("/"))
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url + "table.html?codes&netlog=1")
        page.get_by_test_id("codes-scan").click()
        expect(page.get_by_test_id("codes-scan-box").locator("video")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        page.wait_for_function("() => /^TT1/.test(document.querySelector('[data-testid=codes-answer-text]').value)",
                               timeout=STEP_TIMEOUT_MS)
        assert page.get_by_test_id("codes-offer").input_value() == offer  # what the camera read
        expect(page.get_by_test_id("codes-scan-box")).to_be_hidden()  # the camera is off again
        host_takes(hp, page.get_by_test_id("codes-answer-text").input_value())
        page.wait_for_function("() => window.tabletopNet.connected", timeout=STEP_TIMEOUT_MS)
        page.get_by_test_id("join-seat-1").click()
        page.wait_for_function("() => window.tabletopNet.seat === 1 && window.tabletopNet.version !== null",
                               timeout=STEP_TIMEOUT_MS)
        expect(hp.get_by_test_id("net-seat-1")).to_have_attribute("data-state", "online")
        assert errors == []
    finally:
        phone_browser.close()
