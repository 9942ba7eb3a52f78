// The embeddable board (embed.html; docs/embed.md): one game, set up from the URL's
// parameters or a position file, shown with the site's own game renderer
// (js/games/<game>.js, or the generic move list), talking to its host page by postMessage.
//
// Thin by construction, as the app: every move comes from the engine's `legal_moves` (or is
// an attempt the engine refuses with its reason); a position is replayed by the engine
// itself (new_match + the logged moves, or restore of a snapshot); the host page receives
// only what the board shows (the shown seat's view, listed moves, events).
//
// Host messages are accepted only from the parent window and only from the origins listed
// in `origins` (default: this site's own origin); replies and events are posted to those
// origins only, so no other page can read them.

import { EngineError } from "../engine-client.js";
import { embedEngine } from "./shared-engine.js";
import { esc } from "../games/gems-ui.js";
import { ui as genericUI, movesListHTML } from "./generic.js";
import { LEVELS, botMove } from "../bots/bot-worker.js";
import { MAX_MOVES, ParamError, messageProblem, parseExact, parseOrigins, readParams, safeId } from "./checks.js";

export { parseExact, plainProblem } from "./checks.js";

export const EMBED_PROTOCOL = 1;
// a computer seat's level (easy / normal / hard: hard thinks in a worker of its own), or the test players
const BOTS = [...LEVELS, "greedy", "random"];
/** what a position file may set (docs/embed.md); the URL's own parameters win */
const POSITION_FIELDS = ["game", "players", "seats", "options", "seed", "moves", "snapshot", "mode"];
const SIZES = { small: 0.75, medium: 0.875, large: 1 };

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const root = document.documentElement;

// ---------------------------------------------------------------------------- parameters (read and checked in checks.js)

const allowedOrigins = (() => {
  try { return parseOrigins(new URLSearchParams(location.search).get("origins")); } catch (err) { return err; }
})();

// ---------------------------------------------------------------------------- host messaging
const ORIGINS = allowedOrigins instanceof Error ? [] : allowedOrigins;
const embedded = window.parent !== window;
const log = []; // what the board told its host (window.tabletopEmbed.sent)
const ignored = []; // origins whose messages were ignored (for tests and debugging)

/** to the host: posted once per allowed origin; the browser delivers it only if one matches */
function toHost(msg, origin = null) {
  if (!embedded) return;
  const full = { tabletop: EMBED_PROTOCOL, ...msg };
  for (const o of origin ? [origin] : ORIGINS) {
    try { window.parent.postMessage(full, o); } catch { /* a closed or navigated parent */ }
  }
  log.push(full);
}

window.addEventListener("message", (event) => {
  if (event.source !== window.parent || !embedded) return;  // only the page that embeds us
  if (!ORIGINS.includes(event.origin)) {                   // only the configured origins
    ignored.push(event.origin);
    return;
  }
  const msg = event.data;
  if (!msg || typeof msg !== "object" || msg.tabletop !== EMBED_PROTOCOL || typeof msg.type !== "string") return;
  // a message for us: from here on every problem is answered (never an uncaught exception)
  const problem = messageProblem(msg);
  if (problem) {
    replyError(msg, event.origin, new HostError("bad_message", problem));
    return;
  }
  onHostMessage(msg, event.origin).catch((err) => replyError(msg, event.origin, err));
});


function replyError(msg, origin, err) {
  const code = err instanceof EngineError ? err.code : err instanceof ParamError ? "bad_position" : (err && err.code) || "internal";
  let message = String((err && err.message) || err);
  if (message.length > 400) message = `${message.slice(0, 399)}…`;
  toHost({ type: "error", id: safeId(msg.id), request: String(msg.type).slice(0, 40), code, message }, origin);
}

class HostError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

