// What the host, a phone and a shared screen show of a networked table (docs/net.md): the
// game's own table renderer (site/js/games/*.js, the same as in local play) fed with the
// `update` messages of docs/table.md, plus the table's shell: connection state, notices,
// the countdown of timed seats, the paused banner, the collapsible market (phones), the move
// log and the results. No rules here: the view, the legal moves and the timers all come
// from the host's engine.

import { HELP_OPEN_KEY } from "../help/learn.js";  // the same open/closed choice as the local table's
import { esc } from "../games/gems-ui.js";
import { GAME_UI, uiFor } from "../games/registry.js";
import { marketChoice, setMarketChoice } from "./store.js";
import { now } from "./link.js";
import { morphStats, patchInnerHTML } from "./morph.js";
import { expandListing } from "../listing.js";
import { keepLog, readLog } from "./log-store.js";

/** the public market a phone may collapse while a shared screen shows it: the gem games' .board
 * (market rows and nobles/commissions), Station's module market, Stars' reward piles — each
 * table marks its own with data-collapsible="market" (css/net.css hides it) */
const MARKET = ".board, [data-collapsible=market]";

// the games a table can show: the one registry (games/registry.js), re-exported for host.js
// and device.js
export { GAME_UI };

let cssLoaded = null;
/** css/app.css (if the page has not got it) and css/net.css */
export function loadCSS() {
  if (!cssLoaded) {
    const add = (href) => new Promise((resolve) => {
      const url = new URL(href, import.meta.url).href;
      if ([...document.styleSheets].some((s) => s.href === url)
          || document.querySelector(`link[href="${url}"]`)) { resolve(); return; }
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = url;
      link.onload = link.onerror = () => resolve();
      document.head.appendChild(link);
    });
    cssLoaded = Promise.all([add("../../css/app.css"), add("../../css/net.css")]);
  }
  return cssLoaded;
}

const fmtClock = (s) => {
  const t = Math.max(0, Math.ceil(s));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
};

/** extra log lines for the table's own events (the games' describeEvents skip them) */
function tableEventLine(ev, name) {
  const who = (seat) => `<b>${esc(name(seat))}</b>`;
  switch (ev.type) {
    case "timeout": return `${who(ev.seat)} ran out of time: a computer made that decision`;
    case "host_step": return `The host had a computer play one step for ${who(ev.seat)}`;
    case "resumed": return "The host resumed the game";
    default: return null;
  }
}

/**
 * new TableView(root, {mode, attempt, onStep, onResume, logKey})
 *   mode: "host" | "phone" | "screen"
 *   logKey() -> string | null            the table and seat this device's move log is kept
 *                                        under (log-store.js), read at each update
 *   attempt(move) -> Promise<boolean>   send a move of this device's seat
 *   onStep(seat)                         host: play one step for an offline seat
 *   onResume()                           host: resume a paused game
 * view.update(msg), view.notice(msg), view.setConnection(state, text), view.clear()
 */
function helpOpenStored() { try { return localStorage.getItem(HELP_OPEN_KEY) === "1"; } catch { return false; } }
function storeHelpOpen(open) { try { localStorage.setItem(HELP_OPEN_KEY, open ? "1" : "0"); } catch { /* private mode */ } }
const setHidden = (el, hidden) => { if (el.hidden !== hidden) el.hidden = hidden; };

