// A phone or a shared screen at a table hosted by another device (table.html; docs/net.md).
//
//   table.html?join=<room>    a phone: the lobby, a free seat, then the game. The seat's
//                             credential is kept in localStorage (per room), so a refresh of
//                             the same link in the same browser sends `resume` and gets the
//                             seat back; a dropped connection comes back by itself (backoff).
//   table.html?watch=<room>   a shared screen: enter the viewing code, see the public table
//   table.html?watch          the same with only the viewing code (it names the host's peer)
//   table.html                enter a room link/id or a viewing code
//   table.html?codes          no server: the host's code (scanned or pasted) in, this
//                             device's answer out (docs/net.md "Joining with codes");
//                             ?codes=<room> after a reload: a new code takes the seat back
//
// No engine runs here. Every view, legal move and timer comes from the host; a move is sent
// as {"v":1,"type":"move","credential","version","move"} and the host's engine judges it.

import {
  HOST_LIMITS, Link, loadConfig, loadPeerJS, now, peerErrorText, peerIds, peerOpen, peerOptions,
} from "./link.js";
import { forgetSeat, getSeat, setSeat } from "./store.js";
import { GAME_UI, TableView } from "./ui.js";
import { keepFinalRecord } from "./final-record.js";
import { messageProblem } from "./checks.js";
import { NAME_MAX, rememberName, rememberedName } from "./names.js";
import { esc } from "../games/gems-ui.js";
import { decodeCode } from "./codes.js";
import { answerOffer } from "./direct.js";
import { qrSvg, scanWithCamera } from "./scan.js";

const V = 1;
const params = new URLSearchParams(location.search);
const RECORD = params.has("netlog");
const OPEN_TIMEOUT_MS = 10000;
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------- toast
let toastTimer = 0;
function toast(message, kind = "error") {
  const el = $("error-toast");
  el.textContent = message;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 6000);
}
$("error-toast").addEventListener("click", () => { $("error-toast").hidden = true; });

// both patch only what changes (they run on every update: docs/net.md "Updates")
const setHidden = (el, hidden) => { if (el.hidden !== hidden) el.hidden = hidden; };
function showSection(name) {
  for (const id of ["entry", "lobby", "watch-entry", "game"]) setHidden($(id), id !== name);
  setHidden($("device-menu"), !(name === "game" && device && device.mode === "phone" && device.seat !== null));
}
function status(text, state = "info") {
  const el = $("device-status");
  if (el.textContent !== text) el.textContent = text;
  if (el.dataset.state !== state) el.dataset.state = state;
  setHidden(el, !text);
}

function titleOf(game) {
  return { splendor: "Splendor", guild: "Starlight Guild", stars: "The Girl Who Made the Stars", station: "Station" }[game] || game;
}

// ---------------------------------------------------------------------------- the device

class Device {
  /** mode: "phone" or "screen"; room (null for a screen that only has a viewing code) */
  constructor({ mode, room, code = null }) {
    this.mode = mode;
    this.room = room;
    this.code = code;
    this.seat = null;
    this.credential = null;
    this.link = null;
    this.retry = 0;
    this.ref = 0;
    this.pending = null;
    this.closed = false;
    this.moved = false;
    this.received = RECORD ? [] : null;
    this.arrived = {};  // version -> when its update arrived (bench/bench_net.py)
    this.view = null;
    this.lobbyMsg = null;
  }

  async start() {
    status("Connecting to the table…", "connecting");
    let Peer;
    try {
      [Peer, this.cfg] = await Promise.all([loadPeerJS(), loadConfig()]);
    } catch (err) {
      status(`Cannot start: ${err.message}`, "error");
      return;
    }
    this.ids = peerIds(this.cfg);
    this.peer = new Peer(this.ids.device(), peerOptions(this.cfg));
    this.peer.on("error", (err) => this.peerError(err));
    this.peer.on("disconnected", () => {
      if (this.closed) return;
      // the signalling server dropped: an open data channel goes on; come back for later reconnects
      setTimeout(() => { if (!this.peer.destroyed && this.peer.disconnected) try { this.peer.reconnect(); } catch { /* next time */ } }, 1000);
    });
    try {
      await peerOpen(this.peer);
    } catch (err) {
      status(`Cannot reach the table: ${peerErrorText(err)}. Retrying…`, "error");
      this.peer.destroy();
      setTimeout(() => this.start(), backoff(this.retry++));
      return;
    }
    this.connect();
  }

