// The host of a phone table (docs/net.md). Its worker holds the only full state (a Room,
// engine/table/room.py); this page only moves bytes:
//   a device's message --data channel--> worker op room_message {room, device, message}
//   reply.outbox = [{to, message}, ...] --> each message to its device ("host": this page)
// The host's own seat (seat 0) is the device "host": its taps go through room_message too.
// Also here: the join link and its QR code, the viewing code for a shared screen, notices,
// "play one step" for an offline seat, the timers' ticks (room_tick when next_tick says: the
// reply of room_tick, and of room_message, whose move may start a pause or a timer),
// and persistence: room_save into IndexedDB after every accepted move or seat change —
// written before any device is sent the move, so a move anyone has seen is never lost —
// and room_restore (paused, with a Resume button) after a reload (saving: host-save.js).

import { esc } from "../games/gems-ui.js";
import { DEVICE_LIMITS, Link, loadConfig, loadPeerJS, now, peerErrorText, peerIds, peerOptions, randomId } from "./link.js";
import { deleteRoom, loadRoom } from "./store.js";
import { TableView, loadCSS, GAME_UI } from "./ui.js";
import { offerSaved, saveHost, saveKeyFor } from "./host-save.js";
import { roomBotMove } from "../bots/bot-worker.js";
import { rememberName, rememberedName } from "./names.js";
import { HostCodes } from "./host-codes.js";

const V = 1;
const IDLE_TICK_S = 60;  // with nothing scheduled, still tick now and then (24-hour expiry)
const WARM_MS = 2500;    // the engine's warm-up while the table fills: at most this long (warmUp)
const RECORD = new URLSearchParams(location.search).has("netlog");
// a device's messages waiting in the op queue at once; more are dropped (and the device told),
// so a flooding device delays another's move by at most this many ops (docs/net.md)
const MAX_QUEUED_PER_DEVICE = 4;
const TELL_REFUSED_EVERY_MS = 2000;  // a device is told of its dropped messages at most this often

let app = null;      // what app.js hands over: {engine, toast, showScreen, setTheme, games}
let current = null;  // the Host being shown

/** app.js calls this once the engine is ready (and the picker is on screen). */
export async function onBoot(appApi, params) {
  app = appApi;
  const room = params.get("host");
  if (room) {
    const record = await loadRoom(room).catch(() => null);
    if (record) { await restoreTable(record); return; }
    app.toast("That table is no longer saved on this device (it closed or expired).");
    history.replaceState(null, "", location.pathname);
  }
  offerSaved(app.games, restoreTable).catch(() => {});
}

/** the new-game form's "Host a table (phones)": cfg = {game, players, seats, seed, joining};
 *  joining: "server" (a join link, PeerJS's signalling server) or "codes" (no server at all:
 *  host-codes.js) */
export async function hostTable(appApi, cfg) {
  app = appApi;
  if (cfg.seats[0] !== "human") {
    app.toast("Seat 1 is the host's own seat: make it a human seat to host a table.");
    return;
  }
  if (current) await current.close("the host started another table");
  const host = new Host();
  try {
    await host.create(cfg);
  } catch (err) {
    host.teardown();
    app.toast(err && err.message ? err.message : String(err));
  }
}

async function restoreTable(record) {
  if (current) await current.close("the host opened another table");
  const host = new Host();
  try {
    await host.restore(record);
  } catch (err) {
    host.teardown();
    app.toast(`The saved table could not be restored: ${err && err.message ? err.message : err}`);
  }
}

// ---------------------------------------------------------------------------- the host

class Host {
  constructor() {
    this.room = null;
    this.credential = null;
    this.links = new Map();      // device id -> Link
    this.linkStats = new Map();  // device id -> {refusals, cost, packed} of its link, kept after it closes (last 100)
    this.peers = [];             // [main Peer, viewing-code Peer]
    this.queue = Promise.resolve();
    this.tag = randomId(4);      // device ids of this page load: d<n>-<tag>
    this.nDevices = 0;
    this.ref = 0;
    this.savedVersion = null;
    this.savedKey = null;
    this.seatChanges = 0;
    this.closed = false;
    this.tickTimer = 0;
    this.log = RECORD ? [] : null;
    this.stats = { ops: [] };
    this.sentAt = {};            // version -> when the worker's reply was handed out (bench/bench_net.py)
  }

