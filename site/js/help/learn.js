// Learning and playing for everyone (issue 13): the table's Rules dialog, "What can I do now?",
// the new-game confirmation and the screen-reader announcements of turn changes.
// Thin: the help's words come from the engine (`help` op, engine/help.py); a refusal's reason is the
// engine's own. app.js calls the hooks returned by installLearn (docs/accessibility.md).

const $ = (id) => document.getElementById(id);
export const HELP_OPEN_KEY = "tabletop-help-open";  // also the phone table's (net/ui.js)
const TOUR_KEY = (game) => `tabletop-first-turn-${game}`;
// A guided first turn: one line and the place to tap, shown at a device's first decision in each
// game until dismissed or until the player has moved; remembered per game on this device.
const FIRST_TURN = {
  splendor: { target: "[data-testid=bank]", text: "First game? Tap three gems of different colours in the bank, then Take. The ✓ marks a card you can buy." },
  guild: { target: "[data-testid=supply]", text: "First game? Tap three gems of different colours in the supply, then Collect. The ✓ marks a workshop you can build." },
  stars: { target: "[data-testid=tray]", text: "First game? Pick a tile in the tray, then tap a glowing cell of your board and Place." },
  station: { target: "[data-testid=credits]", text: "First game? Tap a displayed credit and Take; or tap a glowing module in the market to buy it." },
};

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: not remembered */ }
}

