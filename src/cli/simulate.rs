//! `hog simulate SPEC [--vs SPEC] --games N [--seed S]`: sampled games with
//! real random dice, beside the exact values.

use std::time::Instant;

use clap::Args;
use serde_json::{json, Value};

use crate::simulate::{average_interval95, simulate_with_progress, Sampled};
use crate::strategy::Spec;
use crate::HogError;

use super::output::{render_table, rules_json, rules_line};
use super::{Config, Format, Printer};

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The strategy to sample.
    pub strategy: String,
    /// The opponent (default: the rule set's course baseline).
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
    /// Games to play in each seat.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Seed of the xoshiro256** generator; the same seed gives the same
    /// results with any number of threads.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

pub fn run(config: &Config, args: &SimulateArgs, printer: &mut Printer) -> anyhow::Result<()> {
    if args.games == 0 {
        return Err(HogError::BadArgument("--games must be at least 1".into()).into());
    }
    let rules = &config.rules;
    let (a, b, vs) =
        config.strategy_and_opponent("hog simulate", &args.strategy, args.vs.as_deref())?;
    let exact = config
        .resolver()
        .rates(&Spec::parse(&args.strategy)?, &Spec::parse(&vs)?)?;
    config.progress.finish();
    let bar = config.progress.list(2 * args.games, "playing");
    let started = Instant::now();
    let sampled = simulate_with_progress(rules, &a, &b, args.games, args.seed, &|n| bar.inc(n));
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let z = (sampled.average() - exact.average) / sampled.average_standard_error();
    let intervals = Intervals::of(&sampled);
    match config.format {
        Format::Json => {
            let mut map = rules_json(rules);
            map.insert("strategy".into(), json!(args.strategy.trim()));
            map.insert("opponent".into(), json!(vs.trim()));
            map.insert("games".into(), json!(args.games));
            map.insert("seed".into(), json!(args.seed));
            map.insert(
                "sampled".into(),
                json!({
                    "first": {"rate": sampled.first(), "interval": intervals.first},
                    "second": {"rate": sampled.second(), "interval": intervals.second},
                    "average": {"rate": sampled.average(), "interval": intervals.average},
                }),
            );
            map.insert(
                "exact".into(),
                json!({"first": exact.first, "second": exact.second, "average": exact.average}),
            );
            map.insert("z".into(), json!(finite_or_null(z)));
            map.insert("seconds".into(), json!(seconds));
            printer.json(&Value::Object(map))?
        }
        format => {
            let readable = format != Format::Csv;
            let cell = |x: f64| {
                if readable {
                    format!("{x:.6}")
                } else {
                    x.to_string()
                }
            };
            let span = |(low, high): (f64, f64)| {
                if readable {
                    format!("[{low:.6}, {high:.6}]")
                } else {
                    format!("{low} {high}")
                }
            };
            let rows: Vec<Vec<String>> = [
                ("first", sampled.first(), intervals.first, exact.first),
                ("second", sampled.second(), intervals.second, exact.second),
                (
                    "average",
                    sampled.average(),
                    intervals.average,
                    exact.average,
                ),
            ]
            .into_iter()
            .map(|(seat, rate, interval, exact)| {
                vec![seat.to_string(), cell(rate), span(interval), cell(exact)]
            })
            .collect();
            let mut text = String::new();
            if readable {
                text += &format!(
                    "{} vs {}, {} games in each seat, seed {} ({})\n\n",
                    args.strategy.trim(),
                    vs.trim(),
                    args.games,
                    args.seed,
                    rules_line(rules)
                );
            }
            text += &render_table(format, &["seat", "sampled", "95% interval", "exact"], &rows);
            if readable {
                text += &format!(
                    "\n{}; {:.0} games/s\n",
                    distance_words(z, sampled.average(), exact.average),
                    2.0 * args.games as f64 / seconds
                );
            }
            printer.text(&text)?
        }
    }
    Ok(())
}

/// The 95% intervals of the three rates.
struct Intervals {
    first: (f64, f64),
    second: (f64, f64),
    average: (f64, f64),
}

impl Intervals {
    fn of(sampled: &Sampled) -> Intervals {
        Intervals {
            first: sampled.first_interval95(),
            second: sampled.second_interval95(),
            average: average_interval95(sampled),
        }
    }
}

/// How far the sampled average is from the exact one, in words. Where every
/// game went the same way the sample has no spread, and no standard error
/// to count in.
fn distance_words(z: f64, sampled: f64, exact: f64) -> String {
    if z.is_finite() {
        format!("sampled average is {z:.2} standard errors from the exact value")
    } else {
        format!(
            "every sampled game in each seat went the same way, so the sample has no spread \
             (sampled average {sampled}, exact {exact})"
        )
    }
}

/// JSON has no infinity: a zero standard error (every game won) gives null.
fn finite_or_null(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}