  // ------------------------------------------------------------------ start
  async create(cfg) {
    this.room = randomId(10);
    this.game = cfg.game;
    this.players = cfg.players;
    this.joining = cfg.joining === "codes" ? "codes" : "server";
    // names are cleaned by the engine (engine/table/names.py); computers are named by level there
    const seats = cfg.seats.map((k, i) => (k === "human" ? { kind: "human", name: (cfg.names || [])[i] || "" } : { kind: "bot", bot: k }));
    const fields = { game: cfg.game, players: cfg.players, seats };
    if (cfg.seed !== null && cfg.seed !== undefined) fields.seed = cfg.seed;
    if (cfg.options && Object.keys(cfg.options).length) fields.options = cfg.options;
    await this.show();
    const reply = await this.op("room_create", fields);
    this.credential = reply.credential;
    history.replaceState(null, "", `?host=${encodeURIComponent(this.room)}`);
    this.kick();
    this.warmUp();
    await this.listen();
  }

  /** While the table fills (phones joining, nobody has moved yet) the host's engine warms up: a
   *  scratch match of the same game, a computer playing every seat one request at a time, makes
   *  the browser compile Pyodide's hot code to optimised machine code now (WebAssembly tier-up:
   *  ≈ 0.9 s of CPU on a background thread here) instead of in the table's first moves, where it
   *  took the CPU the devices needed to draw them (docs/net.md, fourteenth session). It stops at
   *  the table's first move, when the table closes or after WARM_MS; nothing of it is shown or
   *  kept (the match is dropped), and a request of the table waits behind one step at most. */
  async warmUp() {
    const ask = (op, fields) => app.engine.request(op, fields);
    const until = now() + WARM_MS;
    const moved = () => !!(this.last && this.last.events && this.last.events.length);
    let match = null;
    try {
      while (!this.closed && !moved() && now() < until) {
        if (match === null) {
          match = (await ask("new_match", { game: this.game, players: this.players, seed: 1 })).match;
        }
        const state = await ask("state", { match, seat: null });
        if (state.over) { await ask("drop", { match }); match = null; continue; }
        const seat = state.to_act[0];
        await ask("state", { match, seat });  // a seat's view and listing, as an update carries
        const { move } = await ask("bot_move", { match, seat, bot: "greedy" });
        await ask("play", { match, seat, move });
      }
    } catch (err) {
      console.warn("the engine's warm-up stopped:", err && err.message ? err.message : err);
    } finally {
      if (match !== null) ask("drop", { match }).catch(() => {});
    }
  }

  async restore(record) {
    this.room = record.room;
    this.game = record.game;
    this.players = record.players;
    this.joining = record.joining === "codes" ? "codes" : "server";
    await this.show();
    const reply = await this.op("room_restore", { saved: record.saved }, { noRoom: true });
    this.credential = reply.credential;
    this.viewing = record.saved && record.saved.viewing_code;  // a screen may come back with it
    if (this.viewing) this.showViewing(this.viewing);
    history.replaceState(null, "", `?host=${encodeURIComponent(this.room)}`);
    this.kick();
    await this.listen();
  }

