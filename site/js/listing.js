// A seat's legal moves as the engine sends them (docs/protocol.md "The listing"): runs of
// alike moves come as one group, {"group": template, "vary": key, "values": [...]}, which
// stands for the template with `key` set to each value in turn (engine/games/listing.py makes
// them). Every page that reads a listing expands it here, once, where it arrives: the engine
// client (local play, the embed, the history viewer) and a table's update (net/ui.js). Pure
// reshaping: no rule lives here, and a move sent back is the engine's own move object.

const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);

/** a deep copy of a JSON value (so no two expanded moves share an object) */
function copy(x) {
  if (Array.isArray(x)) return x.map(copy);
  if (isObject(x)) {
    const out = {};
    for (const k of Object.keys(x)) out[k] = copy(x[k]);
    return out;
  }
  return x;
}

/** why a listing cannot be read, or null (a host's update is checked with it: net/checks.js) */
export function listingProblem(listing) {
  if (!Array.isArray(listing)) return "not a list";
  for (const entry of listing) {
    if (!isObject(entry)) return "an entry that is not an object";
    if ("type" in entry) continue;
    if (!isObject(entry.group) || typeof entry.vary !== "string" || !(entry.vary in entry.group)
        || !Array.isArray(entry.values)) return "a group without its template, key or values";
  }
  return null;
}

/** the moves a listing stands for, in order: every group expanded, every move as it is */
export function expandListing(listing) {
  const moves = [];
  for (const entry of listing) {
    if ("type" in entry || !("group" in entry)) { moves.push(entry); continue; }
    const { group, vary, values } = entry;
    for (const value of values) {
      const move = copy(group);
      move[vary] = value;
      moves.push(move);
    }
  }
  return moves;
}
