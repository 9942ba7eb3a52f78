// The tile tray under the viewer's board in the stargazing phase: the drawn tiles (private:
// only in the owner's view), Flip and ↺ ↻, Set aside when listed, Place; the taps on it.

import { esc } from "../gems-ui.js";
import { plural } from "./common.js";
import { tileSVG } from "./svg.js";

export function trayHTML(table, t) {
  const me = table.me;
  const side = t.tile[t.side];
  const fit = table.fitCells(t);
  const aside = table.legal.find((m) => m.type === "set_aside" && m.tile === t.id);
  const tiles = me.hand.map((h) => {
    const o = table.orient[h.id] || { side: "B", rot: 0 };
    const fits = table.byOrient.has(h.id);
    return `<button type="button" class="hand-tile${h.id === t.id ? " picked" : ""}${fits ? "" : " stuck"}" data-action="tile" data-tile="${esc(h.id)}"
      data-testid="hand-tile-${esc(h.id)}" data-fk="tile:${esc(h.id)}" aria-pressed="${h.id === t.id}"
      aria-label="tile ${esc(h.id)}: side ${o.side}, a ${esc(h[o.side].colour)} star with ${plural(h[o.side].lines.length, "line")}${fits ? "" : " (fits nowhere)"}">
      ${tileSVG(h[o.side], o.rot)}<span class="tile-id">${esc(h.id)}</span></button>`;
  }).join("");
  const cell = table.sel.cell;
  const listed = cell && table.placeMove(t, cell);
  const place = cell
    ? `<button type="button" class="btn ${listed ? "primary" : "ghost"}" data-action="place" data-testid="place" data-fk="place">${listed ? "Place" : "Place (not listed)"}</button>`
    : "";
  return `<div class="tray" data-testid="tray">
    <div class="hand">${tiles}</div>
    <div class="tray-controls">
      <p class="tray-text">Tile <b>${esc(t.id)}</b>, side <b data-testid="tile-side" data-side="${t.side}">${t.side}</b>:
        ${esc(side.colour)} star, ${plural(side.lines.length, "line")} · turned <b data-testid="tile-rot" data-rot="${t.rot}">${t.rot * 60}°</b>
        ${fit.size ? `<span class="muted">· fits ${plural(fit.size, "cell")}</span>` : `<span class="warn">· fits nowhere this way</span>`}</p>
      <div class="row tray-buttons">
        <button type="button" class="btn small" data-action="flip" data-testid="flip" data-fk="flip" title="show the other side">⇄ Flip (side ${t.side === "A" ? "B" : "A"})</button>
        <button type="button" class="btn small" data-action="rotate" data-dir="-1" data-testid="rotate-ccw" data-fk="rot-" aria-label="turn anticlockwise">↺</button>
        <button type="button" class="btn small" data-action="rotate" data-dir="1" data-testid="rotate-cw" data-fk="rot+" aria-label="turn clockwise">↻</button>
        ${aside ? `<button type="button" class="btn small ghost" data-action="send" data-i="${table.legal.indexOf(aside)}" data-testid="set-aside" data-fk="aside">Set aside (−1 VP)</button>` : ""}
        ${place}
      </div>
    </div></div>`;
}

// ------------------------------------------------------------------ taps on the tray

function pickTile(table, el) {
  table.sel = { ...table.sel, tile: el.dataset.tile, cell: null, mode: "tile" };
  return table.draw(true);
}

function flip(table) {
  const t = table.chosenTile();
  if (!t) return undefined;
  table.orient[t.id] = { side: t.side === "A" ? "B" : "A", rot: t.rot };
  return table.draw(true);
}

function rotate(table, el) {
  const t = table.chosenTile();
  if (!t) return undefined;
  table.orient[t.id] = { side: t.side, rot: (t.rot + Number(el.dataset.dir) + 6) % 6 };
  return table.draw(true);
}

/** Place: the listed placement, or (turned after the cell was chosen) an attempt the engine judges */
function place(table) {
  const t = table.chosenTile();
  const cell = table.sel.cell;
  if (!t || !cell) return undefined;
  return table.send(table.placeMove(t, cell)
    || { type: "place", tile: t.id, side: t.side, rotation: t.rot, cell: cell.split(",").map(Number) });
}

/** data-action → handler(table, element) */
export const trayClicks = { tile: pickTile, flip, rotate, place };
