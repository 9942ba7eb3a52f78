// Runs workers/engine-snapshot.js under node for tests/test_engine_snapshot.py.
//   node snapshot_driver.mjs <engine-snapshot.js>  < cases.json  > results.json
// A case: {"connection": {...} | null, "cached": bool, "decompression": bool} -> worthFetching,
// or {"restore": "ok" | "throws" | "none"} -> loadFromSnapshot with a stand-in loadPyodide.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

globalThis.self = globalThis;
const realDecompression = globalThis.DecompressionStream;
const mod = await import(pathToFileURL(process.argv[2]).href);
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = [];
for (const c of cases) {
  if (c.restore !== undefined) {
    const calls = [];
    const loadPyodide = async (options) => {
      calls.push(Object.keys(options).sort());
      if (options._loadSnapshot && c.restore === "throws") throw new Error("wasm memory does not match\nmore");
      return { runPython: (code) => calls.push(code) };
    };
    const snapshotP = c.restore === "none" ? null : Promise.resolve(new Uint8Array(4));
    const r = await mod.loadFromSnapshot(loadPyodide, { indexURL: "x/" }, snapshotP);
    out.push({ restored: r.restored, fallback: r.fallback, calls });
    continue;
  }
  Object.defineProperty(globalThis, "navigator", { value: c.connection === null ? {} : { connection: c.connection }, configurable: true });
  globalThis.caches = { match: async (url) => (c.cached ? { url } : undefined) };
  globalThis.DecompressionStream = c.decompression ? realDecompression : undefined;
  out.push({ worth: await mod.worthFetching("http://site/wheels/engine-1.snapshot.gz") });
}
process.stdout.write(JSON.stringify(out));
