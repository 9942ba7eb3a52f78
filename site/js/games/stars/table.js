// The Girl Who Made the Stars: the table (the app's table contract, see gems-ui.js GemTable:
// render(state, ctx), clear(), destroy(), live). It keeps what the seat has chosen so far
// (`sel`, the tiles' orientations), indexes the listing (placements by tile, orientation and
// cell; stardust by cell), lays the pieces out by phase and hands each tap to the piece that
// drew the control. The pieces are functions of the table: board.js, tray.js, panels.js,
// main-board.js, night-sky.js, wood-ash.js, supplies.js, seats.js.

import { COLOURS, ckey } from "./common.js";
import { boardClicks, mineHTML, mineSections } from "./board.js";
import { mainBoardClicks, mainBoardSections } from "./main-board.js";
import { nightSkyClicks, nightSkyHTML } from "./night-sky.js";
import { panelClicks, panelHTML, statusHTML } from "./panels.js";
import { seatsSections } from "./seats.js";
import { offeringHTML, rewardsHTML } from "./supplies.js";
import { trayClicks } from "./tray.js";
import { boardFocus, boardKey, roveBoards } from "../board-keys.js";
import { woodAshClicks, ashDishHTML } from "./wood-ash.js";
import { drawSections, sectionsTouched, setData } from "../sections.js";

const DEFS = `
      <svg class="st-defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>
        ${COLOURS.concat(["white"]).map((c) => `<radialGradient id="st-glow-${c}"><stop offset="0" class="g0 c-${c}"/><stop offset="1" class="g1 c-${c}"/></radialGradient>`).join("")}
      </defs></svg>
      `;

/** data-action → handler(table, element), from the piece that draws each control */
const CLICKS = { ...boardClicks, ...trayClicks, ...panelClicks, ...mainBoardClicks, ...nightSkyClicks, ...woodAshClicks };

