// The Starlight Guild table: renders a seat's view (docs/guild.md) and turns taps into moves.
// It shares the gem-game pieces with Splendor (gems-ui.js) and names them the Guild's way:
// workshops, commissions, the supply, star sand, the pouch, collect, build.
//
// What is the Guild's own on screen: no deck reservations (decks only show their counts);
// building has no payment editor (the engine pays, coloured gems first, then star sand);
// Pass is always there; another seat's pouch shows only as a total and its reservations only
// as a count, because that is all its view holds; commissions show who claimed them; the round
// counts to 40 and the final round is announced.
//
// No rules live here: every move sent is one of the `legal_moves`, or an attempt to build or
// reserve a workshop the engine did not list, which the engine refuses with its reason.

import {
  COLORS, GemTable, TIER_NAMES, cardBackHTML, cardHTML, cardTitle, esc, eventLines, gemsHTML,
  patronHTML, tokenName,
} from "./gems-ui.js";

export const TOKENS = [...COLORS, "star_sand"];
// the limits (rounds, pouch, winning points) are the view's `limits`: the engine's numbers
const STAR = "★";

const wsTitle = (w) => cardTitle(w, "workshop");
const sandHTML = (n) => `<span class="gemtext"><i class="dot gem-star_sand" aria-hidden="true"></i>${n} star sand</span>`;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// ---------------------------------------------------------------------------- events

/** A line for one engine event (events never name a pouch's colours nor a reservation). */
export function describeEvent(ev, name) {
  const who = (seat) => `<b>${esc(name(seat))}</b>`;
  switch (ev.type) {
    case "collect": return `${who(ev.seat)} collected ${plural(ev.count, "gem", "gems")}`;
    case "reserve": return `${who(ev.seat)} reserved a market workshop (kept private)`;
    case "star_sand": return `${who(ev.seat)} took ${sandHTML(1)}`;
    case "build": return `${who(ev.seat)} built a ${esc(wsTitle(ev.workshop))}${ev.from_reservation ? " from a reservation" : ""}, ${
      ev.spent ? `spending ${plural(ev.spent, "gem", "gems")}` : "free thanks to workshops"}`;
    case "refill": return null;  // the market shows it; an empty deck shows 0
    case "return": return `${who(ev.seat)} returned ${plural(ev.count, "gem", "gems")} to the supply`;
    case "commission": return `${who(ev.seat)} completed commission ${esc(ev.commission.id)}: +${ev.commission.points} points`;
    case "pass": return `${who(ev.seat)} passed`;
    case "final_round": return `${who(ev.seat)} reached 16 points: the round is completed, then the game ends`;
    case "game_over": {
      const r = ev.result || {};
      const winners = (r.winners || []).map((s) => esc(name(s)));
      return winners.length > 1 ? `Game over: shared victory for ${winners.join(" and ")}` : `Game over: ${winners[0] || "?"} wins`;
    }
    default: return null;
  }
}

/** a reservation and the star sand that comes with it make one line (a refill sits between) */
export function describeEvents(events, name) {
  const list = events || [];
  const reserve = list.find((e) => e.type === "reserve");
  const sand = reserve && list.find((e) => e.type === "star_sand" && e.seat === reserve.seat);
  return eventLines(sand ? list.filter((e) => e !== sand) : list, (ev) => {
    const line = describeEvent(ev, name);
    return ev === reserve && sand ? `${line}, and took ${sandHTML(1)}` : line;
  });
}

export const DECIDED_BY_TEXT = {
  score: "Decided by score: the highest score wins.",
  "fewer workshops": "Tied on points: the seat with fewer workshops wins.",
  shared: "Tied on points and on workshops: the victory is shared.",
};

// ---------------------------------------------------------------------------- the table

export class GuildTable extends GemTable {
  constructor(root, hooks) {
    super(root, hooks, {
      card: "workshop", bank: "Supply", bankTestId: "supply", bankKey: "supply", take: "collect",
      tokens: TOKENS, points: "points", pointsKey: "points", pointsTestId: "points",
      returnButton: "Return gems",
    });
  }

