// The shared engine: a MODULE SharedWorker that boots ONE Pyodide for every embedded board of
// this site on a page (docs/embed.md "One engine per page"). Each board (each embed.html
// iframe) connects with its own port and speaks exactly the protocol of docs/protocol.md, as to
// workers/engine-worker.js; this worker hands every request, as a string, to
// `engine.protocol.handle(text) -> text` and answers on the port it came from.
//
// Boards stay apart: a board may name only the matches (replays, rooms) that the engine made
// for it: a request naming another handle is refused here as `unknown_match` and never reaches
// Python, so a move in one board can never touch another board's match. A refused request or a
// Python exception is that request's answer only. A board that goes away (its iframe removed or
// reloaded: its `bye`, or its port's `close`) has its matches dropped. All decisions are made
// in Python; this file only moves bytes. Served at dist/worker/shared-engine-worker.js; a board
// does  new SharedWorker("worker/shared-engine-worker.js", {type: "module", name: "tabletop-engine"})
// (site/js/embed/shared-engine.js).

import { BootProgress } from "./boot-progress.js";
import { loadFromSnapshot } from "./engine-snapshot.js";

const V = 1;
const T0 = performance.now();
const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const WHEELS_URL = new URL("../wheels/", import.meta.url).href;
// which instance answered: boards of one page that share an engine report the same id
const INSTANCE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const MAX_REQUEST = 1 << 20; // characters (engine.protocol.MAX_REQUEST)
const MAX_QUEUED = 1000; // requests waiting for the boot, all boards together
const MAX_ID = 128; // a string id longer than this is not echoed (engine.protocol.MAX_ID)
const BOT_WAIT_S = 60; // as engine-worker.js: a silent bot worker fails the request, not the board
const BOT_THINK = /^\{"v":1,"id":(-?[0-9]{1,16}|"[^"\\]{0,128}"),"op":"bot_think",/;
// the handles a request may name, the code refusing another board's, and how each is released
const HANDLES = { match: ["unknown_match", "drop"], replay: ["unknown_replay", "record_close"], room: ["unknown_room", "room_close"] };

const clients = new Set(); // {port, owned: {match: Set, replay: Set, room: Set}, botPort, botWaiting, botNextId}
const queue = []; // [client, data] waiting for the boot
let handle = null; // engine.protocol.handle (a PyProxy), once booted
let bootFailure = null;
let readyEvent = null;
let lastProgress = null;
let served = 0; // boards connected since the boot began

self.onconnect = (event) => {
  const port = event.ports[0];
  const client = { port, owned: { match: new Set(), replay: new Set(), room: new Set() }, botPort: null,
    botWaiting: new Map(), botNextId: 1, gone: false };
  clients.add(client);
  served += 1;
  port.onmessage = (e) => onClientMessage(client, e);
  port.addEventListener("close", () => release(client)); // Chromium 122+: the board's page went away
  if (readyEvent) port.postMessage(readyFor(readyEvent));
  else if (bootFailure !== null) port.postMessage({ v: V, event: "boot_error", message: bootFailure });
  else if (lastProgress) port.postMessage(lastProgress);
};

function onClientMessage(client, event) {
  const data = event.data;
  if (data && typeof data === "object" && data.event === "bye") return release(client);
  if (event.ports && event.ports.length === 1 && data && typeof data === "object" && data.event === "bot_port" && data.role === "ask") {
    takeBotPort(client, event.ports[0]);
    return;
  }
  receive(client, data);
}

/** a board left: its matches, replays and rooms are dropped; nothing of it stays */
function release(client) {
  if (client.gone) return;
  client.gone = true;
  clients.delete(client);
  if (handle !== null) {
    for (const [field, [, op]] of Object.entries(HANDLES)) {
      for (const h of client.owned[field]) {
        try { handle(JSON.stringify({ v: V, id: 0, op, [field]: h })); } catch { /* already gone */ }
      }
    }
  }
  for (const [, resolve] of client.botWaiting) resolve({ ok: false, error: { code: "internal", message: "the board went away" } });
  client.botWaiting.clear();
  try { client.port.close(); } catch { /* closed */ }
}

function post(client, msg) {
  if (client.gone) return;
  try { client.port.postMessage(msg); } catch { /* the board is gone */ }
}

function receive(client, data) {
  try {
    if (handle !== null) answer(client, data);
    else if (bootFailure !== null) post(client, errorReply(data, "internal", `the engine did not start: ${bootFailure}`));
    else if (queue.length >= MAX_QUEUED) post(client, errorReply(data, "busy", `more than ${MAX_QUEUED} requests before the engine started`));
    else queue.push([client, data]);
  } catch (err) {
    post(client, errorReply(null, "internal", lastLine(err)));
  }
}

// ---- one request ------------------------------------------------------------------------
function safeId(id) {
  if (typeof id === "string") return id.length <= MAX_ID ? id : null;
  if (typeof id === "number") return Number.isFinite(id) && (!Number.isInteger(id) || Number.isSafeInteger(id)) ? id : null;
  return null;
}

function idOf(msg) {
  if (typeof msg === "string") {
    if (msg.length > MAX_REQUEST) {
      const m = /^\{\s*"v"\s*:\s*1\s*,\s*"id"\s*:\s*([0-9]{1,15})\s*,/.exec(msg.slice(0, 64));
      return m ? Number(m[1]) : null;
    }
    try { msg = JSON.parse(msg); } catch { return null; }
  }
  return msg && typeof msg === "object" && !Array.isArray(msg) && "id" in msg ? safeId(msg.id) : null;
}

function errorReply(msg, code, message) {
  return { v: V, id: idOf(msg), ok: false, error: { code, message } };
}

/** the request as the text Python gets (and parsed, to check its handles), or an error reply */
function requestOf(msg) {
  let text;
  try {
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
  let parsed = null;
  try { parsed = JSON.parse(text); } catch { /* Python says what is wrong with it */ }
  return { text, parsed: parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null };
}

/** a handle the request names that this board does not own, as an error reply, or null */
function foreignHandle(client, req) {
  if (!req) return null;
  for (const [field, [code]] of Object.entries(HANDLES)) {
    const h = req[field];
    if (typeof h === "string" && !client.owned[field].has(h)) {
      return { v: V, id: safeId(req.id), ok: false, error: { code, message: `no ${field} ${JSON.stringify(h.slice(0, 40))} on this board` } };
    }
  }
  return null;
}

/** the handles an answer gives the board (new_match, restore, rematch, record_open, …) */
function adopt(client, req, reply) {
  if (!reply || reply.ok !== true) return;
  for (const field of Object.keys(HANDLES)) {
    if (typeof reply[field] === "string") client.owned[field].add(reply[field]);
  }
  if (req && req.op === "drop" && typeof req.match === "string") client.owned.match.delete(req.match);
  if (req && req.op === "record_close" && typeof req.replay === "string") client.owned.replay.delete(req.replay);
  if (req && req.op === "room_close" && typeof req.room === "string") client.owned.room.delete(req.room);
}

function call(text, req) {
  let reply;
  try {
    reply = parseReply(handle(text), text);
  } catch (err) {
    reply = { v: V, id: req ? safeId(req.id) : null, ok: false, error: { code: "internal", message: lastLine(err) } };
  }
  return reply;
}

function answer(client, msg) {
  if (client.gone) return;
  const req = requestOf(msg);
  if (req.error) return post(client, req.error);
  const foreign = foreignHandle(client, req.parsed);
  if (foreign) return post(client, foreign);
  if (BOT_THINK.test(req.text.slice(0, 200))) {
    botThink(client, req.parsed).catch((err) => post(client, errorReply(msg, "internal", lastLine(err))));
    return;
  }
  const reply = call(req.text, req.parsed);
  adopt(client, req.parsed, reply);
  post(client, reply);
}

function parseReply(replyText, msg) {
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

function lastLine(err) {
  const lines = String((err && err.message) || err).split("\n").map((l) => l.trim())
    .filter((l) => l && !l.startsWith("For more information about the cause of this error"));
  const line = lines[lines.length - 1] || "unknown error";
  return line.length > 400 ? `${line.slice(0, 399)}…` : line;
}

// ---- a board's hard computer seat: its own bot worker, joined by a MessageChannel ----------
// As in engine-worker.js (docs/worker.md "The bot worker"), but per board: the seat's view and
// moves go from here to that board's bot worker, and the move comes back; the page never holds them.
function takeBotPort(client, port) {
  client.botPort = port;
  port.onmessage = (e) => {
    const reply = e.data;
    const resolve = reply && typeof reply === "object" ? client.botWaiting.get(reply.id) : undefined;
    if (resolve) { client.botWaiting.delete(reply.id); resolve(reply); }
  };
}

async function botThink(client, msg) {
  const rid = safeId(msg.id);
  const fail = (code, message) => post(client, { v: V, id: rid, ok: false, error: { code, message } });
  if (client.botPort === null) return fail("internal", "no bot worker: the page did not start one");
  if (typeof msg.room === "string") return fail("bad_message", "the shared engine plays computer seats of matches only");
  const input = call(JSON.stringify({ v: V, id: 0, op: "bot_input", match: msg.match, seat: msg.seat }), null);
  if (!input.ok) return post(client, { ...input, id: rid });
  const started = performance.now();
  const id = client.botNextId++;
  const request = { v: V, id, op: "bot_choose", bot: msg.bot, view: input.view, moves: input.moves, seed: input.seed };
  if (msg.think_ms !== undefined) request.think_ms = msg.think_ms;
  if (msg.iterations !== undefined) request.iterations = msg.iterations;
  const chosen = await new Promise((resolve) => {
    client.botWaiting.set(id, resolve);
    client.botPort.postMessage(JSON.stringify(request));
    setTimeout(() => {
      if (client.botWaiting.delete(id)) resolve({ ok: false, error: { code: "internal", message: `the computer players' worker did not answer in ${BOT_WAIT_S} s` } });
    }, BOT_WAIT_S * 1000);
  });
  if (!chosen.ok) return post(client, { ...chosen, v: V, id: rid });
  post(client, { v: V, id: rid, ok: true, move: chosen.move, ms: chosen.ms, wait_ms: Math.round(performance.now() - started), choices: input.moves.length });
}

// ---- boot: once, for every board ---------------------------------------------------------
function broadcast(msg) {
  for (const client of clients) post(client, msg);
}

// the boot's progress as the table's worker reports it (workers/boot-progress.js): bytes of the
// downloads as they arrive, then the milestones; a board that connects later gets the last one
const bootProgress = new BootProgress((stage, fraction, detail) => {
  lastProgress = { v: V, event: "progress", stage, fraction, detail };
  broadcast(lastProgress);
});

function progress(stage, fraction, detail) {
  bootProgress.progress(stage, fraction, detail, true);
}

function readyFor(ready) {
  return { ...ready, shared: { instance: INSTANCE, boards: clients.size, served } };
}

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url}`);
  return response;
}

async function boot() {
  progress("runtime", 0, "loading Python");
  const manifestP = fetchOk(WHEELS_URL + "manifest.json", "the wheel manifest").then((r) => r.json());
  const wheelP = manifestP.then((m) => fetchOk(WHEELS_URL + m.engine, "the engine wheel")).then((r) => r.arrayBuffer());
  wheelP.catch(() => {});
  // Pyodide's big files and the engine's memory snapshot, as in engine-worker.js (boot-progress.js)
  const { snapshotName, snapshotP, ...watch } = bootProgress.watchBoot(manifestP, WHEELS_URL, PYODIDE_URL);
  let sitePackages = null;
  let tPyodide;
  let restored = false;
  const pyodideP = (async () => {
    const [{ loadPyodide }, name] = await Promise.all([import(PYODIDE_URL + "pyodide.mjs"), snapshotName]);
    const snapshot = name !== null;
    const loaded = await loadFromSnapshot(loadPyodide, {
      indexURL: PYODIDE_URL,
      fsInit: async (_FS, info) => {
        sitePackages = info.sitePackages;
        progress("python", bootProgress.share.compiled, snapshot ? "restoring Python" : "starting Python");
      },
    }, snapshot ? snapshotP : null);
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
  progress("engine", bootProgress.share.python, "installing the rules engine");
  py.unpackArchive(await wheelP, "wheel", { extractDir: sitePackages });
  const distInfo = `${sitePackages}/${manifest.engine.split("-").slice(0, 2).join("-")}.dist-info`;
  py.FS.writeFile(`${distInfo}/INSTALLER`, "pyodide.unpackArchive\n");
  const protocol = py.pyimport("engine.protocol");
  try {
    handle = protocol.handle.copy();
  } finally {
    protocol.destroy();
  }
  // the boot's objects live as long as the worker: out of the collector's way (docs/worker.md)
  const boot = py.pyimport("engine.worker_boot");
  try {
    boot.freeze_boot_objects();
  } finally {
    boot.destroy();
  }
  const tReady = performance.now();
  self.pyodide = py; // diagnostics and bench/bench_embed.py
  const ms = (a, b) => Math.round(b - a);
  progress("engine", 1, "ready");
  readyEvent = { v: V, event: "ready", engine: manifest.engine_version, snapshot: restored,
    boot_ms: { python: ms(T0, tPyodide), engine: ms(tPyodide, tReady), total: ms(T0, tReady) } };
  for (const client of clients) post(client, readyFor(readyEvent));
  for (const [client, msg] of queue.splice(0)) {
    try { answer(client, msg); } catch (err) { post(client, errorReply(null, "internal", lastLine(err))); }
  }
}

boot().catch((err) => {
  bootFailure = lastLine(err);
  handle = null;
  broadcast({ v: V, event: "boot_error", message: bootFailure });
  for (const [client, msg] of queue.splice(0)) post(client, errorReply(msg, "internal", `the engine did not start: ${bootFailure}`));
});
