// Boot progress, one implementation for both engines of the site: the table's worker
// (engine-worker.js) and the embed's shared engine (shared-engine-worker.js). The fraction is of
// the whole boot, and every event marks something that really happened: bytes of the downloads as
// they arrive, then the milestones of loadPyodide and of the engine install. The milestones sit
// where they fall in time on a cold boot in Chromium here (docs/worker.md "Boot progress"). A
// plain boot: download ≈15 %, wasm compile ≈5–10 %, interpreter start ≈75 % (no signal in
// between; the page shows the stage's detail), engine ≈4 %. Restored from the engine's memory
// snapshot: download ≈60–70 % (Pyodide's files and the snapshot), restoring ≈10 %, installing the
// wheel's files ≈15 %.

import { fetchSnapshot, worthFetching } from "./engine-snapshot.js";

export const PLAIN_SHARE = {
  download: 0.15, // 0 .. 0.15 while pyodide.asm.wasm + python_stdlib.zip arrive (bytes)
  compiled: 0.2, // the wasm is compiled and instantiated; the interpreter starts
  python: 0.96, // Python is up
  installed: 0.97, // the engine wheel is unpacked into site-packages; importing it
};
export const SNAPSHOT_SHARE = { download: 0.65, compiled: 0.7, python: 0.82, installed: 0.97 };

/** Pyodide's two big files, whose bytes are counted as they arrive. */
export const BIG = ["pyodide.asm.wasm", "python_stdlib.zip"];

const STAGES = ["runtime", "python", "engine"];

export class BootProgress {
  /** `post(stage, fraction, detail)` sends one progress event (the worker makes the message). */
  constructor(post) {
    this.post = post;
    this.share = PLAIN_SHARE; // SNAPSHOT_SHARE once the manifest names a snapshot this browser can restore
    this.lastFraction = -1;
    this.lastPostedAt = 0;
    this.lastStage = 0;
  }

  /** The boot restores the engine's memory snapshot: the download is most of it. */
  useSnapshot() {
    this.share = SNAPSHOT_SHARE;
  }

  progress(stage, fraction, detail, force = false) {
    // stages only move forward (a late byte count after the interpreter started is dropped)
    const stageIndex = STAGES.indexOf(stage);
    if (stageIndex < this.lastStage) return;
    this.lastStage = stageIndex;
    fraction = Math.min(1, Math.max(this.lastFraction, fraction));
    const now = performance.now();
    // throttle: a new event when the bar moved by 1 % or 50 ms passed, or on a stage change
    if (!force && fraction - this.lastFraction < 0.01 && now - this.lastPostedAt < 50) return;
    this.lastFraction = fraction;
    this.lastPostedAt = now;
    this.post(stage, Math.round(fraction * 1000) / 1000, detail);
  }

  /**
   * Watch a boot's downloads from the start: Pyodide's two big files (their sizes from the
   * manifest when it arrives) and the engine's memory snapshot (engine-snapshot.js), named by the
   * manifest, fetched beside them when it is worth it, its compressed bytes counted too. Returns
   * `{snapshotName, snapshotP, done, restore}`: the snapshot's file name (null: a plain boot), its
   * bytes (null likewise; a failed download rejects, and the caller boots plainly), when both big
   * files were in, and `restore()` to put `fetch` back once `loadPyodide` has returned.
   */
  watchBoot(manifestP, wheelsUrl, pyodideUrl) {
    const expected = {};
    manifestP
      .then((m) => BIG.forEach((f) => m.pyodide_bytes && m.pyodide_bytes[f] && (expected[f] = m.pyodide_bytes[f])))
      .catch(() => {}); // a failed manifest fails the boot in the caller
    const watch = this.observeDownloads(expected, pyodideUrl);
    const snapshotName = manifestP
      .then(async (m) => (m.snapshot && (await worthFetching(wheelsUrl + m.snapshot)) ? m : null))
      .then((m) => {
        if (m === null) return null;
        this.useSnapshot();
        if (m.snapshot_bytes) expected.snapshot = m.snapshot_bytes;
        return m.snapshot;
      });
    const snapshotP = snapshotName.then((name) => (name === null ? null
      : fetchSnapshot(wheelsUrl + name, (n) => watch.count("snapshot", n))));
    snapshotP.catch(() => {}); // a failed download falls back to the plain boot
    return { snapshotName, snapshotP, done: watch.done, restore: watch.restore };
  }

  /**
   * Observe (never alter) Pyodide's own fetches of its two big files under `pyodideUrl`,
   * counting bytes through a clone of the response. Pyodide keeps the original response, so the
   * wasm is still compiled while it streams, and every byte is downloaded once. `expected`: file
   * -> size, filled in from the manifest when it arrives (else Content-Length). Returns
   * `{done, count, restore}`: `done` resolves with the time both files were in, `count(name,
   * bytes)` reports the snapshot's bytes (counted by its own reader), `restore()` puts `fetch`
   * back.
   */
  observeDownloads(expected, pyodideUrl) {
    const realFetch = self.fetch;
    const got = Object.fromEntries(BIG.map((f) => [f, 0]));
    const finished = new Set();
    let resolveDone;
    const done = new Promise((r) => (resolveDone = r));
    self.fetch = async function (input, init) {
      const response = await realFetch.call(self, input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const name = BIG.find((f) => url.startsWith(pyodideUrl) && url.slice(pyodideUrl.length).split("?")[0] === f);
      if (!name || !response.ok || !response.body) return response;
      const length = Number(response.headers.get("Content-Length"));
      if (!expected[name] && length > 0 && !response.headers.get("Content-Encoding")) expected[name] = length;
      const reader = response.clone().body.getReader();
      (async () => {
        for (;;) {
          const { done: end, value } = await reader.read();
          if (end) break;
          got[name] += value.byteLength;
          report();
        }
        finished.add(name);
        if (finished.size === BIG.length) resolveDone(performance.now());
      })().catch(() => {});
      return response;
    };
    // the byte progress over Pyodide's two files and the engine snapshot (counted by its reader)
    const FILES = [...BIG, "snapshot"];
    got.snapshot = 0;
    const report = () => {
      const total = FILES.reduce((n, f) => n + Math.max(expected[f] || 0, got[f]), 0);
      const bytes = FILES.reduce((n, f) => n + got[f], 0);
      this.progress("runtime", (this.share.download * bytes) / total, `downloading Python (${mb(bytes)} of ${mb(total)} MB)`);
    };
    function count(name, bytes) {
      got[name] = bytes;
      report();
    }
    return { done, count, restore: () => (self.fetch = realFetch) };
  }
}

function mb(bytes) {
  return (bytes / 1e6).toFixed(1);
}