  // ------------------------------------------------------------------ no server: codes
  /** table.html?codes: wait for the host's code (docs/net.md "Joining with codes") */
  startCodes() {
    this.codes = true;
    showCodes(this.room
      ? "This device was at a table: on the host, tap <b>Add a phone</b> (or <b>Add a shared screen</b>) for a new code, and scan or paste it here to take your seat back."
      : null);
    status("", "info");
  }

  /** the host's code, scanned or pasted: checked, then this device's answer is shown */
  async useOffer(text) {
    codesError("");
    const r = decodeCode(text);
    if (r.error) { codesError(r.error); return false; }
    const offer = r.code;
    if (offer.kind === "answer") {
      codesError("This is a phone's answer: it goes to the host. Here, enter the code the host shows (Add a phone).");
      return false;
    }
    if (this.link && this.link.open) { codesError("This device is connected to the host already."); return false; }
    if (this.room && offer.room !== this.room) {
      codesError(`This code is for another table (${offer.room}); this device is at table ${this.room}. To join that table, open table.html?codes afresh.`);
      return false;
    }
    if (this.offerConn) {  // an earlier answer nobody took: dropped quietly
      if (this.link && this.link.conn === this.offerConn) this.link = null;
      this.offerConn.close();
      this.offerConn = null;
    }
    let made;
    try {
      made = await answerOffer(offer);
    } catch (err) {
      codesError(`This code could not be used: ${err.message}`);
      return false;
    }
    this.room = offer.room;
    this.mode = offer.kind === "screen" ? "screen" : "phone";
    if (this.mode === "screen") {
      this.code = offer.viewing;
      document.documentElement.classList.add("net-screen-mode");
    }
    const q = new URLSearchParams(location.search);
    q.set("codes", this.room);
    history.replaceState(null, "", `?${q.toString().replace(/=(&|$)/g, "$1")}`);
    this.offerConn = made.conn;
    made.conn.on("open", () => { if (this.offerConn === made.conn) this.offerConn = null; });
    this.attach(made.conn, 0);
    await showAnswer(made.text);
    return made.text;
  }

  /** no server, the link is gone: a new exchange of codes brings the host back */
  codesLost() {
    const text = "The connection to the host was lost. On the host, tap Add a phone for a new code, and scan or paste it here.";
    status(text, "reconnecting");
    if (this.view) this.view.setConnection("reconnecting", "Lost the host: a new code brings it back");
    showCodes(null);
  }

  target() {
    return this.room ? this.ids.host(this.room) : this.ids.view(this.code);
  }

  connect() {
    if (this.closed || this.moved) return;
    clearTimeout(this.retryTimer);
    this.attach(this.peer.connect(this.target(), { reliable: true, serialization: "raw" }), OPEN_TIMEOUT_MS);
  }

