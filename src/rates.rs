//! `hog rates`: every standard strategy of a rule set against one
//! opponent, exact, best first.

use rayon::prelude::*;

use crate::engine;
use crate::engine::SweepOptions;
use crate::engine::{win_rates, WinRates};
use crate::error::HogError;
use crate::report::{RateRow, RatesReport, RulesHeader};
use crate::rules::Rules;
use crate::strategy::{CourseStrategy, Resolver, StrategyTable};

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

/// The rates of `spec` against `opponent`. Under rules with memory a best
/// response is no table: it is solved over the full state against the
/// opponent in each seat.
fn rate(
    rules: &Rules,
    spec: &str,
    opponent: &StrategyTable,
    resolver: &Resolver<'_>,
) -> Result<WinRates, HogError> {
    let options = SweepOptions::default();
    if rules.memory().is_some() && spec.starts_with("best_response(") {
        let response = engine::best_response(rules, opponent, &options);
        return Ok(WinRates::new(
            response.value(0, (0, 0)),
            1.0 - response.value(response.opponent_seat(), (0, 0)),
        ));
    }
    let table = resolver.resolve_str(spec)?;
    Ok(win_rates(rules, &table, opponent, &options))
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
            let rates = rate(rules, spec, opponent, resolver)?;
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
