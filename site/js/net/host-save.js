// The phone table host's saved tables (docs/net.md): what host.js stores in IndexedDB
// (net/store.js) and when, and the picker's list of tables this browser still holds.
// room_save is written after every accepted move or seat change, before any device is sent
// the move, so a move anyone has seen is never lost.

import { esc } from "../games/gems-ui.js";
import { now } from "./link.js";
import { deleteRoom, listRooms, loadRoom, saveRoom } from "./store.js";
import { loadCSS } from "./ui.js";

/** what `host` must store after an outbox: the new version and who holds the seats, when either
 *  changed (an accepted move, a join, a resume, a transfer); null when nothing did */
export function saveKeyFor(host, outbox) {
  let update = null;
  let seated = false;
  for (const { to, message } of outbox) {
    if (message.type === "update" && (to === "host" || !update)) update = message;
    if (message.type === "seated" || (message.type === "notice" && message.kind === "renamed")) seated = true;
    if (message.type === "closed") return null;
  }
  if (!update && !seated) return null;
  const version = update ? update.version : host.savedVersion;
  const seats = update ? update.seats.map((s) => [s.taken, s.name]) : [];
  const key = JSON.stringify([version, seats, seated ? ++host.seatChanges : host.seatChanges]);
  return key === host.savedKey ? null : key;
}

/** `host`'s room into IndexedDB (called inside the op queue): `given`, the room an accepted move's
 *  reply carried (docs/table.md), or else room_save's; a failure is logged */
export async function saveHost(host, engine, key = null, given = null) {
  try {
    const t0 = now();
    const saved = given || (await engine.request("room_save", { room: host.room })).saved;
    const version = saved.match.log.length;
    await saveRoom({
      room: host.room, game: host.game, players: host.players, joining: host.joining, saved,
      savedAt: Date.now(), version, over: !!(saved.match.state && saved.match.state.ended),
    });
    host.savedVersion = version;
    if (key !== null) host.savedKey = key;
    if (saved.match.state && saved.match.state.ended) {
      // a finished hosted game goes into this device's History (docs/records.md)
      const names = Array.isArray(saved.seats) ? saved.seats.map((s) => String(s.name || "")) : null;
      import("../history/recorder.js")
        .then((h) => h.keepSnapshot(engine, saved.match, { id: host.room, names }))
        .catch((err) => console.error("history:", err));
    }
    if (host.stats.ops.length < 2000) host.stats.ops.push({ op: "save", ms: now() - t0 });
  } catch (err) {
    console.error("could not save the table", err);
  }
}

/** a line on the picker for each table this browser still holds (a closed tab, a crash);
 *  `games` is the app's list of games (for titles), `onReopen(record)` restores a table */
export async function offerSaved(games, onReopen) {
  const rooms = (await listRooms()).sort((a, b) => b.savedAt - a.savedAt);
  const picker = document.getElementById("game-picker");
  let box = document.getElementById("net-saved");
  if (box) box.remove();
  if (!rooms.length || !picker) return;
  await loadCSS();
  box = document.createElement("div");
  box.id = "net-saved";
  box.className = "panel net-saved";
  box.dataset.testid = "saved-tables";
  box.setAttribute("data-testid", "saved-tables");
  const title = (id) => ((games || []).find((g) => g.id === id) || { title: id }).title;
  box.innerHTML = `<h3>Your hosted tables</h3>` + rooms.map((r) => `
    <p class="row net-saved-row"><span>${esc(title(r.game))} · table <code>${esc(r.room)}</code> ·
      saved ${esc(new Date(r.savedAt).toLocaleString())}${r.over ? " · game over" : ""}</span>
      <button type="button" class="btn small primary" data-reopen="${esc(r.room)}" data-testid="reopen-${esc(r.room)}">Reopen</button>
      <button type="button" class="btn small ghost" data-discard="${esc(r.room)}">Discard</button></p>`).join("");
  picker.prepend(box);
  box.addEventListener("click", async (e) => {
    const reopen = e.target.closest("[data-reopen]");
    const discard = e.target.closest("[data-discard]");
    if (reopen) {
      const record = await loadRoom(reopen.dataset.reopen);
      box.remove();
      if (record) onReopen(record);
    } else if (discard) {
      await deleteRoom(discard.dataset.discard);
      offerSaved(games, onReopen);
    }
  });
}
