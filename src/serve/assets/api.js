// Talking to the server: every request goes through here, so the page
// knows when it is busy (tests and people wait on that) and every error
// reaches the banner with the server's own one-line message.

let inFlight = 0;

/** Mark the page busy while `work` runs; nested uses count. */
export async function busy(work) {
  inFlight += 1;
  document.body.dataset.busy = "1";
  try {
    return await work();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) document.body.dataset.busy = "0";
  }
}

/**
 * Rule components that differ from the preset's (from `hog serve
 * --after-turn ...` or the page's address); choosing a preset clears them.
 */
export const overrides = {};

/** The rules every request carries, read from the header's controls. */
export function rulesParams() {
  const rules = document.getElementById("rules").value;
  const goal = document.getElementById("goal").value.trim();
  return { rules, goal, ...overrides };
}

function url(path, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...rulesParams(), ...params })) {
    if (value !== undefined && value !== null && value !== "") query.set(key, value);
  }
  return `${path}?${query}`;
}

async function answer(response) {
  let body;
  try {
    body = await response.json();
  } catch {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body;
}

/** GET an API endpoint with the current rules; the parsed JSON. */
export function get(path, params = {}) {
  return busy(async () => answer(await fetch(url(path, params))));
}

/** POST a body (a table file) to an API endpoint. */
export function post(path, params, body) {
  return busy(async () =>
    answer(await fetch(url(path, params), { method: "POST", body })),
  );
}

/** Show an error in the banner (or hide it with `null`). */
export function showError(error) {
  const banner = document.getElementById("error");
  const text = document.getElementById("error-text");
  if (!error) {
    banner.hidden = true;
    text.textContent = "";
    return;
  }
  text.textContent = error.message || String(error);
  banner.hidden = false;
}

/** Run an action the person asked for; its failure goes to the banner. */
export async function attempt(action) {
  try {
    const result = await action();
    showError(null);
    return result;
  } catch (error) {
    showError(error);
    return undefined;
  }
}

/** Bytes of a base64 string. */
export function bytes(base64) {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i);
  return out;
}

/**
 * The rules' account of themselves (`/api/strategies`' `game`): the moves a
 * turn may choose, each player's goal, what a state holds beside the
 * scores. Every screen renders the game from it.
 */
export const rules = { game: null };

/** The moves of the rules, in the engine's order (0 to 10, then -1 where they have it). */
export function moves() {
  return rules.game ? rules.game.moves : [];
}

/** A move as people write it, from the code the engine keeps it by (11 is -1). */
export function moveLabel(kept) {
  const move = moves().find((m) => m.kept === kept);
  return move ? String(move.dice) : String(kept);
}

/** "3 dice", "1 die", "no dice", "-1 dice". */
export function diceWords(kept) {
  const label = moveLabel(kept);
  if (label === "0") return "no dice";
  return `${label} ${label === "1" ? "die" : "dice"}`;
}

/**
 * A /api/solve or /api/map answer unpacked: dice and values per state, each
 * state's own value then one per move (`report.moves`, -1 last where the
 * rules have it).
 */
export function unpackMap(report) {
  const n = report.goal;
  const dice = bytes(report.dice);
  const raw = bytes(report.values);
  const view = new DataView(raw.buffer);
  const stride = 1 + report.moves.length;
  const values = new Float32Array(n * n * stride);
  for (let i = 0; i < values.length; i += 1) values[i] = view.getFloat32(i * 4, true);
  return { ...report, n, dice, values, stride };
}

/** A probability as a percentage with two decimals. */
export function percent(p) {
  return `${(100 * p).toFixed(2)}%`;
}

/** A percentage for an axis: "50%", "2.5%". */
export function percentLabel(p) {
  return `${Number((100 * p).toFixed(1))}%`;
}

/**
 * The top of a chart of chances whose largest is `best`: a round value at
 * or above it, so that bars from zero fill the chart without exaggerating.
 */
export function scaleTop(best) {
  for (const top of [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8]) if (best <= top) return top;
  return 1;
}

/** Wait `ms` milliseconds. */
export function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