  async show() {
    current = this;
    await loadCSS();
    app.showScreen("net");
    app.setTheme(this.game);
    let section = document.getElementById("net-host");
    if (section) section.remove();
    section = document.createElement("section");
    section.id = "net-host";
    section.className = "screen net-host";
    section.setAttribute("data-testid", "net-host");
    const title = ((app.games || []).find((g) => g.id === this.game) || { title: this.game }).title;
    section.innerHTML = `
      <details class="panel net-invite" data-testid="invite" open>
        <summary><b>${esc(title)}</b> · table <code data-testid="room-id">${esc(this.room)}</code>
          <span class="muted" data-testid="host-status">starting…</span></summary>
        <div class="net-invite-body">
          <div class="qr" data-testid="join-qr" aria-label="QR code of the join link"></div>
          <div class="net-invite-text">
            <p>Phones join with this link (or the QR code), pick a free seat and play:</p>
            <p><a data-testid="join-link" class="join-link" target="_blank" rel="noopener"></a>
              <button type="button" class="btn small ghost" data-testid="copy-link">Copy</button></p>
            <p class="muted">Refreshing the link on a phone gives the seat back. Keep this page open: it holds the game.</p>
            <div class="row net-actions">
              <button type="button" class="btn secondary" data-testid="viewing-code-btn">Show on a shared screen</button>
              <button type="button" class="btn ghost" data-testid="close-table">Close the table</button>
            </div>
            <p class="net-viewing" data-testid="viewing" hidden></p>
            <form class="net-form net-host-name" data-testid="host-rename-form">
              <label>Your name <input maxlength="24" autocomplete="nickname" placeholder="Seat 1 until you name yourself" data-testid="host-name"></label>
              <button type="submit" class="btn small ghost" data-testid="host-rename">Change my name</button>
            </form>
          </div>
        </div>
      </details>
      <div class="net-host-view"></div>`;
    document.getElementById("app").appendChild(section);
    this.section = section;
    if (this.joining === "codes") {
      // no server: phones join by exchanging codes (host-codes.js) instead of the join link
      const body = section.querySelector(".net-invite-text");
      section.querySelector("[data-testid=join-qr]").remove();
      for (const el of [...body.children].slice(0, 3)) el.remove();
      const codesBox = document.createElement("div");
      body.prepend(codesBox);
      this.codes = new HostCodes(this, codesBox);
    }
    const joinUrl = new URL(`table.html?join=${encodeURIComponent(this.room)}`, location.href).href;
    this.joinUrl = joinUrl;
    const a = section.querySelector("[data-testid=join-link]");
    if (a) {
      a.href = joinUrl;
      a.textContent = joinUrl;
      this.drawQR(joinUrl);
      section.querySelector("[data-testid=copy-link]").addEventListener("click", () => {
        navigator.clipboard && navigator.clipboard.writeText(joinUrl).then(() => app.toast("Link copied.", "info"), () => {});
      });
    }
    section.querySelector("[data-testid=viewing-code-btn]").addEventListener("click", () => this.viewingCode());
    const nameField = section.querySelector("[data-testid=host-name]");
    nameField.value = rememberedName();
    section.querySelector("[data-testid=host-rename-form]").addEventListener("submit", (e) => {  // the engine cleans it
      e.preventDefault();
      const name = nameField.value.trim();
      if (!name || this.closed) return;
      rememberName(name);
      this.command({ type: "rename", name });
    });
    section.querySelector("[data-testid=close-table]").addEventListener("click", () => {
      if (this.closed || confirmClose()) this.close("the host closed the table").then(() => app.showScreen("picker"));
    });
    this.view = new TableView(section.querySelector(".net-host-view"), {
      mode: "host",
      attempt: (move) => this.attempt(move),
      onStep: (seat) => this.step(seat),
      onResume: () => this.resumeGame(),
      logKey: () => (this.room ? `${this.room}.host` : null),  // the log survives the host's reload
    });
    this.view.setConnection("connecting", "Opening the table…");
    exposeForTests(this);
  }

  async drawQR(url) {
    try {
      const { default: qrcode } = await import("../../vendor/qrcode.mjs");
      const qr = qrcode(0, "M");
      qr.addData(url);
      qr.make();
      this.section.querySelector("[data-testid=join-qr]").innerHTML = qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
    } catch (err) {
      console.error(err);
    }
  }

  // ------------------------------------------------------------------ the worker
  /** one room op, in order with every other; its outbox is delivered before it resolves */
  op(name, fields = {}, { noRoom = false } = {}) {
    if (name === "room_save_now") return this.enqueue(() => this.saveNow());
    const run = async () => {
      const t0 = now();
      const reply = await app.engine.request(name, noRoom ? fields : { room: this.room, ...fields });
      if (this.stats.ops.length < 2000) this.stats.ops.push({ op: name, ms: now() - t0 });
      if (reply.outbox) {
        // write-ahead: an accepted move or a seat change is stored before any device sees it; an
        // accepted move's reply carries the room after it (`saved`), a seat change asks room_save
        const key = this.saveKey(reply.outbox);
        if (key !== null && !this.closed) await this.saveNow(key, reply.saved || null);
        this.deliver(reply.outbox);
      }
      return reply;
    };
    return this.enqueue(run);
  }

  enqueue(fn) {
    const p = this.queue.then(fn);
    this.queue = p.catch(() => {});
    return p;
  }

