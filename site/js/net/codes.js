// The codes of a table with no server (docs/net.md "Joining with codes"): a WebRTC offer or
// answer, trimmed to what a data channel needs and packed into a short text that a QR code
// carries (or a person copies). A pure module (no DOM, no RTCPeerConnection): tested under
// node (tests/test_signal_codes.py).
//
// Why not send the SDP as it is: Chromium's offer for one data channel is ≈ 600–900 characters
// with its candidates, a dense QR code that phone cameras read badly. Everything in it but
// these fields is the same for every data-channel-only session and is rebuilt here:
//   ICE ufrag and password, the DTLS fingerprint (SHA-256), the DTLS role (setup), the media
//   id, and the gathered UDP candidates (address, port, host or server-reflexive).
// No library found on npm does this for today's SDP (the few "compact SDP" packages are
// unmaintained and keep the whole text), so it is written here, small and tested.
//
// The text: "TT1" + base32 (RFC 4648, A–Z 2–7: QR's alphanumeric mode, 5.5 bits a character)
// of the bytes below, the last four a CRC-32 of the rest, so a truncated or mistyped code is
// refused instead of failing silently later. The DTLS fingerprint protects the channel
// itself: a code altered to point elsewhere cannot pose as the host, and seats are protected
// by their credentials as with a signalling server.
//
//   kind (1 offer for a phone, 2 offer for a shared screen, 3 answer), setup (0 actpass,
//   1 active, 2 passive), room (text), exchange (4 bytes: which offer this is or answers),
//   mid, ufrag, pwd, viewing code (text, a screen's offer only), fingerprint (32 bytes),
//   candidates: count, then each: kind byte (high nibble 0 host, 1 srflx; low nibble
//   4 IPv4, 6 IPv6, 7 an mDNS name <uuid>.local, 8 another name), the address, port (2 bytes)
//   — texts are a length byte and ASCII.

export const PREFIX = "TT1";
export const KIND = { phone: 1, screen: 2, answer: 3 };
const KIND_NAME = { 1: "phone", 2: "screen", 3: "answer" };
const SETUP = ["actpass", "active", "passive"];
const CAND_TYPE = ["host", "srflx"];
const MAX_CANDIDATES = 8;
const MAX_TEXT = 4000;  // a pasted text longer than this is refused before it is read (browsers' codes: 150–400)
const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

// ---------------------------------------------------------------------------- SDP

/** the fields of an SDP (an offer or an answer for one data channel) that the other side
 *  needs; throws with a reason if one is missing */
export function compactSdp(sdp) {
  const lines = String(sdp).split(/\r?\n/);
  const value = (name) => {
    const line = lines.find((l) => l.startsWith(`a=${name}:`));
    return line ? line.slice(name.length + 3).trim() : null;
  };
  const ufrag = value("ice-ufrag");
  const pwd = value("ice-pwd");
  const fp = value("fingerprint");
  const setup = value("setup") || "actpass";
  const mid = value("mid") || "0";
  if (!ufrag || !pwd) throw new Error("the description has no ICE credentials");
  if (!fp || !/^sha-256 /i.test(fp)) throw new Error("the description has no SHA-256 fingerprint");
  const fingerprint = fp.slice(8).trim().split(":").map((h) => parseInt(h, 16));
  if (fingerprint.length !== 32 || fingerprint.some((b) => !(b >= 0 && b <= 255))) throw new Error("a bad fingerprint");
  if (!SETUP.includes(setup)) throw new Error(`an unknown DTLS role ${setup}`);
  const candidates = [];
  const seen = new Set();
  for (const line of lines) {
    if (!line.startsWith("a=candidate:")) continue;
    const f = line.slice(12).trim().split(/\s+/);
    // foundation component protocol priority address port "typ" type …
    if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[6] !== "typ") continue;
    const type = f[7];
    if (!CAND_TYPE.includes(type)) continue;
    const address = f[4];
    const port = Number(f[5]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) continue;
    const key = `${address} ${port}`;
    if (seen.has(key) || candidates.length >= MAX_CANDIDATES) continue;
    seen.add(key);
    candidates.push({ type, address, port });
  }
  return { setup, mid, ufrag, pwd, fingerprint, candidates };
}

