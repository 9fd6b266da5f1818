//! Any Python value a student might hand over as a strategy, made into a
//! table: a spec string as on the command line, a function
//! `f(score, opponent_score)` (called at every state here, in this
//! process, with the checks the command line gives a Python file), a
//! `(goal, goal)` array or nested lists, an array of the whole state under
//! rules with memory or a clock, or a `Solution`.

use ndarray::Dimension;
use ndarray::{Array2, ArrayD, IxDyn};
use numpy::{PyReadonlyArrayDyn, ToPyArray};
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::recall::Context;
use crate::rules::Rules;
use crate::strategy::{Resolver, StrategyTable};
use crate::table::{self, Contexts};

use super::convert::{error, hog_error};
use super::solution::PySolution;

/// The prefix of the keys a call gives its tables (a spec string may not
/// use it, so that no spec a user writes reads one of them).
const KEY_PREFIX: &str = "__hog_table_";

/// A strategy of one call: its table, the name reports give it, and the
/// spec it is rated by.
///
/// The name is only shown: a function named `boar_strategy` is the
/// student's, not the course's. The key is what the engine rates: a spec
/// string's own text, `optimal` or `best_response(KEY)` for a Solution
/// (so that a solution's own values come from the solution, one set of
/// bits on every surface), else a key of this call's [`Entries`].
pub struct Tabled {
    pub name: String,
    pub key: String,
    /// Under rules with memory or a clock, a solved strategy's table reads
    /// the whole state.
    table: StrategyTable,
}

impl Tabled {
    /// A table under a name and key.
    pub fn new(name: String, key: String, table: StrategyTable) -> Tabled {
        Tabled { name, key, table }
    }

    /// The table.
    pub fn table(&self) -> &StrategyTable {
        &self.table
    }

    /// The table, moved out.
    pub fn into_table(self) -> StrategyTable {
        self.table
    }

    /// `message` with this strategy's key said as its name (an engine's
    /// error names the spec it rated).
    pub fn named_in(&self, message: String) -> String {
        message.replace(&self.key, &self.name)
    }
}

/// The tables of one call by key: what its specs look up first.
#[derive(Default)]
pub struct Entries {
    known: Vec<(String, StrategyTable)>,
}

impl Entries {
    /// A fresh key for `table`.
    fn add(&mut self, table: StrategyTable) -> String {
        let key = format!("{KEY_PREFIX}{}", self.known.len());
        self.known.push((key.clone(), table));
        key
    }

    /// `key` (a solution's spec) stands for `table` in this call: not
    /// solved again.
    fn solved(&mut self, key: &str, table: &StrategyTable) {
        self.known.push((key.to_string(), table.clone()));
    }

    /// The table a spec's text stands for in this call, if any.
    pub fn lookup(&self, text: &str) -> Option<StrategyTable> {
        self.known
            .iter()
            .find(|(key, _)| key == text)
            .map(|(_, table)| table.clone())
    }
}

