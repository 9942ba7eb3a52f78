// A data channel made without any server (docs/net.md "Joining with codes"): the host makes
// an offer, a phone or a screen answers it, and the two descriptions travel as codes
// (codes.js) that a person scans or pastes. ICE is not trickled: each side waits until its
// candidates are gathered (on one Wi-Fi: its host candidates, in well under a second) and puts
// them all in its code. No ICE servers: both devices are on one local network.
//
// DirectConn gives the channel the face of a PeerJS DataConnection (open, on("open" | "data" |
// "close" | "error"), send, close), so a Link (link.js) carries it exactly as it carries a
// PeerJS connection: framing, limits, heartbeat, goodbye.

import { compactSdp, encodeCode, expandSdp } from "./codes.js";

const GATHER_MS = 4000;  // candidates gathered by then are enough on a local network

export class DirectConn {
  constructor(pc, channel) {
    this.pc = pc;
    this.channel = null;
    this.open = false;
    this.handlers = { open: [], data: [], close: [], error: [] };
    this._gone = false;
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") this._close();
    });
    if (channel) this._take(channel);
    else pc.addEventListener("datachannel", (e) => this._take(e.channel), { once: true });
  }

  _take(channel) {
    this.channel = channel;
    channel.binaryType = "arraybuffer";
    const opened = () => { if (this.open || this._gone) return; this.open = true; this._emit("open"); };
    if (channel.readyState === "open") queueMicrotask(opened);
    channel.addEventListener("open", opened);
    channel.addEventListener("message", (e) => this._emit("data", e.data));
    channel.addEventListener("close", () => this._close());
    channel.addEventListener("error", () => this._close());
  }

  on(event, fn) { (this.handlers[event] || (this.handlers[event] = [])).push(fn); return this; }
  off(event, fn) { this.handlers[event] = (this.handlers[event] || []).filter((f) => f !== fn); return this; }
  _emit(event, arg) { for (const fn of [...(this.handlers[event] || [])]) fn(arg); }

  send(text) {
    if (!this.channel || this.channel.readyState !== "open") throw new Error("the channel is not open");
    this.channel.send(text);
  }

  close() {
    try { if (this.channel) this.channel.close(); } catch { /* gone */ }
    try { this.pc.close(); } catch { /* gone */ }
    this._close();
  }

  _close() {
    if (this._gone) return;
    this._gone = true;
    this.open = false;
    this._emit("close");
  }
}

/** resolves when the connection's ICE candidates are gathered (or after GATHER_MS) */
export function gathered(pc, timeoutMs = GATHER_MS) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); pc.removeEventListener("icegatheringstatechange", check); resolve(); };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

const newPc = () => new RTCPeerConnection({ iceServers: [] });

/** the host: a new connection with one data channel and its offer as a code.
 *  → {conn: DirectConn, text: the code, exchange} */
export async function makeOffer({ room, kind, exchange, viewing = null }) {
  const pc = newPc();
  const channel = pc.createDataChannel("table", { ordered: true });
  const conn = new DirectConn(pc, channel);
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const fields = compactSdp(pc.localDescription.sdp);
  if (!fields.candidates.length) { conn.close(); throw new Error("this device has no network address: is it on the Wi-Fi?"); }
  const text = encodeCode({ kind, room, exchange, viewing, ...fields });
  return { conn, text, exchange };
}

/** the host: a phone's answer (a decoded code) for this connection */
export async function takeAnswer(conn, answer) {
  await conn.pc.setRemoteDescription({ type: "answer", sdp: expandSdp(answer, "answer") });
}

/** a phone or a screen: the host's offer (a decoded code) → {conn, text: the answer's code} */
export async function answerOffer(offer) {
  const pc = newPc();
  const conn = new DirectConn(pc, null);
  try {
    await pc.setRemoteDescription({ type: "offer", sdp: expandSdp(offer, "offer") });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    const fields = compactSdp(pc.localDescription.sdp);
    if (!fields.candidates.length) throw new Error("this device has no network address: is it on the Wi-Fi?");
    const text = encodeCode({ kind: "answer", room: offer.room, exchange: offer.exchange, ...fields });
    return { conn, text };
  } catch (err) {
    conn.close();
    throw err;
  }
}

/** a random 32-bit exchange id (which offer an answer answers) */
export function exchangeId() {
  return crypto.getRandomValues(new Uint32Array(1))[0] >>> 0;
}