/** an SDP the browser accepts, rebuilt from the fields (`type`: "offer" or "answer") */
export function expandSdp(fields, type) {
  const hex = fields.fingerprint.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const setup = type === "offer" ? "actpass" : fields.setup === "actpass" ? "active" : fields.setup;
  const cands = fields.candidates.map((c, i) => {
    const pref = c.type === "host" ? 126 : 100;
    const priority = pref * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
    const rel = c.type === "srflx" ? " raddr 0.0.0.0 rport 0" : "";
    return `a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${rel} generation 0`;
  });
  const first = fields.candidates[0];
  return [
    "v=0",
    `o=- ${1000000 + (fields.exchange >>> 0) % 1000000000} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${fields.mid}`,
    "a=msid-semantic: WMS",
    `m=application ${first ? first.port : 9} UDP/DTLS/SCTP webrtc-datachannel`,
    "c=IN IP4 0.0.0.0",
    ...cands,
    "a=end-of-candidates",
    `a=ice-ufrag:${fields.ufrag}`,
    `a=ice-pwd:${fields.pwd}`,
    `a=fingerprint:sha-256 ${hex}`,
    `a=setup:${setup}`,
    `a=mid:${fields.mid}`,
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
  ].join("\r\n");
}

// ---------------------------------------------------------------------------- the code

/** the text of a code: {kind: "phone"|"screen"|"answer", room, exchange (u32), viewing?,
 *  setup, mid, ufrag, pwd, fingerprint, candidates} → "TT1…" */
export function encodeCode(code) {
  const out = [];
  const text = (s, what) => {
    const t = String(s || "");
    if (t.length > 255 || !/^[\x21-\x7e]*$/.test(t)) throw new Error(`${what} cannot go into a code`);
    out.push(t.length);
    for (const ch of t) out.push(ch.charCodeAt(0));
  };
  const kind = KIND[code.kind];
  if (!kind) throw new Error(`an unknown kind of code ${code.kind}`);
  out.push(kind, SETUP.indexOf(code.setup) < 0 ? 0 : SETUP.indexOf(code.setup));
  text(code.room, "the room");
  const ex = code.exchange >>> 0;
  out.push(ex >>> 24, (ex >>> 16) & 255, (ex >>> 8) & 255, ex & 255);
  text(code.mid, "the mid");
  text(code.ufrag, "the ICE ufrag");
  text(code.pwd, "the ICE password");
  text(kind === KIND.screen ? code.viewing : "", "the viewing code");
  if (!Array.isArray(code.fingerprint) || code.fingerprint.length !== 32) throw new Error("a bad fingerprint");
  out.push(...code.fingerprint);
  const cands = code.candidates.slice(0, MAX_CANDIDATES);
  out.push(cands.length);
  for (const c of cands) {
    const type = Math.max(0, CAND_TYPE.indexOf(c.type));
    const addr = addressBytes(c.address);
    out.push((type << 4) | addr.kind, ...addr.bytes, (c.port >> 8) & 255, c.port & 255);
  }
  const crc = crc32(out);
  out.push(crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255);
  return PREFIX + base32(out);
}

/** a pasted or scanned text → {code} or {error: a reason a person can act on}; never throws */
export function decodeCode(input) {
  const raw = String(input || "");
  if (raw.length > MAX_TEXT) return { error: "This is far too long to be a table code." };
  const t = raw.replace(/\s+/g, "").toUpperCase();
  if (!t) return { error: "No code was entered." };
  if (!t.startsWith(PREFIX)) return { error: "This is not a table code (a table code starts with TT1)." };
  const bytes = unbase32(t.slice(PREFIX.length));
  if (!bytes) return { error: "This code has characters a table code never has: check it, or scan it again." };
  if (bytes.length < 50) return { error: "This code is incomplete (cut short): copy or scan the whole code." };
  const body = bytes.slice(0, -4);
  const sum = bytes.slice(-4);
  const crc = crc32(body);
  if (((sum[0] << 24) | (sum[1] << 16) | (sum[2] << 8) | sum[3]) >>> 0 !== crc) {
    return { error: "This code is incomplete or was changed (its check does not match): copy or scan the whole code again." };
  }
  try {
    return { code: parseBody(body) };
  } catch (err) {
    return { error: `This code is damaged: ${err.message}.` };
  }
}

