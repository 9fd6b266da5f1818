//! `hog rates`: every standard strategy of a rule set against one
//! opponent, exact, best first.

use rayon::prelude::*;

use crate::error::HogError;
use crate::eval::win_rates;
use crate::report::{RateRow, RatesReport, RulesHeader};
use crate::rules::Rules;
use crate::strategy::{CourseStrategy, Resolver, StrategyTable};
use crate::sweep::SweepOptions;

/// The specs rated: every `always_roll(0..=10)`, the course strategies that
/// mean something under these rules, `optimal`, and the best response to
/// the opponent `vs`.
pub fn standard_specs(rules: &Rules, vs: &str) -> Vec<String> {
    let mut specs: Vec<String> = (0..=10).map(|n| format!("always_roll({n})")).collect();
    for strategy in CourseStrategy::of(rules.base()) {
        if strategy.applies_to(rules).is_ok() {
            specs.push(strategy.name().to_string());
        }
    }
    specs.push("optimal".to_string());
    specs.push(format!("best_response({})", vs.trim()));
    specs
}

/// Rate every standard spec against `opponent` (the table of `vs`), in
/// parallel; `resolver` turns the specs into tables (its own progress is
/// best left quiet here), `on_row` is called as each row is done.
pub fn rates(
    rules: &Rules,
    vs: &str,
    opponent: &StrategyTable,
    resolver: &Resolver<'_>,
    on_row: &(dyn Fn() + Sync),
) -> Result<RatesReport, HogError> {
    let specs = standard_specs(rules, vs);
    let mut rows: Vec<RateRow> = specs
        .par_iter()
        .map(|spec| {
            let table = resolver.resolve_str(spec)?;
            let rates = win_rates(rules, &table, opponent, &SweepOptions::default());
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