/// The table of `strategy` under `rules`, named `name` if given. Specs are
/// resolved with the GIL released (a spec may solve, or run a Python file
/// in its own process). A one-entry dict `{name: strategy}` names its
/// strategy.
pub fn tabulate(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    rules: &Rules,
    name: Option<&str>,
    entries: &mut Entries,
) -> PyResult<Tabled> {
    if let Ok(dict) = strategy.cast::<PyDict>() {
        let (given, inner) = one_named(dict)?;
        return tabulate(py, &inner, rules, Some(name.unwrap_or(&given)), entries);
    }
    let name = name.map(checked_name).transpose()?;
    // A path (a str, or a pathlib.Path) is a spec as the command line
    // takes it: a CSV table, or FILE.py:function.
    let text = if strategy.is_instance_of::<PyString>() {
        Some(strategy.extract::<String>()?)
    } else if strategy.hasattr("__fspath__")? {
        Some(
            strategy
                .extract::<std::path::PathBuf>()?
                .to_string_lossy()
                .into_owned(),
        )
    } else {
        None
    };
    if let Some(text) = text {
        let text = text.trim().to_string();
        if text.contains(KEY_PREFIX) {
            return Err(hog_error(format!(
                "bad strategy: {}: names starting with {KEY_PREFIX} are hog's own",
                crate::text::clip(&text, 60)
            )));
        }
        let table = super::interrupt::interruptible(py, |options| {
            Resolver::new(rules, *options).resolve_str(&text)
        })?
        .map_err(error)?;
        return Ok(Tabled::new(
            name.unwrap_or_else(|| text.clone()),
            text,
            table,
        ));
    }
    if let Ok(solution) = strategy.cast::<PySolution>() {
        let solution = solution.get();
        // A solution keeps its rules: a table solved for one rule set is
        // not scored under another.
        let own = solution.rules_ref();
        if own.identity() != rules.identity() {
            return Err(hog_error(if own.goal() != rules.goal() {
                format!(
                    "the solution is for goal {}, not {} (leave rules= out to use the \
                     solution's own rules)",
                    own.goal(),
                    rules.goal()
                )
            } else {
                format!(
                    "the solution is for {}, not {} (leave rules= out to use the solution's own \
                     rules)",
                    own.name(),
                    rules.name()
                )
            }));
        }
        let key = match solution.answers() {
            None => "optimal".to_string(),
            Some(answered) => format!("best_response({})", entries.add(answered.clone())),
        };
        let name = name.unwrap_or_else(|| solution.name().to_string());
        let table = solution.table().clone();
        entries.solved(&key, &table);
        return Ok(Tabled::new(name, key, table));
    }
    if strategy.is_callable() {
        let name = name.unwrap_or_else(|| function_name(strategy));
        let table = call_at_every_state(py, strategy, &name, rules)?;
        let key = entries.add(table.clone());
        return Ok(Tabled::new(name, key, table));
    }
    if strategy.hasattr("__array__")?
        || strategy.is_instance_of::<PyList>()
        || strategy.is_instance_of::<PyTuple>()
    {
        let table = from_array(py, strategy, rules)?;
        let key = entries.add(table.clone());
        return Ok(Tabled::new(
            name.unwrap_or_else(|| "table".into()),
            key,
            table,
        ));
    }
    Err(PyTypeError::new_err(format!(
        "a strategy is a spec string, a function f(score, opponent_score), a (goal, goal) \
         array (or one of the whole state), a Solution or a one-entry dict {{name: strategy}}, \
         not {}",
        type_name(strategy)
    )))
}

/// The one `(name, strategy)` of a dict that names a strategy.
fn one_named<'py>(dict: &Bound<'py, PyDict>) -> PyResult<(String, Bound<'py, PyAny>)> {
    let mut items = dict.iter();
    match (items.next(), items.next()) {
        (Some((name, strategy)), None) => {
            let name = name.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "a strategy's name is a str, not {}",
                    type_name(&name)
                ))
            })?;
            Ok((name, strategy))
        }
        _ => Err(PyTypeError::new_err(format!(
            "a dict names one strategy, {{name: strategy}}, not {} (tournament() and rates(include=...) \
             take several)",
            dict.len()
        ))),
    }
}

/// A name a user gave: shown in reports as it is, so one line of printable
/// text.
pub fn checked_name(name: &str) -> PyResult<String> {
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return Err(hog_error("bad name: a strategy's name cannot be empty"));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(hog_error(format!(
            "bad name: {:?} holds control characters",
            crate::text::clip(trimmed, 60)
        )));
    }
    Ok(trimmed.to_string())
}

/// The name of a value's type, for messages.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".into(), |n| n.to_string())
}

/// What reports call a function: its own `__name__` (`<lambda>` for a
/// lambda), else its type's name.
fn function_name(f: &Bound<'_, PyAny>) -> String {
    f.getattr("__name__")
        .ok()
        .and_then(|n| n.extract::<String>().ok())
        .or_else(|| f.get_type().name().ok().map(|n| n.to_string()))
        .unwrap_or_else(|| "python_strategy".into())
}

/// A function's table: called at every state, then again in reverse order,
/// and refused if the two passes disagree anywhere.
fn call_at_every_state(
    py: Python<'_>,
    f: &Bound<'_, PyAny>,
    name: &str,
    rules: &Rules,
) -> PyResult<StrategyTable> {
    check_arity(py, f, name)?;
    let n = rules.goal() as usize;
    let moves = Moves::of(rules);
    let index = py.import("operator")?.getattr("index")?;
    let mut first = vec![0u8; n * n];
    for s in 0..n {
        for o in 0..n {
            first[s * n + o] = call(py, f, &index, name, s, o, moves)?;
        }
    }
    for i in (0..n * n).rev() {
        let (s, o) = (i / n, i % n);
        let again = call(py, f, &index, name, s, o, moves)?;
        if again != first[i] {
            return Err(python_error(
                name,
                format!(
                    "{name}({s}, {o}) returned {} and later {}: a strategy must be a \
                     deterministic function of the two scores (no randomness, no counting calls)",
                    table::shown(first[i]),
                    table::shown(again)
                ),
            ));
        }
    }
    let dice = Array2::from_shape_vec((n, n), first).expect("n * n cells");
    Ok(StrategyTable::from_array(dice))
}