  /** a connection to the host (PeerJS's, or a DirectConn with no server) becomes this device's link */
  attach(conn, openTimeoutMs) {
    const link = new Link(conn, { limits: HOST_LIMITS, label: "the host" });
    this.link = link;
    const openTimer = openTimeoutMs ? setTimeout(() => { if (!link.open) link.close(); }, openTimeoutMs) : 0;
    link.onopen = () => {
      clearTimeout(openTimer);
      this.retry = 0;
      this.hostBack();
      if (this.codes) codesConnected();
      status("", "online");
      if (this.view) this.view.setConnection("online", "Connected");
    };
    link.onmessage = (msg, text) => {
      if (msg.type === "update" && !(msg.version in this.arrived)) this.arrived[msg.version] = now();
      if (this.received) this.received.push(text);
      this.receive(msg);
    };
    link.onclose = () => {
      clearTimeout(openTimer);
      if (this.link !== link) return;
      this.link = null;
      if (this.pending) this.settle(false, "The connection to the host dropped before it answered.");
      if (this.closed || this.moved) return;
      if (this.codes) { this.codesLost(); return; }  // no server: only a new code brings the host back
      const wait = backoff(this.retry++);
      if (this.lobbyMsg) this.hostAway();  // we were at the table: say how long we have waited
      else status(`Connection to the host lost — reconnecting in ${Math.ceil(wait / 1000)} s…`, "reconnecting");
      this.retryTimer = setTimeout(() => this.reconnect(), wait);
    };
  }

  reconnect() {
    if (this.closed || this.moved) return;
    if (this.peer.destroyed) { this.start(); return; }
    if (this.peer.disconnected) {
      try { this.peer.reconnect(); } catch { /* below */ }
      peerOpen(this.peer).then(() => this.connect(), () => {
        this.retryTimer = setTimeout(() => this.reconnect(), backoff(this.retry++));
      });
      return;
    }
    this.connect();
  }

  peerError(err) {
    if (this.closed) return;
    if (err.type === "peer-unavailable") {
      // the host is not there (reloading, closed): the link never opens; try again later
      if (this.link) this.link.close();
      else this.retryTimer = setTimeout(() => this.reconnect(), backoff(this.retry++));
      if (!this.awaySince) status(this.room ? "The host of this table is not online — retrying…" : "No table shows that viewing code — check it, or wait…", "reconnecting");
    }
  }

  /** the host went away (a reload, a crash): "The host is reconnecting… (12 s)", counting, until
   *  the link is open again (then the table shows "Paused until the host resumes", then play) */
  hostAway() {
    if (this.awaySince) return;
    this.awaySince = now();
    const draw = () => {
      if (!this.awaySince) return;
      const text = `The host is reconnecting… (${Math.floor((now() - this.awaySince) / 1000)} s)`;
      status(text, "reconnecting");
      if (this.view) this.view.setConnection("reconnecting", text);
    };
    draw();
    this.awayTimer = setInterval(draw, 1000);
  }
  hostBack() { clearInterval(this.awayTimer); this.awaySince = null; }

  send(message) {
    if (!this.link || !this.link.open) return false;
    return this.link.send(message);
  }

  // ------------------------------------------------------------------ messages from the host
  /** a message from the host: checked first (messageProblem); a bad one is dropped with a
   *  console reason and changes nothing; a handler that throws is reported, never fatal */
  receive(msg) {
    const problem = messageProblem(msg);
    if (problem) {
      console.warn(`dropped a message from the host: ${problem}`);
      this.badMessages = (this.badMessages || 0) + 1;
      return undefined;
    }
    try {
      return this.dispatch(msg);
    } catch (err) {
      console.error("could not show a message from the host", err);
      status(`Could not show the host's last message: ${err && err.message ? err.message : err}`, "error");
      return undefined;
    }
  }

  dispatch(msg) {
    switch (msg.type) {
      case "lobby": return this.onLobby(msg);
      case "seated": return this.onSeated(msg);
      case "watching": return this.onWatching(msg);
      case "update": return this.onUpdate(msg);
      case "notice": return this.onNotice(msg);
      case "refused": return this.onRefused(msg);
      case "transfer_code": return this.onTransferCode(msg);
      case "closed": return this.onClosed(msg);
      case "record": return keepFinalRecord(this, msg);  // the finished game, for History (final-record.js)
      default: return undefined;
    }
  }

