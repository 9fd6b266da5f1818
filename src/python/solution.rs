//! `hog_solver.Solution`: a solved game as numpy arrays.

use ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray2, PyReadonlyArray3};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyTuple};

use crate::dice::MAX_DICE;
use crate::engine::{Solution, State, SweepOptions};
use crate::recall::Context;
use crate::table::{self, StrategyTable};

use super::convert::{error, hog_error};
use super::rules::PyRules;
use super::strategy::from_array;

/// A solved game: the optimal strategy, or the best response to one.
///
/// Made by `solve()` and `best_response()`; every array is indexed
/// `[score, opponent_score]` and read-only. A Solution keeps its rules: a
/// function given it uses them unless told otherwise. It pickles with its
/// arrays (loading it solves nothing).
///
/// Attributes
/// ----------
/// policy : numpy.ndarray
///     The dice count chosen at each state (uint8; int8 with -1 under
///     rules with the -1 move).
/// win_probability : numpy.ndarray
///     float64: the chance to win when it is to move at each state.
/// choice_values : numpy.ndarray
///     float64 `[score, opponent_score, dice]`: the chance to win rolling
///     each count 0..10, with the same play afterwards.
/// first_player_win_probability : float
///     The chance to win moving first.
/// rules : Rules
///     The rules solved.
/// strategy : str
///     What reports call it: `optimal` or `best_response(NAME)`.
/// context : tuple of int, or None
///     `(mine, theirs, clock)` the arrays are at, under rules with memory
///     or a clock (see `at`).
///
/// Examples
/// --------
/// >>> import hog_solver as hs
/// >>> sol = hs.solve(hs.Rules(goal=20))
/// >>> sol
/// Solution(strategy='optimal', goal=20, first_player_win_probability=0.6186659312332228)
/// >>> sol.policy.dtype, sol.policy.shape, sol.choice_values.shape
/// (dtype('uint8'), (20, 20), (20, 20, 11))
/// >>> import pickle; pickle.loads(pickle.dumps(sol)).policy[0, :5]
/// array([6, 6, 6, 5, 6], dtype=uint8)
#[pyclass(name = "Solution", module = "hog_solver", frozen)]
pub struct PySolution {
    name: String,
    rules: PyRules,
    /// The table a best response answers (`None` for the optimum): what
    /// it is rated against by its own values, and solved again from.
    answers: Option<StrategyTable>,
    /// What both players remember and the clock, under rules that have
    /// them: the arrays are at this context.
    context: Option<Context>,
    /// `None` under rules with memory or a clock, where a solved player
    /// picks its dice by what it remembers too.
    table: Option<StrategyTable>,
    first_player: f64,
    /// uint8, or int8 under rules with the -1 move.
    policy: Py<PyAny>,
    win_probability: Py<PyArray2<f64>>,
    choice_values: Py<PyArray3<f64>>,
}

/// Rows of choice values computed between looks at the cancel flag.
const ROWS: usize = 64;

/// A solution's arrays, computed without the GIL.
pub struct Arrays {
    name: String,
    /// What both players remember and the clock, where the arrays are.
    context: Context,
    policy: Array2<u8>,
    first_player: f64,
    win_probability: Array2<f64>,
    choice_values: Array3<f64>,
}

