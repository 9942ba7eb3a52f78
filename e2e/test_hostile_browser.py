"""Values that cross JavaScript survive it exactly, and the browser's boundaries refuse bad
input (issue 20; docs/worker.md, docs/embed.md, docs/net.md "Hostile input and limits").

- For every game: a match and a phone-table room are played in the browser's own engine
  worker (Pyodide) from a 64-bit seed; the match's snapshot and the room's `room_save` go
  through the page's JSON (JSON.stringify of what the worker's reply gave the page) and the
  saved room also through IndexedDB (the host's store.js, written and read back). Each is
  restored in CPython and played on 50 moves (chance included): every state equals the one of
  an independent CPython match from the same seed and moves, the replay of its log, and, for the
  snapshot, the browser's own match played on with the same 50 moves.
- The worker answers what it cannot take (too long, a lone surrogate, a cycle, a BigInt,
  not JSON) with a refusal and goes on.
- The embed answers a host page's bad messages (wrong types, special objects, a huge id, deep
  nesting) with an `error` and changes nothing; bad URL parameters (a seed beyond 2^64, an
  integer JSON would round, a huge players count) are refused with their reason.
- Damaged records in the host's IndexedDB are left out of the picker; the page still works.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

import engine

BOOT_MS = 90_000
SEED = "18446744073709551557"  # a 64-bit seed, beyond what a JavaScript number holds
PLAYERS = {"splendor": 2, "guild": 3, "stars": 2, "station": 3}
# moves played in the browser before the crossing: Splendor's and the Guild's chance is all in
# the deal (decks, pouches: in the state that crosses); Stars draws from its bag every few moves;
# Station's first reshuffle comes about move 108 with these picks
BEFORE = {"splendor": 20, "guild": 20, "stars": 20, "station": 80}
CHANCE_AFTER = {"stars", "station"}  # games whose generator moves in the 50 moves after
AFTER = 50                      # moves played on after it

# In the page: one game's match and room played in the worker, their JSON as the page writes it.
PLAY_IN_BROWSER = """async ([game, players, seed, before, after, storeUrl]) => {
  const h = window.__engine;
  let id = 10000;
  const req = async (op, fields) => {
    const r = await h.send({ v: 1, id: ++id, op, ...fields });
    if (!r.ok) throw new Error(`${op}: ${JSON.stringify(r.error)}`);
    return r;
  };
  // the worker's replies and updates carry the compact listing: expanded as the page does
  const { expandListing } = await import(new URL("../listing.js", storeUrl).href);
  const pick = (listing, k) => { const legal = expandListing(listing); return legal[(k * 7919 + 13) % legal.length]; };
  // the rule both sides follow: the first seat to act that has moves, the k-th pick of its list
  const next = async (match, k) => {
    const pub = await req("state", { match, seat: null });
    if (pub.over) return null;
    for (const seat of pub.to_act) {
      const st = await req("state", { match, seat });
      if (st.legal_moves.length) return [seat, pick(st.legal_moves, k)];
    }
    return null;
  };
  // 1. a match: BEFORE moves, its snapshot as JSON text, then AFTER more moves
  const { match } = await req("new_match", { game, players, seed });
  for (let k = 0; k < before; k++) {
    const m = await next(match, k);
    if (!m) break;
    await req("play", { match, seat: m[0], move: m[1] });
  }
  const snapshotText = JSON.stringify((await req("snapshot", { match })).snapshot);
  const onward = [];
  for (let k = 0; k < after; k++) {
    const m = await next(match, k);
    if (!m) break;
    await req("play", { match, seat: m[0], move: m[1] });
    onward.push(m);
  }
  const finalText = JSON.stringify((await req("snapshot", { match })).snapshot);

  // 2. a room, every seat a device: BEFORE moves through room_message, then room_save
  const room = `hj${game}`;
  const seats = Array.from({ length: players }, () => ({ kind: "human" }));
  const created = await req("room_create", { room, game, players, seed, seats });
  const devices = ["host"];
  const creds = [created.credential];
  const last = {};
  const take = (outbox) => { for (const { to, message } of outbox) if (message.type === "update") last[to] = message; };
  take(created.outbox);
  for (let s = 1; s < players; s++) {
    const device = `d${s}`;
    devices.push(device);
    take((await req("room_connect", { room, device })).outbox);
    const r = await req("room_message", { room, device, message: { v: 1, type: "join", seat: s, ref: "join" } });
    const seated = r.outbox.find((e) => e.to === device && e.message.type === "seated");
    if (!seated) throw new Error(`seat ${s} was not taken: ${JSON.stringify(r.outbox)}`);
    creds.push(seated.message.credential);
    take(r.outbox);
  }
  let carried = null;  // the room the last accepted move's reply carried (docs/table.md: `saved`)
  for (let k = 0; k < before; k++) {
    const seat = devices.findIndex((d) => last[d] && last[d].legal_moves.length);
    if (seat < 0) break;
    const u = last[devices[seat]];
    const move = pick(u.legal_moves, k);
    const r = await req("room_message", { room, device: devices[seat],
      message: { v: 1, type: "move", credential: creds[seat], version: u.version, move, ref: `m${k}` } });
    const refused = r.outbox.find((e) => e.message.type === "refused");
    if (refused) throw new Error(`move ${k} refused: ${refused.message.reason}`);
    carried = r.saved;
    take(r.outbox);
  }
  const saved = (await req("room_save", { room })).saved;
  const roomText = JSON.stringify(saved);
  if (JSON.stringify(carried) !== roomText) throw new Error("the last move's reply carried another room");
  // 3. the saved room through IndexedDB, as the host keeps it
  const store = await import(storeUrl);
  const version = saved.match.log.length;
  await store.saveRoom({ room, game, players, saved, savedAt: Date.now(), version, over: false });
  const back = await store.loadRoom(room);
  await store.deleteRoom(room);
  if (!back) throw new Error("the stored room did not come back from IndexedDB");
  const storedText = JSON.stringify(JSON.parse(JSON.stringify(back.saved)));
  return { snapshotText, finalText, onward, roomText, storedText };
}"""


def pick(legal: list[Any], k: int) -> Any:
    return legal[(k * 7919 + 13) % len(legal)]


def next_move(m: engine.Match, k: int) -> tuple[int, Any] | None:
    if m.is_over():
        return None
    for seat in m.to_act():
        legal = m.legal_moves(seat)
        if legal:
            return seat, pick(legal, k)
    return None


def same(a: engine.Match, b: engine.Match) -> bool:
    return json.dumps(a.snapshot(), sort_keys=True) == json.dumps(b.snapshot(), sort_keys=True)


def check_crossed(game: str, snap: dict[str, Any], what: str) -> tuple[int, bool]:
    """`snap` came back through the browser: it restores in CPython, equals the replay of its
    log and an independent match from the seed and the same moves, and stays equal to them for
    AFTER more moves. Returns (moves played on, whether the generator moved meanwhile)."""
    assert snap["seed"] == SEED, f"{game} {what}: the seed came back as {snap['seed']!r}"
    restored = engine.restore(snap)
    twin = engine.new_match(game, PLAYERS[game], snap["options"], int(SEED))
    for seat, move in snap["log"]:
        twin.play(seat, move)
    replayed = engine.replay(game, snap["players"], snap["options"], snap["seed"], snap["log"])
    assert same(restored, twin), f"{game} {what}: the restored match differs from the original"
    assert same(restored, replayed), f"{game} {what}: the restored match is not the replay of its log"
    rng_before = json.dumps(restored.snapshot()["state"].get("rng"))
    played = 0
    for k in range(AFTER):
        a, b = next_move(restored, k), next_move(twin, k)
        assert a == b, f"{game} {what}: move {k} after the crossing differs"
        if a is None:
            break
        restored.play(*a)
        twin.play(*a)
        played += 1
        assert same(restored, twin), f"{game} {what}: the states differ {k + 1} moves after the crossing"
    assert same(restored, engine.replay(game, snap["players"], snap["options"], snap["seed"], restored.log))
    return played, json.dumps(restored.snapshot()["state"].get("rng")) != rng_before


@pytest.mark.timeout(300)
def test_every_games_snapshot_and_saved_room_cross_json_and_indexeddb_exactly(worker_page: Any, base_url: str) -> None:
    worker_page.wait_ready(BOOT_MS)
    store_url = base_url + "js/net/store.js"
    figures = []
    for game, players in PLAYERS.items():
        got = worker_page.page.evaluate(PLAY_IN_BROWSER, [game, players, SEED, BEFORE[game], AFTER, store_url])
        snap = json.loads(got["snapshotText"])
        room = json.loads(got["roomText"])
        stored = json.loads(got["storedText"])
        assert stored == room, f"{game}: the saved room changed in IndexedDB"
        assert len(snap["log"]) > 0 and len(room["match"]["log"]) > 0

        played, rng_moved = check_crossed(game, snap, "snapshot")
        # the browser's own match, played on with the same moves, reached the same state
        restored = engine.restore(snap)
        for seat, move in got["onward"]:
            restored.play(seat, move)
        assert len(got["onward"]) == played
        assert json.loads(got["finalText"]) == json.loads(json.dumps(restored.snapshot())), \
            f"{game}: the browser's match and the one restored from its JSON went different ways"
        room_played, room_rng_moved = check_crossed(game, stored["match"], "saved room from IndexedDB")
        assert played == AFTER and room_played > 0
        if game in CHANCE_AFTER:
            assert rng_moved, f"{game}: no chance event in the {AFTER} moves after the crossing"
        # the saved room itself is taken back by the engine's room_restore, unchanged
        from engine.protocol import Session, handle
        reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "op": "room_restore", "saved": stored}), Session()))
        assert reply["ok"], f"{game}: room_restore refused the saved room: {reply.get('error')}"
        figures.append(f"{game}: snapshot +{played} moves (generator moved: {rng_moved}), "
                       f"saved room +{room_played} (generator moved: {room_rng_moved})")
    print("\n" + "\n".join(figures))


# ----------------------------------------------------------------------------- the worker

@pytest.mark.timeout(120)
def test_the_worker_refuses_what_it_cannot_take_and_goes_on(worker_page: Any) -> None:
    worker_page.wait_ready(BOOT_MS)
    page = worker_page.page
    answers = page.evaluate("""async () => {
      const h = window.__engine;
      const w = h.worker;
      const next = () => new Promise((resolve) => {
        const before = h.replies.length;
        const wait = () => (h.replies.length > before
          ? resolve(h.replies[h.replies.length - 1].msg) : setTimeout(wait, 10));
        wait();
      });
      const out = {};
      let p = next();
      w.postMessage('{"v":1,"id":1,"op":"hello","pad":"' + "x".repeat(2 * 1024 * 1024) + '"}');
      out.huge = await p;
      p = next();
      w.postMessage('{"v":1,"id":2,"op":"hello","pad":"' + String.fromCharCode(0xdfff) + '"}');
      out.surrogate = await p;
      const cyclic = { v: 1, id: 3, op: "hello" }; cyclic.self = cyclic;
      p = next(); w.postMessage(cyclic); out.cycle = await p;
      p = next(); w.postMessage({ v: 1, id: 4, op: "hello", n: 10n }); out.bigint = await p;
      p = next(); w.postMessage("not json"); out.notJson = await p;
      p = next(); w.postMessage({ v: 1, id: "x".repeat(10000), op: "nope" }); out.longId = await p;
      p = next();
      w.postMessage({ v: 1, id: 5, op: "new_match", game: "splendor", players: 2, seed: "18446744073709551557" });
      out.after = await p;
      return out;
    }""")
    assert answers["huge"]["ok"] is False and answers["huge"]["error"]["code"] == "too_large"
    assert answers["huge"]["id"] == 1, "the id of engine-client's requests is found without parsing them whole"
    assert answers["surrogate"]["ok"] is False and "lone surrogate" in answers["surrogate"]["error"]["message"]
    assert answers["cycle"]["error"]["code"] == "bad_message" and answers["cycle"]["id"] == 3
    assert answers["bigint"]["error"]["code"] == "bad_message" and answers["bigint"]["id"] == 4
    assert answers["notJson"]["ok"] is False and answers["notJson"]["id"] is None
    assert answers["longId"]["ok"] is False and answers["longId"]["id"] is None
    assert answers["after"]["ok"] is True and answers["after"]["id"] == 5, "the worker goes on"
    assert worker_page.worker_errors() == []


@pytest.mark.timeout(120)
def test_a_reply_with_an_integer_beyond_2_53_is_refused_not_rounded(worker_page: Any) -> None:
    """TEST-ONLY: an op of the worker's engine is patched (Playwright's worker.evaluate on the
    worker's `self.pyodide`) to answer an integer JavaScript would round; the worker refuses
    the reply instead of handing the page a rounded number."""
    worker_page.wait_ready(BOOT_MS)
    worker = next(w for w in worker_page.page.workers if "engine-worker" in w.url)
    worker.evaluate("""() => self.pyodide.runPython(`
import engine.protocol as p
p._hello_before_test = p.OPS["hello"]
p.OPS["hello"] = lambda session, request: {"n": 2 ** 63, "digits": "9223372036854775808"}
`)""")
    try:
        reply = worker_page.request({"v": 1, "op": "hello"})
    finally:
        worker.evaluate("""() => self.pyodide.runPython(`
import engine.protocol as p
p.OPS["hello"] = p._hello_before_test
`)""")
    assert reply["ok"] is False and reply["error"]["code"] == "internal"
    assert "integer beyond 2^53" in reply["error"]["message"] and "9223372036854775808" in reply["error"]["message"]
    assert worker_page.request({"v": 1, "op": "hello"})["ok"] is True


# ----------------------------------------------------------------------------- the embed

FRAME_PAGE = """<!doctype html><title>a rules page</title>
<iframe id="board" src="{src}" width="900" height="700" title="board"></iframe>
<script>
  window.received = [];
  addEventListener("message", (e) => {{ if (e.data && e.data.tabletop === 1) window.received.push(e.data); }});
  window.send = (msg) => document.getElementById("board").contentWindow.postMessage(msg, location.origin);
