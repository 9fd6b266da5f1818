//! `hog_solver.Rules`: a rule set and a goal, named as on the command line.

use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyType};

use crate::recall::{Context, FeralHogs, PlayerMemory};
use crate::rules::{
    from_python, from_toml, named_rule_sets, AfterTurn, BuiltIn, Description, DiceRule, Overrides,
    Preset, RuleSetName, Rules, ZeroDice, MAX_GOAL,
};

use super::convert::{error, hog_error, report};

/// A rule set and a goal, named as on the command line.
///
/// A rule set hog knows by name (`Rules.presets()`: the presets `fa24`,
/// `double-swap`, `reverse-swap`, `digit-swap`, and every other semester
/// and contest, `fa19`, `fa15-contest`, ...), a preset with any component
/// overridden (as `--zero-dice`, `--hog-wild`/`--no-hog-wild` and
/// `--after-turn` give them), or a rules file (`Rules.from_file`). Wherever
/// a function takes `rules=`, a rule set's name (a `str`) is that rule set
/// too. Rules are values: equal when they are the same game, hashable, and
/// they pickle.
///
/// Parameters
/// ----------
/// preset : str
///     A rule set's name (default `fa24`).
/// goal : int, optional
///     The first score at or above it wins (default: the rule set's own,
///     100 but for `fa21-contest`'s board of 40).
/// zero_dice, after_turn : str, optional
///     A preset's component overridden (`boar-brawl`, `bacon-max`,
///     `bacon-product`; `sus-fuss`, `swap-double`, `swap-reverse`,
///     `swap-digits`, `none`).
/// hog_wild : bool, optional
///     A preset's Hog Wild four-sided dice on or off.
/// memory : str, optional
///     For a built-in rule set (`fa19`, any other but the presets): what
///     each player remembers in place of its own, `feral-hogs`,
///     `feral-hogs-points` or `none`.
///
/// Attributes
/// ----------
/// name : str
///     What reports call the rule set.
/// goal : int
///     The board's goal: no score goes on past it.
/// goals : (int, int)
///     The goal of the player who moves first and the other's (they
///     differ under `fa21-contest`).
/// preset : str
///     The preset the rules start from, or the rule set's name.
/// title : str or None
///     The semesters or contest, for a rule set hog knows by name.
/// zero_dice, dice, after_turn, extra_turn : str or None
///     The names of the rules' parts of each kind, in the order the rules
///     apply them (after-turn parts joined by ` then `, extra-turn parts by
///     ` or `, as `hog rules` lists them), `'none'` where the rules have
///     none; None for a Python rules file, whose functions name no parts.
/// hog_wild : bool or None
///     For a preset's components, whether Hog Wild's four-sided dice are
///     on; None for a rules file (its `dice` says which dice).
/// memory, clock : str or None
///     What each player remembers (`feral-hogs`) and the clock both share
///     (`time-trot 8`), by the names the rules give them; None where the
///     rules have none.
/// moves : list of int
///     Every move a turn may choose: 0 to 10 dice, then -1 where the rules
///     have that move; the columns of a Solution's `choice_values`.
/// parts : list of dict
///     Each part: `key`, `name`, `params`, `definition`, `from`.
/// contexts : dict or None
///     What a state holds beside the scores: `words`, `memory` (`name`,
///     `unit`, `values`) and `clock` (`name`, `columns`, `values`).
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
/// >>> fa19 = hs.Rules("fa19")
/// >>> fa19.title, fa19.zero_dice, fa19.memory
/// ('Fall 2019', 'bacon-ten-minus-min-digit', 'feral-hogs')
/// >>> hs.Rules("fa15-contest").moves
/// [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1]
/// >>> hs.Rules() == hs.Rules("fa24", goal=100)
/// True
#[pyclass(name = "Rules", module = "hog_solver", frozen, eq, hash)]
#[derive(Clone)]
pub struct PyRules {
    pub rules: Rules,
    /// How they were made: what a pickle holds, to make them again.
    recipe: Recipe,
    /// The rules' account of themselves, which every attribute reads.
    described: Arc<Description>,
    /// The memory asked for where it is not the rule set's own (`none`,
    /// `feral-hogs-points`): the repr says it, as equality does.
    memory_changed: Option<String>,
}

