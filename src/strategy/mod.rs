//! Strategies: the course's built-ins, the spec language that names them,
//! CSV tables, and resolution of a spec into a [`StrategyTable`].

mod bind;
mod course;
mod csv_table;
pub mod grammar;
mod grid;
mod python;
mod spec;

pub use crate::table::StrategyTable;
pub use course::CourseStrategy;
pub use csv_table::{max_table_bytes, read_table, table_from_csv, TableProblem};
pub use grid::{Grid, Values};
pub use python::{
    python_entry, python_table, EntryName, PythonEntry, PythonServer,
    DEFAULT_TIMEOUT as DEFAULT_PYTHON_TIMEOUT,
};
pub use spec::Spec;

use std::time::Duration;

use crate::engine;
use crate::engine::{SweepOptions, WinRates};
use crate::error::HogError;
use crate::rules::Rules;

/// Tables known by name (uploads, strategies named when a server
/// started): the table a spec's text stands for, if any.
pub type Named<'a> = &'a (dyn Fn(&str) -> Option<StrategyTable> + Sync);

/// Turns specs into tables for one rule set.
pub struct Resolver<'a> {
    rules: &'a Rules,
    options: SweepOptions<'a>,
    python_timeout: Duration,
    named: Option<Named<'a>>,
    files: bool,
}

impl<'a> Resolver<'a> {
    /// A resolver for `rules` whose solves use `options`.
    pub fn new(rules: &'a Rules, options: SweepOptions<'a>) -> Resolver<'a> {
        Resolver {
            rules,
            options,
            python_timeout: DEFAULT_PYTHON_TIMEOUT,
            named: None,
            files: true,
        }
    }

    /// Look specs up in `named` first (by the spec as the grammar reads it
    /// back), and refuse any other spec that would read a file or run
    /// Python: what a server does with specs from requests.
    pub fn with_names_only(mut self, named: Named<'a>) -> Resolver<'a> {
        self.named = Some(named);
        self.files = false;
        self
    }

    /// Look specs up in `named` first, then as usual: tables a caller
    /// already holds (a Python function's) under the names reports give them.
    pub fn with_names(mut self, named: Named<'a>) -> Resolver<'a> {
        self.named = Some(named);
        self
    }

    /// The options its solves and evaluations use (and whether they are
    /// cancelled).
    pub fn options(&self) -> &SweepOptions<'a> {
        &self.options
    }

    /// Limit the time a Python strategy may take to tabulate.
    pub fn with_python_timeout(mut self, timeout: Duration) -> Resolver<'a> {
        self.python_timeout = timeout;
        self
    }

    /// Parse and resolve a spec.
    pub fn resolve_str(&self, text: &str) -> Result<StrategyTable, HogError> {
        self.resolve(&Spec::parse(text)?)
    }

    /// The exact win rates of `a` against `b`. A quantity that is a
    /// solution's own value comes from that solution, so that every
    /// command and page gives it one set of bits (those `hog solve` and
    /// `hog explain` print): the optimum against itself, and a best
    /// response against the strategy it answers (under rules with memory
    /// or a clock too, where neither is a table). Any other pair is two
    /// tables played against each other.
    pub fn rates(&self, a: &Spec, b: &Spec) -> Result<WinRates, HogError> {
        let start = (0, 0);
        match (a, b) {
            (Spec::Optimal, Spec::Optimal) => {
                let optimum = engine::solve(self.rules, &self.options);
                let first = optimum.value(0, start);
                return Ok(WinRates::new(first, 1.0 - first));
            }
            (Spec::BestResponse(answered), other) | (other, Spec::BestResponse(answered)) => {
                let opponent = self.resolve(other)?;
                if self.resolve(answered)? == opponent {
                    let response = engine::best_response(self.rules, &opponent, &self.options);
                    let (mine, theirs) = (
                        response.value(0, start),
                        response.value(response.opponent_seat(), start),
                    );
                    // The response's rates, or its opponent's against it.
                    return Ok(if matches!(a, Spec::BestResponse(_)) {
                        WinRates::new(mine, 1.0 - theirs)
                    } else {
                        WinRates::new(theirs, 1.0 - mine)
                    });
                }
            }
            _ => {}
        }
        let (a, b) = (self.resolve(a)?, self.resolve(b)?);
        Ok(engine::win_rates(self.rules, &a, &b, &self.options))
    }

    /// The table a spec stands for under these rules: one that rolls -1
    /// dice only where the rules have that move, and reads only the
    /// contexts they have.
    pub fn resolve(&self, spec: &Spec) -> Result<StrategyTable, HogError> {
        let table = self.resolve_any(spec)?;
        self.rules.check_table(&table, &spec.to_string())?;
        Ok(table)
    }

    /// [`Resolver::resolve`] before the check of its moves.
    fn resolve_any(&self, spec: &Spec) -> Result<StrategyTable, HogError> {
        let rules = self.rules;
        if let Some(table) = self.named.and_then(|named| named(&spec.to_string())) {
            return Ok(table);
        }
        if !self.files && matches!(spec, Spec::Table(_) | Spec::Python { .. }) {
            return Err(HogError::spec(
                &spec.to_string(),
                "a request cannot name a file: upload the table, or start the server \
                 with --strategy for a Python strategy",
            ));
        }
        match spec {
            Spec::AlwaysRoll(n) => Ok(StrategyTable::constant(rules.goal(), *n)),
            Spec::Course { name, args } => {
                let (strategy, args) = course_call(rules, spec, name, args)?;
                Ok(strategy.table(rules, args))
            }
            Spec::Optimal => Ok(engine::solve(rules, &self.options).table()),
            Spec::BestResponse(inner) => {
                let opponent = self.resolve(inner)?;
                Ok(engine::best_response(rules, &opponent, &self.options).table())
            }
            Spec::Table(path) => read_table(path, rules),
            Spec::Python { path, function } => {
                python_table(path, function, rules.goal(), self.python_timeout)
            }
        }
    }
}

