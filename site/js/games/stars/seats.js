// The seat panels: name, kind and VP, light, stardust, tokens, villagers, kept wood ash, tiles
// in hand and bag, VP by way of scoring, and (for the other seats) a small board.

import { esc } from "../gems-ui.js";
import { COLOURS, KINDS, ASH } from "./common.js";
import { boardSVG } from "./board.js";
import { villagerText } from "./choices.js";
import { ashIcon, kindIcon, meeple } from "./svg.js";

/** the seats as a section list (games/sections.js), one container a seat: its head, its figures
 *  and its small board are pieces of their own, so a move redraws only the seats and the pieces
 *  it changed (a seat's board only when that seat placed a tile) */
export function seatsSections(table) {
  const v = table.view;
  const name = table.hooks.seatName;
  const kind = table.hooks.seatKind;
  const order = v.seats.map((s) => s.seat);
  if (v.seat !== null && v.seat !== undefined) order.sort((a, b) => (a === v.seat ? -1 : b === v.seat ? 1 : a - b));
  return order.map((seatNo) => {
    const s = v.seats[seatNo];
    const mine = seatNo === v.seat;
    const acting = v.phase !== "over" && v.waiting_for.includes(seatNo);
    const k = kind(seatNo);
    const kindLabel = k === "human" ? (mine ? "you" : "human") : `computer · ${k}`;
    const vill = s.villagers.map((pl) => `<span class="vill${pl === "ready" ? " ready" : ""}" title="${esc(villagerText(pl))}">${
      `<svg viewBox="-1.2 -1.2 2.4 2.4" aria-hidden="true">${meeple(0, 0, 1, pl === "bonus" ? "empty" : `seatfill-${seatNo}`)}</svg>`}</span>`).join("");
    const ready = s.villagers.filter((p) => p === "ready").length;
    const pts = s.points;
    const showBoard = !mine && !(v.seat == null && table.focusSeat() === seatNo);
    return [`seat-${seatNo}`, `<section class="seat st-seat${acting ? " turn" : ""}${mine ? " mine" : ""}" data-seat="${seatNo}" data-testid="seat-${seatNo}">`, [["head", `
      <header class="seat-head">
        <span class="seat-name"><i class="seat-dot s${seatNo}" aria-hidden="true"></i>${esc(name(seatNo))}</span>
        <span class="seat-kind">${esc(kindLabel)}</span>
        <span class="prestige" data-testid="vp-${seatNo}" title="VP">${s.score}<small>VP</small></span>
      </header>
      `], ["body", `<div class="seat-body">`, [["stats", `
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
        `], ["board", showBoard ? `<div class="mini-board" data-testid="board-${seatNo}">${boardSVG(s.board, seatNo, { label: `${name(seatNo)}'s board` })}</div>` : ""], ["end", `
      `]], "</div>"], ["end", `
    `]], "</section>"];
  });
}
