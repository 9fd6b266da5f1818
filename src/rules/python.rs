//! Rules from a Python file: one `python3` process, in a process group of
//! its own and within a time limit, imports the file and tabulates each of
//! its functions over its finite domain (twice, the second time in reverse,
//! to refuse functions that are not pure); the tables come back in one
//! file and answer [`ScoreRules`] here. Nothing of the file runs after
//! that.
//!
//! What the file defines, all in plain Python (only `zero_dice` is
//! required):
//!
//! - `zero_dice(score, opponent_score)`: the points for rolling zero dice;
//! - `dice_sides(score, opponent_score)`: faces per die this turn (2 to 20,
//!   default 6);
//! - `max_dice(score, opponent_score)`: the most dice a turn rolls (1 to
//!   10, default 10): a choice of more rolls this many (Summer 2016's Hog
//!   Tied);
//! - `rerolled(score, opponent_score)`: whether a die that shows an odd
//!   face is rolled again, once (Fall 2016's Hog Wild; default `False`);
//! - `PIG_OUT`: what a roll with a 1 scores: an integer (default 1), or
//!   `"ones"` for the number of 1s rolled;
//! - `turn_points(points, num_rolls, score, opponent_score)`: the points the
//!   turn finally scores (default `points`);
//! - `after_turn(score, opponent_score)`: both scores, mover first, after the
//!   mover's score became `score` (default unchanged);
//! - `extra_turn(score, opponent_score)`: whether the same player moves
//!   again, after `after_turn` (default `False`);
//! - `GOAL` (default 100; a goal given to hog overrides it);
//! - rules with memory (see [`crate::recall`]): `MEMORY`, the number of
//!   values each player remembers of their own previous turn (1 to 32; 0
//!   before their first), with `remember(num_rolls, points)`, what the mover
//!   remembers after a turn that scored `points` (before the bonus), and
//!   `bonus(num_rolls, memory)`, the extra points for rolling `num_rolls`
//!   while remembering `memory`;
//! - rules with a clock both players share (Time Trot, Perfect Piggy):
//!   `CLOCK`, its number of values (1 to 64; 0 at the start), with
//!   `tick(clock, num_rolls)`, the pair `(next_clock, again)` after a turn
//!   of `num_rolls` dice at `clock`: the clock of the next turn, and whether
//!   the same player moves again; `tick(clock, num_rolls, points)` is also
//!   given the points the turn added to the mover's score (after
//!   `turn_points` and a memory's bonus, before `after_turn`); and
//!   optionally `clock_sides(clock)`, the sides of every die rolled at
//!   `clock` (2 to 20), or `None` for `dice_sides`'s own, and
//!   `minus_one(clock)`: players may roll -1 dice (Pork Chop), a move that
//!   scores the pair's points (1 to 255) and moves the clock to its second
//!   value; `("swap", next_clock)` swaps the two scores instead (the Fall
//!   2015 contest), and `None` says the move is spent at `clock` (-1 rolls
//!   10 dice there).

use std::path::Path;

use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::child::{spawn_python, Prints};
use crate::cleanup::remove_on_interrupt;
use crate::dice::MAX_DICE;
use crate::error::HogError;
use crate::general::{PigOut, Rolls, ScoreRules, MAX_RULES_GOAL, MAX_TURN_POINTS};
use crate::recall::{Clock, MinusOne, PlayerMemory};

/// The program `python3 -c` runs: the drivers' shared helpers, then the
/// rules driver.
const DRIVER: &str = concat!(
    include_str!("../student_file.py"),
    include_str!("python/driver.py")
);

/// A rules file's functions, tabulated.
#[derive(Debug, Clone)]
pub struct PythonRules {
    name: String,
    goal: u32,
    pig_out: PigOut,
    zero_dice: Vec<u32>,
    sides: Option<Vec<u32>>,
    /// `caps[s * goal + o]`: what `max_dice` answers, where it is given.
    caps: Option<Vec<u32>>,
    /// `rerolls[s * goal + o]`: what `rerolled` answers, where it is given.
    rerolls: Option<Vec<bool>>,
    /// `after[o * (goal + 256) + t]`.
    after: Option<Vec<(u32, u32)>>,
    extra: Option<Vec<bool>>,
    turn_points: Option<TurnPoints>,
    memory: Option<PythonMemory>,
    clock: Option<PythonClock>,
    /// A SHA-256 of the driver's whole output: what decides every table.
    digest: [u8; 32],
}

