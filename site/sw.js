// The service worker: offline play after one visit, and updates only with the user's consent.
// docs/offline.md. tools/build.py puts one generated line in front of this file in dist/:
//   self.PRECACHE = {version: "<build hash>", files: {"<path>": "<sha256>", ...}};
// so a new build is a new sw.js, which the browser installs next to the running one.
//
// - install: every file of the build goes into the cache "tabletop-<version>". A file whose
//   hash is unchanged is copied from the previous version's cache (an update downloads only
//   what changed); every other file is fetched and its SHA-256 checked against the build's,
//   so a cache never mixes files of two deployments. Any failure fails the install.
// - waiting: a new version does not take over by itself; the page shows a banner
//   (js/offline.js) and sends {type: "skip_waiting"} when the user agrees.
// - activate: the caches of other versions are deleted.
// - fetch: a same-origin GET of a precached path (query ignored: index.html?botDelay=0,
//   embed.html?game=…) is answered from this version's cache; anything else goes to the network.
/* global PRECACHE */

const PREFIX = "tabletop-";
const CACHE = PREFIX + PRECACHE.version;
const INDEX_KEY = "__precache__.json"; // in each cache: that version's {path: sha256}
const BASE = new URL("./", self.location.href); // the site root (this file's folder)

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

async function previousCopies() {
  // path -> [cache, sha256] from the caches of earlier versions
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const index = await cache.match(new URL(INDEX_KEY, BASE));
    if (!index) continue;
    let files;
    try { files = await index.json(); } catch { continue; }
    for (const [path, sha] of Object.entries(files)) if (!found.has(path)) found.set(path, [cache, sha]);
  }
  return found;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const previous = await previousCopies();
  const jobs = Object.entries(PRECACHE.files).map(async ([path, sha]) => {
    const url = new URL(path, BASE);
    const old = previous.get(path);
    if (old && old[1] === sha) {
      const copy = await old[0].match(url);
      if (copy) return cache.put(url, copy);
    }
    // no-cache: revalidate with the server (a 304 reuses the HTTP cache's copy)
    const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
    if (!response.ok) throw new Error(`precache: HTTP ${response.status} for ${path}`);
    const body = await response.arrayBuffer();
    const got = hex(await crypto.subtle.digest("SHA-256", body));
    if (got !== sha) throw new Error(`precache: ${path} is not the file of build ${PRECACHE.version} (a deployment in progress?)`);
    const headers = new Headers(response.headers);
    headers.delete("Content-Encoding"); // the body is stored decoded
    headers.set("Content-Length", String(body.byteLength));
    return cache.put(url, new Response(body, { status: 200, statusText: "OK", headers }));
  });
  await Promise.all(jobs);
  // written last: a cache with its index is a complete version
  await cache.put(new URL(INDEX_KEY, BASE), new Response(JSON.stringify(PRECACHE.files),
    { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE); // never leave half a version behind
    throw err;
  }));
  // no skipWaiting(): a first install activates at once anyway (nothing runs yet); an update
  // waits for the user's consent (the page's banner) so old and new files never mix.
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "skip_waiting") self.skipWaiting();
  else if (data && data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: PRECACHE.version, cache: CACHE });
  }
});

/** the precached path a request stands for, or null */
function precachedPath(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return null;
  let path = decodeURIComponent(url.pathname.slice(BASE.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return Object.prototype.hasOwnProperty.call(PRECACHE.files, path) ? path : null;
}

self.addEventListener("fetch", (event) => {
  const path = precachedPath(event.request);
  if (path === null) return; // not ours: the network, as if there were no service worker
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(new URL(path, BASE));
    return hit || fetch(event.request);
  })());
});
