// The Girl Who Made the Stars in words: a move-log line per engine event, how a result was
// decided, and the results' breakdown of VP by way of scoring.

import { esc } from "../gems-ui.js";
import { ASH, BONUS, REWARD_TEXT, lightText, plural, tokensText } from "./common.js";

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
