// Patch a part of the page to new HTML, keeping every node that is already right (docs/net.md
// "Updates: patched, not rebuilt"). A game's renderer draws its whole table as one HTML text
// (root.innerHTML = …, the same code as in local play); at a phone table the root's innerHTML
// is routed here, so an update changes only the nodes whose text or attributes changed, and the
// browser restyles, lays out and repaints only those (a market card taken, a seat's gems),
// not the whole board.

const INNER_HTML = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");

/** from now on, `el.innerHTML = html` patches `el` to match `html` ("" still empties it) */
export function patchInnerHTML(el) {
  Object.defineProperty(el, "innerHTML", {
    configurable: true,
    get() { return INNER_HTML.get.call(this); },
    set(html) {
      DRAWN.delete(this);  // the sections drawn before are no longer what is there
      if (html === "" || !this.firstChild) { INNER_HTML.set.call(this, html); return; }
      morphInto(this, html);
    },
  });
  // a renderer that draws its table in sections (games/sections.js) hands them over here
  el.drawSections = (list) => morphSections(el, list);
  el.forgetSections = () => DRAWN.delete(el);
}

/** how long morphing took, in all (bench/bench_net.py reads it through net/ui.js's timing) */
export const morphStats = { ms: 0, parsed: 0, cloned: 0 };

// ---------------------------------------------------------------------------- sections
// A section list (games/sections.js) is the same HTML as its flattened text, cut into keyed
// pieces: [key, html] a leaf (any HTML, parsed on its own), [key, open, children, close] a
// container (one element: its opening tag, a section list, its closing tag). What was drawn
// is remembered per root: a leaf whose text is the one drawn last is skipped (a string
// comparison, never parsed); a changed leaf is parsed alone and morphed onto its own nodes; a
// container whose opening tag is unchanged keeps its element and is walked. When the shape
// (the keys, in order) changed, that level is assembled from its pieces and morphed as a whole.
const DRAWN = new WeakMap();  // root -> the records of what it shows

const leafOf = (s) => s.length === 2;

/** patch `el`'s children to match the sections (the same result as el.innerHTML = flattenSections(list)) */
export function morphSections(el, list) {
  const t0 = performance.now();
  const prev = DRAWN.get(el);
  let recs;
  if (prev && sameShape(prev, list) && el.firstChild) {
    recs = patchLevel(el, list, prev);
  } else {
    recs = null;
  }
  if (!recs) {  // first drawing, or the shape changed: assemble the pieces and morph the lot
    const frag = document.createDocumentFragment();
    recs = assemble(frag, list, inSVG(el));
    if (!el.firstChild) el.appendChild(frag); else patchChildren(el, frag);
    fixNodes(el.firstChild, recs);
  }
  DRAWN.set(el, recs);
  morphStats.ms += performance.now() - t0;
}

function sameShape(recs, list) {
  if (recs.length !== list.length) return false;
  for (let i = 0; i < list.length; i++) {
    const r = recs[i], s = list[i];
    if (r.key !== s[0] || r.leaf !== leafOf(s)) return false;
  }
  return true;
}

const SVG_NS = "http://www.w3.org/2000/svg";
/** whether the children of `el` are SVG content (a section inside an <svg> is parsed as SVG) */
const inSVG = (el) => el.namespaceURI === SVG_NS && el.localName !== "foreignObject";

/** parse a leaf alone; `svg`: it is SVG content (inside an <svg> container), parsed as such */
function parse(html, svg = false) {
  const tpl = document.createElement("template");
  if (!svg) {
    INNER_HTML.set.call(tpl, html);
    return tpl.content;
  }
  INNER_HTML.set.call(tpl, `<svg xmlns="${SVG_NS}">${html}</svg>`);
  const wrap = tpl.content.firstChild;
  const frag = document.createDocumentFragment();
  while (wrap.firstChild) frag.appendChild(wrap.firstChild);
  return frag;
}

/** a leaf's nodes: parsed once and kept (the few hundred texts seen last, the oldest dropped
 *  first), then cloned: a table switching between drawings it has shown before (a shared screen
 *  showing the station of the seat to act, a control live or not) clones nodes instead of
 *  starting the HTML parser for each piece (morphStats counts both) */
const LEAVES = new Map();
const LEAVES_MAX = 600;
function parseLeaf(html, svg) {
  const key = `${svg ? "s" : "h"}${html}`;
  let kept = LEAVES.get(key);
  if (kept) {
    morphStats.cloned++;
    LEAVES.delete(key);  // the most recently used last
  } else {
    morphStats.parsed++;
    kept = parse(html, svg);
    if (LEAVES.size >= LEAVES_MAX) LEAVES.delete(LEAVES.keys().next().value);
  }
  LEAVES.set(key, kept);
  return kept.cloneNode(true);
}

/** the element of a container, empty (its opening and closing tags parsed: tags only, what is
 *  between them is its section list) */
function shell(open, close, svg = false) {
  const el = parse(open + close, svg).firstChild;
  if (!el || el.nodeType !== Node.ELEMENT_NODE || el.nextSibling) throw new Error(`a section container is not one element: ${open}`);
  if (el.firstChild) el.replaceChildren();
  return el;
}

/** a container's opening tag changed: its live element `node` takes the new tag's attributes.
 *  The tags a table switches between (a seat acting or not, a control live or not) are parsed
 *  once and kept (a few hundred, the oldest dropped first), so a turn passing parses nothing. */