  onLobby(msg) {
    this.lobbyMsg = msg;
    this.room = msg.room;
    $("device-title").textContent = titleOf(msg.game);
    if (this.mode === "screen") {
      const code = this.code || watchCodeFor(msg.room);
      if (code) { this.send({ v: V, type: "watch", code }); return; }
      showSection("watch-entry");
      return;
    }
    const stored = getSeat(msg.room);
    if (stored && stored.credential) {
      status("Taking your seat back…", "connecting");
      this.send({ v: V, type: "resume", credential: stored.credential, ref: "resume" });
      return;
    }
    this.drawLobby();
  }

  drawLobby(error = "") {
    const msg = this.lobbyMsg;
    if (!msg) return;
    // a full table (no free human seat) says so and offers to watch with the host's viewing code
    const full = !msg.seats.some((s) => s.kind === "human" && !s.taken);
    $("lobby-title").textContent = full ? `${titleOf(msg.game)} — this table is full` : `${titleOf(msg.game)} — pick a free seat`;
    $("lobby-full").hidden = !full;
    $("lobby-name").hidden = full;
    $("lobby-error").textContent = error;
    $("lobby-seats").innerHTML = msg.seats.map((s) => {
      const free = s.kind === "human" && !s.taken;
      const what = s.kind === "bot" ? "computer" : s.seat === 0 ? "the host" : free ? "free" : s.connected ? "taken" : "taken (offline)";
      return `<li class="net-lobby-seat" data-state="${free ? "free" : "taken"}">
        <span><i class="seat-dot s${s.seat}" aria-hidden="true"></i>${esc(s.name)} <small class="muted">${esc(what)}</small></span>
        ${free ? `<button type="button" class="btn primary small" data-join="${s.seat}" data-testid="join-seat-${s.seat}">Sit here</button>` : ""}</li>`;
    }).join("");
    showSection("lobby");
    status("", "online");
  }

  onSeated(msg) {
    this.seat = msg.seat;
    this.credential = msg.credential;
    this.room = msg.room || this.room;
    this.moved = false;
    setSeat(this.room, msg.seat, msg.credential);
    if (msg.how === "transferred") toast("This device now holds your seat.", "info");
    status("", "online");
  }

  onWatching(msg) {
    this.room = msg.room || this.room;  // reconnect to the host itself from now on
    if (this.code) rememberWatchCode(this.room, this.code);
    document.documentElement.classList.add("net-screen-mode");
  }

  onUpdate(msg) {
    if (!GAME_UI[msg.game]) { status(`This site cannot show ${msg.game} yet.`, "error"); return; }
    if (!this.view) {
      this.view = new TableView($("game"), {
        mode: this.mode,
        attempt: (move) => this.attempt(move),
        // the move log survives a refresh of this tab, per table and seat (log-store.js)
        logKey: () => (this.room ? `${this.room}.${this.mode === "screen" ? "screen" : `s${this.seat}`}` : null),
      });
      this.view.setConnection("online", "Connected");
    }
    if (msg.seat !== null && msg.seat !== undefined) this.seat = msg.seat;
    const title = `${titleOf(msg.game)}${this.mode === "screen" ? " · shared screen" : this.seat !== null ? ` · ${(msg.seats[this.seat] || {}).name || ""}` : ""}`;
    if ($("device-title").textContent !== title) $("device-title").textContent = title;
    showSection("game");
    this.view.update(msg);
    if (!this.awaySince) status(msg.paused ? "Paused until the host resumes" : "", msg.paused ? "paused" : "online");
    if (this.pending && msg.version > this.pending.version) this.settle(true);
  }

  onNotice(msg) {
    if (this.lobbyMsg) this.lobbyMsg = { ...this.lobbyMsg, seats: msg.seats, screen: msg.screen };
    if (msg.kind === "renamed" && msg.seat === this.seat && msg.seats && msg.seats[this.seat]) {
      $("device-title").textContent = `${titleOf(this.lobbyMsg ? this.lobbyMsg.game : "")} · ${msg.seats[this.seat].name}`;
    }
    if (this.view) this.view.notice(msg);
    else if (!$("lobby").hidden) this.drawLobby();
  }

