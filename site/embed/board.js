// The one-line embed (docs/embed.md "One line: <tabletop-board>"):
//   <script type="module" src="https://TABLETOP.SITE/embed/board.js"></script>
//   <tabletop-board game="splendor" position="examples/splendor-noble.json" mode="explore"></tabletop-board>
// A custom element that puts the board's iframe (embed.html, on the board's own site: the
// isolation boundary — the board's code runs in the board's origin, never in the rules page's)
// into the page, with the element's attributes as the iframe's parameters. It starts the board
// when scrolled near, sizes itself to the board, and turns the postMessage API into methods
// (`play`, `getState`, `getLegalMoves`, `setPosition`, `reset`, `ping`: each a Promise of the
// board's answer) and DOM events (`ready`, `move`, `game_over`, `error`, `resize`, `state`,
// `legal_moves`, `pong`; `event.detail` is the board's message). No rule lives here.

const EMBED_URL = new URL("../embed.html", import.meta.url);
const BOARD_ORIGIN = EMBED_URL.origin;
// attribute (HTML lower-cases names) -> the embed's URL parameter (docs/embed.md "Parameters")
const PARAMS = {
  game: "game", position: "position", players: "players", seats: "seats", options: "options", seed: "seed",
  moves: "moves", snapshot: "snapshot", mode: "mode", seat: "seat", bot: "bot", "bot-delay": "botDelay",
  botdelay: "botDelay", size: "size", list: "list", caption: "caption", engine: "engine",
};
const NEAR = "800px 0px"; // start a board this far before it scrolls into view
const REPLIES = new Set(["state", "legal_moves", "pong", "move", "error"]);
const EVENTS = ["ready", "move", "game_over", "error", "resize", "state", "legal_moves", "pong"];
const byWindow = new Map(); // iframe window -> element

addEventListener("message", (event) => {
  if (event.origin !== BOARD_ORIGIN) return; // only our boards
  const el = byWindow.get(event.source); // and only from the iframe of one of our elements
  const m = event.data;
  if (!el || !m || typeof m !== "object" || m.tabletop !== 1 || typeof m.type !== "string") return;
  el._fromBoard(m);
});

const STYLE = `
:host { display: block; position: relative; min-height: 120px; contain: layout; }
:host([hidden]) { display: none; }
iframe { display: block; width: 100%; height: 100%; border: 0; background: transparent; }
.wait { box-sizing: border-box; height: 100%; min-height: 120px; display: flex; align-items: center; justify-content: center;
  font: 15px/1.4 system-ui, sans-serif; color: #dfe6f0; background: #17202e; border-radius: 10px; padding: 1rem; text-align: center; }
`;

export class TabletopBoard extends HTMLElement {
  static get observedAttributes() { return [...Object.keys(PARAMS), "label"]; }

  constructor() {
    super();
    this._root = this.attachShadow({ mode: "open" });
    this._root.innerHTML = `<style>${STYLE}</style><div class="wait" part="placeholder">Live board: it starts when scrolled near.</div>`;
    this._frame = null;
    this._next = 1;
    this._waiting = new Map(); // request id -> {resolve, reject, type}
    this._lastState = null;
    this._newReady();
  }

  _newReady() {
    this.ready = new Promise((resolve, reject) => { this._readyResolve = resolve; this._readyReject = reject; });
    this.ready.catch(() => {});
    this._isReady = false;
  }