export class TableView {
  constructor(root, opts) {
    this.root = root;
    this.opts = opts;
    this.mode = opts.mode;
    this.last = null;        // the last update
    this.game = null;
    this.table = null;
    this.deadlines = {};     // seat -> wall-clock ms when its time runs out
    this.resultsShown = false;
    this.drawn = {};         // version -> when this device first drew its board (bench/bench_net.py)
    this.shown = {};         // version -> when the whole page update (board, log, chips, countdown) was painted
    this.timing = {};        // version -> {js, toFrame, frame} ms of that update (bench/bench_net.py)
    this._seatsHTML = null;  // what is drawn now, so an update patches only what changed
    this._stepsHTML = null;
    this._timerKey = null;
    root.classList.add("net-table", `net-${this.mode}`);
    root.innerHTML = `
      <div class="net-bar" data-testid="net-bar">
        <span class="net-conn" data-testid="conn-status" data-state="connecting">Connecting…</span>
        <span class="net-seats" data-testid="net-seats"></span>
        <span class="net-countdown" data-testid="countdown" hidden></span>
        <button type="button" class="btn small ghost net-market-toggle" data-testid="market-toggle" hidden aria-expanded="true">Market</button>
        <button type="button" class="btn small ghost net-rules" data-testid="net-rules-button" aria-haspopup="dialog" hidden>Rules</button>
        <button type="button" class="btn small ghost net-help-toggle" data-testid="net-help-toggle" aria-expanded="false"
          aria-controls="net-help" hidden>What can I do now?</button>
      </div>
      <section class="panel net-help" id="net-help" data-testid="net-help" hidden aria-live="polite" aria-label="What can I do now?">
        <h2 class="net-help-title" data-testid="net-help-title"></h2>
        <ul class="net-help-lines" data-testid="net-help-lines"></ul>
      </section>
      <div class="rules-dialog" data-testid="net-rules-dialog" hidden role="dialog" aria-modal="true" aria-label="Rules">
        <div class="rules-card">
          <div class="rules-head"><h2>Rules</h2>
            <button type="button" class="btn primary" data-testid="net-rules-close">Back to the game</button></div>
          <iframe class="rules-frame" title="Rules of the game" data-testid="net-rules-frame"></iframe>
        </div>
      </div>
      <div class="net-notices" data-testid="net-notices" aria-live="polite"></div>
      <div class="net-paused" data-testid="paused" hidden role="status">
        <span>${this.mode === "host" ? "The game is paused: the table came back after a restart." : "Paused until the host resumes the game."}</span>
        ${this.mode === "host" ? `<button type="button" class="btn primary" data-testid="resume-game">Resume the game</button>` : ""}
      </div>
      <div class="net-steps" data-testid="net-steps" hidden></div>
      <section class="panel results" data-testid="net-results" hidden aria-live="polite"></section>
      <div class="net-play">
        <section class="table" data-testid="net-table" aria-label="Game table"></section>
        <aside class="panel log-panel"><h2>Moves</h2><ol class="move-log" data-testid="net-move-log" aria-live="polite"></ol></aside>
      </div>`;
    this.el = (sel) => root.querySelector(sel);
    this.tableEl = this.el("[data-testid=net-table]");
    this.tableEl.dataset.version = "-1";
    patchInnerHTML(this.tableEl);  // the renderer's redraws patch only what changed (morph.js)
    this.el(".net-market-toggle").addEventListener("click", () => this.toggleMarket());
    // "What can I do now?": the engine's words for this seat's listing, carried by each update
    // (`help`, engine/help.py via engine/table/room.py); open or closed as on the local table
    this.helpOpen = helpOpenStored();
    this.el("[data-testid=net-help-toggle]").addEventListener("click", () => {
      this.helpOpen = !this.helpOpen;
      storeHelpOpen(this.helpOpen);
      this.drawHelp();
    });
    // the game's rules over the table and back (as the local app's Rules button, help/learn.js)
    this.el("[data-testid=net-rules-button]").addEventListener("click", () => this.openRules());
    this.el("[data-testid=net-rules-close]").addEventListener("click", () => this.closeRules());
    this.el("[data-testid=net-rules-dialog]").addEventListener("keydown", (e) => { if (e.key === "Escape") this.closeRules(); });
    const resume = this.el("[data-testid=resume-game]");
    if (resume) resume.addEventListener("click", () => opts.onResume && opts.onResume());
    this.el("[data-testid=net-steps]").addEventListener("click", (e) => {
      const b = e.target.closest("[data-step]");
      if (b && opts.onStep) opts.onStep(Number(b.dataset.step));
    });
    this._tick = setInterval(() => this.drawCountdown(), 250);
  }

  destroy() {
    clearInterval(this._tick);
    if (this.table) this.table.destroy();
    this.root.innerHTML = "";
  }

  /** the rules page of the game on the table (site/rules/<game>.html), in a dialog over it */
  openRules() {
    if (!this.game) return;
    const frame = this.el("[data-testid=net-rules-frame]");
    const src = new URL(`rules/${this.game}.html?inapp=1`, document.baseURI).href;
    if (frame.src !== src) frame.src = src;
    this._rulesReturn = document.activeElement;
    this.el("[data-testid=net-rules-dialog]").hidden = false;
    this.el("[data-testid=net-rules-close]").focus();
  }

