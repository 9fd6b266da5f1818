// The Play screen: the course's game against a strategy or a second
// person, replayed by the server from the seed and the moves so far, with
// each player's exact chance of winning after every turn.

import { attempt, busy, get, moves, pause, percent, percentLabel, scaleTop, showError } from "./api.js";
import * as dice from "./dice.js";

const $ = (id) => document.getElementById(id);

const game = {
  seed: 0,
  vs: "optimal",
  first: "you",
  moves: [],
  report: null,
  shown: 0,
  history: [],
  chosen: 4,
  // Under `hog serve --student`: the game through the student's hog.py.
  student: null,
  // Bumped by every new game, so an animation of the old one stops.
  generation: 0,
  // Under `hog serve --student`: the file, the rules it is checked under,
  // and whether the page's rules are those (from /api/strategies).
  checker: null,
  // Whether the student's replay of the game on screen is still to come.
  awaiting: false,
};

// A roll's whole animation, the person's dice and the bot's reply, takes
// at most ROLL_MS: each turn's dice tumble for at most TUMBLE_MS, and the
// winner's banner, when the game ends, fades in for BANNER_MS of it.
const ROLL_MS = 480;
const TUMBLE_MS = 240;
const BANNER_MS = 150;

// What the page's address keeps is told of every change of the game.
let gameChanged = () => {};

/** A fresh seed: random, below 2^53 so that JavaScript keeps it exact. */
function randomSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (words[0] % 2 ** 21) * 2 ** 32 + words[1];
}

function againstPerson() {
  return game.vs === "person";
}

// Between two people the players' names (neither is "you").
const PLAYERS = { you: "Player 1", opponent: "Player 2" };

/** What the page calls each side. */
function names() {
  if (againstPerson()) return PLAYERS;
  if (game.vs === "optimal") return { you: "You", opponent: "Optimal" };
  const option = $("opponent").selectedOptions[0];
  return { you: "You", opponent: option && option.value === game.vs ? option.textContent : game.vs };
}

/**
 * "Who starts" and the chart say who is who: "you" and "the opponent"
 * against a bot, the players' names between two people (neither is "you").
 */
function labelSides() {
  const side = names();
  const person = againstPerson();
  const [you, opponent] = $("first").options;
  you.textContent = person ? side.you : "you";
  opponent.textContent = person ? side.opponent : "the opponent";
  // The chart follows the first card's chance.
  $("history-title").textContent = `${person ? `${side.you}'s` : "Your"} chance, turn by turn`;
}

/** What the rules did in a turn: each event's own sentence, as the rules write it. */
function describe(turn) {
  return turn.events.map((e) => e.text).join(" ");
}

/** The dice a turn rolled: the count chosen, unless the rules capped it or a spent -1 rolled others. */
function diceRolled(turn) {
  const capped = turn.events.find((e) => e.rule === "capped");
  if (capped) return capped.rolled;
  const spent = turn.events.find((e) => e.rule === "spent_minus_one");
  return spent ? spent.dice : turn.dice;
}

/** One line of the game log. */
function logLine(turn, who) {
  const count = diceRolled(turn);
  const faces = `${count} ${count === 1 ? "die" : "dice"} (${turn.rolls.join(" ")})`;
  const rolled =
    turn.dice === 0
      ? "rolled no dice"
      : turn.dice === -1
        ? turn.rolls.length > 0
          ? `rolled -1 dice, so ${faces}`
          : "rolled -1 dice"
        : `rolled ${faces}`;
  const rules = describe(turn);
  const scores = `${turn.before[0]} → ${turn.after[0]}`;
  return `${who} ${rolled}: +${turn.points}, ${scores}${rules ? `. ${rules}` : ""}`;
}

/** Scores of (you, opponent) after a turn. */
function scoresAfter(turn) {
  return turn.player === "you"
    ? { you: turn.after[0], opponent: turn.after[1] }
    : { you: turn.after[1], opponent: turn.after[0] };
}

function setScores(scores) {
  $("score-you").textContent = scores.you;
  $("score-opponent").textContent = scores.opponent;
  // Each track fills toward its own player's goal.
  const goals = game.goals || { you: 100, opponent: 100 };
  $("track-you").style.width = `${Math.min(100, (100 * scores.you) / goals.you)}%`;
  $("track-opponent").style.width = `${Math.min(100, (100 * scores.opponent) / goals.opponent)}%`;
}

