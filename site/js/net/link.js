// The transport of a phone table: PeerJS (client npm `peerjs`, served from /vendor/) over
// PeerJS's own signalling server, configured by /config.json (docs/net.md).
//
// A Link wraps one PeerJS DataConnection (reliable, ordered, serialization "raw") and carries
// JSON texts. It knows nothing of the table: it moves the host's and the devices' messages
// (docs/table.md) as they are, and adds only two things of its own, which never reach the
// table layer:
//   - framing: a text longer than FRAME_CHARS goes as several frames "\u0001id/k/n/part"
//     (browsers differ in the largest message a data channel carries; 16 KB is safe);
//   - a heartbeat: {"t":"ping"} / {"t":"pong"} every HEARTBEAT_MS both ways; a link that hears
//     nothing for SILENCE_MS closes itself, so a phone that vanished without a goodbye (screen
//     locked, out of range) is noticed, and a phone notices a host that vanished;
//   - a goodbye: {"t":"bye"} when a page goes away (pagehide: closed, reloaded), so the other
//     side knows at once instead of after SILENCE_MS.

export const FRAME_CHARS = 15000;
export const HEARTBEAT_MS = 2000;
export const SILENCE_MS = 9000;

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
   * link.onclose() once when the link is gone (either side, or silence).
   */
  constructor(conn, { heartbeat = true } = {}) {
    this.conn = conn;
    this.onmessage = null;
    this.onclose = null;
    this.onopen = null;
    this.closed = false;
    this.open = !!conn.open;
    this.lastHeard = now();
    this.rtts = [];
    this._parts = new Map();
    this._pings = new Map();
    this._pingSeq = 0;
    conn.on("open", () => {
      this.open = true;
      this.lastHeard = now();
      if (this.onopen) this.onopen();
    });
    conn.on("data", (data) => this._receive(data));
    conn.on("close", () => this._closed());
    conn.on("error", () => this._closed());
    if (heartbeat) {
      this._beat = setInterval(() => {
        if (!this.open || this.closed) return;
        if (now() - this.lastHeard > SILENCE_MS) { this.close(); return; }
        this._raw(JSON.stringify({ t: "ping", n: ++this._pingSeq, at: now() }));
      }, HEARTBEAT_MS);
    }
  }

  /** sends one table message (an object), framed if long */
  send(message) {
    if (this.closed) return false;
    const text = typeof message === "string" ? message : JSON.stringify(message);
    if (text.length <= FRAME_CHARS) return this._raw(text);
    const id = (++frameSeq).toString(36);
    const n = Math.ceil(text.length / FRAME_CHARS);
    for (let k = 0; k < n; k++) this._raw(`\u0001${id}/${k}/${n}/${text.slice(k * FRAME_CHARS, (k + 1) * FRAME_CHARS)}`);
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
    this.lastHeard = now();
    if (typeof data !== "string") return;  // the table speaks JSON texts only
    if (data.charCodeAt(0) === 1) {
      const [id, k, n] = data.slice(1).split("/", 3);
      const head = 1 + id.length + k.length + n.length + 3;
      const parts = this._parts.get(id) || [];
      parts[Number(k)] = data.slice(head);
      this._parts.set(id, parts);
      if (parts.filter((p) => p !== undefined).length < Number(n)) return;
      this._parts.delete(id);
      data = parts.join("");
    }
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    if (!msg || typeof msg !== "object") return;
    if (msg.t === "bye" && msg.v === undefined) { this.close(); return; }
    if (msg.t === "ping" && msg.v === undefined) { this._raw(JSON.stringify({ t: "pong", n: msg.n, at: msg.at })); return; }
    if (msg.t === "pong" && msg.v === undefined) {
      const ms = now() - Number(msg.at);
      const done = this._pings.get(msg.n);
      if (done) { this._pings.delete(msg.n); done(ms); }
      this.rtts.push(ms);
      if (this.rtts.length > 50) this.rtts.shift();
      return;
    }
    if (this.onmessage) this.onmessage(msg, data);
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