  deliver(outbox) {
    const at = now();
    const mine = [];
    let changed = false;
    let seated = false;
    for (const { to, message } of outbox) {
      if (message.type === "update") {
        changed = true;
        if (!(message.version in this.sentAt)) this.sentAt[message.version] = at;
      }
      if (message.type === "seated") seated = true;  // a new or moved credential: keep it
      if (to === "host") { mine.push(message); continue; }
      const link = this.links.get(to);
      if (!link) continue;
      link.send(message);
      if (message.type === "closed") setTimeout(() => link.close(), 1500);
    }
    // the devices' bytes leave first; then this page draws its own seat (in its next frame: local)
    for (const message of mine) this.local(message);
  }

  /** a message to the host's own seat. An update is drawn at this page's next animation frame,
   *  not at once: here we are inside the write-ahead's IndexedDB completion, right after the
   *  devices were sent their bytes, and the host's own drawing (its JS, style, layout, paint)
   *  would take the CPU the devices need to receive and draw theirs on a shared machine; in its
   *  frame it is drawn and painted in one go. What comes after an update waits
   *  behind it, in order; a hidden page draws at once (it paints nothing). */
  local(message) {
    // whether a refusal is toasted is decided now: its move's attempt() is still waiting
    const toast = message.type === "refused"
      && (message.ref === undefined || message.ref === null || !this.pendingRefs.has(message.ref));
    const run = (inFrame = false) => this.localNow(message, toast, inFrame);
    if (this._localQueue) { this._localQueue.push(run); return; }
    if (message.type !== "update" || document.hidden) { run(); return; }
    this._localQueue = [run];
    let done;
    this._localDrawn = new Promise((resolve) => { done = resolve; });
    this._localDone = done;
    const flush = (inFrame) => {
      const queue = this._localQueue;
      if (!queue) return;
      this._localQueue = null;
      clearTimeout(this._localTimer);
      try { for (const f of queue) f(inFrame); } finally { done(); }
    };
    requestAnimationFrame(() => flush(true));
    this._localTimer = setTimeout(() => flush(false), 250);  // no frame comes (a page hidden meanwhile)
  }

  localNow(message, toast, inFrame) {
    if (this.log) this.log.push(message);
    switch (message.type) {
      case "update":
        this.last = message;
        this.view.update(message, { inFrame });
        break;
      case "notice": this.view.notice(message); break;
      case "refused":
        if (toast) app.toast(message.reason);
        break;
      case "closed": this.onClosed(message.reason); break;
      default: break;
    }
  }

  get pendingRefs() { return this._refs || (this._refs = new Set()); }

  /** the host's own move: through room_message exactly like a phone's */
  async attempt(move) {
    if (!this.last || this.closed) return false;
    const ref = ++this.ref;
    this.pendingRefs.add(ref);
    this.tapAt = now();
    const reply = await this.op("room_message", {
      device: "host",
      message: { v: V, type: "move", credential: this.credential, version: this.last.version, move, ref },
    }).catch((err) => ({ error: err }));
    this.pendingRefs.delete(ref);
    // resolved once this page shows the move (as a renderer expects: its table is redrawn)
    if (this._localQueue) await this._localDrawn;
    if (reply.error) { app.toast(reply.error.message || String(reply.error)); return false; }
    const refused = (reply.outbox || []).find((e) => e.to === "host" && e.message.type === "refused" && e.message.ref === ref);
    if (refused) { app.toast(refused.message.reason); return false; }
    this.kickAfter(reply);
    return true;
  }

  async command(message) {
    const ref = ++this.ref;
    this.pendingRefs.add(ref);
    const reply = await this.op("room_message", { device: "host", message: { v: V, credential: this.credential, ref, ...message } });
    this.pendingRefs.delete(ref);
    const refused = (reply.outbox || []).find((e) => e.to === "host" && e.message.type === "refused" && e.message.ref === ref);
    if (refused) app.toast(refused.message.reason);
    this.kickAfter(reply);
    return !refused;
  }

  step(seat) { return this.command({ type: "step", seat }); }
  async resumeGame() {
    return this.command({ type: "resume_game" });
  }

  async viewingCode() {
    const reply = await this.op("room_viewing_code");
    const code = reply.code;
    this.op("room_save_now").catch(() => {});  // the code is part of the saved room
    this.showViewing(code);
    this.listenViewing(code);
    return code;
  }

