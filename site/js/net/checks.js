// What a phone or a screen takes from the host (docs/net.md "Hostile input and limits"): the
// fields this page reads, with their types, before anything is changed. The host is the
// engine's voice, but a page must survive a broken or hostile one.
import { listingProblem } from "../listing.js";

const isInt = (x) => Number.isSafeInteger(x) && x >= 0;
const isText = (x, max = 200) => typeof x === "string" && x.length <= max;
const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);
function seatsProblem(seats) {
  if (!Array.isArray(seats) || seats.length > 16) return "seats is not a list of at most 16";
  for (const s of seats) {
    if (!isObject(s) || !isText(s.name, 100) || (s.seat !== undefined && !isInt(s.seat))) return "a seat without a name or number";
  }
  return null;
}

/** why the host's message cannot be taken, or null */
export function messageProblem(msg) {
  if (!isObject(msg)) return "not an object";
  if (!isText(msg.type, 40)) return "no type";
  switch (msg.type) {
    case "lobby":
      if (!isText(msg.room, 64) || !isText(msg.game, 40)) return "a lobby without its room or game";
      return seatsProblem(msg.seats);
    case "seated":
      if (!isInt(msg.seat) || !isText(msg.credential, 200)) return "seated without a seat and a credential";
      if (msg.room !== undefined && msg.room !== null && !isText(msg.room, 64)) return "seated with a bad room";
      return null;
    case "watching":
      return msg.room === undefined || msg.room === null || isText(msg.room, 64) ? null : "watching with a bad room";
    case "update": {
      if (!isInt(msg.version)) return "an update without a whole version";
      if (!isText(msg.game, 40)) return "an update without its game";
      if (msg.seat !== null && msg.seat !== undefined && !isInt(msg.seat)) return "an update with a bad seat";
      const bad = seatsProblem(msg.seats);
      if (bad) return `an update: ${bad}`;
      if (isInt(msg.seat) && msg.seat >= msg.seats.length) return "an update for a seat the table does not have";
      if (!isObject(msg.view)) return "an update without a view";
      if (listingProblem(msg.legal_moves)) return `an update whose legal moves cannot be read: ${listingProblem(msg.legal_moves)}`;
      if (msg.events !== undefined && !Array.isArray(msg.events)) return "an update whose events are not a list";
      return null;
    }
    case "notice":
      return msg.seats === undefined ? null : seatsProblem(msg.seats);
    case "refused":
      return isText(msg.reason, 1000) && (msg.code === undefined || isText(msg.code, 40)) ? null : "refused without a reason";
    case "transfer_code":
      return isText(msg.code, 32) && Number.isFinite(msg.expires_in) && msg.expires_in >= 0 && msg.expires_in <= 86400
        ? null : "a transfer code without its code or time";
    case "closed":
      return isText(msg.reason, 1000) ? null : "closed without a reason";
    default:
      return null;  // a message this page does not know is ignored
  }
}
