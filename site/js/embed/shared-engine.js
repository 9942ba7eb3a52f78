// The embed's engine (docs/embed.md "One engine per page"): every board of this site on a page
// shares one engine, a SharedWorker running one Pyodide (workers/shared-engine-worker.js) that
// keeps each board's matches apart. Where SharedWorker is missing (or `engine=own` is in the
// board's URL) the board starts its own engine worker, as before (EngineClient).
//
// SharedEngineClient has EngineClient's face — `ready`, `request(op, fields)`, `onProgress`,
// `bootMs`, `engineVersion`, and `worker.postMessage(msg, transfer)` (the bot worker's port is
// handed over that way, site/js/bots/bot-worker.js) — and borrows its reply handling, so a
// board's code is the same with either.

import { EngineClient } from "../engine-client.js";

const SHARED_URL = new URL("../../worker/shared-engine-worker.js", import.meta.url);
export const SHARED_NAME = "tabletop-engine";

export class SharedEngineClient {
  constructor(url = SHARED_URL) {
    this.kind = "shared";
    this.shared = null; // {instance, boards, served} from the worker's ready event
    this.onProgress = null;
    this.bootMs = null;
    this.engineVersion = null;
    this._pending = new Map();
    this._nextId = 1;
    this._settled = false;
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    const sw = new SharedWorker(url, { type: "module", name: SHARED_NAME });
    const port = sw.port;
    this._port = port;
    this.worker = { postMessage: (msg, transfer) => port.postMessage(msg, transfer || []) };
    port.onmessage = (e) => {
      const m = e.data;
      if (m && m.event === "ready" && m.shared) this.shared = m.shared;
      this._onMessage(m);
    };
    port.onmessageerror = () => this._bootFailed("the shared engine sent an unreadable message");
    sw.onerror = (e) => {
      if (e && typeof e.preventDefault === "function") e.preventDefault();
      this._bootFailed((e && e.message) || "the shared engine failed to start");
    };
    // the board's page goes away: the engine drops its matches at once (the others go on)
    addEventListener("pagehide", (e) => { if (!e.persisted) this.terminate(); });
  }

  terminate() {
    try { this._port.postMessage({ event: "bye" }); this._port.close(); } catch { /* closed */ }
    this._bootFailed("the shared engine was left");
  }
}
for (const name of ["_bootFailed", "_onMessage", "request"]) {
  SharedEngineClient.prototype[name] = EngineClient.prototype[name];
}

/** the engine of one board: the page's shared one if the browser has SharedWorker, else its own */
export function embedEngine(params = new URLSearchParams(location.search)) {
  if (typeof SharedWorker === "function" && params.get("engine") !== "own") {
    try {
      return new SharedEngineClient();
    } catch (err) {
      console.warn("no shared engine; this board starts its own:", err && err.message);
    }
  }
  const own = new EngineClient();
  own.kind = "own";
  own.shared = null;
  return own;
}