/// The command line's error for a Python strategy, as a `HogError`.
fn python_error(name: &str, reason: String) -> PyErr {
    error(crate::HogError::Python {
        spec: name.to_string(),
        reason,
    })
}

/// A function that cannot take `(score, opponent_score)` is a `TypeError`
/// before any call.
fn check_arity(py: Python<'_>, f: &Bound<'_, PyAny>, name: &str) -> PyResult<()> {
    let inspect = py.import("inspect")?;
    // Some callables (builtins) have no signature to read: just call them.
    let Ok(signature) = inspect.call_method1("signature", (f,)) else {
        return Ok(());
    };
    match signature.call_method1("bind", (0, 0)) {
        Ok(_) => Ok(()),
        Err(e) => Err(PyTypeError::new_err(format!(
            "{name}{} cannot be called as {name}(score, opponent_score): {}",
            signature.str()?,
            e.value(py).str()?
        ))),
    }
}

/// The dice counts a strategy may roll under some rules.
#[derive(Clone, Copy)]
struct Moves {
    minus_one: bool,
}

impl Moves {
    fn of(rules: &Rules) -> Moves {
        Moves {
            minus_one: rules.has_minus_one(),
        }
    }

    /// `d` as a table's cell, if a move here.
    fn cell(self, d: i64) -> Option<u8> {
        table::kept(d).filter(|&cell| self.minus_one || cell != table::MINUS_ONE)
    }

    /// The moves, for messages.
    fn range(self) -> &'static str {
        if self.minus_one {
            "-1..=10"
        } else {
            "0..=10"
        }
    }
}

/// One call, checked: an exception, a non-integer or a count that is no
/// move under the rules is an error naming the call.
fn call(
    py: Python<'_>,
    f: &Bound<'_, PyAny>,
    index: &Bound<'_, PyAny>,
    name: &str,
    s: usize,
    o: usize,
    moves: Moves,
) -> PyResult<u8> {
    let at = || format!("{name}({s}, {o})");
    let value = match f.call1((s, o)) {
        Ok(value) => value,
        // KeyboardInterrupt and SystemExit are not the strategy's fault:
        // they go on as they are.
        Err(e) if !e.is_instance_of::<PyException>(py) => return Err(e),
        Err(e) => {
            let kind = e.get_type(py).name()?.to_string();
            let text = e.value(py).str()?.to_string();
            let why = if text.is_empty() {
                kind
            } else {
                format!(
                    "{kind}: {}",
                    text.split_whitespace().collect::<Vec<_>>().join(" ")
                )
            };
            let err = python_error(name, format!("{} raised {why}", at()));
            err.set_cause(py, Some(e));
            return Err(err);
        }
    };
    let shown = || shown(&value);
    if value.is_instance_of::<PyBool>() {
        return Err(python_error(
            name,
            format!("{} returned {}, not an integer", at(), shown()),
        ));
    }
    let integer = if value.is_instance_of::<PyInt>() {
        value.clone()
    } else {
        index.call1((&value,)).map_err(|_| {
            python_error(
                name,
                format!("{} returned {}, not an integer", at(), shown()),
            )
        })?
    };
    match integer.extract::<i64>().ok().and_then(|d| moves.cell(d)) {
        Some(cell) => Ok(cell),
        None => Err(python_error(
            name,
            format!(
                "{} returned {}, outside {} dice{}",
                at(),
                shown(),
                moves.range(),
                if moves.minus_one {
                    ""
                } else {
                    " (only rules with a -1 move, such as pork-chop, have -1)"
                }
            ),
        )),
    }
}

/// A value as the driver of a Python file shows it: its repr, clipped.
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value.repr().map_or_else(
        |_| "a value that cannot be printed".into(),
        |r| r.to_string(),
    );
    if text.chars().count() <= 60 {
        text
    } else {
        format!("{}...", text.chars().take(57).collect::<String>())
    }
}

/// The axes of an array of the whole state beyond the two scores, as
/// messages name them.
const CONTEXT_AXES: [&str; 3] = ["memory", "opponent_memory", "clock"];

