// The Splendor table: renders a seat's view (docs/splendor.md) and turns taps into moves.
// The pieces it shares with Starlight Guild (cards, market, tokens, gem selector, return
// chooser, seat panels, taps) are in gems-ui.js; what is Splendor's own is here: decks that
// can be reserved from, face-down reservations, the payment editor, the noble choice.
//
// No rules live here. Every move this file sends is either one of the `legal_moves` the
// engine listed for the seat, or — for a card the player asks to buy or reserve although the
// engine did not list it — an attempt that the engine judges and refuses with its reason.

import {
  COLORS, GemTable, TIER_NAMES, cardBackHTML, cardHTML, cardTitle, esc, eventLines, gemsHTML,
  orderedEntries, patronHTML, sameGems, sum,
} from "./gems-ui.js";
import {
  MODULES, MODULE_PHASES, PHASE_TEXT, badgesHTML, decisionPanelHTML, describeModuleEvent, marketCardExtra,
  onModuleAction, postsBoardHTML, seatModulesHTML, watchingHTML,
} from "./splendor-modules.js";

export { COLORS, esc };
export const TOKENS = [...COLORS, "gold"];

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
    default: return describeModuleEvent(ev, name);
  }
}

/** log lines for a move's events: a reservation and the gold that comes with it make one line */
export function describeEvents(events, name) {
  return eventLines(events, (ev) => describeEvent(ev, name), (ev, next) =>
    (ev.type === "reserve" && next && next.type === "gold" && next.seat === ev.seat
      ? `, and took <span class="gemtext"><i class="dot gem-gold" aria-hidden="true"></i>1 gold</span>` : null));
}

export const DECIDED_BY_TEXT = {
  prestige: "Decided by prestige: the highest score wins.",
  "fewest cards": "Tied on prestige: the fewest purchased development cards wins.",
  shared: "Tied on prestige and on purchased cards: the victory is shared.",
};

// ---------------------------------------------------------------------------- the table

export class SplendorTable extends GemTable {
  constructor(root, hooks) {
    super(root, hooks, {
      card: "card", bank: "Bank", bankTestId: "bank", bankKey: "bank", take: "take",
      tokens: TOKENS, points: "prestige", pointsKey: "prestige", pointsTestId: "prestige",
    });
    // a tap on a Trading Post shows its power in full, for anyone looking (not a move)
    this.postInfo = null;
    this._onInfoBound = (e) => {
      const el = e.target.closest('[data-action="post-info"]');
      if (!el || !this.state || !this.root.contains(el)) return;
      const n = Number(el.dataset.post);
      this.postInfo = this.postInfo === n ? null : n;
      this._draw();
    };
    root.addEventListener("click", this._onInfoBound);
  }

  destroy() {
    this.root.removeEventListener("click", this._onInfoBound);
    super.destroy();
  }

  _buysFor(cardId) {
    return this._moves("buy").filter((m) => m.card === cardId)
      .map((m, i) => ({ pay: m.pay, gold: m.pay.gold || 0, i }))
      .sort((a, b) => a.gold - b.gold || sum(a.pay) - sum(b.pay) || a.i - b.i)
      .map((o) => o.pay);
  }
  _reserveListed(sel) {
    return this._moves("reserve").some((m) => (sel.tier != null ? m.tier === sel.tier : m.card === sel.id));
  }

  // ------------------------------------------------------------------ pieces
  phaseText(phase) {
    return { action: "to play", return: "must return tokens", noble: "chooses a noble", ...PHASE_TEXT }[phase] || "";
  }
  statusExtraHTML() { return badgesHTML(this.state.view); }
  marketCardLive() { return this.live && ["action", "stronghold", "conquest"].includes(this.state.view.turn.phase); }
  marketCardExtra(card) { return marketCardExtra(this, card); }
  panelHTML() {
    // a seat watching another seat's module decision is told what is going on
    const base = super.panelHTML();
    return this.live || this.ctx.turnOver != null ? base : base + watchingHTML(this);
  }
  deckLive() { return this.live && this.state.view.turn.phase === "action"; }
  deckLabel(tier, left, live) {
    return `tier ${TIER_NAMES[tier]} deck, ${left} cards${live ? ": tap to reserve its top card" : ""}`;
  }
  listedCardIds() { return new Set(this.live ? this._moves("buy").map((m) => m.card) : []); }
  selectedCardId() {
    const sel = this.sel;
    if (sel && sel.kind === "sh-from") return sel.from;
    return sel && ["card", "pay", "sh"].includes(sel.kind) ? sel.id : null;
  }

  patronsHTML() {
    const { view } = this.state;
    const nobleChoice = this.live && view.turn.phase === "noble";
    const listed = new Set(this._moves("noble").map((m) => m.noble));
    const nobles = view.nobles.map((n) => patronHTML(n, { selectable: nobleChoice && listed.has(n.id) })).join("");
    return `<div class="nobles" aria-label="Nobles">${nobles}</div>${postsBoardHTML(this)}`;
  }

