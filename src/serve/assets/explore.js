// The Explore screen: a strategy's heatmap over (score, opponent score),
// drawn from one packed request; hovering reads the packed values (no
// request), clicking asks the server for the full explanation of a state.

import {
  attempt,
  diceWords,
  get,
  moveLabel,
  moves,
  percent,
  percentLabel,
  rules,
  scaleTop,
  unpackMap,
} from "./api.js";
import * as palette from "./palette.js";

const $ = (id) => document.getElementById(id);

// Room around the plot for the axis labels, in CSS pixels.
const MARGIN = { left: 46, right: 10, top: 10, bottom: 40 };

const view = {
  map: null, // the strategy's unpacked map
  other: null, // the comparison's, for diff
  kind: "policy",
  hover: null,
  pinned: null,
  layout: null,
  cache: new Map(),
  // The centre of the close-up of the cells around a tap, or null.
  closeup: null,
  // Whether the last press on the map was a finger's.
  touch: false,
};

// The close-up shows this many cells each way: 7 of 42 px fit a phone.
const CLOSEUP = 7;

/**
 * Under rules with memory or a clock, the context the map is drawn at:
 * what both remember and the clock, from the controls that are shown.
 */
function context() {
  const at = {};
  if (!$("map-remembered-field").hidden) at.remembered = `${$("map-mine").value || 0},${$("map-theirs").value || 0}`;
  if (!$("map-clock-field").hidden) at.clock = $("map-clock").value || "0";
  return at;
}

/** The context the controls show, in the words the rules give its values. */
function contextWords() {
  const words = [];
  if (!$("map-remembered-field").hidden) {
    const label = (id) => $(id).selectedOptions[0]?.textContent ?? $(id).value;
    words.push(`the mover remembers ${label("map-mine")}, the other ${label("map-theirs")}`);
  }
  if (!$("map-clock-field").hidden) words.push($("map-clock").selectedOptions[0]?.textContent ?? "");
  return words;
}

/** The request for a strategy's map against `vs` (cached by its URL). */
async function loadMap(strategy, vs) {
  const params =
    strategy === "optimal" && vs === "optimal"
      ? ["/api/solve", context()]
      : ["/api/map", { strategy, vs, ...context() }];
  const rules = document.getElementById("rules").value;
  const goal = document.getElementById("goal").value;
  const key = JSON.stringify([rules, goal, ...params]);
  if (!view.cache.has(key)) {
    const map = unpackMap(await get(...params));
    if (view.cache.size >= 6) view.cache.delete(view.cache.keys().next().value);
    view.cache.set(key, map);
  }
  return view.cache.get(key);
}

/** Where cells fall on the canvas, for its current size. */
function layout(canvas, n) {
  const width = $("heatmap-wrap").clientWidth;
  // Fit the window's height too, so the whole map shows without scrolling.
  const top = canvas.getBoundingClientRect().top + window.scrollY;
  const room = window.innerHeight - top - MARGIN.top - MARGIN.bottom - 56;
  const side = Math.max(
    120,
    Math.min(width - MARGIN.left - MARGIN.right, Math.max(room, 280), 640),
  );
  return {
    n,
    side,
    cell: side / n,
    left: MARGIN.left,
    top: MARGIN.top,
    width: side + MARGIN.left + MARGIN.right,
    height: side + MARGIN.top + MARGIN.bottom,
  };
}

/** The centre of cell (score, opponent) in CSS pixels from the canvas's corner. */
export function cellCenter(score, opponent) {
  const l = view.layout;
  if (!l) return null;
  return {
    x: l.left + (opponent + 0.5) * l.cell,
    y: l.top + (l.n - 1 - score + 0.5) * l.cell,
  };
}

/** The cell under a pointer position, or null. */
function cellAt(x, y) {
  const l = view.layout;
  if (!l) return null;
  const opponent = Math.floor((x - l.left) / l.cell);
  const score = l.n - 1 - Math.floor((y - l.top) / l.cell);
  if (opponent < 0 || score < 0 || opponent >= l.n || score >= l.n) return null;
  return { score, opponent };
}

