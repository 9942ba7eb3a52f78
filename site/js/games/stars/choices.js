// Choices confirmed where they were tapped, shared by the panel and the shared table: one
// button per listed way to pay ("via" action or wood ash), a scouting step's colours, a
// wood-ash token's picks, a foraging space's details; villager places and offering needs.

import { esc } from "../gems-ui.js";
import { ACT_ASH, ASH, COLOURS, KINDS, REWARD_TEXT, cap, lightHTML, lightText, plural } from "./common.js";
import { kindIcon } from "./svg.js";

/** the buttons that send a chosen move, one per listed way of paying */
export function viaHTML(table, moves, verb) {
  return `<div class="row via-row">${moves.map((m) => {
    const via = m.via || "action";
    const label = via === "ash" ? `${verb} with wood ash (${ASH[ACT_ASH[m.type]] || ""})` : `${verb} (1 action)`;
    return `<button type="button" class="btn ${via === "ash" ? "secondary" : "primary"} small" data-action="send" data-i="${table.legal.indexOf(m)}"
      data-testid="via-${via}" data-fk="via:${via}">${esc(label)}</button>`;
  }).join("")}</div>`;
}

/** the colours a scouting step may light `space` with, ending there or going on */
export function stepOptionsHTML(table, space) {
  const v = table.view;
  const here = table.movesOf("scout_step").filter((m) => m.space === space);
  return here.length ? `<div class="row step-opts">${here.map((m) => {
      const fid = (v.map.foraging.find((f) => f.doorstep === m.space) || {}).id;
      const label = m.end ? `${cap(m.colour)} light — end here${fid ? ` (reach ${fid})` : ""}` : `${cap(m.colour)} light — go on`;
      return `<button type="button" class="btn small light-btn" data-action="send" data-i="${table.legal.indexOf(m)}"
        data-testid="step-${m.colour}-${m.end ? "end" : "continue"}" data-fk="step:${m.colour}:${m.end}"><i class="pip-${m.colour}" aria-hidden="true"></i>${esc(label)}</button>`;
    }).join("")}</div>` : `<p class="note">${esc(space)} cannot take the next light.</p>`;
}

/** keep the token, or the light it may give (one button per listed pick) */
export function ashOptionsHTML(table, id) {
  const picks = table.movesOf("ash_keep").concat(table.movesOf("ash_light")).filter((m) => m.token === id);
  return `<div class="row ash-opts">${picks.map((m) => {
      if (m.type === "ash_keep") {
        return `<button type="button" class="btn secondary" data-action="send" data-i="${table.legal.indexOf(m)}" data-testid="ash-keep" data-fk="ash-keep">Keep it for my turn</button>`;
      }
      const cols = COLOURS.flatMap((c) => Array.from({ length: m.light[c] || 0 }, () => c));
      const label = cols.length ? `Take ${esc(lightText(m.light))} light` : "Discard (the supply has no light left)";
      return `<button type="button" class="btn light-btn" data-action="send" data-i="${table.legal.indexOf(m)}"
        data-testid="ash-light-${cols.join("-") || "none"}" data-fk="ash-light:${cols.join("-")}">${cols.map((c) => `<i class="pip-${c}" aria-hidden="true"></i>`).join("")}${label}</button>`;
    }).join("")}</div>`;
}

export function villagerText(place) {
  if (place === "ready") return "ready";
  if (place === "bonus") return "on its bonus token";
  if (place === "village") return "in the Village (offering)";
  if (place.startsWith("forage:")) return `beside ${esc(place.slice(7))}`;
  if (place.startsWith("early:")) return `on ${esc(place.slice(6))}'s early bird`;
  if (place.startsWith("sky:")) return `night sky, space ${esc(place.slice(4))}`;
  return esc(place);
}

/** a supply space's needs as icons, remembered by the counts (the same few at every update) */
const NEEDS_HTML = new Map();
export function needsHTML(needs) {
  const key = KINDS.map((k) => needs[k] || 0).join(" ");
  let html = NEEDS_HTML.get(key);
  if (html === undefined) {
    html = KINDS.filter((k) => needs[k]).map((k) => `<span class="need-k">${kindIcon(k).repeat(needs[k])}</span>`).join("");
    if (NEEDS_HTML.size < 1024) NEEDS_HTML.set(key, html);
  }
  return html;
}

export function forageLabel(table, fid) {
  const f = table.view.map.foraging.find((x) => x.id === fid);
  return `${kindIcon(f.kind)}${esc(fid)}`;
}

/** a foraging space's details, and one button per listed way to forage there */
export function forageConfirmHTML(table, fid) {
  const v = table.view;
  const moves = table.acting && v.phase === "action" && !v.turn.scout ? table.movesOf("forage").filter((m) => m.space === fid) : [];
  return forageInfoHTML(table, fid) + (moves.length ? viaHTML(table, moves, "Forage") : "");
}

export function forageInfoHTML(table, fid) {
  const v = table.view;
  const f = v.map.foraging.find((x) => x.id === fid);
  const st = v.main_board.foraging.find((x) => x.id === fid);
  const name = table.hooks.seatName;
  const early = st.early_bird_covered_by === null
    ? `early bird open: pay ${lightHTML(f.early_cost)} more and gain ${esc(REWARD_TEXT[f.early_reward])}`
    : `early bird taken by ${esc(name(st.early_bird_covered_by))}`;
  return `<div class="forage-info" data-testid="forage-info">${kindIcon(f.kind)}<div><b>${esc(fid)} · ${esc(f.kind)}</b>
    <span class="muted">(${plural(st.tokens, "token")} left${st.connected ? ", connected" : ", not connected yet"})</span><br>
    Scouting ends here with <i class="pip-${f.colour}" aria-hidden="true"></i>${esc(f.colour)} · costs ${lightHTML(f.cost)}<br>${early}</div></div>`;
}