/// The names a rule set accepts, for error messages.
pub fn known_names(rules: &Rules) -> String {
    let course: Vec<&str> = CourseStrategy::of(rules.base())
        .iter()
        .map(|c| c.name())
        .collect();
    format!(
        "always_roll(N), {}, optimal, best_response(SPEC)",
        course.join(", ")
    )
}

/// The course strategy called `name` under these rules, or why there is none.
pub fn find_course_strategy(rules: &Rules, name: &str) -> Result<CourseStrategy, String> {
    let preset = rules.base();
    let name = &grammar::clip(name, 40);
    let strategy = CourseStrategy::find(preset, name).ok_or_else(|| {
        let elsewhere = crate::rules::Preset::ALL
            .iter()
            .any(|&p| CourseStrategy::find(p, name).is_some());
        if elsewhere {
            format!(
                "{name} is not a strategy of the {} rules; the names here are {}",
                preset.name(),
                known_names(rules)
            )
        } else {
            format!(
                "unknown strategy '{name}'; the names here are {}, and a function of \
                 your own is written PATH/hog.py:{name}",
                known_names(rules)
            )
        }
    })?;
    strategy.applies_to(rules)?;
    Ok(strategy)
}

/// Check a course strategy's name and bind its arguments to its parameters.
fn course_call(
    rules: &Rules,
    spec: &Spec,
    name: &str,
    args: &[(Option<String>, u32)],
) -> Result<(CourseStrategy, [u32; 2]), HogError> {
    let text = spec.to_string();
    let strategy =
        find_course_strategy(rules, name).map_err(|reason| HogError::spec(&text, reason))?;
    let params = strategy.params();
    let values = bind::bind(name, &params, args.iter().map(|(k, v)| (k.as_deref(), *v)))
        .map_err(|reason| HogError::spec(&text, reason))?;
    let defaults = strategy.defaults(rules.base());
    let bound = [
        values[0].unwrap_or(defaults[0]),
        values[1].unwrap_or(defaults[1]),
    ];
    if bound[1] > 10 {
        return Err(HogError::spec(
            &text,
            format!("num_rolls={} must be 0..=10", bound[1]),
        ));
    }
    Ok((strategy, bound))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn resolve(preset: Preset, text: &str) -> Result<StrategyTable, HogError> {
        let rules = Rules::preset(preset, 100).unwrap();
        Resolver::new(&rules, SweepOptions::default()).resolve_str(text)
    }

    #[test]
    fn positional_keyword_and_default_arguments_agree() {
        let a = resolve(Preset::Fa24, "boar_strategy").unwrap();
        let b = resolve(Preset::Fa24, "boar_strategy(11, 6)").unwrap();
        let c = resolve(Preset::Fa24, "boar_strategy(num_rolls=6, threshold=11)").unwrap();
        let d = resolve(Preset::Fa24, "boar_strategy(11, num_rolls=6)").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
        assert_ne!(a, resolve(Preset::Fa24, "boar_strategy(10, 5)").unwrap());
        assert_eq!(a.get(21, 46), 6);
    }

    #[test]
    fn bad_calls_name_the_problem() {
        let err = |p, t| resolve(p, t).unwrap_err().to_string();
        assert!(err(Preset::Fa24, "boar_strategy(1, 2, 3)").contains("at most 2 arguments"));
        assert!(err(Preset::Fa24, "boar_strategy(margin=3)").contains("no parameter 'margin'"));
        assert!(err(Preset::Fa24, "boar_strategy(3, threshold=4)").contains("given twice"));
        assert!(err(Preset::Fa24, "boar_strategy(threshold=4, 5)").contains("cannot follow"));
        assert!(err(Preset::Fa24, "boar_strategy(4, 11)").contains("0..=10"));
        assert!(err(Preset::Fa24, "pig_strategy").contains("unknown strategy 'pig_strategy'"));
        let wrong_set = err(Preset::DoubleSwap, "boar_strategy");
        assert!(
            wrong_set.contains("not a strategy of the double-swap rules"),
            "{wrong_set}"
        );
        assert!(
            wrong_set.contains("bacon_strategy, swap_strategy"),
            "{wrong_set}"
        );
    }
}