function colorOf(i) {
  const { map, other, kind } = view;
  if (kind === "win") return palette.win(map.values[i * map.stride]);
  if (kind === "diff") return palette.DIFF[palette.diffKind(map.dice[i], other.dice[i])].color;
  return palette.move(map.dice[i]);
}

/** A tick step giving about six labels along an axis of `n` scores. */
function tickStep(n) {
  for (const step of [5, 10, 20, 25, 50, 100, 200, 250, 500]) if (n / step <= 7) return step;
  return 1000;
}

/** Draw the heatmap and its axes. */
function draw() {
  const canvas = $("heatmap");
  const { map } = view;
  if (!map) return;
  const l = layout(canvas, map.n);
  view.layout = l;
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${l.width}px`;
  canvas.style.height = `${l.height}px`;
  canvas.width = Math.round(l.width * ratio);
  canvas.height = Math.round(l.height * ratio);
  const overlay = $("heatmap-overlay");
  overlay.style.left = `${canvas.offsetLeft}px`;
  overlay.style.width = canvas.style.width;
  overlay.style.height = canvas.style.height;
  overlay.width = canvas.width;
  overlay.height = canvas.height;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, l.width, l.height);

  // One pixel per state, scaled up without smoothing: fast at any goal.
  const n = map.n;
  const image = new ImageData(n, n);
  for (let s = 0; s < n; s += 1) {
    for (let o = 0; o < n; o += 1) {
      const [r, g, b] = colorOf(s * n + o);
      const at = ((n - 1 - s) * n + o) * 4;
      image.data[at] = r;
      image.data[at + 1] = g;
      image.data[at + 2] = b;
      image.data[at + 3] = 255;
    }
  }
  const cells = document.createElement("canvas");
  cells.width = n;
  cells.height = n;
  cells.getContext("2d").putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, l.left, l.top, l.side, l.side);

  // Axes: the opponent's score along x, the mover's own score up y.
  const style = getComputedStyle(document.body);
  ctx.fillStyle = style.getPropertyValue("--ink") || "#222";
  ctx.strokeStyle = ctx.fillStyle;
  ctx.font = "12px system-ui, sans-serif";
  ctx.lineWidth = 1;
  const step = tickStep(n);
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  for (let v = 0; v < n; v += step) {
    const x = l.left + (v + 0.5) * l.cell;
    ctx.fillText(String(v), x, l.top + l.side + 6);
  }
  ctx.fillText("opponent score", l.left + l.side / 2, l.top + l.side + 22);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (let v = 0; v < n; v += step) {
    const y = l.top + (n - 1 - v + 0.5) * l.cell;
    ctx.fillText(String(v), l.left - 6, y);
  }
  ctx.save();
  ctx.translate(12, l.top + l.side / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = "center";
  ctx.fillText("your score", 0, 0);
  ctx.restore();
  ctx.strokeRect(l.left - 0.5, l.top - 0.5, l.side + 1, l.side + 1);
  drawMarks();
}

/** The hovered and pinned cells, outlined on the overlay. */
function drawMarks() {
  const overlay = $("heatmap-overlay");
  const l = view.layout;
  if (!l) return;
  const ratio = window.devicePixelRatio || 1;
  const ctx = overlay.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, overlay.width, overlay.height);
  if (!view.map) return;
  const region = closeupRegion();
  if (region) {
    // Where the close-up is on the map: white under black dashes, seen on any colour.
    const corner = cellCenter(region.score + region.size - 1, region.opponent);
    const box = [corner.x - l.cell / 2 - 2, corner.y - l.cell / 2 - 2, region.size * l.cell + 4, region.size * l.cell + 4];
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 3;
    ctx.strokeRect(...box);
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = "#111111";
    ctx.lineWidth = 1.5;
    ctx.strokeRect(...box);
    ctx.setLineDash([]);
  }
  const mark = (cell, color, width) => {
    if (!cell) return;
    const size = Math.max(l.cell, 6);
    const { x, y } = cellCenter(cell.score, cell.opponent);
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.strokeRect(x - size / 2 - 1, y - size / 2 - 1, size + 2, size + 2);
  };
  mark(view.pinned, "#ff2d87", 2.5);
  mark(view.hover, "#ffffff", 2);
  mark(view.hover, "#111111", 1);
}

/** The legend for the current kind. */
function drawLegend() {
  const legend = $("map-legend");
  legend.replaceChildren();
  const swatch = (color, label) => {
    const item = document.createElement("span");
    item.className = "swatch";
    const chip = document.createElement("i");
    chip.style.background = palette.css(color);
    item.append(chip, label);
    legend.append(item);
  };
  if (view.kind === "policy") {
    // The rules' own moves: -1 too where they have it.
    for (const m of moves()) swatch(palette.move(m.kept), String(m.dice));
    legend.insertAdjacentText("afterbegin", "dice: ");
  } else if (view.kind === "diff") {
    for (const { color, label } of palette.DIFF) swatch(color, label);
  } else {
    const bar = document.createElement("span");
    bar.className = "gradient";
    const stops = Array.from({ length: 11 }, (_, i) => palette.css(palette.win(i / 10)));
    bar.style.background = `linear-gradient(to right, ${stops.join(", ")})`;
    legend.append("0%", bar, "100% chance to win");
  }
}

/** The hover panel: the state, its dice and every count's value, from the packed map. */
function showCell(cell) {
  const info = $("cell-info");
  const { map } = view;
  if (!cell || !map) {
    info.classList.add("empty");
    return;
  }
  const i = cell.score * map.n + cell.opponent;
  const chosen = map.dice[i];
  const value = map.values[i * map.stride];
  info.classList.remove("empty");
  info.dataset.score = String(cell.score);
  info.dataset.opponent = String(cell.opponent);
  info.dataset.dice = moveLabel(chosen);
  info.dataset.value = String(value);
  $("cell-state").textContent = `Score ${cell.score}, opponent ${cell.opponent}`;
  let line = `rolls ${diceWords(chosen)}, wins ${percent(value)}`;
  if (view.kind === "diff") {
    const theirs = view.other.dice[i];
    line +=
      theirs === chosen ? ` (${view.other.strategy} too)` : ` (${view.other.strategy} rolls ${diceWords(theirs)})`;
  }
  $("cell-line").textContent = line;
  const bars = $("cell-bars");
  // Every move's value, in the map's order of moves.
  const shown = map.moves.map((dice, j) => ({
    dice,
    kept: dice === -1 ? 11 : dice,
    value: map.values[i * map.stride + 1 + j],
  }));
  const values = shown.map((m) => m.value);
  const best = Math.max(...values);
  // Bars from zero, so that a bar twice as tall is a chance twice as large,
  // up to a round top the axis names.
  const top = scaleTop(best);
  bars.dataset.top = String(top);
  const ticks = [0, top / 2, top];
  $("cell-axis").replaceChildren(
    ...ticks.map((t) => {
      const label = document.createElement("span");
      label.textContent = percentLabel(t);
      label.style.bottom = `${(100 * t) / top}%`;
      return label;
    }),
  );
  bars.replaceChildren(
    ...ticks.map((t) => {
      const line = document.createElement("b");
      line.className = t === 0 ? "grid base" : "grid";
      line.style.bottom = `${(100 * t) / top}%`;
      return line;
    }),
    ...shown.map(({ dice, kept, value: v }) => {
      const column = document.createElement("div");
      column.className = "column";
      column.dataset.value = String(v);
      column.dataset.dice = String(dice);
      if (kept === chosen) column.classList.add("chosen");
      if (v === best) column.classList.add("best");
      column.title = `${dice} dice: ${percent(v)}`;
      const fill = document.createElement("i");
      fill.style.height = `${(100 * v) / top}%`;
      column.append(fill);
      return column;
    }),
  );
  $("cell-x-axis").replaceChildren(
    ...shown.map(({ dice }) => {
      const label = document.createElement("span");
      label.textContent = String(dice);
      return label;
    }),
  );
}

/** A packed map's dice count as the rules write it (11 is the move of -1). */
function diceText(dice) {
  return moveLabel(dice);
}

/** The cells the close-up shows: its lowest score and opponent score, and how many each way. */
function closeupRegion() {
  const { map, closeup } = view;
  if (!map || !closeup) return null;
  const size = Math.min(CLOSEUP, map.n);
  const half = Math.floor(size / 2);
  const from = (v) => Math.max(0, Math.min(map.n - size, v - half));
  return { score: from(closeup.score), opponent: from(closeup.opponent), size };
}

/**
 * The close-up: the cells around a tap as buttons a finger can hit (a
 * phone draws the map's cells 3 px wide), each with its dice (or chance),
 * the pinned one outlined; a tap pins one and centres the close-up on it.
 */
function drawCloseup() {
  const box = $("closeup");
  const region = closeupRegion();
  box.hidden = !region;
  if (!region) return;
  const { map, pinned } = view;
  const grid = $("closeup-grid");
  // The corner above the rows' scores and left of the columns'.
  const corner = document.createElement("span");
  const heads = [];
  for (let o = region.opponent; o < region.opponent + region.size; o += 1) {
    const head = document.createElement("span");
    head.className = "head";
    head.textContent = String(o);
    heads.push(head);
  }
  const rows = [];
  for (let s = region.score + region.size - 1; s >= region.score; s -= 1) {
    const head = document.createElement("span");
    head.className = "head";
    head.textContent = String(s);
    rows.push(head);
    for (let o = region.opponent; o < region.opponent + region.size; o += 1) {
      const i = s * map.n + o;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.score = String(s);
      button.dataset.opponent = String(o);
      // The dice whatever the map shows; its colour is the map's.
      const dice = diceText(map.dice[i]);
      button.textContent = dice;
      button.setAttribute("aria-label", `Score ${s}, opponent ${o}: rolls ${dice}, wins ${percent(map.values[i * map.stride])}`);
      const color = colorOf(i);
      button.style.background = palette.css(color);
      button.style.color = palette.ink(color);
      if (pinned && pinned.score === s && pinned.opponent === o) button.classList.add("pinned");
      rows.push(button);
    }
  }
  grid.style.gridTemplateColumns = `auto repeat(${region.size}, 42px)`;
  grid.replaceChildren(corner, ...heads, ...rows);
  $("closeup-title").textContent = `Close-up: scores ${region.score}–${region.score + region.size - 1}, opponent ${region.opponent}–${region.opponent + region.size - 1}`;
  const line = $("closeup-line");
  if (pinned) {
    const i = pinned.score * map.n + pinned.opponent;
    line.textContent =
      `Score ${pinned.score}, opponent ${pinned.opponent}: rolls ${diceWords(map.dice[i])}, ` +
      `wins ${percent(map.values[i * map.stride])}. Every move is explained below.`;
  } else {
    line.textContent = "";
  }
}

/** Pin `cell` and open the close-up around it, in view. */
function openCloseup(cell) {
  view.closeup = cell;
  const explained = pin(cell);
  $("closeup").scrollIntoView({ block: "nearest" });
  return explained;
}

/** Pin a cell: the server's full explanation of the state. */
function pin(cell) {
  if (!view.map) return undefined;
  view.pinned = cell;
  // A tap on a touch screen is a click with no hover before it.
  showCell(cell);
  if (view.closeup) {
    view.closeup = cell;
    drawCloseup();
  }
  drawMarks();
  return attempt(async () => {
    const strategy = view.map.strategy;
    const vs = view.map.vs;
    const params = { score: cell.score, opponent: cell.opponent, ...context() };
    if (!(strategy === "optimal" && vs === "optimal")) Object.assign(params, { strategy, vs });
    const report = await get("/api/explain", params);
    // Another pin, a new map or a refusal came first: this answer is stale.
    if (view.pinned !== cell) return;
    renderExplain(report);
  });
}

function renderExplain(report) {
  const panel = $("cell-explain");
  panel.hidden = false;
  panel.dataset.score = String(report.score);
  panel.dataset.opponent = String(report.opponent_score);
  const chosen = report.chosen ?? report.best;
  // Moves as the report writes them: -1 for that move.
  const words = (dice) => (dice === 0 ? "no dice" : `${dice} ${dice === 1 ? "die" : "dice"}`);
  $("explain-title").textContent =
    `Score ${report.score}, opponent ${report.opponent_score}: ` +
    (report.chosen !== null && report.chosen !== report.best
      ? `rolls ${words(report.chosen)}; the best is ${words(report.best)} (gives away ${percent(report.gives_away)})`
      : `the best is ${words(report.best)}`);
  // What a 1 does under these rules, for the column that counts it.
  const pigOut = rules.game ? rules.game.pig_out : null;
  const head = $("explain-table").tHead.rows[0].cells[3];
  head.textContent = pigOut ? `a 1 shows (${pigOut.ones ? "scores the 1s" : `scores ${pigOut.points}`})` : "a 1 shows";
  head.title = pigOut ? `the chance that a die shows 1; ${pigOut.text}` : "the chance that a die shows 1";
  const body = $("explain-table").tBodies[0];
  body.replaceChildren();
  for (const choice of report.choices) {
    const row = body.insertRow();
    row.dataset.dice = String(choice.dice);
    row.dataset.value = String(choice.win_probability);
    if (choice.dice === report.best) row.classList.add("best");
    if (choice.dice === chosen) row.classList.add("chosen");
    row.insertCell().textContent = String(choice.dice);
    row.insertCell().textContent = percent(choice.win_probability);
    row.insertCell().textContent = choice.expected_points.toFixed(2);
    row.insertCell().textContent = percent(choice.pig_out_probability);
    row.insertCell().textContent = String(choice.outcomes.length);
    row.addEventListener("click", () => showOutcomes(report, choice));
  }
  showOutcomes(report, report.choices.find((c) => c.dice === chosen));
}

/** Where one dice count leaves the scores, likeliest first. */
function showOutcomes(report, choice) {
  for (const row of $("explain-table").tBodies[0].rows) {
    row.classList.toggle("selected", Number(row.dataset.dice) === choice.dice);
  }
  const list = $("explain-outcomes");
  const outcomes = [...choice.outcomes].sort((a, b) => b[2] - a[2]);
  $("outcomes-title").textContent =
    `Rolling ${choice.dice === 0 ? "no dice" : `${choice.dice} ${choice.dice === 1 ? "die" : "dice"}`} from ` +
    `${report.score}–${report.opponent_score} leads to (your score – opponent's, before their turn):`;
  list.replaceChildren(
    ...outcomes.slice(0, 12).map(([own, theirs, p]) => {
      const item = document.createElement("li");
      const bar = document.createElement("i");
      bar.style.width = `${Math.max(1, 100 * p)}%`;
      const text = document.createElement("span");
      text.textContent = `${own}–${theirs}: ${percent(p)}`;
      item.append(bar, text);
      return item;
    }),
  );
  if (outcomes.length > 12) {
    const rest = outcomes.slice(12).reduce((sum, o) => sum + o[2], 0);
    const item = document.createElement("li");
    item.className = "rest";
    item.textContent = `${outcomes.length - 12} more: ${percent(rest)}`;
    list.append(item);
  }
}

/**
 * The inputs were refused: the previous map, its title, legend and panels
 * go (a map left standing would read as the answer to the new inputs), and
 * the title says why.
 */
function refused(error) {
  Object.assign(view, { map: null, other: null, hover: null, pinned: null, closeup: null });
  $("heatmap-wrap").dataset.state = "refused";
  $("map-title").textContent = `No map: ${error.message || error}`;
  $("map-legend").replaceChildren();
  $("cell-explain").hidden = true;
  $("closeup").hidden = true;
  showCell(null);
  drawMarks();
  const l = view.layout;
  const canvas = $("heatmap");
  if (!l) return;
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, l.width, l.height);
  ctx.fillStyle = "#ece8df";
  ctx.fillRect(l.left, l.top, l.side, l.side);
  ctx.fillStyle = "#5f6b7a";
  ctx.font = "14px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText("No map for these inputs", l.left + l.side / 2, l.top + l.side / 2);
}

