//! Parameter grids for `hog sweep`: a course strategy called with ranges,
//! `boar_strategy(threshold=0..=20, num_rolls=1..=10)`, in the spec grammar
//! and bound to parameters by the same rules as a spec.

use rayon::prelude::*;

use crate::engine::SweepOptions;
use crate::engine::{win_rates, WinRates};
use crate::error::HogError;
use crate::report::{RulesHeader, SweepReport, SweepRow};
use crate::rules::Rules;

use super::bind::bind;
use super::course::CourseStrategy;
use super::grammar::{self, Expr, Value};
use super::spec::keyed;
use crate::table::StrategyTable;

/// More combinations than this is almost surely a typo in a range.
pub const MAX_COMBINATIONS: u64 = 100_000;

/// The values one parameter takes: `start..=end`, written as a range or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Values {
    /// The first value.
    pub start: u32,
    /// The last value, included.
    pub end: u32,
    /// Whether it was written as a range.
    pub is_range: bool,
}

impl Values {
    /// How many values.
    pub fn len(self) -> u64 {
        u64::from(self.end - self.start) + 1
    }

    /// A range always holds at least one value.
    pub fn is_empty(self) -> bool {
        false
    }
}

/// A parsed, validated grid: the strategy and the values of each parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// The course strategy swept.
    pub strategy: CourseStrategy,
    /// The values of its parameters, in the strategy's order.
    pub values: [Values; 2],
}

impl Grid {
    /// Parse `NAME(arg, ...)` and check it against the rules.
    pub fn parse(text: &str, rules: &Rules) -> Result<Grid, HogError> {
        let trimmed = text.trim();
        Grid::parse_reason(trimmed, rules).map_err(|reason| HogError::spec(trimmed, reason))
    }

    fn parse_reason(text: &str, rules: &Rules) -> Result<Grid, String> {
        let (name, args) = match grammar::parse(text)? {
            Expr::Call { name, args } => (name, args.unwrap_or_default()),
            Expr::File(_) => {
                return Err("a grid is a course strategy with ranges, \
                            e.g. boar_strategy(threshold=0..=20)"
                    .into())
            }
        };
        let strategy = find_strategy(&name, rules)?;
        let params = strategy.params();
        let given = bind(&name, &params, keyed(&args))?;
        let mut values = [Values {
            start: 0,
            end: 0,
            is_range: false,
        }; 2];
        let defaults = strategy.defaults(rules.base());
        for i in 0..2 {
            values[i] = match given[i] {
                Some(value) => parse_values(params[i], value)?,
                None => Values {
                    start: defaults[i],
                    end: defaults[i],
                    is_range: false,
                },
            };
        }
        if !values.iter().any(|v| v.is_range) {
            return Err(format!(
                "nothing to sweep: give at least one parameter a range, e.g. {name}({}=0..=20)",
                params[0]
            ));
        }
        check_grid(&values, params)?;
        Ok(Grid { strategy, values })
    }

    /// Every combination, the first parameter outermost.
    pub fn combinations(&self) -> Vec<[u32; 2]> {
        let [a, b] = self.values;
        (a.start..=a.end)
            .flat_map(|x| (b.start..=b.end).map(move |y| [x, y]))
            .collect()
    }

    /// The spec `hog eval` takes for one combination.
    pub fn spec(&self, args: [u32; 2]) -> String {
        let [p, q] = self.strategy.params();
        format!("{}({p}={}, {q}={})", self.strategy.name(), args[0], args[1])
    }