/// A `(goal, goal)` array (or nested lists) of dice counts; under rules
/// with memory or a clock, or an array of the whole state, `(goal, goal,
/// memory, memory, clocks)` indexed `[score, opponent_score, memory,
/// opponent_memory, clock]` (as [`to_array`] gives one).
pub fn from_array(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    rules: &Rules,
) -> PyResult<StrategyTable> {
    let goal = rules.goal();
    let moves = Moves::of(rules);
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (value,)).map_err(|e| {
        hog_error(format!(
            "the table is not a rectangular array of dice counts: {}",
            e.value(py)
                .str()
                .map_or_else(|_| String::new(), |s| s.to_string())
        ))
    })?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let n = goal as usize;
    let contexts = rules.contexts();
    let whole = [
        n,
        n,
        contexts.size as usize,
        contexts.size as usize,
        contexts.clocks as usize,
    ];
    if shape != [n, n] && shape != whole {
        let shown = |dims: &[usize]| {
            let dims: Vec<String> = dims.iter().map(usize::to_string).collect();
            format!("({})", dims.join(", "))
        };
        let expected = if contexts == Contexts::NONE {
            shown(&[n, n])
        } else {
            format!(
                "({n}, {n}), or {} for the whole state [score, opponent_score, memory, \
                 opponent_memory, clock]",
                shown(&whole)
            )
        };
        return Err(hog_error(format!(
            "a table for goal {goal}{} has shape {expected}, not {}",
            if contexts == Contexts::NONE {
                String::new()
            } else {
                format!(" under {}", rules.name())
            },
            shown(&shape)
        )));
    }
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let dtype = array.getattr("dtype")?.str()?.to_string();
    match kind.as_str() {
        "i" | "u" => {}
        // One rule for every strategy: a dice count is an integer, as the
        // course's roll_dice asserts. A float, even 6.0, is none, in an
        // array as in what a function returns.
        "f" => {
            return Err(hog_error(format!(
                "a table holds integer dice counts, not {dtype} values: a float, even 6.0, is \
                 no dice count (table.astype(int) makes one from whole numbers)"
            )))
        }
        _ => {
            return Err(PyTypeError::new_err(format!(
                "a table holds whole numbers of dice, not values of dtype {dtype}"
            )))
        }
    }
    // int64 holds every count; larger integers are out of range anyway.
    let clipped = np.call_method1("clip", (&array, -1, 11))?;
    let ints = clipped.call_method1("astype", ("int64",))?;
    let view: PyReadonlyArrayDyn<'_, i64> = ints.extract()?;
    let cells = view.as_array();
    if let Some((at, _)) = cells.indexed_iter().find(|(_, &d)| moves.cell(d).is_none()) {
        let at: Vec<usize> = at.slice().to_vec();
        let original = array
            .get_item(pyo3::types::PyTuple::new(py, &at)?)?
            .call_method0("item")?;
        let mut place = format!("score {}, opponent score {}", at[0], at[1]);
        for (axis, i) in CONTEXT_AXES.iter().zip(&at[2..]) {
            place += &format!(", {axis} {i}");
        }
        return Err(hog_error(format!(
            "{place}: {} dice is outside {}",
            original.str()?,
            moves.range()
        )));
    }
    let cell = |d: i64| moves.cell(d).expect("every cell checked");
    if shape == [n, n] {
        let dice = Array2::from_shape_fn((n, n), |(s, o)| cell(cells[[s, o].as_slice()]));
        return Ok(StrategyTable::from_array(dice));
    }
    // Each state's choices in the engine's order of contexts.
    let mut choices = vec![0u8; n * n * contexts.count()];
    for (state, block) in choices.chunks_mut(contexts.count()).enumerate() {
        let (s, o) = (state / n, state % n);
        for (i, choice) in block.iter_mut().enumerate() {
            let x = contexts.context(i);
            let at = [s, o, x.mine as usize, x.theirs as usize, x.clock as usize];
            *choice = cell(cells[at.as_slice()]);
        }
    }
    Ok(StrategyTable::from_contexts(goal, contexts, choices))
}

/// A table as numpy holds it: `(goal, goal)` for a table of the scores, or
/// `(goal, goal, memory, memory, clocks)` for one of the whole state,
/// indexed `[score, opponent_score, memory, opponent_memory, clock]`
/// (`memory` the mover's). uint8, or int8 under rules with the -1 move,
/// where -1 is that move.
pub fn to_array<'py>(py: Python<'py>, table: &StrategyTable, rules: &Rules) -> Bound<'py, PyAny> {
    let cells: ArrayD<u8> = match table.contexts() {
        None => table.as_array().clone().into_dyn(),
        Some(c) => {
            let n = table.goal() as usize;
            let (size, clocks) = (c.size as usize, c.clocks as usize);
            ArrayD::from_shape_fn(IxDyn(&[n, n, size, size, clocks]), |at| {
                let x = Context {
                    mine: at[2] as u32,
                    theirs: at[3] as u32,
                    clock: at[4] as u32,
                };
                table.choice(at[0] as u32, at[1] as u32, x)
            })
        }
    };
    if rules.has_minus_one() {
        cells
            .mapv(|d| table::shown(d) as i8)
            .to_pyarray(py)
            .into_any()
    } else {
        cells.to_pyarray(py).into_any()
    }
}