/// `MEMORY`, `remember` and `bonus`, tabulated.
#[derive(Debug, Clone)]
pub struct PythonMemory {
    size: u32,
    /// `[dice * 256 + points]`.
    remember: Vec<u32>,
    /// `[dice * size + memory]`.
    bonus: Vec<u32>,
}

impl PlayerMemory for PythonMemory {
    fn size(&self) -> u32 {
        self.size
    }
    fn bonus(&self, memory: u32, dice: u32) -> u32 {
        self.bonus[(dice * self.size + memory) as usize]
    }
    fn remember(&self, dice: u32, points: u32) -> u32 {
        self.remember[(dice * (MAX_TURN_POINTS + 1) + points) as usize]
    }
    fn name(&self) -> &'static str {
        "MEMORY"
    }
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

/// `CLOCK`, `tick` and `clock_sides`, tabulated.
#[derive(Debug, Clone)]
pub struct PythonClock {
    size: u32,
    /// `[clock * 11 + dice]`, or with `points` `[(clock * 11 + dice) * 256
    /// + points]`: the next clock and whether the mover moves again.
    ticks: Vec<(u32, bool)>,
    /// Whether `tick` takes the points.
    points: bool,
    /// `clock_sides` of each clock, `None` for the rules' own dice.
    sides: Vec<Option<u32>>,
    /// The most sides of those (0 if none).
    most: u32,
    /// `minus_one` of each clock, where the file defines it (`None` where
    /// it is spent).
    minus_one: Option<Vec<Option<MinusOne>>>,
}

impl Clock for PythonClock {
    fn size(&self) -> u32 {
        self.size
    }
    fn tick(&self, clock: u32, dice: u32, points: u32) -> (u32, bool) {
        let at = clock as usize * (MAX_DICE + 1) + dice as usize;
        if self.points {
            self.ticks[at * (MAX_TURN_POINTS as usize + 1) + points as usize]
        } else {
            self.ticks[at]
        }
    }
    fn reads_points(&self) -> bool {
        self.points
    }
    fn dice(&self, clock: u32, own: u32) -> u32 {
        self.sides
            .get(clock as usize)
            .copied()
            .flatten()
            .unwrap_or(own)
    }
    fn minus_one(&self, clock: u32) -> Option<MinusOne> {
        self.minus_one
            .as_ref()?
            .get(clock as usize)
            .copied()
            .flatten()
    }
    fn name(&self) -> String {
        "CLOCK".into()
    }
    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock]
    }
    fn columns(&self) -> &'static [&'static str] {
        &["clock"]
    }
    fn describe(&self, clock: u32) -> String {
        format!("{clock} (of 0 to {})", self.size - 1)
    }
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

/// `turn_points`, as the driver tabulated it.
#[derive(Debug, Clone)]
enum TurnPoints {
    /// Over every raw outcome of every choice at every state.
    PerState(PerState),
    /// A function that never reads the scores (the driver read its
    /// bytecode and checked a sample of states), by number of dice and
    /// points: `[dice * 256 + points]`, `None` where no roll gives them.
    ByPoints(Vec<Option<u32>>),
}

/// `turn_points` over every raw outcome of every choice at every state.
#[derive(Debug, Clone)]
struct PerState {
    values: Vec<u32>,
    /// Where each state's entries start.
    starts: Vec<usize>,
    rolls: Rolls,
}

/// The first line of the driver's output.
#[derive(Deserialize)]
struct Header {
    goal: Option<u32>,
    pig_out: Option<serde_json::Value>,
    tables: Option<Vec<String>>,
    problem: Option<Vec<String>>,
    memory: Option<u32>,
    clock: Option<u32>,
}

