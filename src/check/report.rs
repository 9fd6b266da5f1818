//! What a check found, function by function, and its words.

use std::path::Path;

use serde::Serialize;
use serde_json::{json, Value};

use super::inputs::Plan;
use super::inputs::{Check, Expected};
use crate::report::RulesHeader;
use crate::rules::Rules;

/// One function's verdict.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Every input gave the rules' answer.
    Agrees,
    /// Some inputs gave another answer.
    Differs {
        /// How many.
        count: usize,
    },
    /// It raised on an input.
    Raised {
        /// The call.
        input: String,
        /// The exception's last line.
        error: String,
    },
    /// It had not returned after its time.
    Slow {
        /// The call under way.
        input: String,
        /// The time it had.
        seconds: f64,
    },
    /// Its answers agree, but it prints (the course's tests compare what
    /// is printed: a print left in fails them).
    Prints {
        /// The first call that printed.
        input: String,
    },
    /// The file does not define it (a project partly done is normal).
    Missing,
}

/// One input that gave another answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    /// The call.
    pub input: String,
    /// What the rules say.
    pub expected: String,
    /// What the student's function gave.
    pub got: String,
}

impl Mismatch {
    /// "roll_dice(2, make_test_dice(1, 6)) should be 1, yours gives 7".
    pub fn sentence(&self) -> String {
        format!(
            "{} should be {}, yours gives {}",
            self.input, self.expected, self.got
        )
    }
}

/// One function of the project.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// The course's name for it.
    pub function: String,
    /// What was found.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// How many inputs it was called with.
    pub checked: usize,
    /// The first few inputs that differ.
    pub mismatches: Vec<Mismatch>,
    /// The first line it printed, if it printed.
    pub printed: Option<String>,
    /// What the differences come from, where one fault explains them
    /// ("your roll_dice called the dice 3 times for 5 dice").
    pub fault: Option<String>,
    /// How many inputs it was to be called with (more than `checked` when
    /// its time ran out first).
    pub inputs: usize,
    /// The CPU time its calls took, in seconds.
    pub cpu_seconds: f64,
    /// How many arguments it takes, where that is fewer than some calls
    /// give (an earlier skeleton's signature: checked as far as it goes).
    pub takes: Option<usize>,
}

impl Finding {
    pub(super) fn new(function: String, verdict: Verdict, checked: usize) -> Finding {
        Finding {
            function,
            verdict,
            checked,
            mismatches: Vec::new(),
            printed: None,
            fault: None,
            inputs: checked,
            cpu_seconds: 0.0,
            takes: None,
        }
    }

    /// Whether this function stands in the way (a missing one does not).
    pub fn fails(&self) -> bool {
        !matches!(self.verdict, Verdict::Agrees | Verdict::Missing)
    }

    /// Its verdict in words, as its line of the report says it: what a
    /// test report of the check (JUnit, Gradescope) says too.
    pub fn summary(&self) -> String {
        match &self.verdict {
            Verdict::Agrees if self.checked < self.inputs && self.takes.is_some() => format!(
                "OK ({} of {} inputs: it takes {} arguments, as an earlier skeleton's did, \
                 and is checked with the course's defaults)",
                self.checked,
                self.inputs,
                self.takes.unwrap_or_default()
            ),
            Verdict::Agrees if self.checked < self.inputs => format!(
                "OK as far as its time went ({} of {} inputs in {:.0} s of CPU time, about {} \
                 a call; --function-timeout gives it more)",
                self.checked,
                self.inputs,
                self.cpu_seconds,
                per_call(self.cpu_seconds, self.checked)
            ),
            Verdict::Agrees => format!("OK ({} inputs)", self.checked),
            Verdict::Missing => "missing (not checked)".to_string(),
            Verdict::Differs { count } => match &self.fault {
                Some(fault) => format!("{count} of {} inputs differ: {fault}", self.checked),
                None => {
                    let first: Vec<String> =
                        self.mismatches.iter().map(Mismatch::sentence).collect();
                    format!(
                        "{count} of {} inputs differ: {}",
                        self.checked,
                        first.join("; ")
                    )
                }
            },
            Verdict::Raised { input, error } => format!("raised at {input}: {error}"),
            Verdict::Prints { input } => format!(
                "agrees, but prints at {input}: {} (the course's tests compare what is printed, \
                 so a print left in fails them)",
                self.printed.as_deref().unwrap_or_default()
            ),
            Verdict::Slow { input, seconds } => {
                format!("had not returned after {seconds} s of CPU time (at {input})")
            }
        }
    }
}

