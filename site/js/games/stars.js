// The Girl Who Made the Stars: renders a seat's view (engine/games/stars/views.py) and turns
// taps into moves. This module is the game's entry for the registry (games/registry.js) and
// the embed: its `ui`, the stylesheet, and what other pages may reuse. The table is drawn by
// the pieces in games/stars/ (docs/site.md):
//   table.js       StarsTable: the selection, the listing's index, layout by phase, taps
//   board.js       a seat's hex board; the viewer's board with its listed cells; stardust
//   tray.js        the tile tray: drawn tiles, Flip, ↺ ↻, Set aside, Place
//   main-board.js  the Village, the path graph, the foraging spaces
//   night-sky.js   the night-sky track: the Girl, elders, stargazing villagers
//   wood-ash.js    the wood-ash dish and its cast tokens
//   supplies.js    connection-reward piles and the offering card
//   seats.js       the seat panels
//   panels.js      the status line and the action panel (what the seat is asked now)
//   choices.js     choices confirmed where they were tapped (ways to pay, steps, picks)
//   events.js      move-log lines, how a result was decided, the VP breakdown
//   svg.js, common.js  drawn pieces; words and small helpers
//
// No rules live here. Every control is built from the seat's `legal_moves`: the cells a tile
// may go on (for the side and rotation chosen), the cells stardust may fill, the wood-ash
// picks, the actions and their ways of paying ("via"), the scouting steps. A move sent is one
// of them, or — when a player places a tile or stardust where none is listed — an attempt the
// engine refuses with its own reason (shown in the toast). What JS computes is drawing only:
// hex geometry, a tile's lines turned by its rotation, and how many drawn lines point into a
// cell (the stardust label).

import { DECIDED_BY_TEXT, describeEvents, resultExtraHTML } from "./stars/events.js";
import { StarsTable } from "./stars/table.js";

export { ASH, BONUS, COLOURS, KINDS, turned } from "./stars/common.js";
export { ashIcon, kindIcon } from "./stars/svg.js";
export { DECIDED_BY_TEXT, describeEvent, describeEvents, resultExtraHTML } from "./stars/events.js";
export { StarsTable } from "./stars/table.js";

// the game's own stylesheet, loaded with the module (the app loads app.css the same way)
(() => {
  const href = new URL("../../css/stars.css", import.meta.url).href;
  if (typeof document === "undefined" || document.querySelector(`link[data-stars-css]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.starsCss = "";
  document.head.appendChild(link);
})();

// ---------------------------------------------------------------------------- for the app

export const ui = {
  id: "stars",
  Table: StarsTable,
  blurb: "Place star tiles on your own night sky, join their lines into constellations, light paths from the Village, forage and make offerings. 2–4 players.",
  describeEvents,
  decidedByText: DECIDED_BY_TEXT,
  results: { score: "VP", second: "Light + stardust", secondOf: (r, seat) => (r.light_and_stardust || [])[seat], more: true },
  resultExtraHTML,
  handoverNote: "The others should look away: the star tiles you draw are private.",
};