  closeRules() {
    const dialog = this.el("[data-testid=net-rules-dialog]");
    if (dialog.hidden) return;
    dialog.hidden = true;
    const back = this._rulesReturn;
    if (back && back.isConnected && back !== document.body) back.focus(); else this.el("[data-testid=net-rules-button]").focus();
  }

  seatName(seat) {
    const s = this.last && this.last.seats && this.last.seats[seat];
    return s ? s.name : `Seat ${Number(seat) + 1}`;
  }
  seatKind(seat) {
    const s = this.last && this.last.seats && this.last.seats[seat];
    return s && s.kind === "bot" ? (s.bot || "greedy") : "human";
  }

  tableFor(game) {
    if (this.table && this.game === game) return this.table;
    if (this.table) this.table.destroy();
    const ui = uiFor(game);
    if (!ui) throw new Error(`this site has no table for the game ${game}`);
    this.game = game;
    this.ui = ui;
    this.el("[data-testid=net-rules-button]").hidden = false;
    this.table = new ui.Table(this.tableEl, {
      attempt: (move) => this.opts.attempt(move),
      endTurn: () => {},
      seatName: (s) => this.seatName(s),
      seatKind: (s) => this.seatKind(s),
    });
    document.documentElement.dataset.game = game;
    return this.table;
  }

  /** the help toggle (a seat's device, while the game runs) and, when open, its words */
  drawHelp() {
    const msg = this.last;
    const help = msg && !msg.over && msg.help && typeof msg.help.title === "string" && Array.isArray(msg.help.lines) ? msg.help : null;
    const toggle = this.el("[data-testid=net-help-toggle]");
    const panel = this.el("[data-testid=net-help]");
    setHidden(toggle, !help);
    const open = !!help && this.helpOpen;
    if (toggle.getAttribute("aria-expanded") !== String(open)) toggle.setAttribute("aria-expanded", String(open));
    setHidden(panel, !open);
    if (!open) return;
    const key = JSON.stringify([help.title, help.lines]);
    if (key === this._helpKey) return;  // patched only when the words change
    this._helpKey = key;
    this.el("[data-testid=net-help-title]").textContent = help.title;
    this.el("[data-testid=net-help-lines]").replaceChildren(...help.lines.map((text) => {
      const li = document.createElement("li");
      li.textContent = String(text);
      return li;
    }));
  }

  /** the legal moves on screen now (what a test or the console may read) */
  get legalMoves() { return this.table && this.table.live && this.last ? this.last.legal_moves : []; }

