// The page's side of the service worker (sw.js, docs/offline.md): registers it once the
// game engine has booted (so its precache revalidates files the page already downloaded),
// and when a new version has been installed and waits, offers it in a banner. The new
// version takes over only when the user taps "Update"; then the page reloads on it.
//
// window.tabletopOffline: {registration, state, version} for tests and the curious.
// <html data-offline="…">: "unsupported" | "registering" | "ready" (this version is cached)
// | "update-ready" (a new version waits) | "error".

const root = document.documentElement;
const status = { registration: null, state: "registering", version: null, error: null };
window.tabletopOffline = status;

function setState(state) {
  status.state = state;
  root.dataset.offline = state;
}

// ---------------------------------------------------------------------------- the banner
const BANNER_CSS = `
.update-banner { position: fixed; left: 50%; bottom: max(12px, env(safe-area-inset-bottom)); transform: translateX(-50%);
  z-index: 1000; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; justify-content: center;
  max-width: min(560px, calc(100vw - 24px)); padding: 10px 14px; border-radius: 12px;
  background: #243146; color: #f1ece0; border: 1px solid #e5b62a; box-shadow: 0 6px 24px rgba(0,0,0,.45);
  font: 15px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.update-banner p { margin: 0; flex: 1 1 220px; }
.update-banner button { font: inherit; font-weight: 600; border-radius: 999px; padding: 7px 16px; cursor: pointer;
  border: 1px solid #e5b62a; background: transparent; color: inherit; }
.update-banner button.primary { background: #e5b62a; color: #241a00; }
`;

let banner = null;
function showBanner(text, buttons) {
  if (!document.getElementById("update-banner-css")) {
    const style = document.createElement("style");
    style.id = "update-banner-css";
    style.textContent = BANNER_CSS;
    document.head.appendChild(style);
  }
  if (banner) banner.remove();
  banner = document.createElement("div");
  banner.className = "update-banner";
  banner.id = "update-banner";
  banner.dataset.testid = "update-banner";
  banner.setAttribute("role", "status");
  const p = document.createElement("p");
  p.textContent = text;
  banner.appendChild(p);
  for (const { label, primary, testid, onClick } of buttons) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (primary) b.className = "primary";
    b.dataset.testid = testid;
    b.addEventListener("click", onClick);
    banner.appendChild(b);
  }
  document.body.appendChild(banner);
}

let updating = false; // this tab asked the new version to take over
const offered = new WeakSet(); // each waiting worker is offered once per page
function offerUpdate(waiting) {
  if (offered.has(waiting)) return;
  offered.add(waiting);
  setState("update-ready");
  showBanner("A new version of Tabletop is ready.", [
    { label: "Later", testid: "update-later", onClick: () => banner && banner.remove() },
    {
      label: "Update", primary: true, testid: "update-now", onClick: () => {
        updating = true;
        waiting.postMessage({ type: "skip_waiting" });
      },
    },
  ]);
}

// ---------------------------------------------------------------------------- registration
async function register() {
  const reg = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), { scope: new URL("../", import.meta.url).pathname });
  status.registration = reg;
  const watch = (worker) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      if (worker.state === "activated" && !navigator.serviceWorker.controller) ready(worker);
      if (worker.state === "redundant" && status.state === "registering") setState("error");
    });
  };
  if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
  if (reg.installing) watch(reg.installing);
  reg.addEventListener("updatefound", () => reg.installing && watch(reg.installing));
  if (reg.active && reg.active.state === "activated") ready(reg.active);
  // look for a new version now and then while the page stays open
  reg.update().catch(() => {});
  setInterval(() => reg.update().catch(() => {}), 60 * 60 * 1000);
}

function ready(worker) {
  if (status.state === "registering") setState("ready");
  worker.postMessage({ type: "version" }); // which build it serves (answered below)
}

/** resolves when the engine has booted (the loading screen is hidden), or after `ms` */
function engineBooted(ms) {
  const loading = document.getElementById("loading");
  if (!loading || loading.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimeout(timer); resolve(); };
    const observer = new MutationObserver(() => loading.hidden && done());
    observer.observe(loading, { attributes: true, attributeFilter: ["hidden"] });
    const timer = setTimeout(done, ms);
  });
}

if (!("serviceWorker" in navigator)) {
  setState("unsupported");
} else {
  setState("registering");
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController) return; // the first install: nothing to reload
    if (updating) { location.reload(); return; }
    // another tab accepted the update: this page's files are the old version's
    showBanner("Tabletop was updated in another tab. Reload to use the new version.", [
      { label: "Reload", primary: true, testid: "update-reload", onClick: () => location.reload() },
    ]);
  });
  navigator.serviceWorker.addEventListener("message", (e) => {
    if (e.data && e.data.type === "version") status.version = e.data.version;
  });
  // a version that already waits (installed on an earlier visit) is offered at once
  navigator.serviceWorker.getRegistration(new URL("../", import.meta.url).href).then((reg) => {
    if (reg && reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
  }).catch(() => {});
  const start = () => engineBooted(20000).then(register).catch((err) => {
    status.error = String(err && err.message || err);
    setState("error");
    console.warn("service worker:", err);
  });
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
