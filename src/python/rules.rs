//! `hog_solver.Rules`: a rule set and a goal, named as on the command line.

use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::recall::{FeralHogs, PlayerMemory};
use crate::rules::{
    from_python, from_toml, AfterTurn, BuiltIn, DiceRule, Overrides, Preset, RuleSetName, Rules,
    ZeroDice, MAX_GOAL,
};

use super::convert::{error, hog_error};

/// A rule set and a goal, named as on the command line.
///
/// A preset (`fa24`, `double-swap`, `reverse-swap`, `digit-swap`) with any
/// component overridden, as `--rules`, `--goal`, `--zero-dice`,
/// `--hog-wild`/`--no-hog-wild` and `--after-turn` give them; a built-in
/// rule set (`fa19`, with Feral Hogs); or a rules file
/// (`Rules.from_file`). Rules are values: equal when they are the same
/// game, hashable, and they pickle.
///
/// Parameters
/// ----------
/// preset : str
///     A preset or a built-in rule set (default `fa24`).
/// goal : int
///     The first score at or above it wins (default 100).
/// zero_dice, after_turn : str, optional
///     A preset's component overridden (`boar-brawl`, `bacon-max`,
///     `bacon-product`; `sus-fuss`, `swap-double`, `swap-reverse`,
///     `swap-digits`, `none`).
/// hog_wild : bool, optional
///     Hog Wild's four-sided dice on or off.
/// memory : str, optional
///     For `fa19`: `feral-hogs` (the default) or `feral-hogs-points`.
///
/// Attributes
/// ----------
/// name : str
///     What reports call the rule set.
/// goal, preset, zero_dice, hog_wild, after_turn
///     As given, or the preset's.
/// baseline : str
///     The course baseline, `always_roll(n)`.
///
/// Raises
/// ------
/// HogError
///     For a name that is no rule set or component, or a goal out of range.
///
/// Examples
/// --------
/// >>> import hog_solver as hs
/// >>> hs.Rules("digit-swap", goal=50)
/// Rules(preset='digit-swap', goal=50, zero_dice='bacon-product', hog_wild=False, after_turn='swap-digits')
/// >>> hs.Rules("fa19").name, hs.Rules() == hs.Rules("fa24", goal=100)
/// ('fa19', True)
#[pyclass(name = "Rules", module = "hog_solver", frozen, eq, hash)]
#[derive(Clone)]
pub struct PyRules {
    pub rules: Rules,
    /// How they were made: what a pickle holds, to make them again.
    recipe: Recipe,
}

