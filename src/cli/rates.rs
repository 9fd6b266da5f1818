//! `hog rates [--vs SPEC]`: every standard strategy against one opponent.

use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Value};

use hog::eval::{win_rates, WinRates};
use hog::strategy::CourseStrategy;

use super::output::{render_table, rules_json, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

#[derive(Debug, Args)]
pub struct RatesArgs {
    /// The opponent (default: the rule set's course baseline).
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
}

/// The specs `hog rates` lists for these rules.
fn standard_specs(config: &Config, vs: &str) -> Vec<String> {
    let mut specs: Vec<String> = (0..=10).map(|n| format!("always_roll({n})")).collect();
    for strategy in CourseStrategy::of(config.rules.base()) {
        if strategy.applies_to(&config.rules).is_ok() {
            specs.push(strategy.name().to_string());
        }
    }
    specs.push("optimal".to_string());
    specs.push(format!("best_response({})", vs.trim()));
    specs
}

pub fn run(config: &Config, args: &RatesArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let resolver = config.resolver();
    let vs = config.opponent_spec(args.vs.as_deref());
    let specs = standard_specs(config, &vs);
    // Each busy thread keeps the two seats of its evaluations; meanwhile
    // one thread solves the best response (two more) and one optimal (one).
    let threads = config.busy_threads(specs.len());
    config.check_memory(
        &format!("hog rates on {threads} threads"),
        Need {
            seats: solve_seats(&vs).max(2 * threads + 3),
            tables: 1 + threads,
            extra: 0,
        },
    )?;
    let opponent = resolver.resolve_str(&vs)?;
    let bar = config.progress.list(specs.len() as u64, "rating");
    let rows: Vec<(String, WinRates)> = specs
        .par_iter()
        .map(|spec| -> anyhow::Result<(String, WinRates)> {
            // Progress of the inner solves would fight over one bar: quiet here.
            let quiet = hog::strategy::Resolver::new(rules, Default::default());
            let table = quiet.resolve_str(spec)?;
            let rates = win_rates(rules, &table, &opponent, &Default::default());
            bar.inc(1);
            Ok((spec.clone(), rates))
        })
        .collect::<anyhow::Result<_>>()?;
    bar.finish_and_clear();
    config.progress.finish();
    let mut rows = rows;
    // Best first; the sort is stable, so ties keep the listing order.
    rows.sort_by(|a, b| b.1.average.total_cmp(&a.1.average));
    match config.format {
        Format::Json => {
            let mut map = rules_json(rules);
            map.insert("opponent".into(), json!(vs.trim()));
            let rows: Vec<Value> = rows
                .iter()
                .map(|(spec, r)| json!({"strategy": spec, "first": r.first, "second": r.second, "average": r.average}))
                .collect();
            map.insert("rows".into(), Value::Array(rows));
            printer.json(&Value::Object(map))?
        }
        format => {
            // Text and Markdown are for reading: six decimals. CSV keeps every digit.
            let cell = |x: f64| {
                if format == Format::Csv {
                    x.to_string()
                } else {
                    format!("{x:.6}")
                }
            };
            let table: Vec<Vec<String>> = rows
                .iter()
                .map(|(spec, r)| vec![spec.clone(), cell(r.first), cell(r.second), cell(r.average)])
                .collect();
            let mut text = String::new();
            if format != Format::Csv {
                text += &format!(
                    "Win rates against {} ({})\n\n",
                    vs.trim(),
                    rules_line(rules)
                );
            }
            text += &render_table(format, &["strategy", "first", "second", "average"], &table);
            printer.text(&text)?
        }
    }
    Ok(())
}
