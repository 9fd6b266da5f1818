//! `hog check PATH/hog.py`: a student's own project, function by function,
//! against the rules.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::check::{check, CheckOptions};

use super::memory::Need;
use super::{Config, Printer, Status};

#[derive(Debug, Args)]
#[command(
    after_help = "Each function of the course's project that the file defines is called on \
                  inputs whose answers the rules give (every state where the inputs are \
                  finite, scripted dice as make_test_dice gives them) and gets one line: OK \
                  with the inputs checked, or the first inputs where it differs, raised or \
                  hung. Then the file's own play, with its own dice, plays whole games \
                  against the exact win rate. The project is Fall 2024's by default; --rules \
                  fa19, double-swap (Spring 2014), reverse-swap (Summer 2015) and digit-swap check those \
                  semesters' projects by their own names. --format junit and --format \
                  gradescope write test reports for a course's autograder (a test a function). \
                  Exit status 0 when every function present agrees, 1 when one does not (the \
                  report is written either way), 2 for bad input.\n\n\
                  Examples:\n  hog check hog.py\n  hog check hog.py --games 0 --format json\n  \
                  hog --rules fa19 check hog.py\n  \
                  hog check hog.py --format gradescope --out /autograder/results/results.json"
)]
pub struct CheckArgs {
    /// The project's hog.py.
    pub file: PathBuf,
    /// Whole games of the file's play (0: none).
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    pub games: u64,
    /// Seed of the games' dice (Python's random module).
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// Seconds of CPU time one function may take on all its inputs: a
    /// slow one is checked as far as they go; a single call that takes
    /// half of them has hung.
    #[arg(long, default_value_t = 20.0, value_name = "SECONDS")]
    pub function_timeout: f64,
    /// Write the report (in --format) to FILE, whole or not at all, and
    /// its words to stdout, for an autograder's log.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Bytes a check holds at once for each state of the game, hog's and
/// Python's together: some forty calls a state (every move of every
/// state for take_turn and both updates, every state of the strategies),
/// each as JSON text, its answer, the call in words, and Python's copy.
const CHECK_BYTES_PER_STATE: u64 = 24 << 10;

/// The most whole games `--games` asks for.
const MAX_GAMES: u64 = 10_000_000;

pub fn run(config: &Config, args: &CheckArgs, printer: &mut Printer) -> anyhow::Result<()> {
    if !(args.function_timeout.is_finite() && args.function_timeout > 0.0) {
        return Err(crate::HogError::BadArgument(format!(
            "--function-timeout must be a positive number of seconds, not {}",
            args.function_timeout
        ))
        .into());
    }
    if args.games > MAX_GAMES {
        return Err(crate::HogError::BadArgument(format!(
            "--games is at most {MAX_GAMES} (Python plays some thousands of games a second), \
             not {}",
            args.games
        ))
        .into());
    }
    let goal = u64::from(config.rules.goal());
    config.check_memory(
        "hog check",
        Need {
            seats: 1,
            tables: 12,
            extra: CHECK_BYTES_PER_STATE.saturating_mul(goal * goal),
        },
    )?;
    super::check_report::check_out(args.out.as_deref())?;
    let options = CheckOptions {
        // The import, every function and the games: --python-timeout per
        // part at most.
        timeout: config
            .python_timeout
            .saturating_mul(2)
            .max(Duration::from_secs(1)),
        games: args.games,
        seed: args.seed,
        function_seconds: args.function_timeout.min(1e6),
    };
    let report = check(&config.rules, &args.file, &options)?;
    config.progress.finish();
    super::check_report::write(config, &report, args.out.as_deref(), printer)?;
    if report.ok {
        Ok(())
    } else {
        Err(Status(1).into())
    }
}