  // ------------------------------------------------------------------ messages
  /** opts.inFrame: called inside an animation frame callback (the host draws its own seat there) */
  update(msg, opts = {}) {
    // the listing comes compact (docs/protocol.md "The listing"): expanded once, here
    msg = { ...msg, legal_moves: expandListing(msg.legal_moves || []) };
    const fresh = !this.last || this.last.version !== msg.version || this.last.seat !== msg.seat;
    this.last = msg;
    const table = this.tableFor(msg.game);
    const t0 = now();
    const received = {};
    for (const [seat, left] of Object.entries(msg.timers || {})) received[seat] = t0 + Number(left) * 1000;
    this.deadlines = received;
    const view = msg.view;
    const toAct = (view && view.to_act) || [];
    const actor = view && view.turn && view.turn.seat !== null && view.turn.seat !== undefined ? view.turn.seat : toAct[0] ?? null;
    // this seat's turn (or one of the seats acting at once); a move a game allows out of turn
    // (stardust in `stars`) is offered by the renderer itself from the listed moves
    const mine = msg.seat !== null && msg.seat !== undefined && (toAct.includes(msg.seat) || !view.to_act);
    const interactive = !msg.over && !msg.paused && mine && msg.legal_moves.length > 0;
    const thinking = !msg.over && !msg.paused && actor !== null && this.seatKind(actor) !== "human" ? actor : null;
    const morph0 = morphStats.ms;
    table.render({ view, legal_moves: msg.legal_moves, over: msg.over, result: view.result || null },
      { interactive, thinking, fresh });
    const rendered = now(), morphed = morphStats.ms - morph0;
    this.tableEl.dataset.version = String(msg.version);
    this.tableEl.dataset.seat = msg.seat === null || msg.seat === undefined ? "public" : String(msg.seat);
    const drawnAt = now();
    this.tableEl.dataset.drawnAt = String(drawnAt);
    if (!(msg.version in this.drawn)) this.drawn[msg.version] = drawnAt;
    this.logUpdate(msg);
    const logged = now();
    const paused = this.el("[data-testid=paused]");
    if (paused.hidden !== !msg.paused) paused.hidden = !msg.paused;
    this.drawSeats();
    const seated = now();
    this.drawMarket();
    this.drawCountdown();
    this.drawSteps();
    this.drawHelp();
    if (msg.over && view.result) this.showResults(view.result);
    else if (this.resultsShown) this.hideResults();
    if (opts.inFrame && this._scrollSoon) {  // this frame paints the update: the log's end with it
      const log = this.el("[data-testid=net-move-log]");
      log.scrollTop = log.scrollHeight;
    }
    // the update is finished: when its frame has been painted (the next task after that frame;
    // inFrame: this update is drawn inside an animation frame callback, so that frame is its own)
    const v = msg.version;
    if (!(v in this.shown)) {
      const done = now();
      const inFrame = (then) => (opts.inFrame ? then() : requestAnimationFrame(then));
      inFrame(() => {
        const frame = now();
        setTimeout(() => {
          if (v in this.shown) return;
          this.shown[v] = now();
          // where the time went (bench/bench_net.py): the update's JS (of it: the renderer, and in
          // that the morph), waiting for its frame, the frame itself
          if (Object.keys(this.timing).length < 500) {
            this.timing[v] = { js: done - t0, render: rendered - t0, morph: morphed, log: logged - drawnAt, seats: seated - logged, rest: done - seated, toFrame: frame - done, frame: this.shown[v] - frame };
          }
        }, 0);
      });
    }
  }

  notice(msg) {
    if (this.last && msg.seats) { this.last = { ...this.last, seats: msg.seats, screen: msg.screen }; }
    const key = msg.kind === "screen_lost" || msg.kind === "screen_joined" ? "screen" : `seat:${msg.seat}`;
    const lost = msg.kind === "seat_lost" || msg.kind === "screen_lost";
    this.addNotice(msg.text, { kind: msg.kind, tone: lost ? "warn" : "info", key, sticky: lost });
    this.logLine(esc(msg.text), "meta");
    this.drawSeats();
    this.drawMarket();
    this.drawSteps();
  }

  /** a notice banner; a sticky one ("… disconnected") stays until a notice with the same key
   *  (the seat or the screen is back) replaces it */
  addNotice(text, { kind = "", tone = "info", key = null, sticky = false } = {}) {
    const box = this.el("[data-testid=net-notices]");
    if (key) box.querySelectorAll(`[data-key="${CSS.escape(key)}"]`).forEach((n) => n.remove());
    const p = document.createElement("p");
    p.className = `net-notice ${tone}`;
    p.dataset.kind = kind;
    if (key) p.dataset.key = key;
    p.setAttribute("data-testid", "net-notice");
    p.textContent = text;
    box.appendChild(p);
    if (!sticky) setTimeout(() => p.remove(), 6000);
    while (box.children.length > 5) box.firstChild.remove();
    return p;
  }

  setConnection(state, text) {
    const el = this.el("[data-testid=conn-status]");
    el.dataset.state = state;
    el.textContent = text;
  }

  clear() {
    if (this.table) this.table.clear();
    this.last = null;
    this.el("[data-testid=net-move-log]").innerHTML = "";
    this.hideResults();
  }

  // ------------------------------------------------------------------ pieces
  /** append lines to the move log (never rebuilt): [html, cls] pairs in one DOM insertion; the
   *  log is scrolled to its end once, in the next frame (reading its height at once would force
   *  a layout per line before anything is painted) */
  logLines(lines) {
    if (!lines.length) return;
    const log = this.el("[data-testid=net-move-log]");
    const frag = document.createDocumentFragment();
    for (const [html, cls] of lines) {
      const li = document.createElement("li");
      if (cls) li.className = cls;
      li.innerHTML = html;
      frag.appendChild(li);
    }
    log.appendChild(frag);
    if (!this._scrollSoon) {
      this._scrollSoon = true;
      requestAnimationFrame(() => { this._scrollSoon = false; log.scrollTop = log.scrollHeight; });
    }
  }
  logLine(html, cls = "") { this.logLines([[html, cls]]); }