    /// Every combination's exact rates against `opponent` (named `vs`), in
    /// parallel, each exactly as `hog eval` would compute it, with
    /// `options`; `on_row` is called as each is done. Once `options` is
    /// cancelled the combinations not yet begun are skipped (rates NaN, no
    /// `on_row`): the report is then meaningless.
    pub fn evaluate(
        &self,
        rules: &Rules,
        vs: &str,
        opponent: &StrategyTable,
        options: &SweepOptions<'_>,
        on_row: &(dyn Fn() + Sync),
    ) -> SweepReport {
        let rows: Vec<SweepRow> = self
            .combinations()
            .par_iter()
            .map(|&args| {
                if options.cancelled() {
                    return self.row(args, WinRates::new(f64::NAN, f64::NAN));
                }
                let table = self.strategy.table(rules, args);
                let rates = win_rates(rules, &table, opponent, options);
                on_row();
                self.row(args, rates)
            })
            .collect();
        // The first row with the highest average.
        let mut best = 0;
        for (i, row) in rows.iter().enumerate() {
            if row.average > rows[best].average {
                best = i;
            }
        }
        SweepReport {
            rules: RulesHeader::of(rules),
            strategy: self.strategy.name().to_string(),
            opponent: vs.trim().to_string(),
            best: rows[best].clone(),
            rows,
        }
    }

    fn row(&self, args: [u32; 2], rates: WinRates) -> SweepRow {
        SweepRow {
            params: self
                .strategy
                .params()
                .iter()
                .zip(args)
                .map(|(p, v)| (p.to_string(), v.into()))
                .collect(),
            strategy: self.spec(args),
            first: rates.first,
            second: rates.second,
            average: rates.average,
        }
    }
}

/// The course strategy called `name` under these rules, with a hint for
/// the names that cannot be swept.
fn find_strategy(name: &str, rules: &Rules) -> Result<CourseStrategy, String> {
    if rules.origin().is_some() {
        // The course's strategies are written for the presets' rules.
        return Err(format!(
            "{} has no course strategies to sweep (they are written for the presets' rules); \
             to compare always_roll(0..=10) use `hog rates`",
            rules.name()
        ));
    }
    let preset = rules.base();
    let strategy = CourseStrategy::find(preset, name).ok_or_else(|| {
        let names: Vec<&str> = CourseStrategy::of(preset)
            .iter()
            .map(|c| c.name())
            .collect();
        let hint = match name {
            "always_roll" => "; to compare always_roll(0..=10) use `hog rates`",
            "optimal" | "best_response" => "; a solved strategy has no parameters to sweep",
            _ => "",
        };
        format!(
            "'{name}' is not a course strategy of the {} rules; sweep one of {}{hint}",
            preset.name(),
            names.join(", ")
        )
    })?;
    strategy.applies_to(rules)?;
    Ok(strategy)
}

/// `N`, `A..=B` or `A..B` for the parameter `param`.
fn parse_values(param: &str, value: &Value) -> Result<Values, String> {
    let small = |n: u64| u32::try_from(n).map_err(|_| format!("{param}: {n} is too large"));
    match *value {
        Value::Number(n) => Ok(Values {
            start: small(n)?,
            end: small(n)?,
            is_range: false,
        }),
        Value::Range {
            start,
            end,
            inclusive,
        } => {
            let last = if inclusive {
                Some(end)
            } else {
                end.checked_sub(1)
            };
            match last {
                Some(last) if last >= start => Ok(Values {
                    start: small(start)?,
                    end: small(last)?,
                    is_range: true,
                }),
                _ => Err(format!("{param}={value} is an empty range")),
            }
        }
        Value::Expr(ref e) => Err(format!(
            "{param}: '{}' is not a non-negative integer (write N, A..=B or A..B)",
            grammar::clip(&e.to_string(), 40)
        )),
    }
}