/// The arguments rules were made from.
#[derive(Clone)]
enum Recipe {
    /// `Rules(preset, goal, zero_dice, hog_wild, after_turn, memory)`.
    Args {
        preset: String,
        goal: Option<i64>,
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

/// A goal as Python gave it, checked.
fn checked_goal(goal: Option<i64>) -> PyResult<Option<u32>> {
    goal.map(|g| {
        u32::try_from(g).map_err(|_| {
            hog_error(format!(
                "bad goal: goal={g} is not a whole number from 1 to {MAX_GOAL}"
            ))
        })
    })
    .transpose()
}

/// The refusal of a name that is no rule set, in the package's words:
/// `Rules.presets()` lists the names, `Rules.from_file` loads a file.
fn unknown_rule_set(name: &str) -> PyErr {
    match RuleSetName::parse(name) {
        Ok(RuleSetName::Toml(_) | RuleSetName::Python(_)) => hog_error(format!(
            "bad rules: '{}' is the path of a rules file, not a rule set's name: \
             Rules.from_file loads it",
            crate::text::clip(name, 60)
        )),
        Ok(_) => hog_error(format!("bad rules: unknown rule set '{name}'")),
        Err(e) => hog_error(
            e.to_string()
                .replace("(hog rules lists them)", "(Rules.presets() lists them)")
                .replace(
                    "nor a rules file (FILE.toml or FILE.py)",
                    "nor a rules file (Rules.from_file loads FILE.toml or FILE.py)",
                ),
        ),
    }
}

impl PyRules {
    /// `rules`, made by `recipe`.
    fn made(rules: Rules, recipe: Recipe, memory_changed: Option<String>) -> PyRules {
        PyRules {
            described: Arc::new(rules.description()),
            rules,
            recipe,
            memory_changed,
        }
    }

    /// The names of the parts of kind `key` joined by `joint`, `none` where
    /// there are none; `None` where the rules name no parts (a Python
    /// file's functions).
    fn parts_named(&self, key: &str, joint: &str) -> Option<String> {
        let parts = &self.described.parts;
        if parts.iter().any(|p| p.key == "functions") {
            return None;
        }
        let names: Vec<&str> = parts
            .iter()
            .filter(|p| p.key == key)
            .map(|p| p.name)
            .collect();
        Some(if names.is_empty() {
            AfterTurn::None.name().to_string()
        } else {
            names.join(joint)
        })
    }

    /// The rules' account of themselves (for Rust callers).
    pub fn description_ref(&self) -> &Description {
        &self.described
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (preset = "fa24", goal = None, zero_dice = None, hog_wild = None, after_turn = None, memory = None))]
    fn new(
        preset: &str,
        goal: Option<i64>,
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
        let goal = checked_goal(goal)?;
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
            let rules = built_in.rules(goal, memory).map_err(error)?;
            // Equal rules print alike: a memory is shown only where it
            // makes other rules than the rule set's own.
            let changed = match memory {
                Some(m) => {
                    let own = built_in.rules(goal, None).map_err(error)?;
                    (own.identity() != rules.identity())
                        .then(|| m.map_or("none", |f| f.name()).to_string())
                }
                None => None,
            };
            return Ok(PyRules::made(rules, recipe, changed));
        }
        let Some(base) = Preset::ALL.into_iter().find(|p| p.name() == preset.trim()) else {
            return Err(unknown_rule_set(preset));
        };
        if let Some(memory) = memory {
            return Err(hog_error(format!(
                "bad rules: memory='{}' changes a built-in rule set's memory (fa19, sp20, ...); \
                 {} is a preset, which remembers nothing",
                crate::text::clip(memory, 40),
                base.name()
            )));
        }
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
        let rules = Rules::new(base, c, goal.unwrap_or(100)).map_err(error)?;
        Ok(PyRules::made(rules, recipe, None))
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
        let goal = checked_goal(goal)?;
        if !(timeout.is_finite() && timeout > 0.0) {
            return Err(hog_error(format!(
                "bad argument: timeout={timeout:?} is not a positive number of seconds"
            )));
        }
        let overrides = Overrides {
            goal,
            python_timeout: Some(std::time::Duration::from_secs_f64(timeout.min(1e9))),
            ..Overrides::default()
        };
        let text = path.to_string_lossy().into_owned();
        let named = RuleSetName::parse(&text);
        let rules = py.detach(|| match named {
            Ok(RuleSetName::Toml(path)) => from_toml(path, overrides),
            Ok(RuleSetName::Python(path)) => from_python(path, overrides),
            _ => Err(crate::HogError::BadRules(format!(
                "{text}: a rules file ends in .toml (components) or .py (functions)"
            ))),
        });
        let rules = rules.map_err(|e| {
            // The command line's knob is its flag; here it is the argument.
            hog_error(
                e.to_string()
                    .replace("(raise --python-timeout)", "(raise timeout=)"),
            )
        })?;
        Ok(PyRules::made(rules, recipe, None))
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

    /// The board's goal: no score goes on past it.
    #[getter]
    fn goal(&self) -> u32 {
        self.rules.goal()
    }

    /// The goal of the player who moves first and the other's.
    #[getter]
    fn goals(&self) -> (u32, u32) {
        let g = self.described.goals;
        (g.first, g.second)
    }

    /// The semesters or contest, for a rule set hog knows by name.
    #[getter]
    fn title(&self) -> Option<&'static str> {
        self.described.title
    }