function setMover(player) {
  for (const side of ["you", "opponent"]) {
    $(`card-${side}`).classList.toggle("to-move", side === player);
  }
}

/**
 * The student's side of log row `item` (turn `index`, 0-based): their
 * scores after the turn beside the rules', and on the turn where their
 * game first differs, the mark and the reason. Their file's words are
 * text, never markup.
 */
function studentRow(item, turn, index, student) {
  for (const old of item.querySelectorAll(".student-line, .student-why")) old.remove();
  const differs = student && student.differs;
  const first = !!differs && differs.turn === index + 1;
  item.classList.toggle("first-difference", first);
  // A file that stopped says nothing of the turns after what it said
  // before; turns its replay has yet to reach wait for it.
  if (!student || ((student.error || game.awaiting) && index >= student.scores.length)) return;
  const side = names();
  const rules = scoresAfter(turn);
  const theirs = student.scores[index] || null;
  const line = document.createElement("span");
  line.className = "student-line";
  const label = document.createElement("span");
  label.className = "student-label";
  label.textContent = `your ${student.file}:`;
  line.append(label, " ");
  if (!theirs) {
    line.dataset.you = "";
    line.dataset.opponent = "";
    line.append("did not play this turn");
    line.classList.add("off");
    item.append(line);
    return;
  }
  line.dataset.you = String(theirs.you);
  line.dataset.opponent = String(theirs.opponent);
  let same = true;
  ["you", "opponent"].forEach((who, i) => {
    if (i > 0) line.append(", ");
    line.append(`${side[who]} `);
    const score = document.createElement("b");
    score.textContent = String(theirs[who]);
    line.append(score);
    if (theirs[who] !== rules[who]) {
      same = false;
      score.className = "off";
      const ruled = document.createElement("span");
      ruled.className = "ruled";
      ruled.textContent = ` (rules ${rules[who]})`;
      line.append(ruled);
    }
  });
  const verdict = document.createElement("span");
  verdict.className = `verdict ${same ? "same" : "differs"}`;
  verdict.textContent = same ? "same" : "differs";
  line.append(" ", verdict);
  line.classList.toggle("off", !same);
  item.append(line);
  if (first) {
    const why = document.createElement("span");
    why.className = "student-why";
    why.textContent = `First difference: ${differs.message}`;
    item.append(why);
  }
}

/**
 * What the page says of the student's game after an answer: the answer's,
 * but once their file stops (it hung, say) what it said of this game
 * before still stands.
 */
function studentGame(before, answer) {
  if (!answer || !answer.error || !before) return answer || null;
  return { ...before, error: answer.error, printed: answer.printed || before.printed };
}

/**
 * The panel over the board: that the game is replayed through the
 * student's file, and once `shown` turns are on screen, where it first
 * differs; why it stopped; what it printed.
 */
function renderStudent(student, shown) {
  // Until the student's replay comes, the panel says what it said.
  if (game.awaiting) return;
  const checker = game.checker;
  // Under rules the file is not checked under, the panel says why it is silent.
  const off = !!checker && !checker.checked;
  $("student").hidden = !student && !off;
  $("student").classList.toggle("off", off);
  $("student-head-text").hidden = off;
  $("student-off").hidden = !off;
  $("student-off").textContent = off
    ? `Your ${checker.file} is checked under ${checker.rules} at goal ${checker.goal}; ` +
      `these rules are ${checker.now.rules} at goal ${checker.now.goal}: the debugger is off. ` +
      `Choose ${checker.rules} at goal ${checker.goal} to turn it on again.`
    : "";
  if (!student) {
    for (const id of ["student-agrees", "student-differs", "student-error", "student-printed"]) $(id).hidden = true;
    return;
  }
  $("student-head-text").textContent =
    `Every turn is replayed through your ${student.file}: its scores are in the log. The odds are hog's.`;
  const differs = student.differs && student.differs.turn <= shown ? student.differs : null;
  // Silence is no verdict: a file that agrees hears so.
  $("student-agrees").hidden = !(shown > 0 && !differs && !student.error);
  $("student-agrees").textContent = "Every turn so far agrees with the rules.";
  $("student-differs").hidden = !differs;
  if (differs) {
    $("student-differs-title").textContent =
      differs.turn === 0
        ? `Your ${student.file} first differs before the first turn:`
        : `Your ${student.file} first differs in turn ${differs.turn}:`;
    $("student-differs-message").textContent = differs.message;
    $("student-show").hidden = differs.turn === 0;
    $("student-show").textContent = `Show turn ${differs.turn} in the log`;
    $("student-differs").dataset.turn = String(differs.turn);
  } else {
    $("student-differs-title").textContent = "";
    $("student-differs-message").textContent = "";
    delete $("student-differs").dataset.turn;
  }
  $("student-error").hidden = !student.error;
  $("student-error").textContent = student.error
    ? `Your ${student.file} stopped: ${student.error}; the game goes on without it.`
    : "";
  $("student-printed").hidden = !student.printed;
  $("student-printed-label").textContent = student.printed ? `Your ${student.file} printed: ` : "";
  $("student-printed-line").textContent = student.printed || "";
}

