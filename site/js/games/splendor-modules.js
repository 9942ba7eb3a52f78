// Splendor's optional modules on screen (docs/splendor.md, "Modules"): Trading Posts and
// Strongholds. The board of the five posts, strongholds drawn on market cards in seat
// colours, each seat's supply and posts, the decisions the modules add to a turn (the extra
// gem, keep one of two, the stronghold action, the conquest, the post choice), their log
// lines and the switches of the new-game form.
//
// No rules live here: a decision's buttons are the `legal_moves` the engine listed for the
// seat (sent by their index in that listing), and what is drawn comes from the view.

import { TIER_NAMES, cardHTML, cardTitle, esc, gemsHTML, orderedEntries, tokenHTML } from "./gems-ui.js";

/** the switches of the new-game form, in the words of seed 001 */
export const MODULES = {
  trading_posts: {
    label: "Trading Posts",
    about: "Unlock permanent powers: extra gems, stronger gold, prestige, and a choice when reserving from a deck.",
  },
  strongholds: {
    label: "Strongholds",
    about: "Protect market cards with your strongholds. Stack all three for an extra purchase.",
  },
};

/** a short name for each power (display only; the engine's `text` says it in full) */
const POWER_NAME = {
  gem_after_purchase: "+1 gem after buying",
  third_gem_after_take_two: "+1 gem after taking two",
  gold_worth_two: "Gold counts double",
  reserve_deck_draw2: "Draw 2, keep 1",
  prestige_per_trading_post: "1 prestige per post",
};

/** the phases the modules add, as the status line says them */
export const PHASE_TEXT = {
  gem: "takes a Trading Post gem",
  keep: "chooses a card to keep",
  stronghold: "places a stronghold",
  conquest: "may conquer a card",
  post: "chooses a Trading Post",
};
export const MODULE_PHASES = new Set(Object.keys(PHASE_TEXT));

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const postName = (p) => POWER_NAME[p.power] || `Post ${p.post}`;
const findPost = (view, n) => (view.posts || []).find((p) => p.post === n);

// ---------------------------------------------------------------------------- badges

/** the modules this match plays with, as a small badge row (fixed for the match) */
export function badgesHTML(view) {
  const on = Object.keys(MODULES).filter((k) => view.options && view.options[k]);
  if (!on.length) return "";
  return `<span class="module-badges" data-testid="modules" title="Modules of this match (fixed until it ends)">${
    on.map((k) => `<span class="module-badge mod-${k}" data-testid="module-${k}">${esc(MODULES[k].label)}</span>`).join("")}</span>`;
}

// ---------------------------------------------------------------------------- markers

/** `n` strongholds of `seat`, as towers in the seat's colour */
export function towersHTML(seat, n, { hollow = 0 } = {}) {
  const full = Array.from({ length: n }, () => `<i class="tower s${seat}"></i>`).join("");
  const empty = Array.from({ length: hollow }, () => `<i class="tower hollow s${seat}"></i>`).join("");
  return full + empty;
}

function holderHTML(seat, name, mine) {
  return `<i class="holder s${seat}${mine ? " me" : ""}" title="${esc(name(seat))}" data-seat="${seat}">${seat + 1}</i>`;
}

// ---------------------------------------------------------------------------- the posts board

/**
 * The five posts: needs (bonus pips), the power, who holds which. In phase `post` the listed
 * choices are buttons (`data-action="post"`); otherwise a tap shows the power in full below.
 */