    /// The zero-dice parts by name (`'none'` where none; None for a
    /// Python rules file).
    #[getter]
    fn zero_dice(&self) -> Option<String> {
        self.parts_named("zero_dice", " then ")
    }

    /// The dice part by name: `six-sided`, `hog-wild`, ...
    #[getter]
    fn dice(&self) -> Option<String> {
        self.parts_named("dice", " then ")
    }

    /// For a preset's components, whether Hog Wild's four-sided dice are
    /// on; None for a rules file.
    #[getter]
    fn hog_wild(&self) -> Option<bool> {
        self.rules
            .origin()
            .is_none()
            .then(|| self.rules.components().dice == DiceRule::HogWild)
    }

    /// The after-turn parts by name, joined by ` then `, or `'none'`.
    #[getter]
    fn after_turn(&self) -> Option<String> {
        self.parts_named("after_turn", " then ")
    }

    /// The extra-turn parts by name, joined by ` or `, or `'none'`.
    #[getter]
    fn extra_turn(&self) -> Option<String> {
        self.parts_named("extra_turn", " or ")
    }

    /// What each player remembers, by name; None where they remember
    /// nothing.
    #[getter]
    fn memory(&self) -> Option<&'static str> {
        let contexts = self.described.contexts.as_ref()?;
        contexts.memory.as_ref().map(|m| m.name)
    }

    /// The clock both players share, by name; None where there is none.
    #[getter]
    fn clock(&self) -> Option<String> {
        let contexts = self.described.contexts.as_ref()?;
        contexts.clock.as_ref().map(|c| c.name.clone())
    }

    /// Every move a turn may choose: 0 to 10, then -1 where the rules
    /// have it.
    #[getter]
    fn moves(&self) -> Vec<i32> {
        self.described.moves.iter().map(|m| m.dice).collect()
    }

    /// The parts the rules are made of, each a dict.
    #[getter]
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        report(py, &self.described.parts)
    }

    /// What a state holds beside the scores, a dict; None where it holds
    /// nothing more.
    #[getter]
    fn contexts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        report(py, &self.described.contexts)
    }

    /// The rules' whole account of themselves, as `hog rules NAME
    /// --format json` prints it: a new dict at each call.
    fn description<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        report(py, &*self.described)
    }

    /// The name reports give the rule set: its own, or a preset's
    /// components joined by `+` when they are not the preset's.
    #[getter]
    fn name(&self) -> String {
        self.rules.name()
    }

    /// The course baseline, `always_roll(n)`.
    #[getter]
    fn baseline(&self) -> String {
        format!("always_roll({})", self.rules.baseline_dice())
    }

    /// Every rule set hog knows by name, the one list of `hog rules` and
    /// the web page: the presets, then every other semester and contest.
    #[classmethod]
    fn presets(_cls: &Bound<'_, PyType>) -> Vec<&'static str> {
        named_rule_sets().iter().map(|r| r.name).collect()
    }

    /// The same rule sets, each name with its title (the semesters or
    /// contest it is), in the same order.
    #[classmethod]
    fn titles<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyDict>> {
        let titles = PyDict::new(cls.py());
        for r in named_rule_sets() {
            titles.set_item(r.name, r.title)?;
        }
        Ok(titles)
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
                    *goal,
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
            let memory = self
                .memory_changed
                .as_ref()
                .map_or(String::new(), |m| format!(", memory='{m}'"));
            return format!(
                "Rules('{}', goal={}{memory})",
                self.rules.name(),
                self.goal()
            );
        }
        let c = self.rules.components();
        format!(
            "Rules(preset='{}', goal={}, zero_dice='{}', hog_wild={}, after_turn='{}')",
            self.preset(),
            self.goal(),
            c.zero_dice.name(),
            if c.dice == DiceRule::HogWild {
                "True"
            } else {
                "False"
            },
            c.after_turn.name()
        )
    }
}

