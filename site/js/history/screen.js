// The History screen: every game kept on this device (history/store.js), filtered by game;
// open one as a replay, resume an unfinished one, export, share by link, delete one or all,
// import a record file (picker or drop). Every record shown was opened by the engine
// (record_open: validated by replay); a refused file is stored nowhere and its reason shown.

import { esc } from "../games/gems-ui.js";
import { uiFor } from "../games/registry.js";
import { acceptDrops, downloadRecord, readRecordFile } from "./files.js";
import { fragmentToText, shareLink } from "./share.js";
import { newEntryId, openHistory } from "./store.js";
import { ReplayViewer } from "./viewer.js";

// its own stylesheet, loaded with the module (as the games load theirs)
(function loadStylesheet() {
  if (typeof document === "undefined" || document.querySelector("link[data-history-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../../css/history.css", import.meta.url).href;
  link.dataset.historyCss = "";
  document.head.appendChild(link);
})();

function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function size(bytes) {
  return bytes < 1024 ? `${bytes} bytes` : bytes < 1 << 20 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1 << 20)).toFixed(1)} MB`;
}

/**
 * The History screen, built inside `host` (a section the app shows as its "history" screen).
 * `app`: {engine, toast, showScreen(name), setTheme(id), games (list), resume(entry, match) }.
 */
export class HistoryScreen {
  constructor(host, app) {
    this.host = host;
    this.app = app;
    this.filter = "";
    this.viewer = null;
    host.innerHTML = `
      <div class="history-list-view" data-testid="history-list-view">
        <div class="history-head">
          <h2 id="history-title">History</h2>
          <button type="button" class="btn ghost" data-act="back" data-testid="history-back">Back</button>
        </div>
        <div class="history-tools">
          <label>Game <select data-testid="history-filter" class="history-filter"></select></label>
          <label class="btn secondary history-import">Import a record…
            <input type="file" accept=".json,application/json" data-testid="history-import" class="sr-only"></label>
          <button type="button" class="btn ghost danger" data-act="clear" data-testid="history-clear">Delete all</button>
        </div>
        <p class="history-drop muted" data-testid="history-drop">…or drop a record file here.</p>
        <p class="history-usage muted" data-testid="history-usage" aria-live="polite"></p>
        <ul class="history-list" data-testid="history-list" aria-labelledby="history-title"></ul>
      </div>
      <section class="replay" data-testid="replay" hidden aria-label="Replay"></section>`;
    this.listView = host.querySelector(".history-list-view");
    this.replayRoot = host.querySelector(".replay");
    host.addEventListener("click", (e) => this._click(e));
    host.querySelector(".history-filter").addEventListener("change", (e) => { this.filter = e.target.value; this.refresh(); });
    host.querySelector("[data-testid=history-import]").addEventListener("change", (e) => {
      const file = e.target.files && e.target.files[0];
      e.target.value = "";
      if (file) this.importFile(file);
    });
    acceptDrops(this.listView, (file) => this.importFile(file));
  }

  /** Shows the list (closing any replay). */
  async show() {
    this.closeReplay();
    this.app.setTheme(null);
    this.app.showScreen("history");
    this.listView.hidden = false;
    await this.refresh();
  }

  async refresh() {
    const store = await openHistory();
    const games = this.app.games || [];
    const select = this.host.querySelector(".history-filter");
    select.innerHTML = `<option value="">All games</option>${games.map((g) =>
      `<option value="${esc(g.id)}"${g.id === this.filter ? " selected" : ""}>${esc(g.title)}</option>`).join("")}`;
    const entries = await store.list({ game: this.filter || null });
    const usage = await store.usage();
    this.host.querySelector(".history-usage").textContent =
      `${usage.count} game${usage.count === 1 ? "" : "s"} kept, ${size(usage.bytes)}${usage.quota ? ` (this browser allows ${size(usage.quota)})` : ""}`;
    const title = (id) => (games.find((g) => g.id === id) || { title: id }).title;
    this.host.querySelector(".history-list").innerHTML = entries.length ? entries.map((e) => {
      const result = e.over
        ? `${e.winners.length > 1 ? "Shared: " : "Won by "}${esc(e.winners.map((s) => e.names[s]).join(" and "))} · ${esc(e.scores.join("–"))}`
        : `Unfinished · ${e.moves} move${e.moves === 1 ? "" : "s"}`;
      const resumable = !e.over && e.seats && (e.mode === "solo" || e.mode === "pass");
      return `<li class="history-entry" data-id="${esc(e.id)}" data-testid="history-entry" data-game="${esc(e.game)}">
        <div class="history-what"><b>${esc(title(e.game))}</b> <span>${esc(e.names.join(", "))}</span>
          <small class="muted">${esc(result)} · ${esc(when(e.finished || e.started || e.updated))}${e.imported ? " · imported" : ""}${e.mode === "joined" ? " · at a phone table" : e.mode === "hosted" ? " · hosted here" : ""}</small></div>
        <div class="history-buttons">
          <button type="button" class="btn secondary" data-act="open" data-testid="history-open">Replay</button>
          ${resumable ? '<button type="button" class="btn primary" data-act="resume" data-testid="history-resume">Resume</button>' : ""}
          <button type="button" class="btn ghost" data-act="export" data-testid="history-export">Export</button>
          ${e.over ? '<button type="button" class="btn ghost" data-act="share" data-testid="history-share">Share link</button>' : ""}
          <button type="button" class="btn ghost danger" data-act="delete" data-testid="history-delete"
            aria-label="Delete this game">Delete</button>
        </div></li>`;
    }).join("") : `<li class="muted history-empty" data-testid="history-empty">No games kept yet${this.filter ? " for this game" : ""}.</li>`;
  }

  async _click(e) {
    const b = e.target.closest("[data-act]");
    if (!b || !this.host.contains(b) || this.replayRoot.contains(b)) return;
    const act = b.dataset.act;
    const li = b.closest("[data-id]");
    const store = await openHistory();
    const entry = li ? await store.get(li.dataset.id) : null;
    try {
      if (act === "back") { this.closeReplay(); this.app.showScreen("picker"); }
      else if (act === "clear") {
        if (confirm("Delete every game kept on this device?")) { await store.clear(); await this.refresh(); }
      } else if (!entry) return;
      else if (act === "delete") { await store.remove(entry.id); await this.refresh(); }
      else if (act === "export") downloadRecord(entry.record);
      else if (act === "share") b.dataset.link = await this.share(entry.record);
      else if (act === "open") await this.openReplay({ record: entry.record }, { entry, ownSeat: this._ownSeat(entry) });
      else if (act === "resume") await this.resume(entry);
    } catch (err) {
      this.app.toast(err && err.message ? err.message : String(err));
    }
  }

  /** During a game, a replay shows only one's own seat: a solo game's one person (none in pass-and-play). */
  _ownSeat(entry) {
    const people = (entry.seats || []).map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
    return !entry.over && people.length === 1 ? people[0] : null;
  }

  async share(record) {
    const link = await shareLink(record);
    try {
      await navigator.clipboard.writeText(link);
      this.app.toast("The link is copied: it holds the whole game, and opens it as a replay.", "info");
    } catch {
      prompt("The link to this game (it holds the whole game):", link);
    }
    return link;
  }

  /** The engine validates the file (record_open); only a valid record is stored. */
  async importFile(file) {
    let opened;
    try {
      const text = await readRecordFile(file);
      opened = await this.app.engine.request("record_open", { text });
    } catch (err) {
      this._refused(err, file.name);
      return;
    }
    this.app.engine.request("record_close", { replay: opened.replay }).catch(() => {});
    const store = await openHistory();
    await store.put({ id: newEntryId(), record: opened.record, imported: true });
    this.app.toast(`Imported: a ${opened.over ? "finished" : "unfinished"} game of ${opened.moves} moves.`, "info");
    await this.refresh();
  }

  _refused(err, what) {
    const reason = err && err.message ? err.message : String(err);
    const box = this.host.querySelector(".history-usage");
    box.textContent = `Not imported (${what}): ${reason}`;
    box.dataset.refused = reason;
    this.app.toast(`Not imported: ${reason}`);
  }

  /** Opens a record (an object or a file's text) in the viewer; throws the engine's reason. */
  async openReplay(fields, { entry = null, ownSeat = null, at = null } = {}) {
    const opened = await this.app.engine.request("record_open", ownSeat === null ? fields : { ...fields, seat: ownSeat });
    const ui = uiFor(opened.record.game);
    if (!ui) throw new Error(`this site cannot draw ${opened.record.game}`);
    this.closeReplay();
    this.app.showScreen("history");
    this.app.setTheme(opened.record.game);
    this.listView.hidden = true;
    const actions = `<button type="button" class="btn ghost" data-replay-act="export" data-testid="replay-export">Export</button>
      ${opened.over ? '<button type="button" class="btn ghost" data-replay-act="share" data-testid="replay-share">Share link</button>' : ""}
      ${entry ? "" : '<button type="button" class="btn secondary" data-replay-act="keep" data-testid="replay-keep">Keep in History</button>'}`;
    this.viewer = new ReplayViewer(this.replayRoot, {
      engine: this.app.engine, ui, actions, onClose: () => { this.viewer = null; this.show(); },
    });
    window.tabletop.replay = this.viewer;
    await this.viewer.open(opened, { ownSeat, at });
    this.replayRoot.querySelector(".replay-actions").addEventListener("click", async (e) => {
      const b = e.target.closest("[data-replay-act]");
      if (!b) return;
      try {
        if (b.dataset.replayAct === "export") downloadRecord(opened.record);
        else if (b.dataset.replayAct === "share") b.dataset.link = await this.share(opened.record);
        else if (b.dataset.replayAct === "keep") {
          await (await openHistory()).put({ id: newEntryId(), record: opened.record, imported: true });
          b.disabled = true;
          b.textContent = "Kept";
        }
      } catch (err) { this.app.toast(err.message || String(err)); }
    });
    return this.viewer;
  }

  closeReplay() {
    if (this.viewer) this.viewer.close();
    this.viewer = null;
    if (window.tabletop) window.tabletop.replay = null;
    this.listView.hidden = false;
  }

  /** An unfinished local game goes on from where it stopped (record_match: a match at the last move). */
  async resume(entry) {
    const opened = await this.app.engine.request("record_open", { record: entry.record });
    const made = await this.app.engine.request("record_match", { replay: opened.replay });
    this.app.engine.request("record_close", { replay: opened.replay }).catch(() => {});
    this.app.resume(entry, made.match);
  }

  /** `#history=<id>`: a game this device keeps (a phone's link under a finished table's results,
   * net/final-record.js) opens as its replay; an id this device does not hold shows the list. */
  async openKeptFromLink(hash = location.hash) {
    const id = new URLSearchParams(hash.replace(/^#/, "")).get("history");
    if (id === null) return false;
    history.replaceState(null, "", location.pathname + location.search);
    const entry = await (await openHistory()).get(id).catch(() => undefined);
    if (!entry) {
      await this.show();
      this.app.toast("That game is not kept on this device.");
      return true;
    }
    try {
      await this.openReplay({ record: entry.record }, { entry, ownSeat: this._ownSeat(entry) });
    } catch (err) {
      await this.show();
      this.app.toast(`This game cannot be opened: ${err.message || err}`);
    }
    return true;
  }

  /** A link carrying a record (#replay=…) opens it as a replay, validated like an import. */
  async openFromLink() {
    if (await this.openKeptFromLink()) return true;
    let text;
    try {
      text = await fragmentToText();
    } catch (err) {
      this.app.toast(`This link's game cannot be opened: ${err.message}`);
      return false;
    }
    if (text === null) return false;
    history.replaceState(null, "", location.pathname + location.search);
    try {
      await this.openReplay({ text });
    } catch (err) {
      this.app.showScreen("picker");
      this.app.toast(`This link's game cannot be opened: ${err.message || err}`);
      return false;
    }
    return true;
  }
}