// ---------------------------------------------------------------------------- the engine
// one engine for every board of this site on the page (a SharedWorker), or this board's own
const engine = embedEngine();
// the bar moves only on real progress: bytes of the downloads as they arrive, then the boot's
// milestones (workers/boot-progress.js); its text says which, for a screen reader
engine.onProgress = (ev) => {
  const bar = $("embed-progress");
  const percent = Math.round((Number(ev.fraction) || 0) * 100);
  if (!bar || percent < Number(bar.getAttribute("aria-valuenow"))) return; // never backwards
  bar.querySelector(".fill").style.width = `${percent}%`;
  bar.setAttribute("aria-valuenow", String(percent));
  if (typeof ev.detail === "string" && ev.detail) bar.setAttribute("aria-valuetext", `${percent} %: ${ev.detail}`);
};
let games = {};

// ---------------------------------------------------------------------------- the board
let board = null; // {cfg, match, start (snapshot), ui, table, epoch, moves, shown, busy, awaiting, pending}
let epoch = 0;
const pendingShown = []; // resolved with the next state shown (whenShown)
const tableEl = $("table");

function seatName(seat) { return `Seat ${Number(seat) + 1}`; }
function seatKind(seat) {
  if (!board || board.cfg.mode === "explore") return "human";
  return board.cfg.seats[seat] || "human";
}

const hooks = {
  attempt: (move) => (board && board.awaiting !== null ? play(board.awaiting, move, "player") : Promise.resolve(false)),
  endTurn: () => {},
  seatName,
  seatKind,
};

async function uiFor(game) {
  if (!/^[a-z][a-z0-9_]*$/.test(game)) return genericUI;
  try {
    const mod = await import(`../games/${game}.js`);
    if (mod.ui && mod.ui.Table) return mod.ui;
  } catch { /* no renderer for this game yet */ }
  return genericUI;
}

/** the setup with defaults filled in and checked (no rules here: the engine checks the rest) */
function normalize(raw) {
  const cfg = { ...raw };
  if (cfg.game !== undefined && typeof cfg.game !== "string") throw new ParamError("game must be a game id");
  if (cfg.snapshot) {
    if (typeof cfg.snapshot !== "object" || Array.isArray(cfg.snapshot)) throw new ParamError("snapshot must be an object");
    cfg.game = cfg.snapshot.game;
    cfg.players = cfg.snapshot.players;
  }
  if (!cfg.game) throw new ParamError("no game: give game=… (one of " + Object.keys(games).join(", ") + ")");
  if (!games[cfg.game]) throw new HostError("unknown_game", `unknown game ${cfg.game}: choose one of ${Object.keys(games).join(", ")}`);
  const info = games[cfg.game];
  cfg.mode = cfg.mode || "explore";
  if (cfg.mode !== "explore" && cfg.mode !== "play") throw new ParamError("mode must be explore or play");
  cfg.bot = cfg.bot || "greedy";
  if (!BOTS.includes(cfg.bot)) throw new ParamError(`bot must be one of ${BOTS.join(", ")}`);
  if (cfg.seats) {
    if (!Array.isArray(cfg.seats) || !cfg.seats.every((k) => k === "human" || BOTS.includes(k))) {
      throw new ParamError(`seats must list human, ${BOTS.join(" or ")}`);
    }
    if (cfg.players !== undefined && cfg.players !== cfg.seats.length) throw new ParamError("players and seats disagree");
    cfg.players = cfg.seats.length;
  }
  cfg.players = cfg.players ?? info.min_players;
  if (!Number.isInteger(cfg.players) || cfg.players < 1 || cfg.players > 16) throw new ParamError("players must be a whole number from 1 to 16");
  if (!cfg.seats) {
    const human = cfg.seat ?? 0;
    cfg.seats = Array.from({ length: cfg.players }, (_, i) => (cfg.mode === "explore" || i === human ? "human" : cfg.bot));
  }
  if (cfg.moves !== undefined && !Array.isArray(cfg.moves)) throw new ParamError("moves must be a list of [seat, move] pairs");
  if (cfg.moves && cfg.moves.length > MAX_MOVES) throw new ParamError(`moves lists at most ${MAX_MOVES} moves`);
  if (cfg.botDelay !== undefined && (!Number.isInteger(cfg.botDelay) || cfg.botDelay < 0 || cfg.botDelay > 60000)) {
    throw new ParamError("botDelay must be a whole number of ms from 0 to 60000");
  }
  if (cfg.seat !== undefined && (!Number.isInteger(cfg.seat) || cfg.seat < 0 || cfg.seat >= cfg.players)) throw new ParamError(`there is no seat ${cfg.seat}`);
  if (cfg.moves && cfg.moves.length && cfg.seed === undefined) throw new ParamError("a move list needs the seed it was played with");
  if (cfg.options !== undefined && (typeof cfg.options !== "object" || Array.isArray(cfg.options))) throw new ParamError("options must be an object");
  cfg.botDelay = cfg.botDelay ?? 600;
  return cfg;
}