/// Dice counts must be 0..=10, and the grid must be of a sane size.
fn check_grid(values: &[Values; 2], params: [&str; 2]) -> Result<(), String> {
    if values[1].end > 10 {
        return Err(format!(
            "{}={} is outside 0..=10",
            params[1],
            if values[1].is_range {
                format!("{}..={}", values[1].start, values[1].end)
            } else {
                values[1].end.to_string()
            }
        ));
    }
    let rows = values[0].len() * values[1].len();
    if rows > MAX_COMBINATIONS {
        return Err(format!(
            "the grid has {rows} combinations; at most {MAX_COMBINATIONS} are allowed"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn grid(text: &str) -> Result<Grid, String> {
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        Grid::parse(text, &rules).map_err(|e| e.to_string())
    }

    #[test]
    fn ranges_defaults_and_positions() {
        let g = grid("boar_strategy(threshold=0..=20, num_rolls=1..=10)").unwrap();
        assert_eq!(g.combinations().len(), 21 * 10);
        assert_eq!(g.combinations()[..2], [[0, 1], [0, 2]]);
        let g = grid(" sus_strategy( num_rolls = 4..7 ) ").unwrap();
        assert_eq!(g.combinations(), vec![[11, 4], [11, 5], [11, 6]]);
        let g = grid("boar_strategy(3..=4, 5)").unwrap();
        assert_eq!(g.combinations(), vec![[3, 5], [4, 5]]);
        assert_eq!(g.spec([3, 5]), "boar_strategy(threshold=3, num_rolls=5)");
        let g = grid("boar_strategy(\u{a0}threshold\u{2003}=\u{3000}1..=2)").unwrap();
        assert_eq!(g.combinations(), vec![[1, 6], [2, 6]]);
    }

    /// A cancelled grid rates no combination once the flag is set: none if
    /// it is set before, one if the first row sets it (on one thread, so
    /// no other row is under way); a clear flag changes no byte.
    #[test]
    fn a_cancel_flag_stops_the_rows_not_yet_begun() {
        use crate::engine::cancel_support::assert_stops_between_items;
        use std::sync::atomic::AtomicBool;
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let g = grid("boar_strategy(threshold=0..=9, num_rolls=1..=10)").unwrap();
        let opponent = StrategyTable::constant(100, 6);
        let flag = AtomicBool::new(true);
        let options = SweepOptions {
            cancel: Some(&flag),
            ..SweepOptions::default()
        };
        let report = assert_stops_between_items(&flag, |tick| {
            g.evaluate(&rules, "always_roll(6)", &opponent, &options, tick)
        });
        assert_eq!(report.rows.len(), 100);
        assert!(report.rows.iter().all(|r| r.average.is_nan()));
        let json = |options: &SweepOptions<'_>| {
            let report = g.evaluate(&rules, "always_roll(6)", &opponent, options, &|| {});
            serde_json::to_string(&report).unwrap()
        };
        assert_eq!(json(&options), json(&SweepOptions::default()));
    }

    #[test]
    fn bad_grids_say_what_is_wrong() {
        let e = |t: &str| grid(t).unwrap_err();
        assert!(e("boar_strategy(threshold=5..=3)").contains("empty range"));
        assert!(e("boar_strategy(threshold=5..5)").contains("empty range"));
        assert!(e("boar_strategy(threshold=0..0)").contains("empty range"));
        assert!(e("boar_strategy").contains("nothing to sweep"));
        assert!(e("boar_strategy()").contains("nothing to sweep"));
        assert!(e("boar_strategy(threshold=5)").contains("nothing to sweep"));
        assert!(e("boar_strategy(margin=0..=3)")
            .contains("no parameter 'margin'; it takes threshold, num_rolls"));
        assert!(
            e("bacon_strategy(margin=0..=3)").contains("not a course strategy of the fa24 rules")
        );
        assert!(e("always_roll(0..=10)").contains("hog rates"));
        assert!(e("boar_strategy(num_rolls=0..=11)").contains("outside 0..=10"));
        assert!(
            e("boar_strategy(threshold=a..=3)").contains("'a..=3' is not a non-negative integer")
        );
        assert!(e("boar_strategy(threshold=x)").contains("'x' is not a non-negative integer"));
        assert!(e("boar_strategy(threshold=-1..=3)").contains("'-1..=3'"));
        assert!(e("boar_strategy(threshold=0..=3").contains("missing ')'"));
        assert!(e("boar_strategy(1..=2, 3, 4)").contains("at most 2"));
        assert!(e("boar_strategy(threshold=1..=2, threshold=3)").contains("given twice"));
        assert!(e("boar_strategy(threshold=0..=1000000)").contains("at most"));
        assert!(e("boar_strategy(threshold=0..=99999999999)").contains("too large"));
        assert!(e("t.csv").contains("a grid is a course strategy"));
    }
}
