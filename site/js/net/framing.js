// The link's framing and its limits (docs/net.md "Hostile input and limits"), as a pure
// module: no DOM, no timers, no globals; the clock is passed in. link.js uses it in the
// browser; tests/test_link_framing.py runs it under node with hostile frames.
//
// A text longer than FRAME_CHARS goes as frames "\u0001<id>/<k>/<n>/<part>". What arrives
// from the other side is not trusted: every frame is checked before anything is stored, and
// a refusal is a short reason (the frame, or the partial message it belonged to, is dropped).
//   - id: 1-12 characters [0-9a-z]; k, n: decimal integers, 0 <= k < n <= maxFrames,
//     with maxFrames = ceil(maxMessageChars / FRAME_CHARS) (64 KB messages: 5 frames);
//   - a part is at most FRAME_CHARS long, a frame index arrives once, every frame of a message
//     says the same n, and the joined message is at most maxMessageChars;
//   - at most maxPartials messages are being reassembled per link, holding at most
//     maxPartialChars in all; a partial message older than partialTimeoutMs is dropped;
//   - an unframed text is at most maxMessageChars;
//   - JSON nested deeper than maxDepth is refused before JSON.parse (checked by one linear scan);
//   - a token bucket (ratePerSecond, burst) counts every data-channel message of the link.
// All of it is O(size of the frame) per frame: nothing walks an array indexed by what the
// other side sent.

export const FRAME_CHARS = 15000;

/** limits of what the host accepts from a device (a phone's messages are a few hundred bytes) */
export const DEVICE_LIMITS = Object.freeze({
  maxMessageChars: 64 * 1024,
  maxPartials: 4,
  maxPartialChars: 128 * 1024,
  partialTimeoutMs: 10000,
  maxDepth: 64,
  ratePerSecond: 20,
  burst: 60,
});

/** limits of what a phone or a screen accepts from the host (updates are 5-30 KB) */
export const HOST_LIMITS = Object.freeze({
  maxMessageChars: 4 * 1024 * 1024,
  maxPartials: 8,
  maxPartialChars: 8 * 1024 * 1024,
  partialTimeoutMs: 30000,
  maxDepth: 64,
  ratePerSecond: 500,
  burst: 2000,
  packed: true,  // a host's long messages come deflated (PACK_MARK; link.js, packing.js)
});

/** the first character of a packed text: PACK_MARK + base64 of the message's deflate-raw bytes
 * (docs/net.md "Small updates"); a text of more than PACK_OVER_BYTES bytes (UTF-8) goes packed
 * to a page that said it unpacks. Shorter texts go as they are: they already meet the 8 KB bound.
 * Packing is synchronous (packing.js, fflate): for a 16–21 KB update, 0.3–0.5 ms to pack and
 * 0.2–0.3 ms to unpack (node, warm). */
export const PACK_MARK = "\u0002";
export const PACK_OVER_BYTES = 7000;

const UTF8 = new TextEncoder();
/** whether `text` is long enough to go packed */
export function packable(text) {
  return text.length > PACK_OVER_BYTES / 3 && (text.length > PACK_OVER_BYTES || UTF8.encode(text).length > PACK_OVER_BYTES);
}

const ID_RE = /^[0-9a-z]{1,12}$/;
const INT_RE = /^(0|[1-9][0-9]{0,8})$/;

/** the frames of one text (an id unique per sender); a text that fits goes as it is */
export function frameText(text, id, frameChars = FRAME_CHARS) {
  if (text.length <= frameChars) return [text];
  const n = Math.ceil(text.length / frameChars);
  const out = [];
  for (let k = 0; k < n; k++) out.push(`\u0001${id}/${k}/${n}/${text.slice(k * frameChars, (k + 1) * frameChars)}`);
  return out;
}

/** how deeply `text` nests arrays and objects (brackets inside strings do not count);
 *  stops counting once past `limit` */
