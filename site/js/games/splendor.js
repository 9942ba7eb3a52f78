// The Splendor table: renders a seat's view (docs/splendor.md) and turns taps into moves.
//
// No rules live here. Every move this file sends is either one of the `legal_moves` the
// engine listed for the seat, or — for a card the player asks to buy or reserve although the
// engine did not list it — an attempt that the engine judges and refuses with its reason.
// Selection helpers only compare the player's selection with the listed moves.

export const COLORS = ["white", "blue", "green", "red", "black"];
export const TOKENS = [...COLORS, "gold"];
const TIER_NAMES = { 1: "I", 2: "II", 3: "III" };

// ---------------------------------------------------------------------------- helpers

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

const sum = (gems) => Object.values(gems || {}).reduce((a, b) => a + b, 0);
const clean = (gems) => Object.fromEntries(Object.entries(gems).filter(([, n]) => n > 0));

function sameGems(a, b) {
  const ka = Object.keys(clean(a)), kb = Object.keys(clean(b));
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
}
/** true when `small` fits inside `big`, colour by colour */
function within(small, big) {
  return Object.entries(small).every(([k, n]) => n <= (big[k] || 0));
}
function plus(gems, color, n = 1) {
  const out = { ...gems, [color]: (gems[color] || 0) + n };
  return clean(out);
}
function orderedEntries(gems) {
  return TOKENS.filter((c) => (gems || {})[c] > 0).map((c) => [c, gems[c]]);
}

/** "2 red, 1 gold" as HTML with small gem dots */
export function gemsHTML(gems) {
  const parts = orderedEntries(gems).map(([c, n]) =>
    `<span class="gemtext"><i class="dot gem-${c}" aria-hidden="true"></i>${n} ${c}</span>`);
  return parts.length ? parts.join(" ") : "nothing";
}
export function gemsText(gems) {
  const parts = orderedEntries(gems).map(([c, n]) => `${n} ${c}`);
  return parts.length ? parts.join(", ") : "nothing";
}
function cardTitle(card) {
  const pts = card.points ? `${card.points}-point ` : "";
  return `${pts}${card.color} card (tier ${TIER_NAMES[card.tier] || card.tier})`;
}
function costText(card) {
  return orderedEntries(card.cost).map(([c, n]) => `${n} ${c}`).join(", ") || "free";
}

// ---------------------------------------------------------------------------- markup

function cardHTML(card, { where = "market", selected = false, listed = false, interactive = false, size = "" } = {}) {
  const pips = orderedEntries(card.cost)
    .map(([c, n]) => `<span class="pip gem-${c}" title="${n} ${c}">${n}</span>`).join("");
  const cls = ["card", `gem-${card.color}`, `tier-${card.tier}`, size,
    selected ? "selected" : "", listed ? "affordable" : "", interactive ? "live" : ""].filter(Boolean).join(" ");
  const label = `${cardTitle(card)}, costs ${costText(card)}`;
  const tag = interactive ? "button" : "div";
  const type = interactive ? ' type="button"' : "";
  return `<${tag}${type} class="${cls}" data-action="card" data-card="${esc(card.id)}" data-where="${where}"
      aria-label="${esc(label)}" title="${esc(label)}"${selected ? ' aria-pressed="true"' : ""}>
    <span class="card-top"><span class="points">${card.points || ""}</span><span class="bonus gem-${card.color}" aria-hidden="true"></span></span>
    <span class="cost">${pips}</span>
    <span class="card-id">${esc(card.id)}</span>
  </${tag}>`;
}

function hiddenCardHTML(tier, size = "") {
  return `<div class="card back tier-${tier} ${size}" data-hidden="true" aria-label="a face-down tier ${TIER_NAMES[tier]} card" title="Reserved from the tier ${TIER_NAMES[tier]} deck (face down)">
    <span class="back-mark">${TIER_NAMES[tier] || tier}</span></div>`;
}

function nobleHTML(noble, { selectable = false, owned = false } = {}) {
  const needs = orderedEntries(noble.needs)
    .map(([c, n]) => `<span class="need gem-${c}" title="${n} ${c} cards">${n}</span>`).join("");
  const tag = selectable ? "button" : "div";
  const label = `noble ${noble.id}: ${noble.points} prestige, needs ${orderedEntries(noble.needs).map(([c, n]) => `${n} ${c}`).join(", ")} bonuses`;
  return `<${tag}${selectable ? ' type="button"' : ""} class="noble${selectable ? " live" : ""}${owned ? " small" : ""}"
      data-action="noble" data-noble="${esc(noble.id)}" aria-label="${esc(label)}" title="${esc(label)}">
    <span class="points">${noble.points}</span><span class="needs">${needs}</span></${tag}>`;
}