export class StarsTable {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.state = null;
    this.ctx = {};
    this.sel = {};
    this.orient = {};  // tile id → {side, rot} the player turned it to (kept while it is in hand)
    this._onClickBound = (e) => this._onClick(e);
    this._onKeyBound = (e) => {
      if (boardKey(e, this.root)) return;
      if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("svg [data-action]")) {
        e.preventDefault();
        this._onClick(e);
      }
    };
    this._onFocusBound = (e) => boardFocus(e, this.root);
    root.addEventListener("click", this._onClickBound);
    root.addEventListener("keydown", this._onKeyBound);
    root.addEventListener("focusin", this._onFocusBound);
  }

  destroy() {
    this.root.removeEventListener("click", this._onClickBound);
    this.root.removeEventListener("keydown", this._onKeyBound);
    this.root.removeEventListener("focusin", this._onFocusBound);
    this.clear();
  }

  clear() {
    this.state = null;
    this.sel = {};
    this.orient = {};
    this.root.innerHTML = "";
    this.root.className = "table";
    delete this.root.dataset.offturn;
  }

  render(state, ctx = {}) {
    const keepDust = this.sel.mode === "dust" ? (this.sel.dustCell || true) : null;
    if (ctx.fresh !== false || !this.state) this.sel = {};
    this.state = state;
    this.ctx = ctx;
    this._index();
    // spending stardust out of turn survives the others' moves (the table redraws after each)
    if (keepDust && !this.acting && this.dustMoves.size && this.sel.mode === undefined) {
      this.sel = { mode: "dust", dustCell: typeof keepDust === "string" && this.dustMoves.has(keepDust) ? keepDust : null };
    }
    this.draw();
  }

  get legal() { return (this.state && this.state.legal_moves) || []; }

  /** the game waits on this seat (its tiles, its pick, its turn, its bonus choice, its last
   * stardust): a seat listed to act only because it may spend stardust is not acting */
  get acting() {
    const v = this.state && this.state.view;
    return !!(this.ctx.interactive && v && v.seat !== null && v.seat !== undefined && v.waiting_for.includes(v.seat));
  }

  /** the seat's own turn, or stardust it may spend out of turn */
  get live() { return this.acting || this.offTurnDust; }

  get offTurnDust() { return !this.acting && this.dustListed(); }

  dustListed() { return !!(this.state && this.state.view.seat != null && this.legal.some((m) => m.type === "stardust")); }

  get view() { return this.state.view; }

  get me() { const v = this.view; return v.seat === null || v.seat === undefined ? null : v.seats[v.seat]; }

  movesOf(type) { return this.legal.filter((m) => m.type === type); }

  has(type) { return this.legal.some((m) => m.type === type); }

  _index() {
    // tile placements by tile → "side|rot" → set of cells, and by tile → cell → [[side, rot]]
    const byOrient = new Map(), byCell = new Map();
    this.dustMoves = new Map();
    for (const m of this.legal) {
      if (m.type === "place") {
        const k = ckey(m.cell);
        if (!byOrient.has(m.tile)) { byOrient.set(m.tile, new Map()); byCell.set(m.tile, new Map()); }
        const o = `${m.side}|${m.rotation}`;
        const om = byOrient.get(m.tile);
        if (!om.has(o)) om.set(o, new Set());
        om.get(o).add(k);
        const cm = byCell.get(m.tile);
        if (!cm.has(k)) cm.set(k, []);
        cm.get(k).push([m.side, m.rotation]);
      } else if (m.type === "stardust") {
        this.dustMoves.set(ckey(m.cell), m);
      }
    }
    this.byOrient = byOrient;
    this.byCell = byCell;
    // forget orientations of tiles no longer in hand
    const hand = new Set(((this.me && this.me.hand) || []).map((t) => t.id));
    for (const id of Object.keys(this.orient)) if (!hand.has(id)) delete this.orient[id];
  }

  /** the tile chosen in the tray (or the first one that fits anywhere), with its side and rotation */
  chosenTile() {
    const me = this.me;
    if (!me || !me.hand || !me.hand.length || this.view.phase !== "stargazing" || !this.acting) return null;
    if (!this.has("place") && !this.has("set_aside")) return null;  // a bonus choice comes first
    let id = this.sel.tile;
    if (!me.hand.some((t) => t.id === id)) {
      const fits = me.hand.find((t) => this.byOrient.has(t.id));
      id = (fits || me.hand[0]).id;
    }
    const tile = me.hand.find((t) => t.id === id);
    if (!this.orient[id]) {
      // start on the light-bearing side B at its first listed rotation, else the first listed way
      const om = this.byOrient.get(id) || new Map();
      const first = ["B", "A"].flatMap((s) => [0, 1, 2, 3, 4, 5].map((r) => [s, r])).find(([s, r]) => om.has(`${s}|${r}`));
      this.orient[id] = first ? { side: first[0], rot: first[1] } : { side: "B", rot: 0 };
    }
    return { tile, id, ...this.orient[id] };
  }

  fitCells(t) { return (this.byOrient.get(t.id) || new Map()).get(`${t.side}|${t.rot}`) || new Set(); }

  placeMove(t, cellKey) {
    return this.legal.find((m) => m.type === "place" && m.tile === t.id && m.side === t.side && m.rotation === t.rot && ckey(m.cell) === cellKey);
  }

  /** the board takes stardust instead of a tile: chosen with the "Spend stardust" button */
  dustMode() {
    return !!(this.live && this.dustMoves.size && this.sel.mode === "dust");
  }

  _focusKey() {
    const el = document.activeElement;
    return el && this.root.contains(el) && el.dataset ? el.dataset.fk || null : null;
  }

  draw(local = false) {
    const focus = this._focusKey();
    if (local && this.root.querySelector(".st-mine")) this._paintLocal(); else this._paint();
    roveBoards(this.root);  // one Tab stop per board, arrows within (board-keys.js)
    if (focus) {
      const again = this.root.querySelector(`[data-fk="${CSS.escape(focus)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  _paint() {
    const v = this.view;
    const dustMode = this.dustMode();
    // set once (clear() resets it), as station.js does: a class a phone table adds to the root
    // (market-collapsed, net/ui.js) is then not taken off and put back at every update, which
    // restyled the whole table each time
    if (!this.root.classList.contains("stars-table")) this.root.className = "table stars-table";
    // in sections (games/sections.js): at a phone table an unchanged section is not parsed again
    drawSections(this.root, [
      ["defs", DEFS],
      ["status", `<div class="status st-status" data-testid="status">${statusHTML(this)}</div>`],
      ...this.columns(dustMode),
    ]);
    setData(this.root, "phase", v.phase);
    setData(this.root, "viewer", v.seat === null || v.seat === undefined ? "public" : String(v.seat));
    setData(this.root, "interactive", this.acting ? "true" : "false");
    setData(this.root, "offturn", this.offTurnDust ? "true" : "false");
    setData(this.root, "mode", dustMode ? "stardust" : "");
    this._scrollToTargets();
  }

  /** a board drawn wider than its box (the main board while scouting, the night sky while
   * stargazing, on a phone) scrolls sideways so that its listed spaces are in view. Done in the
   * next animation frame, once: reading the boxes' sizes in the middle of an update would lay the
   * page out before the update is finished, and again in its frame */
  _scrollToTargets() {
    if (this._scrollSoon) return;
    this._scrollSoon = true;
    requestAnimationFrame(() => {
      this._scrollSoon = false;
      for (const box of this.root.querySelectorAll(".board-scroll")) {
        // no listed space on it (most updates): nothing to bring into view, no layout read
        const spots = [...box.querySelectorAll("[data-action].target, [data-action].picked")];
        if (!spots.length || box.scrollWidth <= box.clientWidth + 1) continue;
        const left = box.getBoundingClientRect().left - box.scrollLeft;
        const xs = spots.map((el) => { const r = el.getBoundingClientRect(); return r.left + r.width / 2 - left; });
        box.scrollLeft = (Math.min(...xs) + Math.max(...xs)) / 2 - box.clientWidth / 2;
      }
    });
  }

  /** a tap that changes only the seat's board and the panel (tile, side, rotation, cell, stardust) */
  _paintLocal() {
    const dustMode = this.dustMode();
    this.root.querySelector(".st-mine").innerHTML = mineHTML(this, dustMode);
    const panel = this.root.querySelector(".st-panel");
    panel.innerHTML = panelHTML(this);
    panel.classList.toggle("live", this.live);
    this.root.dataset.mode = dustMode ? "stardust" : "";
    sectionsTouched(this.root);  // written here, not through drawSections
  }

  /** two columns on a wide screen (one stack on a phone, ordered by the phase in CSS): the
   * seat's board first while tiles are placed and at the end, the shared table otherwise */
  columns(dustMode) {
    const v = this.view;
    const panel = ["panel", `<div class="action-panel st-panel${this.live ? " live" : ""}" data-testid="action-panel" aria-live="polite">`,
      [["panel-in", panelHTML(this)]], "</div>"];
    const mine = ["mine", `<section class="st-mine" data-testid="my-area">`, mineSections(this, dustMode), "</section>"];
    const world = ["world", `<section class="st-world" aria-label="Main board, night sky and supplies">`, this.worldSections(), "</section>"];
    const seats = ["seats", `<section class="st-seats" aria-label="Seats">`, seatsSections(this), "</section>"];
    const boardFirst = !["wood_ash", "action"].includes(v.phase);
    const left = boardFirst ? [mine, world] : [world];
    const right = boardFirst ? [panel, seats] : [panel, mine, seats];
    return [["left", `<div class="st-col st-left">`, left, "</div>"], ["right", `<div class="st-col st-right">`, right, "</div>"]];
  }

  /** the shared table, what the phase is about first (the wood ash in its phase, the main board for actions) */
  worldSections() {
    const block = {
      sky: () => `<div class="sky-wrap">${nightSkyHTML(this)}</div>`,
      ash: () => `<div class="ash-wrap" data-testid="wood-ash">${ashDishHTML(this)}</div>`,
      supplies: () => `<div class="supplies">
        <div class="rewards-wrap" data-testid="rewards" data-collapsible="market">${rewardsHTML(this)}</div>
        <div class="offering-wrap" data-testid="offering">${offeringHTML(this)}</div></div>`,
    };
    const order = { wood_ash: ["ash", "sky", "supplies", "board"], action: ["board", "sky", "supplies", "ash"] }[this.view.phase]
      || ["sky", "board", "supplies", "ash"];
    return order.map((k) => (k === "board"  // the main board in its own sections (main-board.js)
      ? [k, `<div class="mainboard-wrap" data-testid="main-board">`, mainBoardSections(this), "</div>"]
      : [k, block[k]()]));
  }

  focusSeat() {
    const v = this.view;
    if (v.seat !== null && v.seat !== undefined) return v.seat;
    return v.turn.seat !== null ? v.turn.seat : (v.waiting_for[0] !== undefined ? v.waiting_for[0] : 0);
  }

  /** a tap: the hand-over button, else the handler of the control's data-action (each piece
   * of the table has its own: board.js, tray.js, panels.js, main-board.js, night-sky.js, wood-ash.js) */
  _onClick(e) {
    const el = e.target.closest("[data-action]");
    if (el && el.dataset.action === "end-turn" && this.ctx.turnOver != null) return this.hooks.endTurn();
    if (!el || !this.root.contains(el) || !this.state || !this.live || this.sending) return undefined;
    if (el.disabled) return undefined;
    const handler = CLICKS[el.dataset.action];
    return handler ? handler(this, el) : undefined;
  }

  /** sends a move (listed, or an attempt); a refused one redraws the table as it was */
  async send(move) {
    this.sending = true;
    this.root.dataset.interactive = "false";
    let ok = false;
    try { ok = await this.hooks.attempt(move); } finally { this.sending = false; }
    if (!ok && this.state) this.draw();  // refused: the table is as before, the selection kept
  }
}
