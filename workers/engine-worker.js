// The engine worker: a MODULE Web Worker that boots Pyodide from the site's own origin,
// installs the engine wheel from the same origin and answers the JSON protocol of
// docs/protocol.md by handing every request, as a string, to
// `engine.protocol.handle(text) -> text`. All decisions are made in Python; this file only
// moves bytes. Served at dist/worker/engine-worker.js; the page does
//   new Worker("worker/engine-worker.js", {type: "module"})
// Choices and measurements: docs/worker.md.

import { BootProgress } from "./boot-progress.js";
import { loadFromSnapshot } from "./engine-snapshot.js";

const V = 1;
const T0 = performance.now();
const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const WHEELS_URL = new URL("../wheels/", import.meta.url).href;

// ---- requests: set onmessage FIRST, before any await, and queue until ready ----------
// What the page sends is checked here only as far as moving it needs (docs/worker.md
// "Hostile input"): its size (MAX_REQUEST, as engine.protocol.MAX_REQUEST: a longer text is
// not copied into Python at all), that a string is well-formed UTF-16 (Python cannot take a
// lone surrogate as text) and that it can be written as JSON. Python judges the rest; its reply
// is checked to hold no integer beyond 2^53 (JSON.parse would round it silently).
const MAX_REQUEST = 1 << 20; // characters
const MAX_QUEUED = 1000; // requests waiting for the boot
const MAX_ID = 128; // a string id longer than this is not echoed (as engine.protocol.MAX_ID)
const queue = [];
let handle = null; // the Python function engine.protocol.handle (a PyProxy), once booted
let bootFailure = null; // a message, if the boot failed

/** one request from `out` (the page, or the table worker's port when this is the bot worker) */
function receive(data, out) {
  try {
    if (handle !== null) answer(data, out);
    else if (bootFailure !== null) refuse(data, out);
    else if (queue.length >= MAX_QUEUED) out.postMessage(errorReply(data, "busy", `more than ${MAX_QUEUED} requests before the engine started`));
    else queue.push([data, out]);
  } catch (err) {
    // never let one request stop the worker: whatever went wrong is that request's answer
    try { out.postMessage(errorReply(null, "internal", lastLine(err))); } catch { /* nothing more to do */ }
  }
}

self.onmessage = (event) => {
  if (event.ports && event.ports.length === 1 && takePort(event.data, event.ports[0])) return;
  receive(event.data, self);
};

