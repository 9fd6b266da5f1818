//! `hog rates`: every standard strategy of a rule set against one
//! opponent, exact, best first.

use rayon::prelude::*;

use crate::engine::WinRates;
use crate::error::HogError;
use crate::report::{RateRow, RatesReport, RulesHeader};
use crate::rules::Rules;
use crate::strategy::{CourseStrategy, Resolver, Spec};

/// The specs rated: every `always_roll(0..=10)`, the course strategies that
/// mean something under these rules, `optimal`, and the best response to
/// the opponent `vs`. Under rules with memory `optimal` is left out: the
/// optimum reads more than the scores, and what it wins against a table is
/// at most what the best response (which does too) wins.
pub fn standard_specs(rules: &Rules, vs: &str) -> Vec<String> {
    let mut specs: Vec<String> = (0..=10).map(|n| format!("always_roll({n})")).collect();
    for strategy in CourseStrategy::of(rules.base()) {
        if strategy.applies_to(rules).is_ok() {
            specs.push(strategy.name().to_string());
        }
    }
    if rules.memory().is_none() {
        specs.push("optimal".to_string());
    }
    specs.push(format!("best_response({})", vs.trim()));
    specs
}

/// The rates of `spec` against `vs` (see [`Resolver::rates`]: under rules
/// with memory a best response is no table, and is solved over the full
/// state against the opponent in each seat).
fn rate(spec: &str, vs: &str, resolver: &Resolver<'_>) -> Result<WinRates, HogError> {
    resolver.rates(&Spec::parse(spec)?, &Spec::parse(vs)?)
}

/// Rate every standard spec against `vs`, in parallel; `resolver` turns the specs into tables (its own progress is
/// best left quiet here), `on_row` is called as each row is done.
pub fn rates(
    rules: &Rules,
    vs: &str,
    resolver: &Resolver<'_>,
    on_row: &(dyn Fn() + Sync),
) -> Result<RatesReport, HogError> {
    rates_of(rules, vs, &standard_specs(rules, vs), resolver, on_row)
}

/// Rate `specs` against `vs`, as [`rates`] does the standard ones: the
/// server adds the tables it keeps (uploads, `--strategy` names), which only
/// its resolver knows.
pub fn rates_of(
    rules: &Rules,
    vs: &str,
    specs: &[String],
    resolver: &Resolver<'_>,
    on_row: &(dyn Fn() + Sync),
) -> Result<RatesReport, HogError> {
    let mut rows: Vec<RateRow> = specs
        .par_iter()
        .map(|spec| {
            let rates = rate(spec, vs, resolver)?;
            on_row();
            Ok(RateRow::new(spec, rates))
        })
        .collect::<Result<_, HogError>>()?;
    // Best first; the sort is stable, so ties keep the listing order.
    rows.sort_by(|a, b| b.average.total_cmp(&a.average));
    Ok(RatesReport {
        rules: RulesHeader::of(rules),
        opponent: vs.trim().to_string(),
        rows,
    })
}
