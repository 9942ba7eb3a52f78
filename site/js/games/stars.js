// The Girl Who Made the Stars: renders a seat's view (engine/games/stars/views.py) and turns
// taps into moves. Each seat's hex board (radius 3, SVG) with its star tiles, stardust and
// bonus tokens; the main board (the Village, the path graph, the foraging spaces); the night
// sky track; the cast wood ash; the connection-reward piles; the offering card; the seats.
//
// No rules live here. Every control is built from the seat's `legal_moves`: the cells a tile
// may go on (for the side and rotation chosen), the cells stardust may fill, the wood-ash
// picks, the actions and their ways of paying ("via"), the scouting steps. A move sent is one
// of them, or — when a player places a tile or stardust where none is listed — an attempt the
// engine refuses with its own reason (shown in the toast). What JS computes is drawing only:
// hex geometry, a tile's lines turned by its rotation, and how many drawn lines point into a
// cell (the stardust label).

import { esc } from "./gems-ui.js";

// the game's own stylesheet, loaded with the module (the app loads app.css the same way)
(() => {
  const href = new URL("../../css/stars.css", import.meta.url).href;
  if (typeof document === "undefined" || document.querySelector(`link[data-stars-css]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.starsCss = "";
  document.head.appendChild(link);
})();

export const COLOURS = ["red", "blue", "yellow"];
export const KINDS = ["fruit", "fish", "rabbit", "antelope"];
const PHASES = [["stargazing", "Stargazing"], ["wood_ash", "Wood ash"], ["action", "Actions"], ["final", "Last stardust"]];
const PHASE_TEXT = {
  stargazing: "Stargazing", wood_ash: "Wood ash", action: "Action phase", final: "Game end: last stardust", over: "Game over",
};
export const BONUS = {
  x2: { name: "×2 VP", text: "score this constellation again" },
  lights: { name: "three lights", text: "gain 1 red, 1 blue and 1 yellow light" },
  actions: { name: "+2 actions", text: "4 actions in your next action turn (this one, if it is under way)" },
  villager: { name: "a villager", text: "the villager standing on it joins your ready villagers" },
};
export const ASH = {
  scouting: "Scouting", foraging: "Foraging", offering: "Offering", recall: "Recall", stardust: "Stardust", x2: "×2 light",
};
const ACT_ASH = { scout: "scouting", forage: "foraging", offer: "offering", recall: "recall", gain_stardust: "stardust" };
const ACTIONS = [
  ["scout", "Scout", "Lay light on path spaces from the Village (or a lit path) to a foraging space; 3+ light scores a connection reward."],
  ["forage", "Forage", "Pay light at a connected foraging space for one of its tokens (needs a ready villager)."],
  ["offer", "Offer", "Offer a token, or fill a space of the offering card, for VP (needs a ready villager)."],
  ["stargaze", "Stargaze", "Put a villager on the night sky behind the elders: one more wood-ash pick each round (needs a ready villager)."],
  ["recall", "Recall", "Bring villagers back from the boards, ready for use."],
  ["gain_stardust", "Gain stardust", "Take 1 stardust from the supply."],
];
const REGION_TEXT = {
  red: "red", blue: "blue", yellow: "yellow", red_blue: "red/blue border", blue_yellow: "blue/yellow border",
  yellow_red: "yellow/red border", centre: "centre (any colour)",
};
const REWARD_TEXT = { stardust: "1 stardust", "1vp": "1 VP", "2vp": "2 VP" };

const SQ3 = Math.sqrt(3);
const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];  // 0 east, then clockwise on screen
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const ckey = (cell) => `${cell[0]},${cell[1]}`;
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const CELLS = (() => {
  const out = [];
  for (let r = -3; r <= 3; r++) for (let q = -3; q <= 3; q++) if (Math.abs(q + r) <= 3) out.push([q, r]);
  return out;
})();
/** a tile's lines turned `rot` sixths clockwise (drawing only: direction d becomes d + rot) */
export const turned = (lines, rot) => lines.map((d) => (d + rot) % 6).sort((a, b) => a - b);
const f1 = (n) => Math.round(n * 100) / 100;

function lightText(light) {
  const parts = COLOURS.filter((c) => (light || {})[c] > 0).map((c) => `${light[c]} ${c}`);
  return parts.length ? parts.join(", ") : "nothing";
}
function lightHTML(light) {
  const parts = COLOURS.filter((c) => (light || {})[c] > 0)
    .map((c) => `<span class="lt"><i class="pip-${c}" aria-hidden="true"></i>${light[c]} ${c}</span>`);
  return parts.length ? parts.join(" ") : "nothing";
}
function tokensText(tokens) {
  const parts = KINDS.filter((k) => (tokens || {})[k] > 0).map((k) => `${tokens[k]} ${k}`);
  return parts.length ? parts.join(", ") : "none";
}

// ---------------------------------------------------------------------------- SVG pieces

function hexXY(cell, size) {
  return [size * SQ3 * (cell[0] + cell[1] / 2), size * 1.5 * cell[1]];
}
function hexPoints(x, y, size) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (30 + 60 * k);
    pts.push(`${f1(x + size * Math.cos(a))},${f1(y + size * Math.sin(a))}`);
  }
  return pts.join(" ");
}
function starPoints(x, y, outer, inner, n = 5, turn = -90) {
  const pts = [];
  for (let k = 0; k < n * 2; k++) {
    const rad = k % 2 ? inner : outer;
    const a = (Math.PI / 180) * (turn + (180 / n) * k);
    pts.push(`${f1(x + rad * Math.cos(a))},${f1(y + rad * Math.sin(a))}`);
  }
  return pts.join(" ");
}
/** a meeple centred on (x, y), about 2·s tall */
function meeple(x, y, s, cls, label = "") {
  return `<g class="meeple ${cls}" transform="translate(${f1(x)} ${f1(y)}) scale(${s})">${label ? `<title>${esc(label)}</title>` : ""}
    <circle cx="0" cy="-0.62" r="0.36"/><polygon points="-0.8,-0.2 0.8,-0.2 0.45,0.18 0.62,1 0.16,1 0,0.58 -0.16,1 -0.62,1 -0.45,0.18"/></g>`;
}
/** a star tile's face: the star in its colour, lines to its edges, a crystal while it has one */
function tileFace(x, y, size, colour, lines, { crystal = false, ghost = false } = {}) {
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
function dustFace(x, y, size, count) {
  const dots = [];
  for (let i = 0; i < count; i++) {
    const a = (Math.PI * 2 * i) / Math.max(count, 1) - Math.PI / 2;
    const r = count === 1 ? 0 : size * 0.3;
    dots.push(`<circle cx="${f1(x + r * Math.cos(a))}" cy="${f1(y + r * Math.sin(a))}" r="${f1(size * 0.2)}"/>`);
  }
  return `<g class="dust"><polygon class="dust-bg" points="${hexPoints(x, y, size * 0.97)}"/>${dots.join("")}</g>`;
}
function bonusFace(x, y, size, b, seat) {
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

/** how many drawn lines point into vacant cell `cell` (the stardust label) */
function linesInto(tiles, cell) {
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
function boardSVG(board, seat, { size = 10, live = false, targets = null, preview = null, corners = null, label = "" } = {}) {
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
  return `<svg class="hexboard" viewBox="${f1(-w)} ${f1(-h)} ${f1(2 * w)} ${f1(2 * h)}" role="group" aria-label="${esc(label)}">
    <g class="cells">${base.join("")}</g><g class="faces">${faces.join("")}</g>${ghost}<g class="hits">${hits.join("")}</g></svg>`;
}

/** a single tile for the hand tray */
function tileSVG(side, rot) {
  return `<svg class="tile-svg" viewBox="-10 -10 20 20" aria-hidden="true">${tileFace(0, 0, 9.6, side.colour, turned(side.lines, rot))}</svg>`;
}

/** fruit / fish / rabbit / antelope, drawn in a 20×20 box around (x, y) scaled by s */
function kindGlyph(kind, x = 0, y = 0, s = 1) {
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
function ashGlyph(kind) {
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

// ---------------------------------------------------------------------------- events

/** a line for one engine event (events are safe for every seat: a draw says only how many) */
export function describeEvent(ev, name) {
  const who = (seat) => `<b>${esc(name(seat))}</b>`;
  const ash = ev.via === "ash" ? " <span class=\"muted\">(wood ash)</span>" : "";
  switch (ev.type) {
    case "phase":
      if (ev.phase === "stargazing") return `<span class="phase-line">Round ${ev.round}: stargazing — everyone places 3 star tiles</span>`;
      if (ev.phase === "wood_ash") return `<span class="phase-line">Round ${ev.round}: wood ash</span>`;
      if (ev.phase === "action") return `<span class="phase-line">Round ${ev.round}: actions</span>`;
      if (ev.phase === "final") return `<span class="phase-line">The Girl reached the end of the night sky: last stardust, then final scoring</span>`;
      return null;
    case "place": return `${who(ev.seat)} placed a ${esc(ev.colour)} star with ${plural(ev.lines.length, "line")}`;
    case "set_aside": return `${who(ev.seat)} could not place a tile: set aside, ${ev.vp} VP`;
    case "enclosure": return `${who(ev.seat)} enclosed ${plural(ev.areas, "area")}: +${ev.stardust} stardust`;
    case "light": return `${who(ev.seat)} freed a ${esc(ev.colour)} light`;
    case "stardust": return `${who(ev.seat)} spent ${ev.count} stardust on the board`;
    case "constellation":
      return `${who(ev.seat)} completed a constellation of ${plural(ev.light_bearing, "light-bearing star")}${
        ev.vp ? `: +${ev.vp} VP` : ev.pile ? " (its pile is empty)" : " (fewer than 3: no reward)"}`;
    case "bonus":
      return ev.token ? `${who(ev.seat)} took the ${esc(BONUS[ev.token] ? BONUS[ev.token].name : ev.token)} bonus` : `${who(ev.seat)} took no bonus token`;
    case "x2": return `${who(ev.seat)} scored the constellation again: +${ev.vp} VP`;
    case "lights": return `${who(ev.seat)} gained ${esc(lightText(ev.light))} light`;
    case "cast": return `Wood ash cast into the night sky: ${plural(ev.tokens.length, "token")}`;
    case "pick":
      return ev.keep ? `${who(ev.seat)} kept ${/^[AEIOU]/.test(ASH[ev.kind] || "") ? "an" : "a"} ${esc(ASH[ev.kind] || ev.kind)} wood-ash token`
        : `${who(ev.seat)} took ${esc(lightText(ev.light))} light from ${/^[AEIOU]/.test(ASH[ev.kind] || "") ? "an" : "a"} ${esc(ASH[ev.kind] || ev.kind)} token`;
    case "turn": return `${who(ev.seat)}'s turn: ${plural(ev.actions, "action")}`;
    case "scout":
      return `${who(ev.seat)} scouted ${plural(ev.light, "light")} to ${esc(ev.forage)}${ev.vp ? `: +${ev.vp} VP` : ""}${ash}`;
    case "scout_cancel": return `${who(ev.seat)} took back a scouting path`;
    case "forage":
      return `${who(ev.seat)} foraged a ${esc(ev.kind)} at ${esc(ev.space)} for ${esc(lightText(ev.paid))}${
        ev.early_bird ? ` (early bird: ${esc(REWARD_TEXT[ev.early_bird] || ev.early_bird)})` : ""}${ash}`;
    case "offer":
      return ev.kind ? `${who(ev.seat)} offered a ${esc(ev.kind)}: +${ev.vp} VP${ash}`
        : `${who(ev.seat)} filled offering ${ev.space + 1} of card ${esc(ev.card)} (${esc(tokensText(ev.tokens))}): +${ev.vp} VP${ash}`;
    case "offer_card":
      return `Offering card ${esc(ev.discarded)} is done${ev.revealed ? `; card ${esc(ev.revealed)} is revealed` : "; no card is left"}`;
    case "stargaze": return `${who(ev.seat)} sent a villager stargazing (night-sky space ${ev.space})`;
    case "recall": return `${who(ev.seat)} recalled ${plural(ev.villagers.length, "villager")}${ash}`;
    case "gain_stardust": return `${who(ev.seat)} gained 1 stardust${ash}`;
    case "night_sky": return `The Girl moves on to space ${ev.girl}; ${esc(name(ev.first))} plays first next round`;
    case "reward_discarded": return `The top ${ev.pile === 6 ? "6+" : ev.pile}-light reward is discarded`;
    case "done": return `${who(ev.seat)} is done`;
    case "leftover": return ev.vp ? `${who(ev.seat)}: leftover ${esc(tokensText(ev.tokens))} +${ev.vp} VP` : null;
    case "game_over": {
      const r = ev.result || {};
      const winners = (r.winners || []).map((s) => esc(name(s)));
      return winners.length > 1 ? `Game over: shared victory for ${winners.join(" and ")}` : `Game over: ${winners[0] || "?"} wins`;
    }
    default: return null;  // draw, bonus_choice, scout_start, scout_step, end_turn, ash_returned: shown on the table
  }
}

export function describeEvents(events, name) {
  const out = [];
  for (const ev of events || []) {
    const html = describeEvent(ev, name);
    if (html) out.push({ html, cls: `ev-${ev.type}` });
  }
  return out;
}

export const DECIDED_BY_TEXT = {
  score: "Decided by VP: the most VP wins.",
  "light and stardust": "Tied on VP: the seat with the most unspent light and stardust wins.",
  "vacant spaces": "Tied on VP and on light + stardust: the seat with the most vacant spaces on its board wins.",
  shared: "Tied on VP, on light + stardust and on vacant spaces: the victory is shared.",
};

const POINT_COLUMNS = [
  ["constellations", "Constellations"], ["scouting", "Scouting"], ["offerings", "Offerings"],
  ["early_bird", "Early bird"], ["leftover", "Leftover"], ["unplaced", "Unplaced"],
];
/** the results' second table: where each seat's VP came from, and the tie-break values */
export function resultExtraHTML(result, seatName) {
  const seats = result.scores.map((_, i) => i);
  return `<div class="stars-breakdown" data-testid="breakdown"><table class="scores">
    <thead><tr><th scope="col">VP from</th>${seats.map((i) => `<th scope="col"><i class="seat-dot s${i}" aria-hidden="true"></i>${esc(seatName(i))}</th>`).join("")}</tr></thead>
    <tbody>${POINT_COLUMNS.map(([k, label]) => `<tr data-row="${k}"><th scope="row">${label}</th>${
      seats.map((i) => `<td>${(result.points[i] || {})[k] || 0}</td>`).join("")}</tr>`).join("")}
      <tr class="tiebreak" data-row="light_and_stardust"><th scope="row">Light + stardust left</th>${seats.map((i) => `<td>${result.light_and_stardust[i]}</td>`).join("")}</tr>
      <tr class="tiebreak" data-row="vacant_spaces"><th scope="row">Vacant spaces</th>${seats.map((i) => `<td>${result.vacant_spaces[i]}</td>`).join("")}</tr>
    </tbody></table>
    <p class="muted tiebreak-note">Ties: most VP, then most unspent light + stardust, then most vacant spaces; then a shared victory.</p></div>`;
}

// ---------------------------------------------------------------------------- the table

/**
 * new StarsTable(root, hooks) — the app's table contract (see gems-ui.js GemTable):
 *   render(state, ctx), clear(), destroy(), live
 */
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
      if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("svg [data-action]")) {
        e.preventDefault();
        this._onClick(e);
      }
    };
    root.addEventListener("click", this._onClickBound);
    root.addEventListener("keydown", this._onKeyBound);
  }

  destroy() {
    this.root.removeEventListener("click", this._onClickBound);
    this.root.removeEventListener("keydown", this._onKeyBound);
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
    this._draw();
  }

  // ------------------------------------------------------------------ derived from the listing
  get legal() { return (this.state && this.state.legal_moves) || []; }
  /** the game waits on this seat (its tiles, its pick, its turn, its bonus choice, its last
   * stardust): a seat listed to act only because it may spend stardust is not acting */
  get acting() {
    const v = this.state && this.state.view;
    return !!(this.ctx.interactive && v && v.seat !== null && v.seat !== undefined && v.waiting_for.includes(v.seat));
  }
  /** the seat's own turn, or stardust it may spend out of turn */
  get live() { return this.acting || this.offTurnDust; }
  get offTurnDust() { return !this.acting && this._dustListed(); }
  _dustListed() { return !!(this.state && this.state.view.seat != null && this.legal.some((m) => m.type === "stardust")); }
  get view() { return this.state.view; }
  get me() { const v = this.view; return v.seat === null || v.seat === undefined ? null : v.seats[v.seat]; }
  _moves(type) { return this.legal.filter((m) => m.type === type); }
  _has(type) { return this.legal.some((m) => m.type === type); }

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
  _tile() {
    const me = this.me;
    if (!me || !me.hand || !me.hand.length || this.view.phase !== "stargazing" || !this.acting) return null;
    if (!this._has("place") && !this._has("set_aside")) return null;  // a bonus choice comes first
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
  _fitCells(t) { return (this.byOrient.get(t.id) || new Map()).get(`${t.side}|${t.rot}`) || new Set(); }
  _placeMove(t, cellKey) {
    return this.legal.find((m) => m.type === "place" && m.tile === t.id && m.side === t.side && m.rotation === t.rot && ckey(m.cell) === cellKey);
  }

  // ------------------------------------------------------------------ drawing
  _focusKey() {
    const el = document.activeElement;
    return el && this.root.contains(el) && el.dataset ? el.dataset.fk || null : null;
  }

  _draw(local = false) {
    const focus = this._focusKey();
    if (local && this.root.querySelector(".st-mine")) this._paintLocal(); else this._paint();
    if (focus) {
      const again = this.root.querySelector(`[data-fk="${CSS.escape(focus)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  _paint() {
    const v = this.view;
    const dustMode = this._dustMode();
    this.root.className = "table stars-table";
    this.root.innerHTML = `
      <svg class="st-defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>
        ${COLOURS.concat(["white"]).map((c) => `<radialGradient id="st-glow-${c}"><stop offset="0" class="g0 c-${c}"/><stop offset="1" class="g1 c-${c}"/></radialGradient>`).join("")}
      </defs></svg>
      <div class="status st-status" data-testid="status">${this.statusHTML()}</div>
      ${this.columnsHTML(dustMode)}`;
    this.root.dataset.phase = v.phase;
    this.root.dataset.viewer = v.seat === null || v.seat === undefined ? "public" : String(v.seat);
    this.root.dataset.interactive = this.acting ? "true" : "false";
    this.root.dataset.offturn = this.offTurnDust ? "true" : "false";
    this.root.dataset.mode = dustMode ? "stardust" : "";
  }

  /** a tap that changes only the seat's board and the panel (tile, side, rotation, cell, stardust) */
  _paintLocal() {
    const dustMode = this._dustMode();
    this.root.querySelector(".st-mine").innerHTML = this.mineHTML(dustMode);
    const panel = this.root.querySelector(".st-panel");
    panel.innerHTML = this.panelHTML();
    panel.classList.toggle("live", this.live);
    this.root.dataset.mode = dustMode ? "stardust" : "";
  }

  /** two columns on a wide screen (one stack on a phone, ordered by the phase in CSS): the
   * seat's board first while tiles are placed and at the end, the shared table otherwise */
  columnsHTML(dustMode) {
    const v = this.view;
    const panel = `<div class="action-panel st-panel${this.live ? " live" : ""}" data-testid="action-panel" aria-live="polite">${this.panelHTML()}</div>`;
    const mine = `<section class="st-mine" data-testid="my-area">${this.mineHTML(dustMode)}</section>`;
    const world = `<section class="st-world" aria-label="Main board, night sky and supplies">${this.worldHTML()}</section>`;
    const seats = `<section class="st-seats" aria-label="Seats">${this.seatsHTML()}</section>`;
    const boardFirst = !["wood_ash", "action"].includes(v.phase);
    const left = boardFirst ? mine + world : world;
    const right = boardFirst ? panel + seats : panel + mine + seats;
    return `<div class="st-col st-left">${left}</div><div class="st-col st-right">${right}</div>`;
  }

  /** the board takes stardust instead of a tile: chosen with the "Spend stardust" button */
  _dustMode() {
    return !!(this.live && this.dustMoves.size && this.sel.mode === "dust");
  }

  statusHTML() {
    const v = this.view;
    const name = this.hooks.seatName;
    const parts = [`<span class="round" data-testid="round">Round ${v.round} <span class="of">of ${v.rounds}</span></span>`];
    const at = PHASES.findIndex(([p]) => p === v.phase);
    parts.push(`<ol class="phases" aria-label="Phases of a round">${PHASES.map(([p, label], i) =>
      `<li class="${i === at ? "now" : i < at ? "past" : ""}"${i === at ? ' aria-current="step"' : ""}>${label}</li>`).join("")}</ol>`);
    let who = "";
    if (v.phase === "over") who = "Game over";
    else if (v.phase === "stargazing") {
      const placing = v.waiting_for.filter((s) => v.seats[s].hand_count > 0);
      who = placing.length ? `Placing tiles: ${placing.map((s) => `<i class="seat-dot s${s}" aria-hidden="true"></i>${esc(name(s))} (${v.seats[s].hand_count})`).join(", ")}` : "";
    } else if (v.phase === "wood_ash") {
      const s = v.turn.picks[0];
      who = s !== undefined ? `<i class="seat-dot s${s}" aria-hidden="true"></i>${esc(name(s))} picks wood ash` : "";
    } else if (v.phase === "action" && v.turn.seat !== null) {
      const s = v.turn.seat;
      who = `<i class="seat-dot s${s}" aria-hidden="true"></i>${esc(name(s))}'s turn · ${plural(v.turn.actions_left, "action")} left`;
    } else if (v.phase === "final") {
      who = `Waiting for: ${v.waiting_for.map((s) => esc(name(s))).join(", ")}`;
    }
    const owing = v.seats.filter((s) => s.bonus_choices.length).map((s) => esc(name(s.seat)));
    if (owing.length && v.phase !== "over") who += `${who ? " · " : ""}${owing.join(", ")} choosing a bonus token`;
    if (who) parts.push(`<span class="who" data-testid="who">${who}</span>`);
    return parts.join("");
  }

  // ---- the action panel
  panelHTML() {
    const v = this.view;
    const name = this.hooks.seatName;
    if (v.phase === "over") return `<p class="hint">The game is over.</p>`;
    const dust = this._dustListed() ? this.dustOfferHTML() : "";
    if (this.ctx.turnOver !== null && this.ctx.turnOver !== undefined) {
      const next = esc(name(this.ctx.turnOver));
      return `<p class="prompt">Your part is done for now. Look at your board, then hand the device on.</p>${dust}
        <div class="row"><button type="button" class="btn primary" data-action="end-turn" data-testid="end-turn" data-fk="end-turn">Pass the device to ${next}</button></div>`;
    }
    if (!this.acting) {
      const s = this.ctx.thinking;
      const line = s !== null && s !== undefined
        ? `<p class="hint thinking"><span class="spinner" aria-hidden="true"></span>${esc(name(s))} (computer) is thinking…</p>`
        : `<p class="hint">Waiting for ${v.waiting_for.map((x) => esc(name(x))).join(", ") || "the others"}…</p>`;
      return line + dust;
    }
    return this.livePanelHTML() + dust;
  }

  dustOfferHTML() {
    const me = this.me;
    const on = this._dustMode();
    const off = !this.acting;
    return `<div class="dust-offer${on ? " on" : ""}" data-testid="stardust-offer">
      <p class="note">${off ? "Not your turn, but stardust can be spent at any time. " : ""}You hold <b>${plural(me.stardust, "stardust")}</b>:
        fill a vacant cell that lines point into, with as many stardust as lines point in.</p>
      <div class="row"><button type="button" class="btn ${on ? "primary" : "secondary"} small" data-action="dust-mode" data-testid="stardust-mode"
        data-fk="dust-mode" aria-pressed="${on}">${on ? "✦ Choosing a cell… (tap to stop)" : "✦ Spend stardust"}</button></div>
      ${on ? `<p class="note">Tap a ✦ cell on your board${this.view.phase === "stargazing" ? "" : " (below)"}.</p>` : ""}</div>`;
  }

  /** under the board: spend stardust on the chosen cell */
  dustConfirmHTML() {
    const cell = this.sel.dustCell;
    if (!cell) return `<p class="note board-note">Tap a ✦ cell: the number is how many stardust it takes.</p>`;
    const me = this.me;
    const listed = this.dustMoves.get(cell);
    const n = linesInto(new Map(me.board.tiles.map((t) => [ckey(t.cell), t])), cell.split(",").map(Number));
    return `<div class="row confirm-row board-confirm"><span class="muted">${listed ? `Fill this cell with ${plural(n, "stardust")}` : "Stardust cannot go on this cell now"}</span>
      <button type="button" class="btn ${listed ? "primary" : "ghost"} small" data-action="spend-dust" data-testid="spend-stardust" data-fk="spend-dust">Spend ${plural(n || 0, "stardust")}</button></div>`;
  }

  livePanelHTML() {
    const v = this.view;
    const me = this.me;
    if (this._has("bonus")) return this.bonusPanelHTML();
    if (v.phase === "stargazing" && (this._has("place") || this._has("set_aside"))) {
      const left = me.hand.length;
      return `<p class="prompt">Place your star tiles (${left} left).</p>
        <p class="note">Pick a tile below your board, flip or turn it, then tap a glowing cell and Place. Lines must meet lines or vacant cells —
        never the edge, a bonus token, stardust or a side without a line.</p>`;
    }
    if (v.phase === "wood_ash") return this.ashPanelHTML();
    if (v.phase === "action") return v.turn.scout ? this.scoutPanelHTML() : this.actionPanelHTML();
    if (v.phase === "final") {
      return `<p class="prompt">The night is over. Spend any stardust you like, then tap Done for final scoring.</p>
        <div class="row"><button type="button" class="btn primary" data-action="send-type" data-type="done" data-testid="done" data-fk="done">Done</button></div>`;
    }
    if (this.legal.every((m) => m.type === "stardust")) return `<p class="prompt">Spend stardust on your board.</p>`;
    return `<p class="hint">Nothing to do.</p>`;
  }

  bonusPanelHTML() {
    const opts = this._moves("bonus");
    const chosen = this.sel.bonus;
    const owed = this.me.bonus_choices[0] || {};
    return `<p class="prompt">Your constellation touches ${opts.length > 2 ? "bonus tokens" : "a bonus token"}: take one (only one per constellation).</p>
      <div class="choice-list">${opts.map((m) => {
        const t = m.token;
        const worth = t === "x2" && owed.value !== undefined ? ` (+${owed.value} VP)` : "";
        const label = t ? `<b>${esc(BONUS[t].name)}</b> <span class="muted">— ${esc(BONUS[t].text)}${worth}</span>` : "<b>Take none</b>";
        return `<button type="button" class="btn choice${chosen === t ? " picked" : ""}" data-action="bonus" data-token="${t === null ? "" : esc(t)}"
          data-testid="bonus-${t === null ? "none" : esc(t)}" data-fk="bonus:${t}">${label}</button>`;
      }).join("")}</div>`;
  }

  ashPanelHTML() {
    const v = this.view;
    const picks = this._moves("ash_keep").concat(this._moves("ash_light"));
    const tokens = v.sky.filter((t) => picks.some((m) => m.token === t.id));
    const sel = tokens.find((t) => t.id === this.sel.ash);
    const list = `<div class="ash-list">${tokens.map((t) => `<button type="button" class="ash-pick${sel && sel.id === t.id ? " picked" : ""}"
        data-action="ash" data-from="panel" data-token="${esc(t.id)}" data-testid="ash-${esc(t.id)}" data-fk="ashbtn:${esc(t.id)}">${ashIcon(t.kind)}
        <span><b>${esc(ASH[t.kind])}</b><small>${esc(REGION_TEXT[t.region])}</small></span></button>`).join("")}</div>`;
    let opts = `<p class="note">Tap a token (here or in the night sky below) to keep it for your action turn, or discard it at once for light of a colour under it.</p>`;
    if (sel && this.sel.from === "dish") opts = `<p class="note">Choose under the night sky below.</p>`;
    else if (sel) opts = this.ashOptionsHTML(sel.id);
    const later = v.turn.picks.slice(1);
    return `<p class="prompt">Pick a wood-ash token.</p>${list}${opts}
      ${later.length ? `<p class="note">Then: ${later.map((s) => esc(this.hooks.seatName(s))).join(", ")}.</p>` : ""}`;
  }

  /** keep the token, or the light it may give (one button per listed pick) */
  ashOptionsHTML(id) {
    const picks = this._moves("ash_keep").concat(this._moves("ash_light")).filter((m) => m.token === id);
    return `<div class="row ash-opts">${picks.map((m) => {
        if (m.type === "ash_keep") {
          return `<button type="button" class="btn secondary" data-action="send" data-i="${this.legal.indexOf(m)}" data-testid="ash-keep" data-fk="ash-keep">Keep it for my turn</button>`;
        }
        const cols = COLOURS.flatMap((c) => Array.from({ length: m.light[c] || 0 }, () => c));
        const label = cols.length ? `Take ${esc(lightText(m.light))} light` : "Discard (the supply has no light left)";
        return `<button type="button" class="btn light-btn" data-action="send" data-i="${this.legal.indexOf(m)}"
          data-testid="ash-light-${cols.join("-") || "none"}" data-fk="ash-light:${cols.join("-")}">${cols.map((c) => `<i class="pip-${c}" aria-hidden="true"></i>`).join("")}${label}</button>`;
      }).join("")}</div>`;
  }

  actionPanelHTML() {
    const v = this.view;
    const me = this.me;
    const act = this.sel.act;
    const ashKinds = me.ash.map((a) => a.kind);
    const buttons = ACTIONS.map(([type, label, about]) => {
      const ok = this._has(type);
      return `<button type="button" class="btn act${act === type ? " picked" : ""}" data-action="act" data-act="${type}" data-testid="act-${type}"
        data-fk="act:${type}" title="${esc(about)}"${ok ? "" : " disabled"}>${label}</button>`;
    }).join("");
    const left = v.turn.actions_left;
    const head = `<p class="prompt">Your turn: ${plural(left, "action")} left${ashKinds.length ? ` · wood ash: ${ashKinds.map((k) => esc(ASH[k])).join(", ")} (free)` : ""}.</p>`;
    let detail = "";
    if (act) {
      const about = ACTIONS.find(([t]) => t === act)[2];
      detail = `<div class="act-detail" data-testid="act-detail"><p class="note">${esc(about)}</p>${this.actDetailHTML(act)}</div>`;
    }
    return `${head}<div class="act-grid">${buttons}</div>${detail}
      <div class="row end-row"><button type="button" class="btn ghost" data-action="send-type" data-type="end_turn" data-testid="end-action-turn"
        data-fk="end_turn">End turn${left ? ` (${plural(left, "action")} unused)` : ""}</button></div>`;
  }

  /** the buttons that send a chosen move, one per listed way of paying */
  viaHTML(moves, verb) {
    return `<div class="row via-row">${moves.map((m) => {
      const via = m.via || "action";
      const label = via === "ash" ? `${verb} with wood ash (${ASH[ACT_ASH[m.type]] || ""})` : `${verb} (1 action)`;
      return `<button type="button" class="btn ${via === "ash" ? "secondary" : "primary"} small" data-action="send" data-i="${this.legal.indexOf(m)}"
        data-testid="via-${via}" data-fk="via:${via}">${esc(label)}</button>`;
    }).join("")}</div>`;
  }

  actDetailHTML(act) {
    const v = this.view;
    const moves = this._moves(act);
    if (act === "scout" || act === "gain_stardust") return this.viaHTML(moves, act === "scout" ? "Start scouting" : "Gain stardust");
    if (act === "forage") {
      const spaces = [...new Set(moves.map((m) => m.space))];
      const fid = this.sel.forage;
      const info = !fid ? `<p class="note">Tap a glowing foraging space on the main board, or one of these.</p>`
        : this.sel.from === "map" ? `<p class="note">${esc(fid)}: confirm under the main board.</p>` : this.forageConfirmHTML(fid);
      const list = `<div class="chip-list">${spaces.map((f) => `<button type="button" class="btn small chip-btn${f === fid ? " picked" : ""}"
        data-action="forage" data-from="panel" data-forage="${esc(f)}" data-testid="forage-${esc(f)}" data-fk="forage:${esc(f)}">${this._forageLabel(f)}</button>`).join("")}</div>`;
      return list + info;
    }
    if (act === "offer") {
      const groups = [];
      for (const m of moves) {
        const k = m.kind !== undefined ? `kind-${m.kind}` : `space-${m.space}`;
        if (!groups.some((g) => g.k === k)) groups.push({ k, m });
      }
      const chosen = this.sel.offer;
      const card = v.offering.card;
      const list = `<div class="choice-list">${groups.map(({ k, m }) => {
        const text = m.kind !== undefined
          ? `${kindIcon(m.kind)} One ${esc(m.kind)} — <b>${v.offering.single[m.kind]} VP</b>`
          : `${this._needsHTML(card.spaces[m.space].needs)} Card space ${m.space + 1} — <b>${card.spaces[m.space].vp} VP</b>`;
        return `<button type="button" class="btn choice${chosen === k ? " picked" : ""}" data-action="offer" data-offer="${k}"
          data-testid="offer-${k}" data-fk="offer:${k}">${text}</button>`;
      }).join("")}</div>`;
      const picked = groups.find((g) => g.k === chosen);
      const same = picked ? moves.filter((m) => (m.kind !== undefined ? `kind-${m.kind}` : `space-${m.space}`) === chosen) : [];
      return list + (picked ? this.viaHTML(same, "Offer") : "");
    }
    if (act === "stargaze") {
      const sp = this.sel.sky;
      return `<div class="chip-list">${moves.map((m) => `<button type="button" class="btn small chip-btn${sp === m.space ? " picked" : ""}"
        data-action="sky" data-from="panel" data-space="${m.space}" data-testid="sky-${m.space}" data-fk="skybtn:${m.space}">Space ${m.space}</button>`).join("")}</div>
        ${!sp ? `<p class="note">Tap a glowing space on the night sky, or one of these.</p>`
          : this.sel.from === "sky" ? `<p class="note">Space ${sp}: confirm under the night sky.</p>` : this.viaHTML(moves.filter((m) => m.space === sp), "Stargaze")}`;
    }
    if (act === "recall") {
      const me = this.me;
      const out = [...new Set(moves.flatMap((m) => m.villagers))].sort((a, b) => a - b);
      const picked = this.sel.recall || [];
      const same = moves.filter((m) => m.villagers.length === picked.length && m.villagers.every((x, i) => x === [...picked].sort((a, b) => a - b)[i]));
      return `<div class="recall-list">${out.map((i) => `<label class="recall-v"><input type="checkbox" data-action="recall-v" data-v="${i}"
          data-testid="recall-v${i}" data-fk="recall:${i}"${picked.includes(i) ? " checked" : ""}>${this._villagerText(me.villagers[i])}</label>`).join("")}</div>
        ${same.length ? this.viaHTML(same, `Recall ${plural(picked.length, "villager")}`) : `<p class="note">Tick the villagers to bring back.</p>`}`;
    }
    return "";
  }

  scoutPanelHTML() {
    const v = this.view;
    const steps = this._moves("scout_step");
    const path = v.turn.scout.path;
    const space = this.sel.path;
    const spaces = [...new Set(steps.map((m) => m.space))];
    let opts = `<p class="note">Tap a glowing path space on the main board${spaces.length ? ", or one of these" : " (none can be reached)"}.</p>`;
    if (space) opts = this.sel.from === "map" ? `<p class="note">${esc(space)}: choose its light under the main board.</p>` : this.stepOptionsHTML(space);
    return `<p class="prompt">Scouting: ${plural(path.length, "light")} placed${path.length ? ` (${path.map(esc).join(" → ")})` : ""}.</p>
      <p class="note">Start beside the Village or a lit space (matching its colour), go space by space, and end on a foraging space's doorstep with its colour.
        Each light comes from your supply: ${lightHTML(this.me.light)}.</p>
      <div class="chip-list">${spaces.map((p) => `<button type="button" class="btn small chip-btn${p === space ? " picked" : ""}" data-action="path" data-from="panel"
        data-path="${esc(p)}" data-testid="path-${esc(p)}" data-fk="pathbtn:${esc(p)}">${esc(p)}</button>`).join("")}</div>
      ${opts}
      ${this._has("scout_cancel") ? `<div class="row"><button type="button" class="btn ghost small" data-action="send-type" data-type="scout_cancel"
        data-testid="scout-cancel" data-fk="scout_cancel">Take back this scouting</button></div>` : ""}`;
  }

  /** the colours a scouting step may light `space` with, ending there or going on */
  stepOptionsHTML(space) {
    const v = this.view;
    const here = this._moves("scout_step").filter((m) => m.space === space);
    return here.length ? `<div class="row step-opts">${here.map((m) => {
        const fid = (v.map.foraging.find((f) => f.doorstep === m.space) || {}).id;
        const label = m.end ? `${cap(m.colour)} light — end here${fid ? ` (reach ${fid})` : ""}` : `${cap(m.colour)} light — go on`;
        return `<button type="button" class="btn small light-btn" data-action="send" data-i="${this.legal.indexOf(m)}"
          data-testid="step-${m.colour}-${m.end ? "end" : "continue"}" data-fk="step:${m.colour}:${m.end}"><i class="pip-${m.colour}" aria-hidden="true"></i>${esc(label)}</button>`;
      }).join("")}</div>` : `<p class="note">${esc(space)} cannot take the next light.</p>`;
  }

  _villagerText(place) {
    if (place === "ready") return "ready";
    if (place === "bonus") return "on its bonus token";
    if (place === "village") return "in the Village (offering)";
    if (place.startsWith("forage:")) return `beside ${esc(place.slice(7))}`;
    if (place.startsWith("early:")) return `on ${esc(place.slice(6))}'s early bird`;
    if (place.startsWith("sky:")) return `night sky, space ${esc(place.slice(4))}`;
    return esc(place);
  }
  _needsHTML(needs) {
    return KINDS.filter((k) => needs[k]).map((k) => `<span class="need-k">${Array.from({ length: needs[k] }, () => kindIcon(k)).join("")}</span>`).join("");
  }
  _forageLabel(fid) {
    const f = this.view.map.foraging.find((x) => x.id === fid);
    return `${kindIcon(f.kind)}${esc(fid)}`;
  }
  /** a foraging space's details, and one button per listed way to forage there */
  forageConfirmHTML(fid) {
    const v = this.view;
    const moves = this.acting && v.phase === "action" && !v.turn.scout ? this._moves("forage").filter((m) => m.space === fid) : [];
    return this.forageInfoHTML(fid) + (moves.length ? this.viaHTML(moves, "Forage") : "");
  }

  /** what was tapped on the main board: its options right under it */
  mapConfirmHTML() {
    const sel = this.sel;
    if (sel.from !== "map") return "";
    if (sel.path) return `<div class="map-confirm" data-testid="map-confirm">${this.stepOptionsHTML(sel.path)}</div>`;
    if (sel.forage) return `<div class="map-confirm" data-testid="map-confirm">${this.forageConfirmHTML(sel.forage)}</div>`;
    return "";
  }

  forageInfoHTML(fid) {
    const v = this.view;
    const f = v.map.foraging.find((x) => x.id === fid);
    const st = v.main_board.foraging.find((x) => x.id === fid);
    const name = this.hooks.seatName;
    const early = st.early_bird_covered_by === null
      ? `early bird open: pay ${lightHTML(f.early_cost)} more and gain ${esc(REWARD_TEXT[f.early_reward])}`
      : `early bird taken by ${esc(name(st.early_bird_covered_by))}`;
    return `<div class="forage-info" data-testid="forage-info">${kindIcon(f.kind)}<div><b>${esc(fid)} · ${esc(f.kind)}</b>
      <span class="muted">(${plural(st.tokens, "token")} left${st.connected ? ", connected" : ", not connected yet"})</span><br>
      Scouting ends here with <i class="pip-${f.colour}" aria-hidden="true"></i>${esc(f.colour)} · costs ${lightHTML(f.cost)}<br>${early}</div></div>`;
  }

  // ---- my board and the tile tray
  mineHTML(dustMode) {
    const v = this.view;
    const name = this.hooks.seatName;
    let seat = v.seat;
    if (seat === null || seat === undefined) {
      seat = v.turn.seat !== null ? v.turn.seat : (v.waiting_for[0] !== undefined ? v.waiting_for[0] : 0);
    }
    const s = v.seats[seat];
    const mine = seat === v.seat;
    const t = mine && !dustMode ? this._tile() : null;
    let targets = null, preview = null, corners = null;
    if (mine && this.live) {
      targets = new Map();
      if (dustMode) {
        for (const k of this.dustMoves.keys()) targets.set(k, "dust");
        if (this.sel.dustCell) preview = { cell: this.sel.dustCell.split(",").map(Number), dust: true, fits: this.dustMoves.has(this.sel.dustCell) };
      } else if (t) {
        const fit = this._fitCells(t);
        for (const k of (this.byCell.get(t.id) || new Map()).keys()) targets.set(k, fit.has(k) ? "fit" : "maybe");
        if (this.sel.cell) {
          const side = t.tile[t.side];
          preview = { cell: this.sel.cell.split(",").map(Number), colour: side.colour, lines: turned(side.lines, t.rot), fits: fit.has(this.sel.cell) };
        }
      }
      if (this._has("bonus")) corners = new Set(this._moves("bonus").map((m) => m.token).filter(Boolean));
    }
    const title = mine ? "Your board" : `${name(seat)}'s board`;
    const svg = boardSVG(s.board, seat, { live: mine && this.live, targets, preview, corners, label: `${title}: a hexagon of 37 cells` });
    const meta = `${plural(s.vacant_spaces, "vacant cell")} · bag ${s.bag_count} · ✦ ${s.stardust}${s.set_aside.length ? ` · ${s.set_aside.length} set aside` : ""}`;
    return `<div class="mine-head"><h3><i class="seat-dot s${seat}" aria-hidden="true"></i>${esc(title)}</h3><span class="muted">${meta}</span></div>
      <div class="board-wrap${dustMode ? " dust-mode" : ""}" data-testid="board-${seat}" data-seat="${seat}">${svg}</div>
      ${mine && dustMode ? this.dustConfirmHTML() : ""}${mine && t ? this.trayHTML(t) : ""}`;
  }

  trayHTML(t) {
    const me = this.me;
    const side = t.tile[t.side];
    const fit = this._fitCells(t);
    const aside = this.legal.find((m) => m.type === "set_aside" && m.tile === t.id);
    const tiles = me.hand.map((h) => {
      const o = this.orient[h.id] || { side: "B", rot: 0 };
      const fits = this.byOrient.has(h.id);
      return `<button type="button" class="hand-tile${h.id === t.id ? " picked" : ""}${fits ? "" : " stuck"}" data-action="tile" data-tile="${esc(h.id)}"
        data-testid="hand-tile-${esc(h.id)}" data-fk="tile:${esc(h.id)}" aria-pressed="${h.id === t.id}"
        aria-label="tile ${esc(h.id)}: side ${o.side}, a ${esc(h[o.side].colour)} star with ${plural(h[o.side].lines.length, "line")}${fits ? "" : " (fits nowhere)"}">
        ${tileSVG(h[o.side], o.rot)}<span class="tile-id">${esc(h.id)}</span></button>`;
    }).join("");
    const cell = this.sel.cell;
    const listed = cell && this._placeMove(t, cell);
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
          ${aside ? `<button type="button" class="btn small ghost" data-action="send" data-i="${this.legal.indexOf(aside)}" data-testid="set-aside" data-fk="aside">Set aside (−1 VP)</button>` : ""}
          ${place}
        </div>
      </div></div>`;
  }

  // ---- the shared table
  /** the shared table, what the phase is about first (the wood ash in its phase, the main board for actions) */
  worldHTML() {
    const block = {
      sky: () => `<div class="sky-wrap">${this.nightSkyHTML()}</div>`,
      board: () => `<div class="mainboard-wrap" data-testid="main-board">${this.mainBoardHTML()}</div>`,
      ash: () => `<div class="ash-wrap" data-testid="wood-ash">${this.ashDishHTML()}</div>`,
      supplies: () => `<div class="supplies">
        <div class="rewards-wrap" data-testid="rewards">${this.rewardsHTML()}</div>
        <div class="offering-wrap" data-testid="offering">${this.offeringHTML()}</div></div>`,
    };
    const order = { wood_ash: ["ash", "sky", "supplies", "board"], action: ["board", "sky", "supplies", "ash"] }[this.view.phase]
      || ["sky", "board", "supplies", "ash"];
    return order.map((k) => block[k]()).join("");
  }

  nightSkyHTML() {
    const v = this.view;
    const ns = v.night_sky;
    const name = this.hooks.seatName;
    const live = this.acting && this._has("stargaze");
    const targets = new Set(live ? this._moves("stargaze").map((m) => m.space) : []);
    const n = ns.spaces;
    const pos = (i) => [7 + (i - 1) * (126 / (n - 1)), 24 - 11 * Math.sin((Math.PI * (i - 1)) / (n - 1))];
    const out = [];
    for (let i = 1; i <= n; i++) {
      const [x, y] = pos(i);
      const ahead = i > ns.girl;
      const tgt = targets.has(i);
      out.push(`<circle class="sky-space${ahead ? " ahead" : ""}${tgt ? " target" : ""}${this.sel.sky === i ? " picked" : ""}" cx="${f1(x)}" cy="${f1(y)}" r="4.7"
        ${tgt ? `data-action="sky" data-from="sky" data-space="${i}" data-fk="sky:${i}" role="button" tabindex="0" aria-label="night-sky space ${i}: put a villager here"` : ""}/>`);
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
      <svg class="nightsky" viewBox="0 0 140 36" role="group" aria-label="Night sky track: the Girl on space ${ns.girl} of ${n}">${out.join("")}</svg>
      ${live && this.sel.from === "sky" && this.sel.sky ? `<div class="map-confirm">${this.viaHTML(this._moves("stargaze").filter((m) => m.space === this.sel.sky), `Stargaze on space ${this.sel.sky}`)}</div>` : ""}`;
  }

  mainBoardHTML() {
    const v = this.view;
    const map = v.map;
    const name = this.hooks.seatName;
    const lit = v.main_board.lit;
    const P = Object.fromEntries(map.paths.map((p) => [p.id, p]));
    const live = this.acting && v.phase === "action";
    const stepSpaces = new Set(live && v.turn.scout ? this._moves("scout_step").map((m) => m.space) : []);
    const forageTargets = new Set(live && !v.turn.scout ? this._moves("forage").map((m) => m.space) : []);
    const out = [];
    const line = (a, b, cls) => `<line class="${cls}" x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"/>`;
    for (const p of map.paths) for (const q of p.links) if (q > p.id) out.push(line(p, P[q], `link${lit[p.id] && lit[q] ? " lit" : ""}`));
    for (const a of map.village.adjacent) out.push(line(map.village, P[a], `link village-link${lit[a] ? " lit" : ""}`));
    const fstate = Object.fromEntries(v.main_board.foraging.map((f) => [f.id, f]));
    for (const f of map.foraging) out.push(line(f, P[f.doorstep], `door c-${f.colour}${fstate[f.id].connected ? " lit" : ""}`));
    // the Village, with the villagers making offerings
    const vil = map.village;
    out.push(`<g class="village"><title>The Village</title><circle cx="${vil.x}" cy="${vil.y}" r="6.2" class="village-bg" fill="url(#st-glow-yellow)"/>
      <polygon class="hut" points="${vil.x - 3.4},${vil.y + 0.4} ${vil.x},${vil.y - 3.4} ${vil.x + 3.4},${vil.y + 0.4} ${vil.x + 2.4},${vil.y + 0.4} ${vil.x + 2.4},${vil.y + 3.2} ${vil.x - 2.4},${vil.y + 3.2} ${vil.x - 2.4},${vil.y + 0.4}"/></g>`);
    const inVillage = [];
    v.seats.forEach((s) => s.villagers.forEach((pl) => { if (pl === "village") inVillage.push(s.seat); }));
    inVillage.forEach((seat, i) => out.push(meeple(vil.x - 4.5 + (i % 5) * 2.3, vil.y + 7.6 + Math.floor(i / 5) * 3.4, 1.05, `seatfill-${seat}`, `${name(seat)}'s villager (offering)`)));
    out.push(`<text class="map-label" x="${vil.x}" y="${vil.y - 7.4}">Village</text>`);
    // path spaces
    for (const p of map.paths) {
      const c = lit[p.id];
      const tgt = stepSpaces.has(p.id);
      out.push(`<circle class="path${c ? ` lit fill-${c}` : ""}${tgt ? " target" : ""}${this.sel.path === p.id ? " picked" : ""}" cx="${p.x}" cy="${p.y}" r="2.5"
        data-path="${p.id}"${tgt ? ` data-action="path" data-from="map" data-fk="path:${p.id}" role="button" tabindex="0" aria-label="path space ${p.id}"` : ""}><title>${p.id}${c ? `: lit ${c}` : ""}</title></circle>`);
    }
    // foraging spaces
    for (const f of map.foraging) {
      const st = fstate[f.id];
      const tgt = forageTargets.has(f.id);
      const cost = COLOURS.flatMap((c) => Array.from({ length: f.cost[c] || 0 }, () => c));
      const early = COLOURS.flatMap((c) => Array.from({ length: f.early_cost[c] || 0 }, () => c));
      const x = f.x, y = f.y;
      const parts = [`<circle class="forage-bg${st.tokens ? "" : " empty"}" cx="${x}" cy="${y}" r="4.4"/>`,
        `<circle class="forage-ring c-${f.colour}" cx="${x}" cy="${y}" r="4.4"/>`,
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
      out.push(`<g class="forage${tgt ? " target" : ""}${this.sel.forage === f.id ? " picked" : ""}${st.connected ? " connected" : ""}" data-action="forage" data-from="map" data-forage="${f.id}"
        data-fk="forage-map:${f.id}" role="button" tabindex="0" aria-label="${esc(label)}"><title>${esc(label)}</title>${parts.join("")}</g>`);
    }
    return `<div class="block-head"><h3>Main board</h3><span class="muted">lit paths are shared; tap a foraging space for its details</span></div>
      <svg class="mainboard" viewBox="-3 -4 106 108" role="group" aria-label="Main board">${out.join("")}</svg>
      ${this.mapConfirmHTML()}`;
  }

  ashDishHTML() {
    const v = this.view;
    const live = this.acting && v.phase === "wood_ash";
    const listed = new Set(live ? this.legal.filter((m) => m.type === "ash_keep" || m.type === "ash_light").map((m) => m.token) : []);
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
    const toks = [];
    for (const [region, list] of Object.entries(byRegion)) {
      const sp = spots(region, list.length);
      list.forEach((t, i) => {
        const [ang, rad, scale] = sp[i % sp.length];
        const extra = Math.floor(i / sp.length) * 3;  // more than the spots: a little offset
        const x = rad * Math.cos((ang * Math.PI) / 180) + extra;
        const y = rad * Math.sin((ang * Math.PI) / 180) + extra;
        const tgt = listed.has(t.id);
        toks.push(`<g class="ash-token${tgt ? " target" : ""}${this.sel.ash === t.id ? " picked" : ""}" transform="translate(${f1(x)} ${f1(y)}) scale(${scale})"
          data-ash="${esc(t.id)}"${tgt ? ` data-action="ash" data-from="dish" data-token="${esc(t.id)}" data-fk="ashdish:${esc(t.id)}" role="button" tabindex="0"` : ""}
          aria-label="${esc(ASH[t.kind])} token on ${esc(REGION_TEXT[t.region])}"><title>${esc(ASH[t.kind])} (${esc(REGION_TEXT[t.region])})</title>
          <circle r="7" class="a-disc"/><g transform="scale(.8)">${ashGlyph(t.kind)}</g></g>`);
      });
    }
    const picks = v.turn.picks;
    const name = this.hooks.seatName;
    return `<div class="block-head"><h3>Wood ash</h3><span class="muted">${v.sky.length ? `${plural(v.sky.length, "token")} cast` : "bag"} · ${v.ash_bag} in the bag</span></div>
      <svg class="dish" viewBox="-50 -50 100 100" role="group" aria-label="Wood ash cast into the night sky">
        ${sector(210, 330, "fill-red")}${sector(330, 450, "fill-blue")}${sector(90, 210, "fill-yellow")}
        <circle r="46" class="rim"/>
        ${[330, 90, 210].map((a) => `<line class="border" x1="0" y1="0" x2="${f1(46 * Math.cos((a * Math.PI) / 180))}" y2="${f1(46 * Math.sin((a * Math.PI) / 180))}"/>`).join("")}
        <circle r="12" class="centre"/>${toks.join("")}</svg>
      ${picks.length ? `<p class="note picks">Picks: ${picks.map((s) => `<i class="seat-dot s${s}" aria-hidden="true"></i>${esc(name(s))}`).join(", ")}</p>` : ""}
      ${live && this.sel.from === "dish" && listed.has(this.sel.ash) ? `<div class="map-confirm">${this.ashOptionsHTML(this.sel.ash)}</div>` : ""}`;
  }

  rewardsHTML() {
    const v = this.view;
    return `<div class="block-head"><h3>Connection rewards</h3></div>
      <div class="piles">${v.rewards.map((p) => `<div class="pile${p.marked ? " marked" : ""}" data-pile="${p.light}"
        title="${p.light}${p.light === 6 ? "+" : ""} light: ${p.tokens.length ? `top ${p.tokens[0]} VP` : "empty"}${p.marked ? "; scored this round, the top goes at cleanup" : ""}">
        <span class="pile-label">${p.light}${p.light === 6 ? "+" : ""}<small>light</small></span>
        <span class="pile-top">${p.tokens.length ? p.tokens[0] : "–"}</span>
        <span class="pile-rest">${p.tokens.slice(1).join(" · ") || "&nbsp;"}</span>
        ${p.marked ? `<span class="pile-mark" title="scored this round">✦ goes at cleanup</span>` : ""}</div>`).join("")}</div>`;
  }

  offeringHTML() {
    const v = this.view;
    const o = v.offering;
    const card = o.card;
    const spaces = card ? card.spaces.map((sp, i) => `<li class="offer-space${sp.filled ? " filled" : ""}" data-space="${i}">
        <span class="needs">${this._needsHTML(sp.needs)}</span><b class="vp">${sp.vp}</b>${sp.filled ? `<span class="filled-mark">✓</span>` : ""}</li>`).join("") : "";
    const single = KINDS.map((k) => `<span class="single">${kindIcon(k)}${o.single[k]}<small>/${o.leftover[k]}</small></span>`).join("");
    return `<div class="block-head"><h3>Offering</h3><span class="muted">${o.deck} card${o.deck === 1 ? "" : "s"} to come</span></div>
      ${card ? `<div class="offer-card" data-card="${esc(card.id)}"><span class="card-name">Card ${esc(card.id)}</span><ol>${spaces}</ol></div>`
        : `<p class="note">No offering card left: single tokens only.</p>`}
      <div class="singles" title="one token offered alone, VP (and its worth if still held at the end)">${single}</div>`;
  }

  seatsHTML() {
    const v = this.view;
    const name = this.hooks.seatName;
    const kind = this.hooks.seatKind;
    const order = v.seats.map((s) => s.seat);
    if (v.seat !== null && v.seat !== undefined) order.sort((a, b) => (a === v.seat ? -1 : b === v.seat ? 1 : a - b));
    return order.map((seatNo) => {
      const s = v.seats[seatNo];
      const mine = seatNo === v.seat;
      const acting = v.phase !== "over" && v.waiting_for.includes(seatNo);
      const k = kind(seatNo);
      const kindLabel = k === "human" ? (mine ? "you" : "human") : `computer · ${k}`;
      const vill = s.villagers.map((pl) => `<span class="vill${pl === "ready" ? " ready" : ""}" title="${esc(this._villagerText(pl))}">${
        `<svg viewBox="-1.2 -1.2 2.4 2.4" aria-hidden="true">${meeple(0, 0, 1, pl === "bonus" ? "empty" : `seatfill-${seatNo}`)}</svg>`}</span>`).join("");
      const ready = s.villagers.filter((p) => p === "ready").length;
      const pts = s.points;
      const showBoard = !mine && !(v.seat == null && this._focusSeat() === seatNo);
      return `<section class="seat st-seat${acting ? " turn" : ""}${mine ? " mine" : ""}" data-seat="${seatNo}" data-testid="seat-${seatNo}">
        <header class="seat-head">
          <span class="seat-name"><i class="seat-dot s${seatNo}" aria-hidden="true"></i>${esc(name(seatNo))}</span>
          <span class="seat-kind">${esc(kindLabel)}</span>
          <span class="prestige" data-testid="vp-${seatNo}" title="VP">${s.score}<small>VP</small></span>
        </header>
        <div class="seat-body">
          <div class="seat-stats">
            <div class="stat-row" title="light">${COLOURS.map((c) => `<span class="lt${s.light[c] ? "" : " zero"}"><i class="pip-${c}" aria-hidden="true"></i>${s.light[c]}</span>`).join("")}
              <span class="lt dust-stat${s.stardust ? "" : " zero"}" title="stardust">✦${s.stardust}</span></div>
            <div class="stat-row" title="fruit and animal tokens">${KINDS.map((kk) => `<span class="tok${s.tokens[kk] ? "" : " zero"}">${kindIcon(kk)}${s.tokens[kk]}</span>`).join("")}</div>
            <div class="stat-row villagers" title="villagers">${vill}<span class="muted">${ready} ready</span></div>
            ${s.ash.length ? `<div class="stat-row" title="kept wood ash">${s.ash.map((a) => `<span class="kept-ash">${ashIcon(a.kind)}${esc(ASH[a.kind])}</span>`).join("")}</div>` : ""}
            <div class="stat-row small muted">tiles: ${s.hand_count} in hand · ${s.bag_count} in bag${s.extra_actions ? ` · +${s.extra_actions} actions next turn` : ""}${
              s.bonus_choices.length ? " · choosing a bonus" : ""}${v.phase === "final" && s.done ? " · done" : ""}</div>
            <div class="stat-row small muted pts" title="VP by way of scoring">VP: constellations ${pts.constellations} · scouting ${pts.scouting} · offerings ${pts.offerings} · early bird ${pts.early_bird}${
              pts.leftover ? ` · leftover ${pts.leftover}` : ""}${pts.unplaced ? ` · unplaced ${pts.unplaced}` : ""}</div>
          </div>
          ${showBoard ? `<div class="mini-board" data-testid="board-${seatNo}">${boardSVG(s.board, seatNo, { label: `${name(seatNo)}'s board` })}</div>` : ""}
        </div>
      </section>`;
    }).join("");
  }

  _focusSeat() {
    const v = this.view;
    if (v.seat !== null && v.seat !== undefined) return v.seat;
    return v.turn.seat !== null ? v.turn.seat : (v.waiting_for[0] !== undefined ? v.waiting_for[0] : 0);
  }

  // ------------------------------------------------------------------ taps
  async _onClick(e) {
    const el = e.target.closest("[data-action]");
    if (el && el.dataset.action === "end-turn" && this.ctx.turnOver != null) return this.hooks.endTurn();
    if (!el || !this.root.contains(el) || !this.state || !this.live || this.sending) return;
    if (el.disabled) return;
    const a = el.dataset.action;
    const sel = this.sel;
    const redraw = () => this._draw();
    switch (a) {
      case "send": {
        const m = this.legal[Number(el.dataset.i)];
        if (m) return this._send(m);
        return undefined;
      }
      case "send-type": {
        const m = this.legal.find((x) => x.type === el.dataset.type);
        if (m) return this._send(m);
        return undefined;
      }
      case "dust-mode":
        this.sel = { ...sel, mode: this._dustMode() ? "tile" : "dust", dustCell: null, cell: null };
        this._draw(true);
        if (this.sel.mode === "dust") {
          const b = this.root.querySelector(".st-mine");
          if (b && b.scrollIntoView) b.scrollIntoView({ block: "nearest" });
        }
        return undefined;
      case "spend-dust": {
        if (!sel.dustCell) return undefined;
        const m = this.dustMoves.get(sel.dustCell) || { type: "stardust", cell: sel.dustCell.split(",").map(Number) };
        return this._send(m);
      }
      case "cell": {
        const k = el.dataset.cell;
        if (this._dustMode()) {
          if (sel.dustCell === k && this.dustMoves.has(k)) return this._send(this.dustMoves.get(k));
          this.sel = { ...sel, dustCell: k };
          return this._draw(true);
        }
        const t = this._tile();
        if (!t) return undefined;
        if (sel.cell === k) {  // a second tap on the preview places it
          const listed = this._placeMove(t, k);
          if (listed) return this._send(listed);
        }
        if (!this._fitCells(t).has(k)) {
          // the tile fits here another way round: turn it to the nearest listed way, same side first
          const ways = (this.byCell.get(t.id) || new Map()).get(k) || [];
          if (ways.length) {
            const dist = ([s, r]) => (s === t.side ? 0 : 10) + Math.min((r - t.rot + 6) % 6, (t.rot - r + 6) % 6);
            const [s, r] = ways.slice().sort((x, y) => dist(x) - dist(y))[0];
            this.orient[t.id] = { side: s, rot: r };
          }
        }
        this.sel = { ...sel, tile: t.id, cell: k };
        return this._draw(true);
      }
      case "place": {
        const t = this._tile();
        if (!t || !sel.cell) return undefined;
        const m = this._placeMove(t, sel.cell)
          || { type: "place", tile: t.id, side: t.side, rotation: t.rot, cell: sel.cell.split(",").map(Number) };
        return this._send(m);
      }
      case "tile":
        this.sel = { ...sel, tile: el.dataset.tile, cell: null, mode: "tile" };
        return this._draw(true);
      case "flip": {
        const t = this._tile();
        if (!t) return undefined;
        this.orient[t.id] = { side: t.side === "A" ? "B" : "A", rot: t.rot };
        return this._draw(true);
      }
      case "rotate": {
        const t = this._tile();
        if (!t) return undefined;
        this.orient[t.id] = { side: t.side, rot: (t.rot + Number(el.dataset.dir) + 6) % 6 };
        return this._draw(true);
      }
      case "corner":
        this.sel = { ...sel, bonus: el.dataset.token };
        return this._draw(true);
      case "bonus": {
        const tok = el.dataset.token || null;
        const m = this.legal.find((x) => x.type === "bonus" && x.token === tok);
        if (m) return this._send(m);
        return undefined;
      }
      case "ash":
        this.sel = { ...sel, ash: el.dataset.token, from: el.dataset.from };
        return redraw();
      case "act":
        this.sel = { act: sel.act === el.dataset.act ? null : el.dataset.act };
        return redraw();
      case "forage": {
        const f = el.dataset.forage;
        const listed = this.legal.some((m) => m.type === "forage" && m.space === f);
        const from = el.dataset.from;
        this.sel = listed && this.view.phase === "action" && !this.view.turn.scout
          ? { act: "forage", forage: f, from } : { ...sel, forage: sel.forage === f && sel.from === from ? null : f, from };
        return redraw();
      }
      case "offer":
        this.sel = { act: "offer", offer: el.dataset.offer };
        return redraw();
      case "sky":
        this.sel = { act: "stargaze", sky: Number(el.dataset.space), from: el.dataset.from };
        return redraw();
      case "recall-v": {
        const i = Number(el.dataset.v);
        const set = new Set(sel.recall || []);
        if (el.checked) set.add(i); else set.delete(i);
        this.sel = { act: "recall", recall: [...set].sort((x, y) => x - y) };
        return redraw();
      }
      case "path":
        this.sel = { ...sel, path: el.dataset.path, from: el.dataset.from };
        return redraw();
      default:
        return undefined;
    }
  }

  async _send(move) {
    this.sending = true;
    this.root.dataset.interactive = "false";
    let ok = false;
    try { ok = await this.hooks.attempt(move); } finally { this.sending = false; }
    if (!ok && this.state) this._draw();  // refused: the table is as before, the selection kept
  }
}

// ---------------------------------------------------------------------------- for the app

export const ui = {
  id: "stars",
  Table: StarsTable,
  blurb: "Place star tiles on your own night sky, join their lines into constellations, light paths from the Village, forage and make offerings. 2–4 players.",
  describeEvents,
  decidedByText: DECIDED_BY_TEXT,
  results: { score: "VP", second: "Light + stardust", secondOf: (r, seat) => (r.light_and_stardust || [])[seat], more: true },
  resultExtraHTML,
  handoverNote: "The others should look away: the star tiles you draw are private.",
};
