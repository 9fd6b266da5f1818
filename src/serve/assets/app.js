// The page: tabs, the rule set shared by every screen, and the strategy
// names the screens offer. Each screen lives in its own module.

import { attempt, busy, get, overrides, rules, rulesParams } from "./api.js";
import * as compare from "./compare.js";
import * as explore from "./explore.js";
import * as fields from "./fields.js";
import * as play from "./play.js";

const $ = (id) => document.getElementById(id);
const SCREENS = ["play", "explore", "compare"];
const COMPONENTS = ["zero_dice", "hog_wild", "after_turn"];
// What the address says of a game besides its rules.
const GAME = ["seed", "vs", "first", "moves"];

// The screen shown, and the game the address named when the page loaded
// (kept in the address until the page has replayed it).
let current = null;
let pending = null;

/**
 * The page's address: the rules and the game in its query (a reload
 * replays the game), the screen in its hash.
 */
function address(screen) {
  const query = new URLSearchParams();
  const game = play.address() || pending || {};
  for (const [key, value] of Object.entries({ ...rulesParams(), ...game })) {
    if (value !== undefined && value !== null && value !== "") query.set(key, value);
  }
  // Moves read as a list: 4,0,5.
  return `${location.pathname}?${query.toString().replace(/%2C/g, ",")}#${screen}`;
}

/** The address follows the game and the rules, without a history entry of its own. */
function remember() {
  if (current) history.replaceState(null, "", address(current));
}

/**
 * Show one screen; the heatmap is drawn the first time Explore opens. A
 * tab's click makes a history entry (`push`), so that Back shows the
 * screen before; Back itself does not.
 */
function showScreen(name, push = false) {
  const screen = SCREENS.includes(name) ? name : "play";
  for (const other of SCREENS) {
    $(`screen-${other}`).hidden = other !== screen;
    $(`tab-${other}`).setAttribute("aria-selected", String(other === screen));
  }
  if (push && current !== null && current !== screen) {
    history.pushState(null, "", address(screen));
  } else {
    history.replaceState(null, "", address(screen));
  }
  current = screen;
  if (screen === "explore" && !explore.drawn()) explore.refresh();
}

/** The game the address names, if it names one. */
function addressedGame() {
  const params = new URLSearchParams(location.search);
  if (!params.has("seed")) return null;
  return Object.fromEntries(GAME.map((key) => [key, params.get(key) || ""]));
}

/** A select's options, from [value, label] pairs. */
function fill(select, options) {
  const keep = select.value;
  select.replaceChildren(
    ...options.map(([value, label]) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = label;
      return option;
    }),
  );
  if (options.some(([value]) => value === keep)) select.value = keep;
}

/** The strategies the rules offer, into the opponent menu and the spec suggestions. */
async function loadStrategies() {
  const report = await get("/api/strategies");
  rules.game = report.game;
  fillRules(report.rule_sets);
  const course = report.course.map((c) => [c.name, `${c.name}(${c.defaults.join(", ")})`]);
  const named = report.named.map((n) => [n.spec, n.label === n.spec ? n.spec : `${n.label} (${n.spec})`]);
  fill($("opponent"), [
    ["optimal", "the optimal strategy"],
    [report.baseline, report.baseline],
    ...course,
    ...named,
    ["person", "a second person"],
  ]);
  const specs = [
    "optimal",
    report.baseline,
    ...report.course.map((c) => c.name),
    ...report.course.map((c) => `${c.name}(${c.defaults.join(", ")})`),
    `best_response(${report.baseline})`,
    ...report.named.map((n) => n.spec),
  ];
  fields.offer([...new Set(specs)]);
  // The rates table names an upload by its file too.
  compare.labels(report.named);
  $("goal").max = String(report.max_goal);
  explore.contexts(report);
  const house = report.house;
  if (house) houseOption(house.name, `${house.name} (${house.origin})`, house.goal);
  // Rules given as functions were tabulated for one goal when the server started.
  const fixed = house && report.rules === house.name;
  $("goal").disabled = Boolean(fixed);
  $("goal").title = fixed ? "Rules given as functions keep the goal hog serve started with (--goal)." : "";
  if (fixed) {
    $("goal").value = String(house.goal);
    $("rules-note").textContent = `${house.origin} · goal fixed at start`;
  } else {
    // The rules' parts by name, as they describe themselves.
    $("rules-note").textContent = report.game.parts.map((p) => p.name).join(", ");
  }
  $("rules-note").title =
    `${report.game.title ? `${report.game.title}: ` : ""}${report.game.goal_text} ` +
    report.game.parts.map((p) => `${p.name}: ${p.definition}`).join("; ");
  play.checker(report.student || null, { rules: report.rules, goal: report.goal });
  // Suggestions follow the rules until the person types their own.
  const first = report.course[0];
  suggest("cmp-a", first ? first.name : "optimal");
  suggest("sweep-grid", first ? `${first.name}(6..=14, 3..=8)` : "");
  compare.sweepable(first ? null : `${report.rules} has no course strategies to sweep (they are written for the presets' rules).`);
  return report;
}

