"""Support for the phone-table e2e tests (e2e/test_net_*.py): a real PeerJS server, browser
contexts for the host, phones and a shared screen talking over real WebRTC, and the checks.

WebRTC needs a private network namespace with a default route (Chromium gathers no ICE
candidates with loopback alone — ../shared/TESTING.md). scripts/test.sh runs pytest inside
one when it can (root, or unprivileged user namespaces); elsewhere these tests are skipped
with the reason. Inside such a namespace nothing can leave the machine: the tests reach only
the static server and the PeerJS server on 127.0.0.1.

The PeerJS server is started once per session on a free loopback port (bounded by `timeout`,
stopped in the finalizer). Each browser context gets /config.json routed to a configuration
naming that server, with no ICE servers; service workers are blocked in these contexts so
that the route applies (a service worker would answer config.json from its cache).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

import engine
from engine.bots import BOTS
from engine.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import PeerServer  # noqa: E402
from site_helpers import read_json  # noqa: E402

BOOT_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 20_000
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1600, "height": 900}
PEER_LIFETIME_S = 3600


# ----------------------------------------------------------------------------- the namespace

NAMESPACE_LINKS = {"lo", "v0", "v1"}  # what scripts/test.sh's namespace holds: loopback and a dead-end veth pair


def webrtc_ready() -> tuple[bool, str]:
    """(True, "") inside a private network namespace like the one scripts/test.sh makes: only
    loopback and a veth pair that leads nowhere, and a default route (so Chromium gathers ICE
    candidates). Else (False, why not)."""
    how = ("run `bash scripts/test.sh` (as root, or with unprivileged user namespaces), which runs pytest "
           "in a private network namespace with a default route — WebRTC in Chromium needs one (docs/net.md)")
    try:
        dev = Path("/proc/self/net/dev").read_text().splitlines()[2:]
        routes = Path("/proc/self/net/route").read_text().splitlines()[1:]
    except OSError:
        return False, f"cannot read this process's network devices; {how}"
    links = {line.split(":", 1)[0].strip() for line in dev if ":" in line}
    if not links <= NAMESPACE_LINKS:
        return False, f"not in a private network namespace (this one has {', '.join(sorted(links))}); {how}"
    if not any(len(f) > 1 and f[1] == "00000000" for f in (line.split() for line in routes)):
        return False, f"this network namespace has no default route, so Chromium gathers no ICE candidates; {how}"
    return True, ""


READY, WHY_NOT = webrtc_ready()
needs_webrtc = pytest.mark.skipif(not READY, reason=WHY_NOT or "no WebRTC here")


# ----------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="session")
def peer_server():
    server = PeerServer(lifetime_s=PEER_LIFETIME_S)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def net_config(peer_server) -> str:
    return json.dumps({
        "signalling": {"host": "127.0.0.1", "port": peer_server.port, "path": peer_server.path, "secure": False,
                       "key": "peerjs"},
        "iceServers": [],
        "idPrefix": "e2e-",
    })


class DeviceFactory:
    """Browser contexts, one per device, each with `config` as its /config.json and service
    workers blocked (so the route applies): `new(kind)` → Page, with `page.js_errors` and
    `page.requests` (every URL the page asked for); `close()` closes them all."""

    def __init__(self, browser, config: str, url: str = ""):
        self.browser = browser
        self.config = config
        self.url = url
        self.made: list[BrowserContext] = []

    def new(self, kind: str = "phone") -> Page:
        viewport = PHONE if kind == "phone" else SCREEN if kind == "screen" else {"width": 1280, "height": 900}
        ctx = self.browser.new_context(viewport=viewport, service_workers="block")
        ctx.route("**/config.json", lambda route: route.fulfill(body=self.config, content_type="application/json"))
        self.made.append(ctx)
        page = ctx.new_page()
        page.on("dialog", lambda d: d.accept())
        errors: list[str] = []
        requests: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: requests.append(r.url))
        page.js_errors = errors  # type: ignore[attr-defined]
        page.requests = requests  # type: ignore[attr-defined]
        return page

    def close(self) -> None:
        for ctx in self.made:
            with contextlib.suppress(Exception):  # already closed with its browser
                ctx.close()


@pytest.fixture
def devices(browser, net_config, base_url):
    """A factory of browser contexts, one per device: `devices.new(kind)` → Page."""
    factory = DeviceFactory(browser, net_config, base_url)
    yield factory
    factory.close()


# ----------------------------------------------------------------------------- devices

class Device:
    """One page at the table (host, phone or screen), read through window.tabletopNet."""

    def __init__(self, page: Page, name: str, seat: int | None):
        self.page = page
        self.name = name
        self.seat = seat
        self.archive: list[str] = []  # messages received by earlier lives of the page (reloads)

    def net(self, expr: str) -> Any:
        return read_json(self.page, f"window.tabletopNet && window.tabletopNet.{expr}")

    @property
    def version(self) -> int | None:
        return self.net("version")

    def last(self) -> dict:
        """The last update this device shows. The host draws its own seat in its next frame, after
        the devices were sent the update (site/js/net/host.js, `local`): its newest is read once
        that draw is done, so a phone that already shows a move never runs ahead of the host."""
        self.page.wait_for_function("() => !(window.tabletopNet && window.tabletopNet.drawing)",
                                    timeout=STEP_TIMEOUT_MS)
        return read_json(self.page, "window.tabletopNet.last")

    def wait_version(self, at_least: int, timeout: int = STEP_TIMEOUT_MS) -> None:
        self.page.wait_for_function(
            "() => window.tabletopNet && window.tabletopNet.version !== null "
            f"&& window.tabletopNet.version >= {at_least}",
            timeout=timeout)

    def received(self) -> list[str]:
        """every table message this device received, across reloads, as JSON texts"""
        return self.archive + (self.net("received") or [])

    def keep_received(self) -> None:
        """before a reload: keep what this life of the page received"""
        self.archive += self.net("received") or []

    def play(self, move: dict) -> bool:
        return self.page.evaluate("(m) => window.tabletopNet.play(m)", move)


def host_table(page: Page, base_url: str, game: str, seats: list[str], seed: int, query: str = "",
               name: str | None = None, joining: str = "server") -> Device:
    """From the site's picker: a hosted table of `game` with these seat kinds (seat 0 human);
    `name`: the host's name typed on the form; `joining`: "server" (a join link through the
    signalling server) or "codes" (no server: docs/net.md "Joining with codes")."""
    page.goto(f"{base_url}?netlog=1{query}")
    expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.get_by_test_id(f"pick-{game}").click()
    form = page.get_by_test_id("new-game-form")
    form.locator(f"label:has([data-testid=players-{len(seats)}])").click()
    for i, kind in enumerate(seats):
        form.get_by_test_id(f"seat-kind-{i}").select_option(kind)
    if name is not None:
        form.get_by_test_id("seat-name-0").fill(name)
    form.locator("#seed-input").fill(str(seed))
    expect(form.get_by_test_id("host-joining-field")).to_be_hidden()
    form.locator("label:has([data-testid=host-table])").click()
    expect(form.get_by_test_id("host-table")).to_be_checked()
    form.get_by_test_id("host-joining").select_option(joining)
    form.get_by_test_id("start-game").click()
    if joining == "codes":
        wait_codes_host(page)
    else:
        wait_host_online(page)
    return Device(page, "host", 0)


def wait_codes_host(page: Page) -> None:
    """a host whose phones join with codes is open: Add a phone, no join link"""
    expect(page.get_by_test_id("add-phone")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('[data-testid=host-status]').dataset.state === 'online'",
                           timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("join-link")).to_have_count(0)


def wait_host_online(page: Page) -> None:
    expect(page.get_by_test_id("join-link")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('[data-testid=host-status]').dataset.state === 'online'",
                           timeout=STEP_TIMEOUT_MS)


def join_seat(page: Page, join_url: str, seat: int, name: str) -> Device:
    page.goto(join_url + "&netlog=1")
    return sit_down(page, seat, name)


def sit_down(page: Page, seat: int, name: str) -> Device:
    """In the lobby of a connected page: the name typed, *Sit here* on `seat`, seated with a view."""
    lobby = page.get_by_test_id("lobby")
    expect(lobby).to_be_visible(timeout=STEP_TIMEOUT_MS)
    lobby.get_by_test_id("player-name").fill(name)
    lobby.get_by_test_id(f"join-seat-{seat}").click()
    page.wait_for_function(f"() => window.tabletopNet.seat === {seat} && window.tabletopNet.version !== null",
                           timeout=STEP_TIMEOUT_MS)
    return Device(page, name, seat)


def watch_with_code(page: Page, base_url: str, code: str) -> Device:
    """A shared screen: the site's table page, the viewing code typed in."""
    page.goto(base_url + "table.html?watch&netlog=1")
    page.get_by_test_id("watch-code").fill(code)
    page.get_by_test_id("watch-submit").click()
    page.wait_for_function("() => window.tabletopNet.last !== null && window.tabletopNet.last.seat === null",
                           timeout=STEP_TIMEOUT_MS)
    return Device(page, "screen", None)


