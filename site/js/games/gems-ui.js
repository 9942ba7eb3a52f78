// What Splendor and Starlight Guild share on screen: cards (workshops) with cost pips, the
// market of three tiers with deck counts, gem tokens, nobles (commissions), the gem selector
// for a turn's gems, the return-tokens chooser, the seat panels, and the machinery around
// them (drawing with focus kept, taps, sending a move). Each game's file subclasses GemTable
// and names things its own way (docs/site.md).
//
// No rules live here. A selection is only ever compared with the `legal_moves` the engine
// listed; a move sent is either one of them or an attempt the engine judges and refuses with
// its reason.

export const COLORS = ["white", "blue", "green", "red", "black"];
/** every token name of both games, in display order */
export const ALL_TOKENS = [...COLORS, "gold", "star_sand"];
export const TIER_NAMES = { 1: "I", 2: "II", 3: "III" };

// ---------------------------------------------------------------------------- helpers

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

export const sum = (gems) => Object.values(gems || {}).reduce((a, b) => a + b, 0);
export const clean = (gems) => Object.fromEntries(Object.entries(gems).filter(([, n]) => n > 0));

export function sameGems(a, b) {
  const ka = Object.keys(clean(a)), kb = Object.keys(clean(b));
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
}
/** true when `small` fits inside `big`, colour by colour */
export function within(small, big) {
  return Object.entries(small).every(([k, n]) => n <= (big[k] || 0));
}
export function plus(gems, color, n = 1) {
  return clean({ ...gems, [color]: (gems[color] || 0) + n });
}
export function orderedEntries(gems) {
  return ALL_TOKENS.filter((c) => (gems || {})[c] > 0).map((c) => [c, gems[c]]);
}
/** "star_sand" → "star sand" */
export const tokenName = (token) => String(token).replace(/_/g, " ");

/** "2 red, 1 gold" as HTML with small gem dots */
export function gemsHTML(gems) {
  const parts = orderedEntries(gems).map(([c, n]) =>
    `<span class="gemtext"><i class="dot gem-${c}" aria-hidden="true"></i>${n} ${tokenName(c)}</span>`);
  return parts.length ? parts.join(" ") : "nothing";
}
export function gemsText(gems) {
  const parts = orderedEntries(gems).map(([c, n]) => `${n} ${tokenName(c)}`);
  return parts.length ? parts.join(", ") : "nothing";
}
/** "2-point red card (tier II)"; `noun` is the game's word for a card */
export function cardTitle(card, noun = "card") {
  const pts = card.points ? `${card.points}-point ` : "";
  return `${pts}${card.color} ${noun} (tier ${TIER_NAMES[card.tier] || card.tier})`;
}
function costText(card) {
  return orderedEntries(card.cost).map(([c, n]) => `${n} ${tokenName(c)}`).join(", ") || "free";
}

// ---------------------------------------------------------------------------- markup

/** a card face; a button when `interactive` */
export function cardHTML(card, { where = "market", selected = false, listed = false, interactive = false, size = "", noun = "card",
  cls: more = "", extra = "", note = "" } = {}) {
  const pips = orderedEntries(card.cost)
    .map(([c, n]) => `<span class="pip gem-${c}" title="${n} ${c}">${n}</span>`).join("");
  const cls = ["card", `gem-${card.color}`, `tier-${card.tier}`, size,
    selected ? "selected" : "", listed ? "affordable" : "", interactive ? "live" : "", more].filter(Boolean).join(" ");
  const label = `${cardTitle(card, noun)}, costs ${costText(card)}${note ? `; ${note}` : ""}`;
  const tag = interactive ? "button" : "div";
  const type = interactive ? ' type="button"' : "";
  return `<${tag}${type} class="${cls}" data-action="card" data-card="${esc(card.id)}" data-where="${where}"
      aria-label="${esc(label)}" title="${esc(label)}"${selected ? ' aria-pressed="true"' : ""}>
    <span class="card-top"><span class="points">${card.points || ""}</span><span class="bonus gem-${card.color}" aria-hidden="true"></span></span>
    <span class="cost">${pips}</span>
    <span class="card-id">${esc(card.id)}</span>${extra}
  </${tag}>`;
}

