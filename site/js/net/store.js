// What a browser keeps of a phone table (docs/net.md):
//   - the host: each room it hosts, as `room_save` gives it, in IndexedDB ("tabletop-net",
//     store "rooms", key = room id), written after every accepted move and every seat change,
//     deleted when the room closes;
//   - a device: its seat credential per room in localStorage ("tabletop.seat.<room>"), so a
//     refresh of the same room link in the same browser reclaims the seat; and the phone's
//     own market expand/collapse choice ("tabletop.market").

const DB_NAME = "tabletop-net";
const STORE = "rooms";

let dbPromise = null;
function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "room" });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  return dbPromise;
}

function tx(mode, fn) {
  return db().then((d) => new Promise((resolve, reject) => {
    const t = d.transaction(STORE, mode);
    const result = fn(t.objectStore(STORE));
    t.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  }));
}

// What comes back from storage is checked before the page uses it (docs/net.md "Hostile
// input and limits"): another tab, an extension, a damaged profile or an older version of
// this site may have written it. A record that fails is left out with a console reason (the
// engine still checks the saved room itself, completely, in room_restore).
const ROOM_RE = /^[a-z0-9]{4,40}$/i;
const isInt = (x) => Number.isSafeInteger(x) && x >= 0;
const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);

/** is `room` the shape of a room id (the key of a stored room)? */
export const isRoomId = (room) => typeof room === "string" && ROOM_RE.test(room);

/** why a stored room record cannot be used, or null */
export function recordProblem(r) {
  if (!isObject(r)) return "not an object";
  if (!isRoomId(r.room)) return "no room id";
  if (typeof r.game !== "string" || !/^[a-z][a-z0-9_]{0,39}$/.test(r.game)) return "no game";
  if (!isInt(r.players) || r.players < 1 || r.players > 16) return "players is not a small whole number";
  if (!Number.isFinite(r.savedAt)) return "no time saved";
  if (!isInt(r.version)) return "version is not a whole number";
  if (typeof r.over !== "boolean") return "over is not true or false";
  if (r.joining !== undefined && r.joining !== "server" && r.joining !== "codes") return "joining is neither server nor codes";
  if (!isObject(r.saved) || !isObject(r.saved.match) || !Array.isArray(r.saved.match.log)) return "no saved room";
  return null;
}

function checked(record, where) {
  if (record === undefined || record === null) return null;
  const problem = recordProblem(record);
  if (problem) {
    console.warn(`a stored table (${where}) was left out: ${problem}`);
    return null;
  }
  return record;
}

/** {room, game, players, saved, savedAt, version, over} */
export const saveRoom = (record) => tx("readwrite", (s) => s.put(record));
/** the stored room, or null (none, or one that fails recordProblem) */
export const loadRoom = (room) => (isRoomId(room) ? tx("readonly", (s) => s.get(room)).then((r) => checked(r, room)) : Promise.resolve(null));
export const deleteRoom = (room) => tx("readwrite", (s) => s.delete(room));
/** every stored room that passes recordProblem */
export const listRooms = () => tx("readonly", (s) => s.getAll())
  .then((all) => (Array.isArray(all) ? all : []).map((r, i) => checked(r, `#${i}`)).filter(Boolean));

// ---------------------------------------------------------------------------- devices

const seatKey = (room) => `tabletop.seat.${room}`;
/** {seat, credential} kept for `room`, or null (none, or not that shape) */
export function getSeat(room) {
  let value;
  try { value = JSON.parse(localStorage.getItem(seatKey(room)) || "null"); } catch { return null; }
  if (value === null) return null;
  if (!isObject(value) || !isInt(value.seat) || typeof value.credential !== "string" || !value.credential || value.credential.length > 200) {
    console.warn(`the stored seat of table ${room} was left out: not a seat and a credential`);
    return null;
  }
  return value;
}
export function setSeat(room, seat, credential) {
  try { localStorage.setItem(seatKey(room), JSON.stringify({ seat, credential })); } catch { /* private mode */ }
}
export function forgetSeat(room) {
  try { localStorage.removeItem(seatKey(room)); } catch { /* private mode */ }
}

const MARKET_KEY = "tabletop.market";
/** "expanded", "collapsed" or null (never chosen on this phone) */
export function marketChoice() {
  try { return localStorage.getItem(MARKET_KEY); } catch { return null; }
}
export function setMarketChoice(choice) {
  try { localStorage.setItem(MARKET_KEY, choice); } catch { /* private mode */ }
}