/** builds the match of `cfg` in the engine; returns its handle */
async function buildMatch(cfg) {
  if (cfg.snapshot) return (await engine.request("restore", { snapshot: cfg.snapshot })).match;
  const req = { game: cfg.game, players: cfg.players };
  if (cfg.options) req.options = cfg.options;
  if (cfg.seed !== undefined) req.seed = cfg.seed;
  const { match } = await engine.request("new_match", req);
  for (const [i, entry] of (cfg.moves || []).entries()) {
    if (!Array.isArray(entry) || entry.length !== 2) throw new ParamError(`moves[${i}] is not a [seat, move] pair`);
    try {
      await engine.request("play", { match, seat: entry[0], move: entry[1] });
    } catch (err) {
      engine.request("drop", { match }).catch(() => {});
      if (err instanceof EngineError) throw new HostError("bad_position", `moves[${i}] was refused: ${err.message}`);
      throw err;
    }
  }
  return match;
}

/** replaces the board with a new one set up from `raw`; resolves once it is shown */
async function setUp(raw) {
  const cfg = normalize(raw);
  const ui = await uiFor(cfg.game);
  const match = await buildMatch(cfg);
  const { snapshot: start } = await engine.request("snapshot", { match });
  const my = ++epoch;
  if (board) {
    engine.request("drop", { match: board.match }).catch(() => {});
    if (board.table) board.table.destroy();
  }
  board = { cfg, match, start, ui, table: null, epoch: my, moves: 0, shown: null, busy: false, awaiting: null, pending: null };
  board.table = new ui.Table(tableEl, hooks);
  root.dataset.game = cfg.game;
  $("embed-log").innerHTML = "";
  applySize(cfg.size);
  renderBar();
  return advance(board);
}

async function resetBoard() {
  const b = board;
  if (!b) throw new HostError("not_ready", "the board is not set up yet");
  const { match } = await engine.request("restore", { snapshot: b.start });
  engine.request("drop", { match: b.match }).catch(() => {});
  const my = ++epoch;
  Object.assign(b, { match, epoch: my, moves: 0, busy: false, awaiting: null, pending: null });
  $("embed-log").innerHTML = "";
  return advance(b);
}

const live = (b) => b === board && b.epoch === epoch;

/** what the host is told about what the board shows */
function stateFor(b, shown) {
  return {
    game: b.cfg.game, mode: b.cfg.mode, seat: shown.seat, view: shown.view,
    legal_moves: shown.legal_moves, to_act: shown.to_act, over: shown.over, result: shown.result,
    moves: b.moves,
  };
}

/** computer turns until a human acts or the game ends; then shows that seat */
async function advance(b) {
  while (live(b)) {
    const pub = await engine.request("state", { match: b.match, seat: null });
    if (!live(b)) return;
    if (pub.over) {
      const humans = b.cfg.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
      const viewer = b.cfg.mode === "play" && humans.length === 1 ? humans[0] : null;
      const final = viewer === null ? pub : await engine.request("state", { match: b.match, seat: viewer });
      return show(b, { ...final, seat: viewer }, { interactive: false }, null);
    }
    const actor = pub.to_act[0];
    const kind = b.cfg.mode === "explore" ? "human" : b.cfg.seats[actor];
    if (kind === "human") {
      const st = await engine.request("state", { match: b.match, seat: actor });
      return show(b, { ...st, seat: actor }, { interactive: true }, actor);
    }
    // a computer: show the human's seat while it thinks, then play its move
    const viewer = b.cfg.seats.indexOf("human");
    const st = viewer >= 0 ? await engine.request("state", { match: b.match, seat: viewer }) : pub;
    if (!live(b)) return;
    show(b, { ...st, seat: viewer >= 0 ? viewer : null }, { interactive: false, thinking: actor }, null);
    b.busy = true;
    const [{ move }] = await Promise.all([
      botMove(engine, b.match, actor, kind),
      sleep(b.cfg.botDelay),
    ]);
    if (!live(b)) return;
    const played = await engine.request("play", { match: b.match, seat: actor, move });
    b.busy = false;
    recordMove(b, actor, move, played.events, "computer");
  }
}

