//! `hog sweep 'NAME(param=A..=B, ...)'`: exact win rates over a grid of a
//! course strategy's parameters.

use clap::Args;

use crate::engine::SweepOptions;
use crate::report::SweepReport;
use crate::rules::Rules;
use crate::strategy::Grid;

use super::output::{render_table, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
GRID: a course strategy of the active rules (fa24: boar_strategy, sus_strategy; \
double-swap, reverse-swap and digit-swap: bacon_strategy, swap_strategy) with \
each parameter, by keyword or position, one of
  N       a single value
  A..=B   every value from A to B, both included
  A..B    every value from A to B - 1
At least one parameter must be a range; parameters not given take the course \
defaults. Rows run over the strategy's parameters in order, the first outermost.

Examples:
  hog sweep 'boar_strategy(threshold=0..=20, num_rolls=1..=10)'
  hog sweep 'sus_strategy(threshold=5..=15)' --vs optimal
  hog --rules double-swap sweep 'bacon_strategy(margin=0..=12, num_rolls=3..=7)'")]
pub struct SweepArgs {
    /// The grid, e.g. 'boar_strategy(threshold=0..=20, num_rolls=1..=10)' (see below).
    pub grid: String,
    /// The opponent (default: the rule set's course baseline).
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
}

pub fn run(config: &Config, args: &SweepArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let grid = Grid::parse(&args.grid, rules)?;
    let vs = config.opponent_spec(args.vs.as_deref());
    let threads = config.busy_threads(grid.combinations().len());
    config.check_memory(
        &format!("hog sweep on {threads} threads"),
        Need {
            seats: solve_seats(&vs).max(2 * threads),
            tables: 1 + threads,
            extra: 0,
        },
    )?;
    let opponent = config.resolver().resolve_str(&vs)?;
    config.progress.finish();
    let bar = config
        .progress
        .list(grid.combinations().len() as u64, "sweeping");
    let options = SweepOptions::default();
    let report = grid.evaluate(rules, &vs, &opponent, &options, &|| bar.inc(1));
    bar.finish_and_clear();
    match config.format {
        Format::Json => printer.json(&serde_json::to_value(&report)?)?,
        format => printer.text(&table_output(format, rules, &grid, &report))?,
    }
    Ok(())
}

fn table_output(format: Format, rules: &Rules, grid: &Grid, report: &SweepReport) -> String {
    // Text and Markdown are for reading: six decimals. CSV keeps every digit.
    let cell = |x: f64| match format {
        Format::Csv => x.to_string(),
        _ => format!("{x:.6}"),
    };
    let [p, q] = grid.strategy.params();
    let header = [p, q, "first", "second", "average", "best"];
    let cells: Vec<Vec<String>> = report
        .rows
        .iter()
        .map(|r| {
            let best = r.strategy == report.best.strategy;
            let mark = match (best, format) {
                (true, Format::Csv) => "true",
                (false, Format::Csv) => "false",
                (true, _) => "*",
                (false, _) => "",
            };
            let mut row: Vec<String> = r.params.values().map(|v| v.to_string()).collect();
            row.extend([
                cell(r.first),
                cell(r.second),
                cell(r.average),
                mark.to_string(),
            ]);
            row
        })
        .collect();
    if format == Format::Csv {
        return render_table(format, &header, &cells);
    }
    let b = &report.best;
    format!(
        "{} against {} ({}): {} combinations\n\n{}\nbest: {} with average {:.6} (first {:.6}, second {:.6})\n",
        report.strategy,
        report.opponent,
        rules_line(rules),
        report.rows.len(),
        render_table(format, &header, &cells),
        b.strategy,
        b.average,
        b.first,
        b.second,
    )
}
