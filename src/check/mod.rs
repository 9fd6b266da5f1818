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
mod gradescope;
mod hog_wild;
pub(crate) mod inputs;
mod junit;
mod oracles;
mod referee;
mod report;
mod request;
mod run;

use std::path::Path;
use std::time::Duration;

use serde_json::json;

use crate::error::HogError;
use crate::rules::{Preset, Rules};
use inputs::plan;
pub use referee::{Difference, Referee, Replay, ReplayError};
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

/// Check the student's file at `path` as the project of `rules`' semester,
/// by that project's own names (fa24, fa19, double-swap, reverse-swap,
/// digit-swap).
pub fn check(rules: &Rules, path: &Path, options: &CheckOptions) -> Result<CheckReport, HogError> {
    let bad = |reason: String| HogError::BadArgument(format!("{}: {reason}", path.display()));
    let Some(project) = Project::of(rules) else {
        return Err(HogError::BadRules(format!(
            "hog check knows the course's projects of the rule sets fa24, fa19, double-swap \
             (Spring 2014), reverse-swap (Summer 2015) and digit-swap, not one for {}",
            rules.name()
        )));
    };
    if let Some(problem) = not_a_file(path) {
        return Err(bad(problem));
    }
    let mut plan = match project {
        Project::Fa24 => plan(rules, options),
        Project::Fa19 => fa19::plan(rules, options, fa19::Era::Fa19),
        Project::DigitSwap => fa19::plan(rules, options, fa19::Era::DigitSwap),
        Project::HogWild(semester) => hog_wild::plan(rules, options, semester),
    };
    let driver = run::Driver {
        program: DRIVER,
        job: "hog's check",
        needs: "hog check needs",
        timeout: options.timeout,
        too_slow: format!(
            "did not finish within {} s of CPU time (raise --python-timeout)",
            options.timeout.as_secs_f64()
        ),
        cpu_clock: true,
        quiet: false,
    };
    // The request carries the calls now: hog keeps only what it judges by.
    let request = std::mem::take(&mut plan.json);
    for check in &mut plan.checks {
        check.cases = Vec::new();
    }
    let result = run::run(&driver, path, request).map_err(bad)?;
    Ok(report::judge(rules, path, &plan, &result))
}

/// Why `path` is not a student's file to run, if it is not: "no such
/// file", "is a folder", "is not a regular file" (a FIFO, a device).
pub(crate) fn not_a_file(path: &Path) -> Option<String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => None,
        Ok(meta) if meta.is_dir() => Some("is a folder, not a file".into()),
        Ok(_) => Some("is not a regular file".into()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some("no such file".into()),
        Err(e) => Some(format!("cannot be read: {e}")),
    }
}
