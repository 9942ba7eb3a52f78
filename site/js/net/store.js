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

/** {room, game, players, saved, savedAt, version, over} */
export const saveRoom = (record) => tx("readwrite", (s) => s.put(record));
export const loadRoom = (room) => tx("readonly", (s) => s.get(room));
export const deleteRoom = (room) => tx("readwrite", (s) => s.delete(room));
export const listRooms = () => tx("readonly", (s) => s.getAll());

// ---------------------------------------------------------------------------- devices

const seatKey = (room) => `tabletop.seat.${room}`;
export function getSeat(room) {
  try { return JSON.parse(localStorage.getItem(seatKey(room)) || "null"); } catch { return null; }
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
