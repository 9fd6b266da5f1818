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
}

impl Finding {
    pub(super) fn new(function: String, verdict: Verdict, checked: usize) -> Finding {
        Finding {
            function,
            verdict,
            checked,
            mismatches: Vec::new(),
            printed: None,
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
            Verdict::Agrees => format!("OK ({} inputs)", self.checked),
            Verdict::Missing => "missing (not checked)".to_string(),
            Verdict::Differs { count } => {
                let first: Vec<String> = self.mismatches.iter().map(Mismatch::sentence).collect();
                format!(
                    "{count} of {} inputs differ: {}",
                    self.checked,
                    first.join("; ")
                )
            }
            Verdict::Raised { input, error } => format!("raised at {input}: {error}"),
            Verdict::Slow { input, seconds } => {
                format!("had not returned after {seconds} s (at {input})")
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
            Some(why) => format!("{why} after {} games", self.played),
            None => format!(
                "player 0 ({}) won {:.2}% of {} games of your play against {}; exact \
                 {:.2}%, z = {:.2}{}",
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
    let got = result["checks"].as_array().cloned().unwrap_or_default();
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
        let stopped = run["raised"]
            .as_str()
            .map(|e| format!("play raised {}", crate::text::one_line(e)))
            .or_else(|| {
                run["slow"]
                    .as_f64()
                    .map(|s| format!("the games took more than {s} s"))
            });
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
    let mut mismatches = Vec::new();
    let mut differ = 0;
    for (i, value) in results.iter().enumerate() {
        let same = match &check.expected[i] {
            Expected::Exact(want) => same_value(want, value),
            Expected::Game { returned, trace } => {
                same_value(returned, value) && traces.get(i).is_some_and(|t| t == trace)
            }
        };
        if !same {
            differ += 1;
            if mismatches.len() < 3 {
                mismatches.push(Mismatch {
                    input: check.shown[i].clone(),
                    expected: check.expected[i].shown(),
                    got: shown_value(value, traces.get(i)),
                });
            }
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
    } else {
        Verdict::Agrees
    };
    let mut finding = Finding::new(name, verdict, results.len());
    finding.mismatches = mismatches;
    finding.printed = got["printed"].as_str().map(crate::text::one_line);
    finding
}

/// Whether the student's `got` is the `want`ed value: numbers by value
/// (`5` and `5.0` agree, `True` is not `1`), lists element by element.
fn same_value(want: &Value, got: &Value) -> bool {
    match (want, got) {
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
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
            if let Some(printed) = &f.printed {
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
