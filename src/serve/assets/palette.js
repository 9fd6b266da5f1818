// The colours of the heatmaps, the same as `hog plot` draws
// (src/plot/palette.rs), so a picture and the page read alike.

/**
 * Moves by the code the engine keeps them by: 0 dice black, 1..=10 the
 * rainbow, indigo to crimson, and the -1 move (kept as 11) light pink.
 */
export const DICE = [
  [0, 0, 0],
  [50, 40, 150],
  [25, 110, 230],
  [110, 195, 255],
  [25, 185, 165],
  [30, 130, 70],
  [150, 210, 60],
  [255, 240, 120],
  [250, 155, 50],
  [215, 50, 40],
  [175, 30, 90],
  [255, 190, 225],
];

/** The colour of a move kept as `kept` (11 for -1). */
export function move(kept) {
  return DICE[Math.min(kept, DICE.length - 1)];
}

/** Viridis at ten evenly spaced points, 0 (dark purple) to 1 (yellow). */
const VIRIDIS = [
  [68, 1, 84],
  [72, 40, 120],
  [62, 74, 137],
  [49, 104, 142],
  [38, 130, 142],
  [31, 158, 137],
  [53, 183, 121],
  [109, 205, 89],
  [180, 222, 44],
  [253, 231, 37],
];

/** The colour of a win probability. */
export function win(p) {
  const t = Math.max(0, Math.min(1, Number.isFinite(p) ? p : 0)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(t));
  const f = t - i;
  return VIRIDIS[i].map((c, k) => Math.round(c + f * (VIRIDIS[i + 1][k] - c)));
}

/** Diff cells: same choice, rolls more, rolls fewer. */
export const DIFF = [
  { color: [228, 228, 228], label: "same choice" },
  { color: [230, 97, 1], label: "rolls more" },
  { color: [94, 60, 153], label: "rolls fewer" },
];

/** A kept move as a number of dice to compare: -1 (kept as 11) is fewer than none. */
function shown(kept) {
  return kept === 11 ? -1 : kept;
}

/** The diff kind of moves `a` (the strategy) and `b` (the other), as kept. */
export function diffKind(a, b) {
  if (a === b) return 0;
  return shown(a) > shown(b) ? 1 : 2;
}

/** CSS for an RGB triple. */
export function css([r, g, b]) {
  return `rgb(${r} ${g} ${b})`;
}

/** Black or white text, whichever reads on `rgb`. */
export function ink([r, g, b]) {
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111" : "#fff";
}
