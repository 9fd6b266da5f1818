//! The `hog` command line: clap options, turned once into a validated
//! [`Config`] that the subcommands read.

mod check;
mod check_report;
mod contest;
mod docs;
mod entry;
mod eval;
mod explain;
mod export;
mod format_arg;
mod head_to_head;
mod memory;
mod output;
mod play;
mod plot;
mod progress;
mod rates;
mod rules;
mod rules_args;
#[cfg(feature = "serve")]
mod serve;
mod simulate;
mod solve;
mod sweep;
mod threads;
mod tournament;

use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};

use crate::engine::SweepOptions;
use crate::rules::Rules;
use crate::strategy::{Resolver, Spec, StrategyTable};
use crate::HogError;

pub use entry::main;
pub use format_arg::{FormatArg, TestReport};
pub use memory::{solve_seats, Need};
pub use output::{Format, Printer};
pub use progress::{say, Progress};
pub use rules_args::RulesArgs;

/// The heading of the options every command takes besides the rules.
const GLOBAL: &str = "Global options";

/// Exact strategy solver and analyzer for Hog, the dice game of CS 61A.
#[derive(Debug, Parser)]
#[command(
    name = "hog",
    version,
    about,
    long_about = None,
    propagate_version = true,
    after_help = "Every command takes the rules and global options. The rules of each \
                  rule set, strategy specs and file formats are in the book (docs/, or mdbook build docs)."
)]
pub struct Opts {
    /// The rules options every command takes.
    #[command(flatten, next_help_heading = "Rules options")]
    pub rules: RulesArgs,

    /// Output format on stdout: text, one JSON object, CSV with a header
    /// row, or Markdown tables (every command but play, which is text only);
    /// junit and gradescope are hog check's test reports for autograders.
    #[arg(long, value_enum, default_value_t = FormatArg::Text, global = true, help_heading = GLOBAL)]
    pub format: FormatArg,

    /// Hide progress bars and notes on stderr.
    #[arg(long, short, global = true, help_heading = GLOBAL)]
    pub quiet: bool,

    /// Seconds a Python strategy (PATH/hog.py:function) may take to tabulate.
    #[arg(long, global = true, default_value_t = 60.0, value_name = "SECONDS", help_heading = GLOBAL)]
    pub python_timeout: f64,

    /// Run even when the tables seem not to fit in the memory available
    /// (with swap, say); an allocation that fails still ends the run with
    /// a one-line error.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub no_memory_check: bool,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands, one module of `cli` each.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve for the optimal strategy (or the best response to --vs) and write its tables.
    Solve(solve::SolveArgs),
    /// Exact win rates of one strategy against another.
    Eval(eval::EvalArgs),
    /// Win rates of every standard strategy against one opponent, best first.
    Rates(rates::RatesArgs),
    /// Exact win rates over a grid of a course strategy's parameters.
    Sweep(sweep::SweepArgs),
    /// Every pair of strategies, exact: matrix, wins and ranking.
    Tournament(tournament::TournamentArgs),
    /// The first of two tables on stdin: its exact win rate moving first
    /// (the course's hog-calc format).
    Match(head_to_head::MatchArgs),
    /// The Hog Contest: every submission in a folder against every other.
    Contest(contest::ContestArgs),
    /// Why a strategy table chooses what it does at one state.
    Explain(explain::ExplainArgs),
    /// Play sampled games with real random dice, beside the exact values.
    Simulate(simulate::SimulateArgs),
    /// Check your own hog.py, function by function, against the rules.
    Check(check::CheckArgs),
    /// Write a strategy as CSV, JSON or a Python module.
    Export(export::ExportArgs),
    /// Draw a strategy's policy or win probabilities as a heatmap.
    Plot(plot::PlotArgs),
    /// Play a game in the terminal against a bot.
    Play(play::PlayArgs),
    /// Serve the game, the strategy maps and comparisons as a web page.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// List the presets and the components of rules files.
    Rules(rules::RulesListArgs),
    /// Print a shell's completion script for hog.
    Completions(docs::CompletionsArgs),
    /// Print hog's manual page (or write every command's page to a folder).
    Manpage(docs::ManpageArgs),
}

/// An exit status a command ends with after saying everything on stdout
/// (hog check: 1 when a function disagrees); nothing more is printed.
#[derive(Debug)]
pub struct Status(pub u8);

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit status {}", self.0)
    }
}

impl std::error::Error for Status {}

/// What every command needs: validated rules and how to report.
pub struct Config {
    /// The rules, validated.
    pub rules: Rules,
    /// `--format`.
    pub format: Format,
    /// `--format junit` or `gradescope`: hog check's test report.
    pub test_report: Option<TestReport>,
    /// Progress bars and notes on stderr.
    pub progress: Progress,
    /// When the run started, for the time it reports.
    pub started: Instant,
    /// `--python-timeout`.
    pub python_timeout: Duration,
    /// Worker threads in rayon's pool.
    pub threads: usize,
    /// `--no-memory-check`.
    pub skip_memory_check: bool,
}