impl PythonRules {
    /// Tabulate the rules file at `path`, for `goal` if given (else its own
    /// `GOAL`, else 100), within `timeout`.
    pub fn load(
        path: &Path,
        goal: Option<u32>,
        timeout: Duration,
    ) -> Result<PythonRules, HogError> {
        let file = path.display().to_string();
        let fail = |reason: String| HogError::BadRules(format!("{file}: {reason}"));
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => {}
            Ok(_) => return Err(fail("not a regular file".into())),
            Err(_) => return Err(fail("no such file".into())),
        }
        if let Some(goal) = goal {
            if !(1..=MAX_RULES_GOAL).contains(&goal) {
                return Err(fail(format!(
                    "goal {goal} is outside 1 to {MAX_RULES_GOAL} for rules from Python"
                )));
            }
        }
        let io = |what: &'static str| move |e: std::io::Error| fail(format!("{what}: {e}"));
        let out = tempfile::Builder::new()
            .prefix(".hog-rules-")
            .tempfile()
            .map_err(io("creating the tables file"))?;
        let _remove = remove_on_interrupt(out.path());
        let goal_text = goal.map_or_else(|| "-".to_string(), |g| g.to_string());
        let args = [goal_text.as_ref(), out.path().as_os_str()];
        let (mut child, _) =
            spawn_python(DRIVER, path, &args, Prints::Shown, "rules from Python need")
                .map_err(fail)?;
        let status = child
            .wait_until(Instant::now() + timeout)
            .map_err(io("waiting for python3"))?;
        child.kill();
        let Some(status) = status else {
            return Err(fail(format!(
                "timed out after {} s (raise --python-timeout)",
                timeout.as_secs_f64()
            )));
        };
        let bytes = std::fs::read(out.path()).map_err(io("reading the tables file"))?;
        let Some(newline) = bytes.iter().position(|&b| b == b'\n') else {
            return Err(fail(format!(
                "python3 exited ({status}) before writing its tables"
            )));
        };
        let header: Header = serde_json::from_slice(&bytes[..newline])
            .map_err(|e| fail(format!("unreadable tables ({e})")))?;
        if let Some(problem) = header.problem {
            return Err(fail(describe(&problem)));
        }
        let goal = header
            .goal
            .ok_or_else(|| fail("the tables name no goal".into()))?;
        let pig_out = match header.pig_out {
            Some(serde_json::Value::String(s)) if s == "ones" => PigOut::Ones,
            Some(serde_json::Value::Number(n)) => PigOut::Points(
                n.as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|&n| n <= MAX_TURN_POINTS)
                    .ok_or_else(|| fail(format!("PIG_OUT {n} is out of range")))?,
            ),
            _ => return Err(fail("the tables name no PIG_OUT".into())),
        };
        let mut numbers = bytes[newline + 1..]
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().expect("eight bytes")));
        let n = goal as usize;
        let mut take = |count: usize, what: &str| -> Result<Vec<i64>, HogError> {
            let values: Vec<i64> = numbers.by_ref().take(count).collect();
            if values.len() == count {
                Ok(values)
            } else {
                Err(fail(format!("the {what} table is cut short")))
            }
        };
        let mut rules = PythonRules {
            name: path
                .file_name()
                .map_or_else(|| file.clone(), |f| f.to_string_lossy().into_owned()),
            goal,
            pig_out,
            zero_dice: Vec::new(),
            sides: None,
            caps: None,
            rerolls: None,
            after: None,
            extra: None,
            turn_points: None,
            memory: None,
            clock: None,
            digest: crate::rules::digest_of(&[&bytes]),
        };
        let size = header.memory.unwrap_or(0);
        let (mut remember, mut bonus) = (None, None);
        // The driver checked every range; a number that does not fit here
        // would be its bug, not the file's.
        let small = |v: i64| u32::try_from(v).unwrap_or(u32::MAX);
        for table in header.tables.unwrap_or_default() {
            match table.as_str() {
                "zero_dice" => {
                    rules.zero_dice = take(n * n, &table)?.into_iter().map(small).collect()
                }
                "dice_sides" => {
                    rules.sides = Some(take(n * n, &table)?.into_iter().map(small).collect())
                }
                "after_turn" => {
                    let flat = take(2 * n * (n + MAX_TURN_POINTS as usize + 1), &table)?;
                    let pairs = flat.chunks_exact(2).map(|p| (small(p[0]), small(p[1])));
                    rules.after = Some(pairs.collect());
                }
                "extra_turn" => {
                    rules.extra = Some(take(n * n, &table)?.into_iter().map(|v| v != 0).collect())
                }
                "rerolled" => {
                    rules.rerolls = Some(take(n * n, &table)?.into_iter().map(|v| v != 0).collect())
                }
                "max_dice" => {
                    rules.caps = Some(take(n * n, &table)?.into_iter().map(small).collect())
                }
                "turn_points" => {
                    let layout = PerState::layout(&rules);
                    let count = *layout
                        .starts
                        .last()
                        .expect("one start per state and the end");
                    let values = take(count, &table)?.into_iter().map(small).collect();
                    rules.turn_points = Some(TurnPoints::PerState(PerState { values, ..layout }));
                }
                "turn_points_by_points" => {
                    let count = (MAX_DICE + 1) * (MAX_TURN_POINTS as usize + 1);
                    let values = take(count, &table)?;
                    let values = values.into_iter().map(|v| (v >= 0).then(|| small(v)));
                    rules.turn_points = Some(TurnPoints::ByPoints(values.collect()));
                }
                "remember" => {
                    let count = (MAX_DICE + 1) * (MAX_TURN_POINTS as usize + 1);
                    remember = Some(take(count, &table)?.into_iter().map(small).collect());
                }
                "tick" | "tick_points" => {
                    let size = header.clock.unwrap_or(0);
                    let points = table == "tick_points";
                    let per = if points {
                        MAX_TURN_POINTS as usize + 1
                    } else {
                        1
                    };
                    let flat = take(2 * (MAX_DICE + 1) * size as usize * per, &table)?;
                    let ticks = flat.chunks_exact(2).map(|t| (small(t[0]), t[1] != 0));
                    rules.clock = Some(PythonClock {
                        size,
                        ticks: ticks.collect(),
                        points,
                        sides: vec![None; size as usize],
                        most: 0,
                        minus_one: None,
                    });
                }
                "minus_one" => {
                    let size = header.clock.unwrap_or(0) as usize;
                    let pairs = take(2 * size, &table)?;
                    let clock = rules
                        .clock
                        .as_mut()
                        .ok_or_else(|| fail("minus_one came before tick".into()))?;
                    // 0 points: a swap of the scores; -1: spent here.
                    let moves = pairs.chunks_exact(2).map(|p| match p[0] {
                        -1 => None,
                        0 => Some(MinusOne {
                            points: 0,
                            next: small(p[1]),
                            swaps: true,
                        }),
                        points => Some(MinusOne::scoring(small(points), small(p[1]))),
                    });
                    clock.minus_one = Some(moves.collect());
                }
                "clock_sides" => {
                    let size = header.clock.unwrap_or(0) as usize;
                    let sides = take(size, &table)?;
                    let clock = rules
                        .clock
                        .as_mut()
                        .ok_or_else(|| fail("clock_sides came before tick".into()))?;
                    clock.sides = sides
                        .into_iter()
                        .map(|v| (v != 0).then(|| small(v)))
                        .collect();
                    clock.most = clock.sides.iter().flatten().copied().max().unwrap_or(0);
                }
                "bonus" => {
                    let count = (MAX_DICE + 1) * size as usize;
                    bonus = Some(take(count, &table)?.into_iter().map(small).collect());
                }
                other => return Err(fail(format!("unknown table {other}"))),
            }
        }
        rules.memory = match (remember, bonus) {
            (Some(remember), Some(bonus)) => Some(PythonMemory {
                size,
                remember,
                bonus,
            }),
            (None, None) => None,
            _ => return Err(fail("the tables have half a memory".into())),
        };
        if rules.zero_dice.len() != n * n {
            return Err(fail("the tables have no zero_dice".into()));
        }
        Ok(rules)
    }

    /// The file's clock (`CLOCK`, `tick`), if it has one.
    pub fn clock(&self) -> Option<&PythonClock> {
        self.clock.as_ref()
    }

    /// The file's name, as rules captions show it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file's memory (`MEMORY`, `remember`, `bonus`), if it has one.
    pub fn memory(&self) -> Option<&PythonMemory> {
        self.memory.as_ref()
    }

    /// The sides whose points `turn_points` was asked at `(score,
    /// opponent)`: the state's own, or a clock's dice where they have
    /// more (their points include those of every die with fewer).
    fn asked_sides(&self, score: u32, opponent: u32) -> u32 {
        let most = self.clock.as_ref().map_or(0, |c| c.most);
        self.dice_sides(score, opponent).max(most)
    }
}