</script>"""


def embed_page(page: Page, base_url: str, query: str) -> None:
    page.goto(base_url + "wheels/manifest.json")  # any same-origin document will do
    page.set_content(FRAME_PAGE.format(src=base_url + "embed.html?" + query))


def errors_of(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.received.filter((m) => m.type === 'error')")
    return found


@pytest.mark.timeout(180)
def test_the_embed_refuses_bad_messages_and_changes_nothing(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    embed_page(page, base_url, "game=splendor&seed=5")
    page.wait_for_function("window.received.some((m) => m.type === 'ready')", timeout=BOOT_MS)
    board = page.frames[1]
    before = board.evaluate("JSON.stringify(window.tabletopEmbed.state)")
    page.evaluate("""() => {
      send({ tabletop: 1, type: "play", id: "a", move: new Date() });
      send({ tabletop: 1, type: "play", id: "b", move: { type: "take", gems: new Map() } });
      send({ tabletop: 1, type: "get_state", id: "x".repeat(5000) });
      send({ tabletop: 1, type: "get_state", id: "c", seat: "0" });
      send({ tabletop: 1, type: "get_state", id: "d", seat: 1.5 });
      let deep = {}; for (let i = 0; i < 100; i++) deep = { deep };
      send({ tabletop: 1, type: "play", id: "e", move: deep });
      send({ tabletop: 1, type: "set_position", id: "f", position: { game: "splendor", players: 1e9 } });
      send({ tabletop: 1, type: "set_position", id: "g", position: { snapshot: [1, 2] } });
      send({ tabletop: 1, type: "play", id: "h", move: { type: "take", gems: { red: Infinity } } });
      send({ tabletop: 1, type: "x".repeat(100), id: "i" });
      send({ tabletop: 1, type: "play", id: "j", move: "take" });
    }""")
    page.wait_for_function("window.received.filter((m) => m.type === 'error').length >= 11", timeout=30_000)
    got = {e["id"]: e for e in errors_of(page)}
    assert got["a"]["code"] == "bad_message" and "Date" in got["a"]["message"]
    assert got["b"]["code"] == "bad_message" and "Map" in got["b"]["message"]
    assert got[None]["code"] == "bad_message" and "id must be" in got[None]["message"]
    assert got["c"]["code"] == "bad_message" and got["d"]["code"] == "bad_message"
    assert "nested deeper" in got["e"]["message"]
    assert "players" in got["f"]["message"] and got["f"]["code"] == "bad_position"
    assert "snapshot must be an object" in got["g"]["message"]
    assert "Infinity is not a JSON number" in got["h"]["message"]
    assert got["i"]["code"] == "bad_message"
    assert got["j"]["code"] == "bad_message"
    # nothing changed, and the board still plays
    assert board.evaluate("JSON.stringify(window.tabletopEmbed.state)") == before
    page.evaluate("send({ tabletop: 1, type: 'get_legal_moves', id: 'k' })")
    page.wait_for_function("window.received.some((m) => m.type === 'legal_moves' && m.id === 'k')", timeout=30_000)
    assert errors == []


@pytest.mark.timeout(180)
@pytest.mark.parametrize("query, reason", [
    ("game=splendor&seed=18446744073709551616", "below 2^64"),
    ("game=splendor&players=100000000", "players parameter must be a whole number from 1 to 16"),
    ("game=splendor&players=0x2", "players parameter must be a whole number"),
    ("game=splendor&botDelay=1e300", "botDelay parameter"),
    ("snapshot=" + quote('{"format":1,"game":"splendor","players":2,"options":{},"seed":1,"log":[],'
                         '"state":{"rng":6110722306163509219}}'), "beyond 2^53"),
    ("game=splendor&options=" + quote("[" * 40 + "]" * 40), "nested deeper"),
])
def test_bad_url_parameters_are_refused_with_their_reason(page: Page, base_url: str, query: str, reason: str) -> None:
    embed_page(page, base_url, query)
    page.wait_for_function("window.received.some((m) => m.type === 'error')", timeout=BOOT_MS)
    (err,) = errors_of(page)
    assert err["code"] == "bad_params" or err["code"] == "bad_position"
    assert reason in err["message"]


@pytest.mark.timeout(120)
def test_a_tampered_snapshot_in_the_url_is_refused_by_the_engine(page: Page, base_url: str) -> None:
    m = engine.new_match("splendor", 2, {}, 9)
    snap = m.snapshot()
    snap["state"]["bank"] = [99, -1, 4, 4, 4, 5]  # 99 of one colour, a negative bank
    embed_page(page, base_url, "snapshot=" + quote(json.dumps(snap)))
    page.wait_for_function("window.received.some((m) => m.type === 'error')", timeout=BOOT_MS)
    (err,) = errors_of(page)
    assert err["code"] in ("bad_message", "bad_position", "bad_snapshot"), err
    assert page.frames[1].evaluate("window.tabletopEmbed.state") is None


# ----------------------------------------------------------------------------- IndexedDB

@pytest.mark.timeout(180)
def test_damaged_stored_tables_are_left_out_and_the_page_works(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url)
    expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_MS)
    page.evaluate("""async (storeUrl) => {
      const store = await import(storeUrl);
      const saved = { match: { log: [] } };
      const good = { room: "goodroom1", game: "splendor", players: 2, savedAt: Date.now(), version: 0, over: false,
                     saved };
      await store.saveRoom(good);
      for (const bad of [
        { room: "badroom01", game: 7 },
        { ...good, room: "badroom02", players: "2", saved: {} },
        { ...good, room: "badroom03", game: "<img src=x onerror=alert(1)>" },
        { ...good, room: "badroom04", savedAt: NaN },
      ]) await store.saveRoom(bad);
      localStorage.setItem("tabletop.seat.goodroom1", "{not json");
      localStorage.setItem("tabletop.seat.badroom01", JSON.stringify({ seat: -1, credential: 5 }));
    }""", base_url + "js/net/store.js")
    listed = page.evaluate("""async (storeUrl) => {
      const store = await import(storeUrl);
      return { rooms: (await store.listRooms()).map((r) => r.room), bad: await store.loadRoom("badroom02"),
               seat1: store.getSeat("goodroom1"), seat2: store.getSeat("badroom01"),
               notAnId: await store.loadRoom("../x") };
    }""", base_url + "js/net/store.js")
    assert listed == {"rooms": ["goodroom1"], "bad": None, "seat1": None, "seat2": None, "notAnId": None}
    page.reload()
    saved = page.get_by_test_id("saved-tables")
    expect(saved).to_be_visible(timeout=BOOT_MS)
    expect(saved.locator(".net-saved-row")).to_have_count(1)
    expect(saved).to_contain_text("goodroom1")
    # a hosted table link for a damaged record: told it is not saved, the picker works
    page.goto(base_url + "?host=badroom02")
    expect(page.get_by_test_id("game-picker")).to_be_visible(timeout=BOOT_MS)
    assert errors == []