  onRefused(msg) {
    if (this.pending && msg.ref === this.pending.ref) { this.settle(false, msg.reason); return; }
    switch (msg.code) {
      case "bad_credential":
        if (msg.ref === "resume") {
          forgetSeat(this.room);
          this.credential = null;
          this.seat = null;
          this.drawLobby("Your earlier seat at this table is no longer yours: pick a free seat.");
          return;
        }
        break;
      case "seat_moved":
        forgetSeat(this.room);
        this.moved = true;
        this.credential = null;
        this.seat = null;
        status(`${msg.reason}. This device no longer holds it.`, "error");
        if (this.view) { this.view.destroy(); this.view = null; }
        $("game").innerHTML = "";
        showSection(null);
        $("device-menu").hidden = true;
        if (this.link) this.link.close();
        return;
      case "seat_taken":
      case "bad_code":
        if (msg.ref === "watch" || this.mode === "screen") {
          forgetWatchCode(this.room);
          if (this.room) { showSection("watch-entry"); $("watch-error").textContent = msg.reason; } else { showSection("entry"); $("entry-error").textContent = msg.reason; }
          return;
        }
        this.drawLobby(msg.reason);
        return;
      default: break;
    }
    toast(msg.reason);
  }

  onTransferCode(msg) {
    const until = Date.now() + msg.expires_in * 1000;
    $("transfer-dialog").hidden = false;
    $("transfer-dialog").querySelector("[data-testid=transfer-code-shown]").textContent = msg.code;
    const tick = () => {
      const left = Math.max(0, Math.round((until - Date.now()) / 1000));
      $("transfer-detail").textContent = left
        ? `On the other device, open this table's link and enter the code. One use, valid ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} more. Keep it private.`
        : "This code has expired: make a new one.";
      if (left && !$("transfer-dialog").hidden) setTimeout(tick, 1000);
    };
    tick();
  }

  onClosed(msg) {
    this.closed = true;
    forgetSeat(this.room);
    forgetWatchCode(this.room);
    status(`This table has closed: ${msg.reason}.`, "closed");
    if (this.view) { this.view.setConnection("closed", "Table closed"); this.view.addNotice(`The table closed: ${msg.reason}.`, { kind: "closed", tone: "warn", sticky: true }); }
    $("device-menu").hidden = true;
    if (this.pending) this.settle(false, "The table closed.");
  }

  // ------------------------------------------------------------------ what this device sends
  join(seat) {
    const name = $("player-name").value.trim().slice(0, NAME_MAX);
    rememberName(name);  // the host's engine cleans it (engine/table/names.py)
    if (!this.send({ v: V, type: "join", seat, name: name || undefined, ref: "join" })) toast("Not connected to the host yet.");
  }

  transfer(code) {
    if (!this.send({ v: V, type: "transfer", code, ref: "transfer" })) toast("Not connected to the host yet.");
  }

  watch(code) {
    this.code = code;
    if (!this.send({ v: V, type: "watch", code, ref: "watch" })) toast("Not connected to the host yet.");
  }

  /** the renderer's move: to the host; resolves true once an update past it arrives */
  attempt(move) {
    if (!this.credential || !this.view || !this.view.last) return Promise.resolve(false);
    if (this.pending) return Promise.resolve(false);
    const ref = `m${++this.ref}`;
    const version = this.view.last.version;
    this.tapAt = now();
    if (!this.send({ v: V, type: "move", credential: this.credential, version, move, ref })) {
      toast("Not connected to the host: reconnecting…");
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(false, "The host did not answer."), 15000);
      this.pending = { ref, version, resolve, timer };
    });
  }

  settle(ok, reason = "") {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    if (!ok && reason) toast(reason);
    p.resolve(ok);
  }
}

/** reconnect delays: 0.5, 0.8, 1.3, 2, 3.3, then every 5 s (±20 %) */
function backoff(n) {
  return Math.min(5000, 500 * 1.6 ** Math.min(n, 6)) * (0.8 + Math.random() * 0.4);
}