  showViewing(code) {
    const box = this.section.querySelector("[data-testid=viewing]");
    if (this.joining === "codes") {  // no server: a screen joins with Add a shared screen (its code carries this one)
      box.hidden = false;
      box.innerHTML = `Viewing code <b class="viewing-code" data-testid="viewing-code">${esc(code)}</b> — a shared screen joins with
        <i>Add a shared screen</i> above; a phone that finds the table full can watch with this code.`;
      return;
    }
    const watchUrl = new URL(`table.html?watch=${encodeURIComponent(this.room)}`, location.href).href;
    box.hidden = false;
    box.innerHTML = `Viewing code <b class="viewing-code" data-testid="viewing-code">${esc(code)}</b> — on the shared screen, open
      <a href="${esc(new URL("table.html?watch", location.href).href)}" target="_blank" rel="noopener">${esc(new URL("table.html", location.href).href)}</a>
      and enter the code (or open <a data-testid="watch-link" href="${esc(watchUrl)}" target="_blank" rel="noopener">this table's screen link</a>).`;
  }

  // ------------------------------------------------------------------ ticks (computer seats, timers, expiry)
  /** tick soon: room_tick says what is due and when to tick next */
  kick() {
    if (this.closed) return;
    clearTimeout(this.tickTimer);
    // once this page has drawn what it was just sent (local): the tick's work in the worker does
    // not take the CPU while the devices receive and draw the move
    const soon = () => {
      if (this.closed) return;
      clearTimeout(this.tickTimer);
      this.tickTimer = setTimeout(() => this.tick(), 0);
    };
    if (this._localQueue) this._localDrawn.then(soon); else soon();
  }
  /** after a room_message: its reply says when the room next has something to do (`next_tick`,
   *  Room.next_tick: a computer seat's pause, a timer), so the host ticks then, not at once — a
   *  tick before it would find nothing to do, and it would take the worker while the devices
   *  draw the move. Due now (0), or a reply without it: tick soon (kick). */
  kickAfter(reply) {
    const next = reply ? reply.next_tick : undefined;
    if (this.closed) return;
    if (next === null || (typeof next === "number" && next > 0)) this.tickIn(next);
    else this.kick();
  }

  /** the next tick in `seconds` (room_tick's or room_message's `next_tick`; null: nothing is
   *  scheduled), and at least every IDLE_TICK_S */
  tickIn(seconds) {
    clearTimeout(this.tickTimer);
    const due = seconds === null || seconds === undefined ? IDLE_TICK_S : Math.min(IDLE_TICK_S, seconds);
    this.tickTimer = setTimeout(() => this.tick(), due * 1000 + 5);
  }

  async tick() {
    if (this.closed) return;
    clearTimeout(this.tickTimer);
    let reply;
    try { reply = await this.op("room_tick"); } catch (err) { console.error(err); return; }
    if (this.closed) return;
    if (reply.bot_due && !this.botThinking) this.botThink(reply.bot_due);
    if (reply.outbox && reply.outbox.length) {  // something happened: perhaps more is due at once
      clearTimeout(this.tickTimer);
      this.tickTimer = setTimeout(() => this.tick(), 0);
    } else {
      this.tickIn(reply.next_tick);
    }
  }

  /** A hard computer seat is due (room_tick's bot_due): it thinks in the bot worker, which the
   * table's worker asks directly (bot_think), outside the op queue, so every device's messages go
   * on being answered meanwhile. The move is played in the room by the table's worker
   * (room_bot_move, checked like any move); its outbox is saved and delivered in queue order. */
  botThink(due) {
    this.botThinking = true;
    roomBotMove(app.engine, this.room, due.seat)
      .then((reply) => {
        if (this.stats.bot === undefined) this.stats.bot = [];
        if (this.stats.bot.length < 2000) this.stats.bot.push({ ms: reply.ms, wait_ms: reply.wait_ms });
        return this.enqueue(async () => {
          if (this.closed || !reply.outbox) return;
          const key = this.saveKey(reply.outbox);
          if (key !== null) await this.saveNow(key);
          this.deliver(reply.outbox);
        });
      })
      .catch((err) => console.warn("the computer's move was not played:", err && err.message))  // the room plays normal after its wait
      .finally(() => { this.botThinking = false; this.kick(); });
  }