export function postsBoardHTML(t) {
  const { view } = t.state;
  if (!view.posts) return "";
  const name = t.hooks.seatName;
  const choosing = t.live && view.turn.phase === "post";
  const listed = new Map(t.legal.map((m, i) => [m, i]).filter(([m]) => m.type === "post").map(([m, i]) => [m.post, i]));
  const tiles = view.posts.map((p) => {
    const choice = choosing && listed.has(p.post);
    const mine = view.seat !== null && view.seat !== undefined && p.holders.includes(view.seat);
    const needs = orderedEntries(p.needs)
      .map(([c, n]) => `<span class="need gem-${c}" title="${n} ${c} bonuses">${n}</span>`).join("");
    const needText = orderedEntries(p.needs).map(([c, n]) => `${n} ${c}`).join(", ");
    const holders = p.holders.map((s) => holderHTML(s, name, s === view.seat)).join("");
    const heldText = p.holders.length ? `held by ${p.holders.map(name).join(", ")}` : "held by nobody yet";
    const label = `Trading Post ${p.post}: needs ${needText} bonuses. ${p.text}. ${heldText}`;
    const cls = ["post", mine ? "mine" : "", choice ? "live" : "", t.postInfo === p.post ? "open" : ""].filter(Boolean).join(" ");
    const attrs = choice
      ? `data-action="post" data-post="${p.post}" data-move="${listed.get(p.post)}"`
      : `data-action="post-info" data-post="${p.post}"`;
    return `<button type="button" class="${cls}" ${attrs} data-testid="post-${p.post}" data-holders="${p.holders.join(",")}"
        aria-label="${esc(label)}" title="${esc(label)}">
      <span class="post-head"><span class="post-no">${p.post}</span><span class="post-needs">${needs}</span></span>
      <span class="post-name">${esc(postName(p))}</span>
      <span class="post-text">${esc(p.text)}</span>
      <span class="post-holders" data-testid="post-holders-${p.post}">${holders}</span>
    </button>`;
  }).join("");
  const open = t.postInfo ? findPost(view, t.postInfo) : null;
  const info = open
    ? `<p class="post-info" data-testid="post-info"><b>Post ${open.post}</b> · needs ${gemsHTML(open.needs)} bonuses — ${esc(open.text)}.</p>`
    : "";
  return `<section class="posts-board" data-testid="posts-board" aria-label="Trading Posts">
      <h3 class="strip-label">Trading Posts <small>one per turn, after the noble</small></h3>
      <div class="posts">${tiles}</div>${info}
    </section>`;
}

// ---------------------------------------------------------------------------- strongholds on cards

/** the listed stronghold moves, with their index in the listing */
function strongholdMoves(t) {
  return t.legal.map((m, i) => ({ m, i })).filter(({ m }) => m.type === "stronghold");
}

/** what a market card shows of the strongholds on it, and how it is marked in a decision */
export function marketCardExtra(t, card) {
  const { view } = t.state;
  const out = { cls: "", extra: "", note: "" };
  if (!view.options || !view.options.strongholds) return out;
  const cls = [];
  const held = (view.strongholds || {})[card.id];
  const viewer = view.seat;
  if (held) {
    const name = t.hooks.seatName(held.seat);
    const rival = viewer === null || viewer === undefined || held.seat !== viewer;
    cls.push("held", `held-s${held.seat}`, rival ? "guarded" : "own");
    out.extra = `<span class="sh-stack" data-testid="strongholds-${esc(card.id)}" data-seat="${held.seat}" data-count="${held.count}"
        aria-hidden="true">${towersHTML(held.seat, held.count)}</span>`;
    out.note = `${plural(held.count, "stronghold")} of ${name}${rival ? `: only ${name} may buy or reserve it` : ""}`;
  }
  const phase = view.turn.phase;
  if (t.live && phase === "stronghold") {
    const moves = strongholdMoves(t);
    const sel = t.sel;
    if (sel && sel.kind === "sh-from") {
      if (moves.some(({ m }) => m.action === "move" && m.from === sel.from && m.card === card.id)) cls.push("sh-target");
      if (card.id === sel.from) cls.push("sh-source");
    } else if (moves.some(({ m }) => m.card === card.id || m.from === card.id)) {
      cls.push("sh-target");
    }
  }
  if (phase === "conquest" && view.pending && view.pending.conquest === card.id) cls.push("conquest");
  out.cls = cls.join(" ");
  return out;
}

