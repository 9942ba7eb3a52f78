// A phone's or a shared screen's copy of a finished networked game (issue 14; docs/records.md,
// "At a phone table"). When the game is over the host sends every device at the table
// {"v":1,"type":"record","room","record"} (engine/table/final_record.py): the whole record,
// safe to hand out only now. device.js passes that message here (one hook in its dispatch).
//
// - A phone keeps it at once in this browser's History (IndexedDB, history/store.js) under
//   "joined-<room>-s<seat>", so a second copy (a reconnect after the end) replaces the first.
// - A shared screen is often nobody's own device (a TV, a club laptop): it keeps the game only
//   when someone taps "Keep this game in this device's History" (then "watched-<room>").
// Either way the page then links to the replay: index.html#history=<id> (history/screen.js).
//
// No engine runs on table.html, so nothing is replayed here: the record is checked for its
// shape and size before it is kept; opening it in History replays it in the engine
// (record_open), which refuses a bad one with its reason.

import { esc } from "../games/gems-ui.js";

const MAX_RECORD = 1 << 20;  // characters of a record's JSON (engine.records.MAX_RECORD_TEXT)
const MAX_MOVES = 20000;

const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);

/** why a record message cannot be kept on this device, or null */
export function recordProblem(msg, room) {
  const rec = msg.record;
  if (!isObject(rec) || rec.kind !== "tabletop-record") return "it holds no game record";
  if (room && msg.room !== room) return "it is the record of another table";
  if (!Number.isSafeInteger(rec.format) || rec.format < 1) return "its format is not a whole number";
  if (typeof rec.game !== "string" || rec.game.length > 40) return "it names no game";
  if (!Number.isSafeInteger(rec.players) || rec.players < 1 || rec.players > 16) return "its seat count is wrong";
  if (!Array.isArray(rec.names) || rec.names.length !== rec.players || !rec.names.every((n) => typeof n === "string" && n.length <= 64)) {
    return "its names are not one per seat";
  }
  if (!Array.isArray(rec.log) || rec.log.length > MAX_MOVES) return "its move log is not a list";
  if (!isObject(rec.result)) return "it is not a finished game";
  if (JSON.stringify(rec).length > MAX_RECORD) return "it is larger than a record may be";
  return null;
}

/** the time this page first saw the game's first position (an update of version 0), as a
 *  record's date, if it is before the game's end; else null (the phone joined later) */
function startedFrom(device, finished) {
  const first = device.arrived && device.arrived[0];
  if (!Number.isFinite(first)) return null;
  const started = new Date(first).toISOString();
  return finished && started > finished ? null : started;
}

async function keep(id, record, seat) {
  const { openHistory } = await import("../history/store.js");
  const store = await openHistory();
  await store.put({ id, record, seat });
  return id;
}

/** the panel under the results: what happened to the record, and the way to its replay */
function panel(device) {
  let box = document.getElementById("final-record");
  if (!box) {
    box = document.createElement("section");
    box.id = "final-record";
    box.className = "panel net-final-record";
    box.dataset.testid = "final-record";
    box.setAttribute("aria-live", "polite");
    const results = document.querySelector("[data-testid=net-results]");
    if (results) results.after(box); else (document.getElementById("game") || document.body).append(box);
  }
  device.finalRecordBox = box;
  return box;
}

function showKept(box, id, where) {
  box.dataset.kept = id;
  box.innerHTML = `<p>This game is kept in ${esc(where)} History: replay it move by move, seen as any seat.</p>
    <p><a class="btn primary" href="./#history=${encodeURIComponent(id)}" data-testid="final-record-replay">Replay this game</a></p>`;
}

/** device.js: a `record` message from the host */
export async function keepFinalRecord(device, msg) {
  const problem = recordProblem(msg, device.room);
  if (problem) { console.warn(`dropped the host's game record: ${problem}`); return; }
  const record = { ...msg.record, started: msg.record.started || startedFrom(device, msg.record.finished) };
  device.finalRecord = record;
  const box = panel(device);
  if (device.mode === "phone") {
    try {
      showKept(box, await keep(`joined-${msg.room}-s${device.seat}`, record, device.seat), "this phone's");
    } catch (err) {
      console.error("history:", err);
      box.innerHTML = `<p>This game could not be kept in this phone's History: ${esc(err && err.message ? err.message : err)}</p>`;
    }
    return;
  }
  // a shared screen: kept only when asked
  if (box.dataset.kept) return;
  box.innerHTML = `<p>The game is over. This screen can keep it for a replay.</p>
    <p><button type="button" class="btn secondary" data-testid="final-record-keep">Keep this game in this device's History</button></p>`;
  box.querySelector("button").addEventListener("click", async (e) => {
    e.currentTarget.disabled = true;
    try {
      showKept(box, await keep(`watched-${msg.room}`, device.finalRecord, null), "this device's");
    } catch (err) {
      console.error("history:", err);
      box.querySelector("p").textContent = `Could not keep it: ${err && err.message ? err.message : err}`;
    }
  });
}