export function jsonDepth(text, limit = Infinity) {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;            // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {  // [ {
      depth++;
      if (depth > max) { max = depth; if (max > limit) return max; }
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/**
 * Reassembles one link's frames under `limits`. push(data, nowMs) answers
 *   {text}            a whole message (unframed, or the last frame of one),
 *   {pending: true}   a frame was stored,
 *   {refused, code}   the frame was dropped (and, for a bad frame, the partial message it
 *                     belonged to); code "too_large" (a size limit) or "bad_frame".
 */
export class Reassembler {
  constructor(limits = DEVICE_LIMITS, frameChars = FRAME_CHARS) {
    this.limits = limits;
    this.frameChars = frameChars;
    this.maxFrames = Math.max(1, Math.ceil(limits.maxMessageChars / frameChars));
    this.partials = new Map();  // id -> {n, parts: Map<k, string>, chars, started}
    this.chars = 0;             // characters held in all partials
  }

  push(data, nowMs) {
    if (typeof data !== "string") return { refused: "not a text (the table speaks JSON texts)" };
    this.expire(nowMs);
    if (data.charCodeAt(0) !== 1) {
      if (data.length > this.limits.maxMessageChars) {
        return { refused: `a message of ${data.length} characters (the limit is ${this.limits.maxMessageChars})`, code: "too_large" };
      }
      return { text: data };
    }
    // "\u0001id/k/n/part": find the three slashes within the first few characters only
    const head = data.slice(1, 40);
    const a = head.indexOf("/");
    const b = a < 0 ? -1 : head.indexOf("/", a + 1);
    const c = b < 0 ? -1 : head.indexOf("/", b + 1);
    if (c < 0) return { refused: "a frame without its id/k/n header" };
    const id = head.slice(0, a);
    const ks = head.slice(a + 1, b);
    const ns = head.slice(b + 1, c);
    if (!ID_RE.test(id)) return { refused: "a frame with a bad id" };
    if (!INT_RE.test(ks) || !INT_RE.test(ns)) return this.drop(id, "a frame whose index or count is not a whole number");
    const k = Number(ks);
    const n = Number(ns);
    if (n < 2 || n > this.maxFrames) return this.drop(id, `a message of ${n} frames (the limit is ${this.maxFrames})`, "too_large");
    if (k >= n) return this.drop(id, `frame ${k} of a message of ${n} frames`);
    const part = data.slice(1 + c + 1);
    if (part.length > this.frameChars) return this.drop(id, `a frame of ${part.length} characters (the limit is ${this.frameChars})`, "too_large");
    let p = this.partials.get(id);
    if (!p) {
      if (this.partials.size >= this.limits.maxPartials) {
        return { refused: `more than ${this.limits.maxPartials} messages in pieces at once`, code: "too_large" };
      }
      p = { n, parts: new Map(), chars: 0, started: nowMs };
      this.partials.set(id, p);
    }
    if (p.n !== n) return this.drop(id, "frames of one message disagree on its frame count");
    if (p.parts.has(k)) return this.drop(id, `frame ${k} arrived twice`);
    if (p.chars + part.length > this.limits.maxMessageChars) {
      return this.drop(id, `a message longer than ${this.limits.maxMessageChars} characters`, "too_large");
    }
    if (this.chars + part.length > this.limits.maxPartialChars) {
      return this.drop(id, `more than ${this.limits.maxPartialChars} characters in pieces at once`, "too_large");
    }
    p.parts.set(k, part);
    p.chars += part.length;
    this.chars += part.length;
    if (p.parts.size < n) return { pending: true };
    this.forget(id);
    let text = "";
    for (let i = 0; i < n; i++) text += p.parts.get(i);
    return { text };
  }

  /** drops partial messages older than the timeout; answers how many */
  expire(nowMs) {
    let dropped = 0;
    for (const [id, p] of this.partials) {
      if (nowMs - p.started > this.limits.partialTimeoutMs) { this.forget(id); dropped++; }
    }
    return dropped;
  }

  drop(id, reason, code = "bad_frame") {
    this.forget(id);
    return { refused: reason, code };
  }

  forget(id) {
    const p = this.partials.get(id);
    if (!p) return;
    this.chars -= p.chars;
    this.partials.delete(id);
  }

  get pendingCount() { return this.partials.size; }
  get pendingChars() { return this.chars; }
}

/** a token bucket: take(nowMs) is true while the link is within its rate */
export class RateLimit {
  constructor(perSecond, burst, nowMs = 0) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
    this.at = nowMs;
  }

  take(nowMs) {
    const dt = Math.max(0, nowMs - this.at);
    this.at = nowMs;
    this.tokens = Math.min(this.burst, this.tokens + (dt * this.perSecond) / 1000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Everything a link checks of one incoming data-channel message, in order: the rate, the
 * framing, the depth, JSON. Answers {message, text} (a parsed object), {pending: true},
 * {packed: base64} (limits.packed only: the link unpacks it and calls parse), or
 * {refused: reason, code} with code "rate_limited", "too_large", "bad_frame" or "bad_json".
 */
export class Inbox {
  constructor(limits = DEVICE_LIMITS, nowMs = 0, frameChars = FRAME_CHARS) {
    this.limits = limits;
    this.frames = new Reassembler(limits, frameChars);
    this.rate = new RateLimit(limits.ratePerSecond, limits.burst, nowMs);
  }

  push(data, nowMs) {
    if (!this.rate.take(nowMs)) return { refused: `more than ${this.limits.ratePerSecond} messages a second`, code: "rate_limited" };
    const r = this.frames.push(data, nowMs);
    if (r.refused) return { refused: r.refused, code: r.code || "bad_frame" };
    if (r.pending) return r;
    // a packed message is unpacked by the link (asynchronously) and then handed to parse()
    if (this.limits.packed && r.text.charCodeAt(0) === 2) return { packed: r.text.slice(1) };
    return this.parse(r.text);
  }

  /** the depth and JSON checks of one whole message text: {message, text} or {refused, code} */
  parse(text) {
    if (jsonDepth(text, this.limits.maxDepth) > this.limits.maxDepth) {
      return { refused: `JSON nested deeper than ${this.limits.maxDepth} levels`, code: "bad_json" };
    }
    let message;
    try { message = JSON.parse(text); } catch { return { refused: "not JSON", code: "bad_json" }; }
    if (!message || typeof message !== "object" || Array.isArray(message)) return { refused: "not a JSON object", code: "bad_json" };
    return { message, text };
  }
}