/** Load and draw what the controls ask for. */
export function refresh() {
  return attempt(async () => {
    try {
      await load();
    } catch (error) {
      refused(error);
      throw error;
    }
  });
}

/** Load the map the controls ask for, and draw it. */
async function load() {
  const strategy = $("map-strategy").value.trim() || "optimal";
  const vs = $("map-vs").value.trim() || "optimal";
  const kind = $("map-kind").value;
  const map = await loadMap(strategy, vs);
  let other = null;
  if (kind === "diff") {
    const with_ = $("map-other").value.trim();
    if (!with_) throw new Error("a difference needs a second strategy to compare with");
    other = await loadMap(with_, vs);
  }
  Object.assign(view, { map, other, kind, hover: null, pinned: null, closeup: null });
  delete $("heatmap-wrap").dataset.state;
  // Under memory or a clock, the context the map is drawn at, in the
  // words the rules give its values.
  const words = map.context ? contextWords() : [];
  const at = words.length ? `; drawn where ${words.join(" and ")}` : "";
  const compared = other ? `, where it differs from ${other.strategy}` : "";
  $("map-title").textContent =
    `${map.strategy} against ${map.vs}${compared}: wins ${percent(map.first_player_win_probability)} moving first` +
    ` (${map.rules}, goal ${map.goal}${at})`;
  $("cell-explain").hidden = true;
  $("closeup").hidden = true;
  showCell(null);
  drawLegend();
  draw();
}