/** a face-down card; `tier` may be null when not even the tier is known to this seat */
export function cardBackHTML(tier, { size = "", label = "", mark = "" } = {}) {
  const t = tier ? ` tier-${tier}` : " tier-none";
  return `<div class="card back${t} ${size}" data-hidden="true" aria-label="${esc(label)}" title="${esc(label)}">
    <span class="back-mark">${esc(mark || TIER_NAMES[tier] || tier || "")}</span></div>`;
}

/**
 * A noble / commission tile. `noun` names it, `unit` its points ("prestige", "points"),
 * `claimedBy` (a seat name) marks one already taken, `cls` adds the game's own class.
 */
export function patronHTML(patron, { selectable = false, owned = false, noun = "noble", unit = "prestige",
  needsNoun = "", claimedBy = null, claimedSeat = null, cls = "", action = "noble" } = {}) {
  const needs = orderedEntries(patron.needs)
    .map(([c, n]) => `<span class="need gem-${c}" title="${n} ${c}${needsNoun ? ` ${needsNoun}` : ""}">${n}</span>`).join("");
  const tag = selectable ? "button" : "div";
  const needText = orderedEntries(patron.needs).map(([c, n]) => `${n} ${c}`).join(", ");
  const label = `${noun} ${patron.id}: ${patron.points} ${unit}, needs ${needText}${needsNoun ? ` ${needsNoun}` : " bonuses"}`
    + (claimedBy ? `, claimed by ${claimedBy}` : "");
  const classes = ["noble", cls, selectable ? "live" : "", owned ? "small" : "", claimedBy ? "claimed" : ""].filter(Boolean).join(" ");
  const badge = claimedBy
    ? `<span class="claimed-by" data-testid="claimed-by"><i class="seat-dot s${claimedSeat}" aria-hidden="true"></i>${esc(claimedBy)}</span>` : "";
  return `<${tag}${selectable ? ' type="button"' : ""} class="${classes}"
      data-action="${action}" data-noble="${esc(patron.id)}" aria-label="${esc(label)}" title="${esc(label)}">
    <span class="points">${patron.points}</span><span class="needs">${needs}</span>${badge}</${tag}>`;
}

export function tokenHTML(color, count, { action = "", disabled = true, picked = 0, size = "", sign = "+" } = {}) {
  const tag = action ? "button" : "div";
  const attrs = action
    ? ` type="button" data-action="${action}" data-color="${color}"${disabled ? " disabled" : ""}`
    : "";
  return `<${tag}${attrs} class="token gem-${color} ${size}${picked ? " picked" : ""}" aria-label="${tokenName(color)}: ${count}${picked ? `, ${picked} selected` : ""}">
    <span class="count">${count}</span>${picked ? `<span class="badge">${sign}${picked}</span>` : ""}</${tag}>`;
}

// ---------------------------------------------------------------------------- the table

/**
 * new SomeTable(root, hooks) — a subclass of GemTable
 *   hooks.attempt(move) -> Promise<boolean>   sends a move; false when the engine refused it
 *   hooks.seatName(seat), hooks.seatKind(seat) -> "human" | "greedy" | "random"
 *   hooks.endTurn()                           pass-and-play: the player is done looking
 * table.render(state, ctx)
 *   state: a `state` reply (view, legal_moves, to_act, over, result)
 *   ctx:   {interactive, thinking (seat or null), turnOver (next human seat, when the player
 *          who just moved should hand the device on), fresh (new state: drop the selection)}
 * table.destroy() removes its listener from `root` (the app makes one table per game).
 *
 * A subclass sets `this.spec` (below) and provides: statusExtraHTML, noticeHTML, patronsHTML,
 * deckLive, marketCardLive, listedCardIds, selectedCardId, livePanelHTML, seatBodyHTML,
 * onAction(a, el).
 */
export class GemTable {
  constructor(root, hooks, spec) {
    this.root = root;
    this.hooks = hooks;
    this.spec = {
      card: "card",                 // the game's word for a card
      bank: "Bank", bankTestId: "bank",
      take: "take",                 // the move type that takes gems from the bank
      points: "prestige", pointsTestId: "prestige",
      hold: 10,                     // shown next to a seat's token count
      ...spec,
    };
    this.state = null;
    this.ctx = {};
    this.sel = null;
    this._onClickBound = (e) => this._onClick(e);
    root.addEventListener("click", this._onClickBound);
  }