  // ------------------------------------------------------------------ persistence (host-save.js)
  /** what must be stored after an outbox (null when nothing changed) */
  saveKey(outbox) { return saveKeyFor(this, outbox); }
  /** the room into IndexedDB (called inside the op queue): `saved` when the op's reply carried
   *  it (the room right after the move, nothing in between), else room_save's */
  async saveNow(key = null, saved = null) { return saveHost(this, app.engine, key, saved); }

  // ------------------------------------------------------------------ the network
  async listen() {
    if (this.joining === "codes") {  // no signalling server: HostCodes hands each channel to accept()
      this.status("online", "Open: add phones with codes");
      return;
    }
    let Peer;
    try {
      [Peer, this.cfg] = await Promise.all([loadPeerJS(), loadConfig()]);
    } catch (err) {
      this.status("offline", `No phone table: ${err.message}`);
      return;
    }
    this.Peer = Peer;
    this.ids = peerIds(this.cfg);
    this.mainPeer = this.openPeer(this.ids.host(this.room), "main");
    if (this.viewing) this.listenViewing(this.viewing);
  }

  /** a PeerJS peer that accepts devices; comes back by itself when the signalling server drops */
  openPeer(id, role) {
    const peer = new this.Peer(id, peerOptions(this.cfg));
    const entry = { peer, role, id, retry: 0 };
    this.peers.push(entry);
    peer.on("open", () => {
      entry.retry = 0;
      if (role === "main") this.status("online", "Open: phones can join");
    });
    peer.on("connection", (conn) => this.accept(conn));
    peer.on("disconnected", () => {
      if (this.closed || peer.destroyed) return;
      if (role === "main") this.status("connecting", "Lost the signalling server: reconnecting… (connected phones keep playing)");
      setTimeout(() => { if (!peer.destroyed && peer.disconnected) try { peer.reconnect(); } catch { /* retried below */ } }, backoff(entry.retry++));
    });
    peer.on("error", (err) => {
      if (this.closed) return;
      if (err.type === "peer-unavailable") return;  // a device that went away meanwhile
      if (role === "main") this.status("connecting", `${peerErrorText(err)}: retrying…`);
      if (err.type === "unavailable-id" || err.type === "network" || err.type === "server-error" || err.type === "socket-error") {
        // the id may still be held by this page's previous life for a moment: start over
        const wait = backoff(entry.retry++);
        setTimeout(() => {
          if (this.closed || !this.peers.includes(entry)) return;
          if (peer.open) return;
          peer.destroy();
          this.peers = this.peers.filter((e) => e !== entry);
          const again = this.openPeer(id, role);
          again.retry = entry.retry;
          if (role === "main") this.mainPeer = again;
          else this.viewPeer = again;
        }, wait);
      }
    });
    return entry;
  }

  listenViewing(code) {
    this.viewing = code;
    if (!this.Peer) return;
    if (this.viewPeer) {
      this.viewPeer.peer.destroy();
      this.peers = this.peers.filter((e) => e !== this.viewPeer);
    }
    this.viewPeer = this.openPeer(this.ids.view(code), "view");
  }

  accept(conn) {
    if (this.closed) { conn.close(); return; }
    const device = `d${++this.nDevices}-${this.tag}`;
    const link = new Link(conn, { limits: DEVICE_LIMITS, label: `device ${device}` });
    this.links.set(device, link);
    this.linkStats.set(device, { refusals: link.refusals, cost: link.cost, packed: link.packed });
    if (this.linkStats.size > 100) this.linkStats.delete(this.linkStats.keys().next().value);
    const connected = () => this.op("room_connect", { device }).catch(() => {});
    if (link.open) connected(); else link.onopen = connected;
    let queued = 0;
    let toldAt = -Infinity;
    const refuse = (code, reason, closing = false) => {
      // the device hears why its message went nowhere, but a flood gets no flood of answers
      const at = now();
      if (at - toldAt < TELL_REFUSED_EVERY_MS && !closing) return;
      toldAt = at;
      link.send({ v: V, type: "refused", code, reason: `the host dropped a message from this device: ${reason}` });
    };
    link.onrefused = refuse;
    link.onmessage = (message) => {
      if (queued >= MAX_QUEUED_PER_DEVICE) {
        link._refused("rate_limited", `more than ${MAX_QUEUED_PER_DEVICE} messages waiting for the engine`);
        return;
      }
      queued++;
      this.op("room_message", { device, message })
        .then((reply) => this.kickAfter(reply), (err) => console.warn(`device ${device}: room_message failed:`, err && err.message ? err.message : err))
        .finally(() => { queued--; });
    };
    link.onclose = () => {
      this.links.delete(device);
      if (!this.closed) this.op("room_disconnect", { device }).then(() => this.kick(), () => {});
    };
  }