/// Whole games of the student's `play`, against the exact win rate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GamesReport {
    /// Player 0's and player 1's strategies.
    pub strategies: [String; 2],
    /// Games played (fewer than asked if `play` raised or was slow).
    pub played: u64,
    /// Games player 0 won.
    pub wins: u64,
    /// `wins / played`.
    pub sampled: f64,
    /// Player 0's exact chance of winning.
    pub exact: f64,
    /// How many standard errors the two are apart.
    pub z: f64,
    /// Whether that is beyond 4: the games are not the rules' games.
    pub flagged: bool,
    /// Why the games stopped early, if they did.
    pub stopped: Option<String>,
}

impl GamesReport {
    /// The games in words, as the report's line says them.
    pub fn summary(&self) -> String {
        match &self.stopped {
            Some(why) if self.played == 0 => format!("{why} in the first game"),
            Some(why) => format!("{why} (after {} games)", self.played),
            // The strategies are hog's tables, not the student's own.
            None => format!(
                "player 0 (hog's {}) won {:.2}% of {} games of your play against hog's {}; \
                 exact {:.2}%, z = {:.2}{}",
                self.strategies[0],
                100.0 * self.sampled,
                self.played,
                self.strategies[1],
                100.0 * self.exact,
                self.z,
                if self.flagged {
                    " (beyond 4: your games are not the rules' games)"
                } else {
                    ""
                }
            ),
        }
    }

    /// Whether they hold: all played and within 4 standard errors.
    pub fn hold(&self) -> bool {
        !self.flagged && self.stopped.is_none()
    }
}

/// A check of a student's file.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// The rules the functions were held to.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The file.
    pub file: String,
    /// Every function of the project, in the course's order.
    pub functions: Vec<Finding>,
    /// Whole games of the file's `play`, where it has `play`,
    /// `sus_update` and `six_sided`.
    pub games: Option<GamesReport>,
    /// Whether every function present agrees and the games hold.
    pub ok: bool,
}

/// Limit beyond which sampled games are said to be other games.
const FLAG_Z: f64 = 4.0;

/// Judge the driver's `result` against the `plan`.
pub(super) fn judge(rules: &Rules, path: &Path, plan: &Plan, result: &Value) -> CheckReport {
    let none = Vec::new();
    let got = result["checks"].as_array().unwrap_or(&none);
    let functions: Vec<Finding> = plan
        .checks
        .iter()
        .zip(got.iter().chain(std::iter::repeat(&Value::Null)))
        .map(|(check, got)| compare(check, got))
        .collect();
    let games = plan.games.as_ref().and_then(|games| {
        let run = &result["games"];
        let played = run["played"].as_u64()?;
        let wins = run["wins"].as_u64().unwrap_or(0);
        let sampled = if played > 0 {
            wins as f64 / played as f64
        } else {
            0.0
        };
        let p = games.exact;
        let se = (p * (1.0 - p) / (played.max(1)) as f64).sqrt();
        let z = if se > 0.0 { (sampled - p) / se } else { 0.0 };
        let stopped = run["misuse"]
            .as_str()
            // What their play did to one of hog's strategies, in words.
            .map(crate::text::one_line)
            .or_else(|| {
                run["raised"]
                    .as_str()
                    .map(|e| format!("play raised {}", crate::text::one_line(e)))
            })
            .or_else(|| {
                run["slow"]
                    .as_f64()
                    .map(|s| format!("the games took more than {s} s"))
            })
            .or_else(|| unfinished(run));
        Some(GamesReport {
            strategies: games.names.clone(),
            played,
            wins,
            sampled,
            exact: p,
            z,
            flagged: played > 0 && z.abs() > FLAG_Z,
            stopped,
        })
    });
    let ok = !functions.iter().any(Finding::fails)
        && games
            .as_ref()
            .is_none_or(|g| !g.flagged && g.stopped.is_none());
    CheckReport {
        rules: RulesHeader::of(rules),
        file: path.display().to_string(),
        functions,
        games,
        ok,
    }
}