function show(b, st, ctx, awaiting) {
  if (!live(b)) return;
  b.shown = st;
  b.awaiting = awaiting;
  b.busy = false;
  b.table.render(st, { fresh: true, ...ctx });
  tableEl.dataset.moves = String(b.moves);
  tableEl.dataset.awaiting = awaiting === null ? "" : String(awaiting);
  renderBar();
  renderMoveList(b);
  const state = stateFor(b, st);
  if (b.pending) {
    const p = b.pending;
    b.pending = null;
    toHost({ type: "move", id: p.id ?? null, seat: p.seat, move: p.move, events: p.events, by: p.by, state }, p.origin);
    if (st.over) toHost({ type: "game_over", result: st.result, state });
  }
  for (const resolve of pendingShown.splice(0)) resolve(state);
}

function recordMove(b, seat, move, events, by, id = null, origin = null) {
  b.moves += 1;
  b.pending = { seat, move, events, by, id, origin };
  for (const { html, cls } of b.ui.describeEvents(events, seatName)) {
    const li = document.createElement("li");
    li.innerHTML = html;
    if (cls) li.className = cls;
    $("embed-log").appendChild(li);
  }
  const logEl = $("embed-log");
  while (logEl.children.length > 6) logEl.firstElementChild.remove();
}

/** a move for `seat`: sent to the engine as it is; refused moves change nothing */
async function play(seat, move, by, id = null, origin = null) {
  const b = board;
  if (!b || b.busy) return false;
  b.busy = true;
  let played;
  try {
    played = await engine.request("play", { match: b.match, seat, move });
  } catch (err) {
    b.busy = false;
    if (by === "host") throw err;
    if (err instanceof EngineError && err.code === "illegal_move") {
      toast(err.message);
      toHost({ type: "error", id: null, request: "play", code: err.code, message: err.message, seat, move });
      return false;
    }
    toast(err.message || String(err));
    return false;
  }
  if (!live(b)) return true;
  hideToast();
  recordMove(b, seat, move, played.events, by, id, origin);
  advance(b).catch(failed);
  return true;
}

