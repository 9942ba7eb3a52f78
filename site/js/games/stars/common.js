// The Girl Who Made the Stars on screen: the words and small helpers every piece shares
// (colours, kinds, bonus and wood-ash names, the six actions; plural, cell keys, light text).
// Drawing only: nothing here decides a rule.

export const COLOURS = ["red", "blue", "yellow"];
export const KINDS = ["fruit", "fish", "rabbit", "antelope"];
export const PHASES = [["stargazing", "Stargazing"], ["wood_ash", "Wood ash"], ["action", "Actions"], ["final", "Last stardust"]];
export const PHASE_TEXT = {
  stargazing: "Stargazing", wood_ash: "Wood ash", action: "Action phase", final: "Game end: last stardust", over: "Game over",
};
export const BONUS = {
  x2: { name: "×2 VP", text: "score this constellation again" },
  lights: { name: "three lights", text: "gain 1 red, 1 blue and 1 yellow light" },
  actions: { name: "+2 actions", text: "4 actions in your next action turn (this one, if it is under way)" },
  villager: { name: "a villager", text: "the villager standing on it joins your ready villagers" },
};
export const ASH = {
  scouting: "Scouting", foraging: "Foraging", offering: "Offering", recall: "Recall", stardust: "Stardust", x2: "×2 light",
};
export const ACT_ASH = { scout: "scouting", forage: "foraging", offer: "offering", recall: "recall", gain_stardust: "stardust" };
export const ACTIONS = [
  ["scout", "Scout", "Lay light on path spaces from the Village (or a lit path) to a foraging space; 3+ light scores a connection reward."],
  ["forage", "Forage", "Pay light at a connected foraging space for one of its tokens (needs a ready villager)."],
  ["offer", "Offer", "Offer a token, or fill a space of the offering card, for VP (needs a ready villager)."],
  ["stargaze", "Stargaze", "Put a villager on the night sky behind the elders: one more wood-ash pick each round (needs a ready villager)."],
  ["recall", "Recall", "Bring villagers back from the boards, ready for use."],
  ["gain_stardust", "Gain stardust", "Take 1 stardust from the supply."],
];
export const REGION_TEXT = {
  red: "red", blue: "blue", yellow: "yellow", red_blue: "red/blue border", blue_yellow: "blue/yellow border",
  yellow_red: "yellow/red border", centre: "centre (any colour)",
};
export const REWARD_TEXT = { stardust: "1 stardust", "1vp": "1 VP", "2vp": "2 VP" };

export const SQ3 = Math.sqrt(3);
export const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];  // 0 east, then clockwise on screen
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const ckey = (cell) => `${cell[0]},${cell[1]}`;
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** a tile's lines turned `rot` sixths clockwise (drawing only: direction d becomes d + rot) */
export const turned = (lines, rot) => lines.map((d) => (d + rot) % 6).sort((a, b) => a - b);
export const f1 = (n) => Math.round(n * 100) / 100;

export function lightText(light) {
  const parts = COLOURS.filter((c) => (light || {})[c] > 0).map((c) => `${light[c]} ${c}`);
  return parts.length ? parts.join(", ") : "nothing";
}
export function lightHTML(light) {
  const parts = COLOURS.filter((c) => (light || {})[c] > 0)
    .map((c) => `<span class="lt"><i class="pip-${c}" aria-hidden="true"></i>${light[c]} ${c}</span>`);
  return parts.length ? parts.join(" ") : "nothing";
}
export function tokensText(tokens) {
  const parts = KINDS.filter((k) => (tokens || {})[k] > 0).map((k) => `${tokens[k]} ${k}`);
  return parts.length ? parts.join(", ") : "none";
}
