// Make the engine's memory snapshot (docs/worker.md "The memory snapshot"): boot Pyodide in
// Node from the very files the site serves, install the engine wheel, import the engine (the
// whole package: the protocol, all four games and the computer players), and write Pyodide's memory image,
// gzipped. The worker restores it instead of starting the interpreter and importing the engine
// (≈ 0.5 s instead of ≈ 2.5–3 s), then re-seeds what must differ per boot.
//
//   node tools/snapshot.mjs <dist/pyodide dir> <engine wheel> <out .gz>
//
// Called by tools/build.py (cached under a hash of the Pyodide files and the wheel). Uses
// Pyodide's own snapshot support (`_makeSnapshot` / `makeMemorySnapshot` / `_loadSnapshot`,
// marked private by Pyodide: the version is pinned in package.json, and the worker falls
// back to a plain boot when a snapshot cannot be restored).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const [pyodideDir, wheelPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node tools/snapshot.mjs <pyodide dir> <engine wheel> <out .gz>");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", _makeSnapshot: true });
// a plain Uint8Array: Pyodide does not take Node's Buffer
const wheel = new Uint8Array(fs.readFileSync(wheelPath));
const sitePackages = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
// Every module of the engine, imported now, so that neither a first game nor a computer's first
// search imports anything (`engine.__main__`, the command line, is left out: it runs on import).
// No JavaScript object may be held by Python at this point (the snapshot could not carry it).
const imported = py.runPython(`
import gc, importlib, pkgutil
import engine
_names = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.") if not m.name.endswith("__main__")]
for _name in _names:
    importlib.import_module(_name)
_count = len(_names)
del _names, _name
gc.collect()
_count
`);
console.log(`snapshot: ${imported} engine modules imported`);
const image = py.makeMemorySnapshot();
const gz = zlib.gzipSync(image, { level: 9 });
fs.writeFileSync(outPath, gz);
console.log(`snapshot: ${image.length} bytes of memory, ${gz.length} gzipped`);