/** Bring the row of the first difference into view, and flash it. */
function showDifference() {
  const row = $("log").querySelector("li.first-difference");
  if (!row) return;
  const log = $("log");
  const offset = row.getBoundingClientRect().top - log.getBoundingClientRect().top;
  log.scrollTop += offset - Math.max(0, (log.clientHeight - row.offsetHeight) / 2);
  // The page scrolls too where the log is out of sight (on a phone, below the board).
  const box = row.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) row.scrollIntoView({ block: "center" });
  row.classList.remove("flash");
  // Restart the animation.
  void row.offsetWidth;
  row.classList.add("flash");
}

/**
 * Show one turn: its dice (tumbling for `ms`), what it scored, the scores,
 * the log. A person's turn clears the table; the bot's reply joins it, so
 * that both rolls of a roll stay in sight.
 */
async function showTurn(turn, ms, generation) {
  const who = names()[turn.player];
  setMover(turn.player);
  const table = $("dice-faces");
  if (turn.player === "you" || againstPerson() || table.childElementCount === 0) {
    table.replaceChildren();
    $("rule-line").replaceChildren();
  }
  const throwBox = document.createElement("div");
  throwBox.className = `throw ${turn.player}`;
  const label = document.createElement("span");
  label.className = "throw-who";
  label.textContent = who;
  const faces = document.createElement("div");
  faces.className = "faces";
  throwBox.append(label, faces);
  table.append(throwBox);
  const line = document.createElement("span");
  line.className = `said ${turn.player}`;
  line.textContent = `${who} ${turn.dice === 0 ? "rolls no dice" : `rolls ${diceRolled(turn)}`}…`;
  $("rule-line").append(line);
  if (turn.dice <= 0) {
    faces.textContent = turn.dice === 0 ? "no dice" : "-1 dice";
    faces.classList.add("none");
  } else {
    await dice.roll(faces, turn.rolls, turn.sides, ms);
  }
  if (generation !== game.generation) return;
  setScores(scoresAfter(turn));
  const rules = describe(turn);
  const sum = turn.dice <= 0 ? "" : ` (${turn.rolls.join(" + ")})`;
  // The faces add up to the points unless a 1 or turn_points changed them.
  const changed = turn.events.some((e) => ["sow_sad", "pig_out", "turn_points"].includes(e.rule));
  line.textContent = `${who} scored ${turn.points}${changed ? "" : sum}. `;
  if (rules) {
    // The rule that fired stands out, without looking like an error.
    const chip = document.createElement("span");
    chip.className = "rule";
    chip.textContent = rules;
    line.append(chip);
  }
  const item = document.createElement("li");
  item.className = turn.player;
  item.dataset.turn = String(game.shown + 1);
  const text = document.createElement("span");
  text.className = "turn-text";
  text.textContent = logLine(turn, who);
  item.append(text);
  studentRow(item, turn, game.shown, game.student);
  $("log").append(item);
  renderStudent(game.student, game.shown + 1);
  // Scroll the log, not the page.
  const log = $("log");
  log.scrollTop = log.scrollHeight;
}