/// The rules a call names, or fa24 to 100.
pub fn rules_or_default(rules: Option<&PyRules>) -> PyRules {
    rules.cloned().unwrap_or_else(|| {
        PyRules::made(
            Rules::preset(Preset::Fa24, 100).expect("fa24 to 100 is valid"),
            Recipe::Args {
                preset: "fa24".into(),
                goal: Some(100),
                zero_dice: None,
                hog_wild: None,
                after_turn: None,
                memory: None,
            },
            None,
        )
    })
}

/// A `rules=` argument: a `Rules`, or a rule set's name (`"fa19"`) as
/// `Rules(name)` makes it; `None` where it is left out.
pub fn rules_argument(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PyRules>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if let Ok(rules) = value.cast::<PyRules>() {
        return Ok(Some(rules.get().clone()));
    }
    if let Ok(name) = value.cast::<PyString>() {
        let name: String = name.extract()?;
        return PyRules::new(&name, None, None, None, None, None).map(Some);
    }
    Err(PyTypeError::new_err(format!(
        "rules= is a Rules or a rule set's name (a str such as 'fa19'), not {}",
        value
            .get_type()
            .name()
            .map_or_else(|_| "an unknown type".into(), |n| n.to_string())
    )))
}

/// The context `remembered=` and `clock=` name under `rules` (the start's
/// for what is left out), or `None` under rules that track nothing but
/// the scores; refused in the words of the call: a clock is no memory,
/// and neither is a command-line flag here.
pub fn context_argument(
    rules: &Rules,
    remembered: Option<(u32, u32)>,
    clock: Option<u32>,
) -> PyResult<Option<Context>> {
    let name = rules.name();
    let no_clock = |c: u32| {
        hog_error(format!(
            "bad argument: clock={c}: {name} has no clock (clock= is for rules with one, such \
             as fa15-contest)"
        ))
    };
    let Some(memory) = rules.memory() else {
        if let Some((a, b)) = remembered {
            return Err(hog_error(format!(
                "bad argument: remembered=({a}, {b}): {name} remembers nothing (remembered= is \
                 for rules with memory, such as fa19)"
            )));
        }
        return match clock {
            Some(c) => Err(no_clock(c)),
            None => Ok(None),
        };
    };
    let (size, clocks) = (memory.size(), memory.clocks());
    let (mine, theirs) = remembered.unwrap_or((0, 0));
    if mine >= size || theirs >= size {
        return Err(hog_error(if size == 1 {
            format!(
                "bad argument: remembered=({mine}, {theirs}): {name} remembers nothing; it has \
                 a clock (clock=)"
            )
        } else {
            format!(
                "bad argument: remembered=({mine}, {theirs}) is out of range: under {name} each \
                 player remembers 0 to {}",
                size - 1
            )
        }));
    }
    let clock = clock.unwrap_or(0);
    if clock >= clocks {
        if clocks == 1 {
            return Err(no_clock(clock));
        }
        return Err(hog_error(format!(
            "bad argument: clock={clock} is out of range: under {name} the clock is 0 to {}",
            clocks - 1
        )));
    }
    Ok(Some(Context {
        mine,
        theirs,
        clock,
    }))
}
