// Players' names on this device (docs/net.md "Names"): the name a person last used, kept in
// localStorage and offered again (the host's form, a phone's lobby, a local game's seats), and
// the names of a local game asked of the engine (op seat_names: engine/table/names.py cleans
// them exactly as a phone table does). Names are always shown as text, never as markup.

const KEY = "tabletop.name";          // this device's own name (host's seat 1, a phone's seat)
const SEATS_KEY = "tabletop.names";   // the names last typed for a local game's other seats
export const NAME_MAX = 24;

/** this device's remembered name ("" if none) */
export function rememberedName() {
  try { return localStorage.getItem(KEY) || ""; } catch { return ""; }
}

/** remember this device's name (an empty one forgets it) */
export function rememberName(name) {
  const n = String(name || "").trim().slice(0, NAME_MAX);
  try { if (n) localStorage.setItem(KEY, n); else localStorage.removeItem(KEY); } catch { /* private mode */ }
}

/** the names a local game's form shows: seat 1 is this device's name, the others as last typed */
export function rememberedSeatNames() {
  let others = [];
  try { others = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]"); } catch { /* none */ }
  if (!Array.isArray(others)) others = [];
  return [rememberedName(), ...others.map((n) => (typeof n === "string" ? n.slice(0, NAME_MAX) : ""))];
}

/** remember the names typed on the new-game form (human seats only; seat 1 is this device's) */
export function rememberSeatNames(names, seats) {
  const typed = names.map((n, i) => (seats[i] === "human" ? String(n || "").trim().slice(0, NAME_MAX) : ""));
  if (seats[0] === "human") rememberName(typed[0]);
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(typed.slice(1, 6))); } catch { /* private mode */ }
}

/** a name input for seat `i` of the new-game form (hidden for a computer seat) */
export function nameFieldHTML(i, value, human) {
  const v = String(value || "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<input class="seat-name" name="name-${i}" data-name="${i}" data-testid="seat-name-${i}" maxlength="${NAME_MAX}"
    autocomplete="${i === 0 ? "nickname" : "off"}" style="min-height:44px" aria-label="Name of seat ${i + 1}" placeholder="Seat ${i + 1}"
    value="${v}"${human ? "" : " hidden"}>`;
}

/** the names of a local game's seats, cleaned by the engine (computers named by level);
 *  cfg: {seats: ["human" | level], names: [typed]} */
export async function localSeatNames(engine, cfg) {
  const seats = cfg.seats.map((k, i) => (k === "human" ? { kind: "human", name: (cfg.names || [])[i] || "" } : { kind: "bot", bot: k }));
  try {
    return (await engine.request("seat_names", { seats })).names;
  } catch {
    return cfg.seats.map((k, i) => (k === "human" ? `Seat ${i + 1}` : `Computer (${k})`));
  }
}
