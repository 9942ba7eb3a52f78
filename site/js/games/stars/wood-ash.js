// The wood-ash dish (SVG): three colour sectors, their borders and the centre, the cast
// tokens laid out per landing region (smaller when crowded, never covering each other's
// centre), the picks to come; a listed token tapped here is confirmed under the dish.

import { esc } from "../gems-ui.js";
import { ASH, REGION_TEXT, f1, plural } from "./common.js";
import { ashOptionsHTML } from "./choices.js";
import { ashGlyph } from "./svg.js";

export function ashDishHTML(table) {
  const v = table.view;
  const live = table.acting && v.phase === "wood_ash";
  const listed = new Set(live ? table.legal.filter((m) => m.type === "ash_keep" || m.type === "ash_light").map((m) => m.token) : []);
  const sector = (a1, a2, cls) => {
    const r = 46, p = (a) => [f1(r * Math.cos((a * Math.PI) / 180)), f1(r * Math.sin((a * Math.PI) / 180))];
    const [x1, y1] = p(a1), [x2, y2] = p(a2);
    return `<path class="sector ${cls}" d="M0,0 L${x1},${y1} A${r},${r} 0 0 1 ${x2},${y2} Z"/>`;
  };
  // where tokens sit in each landing region: [angle, radius, scale], by how many landed there
  // (tokens never cover each other's centre and stay inside their region)
  const ANGLE = { red: 270, blue: 30, yellow: 150, red_blue: 330, blue_yellow: 90, yellow_red: 210 };
  const spots = (region, n) => {
    if (region === "centre") {
      return [[[0, 0, 1]], [[180, 6, 0.8], [0, 6, 0.8]], [[210, 6.5, 0.75], [330, 6.5, 0.75], [90, 6.5, 0.75]],
        [[225, 7, 0.7], [315, 7, 0.7], [45, 7, 0.7], [135, 7, 0.7]]][Math.min(n, 4) - 1];
    }
    const a = ANGLE[region];
    if (region.includes("_")) {  // on a border: along its line
      return [[[a, 28, 1]], [[a, 20, 1], [a, 36, 1]], [[a, 17, 0.8], [a, 29, 0.8], [a, 41, 0.8]]][Math.min(n, 3) - 1];
    }
    return n <= 3 ? [[a, 31, 1], [a - 28, 31, 1], [a + 28, 31, 1]]  // inside a colour
      : [[a, 31, 0.9], [a - 28, 31, 0.9], [a + 28, 31, 0.9], [a - 20, 18, 0.9], [a + 20, 18, 0.9]];
  };
  const byRegion = {};
  for (const t of v.sky) (byRegion[t.region] ||= []).push(t);
  const placed = [];
  for (const [region, list] of Object.entries(byRegion)) {
    const sp = spots(region, list.length);
    list.forEach((t, i) => {
      const [ang, rad, scale] = sp[i % sp.length];
      const extra = Math.floor(i / sp.length) * 3;  // more than the spots: a little offset
      placed.push({ t, scale, x: rad * Math.cos((ang * Math.PI) / 180) + extra, y: rad * Math.sin((ang * Math.PI) / 180) + extra });
    });
  }
  // a listed token's tap area: a circle of r 6.4 (44 px with the dish 360 px wide, 3.6 px a unit),
  // less where another token is nearer than two of those (tap areas never overlap)
  const hitR = (p) => Math.min(6.4, ...placed.filter((o) => o !== p).map((o) => Math.hypot(o.x - p.x, o.y - p.y) / 2));
  const toks = [];
  for (const p of placed) {
    const { t, scale, x, y } = p;
    const tgt = listed.has(t.id);
    toks.push(`<g class="ash-token${tgt ? " target" : ""}${table.sel.ash === t.id ? " picked" : ""}" transform="translate(${f1(x)} ${f1(y)}) scale(${scale})"
      data-ash="${esc(t.id)}"${tgt ? ` data-action="ash" data-from="dish" data-token="${esc(t.id)}" data-fk="ashdish:${esc(t.id)}" role="button" tabindex="0"` : ""}
      aria-label="${esc(ASH[t.kind])} token on ${esc(REGION_TEXT[t.region])}"><title>${esc(ASH[t.kind])} (${esc(REGION_TEXT[t.region])})</title>
      ${tgt ? `<circle class="ash-hit" r="${f1(hitR(p) / scale)}"/>` : ""}<circle r="7" class="a-disc"/><g transform="scale(.8)">${ashGlyph(t.kind)}</g></g>`);
  }
  const picks = v.turn.picks;
  const name = table.hooks.seatName;
  return `<div class="block-head"><h3>Wood ash</h3><span class="muted">${v.sky.length ? `${plural(v.sky.length, "token")} cast` : "bag"} · ${v.ash_bag} in the bag</span></div>
    <svg class="dish" viewBox="-50 -50 100 100" data-rove="geo" data-rove-name="ash" role="group" aria-label="Wood ash cast into the night sky" aria-description="arrow keys move between the tokens">
      ${sector(210, 330, "fill-red")}${sector(330, 450, "fill-blue")}${sector(90, 210, "fill-yellow")}
      <circle r="46" class="rim"/>
      ${[330, 90, 210].map((a) => `<line class="border" x1="0" y1="0" x2="${f1(46 * Math.cos((a * Math.PI) / 180))}" y2="${f1(46 * Math.sin((a * Math.PI) / 180))}"/>`).join("")}
      <circle r="12" class="centre"/>${toks.join("")}</svg>
    ${picks.length ? `<p class="note picks">Picks: ${picks.map((s) => `<i class="seat-dot s${s}" aria-hidden="true"></i>${esc(name(s))}`).join(", ")}</p>` : ""}
    ${live && table.sel.from === "dish" && listed.has(table.sel.ash) ? `<div class="map-confirm">${ashOptionsHTML(table, table.sel.ash)}</div>` : ""}`;
}

/** a wood-ash token (in the dish or its button in the panel) */
function tapAsh(table, el) {
  table.sel = { ...table.sel, ash: el.dataset.token, from: el.dataset.from };
  return table.draw();
}

/** data-action → handler(table, element) */
export const woodAshClicks = { ash: tapAsh };
