// SVG pieces of The Girl Who Made the Stars: hex geometry (pointy-top, axial [q, r]), star
// tiles, stardust, bonus tokens, meeples, the fruit and animal glyphs, wood-ash tokens.

import { esc } from "../gems-ui.js";
import { COLOURS, SQ3, f1, turned } from "./common.js";

export function hexXY(cell, size) {
  return [size * SQ3 * (cell[0] + cell[1] / 2), size * 1.5 * cell[1]];
}
/** the points of a hexagon, remembered: a board draws the same few hundred at every update */
const HEX_POINTS = new Map();
export function hexPoints(x, y, size) {
  const key = `${x} ${y} ${size}`;
  let points = HEX_POINTS.get(key);
  if (points === undefined) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 180) * (30 + 60 * k);
      pts.push(`${f1(x + size * Math.cos(a))},${f1(y + size * Math.sin(a))}`);
    }
    points = pts.join(" ");
    if (HEX_POINTS.size < 4096) HEX_POINTS.set(key, points);
  }
  return points;
}
export function starPoints(x, y, outer, inner, n = 5, turn = -90) {
  const pts = [];
  for (let k = 0; k < n * 2; k++) {
    const rad = k % 2 ? inner : outer;
    const a = (Math.PI / 180) * (turn + (180 / n) * k);
    pts.push(`${f1(x + rad * Math.cos(a))},${f1(y + rad * Math.sin(a))}`);
  }
  return pts.join(" ");
}
/** a meeple centred on (x, y), about 2·s tall */
export function meeple(x, y, s, cls, label = "") {
  return `<g class="meeple ${cls}" transform="translate(${f1(x)} ${f1(y)}) scale(${s})">${label ? `<title>${esc(label)}</title>` : ""}
    <circle cx="0" cy="-0.62" r="0.36"/><polygon points="-0.8,-0.2 0.8,-0.2 0.45,0.18 0.62,1 0.16,1 0,0.58 -0.16,1 -0.62,1 -0.45,0.18"/></g>`;
}
/** a star tile's face: the star in its colour, lines to its edges, a crystal while it has one */
export function tileFace(x, y, size, colour, lines, { crystal = false, ghost = false } = {}) {
  const edge = (size * SQ3) / 2;
  const ls = lines.map((d) => {
    const a = (Math.PI / 3) * d;
    return `<line x1="${f1(x)}" y1="${f1(y)}" x2="${f1(x + edge * Math.cos(a))}" y2="${f1(y + edge * Math.sin(a))}"/>`;
  }).join("");
  const bearing = colour !== "white";
  const star = bearing
    ? `<circle class="glow" cx="${f1(x)}" cy="${f1(y)}" r="${f1(size * 0.62)}" fill="url(#st-glow-${colour})"/>
       <polygon class="star" points="${starPoints(x, y, size * 0.42, size * 0.18)}"/>`
    : `<polygon class="star" points="${starPoints(x, y, size * 0.34, size * 0.09, 4, -90)}"/>`;
  const gem = crystal
    ? `<polygon class="crystal" points="${f1(x + size * 0.42)},${f1(y - size * 0.62)} ${f1(x + size * 0.6)},${f1(y - size * 0.42)} ${f1(x + size * 0.42)},${f1(y - size * 0.2)} ${f1(x + size * 0.24)},${f1(y - size * 0.42)}"/>`
    : "";
  return `<g class="tile c-${colour}${ghost ? " ghost" : ""}"><polygon class="tile-bg" points="${hexPoints(x, y, size * 0.97)}"/>
    <g class="lines">${ls}</g>${star}${gem}</g>`;
}
export function dustFace(x, y, size, count) {
  const dots = [];
  for (let i = 0; i < count; i++) {
    const a = (Math.PI * 2 * i) / Math.max(count, 1) - Math.PI / 2;
    const r = count === 1 ? 0 : size * 0.3;
    dots.push(`<circle cx="${f1(x + r * Math.cos(a))}" cy="${f1(y + r * Math.sin(a))}" r="${f1(size * 0.2)}"/>`);
  }
  return `<g class="dust"><polygon class="dust-bg" points="${hexPoints(x, y, size * 0.97)}"/>${dots.join("")}</g>`;
}
export function bonusFace(x, y, size, b, seat) {
  const s = size;
  let icon;
  if (b.token === "x2") icon = `<text x="${f1(x)}" y="${f1(y + s * 0.22)}" class="bonus-text">×2</text>`;
  else if (b.token === "actions") icon = `<text x="${f1(x)}" y="${f1(y + s * 0.22)}" class="bonus-text">+2</text>`;
  else if (b.token === "lights") {
    icon = COLOURS.map((c, i) => `<circle class="fill-${c}" cx="${f1(x + (i - 1) * s * 0.36)}" cy="${f1(y + (i === 1 ? -s * 0.14 : s * 0.1))}" r="${f1(s * 0.17)}"/>`).join("");
  } else {
    icon = b.taken ? meeple(x, y, s * 0.34, "empty") : meeple(x, y, s * 0.34, `seatfill-${seat}`, "the villager waiting on this token");
  }
  return `<g class="bonus${b.taken ? " taken" : ""}"><polygon class="bonus-bg" points="${hexPoints(x, y, s * 0.86)}"/>${icon}
    ${b.taken ? `<text x="${f1(x + s * 0.45)}" y="${f1(y - s * 0.35)}" class="bonus-check">✓</text>` : ""}</g>`;
}