const watchKey = (room) => `tabletop.watch.${room}`;
function watchCodeFor(room) { try { return room ? localStorage.getItem(watchKey(room)) : null; } catch { return null; } }
function rememberWatchCode(room, code) { try { if (room) localStorage.setItem(watchKey(room), code); } catch { /* private */ } }
function forgetWatchCode(room) { try { if (room) localStorage.removeItem(watchKey(room)); } catch { /* private */ } }

/** a room id from a pasted join link or a bare id */
function roomFrom(text) {
  const t = String(text || "").trim();
  try { const u = new URL(t); return u.searchParams.get("join") || u.searchParams.get("watch") || ""; } catch { /* not a URL */ }
  return /^[a-z0-9]{4,40}$/i.test(t) ? t : "";
}

// ---------------------------------------------------------------------------- start

let device = null;

// ---------------------------------------------------------------------------- the codes section
function showCodes(hint) {
  if (hint) $("codes-hint").innerHTML = hint;
  $("codes-offer").value = "";
  $("codes-answer").hidden = true;
  $("codes-answer-text").value = "";
  $("codes-answer-qr").innerHTML = "";
  $("codes-form").hidden = false;
  $("codes-scan").hidden = false;
  setHidden($("codes"), false);
  for (const id of ["entry", "lobby", "watch-entry"]) setHidden($(id), true);
}
function codesError(text) { $("codes-error").textContent = text; }
async function showAnswer(text) {
  $("codes-answer-text").value = text;
  $("codes-answer").hidden = false;
  $("codes-form").hidden = true;
  $("codes-scan").hidden = true;
  try {
    const { svg, modules } = await qrSvg(text);
    $("codes-answer-qr").innerHTML = svg;
    $("codes-answer").dataset.modules = String(modules);
  } catch (err) {
    console.error(err);
  }
}
function codesConnected() {
  setHidden($("codes"), true);
  codesError("");
}

function boot() {
  $("player-name").value = $("rename-input").value = rememberedName();
  const join = params.get("join");
  const watch = params.get("watch");
  if (params.has("codes")) {
    device = new Device({ mode: "phone", room: params.get("codes") || null });
    device.startCodes();
  } else if (join) {
    device = new Device({ mode: "phone", room: join });
    device.start();
  } else if (watch !== null && watch !== "") {
    device = new Device({ mode: "screen", room: watch, code: params.get("code") || null });
    document.documentElement.classList.add("net-screen-mode");
    device.start();
  } else {
    showSection("entry");
    status("");
    if (watch !== null) $("watch-code").focus();
  }
  exposeForTests();
}

