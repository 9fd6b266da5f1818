//! `hog_solver.Rules`: a rule set and a goal, named as on the command line.

use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::rules::{AfterTurn, DiceRule, Preset, Rules, ZeroDice, MAX_GOAL};

use super::convert::{error, hog_error};

/// A rule set and a goal: a preset (`fa24`, `double-swap`, `reverse-swap`,
/// `digit-swap`) with any component overridden, as the command line's
/// `--rules`, `--goal`, `--zero-dice`, `--hog-wild`/`--no-hog-wild` and
/// `--after-turn` give them.
#[pyclass(name = "Rules", module = "hog_solver", frozen, eq, hash)]
#[derive(Clone)]
pub struct PyRules {
    pub rules: Rules,
}

impl PartialEq for PyRules {
    fn eq(&self, other: &Self) -> bool {
        key(&self.rules) == key(&other.rules)
    }
}

impl std::hash::Hash for PyRules {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        key(&self.rules).hash(state);
    }
}

/// What makes two rule sets the same game.
fn key(rules: &Rules) -> (Preset, crate::rules::Components, u32) {
    (rules.base(), rules.components(), rules.goal())
}

/// `value` as one of `options` by its command-line name.
fn named<T: Copy>(
    what: &str,
    value: &str,
    options: &[T],
    name: impl Fn(T) -> &'static str,
) -> PyResult<T> {
    crate::rules::by_name(what, value, options, name).map_err(hog_error)
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (preset = "fa24", goal = 100, zero_dice = None, hog_wild = None, after_turn = None))]
    fn new(
        preset: &str,
        goal: i64,
        zero_dice: Option<&str>,
        hog_wild: Option<bool>,
        after_turn: Option<&str>,
    ) -> PyResult<PyRules> {
        let base = named("rule set", preset, &Preset::ALL, Preset::name)?;
        let mut c = base.components();
        if let Some(z) = zero_dice {
            c.zero_dice = named("zero-dice rule", z, &ZeroDice::ALL, ZeroDice::name)?;
        }
        if let Some(wild) = hog_wild {
            c.dice = if wild {
                DiceRule::HogWild
            } else {
                DiceRule::SixSided
            };
        }
        if let Some(a) = after_turn {
            c.after_turn = named("after-turn rule", a, &AfterTurn::ALL, AfterTurn::name)?;
        }
        let goal = u32::try_from(goal).map_err(|_| {
            hog_error(format!(
                "bad goal: goal {goal} is not a whole number from 1 to {MAX_GOAL}"
            ))
        })?;
        Ok(PyRules {
            rules: Rules::new(base, c, goal).map_err(error)?,
        })
    }

    /// The preset the rules start from.
    #[getter]
    fn preset(&self) -> &'static str {
        self.rules.base().name()
    }

    /// The goal: the first score at or above it wins.
    #[getter]
    fn goal(&self) -> u32 {
        self.rules.goal()
    }

    /// The zero-dice rule: `boar-brawl`, `bacon-max` or `bacon-product`.
    #[getter]
    fn zero_dice(&self) -> &'static str {
        self.rules.components().zero_dice.name()
    }

    /// Whether Hog Wild's four-sided dice are in play.
    #[getter]
    fn hog_wild(&self) -> bool {
        self.rules.components().dice == DiceRule::HogWild
    }

    /// The after-turn rule: `sus-fuss`, a swap, or `none`.
    #[getter]
    fn after_turn(&self) -> &'static str {
        self.rules.components().after_turn.name()
    }

    /// The name reports give the rule set: the preset, or the components
    /// joined by `+` when they are not a preset's.
    #[getter]
    fn name(&self) -> String {
        self.rules.name()
    }

    /// The course baseline, `always_roll(n)`.
    #[getter]
    fn baseline(&self) -> String {
        format!("always_roll({})", self.rules.baseline_dice())
    }

    /// The presets by name.
    #[classmethod]
    fn presets(_cls: &Bound<'_, PyType>) -> Vec<&'static str> {
        Preset::ALL.iter().map(|p| p.name()).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Rules(preset='{}', goal={}, zero_dice='{}', hog_wild={}, after_turn='{}')",
            self.preset(),
            self.goal(),
            self.zero_dice(),
            if self.hog_wild() { "True" } else { "False" },
            self.after_turn()
        )
    }
}

/// The rules a call names, or fa24 to 100.
pub fn rules_or_default(rules: Option<&PyRules>) -> Rules {
    rules.map_or_else(
        || Rules::preset(Preset::Fa24, 100).expect("fa24 to 100 is valid"),
        |r| r.rules.clone(),
    )
}
