// Arrow keys on the SVG boards (issue 13, docs/accessibility.md): a roving tabindex. Each board
// marked `data-rove` is one Tab stop; inside it the arrow keys move the focus between neighbouring
// spaces, Home/End to the first and last, Enter/Space choose (the table's own key handler). The
// spaces are the board's controls (`[data-action]`): which exist, and which are listed, is the
// table's drawing from the engine's listing; this file only moves the focus.
//   data-rove="geo"   the nearest space in the arrow's direction on screen (hex boards, the main
//                     board, the night sky, the wood-ash dish)
//   data-rove="ring"  Station's rings: ←/→ the neighbouring sector anticlockwise/clockwise, ↑/↓
//                     the next ring outward/inward (the same four sides a module has); each space
//                     carries data-node="ring,sector"
// The space that holds the Tab stop is kept across redraws (by its data-fk): the last one focused
// on that board, else the picked one, else the first listed one, else the first.

const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const last = new WeakMap();  // table root → Map(board name → data-fk of the space last focused)

const spaces = (board) => [...board.querySelectorAll("[data-action]")];
const boardName = (board) => board.dataset.roveName || board.getAttribute("aria-label") || "";

function memory(root) {
  if (!last.has(root)) last.set(root, new Map());
  return last.get(root);
}

/** after a redraw: one space per board takes the Tab stop, the others tabindex -1 */
export function roveBoards(root) {
  const mem = memory(root);
  for (const board of root.querySelectorAll("[data-rove]")) {
    const items = spaces(board);
    if (!items.length) continue;
    const key = mem.get(boardName(board));
    const stop = (key && items.find((el) => el.dataset.fk === key))
      || items.find((el) => el.matches(".picked"))
      || items.find((el) => el.matches(".target, .fit, .dust, .legal, .choosable"))
      || items[0];
    for (const el of items) {
      el.setAttribute("tabindex", el === stop ? "0" : "-1");
      if (!el.hasAttribute("role")) el.setAttribute("role", "button");
    }
  }
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/** the nearest space in direction [dx, dy]: within 50° of it if any, else anywhere ahead */
function geoNext(items, from, [dx, dy]) {
  const [x0, y0] = centre(from);
  let best = null, bestScore = Infinity, bestWide = null, wideScore = Infinity;
  for (const el of items) {
    if (el === from) continue;
    const [x, y] = centre(el);
    const along = (x - x0) * dx + (y - y0) * dy;
    const perp = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (along <= 0.5) continue;
    const score = Math.hypot(x - x0, y - y0) + perp * 0.5;
    if (perp <= along * 1.2) {
      if (score < bestScore) { best = el; bestScore = score; }
    } else if (score < wideScore) { bestWide = el; wideScore = score; }
  }
  return best || bestWide;
}

/** Station: the next sector round the ring, or the same sector one ring out or in */
function ringNext(items, from, key) {
  const [ring, sector] = from.dataset.node.split(",").map(Number);
  const rings = [...new Set(items.map((el) => Number(el.dataset.node.split(",")[0])))];
  const sectors = 1 + Math.max(...items.map((el) => Number(el.dataset.node.split(",")[1])));
  let [r, s] = [ring, sector];
  if (key === "ArrowRight") s = (s + 1) % sectors;
  else if (key === "ArrowLeft") s = (s - 1 + sectors) % sectors;
  else if (key === "ArrowUp") r = Math.min(Math.max(...rings), r + 1);
  else r = Math.max(Math.min(...rings), r - 1);
  return items.find((el) => el.dataset.node === `${r},${s}`) || null;
}

/** the table's keydown: an arrow (or Home/End) on a board's space moves the focus; true if it did */
export function boardKey(e, root) {
  if (e.altKey || e.ctrlKey || e.metaKey) return false;
  const el = e.target;
  const board = el && el.closest && el.closest("[data-rove]");
  if (!board || !root.contains(board) || !el.matches("[data-action]")) return false;
  if (!(e.key in KEYS) && e.key !== "Home" && e.key !== "End") return false;
  const items = spaces(board);
  let next;
  if (e.key === "Home") next = items[0];
  else if (e.key === "End") next = items[items.length - 1];
  else if (board.dataset.rove === "ring") next = ringNext(items, el, e.key);
  else next = geoNext(items, el, KEYS[e.key]);
  e.preventDefault();  // the page does not scroll under the board
  if (!next || next === el) return true;
  for (const x of items) x.setAttribute("tabindex", x === next ? "0" : "-1");
  next.focus();
  return true;
}

/** the table's focusin: a space focused (by Tab, a tap or an arrow) keeps the board's Tab stop */
export function boardFocus(e, root) {
  const el = e.target;
  const board = el && el.closest && el.closest("[data-rove]");
  if (!board || !root.contains(board) || !el.matches("[data-action]") || !el.dataset.fk) return;
  memory(root).set(boardName(board), el.dataset.fk);
  for (const x of spaces(board)) x.setAttribute("tabindex", x === el ? "0" : "-1");
}
