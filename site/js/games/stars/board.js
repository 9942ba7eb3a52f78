// A seat's hex board (radius 3, SVG): its star tiles, stardust and bonus tokens; the viewer's
// large board with the cells the listing allows (a tile, stardust, a bonus token) and the
// stardust confirmation under it; the taps on it.

import { esc } from "../gems-ui.js";
import { BONUS, DIRS, SQ3, ckey, f1, plural, turned } from "./common.js";
import { bonusFace, dustFace, hexPoints, hexXY, tileFace } from "./svg.js";
import { trayHTML } from "./tray.js";
import { flattenSections } from "../sections.js";

export const CELLS = (() => {
  const out = [];
  for (let r = -3; r <= 3; r++) for (let q = -3; q <= 3; q++) if (Math.abs(q + r) <= 3) out.push([q, r]);
  return out;
})();

/** how many drawn lines point into vacant cell `cell` (the stardust label) */
export function linesInto(tiles, cell) {
  let n = 0;
  DIRS.forEach(([dq, dr], d) => {
    const t = tiles.get(ckey([cell[0] + dq, cell[1] + dr]));
    if (t && t.lines.includes((d + 3) % 6)) n += 1;
  });
  return n;
}

/**
 * A seat's board. `opts.targets`: Map cell key → "fit" | "maybe" | "dust" (tappable);
 * `opts.preview`: {cell, colour, lines, fits} or {cell, dust, fits}; `opts.corners`: bonus
 * tokens that may be chosen; `opts.live`: the cells are buttons.
 */
export function boardSVG(board, seat, opts = {}) {
  return flattenSections([boardSVGSection(board, seat, opts)]);
}

/** `boardSVG` as one section (games/sections.js): the <svg> a container of its cells, the faces
 * on them, and the tap areas (with the preview), so that at a phone table a tile placed or a cell
 * chosen has only its piece parsed again */
export function boardSVGSection(board, seat, { size = 10, live = false, targets = null, preview = null, corners = null, label = "" } = {}) {
  const tiles = new Map(board.tiles.map((t) => [ckey(t.cell), t]));
  const dust = new Map(board.stardust.map((d) => [ckey(d.cell), d.count]));
  const bonus = new Map(board.bonus.map((b) => [ckey(b.cell), b]));
  const base = [], faces = [], hits = [];
  for (const cell of CELLS) {
    const k = ckey(cell);
    const [x, y] = hexXY(cell, size);
    const b = bonus.get(k);
    base.push(`<polygon class="cell${b ? " corner" : ""}" points="${hexPoints(x, y, size * 0.97)}"/>`);
    if (b) faces.push(bonusFace(x, y, size, b, seat));
    else if (tiles.has(k)) { const t = tiles.get(k); faces.push(tileFace(x, y, size, t.colour, t.lines, { crystal: t.crystal })); }
    else if (dust.has(k)) faces.push(dustFace(x, y, size, dust.get(k)));
    if (!live) continue;
    if (b) {
      const choosable = corners && corners.has(b.token);
      if (choosable) {
        hits.push(`<polygon class="hit choosable" points="${hexPoints(x, y, size * 0.9)}" data-action="corner" data-token="${esc(b.token)}"
          data-fk="corner:${esc(b.token)}" role="button" tabindex="0" aria-label="bonus token: ${esc(BONUS[b.token].name)}"/>`);
      }
      continue;
    }
    const t = targets && targets.get(k);
    const vacant = !tiles.has(k) && !dust.has(k);
    const what = tiles.has(k) ? `a ${tiles.get(k).colour} star` : dust.has(k) ? "stardust" : "vacant";
    hits.push(`<polygon class="hit${t ? ` target ${t}` : ""}${vacant ? " vacant" : ""}" points="${hexPoints(x, y, size * 0.9)}"
      data-action="cell" data-cell="${k}" data-fk="cell:${k}"${t ? ' role="button" tabindex="0"' : ""}
      aria-label="cell ${k}: ${what}${t === "fit" ? ", the tile fits here" : t === "maybe" ? ", fits when turned or flipped" : t === "dust" ? ", stardust may go here" : ""}"/>`);
    if (t === "dust" && !(preview && ckey(preview.cell) === k)) {
      hits.push(`<text class="dust-need" x="${f1(x)}" y="${f1(y + size * 0.2)}">✦${linesInto(tiles, cell)}</text>`);
    }
  }
  let ghost = "";
  if (preview) {
    const [x, y] = hexXY(preview.cell, size);
    const inner = preview.dust
      ? dustFace(x, y, size, Math.max(1, linesInto(tiles, preview.cell)))
      : tileFace(x, y, size, preview.colour, preview.lines, { ghost: true });
    ghost = `<g class="preview ${preview.fits ? "ok" : "bad"}">${inner}
      <polygon class="preview-ring" points="${hexPoints(x, y, size * 0.95)}"/></g>`;
  }
  const w = size * SQ3 * 3.5 + 2, h = size * 5.5 + 2;
  return ["svg", `<svg class="hexboard" viewBox="${f1(-w)} ${f1(-h)} ${f1(2 * w)} ${f1(2 * h)}" role="group" aria-label="${esc(label)}"${
      live ? ' data-rove="geo" data-rove-name="mine" aria-description="arrow keys move between the cells"' : ""}>`, [
    ["cells", `
    <g class="cells">${base.join("")}</g>`],
    ["faces", `<g class="faces">${faces.join("")}</g>`],
    ["hits", `${ghost}<g class="hits">${hits.join("")}</g>`],
  ], "</svg>"];
}

