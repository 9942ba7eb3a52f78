// The main board (SVG): the Village, the path graph with the lit spaces in their colours, the
// foraging spaces with their scouting colour ring, tokens left, cost pips and the early-bird
// box (or the villager covering it); listed scouting steps and foraging spaces glow. A choice
// tapped here is confirmed right under it.

import { esc } from "../gems-ui.js";
import { COLOURS, REWARD_TEXT, f1, lightText } from "./common.js";
import { forageConfirmHTML, stepOptionsHTML } from "./choices.js";
import { kindGlyph, meeple } from "./svg.js";

/** what was tapped on the main board: its options right under it */
export function mapConfirmHTML(table) {
  const sel = table.sel;
  if (sel.from !== "map") return "";
  if (sel.path) return `<div class="map-confirm" data-testid="map-confirm">${stepOptionsHTML(table, sel.path)}</div>`;
  if (sel.forage) return `<div class="map-confirm" data-testid="map-confirm">${forageConfirmHTML(table, sel.forage)}</div>`;
  return "";
}

/** the main board as sections (games/sections.js): its lines, the Village, the path spaces and
 * each foraging space apart, so that a move which lights a path or takes a foraging token has
 * only that piece parsed again at a phone table, not the whole board */
export function mainBoardSections(table) {
  const v = table.view;
  const map = v.map;
  const name = table.hooks.seatName;
  const lit = v.main_board.lit;
  const P = Object.fromEntries(map.paths.map((p) => [p.id, p]));
  const live = table.acting && v.phase === "action";
  const stepSpaces = new Set(live && v.turn.scout ? table.movesOf("scout_step").map((m) => m.space) : []);
  const forageTargets = new Set(live && !v.turn.scout ? table.movesOf("forage").map((m) => m.space) : []);
  let out = [];
  const line = (a, b, cls) => `<line class="${cls}" x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"/>`;
  for (const p of map.paths) for (const q of p.links) if (q > p.id) out.push(line(p, P[q], `link${lit[p.id] && lit[q] ? " lit" : ""}`));
  for (const a of map.village.adjacent) out.push(line(map.village, P[a], `link village-link${lit[a] ? " lit" : ""}`));
  const fstate = Object.fromEntries(v.main_board.foraging.map((f) => [f.id, f]));
  for (const f of map.foraging) out.push(line(f, P[f.doorstep], `door c-${f.colour}${fstate[f.id].connected ? " lit" : ""}`));
  const lines = out.join("");
  out = [];
  // the Village, with the villagers making offerings
  const vil = map.village;
  out.push(`<g class="village"><title>The Village</title><circle cx="${vil.x}" cy="${vil.y}" r="6.2" class="village-bg" fill="url(#st-glow-yellow)"/>
    <polygon class="hut" points="${vil.x - 3.4},${vil.y + 0.4} ${vil.x},${vil.y - 3.4} ${vil.x + 3.4},${vil.y + 0.4} ${vil.x + 2.4},${vil.y + 0.4} ${vil.x + 2.4},${vil.y + 3.2} ${vil.x - 2.4},${vil.y + 3.2} ${vil.x - 2.4},${vil.y + 0.4}"/></g>`);
  const inVillage = [];
  v.seats.forEach((s) => s.villagers.forEach((pl) => { if (pl === "village") inVillage.push(s.seat); }));
  inVillage.forEach((seat, i) => out.push(meeple(vil.x - 4.5 + (i % 5) * 2.3, vil.y + 7.6 + Math.floor(i / 5) * 3.4, 1.05, `seatfill-${seat}`, `${name(seat)}'s villager (offering)`)));
  out.push(`<text class="map-label" x="${vil.x}" y="${vil.y - 7.4}">Village</text>`);
  const village = out.join("");
  out = [];
  // path spaces
  // while scouting the board is drawn at 5 px a unit at least (CSS: .mainboard.scouting, scrolled
  // sideways in its box on a phone), and each listed path space is a button with a hit circle of
  // r 4.5: 45 px; path spaces are 10 or more units apart and foraging spaces 9 from their
  // doorsteps (their hit circle is r 4.5 too then), so no two tap areas overlap
  const scouting = stepSpaces.size > 0;
  for (const p of map.paths) {
    const c = lit[p.id];
    const tgt = stepSpaces.has(p.id);
    const title = `<title>${p.id}${c ? `: lit ${c}` : ""}</title>`;
    const cls = `path${c ? ` lit fill-${c}` : ""}${tgt ? " target" : ""}${table.sel.path === p.id ? " picked" : ""}`;
    if (tgt) {
      out.push(`<g class="path-space${table.sel.path === p.id ? " picked" : " target"}" data-path="${p.id}" data-action="path" data-from="map" data-fk="path:${p.id}"
        role="button" aria-label="path space ${p.id}${c ? `, lit ${c}` : ""}">${title}<circle class="path-hit" cx="${p.x}" cy="${p.y}" r="4.5"/>
        <circle class="${cls}" cx="${p.x}" cy="${p.y}" r="2.5"/></g>`);
    } else {
      out.push(`<circle class="${cls}" cx="${p.x}" cy="${p.y}" r="2.5" data-path="${p.id}">${title}</circle>`);
    }
  }
  const paths = out.join("");
  const forages = [];  // foraging spaces, a section each
  for (const f of map.foraging) {
    const st = fstate[f.id];
    const tgt = forageTargets.has(f.id);
    const cost = COLOURS.flatMap((c) => Array.from({ length: f.cost[c] || 0 }, () => c));
    const early = COLOURS.flatMap((c) => Array.from({ length: f.early_cost[c] || 0 }, () => c));
    const x = f.x, y = f.y;
    // the tap area: a 44 px circle on a 390 px phone (3.4 px a unit), wider than the drawn space (r 4.4); it
    // reaches at most 0.1 unit over the nearest path space (9 units away, r 2.5)
    const parts = [`<circle class="forage-hit" cx="${x}" cy="${y}" r="${scouting ? 4.5 : 6.6}"/>`, `<circle class="forage-bg${st.tokens ? "" : " empty"}" cx="${x}" cy="${y}" r="4.4"/>`,
      `<circle class="forage-ring c-${f.colour}" cx="${x}" cy="${y}" r="4.4"/>`, `<circle class="forage-focus" cx="${x}" cy="${y}" r="5.9"/>`,
      kindGlyph(f.kind, x, y, 0.3),
      `<circle class="count-bg" cx="${f1(x + 3.5)}" cy="${f1(y - 3.4)}" r="1.8"/><text class="count" x="${f1(x + 3.5)}" y="${f1(y - 2.7)}">${st.tokens}</text>`];
    const cw = cost.length * 2.1;
    cost.forEach((c, i) => parts.push(`<circle class="fill-${c} cost-pip" cx="${f1(x - cw / 2 + 1.05 + i * 2.1)}" cy="${f1(y + 5.6)}" r="0.95"/>`));
    // the early-bird space: its extra cost and reward, or the villager covering it
    const ex = x + 5.6, ey = y + 1.4;
    if (st.early_bird_covered_by === null) {
      parts.push(`<g class="early"><rect x="${f1(ex - 1.9)}" y="${f1(ey - 2.4)}" width="3.8" height="5" rx="0.6"/>
        ${early.map((c, i) => `<circle class="fill-${c}" cx="${f1(ex)}" cy="${f1(ey - 1.2 + i * 2)}" r="0.8"/>`).join("")}
        <text x="${f1(ex)}" y="${f1(ey + 4.6)}">${f.early_reward === "stardust" ? "✦" : f.early_reward[0]}</text></g>`);
    } else {
      parts.push(meeple(ex, ey, 1.3, `seatfill-${st.early_bird_covered_by}`, `${name(st.early_bird_covered_by)}'s villager on the early bird`));
    }
    st.villagers.forEach((seat, i) => parts.push(meeple(x - 5.8, y - 2 + i * 2.6, 0.95, `seatfill-${seat}`, `${name(seat)}'s villager`)));
    const label = `${f.id}: ${f.kind}, scout with ${f.colour}, costs ${lightText(f.cost)}; early bird +${lightText(f.early_cost)} for ${REWARD_TEXT[f.early_reward]}${
      st.early_bird_covered_by !== null ? " (taken)" : ""}; ${st.tokens} left${st.connected ? ", connected" : ""}`;
    forages.push([`forage:${f.id}`, `<g class="forage${tgt ? " target" : ""}${table.sel.forage === f.id ? " picked" : ""}${st.connected ? " connected" : ""}" data-action="forage" data-from="map" data-forage="${f.id}"
      data-fk="forage-map:${f.id}" role="button" tabindex="0" aria-label="${esc(label)}"><title>${esc(label)}</title>${parts.join("")}</g>`]);
  }
  return [
    ["head", `<div class="block-head"><h3>Main board</h3><span class="muted">lit paths are shared; tap a foraging space for its details</span></div>
    `],
    ["scroll", `<div class="board-scroll">`, [
      ["svg", `<svg class="mainboard${scouting ? " scouting" : ""}" viewBox="-3 -4 106 108" role="group" aria-label="Main board"
      data-rove="geo" data-rove-name="main" aria-description="arrow keys move between its spaces">`,
      [["lines", lines], ["village", village], ["paths", paths], ...forages], "</svg>"],
    ], "</div>"],
    ["confirm", `
    ${mapConfirmHTML(table)}`],
  ];
}

// ------------------------------------------------------------------ taps on the main board

/** a foraging space (here or its chip in the panel): the forage action when listed, else its details */
function tapForage(table, el) {
  const sel = table.sel;
  const f = el.dataset.forage;
  const from = el.dataset.from;
  const listed = table.legal.some((m) => m.type === "forage" && m.space === f);
  table.sel = listed && table.view.phase === "action" && !table.view.turn.scout
    ? { act: "forage", forage: f, from } : { ...sel, forage: sel.forage === f && sel.from === from ? null : f, from };
  return table.draw();
}

/** a path space for the next scouting step */
function tapPath(table, el) {
  table.sel = { ...table.sel, path: el.dataset.path, from: el.dataset.from };
  return table.draw();
}

/** data-action → handler(table, element) */
export const mainBoardClicks = { forage: tapForage, path: tapPath };