// ---------------------------------------------------------------------------- host requests
async function onHostMessage(msg, origin) {
  const id = msg.id ?? null;
  if (msg.type === "ping") return toHost({ type: "pong", id }, origin);
  if (!board) throw new HostError("not_ready", "the board is not ready yet: wait for the ready message");
  const b = board;
  switch (msg.type) {
    case "get_state": {
      if (msg.seat === undefined || msg.seat === b.shown.seat) {
        return toHost({ type: "state", id, state: stateFor(b, b.shown) }, origin);
      }
      const seat = msg.seat === null ? null : openSeat(b, msg.seat);
      const st = await engine.request("state", { match: b.match, seat });
      return toHost({ type: "state", id, state: stateFor(b, { ...st, seat }) }, origin);
    }
    case "get_legal_moves": {
      const seat = msg.seat ?? b.awaiting ?? (b.shown.to_act || [])[0] ?? null;
      if (seat === null) return toHost({ type: "legal_moves", id, seat: null, moves: [] }, origin);
      const st = await engine.request("state", { match: b.match, seat: openSeat(b, seat) });
      return toHost({ type: "legal_moves", id, seat, moves: st.legal_moves }, origin);
    }
    case "play": {
      if (b.busy || b.awaiting === null) throw new HostError("busy", "the board is not waiting for a move (a computer is playing, or the game is over)");
      const seat = openSeat(b, msg.seat ?? b.awaiting);
      if (!msg.move || typeof msg.move !== "object") throw new HostError("bad_message", "play needs a move object");
      await play(seat, msg.move, "host", id, origin); // the move event answers it
      return undefined;
    }
    case "set_position": {
      // a whole new setup: the position's own fields, the board's presentation kept
      if (!msg.position || typeof msg.position !== "object" || Array.isArray(msg.position)) {
        throw new HostError("bad_message", "set_position needs a position object");
      }
      const keep = Object.fromEntries(["mode", "seat", "bot", "botDelay", "size", "list"]
        .filter((k) => b.cfg[k] !== undefined).map((k) => [k, b.cfg[k]]));
      const raw = { game: b.cfg.game, ...keep, ...msg.position };
      for (const k of ["mode", "seats", "seat", "bot", "botDelay", "size"]) if (msg[k] !== undefined) raw[k] = msg[k];
      return toHost({ type: "state", id, state: await whenShown(() => setUp(raw)) }, origin);
    }
    case "reset":
      return toHost({ type: "state", id, state: await whenShown(() => resetBoard()) }, origin);
    default:
      throw new HostError("unknown_request", `unknown request ${msg.type}`);
  }
}

/** a seat the host may see or move for: any seat in explore mode; a human seat in play mode
 *  (a computer's view stays private to it, as at the site's own table) */
function openSeat(b, seat) {
  if (!Number.isInteger(seat) || seat < 0 || seat >= b.cfg.players) throw new HostError("bad_message", `there is no seat ${seat}`);
  if (b.cfg.mode === "play" && b.cfg.seats[seat] !== "human") {
    throw new HostError("private_seat", `seat ${seat} is played by the computer: its view and moves are private`);
  }
  return seat;
}

/** runs `setup` and resolves with the first state the board then shows */
async function whenShown(setup) {
  let resolve;
  const shown = new Promise((r) => { resolve = r; });
  pendingShown.push(resolve);
  try {
    await setup();
  } catch (err) {
    const i = pendingShown.indexOf(resolve);
    if (i >= 0) pendingShown.splice(i, 1);
    throw err;
  }
  return shown;
}

// ---------------------------------------------------------------------------- page furniture
function applySize(size) {
  const z = size === undefined ? 1 : SIZES[size] ?? Number(size);
  root.style.zoom = Number.isFinite(z) && z >= 0.5 && z <= 2 ? String(z) : "1";
}

function renderBar() {
  if (!board) return;
  const { cfg } = board;
  const title = (games[cfg.game] && games[cfg.game].title) || cfg.game;
  const a = board.awaiting;
  let hint;
  if (board.shown && board.shown.over) hint = "The game is over.";
  else if (cfg.mode === "explore") hint = a === null ? "" : `${seatName(a)} to move: try any of the ${board.shown ? board.shown.legal_moves.length : 0} legal moves.`;
  else {
    const me = cfg.seats.indexOf("human");
    hint = a !== null ? `Your move (${seatName(a)}).` : me >= 0 ? `You are ${seatName(me)}, against the computer.` : "Computers playing.";
  }
  $("embed-title").textContent = title;
  $("embed-hint").textContent = hint;
  $("embed-reset").hidden = board.moves === 0;
  $("embed-reset").textContent = cfg.mode === "explore" ? "Back to the position" : "Start again";
}

function renderMoveList(b) {
  const box = $("embed-moves");
  const moves = b.awaiting === null ? [] : b.shown.legal_moves || [];
  const show = b.cfg.list !== "0" && b.ui !== genericUI && moves.length > 0;
  box.hidden = !show;
  if (!show) { box.innerHTML = ""; return; }
  const open = box.open || b.cfg.list === "open";
  box.innerHTML = `<summary>Legal moves of ${esc(seatName(b.awaiting))} <span class="muted">(${moves.length}, listed by the engine)</span></summary>
    <div class="generic-moves">${movesListHTML(moves)}</div>`;
  box.open = open;
}
$("embed-moves").addEventListener("click", (e) => {
  const el = e.target.closest("[data-move-index]");
  if (!el || !board || board.awaiting === null) return;
  const move = board.shown.legal_moves[Number(el.dataset.moveIndex)];
  if (move) play(board.awaiting, move, "player");
});
$("embed-reset").addEventListener("click", () => resetBoard().catch(failed));