$("lobby-seats").addEventListener("click", (e) => {
  const b = e.target.closest("[data-join]");
  if (b && device) device.join(Number(b.dataset.join));
});
$("lobby-watch-form").addEventListener("submit", (e) => {  // a full table: watch it as a shared screen
  e.preventDefault();
  const code = $("lobby-watch-code").value.trim().toUpperCase();
  if (!code || !device) return;
  device.mode = "screen";
  document.documentElement.classList.add("net-screen-mode");
  device.watch(code);
});
$("rename-form").addEventListener("submit", (e) => {  // editable: the seat's name, for everyone
  e.preventDefault();
  const name = $("rename-input").value.trim().slice(0, NAME_MAX);
  if (!name || !device || !device.credential) return;
  rememberName(name);
  $("device-menu").open = false;
  device.send({ v: V, type: "rename", credential: device.credential, name, ref: "rename" });
});
$("transfer-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("transfer-code").value.trim();
  if (code && device) device.transfer(code);
});
$("watch-room-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("watch-room-code").value.trim().toUpperCase();
  if (code && device) { $("watch-error").textContent = ""; device.watch(code); }
});
$("join-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const room = roomFrom($("join-room").value);
  if (!room) { $("entry-error").textContent = "That is not a table link."; return; }
  location.search = `?join=${encodeURIComponent(room)}`;
});
$("watch-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("watch-code").value.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,12}$/.test(code)) { $("entry-error").textContent = "A viewing code is a few letters and digits."; return; }
  $("entry-error").textContent = "";
  device = new Device({ mode: "screen", room: null, code });
  document.documentElement.classList.add("net-screen-mode");
  device.start();
});
$("make-transfer").addEventListener("click", () => {
  $("device-menu").open = false;
  if (device && device.credential) device.send({ v: V, type: "transfer_code", credential: device.credential, ref: "transfer_code" });
});
$("leave-seat").addEventListener("click", () => {
  $("device-menu").open = false;
  if (!device || !device.credential) return;
  if (!window.confirm("Give your seat back? Someone else may take it.")) return;
  device.send({ v: V, type: "leave", credential: device.credential, ref: "leave" });
  forgetSeat(device.room);
  device.credential = null;
  device.seat = null;
  location.reload();
});
// a page going away (closed, reloaded) says goodbye, so the host knows at once
addEventListener("pagehide", () => { if (device && device.link) device.link.bye(); });
$("transfer-close").addEventListener("click", () => { $("transfer-dialog").hidden = true; });
$("codes-form").addEventListener("submit", (e) => {
  e.preventDefault();
  if (device) device.useOffer($("codes-offer").value);
});
$("codes-scan").addEventListener("click", () => {
  codesError("");
  scanWithCamera($("codes-scan-box")).then((text) => { $("codes-offer").value = text; if (device) device.useOffer(text); },
    (err) => codesError(err.message));
});
$("codes-copy").addEventListener("click", () => {
  const text = $("codes-answer-text").value;
  if (navigator.clipboard && text) navigator.clipboard.writeText(text).then(() => toast("Answer copied.", "info"), () => {});
});

function exposeForTests() {
  window.tabletopNet = {
    get role() { return device ? device.mode : "entry"; },
    get room() { return device ? device.room : null; },
    get seat() { return device ? device.seat : null; },
    get credential() { return device ? device.credential : null; },
    get version() { return device && device.view && device.view.last ? device.view.last.version : null; },
    get last() { return device && device.view ? device.view.last : null; },
    get legalMoves() { return device && device.view ? device.view.legalMoves : []; },
    get connected() { return !!(device && device.link && device.link.open); },
    get joining() { return device && device.codes ? "codes" : "server"; },
    get received() { return device ? device.received : null; },
    get drawn() { return device && device.view ? device.view.drawn : {}; },
    get timing() { return device && device.view ? device.view.timing : {}; },
    get shown() { return device && device.view ? device.view.shown : {}; },
    get arrived() { return device ? device.arrived : {}; },
    get tapAt() { return device ? device.tapAt : null; },
    get badMessages() { return device ? device.badMessages || 0 : 0; },
    /** tests: a text as if the host had sent it, through this link's limits and checks;
     *  answers the link's refusal, or null */
    receiveText: (text) => {
      const link = device && device.link;
      if (!link || !link.onmessage) return "no link";
      const r = link._inbox.push(text, now());
      if (r.message) link.onmessage(r.message, r.text);
      return r.refused || null;
    },
    play: (move) => (device ? device.attempt(move) : Promise.resolve(false)),
    rtt: () => (device && device.link ? device.link.ping() : Promise.reject(new Error("not connected"))),
    // tests: this device stops sending anything (a phone gone out of range, without a goodbye)
    goSilent: () => { if (device && device.link) device.link._raw = () => true; },
    // tests (e2e/test_hostile_link.py): data-channel messages as they are, past this page's own
    // framing, as a hostile page would send them; answers how many the channel took
    sendRaw: (texts) => {
      const conn = device && device.link && device.link.conn;
      if (!conn || !device.link.open) return 0;
      let sent = 0;
      for (const t of texts) { try { conn.send(t); sent++; } catch { break; } }
      return sent;
    },
  };
}

boot();