/// Read what the driver gave back for `check` against its expected values.
fn compare(check: &Check, got: &Value) -> Finding {
    let name = check.name.to_string();
    if got["present"] != json!(true) {
        return Finding::new(name, Verdict::Missing, 0);
    }
    let results = got["results"].as_array().cloned().unwrap_or_default();
    let traces = got["traces"].as_array().cloned().unwrap_or_default();
    let rolls = got["rolls"].as_array().cloned().unwrap_or_default();
    let mut mismatches = Vec::new();
    let mut differ = 0;
    let mut fault = None;
    for (i, value) in results.iter().enumerate() {
        let trace = traces.get(i);
        let (same, why) = match &check.expected[i] {
            Expected::Exact(want) => (
                same_value(want, value),
                float_for_integer(want, value).map(|f| {
                    format!(
                        "returns {f} (a float) at {}; the rules give {want}",
                        check.shown[i]
                    )
                }),
            ),
            Expected::Game {
                returned,
                trace: want,
            } => {
                let same = same_value(returned, value) && trace == Some(want);
                (
                    same,
                    trace.and_then(|t| strategy_calls_fault(check.name, want, t)),
                )
            }
        };
        let why = why.or_else(|| {
            let want = check.printed_averages.get(i)?.as_ref()?;
            let printed = got["case_prints"].get(i)?.as_str()?;
            misprinted(want, printed).map(|m| format!("{m} (at {})", check.shown[i]))
        });
        let same = same && why.is_none();
        let rolled = rolls.get(i).and_then(Value::as_u64);
        let wrong_rolls = match (check.rolls.get(i), rolled) {
            (Some(&want), Some(n)) if u64::from(want) != n => Some((want, n)),
            _ => None,
        };
        if same && wrong_rolls.is_none() {
            continue;
        }
        differ += 1;
        if fault.is_none() {
            fault = why.or_else(|| {
                wrong_rolls.map(|(want, n)| {
                    let course = match check.name {
                        "max_scoring_num_rolls" => "1 to 10 dice, as many times each as it is told",
                        _ => "exactly num_rolls dice",
                    };
                    format!(
                        "your {} called the dice {} for {want} dice (at {}); the course rolls \
                         {course}",
                        check.name,
                        times(n),
                        check.shown[i]
                    )
                })
            });
        }
        if mismatches.len() < 3 {
            let (mut expected, mut got_shown) =
                (check.expected[i].shown(), shown_value(value, trace));
            if float_for_integer(&value_of(&check.expected[i]), value).is_some() {
                got_shown += " (a float)";
            }
            if let Some((want, n)) = wrong_rolls {
                expected += &format!(", rolling the dice {}", times(u64::from(want)));
                got_shown += &format!(", rolling them {}", times(n));
            }
            mismatches.push(Mismatch {
                input: check.shown[i].clone(),
                expected,
                got: got_shown,
            });
        }
    }
    let verdict = if let Some(raised) = got.get("raised") {
        let at = raised["at"].as_u64().unwrap_or(0) as usize;
        Verdict::Raised {
            input: check.shown.get(at).cloned().unwrap_or_default(),
            error: crate::text::one_line(raised["error"].as_str().unwrap_or("an error")),
        }
    } else if let Some(slow) = got.get("slow") {
        let at = slow["at"].as_u64().unwrap_or(0) as usize;
        Verdict::Slow {
            input: check.shown.get(at).cloned().unwrap_or_default(),
            seconds: slow["seconds"].as_f64().unwrap_or(0.0),
        }
    } else if differ > 0 {
        Verdict::Differs { count: differ }
    } else if let (Some(at), Some(_)) = (got["printed_at"].as_u64(), got["printed"].as_str()) {
        Verdict::Prints {
            input: check.shown.get(at as usize).cloned().unwrap_or_default(),
        }
    } else {
        Verdict::Agrees
    };
    let mut finding = Finding::new(name, verdict, results.len());
    finding.mismatches = mismatches;
    finding.fault = fault;
    // (The calls themselves are dropped once sent: their answers count.)
    finding.inputs = check.expected.len();
    finding.cpu_seconds = got["cpu"].as_f64().unwrap_or(0.0);
    finding.takes = got["takes"].as_u64().map(|n| n as usize);
    finding.printed = got["printed"].as_str().map(crate::text::one_line);
    finding
}

