// The app shell: loading screen, game picker, new-game form, the match loop (human turns,
// computer turns, pass-and-play hand-over), move log and results.
// It renders what the engine says and forwards what the player taps; it decides no rule.

import { EngineClient, EngineError } from "./engine-client.js";
import { esc } from "./games/gems-ui.js";
import { DEFAULT_THEME_COLOR, GAME_UI, THEME_COLOR, gameList, gameTitle, hasTable } from "./games/registry.js";
import { installHistory } from "./history/hooks.js";
import { installLearn } from "./help/learn.js";
import { botMove, startBotWorker, thinksInWorker } from "./bots/bot-worker.js";
import { localSeatNames, nameFieldHTML, rememberSeatNames, rememberedSeatNames } from "./net/names.js";

// ---------------------------------------------------------------------------- settings
const params = new URLSearchParams(location.search);
const BOT_DELAY_MS = (() => {
  const raw = params.get("botDelay");
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : 600;
})();
// the playable games, their tables, log lines, results wording and look: games/registry.js

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------- stylesheet
// Loaded from here so that it never blocks the first paint of the loading screen.
const cssReady = new Promise((resolve) => {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/app.css", import.meta.url).href;
  link.onload = link.onerror = () => resolve();
  document.head.appendChild(link);
});

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
function hideToast() {
  clearTimeout(toastTimer);
  $("error-toast").hidden = true;
}
$("error-toast").addEventListener("click", hideToast);

// ---------------------------------------------------------------------------- boot
const STAGE_TEXT = {
  runtime: "Downloading the Python runtime…",
  python: "Starting Python…",
  engine: "Installing the game engine…",
};
function setProgress(fraction, detail) {
  const f = Math.max(0, Math.min(1, Number(fraction) || 0));
  const bar = $("progress");
  bar.querySelector(".fill").style.width = `${(f * 100).toFixed(1)}%`;
  bar.setAttribute("aria-valuenow", String(Math.round(f * 100)));
  if (detail) $("loading-detail").textContent = detail;
}

// the worker index.html started before this module loaded (taken once), else a new one
const early = window.tabletopEarlyEngine || null;
delete window.tabletopEarlyEngine;
const engine = new EngineClient(undefined, early);
let lastFraction = 0;
// a boot that stops moving says so (the bar itself only moves on real progress)
let stallTimer = 0;
function watchStall() {
  clearTimeout(stallTimer);
  stallTimer = setTimeout(() => {
    $("loading-detail").textContent += " — this is taking longer than usual.";
    $("boot-retry").hidden = false;
  }, 45000);
}
watchStall();
engine.onProgress = (ev) => {
  watchStall();
  // never move the bar backwards
  lastFraction = Math.max(lastFraction, Number(ev.fraction) || 0);
  const detail = typeof ev.detail === "string" && ev.detail
    ? ev.detail.charAt(0).toUpperCase() + ev.detail.slice(1) + (ev.detail.endsWith(")") || ev.detail === "ready" ? "" : "…")
    : STAGE_TEXT[ev.stage];
  setProgress(lastFraction, detail || "Loading…");
};

let games = [];
async function boot() {
  let hello;
  try {
    await engine.ready;
    hello = await engine.request("hello");
  } catch (err) {
    $("loading").setAttribute("aria-busy", "false");
    $("loading-detail").textContent = "The game engine could not start.";
    const box = $("boot-error");
    box.textContent = err && err.message ? err.message : String(err);
    box.hidden = false;
    clearTimeout(stallTimer);
    $("boot-retry").hidden = false;
    return;
  }
  clearTimeout(stallTimer);
  setProgress(1, "Ready");
  games = gameList(hello.games);
  await cssReady;
  renderPicker();
  $("loading").hidden = true;
  $("loading").setAttribute("aria-busy", "false");
  $("app").hidden = false;
  showScreen("picker");
  gameHistory.boot();  // a shared link (#replay=…) opens as a replay (history/)
  netTables().then((net) => net.onBoot(netApp, params)).catch((err) => console.error(err));  // ?host=<room>, saved tables
}

// ---------------------------------------------------------------------------- screens
/** the game's own look (css: [data-game=…]) on the form, the table and the hand-over */
function setTheme(gameId) {
  const root = document.documentElement;
  if (gameId) root.dataset.game = gameId; else delete root.dataset.game;
  document.title = gameId ? `Tabletop · ${gameTitle(games, gameId)}` : "Tabletop";
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.content = THEME_COLOR[gameId] || DEFAULT_THEME_COLOR;
}

