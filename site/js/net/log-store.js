// A device's move log, kept in sessionStorage per table and seat (docs/net.md "The move log
// after a refresh"): each update's events, as this device received them, one JSON line per
// version. A refreshed page (the same tab) reads them back and draws the log it had shown
// before, then goes on appending. Only what this device was sent is kept — never another
// seat's — and only in this tab. No rules here.

const PREFIX = "tabletop.log.";
/** versions kept per table and seat (a long Stars game is ≈ 250 updates with events) */
export const KEEP = 400;

const storage = () => { try { return window.sessionStorage; } catch { return null; } };

/**
 * The batches kept under `key`: {batches: [[version, events, its JSON line], …] in version
 * order, problem}.
 * A line that is not [version ≥ 0, [event objects…]], or a version not after the one before
 * it, drops what is kept (problem says why): a partial log would read as the whole game.
 */
export function readLog(key) {
  const store = storage();
  let text = null;
  try { text = store ? store.getItem(PREFIX + key) : null; } catch { text = null; }
  if (!text) return { batches: [], problem: null };
  const batches = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    let batch;
    try { batch = JSON.parse(line); } catch { batch = null; }
    const ok = Array.isArray(batch) && batch.length === 2 && Number.isInteger(batch[0]) && batch[0] >= 0
      && Array.isArray(batch[1]) && batch[1].every((e) => e && typeof e === "object" && !Array.isArray(e)
        && typeof e.type === "string")
      && (!batches.length || batch[0] > batches[batches.length - 1][0]);
    if (!ok) {
      forgetLog(key);
      return { batches: [], problem: "the moves shown before this page was reloaded could not be read back" };
    }
    batches.push([batch[0], batch[1], line]);
  }
  return { batches, problem: null };
}

/** key -> the batches to write at the next idle moment (one write for several updates) */
const pending = new Map();
/** The write waits this long, then for an idle moment: a device is idle right after drawing an
 *  update, while the other devices of a table on the same machine (bench/bench_net.py: four
 *  browsers on two cores) still draw theirs; the whole log is written each time (0.7 ms a
 *  write on a phone by move 60, and the browser's own copy), so it is kept out of that window. */
export const WRITE_AFTER_MS = 250;

/** Keep `events` of `version` after the batches already kept (`kept`, the array readLog gave,
 *  changed in place); at most `KEEP` versions. The last version kept again is passed over (a
 *  resent update); an earlier one (a new game at the same table) starts the log afresh. The
 *  write waits `WRITE_AFTER_MS`, then for an idle moment, off the update's own frame. */
export function keepLog(key, kept, version, events) {
  if (!events || !events.length) return;
  const last = kept.length ? kept[kept.length - 1][0] : -1;
  if (version === last) return;  // the same update again (a resend): kept already
  if (version < last) kept.length = 0;  // a new game at this table
  kept.push([version, events]);
  if (kept.length > KEEP) kept.splice(0, kept.length - KEEP);
  if (pending.has(key)) { pending.set(key, kept); return; }
  pending.set(key, kept);
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 50));
  setTimeout(() => idle(() => {
    const batches = pending.get(key);
    if (!batches) return;  // written already, as the page went away
    pending.delete(key);
    write(key, batches);
  }), WRITE_AFTER_MS);
}

function write(key, batches) {
  const store = storage();
  try { if (store) store.setItem(PREFIX + key, batches.map(line).join("\n")); } catch { /* full or private: the log stays on screen */ }
}

/** Write every log still waiting for an idle moment: the page is going away (a reload must
 *  find the lines it showed, even those of the last update before it). */
export function flushLogs() {
  for (const [key, batches] of pending) write(key, batches);
  pending.clear();
}
if (typeof addEventListener === "function") addEventListener("pagehide", flushLogs);  // not under node (tests)

/** a batch's JSON line, written out once (at the first write that holds it) */
function line(batch) {
  if (batch[2] === undefined) batch[2] = JSON.stringify([batch[0], batch[1]]);
  return batch[2];
}

/** Drop what is kept under `key`. */
export function forgetLog(key) {
  const store = storage();
  try { if (store) store.removeItem(PREFIX + key); } catch { /* nothing to drop */ }
}