  connectedCallback() {
    if (!this.style.height && !this.hasAttribute("height")) this.style.height = "480px";
    else if (this.hasAttribute("height")) this.style.height = `${parseInt(this.getAttribute("height"), 10) || 480}px`;
    this.dataset.state = this._frame ? this.dataset.state : "idle";
    if (this._frame) return;
    if (this.getAttribute("loading") === "eager" || typeof IntersectionObserver !== "function") {
      this.load();
      return;
    }
    this._observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.load();
    }, { rootMargin: NEAR });
    this._observer.observe(this);
  }

  disconnectedCallback() {
    if (this._observer) { this._observer.disconnect(); this._observer = null; }
    if (this._frame) this._unload("the board was removed from the page");
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || !this._frame) return;
    if (name === "label") { this._frame.title = this._title(); return; }
    this._unload("the board's attributes changed: it starts again");
    this.load();
  }

  /** the iframe's URL: the attributes as the embed's parameters, this page's origin allowed */
  get src() {
    const url = new URL(EMBED_URL);
    for (const [attr, param] of Object.entries(PARAMS)) {
      if (this.hasAttribute(attr)) url.searchParams.set(param, this.getAttribute(attr));
    }
    url.searchParams.set("origins", location.origin);
    return url.href;
  }

  _title() {
    return this.getAttribute("label") || `Live board${this.getAttribute("game") ? `: ${this.getAttribute("game")}` : ""}`;
  }

  /** starts the board now (it otherwise starts when scrolled near) */
  load() {
    if (this._frame) return this.ready;
    if (this._observer) { this._observer.disconnect(); this._observer = null; }
    const frame = document.createElement("iframe");
    frame.title = this._title();
    frame.setAttribute("part", "frame");
    frame.src = this.src;
    this._root.querySelector(".wait").hidden = true;
    this._root.querySelector(".wait").style.display = "none";
    this._root.appendChild(frame);
    this._frame = frame;
    byWindow.set(frame.contentWindow, this);
    this.dataset.state = "loading";
    return this.ready;
  }

  _unload(reason) {
    byWindow.delete(this._frame.contentWindow);
    this._frame.remove();
    this._frame = null;
    this._root.querySelector(".wait").style.display = "";
    for (const [, w] of this._waiting) w.reject(Object.assign(new Error(reason), { code: "gone" }));
    this._waiting.clear();
    if (!this._isReady) this._readyReject(Object.assign(new Error(reason), { code: "gone" }));
    this._newReady();
    this.dataset.state = "idle";
  }

  _fromBoard(m) {
    if (m.type === "ready") {
      this._isReady = true;
      this.dataset.state = "ready";
      this._lastState = m.state;
      this._readyResolve(m);
    } else if (m.type === "resize" && Number.isFinite(m.height) && m.height > 0) {
      this.style.height = `${Math.ceil(m.height)}px`;
    } else if (m.type === "error" && !this._isReady && m.id === null) {
      this.dataset.state = "error";
      this._readyReject(Object.assign(new Error(m.message), { code: m.code }));
    }
    if (m.state) this._lastState = m.state;
    if (REPLIES.has(m.type) && m.id !== undefined && m.id !== null && this._waiting.has(m.id)) {
      const w = this._waiting.get(m.id);
      this._waiting.delete(m.id);
      if (m.type === "error") w.reject(Object.assign(new Error(m.message), { code: m.code, detail: m }));
      else w.resolve(m);
    }
    if (EVENTS.includes(m.type)) this.dispatchEvent(new CustomEvent(m.type, { detail: m }));
  }

  /** sends one request once the board is ready; resolves with its answer */
  async _ask(type, fields = {}) {
    this.load();
    await this.ready;
    const id = `tb-${this._next++}`;
    return new Promise((resolve, reject) => {
      this._waiting.set(id, { resolve, reject, type });
      this._frame.contentWindow.postMessage({ tabletop: 1, type, id, ...fields }, BOARD_ORIGIN);
    });
  }

  /** what the board shows now (its last `state`), or null before `ready` */
  get state() { return this._lastState; }

  /** plays `move` for `seat` (default: the seat the board waits for); resolves with the `move` message */
  play(move, seat) { return this._ask("play", seat === undefined ? { move } : { move, seat }); }
  /** resolves with the board's state (another seat's view with `seat`; null: the public view) */
  getState(seat) { return this._ask("get_state", seat === undefined ? {} : { seat }).then((m) => m.state); }
  /** resolves with {seat, moves}: the legal moves of `seat` (default: the seat to move) */
  getLegalMoves(seat) { return this._ask("get_legal_moves", seat === undefined ? {} : { seat }).then((m) => ({ seat: m.seat, moves: m.moves })); }
  /** a new position ({game, players, options, seed, moves} or {snapshot}); resolves with its state */
  setPosition(position, extra = {}) { return this._ask("set_position", { ...extra, position }).then((m) => m.state); }
  /** back to the starting position; resolves with its state */
  reset() { return this._ask("reset").then((m) => m.state); }
  ping() { return this._ask("ping"); }
}

if (!customElements.get("tabletop-board")) customElements.define("tabletop-board", TabletopBoard);