impl Arrays {
    /// Everything a `Solution` holds, from the engine's solution, at
    /// context `x` (the start's where the rules remember nothing).
    /// Cancelled (Ctrl-C), it stops between rows and its arrays are
    /// meaningless.
    pub fn of(
        name: String,
        solution: &Solution<'_>,
        x: Context,
        options: &SweepOptions<'_>,
    ) -> Arrays {
        use rayon::prelude::*;
        const DICE: usize = MAX_DICE + 1;
        let n = solution.rules().size();
        let mut win = vec![0.0; n * n];
        let mut choices = vec![0u8; n * n];
        let mut flat: Vec<f64> = Vec::with_capacity(n * n * DICE);
        // In blocks of rows on every thread (most of the time a solve()
        // takes beyond the solve), looking at the cancel flag between
        // blocks so that Ctrl-C is heard at a large goal.
        for first in (0..n).step_by(ROWS) {
            if options.cancelled() {
                break;
            }
            let last = (first + ROWS).min(n);
            win[first * n..last * n]
                .par_chunks_mut(n)
                .zip(choices[first * n..last * n].par_chunks_mut(n))
                .enumerate()
                .for_each(|(i, (values, dice))| {
                    for o in 0..n {
                        let at = State::new((first + i) as u32, o as u32, x);
                        values[o] = solution.value(0, at);
                        dice[o] = solution.choice(0, at);
                    }
                });
            let block = solution.choice_values_block_at(0, first as u32..last as u32, x);
            flat.extend(block.into_iter().flatten());
        }
        if options.cancelled() {
            // Thrown away by the caller: no arrays to fill (at a large
            // goal, filling them would keep Ctrl-C waiting).
            return Arrays {
                name,
                context: x,
                policy: Array2::zeros((0, 0)),
                first_player: f64::NAN,
                win_probability: Array2::zeros((0, 0)),
                choice_values: Array3::zeros((0, 0, 0)),
            };
        }
        let win_probability = Array2::from_shape_vec((n, n), win).expect("n * n values");
        let policy = Array2::from_shape_vec((n, n), choices).expect("n * n choices");
        let choice_values = Array3::from_shape_vec((n, n, DICE), flat).expect("n * n * 11 values");
        Arrays {
            name,
            context: x,
            policy,
            // From the start of a game: the start's context whatever `x` is.
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

/// The policy as people read it: uint8 dice counts, or int8 under rules
/// with the -1 move (where -1 is that move).
fn policy_array<'py>(py: Python<'py>, policy: Array2<u8>, minus_one: bool) -> PyResult<Py<PyAny>> {
    if minus_one {
        let shown = policy.mapv(|d| table::shown(d) as i8);
        Ok(frozen(shown.into_pyarray(py))?.into_any())
    } else {
        Ok(frozen(policy.into_pyarray(py))?.into_any())
    }
}

impl PySolution {
    /// The Python object for `arrays` under `rules`; `answers` is the
    /// table a best response answers.
    pub fn new(
        py: Python<'_>,
        rules: PyRules,
        answers: Option<StrategyTable>,
        arrays: Arrays,
    ) -> PyResult<PySolution> {
        let minus_one = rules.rules.has_minus_one();
        // Where the rules remember nothing, the policy is the strategy
        // table, and there is no context to say.
        let remembers = rules.rules.memory().is_some();
        let table = (!remembers).then(|| StrategyTable::from_array(arrays.policy.clone()));
        let context = remembers.then_some(arrays.context);
        Ok(PySolution {
            policy: policy_array(py, arrays.policy, minus_one)?,
            // Moved into numpy, not copied.
            win_probability: frozen(arrays.win_probability.into_pyarray(py))?,
            choice_values: frozen(arrays.choice_values.into_pyarray(py))?,
            name: arrays.name,
            rules,
            answers,
            context,
            table,
            first_player: arrays.first_player,
        })
    }

    /// The rules solved (for Rust callers).
    pub fn rules_ref(&self) -> &crate::rules::Rules {
        &self.rules.rules
    }

    /// The rules solved, as Python holds them.
    pub fn py_rules(&self) -> &PyRules {
        &self.rules
    }

    /// The table a best response answers; `None` for the optimum.
    pub fn answers(&self) -> Option<&StrategyTable> {
        self.answers.as_ref()
    }

    /// The goal solved.
    pub fn goal(&self) -> u32 {
        self.rules.rules.goal()
    }

    /// The strategy table: refused under rules with memory or a clock.
    pub fn table(&self) -> PyResult<StrategyTable> {
        self.table.clone().ok_or_else(|| {
            hog_error(format!(
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
    /// The dice count chosen at each state (uint8, `[score, opponent_score]`;
    /// int8 under rules with the -1 move).
    #[getter]
    fn policy(&self, py: Python<'_>) -> Py<PyAny> {
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

    /// What reports call this strategy: `optimal` or `best_response(NAME)`.
    #[getter]
    fn strategy(&self) -> &str {
        &self.name
    }

    /// What both players remember and the clock the arrays are at, as
    /// `(mine, theirs, clock)`; `None` under rules that remember nothing.
    #[getter]
    fn context(&self) -> Option<(u32, u32, u32)> {
        self.context.map(|x| (x.mine, x.theirs, x.clock))
    }

    /// The same solution with its arrays at another context: what the
    /// mover and the other player remember (`remembered=(mine, theirs)`)
    /// and the clock, under rules with memory or a clock (`Rules("fa19")`).
    /// Solves again, in about the time the first solve took.
    #[pyo3(signature = (remembered = None, clock = None))]
    fn at(
        &self,
        py: Python<'_>,
        remembered: Option<(u32, u32)>,
        clock: Option<u32>,
    ) -> PyResult<PySolution> {
        let asked = crate::explain::ContextAsked {
            remembered,
            clock,
            ..crate::explain::ContextAsked::default()
        };
        let rules = &self.rules.rules;
        let x = crate::explain::context_asked(rules, &asked)
            .map_err(error)?
            .unwrap_or(Context::START);
        let name = self.name.clone();
        let answers = self.answers.clone();
        let arrays = super::interrupt::interruptible(py, |options| {
            let solution = match &answers {
                None => crate::engine::solve(rules, options),
                Some(opponent) => crate::engine::best_response(rules, opponent, options),
            };
            Arrays::of(name, &solution, x, options)
        })?;
        PySolution::new(py, self.rules.clone(), self.answers.clone(), arrays)
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

    /// Every state as a pandas DataFrame.
    ///
    /// Returns
    /// -------
    /// pandas.DataFrame
    ///     Indexed by `(score, opponent_score)`; columns `dice` (the
    ///     policy's dtype), `win_probability` and `choice_0` to `choice_10`
    ///     (float64).
    ///
    /// Raises
    /// ------
    /// ImportError
    ///     Without pandas (`pip install pandas`).
    ///
    /// Examples
    /// --------
    /// >>> import hog_solver as hs
    /// >>> frame = hs.solve(hs.Rules(goal=20)).to_pandas()
    /// >>> list(frame.index.names), frame.shape
    /// (['score', 'opponent_score'], (400, 13))
    fn to_pandas<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let display = slf.py().import("hog_solver._display")?;
        display.call_method1("solution_frame", (slf,))
    }

    /// A short HTML summary, for notebooks.
    fn _repr_html_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let display = slf.py().import("hog_solver._display")?;
        display.call_method1("solution_html", (slf,))
    }

    /// A pickle: the arrays and what they are of, so that loading it
    /// solves nothing.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let make = py.import("hog_solver._pickle")?.getattr("solution")?;
        let answers = match &self.answers {
            Some(t) => Some(policy_array(
                py,
                t.as_array().clone(),
                self.rules.rules.has_minus_one(),
            )?),
            None => None,
        };
        let state = (
            self.rules.clone(),
            self.name.clone(),
            answers,
            self.context(),
            self.first_player,
            self.policy.clone_ref(py),
            self.win_probability.clone_ref(py),
            self.choice_values.clone_ref(py),
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [make.into_any(), state.into_any()])
    }

    /// A Solution from the state its pickle holds (see `__reduce__`).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        py: Python<'_>,
        rules: &Bound<'_, PyRules>,
        name: String,
        answers: Option<Bound<'_, PyAny>>,
        context: Option<(u32, u32, u32)>,
        first_player: f64,
        policy: Bound<'_, PyAny>,
        win_probability: PyReadonlyArray2<'_, f64>,
        choice_values: PyReadonlyArray3<'_, f64>,
    ) -> PyResult<PySolution> {
        let rules = rules.get().clone();
        let n = rules.rules.size();
        // Read as any table is: the rules' shape and moves.
        let table = |array: &Bound<'_, PyAny>| from_array(py, array, &rules.rules);
        let answers = answers.as_ref().map(table).transpose()?;
        let policy = table(&policy)?;
        let shapes_agree =
            win_probability.dims() == [n, n] && choice_values.dims() == [n, n, MAX_DICE + 1];
        if !shapes_agree {
            return Err(hog_error(format!(
                "a pickled solution's arrays are not those of goal {}",
                rules.rules.goal()
            )));
        }
        let (mine, theirs, clock) = context.unwrap_or((0, 0, 0));
        let arrays = Arrays {
            name,
            context: Context {
                mine,
                theirs,
                clock,
            },
            policy: policy.as_array().clone(),
            first_player,
            win_probability: win_probability.as_array().to_owned(),
            choice_values: choice_values.as_array().to_owned(),
        };
        PySolution::new(py, rules, answers, arrays)
    }

    /// A Solution is a value (its arrays are read-only): a copy is itself.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
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