  _listed(type, id) { return this.legal.find((m) => m.type === type && m.workshop === id); }

  // ------------------------------------------------------------------ pieces
  roundHTML(turn) {
    return `Round ${turn.round} <span class="of">of ${this.state.view.limits.rounds}</span>`;
  }
  phaseText(phase) { return { action: "to play", return: "must return gems" }[phase] || ""; }
  statusExtraHTML() {
    const { view } = this.state;
    const me = view.seat === null || view.seat === undefined ? null : view.seats[view.seat];
    if (!me || !me.pouch) return "";
    return `<span class="pouch-status" title="your pouch">${STAR} Pouch ${me.pouch_total}/${view.limits.pouch}</span>`;
  }
  deckLabel(tier, left) {
    return `tier ${TIER_NAMES[tier]} deck: ${plural(left, "workshop", "workshops")} left (only market workshops can be reserved)`;
  }
  listedCardIds() { return new Set(this.live ? this._moves("build").map((m) => m.workshop) : []); }

  noticeHTML() {
    const { turn: t, limits } = this.state.view;
    if (t.phase === "over") return "";
    if (t.final_round) {
      return `<p class="notice final-notice" data-testid="final-round-notice" role="status">${STAR} <b>Final round</b> — ${limits.points} points reached:
        the round is completed, then the game ends.</p>`;
    }
    if (t.round >= limits.rounds) {
      return `<p class="notice final-notice" data-testid="final-round-notice" role="status">${STAR} <b>Round ${limits.rounds}</b>: the last round of the game.</p>`;
    }
    return "";
  }

  /** open commissions in table order, then the claimed ones with who claimed them */
  patronsHTML() {
    const { view } = this.state;
    const name = this.hooks.seatName;
    const opts = { noun: "commission", unit: "points", needsNoun: "workshops", cls: "commission", action: "commission" };
    const open = view.commissions.map((c) => patronHTML(c, opts)).join("");
    const claimed = view.seats.flatMap((s) => s.commissions.map((c) =>
      patronHTML(c, { ...opts, claimedBy: name(s.seat), claimedSeat: s.seat }))).join("");
    return `<div class="nobles commissions" data-testid="commissions" aria-label="Commissions">
      <span class="strip-label">Commissions <small>${STAR}3 each</small></span>${open}${claimed}</div>`;
  }

  livePanelHTML() {
    const { view } = this.state;
    const phase = view.turn.phase;
    const me = view.seats[view.seat];
    if (phase === "return") {
      return this.returnPanelHTML(me.pouch,
        `Your pouch holds ${me.pouch_total} gems, more than 9: choose ${plural(view.turn.must_return, "gem", "gems")} to return.`);
    }
    const sel = this.sel;
    const passRow = `<div class="row pass-row"><span class="muted">or</span>
        <button type="button" class="btn ghost" data-action="pass" data-testid="pass">Pass</button></div>`;
    if (!sel) {
      return `<p class="prompt">Your turn. Tap gems in the supply to collect them, or tap a workshop to build or reserve it.</p>${passRow}`;
    }
    if (sel.kind === "gems") {
      return this.gemsPanelHTML({ verb: "Collect", button: "Collect", testid: "confirm-collect" }) + passRow;
    }
    if (sel.kind === "card") {
      const found = this._findCard(sel.id);
      if (!found) { this.sel = null; return this.livePanelHTML(); }
      const id = found.card.id;
      const build = this._listed("build", id);
      const reserve = this._listed("reserve", id);
      const reserveBtn = found.where === "market"
        ? `<button type="button" class="btn ${reserve ? "secondary" : "ghost"}" data-action="reserve" data-testid="reserve">Reserve</button>` : "";
      const note = (build
        ? `<p class="note">Build: paid automatically, coloured gems first, star sand covers the rest.</p>`
        : `<p class="note">Your pouch and workshops cannot pay for it yet; the engine will say why if you try.</p>`)
        + (found.where === "market" ? `<p class="note">Reserve: keep it privately, with 1 star sand if the supply has any.</p>` : "");
      return `${this.cardDetailHTML(found, `${esc(wsTitle(found.card))}${found.where === "reserved" ? " — reserved by you" : ""}`,
        `<p class="muted">Costs ${gemsHTML(found.card.cost)}</p>${note}`)}
        <div class="row">
          <button type="button" class="btn ghost" data-action="cancel">Cancel</button>
          ${reserveBtn}
          <button type="button" class="btn ${build ? "primary" : "ghost"}" data-action="build" data-testid="build">Build</button>
        </div>${passRow}`;
    }
    return passRow;
  }

