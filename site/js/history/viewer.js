// The replay viewer: a record stepped through move by move with the game's own table, read-only.
// The engine opened the record (record_open: validated by replay) and gives the view at any
// move (record_view); this file draws it and forwards the steps asked for. It decides nothing.
//
//   const viewer = new ReplayViewer(root, { engine, ui, onClose });
//   await viewer.open(opened, { ownSeat });   // `opened` is record_open's reply
//
// Keys while it is open: ← → one move, Home / End the start and the end, PageUp / PageDown ten.

import { esc } from "../games/gems-ui.js";
import { Mirror } from "./morph.js";

const STEP_KEYS = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
// drawn, not a font's ⏮ ⏭ (many phones' fonts lack them and show a box)
const ICON = (d) => `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="${d}" fill="currentColor"/></svg>`;
const ICON_START = ICON("M3 3h2v10H3zM13 3v10L6 8z");
const ICON_END = ICON("M11 3h2v10h-2zM3 3v10l7-5z");

export class ReplayViewer {
  constructor(root, { engine, ui, onClose = () => {}, actions = "" }) {
    this.root = root;
    this.engine = engine;
    this.ui = ui;
    this.onClose = onClose;
    this.actions = actions;  // extra buttons (html) for the header: export, share …
    this.opened = null;
    this.at = 0;
    this.seat = null;
    this.wanted = null;      // the move asked for while a view is being fetched
    this.busy = false;
    this.table = null;
    this.timings = [];       // ms from asking for a move to its table drawn (for the benchmark)
    this.cache = new Map();  // "at/seat" → record_view's reply (a promise), for the moves next to the one shown
    this._onKey = (e) => this._key(e);
  }

  get record() { return this.opened && this.opened.record; }

  seatName(seat) {
    const names = (this.record && this.record.names) || [];
    return names[seat] || `Seat ${Number(seat) + 1}`;
  }

  /** Draws the viewer for `opened` (record_open's reply) at its last move. */
  async open(opened, { ownSeat = null, at = null } = {}) {
    this.opened = opened;
    this.cache = new Map();
    this.ownSeat = ownSeat;
    const rec = opened.record;
    // once over, the table as anyone saw it; during a game, only one's own seat (the engine enforces it too)
    this.seats = opened.over ? [null, ...rec.names.map((_, i) => i)] : [null, ...(ownSeat === null ? [] : [ownSeat])];
    this.seat = null;
    this.root.innerHTML = this._html();
    this.root.hidden = false;
    // the renderer paints a detached copy; the board on the page changes only where it differs (morph.js)
    this.mirror = new Mirror(this.root.querySelector(".replay-board"));
    this.table = new this.ui.Table(this.mirror.root, {
      attempt: async () => false,
      endTurn: () => {},
      seatName: (s) => this.seatName(s),
      seatKind: (s) => (rec.bots && rec.bots[s]) || "human",
    });
    this._wire();
    document.addEventListener("keydown", this._onKey);
    await this.jump(at === null ? opened.moves : at);
  }

  close() {
    document.removeEventListener("keydown", this._onKey);
    if (this.table) this.table.destroy();
    if (this.mirror) this.mirror.destroy();
    this.table = null;
    this.mirror = null;
    if (this.opened) this.engine.request("record_close", { replay: this.opened.replay }).catch(() => {});
    this.opened = null;
    this.root.innerHTML = "";
    this.root.hidden = true;
  }

  _html() {
    const rec = this.record;
    const total = this.opened.moves;
    const seatOptions = this.seats.map((s) => `<option value="${s === null ? "" : s}">${
      s === null ? "The table (public view)" : esc(`${this.seatName(s)}'s view`)}</option>`).join("");
    const lines = this.opened.events.map((events, i) => {
      const seat = rec.log[i][0];
      const text = this.ui.describeEvents(events, (s) => this.seatName(s)).map((l) => l.html).join(" · ")
        || esc(`${this.seatName(seat)} moved`);
      return `<li data-at="${i + 1}"><button type="button" class="replay-line" data-at="${i + 1}"
        aria-label="Go to move ${i + 1}"><span class="replay-num">${i + 1}</span> ${text}</button></li>`;
    }).join("");
    const takebacks = (rec.takebacks || []).length
      ? `<p class="muted replay-takebacks" data-testid="replay-takebacks">${rec.takebacks.map((t) =>
        esc(`${this.seatName(t.seat)} took back ${t.removed} move${t.removed === 1 ? "" : "s"} after move ${t.at}`)).join("; ")}</p>`
      : "";
    return `
      <div class="replay-head">
        <h2 class="replay-title">Replay · ${esc(rec.names.join(", "))}</h2>
        <div class="replay-actions">${this.actions}
          <button type="button" class="btn ghost" data-act="close" data-testid="replay-close">Close</button></div>
      </div>
      ${takebacks}
      <div class="replay-controls" role="group" aria-label="Replay controls">
        <button type="button" class="btn secondary replay-step" data-step="start" data-testid="replay-start" aria-label="To the start">${ICON_START}</button>
        <button type="button" class="btn secondary replay-step" data-step="-1" data-testid="replay-back" aria-label="One move back">◀</button>
        <input type="range" class="replay-slider" data-testid="replay-slider" min="0" max="${total}" value="${total}" step="1"
          aria-label="Move" aria-valuetext="">
        <button type="button" class="btn secondary replay-step" data-step="1" data-testid="replay-forward" aria-label="One move forward">▶</button>
        <button type="button" class="btn secondary replay-step" data-step="end" data-testid="replay-end" aria-label="To the end">${ICON_END}</button>
        <span class="replay-at" data-testid="replay-at" aria-live="polite"></span>
        <label class="replay-seat">Seen as <select data-testid="replay-seat">${seatOptions}</select></label>
      </div>
      <div class="replay-main">
        <section class="replay-board table" data-testid="replay-board" aria-label="The table at this move"></section>
        <aside class="panel log-panel"><h3>Moves</h3>
          <ol class="move-log replay-log" data-testid="replay-log">
            <li data-at="0"><button type="button" class="replay-line" data-at="0">Start of the game</button></li>${lines}
          </ol></aside>
      </div>`;
  }

  _wire() {
    const root = this.root;
    root.querySelector(".replay-controls").addEventListener("click", (e) => {
      const b = e.target.closest("[data-step]");
      if (!b) return;
      const step = b.dataset.step;
      this.jump(step === "start" ? 0 : step === "end" ? this.opened.moves : this._target() + Number(step));
    });
    const slider = root.querySelector(".replay-slider");
    slider.addEventListener("input", () => this.jump(Number(slider.value)));
    root.querySelector(".replay-log").addEventListener("click", (e) => {
      const b = e.target.closest("[data-at]");
      if (b) this.jump(Number(b.dataset.at));
    });
    root.querySelector("[data-testid=replay-seat]").addEventListener("change", (e) => {
      this.seat = e.target.value === "" ? null : Number(e.target.value);
      this.jump(this.at, true);
    });
    root.querySelector("[data-act=close]").addEventListener("click", () => { this.close(); this.onClose(); });
  }

  _target() { return this.wanted === null ? this.at : this.wanted; }

  _key(e) {
    if (!this.opened || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && e.target.type !== "range")) return;
    let to = null;
    if (e.key in STEP_KEYS) to = this._target() + STEP_KEYS[e.key];
    else if (e.key === "Home") to = 0;
    else if (e.key === "End") to = this.opened.moves;
    if (to === null) return;
    e.preventDefault();
    this.jump(to);
  }