/** Everything that follows from the latest report. */
function render(report) {
  const side = names();
  labelSides();
  $("name-you").textContent = side.you;
  $("name-opponent").textContent = side.opponent;
  $("seed").value = String(report.seed);
  const p = report.win_probability;
  for (const who of ["you", "opponent"]) {
    const node = $(`prob-${who}`);
    node.dataset.value = String(p[who]);
    node.textContent = percent(p[who]);
  }
  $("split-you").style.width = `${100 * p.you}%`;
  setMover(report.to_move);
  const over = report.winner !== null;
  $("to-move").textContent = over
    ? "Game over"
    : `${side[report.to_move]} to move`;
  // Under rules with memory or a clock: what each player remembers, the
  // clock, while there is a turn to play.
  const context = $("context-line");
  context.hidden = !report.context || over;
  context.textContent = report.context && !over ? report.context.text : "";
  const banner = $("winner");
  banner.hidden = !over;
  if (over) {
    banner.dataset.winner = report.winner;
    const winnerName = side[report.winner];
    $("winner-text").textContent =
      report.winner === "tie" ? "A tie" : winnerName === "You" ? "You win!" : `${winnerName} wins`;
    // Each player's own goal, where the rules give them different ones.
    const goals = report.goals.you === report.goals.opponent ? "" : ` (${goalWords(report)})`;
    $("winner-score").textContent = `${report.scores.you} – ${report.scores.opponent}${goals}`;
  } else {
    delete banner.dataset.winner;
  }
  const canRoll = !over && (report.to_move === "you" || againstPerson()) && $("confirm-new").hidden;
  $("roll").disabled = !canRoll;
  renderHints(report);
  renderHistory();
  // Each answer replays the whole game through the student's file: every
  // row says what this one says.
  const rows = $("log").children;
  report.turns.forEach((turn, index) => {
    if (rows[index]) studentRow(rows[index], turn, index, game.student);
  });
  renderStudent(game.student, report.turns.length);
}

/** The hint table: every dice count's exact win probability here. */
function renderHints(report) {
  const body = $("hint-table").tBodies[0];
  body.replaceChildren();
  const choices = report.choices;
  const mover = names()[report.to_move];
  $("hint-note").textContent = choices
    ? `${mover === "You" ? "Your" : `${mover}'s`} chance to win with each dice count, playing perfectly from then on:`
    : "No move to make.";
  $("hint-table").hidden = !choices;
  if (!choices) return;
  const best = Math.max(...choices);
  // Bars from zero, so that their lengths compare as the chances do; the
  // header names the scale (the "vs best" column tells small differences).
  const top = scaleTop(best);
  $("hint-table").dataset.top = String(top);
  $("hint-table").tHead.rows[0].cells[2].textContent = `0–${percentLabel(top)}`;
  // The rules' moves, in the order of the choices' values (-1 last where they have it).
  const labels = moves().map((m) => m.dice);
  choices.forEach((value, j) => {
    const count = labels[j];
    const row = body.insertRow();
    row.dataset.dice = String(count);
    row.dataset.value = String(value);
    if (count === report.advice) row.classList.add("best");
    row.insertCell().textContent = String(count);
    const cell = row.insertCell();
    cell.textContent = percent(value);
    const barCell = row.insertCell();
    const track = document.createElement("div");
    track.className = "hint-track";
    const bar = document.createElement("div");
    bar.className = "hint-bar";
    bar.style.width = `${(100 * value) / top}%`;
    track.append(bar);
    barCell.append(track);
    row.insertCell().textContent =
      count === report.advice ? "best" : `−${(100 * (best - value)).toFixed(2)} pp`;
    row.addEventListener("click", () => choose(count));
  });
}

