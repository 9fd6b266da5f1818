// The Explore screen: a strategy's heatmap over (score, opponent score),
// drawn from one packed request; hovering reads the packed values (no
// request), clicking asks the server for the full explanation of a state.

import { attempt, get, percent, unpackMap } from "./api.js";
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
};

/**
 * Under rules with memory or a clock, the context the map is drawn at:
 * what both remember and the clock, from the controls that are shown.
 */
function context() {
  const at = {};
  if (!$("map-remembered-field").hidden) at.remembered = $("map-remembered").value.trim() || "0,0";
  if (!$("map-clock-field").hidden) at.clock = $("map-clock").value.trim() || "0";
  return at;
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
  if (kind === "win") return palette.win(map.values[i * 12]);
  if (kind === "diff") return palette.DIFF[palette.diffKind(map.dice[i], other.dice[i])].color;
  return palette.DICE[Math.min(10, map.dice[i])];
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
    palette.DICE.forEach((color, count) => swatch(color, String(count)));
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
  const value = map.values[i * 12];
  info.classList.remove("empty");
  info.dataset.score = String(cell.score);
  info.dataset.opponent = String(cell.opponent);
  info.dataset.dice = String(chosen);
  info.dataset.value = String(value);
  $("cell-state").textContent = `Score ${cell.score}, opponent ${cell.opponent}`;
  let line = `rolls ${chosen === 0 ? "no dice" : chosen}, wins ${percent(value)}`;
  if (view.kind === "diff") {
    const theirs = view.other.dice[i];
    line += theirs === chosen ? " (the same as the other)" : ` (the other rolls ${theirs})`;
  }
  $("cell-line").textContent = line;
  const bars = $("cell-bars");
  const values = Array.from(map.values.subarray(i * 12 + 1, i * 12 + 12));
  const best = Math.max(...values);
  const low = Math.min(...values);
  bars.replaceChildren(
    ...values.map((v, count) => {
      const column = document.createElement("div");
      column.className = "column";
      if (count === chosen) column.classList.add("chosen");
      if (v === best) column.classList.add("best");
      column.title = `${count} dice: ${percent(v)}`;
      const fill = document.createElement("i");
      // Scale from a little below the worst so small differences show.
      const floor = Math.max(0, low - 0.1 * (best - low + 0.01));
      fill.style.height = `${Math.max(2, (100 * (v - floor)) / (best - floor || 1))}%`;
      const label = document.createElement("span");
      label.textContent = String(count);
      column.append(fill, label);
      return column;
    }),
  );
}

/** Pin a cell: the server's full explanation of the state. */
function pin(cell) {
  view.pinned = cell;
  // A tap on a touch screen is a click with no hover before it.
  showCell(cell);
  drawMarks();
  return attempt(async () => {
    const strategy = view.map.strategy;
    const vs = view.map.vs;
    const params = { score: cell.score, opponent: cell.opponent, ...context() };
    if (!(strategy === "optimal" && vs === "optimal")) Object.assign(params, { strategy, vs });
    const report = await get("/api/explain", params);
    renderExplain(report);
  });
}

function renderExplain(report) {
  const panel = $("cell-explain");
  panel.hidden = false;
  panel.dataset.score = String(report.score);
  panel.dataset.opponent = String(report.opponent_score);
  const chosen = report.chosen ?? report.best;
  $("explain-title").textContent =
    `Score ${report.score}, opponent ${report.opponent_score}: ` +
    (report.chosen !== null && report.chosen !== report.best
      ? `rolls ${report.chosen}; the best is ${report.best} (gives away ${percent(report.gives_away)})`
      : `the best is ${report.best === 0 ? "no dice" : `${report.best} dice`}`);
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
    row.insertCell().textContent = percent(choice.one_point_probability);
    row.insertCell().textContent = String(choice.outcomes.length);
    row.addEventListener("click", () => showOutcomes(report, choice));
  }
  showOutcomes(report, report.choices[chosen]);
}

/** Where one dice count leaves the scores, likeliest first. */
function showOutcomes(report, choice) {
  for (const row of $("explain-table").tBodies[0].rows) {
    row.classList.toggle("selected", Number(row.dataset.dice) === choice.dice);
  }
  const list = $("explain-outcomes");
  const outcomes = [...choice.outcomes].sort((a, b) => b[2] - a[2]);
  $("outcomes-title").textContent =
    `Rolling ${choice.dice} from ${report.score}–${report.opponent_score} leads to (your score – opponent's, before their turn):`;
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

/** Load and draw what the controls ask for. */
export function refresh() {
  return attempt(async () => {
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
    Object.assign(view, { map, other, kind, hover: null, pinned: null });
    // Under memory or a clock, the context the map is drawn at, in words.
    const words = [];
    if (map.context && !$("map-remembered-field").hidden) {
      const [mine, theirs] = map.context.remembered;
      words.push(`the mover remembers ${mine}, the other ${theirs}`);
    }
    if (map.context && !$("map-clock-field").hidden) words.push(`the clock at ${map.context.clock}`);
    const at = words.length ? `; drawn where ${words.join(" and ")}` : "";
    $("map-title").textContent =
      `${map.strategy} against ${map.vs}: wins ${percent(map.first_player_win_probability)} moving first` +
      ` (${map.rules}, goal ${map.goal}${at})`;
    $("cell-explain").hidden = true;
    showCell(null);
    drawLegend();
    draw();
  });
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
  canvas.addEventListener("click", (event) => {
    const cell = pointerCell(event);
    if (cell) pin(cell);
  });
  $("map-draw").addEventListener("click", () => refresh());
  $("map-kind").addEventListener("change", () => {
    $("map-other-field").hidden = $("map-kind").value !== "diff";
    if ($("map-kind").value !== "diff" || $("map-other").value.trim()) refresh();
  });
  for (const id of ["map-strategy", "map-vs", "map-other", "map-remembered", "map-clock"]) {
    $(id).addEventListener("keydown", (event) => {
      if (event.key === "Enter") refresh();
    });
  }
  new ResizeObserver(() => draw()).observe($("heatmap-wrap"));
}

/**
 * Show the context controls the rules need (`contexts` of /api/strategies:
 * how many values each player remembers and the clock takes), back at the
 * start's context.
 */
export function contexts(report) {
  const c = report.contexts;
  $("map-remembered-field").hidden = !(c && c.remembers > 1);
  $("map-clock-field").hidden = !(c && c.clocks > 1);
  $("map-remembered").value = "0,0";
  $("map-clock").value = "0";
  if (c) $("map-clock").max = String(c.clocks - 1);
}

/** Forget cached maps (the rules changed). */
export function forget() {
  view.cache.clear();
  view.map = null;
}

/** Whether a map is on screen. */
export function drawn() {
  return view.map !== null;
}
