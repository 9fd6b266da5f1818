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
/// the opponent `vs` (under rules with memory or a clock, the last two
/// choose by the whole state, what the players remember and the clock too).
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

/// The rates of `spec` against `vs` (see [`Resolver::rates`]: a best
/// response's own values against the strategy it answers).
fn rate(spec: &str, vs: &str, resolver: &Resolver<'_>) -> Result<WinRates, HogError> {
    resolver.rates(&Spec::parse(spec)?, &Spec::parse(vs)?)
}

/// Rate every standard spec against `vs`, in parallel; `resolver` turns the
/// specs into tables and rates them with its options (its own progress is
/// best left quiet here, and its cancel flag stops the rows not yet begun:
/// see [`rates_of`]), `on_row` is called as each row is done.
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
/// its resolver knows. Once the resolver's options are cancelled the specs
/// not yet begun are skipped (rates NaN, no `on_row`): the report is then
/// meaningless.
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
            if resolver.options().cancelled() {
                return Ok(RateRow::new(spec, WinRates::new(f64::NAN, f64::NAN)));
            }
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::cancel_support::assert_stops_between_items;
    use crate::engine::SweepOptions;
    use crate::rules::Preset;

    /// The resolver's cancel flag stops the rows not yet begun: none if it
    /// is set before, one if the first row sets it (on one thread, so no
    /// other row is under way); a clear flag changes no byte.
    #[test]
    fn the_resolvers_cancel_flag_stops_the_rows_not_yet_begun() {
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let flag = AtomicBool::new(true);
        let options = SweepOptions {
            cancel: Some(&flag),
            ..SweepOptions::default()
        };
        let resolver = Resolver::new(&rules, options);
        let report = assert_stops_between_items(&flag, |tick| {
            rates(&rules, "always_roll(6)", &resolver, tick).unwrap()
        });
        assert!(report.rows.iter().all(|r| r.average.is_nan()));
        let json = |resolver: &Resolver<'_>| {
            let report = rates(&rules, "always_roll(6)", resolver, &|| {}).unwrap();
            serde_json::to_string(&report).unwrap()
        };
        let plain = Resolver::new(&rules, SweepOptions::default());
        assert_eq!(json(&resolver), json(&plain));
    }
}
