//! Values crossing into Python: errors as `HogError`, and the command
//! line's JSON reports as plain dicts and lists (so the numbers are the
//! very same `f64`s the CLI prints).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Serialize;
use serde_json::Value;

use super::HogError;

/// A hog error as the Python exception, in the package's words where the
/// library's name a command-line flag or command.
pub fn error(e: crate::HogError) -> PyErr {
    HogError::new_err(in_python_words(&e.to_string()))
}

/// The library's phrases that speak of the command line, as the package
/// says them: a Python strategy named `FILE.py:function` runs in a
/// process of its own with the command line's time limit, which no
/// argument here raises, while a function passed itself has none.
const CLI_WORDS: [(&str, &str); 3] = [
    (
        "(raise --python-timeout)",
        "(pass the function itself, not FILE.py:function, to run it in this process without \
         a time limit)",
    ),
    ("(hog rules lists them)", "(Rules.presets() lists them)"),
    (
        "as hog solve writes",
        "as Solution.to_csv and hog solve write",
    ),
];

fn in_python_words(message: &str) -> String {
    CLI_WORDS
        .iter()
        .fold(message.to_string(), |text, (cli, python)| {
            text.replace(cli, python)
        })
}

/// A `HogError` with `message`.
pub fn hog_error(message: impl Into<String>) -> PyErr {
    HogError::new_err(message.into())
}

/// A serializable report as Python dicts, lists and numbers.
pub fn report<'py>(py: Python<'py>, report: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(report)
        .map_err(|e| hog_error(format!("a report could not be built: {e}")))?;
    to_python(py, &value)
}

/// A JSON value as the Python value `json.loads` would give.
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}