function showScreen(name) {
  if (name === "picker") setTheme(null);
  $("game-picker").hidden = name !== "picker";
  $("new-game-form").hidden = name !== "form";
  $("game-screen").hidden = name !== "game";
  $("history-screen").hidden = name !== "history";
  $("new-game-btn").hidden = name !== "game";
  if (name !== "game") { $("handover").hidden = true; }
  window.scrollTo(0, 0);
}

const BLURB = Object.fromEntries(Object.values(GAME_UI).map((u) => [u.id, u.blurb]));
function renderPicker() {
  const list = $("game-list");
  const shown = games.length ? games : [{ id: "splendor", title: "Splendor", min: 2, max: 4 }];
  list.innerHTML = shown.map((g) => {
    const playable = hasTable(g.id);
    return `<button type="button" class="game-tile${playable ? " playable" : ""} tile-${esc(g.id)}" data-game="${esc(g.id)}"
        data-testid="pick-${esc(g.id)}"${playable ? "" : " disabled"}>
      <span class="game-title">${esc(g.title)}</span>
      <span class="game-about">${esc(BLURB[g.id] || g.about || `${g.min}–${g.max} players`)}</span>
      <span class="game-state">${playable ? "Play" : "Coming soon"}</span>
    </button>`;
  }).join("");
}
$("game-list").addEventListener("click", (e) => {
  const tile = e.target.closest("[data-game]");
  if (!tile || tile.disabled) return;
  openForm(tile.dataset.game);
});

// ---------------------------------------------------------------------------- new-game form
let formGame = null;
let formSeats = ["human", "normal", "normal", "normal"];  // a computer seat's level: easy / normal / hard
let formPlayers = 2;
const formNames = rememberedSeatNames();  // the humans' names (net/names.js: remembered on this device)
// the game's options (hello's `games[id].options`: name → default), chosen per game
const formOptions = {};

function openForm(gameId) {
  formGame = games.find((g) => g.id === gameId) || { id: gameId, title: gameId, min: 2, max: 4 };
  $("form-title").textContent = `New game of ${formGame.title}`;
  setTheme(gameId);
  formPlayers = Math.min(Math.max(formPlayers, formGame.min), formGame.max);
  renderForm();
  showScreen("form");
}