/** The chance of winning after each decision, as a small line. */
function renderHistory() {
  const svg = $("history");
  const points = game.history;
  const width = 300;
  const height = 48;
  const step = points.length > 1 ? width / (points.length - 1) : width;
  const path = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)},${(height - p * height).toFixed(1)}`)
    .join(" ");
  svg.querySelector("path.line").setAttribute("d", path);
}

/** Select a move: one of the rules' (0 to 10, and -1 where they have it). */
export function choose(count) {
  const counts = moves().map((m) => m.dice);
  const low = counts.length ? Math.min(...counts) : 0;
  const high = counts.length ? Math.max(...counts) : 10;
  game.chosen = Math.max(low, Math.min(high, count));
  for (const button of $("dice").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.dice) === game.chosen));
  }
}

/** Ask the server for the game so far plus `moves`. */
function fetchGame(moves, student = true) {
  return get("/api/game", {
    seed: String(game.seed),
    vs: game.vs,
    first: game.first,
    moves: moves.join(","),
    student: student ? undefined : "no",
  });
}

/**
 * The game so far plus `moves`: hog's answer, and under `hog serve
 * --student` a promise of the student's replay (a Python process) asked
 * for beside it, so that hog's answer shows without waiting for Python.
 */
function fetchBoth(moves) {
  if (!game.checker || !game.checker.checked) return [fetchGame(moves), null];
  const replay = fetchGame(moves).then((report) => report.student || null);
  // Whoever awaits it hears of its failure; a game dropped before does not.
  replay.catch(() => {});
  return [fetchGame(moves, false), replay];
}

/**
 * The student's replay of `report`'s game arrived: the rows on screen
 * and the panel say it. A failure is the banner's.
 */
function whenReplayed(replay, report, generation) {
  if (!replay) return Promise.resolve();
  return replay.then(
    (student) => {
      if (generation !== game.generation) return;
      game.awaiting = false;
      game.student = studentGame(game.student, student);
      const rows = $("log").children;
      report.turns.forEach((turn, index) => {
        if (rows[index]) studentRow(rows[index], turn, index, game.student);
      });
      renderStudent(game.student, game.shown);
    },
    (error) => {
      if (generation === game.generation) game.awaiting = false;
      throw error;
    },
  );
}

/** Whether the person asked their system for less motion: no dice tumbling, no pauses. */
function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * How long each of `count` turns' dice tumble so that the whole roll, the
 * banner of a game that ends with it included, takes at most ROLL_MS.
 */
function tumbleMs(count, over) {
  const room = ROLL_MS - (over ? BANNER_MS : 0);
  return Math.min(TUMBLE_MS, Math.floor(room / count / dice.FRAME_MS) * dice.FRAME_MS);
}

/**
 * Show the turns of `report` not on screen yet: their dice tumble briefly,
 * or (`quick`: a roll by the keyboard, a replay, reduced motion) not at all.
 */
async function catchUp(report, quick) {
  const generation = game.generation;
  game.goals = report.goals;
  // A new game (nothing shown yet) starts from its own answer; a replay
  // asked for apart comes by whenReplayed.
  if (report.student !== undefined) {
    game.student = studentGame(game.shown > 0 ? game.student : null, report.student);
  }
  renderStudent(game.student, game.shown);
  const turns = report.turns.slice(game.shown);
  const over = report.winner !== null;
  const rolled = turns.filter((turn) => turn.dice > 0).length;
  const ms = quick || rolled === 0 ? 0 : tumbleMs(rolled, over);
  for (const turn of turns) {
    if (generation !== game.generation) return;
    await showTurn(turn, ms, generation);
    game.shown += 1;
  }
  if (generation !== game.generation) return;
  game.report = report;
  game.history.push(report.win_probability.you);
  $("winner").classList.toggle("instant", quick);
  render(report);
  // The victory banner fades in; the page is busy until it has.
  if (over && !quick) await pause(BANNER_MS);
}

/** Whether a new game would throw away moves the person made. */
function underWay() {
  return game.report !== null && game.report.winner === null && game.moves.length > 0;
}

/**
 * The opponent or who starts changed: a new game, but first ask (on the
 * page, where the person and the test can answer) when it would end one
 * under way; declining puts the menus back.
 */
function settingsChanged() {
  if (!underWay()) {
    start();
    return;
  }
  // Said as the new game would say it: between two people they are players.
  const person = $("opponent").value === "person";
  const option = $("opponent").selectedOptions[0];
  const against = person ? "between two people" : `against ${option ? option.textContent : $("opponent").value}`;
  const first = $("first").value;
  const who = person ? PLAYERS[first] : first === "you" ? "you" : "the opponent";
  const turns = game.report.turns.length;
  $("confirm-text").textContent =
    `Start a new game ${against}, ${who} moving first? ` +
    `This game (${turns} ${turns === 1 ? "turn" : "turns"} so far) will be lost.`;
  $("confirm-new").hidden = false;
  $("roll").disabled = true;
  $("confirm-no").focus();
}

/** The person keeps the game: the menus go back to it, the roll is theirs again. */
function keepGame() {
  $("confirm-new").hidden = true;
  $("opponent").value = game.vs;
  $("first").value = game.first;
  if (game.report) render(game.report);
}

/**
 * Begin the game `next` (seed, opponent, who moves first) with `moves`
 * made: the server replays it; the table shows its last roll.
 */
async function begin(next, moves) {
  const saved = { seed: game.seed, vs: game.vs, first: game.first };
  Object.assign(game, next);
  const [answer, replay] = fetchBoth(moves);
  let report;
  try {
    report = await answer;
  } catch (error) {
    Object.assign(game, saved);
    throw error;
  }
  // The chart of a game replayed from the address: the chance before
  // each of its rolls, as it was drawn while they were made.
  const history = [];
  for (let made = 0; made < moves.length; made += 1) {
    history.push((await fetchGame(moves.slice(0, made), false)).win_probability.you);
  }
  Object.assign(game, { moves, shown: 0, history, report: null });
  game.generation += 1;
  // The panel keeps the last game's words until the student's replay of this one comes.
  Object.assign(game, { student: null, awaiting: !!replay });
  const replayed = whenReplayed(replay, report, game.generation);
  gameChanged();
  $("log").replaceChildren();
  $("dice-faces").replaceChildren();
  $("rule-line").textContent =
    next.first === "you" || againstPerson() ? `Choose how many dice to roll, then Roll. ${goalWords(report)}.` : "";
  setScores({ you: 0, opponent: 0 });
  // A game replayed from the address shows where it was, at once.
  await catchUp(report, moves.length > 0 || reducedMotion());
  await replayed;
}

/** Start a game with `seed` (a fresh one when absent). */
export function start(seed) {
  // Any new game answers the question.
  $("confirm-new").hidden = true;
  return attempt(() =>
    busy(() =>
      begin(
        {
          seed: seed === undefined ? randomSeed() : seed,
          vs: $("opponent").value || "optimal",
          first: $("first").value,
        },
        [],
      ),
    ),
  );
}

/** The game as the page's address keeps it (none before the first). */
export function address() {
  if (game.generation === 0) return null;
  return { seed: String(game.seed), vs: game.vs, first: game.first, moves: game.moves.join(",") };
}

/**
 * The game the page's address names (after a reload, say), replayed; if
 * the server refuses it (a table uploaded before it restarted), a new
 * game, and the banner says why.
 */
export async function resume(saved) {
  $("confirm-new").hidden = true;
  let refused = null;
  await busy(async () => {
    try {
      const seed = saved.seed.trim();
      if (!/^\d{1,16}$/.test(seed) || Number(seed) > Number.MAX_SAFE_INTEGER) {
        throw new Error(`the seed is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
      }
      const moves = saved.moves ? saved.moves.split(",").map(Number) : [];
      if (moves.some((m) => !Number.isInteger(m))) throw new Error("the moves are dice counts");
      const first = saved.first === "opponent" ? "opponent" : "you";
      const vs = saved.vs || "optimal";
      // The menus say the game's opponent and who moved first.
      if ([...$("opponent").options].some((o) => o.value === vs)) $("opponent").value = vs;
      $("first").value = first;
      await begin({ seed: Number(seed), vs, first }, moves);
    } catch (error) {
      refused = error;
    }
  });
  if (!refused) return;
  await start();
  showError(new Error(`The game in the address could not be replayed (${refused.message || refused}); this is a new game.`));
}

