// The status line and the action panel: what the seat is asked now, built from its listing
// only — bonus tokens (with the VP ×2 would add), wood-ash picks, the six actions (a button
// enabled when some move of that type is listed), scouting step by step, recall, Done; the
// stardust offer (on the seat's turn and out of turn); the waiting and hand-over lines.

import { esc } from "../gems-ui.js";
import { ACTIONS, ASH, BONUS, PHASES, REGION_TEXT, lightHTML, plural } from "./common.js";
import { ashOptionsHTML, forageConfirmHTML, forageLabel, needsHTML, stepOptionsHTML, viaHTML, villagerText } from "./choices.js";
import { ashIcon, kindIcon } from "./svg.js";

export function statusHTML(table) {
  const v = table.view;
  const name = table.hooks.seatName;
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

export function panelHTML(table) {
  const v = table.view;
  const name = table.hooks.seatName;
  if (v.phase === "over") return `<p class="hint">The game is over.</p>`;
  const dust = table.dustListed() ? dustOfferHTML(table) : "";
  if (table.ctx.turnOver !== null && table.ctx.turnOver !== undefined) {
    const next = esc(name(table.ctx.turnOver));
    return `<p class="prompt">Your part is done for now. Look at your board, then hand the device on.</p>${dust}
      <div class="row"><button type="button" class="btn primary" data-action="end-turn" data-testid="end-turn" data-fk="end-turn">Pass the device to ${next}</button></div>`;
  }
  if (!table.acting) {
    const s = table.ctx.thinking;
    const line = s !== null && s !== undefined
      ? `<p class="hint thinking"><span class="spinner" aria-hidden="true"></span>${esc(name(s))} (computer) is thinking…</p>`
      : `<p class="hint">Waiting for ${v.waiting_for.map((x) => esc(name(x))).join(", ") || "the others"}…</p>`;
    return line + dust;
  }
  return livePanelHTML(table) + dust;
}

export function dustOfferHTML(table) {
  const me = table.me;
  const on = table.dustMode();
  const off = !table.acting;
  return `<div class="dust-offer${on ? " on" : ""}" data-testid="stardust-offer">
    <p class="note">${off ? "Not your turn, but stardust can be spent at any time. " : ""}You hold <b>${plural(me.stardust, "stardust")}</b>:
      fill a vacant cell that lines point into, with as many stardust as lines point in.</p>
    <div class="row"><button type="button" class="btn ${on ? "primary" : "secondary"} small" data-action="dust-mode" data-testid="stardust-mode"
      data-fk="dust-mode" aria-pressed="${on}">${on ? "✦ Choosing a cell… (tap to stop)" : "✦ Spend stardust"}</button></div>
    ${on ? `<p class="note">Tap a ✦ cell on your board${table.view.phase === "stargazing" ? "" : " (below)"}.</p>` : ""}</div>`;
}

export function livePanelHTML(table) {
  const v = table.view;
  const me = table.me;
  if (table.has("bonus")) return bonusPanelHTML(table);
  if (v.phase === "stargazing" && (table.has("place") || table.has("set_aside"))) {
    const left = me.hand.length;
    return `<p class="prompt">Place your star tiles (${left} left).</p>
      <p class="note">Pick a tile below your board, flip or turn it, then tap a glowing cell and Place. Lines must meet lines or vacant cells —
      never the edge, a bonus token, stardust or a side without a line.</p>`;
  }
  if (v.phase === "wood_ash") return ashPanelHTML(table);
  if (v.phase === "action") return v.turn.scout ? scoutPanelHTML(table) : actionPanelHTML(table);
  if (v.phase === "final") {
    return `<p class="prompt">The night is over. Spend any stardust you like, then tap Done for final scoring.</p>
      <div class="row"><button type="button" class="btn primary" data-action="send-type" data-type="done" data-testid="done" data-fk="done">Done</button></div>`;
  }
  if (table.legal.every((m) => m.type === "stardust")) return `<p class="prompt">Spend stardust on your board.</p>`;
  return `<p class="hint">Nothing to do.</p>`;
}

export function bonusPanelHTML(table) {
  const opts = table.movesOf("bonus");
  const chosen = table.sel.bonus;
  const owed = table.me.bonus_choices[0] || {};
  return `<p class="prompt">Your constellation touches ${opts.length > 2 ? "bonus tokens" : "a bonus token"}: take one (only one per constellation).</p>
    <div class="choice-list">${opts.map((m) => {
      const t = m.token;
      const worth = t === "x2" && owed.value !== undefined ? ` (+${owed.value} VP)` : "";
      const label = t ? `<b>${esc(BONUS[t].name)}</b> <span class="muted">— ${esc(BONUS[t].text)}${worth}</span>` : "<b>Take none</b>";
      return `<button type="button" class="btn choice${chosen === t ? " picked" : ""}" data-action="bonus" data-token="${t === null ? "" : esc(t)}"
        data-testid="bonus-${t === null ? "none" : esc(t)}" data-fk="bonus:${t}">${label}</button>`;
    }).join("")}</div>`;
}

export function ashPanelHTML(table) {
  const v = table.view;
  const picks = table.movesOf("ash_keep").concat(table.movesOf("ash_light"));
  const tokens = v.sky.filter((t) => picks.some((m) => m.token === t.id));
  const sel = tokens.find((t) => t.id === table.sel.ash);
  const list = `<div class="ash-list">${tokens.map((t) => `<button type="button" class="ash-pick${sel && sel.id === t.id ? " picked" : ""}"
      data-action="ash" data-from="panel" data-token="${esc(t.id)}" data-testid="ash-${esc(t.id)}" data-fk="ashbtn:${esc(t.id)}">${ashIcon(t.kind)}
      <span><b>${esc(ASH[t.kind])}</b><small>${esc(REGION_TEXT[t.region])}</small></span></button>`).join("")}</div>`;
  let opts = `<p class="note">Tap a token (here or in the night sky below) to keep it for your action turn, or discard it at once for light of a colour under it.</p>`;
  if (sel && table.sel.from === "dish") opts = `<p class="note">Choose under the night sky below.</p>`;
  else if (sel) opts = ashOptionsHTML(table, sel.id);
  const later = v.turn.picks.slice(1);
  return `<p class="prompt">Pick a wood-ash token.</p>${list}${opts}
    ${later.length ? `<p class="note">Then: ${later.map((s) => esc(table.hooks.seatName(s))).join(", ")}.</p>` : ""}`;
}

export function actionPanelHTML(table) {
  const v = table.view;
  const me = table.me;
  const act = table.sel.act;
  const ashKinds = me.ash.map((a) => a.kind);
  const buttons = ACTIONS.map(([type, label, about]) => {
    const ok = table.has(type);
    return `<button type="button" class="btn act${act === type ? " picked" : ""}" data-action="act" data-act="${type}" data-testid="act-${type}"
      data-fk="act:${type}" title="${esc(about)}"${ok ? "" : " disabled"}>${label}</button>`;
  }).join("");
  const left = v.turn.actions_left;
  const head = `<p class="prompt">Your turn: ${plural(left, "action")} left${ashKinds.length ? ` · wood ash: ${ashKinds.map((k) => esc(ASH[k])).join(", ")} (free)` : ""}.</p>`;
  let detail = "";
  if (act) {
    const about = ACTIONS.find(([t]) => t === act)[2];
    detail = `<div class="act-detail" data-testid="act-detail"><p class="note">${esc(about)}</p>${actDetailHTML(table, act)}</div>`;
  }
  return `${head}<div class="act-grid">${buttons}</div>${detail}
    <div class="row end-row"><button type="button" class="btn ghost" data-action="send-type" data-type="end_turn" data-testid="end-action-turn"
      data-fk="end_turn">End turn${left ? ` (${plural(left, "action")} unused)` : ""}</button></div>`;
}

export function actDetailHTML(table, act) {
  const v = table.view;
  const moves = table.movesOf(act);
  if (act === "scout" || act === "gain_stardust") return viaHTML(table, moves, act === "scout" ? "Start scouting" : "Gain stardust");
  if (act === "forage") {
    const spaces = [...new Set(moves.map((m) => m.space))];
    const fid = table.sel.forage;
    const info = !fid ? `<p class="note">Tap a glowing foraging space on the main board, or one of these.</p>`
      : table.sel.from === "map" ? `<p class="note">${esc(fid)}: confirm under the main board.</p>` : forageConfirmHTML(table, fid);
    const list = `<div class="chip-list">${spaces.map((f) => `<button type="button" class="btn small chip-btn${f === fid ? " picked" : ""}"
      data-action="forage" data-from="panel" data-forage="${esc(f)}" data-testid="forage-${esc(f)}" data-fk="forage:${esc(f)}">${forageLabel(table, f)}</button>`).join("")}</div>`;
    return list + info;
  }
  if (act === "offer") {
    const groups = [];
    for (const m of moves) {
      const k = m.kind !== undefined ? `kind-${m.kind}` : `space-${m.space}`;
      if (!groups.some((g) => g.k === k)) groups.push({ k, m });
    }
    const chosen = table.sel.offer;
    const card = v.offering.card;
    const list = `<div class="choice-list">${groups.map(({ k, m }) => {
      const text = m.kind !== undefined
        ? `${kindIcon(m.kind)} One ${esc(m.kind)} — <b>${v.offering.single[m.kind]} VP</b>`
        : `${needsHTML(card.spaces[m.space].needs)} Card space ${m.space + 1} — <b>${card.spaces[m.space].vp} VP</b>`;
      return `<button type="button" class="btn choice${chosen === k ? " picked" : ""}" data-action="offer" data-offer="${k}"
        data-testid="offer-${k}" data-fk="offer:${k}">${text}</button>`;
    }).join("")}</div>`;
    const picked = groups.find((g) => g.k === chosen);
    const same = picked ? moves.filter((m) => (m.kind !== undefined ? `kind-${m.kind}` : `space-${m.space}`) === chosen) : [];
    return list + (picked ? viaHTML(table, same, "Offer") : "");
  }
  if (act === "stargaze") {
    const sp = table.sel.sky;
    return `<div class="chip-list">${moves.map((m) => `<button type="button" class="btn small chip-btn${sp === m.space ? " picked" : ""}"
      data-action="sky" data-from="panel" data-space="${m.space}" data-testid="sky-${m.space}" data-fk="skybtn:${m.space}">Space ${m.space}</button>`).join("")}</div>
      ${!sp ? `<p class="note">Tap a glowing space on the night sky, or one of these.</p>`
        : table.sel.from === "sky" ? `<p class="note">Space ${sp}: confirm under the night sky.</p>` : viaHTML(table, moves.filter((m) => m.space === sp), "Stargaze")}`;
  }
  if (act === "recall") {
    const me = table.me;
    const out = [...new Set(moves.flatMap((m) => m.villagers))].sort((a, b) => a - b);
    const picked = table.sel.recall || [];
    const same = moves.filter((m) => m.villagers.length === picked.length && m.villagers.every((x, i) => x === [...picked].sort((a, b) => a - b)[i]));
    return `<div class="recall-list">${out.map((i) => `<label class="recall-v"><input type="checkbox" data-action="recall-v" data-v="${i}"
        data-testid="recall-v${i}" data-fk="recall:${i}"${picked.includes(i) ? " checked" : ""}>${villagerText(me.villagers[i])}</label>`).join("")}</div>
      ${same.length ? viaHTML(table, same, `Recall ${plural(picked.length, "villager")}`) : `<p class="note">Tick the villagers to bring back.</p>`}`;
  }
  return "";
}

export function scoutPanelHTML(table) {
  const v = table.view;
  const steps = table.movesOf("scout_step");
  const path = v.turn.scout.path;
  const space = table.sel.path;
  const spaces = [...new Set(steps.map((m) => m.space))];
  let opts = `<p class="note">Tap a glowing path space on the main board${spaces.length ? ", or one of these" : " (none can be reached)"}.</p>`;
  if (space) opts = table.sel.from === "map" ? `<p class="note">${esc(space)}: choose its light under the main board.</p>` : stepOptionsHTML(table, space);
  return `<p class="prompt">Scouting: ${plural(path.length, "light")} placed${path.length ? ` (${path.map(esc).join(" → ")})` : ""}.</p>
    <p class="note">Start beside the Village or a lit space (matching its colour), go space by space, and end on a foraging space's doorstep with its colour.
      Each light comes from your supply: ${lightHTML(table.me.light)}.</p>
    <div class="chip-list">${spaces.map((p) => `<button type="button" class="btn small chip-btn${p === space ? " picked" : ""}" data-action="path" data-from="panel"
      data-path="${esc(p)}" data-testid="path-${esc(p)}" data-fk="pathbtn:${esc(p)}">${esc(p)}</button>`).join("")}</div>
    ${opts}
    ${table.has("scout_cancel") ? `<div class="row"><button type="button" class="btn ghost small" data-action="send-type" data-type="scout_cancel"
      data-testid="scout-cancel" data-fk="scout_cancel">Take back this scouting</button></div>` : ""}`;
}

// ------------------------------------------------------------------ taps on the panel

/** a button carrying the index of a listed move */
function sendListed(table, el) {
  const m = table.legal[Number(el.dataset.i)];
  return m ? table.send(m) : undefined;
}

/** a button for the one listed move of a type (Done, End turn, take back a scouting) */
function sendType(table, el) {
  const m = table.legal.find((x) => x.type === el.dataset.type);
  return m ? table.send(m) : undefined;
}

/** "Spend stardust": the board takes stardust instead of a tile, or back */
function toggleDust(table) {
  table.sel = { ...table.sel, mode: table.dustMode() ? "tile" : "dust", dustCell: null, cell: null };
  table.draw(true);
  if (table.sel.mode === "dust") {
    const b = table.root.querySelector(".st-mine");
    if (b && b.scrollIntoView) b.scrollIntoView({ block: "nearest" });
  }
  return undefined;
}

function chooseBonus(table, el) {
  const tok = el.dataset.token || null;
  const m = table.legal.find((x) => x.type === "bonus" && x.token === tok);
  return m ? table.send(m) : undefined;
}

function chooseAction(table, el) {
  table.sel = { act: table.sel.act === el.dataset.act ? null : el.dataset.act };
  return table.draw();
}

function chooseOffer(table, el) {
  table.sel = { act: "offer", offer: el.dataset.offer };
  return table.draw();
}

/** a villager ticked (or unticked) for Recall */
function tickVillager(table, el) {
  const i = Number(el.dataset.v);
  const set = new Set(table.sel.recall || []);
  if (el.checked) set.add(i); else set.delete(i);
  table.sel = { act: "recall", recall: [...set].sort((x, y) => x - y) };
  return table.draw();
}

/** data-action → handler(table, element) */
export const panelClicks = {
  send: sendListed, "send-type": sendType, "dust-mode": toggleDust, bonus: chooseBonus,
  act: chooseAction, offer: chooseOffer, "recall-v": tickVillager,
};