function tokenHTML(color, count, { action = "", disabled = true, picked = 0, size = "", sign = "+" } = {}) {
  const tag = action ? "button" : "div";
  const attrs = action
    ? ` type="button" data-action="${action}" data-color="${color}"${disabled ? " disabled" : ""}`
    : "";
  return `<${tag}${attrs} class="token gem-${color} ${size}${picked ? " picked" : ""}" aria-label="${color}: ${count}${picked ? `, ${picked} selected` : ""}">
    <span class="count">${count}</span>${picked ? `<span class="badge">${sign}${picked}</span>` : ""}</${tag}>`;
}

// ---------------------------------------------------------------------------- events

/** A human-readable line for one engine event, or null for events not worth a line. */
export function describeEvent(ev, name) {
  const who = (seat) => `<b>${esc(name(seat))}</b>`;
  switch (ev.type) {
    case "take": return `${who(ev.seat)} took ${gemsHTML(ev.gems)}`;
    case "reserve":
      return ev.card
        ? `${who(ev.seat)} reserved a ${esc(cardTitle(ev.card))} from the market`
        : `${who(ev.seat)} reserved the top card of the tier ${TIER_NAMES[ev.tier] || ev.tier} deck (face down)`;
    case "gold": return `${who(ev.seat)} took <span class="gemtext"><i class="dot gem-gold" aria-hidden="true"></i>1 gold</span>`;
    case "buy": return `${who(ev.seat)} bought a ${esc(cardTitle(ev.card))}, ${
      sum(ev.pay) ? `paying ${gemsHTML(ev.pay)}` : "free thanks to bonuses"}`;
    case "refill": return ev.card ? null : `The tier ${TIER_NAMES[ev.tier] || ev.tier} deck is empty`;
    case "return": return `${who(ev.seat)} returned ${gemsHTML(ev.gems)}`;
    case "noble": return `A noble visits ${who(ev.seat)}: +${ev.noble.points} prestige`;
    case "pass": return `${who(ev.seat)} passed: no possible action`;
    case "final_round": return `${who(ev.seat)} reached 15 prestige: the round is finished, then the game ends`;
    case "game_over": {
      const r = ev.result || {};
      const winners = (r.winners || []).map((s) => esc(name(s)));
      return winners.length > 1 ? `Game over: shared victory for ${winners.join(" and ")}` : `Game over: ${winners[0] || "?"} wins`;
    }
    default: return null;
  }
}

export const DECIDED_BY_TEXT = {
  prestige: "Decided by prestige: the highest score wins.",
  "fewest cards": "Tied on prestige: the fewest purchased development cards wins.",
  shared: "Tied on prestige and on purchased cards: the victory is shared.",
};

// ---------------------------------------------------------------------------- the table

/**
 * new SplendorTable(root, hooks)
 *   hooks.attempt(move) -> Promise<boolean>   sends a move; false when the engine refused it
 *   hooks.seatName(seat), hooks.seatKind(seat) -> "human" | "greedy" | "random"
 *   hooks.endTurn()                           pass-and-play: the player is done looking
 * table.render(state, ctx)
 *   state: a `state` reply (view, legal_moves, to_act, over, result)
 *   ctx:   {interactive, thinking (seat or null), turnOver (next human seat, when the player
 *          who just moved should hand the device on), fresh (new state: drop the selection)}
 */