/** app: {engine, get session(), seatName(seat)} → hooks {shown(s, ctx), refused(s, move, reason), confirmLeave()} */
export function installLearn(app) {
  // ------------------------------------------------------------------ Rules dialog
  const dialog = $("rules-dialog");
  const frame = $("rules-frame");
  const rulesBtn = $("rules-btn");
  let returnFocus = null;
  function openRules() {
    const game = document.documentElement.dataset.game;
    if (!game) return;
    const src = new URL(`rules/${game}.html?inapp=1`, document.baseURI).href;
    if (frame.src !== src) frame.src = src;
    returnFocus = document.activeElement;
    dialog.hidden = false;
    $("rules-close").focus();
  }
  function closeRules() {
    dialog.hidden = true;
    if (returnFocus && returnFocus.isConnected) returnFocus.focus(); else rulesBtn.focus();
  }
  rulesBtn.addEventListener("click", openRules);
  $("rules-close").addEventListener("click", closeRules);
  dialog.addEventListener("keydown", (e) => { if (e.key === "Escape") closeRules(); });

  // the Rules button and the help panel are there while a game is on screen
  const gameScreen = $("game-screen");
  const helpPanel = $("help-panel");
  const sync = () => {
    const on = !gameScreen.hidden;
    rulesBtn.hidden = !on;
    if (!on) { helpPanel.hidden = true; dialog.hidden = true; }
  };
  new MutationObserver(sync).observe(gameScreen, { attributes: true, attributeFilter: ["hidden"] });
  sync();

  // ------------------------------------------------------------------ What can I do now?
  const toggle = $("help-toggle");
  const body = $("help-body");
  let open = stored(HELP_OPEN_KEY) === "1";
  let last = null;  // {s, seat} of the decision on screen
  let asked = 0;
  function setOpen(value) {
    open = value;
    store(HELP_OPEN_KEY, value ? "1" : "0");
    toggle.setAttribute("aria-expanded", String(value));
    body.hidden = !value;
    if (value) refresh();
  }
  toggle.addEventListener("click", () => setOpen(!open));
  async function refresh() {
    if (!open || !last) return;
    const { s, seat } = last;
    const ticket = ++asked;
    let reply;
    try {
      reply = await app.engine.request("help", { match: s.match, seat });
    } catch (err) {
      if (ticket === asked) $("help-title").textContent = "Help is not available for this table.";
      return;
    }
    if (ticket !== asked || !last || last.s !== s) return;
    $("help-title").textContent = reply.title;
    $("help-lines").replaceChildren(...reply.lines.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
  }

  // ------------------------------------------------------------------ the move log, a drawer on phones
  const logPanel = $("log-toggle").closest(".log-panel");
  const logToggle = $("log-toggle");
  const log = $("move-log");
  const logLabel = () => {
    const n = log.children.length;
    const lastLine = log.lastElementChild ? log.lastElementChild.textContent.trim() : "";
    logToggle.textContent = `Moves (${n})${lastLine ? ` · ${lastLine}` : ""}`;
  };
  new MutationObserver(logLabel).observe(log, { childList: true });
  logToggle.addEventListener("click", () => {
    const opened = logPanel.classList.toggle("open");
    logToggle.setAttribute("aria-expanded", String(opened));
    if (opened) log.scrollTop = log.scrollHeight;
  });

  // ------------------------------------------------------------------ announcements
  const announcer = $("announcer");
  let lastAnnounced = "";
  function announce(text) {
    if (!text || text === lastAnnounced) return;
    lastAnnounced = text;
    announcer.textContent = text;
  }

  // ------------------------------------------------------------------ new game: ask first
  const confirmBox = $("confirm-new");
  let answer = null;
  function settle(value) {
    confirmBox.hidden = true;
    const done = answer;
    answer = null;
    if (done) done(value);
  }
  $("confirm-new-stay").addEventListener("click", () => settle(false));
  $("confirm-new-leave").addEventListener("click", () => settle(true));
  confirmBox.addEventListener("keydown", (e) => { if (e.key === "Escape") settle(false); });

  // ------------------------------------------------------------------ a guided first turn
  const tour = $("first-turn");
  let touring = null;  // {game, movesAtStart}
  function endTour(remember) {
    if (touring && remember) store(TOUR_KEY(touring.game), "done");
    touring = null;
    tour.hidden = true;
    for (const el of document.querySelectorAll(".tour-target")) el.classList.remove("tour-target");
  }
  $("first-turn-ok").addEventListener("click", () => endTour(true));
  function guide(s, ctx) {
    const game = s.cfg && s.cfg.game;
    const step = FIRST_TURN[game];
    if (touring && (touring.game !== game || s.moves > touring.movesAtStart)) endTour(touring.game === game);
    if (!step || !(ctx && ctx.interactive) || stored(TOUR_KEY(game)) === "done") return;
    if (!touring) {
      if (s.moves > s.cfg.seats.length * 2) return;  // only at the start of a game
      touring = { game, movesAtStart: s.moves };
      $("first-turn-text").textContent = step.text;
      tour.hidden = false;
    }
    const target = document.querySelector(step.target);
    if (target) target.classList.add("tour-target");
  }

  return {
    /** a decision (or a waiting table) is on screen */
    shown(s, ctx) {
      guide(s, ctx);
      helpPanel.hidden = !(ctx && ctx.interactive);
      $("help-why").hidden = true;
      if (ctx && ctx.interactive && s.viewer !== null) {
        last = { s, seat: s.viewer };
        announce(`Your turn, ${app.seatName(s.viewer)}.`);
        refresh();
      } else {
        last = null;
        if (ctx && ctx.thinking !== undefined) announce(`${app.seatName(ctx.thinking)} is thinking.`);
      }
    },
    /** the engine refused a tapped move: say why, in the help panel too */
    refused(s, move, reason) {
      const why = $("help-why");
      why.textContent = `Not allowed: ${reason}`;
      why.hidden = false;
      if (!open) setOpen(true);
    },
    /** resolves true when there is no running game, or the player agrees to leave it */
    confirmLeave() {
      const s = app.session;
      if (!s || s.cancelled || s.over || !$("results").hidden) return Promise.resolve(true);
      if (answer) return Promise.resolve(false);
      confirmBox.hidden = false;
      $("confirm-new-stay").focus();
      return new Promise((resolve) => { answer = resolve; });
    },
  };
}
