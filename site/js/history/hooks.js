// What app.js calls to keep its local games in History, offer a take-back, and open the History
// screen (docs/site.md, "History, replays and take-back"). app.js hands over a small facade:
//   {engine, toast, setTheme, showScreen(name), games, seatName(seat), advance(s), logLine(html, cls),
//    resume(cfg), session (getter)}
// and calls: boot() once the picker shows; started(s) / moved(s) / finished(s) in the match
// loop; shown(s, ctx) each time the table is drawn. Nothing here decides a rule.

import { saveGame } from "./recorder.js";
import { HistoryScreen } from "./screen.js";
import { takeBack, takebackPlan } from "./takeback.js";

export function installHistory(app) {
  const host = document.getElementById("history-screen");
  const screen = new HistoryScreen(host, {
    get engine() { return app.engine; },
    toast: app.toast,
    setTheme: app.setTheme,
    showScreen: app.showScreen,
    get games() { return app.games; },
    resume(entry, match) {
      const rec = entry.record;
      app.resume({ game: rec.game, players: rec.players, seats: entry.seats, seed: null, options: rec.options,
        resume: { match, entry } });
    },
  });
  document.getElementById("history-btn").addEventListener("click", () => screen.show());

  // the take-back button, under the move log of the game screen
  const row = document.createElement("div");
  row.className = "takeback-row";
  row.innerHTML = `<button type="button" class="btn secondary" data-testid="takeback" disabled>↶ Take back</button>
    <small class="muted" data-testid="takeback-note" aria-live="polite"></small>`;
  const button = row.querySelector("button");
  const note = row.querySelector("small");
  document.getElementById("move-log").after(row);
  let asked = 0;

  async function offer(s) {
    const ticket = ++asked;
    button.disabled = true;
    const plan = await takebackPlan(app.engine, s).catch((err) => ({ allowed: false, reason: err.message, code: err.code }));
    if (ticket !== asked || app.session !== s) return;
    if (plan.code === "unknown_op") { row.hidden = true; return; }  // an engine without the record ops
    button.disabled = !plan.allowed;
    note.textContent = plan.allowed ? "" : plan.reason || "";
    button.dataset.reason = plan.allowed ? "" : plan.reason || "";
  }

  button.addEventListener("click", async () => {
    const s = app.session;
    if (!s || s.busy) return;
    s.busy = true;
    button.disabled = true;
    let done;
    try {
      done = await takeBack(app.engine, s, app.seatName);
    } catch (err) {
      app.toast(err.message || String(err));
      s.busy = false;
      return;
    }
    s.busy = false;
    if (!done) { offer(s); return; }
    if (done.refused) { note.textContent = done.refused; app.toast(done.refused); return; }
    s.match = done.match;
    s.moves = done.at;
    s.takebacks.push(done.takeback);
    document.getElementById("table").dataset.moves = String(s.moves);
    const undone = done.removed === 1 ? "1 move" : `${done.removed} moves`;
    app.logLine(`↶ Take-back: ${app.seatName(done.seat)}'s last move was taken back (${undone} undone)`, "meta takeback");
    saveGame(app.engine, s, app.seatName);
    app.advance(s);
  });

  return {
    /** A shared link (#replay=…) opens as a replay. */
    boot: () => screen.openFromLink(),
    started(s) {
      const resumed = s.cfg.resume;
      if (resumed) {
        const rec = resumed.entry.record;
        Object.assign(s, { historyId: resumed.entry.id, started: rec.started, takebacks: rec.takebacks.slice(),
          moves: rec.log.length });
      }
      row.hidden = !s.cfg.seats.includes("human");
      button.disabled = true;
      note.textContent = "";
      saveGame(app.engine, s, app.seatName);
    },
    moved(s) { button.disabled = true; saveGame(app.engine, s, app.seatName); },
    finished(s) { row.hidden = true; saveGame(app.engine, s, app.seatName, { finished: true }); },
    /** Offers a take-back while a person here may move. */
    shown(s, ctx) { if (ctx.interactive && !row.hidden) offer(s); else button.disabled = true; },
    screen,
  };
}