  destroy() {
    this.root.removeEventListener("click", this._onClickBound);
    this.clear();
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
  /** can `color` be added to the selection and still lead to a listed move of this type? */
  _canAdd(type, gems, color) {
    const next = plus(gems, color);
    return this._moves(type).some((m) => within(next, m.gems));
  }
  _isListed(type, gems) { return this._moves(type).some((m) => sameGems(m.gems, gems)); }
  _listedGems(type, gems) { return this.legal.find((m) => m.type === type && sameGems(m.gems, gems)); }

  /** a market card, or one of the viewer's own reserved cards, by id */
  _findCard(id) {
    const v = this.state.view;
    for (const row of v.market) for (const c of row) if (c && c.id === id) return { card: c, where: "market" };
    const me = v.seat === null || v.seat === undefined ? null : v.seats[v.seat];
    if (me && Array.isArray(me.reserved)) for (const c of me.reserved) if (c && c.id === id) return { card: c, where: "reserved" };
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
    const sp = this.spec;
    const viewer = view.seat;
    this.root.innerHTML = `
      <div class="status" data-testid="status">${this.statusHTML()}</div>
      ${this.noticeHTML()}
      <div class="board">
        ${this.patronsHTML()}
        <div class="market" aria-label="Market">${this.marketHTML()}</div>
      </div>
      <div class="side">
        <div class="bank-wrap">
          <h3 class="sr-only">${esc(sp.bank)}</h3>
          <div class="bank" data-testid="${sp.bankTestId}" aria-label="${esc(sp.bank)}">${this.bankHTML()}</div>
        </div>
        <div class="action-panel${live ? " live" : ""}" data-testid="action-panel" aria-live="polite">${this.panelHTML()}</div>
        <div class="seats">${this.seatsHTML()}</div>
      </div>`;
    this.root.dataset.phase = view.turn.phase;
    this.root.dataset.viewer = viewer === null || viewer === undefined ? "public" : String(viewer);
    this.root.dataset.interactive = live ? "true" : "false";
  }

  // ---- pieces a subclass may replace
  noticeHTML() { return ""; }
  patronsHTML() { return ""; }
  statusExtraHTML() { return ""; }
  /** what the acting seat is doing, by phase */
  phaseText(phase) { return { action: "to play", return: "must return tokens" }[phase] || ""; }
  roundHTML(turn) { return `Round ${turn.round}`; }
  deckLive() { return false; }
  marketCardLive() { return this.live && this.state.view.turn.phase === "action"; }
  listedCardIds() { return new Set(); }
  /** more for a market card's face: {cls, extra (markup inside the card), note (for its label)} */
  marketCardExtra() { return {}; }
  selectedCardId() { return this.sel && this.sel.kind === "card" ? this.sel.id : null; }
  deckHTML(tier, left) {
    const sel = this.sel;
    const deckSelected = sel && sel.kind === "deck" && sel.tier === tier;
    const deckLive = this.deckLive(tier);
    const tag = deckLive ? 'button type="button"' : "div";
    const label = this.deckLabel(tier, left, deckLive);
    return `<${tag} class="deck tier-${tier}${deckSelected ? " selected" : ""}${left ? "" : " empty"}${deckLive ? " live" : ""}"
          data-action="deck" data-tier="${tier}" aria-label="${esc(label)}" title="${esc(label)}">
          <span class="deck-tier">${TIER_NAMES[tier]}</span><span class="deck-count">${left}</span></${deckLive ? "button" : "div"}>`;
  }
  deckLabel(tier, left) { return `tier ${TIER_NAMES[tier]} deck, ${left} ${this.spec.card}s`; }

  statusHTML() {
    const { view } = this.state;
    const t = view.turn;
    const name = this.hooks.seatName;
    const parts = [`<span class="round" data-testid="round">${this.roundHTML(t)}</span>`];
    if (t.final_round) parts.push(`<span class="final" data-testid="final-round">Final round</span>`);
    if (t.phase === "over") parts.push(`<span class="who">Game over</span>`);
    else {
      const acting = t.seat;
      const you = acting === view.seat ? " (you)" : "";
      parts.push(`<span class="who"><i class="seat-dot s${acting}" aria-hidden="true"></i>${esc(name(acting))}${you} ${this.phaseText(t.phase)}</span>`);
    }
    return parts.join("") + this.statusExtraHTML();
  }

  marketHTML() {
    const { view } = this.state;
    const listed = this.listedCardIds();
    const selected = this.selectedCardId();
    const interactive = this.marketCardLive();
    return [3, 2, 1].map((tier) => {
      const row = view.market[tier - 1] || [];
      const cards = [0, 1, 2, 3].map((i) => {
        const c = row[i];
        if (!c) return `<div class="card slot-empty" aria-label="empty slot"></div>`;
        return cardHTML(c, { where: "market", interactive, selected: selected === c.id, listed: listed.has(c.id), noun: this.spec.card,
          ...this.marketCardExtra(c) });
      }).join("");
      return `<div class="tier-row" data-tier="${tier}">${this.deckHTML(tier, view.decks[tier - 1])}${cards}</div>`;
    }).join("");
  }

  /** the bank / supply; on the player's turn its gems build a selection of listed moves */
  bankHTML() {
    const { view } = this.state;
    const supply = view[this.spec.bankKey];
    const sel = this.sel && this.sel.kind === "gems" ? this.sel.gems : {};
    const live = this.live && view.turn.phase === "action";
    return this.spec.tokens.map((c) => tokenHTML(c, supply[c] || 0, {
      action: "bank",
      disabled: !live || !this._canAdd(this.spec.take, sel, c),
      picked: sel[c] || 0,
    })).join("");
  }

  panelHTML() {
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
    return this.livePanelHTML();
  }

  /** the gems selected from the bank, with the button that sends the listed move */
  gemsPanelHTML({ verb, button, testid }) {
    const sel = this.sel;
    const ok = this._isListed(this.spec.take, sel.gems);
    const chips = orderedEntries(sel.gems).flatMap(([c, n]) => Array.from({ length: n }, () =>
      `<button type="button" class="token small gem-${c}" data-action="unpick" data-color="${c}" aria-label="remove one ${tokenName(c)}"><span class="count">×</span></button>`)).join("");
    return `<p class="prompt">${verb} ${gemsHTML(sel.gems)}${ok ? "" : ` <span class="muted">— keep choosing</span>`}</p>
      <div class="picked-row">${chips}</div>
      <div class="row">
        <button type="button" class="btn ghost" data-action="cancel">Clear</button>
        <button type="button" class="btn primary" data-action="confirm-gems" data-testid="${testid}"${ok ? "" : " disabled"}>${button}</button>
      </div>`;
  }

  /** choose which tokens to give back: `holding` is the seat's own tokens by colour */
  returnPanelHTML(holding, text) {
    const sel = this.sel && this.sel.kind === "return" ? this.sel.gems : {};
    const ok = this._isListed("return", sel);
    const tokens = this.spec.tokens.filter((c) => holding[c] > 0).map((c) => tokenHTML(c, holding[c] - (sel[c] || 0), {
      action: "return-pick", disabled: !this._canAdd("return", sel, c), picked: sel[c] || 0, size: "small", sign: "−",
    })).join("");
    return `<p class="prompt">${text}</p>
      <div class="return-tokens">${tokens}</div>
      <p>Returning: ${gemsHTML(sel)}</p>
      <div class="row">
        <button type="button" class="btn ghost" data-action="cancel">Clear</button>
        <button type="button" class="btn primary" data-action="confirm-return" data-testid="confirm-return"${ok ? "" : " disabled"}>${this.spec.returnButton || "Return tokens"}</button>
      </div>`;
  }

  /** the card detail at the head of a card's panel */
  cardDetailHTML(found, title, more = "") {
    return `<div class="card-detail">${cardHTML(found.card, { where: found.where, size: "big", noun: this.spec.card })}
        <div><p class="prompt">${title}</p>${more}</div></div>`;
  }

  /** one panel per seat, the viewer's own first; `seatBodyHTML(seat, mine)` fills it */
  seatsHTML() {
    const { view } = this.state;
    const name = this.hooks.seatName;
    const kind = this.hooks.seatKind;
    const order = view.seats.map((s) => s.seat);
    if (view.seat !== null && view.seat !== undefined) {
      order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
    }
    return order.map((seatNo) => {
      const s = view.seats[seatNo];
      const mine = seatNo === view.seat;
      const turn = view.turn.phase !== "over" && view.turn.seat === seatNo;
      const k = kind(seatNo);
      const kindLabel = k === "human" ? (mine ? "you" : "human") : `computer · ${k}`;
      return `<section class="seat${turn ? " turn" : ""}${mine ? " mine" : ""}" data-seat="${seatNo}" data-testid="seat-${seatNo}">
        <header class="seat-head">
          <span class="seat-name"><i class="seat-dot s${seatNo}" aria-hidden="true"></i>${esc(name(seatNo))}</span>
          <span class="seat-kind">${esc(kindLabel)}</span>
          <span class="prestige" title="${this.spec.points}" data-testid="${this.spec.pointsTestId}-${seatNo}">${s[this.spec.pointsKey]}<small>pts</small></span>
        </header>
        ${this.seatBodyHTML(s, mine)}
      </section>`;
    }).join("");
  }

  /** the columns of one seat: workshops/cards by colour over its tokens (null: not shown) */
  gemColumnsHTML(bonuses, tokens, { wild, bonusNoun, tokenNoun }) {
    const cols = COLORS.map((c) => {
      const b = bonuses[c] || 0;
      const t = tokens ? tokens[c] || 0 : null;
      const title = `${c}: ${b} ${bonusNoun}${t === null ? "" : `, ${t} ${tokenNoun}`}`;
      return `<div class="gemcol" title="${title}" role="img" aria-label="${title}">
          <span class="bonus-count gem-${c}${b ? "" : " zero"}" aria-hidden="true">${b}</span>
          ${t === null ? "" : `<span class="token-count gem-${c}${t ? "" : " zero"}" aria-hidden="true">${t}</span>`}</div>`;
    }).join("");
    const w = tokens ? tokens[wild] || 0 : null;
    const wildCol = w === null ? "" : `<div class="gemcol" title="${tokenName(wild)}: ${w} ${tokenNoun}" role="img" aria-label="${tokenName(wild)}: ${w} ${tokenNoun}"><span class="bonus-count none" aria-hidden="true"></span>
          <span class="token-count gem-${wild}${w ? "" : " zero"}" aria-hidden="true">${w}</span></div>`;
    // the two rows are named: permanent bonuses (cards / workshops owned) over the tokens held
    const legend = `<p class="gemcols-legend" aria-hidden="true"><span class="lg-bonus">${bonusNoun} owned</span>${tokens ? ` <span class="lg-token">${tokenNoun}</span>` : ""}</p>`;
    return `<div class="gemcols${tokens ? "" : " bonuses-only"}" role="group" aria-label="${bonusNoun} owned${tokens ? ` and ${tokenNoun} held` : ""}, by colour">${cols}${wildCol}</div>${legend}`;
  }

  // ------------------------------------------------------------------ taps
  async _onClick(e) {
    const el = e.target.closest("[data-action]");
    if (el && el.dataset.action === "end-turn" && this.ctx.turnOver != null) return this.hooks.endTurn();
    if (!el || !this.root.contains(el) || !this.state || !this.live || this.sending) return;
    if (el.disabled) return;
    const a = el.dataset.action;
    const phase = this.state.view.turn.phase;
    const take = this.spec.take;
    const redraw = () => this._draw();

    if (a === "bank" && phase === "action") {
      const gems = this.sel && this.sel.kind === "gems" ? this.sel.gems : {};
      if (this._canAdd(take, gems, el.dataset.color)) this.sel = { kind: "gems", gems: plus(gems, el.dataset.color) };
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
    // moves taken straight from the listing
    if (a === "confirm-gems" && this.sel && this.sel.kind === "gems") {
      const move = this._listedGems(take, this.sel.gems);
      if (move) return this._send(move);
    }
    if (a === "confirm-return" && this.sel && this.sel.kind === "return") {
      const move = this._listedGems("return", this.sel.gems);
      if (move) return this._send(move);
    }
    if (a === "pass") {
      const move = this.legal.find((m) => m.type === "pass");
      if (move) return this._send(move);
    }
    return this.onAction(a, el, redraw);
  }

  onAction() {}

  async _send(move) {
    this.sending = true;
    this.root.dataset.interactive = "false";
    let ok = false;
    try { ok = await this.hooks.attempt(move); } finally { this.sending = false; }
    if (!ok && this.state) this._draw();  // refused: the table is as before, selection kept
  }
}

/**
 * Log lines for a list of events: `describe(ev)` gives one line (or null); `merge(ev, next)`
 * may return extra text to append when two events make one line (and consumes `next`).
 */
export function eventLines(events, describe, merge = () => null) {
  const out = [];
  const list = events || [];
  for (let i = 0; i < list.length; i++) {
    const ev = list[i];
    let line = describe(ev);
    const extra = merge(ev, list[i + 1]);
    if (extra !== null && extra !== undefined) { line = (line || "") + extra; i++; }
    if (line) out.push({ html: line, cls: `ev-${ev.type}` });
  }
  return out;
}