  status(state, text) {
    if (!this.section) return;
    const el = this.section.querySelector("[data-testid=host-status]");
    el.textContent = text;
    el.dataset.state = state;
    this.view.setConnection(state, state === "online" ? "Table open" : text);
  }

  // ------------------------------------------------------------------ closing
  async close(reason) {
    if (this.closed) { this.teardown(); return; }
    try { await this.op("room_close", { reason }); } catch { /* already gone */ }
    await this.onClosed(reason);
    this.teardown();
  }

  async onClosed(reason) {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.tickTimer);
    await deleteRoom(this.room).catch(() => {});
    if (this.view) {
      this.view.addNotice(`The table closed: ${reason}.`, { kind: "closed", tone: "warn", sticky: true });
      this.view.setConnection("closed", "Table closed");
    }
    if (this.section) this.section.querySelector("[data-testid=host-status]").textContent = "closed";
    history.replaceState(null, "", location.pathname);
    // let the goodbyes leave, then hang up
    setTimeout(() => this.hangUp(), 1500);
  }

  hangUp() {
    if (this.codes) this.codes.close();
    for (const link of this.links.values()) link.close();
    this.links.clear();
    for (const e of this.peers) { try { e.peer.destroy(); } catch { /* gone */ } }
    this.peers = [];
  }

  teardown() {
    this.closed = true;
    clearTimeout(this.tickTimer);
    if (this._localQueue) { this._localQueue = null; clearTimeout(this._localTimer); this._localDone(); }
    this.hangUp();
    if (this.view) this.view.destroy();
    if (this.section) this.section.remove();
    if (current === this) current = null;
  }
}

function backoff(n) {
  return Math.min(5000, 500 * 1.6 ** Math.min(n, 6)) * (0.8 + Math.random() * 0.4);
}

// the host page going away (closed, reloaded) says goodbye: phones start reconnecting at once
addEventListener("pagehide", () => { if (current) for (const link of current.links.values()) link.bye(); });

function confirmClose() {
  return window.confirm("Close the table for everyone? The game ends and its saved copy is deleted.");
}

/** what a test (or a curious person in the console) may read of the host */
function exposeForTests(host) {
  window.tabletopNet = {
    role: "host",
    get room() { return host.room; },
    get seat() { return 0; },
    get credential() { return host.credential; },
    get version() { return host.last ? host.last.version : null; },
    get last() { return host.last || null; },
    /** an update handed to this page's own seat waits for its frame (Host.local): until it is drawn,
     *  `last` and `version` still show the one before, while the devices may already show it */
    get drawing() { return Boolean(host._localQueue); },
    get legalMoves() { return host.view ? host.view.legalMoves : []; },
    get devices() { return [...host.links.keys()]; },
    /** per device: the messages its link dropped (framing.js limits), {count, byCode} */
    get refusals() { return Object.fromEntries([...host.linkStats].map(([d, l]) => [d, l.refusals])); },
    /** per device: main-thread time spent on its messages, {messages, totalMs, maxMs} */
    get linkCost() { return Object.fromEntries([...host.linkStats].map(([d, l]) => [d, l.cost])); },
    /** per device: the texts its link sent packed, {sent, chars (before), wire (after)} */
    get packed() { return Object.fromEntries([...host.linkStats].map(([d, l]) => [d, l.packed])); },
    get received() { return host.log; },
    get stats() { return host.stats; },
    get tapAt() { return host.tapAt; },
    get drawn() { return host.view ? host.view.drawn : {}; },
    get timing() { return host.view ? host.view.timing : {}; },
    get shown() { return host.view ? host.view.shown : {}; },
    get sentAt() { return host.sentAt; },
    get savedVersion() { return host.savedVersion; },
    get joinUrl() { return host.joinUrl; },
    get joining() { return host.joining; },
    /** no server: the codes made so far, {kind, chars, modules} */
    get codeSizes() { return host.codes ? host.codes.sizes : []; },
    play: (move) => host.attempt(move),
    save: () => host.op("room_save").then((r) => r.saved),
    viewingCode: () => host.viewingCode(),
    games: GAME_UI,
  };
}