/// "5 ms": the time a call took on average.
fn per_call(seconds: f64, calls: usize) -> String {
    let each = seconds / calls.max(1) as f64;
    if each >= 0.1 {
        format!("{each:.1} s")
    } else {
        format!("{:.1} ms", each * 1000.0)
    }
}

/// How the averages `printed` differ from the course's lines ("1 dice
/// scores 3.0 on average", one for each number of dice from 1 to 10).
fn misprinted(want: &[f64], printed: &str) -> Option<String> {
    let lines: Vec<&str> = printed.lines().filter(|l| !l.trim().is_empty()).collect();
    for (n, average) in want.iter().enumerate() {
        let n = n + 1;
        let course = format!("{n} dice scores {average:?} on average");
        let Some(line) = lines.get(n - 1) else {
            return Some(format!(
                "prints {} lines of averages; the course prints one for each number of dice, 1 to 10",
                lines.len()
            ));
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let fits = matches!(words.as_slice(),
            [count, "dice", "scores", value, "on", "average"]
                if count.parse::<usize>() == Ok(n)
                    && value.parse::<f64>().is_ok_and(|v| (v - average).abs() < 1e-9));
        if !fits {
            return Some(format!(
                "prints \"{}\" where the course prints \"{course}\"",
                crate::text::one_line(line)
            ));
        }
    }
    None
}

/// "once", "twice", "3 times".
fn times(n: u64) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

/// The value a call must give (a game's final scores).
fn value_of(expected: &Expected) -> Value {
    match expected {
        Expected::Exact(v) => v.clone(),
        Expected::Game { returned, .. } => returned.clone(),
    }
}

/// `got` as Python prints it, where it is a float the size of the whole
/// number `want` (the course's tests print `9`, and `9.0` fails them).
fn float_for_integer(want: &Value, got: &Value) -> Option<String> {
    match (want, got) {
        (Value::Number(w), Value::Number(g)) if !w.is_f64() && g.is_f64() => {
            (w.as_f64() == g.as_f64()).then(|| format!("{}", g))
        }
        (Value::Array(w), Value::Array(g)) if w.len() == g.len() => w
            .iter()
            .zip(g)
            .find_map(|(w, g)| float_for_integer(w, g))
            .map(|_| shown_value(got, None)),
        _ => None,
    }
}

/// Why a game's strategy calls differ, where the student's `play` asks a
/// strategy more than once a turn (every call repeated) or gives it the
/// scores the other way round.
fn strategy_calls_fault(function: &str, want: &Value, got: &Value) -> Option<String> {
    let (want, got) = (want.as_array()?, got.as_array()?);
    // Calls that repeat the one before (the same player, the same scores).
    let mut once: Vec<&Value> = Vec::new();
    let mut twice = [false; 2];
    for call in got {
        if once.last() == Some(&call) {
            let player = call[0].as_u64().unwrap_or(0).min(1) as usize;
            twice[player] = true;
        } else {
            once.push(call);
        }
    }
    if !(twice[0] || twice[1])
        || once.len() != want.len()
        || once.iter().zip(want).any(|(a, b)| *a != b)
    {
        return None;
    }
    Some(match twice {
        [true, true] => {
            format!("your {function} calls each strategy twice per turn; the course calls it once")
        }
        [true, false] => format!(
            "your {function} calls strategy0 twice per turn; the course calls each strategy once"
        ),
        _ => format!(
            "your {function} calls strategy1 twice per turn; the course calls each strategy once"
        ),
    })
}

/// Whether the student's `got` is the `want`ed value: numbers by value
/// (`5` and `5.0` agree, `True` is not `1`), lists element by element.
fn same_value(want: &Value, got: &Value) -> bool {
    match (want, got) {
        (Value::Bool(a), Value::Bool(b)) => a == b,
        // A float is not a whole number, as the course's tests print them
        // (`9.0` fails where `9` is expected; averages are floats).
        (Value::Number(a), Value::Number(b)) => {
            a.is_f64() == b.is_f64() && a.as_f64() == b.as_f64()
        }
        // The module's dice by name (`select_dice`).
        (Value::String(a), Value::String(b)) => a == b,
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_value(x, y))
        }
        _ => false,
    }
}