export class SplendorTable {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.state = null;
    this.ctx = {};
    this.sel = null;
    root.addEventListener("click", (e) => this._onClick(e));
  }

  clear() {
    this.state = null;
    this.sel = null;
    this.root.innerHTML = "";
  }

  render(state, ctx = {}) {
    if (ctx.fresh !== false || !this.state) this.sel = null;
    this.state = state;
    this.ctx = ctx;
    this._draw();
  }

  // ------------------------------------------------------------------ derived from the listing
  get legal() { return (this.state && this.state.legal_moves) || []; }
  get live() { return !!this.ctx.interactive; }
  _moves(type) { return this.legal.filter((m) => m.type === type); }
  _buysFor(cardId) {
    return this._moves("buy").filter((m) => m.card === cardId)
      .map((m, i) => ({ pay: m.pay, gold: m.pay.gold || 0, i }))
      .sort((a, b) => a.gold - b.gold || sum(a.pay) - sum(b.pay) || a.i - b.i)
      .map((o) => o.pay);
  }
  _reserveListed(sel) {
    return this._moves("reserve").some((m) => (sel.tier != null ? m.tier === sel.tier : m.card === sel.id));
  }
  /** can `color` be added to the selection and still lead to a listed move of this type? */
  _canAdd(type, gems, color) {
    const next = plus(gems, color);
    return this._moves(type).some((m) => within(next, m.gems));
  }
  _isListed(type, gems) { return this._moves(type).some((m) => sameGems(m.gems, gems)); }

  _findCard(id) {
    const v = this.state.view;
    for (const row of v.market) for (const c of row) if (c && c.id === id) return { card: c, where: "market" };
    const me = v.seats[v.seat];
    if (me) for (const c of me.reserved) if (c && c.id === id) return { card: c, where: "reserved" };
    return null;
  }

  // ------------------------------------------------------------------ drawing
  /** a selector for the focused control, so that a redraw can give focus back (keyboard play) */
  _focusKey() {
    const el = document.activeElement;
    if (!el || !this.root.contains(el) || !el.dataset || !el.dataset.action) return null;
    const keys = ["action", "color", "card", "tier", "noble", "index", "where"];
    return keys.filter((k) => el.dataset[k] !== undefined)
      .map((k) => `[data-${k}="${CSS.escape(el.dataset[k])}"]`).join("");
  }

  _draw() {
    const focus = this._focusKey();
    this._paint();
    if (focus) {
      const again = this.root.querySelector(focus);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else { const first = this.root.querySelector(".action-panel button:not(:disabled)"); if (first) first.focus({ preventScroll: true }); }
    }
  }

  _paint() {
    const { view } = this.state;
    const live = this.live;
    const phase = view.turn.phase;
    const sel = this.sel;
    const viewer = view.seat;

    // market
    const listedBuys = new Set(live ? this._moves("buy").map((m) => m.card) : []);
    const tiers = [3, 2, 1].map((tier) => {
      const row = view.market[tier - 1] || [];
      const left = view.decks[tier - 1];
      const deckSelected = sel && sel.kind === "deck" && sel.tier === tier;
      const deckLive = live && phase === "action";
      const deck = `<${deckLive ? 'button type="button"' : "div"} class="deck tier-${tier}${deckSelected ? " selected" : ""}${left ? "" : " empty"}${deckLive ? " live" : ""}"
          data-action="deck" data-tier="${tier}" aria-label="tier ${TIER_NAMES[tier]} deck, ${left} cards${deckLive ? ": tap to reserve its top card" : ""}">
          <span class="deck-tier">${TIER_NAMES[tier]}</span><span class="deck-count">${left}</span></${deckLive ? "button" : "div"}>`;
      const cards = [0, 1, 2, 3].map((i) => {
        const c = row[i];
        if (!c) return `<div class="card slot-empty" aria-label="empty slot"></div>`;
        return cardHTML(c, {
          where: "market", interactive: live && phase === "action",
          selected: sel && (sel.kind === "card" || sel.kind === "pay") && sel.id === c.id,
          listed: listedBuys.has(c.id),
        });
      }).join("");
      return `<div class="tier-row" data-tier="${tier}">${deck}${cards}</div>`;
    }).join("");

    // nobles (pending choice highlighted)
    const nobleChoice = live && phase === "noble";
    const listedNobles = new Set(this._moves("noble").map((m) => m.noble));
    const nobles = view.nobles.map((n) => nobleHTML(n, { selectable: nobleChoice && listedNobles.has(n.id) })).join("");

    // bank
    const takeSel = sel && sel.kind === "gems" ? sel.gems : {};
    const bankLive = live && phase === "action";
    const bank = TOKENS.map((c) => tokenHTML(c, view.bank[c] || 0, {
      action: "bank",
      disabled: !bankLive || c === "gold" || !this._canAdd("take", takeSel, c),
      picked: takeSel[c] || 0,
    })).join("");

    this.root.innerHTML = `
      <div class="status" data-testid="status">${this._statusHTML()}</div>
      <div class="board">
        <div class="nobles" aria-label="Nobles">${nobles}</div>
        <div class="market" aria-label="Market">${tiers}</div>
      </div>
      <div class="side">
        <div class="bank-wrap">
          <h3 class="sr-only">Bank</h3>
          <div class="bank" data-testid="bank" aria-label="Bank">${bank}</div>
        </div>
        <div class="action-panel${live ? " live" : ""}" data-testid="action-panel" aria-live="polite">${this._panelHTML()}</div>
        <div class="seats">${this._seatsHTML()}</div>
      </div>`;

    this.root.dataset.phase = phase;
    this.root.dataset.viewer = viewer === null || viewer === undefined ? "public" : String(viewer);
    this.root.dataset.interactive = live ? "true" : "false";
  }

  _statusHTML() {
    const { view } = this.state;
    const t = view.turn;
    const name = this.hooks.seatName;
    const parts = [`<span class="round">Round ${t.round}</span>`];
    if (t.final_round) parts.push(`<span class="final">Final round</span>`);
    if (t.phase === "over") parts.push(`<span class="who">Game over</span>`);
    else {
      const acting = t.seat;
      const you = this.live ? " (you)" : "";
      const what = { action: "to play", return: "must return tokens", noble: "chooses a noble" }[t.phase] || "";
      parts.push(`<span class="who"><i class="seat-dot s${acting}" aria-hidden="true"></i>${esc(name(acting))}${you} ${what}</span>`);
    }
    return parts.join("");
  }

  _panelHTML() {
    const { view } = this.state;
    const name = this.hooks.seatName;
    if (view.turn.phase === "over") return `<p class="hint">The game is over.</p>`;
    if (this.ctx.turnOver !== null && this.ctx.turnOver !== undefined) {
      const next = esc(name(this.ctx.turnOver));
      return `<p class="prompt">Your turn is over. Look at your table, then hand the device on.</p>
        <div class="row"><button type="button" class="btn primary" data-action="end-turn" data-testid="end-turn">Pass the device to ${next}</button></div>`;
    }
    if (!this.live) {
      const s = this.ctx.thinking;
      if (s !== null && s !== undefined) {
        return `<p class="hint thinking"><span class="spinner" aria-hidden="true"></span>${esc(name(s))} (computer) is thinking…</p>`;
      }
      return `<p class="hint">Waiting for ${esc(name(view.turn.seat))}…</p>`;
    }
    const phase = view.turn.phase;
    const me = view.seats[view.seat];
    if (phase === "return") return this._returnPanel(me, view.turn.must_return);
    if (phase === "noble") {
      const ids = this._moves("noble").map((m) => m.noble);
      const all = [...view.nobles];
      const choices = ids.map((id) => all.find((n) => n.id === id)).filter(Boolean)
        .map((n) => nobleHTML(n, { selectable: true })).join("");
      return `<p class="prompt">Several nobles would visit you. Choose one:</p><div class="noble-choice">${choices}</div>`;
    }
    // action phase
    const sel = this.sel;
    const moves = this.legal;
    if (moves.length === 1 && moves[0].type === "pass") {
      return `<p class="prompt">You cannot take gems, reserve or buy: you must pass.</p>
        <div class="row"><button type="button" class="btn primary" data-action="pass" data-testid="pass">Pass</button></div>`;
    }
    if (!sel) {
      return `<p class="prompt">Your turn. Tap gems in the bank to take them, or tap a card (or a deck) to buy or reserve.</p>`;
    }
    if (sel.kind === "gems") {
      const ok = this._isListed("take", sel.gems);
      const chips = orderedEntries(sel.gems).flatMap(([c, n]) => Array.from({ length: n }, () =>
        `<button type="button" class="token small gem-${c}" data-action="unpick" data-color="${c}" aria-label="remove one ${c}"><span class="count">×</span></button>`)).join("");
      return `<p class="prompt">Take ${gemsHTML(sel.gems)}${ok ? "" : ` <span class="muted">— keep choosing</span>`}</p>
        <div class="picked-row">${chips}</div>
        <div class="row">
          <button type="button" class="btn ghost" data-action="cancel">Clear</button>
          <button type="button" class="btn primary" data-action="confirm-take" data-testid="confirm-take"${ok ? "" : " disabled"}>Take gems</button>
        </div>`;
    }
    if (sel.kind === "deck") {
      const left = view.decks[sel.tier - 1];
      const listed = this._reserveListed(sel);
      return `<p class="prompt">Reserve the top card of the tier ${TIER_NAMES[sel.tier]} deck (${left} left)? Only you will see it.</p>
        <div class="row">
          <button type="button" class="btn ghost" data-action="cancel">Cancel</button>
          <button type="button" class="btn ${listed ? "primary" : "secondary"}" data-action="reserve" data-testid="reserve">Reserve</button>
        </div>`;
    }
    if (sel.kind === "card") {
      const found = this._findCard(sel.id);
      if (!found) { this.sel = null; return this._panelHTML(); }
      const buys = this._buysFor(sel.id);
      const reserveListed = this._reserveListed(sel);
      const reserveBtn = found.where === "market"
        ? `<button type="button" class="btn ${reserveListed ? "secondary" : "ghost"}" data-action="reserve" data-testid="reserve">Reserve</button>` : "";
      const note = buys.length ? "" : `<p class="note">No payment of yours is listed for this card; the engine will tell you why if you try.</p>`;
      return `<div class="card-detail">${cardHTML(found.card, { where: found.where, size: "big" })}
          <div><p class="prompt">${esc(cardTitle(found.card))}${found.where === "reserved" ? " — reserved by you" : ""}</p>
          <p class="muted">Costs ${gemsHTML(found.card.cost)}</p>${note}</div></div>
        <div class="row">
          <button type="button" class="btn ghost" data-action="cancel">Cancel</button>
          ${reserveBtn}
          <button type="button" class="btn ${buys.length ? "primary" : "ghost"}" data-action="buy" data-testid="buy">Buy${buys.length ? "…" : ""}</button>
        </div>`;
    }
    if (sel.kind === "pay") return this._payPanel(sel);
    return "";
  }

  _payPanel(sel) {
    const found = this._findCard(sel.id);
    const options = this._buysFor(sel.id);
    if (!found || !options.length) { this.sel = null; return this._panelHTML(); }
    const idx = Math.min(sel.index, options.length - 1);
    const pay = options[idx];
    const gold = pay.gold || 0;
    const lessGold = this._nearestPayment(options, pay, gold - 1);
    const moreGold = this._nearestPayment(options, pay, gold + 1);
    const list = options.map((p, i) => `
      <label class="pay-option${i === idx ? " chosen" : ""}">
        <input type="radio" name="pay" value="${i}" data-action="pick-pay" data-index="${i}" data-pay="${esc(JSON.stringify(p))}"${i === idx ? " checked" : ""}>
        <span>${orderedEntries(p).map(([c, n]) => `<span class="chip gem-${c}">${n}</span>`).join("") || "free"}</span>
      </label>`).join("");
    return `<div class="card-detail">${cardHTML(found.card, { where: found.where, size: "big" })}
        <div><p class="prompt">Pay for the ${esc(cardTitle(found.card))}</p>
        <p class="pay-now" data-testid="payment" data-pay="${esc(JSON.stringify(pay))}">${gemsHTML(pay)}</p></div></div>
      <div class="row gold-adjust">
        <button type="button" class="btn ghost small" data-action="pay-step" data-index="${lessGold}"${lessGold < 0 ? " disabled" : ""}>− gold</button>
        <span class="muted">${gold} gold</span>
        <button type="button" class="btn ghost small" data-action="pay-step" data-index="${moreGold}"${moreGold < 0 ? " disabled" : ""}>+ gold</button>
      </div>
      ${options.length > 1 ? `<fieldset class="pay-options"><legend>Payments you may choose</legend>${list}</fieldset>` : ""}
      <div class="row">
        <button type="button" class="btn ghost" data-action="cancel">Cancel</button>
        <button type="button" class="btn primary" data-action="confirm-buy" data-testid="confirm-buy">Pay</button>
      </div>`;
  }

  /** the listed payment with `gold` gold closest to `pay`, or -1 */
  _nearestPayment(options, pay, gold) {
    let best = -1, bestD = Infinity;
    options.forEach((p, i) => {
      if ((p.gold || 0) !== gold) return;
      const d = TOKENS.reduce((a, c) => a + Math.abs((p[c] || 0) - (pay[c] || 0)), 0);
      if (d < bestD) { best = i; bestD = d; }
    });
    return best;
  }

  _returnPanel(me, mustReturn) {
    const sel = this.sel && this.sel.kind === "return" ? this.sel.gems : {};
    const ok = this._isListed("return", sel);
    const tokens = TOKENS.filter((c) => me.tokens[c] > 0).map((c) => tokenHTML(c, me.tokens[c] - (sel[c] || 0), {
      action: "return-pick", disabled: !this._canAdd("return", sel, c), picked: sel[c] || 0, size: "small", sign: "−",
    })).join("");
    return `<p class="prompt">You hold ${me.token_count} tokens, more than 10: give back ${mustReturn}.</p>
      <div class="return-tokens">${tokens}</div>
      <p>Returning: ${gemsHTML(sel)}</p>
      <div class="row">
        <button type="button" class="btn ghost" data-action="cancel">Clear</button>
        <button type="button" class="btn primary" data-action="confirm-return" data-testid="confirm-return"${ok ? "" : " disabled"}>Return tokens</button>
      </div>`;
  }

  _seatsHTML() {
    const { view } = this.state;
    const name = this.hooks.seatName;
    const kind = this.hooks.seatKind;
    const order = view.seats.map((s) => s.seat);
    // the viewer's own seat first
    if (view.seat !== null && view.seat !== undefined) {
      order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
    }
    const live = this.live && view.turn.phase === "action";
    return order.map((seatNo) => {
      const s = view.seats[seatNo];
      const mine = seatNo === view.seat;
      const turn = view.turn.phase !== "over" && view.turn.seat === seatNo;
      const k = kind(seatNo);
      const kindLabel = k === "human" ? (mine ? "you" : "human") : `computer · ${k}`;
      const cols = COLORS.map((c) => `<div class="gemcol" title="${c}: ${s.bonuses[c] || 0} cards, ${s.tokens[c] || 0} tokens">
          <span class="bonus-count gem-${c}${s.bonuses[c] ? "" : " zero"}">${s.bonuses[c] || 0}</span>
          <span class="token-count gem-${c}${s.tokens[c] ? "" : " zero"}">${s.tokens[c] || 0}</span></div>`).join("")
        + `<div class="gemcol" title="gold: ${s.tokens.gold || 0} tokens"><span class="bonus-count none"></span>
          <span class="token-count gem-gold${s.tokens.gold ? "" : " zero"}">${s.tokens.gold || 0}</span></div>`;
      const reserved = s.reserved.map((c) => (c.hidden || !c.id)
        ? hiddenCardHTML(c.tier, "mini")
        : cardHTML(c, {
          where: mine ? "reserved" : "other", size: "mini",
          interactive: mine && live,
          selected: mine && this.sel && (this.sel.kind === "card" || this.sel.kind === "pay") && this.sel.id === c.id,
          listed: mine && live && this._moves("buy").some((m) => m.card === c.id),
        })).join("");
      const nobles = s.nobles.map((n) => nobleHTML(n, { owned: true })).join("");
      return `<section class="seat${turn ? " turn" : ""}${mine ? " mine" : ""}" data-seat="${seatNo}" data-testid="seat-${seatNo}">
        <header class="seat-head">
          <span class="seat-name"><i class="seat-dot s${seatNo}" aria-hidden="true"></i>${esc(name(seatNo))}</span>
          <span class="seat-kind">${esc(kindLabel)}</span>
          <span class="prestige" title="prestige" data-testid="prestige-${seatNo}">${s.prestige}<small>pts</small></span>
        </header>
        <div class="gemcols">${cols}</div>
        <div class="seat-foot">
          <span class="muted">${s.purchased} cards · ${s.token_count}/10 tokens</span>
        </div>
        ${reserved || nobles ? `<div class="seat-extra">
          ${reserved ? `<div class="reserved" data-testid="reserved-${seatNo}" aria-label="Reserved cards">${reserved}</div>` : ""}
          ${nobles ? `<div class="seat-nobles">${nobles}</div>` : ""}
        </div>` : ""}
      </section>`;
    }).join("");
  }

  // ------------------------------------------------------------------ taps
  async _onClick(e) {
    const el = e.target.closest("[data-action]");
    if (el && el.dataset.action === "end-turn" && this.ctx.turnOver != null) return this.hooks.endTurn();
    if (!el || !this.root.contains(el) || !this.state || !this.live || this.sending) return;
    if (el.disabled) return;
    const a = el.dataset.action;
    const view = this.state.view;
    const phase = view.turn.phase;
    const redraw = () => this._draw();

    if (a === "bank" && phase === "action") {
      const gems = this.sel && this.sel.kind === "gems" ? this.sel.gems : {};
      if (this._canAdd("take", gems, el.dataset.color)) this.sel = { kind: "gems", gems: plus(gems, el.dataset.color) };
      return redraw();
    }
    if (a === "unpick" && this.sel && this.sel.kind === "gems") {
      const gems = plus(this.sel.gems, el.dataset.color, -1);
      this.sel = sum(gems) ? { kind: "gems", gems } : null;
      return redraw();
    }
    if (a === "return-pick" && phase === "return") {
      const gems = this.sel && this.sel.kind === "return" ? this.sel.gems : {};
      if (this._canAdd("return", gems, el.dataset.color)) this.sel = { kind: "return", gems: plus(gems, el.dataset.color) };
      return redraw();
    }
    if (a === "cancel") { this.sel = null; return redraw(); }
    if (a === "card" && phase === "action") {
      const id = el.dataset.card;
      const where = el.dataset.where;
      if (where === "other") return;
      this.sel = this.sel && this.sel.kind === "card" && this.sel.id === id ? null : { kind: "card", id, where };
      return redraw();
    }
    if (a === "deck" && phase === "action") {
      const tier = Number(el.dataset.tier);
      this.sel = this.sel && this.sel.kind === "deck" && this.sel.tier === tier ? null : { kind: "deck", tier };
      return redraw();
    }
    if (a === "pick-pay" && this.sel && this.sel.kind === "pay") {
      this.sel = { ...this.sel, index: Number(el.dataset.index) };
      return redraw();
    }
    if (a === "pay-step" && this.sel && this.sel.kind === "pay") {
      const i = Number(el.dataset.index);
      if (i >= 0) this.sel = { ...this.sel, index: i };
      return redraw();
    }

    // actions that send a move
    if (a === "confirm-take" && this.sel && this.sel.kind === "gems") {
      const move = this.legal.find((m) => m.type === "take" && sameGems(m.gems, this.sel.gems));
      if (move) return this._send(move);
    }
    if (a === "confirm-return" && this.sel && this.sel.kind === "return") {
      const move = this.legal.find((m) => m.type === "return" && sameGems(m.gems, this.sel.gems));
      if (move) return this._send(move);
    }
    if (a === "noble" && phase === "noble") {
      const move = this.legal.find((m) => m.type === "noble" && m.noble === el.dataset.noble);
      if (move) return this._send(move);
    }
    if (a === "pass") {
      const move = this.legal.find((m) => m.type === "pass");
      if (move) return this._send(move);
    }
    if (a === "reserve" && this.sel) {
      const sel = this.sel;
      const listed = this.legal.find((m) => m.type === "reserve" &&
        (sel.kind === "deck" ? m.tier === sel.tier : m.card === sel.id));
      // not listed: an attempt; the engine judges it and says why it refuses
      const move = listed || (sel.kind === "deck" ? { type: "reserve", tier: sel.tier } : { type: "reserve", card: sel.id });
      return this._send(move);
    }
    if (a === "buy" && this.sel && this.sel.kind === "card") {
      const options = this._buysFor(this.sel.id);
      if (options.length) {
        this.sel = { kind: "pay", id: this.sel.id, where: this.sel.where, index: 0 };
        return redraw();
      }
      // not listed: send the plain price (cost less bonuses, in gems) as an attempt
      const found = this._findCard(this.sel.id);
      if (!found) return;
      const me = view.seats[view.seat];
      const pay = {};
      for (const [c, n] of Object.entries(found.card.cost)) {
        const owe = n - ((me && me.bonuses[c]) || 0);
        if (owe > 0) pay[c] = owe;
      }
      return this._send({ type: "buy", card: found.card.id, pay });
    }
    if (a === "confirm-buy" && this.sel && this.sel.kind === "pay") {
      const options = this._buysFor(this.sel.id);
      const pay = options[Math.min(this.sel.index, options.length - 1)];
      const move = this.legal.find((m) => m.type === "buy" && m.card === this.sel.id && sameGems(m.pay, pay));
      if (move) return this._send(move);
    }
  }

  async _send(move) {
    this.sending = true;
    this.root.dataset.interactive = "false";
    let ok = false;
    try { ok = await this.hooks.attempt(move); } finally { this.sending = false; }
    if (!ok && this.state) this._draw();  // refused: the table is as before, selection kept
  }
}