def wait_all(devs: list[Device], version: int) -> None:
    for d in devs:
        d.wait_version(version)


# ----------------------------------------------------------------------------- moves

def greedy(view: dict, legal: list[dict], version: int, seat: int) -> dict:
    """the engine's greedy bot on what the device received (its view and legal moves)"""
    return BOTS["greedy"](view, legal, Rng(7919 * version + seat + 1))


def click_move(page: Page, move: dict) -> bool:
    """Make a gem move (take/collect, return) or a pass by tapping, as a player would.
    Returns False for moves this helper does not tap (the caller sends those directly)."""
    t = move["type"]
    if t in ("take", "collect"):
        bank = page.locator("[data-testid=bank], [data-testid=supply]").first
        for color, n in move["gems"].items():
            for _ in range(n):
                bank.locator(f"[data-action=bank][data-color={color}]").click()
        page.locator("[data-testid=confirm-take], [data-testid=confirm-collect]").first.click()
        return True
    if t == "return":
        for color, n in move["gems"].items():
            for _ in range(n):
                page.locator(f"[data-action=return-pick][data-color={color}]").click()
        page.get_by_test_id("confirm-return").click()
        return True
    if t == "pass" and page.get_by_test_id("pass").count():
        page.get_by_test_id("pass").click()
        return True
    return False


