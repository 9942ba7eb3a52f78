// A bare module worker that only loads Pyodide from the same files as the engine worker
// (the benchmark's baseline). Served from a temporary copy of dist/ at /bench/.
const T0 = performance.now();
const { loadPyodide } = await import("../pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
self.pyodide = pyodide;
self.postMessage({ v: 1, event: "ready", boot_ms: { total: Math.round(performance.now() - T0) } });
