// The supplies beside the main board: the connection-reward piles (top value, the rest, the
// cleanup marker) and the offering card with the single and leftover values.

import { esc } from "../gems-ui.js";
import { KINDS } from "./common.js";
import { needsHTML } from "./choices.js";
import { kindIcon } from "./svg.js";

export function rewardsHTML(table) {
  const v = table.view;
  return `<div class="block-head"><h3>Connection rewards</h3></div>
    <div class="piles">${v.rewards.map((p) => `<div class="pile${p.marked ? " marked" : ""}" data-pile="${p.light}"
      title="${p.light}${p.light === 6 ? "+" : ""} light: ${p.tokens.length ? `top ${p.tokens[0]} VP` : "empty"}${p.marked ? "; scored this round, the top goes at cleanup" : ""}">
      <span class="pile-label">${p.light}${p.light === 6 ? "+" : ""}<small>light</small></span>
      <span class="pile-top">${p.tokens.length ? p.tokens[0] : "–"}</span>
      <span class="pile-rest">${p.tokens.slice(1).join(" · ") || "&nbsp;"}</span>
      ${p.marked ? `<span class="pile-mark" title="scored this round">✦ goes at cleanup</span>` : ""}</div>`).join("")}</div>`;
}

export function offeringHTML(table) {
  const v = table.view;
  const o = v.offering;
  const card = o.card;
  const spaces = card ? card.spaces.map((sp, i) => `<li class="offer-space${sp.filled ? " filled" : ""}" data-space="${i}">
      <span class="needs">${needsHTML(sp.needs)}</span><b class="vp">${sp.vp}</b>${sp.filled ? `<span class="filled-mark">✓</span>` : ""}</li>`).join("") : "";
  const single = KINDS.map((k) => `<span class="single">${kindIcon(k)}${o.single[k]}<small>/${o.leftover[k]}</small></span>`).join("");
  return `<div class="block-head"><h3>Offering</h3><span class="muted">${o.deck} card${o.deck === 1 ? "" : "s"} to come</span></div>
    ${card ? `<div class="offer-card" data-card="${esc(card.id)}"><span class="card-name">Card ${esc(card.id)}</span><ol>${spaces}</ol></div>`
      : `<p class="note">No offering card left: single tokens only.</p>`}
    <div class="singles" title="one token offered alone, VP (and its worth if still held at the end)">${single}</div>`;
}