const TAGS = new Map();
const TAGS_MAX = 400;
function retag(node, open, close, svg) {
  const key = `${svg ? "s" : "h"}${open}${close}`;
  let want = TAGS.get(key);
  if (!want) {
    want = shell(open, close, svg);
    if (TAGS.size >= TAGS_MAX) TAGS.delete(TAGS.keys().next().value);
    TAGS.set(key, want);
  }
  if (want.nodeName !== node.nodeName) return false;
  patchAttributes(node, want);
  return true;
}

/** the nodes of a section list into `parent`; their records (with `count` top-level nodes per leaf);
 *  `svg`: the list is the inside of an SVG element */
function assemble(parent, list, svg = false) {
  const recs = [];
  for (const s of list) {
    if (leafOf(s)) {
      const content = parseLeaf(s[1], svg);
      const rec = { key: s[0], leaf: true, html: s[1], count: content.childNodes.length, first: null };
      parent.appendChild(content);
      recs.push(rec);
    } else {
      const el = shell(s[1], s[3], svg);
      const rec = { key: s[0], leaf: false, open: s[1], close: s[3], el: null, children: assemble(el, s[2], inSVG(el)) };
      parent.appendChild(el);
      recs.push(rec);
    }
  }
  return recs;
}

/** after a morph of a whole level: the live nodes of each record (the live children match the
 *  assembled ones one to one) */
function fixNodes(node, recs) {
  for (const r of recs) {
    if (r.leaf) {
      r.first = r.count ? node : null;
      for (let i = 0; i < r.count; i++) node = node.nextSibling;
    } else {
      r.el = node;
      fixNodes(node.firstChild, r.children);
      node = node.nextSibling;
    }
  }
  return node;
}

/** one level of unchanged shape: each leaf skipped or morphed alone, each container walked;
 *  null when the live nodes are not the ones drawn (something else changed them) */
function patchLevel(parent, list, prev) {
  const recs = [];
  const svg = inSVG(parent);
  let node = parent.firstChild;
  for (let i = 0; i < list.length; i++) {
    const s = list[i], r = prev[i];
    if (r.leaf) {
      if (r.count && node !== r.first) return null;
      if (s[1] === r.html) {
        for (let k = 0; k < r.count; k++) node = node.nextSibling;
        recs.push(r);
        continue;
      }
      const content = parseLeaf(s[1], svg);
      const rec = { key: r.key, leaf: true, html: s[1], count: content.childNodes.length, first: null };
      const before = node ? node.previousSibling : parent.lastChild;
      node = patchRange(parent, node, r.count, content);
      rec.first = rec.count ? (before ? before.nextSibling : parent.firstChild) : null;
      recs.push(rec);
    } else {
      if (node !== r.el || !node) return null;
      if ((s[1] !== r.open || s[3] !== r.close) && !retag(node, s[1], s[3], svg)) return null;
      const children = sameShape(r.children, s[2]) ? patchLevel(node, s[2], r.children) : null;
      const rec = { key: r.key, leaf: false, open: s[1], close: s[3], el: node, children: children };
      if (!children) {  // this container's pieces changed shape: assemble them and morph its children
        const frag = document.createDocumentFragment();
        rec.children = assemble(frag, s[2], inSVG(node));
        if (!node.firstChild) node.appendChild(frag); else patchChildren(node, frag);
        fixNodes(node.firstChild, rec.children);
      }
      recs.push(rec);
      node = node.nextSibling;
    }
  }
  if (node) return null;  // more nodes than were drawn
  return recs;
}

/** morph the `count` live nodes of `parent` from `start` to `next`'s children; the node after them */
function patchRange(parent, start, count, next) {
  let a = start;
  let left = count;
  let b = next.firstChild;
  while (b) {
    const nb = b.nextSibling;
    if (!left) { parent.insertBefore(b, a); b = nb; continue; }
    const na = a.nextSibling;
    patchNode(parent, a, b);
    a = na;
    left--;
    b = nb;
  }
  while (left) { const na = a.nextSibling; parent.removeChild(a); a = na; left--; }
  return a;
}

/** patch `el`'s children to match `html` */
export function morphInto(el, html) {
  const t0 = performance.now();
  const tpl = document.createElement("template");
  INNER_HTML.set.call(tpl, html);
  patchChildren(el, tpl.content);
  morphStats.ms += performance.now() - t0;
}

function patchChildren(live, next) {
  let a = live.firstChild;
  let b = next.firstChild;
  while (b) {
    const nb = b.nextSibling;
    if (!a) { live.appendChild(b); b = nb; continue; }
    const na = a.nextSibling;
    patchNode(live, a, b);
    a = na;
    b = nb;
  }
  while (a) { const na = a.nextSibling; live.removeChild(a); a = na; }
}

/** the live node `a` (a child of `live`) made to match `b` */
function patchNode(live, a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) {
    live.replaceChild(b, a);
  } else if (a.nodeType === Node.ELEMENT_NODE) {
    if (!a.isEqualNode(b)) {
      patchAttributes(a, b);
      patchChildren(a, b);
    }
    if (a.nodeName === "INPUT") {  // what a person changed is not in the attributes
      if (a.checked !== b.checked) a.checked = b.checked;
      if (a.value !== b.value) a.value = b.value;
    }
  } else if (a.nodeValue !== b.nodeValue) {
    a.nodeValue = b.nodeValue;
  }
}

function patchAttributes(a, b) {
  for (const attr of [...a.attributes]) {
    if (!b.hasAttributeNS(attr.namespaceURI, attr.localName)) a.removeAttributeNS(attr.namespaceURI, attr.localName);
  }
  for (const attr of b.attributes) {
    if (a.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) a.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
  }
}