def play_guild_to_the_end(host: Device, by_seat: dict[int, Device], devs: list[Device],
                          refresh_seat_2: Callable[[int], None]) -> dict[str, Any]:
    """A whole Starlight Guild game from what each device received: the greedy bot's move from the
    seat's own view, every third one tapped in the page (the rest through the page's move path),
    each seat reserving a workshop once (sentinels for the privacy check); once past move 24, when
    seat 2 is to act, `refresh_seat_2(version)` reloads that phone and brings it back. Every device
    is waited on after each move. Returns {"tapped", "sent", "reserved", "refreshed"}."""
    reserved: set[int] = set()
    tapped = sent = 0
    refreshed = False
    while True:
        last = host.last()
        if last["over"]:
            break
        version = last["version"]
        wait_all(devs, version)
        (seat,) = last["view"]["to_act"]
        dev = by_seat[seat]
        dev.page.wait_for_function("() => window.tabletopNet.legalMoves.length > 0", timeout=STEP_TIMEOUT_MS)
        moves = dev.net("legalMoves")
        move = greedy(dev.last()["view"], moves, version, seat)
        reserves = [m for m in moves if m["type"] == "reserve"]
        if seat not in reserved and reserves and last["view"]["turn"]["phase"] == "action":
            move = reserves[0]
            reserved.add(seat)
        if version % 3 == 0 and click_move(dev.page, move):
            tapped += 1
        else:
            assert dev.play(move), f"the host refused {move} from seat {seat}"
            sent += 1
        wait_all(devs, version + 1)
        if version >= 24 and not refreshed and host.last()["view"]["to_act"] == [2]:
            refreshed = True
            refresh_seat_2(version + 1)
    return {"tapped": tapped, "sent": sent, "reserved": reserved, "refreshed": refreshed}


# ----------------------------------------------------------------------------- privacy

def _walk(node: Any, found: list[dict]) -> None:
    if isinstance(node, dict):
        found.append(node)
        for v in node.values():
            _walk(v, found)
    elif isinstance(node, list):
        for v in node:
            _walk(v, found)


def secrets_by_version(snapshot: dict) -> list[dict]:
    """Replays a saved match; for every version N (moves played) what is secret then:
    {"deck": card ids still face down in the decks,
     "own": {seat: ids only that seat may see (Guild reservations, Splendor deck reservations)}}"""
    m = engine.new_match(snapshot["game"], snapshot["players"], snapshot["options"], snapshot["seed"])
    out = []

    def secrets() -> dict:
        state = m.snapshot()["state"]
        deck = {cid for tier in state["decks"] for cid in tier}
        own: dict[int, set[str]] = {}
        public = m.view(None)
        for seat in range(m.players):
            mine = m.view(seat)["seats"][seat].get("reserved") or []
            shown = public["seats"][seat].get("reserved") or []
            shown_ids = {c["id"] for c in shown if isinstance(c, dict) and "id" in c}
            own[seat] = {c["id"] for c in mine if isinstance(c, dict) and "id" in c} - shown_ids
        return {"deck": deck, "own": own}

    out.append(secrets())
    for seat, move in snapshot["log"]:
        m.play(seat, move)
        out.append(secrets())
    return out