/** The student's file and the rules it is checked under (null: none), under the rules `now`. */
export function checker(student, now) {
  game.checker = student ? { ...student, now } : null;
  if (!student || !student.checked) Object.assign(game, { student: null, awaiting: false });
  renderStudent(game.student, game.shown);
}

/** Roll the chosen dice for the player to move; `byKey`: at once, no tumble. */
export function roll(byKey = false) {
  const report = game.report;
  if (!report || report.winner !== null || document.body.dataset.busy === "1") return undefined;
  if (report.to_move !== "you" && !againstPerson()) return undefined;
  if (!$("confirm-new").hidden) return undefined;
  const moves = [...game.moves, game.chosen];
  const generation = game.generation;
  return attempt(() =>
    busy(async () => {
      const [answer, replay] = fetchBoth(moves);
      const next = await answer;
      if (generation !== game.generation) return;
      game.moves = moves;
      game.awaiting = !!replay;
      const replayed = whenReplayed(replay, next, generation);
      gameChanged();
      await catchUp(next, byKey || reducedMotion());
      await replayed;
    }),
  );
}

/** The seed typed into the seed box, or an error naming it. */
function typedSeed() {
  const text = $("seed").value.trim();
  if (!/^\d{1,16}$/.test(text) || Number(text) > Number.MAX_SAFE_INTEGER) {
    throw new Error(`the seed is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, not '${text.slice(0, 40)}'`);
  }
  return Number(text);
}