let toastTimer = 0;
function toast(message) {
  const el = $("error-toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
}
function hideToast() { clearTimeout(toastTimer); $("error-toast").hidden = true; }
$("error-toast").addEventListener("click", hideToast);

function failed(err) {
  console.error(err);
  toast(err && err.message ? err.message : String(err));
  toHost({ type: "error", id: null, code: (err && err.code) || "internal", message: String((err && err.message) || err) });
}

// the host may size the iframe to the board (docs/embed.md "resize")
let lastHeight = 0;
new ResizeObserver(() => {
  // the body's box in the frame's own pixels (CSS zoom included)
  const h = Math.ceil(document.body.getBoundingClientRect().height);
  if (Math.abs(h - lastHeight) > 1) { lastHeight = h; toHost({ type: "resize", height: h }); }
}).observe(document.body);

// ---------------------------------------------------------------------------- start
async function start() {
  const box = $("embed");
  try {
    if (allowedOrigins instanceof Error) throw allowedOrigins;
    const params = new URLSearchParams(location.search);
    let raw = readParams(params);
    // while the engine boots (or the page's shared engine sets up other boards): the position
    // file and the game's renderer, so neither waits for the engine
    const fileP = raw.position ? fetch(new URL(raw.position, location.href)) : null;
    if (fileP) {
      fileP.then((r) => r.clone().text()).then((t) => { const g = JSON.parse(t).game; if (typeof g === "string") uiFor(g); })
        .catch(() => {}); // only a head start: the file is read and checked below
    }
    if (raw.game) uiFor(raw.game);
    await engine.ready;
    const hello = await engine.request("hello");
    games = hello.games || {};
    if (raw.position) {
      const url = new URL(raw.position, location.href);
      const response = await fileP;
      if (!response.ok) throw new ParamError(`the position file ${url} gave HTTP ${response.status}`);
      const file = parseExact(await response.text(), `position file ${url}`);
      if (!file || typeof file !== "object" || Array.isArray(file)) throw new ParamError(`the position file ${url} is not a JSON object`);
      const { position, ...rest } = raw;
      const fromFile = Object.fromEntries(POSITION_FIELDS.filter((k) => file[k] !== undefined).map((k) => [k, file[k]]));
      raw = { ...fromFile, ...rest };
      if (file.caption && params.get("caption") !== "0") {
        $("embed-caption").textContent = file.caption;
        $("embed-caption").hidden = false;
      }
    }
    const state = await whenShown(() => setUp(raw));
    box.dataset.state = "ready";
    $("embed-loading").hidden = true;
    toHost({
      type: "ready", engine: hello.engine, protocol: EMBED_PROTOCOL, game: board.cfg.game, players: board.cfg.players,
      mode: board.cfg.mode, seats: board.cfg.seats, state,
    });
  } catch (err) {
    box.dataset.state = "error";
    $("embed-loading").hidden = true;
    const p = $("embed-error");
    p.textContent = err && err.message ? err.message : String(err);
    p.hidden = false;
    const code = err instanceof ParamError ? "bad_params" : err instanceof EngineError ? err.code : (err && err.code) || "internal";
    toHost({ type: "error", id: null, code, message: p.textContent });
  }
}

// What a test (or a curious person in the console) may read: what the board shows and said.
window.tabletopEmbed = {
  get state() { return board && board.shown ? stateFor(board, board.shown) : null; },
  get legalMoves() { return board && board.awaiting !== null ? board.shown.legal_moves : []; },
  sent: log,
  ignored,
  origins: ORIGINS,
  get engine() { return { kind: engine.kind, shared: engine.shared, version: engine.engineVersion }; },
};

start();