// ---- computer seats: a second instance of this worker is the bot worker (docs/bots.md) ----
// The page makes a MessageChannel and gives one end to each worker: {event: "bot_port", role}.
// The bot worker ("serve") answers requests arriving on its end exactly as it answers the page.
// The table worker ("ask") relays the page's `bot_think` requests: it takes the seat's input
// from its own match or room (bot_input / room_bot_input), sends it to the bot worker, and
// gives back the move (a match) or plays it in the room (room_bot_move). The seat's view goes
// from worker to worker; the page's main thread never holds it. While the bot worker thinks,
// this worker goes on answering.
let botPort = null;
const botWaiting = new Map(); // relay id -> resolve
let botNextId = 1;
const BOT_WAIT_S = 60; // longer than any budget (bot_choose takes at most 10 s) plus the bot worker's boot
const BOT_THINK = /^\{"v":1,"id":(-?[0-9]{1,16}|"[^"\\]{0,128}"),"op":"bot_think",/;

function takePort(data, port) {
  if (!data || typeof data !== "object" || data.event !== "bot_port") return false;
  if (data.role === "serve") {
    port.onmessage = (e) => receive(e.data, port);
  } else if (data.role === "ask") {
    botPort = port;
    port.onmessage = (e) => {
      const reply = e.data;
      const resolve = reply && typeof reply === "object" ? botWaiting.get(reply.id) : undefined;
      if (resolve) { botWaiting.delete(reply.id); resolve(reply); }
    };
  } else {
    return false;
  }
  return true;
}

function ask(request) {
  return parseReply(handle(JSON.stringify({ v: V, id: 0, ...request })), request);
}

/** the page's `bot_think` {match | room, seat, bot?, think_ms?, iterations?} (docs/protocol.md) */
async function botThink(text, out) {
  const msg = JSON.parse(text);
  const rid = safeId(msg.id);
  const fail = (code, message) => out.postMessage({ v: V, id: rid, ok: false, error: { code, message } });
  if (botPort === null) return fail("internal", "no bot worker: the page did not start one");
  const inRoom = typeof msg.room === "string";
  const input = inRoom ? ask({ op: "room_bot_input", room: msg.room, seat: msg.seat })
    : ask({ op: "bot_input", match: msg.match, seat: msg.seat });
  if (!input.ok) return out.postMessage({ ...input, id: rid });
  const started = performance.now();
  const id = botNextId++;
  const request = { v: V, id, op: "bot_choose", bot: inRoom ? input.bot : msg.bot, view: input.view,
    moves: input.moves, seed: input.seed };
  if (msg.think_ms !== undefined) request.think_ms = msg.think_ms;
  if (msg.iterations !== undefined) request.iterations = msg.iterations;
  const chosen = await new Promise((resolve) => {
    botWaiting.set(id, resolve);
    botPort.postMessage(JSON.stringify(request));
    setTimeout(() => {  // a bot worker that never answers (it crashed) fails this request, not the table
      if (botWaiting.delete(id)) resolve({ v: V, id, ok: false, error: { code: "internal", message: `the computer players' worker did not answer in ${BOT_WAIT_S} s` } });
    }, BOT_WAIT_S * 1000);
  });
  const waited = Math.round(performance.now() - started);
  if (!chosen.ok) return out.postMessage({ ...chosen, id: rid });
  if (!inRoom) {
    return out.postMessage({ v: V, id: rid, ok: true, move: chosen.move, ms: chosen.ms, wait_ms: waited, choices: input.moves.length });
  }
  const played = ask({ op: "room_bot_move", room: msg.room, seat: msg.seat, move: chosen.move });
  out.postMessage({ ...played, id: rid, ms: chosen.ms, wait_ms: waited });
}

/** the id a reply may echo: a string of at most MAX_ID characters or a number JS holds exactly */
function safeId(id) {
  if (typeof id === "string") return id.length <= MAX_ID ? id : null;
  if (typeof id === "number") return Number.isFinite(id) && (!Number.isInteger(id) || Number.isSafeInteger(id)) ? id : null;
  return null;
}

function idOf(msg) {
  if (typeof msg === "string") {
    if (msg.length > MAX_REQUEST) {
      // not parsed whole: the id of engine-client.js's requests, which begin {"v":1,"id":N,
      const m = /^\{\s*"v"\s*:\s*1\s*,\s*"id"\s*:\s*([0-9]{1,15})\s*,/.exec(msg.slice(0, 64));
      return m ? Number(m[1]) : null;
    }
    try {
      msg = JSON.parse(msg);
    } catch {
      return null;
    }
  }
  if (msg && typeof msg === "object" && !Array.isArray(msg) && "id" in msg) return safeId(msg.id);
  return null;
}

function errorReply(msg, code, message) {
  return { v: V, id: idOf(msg), ok: false, error: { code, message } };
}

/** the page's request as the text Python gets, or an error reply */
function requestText(msg) {
  let text;
  try {
    // A string is handed over as it is (Python says whether it is JSON); anything else
    // is serialised. undefined -> "null", which Python refuses as "not an object".
    text = typeof msg === "string" ? msg : JSON.stringify(msg) ?? "null";
  } catch (err) {
    return { error: errorReply(msg, "bad_message", `the message is not JSON-serialisable: ${err.message}`) };
  }
  if (text.length > MAX_REQUEST) {
    return { error: errorReply(text, "too_large", `a request is at most ${MAX_REQUEST} characters, not ${text.length}`) };
  }
  if (typeof text.isWellFormed === "function" && !text.isWellFormed()) {
    return { error: errorReply(msg, "bad_message", "the request holds a lone surrogate (not valid Unicode text)") };
  }
  return { text };
}

/** Python's reply text as an object; an integer beyond 2^53 in it is an internal error */
function parseReply(replyText, msg) {
  // a JSON number follows ":", "," or "[" (or starts the text); only 16 digits or more can be
  // beyond 2^53, so most replies (and digits inside strings, like the generator state) skip this
  if (!/(^|[:,[])\s*-?[0-9]{16}/.test(replyText)) return JSON.parse(replyText);
  let unsafe = null;
  const reply = JSON.parse(replyText, (key, value, context) => {
    if (unsafe === null && typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      unsafe = `"${key}": ${context && context.source ? context.source : value}`;
    }
    return value;
  });
  if (unsafe !== null) {
    return errorReply(msg, "internal", `the engine's reply holds an integer beyond 2^53 (${unsafe}), which JavaScript cannot hold exactly`);
  }
  return reply;
}

function answer(msg, out = self) {
  const req = requestText(msg);
  if (req.error) {
    out.postMessage(req.error);
    return;
  }
  if (BOT_THINK.test(req.text.slice(0, 200))) {
    botThink(req.text, out).catch((err) => out.postMessage(errorReply(msg, "internal", lastLine(err))));
    return;
  }
  let reply;
  try {
    // str in, str out: no JS proxy is created or leaked per request.
    reply = parseReply(handle(req.text), msg);
  } catch (err) {
    reply = errorReply(msg, "internal", lastLine(err));
  }
  out.postMessage(reply);
}

function refuse(msg, out = self) {
  out.postMessage(errorReply(msg, "internal", `the engine did not start: ${bootFailure}`));
}

// The line that says what was raised ("RuntimeError: ..."), without Pyodide's hint; at
// most 400 characters (it may quote what was sent).
function lastLine(err) {
  const lines = String((err && err.message) || err)
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("For more information about the cause of this error"));
  const line = lines[lines.length - 1] || "unknown error";
  return line.length > 400 ? `${line.slice(0, 399)}…` : line;
}

// ---- boot progress ----------------------------------------------------------------------
// workers/boot-progress.js (shared with the embed's engine): the fraction of the whole boot,
// bytes as they arrive, then the milestones (docs/worker.md "Boot progress").
const bootProgress = new BootProgress((stage, fraction, detail) =>
  self.postMessage({ v: V, event: "progress", stage, fraction, detail }));

function progress(stage, fraction, detail, force = false) {
  bootProgress.progress(stage, fraction, detail, force);
}

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url}`);
  return response;
}

// ---- boot -------------------------------------------------------------------------------
async function boot() {
  progress("runtime", 0, "loading Python", true);
  // Everything starts at once: the manifest (wheel name, file sizes), then the engine
  // wheel, download while Pyodide loads, so no round trip waits on another.
  const manifestP = fetchOk(WHEELS_URL + "manifest.json", "the wheel manifest").then((r) => r.json());
  const wheelP = manifestP
    .then((m) => fetchOk(WHEELS_URL + m.engine, "the engine wheel"))
    .then((r) => r.arrayBuffer());
  wheelP.catch(() => {}); // awaited below; no unhandled rejection meanwhile
  // Pyodide's big files and the engine's memory snapshot (named by the manifest, fetched beside
  // them when it is worth it), their bytes counted for the progress (boot-progress.js)
  const { snapshotName, snapshotP, ...watch } = bootProgress.watchBoot(manifestP, WHEELS_URL, PYODIDE_URL);

  let sitePackages = null;
  let tPyodide;
  let restored = false;
  const pyodideP = (async () => {
    const [{ loadPyodide }, name] = await Promise.all([import(PYODIDE_URL + "pyodide.mjs"), snapshotName]);
    const snapshot = name !== null;
    const options = {
      indexURL: PYODIDE_URL,
      // called once the wasm is instantiated, just before the interpreter starts (or its
      // memory is restored from the snapshot)
      fsInit: async (_FS, info) => {
        sitePackages = info.sitePackages;
        progress("python", bootProgress.share.compiled, snapshot ? "restoring Python" : "starting Python", true);
      },
    };
    // the snapshot's promise, not its bytes: Pyodide's downloads start while it arrives
    const loaded = await loadFromSnapshot(loadPyodide, options, snapshot ? snapshotP : null);
    if (loaded.fallback) console.warn(loaded.fallback);
    restored = loaded.restored;
    tPyodide = performance.now();
    return loaded.pyodide;
  })();
  let py, manifest;
  try {
    [py, manifest] = await Promise.all([pyodideP, manifestP]); // fails as soon as either fails
  } finally {
    watch.restore();
  }
  const tDownloaded = await Promise.race([watch.done, Promise.resolve(tPyodide)]);
  progress("engine", bootProgress.share.python, "installing the rules engine", true);

  // Install the wheel: unpack it into site-packages, dist-info included, exactly as a
  // wheel installer lays it out, so importlib.metadata sees the distribution.
  // ≈20–30 ms here against ≈1 s for micropip (docs/worker.md).
  const buffer = await wheelP;
  py.unpackArchive(buffer, "wheel", { extractDir: sitePackages });
  // unpackArchive records no installer when it is not given a file name; say who did it
  // (PEP 376), as micropip and pip do. The dist-info folder is named after the wheel.
  const distInfo = `${sitePackages}/${manifest.engine.split("-").slice(0, 2).join("-")}.dist-info`;
  py.FS.writeFile(`${distInfo}/INSTALLER`, "pyodide.unpackArchive\n");
  const tInstalled = performance.now();
  progress("engine", bootProgress.share.installed, "starting the rules engine", true);

  const protocol = py.pyimport("engine.protocol");
  try {
    handle = protocol.handle.copy(); // an owned proxy: it outlives the module proxy
  } finally {
    protocol.destroy();
  }
  // the boot's objects live as long as the worker: out of the collector's way, in the table's
  // worker only — the bot worker (named "bots", site/js/bots/bot-worker.js) plays out thousands of
  // games a move, which ran 1.6–3.4 % slower frozen, and no room update waits on it (docs/worker.md)
  if (self.name !== "bots") {
    const boot = py.pyimport("engine.worker_boot");
    try {
      boot.freeze_boot_objects();
    } finally {
      boot.destroy();
    }
  }
  const tReady = performance.now();
  // for diagnostics and bench/bench.py (the page never needs it)
  self.pyodide = py;

  const ms = (a, b) => Math.round(b - a);
  progress("engine", 1, "ready", true);
  self.postMessage({
    v: V,
    event: "ready",
    engine: manifest.engine_version,
    snapshot: restored, // restored from the engine's memory snapshot (else a plain boot)
    boot_ms: {
      runtime: ms(T0, tDownloaded),
      python: ms(tDownloaded, tPyodide),
      engine: ms(tPyodide, tReady),
      engine_install: ms(tPyodide, tInstalled),
      engine_import: ms(tInstalled, tReady),
      total: ms(T0, tReady),
    },
  });
  for (const [msg, out] of queue.splice(0)) {
    try { answer(msg, out); } catch (err) { out.postMessage(errorReply(null, "internal", lastLine(err))); }
  }
}

boot().catch((err) => {
  bootFailure = lastLine(err);
  handle = null;
  self.postMessage({ v: V, event: "boot_error", message: bootFailure });
  for (const [msg, out] of queue.splice(0)) refuse(msg, out);
});
