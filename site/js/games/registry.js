// The one registry of the games this site draws (docs/site.md): game id → its renderer's
// `ui` (Table, describeEvents, results wording, blurb, …). The local app (app.js), the phone
// table (net/ui.js: host, phones, shared screen) and the embed (embed/embed.js loads
// js/games/<id>.js, the same modules) all read the games from here, so a game cannot be
// playable in one of them and missing from another.
//
// Titles, seat ranges and options are not written here: they come from the engine's GAMES
// (the worker's `hello`), which `gameList` turns into the list the picker and forms show.

import { ui as splendor } from "./splendor.js";
import { ui as guild } from "./guild.js";
import { ui as stars } from "./stars.js";
import { ui as station } from "./station.js";

/** game id → the renderer's `ui` object (each game module's `export const ui`) */
export const GAME_UI = Object.freeze({ splendor, guild, stars, station });

/** the page's theme colour (`<meta name="theme-color">`) while a game is on screen */
export const THEME_COLOR = Object.freeze({ guild: "#0a0f24", stars: "#060914", station: "#070c14" });
export const DEFAULT_THEME_COLOR = "#17202e";

/** true when this site has a table for the game `id` */
export function hasTable(id) {
  return typeof id === "string" && Object.prototype.hasOwnProperty.call(GAME_UI, id);
}

/** the renderer of game `id`, or null when the site has none */
export function uiFor(id) {
  return hasTable(id) ? GAME_UI[id] : null;
}

/**
 * engine.GAMES (hello's `games`: an object keyed by id, or a list) as a list of
 * {id, title, min, max, about, options, playable}; `playable` says the registry has its table.
 */
export function gameList(raw) {
  const list = Array.isArray(raw) ? raw : Object.entries(raw || {}).map(([id, g]) => ({ id, ...g }));
  return list.map((g) => {
    const seats = g.seats || g.players || [];
    const min = g.min_players ?? g.min_seats ?? (Array.isArray(seats) ? seats[0] : seats.min) ?? 2;
    const max = g.max_players ?? g.max_seats ?? (Array.isArray(seats) ? seats[seats.length - 1] : seats.max) ?? 4;
    return {
      id: g.id, title: g.title || g.name || g.id, min, max,
      about: g.summary || g.description || "", options: g.options || {}, playable: hasTable(g.id),
    };
  });
}

/** the title of game `id` in a `gameList` (the id itself when the list lacks it) */
export function gameTitle(games, id) {
  const g = (games || []).find((x) => x.id === id);
  return g ? g.title : id;
}
