// Keeps the local game being played in History: after it starts, after every move, and at its
// end, the engine writes the match's record (record_of) and history/store.js keeps it.
// Saves run one at a time, in order; a failed save is logged and the game goes on.
//
// The app's session `s` carries: cfg {game, players, seats}, match (handle), and here
// historyId, started, takebacks (the entries the engine gave for take-backs done).

import { newEntryId, openHistory } from "./store.js";

/** The names and computers of the app's seats ("human", or a computer's level). */
export function seatsOf(cfg, seatName) {
  return {
    names: cfg.seats.map((_, i) => seatName(i)),
    bots: cfg.seats.map((kind) => (kind === "human" ? null : kind)),
    mode: cfg.seats.filter((k) => k === "human").length >= 2 ? "pass" : "solo",
  };
}

/** Saves the session's game as it stands now (queued after any save still running). */
export function saveGame(engine, s, seatName, { finished = false } = {}) {
  s.historyId ||= newEntryId();
  s.started ||= new Date().toISOString();
  s.takebacks ||= [];
  const match = s.match;
  const run = async () => {
    const seats = seatsOf(s.cfg, seatName);
    const { record } = await engine.request("record_of", {
      match, ...seats, started: s.started, finished: finished ? new Date().toISOString() : null, takebacks: s.takebacks,
    });
    const store = await openHistory();
    await store.put({ id: s.historyId, record, seats: s.cfg.seats.slice() });
  };
  s.historySaving = (s.historySaving || Promise.resolve()).then(run).catch((err) => {
    if (err && err.code !== "unknown_op") console.error("history:", err);  // unknown_op: an engine without record ops
  });
  return s.historySaving;
}

/** Keeps a hosted phone table's finished game (its saved room's match snapshot, checked by the
 * engine) under the room's id, so saving it again replaces it. The computers' levels come from
 * the saved room's seats (net/store.js) when the caller gives none. */
export async function keepSnapshot(engine, snapshot, { id, names = null, bots = null, mode = "hosted" } = {}) {
  if (bots === null) bots = await savedBots(id, snapshot.players);
  const { record } = await engine.request("record_of", { snapshot, names, bots, mode, finished: new Date().toISOString() });
  const store = await openHistory();
  await store.put({ id: `room-${id}`, record });
}

/** per seat, null for a person or the computer's level, as the host's saved room lists them; null if unknown */
async function savedBots(room, players) {
  try {
    const { loadRoom } = await import("../net/store.js");
    const stored = await loadRoom(room);
    const seats = stored && stored.saved && stored.saved.seats;
    if (!Array.isArray(seats) || seats.length !== players) return null;
    return seats.map((seat) => (seat && seat.kind === "bot" && typeof seat.bot === "string" ? seat.bot : null));
  } catch {
    return null;
  }
}
