// The bot worker: a second engine worker (the same workers/engine-worker.js and engine wheel) in
// which computer seats at level hard think, so that the table's worker keeps answering
// (docs/bots.md, "In the browser"). It is started on first use, and joined to the table's
// worker by a MessageChannel: the table's worker sends it a seat's view, legal moves and seed
// and gets the move back, worker to worker; this page only asks for a move (`bot_think`) and
// never holds a computer seat's view.

/** levels that think in the bot worker; easy and normal answer at once in the table's worker */
export const WORKER_LEVELS = ["hard"];

/** the levels a player picks for a computer seat, weakest first (engine.bots.LEVELS) */
export const LEVELS = ["easy", "normal", "hard"];

/** hard's thinking budget in the browser, milliseconds (the search's time cap; docs/bots.md) */
export const HARD_THINK_MS = 700;

const WORKER_URL = new URL("../../worker/engine-worker.js", import.meta.url);
const started = new WeakMap(); // EngineClient -> {worker, ready}

/** Starts the bot worker for `engine` (once) and joins it to the table's worker. */
export function startBotWorker(engine) {
  let bot = started.get(engine);
  if (bot) return bot.ready;
  const worker = new Worker(WORKER_URL, { type: "module", name: "bots" });
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      const m = e.data;
      if (m && m.event === "ready") resolve(m);
      else if (m && m.event === "boot_error") reject(new Error(`the computer players' worker did not start: ${m.message}`));
    };
    worker.onerror = (e) => { if (e && e.preventDefault) e.preventDefault(); reject(new Error("the computer players' worker failed")); };
  });
  ready.catch(() => {});
  const channel = new MessageChannel();
  worker.postMessage({ v: 1, event: "bot_port", role: "serve" }, [channel.port2]);
  engine.worker.postMessage({ v: 1, event: "bot_port", role: "ask" }, [channel.port1]);
  bot = { worker, ready };
  started.set(engine, bot);
  return ready;
}

/** true when a computer seat at `level` thinks in the bot worker */
export function thinksInWorker(level) {
  return WORKER_LEVELS.includes(level);
}

/**
 * The move of computer seat `seat` of local match `match` at `level`: hard asks the bot worker
 * through the table's worker (`bot_think`), the others the table's worker (`bot_move`).
 * Resolves with the reply ({move, ms?}).
 */
export function botMove(engine, match, seat, level) {
  if (!thinksInWorker(level)) return engine.request("bot_move", { match, seat, bot: level });
  startBotWorker(engine);
  return engine.request("bot_think", { match, seat, bot: level, think_ms: HARD_THINK_MS }).catch((err) => {
    if (err && err.code === "illegal_move") throw err;
    // the bot worker failed (did not start, crashed): this move is played at normal strength
    console.warn("the hard computer could not think; playing this move at normal level:", err && err.message);
    return engine.request("bot_move", { match, seat, bot: "normal" });
  });
}

/** A phone table's due computer seat (room_tick's `bot_due`): its move is played in the room. */
export function roomBotMove(engine, room, seat) {
  startBotWorker(engine);
  return engine.request("bot_think", { room, seat, think_ms: HARD_THINK_MS });
}