function parseBody(b) {
  let i = 0;
  const need = (n) => { if (i + n > b.length) throw new Error("it ends too early"); };
  const byte = () => { need(1); return b[i++]; };
  const text = () => { const n = byte(); need(n); const s = String.fromCharCode(...b.slice(i, i + n)); i += n; return s; };
  const kind = KIND_NAME[byte()];
  if (!kind) throw new Error("an unknown kind of code");
  const setup = SETUP[byte()];
  if (!setup) throw new Error("an unknown DTLS role");
  const room = text();
  need(4);
  const exchange = ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
  i += 4;
  const mid = text();
  const ufrag = text();
  const pwd = text();
  const viewing = text();
  need(32);
  const fingerprint = b.slice(i, i + 32);
  i += 32;
  const n = byte();
  if (n > MAX_CANDIDATES) throw new Error("too many candidates");
  const candidates = [];
  for (let k = 0; k < n; k++) {
    const head = byte();
    const type = CAND_TYPE[head >> 4];
    if (!type) throw new Error("an unknown candidate type");
    const address = readAddress(head & 15, b, i, need);
    i = address.next;
    need(2);
    const port = (b[i] << 8) | b[i + 1];
    i += 2;
    if (!port) throw new Error("a candidate without a port");
    candidates.push({ type, address: address.text, port });
  }
  if (i !== b.length) throw new Error("it has bytes after its end");
  if (!room || !/^[a-z0-9]{4,40}$/i.test(room)) throw new Error("no table in it");
  if (!ufrag || !pwd || !mid) throw new Error("no ICE credentials in it");
  if (kind !== "answer" && setup !== "actpass") throw new Error("an offer with the wrong DTLS role");
  if (kind === "screen" && !/^[A-Z0-9]{4,12}$/.test(viewing)) throw new Error("a screen's code without a viewing code");
  if (!candidates.length) throw new Error("no network address in it (is this device on the network?)");
  return { kind, setup, room, exchange, mid, ufrag, pwd, viewing: viewing || null, fingerprint, candidates };
}

// ---------------------------------------------------------------------------- addresses

const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

function addressBytes(address) {
  const a = String(address);
  const v4 = a.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4 && v4.slice(1).every((x) => Number(x) <= 255)) return { kind: 4, bytes: v4.slice(1).map(Number) };
  const uuid = a.match(UUID_LOCAL);
  if (uuid) return { kind: 7, bytes: hexBytes(uuid.slice(1).join("")) };
  if (a.includes(":")) {
    const words = ipv6Words(a);
    if (words) return { kind: 6, bytes: words.flatMap((w) => [w >> 8, w & 255]) };
  }
  if (a.length > 255 || !/^[\x21-\x7e]+$/.test(a)) throw new Error("an address that cannot go into a code");
  return { kind: 8, bytes: [a.length, ...Array.from(a, (ch) => ch.charCodeAt(0))] };
}

function readAddress(kind, b, i, need) {
  if (kind === 4) { need(4); return { text: b.slice(i, i + 4).join("."), next: i + 4 }; }
  if (kind === 6) {
    need(16);
    const words = [];
    for (let k = 0; k < 8; k++) words.push(((b[i + 2 * k] << 8) | b[i + 2 * k + 1]).toString(16));
    return { text: words.join(":"), next: i + 16 };
  }
  if (kind === 7) {
    need(16);
    const h = b.slice(i, i + 16).map((x) => x.toString(16).padStart(2, "0")).join("");
    return { text: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`, next: i + 16 };
  }
  if (kind === 8) {
    need(1);
    const n = b[i];
    need(1 + n);
    const text = String.fromCharCode(...b.slice(i + 1, i + 1 + n));
    if (!/^[\x21-\x7e]+$/.test(text)) throw new Error("a bad address");
    return { text, next: i + 1 + n };
  }
  throw new Error("an unknown kind of address");
}

function hexBytes(h) {
  const out = [];
  for (let k = 0; k < h.length; k += 2) out.push(parseInt(h.slice(k, k + 2), 16));
  return out;
}

function ipv6Words(a) {
  const s = a.replace(/^\[|\]$/g, "").split("%")[0];
  if (s.includes(".")) return null;  // IPv4-mapped forms: kept as names
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const words = [...head, ...Array(fill).fill("0"), ...tail].map((w) => parseInt(w, 16));
  return words.length === 8 && words.every((w) => w >= 0 && w <= 0xffff) ? words : null;
}

// ---------------------------------------------------------------------------- base32, CRC-32

function base32(bytes) {
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) { bits -= 5; out += B32[(acc >> bits) & 31]; }
    acc &= (1 << bits) - 1;
  }
  if (bits) out += B32[(acc << (5 - bits)) & 31];
  return out;
}

function unbase32(text) {
  const out = [];
  let acc = 0;
  let bits = 0;
  for (const ch of text) {
    const v = B32.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) { bits -= 8; out.push((acc >> bits) & 255); }
    acc &= (1 << bits) - 1;
  }
  return out;
}

let CRC_TABLE = null;
function crc32(bytes) {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 255] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
