// The station game: renders a seat's view (engine/games/station/views.py, docs/station.md)
// and turns taps into moves. The station is an SVG: the Core and three rings of ten sectors,
// each module in its department's colour with a port (a light door) or a bulkhead (a thick
// wall) on each of its four sides; the market's six berths with their Drift discounts; the
// displayed credits and the seat's hand; the Dry Dock; Storms as tables; the other seats.
//
// No rules live here. Every control comes from the seat's `legal_moves`: the credit sets that
// may be acquired, the payments and destinations of a purchase (the legal nodes glow), the
// bonus credit after an exact payment, the reconfigure installs, removals and exchanges, and
// pass. A move sent is always one of them. What JS computes is drawing only: ring geometry.

import { esc } from "./gems-ui.js";
import { boardFocus, boardKey, roveBoards } from "./board-keys.js";
import { drawSections, setData } from "./sections.js";

(() => {
  const href = new URL("../../css/station.css", import.meta.url).href;
  if (typeof document === "undefined" || document.querySelector("link[data-station-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.stationCss = "";
  document.head.appendChild(link);
})();

export const DEPARTMENTS = ["command", "science", "medical", "engineering", "habitat", "security"];
const DEPT_ABBR = { command: "CMD", science: "SCI", medical: "MED", engineering: "ENG", habitat: "HAB", security: "SEC" };
export const GUILDS = ["amber", "cobalt", "jade"];
const RING_NAME = { 1: "inner", 2: "middle", 3: "outer" };
const SHIELD_SECTORS = [8, 9, 0, 1, 2];  // display only: the lanes the card names
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const f1 = (n) => Math.round(n * 100) / 100;
const nkey = (node) => `${node.ring},${node.sector}`;
const nodeText = (node) => `${RING_NAME[node.ring]} ring, sector ${node.sector}`;
const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---------------------------------------------------------------------------- geometry
// sized so that every node, the inner ring's too, is a 44×44 px target on a 390 px phone (its hit area
// is the whole 36° cell, gaps included: docs/accessibility.md)
const CORE = 48;
const RING_W = 62;
const rIn = (ring) => CORE + (ring - 1) * RING_W + 2;
const rOut = (ring) => CORE + ring * RING_W - 2;
const SPAN = 36;
/** sector s is centred at the top for 0, clockwise on screen (cw faces sector + 1) */
const angle = (s, off = 0) => ((s * SPAN - 90 + off) * Math.PI) / 180;
const pt = (r, a) => `${f1(r * Math.cos(a))},${f1(r * Math.sin(a))}`;

/** the whole cell of (ring, s), gaps included: the node's tap area (cells tile the disc, none overlaps) */
function hitCell(ring, s) {
  const r0 = CORE + (ring - 1) * RING_W, r1 = CORE + ring * RING_W;
  const a0 = angle(s, -SPAN / 2), a1 = angle(s, SPAN / 2);
  return `M${pt(r0, a0)} L${pt(r1, a0)} A${r1} ${r1} 0 0 1 ${pt(r1, a1)} L${pt(r0, a1)} A${r0} ${r0} 0 0 0 ${pt(r0, a0)}Z`;
}

function wedge(ring, s, inset = 0) {
  const r0 = rIn(ring) + inset, r1 = rOut(ring) - inset;
  const a0 = angle(s, -SPAN / 2 + 1 + inset / 4), a1 = angle(s, SPAN / 2 - 1 - inset / 4);
  return `M${pt(r0, a0)} L${pt(r1, a0)} A${f1(r1)} ${f1(r1)} 0 0 1 ${pt(r1, a1)} L${pt(r0, a1)} A${f1(r0)} ${f1(r0)} 0 0 0 ${pt(r0, a0)}Z`;
}

/** the four sides of a module at (ring, s): a wall where there is a bulkhead, a door for a port */
function sidesSVG(mod, ring, s) {
  const r0 = rIn(ring) + 2.5, r1 = rOut(ring) - 2.5, rm = (r0 + r1) / 2;
  const a0 = angle(s, -SPAN / 2 + 2), a1 = angle(s, SPAN / 2 - 2), am = angle(s);
  const out = [];
  const side = (name, wall, door) => {
    out.push(mod.sides[name] === "port"
      ? `<circle class="port" cx="${door[0]}" cy="${door[1]}" r="5"><title>${name}: port</title></circle>`
      : `<path class="bh" d="${wall}"><title>${name}: bulkhead</title></path>`);
  };
  const xy = (r, a) => [f1(r * Math.cos(a)), f1(r * Math.sin(a))];
  side("inward", `M${pt(r0, a0)} A${f1(r0)} ${f1(r0)} 0 0 1 ${pt(r0, a1)}`, xy(r0, am));
  side("outward", `M${pt(r1, a0)} A${f1(r1)} ${f1(r1)} 0 0 1 ${pt(r1, a1)}`, xy(r1, am));
  side("cw", `M${pt(r0, a1)} L${pt(r1, a1)}`, xy(rm, a1));
  side("ccw", `M${pt(r0, a0)} L${pt(r1, a0)}`, xy(rm, a0));
  return out.join("");
}

/** what is drawn inside a node (its cell, and a module's sides and label): the same text for the
 *  same node and module shape, so kept (geometry is the costly part of a redraw) */
const NODE_IN = new Map();
function nodeInside(ring, s, mod, small) {
  const key = `${small ? "s" : "b"}${ring},${s}${mod ? `:${mod.department}:${mod.sides.inward}:${mod.sides.outward}:${mod.sides.cw}:${mod.sides.ccw}` : ""}`;
  let html = NODE_IN.get(key);
  if (html === undefined) {
    const am = angle(s), rm = (rIn(ring) + rOut(ring)) / 2;
    html = `
        <path class="hit" d="${hitCell(ring, s)}"/><path class="cell" d="${wedge(ring, s)}"/>
        ${mod ? `${sidesSVG(mod, ring, s)}<text class="abbr" x="${f1(rm * Math.cos(am))}" y="${f1(rm * Math.sin(am) + 3)}">${small ? "" : DEPT_ABBR[mod.department]}</text>` : ""}
      `;
    if (NODE_IN.size >= 4000) NODE_IN.clear();
    NODE_IN.set(key, html);
  }
  return html;
}

/** the decoration (the Shield lanes, a band outside sectors 8, 9, 0, 1, 2; the Core) and the sector
 *  numbers of a station drawing: always the same */
const DECO = (() => {
  const sh0 = angle(8, -SPAN / 2), sh1 = angle(2, SPAN / 2), shr = rOut(3) + 4;
  return `<path class="shield-band" d="M${pt(shr, sh0)} A${shr} ${shr} 0 0 1 ${pt(shr, sh1)}"><title>Shield lanes: sectors 8, 9, 0, 1, 2</title></path><circle class="core" r="${CORE - 3}"/><text class="core-t" y="3">CORE</text>`;
})();
const NUMS = (() => {
  let nums = "";
  for (let s = 0; s < 10; s++) {
    const a = angle(s), r = rOut(3) + 9;
    nums += `<text class="sec-n${SHIELD_SECTORS.includes(s) ? " sh" : ""}" x="${f1(r * Math.cos(a))}" y="${f1(r * Math.sin(a))}" dominant-baseline="central">${s}</text>`;
  }
  return nums;
})();

/** a seat's station: Core, rings, sectors, modules; `marks` maps node keys to extra classes.
 *  As a section container (games/sections.js): the <svg>, a leaf before the nodes, one container
 *  a node (its <g> tag, which a turn passing or a selection changes, and what is drawn inside it,
 *  which only a module placed or removed changes), a leaf after them */
function stationSection(key, station, { live = false, marks = {}, label = "", small = false } = {}) {
  const R = rOut(3) + (small ? 8 : 16);
  const parts = [["deco", DECO]];
  for (let ring = 1; ring <= 3; ring++) {
    for (let s = 0; s < 10; s++) {
      const mod = station[ring - 1][s];
      const k = `${ring},${s}`;
      const cls = ["sn-node", mod ? `mod d-${mod.department}` : "empty", marks[k] || ""].join(" ").trim();
      const name = mod ? `${mod.id}, ${mod.department}, ${mod.guild}` : "empty";
      const act = live ? ` data-action="node" data-node="${k}" data-fk="node:${k}" role="button" tabindex="0"` : ` data-node="${k}" role="img"`;
      parts.push([k, `<g class="${cls}"${act} data-testid="${small ? "" : `node-${ring}-${s}`}" aria-label="${esc(`${nodeText({ ring, sector: s })}: ${name}`)}">`, [["in", nodeInside(ring, s, mod, small)]], "</g>"]);
    }
  }
  parts.push(["nums", small ? "" : NUMS]);
  // live: one Tab stop, arrows round a ring (←/→) and between rings (↑ out, ↓ in): board-keys.js
  return [key, `<svg class="station-svg${small ? " small" : ""}" viewBox="${-R} ${-R} ${2 * R} ${2 * R}" role="group" aria-label="${esc(label)}"${
    live ? ' data-rove="ring" data-rove-name="station" aria-description="arrow keys: left and right round a ring, up and down between rings"' : ""}>`, parts, "</svg>"];
}

/** a module on its own (market, Dry Dock): a square with its four sides, inward at the bottom */
function moduleSVG(mod) {
  const side = (name, d, cx, cy) => (mod.sides[name] === "port"
    ? `<circle class="port" cx="${cx}" cy="${cy}" r="4"/>`
    : `<path class="bh" d="${d}"/>`);
  return `<svg class="mod-svg d-${mod.department}" viewBox="0 0 40 40" aria-hidden="true">
    <rect class="cell" x="3" y="3" width="34" height="34" rx="3"/>
    ${side("outward", "M5 4H35", 20, 4)}${side("inward", "M5 36H35", 20, 36)}
    ${side("cw", "M36 5V35", 36, 20)}${side("ccw", "M4 5V35", 4, 20)}
    <text class="abbr" x="20" y="23">${DEPT_ABBR[mod.department]}</text></svg>`;
}
const sidesText = (mod) => ["inward", "outward", "cw", "ccw"].map((k) => `${k} ${mod.sides[k] === "port" ? "port" : "bulkhead"}`).join(", ");

function creditHTML(c, { action = "", pressed = null, disabled = false, testid = "" } = {}) {
  const attrs = action
    ? ` type="button" data-action="${action}" data-id="${esc(c.id)}"${pressed !== null ? ` aria-pressed="${pressed}"` : ""}${disabled ? " disabled" : ""}${testid ? ` data-testid="${testid}"` : ""} data-fk="${action}-${esc(c.id)}"`
    : "";
  const tag = action ? "button" : "span";
  return `<${tag} class="credit g-${c.guild}"${attrs} title="${esc(`${c.guild} ${c.value}`)}" aria-label="${esc(`${c.guild} ${c.value}`)}"><b>${c.value}</b></${tag}>`;
}
const creditText = (cs) => cs.map((c) => `${c.guild} ${c.value}`).join(", ");
/** Another seat's credits as everyone saw them: those taken face up, and how many of its
 * opening deal are still hidden (docs/station.md, "View"). */
function seenText(s) {
  const seen = s.hand_seen || [];
  const hidden = s.hand_count - seen.length;
  if (!seen.length) return " (private)";
  return ` (seen: ${esc(creditText(seen))}${hidden ? `; ${hidden} private` : ""})`;
}
/** The discard pile, face up: every credit paid, in the order paid. */
function discardHTML(pile) {
  if (!pile.length) return "";
  return `<details class="sn-discard" data-testid="discard-pile"><summary>Discard pile (${pile.length})</summary>
    <p>${esc(creditText(pile))}</p></details>`;
}
function guildChip(guild) {
  return `<span class="guild-chip g-${guild}">${esc(cap(guild))}</span>`;
}
const modName = (m) => (m ? `<b>${esc(m.id)}</b> <span class="dname d-${m.department}">${esc(m.department)}</span>` : "?");

// ---------------------------------------------------------------------------- log lines
export function describeEvent(ev, name) {
  const who = (s) => `<b>${esc(name(s))}</b>`;
  switch (ev.type) {
    case "acquire": return `${who(ev.seat)} acquired ${esc(creditText(ev.credits))}`;
    case "purchase": return `${who(ev.seat)} bought ${modName(ev.module)} for ${esc(creditText(ev.paid))} (cost ${ev.cost})${ev.exact ? " — exact" : ""} → ${ev.to === "dock" ? "Dry Dock" : esc(nodeText(ev.to))}`;
    case "synergy": return `${who(ev.seat)}: Synergy of ${esc(ev.module)} +${ev.renown} renown`;
    case "storm_triggered": return `Storm ${esc(ev.storm)} triggered at ${ev.purchases} purchases`;
    case "end_triggered": return `The supply cannot refill a berth: round ${ev.round} is the last`;
    case "bonus": return `${who(ev.seat)} took bonus credit ${esc(creditText([ev.credit]))}`;
    case "decline": return `${who(ev.seat)} declined the bonus credit`;
    case "reconfigure": {
      if (ev.op === "install") return `${who(ev.seat)} installed ${esc(ev.module)} from the Dry Dock at ${esc(nodeText(ev.to))}`;
      if (ev.op === "remove") return `${who(ev.seat)} moved ${esc(ev.module)} to the Dry Dock`;
      return `${who(ev.seat)} exchanged ${esc(ev.module)} for ${esc(ev.removed)} at ${esc(nodeText(ev.at))}`;
    }
    case "pass": return `${who(ev.seat)} passed`;
    case "storm": return `Storm ${esc(ev.storm)}: ${ev.awards.map((a, i) => `${esc(name(i))} +${a}`).join(", ")}`;
    case "shield": return `${who(ev.seat)}: Shield +${ev.renown}`;
    case "rotate": return `Drift: ${esc(ev.old)} left berth ${ev.berth + 1}, ${esc(ev.module.id)} arrives`;
    case "round": return `Round ${ev.round}`;
    case "stalled": return `Nobody could act in round ${ev.round}: the game ends`;
    case "game_over": {
      const w = (ev.result.winners || []).map((s) => name(s));
      return w.length > 1 ? `Game over: shared victory for ${esc(w.join(" and "))}` : `Game over: ${esc(w[0] || "?")} wins`;
    }
    default: return null;  // display, berth, drift, reshuffle: seen on the table
  }
}
export function describeEvents(events, name) {
  const out = [];
  const drifts = events.filter((e) => e.type === "drift").length;
  for (const ev of events) {
    const html = describeEvent(ev, name);
    if (html) out.push({ html, cls: `ev-${ev.type}` });
    if (ev.type === "round" && drifts) out.splice(out.length - 1, 0, { html: `Drift: ${plural(drifts, "discount")} added in the market`, cls: "ev-drift" });
  }
  return out;
}

export const DECIDED_BY_TEXT = {
  renown: "Decided by renown: the most renown wins.",
  shared: "Tied on renown: the card has no tie-break, so the victory is shared.",
};

export function resultExtraHTML(result, seatName) {
  const rows = [["synergy", "Synergy"], ["storms", "Storms"], ["shield", "Shield"]];
  return `<table class="scores sn-breakdown" data-testid="breakdown">
    <thead><tr><th></th>${result.scores.map((_, s) => `<th scope="col">${esc(seatName(s))}</th>`).join("")}</tr></thead>
    <tbody>${rows.map(([k, w]) => `<tr data-row="${k}"><th scope="row">${w}</th>${result.renown.map((r) => `<td>${r[k]}</td>`).join("")}</tr>`).join("")}
    <tr data-row="total"><th scope="row">Renown</th>${result.scores.map((x) => `<td><b>${x}</b></td>`).join("")}</tr></tbody></table>
    <p class="muted">${plural(result.purchases, "purchase")} in ${plural(result.round, "round")}. Ties share victory: the card has no tie-break.</p>`;
}

// ---------------------------------------------------------------------------- the table
export class StationTable {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.state = null;
    this.ctx = {};
    this.sel = {};
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
    this.root.innerHTML = "";
    this.root.className = "table";
  }
  render(state, ctx = {}) {
    if (ctx.fresh !== false || !this.state) this.sel = {};
    this.state = state;
    this.ctx = ctx;
    this._draw();
  }

  get legal() { return (this.state && this.state.legal_moves) || []; }
  get live() { return !!this.ctx.interactive; }
  get view() { return this.state.view; }
  get me() { const v = this.view; return v.seat === null || v.seat === undefined ? null : v.seats[v.seat]; }
  _moves(type) { return this.legal.filter((m) => m.type === type); }

  // ------------------------------------------------------------------ what the selection allows
  _acquireMoves() { return this._moves("acquire"); }
  _purchases(id) { return this._moves("purchase").filter((m) => m.module === id); }
  _pays(id) {
    const seen = new Map();
    for (const m of this._purchases(id)) seen.set(m.pay.join(","), m.pay);
    return [...seen.values()];
  }
  _reconf(op) { return this._moves("reconfigure").filter((m) => m.op === op); }
  /** the node marks and the move each legal node would make, for the current selection */
  _targets() {
    const sel = this.sel, out = new Map();
    if (!this.live) return out;
    if (sel.berth !== undefined && sel.pay) {
      for (const m of this._purchases(sel.module)) if (m.to !== "dock" && m.pay.join(",") === sel.pay) out.set(nkey(m.to), m);
    } else if (sel.dock) {
      for (const m of this._reconf("install")) if (m.module === sel.dock) out.set(nkey(m.to), m);
      for (const m of this._reconf("exchange")) if (m.module === sel.dock) out.set(nkey(m.at), m);
    }
    return out;
  }

  // ------------------------------------------------------------------ drawing
  _draw() {
    const el = document.activeElement;
    const focus = el && this.root.contains(el) && el.dataset ? el.dataset.fk : null;
    const v = this.view;
    // set once (clear() resets it): not churned at every draw, so a class a phone table adds to
    // the root (market-collapsed, net/ui.js) is not taken off and put back, restyling the table
    if (!this.root.classList.contains("station-table")) this.root.className = "table station-table";
    setData(this.root, "phase", v.turn.phase);
    setData(this.root, "viewer", v.seat === null || v.seat === undefined ? "public" : String(v.seat));
    setData(this.root, "interactive", this.live ? "true" : "false");
    // in sections (games/sections.js): at a phone table an unchanged section is not parsed again
    drawSections(this.root, [
      ["status", `
      <div class="status sn-status" data-testid="status">${this.statusHTML()}</div>
      `],
      ["cols", `<div class="sn-cols">`, [
        ["panel", `
        <div class="action-panel sn-panel${this.live ? " live" : ""}" data-testid="action-panel" aria-live="polite">${this.panelHTML()}</div>
        `],
        this.mineSection(),
        this.marketSection(),
        ["credits", this.creditsHTML()],
        ["storms", `
        ${this.stormsHTML()}
        `],
        this.seatsSection(),
        ["seats-end", `
      `],
      ], "</div>"],
    ]);
    roveBoards(this.root);  // the station is one Tab stop, arrows within (board-keys.js)
    if (focus) {
      const again = this.root.querySelector(`[data-fk="${CSS.escape(focus)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  statusHTML() {
    const v = this.view, name = this.hooks.seatName;
    const t = v.turn;
    // a Storm is done when the view holds its table (the engine resolved it), not by counting here
    const storms = v.storms_at.map((n, i) => `<span class="storm-at${v.storms.some((st) => st.storm === ["I", "II"][i]) ? " done" : ""}">${["I", "II"][i]} at ${n}</span>`).join(" ");
    const who = t.phase === "over" ? "Game over" : `${esc(name(t.seat))}${t.seat === v.seat ? " (you)" : ""}${t.phase === "bonus" ? " chooses a bonus credit" : " to act"}`;
    return `<span class="who" data-testid="who"><i class="seat-dot s${t.seat}" aria-hidden="true"></i>${who}</span>
      <span class="round">Round ${t.round}</span>
      <span class="purchases" data-testid="purchases">Purchases <b>${v.purchases}</b> · Storms ${storms}</span>
      ${t.end_triggered && t.phase !== "over" ? `<span class="final" data-testid="final-round">Last round</span>` : ""}`;
  }

  panelHTML() {
    const v = this.view, name = this.hooks.seatName;
    if (v.turn.phase === "over") return `<p class="hint">The game is over.</p>`;
    if (this.ctx.turnOver !== null && this.ctx.turnOver !== undefined) {
      return `<p class="prompt">Your turn is done. Look at your station, then hand the device on.</p>
        <div class="row"><button type="button" class="btn primary" data-action="end-turn" data-testid="end-turn" data-fk="end-turn">Pass the device to ${esc(name(this.ctx.turnOver))}</button></div>`;
    }
    if (!this.live) {
      const s = this.ctx.thinking;
      return s !== null && s !== undefined
        ? `<p class="hint thinking"><span class="spinner" aria-hidden="true"></span>${esc(name(s))} (computer) is thinking…</p>`
        : `<p class="hint">Waiting for ${esc(name(v.turn.seat))}…</p>`;
    }
    if (v.turn.phase === "bonus") return this.bonusPanelHTML();
    const sel = this.sel;
    if (sel.berth !== undefined) return this.buyPanelHTML();
    if (sel.dock) return this.dockPanelHTML();
    if (sel.node) return this.nodePanelHTML();
    return this.actionPanelHTML();
  }

  actionPanelHTML() {
    const acq = this._acquireMoves();
    const chosen = this.sel.credits || [];
    const exact = acq.find((m) => sameList(m.credits, chosen));
    const buys = this._moves("purchase").length;
    const reconf = this._moves("reconfigure").length;
    const pass = this._moves("pass")[0];
    const shown = (this.view.credits.display || []);
    const chosenCr = chosen.map((id) => shown.find((c) => c.id === id)).filter(Boolean);
    return `<p class="prompt">Your turn — choose one action.</p>
      <div class="act-block" data-testid="acquire-block"><b>Acquire</b>
        <span class="muted">Tap displayed credits: one, or up to three of different guilds totalling ≤ 7.</span>
        <div class="row left">${chosenCr.length ? chosenCr.map((c) => creditHTML(c)).join("") : `<span class="muted">nothing chosen</span>`}
          <button type="button" class="btn primary small" data-action="take" data-testid="take" data-fk="take"${exact ? "" : " disabled"}>Take ${chosenCr.length ? plural(chosenCr.length, "credit") : ""}</button>
          ${chosen.length ? `<button type="button" class="btn ghost small" data-action="clear" data-testid="clear">Clear</button>` : ""}</div></div>
      <div class="act-block"><b>Purchase</b> <span class="muted">${buys ? "Tap a module in the market (glowing ones you can pay for)." : "No module in the market fits your credits."}</span></div>
      <div class="act-block"><b>Reconfigure</b> <span class="muted">${reconf ? "Tap a Dry Dock module to install or exchange it, or a module of your station to dock it." : "Nothing to reconfigure."}</span></div>
      ${pass ? `<div class="row"><button type="button" class="btn secondary" data-action="pass" data-testid="pass" data-fk="pass">Pass</button></div>` : ""}`;
  }

  buyPanelHTML() {
    const sel = this.sel;
    const berth = this.view.market[sel.berth];
    const mod = berth.module;
    const pays = this._pays(mod.id);
    const targets = this._targets();
    const dock = this._purchases(mod.id).find((m) => m.to === "dock" && m.pay.join(",") === sel.pay);
    const node = sel.node && targets.get(sel.node);
    const info = `<div class="sel-mod">${moduleSVG(mod)}<div>${modName(mod)} ${guildChip(mod.guild)}<br>
      <span class="muted">Cost ${berth.cost}${berth.discount ? ` (base ${mod.cost} − ${berth.discount} Drift)` : ""} · ${esc(sidesText(mod))}</span></div></div>`;
    if (!pays.length) {
      return `${info}<p class="note" data-testid="not-listed">You cannot buy this now: no payment of ${esc(mod.guild)} credits in your hand covers ${berth.cost}.</p>
        <div class="row"><button type="button" class="btn ghost small" data-action="cancel" data-testid="cancel">Back</button></div>`;
    }
    return `${info}
      <p><b>Pay</b> <span class="muted">(${esc(mod.guild)} credits; no change)</span></p>
      <div class="row left pays">${pays.map((p) => `<button type="button" class="btn small pay${p.join(",") === sel.pay ? " on" : ""}" data-action="pay" data-pay="${p.join(",")}" data-testid="pay-${p.join("-")}" aria-pressed="${p.join(",") === sel.pay}" data-fk="pay-${p.join("-")}">${p.join(" + ")}${p.reduce((a, b) => a + b, 0) === berth.cost ? " · exact" : ""}</button>`).join("")}</div>
      <p><b>Then</b> ${targets.size ? "tap a glowing node of your station to install it" : "no node of your station takes it now"}${dock ? ", or put it in the Dry Dock" : ""}.</p>
      ${node ? `<p class="chosen" data-testid="chosen-node">Install at the ${esc(nodeText(node.to))}.</p>` : ""}
      <div class="row">
        <button type="button" class="btn ghost small" data-action="cancel" data-testid="cancel">Back</button>
        ${dock ? `<button type="button" class="btn secondary" data-action="send-dock" data-testid="to-dock" data-fk="to-dock">Buy into the Dry Dock</button>` : ""}
        ${targets.size ? `<button type="button" class="btn primary" data-action="confirm" data-testid="confirm-node" data-fk="confirm"${node ? "" : " disabled"}>Buy and install</button>` : ""}
      </div>`;
  }

  dockPanelHTML() {
    const me = this.me;
    const mod = me.dock.find((m) => m.id === this.sel.dock);
    const targets = this._targets();
    const m = this.sel.node && targets.get(this.sel.node);
    const word = m ? (m.op === "install" ? `Install at the ${nodeText(m.to)}` : `Exchange with ${this._at(m.at).id} at the ${nodeText(m.at)}`) : "";
    return `<div class="sel-mod">${moduleSVG(mod)}<div>${modName(mod)} ${guildChip(mod.guild)}<br><span class="muted">In your Dry Dock · ${esc(sidesText(mod))}</span></div></div>
      <p>${targets.size ? "Tap a glowing node: an empty one to install it, an occupied one to exchange." : "It fits nowhere in your station now."}</p>
      ${m ? `<p class="chosen" data-testid="chosen-node">${esc(word)}.</p>` : ""}
      <div class="row"><button type="button" class="btn ghost small" data-action="cancel" data-testid="cancel">Back</button>
        ${targets.size ? `<button type="button" class="btn primary" data-action="confirm" data-testid="confirm-node" data-fk="confirm"${m ? "" : " disabled"}>${m && m.op === "exchange" ? "Exchange" : "Install"}</button>` : ""}</div>`;
  }

  _at(node) { return this.me.station[node.ring - 1][node.sector]; }

  nodePanelHTML() {
    const [ring, sector] = this.sel.node.split(",").map(Number);
    const mod = this.me.station[ring - 1][sector];
    const remove = this._reconf("remove").find((m) => nkey(m.at) === this.sel.node);
    const earned = this.view.synergy[mod.id];
    return `<div class="sel-mod">${moduleSVG(mod)}<div>${modName(mod)} ${guildChip(mod.guild)}<br><span class="muted">At the ${esc(nodeText({ ring, sector }))} · ${esc(sidesText(mod))}${earned ? ` · Synergy earned: ${earned}` : ""}</span></div></div>
      <p>${remove ? "Move it to the Dry Dock (the rest of the station stays legal)." : "It cannot be moved to the Dry Dock now."}</p>
      <div class="row"><button type="button" class="btn ghost small" data-action="cancel" data-testid="cancel">Back</button>
        ${remove ? `<button type="button" class="btn primary" data-action="remove" data-testid="remove" data-fk="remove">Move to the Dry Dock</button>` : ""}</div>`;
  }

  bonusPanelHTML() {
    const shown = this.view.credits.display;
    const bonus = this._moves("bonus");
    return `<p class="prompt">Exact payment! Take one displayed credit of value 3 or less.</p>
      <div class="row left">${bonus.map((m) => creditHTML(shown.find((c) => c.id === m.credit), { action: "bonus", testid: `bonus-${m.credit}` })).join("")}</div>
      <div class="row">${this._moves("decline").length ? `<button type="button" class="btn ghost" data-action="decline" data-testid="decline">No thanks</button>` : ""}</div>`;
  }

  /** your station as a section container (games/sections.js): a move elsewhere changes none of
   *  its pieces, a move of yours only the ones it touched (the station, the dock, the hand) */
  mineSection() {
    const v = this.view;
    const seatNo = v.seat ?? v.turn.seat;
    const me = v.seats[seatNo];
    const targets = this._targets();
    const marks = {};
    for (const k of targets.keys()) marks[k] = "legal";
    if (this.live && !targets.size && !this.sel.berth && !this.sel.dock) {
      for (const m of this._reconf("remove")) marks[nkey(m.at)] = "removable";
    }
    if (this.sel.node) marks[this.sel.node] = `${marks[this.sel.node] || ""} picked`;
    const mine = v.seat !== null && v.seat !== undefined;
    const title = mine ? "Your station" : `${this.hooks.seatName(seatNo)}'s station`;
    return ["mine", `<section class="panel sn-mine" data-testid="my-area" aria-label="${esc(title)}">`, [
      ["head", `
      <h3>${esc(title)} <span class="renown" data-testid="my-renown">${me.renown} renown</span></h3>
      `],
      ["svg", `<div class="svg-wrap">`, [stationSection("station", me.station, { live: this.live, marks, label: title })], `</div>`],
      ["svg-end", `
      `],
      ["legend", `${this.legendHTML()}
      `],
      ["dock", `${this.dockHTML(me, mine)}
      `],
      ["hand", `${mine ? this.handHTML(me) : ""}
      `],
      ["ready", `${this.readinessHTML(me)}
    `],
    ], "</section>"];
  }

  legendHTML() {
    return `<p class="legend muted"><span><i class="lg-port"></i>port</span><span><i class="lg-bh"></i>bulkhead</span>
      <span><i class="lg-legal"></i>legal node</span><span><i class="lg-shield"></i>Shield lanes</span></p>`;
  }

  dockHTML(me, mine) {
    const live = this.live && mine;
    const usable = new Set([...this._reconf("install"), ...this._reconf("exchange")].map((m) => m.module));
    return `<div class="dock" data-testid="dock"><b>Dry Dock</b> <span class="muted">${me.dock.length}/4</span>
      <div class="dock-row">${me.dock.length ? me.dock.map((m) => `<button type="button" class="mod-btn${usable.has(m.id) ? " usable" : ""}${this.sel.dock === m.id ? " on" : ""}"
        data-action="dock" data-id="${esc(m.id)}" data-testid="dock-${esc(m.id)}" data-fk="dock-${esc(m.id)}"${live ? "" : " disabled"} aria-label="${esc(`${m.id} ${m.department} ${m.guild}`)}">
        ${moduleSVG(m)}<span class="mod-id">${esc(m.id)}</span></button>`).join("") : `<span class="muted">empty</span>`}</div></div>`;
  }

  handHTML(me) {
    const byGuild = GUILDS.map((g) => [g, (me.hand || []).filter((c) => c.guild === g).sort((a, b) => a.value - b.value)]);
    return `<div class="sn-hand" data-testid="hand"><b>Your credits</b> <span class="muted">(${me.hand_count}, private)</span>
      <div class="hand-rows">${byGuild.map(([g, cs]) => `<div class="hand-g" data-guild="${g}">${guildChip(g)}${cs.length ? cs.map((c) => creditHTML(c)).join("") : `<span class="muted">—</span>`}
        <span class="muted sum">${cs.length ? `= ${cs.reduce((a, c) => a + c.value, 0)}` : ""}</span></div>`).join("")}</div></div>`;
  }

  readinessHTML(seat) {
    const r = seat.readiness || {};
    return `<div class="readiness"><b>Readiness</b> ${DEPARTMENTS.map((d) => `<span class="rd d-${d}${r[d] === undefined ? " none" : ""}" title="${d}">${DEPT_ABBR[d]} ${r[d] ?? "–"}</span>`).join("")}</div>`;
  }

  /** the market as a section container (games/sections.js): one container a berth, whose
   *  <button> tag a turn passing changes (live or not, buyable or not) and whose module drawing
   *  only a new module changes */
  marketSection() {
    const v = this.view;
    const live = this.live && v.turn.phase === "action";
    const buyable = new Set(this._moves("purchase").map((m) => m.module));
    return ["market", `<section class="panel sn-market" data-testid="market" data-collapsible="market" aria-label="Market">`, [
      ["head", `
      <h3>Market <span class="muted">supply ${v.supply}</span></h3>
      `],
      ["berths", `<div class="berths">`, v.market.map((b) => {
        if (!b.module) return [`b${b.berth}`, `<div class="berth empty" data-testid="berth-${b.berth}">empty</div>`];
        const m = b.module;
        const on = this.sel.berth === b.berth;
        return [`b${b.berth}`, `<button type="button" class="berth${buyable.has(m.id) ? " buyable" : ""}${on ? " on" : ""}" data-action="berth" data-berth="${b.berth}"
            data-module="${esc(m.id)}" data-testid="berth-${b.berth}" data-fk="berth-${b.berth}"${live ? "" : " disabled"}
            aria-label="${esc(`${m.id} ${m.department}, ${m.guild}, cost ${b.cost}`)}">`, [
          ["svg", `
          ${moduleSVG(m)}
          `],
          ["text", `<span class="b-id">${esc(m.id)}</span>
          <span class="b-cost g-${m.guild}" data-testid="cost-${b.berth}">${b.discount ? `<s>${m.cost}</s>` : ""}${b.cost}</span>
          <span class="b-drift">${b.discount ? `<span class="disc" data-testid="discount-${b.berth}">−${b.discount}</span>` : ""}${b.waiting ? `<span class="new">new</span>` : ""}</span>
        `]], "</button>"];
      }), "</div>"],
    ], "</section>"];
  }

  creditsHTML() {
    const v = this.view;
    const live = this.live && v.turn.phase === "action";
    const acq = this._acquireMoves();
    const chosen = this.sel.credits || [];
    // a credit is enabled if some listed acquire holds the selection plus it
    const can = (id) => acq.some((m) => m.credits.includes(id) && chosen.every((c) => m.credits.includes(c)));
    return `<section class="panel sn-credits" data-testid="credits" aria-label="Credits">
      <h3>Credits <span class="muted">deck ${v.credits.deck} · discard ${v.credits.discard}</span></h3>
      <div class="display">${v.credits.display.map((c) => creditHTML(c, live
        ? { action: "credit", pressed: chosen.includes(c.id), disabled: !chosen.includes(c.id) && !can(c.id), testid: `credit-${c.id}` }
        : {})).join("")}</div>${discardHTML(v.credits.discard_pile || [])}</section>`;
  }

  stormsHTML() {
    const v = this.view, name = this.hooks.seatName;
    const aw = v.awards;
    const head = `<p class="muted awards">Awards (1st/2nd/3rd): I ${aw.I.join("/")} · II ${aw.II.join("/")} · Final ${aw.Final.join("/")}. Readiness = modules + 2 × (rings − 1).</p>`;
    const tables = v.storms.map((st) => `<table class="storm-t" data-testid="storm-${st.storm}">
      <caption>Storm ${esc(st.storm)} <span class="muted">${st.storm === "Final" ? "after the last round" : `at ${st.purchases} purchases`}</span></caption>
      <thead><tr><th></th>${v.seats.map((s) => `<th scope="col"><i class="seat-dot s${s.seat}"></i>${esc(name(s.seat))}</th>`).join("")}</tr></thead>
      <tbody>${DEPARTMENTS.map((d) => {
        const row = st.departments[d] || { readiness: [], awards: [] };
        return `<tr><th scope="row" class="d-${d}">${DEPT_ABBR[d]}</th>${v.seats.map((s) => `<td>${row.readiness[s.seat] ?? "–"}${row.awards[s.seat] ? ` <b>+${row.awards[s.seat]}</b>` : ""}</td>`).join("")}</tr>`;
      }).join("")}
      <tr class="tot"><th scope="row">Total</th>${st.awards.map((a) => `<td><b>+${a}</b></td>`).join("")}</tr></tbody></table>`).join("");
    return `<section class="panel sn-storms" data-testid="storms" aria-label="Storms"><h3>Storms</h3>${head}${tables || `<p class="muted">No Storm yet.</p>`}</section>`;
  }

  /** the seats as a section container, one container a seat (games/sections.js): a move
   *  redraws the pieces of the seats it changed (the acting one's station and figures; the turn
   *  moving on changes only the two seats' opening tags) */
  seatsSection() {
    const v = this.view, name = this.hooks.seatName, kind = this.hooks.seatKind;
    return ["seats", `<section class="sn-seats" aria-label="Seats">`, v.seats.map((s) => {
      const mine = s.seat === v.seat;
      const lanes = s.shield_lanes ? `<p class="muted lanes" data-testid="lanes-${s.seat}">Shield: ${s.shield_lanes.map((l) => `${l.sector}:${l.renown}`).join(" ")}</p>` : "";
      return [`seat-${s.seat}`, `<div class="seat panel${s.seat === v.turn.seat && v.turn.phase !== "over" ? " acting" : ""}${mine ? " me" : ""}" data-testid="seat-${s.seat}">`, [
        ["head", `
        <div class="seat-head"><span><i class="seat-dot s${s.seat}" aria-hidden="true"></i><b>${esc(name(s.seat))}${mine ? " (you)" : ""}</b> <span class="muted seat-kind">${kind(s.seat) === "human" ? "human" : `computer · ${esc(kind(s.seat))}`}</span></span>
          <span class="renown" data-testid="renown-${s.seat}">${s.renown}</span></div>
        `],
        ["body", `<div class="seat-body">`, [
          mine ? ["svg", ""] : stationSection("svg", s.station, { small: true, label: `${name(s.seat)}'s station` }),
          ["info", `
          <div class="seat-info">
            <div class="muted">Synergy ${s.renown_by.synergy} · Storms ${s.renown_by.storms} · Shield ${s.renown_by.shield}</div>
            <div data-testid="credits-${s.seat}">Credits: ${mine ? (s.hand || []).length : s.hand_count}${mine ? "" : seenText(s)} · Dock ${s.dock.length}/4</div>
            ${mine ? "" : this.readinessHTML(s)}${lanes}
          </div>`]], "</div>"],
      ], "</div>"];
    }), "</section>"];
  }

  // ------------------------------------------------------------------ taps
  _onClick(e) {
    const el = e.target.closest && e.target.closest("[data-action]");
    if (!el || !this.root.contains(el) || !this.state || el.disabled) return undefined;
    const act = el.dataset.action;
    if (act === "end-turn" && this.ctx.turnOver != null) return this.hooks.endTurn();
    if (!this.live || this.sending) return undefined;
    const sel = this.sel;
    const redraw = () => this._draw();
    switch (act) {
      case "credit": {
        const id = el.dataset.id;
        const order = this.view.credits.display.map((c) => c.id);
        const set = new Set(sel.credits || []);
        if (set.has(id)) set.delete(id); else set.add(id);
        this.sel = { credits: order.filter((x) => set.has(x)) };
        return redraw();
      }
      case "clear": this.sel = {}; return redraw();
      case "take": {
        const m = this._acquireMoves().find((x) => sameList(x.credits, sel.credits || []));
        return m ? this._send(m) : undefined;
      }
      case "pass": { const m = this._moves("pass")[0]; return m ? this._send(m) : undefined; }
      case "decline": { const m = this._moves("decline")[0]; return m ? this._send(m) : undefined; }
      case "bonus": {
        const m = this._moves("bonus").find((x) => x.credit === el.dataset.id);
        return m ? this._send(m) : undefined;
      }
      case "berth": {
        const b = Number(el.dataset.berth);
        if (sel.berth === b) { this.sel = {}; return redraw(); }
        const id = el.dataset.module;
        const pays = this._pays(id);
        this.sel = { berth: b, module: id, pay: pays.length ? pays[0].join(",") : null };
        redraw();
        return this._showPanel();
      }
      case "pay": this.sel = { ...sel, pay: el.dataset.pay, node: null }; return redraw();
      case "dock":
        this.sel = sel.dock === el.dataset.id ? {} : { dock: el.dataset.id };
        redraw();
        return this._showPanel();
      case "node": {
        const k = el.dataset.node;
        const targets = this._targets();
        if (sel.berth !== undefined || sel.dock) {
          if (targets.has(k)) this.sel = { ...sel, node: k };
          return redraw();
        }
        const [ring, s] = k.split(",").map(Number);
        this.sel = this.me.station[ring - 1][s] && sel.node !== k ? { node: k } : {};
        return redraw();
      }
      case "confirm": {
        const m = sel.node && this._targets().get(sel.node);
        return m ? this._send(m) : undefined;
      }
      case "send-dock": {
        const m = this._purchases(sel.module).find((x) => x.to === "dock" && x.pay.join(",") === sel.pay);
        return m ? this._send(m) : undefined;
      }
      case "remove": {
        const m = this._reconf("remove").find((x) => nkey(x.at) === sel.node);
        return m ? this._send(m) : undefined;
      }
      case "cancel": this.sel = {}; return redraw();
      default: return undefined;
    }
  }

  /** on a phone the panel and the station below it come into view after a choice in the market */
  _showPanel() {
    const panel = this.root.querySelector(".sn-panel");
    if (panel && panel.getBoundingClientRect().top < 0) panel.scrollIntoView({ block: "start" });
  }

  async _send(move) {
    this.sending = true;
    this.root.dataset.interactive = "false";
    let ok = false;
    try { ok = await this.hooks.attempt(move); } finally { this.sending = false; }
    if (!ok && this.state) this._draw();
  }
}

export const ui = {
  id: "station",
  Table: StationTable,
  blurb: "Buy modules with guild credits, build your station out from the Core ring by ring, ready your departments for the Storms and shield the exposed lanes. 2–4 players.",
  describeEvents,
  decidedByText: DECIDED_BY_TEXT,
  results: {
    score: "Renown", second: "Synergy · Storms · Shield",
    secondOf: (r, seat) => { const x = (r.renown || [])[seat]; return x ? `${x.synergy} · ${x.storms} · ${x.shield}` : ""; },
    more: true,
  },
  resultExtraHTML,
  handoverNote: "The others should look away: your credits in hand are private.",
};