def check_privacy(snapshot: dict, received: list[str], seat: int | None, credentials: dict[int, str]) -> dict:
    """Every message one device received holds nothing private of another seat:
    - no card id still face down in a deck (at that message's version),
    - no card id only another seat may see (its Guild reservations, its Splendor deck reservations),
    - no other seat's Guild pouch by colour and no other seat's reservation list (structure),
    - no other seat's credential, and legal moves only for its own seat (none on a screen).
    Returns counts of what was checked."""
    secret = secrets_by_version(snapshot)
    game = snapshot["game"]
    version = 0
    checked = {"messages": 0, "updates": 0, "ids": 0}
    others = {s: c for s, c in credentials.items() if s != seat}
    for text in received:
        msg = json.loads(text)
        checked["messages"] += 1
        for s, cred in others.items():
            assert cred not in text, f"seat {s}'s credential reached seat {seat}: {msg.get('type')}"
        if msg.get("type") == "record":  # the whole game, sent only once it is over (engine/table/final_record.py)
            assert version == len(secret) - 1, f"a game record reached the device of seat {seat} at version {version}"
            checked["records"] = checked.get("records", 0) + 1
            continue
        if msg.get("type") == "update":
            checked["updates"] += 1
            version = msg["version"]
            assert msg["seat"] == seat, f"an update for seat {msg['seat']} reached the device of seat {seat}"
            if seat is None:
                assert msg["legal_moves"] == [], "a shared screen received legal moves"
            assert msg["view"]["seat"] == seat
        s = secret[min(version, len(secret) - 1)]
        hidden = set(s["deck"])
        for other, ids in s["own"].items():
            if other != seat:
                hidden |= ids
        for cid in hidden:
            assert f'"{cid}"' not in text, (
                f"card {cid}, secret at version {version}, reached the device of seat {seat} "
                f"in a {msg.get('type')} message")
        checked["ids"] += len(hidden)
        nodes: list[dict] = []
        _walk(msg, nodes)
        for node in nodes:
            owner = node.get("seat")
            if not isinstance(owner, int) or owner == seat:
                continue
            if game == "guild":
                assert "pouch" not in node, f"seat {owner}'s pouch by colour reached seat {seat}"
                assert not isinstance(node.get("reserved"), list), f"seat {owner}'s reservations reached seat {seat}"
            if game == "splendor" and isinstance(node.get("reserved"), list):
                for card in node["reserved"]:
                    assert "id" not in card or card["id"] not in s["own"].get(owner, set())
    return checked


def guild_game_ended_alike(host: Device, devs: list[Device], watchers: list[Device], credentials: dict[int, str],
                           seed: int) -> None:
    """After `play_guild_to_the_end`: the results, with one winner, on every device and no page
    error; the host's saved match is the game a CPython replay gives; nothing private of another
    seat in any message a phone or the screen (`watchers`) received; the screen's updates public."""
    hp = host.page
    final = host.last()["version"]
    wait_all(devs, final)
    winner = hp.get_by_test_id("winner").inner_text()
    for d in devs:
        expect(d.page.get_by_test_id("net-results")).to_be_visible()
        expect(d.page.get_by_test_id("winner")).to_have_text(winner)
        assert d.page.js_errors == [], f"{d.name}: {d.page.js_errors}"
    # the host holds the only full state; the game is the one a CPython replay gives
    snapshot = hp.evaluate("() => window.tabletopNet.save()")["match"]
    assert len(snapshot["log"]) == final
    replay = engine.replay("guild", len(credentials), snapshot["options"], seed, snapshot["log"])
    assert replay.is_over() and replay.result()["winners"] == host.last()["view"]["result"]["winners"]
    # nothing private of another seat ever reached a phone or the screen
    secrets = secrets_by_version(snapshot)
    assert any(secrets[v]["own"][1] for v in range(len(secrets))), "seat 1 never held a private reservation"
    for d in watchers:
        counts = check_privacy(snapshot, d.received(), d.seat, credentials)
        assert counts["updates"] >= final, f"{d.name} received {counts['updates']} updates for {final} moves"
        if d.seat is None:  # the screen: the public view only
            assert all(json.loads(t)["seat"] is None for t in d.received() if json.loads(t)["type"] == "update")
            expect(d.page.get_by_test_id("net-table")).to_have_attribute("data-viewer", "public")