  livePanelHTML() {
    const { view } = this.state;
    const phase = view.turn.phase;
    const me = view.seats[view.seat];
    if (phase === "return") {
      return this.returnPanelHTML(me.tokens,
        `You hold ${me.token_count} tokens, more than 10: give back ${view.turn.must_return}.`);
    }
    if (phase === "noble") {
      const ids = this._moves("noble").map((m) => m.noble);
      const choices = ids.map((id) => view.nobles.find((n) => n.id === id)).filter(Boolean)
        .map((n) => patronHTML(n, { selectable: true })).join("");
      return `<p class="prompt">Several nobles would visit you. Choose one:</p><div class="noble-choice">${choices}</div>`;
    }
    if (phase === "conquest" && this.sel && this.sel.kind === "pay") return this._payPanel(this.sel);
    if (MODULE_PHASES.has(phase)) return decisionPanelHTML(this);
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
    if (sel.kind === "gems") return this.gemsPanelHTML({ verb: "Take", button: "Take gems", testid: "confirm-take" });
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
      if (!found) { this.sel = null; return this.livePanelHTML(); }
      const buys = this._buysFor(sel.id);
      const reserveListed = this._reserveListed(sel);
      const reserveBtn = found.where === "market"
        ? `<button type="button" class="btn ${reserveListed ? "secondary" : "ghost"}" data-action="reserve" data-testid="reserve">Reserve</button>` : "";
      const held = found.where === "market" && (view.strongholds || {})[sel.id];
      const guard = held && held.seat !== view.seat
        ? `<p class="note guard-note" data-testid="guarded">${esc(this.hooks.seatName(held.seat))}'s strongholds guard this card: only ${esc(this.hooks.seatName(held.seat))} may buy or reserve it.</p>` : "";
      const note = guard || (buys.length ? "" : `<p class="note">No payment of yours is listed for this card; the engine will tell you why if you try.</p>`);
      return `${this.cardDetailHTML(found, `${esc(cardTitle(found.card))}${found.where === "reserved" ? " — reserved by you" : ""}`,
        `<p class="muted">Costs ${gemsHTML(found.card.cost)}</p>${note}`)}
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
    if (!found || !options.length) { this.sel = null; return this.livePanelHTML(); }
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
    return `${this.cardDetailHTML(found, `Pay for the ${esc(cardTitle(found.card))}`,
      `<p class="pay-now" data-testid="payment" data-pay="${esc(JSON.stringify(pay))}">${gemsHTML(pay)}</p>`)}
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

  seatBodyHTML(s, mine) {
    const live = this.live && this.state.view.turn.phase === "action";
    const cols = this.gemColumnsHTML(s.bonuses, s.tokens, { wild: "gold", bonusNoun: "cards", tokenNoun: "tokens" });
    const selected = this.selectedCardId();
    const reserved = s.reserved.map((c) => (c.hidden || !c.id)
      ? cardBackHTML(c.tier, { size: "mini", label: `a face-down tier ${TIER_NAMES[c.tier]} card` })
      : cardHTML(c, {
        where: mine ? "reserved" : "other", size: "mini",
        interactive: mine && live,
        selected: mine && selected === c.id,
        listed: mine && live && this._moves("buy").some((m) => m.card === c.id),
      })).join("");
    const nobles = s.nobles.map((n) => patronHTML(n, { owned: true })).join("");
    return `${cols}
        <div class="seat-foot">
          <span class="muted">${s.purchased} cards · ${s.token_count}/${this.state.view.limits.tokens} tokens</span>
        </div>
        ${seatModulesHTML(this, s)}
        ${reserved || nobles ? `<div class="seat-extra">
          ${reserved ? `<div class="reserved" data-testid="reserved-${s.seat}" aria-label="Reserved cards">${reserved}</div>` : ""}
          ${nobles ? `<div class="seat-nobles">${nobles}</div>` : ""}
        </div>` : ""}`;
  }

  // ------------------------------------------------------------------ taps of Splendor's own
  onAction(a, el, redraw) {
    const view = this.state.view;
    const phase = view.turn.phase;
    if (MODULE_PHASES.has(phase) || a === "listed") {
      const done = onModuleAction(this, a, el, redraw);
      if (done !== undefined || phase === "stronghold") return done;
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
    if (a === "noble" && phase === "noble") {
      const move = this.legal.find((m) => m.type === "noble" && m.noble === el.dataset.noble);
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
      // not listed: send the plain price (the view's `to_pay`: cost less bonuses, in gems) as
      // an attempt; the engine judges it and says why it refuses
      const found = this._findCard(this.sel.id);
      if (!found) return;
      const pay = { ...((view.to_pay || {})[found.card.id] || found.card.cost) };
      return this._send({ type: "buy", card: found.card.id, pay });
    }
    if (a === "confirm-buy" && this.sel && this.sel.kind === "pay") {
      const options = this._buysFor(this.sel.id);
      const pay = options[Math.min(this.sel.index, options.length - 1)];
      const move = this.legal.find((m) => m.type === "buy" && m.card === this.sel.id && sameGems(m.pay, pay));
      if (move) return this._send(move);
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------- for the app

export const ui = {
  id: "splendor",
  Table: SplendorTable,
  blurb: "Collect gems, buy developments, attract nobles. 2–4 players.",
  describeEvents,
  decidedByText: DECIDED_BY_TEXT,
  /** the results table: a column after the score, from the result object */
  results: { score: "Prestige", second: "Cards bought", secondOf: (r, seat) => (r.purchased || [])[seat] },
  handoverNote: "The other players should look away.",
  /** the switches of the new-game form (keys of hello's `games.splendor.options`) */
  options: MODULES,
};
