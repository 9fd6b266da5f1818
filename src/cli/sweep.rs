//! `hog sweep 'NAME(param=A..=B, ...)'`: exact win rates over a grid of a
//! course strategy's parameters.

use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Map, Value};

use hog::eval::{win_rates, WinRates};
use hog::rules::Rules;
use hog::strategy::Grid;
use hog::sweep::SweepOptions;

use super::output::{render_table, rules_json, rules_line};
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

/// One evaluated combination.
struct Row {
    args: [u32; 2],
    rates: WinRates,
}

/// The first row with the highest average.
fn best_row(rows: &[Row]) -> usize {
    let mut best = 0;
    for (i, row) in rows.iter().enumerate() {
        if row.rates.average > rows[best].rates.average {
            best = i;
        }
    }
    best
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
    let combinations = grid.combinations();
    let bar = config.progress.list(combinations.len() as u64, "sweeping");
    // Each row is its own sweep, exactly as `hog eval` runs it.
    let rows: Vec<Row> = combinations
        .par_iter()
        .map(|&a| {
            let table = grid.strategy.table(rules, a);
            let rates = win_rates(rules, &table, &opponent, &SweepOptions::default());
            bar.inc(1);
            Row { args: a, rates }
        })
        .collect();
    bar.finish_and_clear();
    let best = best_row(&rows);
    match config.format {
        Format::Json => printer.json(&json_output(rules, &grid, vs.trim(), &rows, best))?,
        format => printer.text(&table_output(format, rules, &grid, vs.trim(), &rows, best))?,
    }
    Ok(())
}

fn row_json(grid: &Grid, row: &Row) -> Value {
    let params: Map<String, Value> = grid
        .strategy
        .params()
        .iter()
        .zip(row.args)
        .map(|(p, v)| (p.to_string(), json!(v)))
        .collect();
    json!({
        "params": params,
        "strategy": grid.spec(row.args),
        "first": row.rates.first,
        "second": row.rates.second,
        "average": row.rates.average,
    })
}

fn json_output(rules: &Rules, grid: &Grid, vs: &str, rows: &[Row], best: usize) -> Value {
    let mut map = rules_json(rules);
    map.insert("strategy".into(), json!(grid.strategy.name()));
    map.insert("opponent".into(), json!(vs));
    let rows_json: Vec<Value> = rows.iter().map(|r| row_json(grid, r)).collect();
    map.insert("best".into(), rows_json[best].clone());
    map.insert("rows".into(), Value::Array(rows_json));
    Value::Object(map)
}

fn table_output(
    format: Format,
    rules: &Rules,
    grid: &Grid,
    vs: &str,
    rows: &[Row],
    best: usize,
) -> String {
    // Text and Markdown are for reading: six decimals. CSV keeps every digit.
    let cell = |x: f64| match format {
        Format::Csv => x.to_string(),
        _ => format!("{x:.6}"),
    };
    let [p, q] = grid.strategy.params();
    let header = [p, q, "first", "second", "average", "best"];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mark = match (i == best, format) {
                (true, Format::Csv) => "true",
                (false, Format::Csv) => "false",
                (true, _) => "*",
                (false, _) => "",
            };
            vec![
                r.args[0].to_string(),
                r.args[1].to_string(),
                cell(r.rates.first),
                cell(r.rates.second),
                cell(r.rates.average),
                mark.to_string(),
            ]
        })
        .collect();
    if format == Format::Csv {
        return render_table(format, &header, &cells);
    }
    let b = &rows[best];
    format!(
        "{} against {vs} ({}): {} combinations\n\n{}\nbest: {} with average {:.6} (first {:.6}, second {:.6})\n",
        grid.strategy.name(),
        rules_line(rules),
        rows.len(),
        render_table(format, &header, &cells),
        grid.spec(b.args),
        b.rates.average,
        b.rates.first,
        b.rates.second,
    )
}
