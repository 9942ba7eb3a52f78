// The replay viewer's drawing without a full redraw: the game's renderer paints into a detached
// copy of the board (its usual `root.innerHTML = …`), and `morph` brings the board on the page to
// the same tree changing only what differs — a text, an attribute, a node. Between two positions
// of one game most of the table is the same, so the browser restyles and lays out only the few
// nodes that changed instead of the whole table (docs/records.md, "Fast jumps";
// bench/bench_replay.py measures it).
//
//   const mirror = new Mirror(liveBoard);   // mirror.root: give it to the renderer as its root
//   mirror.sync();                          // after each render: the page's board = the copy
//
// Clicks and keys on the page's board are passed to the same node of the copy, so a renderer's
// own non-move controls (Splendor's Trading Post details) still work; then the board is synced.

/** Makes `live` equal to `next` (a detached tree), node by node; `next` is left as it is. */
export function morph(live, next, { rootAttributes = false } = {}) {
  if (rootAttributes) syncAttributes(live, next); else syncData(live, next);
  syncChildren(live, next);
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && (a.nodeType !== 1 || (a.namespaceURI === b.namespaceURI && a.localName === b.localName));
}

function syncData(live, next) {
  // the board keeps its own class, label and role; the renderer's data-* (phase, viewer …) follow
  for (const key of Object.keys(live.dataset)) if (!(key in next.dataset)) delete live.dataset[key];
  for (const [key, value] of Object.entries(next.dataset)) if (live.dataset[key] !== value) live.dataset[key] = value;
}

function syncAttributes(live, next) {
  for (const attr of Array.from(live.attributes)) {
    if (!next.hasAttributeNS(attr.namespaceURI, attr.localName)) live.removeAttributeNS(attr.namespaceURI, attr.localName);
  }
  for (const attr of next.attributes) {
    if (live.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) live.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
  }
  if (live.localName === "input" || live.localName === "select" || live.localName === "textarea") {
    if (live.value !== next.value) live.value = next.value;
    if ("checked" in live && live.checked !== next.checked) live.checked = next.checked;
  }
}

function syncChildren(live, next) {
  let a = live.firstChild;
  for (let b = next.firstChild; b; b = b.nextSibling) {
    if (!a) { live.appendChild(b.cloneNode(true)); continue; }
    if (sameKind(a, b)) {
      if (a.nodeType === 1) { syncAttributes(a, b); syncChildren(a, b); }
      else if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      a = a.nextSibling;
    } else {
      const stale = a;
      a = a.nextSibling;
      live.replaceChild(b.cloneNode(true), stale);
    }
  }
  while (a) { const stale = a; a = a.nextSibling; live.removeChild(stale); }
}

/** the child-index path from `root` down to `node` */
function pathOf(root, node) {
  const path = [];
  for (let n = node; n && n !== root; n = n.parentNode) {
    let i = 0;
    for (let s = n.previousSibling; s; s = s.previousSibling) i++;
    path.push(i);
  }
  return path.reverse();
}

function follow(root, path) {
  let n = root;
  for (const i of path) { n = n && n.childNodes[i]; }
  return n || null;
}

export class Mirror {
  constructor(live) {
    this.live = live;
    this.root = live.ownerDocument.createElement(live.localName);
    this.root.className = live.className;
    Object.assign(this.root.dataset, live.dataset);  // data-testid and the like stay on the board
    this._forward = (e) => this.forward(e);
    live.addEventListener("click", this._forward);
    live.addEventListener("keydown", this._forward);
  }

  /** the page's board made equal to the renderer's copy */
  sync() { morph(this.live, this.root); }

  /** a click or key on the page's board, given to the same node of the copy, then the board synced */
  forward(e) {
    if (!(e.target instanceof Node) || !this.live.contains(e.target)) return;
    const target = follow(this.root, pathOf(this.live, e.target));
    if (!target) return;
    const copy = e.type === "click"
      ? new MouseEvent("click", { bubbles: true, cancelable: true })
      : new KeyboardEvent("keydown", { key: e.key, code: e.code, bubbles: true, cancelable: true });
    if (!target.dispatchEvent(copy)) e.preventDefault();
    this.sync();
  }

  destroy() {
    this.live.removeEventListener("click", this._forward);
    this.live.removeEventListener("keydown", this._forward);
  }
}
