// The page's side of the worker protocol (docs/protocol.md, version 1).
// It only moves bytes: every decision is made by the Python engine inside the worker.

import { expandListing } from "./listing.js";

export const PROTOCOL_VERSION = 1;

/** A reply with `ok: false`: `code` and `message` come from the engine. */
export class EngineError extends Error {
  constructor(code, message, op) {
    super(message || code);
    this.name = "EngineError";
    this.code = code;
    this.op = op;
  }
}

const DEFAULT_WORKER_URL = new URL("../worker/engine-worker.js", import.meta.url);

/**
 * Creates the module worker and talks to it by request id.
 *   const engine = new EngineClient();
 *   engine.onProgress = (ev) => bar.style.width = ev.fraction * 100 + "%";
 *   await engine.ready;                      // resolves with the `ready` event
 *   const reply = await engine.request("hello");
 * `request` resolves with the whole reply (`ok: true`) or rejects with an EngineError.
 */
export class EngineClient {
  /** `early`: a worker the page started already ({worker, events}: index.html's inline script),
   * adopted with the events it sent before this client existed (handled once the current task's
   * code has run, so an `onProgress` set right after construction sees them too) */
  constructor(workerUrl = DEFAULT_WORKER_URL, early = null) {
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
    this.worker = early ? early.worker : new Worker(workerUrl, { type: "module", name: "engine" });
    this.worker.onmessage = (e) => this._onMessage(e.data);
    this.worker.onerror = (e) => {
      const msg = (e && e.message) || "the engine worker failed to start";
      if (e && typeof e.preventDefault === "function") e.preventDefault();
      this._bootFailed(msg);
    };
    this.worker.onmessageerror = () => this._bootFailed("the engine worker sent an unreadable message");
    if (early) {
      const missed = early.events.splice(0);
      early.events = null;
      queueMicrotask(() => {
        for (const [kind, e] of missed) {
          if (kind === "message") this.worker.onmessage(e);
          else if (kind === "error") this.worker.onerror(e);
          else this.worker.onmessageerror(e);
        }
      });
    }
  }

  _bootFailed(message) {
    if (!this._settled) {
      this._settled = true;
      this._rejectReady(new EngineError("boot_error", message, "boot"));
    }
    for (const [, p] of this._pending) p.reject(new EngineError("boot_error", message, p.op));
    this._pending.clear();
  }

  _onMessage(data) {
    let msg = data;
    if (typeof data === "string") {
      try { msg = JSON.parse(data); } catch { return; }
    }
    if (!msg || typeof msg !== "object") return;
    if (msg.event !== undefined && msg.id === undefined) {
      if (msg.event === "progress") {
        if (this.onProgress) this.onProgress(msg);
      } else if (msg.event === "ready") {
        this.bootMs = msg.boot_ms || null;
        this.engineVersion = msg.engine || null;
        if (!this._settled) { this._settled = true; this._resolveReady(msg); }
      } else if (msg.event === "boot_error") {
        this._bootFailed(msg.message || "the engine could not start");
      }
      return;
    }
    const pending = this._pending.get(msg.id);
    if (!pending) {
      // a reply without a request of ours: the worker could not read the request's id
      // (too large, not JSON); the oldest request waiting is the one it answered, since the
      // worker answers in order
      if (msg.ok === false && msg.id === null && this._pending.size) {
        const [first, p] = this._pending.entries().next().value;
        this._pending.delete(first);
        const err = msg.error && typeof msg.error === "object" ? msg.error : {};
        p.reject(new EngineError(String(err.code || "internal"), String(err.message || "unknown error"), p.op));
      }
      return;
    }
    this._pending.delete(msg.id);
    // a `state` reply's listing comes compact (docs/protocol.md "The listing"): every reader
    // of the reply sees the moves themselves
    if (msg.ok === true && Array.isArray(msg.legal_moves)) msg.legal_moves = expandListing(msg.legal_moves);
    if (msg.ok === true) pending.resolve(msg);
    else {
      const err = msg.error && typeof msg.error === "object" ? msg.error : {};
      pending.reject(new EngineError(String(err.code || "internal"), String(err.message || "unknown error"), pending.op));
    }
  }

  /** Sends `{v, id, op, ...fields}` as a JSON string; resolves with the reply. */
  request(op, fields = {}) {
    const id = this._nextId++;
    let text;
    try {
      text = JSON.stringify({ v: PROTOCOL_VERSION, id, op, ...fields });
    } catch (err) {
      // a cycle, a BigInt, nesting deeper than the stack: refused here, nothing is sent
      return Promise.reject(new EngineError("bad_message", `the request cannot be written as JSON: ${err && err.message ? err.message : err}`, op));
    }
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, op });
      this.worker.postMessage(text);
    });
  }

  terminate() {
    this.worker.terminate();
    this._bootFailed("the engine worker was stopped");
  }
}
