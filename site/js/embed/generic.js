// What the embed shows of any game, with no knowledge of its rules: the engine's listed
// moves as buttons (each one sends exactly that move), and the seat's view as JSON.
// - `movesListHTML(moves)`: the "Legal moves" list under any board (docs/embed.md).
// - `GenericTable`: the whole board of a game the site has no renderer for yet (it has the
//   same face as the game tables: render(state, ctx), clear(), destroy(), live).
// - `describeEvents`: one plain line per engine event, for the same games.

import { esc } from "../games/gems-ui.js";

/** a move in words: its type, then its fields ("buy — card 1-02, pay nothing") */
export function moveLabel(move) {
  if (!move || typeof move !== "object") return String(move);
  const parts = Object.entries(move).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${valueText(v)}`);
  return `${move.type || "move"}${parts.length ? " — " + parts.join(", ") : ""}`;
}

function valueText(v) {
  if (v === null || v === undefined) return "none";
  if (Array.isArray(v)) return v.length ? `[${v.map(valueText).join(", ")}]` : "nothing";
  if (typeof v === "object") {
    const entries = Object.entries(v);
    return entries.length ? entries.map(([k, x]) => `${k} ${valueText(x)}`).join(" ") : "nothing";
  }
  return String(v);
}

/** the listed moves grouped by type; each is a button with data-move-index (its index in `moves`) */
export function movesListHTML(moves, { live = true, openFirst = false } = {}) {
  if (!moves.length) return `<p class="muted">No legal move for this seat now.</p>`;
  const groups = new Map();
  moves.forEach((m, i) => {
    const t = (m && m.type) || "move";
    if (!groups.has(t)) groups.set(t, []);
    groups.get(t).push([m, i]);
  });
  let first = true;
  return [...groups].map(([type, list]) => {
    const open = openFirst && first;
    first = false;
    const items = list.map(([m, i]) => `<li>${live
      ? `<button type="button" class="move-btn" data-move-index="${i}" data-testid="legal-move">${esc(moveLabel(m))}</button>`
      : `<span class="move-text" data-testid="legal-move">${esc(moveLabel(m))}</span>`}</li>`).join("");
    return `<details class="move-group"${open ? " open" : ""}><summary>${esc(type)} <span class="muted">(${list.length})</span></summary>
      <ol class="move-list">${items}</ol></details>`;
  }).join("");
}

export function describeEvents(events, name) {
  return (events || []).filter((ev) => ev && ev.type).map((ev) => {
    const who = typeof ev.seat === "number" ? `<b>${esc(name(ev.seat))}</b>: ` : "";
    const rest = Object.entries(ev).filter(([k, v]) => k !== "type" && k !== "seat" && (v === null || typeof v !== "object"))
      .map(([k, v]) => `${esc(k)} ${esc(valueText(v))}`).join(", ");
    return { html: `${who}${esc(ev.type.replace(/_/g, " "))}${rest ? ` <span class="muted">(${rest})</span>` : ""}`, cls: `ev-${ev.type}` };
  });
}

export class GenericTable {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.state = null;
    this.ctx = {};
    this._onClick = (e) => {
      const el = e.target.closest("[data-move-index]");
      if (!el || !this.root.contains(el) || !this.state || !this.live || this.sending) return;
      const move = this.state.legal_moves[Number(el.dataset.moveIndex)];
      if (move) this._send(move);
    };
    root.addEventListener("click", this._onClick);
  }

  get live() { return !!this.ctx.interactive; }
  destroy() { this.root.removeEventListener("click", this._onClick); this.clear(); }
  clear() { this.state = null; this.root.innerHTML = ""; }

  render(state, ctx = {}) {
    this.state = state;
    this.ctx = ctx;
    const name = this.hooks.seatName;
    const view = state.view || {};
    const acting = (state.to_act || []).map((s) => esc(name(s))).join(", ");
    const phase = view.phase || (view.turn && view.turn.phase) || "";
    const status = state.over ? "Game over" : `${acting || "nobody"} to act${phase ? ` · ${esc(String(phase).replace(/_/g, " "))}` : ""}`;
    const thinking = ctx.thinking !== null && ctx.thinking !== undefined
      ? `<p class="hint thinking"><span class="spinner" aria-hidden="true"></span>${esc(name(ctx.thinking))} (computer) is thinking…</p>` : "";
    const moves = this.live ? state.legal_moves || [] : [];
    this.root.innerHTML = `
      <div class="status" data-testid="status">${status}</div>
      <div class="generic-board">
        <p class="muted">This site has no board for ${esc(view.game || "this game")} yet: here are the moves the engine lists${
          view.seat !== null && view.seat !== undefined ? ` for ${esc(name(view.seat))}` : ""}.</p>
        ${thinking}
        ${this.live ? `<div class="generic-moves" data-testid="generic-moves">${movesListHTML(moves, { openFirst: true })}</div>` : ""}
        <details class="generic-view"><summary>What ${view.seat !== null && view.seat !== undefined ? esc(name(view.seat)) : "everyone"} sees (the view, as JSON)</summary>
          <pre>${esc(JSON.stringify(view, null, 1))}</pre></details>
      </div>`;
    this.root.dataset.interactive = this.live ? "true" : "false";
    this.root.dataset.phase = String(phase);
  }

  async _send(move) {
    this.sending = true;
    this.root.dataset.interactive = "false";
    let ok = false;
    try { ok = await this.hooks.attempt(move); } finally { this.sending = false; }
    if (!ok && this.state) this.render(this.state, this.ctx);
  }
}

export const ui = {
  id: "generic",
  Table: GenericTable,
  describeEvents,
};
