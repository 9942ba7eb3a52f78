// Booting Pyodide from the engine's memory snapshot (docs/worker.md "The memory snapshot"),
// shared by engine-worker.js and shared-engine-worker.js.
//
// The build (tools/snapshot.mjs) boots Pyodide once, imports the engine and saves Pyodide's
// memory, gzipped, as wheels/<manifest.snapshot>. A worker downloads it beside Pyodide's own
// files and hands it to `loadPyodide`, which then restores the memory instead of starting the
// interpreter and importing the engine. Anything that cannot be restored — no snapshot in the
// manifest, a failed download, a browser without DecompressionStream, a restore that throws —
// falls back to the plain boot, so the snapshot can make a boot faster but never break it.

/** whether this browser can unpack a snapshot (DecompressionStream, Chromium 80+, Safari 16.4+) */
export function canRestore() {
  return typeof DecompressionStream === "function";
}

/**
 * Whether to boot from the snapshot at `url`: yes when this browser can restore it and it is
 * in the service worker's cache already; else no when the user asked to save data
 * (`navigator.connection.saveData`), as the snapshot is 6.4 MB more to download; yes otherwise.
 * (The link's speed is not asked: on a first visit, the one that matters, Chromium's
 * `downlink` is a default guess, 1.45 Mbit/s with no traffic seen yet.)
 */
export async function worthFetching(url) {
  if (!canRestore()) return false;
  try {
    if (self.caches && (await self.caches.match(url))) return true;
  } catch { /* no Cache Storage here (an opaque origin) */ }
  const link = self.navigator && self.navigator.connection;
  return !(link && link.saveData);
}

/**
 * The snapshot's bytes, gunzipped. Rejects on a failed download. `onBytes(n)` is called with
 * the compressed bytes received so far. Callers ask `worthFetching(url)` first.
 */
export async function fetchSnapshot(url, onBytes = () => {}) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`the engine snapshot: HTTP ${response.status} for ${url}`);
  let received = 0;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      onBytes(received);
      controller.enqueue(chunk);
    },
  }));
  const plain = counted.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

/**
 * `loadPyodide(options)` restored from `snapshotP` — a promise of the snapshot's bytes, given to
 * Pyodide as it is, so that its own downloads run while the snapshot arrives — or, with no
 * snapshot (null) or on any failure, the plain `loadPyodide(options)`. Returns
 * {pyodide, restored, fallback}: `fallback` says why a snapshot was not used (null when it was,
 * or when there was none).
 */
export async function loadFromSnapshot(loadPyodide, options, snapshotP) {
  let why = null;
  if (snapshotP) {
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshotP });
      // the snapshot froze whatever was random when it was taken: draw it again
      pyodide.runPython("import random as _r; _r.seed(); del _r");
      return { pyodide, restored: true, fallback: null };
    } catch (err) {
      why = `the engine snapshot was not used: ${String((err && err.message) || err).split("\n")[0]}`;
    }
  }
  return { pyodide: await loadPyodide(options), restored: false, fallback: why };
}