// a computer seat's level (engine.bots.LEVELS); hard thinks in a worker of its own (bots/bot-worker.js)
const SEAT_LEVELS = [["easy", "Computer — easy"], ["normal", "Computer — normal"], ["hard", "Computer — hard"]];
const TEST_BOTS = ["greedy", "random"];  // kept for tests and benchmarks (greedy plays as normal)
function renderForm() {
  const counts = [];
  for (let n = formGame.min; n <= formGame.max; n++) counts.push(n);
  $("player-count").innerHTML = counts.map((n) => `
    <label class="seg${n === formPlayers ? " on" : ""}">
      <input type="radio" name="players" value="${n}" data-testid="players-${n}"${n === formPlayers ? " checked" : ""}>${n}
    </label>`).join("");
  const rows = [];
  for (let i = 0; i < formPlayers; i++) {
    const k = formSeats[i];
    rows.push(`<li class="seat-row">
      <span class="seat-label"><i class="seat-dot s${i}" aria-hidden="true"></i>Seat ${i + 1}</span>
      <select name="seat-${i}" data-seat="${i}" data-testid="seat-kind-${i}" aria-label="Seat ${i + 1}">
        <option value="human"${k === "human" ? " selected" : ""}>Human</option>
        ${SEAT_LEVELS.map(([v, label]) => `<option value="${v}"${k === v ? " selected" : ""}>${label}</option>`).join("")}
        <optgroup label="Test players">${TEST_BOTS.map((v) => `<option value="${v}"${k === v ? " selected" : ""}>Computer — ${v}</option>`).join("")}</optgroup>
      </select>${nameFieldHTML(i, formNames[i], k === "human")}</li>`);
  }
  $("seat-list").innerHTML = rows.join("");
  renderOptions();
}
/** one switch per option the engine lists for the game; words from the game's ui.options */
function renderOptions() {
  const defaults = formGame.options || {};
  const words = (GAME_UI[formGame.id] && GAME_UI[formGame.id].options) || {};
  const chosen = (formOptions[formGame.id] ||= { ...defaults });
  const names = Object.keys(defaults).filter((k) => typeof defaults[k] === "boolean");
  $("option-fields").hidden = !names.length;
  $("option-list").innerHTML = names.map((k) => {
    const w = words[k] || { label: k.replace(/_/g, " "), about: "" };
    return `<label class="switch">
      <input type="checkbox" role="switch" data-option="${esc(k)}" data-testid="option-${esc(k)}"${chosen[k] ? " checked" : ""}>
      <span class="switch-track" aria-hidden="true"></span>
      <span class="switch-text"><b>${esc(w.label)}</b>${w.about ? `<small class="muted">${esc(w.about)}</small>` : ""}</span>
    </label>`;
  }).join("");
}
$("option-list").addEventListener("change", (e) => {
  const k = e.target.dataset.option;
  if (k && formGame) formOptions[formGame.id][k] = e.target.checked;
});
$("player-count").addEventListener("change", (e) => {
  if (e.target.name === "players") { formPlayers = Number(e.target.value); renderForm(); }
});
$("seat-list").addEventListener("change", (e) => {
  const i = Number(e.target.dataset.seat);
  if (Number.isInteger(i)) formSeats[i] = e.target.value;
  const field = $("seat-list").querySelector(`[data-name="${i}"]`);
  if (field) field.hidden = formSeats[i] !== "human";
});
$("seat-list").addEventListener("input", (e) => { if (e.target.dataset.name) formNames[Number(e.target.dataset.name)] = e.target.value; });
$("back-to-picker").addEventListener("click", () => showScreen("picker"));
// hosting: how phones join (a link through the signalling server, or codes with no server)
$("host-table").addEventListener("change", () => { $("host-joining-field").hidden = !$("host-table").checked; });
$("new-game-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const seedRaw = $("seed-input").value.trim();
  const seed = seedRaw === "" ? null : Number(seedRaw);
  if (seed !== null && !(Number.isInteger(seed) && seed >= 0)) {
    toast("The seed must be a whole number (or left empty).");
    return;
  }
  const names = formNames.slice(0, formPlayers);
  rememberSeatNames(names, formSeats.slice(0, formPlayers));
  if ($("host-table").checked) {  // a phone table (site/js/net/host.js)
    netTables().then((net) => net.hostTable(netApp, { game: formGame.id, players: formPlayers, seats: formSeats.slice(0, formPlayers),
      names, seed, options: { ...(formOptions[formGame.id] || {}) }, joining: $("host-joining").value })).catch((err) => toast(err.message || String(err)));
    return;
  }
  startGame({ game: formGame.id, players: formPlayers, seats: formSeats.slice(0, formPlayers), names, seed,
    options: { ...(formOptions[formGame.id] || {}) } });
});
$("new-game-btn").addEventListener("click", async () => {
  if (!(await learn.confirmLeave())) return;  // a running game: ask first (help/learn.js)
  stopSession();
  showScreen("picker");
});

// ---------------------------------------------------------------------------- the match
let session = null;
const tableEl = $("table");
const tableHooks = {
  attempt: (move) => humanPlay(move),
  endTurn: () => { if (session && session.pendingHandover !== undefined) handOver(session, session.pendingHandover); },
  seatName: (s) => seatName(s),
  seatKind: (s) => (session ? session.cfg.seats[s] : "human"),
};
// the table of the game being played (one per game; replaced when another game starts)
let table = null;
function tableFor(gameId) {
  if (table && table.gameId === gameId) return table;
  if (table) table.destroy();
  table = new GAME_UI[gameId].Table(tableEl, tableHooks);
  table.gameId = gameId;
  return table;
}

function seatName(seat) {  // the names chosen on the form, cleaned by the engine (net/names.js)
  return (session && session.names && session.names[seat]) || `Seat ${Number(seat) + 1}`;
}

