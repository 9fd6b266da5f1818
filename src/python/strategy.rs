//! Any Python value a student might hand over as a strategy, made into a
//! table: a spec string as on the command line, a function
//! `f(score, opponent_score)` (called at every state here, in this
//! process, with the checks the command line gives a Python file), a
//! `(goal, goal)` array or nested lists, or a `Solution`.

use ndarray::Array2;
use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

use crate::dice::MAX_DICE;
use crate::engine::SweepOptions;
use crate::rules::Rules;
use crate::strategy::{Resolver, Spec, StrategyTable};

use super::convert::{error, hog_error};
use super::solution::PySolution;

/// A strategy made into a table, with the name reports give it.
pub struct Tabled {
    pub table: StrategyTable,
    pub name: String,
}

/// The table of `strategy` under `rules`. Specs are resolved with the GIL
/// released (a spec may solve, or run a Python file in its own process).
pub fn tabulate(py: Python<'_>, strategy: &Bound<'_, PyAny>, rules: &Rules) -> PyResult<Tabled> {
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
        let table = py
            .detach(|| Resolver::new(rules, SweepOptions::default()).resolve_str(&text))
            .map_err(error)?;
        return Ok(Tabled { table, name: text });
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
        return Ok(Tabled {
            table: solution.table()?,
            name: solution.name().to_string(),
        });
    }
    if strategy.is_callable() {
        let name = function_name(strategy, rules);
        let table = call_at_every_state(py, strategy, &name, rules.goal())?;
        return Ok(Tabled { table, name });
    }
    if strategy.hasattr("__array__")?
        || strategy.is_instance_of::<PyList>()
        || strategy.is_instance_of::<PyTuple>()
    {
        let table = from_array(py, strategy, rules.goal())?;
        return Ok(Tabled {
            table,
            name: "table".into(),
        });
    }
    Err(PyTypeError::new_err(format!(
        "a strategy is a spec string, a function f(score, opponent_score), a (goal, goal) \
         array or a Solution, not {}",
        type_name(strategy)
    )))
}

/// The name of a value's type, for messages.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".into(), |n| n.to_string())
}

/// What reports call a function: its `__name__` when that reads as a spec
/// that names nothing else (so that `best_response(final_strategy)` can
/// name it in a rates table), else `python_strategy`.
fn function_name(f: &Bound<'_, PyAny>, rules: &Rules) -> String {
    let name: Option<String> = f
        .getattr("__name__")
        .ok()
        .and_then(|n| n.extract::<String>().ok());
    match name {
        Some(name)
            if matches!(Spec::parse(&name), Ok(Spec::Course { ref args, .. }) if args.is_empty())
                && crate::strategy::find_course_strategy(rules, &name).is_err() =>
        {
            name
        }
        _ => "python_strategy".into(),
    }
}

/// A function's table: called at every state, then again in reverse order,
/// and refused if the two passes disagree anywhere.
fn call_at_every_state(
    py: Python<'_>,
    f: &Bound<'_, PyAny>,
    name: &str,
    goal: u32,
) -> PyResult<StrategyTable> {
    check_arity(py, f, name)?;
    let n = goal as usize;
    let index = py.import("operator")?.getattr("index")?;
    let mut first = vec![0u8; n * n];
    for s in 0..n {
        for o in 0..n {
            first[s * n + o] = call(py, f, &index, name, s, o)?;
        }
    }
    for i in (0..n * n).rev() {
        let (s, o) = (i / n, i % n);
        let again = call(py, f, &index, name, s, o)?;
        if again != first[i] {
            return Err(python_error(
                name,
                format!(
                    "{name}({s}, {o}) returned {} and later {again}: a strategy must be a \
                     deterministic function of the two scores (no randomness, no counting calls)",
                    first[i]
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

/// One call, checked: an exception, a non-integer or a count outside
/// 0..=10 is an error naming the call.
fn call(
    py: Python<'_>,
    f: &Bound<'_, PyAny>,
    index: &Bound<'_, PyAny>,
    name: &str,
    s: usize,
    o: usize,
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
    match integer.extract::<i64>() {
        Ok(d) if (0..=MAX_DICE as i64).contains(&d) => Ok(d as u8),
        _ => Err(python_error(
            name,
            format!("{} returned {}, outside 0..=10 dice", at(), shown()),
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

/// A `(goal, goal)` array (or nested lists) of dice counts.
fn from_array(py: Python<'_>, value: &Bound<'_, PyAny>, goal: u32) -> PyResult<StrategyTable> {
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
    if shape != [n, n] {
        let shown: Vec<String> = shape.iter().map(usize::to_string).collect();
        return Err(hog_error(format!(
            "a table for goal {goal} has shape ({n}, {n}), not ({})",
            shown.join(", ")
        )));
    }
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let dtype = array.getattr("dtype")?.str()?.to_string();
    match kind.as_str() {
        "i" | "u" => {}
        "f" => {
            // A float array of whole numbers (np.zeros, then counts) is a table.
            let whole: bool = np
                .call_method1(
                    "array_equal",
                    (&array, np.call_method1("floor", (&array,))?),
                )?
                .extract()?;
            if !whole {
                let fractions =
                    np.call_method1("not_equal", (&array, np.call_method1("floor", (&array,))?))?;
                let bad = np
                    .call_method1("argwhere", (fractions,))?
                    .get_item(0)?
                    .call_method0("tolist")?;
                let at: Vec<usize> = bad.extract()?;
                let (s, o) = (at[0], at[1]);
                // As Python prints the number (numpy's repr names its type).
                let v = array.get_item((s, o))?.call_method0("item")?;
                return Err(hog_error(format!(
                    "score {s}, opponent score {o}: {} is not a whole number of dice",
                    v.repr()?
                )));
            }
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
    let view: PyReadonlyArray2<'_, i64> = ints.extract()?;
    let dims = view.shape().to_vec();
    let cells = view.as_array();
    let dice = Array2::from_shape_fn((dims[0], dims[1]), |(s, o)| cells[[s, o]]);
    if let Some(((s, o), _)) = dice
        .indexed_iter()
        .find(|(_, &d)| !(0..=MAX_DICE as i64).contains(&d))
    {
        let original = array.get_item((s, o))?.call_method0("item")?;
        return Err(hog_error(format!(
            "score {s}, opponent score {o}: {} dice is outside 0..=10",
            original.str()?
        )));
    }
    Ok(StrategyTable::from_array(dice.mapv(|d| d as u8)))
}