  /** the update's events to the log, and to the log kept for a refresh (log-store.js): the
   *  first update of a page first draws what the page showed before it was reloaded */
  logUpdate(msg) {
    const key = this.opts.logKey ? this.opts.logKey() : null;
    if (!key) { this.logEvents(msg.events); return; }
    if (this._logKey !== key) {
      const { batches, problem } = readLog(key);
      this._logKey = key;
      this._kept = batches.length && batches[batches.length - 1][0] > msg.version ? [] : batches;  // another game's
      if (problem) this.logLine(esc(`(${problem})`), "meta");
      for (const [, events] of this._kept) this.logEvents(events);  // every one is at or before this version
      if (this._kept.length && this._kept[this._kept.length - 1][0] === msg.version) return;  // drawn just now
    }
    this.logEvents(msg.events);
    keepLog(key, this._kept, msg.version, msg.events);
  }

  logEvents(events) {
    if (!events || !events.length || !this.ui) return;
    const name = (s) => this.seatName(s);
    const lines = [];
    for (const ev of events) {
      const line = tableEventLine(ev, name);
      if (line) lines.push([line, `ev-${ev.type}`]);
    }
    for (const { html, cls } of this.ui.describeEvents(events, name)) lines.push([html, cls]);
    this.logLines(lines);
  }

  drawSeats() {
    const m = this.last;
    if (!m || !m.seats) return;
    const chips = m.seats.map((s) => {
      const state = s.kind === "bot" ? "bot" : s.connected ? "online" : s.taken ? "offline" : "free";
      const label = s.kind === "bot" ? "computer" : s.connected ? "online" : s.taken ? "offline" : "free seat";
      return `<span class="net-seat ${state}${m.seat === s.seat ? " me" : ""}" data-testid="net-seat-${s.seat}" data-state="${state}"
        title="${esc(s.name)}: ${label}"><i class="seat-dot s${s.seat}" aria-hidden="true"></i>${esc(s.name)}<small>${label}</small></span>`;
    });
    if (m.screen) chips.push(`<span class="net-seat screen online" data-testid="net-screen" title="a shared screen is connected">Screen</span>`);
    const html = chips.join("");
    if (html === this._seatsHTML) return;  // unchanged: not redrawn
    this._seatsHTML = html;
    this.el("[data-testid=net-seats]").innerHTML = html;
  }

  /** one timer per timed seat, built when the timed seats change; each tick then patches only
   *  a timer's text (when its second changes), its time left and its "low" mark */
  drawCountdown() {
    const el = this.el("[data-testid=countdown]");
    const entries = Object.entries(this.deadlines);
    if (!entries.length || !this.last || this.last.over || this.last.paused) {
      if (!el.hidden) { el.hidden = true; el.textContent = ""; }
      this._timerKey = null;
      return;
    }
    const t = now();
    const key = JSON.stringify([this.last.seat, entries.map(([seat]) => [seat, this.seatName(seat)])]);
    if (key !== this._timerKey) {
      this._timerKey = key;
      el.innerHTML = entries.map(([seat]) => {
        const mine = this.last.seat !== null && String(this.last.seat) === seat;
        return `<span class="net-timer${mine ? " mine" : ""}" data-seat="${seat}"><span class="who">${mine ? "Your time" : esc(this.seatName(seat))}</span> <span class="clock"></span></span>`;
      }).join(" ");
      el.hidden = false;
    }
    for (const [seat, due] of entries) {
      const span = el.querySelector(`[data-seat="${seat}"]`);
      const left = (due - t) / 1000;
      const text = fmtClock(left);
      const clock = span.lastElementChild;
      if (clock.textContent !== text) clock.textContent = text;
      span.dataset.left = Math.max(0, left).toFixed(1);
      if (span.classList.contains("low") !== left <= 10) span.classList.toggle("low", left <= 10);
    }
  }

