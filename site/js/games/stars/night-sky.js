// The night-sky track (SVG): the Girl, each seat's elder, the stargazing villagers, the
// turn order; the spaces listed for Stargaze glow and a tapped one is confirmed under it.

import { esc } from "../gems-ui.js";
import { f1 } from "./common.js";
import { viaHTML } from "./choices.js";
import { meeple, starPoints } from "./svg.js";

export function nightSkyHTML(table) {
  const v = table.view;
  const ns = v.night_sky;
  const name = table.hooks.seatName;
  const live = table.acting && table.has("stargaze");
  const targets = new Set(live ? table.movesOf("stargaze").map((m) => m.space) : []);
  const n = ns.spaces;
  const pos = (i) => [7 + (i - 1) * (126 / (n - 1)), 24 - 11 * Math.sin((Math.PI * (i - 1)) / (n - 1))];
  const out = [];
  for (let i = 1; i <= n; i++) {
    const [x, y] = pos(i);
    const ahead = i > ns.girl;
    const tgt = targets.has(i);
    const circle = `<circle class="sky-space${ahead ? " ahead" : ""}${tgt ? " target" : ""}${table.sel.sky === i ? " picked" : ""}" cx="${f1(x)}" cy="${f1(y)}" r="4.7"/>`;
    // a listed space: a button with a hit circle of r 5.2, 44 px with the track at 4.3 px a unit
    // (CSS: .nightsky.choosing, scrolled sideways in its box on a phone); spaces are 10.5 apart
    out.push(tgt ? `<g class="sky-target${table.sel.sky === i ? " picked" : " target"}" data-action="sky" data-from="sky" data-space="${i}" data-fk="sky:${i}"
      role="button" aria-label="night-sky space ${i}: put a villager here"><circle class="sky-hit" cx="${f1(x)}" cy="${f1(y)}" r="5.2"/>${circle}</g>` : circle);
    out.push(`<text class="sky-no" x="${f1(x)}" y="${f1(y + 9)}">${i}</text>`);
  }
  const [gx, gy] = pos(ns.girl);
  out.push(`<g class="girl"><title>The Girl Who Made the Stars (space ${ns.girl})</title><circle cx="${f1(gx)}" cy="${f1(gy)}" r="6" fill="url(#st-glow-yellow)"/>
    <polygon points="${starPoints(gx, gy, 4.4, 1.9)}"/></g>`);
  ns.elders.forEach((p, seat) => {
    const [x, y] = pos(p);
    out.push(meeple(x, y - 0.4, 2.9, `seatfill-${seat} elder`, `${name(seat)}'s elder (space ${p})`));
  });
  for (const vg of ns.villagers) {
    const [x, y] = pos(vg.space);
    out.push(meeple(x, y, 2.1, `seatfill-${vg.seat} villager`, `${name(vg.seat)}'s villager (space ${vg.space})`));
  }
  const order = v.seats.map((s) => s.seat).sort((a, b) => ns.elders[b] - ns.elders[a]);
  return `<div class="block-head"><h3>Night sky</h3><span class="muted">turn order: ${order.map((s) => `<i class="seat-dot s${s}" aria-hidden="true"></i>${esc(name(s))}`).join(" → ")}</span></div>
    <div class="board-scroll"><svg class="nightsky${targets.size ? " choosing" : ""}" viewBox="0 0 140 36" data-rove="geo" data-rove-name="sky" role="group"${targets.size ? ' aria-description="arrow keys move between the spaces"' : ""}
      aria-label="Night sky track: the Girl on space ${ns.girl} of ${n}">${out.join("")}</svg></div>
    ${live && table.sel.from === "sky" && table.sel.sky ? `<div class="map-confirm">${viaHTML(table, table.movesOf("stargaze").filter((m) => m.space === table.sel.sky), `Stargaze on space ${table.sel.sky}`)}</div>` : ""}`;
}

/** a night-sky space (here or its chip in the panel) to stargaze on */
function tapSky(table, el) {
  table.sel = { act: "stargaze", sky: Number(el.dataset.space), from: el.dataset.from };
  return table.draw();
}

/** data-action → handler(table, element) */
export const nightSkyClicks = { sky: tapSky };