/**
 * The rules menu: every rule set hog knows by name, the same list as `hog
 * rules` and Python's `Rules.presets()`, each with the semesters it is; the
 * server's own rules (a file) stay first.
 */
function fillRules(ruleSets) {
  const select = $("rules");
  const chosen = select.value;
  const house = [...select.options].filter((o) => !ruleSets.some((r) => r.name === o.value) && o.dataset.house);
  const named = ruleSets.map((r) => {
    const option = new Option(`${r.name} — ${r.title}`, r.name);
    return option;
  });
  select.replaceChildren(...house, ...named);
  if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
}

/**
 * The rules menu offers the server's own rules (from a rules file or Python) first,
 * with the one goal they were tabulated for (chosen again with them).
 */
function houseOption(value, label, goal) {
  const select = $("rules");
  let option = [...select.options].find((o) => o.value === value);
  if (!option) {
    option = document.createElement("option");
    option.value = value;
    option.dataset.house = "1";
    select.prepend(option);
  }
  option.textContent = label;
  if (goal !== undefined) option.dataset.goal = String(goal);
}

/** Put `value` in an input the person has not typed into. */
function suggest(id, value) {
  if ($(id).dataset.typed !== "1") fields.setText(id, value);
}

/** The rules changed: every screen starts again under them (the game `saved` on a load). */
function rulesChanged(saved) {
  return busy(async () => {
    explore.forget();
    const loaded = await attempt(loadStrategies);
    if (!loaded) return;
    play.pickMoves();
    if (saved) {
      await play.resume(saved);
      pending = null;
    } else {
      await play.start();
    }
    if (!$("screen-explore").hidden) await explore.refresh();
  });
}

/** The rules the page opens with: the server's, then the address's. */
function initialRules() {
  const meta = document.querySelector('meta[name="hog-rules"]');
  const params = new URLSearchParams(meta ? meta.content : "");
  for (const [key, value] of new URLSearchParams(location.search)) params.set(key, value);
  if (params.has("rules")) {
    // Rules the menu does not list are the server's own; the first answer labels them.
    const name = params.get("rules");
    if (![...$("rules").options].some((o) => o.value === name)) houseOption(name, name);
    $("rules").value = name;
  }
  if (params.has("goal")) $("goal").value = params.get("goal");
  for (const key of COMPONENTS) if (params.has(key)) overrides[key] = params.get(key);
}

function setup() {
  initialRules();
  for (const name of SCREENS) {
    $(`tab-${name}`).addEventListener("click", () => showScreen(name, true));
  }
  // Back and Forward (and a hash typed) show their screen; the address
  // keeps the game as it is now, not as it was then.
  const followAddress = () => {
    const name = location.hash.slice(1);
    if (name === current) remember();
    else showScreen(name);
  };
  window.addEventListener("popstate", followAddress);
  window.addEventListener("hashchange", followAddress);
  $("rules").addEventListener("change", () => {
    for (const key of COMPONENTS) delete overrides[key];
    // Back to the server's own rules from a preset at another goal: their goal, not that one.
    const fixedGoal = $("rules").selectedOptions[0]?.dataset.goal;
    if (fixedGoal) $("goal").value = fixedGoal;
    rulesChanged();
  });
  $("goal").addEventListener("change", () => rulesChanged());
  $("error-close").addEventListener("click", () => {
    $("error").hidden = true;
  });
  for (const id of ["cmp-a", "sweep-grid"]) {
    $(id).addEventListener("input", () => {
      $(id).dataset.typed = "1";
    });
  }
  fields.setup();
  play.setup(remember);
  explore.setup();
  compare.setup(async (upload) => {
    await attempt(loadStrategies);
    return upload;
  });
  // Hooks for the browser test and for anyone scripting the page.
  window.hog = { cellCenter: explore.cellCenter, rules: rulesParams };
  pending = addressedGame();
  showScreen(location.hash.slice(1));
  rulesChanged(pending);
}

setup();