impl Config {
    /// A resolver for specs under these rules, with progress for big solves.
    pub fn resolver(&self) -> Resolver<'_> {
        Resolver::new(&self.rules, self.sweep_options()).with_python_timeout(self.python_timeout)
    }

    /// A strategy and its opponent (`--vs`, or the baseline), resolved
    /// after checking that `what` has the memory for them and an evaluation.
    pub fn strategy_and_opponent(
        &self,
        what: &str,
        strategy: &str,
        vs: Option<&str>,
    ) -> anyhow::Result<(StrategyTable, StrategyTable, String)> {
        let vs = self.opponent_spec(vs);
        self.check_memory(
            what,
            Need {
                seats: solve_seats(strategy).max(solve_seats(&vs)).max(2),
                tables: 2,
                extra: 0,
            },
        )?;
        let resolver = self.resolver();
        let a = resolver.resolve_str(strategy)?;
        let b = resolver.resolve_str(&vs)?;
        Ok((a, b, vs))
    }

    /// The exact rates of `strategy` against `vs` (default: the baseline),
    /// with the opponent's spec: see [`Resolver::rates`].
    pub fn rates(
        &self,
        what: &str,
        strategy: &str,
        vs: Option<&str>,
    ) -> anyhow::Result<(crate::engine::WinRates, String)> {
        let vs = self.opponent_spec(vs);
        self.check_memory(
            what,
            Need {
                seats: solve_seats(strategy).max(solve_seats(&vs)).max(2),
                tables: 2,
                extra: 0,
            },
        )?;
        let (a, b) = (Spec::parse(strategy)?, Spec::parse(&vs)?);
        Ok((self.resolver().rates(&a, &b)?, vs))
    }

    /// `--vs` as given, or the rule set's course baseline `always_roll(n)`.
    pub fn opponent_spec(&self, vs: Option<&str>) -> String {
        vs.map_or_else(
            || format!("always_roll({})", self.rules.baseline_dice()),
            str::to_string,
        )
    }

    /// A set of output files that says on stderr when it waits for
    /// another writer of the same folder.
    pub fn atomic_files(&self) -> crate::export::AtomicFiles {
        let quiet = self.progress.is_quiet();
        crate::export::AtomicFiles::new().on_wait(move |folder| {
            if !quiet {
                progress::say(&format!(
                    "note: waiting for another hog writing to {}",
                    folder.display()
                ));
            }
        })
    }

    /// Sweep options with this run's progress reporting.
    pub fn sweep_options(&self) -> SweepOptions<'_> {
        SweepOptions {
            progress: self.progress.sweep_callback(),
            ..SweepOptions::default()
        }
    }
}

impl Opts {
    /// Whether the command stops by itself on Ctrl-C (the server finishes
    /// its requests): the usual clean-up-and-die handler stays out.
    pub fn handles_its_own_signals(&self) -> bool {
        #[cfg(feature = "serve")]
        if matches!(self.command, Command::Serve(_)) {
            return true;
        }
        false
    }
}

/// Run the parsed command line.
pub fn run(opts: Opts) -> anyhow::Result<()> {
    let started = Instant::now();
    if !(opts.python_timeout.is_finite() && opts.python_timeout > 0.0) {
        return Err(HogError::BadArgument(format!(
            "--python-timeout must be a positive number of seconds, not {}",
            opts.python_timeout
        ))
        .into());
    }
    let (format, test_report) = opts
        .format
        .for_command(matches!(opts.command, Command::Check(_)))?
        .split();
    let python_timeout = Duration::from_secs_f64(opts.python_timeout.min(1e9));
    let rules = opts.rules.to_rules(python_timeout)?;
    let progress = Progress::new(opts.quiet, rules.goal());
    if let Some((s, o)) = rules.endless() {
        progress.note(&format!(
            "under {} a game can go on forever (from {s} to {o}, by turns that leave the \
             scores' sum as it is); hog counts a game that never ends as half a win each",
            rules.name()
        ));
    }
    let threads = threads::start_pool(|text| progress.note(text));
    let config = Config {
        progress,
        rules,
        format,
        test_report,
        started,
        python_timeout,
        threads,
        skip_memory_check: opts.no_memory_check,
    };
    let mut printer = Printer::stdout();
    match opts.command {
        Command::Solve(args) => solve::run(&config, &args, &mut printer),
        Command::Eval(args) => eval::run(&config, &args, &mut printer),
        Command::Rates(args) => rates::run(&config, &args, &mut printer),
        Command::Sweep(args) => sweep::run(&config, &args, &mut printer),
        Command::Tournament(args) => tournament::run(&config, &args, &mut printer),
        Command::Match(args) => head_to_head::run(&config, &args, &mut printer),
        Command::Contest(args) => contest::run(&config, &args, &mut printer),
        Command::Explain(args) => explain::run(&config, &args, &mut printer),
        Command::Simulate(args) => simulate::run(&config, &args, &mut printer),
        Command::Check(args) => check::run(&config, &args, &mut printer),
        Command::Export(args) => export::run(&config, &args, &mut printer),
        Command::Plot(args) => plot::run(&config, &args, &mut printer),
        Command::Play(args) => play::run(&config, &args, &mut printer),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&config, &args, &mut printer),
        Command::Rules(args) => rules::run(&config, &args, &mut printer),
        Command::Completions(args) => docs::completions(&args, &mut printer),
        Command::Manpage(args) => docs::manpage(&config, &args, &mut printer),
    }
}

/// The extension of `path` in lower case: it names an output file's format.
pub fn file_extension(path: &std::path::Path) -> Option<String> {
    Some(path.extension()?.to_str()?.to_ascii_lowercase())
}