  seatBodyHTML(s, mine) {
    const live = this.live && this.state.view.turn.phase === "action";
    // the pouch by colour exists only in the owner's own view; others hold just the total
    const own = mine && s.pouch;
    const cols = this.gemColumnsHTML(s.bonuses, own ? s.pouch : null,
      { wild: "star_sand", bonusNoun: "workshops", tokenNoun: "in the pouch" });
    const selected = this.selectedCardId();
    let reserved = "";
    if (own && Array.isArray(s.reserved)) {
      reserved = s.reserved.map((w) => cardHTML(w, {
        where: "reserved", size: "mini", noun: "workshop",
        interactive: live, selected: selected === w.id, listed: live && !!this._listed("build", w.id),
      })).join("");
    } else {
      reserved = Array.from({ length: s.reserved_count || 0 }, () =>
        cardBackHTML(null, { size: "mini", label: "a private reservation", mark: STAR })).join("");
    }
    const commissions = s.commissions.map((c) =>
      patronHTML(c, { owned: true, noun: "commission", unit: "points", needsNoun: "workshops", cls: "commission", action: "commission" })).join("");
    const built = s.workshops.length;
    const cap = this.state.view.limits.pouch;
    const pouch = own
      ? `<span class="pouch-line" data-testid="pouch-${s.seat}">Pouch ${s.pouch_total}/${cap}</span>`
      : `<span class="pouch-line" data-testid="pouch-total-${s.seat}" title="only the owner sees the colours">Pouch ${s.pouch_total}/${cap} <small>(private)</small></span>`;
    return `${cols}
        <div class="seat-foot">
          ${pouch}<span class="muted"> · ${plural(built, "workshop", "workshops")} · ${plural(s.reserved_count || 0, "reservation", "reservations")}</span>
        </div>
        ${reserved || commissions ? `<div class="seat-extra">
          ${reserved ? `<div class="reserved" data-testid="reserved-${s.seat}" aria-label="${own ? "Your reserved workshops" : "Reserved workshops (private)"}">${reserved}</div>` : ""}
          ${commissions ? `<div class="seat-nobles">${commissions}</div>` : ""}
        </div>` : ""}`;
  }

  // ------------------------------------------------------------------ taps of the Guild's own
  onAction(a) {
    const sel = this.sel;
    if (!sel || sel.kind !== "card") return undefined;
    // listed, or an attempt the engine refuses with its reason
    if (a === "build") return this._send(this._listed("build", sel.id) || { type: "build", workshop: sel.id });
    if (a === "reserve") return this._send(this._listed("reserve", sel.id) || { type: "reserve", workshop: sel.id });
    return undefined;
  }
}

// ---------------------------------------------------------------------------- for the app

export const ui = {
  id: "guild",
  Table: GuildTable,
  blurb: "Collect gems, build workshops, complete commissions under the night sky. Pouches stay private. 2–4 players.",
  describeEvents,
  decidedByText: DECIDED_BY_TEXT,
  results: { score: "Points", second: "Workshops", secondOf: (r, seat) => (r.workshops || [])[seat] },
  /** a line under the results; `view` is the final view the results are shown over */
  resultNote: (r, view) => (r.round && view && view.limits ? `The game ended in round ${r.round} of ${view.limits.rounds}.` : ""),
  handoverNote: "The other players should look away: pouches and reservations are private.",
  tokenName,
};
