//! `hog eval SPEC [--vs SPEC]`.

use clap::Args;
use serde_json::{json, Value};

use hog::eval::win_rates;

use super::output::{render_table, rules_json, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The strategy to rate.
    pub strategy: String,
    /// The opponent (default: the rule set's course baseline).
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
}

pub fn run(config: &Config, args: &EvalArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let vs = config.opponent_spec(args.vs.as_deref());
    config.check_memory(
        "hog eval",
        Need {
            seats: solve_seats(&args.strategy).max(solve_seats(&vs)).max(2),
            tables: 2,
            extra: 0,
        },
    )?;
    let resolver = config.resolver();
    let a = resolver.resolve_str(&args.strategy)?;
    let b = resolver.resolve_str(&vs)?;
    let rates = win_rates(rules, &a, &b, &config.sweep_options());
    config.progress.finish();
    match config.format {
        Format::Text => printer.text(&format!(
            "{} vs {}\nrules    {}\nfirst    {}\nsecond   {}\naverage  {}\n",
            args.strategy.trim(),
            vs.trim(),
            rules_line(rules),
            rates.first,
            rates.second,
            rates.average
        ))?,
        Format::Json => {
            let mut map = rules_json(rules);
            map.insert("strategy".into(), json!(args.strategy.trim()));
            map.insert("opponent".into(), json!(vs.trim()));
            map.insert("first".into(), json!(rates.first));
            map.insert("second".into(), json!(rates.second));
            map.insert("average".into(), json!(rates.average));
            printer.json(&Value::Object(map))?
        }
        format => printer.text(&render_table(
            format,
            &[
                "rules", "goal", "strategy", "opponent", "first", "second", "average",
            ],
            &[vec![
                rules.name(),
                rules.goal().to_string(),
                args.strategy.trim().to_string(),
                vs.trim().to_string(),
                rates.first.to_string(),
                rates.second.to_string(),
                rates.average.to_string(),
            ]],
        ))?,
    }
    Ok(())
}
