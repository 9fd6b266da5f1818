// The Compare screen: exact win rates of one strategy against another,
// table uploads, the rates table against an opponent, and a course
// strategy's parameter grid as a coloured table.

import { attempt, get, percent, post } from "./api.js";
import { setText } from "./fields.js";
import * as palette from "./palette.js";

const $ = (id) => document.getElementById(id);

// What people call the tables the server keeps (an upload's file name), by spec.
const known = new Map();

/** Remember the labels of /api/strategies' `named` tables. */
export function labels(named) {
  known.clear();
  for (const n of named) if (n.label !== n.spec) known.set(n.spec, n.label);
}

/** A bar and a number for a win rate. */
function rateCell(row, p) {
  const cell = row.insertCell();
  cell.className = "rate";
  const box = document.createElement("div");
  box.className = "cell";
  const text = document.createElement("span");
  text.textContent = percent(p);
  const track = document.createElement("b");
  const bar = document.createElement("i");
  bar.style.width = `${100 * p}%`;
  track.append(bar);
  box.append(text, track);
  cell.append(box);
}

/** A spec that may wrap after its brackets and commas, not inside names. */
function wrappable(spec) {
  return spec.replace(/([(,])/g, "$1\u200b");
}

async function runEval() {
  const a = $("cmp-a").value.trim();
  const b = $("cmp-b").value.trim();
  if (!a) throw new Error("name strategy A");
  const report = await get("/api/eval", { strategy: a, vs: b });
  const result = $("cmp-result");
  result.dataset.first = String(report.first);
  result.dataset.second = String(report.second);
  result.dataset.average = String(report.average);
  result.classList.remove("empty");
  $("cmp-summary").textContent = `${report.strategy} against ${report.opponent}`;
  for (const seat of ["first", "second", "average"]) {
    $(`cmp-${seat}`).textContent = percent(report[seat]);
    $(`cmp-${seat}-bar`).style.width = `${100 * report[seat]}%`;
  }
}

async function runRates() {
  const vs = $("rates-vs").value.trim();
  const report = await get("/api/rates", { vs });
  $("rates-caption").textContent = `Against ${report.opponent} (${report.rules}, goal ${report.goal})`;
  const body = $("rates-table").tBodies[0];
  body.replaceChildren();
  for (const row of report.rows) {
    const tr = body.insertRow();
    tr.dataset.strategy = row.strategy;
    tr.dataset.first = String(row.first);
    tr.dataset.second = String(row.second);
    tr.dataset.average = String(row.average);
    const name = tr.insertCell();
    name.className = "spec";
    name.textContent = wrappable(row.strategy);
    // The server rates the uploads too; their ids mean little without the file.
    const label = known.get(row.strategy);
    if (label) {
      const file = document.createElement("span");
      file.className = "file";
      file.textContent = label;
      name.append(file);
      tr.classList.add("kept");
    }
    rateCell(tr, row.first);
    rateCell(tr, row.second);
    rateCell(tr, row.average);
  }
}

/**
 * Whether the rules have a course strategy to sweep: `reason` says why not
 * (the Sweep button is off and the card says so), or null.
 */
export function sweepable(reason) {
  $("sweep-run").disabled = Boolean(reason);
  $("sweep-caption").textContent = reason || "";
  $("sweep-table").replaceChildren();
}

/** "6 to 13", the values a parameter took. */
function span(values) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? String(low) : `${low} to ${high}`;
}

/** A sweep over two parameters as a grid; over one, as a column. */
async function runSweep() {
  const grid = $("sweep-grid").value.trim();
  const vs = $("sweep-vs").value.trim();
  if (!grid) throw new Error("write a course strategy with ranges to sweep, such as boar_strategy(6..=14, 3..=8)");
  const report = await get("/api/sweep", { grid, vs });
  const table = $("sweep-table");
  table.replaceChildren();
  const names = Object.keys(report.best.params);
  const [rowName, columnName] = names;
  const rowsOf = [...new Set(report.rows.map((r) => r.params[rowName]))];
  const columnsOf = columnName ? [...new Set(report.rows.map((r) => r.params[columnName]))] : [null];
  const averages = report.rows.map((r) => r.average);
  const low = Math.min(...averages);
  const high = Math.max(...averages);
  const head = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.textContent = columnName ? `${rowName} \\ ${columnName}` : rowName;
  head.append(corner);
  for (const c of columnsOf) {
    const th = document.createElement("th");
    th.textContent = c === null ? "average" : String(c);
    head.append(th);
  }
  const body = table.createTBody();
  for (const r of rowsOf) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.textContent = String(r);
    tr.append(th);
    for (const c of columnsOf) {
      const found = report.rows.find((x) => x.params[rowName] === r && (c === null || x.params[columnName] === c));
      const td = tr.insertCell();
      if (!found) continue;
      const color = palette.win(high > low ? (found.average - low) / (high - low) : 1);
      td.style.background = palette.css(color);
      td.style.color = palette.ink(color);
      td.textContent = (100 * found.average).toFixed(2);
      td.title = `${found.strategy}: ${percent(found.first)} first, ${percent(found.second)} second`;
      td.dataset.average = String(found.average);
      if (found.strategy === report.best.strategy) td.classList.add("best");
    }
  }
  // The values swept, said whole: a range a..b leaves b out.
  const swept = names.map((name) => `${name} ${span(report.rows.map((r) => r.params[name]))}`);
  const open = /\.\.(?!=)/.test(grid) ? " (a..b leaves b out; a..=b takes it)" : "";
  $("sweep-caption").textContent =
    `Average win rate (%) of ${report.strategy} against ${report.opponent}, over ${swept.join(" and ")}${open}; ` +
    `the best is ${report.best.strategy} with ${percent(report.best.average)}. Colours run from the grid's lowest to its highest.`;
}

