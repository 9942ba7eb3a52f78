// Learning and playing for everyone (issue 13): the table's Rules dialog, "What can I do now?",
// the new-game confirmation and the screen-reader announcements of turn changes.
// Thin: the help's words come from the engine (`help` op, engine/help.py); a refusal's reason is the
// engine's own. app.js calls the hooks returned by installLearn (docs/accessibility.md).

const $ = (id) => document.getElementById(id);
const HELP_OPEN_KEY = "tabletop-help-open";

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

  return {
    /** a decision (or a waiting table) is on screen */
    shown(s, ctx) {
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
