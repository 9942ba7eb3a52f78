"""net/morph.js draws a table handed over in sections (games/sections.js; docs/net.md
"Updates: patched, not rebuilt"): after any sequence of section lists — leaves changed, added,
removed, reordered, containers' tags changed, a plain innerHTML in between, a part written
directly and then declared (sectionsTouched), pieces inside an <svg> (parsed as SVG) — the root is
node for node (and namespace for namespace) what the flattened text draws from scratch; an
unchanged leaf keeps its nodes (it is not parsed again); an input's `checked` follows the HTML
where its leaf changed; without drawSections (local play) the root simply gets the flattened
text."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

RANDOM_SEQUENCES = """async (seed) => {
  const morph = await import("./js/net/morph.js");
  const sections = await import("./js/games/sections.js");
  let s = seed >>> 0;
  const rnd = (n) => { s = (s * 1103515245 + 12345) >>> 0; return (s >>> 8) % n; };
  const pick = (xs) => xs[rnd(xs.length)];
  const LEAVES = [
    "", " ", "\\n  ", "<p>one</p>", "<p>two</p>", "<span class=a>x</span> <b>y</b>", "text only",
    '<svg viewBox="0 0 10 10"><circle r="3" class="c"/><g><rect width="2" height="2"/></g></svg>',
    '<svg viewBox="0 0 10 10"><circle r="4" class="d"/></svg>',
    '<label><input type="checkbox" checked> on</label>', '<label><input type="checkbox"> off</label>',
    '<input type="text" value="a">', '<div data-x="1"><i>deep</i><ul><li>1</li><li>2</li></ul></div>',
    '<div data-x="2"><i>deep</i><ul><li>1</li></ul></div>', "<!-- note --><em>e</em>",
  ];
  // inside an <svg> container: SVG pieces only (parsed as SVG, as the flattened text is)
  const SVG_LEAVES = ["", " ", '<circle r="3" class="c"/>', '<rect width="2" height="2"/><title>t</title>',
    '<g><path d="M0 0L1 1"/></g>', '<text x="1">word</text>', "\\n  ", '<circle r="4" class="d"/><!-- c -->'];
  const OPENS = ['<div class="c1">', '<div class="c2" data-k="v">', '<section aria-label="s">',
    '<svg viewBox="0 0 10 10" class="s1">', '<svg viewBox="0 0 20 20" class="s2" role="img">'];
  const SVG_OPENS = ['<g class="g1">', '<g class="g2" data-k="v">', '<g class="g3" role="button" tabindex="0">'];
  const CLOSE = { div: "</div>", section: "</section>", svg: "</svg>", g: "</g>" };
  const tagOf = (open) => open.slice(1, open.search(/[ >]/));
  const svgInside = (open) => ["svg", "g"].includes(tagOf(open));
  /** an opening tag of the same kind (an HTML element, an <svg>, a <g> in one) */
  const openLike = (open, svg) => (svg ? pick(SVG_OPENS) : pick(OPENS.filter((o) => (tagOf(o) === "svg") === (tagOf(open) === "svg"))));
  const leaf = (key, svg) => [key, pick(svg ? SVG_LEAVES : LEAVES)];
  function container(key, depth, svg) {
    const open = svg ? pick(SVG_OPENS) : pick(OPENS);
    return [key, open, list(depth + 1, svgInside(open)), CLOSE[tagOf(open)]];
  }
  function list(depth, svg = false) {
    const n = rnd(4) + (depth ? 0 : 1);
    const out = [];
    for (let i = 0; i < n; i++) out.push(depth < 3 && rnd(3) === 0 ? container(`c${depth}-${i}`, depth, svg) : leaf(`l${depth}-${i}`, svg));
    return out;
  }
  /** a next list like the last one: most leaves kept, some changed, sometimes a change of shape */
  function mutate(xs, depth, svg = false) {
    let out = xs.map((x) => x.length === 2
      ? (rnd(4) === 0 ? leaf(x[0], svg) : x)
      : (rnd(6) === 0 ? (() => { const o = openLike(x[1], svg); return [x[0], o, mutate(x[2], depth + 1, svgInside(o)), CLOSE[tagOf(o)]]; })()
                      : [x[0], x[1], mutate(x[2], depth + 1, svgInside(x[1])), x[3]]));
    const r = rnd(10);
    if (r === 0 && out.length > 1) out = out.slice(1).concat(out.slice(0, 1));  // reordered
    else if (r === 1) out = out.concat([leaf(`n${depth}-${rnd(1000)}`, svg)]);    // one more
    else if (r === 2 && out.length > 1) out = out.slice(0, -1);                    // one fewer
    return out;
  }
  const fresh = (html) => { const d = document.createElement("div"); d.innerHTML = html; return d; };
  const root = document.createElement("section");
  document.body.appendChild(root);
  morph.patchInnerHTML(root);
  const problems = [];
  let xs = list(0), kept = 0, reused = 0;
  for (let step = 0; step < 150; step++) {
    const r = rnd(20);
    if (r === 0) { root.innerHTML = sections.flattenSections(xs); }             // a plain innerHTML between
    else if (r === 1 && root.firstElementChild) {                               // written directly, then declared
      root.firstElementChild.innerHTML = "<b>written</b>";
      sections.sectionsTouched(root);
    }
    const next = step ? mutate(xs, 0) : xs;
    const marks = [...root.querySelectorAll("*")];
    marks.forEach((el) => { el.__mark = true; });
    sections.drawSections(root, next);
    const want = fresh(sections.flattenSections(next));
    // the live children, node for node (adjacent text leaves are two text nodes where the
    // flattened text has one: the same on screen)
    const live = root.cloneNode(true);
    live.normalize();
    const a = [...live.childNodes].map((n) => n.nodeType + ":" + (n.outerHTML ?? n.nodeValue));
    const b = [...want.childNodes].map((n) => n.nodeType + ":" + (n.outerHTML ?? n.nodeValue));
    if (JSON.stringify(a) !== JSON.stringify(b)) { problems.push({ step, a, b }); break; }
    // and every element in its namespace (an SVG piece parsed as SVG, not as an unknown HTML tag)
    const na = [...live.querySelectorAll("*")].map((n) => `${n.namespaceURI} ${n.localName}`);
    const nb = [...want.querySelectorAll("*")].map((n) => `${n.namespaceURI} ${n.localName}`);
    if (JSON.stringify(na) !== JSON.stringify(nb)) { problems.push({ step, na, nb }); break; }
    // inputs follow their HTML's checked where the HTML says so
    const ia = [...root.querySelectorAll("input")].map((i) => [i.type, i.checked, i.value]);
    const ib = [...want.querySelectorAll("input")].map((i) => [i.type, i.checked, i.value]);
    if (JSON.stringify(ia) !== JSON.stringify(ib)) { problems.push({ step, ia, ib }); break; }
    kept += [...root.querySelectorAll("*")].filter((el) => el.__mark).length;
    reused += marks.length;
    xs = next;
  }
  root.remove();
  return { problems, kept, reused };
}"""  # noqa: E501  (JavaScript kept as written)

UNCHANGED_LEAF_KEPT = """async () => {
  const morph = await import("./js/net/morph.js");
  const sections = await import("./js/games/sections.js");
  const root = document.createElement("section");
  document.body.appendChild(root);
  morph.patchInnerHTML(root);
  const list = (status, board) => [
    ["status", `<div class="status">${status}</div>`],
    ["cols", '<div class="cols">', [["board", `<div class="board"><svg><circle r="${board}"/></svg></div>`], ["log", "<ol><li>a</li></ol>"]], "</div>"],
  ];
  sections.drawSections(root, list("Ana to play", 3));
  const board = root.querySelector(".board"), circle = root.querySelector("circle"), status = root.querySelector(".status");
  // each parse is a <template>: count them; the unchanged nodes are the same objects
  const parsed = [];
  const orig = document.createElement.bind(document);
  document.createElement = (tag, ...rest) => { if (tag === "template") parsed.push(tag); return orig(tag, ...rest); };
  sections.drawSections(root, list("Ben to play", 3));
  const onlyStatus = parsed.length;
  sections.drawSections(root, list("Ben to play", 4));
  document.createElement = orig;
  const out = {
    onlyStatus, boardKept: root.querySelector(".board") === board, statusKept: root.querySelector(".status") === status,
    statusText: root.querySelector(".status").textContent, circleKept: root.querySelector("circle") === circle,
    r: root.querySelector("circle").getAttribute("r"), svgNs: root.querySelector("circle").namespaceURI,
  };
  // local play: no drawSections on the root, the flattened text as innerHTML
  const plain = document.createElement("div");
  sections.drawSections(plain, list("x", 5));
  const want = document.createElement("div");
  want.innerHTML = sections.flattenSections(list("x", 5));
  out.plain = plain.innerHTML === want.innerHTML && !("drawSections" in plain);
  root.remove();
  return out;
}"""  # noqa: E501  (JavaScript kept as written)


def test_unchanged_sections_are_not_parsed(page: Page, base_url: str) -> None:
    page.goto(base_url + "table.html")
    got = page.evaluate(UNCHANGED_LEAF_KEPT)
    assert got["onlyStatus"] == 1, got       # one leaf changed: one parse
    assert got["boardKept"] and got["statusKept"] and got["circleKept"], got
    assert got["statusText"] == "Ben to play" and got["r"] == "4", got
    assert got["svgNs"] == "http://www.w3.org/2000/svg", got
    assert got["plain"], got


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_sections_match_a_fresh_drawing(page: Page, base_url: str, seed: int) -> None:
    page.goto(base_url + "table.html")
    got = page.evaluate(RANDOM_SEQUENCES, seed)
    assert not got["problems"], got["problems"]
    assert got["kept"] > got["reused"] / 5, got  # nodes survive the updates (not all rebuilt)


SVG_PIECES = """async () => {
  const morph = await import("./js/net/morph.js");
  const sections = await import("./js/games/sections.js");
  const root = document.createElement("section");
  document.body.appendChild(root);
  morph.patchInnerHTML(root);
  // a board as Station draws its station: the <svg> a container, one <g> container a space (its
  // tag changes with the turn, what is drawn inside it only when a piece is placed)
  const list = (live, r) => [["board", '<div class="wrap">', [["svg", '<svg viewBox="0 0 10 10" role="group">', [
    ["deco", '<circle class="core" r="1"/>'],
    ...[0, 1, 2].map((i) => [`n${i}`, live ? `<g class="node" data-action="node" role="button" tabindex="0" data-i="${i}">` : `<g class="node" role="img" data-i="${i}">`,
      [["in", `<path class="cell" d="M0 0L${i} 1"/><text x="1">${i === 2 ? r : i}</text>`]], "</g>"]),
  ], "</svg>"]], "</div>"]];
  const parsed = [];
  const orig = document.createElement.bind(document);
  const count = (fn) => { parsed.length = 0; document.createElement = (tag, ...rest) => { if (tag === "template") parsed.push(tag); return orig(tag, ...rest); }; fn(); document.createElement = orig; return parsed.length; };
  sections.drawSections(root, list(false, "a"));
  const path = root.querySelector("path"), g = root.querySelector("g");
  const first = count(() => sections.drawSections(root, list(true, "a")));   // the three tags: one parse each, once
  const back = count(() => sections.drawSections(root, list(false, "a")));
  const again = count(() => sections.drawSections(root, list(true, "a")));   // both tags seen: nothing parsed
  const live = { role: root.querySelector("g").getAttribute("role"), action: root.querySelector("g").dataset.action };
  const inner = count(() => sections.drawSections(root, list(true, "b")));   // one piece inside a <g>: one parse
  const want = document.createElement("div");
  want.innerHTML = sections.flattenSections(list(true, "b"));
  const ns = (el) => [...el.querySelectorAll("*")].map((n) => `${n.namespaceURI} ${n.localName}`).join();
  const out = {
    first, back, again, inner, live, pathKept: root.querySelector("path") === path, gKept: root.querySelector("g") === g,
    same: root.innerHTML.replace(/\\s+/g, " ") === want.innerHTML.replace(/\\s+/g, " ") || root.firstChild.isEqualNode(want.firstChild),
    ns: ns(root) === ns(want), text: root.querySelectorAll("text")[2].namespaceURI,
  };
  root.remove();
  return out;
}"""  # noqa: E501  (JavaScript kept as written)


def test_pieces_inside_an_svg(page: Page, base_url: str) -> None:
    """A piece inside an <svg> container is parsed as SVG; a container's changed tag patches its
    element's attributes (the tags a table switches between are parsed once), its pieces kept."""
    page.goto(base_url + "table.html")
    got = page.evaluate(SVG_PIECES)
    assert got["first"] <= 3 and got["back"] <= 3 and got["again"] == 0, got
    assert got["live"] == {"role": "button", "action": "node"}, got
    assert got["inner"] == 1, got
    assert got["pathKept"] and got["gKept"] and got["same"] and got["ns"], got
    assert got["text"] == "http://www.w3.org/2000/svg", got


