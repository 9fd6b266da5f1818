//! `hog eval SPEC [--vs SPEC]`.

use clap::Args;

use crate::report::EvalReport;

use super::output::{render_table, rules_line};
use super::{Config, Format, Printer};

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
    let (rates, vs) = config.rates("hog eval", &args.strategy, args.vs.as_deref())?;
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
        Format::Json => printer.json(&serde_json::to_value(EvalReport::new(
            rules,
            args.strategy.trim(),
            vs.trim(),
            rates,
        ))?)?,
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