const shownAt = {};  // move count → when the table showing it was painted (the next task after that frame)
function markShown(n) { if (!(n in shownAt)) requestAnimationFrame(() => setTimeout(() => { shownAt[n] ??= performance.timeOrigin + performance.now(); }, 0)); }
// What a test (or a curious person in the console) may read: only what is on screen.
window.tabletop = {
  get legalMoves() { return session && session.current && !session.stale && table && table.live ? session.current.legal_moves : []; },
  get view() { return session && session.current ? session.current.view : null; },
  get seat() { return session ? session.viewer : null; },
  botDelay: BOT_DELAY_MS,
  shown: shownAt, tapAt: null, play: (move) => humanPlay(move),  // bench/bench_net.py: tap → the table after move N painted, as at a phone table
};

function stopSession() {
  if (!session) return;
  session.cancelled = true;
  engine.request("drop", { match: session.match }).catch(() => {});
  session = null;
  if (table) table.clear();
  $("handover").hidden = true;
  $("results").hidden = true;
  $("results").innerHTML = "";
}

async function startGame(cfg) {
  // a rematch: the engine makes the new match from the old one (same game, seats and options)
  const { rematchOf, ...rest } = cfg;
  cfg = rest;
  let rematched = null;
  if (rematchOf) {
    try {
      rematched = await engine.request("rematch", { match: rematchOf });
    } catch (err) {
      toast(err.message || String(err));
      return;
    }
    cfg.options = rematched.options || {};
  }
  stopSession();
  const startBtn = $("start-game");
  startBtn.disabled = true;
  let reply;
  try {
    const req = { game: cfg.game, players: cfg.players };
    if (cfg.seed !== null && cfg.seed !== undefined) req.seed = cfg.seed;
    if (cfg.options && Object.keys(cfg.options).length) req.options = cfg.options;
    reply = rematched || cfg.resume || await engine.request("new_match", req);
  } catch (err) {
    toast(err.message || String(err));
    return;
  } finally {
    startBtn.disabled = false;
  }
  session = {
    cfg, match: reply.match, ui: GAME_UI[cfg.game], viewer: null, current: null, cancelled: false, busy: false, moves: 0,
    humans: cfg.seats.filter((k) => k === "human").length, names: await localSeatNames(engine, cfg),
  };
  // `state` for a seat, or null for the public view (of the session's match: a take-back replaces it)
  const s = session;
  s.engineState = (seat) => engine.request("state", { match: s.match, seat });
  $("move-log").innerHTML = "";
  $("results").hidden = true;
  $("results").innerHTML = "";
  tableFor(cfg.game).clear();
  setTheme(cfg.game);
  tableEl.dataset.moves = "0";
  showScreen("game");
  if (cfg.seats.some(thinksInWorker)) startBotWorker(engine);  // boots while the first turns are played
  const who = cfg.seats.map((k, i) => `Seat ${i + 1}: ${k === "human" ? `${seatName(i)} (human)` : `computer · ${k}`}`).join(", ");
  const title = gameTitle(games, cfg.game);
  logLine(`${cfg.resume ? "Resumed game" : rematchOf ? "Rematch" : "New game"} of ${esc(title)} — ${esc(who)}${cfg.seed !== null ? ` — seed ${cfg.seed}` : ""}`, "meta");
  const words = GAME_UI[cfg.game].options || {};
  const on = Object.keys(cfg.options || {}).filter((k) => cfg.options[k] === true).map((k) => (words[k] || { label: k }).label);
  if (on.length) logLine(`With ${esc(on.join(" and "))}`, "meta");
  gameHistory.started(session);
  advance(session);
}

let logScrollSoon = false;
/** Lines ({html, cls}) added to the move log in one go; the log scrolls to its end in the next
 * frame, once. Reading its height at each line laid the whole page out again in the middle of an
 * update, a line at a time (net/ui.js's log does the same: docs/net.md, "the move log"). */
function logLines(lines) {
  const log = $("move-log");
  const frag = document.createDocumentFragment();
  for (const { html, cls } of lines) {
    const li = document.createElement("li");
    if (cls) li.className = cls;
    li.innerHTML = html;
    frag.appendChild(li);
  }
  log.appendChild(frag);
  if (logScrollSoon) return;
  logScrollSoon = true;
  requestAnimationFrame(() => { logScrollSoon = false; log.scrollTop = log.scrollHeight; });
}
function logLine(html, cls = "") { logLines([{ html, cls }]); }
/** the events of a move, in the game's words; events are safe for every seat to read */
function logEvents(s, events) {
  logLines(s.ui.describeEvents(events, seatName));
}