impl PerState {
    /// Where each state's raw outcomes start: zero dice's one, then each
    /// count's distinct points, as the driver lists them.
    fn layout(rules: &PythonRules) -> PerState {
        let n = rules.goal;
        let sides = || (0..n).flat_map(move |s| (0..n).map(move |o| rules.asked_sides(s, o)));
        let rolls = Rolls::new(sides(), rules.pig_out);
        let mut starts = vec![0];
        for m in sides() {
            starts.push(starts.last().expect("a start") + rolls.per_state(m));
        }
        PerState {
            values: Vec::new(),
            starts,
            rolls,
        }
    }
}

impl ScoreRules for PythonRules {
    fn goal(&self) -> u32 {
        self.goal
    }

    fn zero_dice(&self, score: u32, opponent: u32) -> u32 {
        self.zero_dice[(score * self.goal + opponent) as usize]
    }

    fn dice_sides(&self, score: u32, opponent: u32) -> u32 {
        self.sides
            .as_ref()
            .map_or(6, |sides| sides[(score * self.goal + opponent) as usize])
    }

    fn rerolled(&self, score: u32, opponent: u32) -> bool {
        (self.rerolls.as_ref())
            .is_some_and(|rerolls| rerolls[(score * self.goal + opponent) as usize])
    }