  /** host: "play one step" for an offline human seat whose turn it is and that no timer covers */
  drawSteps() {
    const box = this.el("[data-testid=net-steps]");
    const m = this.last;
    if (this.mode !== "host" || !m || m.over || m.paused || !m.view || !m.view.to_act) {
      if (this._stepsHTML !== "") { box.hidden = true; box.innerHTML = ""; this._stepsHTML = ""; }
      return;
    }
    const offline = m.view.to_act.filter((s) => {
      const seat = m.seats[s];
      return seat && seat.kind === "human" && !seat.connected && !(String(s) in (m.timers || {}));
    });
    const html = offline.map((s) => `<span>${esc(this.seatName(s))} is offline and it is their turn.</span>
      <button type="button" class="btn small secondary" data-step="${s}" data-testid="step-${s}">Play one step for ${esc(this.seatName(s))}</button>`).join("");
    if (html === this._stepsHTML) return;
    this._stepsHTML = html;
    box.hidden = !offline.length;
    box.innerHTML = html;
  }

  // ------------------------------------------------------------------ the market on a phone
  /** while a shared screen is connected, a phone collapses the public market unless this
   *  phone chose otherwise; without a screen the market is always shown */
  marketCollapsed() {
    if (this.mode !== "phone" || !this.last || !this.last.screen || !this.tableEl.querySelector(MARKET)) return false;
    return (marketChoice() || "collapsed") === "collapsed";
  }
  drawMarket() {
    const btn = this.el(".net-market-toggle");
    const screen = this.mode === "phone" && this.last && this.last.screen && !!this.tableEl.querySelector(MARKET);
    if (btn.hidden !== !screen) btn.hidden = !screen;
    const collapsed = this.marketCollapsed();
    const state = collapsed ? "collapsed" : "expanded";
    if (this.tableEl.dataset.market === state && this.tableEl.classList.contains("market-collapsed") === collapsed) return;  // unchanged
    this.tableEl.classList.toggle("market-collapsed", collapsed);
    this.tableEl.dataset.market = state;
    btn.setAttribute("aria-expanded", collapsed ? "false" : "true");
    btn.textContent = collapsed ? "Show the market" : "Hide the market";
  }
  toggleMarket() {
    setMarketChoice(this.marketCollapsed() ? "expanded" : "collapsed");
    this.drawMarket();
  }

  // ------------------------------------------------------------------ results
  showResults(result) {
    const box = this.el("[data-testid=net-results]");
    if (this.resultsShown) return;
    this.resultsShown = true;
    const ui = this.ui;
    const name = (s) => this.seatName(s);
    const winners = result.winners || [];
    const cols = ui.results;
    const rows = result.scores.map((score, seat) => ({ seat, score, second: cols.secondOf(result, seat) }))
      .sort((a, b) => b.score - a.score || (a.second ?? 0) - (b.second ?? 0) || a.seat - b.seat);
    const title = winners.length > 1 ? `Shared victory: ${winners.map(name).join(" and ")}` : `${name(winners[0])} wins!`;
    const note = ui.resultNote ? ui.resultNote(result, this.last && this.last.view) : "";
    box.innerHTML = `
      <h2 data-testid="winner">${esc(title)}</h2>
      <p class="decided" data-testid="decided-by" data-decided-by="${esc(result.decided_by)}">${esc(ui.decidedByText[result.decided_by] || result.decided_by)}</p>
      ${note ? `<p class="muted result-note">${esc(note)}</p>` : ""}
      <table class="scores"><thead><tr><th scope="col">Seat</th><th scope="col">${esc(cols.score)}</th><th scope="col">${esc(cols.second)}</th><th></th></tr></thead>
      <tbody>${rows.map((r) => `<tr class="${winners.includes(r.seat) ? "winner" : ""}" data-seat="${r.seat}">
        <th scope="row"><i class="seat-dot s${r.seat}" aria-hidden="true"></i>${esc(name(r.seat))}</th>
        <td>${r.score}</td><td>${r.second ?? ""}</td><td>${winners.includes(r.seat) ? '<span class="win-badge">winner</span>' : ""}</td></tr>`).join("")}
      </tbody></table>`;
    box.hidden = false;
  }
  hideResults() {
    this.resultsShown = false;
    const box = this.el("[data-testid=net-results]");
    box.hidden = true;
    box.innerHTML = "";
  }
}