// ---------------------------------------------------------------------------- seat panels

/** the seat's posts and its stronghold supply (towers at home, hollow ones on the table) */
export function seatModulesHTML(t, s) {
  const { view } = t.state;
  const parts = [];
  if (view.options && view.options.strongholds) {
    const out = Object.values(view.strongholds || {}).filter((h) => h.seat === s.seat).reduce((a, h) => a + h.count, 0);
    parts.push(`<span class="sh-supply" data-testid="sh-supply-${s.seat}" data-supply="${s.strongholds}"
        title="${esc(`${plural(s.strongholds, "stronghold")} in supply, ${out} on the market`)}">${
      towersHTML(s.seat, s.strongholds, { hollow: out })}<span class="muted">${s.strongholds} in supply</span></span>`);
  }
  if (view.posts) {
    const posts = (s.posts || []).slice().sort((a, b) => a - b);
    parts.push(`<span class="seat-posts" data-testid="seat-posts-${s.seat}" data-posts="${posts.join(",")}">${
      posts.length
        ? posts.map((n) => `<span class="post-chip s${s.seat}" title="${esc(`Trading Post ${n}: ${(findPost(view, n) || {}).text || ""}`)}">P${n}</span>`).join("")
        : `<span class="muted">no Trading Post</span>`}</span>`);
  }
  if (view.turn.phase === "keep" && view.turn.seat === s.seat && view.seat !== s.seat) {
    const tier = view.pending && view.pending.keep ? view.pending.keep.tier : null;
    parts.push(`<span class="keep-pending" data-testid="keep-pending">${tier ? `two tier ${TIER_NAMES[tier]} cards drawn: ` : ""}choosing…</span>`);
  }
  return parts.length ? `<div class="seat-modules">${parts.join("")}</div>` : "";
}

// ---------------------------------------------------------------------------- decisions (the live panel)

/** the panel of a module decision, for the seat whose decision it is */
export function decisionPanelHTML(t) {
  const { view } = t.state;
  const phase = view.turn.phase;
  const pending = view.pending || {};
  if (phase === "gem") {
    const tokens = t.legal.map((m, i) => ({ m, i })).filter(({ m }) => m.type === "gem").map(({ m, i }) =>
      tokenHTML(m.gem, view.bank[m.gem] || 0, { action: "listed", disabled: false, size: "small" })
        .replace('data-action="listed"', `data-action="listed" data-move="${i}" data-testid="gem-${m.gem}"`)).join("");
    return `<p class="prompt">Your Trading Post gives you 1 more gem. Choose its colour:</p>
      <div class="gem-choice" data-testid="gem-choice">${tokens}</div>`;
  }
  if (phase === "keep") {
    const keep = pending.keep || {};
    const cards = (keep.cards || []).map((c) => {
      const i = t.legal.findIndex((m) => m.type === "keep" && m.card === c.id);
      return `<div class="keep-option">${cardHTML(c, { where: "keep", size: "big" })}
        <button type="button" class="btn primary small" data-action="listed" data-move="${i}" data-testid="keep-${esc(c.id)}"${i < 0 ? " disabled" : ""}>Keep</button></div>`;
    }).join("");
    return `<p class="prompt">Trading Post 4: you drew two tier ${TIER_NAMES[keep.tier] || ""} cards. Keep one — only you will see it; the other goes to the bottom of the deck.</p>
      <div class="keep-choice" data-testid="keep-choice">${cards}</div>`;
  }
  if (phase === "post") {
    const tiles = t.legal.map((m, i) => ({ m, i })).filter(({ m }) => m.type === "post").map(({ m, i }) => {
      const p = findPost(view, m.post) || { post: m.post, text: "", needs: {} };
      return `<button type="button" class="btn secondary post-pick" data-action="listed" data-move="${i}" data-testid="choose-post-${m.post}">
        <b>Post ${m.post}</b> · ${esc(postName(p))}</button>`;
    }).join("");
    return `<p class="prompt">Several Trading Posts are within your reach. You earn one this turn: which?</p>
      <div class="row post-choice">${tiles}</div>
      <p class="note">Tap a post on the board to read its power in full.</p>`;
  }
  if (phase === "stronghold") return strongholdPanelHTML(t);
  if (phase === "conquest") {
    const found = t._findCard(pending.conquest);
    const skip = t.legal.findIndex((m) => m.type === "skip");
    const buys = t._buysFor(pending.conquest);
    if (!found) return "";
    return `${t.cardDetailHTML(found, `Conquest: your strongholds stand on this ${esc(cardTitle(found.card))}.`,
      `<p class="muted">You may buy it now as an extra purchase (costs ${gemsHTML(found.card.cost)}), or let it be.</p>`)}
      <div class="row">
        <button type="button" class="btn ghost" data-action="listed" data-move="${skip}" data-testid="skip-conquest"${skip < 0 ? " disabled" : ""}>Skip</button>
        <button type="button" class="btn primary" data-action="conquer" data-testid="conquer"${buys.length ? "" : " disabled"}>Buy…</button>
      </div>`;
  }
  return "";
}