// Inputs that take no digits, arrows or Enter themselves.
const KEYLESS = ["checkbox", "button", "submit", "reset"];

/** Whether the element with the focus uses the keys: text, numbers, menus. */
function takesKeys(target) {
  if (target instanceof HTMLInputElement) return !KEYLESS.includes(target.type);
  return (
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** Keys: digits choose the dice (1 then 0 quickly is 10), Enter rolls. */
function onKey(event) {
  if ($("screen-play").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (takesKeys(target)) return;
  if (/^[0-9]$/.test(event.key)) {
    const digit = Number(event.key);
    const now = Date.now();
    const ten = digit === 0 && game.chosen === 1 && now - (game.lastDigit || 0) < 700;
    choose(ten ? 10 : digit);
    game.lastDigit = now;
    event.preventDefault();
  } else if (event.key === "Enter" && (!(target instanceof HTMLButtonElement) || target.parentElement === $("dice"))) {
    roll(true);
    event.preventDefault();
  } else if (event.key === "ArrowUp" || event.key === "+") {
    choose(game.chosen + 1);
    event.preventDefault();
  } else if (event.key === "ArrowDown" || event.key === "-") {
    choose(game.chosen - 1);
    event.preventDefault();
  }
}

/**
 * Each player's goal in words: "First to 100 wins", or where the rules
 * give each their own, "You win at 30, Optimal at 40".
 */
function goalWords(report) {
  const { you, opponent } = report.goals;
  if (you === opponent) return `First to ${you} wins`;
  const side = names();
  const yours = side.you === "You" ? "You win" : `${side.you} wins`;
  return `${yours} at ${you}, ${side.opponent} at ${opponent}`;
}

/**
 * The dice picker: a button for each of the rules' moves (-1 first, where
 * they have it), each titled with what it does.
 */
export function pickMoves() {
  const picker = $("dice");
  const ordered = [...moves()].sort((a, b) => a.dice - b.dice);
  picker.replaceChildren(
    ...ordered.map((m) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.dice = String(m.dice);
      button.textContent = String(m.dice);
      button.title = m.text;
      button.addEventListener("click", () => choose(m.dice));
      return button;
    }),
  );
  choose(game.chosen);
}

/** Wire the screen's controls; the first game starts when the rules are known. */
export function setup(onChange) {
  gameChanged = onChange;
  // A click by Enter or Space (no pointer: detail 0) is a roll by the keyboard.
  $("roll").addEventListener("click", (event) => roll(event.detail === 0));
  $("restart").addEventListener("click", () => start());
  $("replay").addEventListener("click", () => {
    let seed;
    try {
      seed = typedSeed();
    } catch (error) {
      showError(error);
      return;
    }
    start(seed);
  });
  $("seed").addEventListener("keydown", (event) => {
    if (event.key === "Enter") $("replay").click();
  });
  $("opponent").addEventListener("change", () => settingsChanged());
  $("first").addEventListener("change", () => settingsChanged());
  $("confirm-yes").addEventListener("click", () => start());
  $("confirm-no").addEventListener("click", () => keepGame());
  $("winner-again").addEventListener("click", () => start());
  $("student-show").addEventListener("click", () => showDifference());
  $("hints").addEventListener("change", () => {
    $("hint-panel").hidden = !$("hints").checked;
  });
  document.addEventListener("keydown", onKey);
}