function failed(s, err) {
  if (s.cancelled) return;
  console.error(err);
  toast(err instanceof EngineError ? `${err.message} (${err.code})` : String(err && err.message || err));
}

/** One loop at a time: a move made out of turn (stardust in `stars`) while the loop runs is
 * picked up by it, and the loop runs once more so the table shows it (never past a hand-over). */
async function advance(s) {
  if (s.advancing) { s.again = true; return; }
  s.advancing = true;
  try {
    do { s.again = false; await runLoop(s); }
    while (s.again && !s.cancelled && s.handoverTo === undefined && s.pendingHandover === undefined);
  } finally { s.advancing = false; }
}

/** Runs computer turns until a human must act, the device must be handed over, or the end. */
async function runLoop(s) {
  try {
    while (!s.cancelled) {
      const pub = await s.engineState(null);
      if (s.cancelled) return;
      if (pub.over) return finish(s, pub);
      const actor = pub.to_act[0];
      const kind = s.cfg.seats[actor];
      if (kind === "human") {
        if (s.humans >= 2 && s.viewer !== null && s.viewer !== actor) {
          // the player who just moved sees the result of the move (a card drawn face down,
          // say) on their own view, then hands the device on
          if (s.humanJustMoved) {
            s.humanJustMoved = false;
            s.pendingHandover = actor;
            return show(s, await s.engineState(s.viewer), { interactive: false, turnOver: actor });
          }
          return handOver(s, actor);
        }
        s.viewer = actor;
        return show(s, await s.engineState(actor), { interactive: true });
      }
      // a computer seat: show the table as the device holder sees it, pause, then play
      const shown = await s.engineState(s.viewer);
      if (s.cancelled) return;
      show(s, shown, { interactive: false, thinking: actor });
      const [reply] = await Promise.all([
        botMove(engine, s.match, actor, kind),  // hard: in the bot worker (the table's worker stays free)
        sleep(BOT_DELAY_MS),
      ]);
      if (s.cancelled) return;
      const played = await engine.request("play", { match: s.match, seat: actor, move: reply.move });
      if (s.cancelled) return;
      s.humanJustMoved = false;
      recordPlay(s, played);
    }
  } catch (err) {
    failed(s, err);
  }
}

function recordPlay(s, played) {
  s.moves += 1;
  tableEl.dataset.moves = String(s.moves);
  logEvents(s, played.events);
  gameHistory.moved(s);
}

function show(s, state, ctx) {
  if (s.cancelled) return;
  s.current = state;
  s.stale = false;
  $("handover").hidden = true;
  tableEl.hidden = false;
  table.render(state, { fresh: true, ...ctx });
  markShown(s.moves);
  gameHistory.shown(s, ctx);
  learn.shown(s, ctx);
}

function handOver(s, seat) {
  // Nothing private may stay in the page: drop the previous seat's view entirely.
  s.viewer = null;
  s.current = null;
  delete s.pendingHandover;
  hideToast();
  table.clear();
  tableEl.hidden = true;
  $("move-log").scrollTop = $("move-log").scrollHeight;
  tableEl.dataset.interactive = "false";
  $("handover-title").textContent = `Pass the device to ${seatName(seat)}`;
  $("handover-detail").textContent = `${seatName(seat)}: tap when you hold the device. ${s.ui.handoverNote}`;
  const dlg = $("handover");
  dlg.dataset.seat = String(seat);
  dlg.hidden = false;
  $("handover-ready").focus();
  s.handoverTo = seat;
}
$("handover-ready").addEventListener("click", () => {
  const s = session;
  if (!s || s.handoverTo === undefined) return;
  s.viewer = s.handoverTo;
  delete s.handoverTo;
  $("handover").hidden = true;
  advance(s);
});

async function humanPlay(move) {
  const s = session;
  if (!s || s.busy || s.stale || s.viewer === null) return false;
  window.tabletop.tapAt = performance.timeOrigin + performance.now();
  s.busy = true;
  let played;
  try {
    played = await engine.request("play", { match: s.match, seat: s.viewer, move });
  } catch (err) {
    s.busy = false;
    if (err instanceof EngineError && err.code === "illegal_move") { toast(err.message); learn.refused(s, move, err.message); }
    else failed(s, err);
    return false;
  }
  s.busy = false;
  if (s.cancelled) return true;
  hideToast();
  // the moves on screen are spent until the table is drawn again: no second tap on them
  s.stale = true;
  tableEl.dataset.interactive = "false";
  s.humanJustMoved = true;
  recordPlay(s, played);
  advance(s);
  return true;
}