async function upload(onUploaded) {
  const input = $("upload");
  const files = [...input.files];
  if (files.length === 0) return;
  const status = $("upload-status");
  delete status.dataset.id;
  const done = [];
  try {
    for (const file of files) {
      status.textContent = `Reading ${file.name}…`;
      const text = await file.text();
      const report = await post("/api/upload", { name: file.name }, text);
      done.push(report);
      status.dataset.id = report.id;
    }
    const last = done[done.length - 1];
    status.textContent =
      done.length === 1
        ? `${last.name} is now ${last.id} (goal ${last.goal}): use it wherever a strategy is asked for.`
        : `${done.map((r) => `${r.name} is ${r.id}`).join(", ")}: use them wherever a strategy is asked for.`;
    setText("cmp-a", last.id);
    $("cmp-a").dataset.typed = "1";
    await onUploaded(last);
  } catch (error) {
    status.textContent = done.length ? `${done.length} uploaded before the error.` : "";
    throw error;
  } finally {
    input.value = "";
  }
}

/** The contest among the uploads (and the server's contest folder). */
async function runContest() {
  const report = await get("/api/contest");
  $("contest-caption").textContent =
    `${report.entries.length} entries, ${report.pairs} matches (${report.rules}, goal ${report.goal})` +
    (report.rejected.length ? `; ${report.rejected.length} submissions left out (below)` : "");
  const out = $("contest-rejected");
  out.hidden = report.rejected.length === 0;
  out.querySelector("summary").textContent = `Left out: ${report.rejected.length}`;
  out.querySelector("ul").replaceChildren(
    ...report.rejected.map((r) => {
      const item = document.createElement("li");
      item.textContent = `${r.file}: ${r.reason}`;
      return item;
    }),
  );
  const body = $("contest-table").tBodies[0];
  body.replaceChildren();
  for (const row of report.leaderboard) {
    const tr = body.insertRow();
    tr.dataset.name = row.name;
    tr.dataset.points = String(row.points);
    tr.dataset.mean = String(row.mean_win_rate);
    tr.insertCell().textContent = String(row.rank);
    const name = tr.insertCell();
    name.className = "spec";
    name.textContent = row.name;
    tr.insertCell().textContent = String(row.points);
    rateCell(tr, row.mean_win_rate);
  }
  const matrix = $("contest-matrix");
  matrix.replaceChildren();
  const head = matrix.createTHead().insertRow();
  head.append(document.createElement("th"));
  report.entries.forEach((_, j) => {
    const th = document.createElement("th");
    th.textContent = String(j + 1);
    th.title = report.entries[j];
    head.append(th);
  });
  const rows = matrix.createTBody();
  report.matrix.forEach((line, i) => {
    const tr = rows.insertRow();
    const th = document.createElement("th");
    th.textContent = `${i + 1}. ${report.entries[i]}`;
    tr.append(th);
    line.forEach((rate, j) => {
      const td = tr.insertCell();
      if (i === j) return;
      const color = palette.win(rate);
      td.style.background = palette.css(color);
      td.style.color = palette.ink(color);
      td.textContent = (100 * rate).toFixed(1);
      td.title = `${report.entries[i]} against ${report.entries[j]}: ${percent(rate)}`;
      td.dataset.rate = String(rate);
    });
  });
}

/** Wire the screen; `onUploaded` lets the other screens offer a new table. */
export function setup(onUploaded) {
  $("cmp-run").addEventListener("click", () => attempt(runEval));
  $("rates-run").addEventListener("click", () => attempt(runRates));
  $("sweep-run").addEventListener("click", () => attempt(runSweep));
  $("contest-run").addEventListener("click", () => attempt(runContest));
  $("upload").addEventListener("change", () => attempt(() => upload(onUploaded)));
  for (const [input, button] of [
    ["cmp-a", "cmp-run"],
    ["cmp-b", "cmp-run"],
    ["rates-vs", "rates-run"],
    ["sweep-grid", "sweep-run"],
    ["sweep-vs", "sweep-run"],
  ]) {
    $(input).addEventListener("keydown", (event) => {
      if (event.key === "Enter") $(button).click();
    });
  }
}
