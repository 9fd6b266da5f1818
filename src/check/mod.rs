//! `hog check`: a student's own `hog.py`, function by function, against
//! the rules. The file runs in a Python process of its own (as strategies
//! do: its folder as working directory, a process group, a timeout), which
//! calls each function the course names on the inputs hog chose and hands
//! back what came out; the answers are the engine's (the rules' zero-dice
//! points, Sus Fuss, the game loop of `crate::turn`, the course
//! strategies' tables) and the course's definitions (for the helpers that
//! average and count). Then whole games of the student's own `play`, with
//! their own update and dice, against the exact win rate.

mod common;
mod fa19;
mod hog_wild;
mod inputs;
mod referee;
mod report;

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::child::{spawn_python, Prints};
use crate::cleanup::remove_on_interrupt;
use crate::error::HogError;
use crate::rules::{Preset, Rules};
use inputs::{plan, Check, Expected};
pub use referee::{because, Difference, Referee, Replay};
pub use report::{CheckReport, Finding, GamesReport, Mismatch, Verdict};

/// The program `python3 -c` runs: the drivers' shared helpers, scripted
/// dice, then the check driver.
const DRIVER: &str = concat!(
    include_str!("../student_file.py"),
    include_str!("scripted.py"),
    include_str!("driver.py")
);

/// Whose project a file is checked as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Project {
    Fa24,
    Fa19,
    DigitSwap,
    HogWild(hog_wild::Semester),
}

impl Project {
    /// The project of `rules`, where hog knows it.
    fn of(rules: &Rules) -> Option<Project> {
        if fa19::is_fa19(rules) {
            return Some(Project::Fa19);
        }
        (rules.origin().is_none() && rules.is_preset())
            .then(|| rules.base())
            .map(|preset| match preset {
                Preset::Fa24 => Project::Fa24,
                Preset::DoubleSwap => Project::HogWild(hog_wild::Semester::Sp14),
                Preset::ReverseSwap => Project::HogWild(hog_wild::Semester::Su15),
                Preset::DigitSwap => Project::DigitSwap,
            })
    }

    /// How its `play` is called on a game (the driver's names: the two
    /// strategies, fa24's update, the dice, the goal).
    fn play_call(self) -> serde_json::Value {
        match self {
            Project::Fa24 => json!(["s0", "s1", "update", 0, 0, "dice", "goal"]),
            Project::Fa19 | Project::DigitSwap => json!(["s0", "s1", 0, 0, "dice", "goal"]),
            Project::HogWild(hog_wild::Semester::Sp14) => json!(["s0", "s1", "goal"]),
            Project::HogWild(hog_wild::Semester::Su15) => json!(["s0", "s1", 0, 0, "goal"]),
        }
    }
}

/// How a check runs.
#[derive(Debug, Clone, Copy)]
pub struct CheckOptions {
    /// The whole run's limit (import, every function, the games).
    pub timeout: Duration,
    /// Whole games of the student's `play` (0: none).
    pub games: u64,
    /// The seed of their dice (Python's `random`) for those games.
    pub seed: u64,
    /// How long one function may take on all its inputs.
    pub function_seconds: f64,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            timeout: Duration::from_secs(120),
            games: 20_000,
            seed: 0,
            function_seconds: 20.0,
        }
    }
}

/// Check the student's file at `path` under `rules` (Fall 2024's names).
pub fn check(rules: &Rules, path: &Path, options: &CheckOptions) -> Result<CheckReport, HogError> {
    let bad = |reason: String| HogError::BadArgument(format!("{}: {reason}", path.display()));
    let project = Project::of(rules);
    let Some(project) = project else {
        return Err(HogError::BadRules(format!(
            "hog check knows the course's projects of the rule sets fa24, fa19, double-swap \
             (Spring 2014), reverse-swap (Summer 2015) and digit-swap, not one for {}",
            rules.name()
        )));
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => {}
        _ => return Err(bad("no such file".into())),
    }
    let plan = match project {
        Project::Fa24 => plan(rules, options),
        Project::Fa19 => fa19::plan(rules, options, fa19::Era::Fa19),
        Project::DigitSwap => fa19::plan(rules, options, fa19::Era::DigitSwap),
        Project::HogWild(semester) => hog_wild::plan(rules, options, semester),
    };
    let folder = tempfile::Builder::new()
        .prefix(".hog-check-")
        .tempdir()
        .map_err(|e| bad(format!("a folder for the check: {e}")))?;
    let _remove = remove_on_interrupt(folder.path());
    let (plan_path, result_path) = (
        folder.path().join("plan.json"),
        folder.path().join("result.json"),
    );
    std::fs::write(
        &plan_path,
        serde_json::to_vec(&plan.json).expect("a plan is JSON"),
    )
    .map_err(|e| bad(format!("writing the plan: {e}")))?;
    let args = [plan_path.as_os_str(), result_path.as_os_str()];
    let (mut child, _) =
        spawn_python(DRIVER, path, &args, Prints::Shown, "hog check needs").map_err(bad)?;
    let status = child
        .wait_until(Instant::now() + options.timeout)
        .map_err(|e| bad(format!("waiting for python3: {e}")))?;
    child.kill();
    let Some(status) = status else {
        return Err(bad(format!(
            "did not finish within {} s (raise --python-timeout)",
            options.timeout.as_secs_f64()
        )));
    };
    let text = std::fs::read_to_string(&result_path).map_err(|_| {
        bad(format!(
            "python3 exited ({status}) before hog's check finished (its message, if any, is above)"
        ))
    })?;
    let result: Value =
        serde_json::from_str(&text).map_err(|e| bad(format!("the check's answer: {e}")))?;
    if let Some(error) = result["import_error"].as_str() {
        return Err(bad(format!(
            "importing it raised {}",
            crate::text::one_line(error)
        )));
    }
    Ok(report::judge(rules, path, &plan, &result, options))
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
                    got: report::shown_value(value, traces.get(i)),
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
