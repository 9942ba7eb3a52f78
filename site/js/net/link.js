// The transport of a phone table: PeerJS (client npm `peerjs`, served from /vendor/) over
// PeerJS's own signalling server, configured by /config.json (docs/net.md).
//
// A Link wraps one PeerJS DataConnection (reliable, ordered, serialization "raw") and carries
// JSON texts. It knows nothing of the table: it moves the host's and the devices' messages
// (docs/table.md) as they are, and adds only two things of its own, which never reach the
// table layer:
//   - framing: a text longer than FRAME_CHARS goes as several frames "\u0001id/k/n/part"
//     (browsers differ in the largest message a data channel carries; 16 KB is safe);
//   - limits on what arrives (framing.js): frames checked before anything is stored, bounded
//     partial messages with a timeout, a message size cap, a JSON depth cap and a rate limit;
//     a refused message is dropped with a console reason and reported to link.onrefused;
//   - a heartbeat: {"t":"ping"} / {"t":"pong"} every HEARTBEAT_MS both ways; a link that hears
//     nothing for SILENCE_MS closes itself, so a phone that vanished without a goodbye (screen
//     locked, out of range) is noticed, and a phone notices a host that vanished;
//   - a goodbye: {"t":"bye"} when a page goes away (pagehide: closed, reloaded), so the other
//     side knows at once instead of after SILENCE_MS;
//   - packing (docs/net.md "Small updates"): a page that reads packed texts (a phone or a
//     screen: limits.packed) says {"t":"caps","pack":1} when its link opens; the other side
//     then sends each text of more than PACK_OVER_BYTES bytes deflated (packing.js: in the same task).

import { DEVICE_LIMITS, FRAME_CHARS, HOST_LIMITS, Inbox, frameText, packable } from "./framing.js";
import { CAN_PACK, pack, unpack } from "./packing.js";

export { DEVICE_LIMITS, FRAME_CHARS, HOST_LIMITS };
export const HEARTBEAT_MS = 2000;
export const SILENCE_MS = 9000;
// a link that has this many messages dropped within one second is closed (after telling the
// other side): a flood then costs the receiving page one burst, not the whole flood
export const FLOOD_CLOSE = 300;

// ---------------------------------------------------------------------------- config

let configPromise = null;
/** /config.json (fetched once): {signalling: {host, port, path, secure, key}, iceServers, idPrefix} */
export function loadConfig() {
  if (!configPromise) {
    configPromise = fetch(new URL("../../config.json", import.meta.url), { cache: "no-cache" })
      .then((r) => { if (!r.ok) throw new Error(`config.json: HTTP ${r.status}`); return r.json(); });
  }
  return configPromise;
}

/** The PeerJS options for the config: empty host/port/secure mean "the page's own". */
export function peerOptions(cfg) {
  const sig = cfg.signalling || {};
  const secure = sig.secure === null || sig.secure === undefined ? location.protocol === "https:" : !!sig.secure;
  const pagePort = Number(location.port) || (location.protocol === "https:" ? 443 : 80);
  return {
    host: sig.host || location.hostname,
    port: Number(sig.port) || pagePort,
    path: sig.path || "/",
    secure,
    key: sig.key || "peerjs",
    config: { iceServers: Array.isArray(cfg.iceServers) ? cfg.iceServers : [] },
    debug: Number(sig.debug) || 0,
  };
}

/** the PeerJS id of a room's host, of a viewing code's listener, of a device */
export function peerIds(cfg) {
  const prefix = cfg.idPrefix || "tabletop-";
  return {
    host: (room) => `${prefix}${room}`,
    view: (code) => `${prefix}view-${String(code).trim().toUpperCase()}`,
    device: () => `${prefix}d-${randomId(12)}`,
  };
}