function strongholdPanelHTML(t) {
  const { view } = t.state;
  const me = view.seats[view.seat];
  const name = t.hooks.seatName;
  const moves = strongholdMoves(t);
  const sel = t.sel;
  const titleOf = (id) => { const f = t._findCard(id); return f ? cardTitle(f.card) : id; };
  if (sel && sel.kind === "sh-from") {
    return `<p class="prompt">Move one of your strongholds from the ${esc(titleOf(sel.from))}: tap the card to move it to.</p>
      <div class="row"><button type="button" class="btn ghost" data-action="cancel">Cancel</button></div>`;
  }
  if (sel && sel.kind === "sh") {
    const found = t._findCard(sel.id);
    if (!found) { t.sel = null; return strongholdPanelHTML(t); }
    const held = (view.strongholds || {})[sel.id];
    const here = moves.filter(({ m }) => m.card === sel.id);
    const from = moves.filter(({ m }) => m.action === "move" && m.from === sel.id);
    const buttons = here.map(({ m, i }) => {
      if (m.action === "place") return `<button type="button" class="btn primary" data-action="listed" data-move="${i}" data-testid="sh-place">Place a stronghold here</button>`;
      if (m.action === "remove") return `<button type="button" class="btn primary" data-action="listed" data-move="${i}" data-testid="sh-remove">Remove ${esc(held ? name(held.seat) : "the")}'s stronghold</button>`;
      return `<button type="button" class="btn secondary" data-action="listed" data-move="${i}" data-testid="sh-move-here" data-from="${esc(m.from)}">Move one here from the ${esc(titleOf(m.from))}</button>`;
    });
    if (from.length) buttons.push(`<button type="button" class="btn secondary" data-action="sh-from" data-card="${esc(sel.id)}" data-testid="sh-move-from">Move one from here…</button>`);
    const heldText = held ? `<p class="muted">${plural(held.count, "stronghold")} of ${esc(name(held.seat))} here.</p>` : "";
    const none = buttons.length ? "" : `<p class="note">No stronghold action of yours is listed for this card.</p>`;
    return `${t.cardDetailHTML(found, esc(cardTitle(found.card)), heldText + none)}
      <div class="row"><button type="button" class="btn ghost" data-action="cancel">Cancel</button>${buttons.join("")}</div>`;
  }
  const can = [];
  if (moves.some(({ m }) => m.action === "place")) can.push(`place one of yours (${me.strongholds} in supply)`);
  if (moves.some(({ m }) => m.action === "move")) can.push("move one of yours");
  if (moves.some(({ m }) => m.action === "remove")) can.push("remove a lone rival stronghold");
  return `<p class="prompt">Strongholds: after your purchase, ${can.join(", or ") || "act"}. Tap a highlighted card.</p>
    <p class="note">A card with your strongholds can be bought or reserved only by you; all three on one card allow an extra purchase of it.</p>`;
}

