//! `hog rates [--vs SPEC]`: every standard strategy against one opponent.

use clap::Args;

use super::output::{render_table, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

#[derive(Debug, Args)]
pub struct RatesArgs {
    /// The opponent (default: the rule set's course baseline).
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
}

pub fn run(config: &Config, args: &RatesArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let resolver = config.resolver();
    let vs = config.opponent_spec(args.vs.as_deref());
    let specs = crate::rates::standard_specs(rules, &vs);
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
    // The opponent first, so that a bad one is refused before any work.
    resolver.resolve_str(&vs)?;
    let bar = config.progress.list(specs.len() as u64, "rating");
    // Progress of the inner solves would fight over one bar: quiet here.
    let quiet = crate::strategy::Resolver::new(rules, Default::default());
    let report = crate::rates::rates(rules, &vs, &quiet, &|| bar.inc(1))?;
    bar.finish_and_clear();
    config.progress.finish();
    match config.format {
        Format::Json => printer.json(&serde_json::to_value(&report)?)?,
        format => {
            // Text and Markdown are for reading: six decimals. CSV keeps every digit.
            let cell = |x: f64| {
                if format == Format::Csv {
                    x.to_string()
                } else {
                    format!("{x:.6}")
                }
            };
            let table: Vec<Vec<String>> = report
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.strategy.clone(),
                        cell(r.first),
                        cell(r.second),
                        cell(r.average),
                    ]
                })
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
            if let (Some(memory), false) = (rules.memory(), format == Format::Csv) {
                text += &format!(
                    "\nWith {}, optimal and the best response choose by the scores and {}.\n",
                    memory.name(),
                    memory.context_words()
                );
            }
            printer.text(&text)?
        }
    }
    Ok(())
}