function pointerCell(event) {
  const rect = $("heatmap").getBoundingClientRect();
  return cellAt(event.clientX - rect.left, event.clientY - rect.top);
}

/** Wire the screen; the first draw happens when the screen is first shown. */
export function setup() {
  const canvas = $("heatmap");
  canvas.addEventListener("mousemove", (event) => {
    const cell = pointerCell(event);
    if (cell && view.hover && cell.score === view.hover.score && cell.opponent === view.hover.opponent) return;
    view.hover = cell;
    showCell(cell || view.pinned);
    drawMarks();
  });
  canvas.addEventListener("mouseleave", () => {
    view.hover = null;
    showCell(view.pinned);
    drawMarks();
  });
  canvas.addEventListener("pointerdown", (event) => {
    view.touch = event.pointerType === "touch";
  });
  canvas.addEventListener("click", (event) => {
    const cell = pointerCell(event);
    if (!cell || !view.map) return;
    // A finger covers a dozen of a phone's cells: the close-up lets it pick one.
    if (view.touch || event.pointerType === "touch") openCloseup(cell);
    else pin(cell);
  });
  $("closeup-grid").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-score]");
    if (button) pin({ score: Number(button.dataset.score), opponent: Number(button.dataset.opponent) });
  });
  $("closeup-close").addEventListener("click", () => {
    view.closeup = null;
    drawCloseup();
    drawMarks();
  });
  $("map-draw").addEventListener("click", () => refresh());
  $("map-kind").addEventListener("change", () => {
    $("map-other-field").hidden = $("map-kind").value !== "diff";
    if ($("map-kind").value !== "diff" || $("map-other").value.trim()) refresh();
  });
  for (const id of ["map-strategy", "map-vs", "map-other"]) {
    $(id).addEventListener("keydown", (event) => {
      if (event.key === "Enter") refresh();
    });
  }
  // A context picked is drawn at once.
  for (const id of ["map-mine", "map-theirs", "map-clock"]) {
    $(id).addEventListener("change", () => refresh());
  }
  new ResizeObserver(() => draw()).observe($("heatmap-wrap"));
}

/**
 * Show the context controls the rules need (`contexts` of /api/strategies:
 * how many values each player remembers and the clock takes), back at the
 * start's context.
 */
export function contexts(report) {
  const c = report.game.contexts;
  const memory = c ? c.memory : null;
  const clock = c ? c.clock : null;
  $("map-remembered-field").hidden = !memory;
  $("map-clock-field").hidden = !clock;
  const options = (select, labels) =>
    select.replaceChildren(...labels.map((label, value) => new Option(label, String(value))));
  options($("map-mine"), memory ? memory.values : ["nothing"]);
  options($("map-theirs"), memory ? memory.values : ["nothing"]);
  options($("map-clock"), clock ? clock.values.map((v) => v.label) : ["the start"]);
  if (clock) {
    // Each value's own sentence, where it says more than its label.
    [...$("map-clock").options].forEach((option, i) => {
      option.title = clock.values[i].text;
    });
  }
}

/** Forget cached maps (the rules changed). */
export function forget() {
  view.cache.clear();
  view.map = null;
  view.closeup = null;
  $("closeup").hidden = true;
}

/** Whether a map is on screen. */
export function drawn() {
  return view.map !== null;
}