LEAF_SEEN_BEFORE = """async () => {
  const morph = await import("./js/net/morph.js");
  const sections = await import("./js/games/sections.js");
  const root = document.createElement("section");
  document.body.appendChild(root);
  morph.patchInnerHTML(root);
  const tag = Math.random().toString(36).slice(2);  // texts no other test has drawn (the cache is per page)
  const list = (who, r) => [
    ["status", `<div class="status ${tag}">${who} <input type="checkbox"${who === "Ana" ? " checked" : ""}></div>`],
    ["svg", `<svg viewBox="0 0 10 10" class="${tag}">`, [["in", `<circle r="${r}"/><text x="1">${r}</text>`]], "</svg>"],
  ];
  const parsed = [];
  const orig = document.createElement.bind(document);
  const count = (fn) => { parsed.length = 0; document.createElement = (t, ...rest) => { if (t === "template") parsed.push(t); return orig(t, ...rest); }; fn(); document.createElement = orig; return parsed.length; };
  sections.drawSections(root, list("Ana", 1));
  const before = { ...morph.morphStats };
  const changed = count(() => sections.drawSections(root, list("Ben", 2)));  // two new texts: two parses
  const back = count(() => sections.drawSections(root, list("Ana", 1)));     // both seen before: cloned
  const cloned = morph.morphStats.cloned - before.cloned;
  root.querySelector("input").checked = false;                               // a person's change, then
  const back2 = count(() => sections.drawSections(root, list("Ben", 2)));
  sections.drawSections(root, list("Ana", 1));                               // the HTML's checked again
  const want = document.createElement("div");
  want.innerHTML = sections.flattenSections(list("Ana", 1));
  const ns = (el) => [...el.querySelectorAll("*")].map((n) => `${n.namespaceURI} ${n.localName}`).join();
  const out = { changed, back, back2, cloned, same: root.innerHTML === want.innerHTML, ns: ns(root) === ns(want),
                checked: root.querySelector("input").checked, circle: root.querySelector("circle").namespaceURI };
  root.remove();
  return out;
}"""  # noqa: E501  (JavaScript kept as written)


def test_a_leaf_seen_before_is_cloned(page: Page, base_url: str) -> None:
    """A leaf whose text was drawn before (a screen showing the station of the seat to act again, a
    control live again) is cloned from the nodes parsed then, not parsed again; the result is what
    a fresh drawing gives (SVG pieces in the SVG namespace, an input's checked from its HTML)."""
    page.goto(base_url + "table.html")
    got = page.evaluate(LEAF_SEEN_BEFORE)
    assert got["changed"] == 2 and got["back"] == 0 and got["back2"] == 0 and got["cloned"] >= 2, got
    assert got["same"] and got["ns"] and got["checked"], got
    assert got["circle"] == "http://www.w3.org/2000/svg", got