  /** Shows the table after `at` moves; a burst of steps fetches only the last one asked for. */
  async jump(at, force = false) {
    if (!this.opened) return;
    at = Math.max(0, Math.min(this.opened.moves, Math.round(at)));
    if (at === this.at && !force && this.table && this.table.state) return;
    this.wanted = at;
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.wanted !== null && this.opened) {
        const target = this.wanted;
        this.wanted = null;
        const t0 = performance.now();
        const early = this.cache.get(`${target}/${this.seat}`);  // a view asked for ahead (perhaps still coming)
        const reply = (early && await early)
          || await this.engine.request("record_view", { replay: this.opened.replay, at: target, seat: this.seat });
        if (!this.opened) return;
        this._draw(target, reply);
        this.timings.push(performance.now() - t0);
      }
    } finally {
      this.busy = false;
    }
    this._prefetch();
  }

  /** The views one move either side of the one shown, asked for while nobody waits, so that a
   *  step (← → ◀ ▶) needs no round trip to the worker; a jump asked meanwhile goes first. */
  async _prefetch() {
    const { opened, seat, at } = this;
    if (!opened) return;
    for (const next of [at + 1, at - 1]) {
      const key = `${next}/${seat}`;
      if (next < 0 || next > opened.moves || this.cache.has(key)) continue;
      if (this.busy || this.wanted !== null || this.opened !== opened) return;
      const asked = this.engine.request("record_view", { replay: opened.replay, at: next, seat }).catch(() => null);
      this.cache.set(key, asked);  // a step to it now waits for this reply instead of asking again
      while (this.cache.size > 6) this.cache.delete(this.cache.keys().next().value);
      if (!(await asked)) { this.cache.delete(key); return; }
      if (this.opened !== opened) return;
    }
  }

  _draw(at, reply) {
    this.at = at;
    this.view = reply.view;  // what is drawn (tests compare it with CPython's view at this move)
    this.table.render({ view: reply.view, legal_moves: [], to_act: reply.to_act, over: reply.over, result: reply.result },
      { interactive: false, fresh: true });
    this.mirror.sync();
    const root = this.root;
    const total = this.opened.moves;
    const slider = root.querySelector(".replay-slider");
    slider.value = String(at);
    const text = at === 0 ? `Start · ${total} moves` : `Move ${at} of ${total}`;
    slider.setAttribute("aria-valuetext", text);
    const label = root.querySelector(".replay-at");
    label.textContent = text;
    label.dataset.at = String(at);
    root.dataset.at = String(at);
    root.querySelector("[data-step=start]").disabled = at === 0;
    root.querySelector("[data-step='-1']").disabled = at === 0;
    root.querySelector("[data-step='1']").disabled = at === total;
    root.querySelector("[data-step=end]").disabled = at === total;
    for (const li of root.querySelectorAll(".replay-log li[aria-current]")) li.removeAttribute("aria-current");
    const line = root.querySelector(`.replay-log li[data-at="${at}"]`);
    if (line) {
      line.setAttribute("aria-current", "step");
      // scrolled next frame, once the page is laid out anyway (reading offsetTop now would lay it out twice)
      cancelAnimationFrame(this._scrollFrame);
      this._scrollFrame = requestAnimationFrame(() => {
        const log = line.closest(".replay-log");
        if (log && log.scrollHeight > log.clientHeight) log.scrollTop = line.offsetTop - log.clientHeight / 2;
      });
    }
  }
}