/// A value from the driver as Python would print it: numbers, `True`,
/// tuples of scores; a game's strategy calls after it.
pub fn shown_value(value: &Value, trace: Option<&Value>) -> String {
    let plain = match value {
        Value::Bool(true) => "True".to_string(),
        Value::Bool(false) => "False".to_string(),
        Value::Null => "None".to_string(),
        Value::Number(n) => n.to_string(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(|v| shown_value(v, None)).collect();
            if trace.is_some() {
                format!("({})", items.join(", "))
            } else {
                format!("[{}]", items.join(", "))
            }
        }
        Value::Object(o) if beyond_json(o).is_some() => beyond_json(o).unwrap_or_default(),
        Value::Object(o) => match (o.get("type"), o.get("repr"), o.get("function")) {
            (Some(kind), Some(repr), _) => format!(
                "{} ({})",
                repr.as_str().unwrap_or("?"),
                kind.as_str().unwrap_or("?")
            ),
            (_, _, Some(f)) => format!("a function, {}", f.as_str().unwrap_or("?")),
            _ => value.to_string(),
        },
        Value::String(s) => s.clone(),
    };
    let plain = crate::text::one_line(&plain);
    match trace.and_then(Value::as_array) {
        Some(calls) => {
            let moves: Vec<String> = calls
                .iter()
                .take(6)
                .map(|c| {
                    let c: Vec<u64> = c
                        .as_array()
                        .map(|v| v.iter().filter_map(Value::as_u64).collect())
                        .unwrap_or_default();
                    match c.as_slice() {
                        [p, s, o] => format!("strategy{p}({s}, {o})"),
                        _ => "?".to_string(),
                    }
                })
                .collect();
            let more = if calls.len() > 6 { ", ..." } else { "" };
            format!(
                "{plain} after {} turn{}: {}{more}",
                calls.len(),
                if calls.len() == 1 { "" } else { "s" },
                moves.join(", ")
            )
        }
        None => plain,
    }
}

/// Why the games stopped, when hog's limit came before their end (the
/// driver wrote the functions' answers first).
fn unfinished(run: &Value) -> Option<String> {
    (run["unfinished"] == json!(true))
        .then(|| "stopped at hog's time limit (raise --python-timeout)".to_string())
}

/// A number JSON cannot carry, as Python shows it: an int beyond 64 bits
/// (`{"int": "18446744073709551623"}`), `nan` or `inf`
/// (`{"float": "nan"}`).
fn beyond_json(o: &serde_json::Map<String, Value>) -> Option<String> {
    let text = match (o.get("int"), o.get("float")) {
        (Some(Value::String(digits)), None) if o.len() == 1 => {
            if digits.len() > 60 && digits.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
                let count = digits.trim_start_matches('-').len();
                format!(
                    "{}...{} (an int of {count} digits)",
                    &digits[..20],
                    &digits[digits.len() - 10..]
                )
            } else {
                digits.clone()
            }
        }
        (None, Some(Value::String(f))) if o.len() == 1 => f.clone(),
        _ => return None,
    };
    Some(text)
}

impl CheckReport {
    /// The report in words: one line a function, then the games.
    pub fn text(&self) -> String {
        let mut out = format!(
            "hog check {} ({}, goal {})\n",
            crate::text::one_line(&self.file),
            self.rules.rules,
            self.rules.goal
        );
        let width = self
            .functions
            .iter()
            .map(|f| f.function.len())
            .max()
            .unwrap_or(0)
            .max("whole games".len());
        for f in &self.functions {
            out += &format!("{:<width$}  {}\n", f.function, f.summary());
            if let (Some(printed), false) =
                (&f.printed, matches!(f.verdict, Verdict::Prints { .. }))
            {
                out += &format!("{:<width$}  (it prints: {printed})\n", "");
            }
        }
        if let Some(g) = &self.games {
            out += &format!("{:<width$}  {}\n", "whole games", g.summary());
        }
        out += if self.ok {
            "Every function present agrees with the rules.\n"
        } else {
            "Some functions do not agree with the rules.\n"
        };
        out
    }
}