async function finish(s, pub) {
  // the final table: a lone human sees their own view; otherwise the public view
  const humanSeats = s.cfg.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
  const viewer = humanSeats.length === 1 ? humanSeats[0] : null;
  s.viewer = viewer;
  const state = viewer === null ? pub : await s.engineState(viewer);
  if (s.cancelled) return;
  show(s, state, { interactive: false });
  gameHistory.finished(s);
  renderResults(s, pub.result || state.result || state.view.result);
}

function renderResults(s, result) {
  const box = $("results");
  const winners = result.winners || [];
  const cols = s.ui.results;
  const rows = result.scores.map((score, seat) => ({ seat, score, second: cols.secondOf(result, seat) }))
    .sort((a, b) => b.score - a.score || ((a.second ?? 0) - (b.second ?? 0)) * (cols.more ? -1 : 1) || a.seat - b.seat);
  const note = s.ui.resultNote ? s.ui.resultNote(result, s.current && s.current.view) : "";
  const title = winners.length > 1
    ? `Shared victory: ${winners.map(seatName).join(" and ")}`
    : `${seatName(winners[0])} wins!`;
  box.innerHTML = `
    <h2 data-testid="winner">${esc(title)}</h2>
    <p class="decided" data-testid="decided-by" data-decided-by="${esc(result.decided_by)}">${esc(s.ui.decidedByText[result.decided_by] || result.decided_by)}</p>
    ${note ? `<p class="muted result-note">${esc(note)}</p>` : ""}
    <table class="scores">
      <thead><tr><th scope="col">Seat</th><th scope="col">${esc(cols.score)}</th><th scope="col">${esc(cols.second)}</th><th></th></tr></thead>
      <tbody>${rows.map((r) => `<tr class="${winners.includes(r.seat) ? "winner" : ""}" data-seat="${r.seat}">
        <th scope="row"><i class="seat-dot s${r.seat}" aria-hidden="true"></i>${esc(seatName(r.seat))}
          <span class="muted">${s.cfg.seats[r.seat] === "human" ? "human" : `computer · ${esc(s.cfg.seats[r.seat])}`}</span></th>
        <td>${r.score}</td><td>${r.second ?? ""}</td><td>${winners.includes(r.seat) ? '<span class="win-badge">winner</span>' : ""}</td></tr>`).join("")}
      </tbody>
    </table>
    ${s.ui.resultExtraHTML ? s.ui.resultExtraHTML(result, seatName) : ""}
    <div class="row">
      <button type="button" class="btn secondary" data-testid="rematch" id="rematch">Rematch</button>
      <button type="button" class="btn primary" data-testid="results-new-game" id="results-new-game">New game</button>
    </div>`;
  box.hidden = false;
  box.scrollIntoView({ block: "start" });
  $("rematch").addEventListener("click", (e) => {
    e.currentTarget.disabled = true;
    startGame({ ...s.cfg, seed: null, rematchOf: s.match });
  });
  $("results-new-game").addEventListener("click", () => { stopSession(); showScreen("picker"); });
}

// ---------------------------------------------------------------------------- phone tables
// Hosting a table for phones and a shared screen lives in site/js/net/ (docs/net.md); it is
// loaded on first use and given what it needs of the app.
const netTables = () => import("./net/host.js");
const netApp = {
  engine, toast, setTheme,
  get games() { return games; },
  showScreen(name) {  // "net": the host's table (its own section) instead of the app's screens
    if (name === "net") stopSession();
    showScreen(name);
    const host = document.getElementById("net-host");
    if (host) host.hidden = name !== "net";
  },
};

// History, replays, take-back (site/js/history/): kept games, the History screen, the take-back button
const gameHistory = installHistory({ engine, toast, setTheme, showScreen, seatName, logLine, advance, get games() { return games; },
  get session() { return session; }, resume: (cfg) => startGame(cfg) });

// Rules dialog, "What can I do now?", the new-game confirmation, announcements (site/js/help/learn.js)
const learn = installLearn({ engine, seatName, get session() { return session; } });

boot();