    fn max_dice(&self, score: u32, opponent: u32) -> u32 {
        self.caps.as_ref().map_or(MAX_DICE as u32, |caps| {
            caps[(score * self.goal + opponent) as usize]
        })
    }

    fn pig_out(&self) -> PigOut {
        self.pig_out
    }

    fn has_turn_points(&self) -> bool {
        self.turn_points.is_some()
    }

    fn turn_points(&self, points: u32, dice: u32, score: u32, opponent: u32) -> u32 {
        let table = match &self.turn_points {
            None => return points,
            Some(TurnPoints::ByPoints(table)) => {
                let at = dice as usize * (MAX_TURN_POINTS as usize + 1) + points as usize;
                // Only outcomes of a roll were asked about.
                return table.get(at).copied().flatten().unwrap_or(points);
            }
            Some(TurnPoints::PerState(table)) => table,
        };
        let at = (score * self.goal + opponent) as usize;
        let m = self.asked_sides(score, opponent);
        let mut index = table.starts[at] + table.rolls.first(m, dice);
        if dice > 0 {
            match table
                .rolls
                .get(m, dice)
                .binary_search_by_key(&points, |&(p, _)| p)
            {
                Ok(i) => index += i,
                // Only outcomes of the roll are asked about.
                Err(_) => return points,
            }
        }
        table.values[index]
    }

    fn after_turn(&self, score: u32, opponent: u32) -> (u32, u32) {
        let width = self.goal + MAX_TURN_POINTS + 1;
        match &self.after {
            Some(after) if score < width && opponent < self.goal => {
                after[(opponent * width + score) as usize]
            }
            _ => (score, opponent),
        }
    }

    fn extra_turn(&self, score: u32, opponent: u32) -> bool {
        match &self.extra {
            Some(extra) if score < self.goal && opponent < self.goal => {
                extra[(score * self.goal + opponent) as usize]
            }
            _ => false,
        }
    }

    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "python tables {}", crate::rules::hex(&self.digest)).is_ok()
    }
}

/// The driver's problem report as one line.
fn describe(problem: &[String]) -> String {
    let word = |i: usize| problem.get(i).map_or("", String::as_str);
    match word(0) {
        "IMPORT" => format!("importing it failed: {}", word(1)),
        "MISSING" => format!("it defines no {} function (it is required)", word(1)),
        "NOT_CALLABLE" => format!("{} is a {}, not a function", word(1), word(2)),
        "RAISED" => format!("{} raised {}", word(1), word(2)),
        "TYPE" | "SHAPE" => format!("{} returned {}, not {}", word(1), word(2), word(3)),
        "RANGE" => format!("{} returned {}, outside {}", word(1), word(2), word(3)),
        "CHANGED" => format!(
            "{} returned {} and then {}: rules must be pure functions of their arguments",
            word(1),
            word(2),
            word(3)
        ),
        "PIG_OUT" => format!("PIG_OUT is {}: an integer or \"ones\"", word(1)),
        "NO_MEMORY" => format!(
            "it defines {} but no MEMORY (how many values a player remembers)",
            word(1)
        ),
        "NO_CLOCK" => format!(
            "it defines {} but no CLOCK (how many values the shared clock takes)",
            word(1)
        ),
        _ => problem.join(" "),
    }
}

#[cfg(test)]
mod tests;
