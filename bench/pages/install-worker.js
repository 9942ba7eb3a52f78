// Times one way of installing the engine wheel into a fresh Pyodide (bench/bench.py).
// The way comes in the worker URL's query: ?way=unpack | loadPackage | micropip
const way = new URL(import.meta.url).searchParams.get("way");
const base = new URL("../", import.meta.url).href; // the site root
const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
let sitePackages;
const pyodide = await loadPyodide({ indexURL: base + "pyodide/", fsInit: (_FS, info) => { sitePackages = info.sitePackages; } });
self.pyodide = pyodide;
const manifest = await (await fetch(base + "wheels/manifest.json")).json();
const wheelUrl = base + "wheels/" + manifest.engine;
const errors = [];
const t0 = performance.now();
if (way === "unpack") {
  const buf = await (await fetch(wheelUrl)).arrayBuffer();
  pyodide.unpackArchive(buf, "wheel", { extractDir: sitePackages });
  const distInfo = `${sitePackages}/${manifest.engine.split("-").slice(0, 2).join("-")}.dist-info`;
  pyodide.FS.writeFile(`${distInfo}/INSTALLER`, "pyodide.unpackArchive\n"); // as the engine worker does
} else if (way === "loadPackage") {
  await pyodide.loadPackage(wheelUrl, { errorCallback: (m) => errors.push(m), messageCallback: () => {} });
} else if (way === "micropip") {
  await pyodide.loadPackage(base + "wheels/" + manifest.micropip, { errorCallback: (m) => errors.push(m), messageCallback: () => {} });
  pyodide.globals.set("WHEEL_URL", wheelUrl);
  await pyodide.runPythonAsync("import micropip\nawait micropip.install(WHEEL_URL)");
} else {
  errors.push("unknown way " + way);
}
const modulesBefore = pyodide.runPython("import sys; len(sys.modules)");
const t1 = performance.now();
pyodide.runPython("import importlib; importlib.invalidate_caches(); from engine.protocol import handle");
const t2 = performance.now();
const installer = pyodide.runPython(`
import importlib.metadata as md
(md.distribution(md.packages_distributions()["engine"][0]).read_text("INSTALLER") or "(none)").strip()
`);
self.postMessage({ way, errors, installer, modules_before_import: modulesBefore, install_ms: t1 - t0, import_ms: t2 - t1, total_ms: t2 - t0 });