let peerLib = null;
/** loads vendor/peerjs.min.js once (a classic script that defines window.Peer) */
export function loadPeerJS() {
  if (!peerLib) {
    peerLib = new Promise((resolve, reject) => {
      if (window.Peer) { resolve(window.Peer); return; }
      const s = document.createElement("script");
      s.src = new URL("../../vendor/peerjs.min.js", import.meta.url).href;
      s.onload = () => (window.Peer ? resolve(window.Peer) : reject(new Error("PeerJS did not load")));
      s.onerror = () => reject(new Error("could not load vendor/peerjs.min.js"));
      document.head.appendChild(s);
    });
  }
  return peerLib;
}

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** random letters from crypto.getRandomValues (works on plain-http LAN pages too) */
export function randomId(n = 10) {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** a wall-clock time in ms with sub-ms precision, comparable between pages of one machine */
export const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------- a link

let frameSeq = 0;

export class Link {
  /**
   * conn: a PeerJS DataConnection (opened with {reliable: true, serialization: "raw"}).
   * link.onmessage(obj, text) gets every table message (text: the JSON as received);
   * link.onclose() once when the link is gone (either side, or silence);
   * link.onrefused(code, reason, closing) for each message dropped by the limits (framing.js);
   * closing: the link is about to close, FLOOD_CLOSE messages having been dropped in a second;
   * limits: what this side accepts from the other (DEVICE_LIMITS on the host, HOST_LIMITS on
   * a phone or a screen).
   */
  constructor(conn, { heartbeat = true, limits = HOST_LIMITS, label = "link" } = {}) {
    this.conn = conn;
    this.onmessage = null;
    this.onclose = null;
    this.onopen = null;
    this.onrefused = null;
    this.label = label;
    this.refusals = { count: 0, byCode: {} };
    // main-thread time spent on what the other side sent (the limits' checks, parsing, and the
    // page's onmessage), for e2e/test_hostile_link.py: {messages, totalMs, maxMs}
    this.cost = { messages: 0, totalMs: 0, maxMs: 0 };
    this._inbox = new Inbox(limits, now());
    this._warnedAt = -Infinity;
    this._unwarned = 0;
    this._floodAt = -Infinity;
    this._floodCount = 0;
    this.closed = false;
    this.open = !!conn.open;
    this.lastHeard = now();
    this.rtts = [];
    this._parts = new Map();
    this._pings = new Map();
    this._pingSeq = 0;
    this._limits = limits;
    this.peerUnpacks = false;   // the other side said it reads packed texts
    this.packed = { sent: 0, chars: 0, wire: 0 };  // what this side packed (chars before, after)
    const announce = () => { if (limits.packed && CAN_PACK) this._raw(JSON.stringify({ t: "caps", pack: 1 })); };
    conn.on("open", () => {
      this.open = true;
      this.lastHeard = now();
      announce();
      if (this.onopen) this.onopen();
    });
    if (this.open) announce();
    conn.on("data", (data) => this._receive(data));
    conn.on("close", () => this._closed());
    conn.on("error", () => this._closed());
    if (heartbeat) {
      this._beat = setInterval(() => {
        if (!this.open || this.closed) return;
        if (now() - this.lastHeard > SILENCE_MS) { this.close(); return; }
        this._inbox.frames.expire(now());  // stale partial messages go even on a quiet link
        this._raw(JSON.stringify({ t: "ping", n: ++this._pingSeq, at: now() }));
      }, HEARTBEAT_MS);
    }
  }

  /** sends one table message (an object), framed if long, packed if long enough and the other
   *  side reads packed texts */
  send(message) {
    if (this.closed) return false;
    let text = typeof message === "string" ? message : JSON.stringify(message);
    if (this.peerUnpacks && CAN_PACK && packable(text)) {
      let packed = null;
      try { packed = pack(text); } catch { /* sent as it is */ }
      if (packed !== null) {
        this.packed.sent++; this.packed.chars += text.length; this.packed.wire += packed.length;
        text = packed;
      }
    }
    return this._sendText(text);
  }

  _sendText(text) {
    if (this.closed) return false;
    if (text.length <= FRAME_CHARS) return this._raw(text);
    for (const frame of frameText(text, (++frameSeq).toString(36))) if (!this._raw(frame)) return false;
    return true;
  }

  /** the bare round trip of this data channel: resolves with milliseconds */
  ping(timeoutMs = 5000) {
    const n = ++this._pingSeq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this._pings.delete(n); reject(new Error("no pong")); }, timeoutMs);
      this._pings.set(n, (ms) => { clearTimeout(timer); resolve(ms); });
      this._raw(JSON.stringify({ t: "ping", n, at: now() }));
    });
  }

  /** tells the other side this page is going away, then closes */
  bye() {
    this._raw(JSON.stringify({ t: "bye" }));
    this.close();
  }

  close() {
    if (this.closed) return;
    try { this.conn.close(); } catch { /* already gone */ }
    this._closed();
  }

  _raw(text) {
    if (!this.open || this.closed) return false;
    try { this.conn.send(text); return true; } catch { this._closed(); return false; }
  }

  _receive(data) {
    if (this.closed) return;
    const t0 = performance.now();
    try { this._take(data); } finally {
      const ms = performance.now() - t0;
      this.cost.messages++;
      this.cost.totalMs += ms;
      if (ms > this.cost.maxMs) {
        this.cost.maxMs = ms;
        this.cost.slowest = typeof data === "string" ? `${data.length} chars: ${JSON.stringify(data.slice(0, 30))}` : typeof data;
      }
    }
  }

  _take(data) {
    const at = now();
    this.lastHeard = at;
    const r = this._inbox.push(data, at);
    if (r.refused) { this._refused(r.code, r.refused); return; }
    if (r.pending) return;
    if (r.packed === undefined) { this._deliver(r.message, r.text); return; }
    // a packed message: unpacked (bounded) and checked like any other
    let unpacked;
    try { unpacked = unpack(r.packed, this._limits.maxMessageChars); } catch (err) {
      this._refused("bad_frame", `a packed message that does not unpack: ${err.message}`);
      return;
    }
    const got = this._inbox.parse(unpacked);
    if (got.refused) { this._refused(got.code, got.refused); return; }
    this._deliver(got.message, got.text);
  }

  /** one whole, checked message: the link's own (heartbeat, goodbye, caps) or the table's */
  _deliver(msg, data) {
    if (msg.v === undefined && msg.t === "caps") { this.peerUnpacks = msg.pack === 1; return; }
    if (msg.v === undefined && (msg.t === "bye" || msg.t === "ping" || msg.t === "pong")) {
      if (msg.t === "bye") { this.close(); return; }
      if (!Number.isFinite(msg.at) || !(Number.isSafeInteger(msg.n) || msg.n === undefined)) { this._refused("bad_frame", "a heartbeat with a bad n or at"); return; }
      if (msg.t === "ping") { this._raw(JSON.stringify({ t: "pong", n: msg.n, at: msg.at })); return; }
      const ms = now() - msg.at;
      const done = this._pings.get(msg.n);
      if (done) { this._pings.delete(msg.n); done(ms); }
      this.rtts.push(ms);
      if (this.rtts.length > 50) this.rtts.shift();
      return;
    }
    if (this.onmessage) this.onmessage(msg, data);
  }

  /** a message dropped by the limits: counted, said on the console (at most once a second
   *  per link, with how many were dropped meanwhile), and reported to onrefused */
  _refused(code, reason) {
    this.refusals.count++;
    this.refusals.byCode[code] = (this.refusals.byCode[code] || 0) + 1;
    const at = now();
    if (at - this._floodAt > 1000) { this._floodAt = at; this._floodCount = 0; }
    if (++this._floodCount >= FLOOD_CLOSE && !this.closed) {
      console.warn(`${this.label}: ${FLOOD_CLOSE} messages dropped within a second: closing the link`);
      if (this.onrefused) this.onrefused("flood", `${FLOOD_CLOSE} messages dropped within a second: the connection is closed`, true);
      this.refusals.closed = (this.refusals.closed || 0) + 1;
      this.close();
      return;
    }
    if (at - this._warnedAt >= 1000) {
      const more = this._unwarned ? ` (and ${this._unwarned} more dropped since the last warning)` : "";
      console.warn(`${this.label}: dropped a message: ${reason}${more}`);
      this._warnedAt = at;
      this._unwarned = 0;
    } else {
      this._unwarned++;
    }
    if (this.onrefused) this.onrefused(code, reason);
  }

  _closed() {
    if (this.closed) return;
    this.closed = true;
    this.open = false;
    clearInterval(this._beat);
    if (this.onclose) this.onclose();
  }
}

/** resolves when a Peer is open (registered with the signalling server), rejects on its first error */
export function peerOpen(peer, timeoutMs = 15000) {
  return new Promise((resolve, reject) => {
    if (peer.open) { resolve(peer.id); return; }
    const timer = setTimeout(() => { cleanup(); reject(Object.assign(new Error("the signalling server did not answer"), { type: "timeout" })); }, timeoutMs);
    const onOpen = (id) => { cleanup(); resolve(id); };
    const onError = (err) => { cleanup(); reject(err); };
    function cleanup() { clearTimeout(timer); peer.off("open", onOpen); peer.off("error", onError); }
    peer.on("open", onOpen);
    peer.on("error", onError);
  });
}

/** a person-readable line for a PeerJS error */
export function peerErrorText(err) {
  const type = err && err.type;
  return {
    "peer-unavailable": "the host of this table is not online",
    "unavailable-id": "this table is already open in another tab or device",
    network: "cannot reach the signalling server",
    "server-error": "the signalling server failed",
    "socket-error": "lost the signalling server",
    "socket-closed": "lost the signalling server",
    "browser-incompatible": "this browser does not support WebRTC data channels",
    timeout: "the signalling server did not answer",
  }[type] || (err && err.message) || String(err);
}