/** the seat's own board with its head and what goes under it, as HTML (see `mineSections`) */
export function mineHTML(table, dustMode) {
  return flattenSections(mineSections(table, dustMode));
}

/** the seat's own board with its head and what goes under it, as sections (games/sections.js) */
export function mineSections(table, dustMode) {
  const v = table.view;
  const name = table.hooks.seatName;
  let seat = v.seat;
  if (seat === null || seat === undefined) {
    seat = v.turn.seat !== null ? v.turn.seat : (v.waiting_for[0] !== undefined ? v.waiting_for[0] : 0);
  }
  const s = v.seats[seat];
  const mine = seat === v.seat;
  const t = mine && !dustMode ? table.chosenTile() : null;
  let targets = null, preview = null, corners = null;
  if (mine && table.live) {
    targets = new Map();
    if (dustMode) {
      for (const k of table.dustMoves.keys()) targets.set(k, "dust");
      if (table.sel.dustCell) preview = { cell: table.sel.dustCell.split(",").map(Number), dust: true, fits: table.dustMoves.has(table.sel.dustCell) };
    } else if (t) {
      const fit = table.fitCells(t);
      for (const k of (table.byCell.get(t.id) || new Map()).keys()) targets.set(k, fit.has(k) ? "fit" : "maybe");
      if (table.sel.cell) {
        const side = t.tile[t.side];
        preview = { cell: table.sel.cell.split(",").map(Number), colour: side.colour, lines: turned(side.lines, t.rot), fits: fit.has(table.sel.cell) };
      }
    }
    if (table.has("bonus")) corners = new Set(table.movesOf("bonus").map((m) => m.token).filter(Boolean));
  }
  const title = mine ? "Your board" : `${name(seat)}'s board`;
  const svg = boardSVGSection(s.board, seat, { live: mine && table.live, targets, preview, corners, label: `${title}: a hexagon of 37 cells` });
  const meta = `${plural(s.vacant_spaces, "vacant cell")} · bag ${s.bag_count} · ✦ ${s.stardust}${s.set_aside.length ? ` · ${s.set_aside.length} set aside` : ""}`;
  return [
    ["head", `<div class="mine-head"><h3><i class="seat-dot s${seat}" aria-hidden="true"></i>${esc(title)}</h3><span class="muted">${meta}</span></div>
    `],
    ["wrap", `<div class="board-wrap${dustMode ? " dust-mode" : ""}" data-testid="board-${seat}" data-seat="${seat}">`, [svg], "</div>"],
    ["under", `
    ${mine && dustMode ? dustConfirmHTML(table) : ""}${mine && t ? trayHTML(table, t) : ""}`],
  ];
}

/** under the board: spend stardust on the chosen cell */
export function dustConfirmHTML(table) {
  const cell = table.sel.dustCell;
  if (!cell) return `<p class="note board-note">Tap a ✦ cell: the number is how many stardust it takes.</p>`;
  const me = table.me;
  const listed = table.dustMoves.get(cell);
  const n = linesInto(new Map(me.board.tiles.map((t) => [ckey(t.cell), t])), cell.split(",").map(Number));
  return `<div class="row confirm-row board-confirm"><span class="muted">${listed ? `Fill this cell with ${plural(n, "stardust")}` : "Stardust cannot go on this cell now"}</span>
    <button type="button" class="btn ${listed ? "primary" : "ghost"} small" data-action="spend-dust" data-testid="spend-stardust" data-fk="spend-dust">Spend ${plural(n || 0, "stardust")}</button></div>`;
}

// ------------------------------------------------------------------ taps on the board

/** a cell of the board: stardust mode picks (a second tap spends); a tile previews (a second
 * tap places), turned to the nearest listed way when it fits the cell only another way */
function tapCell(table, el) {
  const sel = table.sel;
  const k = el.dataset.cell;
  if (table.dustMode()) {
    if (sel.dustCell === k && table.dustMoves.has(k)) return table.send(table.dustMoves.get(k));
    table.sel = { ...sel, dustCell: k };
    return table.draw(true);
  }
  const t = table.chosenTile();
  if (!t) return undefined;
  if (sel.cell === k) {  // a second tap on the preview places it
    const listed = table.placeMove(t, k);
    if (listed) return table.send(listed);
  }
  if (!table.fitCells(t).has(k)) turnToFit(table, t, k);
  table.sel = { ...sel, tile: t.id, cell: k };
  return table.draw(true);
}

/** the tile fits cell `k` another way round: turn it to the nearest listed way, same side first */
function turnToFit(table, t, k) {
  const ways = (table.byCell.get(t.id) || new Map()).get(k) || [];
  if (!ways.length) return;
  const dist = ([s, r]) => (s === t.side ? 0 : 10) + Math.min((r - t.rot + 6) % 6, (t.rot - r + 6) % 6);
  const [s, r] = ways.slice().sort((x, y) => dist(x) - dist(y))[0];
  table.orient[t.id] = { side: s, rot: r };
}

/** the confirmation under the board: the listed stardust move, or an attempt the engine judges */
function spendDust(table) {
  const cell = table.sel.dustCell;
  if (!cell) return undefined;
  return table.send(table.dustMoves.get(cell) || { type: "stardust", cell: cell.split(",").map(Number) });
}

/** a bonus token on the board's corner, chosen before the panel's button sends it */
function tapCorner(table, el) {
  table.sel = { ...table.sel, bonus: el.dataset.token };
  return table.draw(true);
}

/** data-action → handler(table, element) */
export const boardClicks = { cell: tapCell, "spend-dust": spendDust, corner: tapCorner };