# ----------------------------------------------------------------------------- test-only settings

def set_turn_seconds(page: Page, game: str, seconds: float) -> None:
    """TEST-ONLY: change a game's turn timer inside the host page's engine worker, by patching
    engine.table.policies.POLICIES in its Pyodide (Playwright's worker.evaluate; the worker
    keeps `self.pyodide` for diagnostics, docs/worker.md). A timer already running keeps its
    deadline; the seats that start acting afterwards get the new one. Nothing in the site can
    do this: no URL, page or config setting shortens a table's timer."""
    worker = next(w for w in page.workers if "engine-worker" in w.url)
    worker.evaluate(
        """([game, seconds]) => self.pyodide.runPython(`
from dataclasses import replace
from engine.table import policies
policies.POLICIES["${game}"] = replace(policies.POLICIES["${game}"], turn_seconds=${seconds})
`)""",
        [game, seconds],
    )


def game_secrets(snapshot: dict) -> list[dict]:
    """Station and Stars: per version N, what each seat alone may know, replayed in CPython:
    {"ids": {seat: ids no other device may receive}} — Station: the credits a seat drew face down
    into its hand and every credit face down in the deck (key "deck") that never lay face up;
    Stars: nothing by id (every seat has tiles of the same ids), its checks are structural
    (`check_game_privacy`)."""
    m = engine.new_match(snapshot["game"], snapshot["players"], snapshot["options"], snapshot["seed"])
    out = []
    shown: set[str] = set()  # credits that have lain face up (the display, the discard): known to all

    def secrets() -> dict:
        state = m.snapshot()["state"]
        ids: dict[int | str, set[str]] = {}
        if snapshot["game"] == "station":
            shown.update(state["display"], state["discard"])
            ids["deck"] = set(state["deck"]) - shown
            for seat, s in enumerate(state["seats"]):
                ids[seat] = set(s["hand"]) - shown
        return {"ids": ids}

    out.append(secrets())
    for seat, move in snapshot["log"]:
        m.play(seat, move)
        out.append(secrets())
    return out


def check_game_privacy(snapshot: dict, received: list[str], seat: int | None, credentials: dict[int, str]) -> dict:
    """Every message one device received holds nothing private of another seat (Station and Stars;
    Splendor and Guild: `check_privacy`):
    - Station: no credit in another seat's hand, none still face down in the deck (by id, at that
      message's version);
    - Stars: no other seat's drawn tiles (`hand`) or bag (`bag`) in any form, the wood-ash bag only
      as a count, no other seat's stardust/tile choices listed as legal moves;
    - no other seat's credential; updates only for its own seat, a screen with no legal moves.
    Returns counts of what was checked."""
    secret = game_secrets(snapshot)
    game = snapshot["game"]
    version = 0
    checked = {"messages": 0, "updates": 0, "ids": 0, "nodes": 0}
    others = {s: c for s, c in credentials.items() if s != seat}
    for text in received:
        msg = json.loads(text)
        checked["messages"] += 1
        for s, cred in others.items():
            assert cred not in text, f"seat {s}'s credential reached seat {seat}: {msg.get('type')}"
        if msg.get("type") == "update":
            checked["updates"] += 1
            version = msg["version"]
            assert msg["seat"] == seat, f"an update for seat {msg['seat']} reached the device of seat {seat}"
            assert msg["view"]["seat"] == seat
            if seat is None:
                assert msg["legal_moves"] == [], "a shared screen received legal moves"
            if game == "stars":
                assert isinstance(msg["view"].get("ash_bag"), int), "the wood-ash bag's contents left the host"
        hidden: set[str] = set()
        for owner, ids in secret[min(version, len(secret) - 1)]["ids"].items():
            if owner != seat:
                hidden |= ids
        for cid in hidden:
            assert f'"{cid}"' not in text, (
                f"{cid}, secret at version {version}, reached the device of seat {seat} in a {msg.get('type')} message")
        checked["ids"] += len(hidden)
        nodes: list[dict] = []
        _walk(msg, nodes)
        for node in nodes:
            owner = node.get("seat")
            if not isinstance(owner, int) or owner == seat:
                continue
            checked["nodes"] += 1
            for key in ("hand", "bag", "deck"):
                assert not isinstance(node.get(key), list), f"seat {owner}'s {key} reached the device of seat {seat}"
    return checked
