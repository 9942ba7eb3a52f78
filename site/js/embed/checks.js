// Input checks of the embeddable board (embed.js; docs/embed.md "Hostile input and limits"):
// its URL parameters, a position file's JSON text and the host page's postMessage messages are
// read here, within limits, before the board looks at them. Pure functions; no board state.

/** a bad URL parameter, position file or message field: the board reports it, never throws it on */
export class ParamError extends Error {}

// Limits on what the URL, a position file and the host page's messages may hold (docs/embed.md
// "Hostile input and limits"); the engine checks the rest (a snapshot completely).
const MAX_JSON_CHARS = 1 << 20;   // as the worker's request cap
const MAX_DEPTH = 32;
export const MAX_MOVES = 5000;
const MAX_ID = 128;

/**
 * JSON text read exactly: at most MAX_JSON_CHARS, nested at most MAX_DEPTH, and no integer
 * JSON.parse would round (beyond 2^53: write it as a string, as the engine writes seeds and
 * the generator state). Throws ParamError(`the ${what} …`).
 */
export function parseExact(text, what) {
  if (typeof text !== "string") throw new ParamError(`the ${what} is not JSON text`);
  if (text.length > MAX_JSON_CHARS) throw new ParamError(`the ${what} is ${text.length} characters (at most ${MAX_JSON_CHARS})`);
  let unsafe = null;
  let value;
  try {
    value = JSON.parse(text, (key, v, context) => {
      if (unsafe === null && typeof v === "number" && Number.isInteger(v) && !Number.isSafeInteger(v)) {
        unsafe = context && context.source ? context.source : String(v);
      }
      return v;
    });
  } catch {
    throw new ParamError(`the ${what} is not JSON`);
  }
  if (unsafe !== null) throw new ParamError(`the ${what} holds the integer ${unsafe}, beyond 2^53: JavaScript would round it (write it as a string)`);
  const problem = plainProblem(value);
  if (problem) throw new ParamError(`the ${what}: ${problem}`);
  return value;
}

/** why `value` is not plain JSON data (what postMessage may carry but JSON may not), or null */
export function plainProblem(value, depth = 0) {
  if (depth > MAX_DEPTH) return `nested deeper than ${MAX_DEPTH} levels`;
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? (Number.isInteger(value) && !Number.isSafeInteger(value) ? `${value} is beyond 2^53` : null) : `${value} is not a JSON number`;
  if (Array.isArray(value)) {
    for (const v of value) { const p = plainProblem(v, depth + 1); if (p) return p; }
    return null;
  }
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `a ${(proto && proto.constructor && proto.constructor.name) || "special"} object is not JSON`;
    for (const k of Object.keys(value)) { const p = plainProblem(value[k], depth + 1); if (p) return p; }
    return null;
  }
  return `a ${typeof value} is not JSON`;
}

function jsonParam(params, name) {
  const raw = params.get(name);
  if (raw === null || raw === "") return undefined;
  return parseExact(raw, `${name} parameter`);
}

function intParam(params, name, { min = 0, max = 1e9 } = {}) {
  const raw = params.get(name);
  if (raw === null || raw === "") return undefined;
  const n = /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new ParamError(`the ${name} parameter must be a whole number from ${min} to ${max}`);
  return n;
}

/** a seed: a whole number below 2^64, as a number when JavaScript holds it exactly, else as
 *  its decimal text (the engine takes both) */
function seedParam(params) {
  const raw = params.get("seed");
  if (raw === null || raw === "") return undefined;
  if (!/^[0-9]{1,20}$/.test(raw) || BigInt(raw) >= 2n ** 64n) throw new ParamError("the seed parameter must be a whole number below 2^64");
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : String(BigInt(raw));
}

/** the origins list of the URL (default: this site's own origin); throws ParamError */
export function parseOrigins(raw) {
  if (raw === null || raw.trim() === "") return [location.origin];
  const out = [];
  for (const item of raw.split(/[\s,]+/).filter(Boolean)) {
    let origin;
    try { origin = new URL(item).origin; } catch { throw new ParamError(`not an origin in origins: ${item}`); }
    if (origin === "null") throw new ParamError(`not an origin in origins: ${item}`);
    out.push(origin);
  }
  return out;
}

/** everything the URL says; a position file (if any) fills in what the URL leaves out */
export function readParams(params) {
  const cfg = {
    game: params.get("game") || undefined,
    position: params.get("position") || undefined,
    players: intParam(params, "players", { min: 1, max: 16 }),
    seats: params.get("seats") ? params.get("seats").split(",").map((s) => s.trim()) : undefined,
    options: jsonParam(params, "options"),
    seed: seedParam(params),
    moves: jsonParam(params, "moves"),
    snapshot: jsonParam(params, "snapshot"),
    mode: params.get("mode") || undefined,
    seat: intParam(params, "seat", { max: 15 }),
    bot: params.get("bot") || undefined,
    botDelay: intParam(params, "botDelay", { max: 60000 }),
    size: params.get("size") || undefined,
    list: params.get("list") || undefined,
  };
  return Object.fromEntries(Object.entries(cfg).filter(([, v]) => v !== undefined));
}

/** the id a reply may echo: a string of at most MAX_ID characters, a finite number, or null */
export const safeId = (id) => (id === undefined || id === null ? null
  : typeof id === "string" ? (id.length <= MAX_ID ? id : null)
  : typeof id === "number" && Number.isFinite(id) ? id : null);

/** why a host page's message is refused before it is looked at, or null */
export function messageProblem(msg) {
  if (msg.type.length > 40) return "type is longer than 40 characters";
  if (msg.id !== undefined && msg.id !== null && safeId(msg.id) === null) {
    return `id must be a string of at most ${MAX_ID} characters, a finite number or null`;
  }
  const plain = plainProblem(msg);
  if (plain) return plain;
  let size;
  try { size = JSON.stringify(msg).length; } catch (err) { return `not JSON: ${err.message}`; }
  if (size > MAX_JSON_CHARS) return `the message is ${size} characters as JSON (at most ${MAX_JSON_CHARS})`;
  if (msg.seat !== undefined && msg.seat !== null && !Number.isInteger(msg.seat)) return "seat must be a whole number or null";
  return null;
}