/** a single tile for the hand tray */
export function tileSVG(side, rot) {
  return `<svg class="tile-svg" viewBox="-10 -10 20 20" aria-hidden="true">${tileFace(0, 0, 9.6, side.colour, turned(side.lines, rot))}</svg>`;
}

/** fruit / fish / rabbit / antelope, drawn in a 20×20 box around (x, y) scaled by s */
export function kindGlyph(kind, x = 0, y = 0, s = 1) {
  let g;
  if (kind === "fruit") {
    g = `<circle cx="0" cy="1.5" r="6.2" class="k-fruit"/><ellipse cx="2.6" cy="-5.6" rx="2.6" ry="1.3" transform="rotate(-30 2.6 -5.6)" class="k-leaf"/>
      <line x1="0" y1="-4.2" x2="0.8" y2="-6.8" class="k-stem"/>`;
  } else if (kind === "fish") {
    g = `<ellipse cx="-1.2" cy="0" rx="6.2" ry="3.8" class="k-fish"/><polygon points="4,0 8.6,-4 8.6,4" class="k-fish"/><circle cx="-4.4" cy="-1" r="0.9" class="k-eye"/>`;
  } else if (kind === "rabbit") {
    g = `<ellipse cx="-2.4" cy="-4.6" rx="1.5" ry="4.2" transform="rotate(-12 -2.4 -4.6)" class="k-rabbit"/>
      <ellipse cx="2.4" cy="-4.6" rx="1.5" ry="4.2" transform="rotate(12 2.4 -4.6)" class="k-rabbit"/>
      <circle cx="0" cy="2.4" r="5" class="k-rabbit"/><circle cx="-1.8" cy="1.8" r="0.8" class="k-eye"/><circle cx="1.8" cy="1.8" r="0.8" class="k-eye"/>`;
  } else {
    g = `<path d="M-2.2,-2 C-5,-5 -5,-8 -3.2,-9.4 M2.2,-2 C5,-5 5,-8 3.2,-9.4" class="k-horn"/>
      <ellipse cx="0" cy="2.2" rx="3.8" ry="5.6" class="k-antelope"/><circle cx="-1.6" cy="0.6" r="0.8" class="k-eye"/><circle cx="1.6" cy="0.6" r="0.8" class="k-eye"/>`;
  }
  return `<g transform="translate(${f1(x)} ${f1(y)}) scale(${s})">${g}</g>`;
}
export function kindIcon(kind, title = kind) {
  return `<svg class="kind-ico" viewBox="-10 -10 20 20" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${kindGlyph(kind)}</svg>`;
}
/** a wood-ash token's glyph in a 20×20 box around (0, 0) */
export function ashGlyph(kind) {
  switch (kind) {
    case "scouting": return `<path d="M-6,-1 q3,-3 6,0 t6,0 M-6,3 q3,-3 6,0 t6,0" class="a-line"/><polygon points="${starPoints(3.5, -5, 2.4, 1)}" class="a-star"/>`;
    case "foraging": return `<ellipse cx="-2.6" cy="1.5" rx="1.8" ry="3" class="a-fill"/><ellipse cx="2.6" cy="-1.5" rx="1.8" ry="3" class="a-fill"/>`;
    case "offering": return `<path d="M-6,-1 Q-6,5 0,5 Q6,5 6,-1 Z" class="a-fill"/><circle cx="0" cy="-3.6" r="1.8" class="a-star"/>`;
    case "recall": return `<polygon points="-5.5,0 0,-5.5 5.5,0 4,0 4,5 -4,5 -4,0" class="a-fill"/><rect x="-1.2" y="1.4" width="2.4" height="3.6" class="a-door"/>`;
    case "stardust": return `<path d="M0,0 m-1,0 a1,1 0 1,1 2,0 a3,3 0 1,1 -6,0 a5,5 0 1,1 10,0" class="a-line"/>`;
    default: return `<text x="0" y="3.2" class="a-text">×2</text>`;
  }
}
export function ashIcon(kind) {
  return `<svg class="ash-ico" viewBox="-10 -10 20 20" aria-hidden="true"><circle r="9.2" class="a-disc"/>${ashGlyph(kind)}</svg>`;
}