/// The arguments rules were made from.
#[derive(Clone)]
enum Recipe {
    /// `Rules(preset, goal, zero_dice, hog_wild, after_turn, memory)`.
    Args {
        preset: String,
        goal: i64,
        zero_dice: Option<String>,
        hog_wild: Option<bool>,
        after_turn: Option<String>,
        memory: Option<String>,
    },
    /// `Rules.from_file(path, goal, timeout)`, the path made absolute.
    File {
        path: std::path::PathBuf,
        goal: Option<i64>,
        timeout: f64,
    },
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

/// What makes two rule sets the same game: their content and goal.
fn key(rules: &Rules) -> crate::rules::RulesId {
    rules.identity()
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
    #[pyo3(signature = (preset = "fa24", goal = 100, zero_dice = None, hog_wild = None, after_turn = None, memory = None))]
    fn new(
        preset: &str,
        goal: i64,
        zero_dice: Option<&str>,
        hog_wild: Option<bool>,
        after_turn: Option<&str>,
        memory: Option<&str>,
    ) -> PyResult<PyRules> {
        let recipe = Recipe::Args {
            preset: preset.to_string(),
            goal,
            zero_dice: zero_dice.map(str::to_string),
            hog_wild,
            after_turn: after_turn.map(str::to_string),
            memory: memory.map(str::to_string),
        };
        let goal = u32::try_from(goal).map_err(|_| {
            hog_error(format!(
                "bad goal: goal {goal} is not a whole number from 1 to {MAX_GOAL}"
            ))
        })?;
        if let Some(built_in) = BuiltIn::from_name(preset.trim()) {
            if zero_dice.is_some() || hog_wild.is_some() || after_turn.is_some() {
                return Err(hog_error(format!(
                    "bad rules: {} is a rules file; change a copy of {} and load it with \
                     Rules.from_file",
                    built_in.name, built_in.path
                )));
            }
            let memory = memory
                .map(|m| match m.trim() {
                    "none" => Ok(None),
                    name => named("memory", name, &FeralHogs::ALL, |f| f.name()).map(Some),
                })
                .transpose()?;
            return Ok(PyRules {
                rules: built_in.rules(Some(goal), memory).map_err(error)?,
                recipe,
            });
        }
        if let Some(memory) = memory {
            return Err(hog_error(format!(
                "bad rules: memory='{}' takes a rule set from a file (fa19, Rules.from_file); \
                 {} remembers nothing",
                crate::text::clip(memory, 40),
                preset.trim()
            )));
        }
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
        Ok(PyRules {
            rules: Rules::new(base, c, goal).map_err(error)?,
            recipe,
        })
    }

    /// A rules file: `.toml` (components) or `.py` (functions), for
    /// `goal` if given (else the file's own, else 100). A Python file runs
    /// in a process of its own, within `timeout` seconds.
    #[classmethod]
    #[pyo3(signature = (path, goal = None, timeout = 60.0))]
    fn from_file(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        path: std::path::PathBuf,
        goal: Option<i64>,
        timeout: f64,
    ) -> PyResult<PyRules> {
        let recipe = Recipe::File {
            path: std::path::absolute(&path).unwrap_or_else(|_| path.clone()),
            goal,
            timeout,
        };
        let goal = goal
            .map(|g| {
                u32::try_from(g).map_err(|_| {
                    hog_error(format!(
                        "bad goal: goal {g} is not a whole number from 1 to {MAX_GOAL}"
                    ))
                })
            })
            .transpose()?;
        if !(timeout.is_finite() && timeout > 0.0) {
            return Err(hog_error(format!(
                "bad argument: timeout must be a positive number of seconds, not {timeout}"
            )));
        }
        let overrides = Overrides {
            goal,
            python_timeout: Some(std::time::Duration::from_secs_f64(timeout.min(1e9))),
            ..Overrides::default()
        };
        let text = path.to_string_lossy().into_owned();
        let named = RuleSetName::parse(&text).map_err(error)?;
        let rules = py.detach(|| match named {
            RuleSetName::Toml(path) => from_toml(path, overrides),
            RuleSetName::Python(path) => from_python(path, overrides),
            _ => Err(crate::HogError::BadRules(format!(
                "{text}: a rules file ends in .toml (components) or .py (functions)"
            ))),
        });
        Ok(PyRules {
            rules: rules.map_err(error)?,
            recipe,
        })
    }

    /// The preset the rules start from, or the rule set's name where they
    /// are not a preset's components (`fa19`, a rules file).
    #[getter]
    fn preset(&self) -> String {
        if self.rules.origin().is_some() {
            self.rules.name()
        } else {
            self.rules.base().name().to_string()
        }
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

    /// A pickle: the arguments the rules were made from, and their
    /// identity, so that a rules file changed since is refused, not
    /// silently read anew.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let make = py.import("hog_solver._pickle")?.getattr("rules")?;
        let identity = self.rules.identity().persistent();
        let args = match &self.recipe {
            Recipe::Args {
                preset,
                goal,
                zero_dice,
                hog_wild,
                after_turn,
                memory,
            } => (
                "args",
                (
                    preset,
                    goal,
                    zero_dice.clone(),
                    *hog_wild,
                    after_turn.clone(),
                    memory.clone(),
                )
                    .into_pyobject(py)?
                    .into_any(),
            ),
            Recipe::File {
                path,
                goal,
                timeout,
            } => (
                "file",
                (path.clone(), *goal, *timeout)
                    .into_pyobject(py)?
                    .into_any(),
            ),
        };
        (make, (args.0, args.1, identity))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// Rules are values: a copy is the same rules.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// The rules' content identity in hex (`None` for rules that cannot
    /// describe themselves): what a pickle checks.
    #[getter]
    fn _identity(&self) -> Option<String> {
        self.rules.identity().persistent()
    }

    fn __repr__(&self) -> String {
        if self.rules.origin().is_some() {
            return format!("Rules('{}', goal={})", self.rules.name(), self.goal());
        }
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
pub fn rules_or_default(rules: Option<&PyRules>) -> PyRules {
    rules.cloned().unwrap_or_else(|| PyRules {
        rules: Rules::preset(Preset::Fa24, 100).expect("fa24 to 100 is valid"),
        recipe: Recipe::Args {
            preset: "fa24".into(),
            goal: 100,
            zero_dice: None,
            hog_wild: None,
            after_turn: None,
            memory: None,
        },
    })
}
