// The games played on this device, kept in IndexedDB ("tabletop-history", store "games").
// An entry is the engine's record (docs/records.md) plus what the History list shows without
// opening it. The engine writes and checks records; this file only keeps them.
//
//   const store = await openHistory();
//   await store.put(entry);            // entry = {id, record, seats, updated, ...summary}
//   await store.list({ game });        // newest first
//   await store.get(id); await store.remove(id); await store.clear();
//   await store.usage();               // {count, bytes, quota}

const DB_NAME = "tabletop-history";
const STORE = "games";
const VERSION = 1;

function promised(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A new entry id: the start time and a random part (no clash across tabs). */
export function newEntryId() {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `g${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
}

/** What the list shows of a record, read from its fields (no rule is decided here). */
export function summarize(record) {
  return {
    game: record.game,
    names: record.names,
    players: record.players,
    moves: record.log.length,
    over: record.result !== null,
    winners: record.result ? record.result.winners || [] : [],
    scores: record.result ? record.result.scores || [] : [],
    started: record.started,
    finished: record.finished,
    mode: record.mode,
  };
}

class HistoryStore {
  constructor(db) { this.db = db; }

  _store(mode) { return this.db.transaction(STORE, mode).objectStore(STORE); }

  /** Adds or replaces an entry: `{id, record, seats?}`; the summary and size are recomputed. */
  async put(entry) {
    const text = JSON.stringify(entry.record);
    const full = { ...entry, ...summarize(entry.record), bytes: text.length, updated: new Date().toISOString() };
    await promised(this._store("readwrite").put(full));
    return full;
  }

  get(id) { return promised(this._store("readonly").get(id)); }

  /** Every entry (of one game if `game` is given), the most recently updated first. */
  async list({ game = null } = {}) {
    const all = await promised(this._store("readonly").getAll());
    return all.filter((e) => !game || e.game === game).sort((a, b) => (a.updated < b.updated ? 1 : -1));
  }

  remove(id) { return promised(this._store("readwrite").delete(id)); }

  clear() { return promised(this._store("readwrite").clear()); }

  /** How much the history takes: entries, bytes of their records, and the browser's quota if known. */
  async usage() {
    const all = await promised(this._store("readonly").getAll());
    const bytes = all.reduce((sum, e) => sum + (e.bytes || 0), 0);
    let quota = null;
    try {
      if (navigator.storage && navigator.storage.estimate) quota = (await navigator.storage.estimate()).quota || null;
    } catch { /* not available */ }
    return { count: all.length, bytes, quota };
  }
}

let opened = null;
/** The device's history (opened once per page). */
export function openHistory() {
  opened ||= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id" });
    };
    request.onsuccess = () => resolve(new HistoryStore(request.result));
    request.onerror = () => { opened = null; reject(request.error); };
  });
  return opened;
}