/** a line under the panel of a seat that watches another seat's module decision */
export function watchingHTML(t) {
  const { view } = t.state;
  const phase = view.turn.phase;
  if (!MODULE_PHASES.has(phase)) return "";
  const who = esc(t.hooks.seatName(view.turn.seat));
  const pending = view.pending || {};
  const text = {
    gem: `${who} is choosing a Trading Post gem…`,
    keep: `${who} drew two tier ${TIER_NAMES[(pending.keep || {}).tier] || ""} cards and is choosing which to keep…`,
    stronghold: `${who} is choosing where a stronghold goes…`,
    conquest: `${who} may buy the card their strongholds conquered…`,
    post: `${who} is choosing a Trading Post…`,
  }[phase];
  return `<p class="hint watching" data-testid="watching">${text}</p>`;
}

// ---------------------------------------------------------------------------- taps

/** the module taps of the seat on the move; undefined when the tap is not a module one */
export function onModuleAction(t, a, el, redraw) {
  const { view } = t.state;
  const phase = view.turn.phase;
  if (a === "listed" || (a === "post" && phase === "post")) {
    const move = t.legal[Number(el.dataset.move)];
    if (move) return t._send(move);
    return undefined;
  }
  if (phase === "stronghold" && a === "card") {
    const id = el.dataset.card;
    const sel = t.sel;
    if (sel && sel.kind === "sh-from") {
      const move = t.legal.find((m) => m.type === "stronghold" && m.action === "move" && m.from === sel.from && m.card === id);
      if (move) return t._send(move);
      if (id === sel.from) { t.sel = null; redraw(); return true; }
    }
    t.sel = sel && sel.kind === "sh" && sel.id === id ? null : { kind: "sh", id };
    redraw();
    return true;
  }
  if (phase === "stronghold" && a === "sh-from") {
    t.sel = { kind: "sh-from", from: el.dataset.card };
    redraw();
    return true;
  }
  if (phase === "conquest" && (a === "conquer" || (a === "card" && el.dataset.card === (view.pending || {}).conquest))) {
    if (t._buysFor(view.pending.conquest).length) {
      t.sel = { kind: "pay", id: view.pending.conquest, where: "market", index: 0 };
      redraw();
      return true;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------- log lines

/** a log line for a module event, or null */
export function describeModuleEvent(ev, name) {
  const who = (seat) => `<b>${esc(name(seat))}</b>`;
  switch (ev.type) {
    case "gem":
      return `${who(ev.seat)} took ${gemsHTML({ [ev.gem]: 1 })} from Trading Post ${esc(ev.post)}`;
    case "keep":
      return `${who(ev.seat)} kept one of two tier ${TIER_NAMES[ev.tier] || ev.tier} cards (face down); the other went to the bottom of the deck`;
    case "stronghold":
      if (ev.action === "place") return `${who(ev.seat)} placed a stronghold on a ${esc(cardTitle(ev.card))}`;
      if (ev.action === "move") return `${who(ev.seat)} moved a stronghold from a ${esc(cardTitle(ev.from))} to a ${esc(cardTitle(ev.card))}`;
      return `${who(ev.seat)} removed a lone rival stronghold from a ${esc(cardTitle(ev.card))}; it goes home`;
    case "strongholds_home":
      return `${plural(ev.count, "stronghold")} of ${who(ev.seat)} went home from the ${esc(cardTitle(ev.card))}`;
    case "conquest":
      return `${who(ev.seat)} conquers: three strongholds on one card allow an extra purchase`;
    case "skip_conquest":
      return `${who(ev.seat)} let the conquest go`;
    case "post":
      return `${who(ev.seat)} earned Trading Post ${esc(ev.post)}${ev.prestige ? `: +${ev.prestige} prestige` : ""}`;
    default:
      return null;
  }
}
