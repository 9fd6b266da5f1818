//! `hog_solver.Solution`: a solved game as numpy arrays.

use ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray2, PyArray3};
use pyo3::prelude::*;

use crate::dice::MAX_DICE;
use crate::engine::Solution;
use crate::table::StrategyTable;

use super::convert::error;
use super::rules::PyRules;

/// A solved game: the optimal strategy, or the best response to one, with
/// every state's win probability and the value of every dice count.
/// Arrays are indexed `[score, opponent_score]` and read-only.
#[pyclass(name = "Solution", module = "hog_solver", frozen)]
pub struct PySolution {
    name: String,
    rules: PyRules,
    /// `None` under rules with memory or a clock, where a solved player
    /// picks its dice by what it remembers too.
    table: Option<StrategyTable>,
    first_player: f64,
    policy: Py<PyArray2<u8>>,
    win_probability: Py<PyArray2<f64>>,
    choice_values: Py<PyArray3<f64>>,
}

/// A solution's arrays, computed without the GIL.
pub struct Arrays {
    name: String,
    table: Option<StrategyTable>,
    policy: Array2<u8>,
    first_player: f64,
    win_probability: Array2<f64>,
    choice_values: Array3<f64>,
}

impl Arrays {
    /// Everything a `Solution` holds, from the engine's solution.
    pub fn of(name: String, solution: &Solution<'_>) -> Arrays {
        let n = solution.rules().size();
        let win_probability =
            Array2::from_shape_fn((n, n), |(s, o)| solution.value(0, (s as u32, o as u32)));
        // Every state's values along each opponent score's lookup row, on
        // every thread: most of the time a solve() takes beyond the solve.
        const DICE: usize = MAX_DICE + 1;
        let block = solution.choice_values_block(0, 0..n as u32);
        let flat: Vec<f64> = block.into_iter().flatten().collect();
        let choice_values = Array3::from_shape_vec((n, n, DICE), flat).expect("n * n * 11 values");
        // The choices at the start's context (the only one, without memory).
        let policy =
            Array2::from_shape_fn((n, n), |(s, o)| solution.choice(0, (s as u32, o as u32)));
        Arrays {
            name,
            table: solution.table(),
            policy,
            first_player: solution.first_player_win_probability(),
            win_probability,
            choice_values,
        }
    }
}

/// A numpy array that says it is read-only: a Solution's arrays are its
/// answer, not scratch space.
fn frozen<'py, T: pyo3::PyTypeInfo>(array: Bound<'py, T>) -> PyResult<Py<T>> {
    let flags = [("write", false)].into_py_dict(array.py())?;
    array.as_any().call_method("setflags", (), Some(&flags))?;
    Ok(array.unbind())
}

use pyo3::types::IntoPyDict;

impl PySolution {
    /// The Python object for `arrays` under `rules`.
    /// The rules solved (for Rust callers).
    pub fn rules_ref(&self) -> &crate::rules::Rules {
        &self.rules.rules
    }

    pub fn new(py: Python<'_>, rules: PyRules, arrays: Arrays) -> PyResult<PySolution> {
        Ok(PySolution {
            policy: frozen(arrays.policy.into_pyarray(py))?,
            // Moved into numpy, not copied.
            win_probability: frozen(arrays.win_probability.into_pyarray(py))?,
            choice_values: frozen(arrays.choice_values.into_pyarray(py))?,
            name: arrays.name,
            rules,
            table: arrays.table,
            first_player: arrays.first_player,
        })
    }

    /// The goal solved.
    pub fn goal(&self) -> u32 {
        self.rules.rules.goal()
    }

    /// The strategy table: refused under rules with memory or a clock.
    pub fn table(&self) -> PyResult<StrategyTable> {
        self.table.clone().ok_or_else(|| {
            super::convert::hog_error(format!(
                "bad strategy: {}: under {} a solved strategy plays by what both players \
                 remember too, and is no table",
                self.name,
                self.rules.rules.name()
            ))
        })
    }

    /// The spec reports give it.
    pub fn name(&self) -> &str {
        &self.name
    }
}

#[pymethods]
impl PySolution {
    /// The dice count chosen at each state (uint8, `[score, opponent_score]`).
    #[getter]
    fn policy(&self, py: Python<'_>) -> Py<PyArray2<u8>> {
        self.policy.clone_ref(py)
    }

    /// The solver's win probability when it is to move at each state
    /// (float64, `[score, opponent_score]`).
    #[getter]
    fn win_probability(&self, py: Python<'_>) -> Py<PyArray2<f64>> {
        self.win_probability.clone_ref(py)
    }

    /// The win probability of each dice count 0..10 at each state, with the
    /// same play afterwards (float64, `[score, opponent_score, dice]`).
    #[getter]
    fn choice_values(&self, py: Python<'_>) -> Py<PyArray3<f64>> {
        self.choice_values.clone_ref(py)
    }

    /// The solver's win probability when it moves first.
    #[getter]
    fn first_player_win_probability(&self) -> f64 {
        self.first_player
    }

    /// The rules solved.
    #[getter]
    fn rules(&self) -> PyRules {
        self.rules.clone()
    }

    /// What reports call this strategy: `optimal` or `best_response(SPEC)`.
    #[getter]
    fn strategy(&self) -> &str {
        &self.name
    }

    /// Write the table as the command line's `final_strategy.csv` (the same
    /// bytes), atomically: the file is whole or untouched.
    fn to_csv(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        // As Python's open() does: a folder that is not there is an
        // error, not something to make.
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            if folder.exists() && !folder.is_dir() {
                return Err(pyo3::exceptions::PyNotADirectoryError::new_err(format!(
                    "{}: {} is a file, not a folder",
                    path.display(),
                    folder.display()
                )));
            }
            if !folder.exists() {
                return Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!(
                    "{}: no such folder {}",
                    path.display(),
                    folder.display()
                )));
            }
        }
        let table = self.table()?;
        py.detach(|| {
            let mut files = crate::export::AtomicFiles::new();
            files.write(&path, |out| {
                crate::export::write_final_strategy(&table, out)
            })?;
            files.commit().map(|_| ())
        })
        .map_err(error)
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(strategy='{}', goal={}, first_player_win_probability={})",
            self.name,
            self.goal(),
            self.first_player
        )
    }
}
