//! `hog_solver.Solution`: a solved game as numpy arrays.

use ndarray::{Array2, Array3, Axis};
use numpy::{IntoPyArray, PyArrayMethods, PyReadonlyArray2, PyReadonlyArray3};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyTuple};

use crate::dice::MAX_DICE;
use crate::engine::{Solution, State, SweepOptions};
use crate::recall::Context;
use crate::table::{self, StrategyTable};

use super::convert::{error, hog_error};
use super::rules::PyRules;
use super::strategy::{from_array, to_array};

/// A solved game: the optimal strategy, or the best response to one.
///
/// Made by `solve()` and `best_response()`; every array is indexed
/// `[score, opponent_score]` and read-only. A Solution keeps its rules: a
/// function given it uses them unless told otherwise. It pickles with its
/// arrays (loading it solves nothing).
///
/// Under rules with a goal for each player (`fa21-contest`: 30 and 40 on a
/// board of 40) some states of the board are none of the game: the
/// mover's score at or past its own goal, or the other's at or past
/// theirs. There the three arrays are numpy masked arrays
/// (`numpy.ma.MaskedArray`, a subclass of `numpy.ndarray`) hiding those
/// states, whose values no player meets; `to_pandas()` leaves their rows
/// out. Under every other rule set they are plain arrays.
///
/// Attributes
/// ----------
/// policy : numpy.ndarray
///     The dice count chosen at each state (uint8; int8 with -1 under
///     rules with the -1 move).
/// win_probability : numpy.ndarray
///     float64: the chance to win when it is to move at each state.
/// choice_values : numpy.ndarray
///     float64 `[score, opponent_score, move]`: the chance to win making
///     each move, with the same play afterwards; a column for each of
///     `moves`. The column of the move played is `win_probability`, to
///     the bit, and it is the best column: `choice_values.max(2)` is
///     `win_probability` but where moves tie within 1e-12, the engine's
///     tie tolerance, and the fewest dice are rolled.
/// moves : list of int
///     The move of each column of `choice_values`: 0 to 10 dice, then -1
///     where the rules have that move (`choice_values[..., -1]`).
/// first_player_win_probability : float
///     The chance to win moving first.
/// goal : int
///     The board's goal: the arrays are `goal` by `goal`.
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
/// >>> contest = hs.solve(hs.Rules("fa15-contest", goal=40))
/// >>> contest.moves[-1], contest.choice_values.shape
/// (-1, (40, 40, 12))
/// >>> import numpy as np
/// >>> bool(np.allclose(contest.choice_values.max(2), contest.win_probability, rtol=0, atol=1e-12))
/// True
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
    /// The strategy solved, over every state the rules have: under rules
    /// with memory or a clock it reads what both remember and the clock.
    table: StrategyTable,
    first_player: f64,
    /// uint8, or int8 under rules with the -1 move. This and the other
    /// arrays are masked arrays where some states are past a player's
    /// goal (see [`past_a_goal`]).
    policy: Py<PyAny>,
    win_probability: Py<PyAny>,
    /// A column for each move of the rules, -1 last where they have it.
    choice_values: Py<PyAny>,
}

/// Rows of choice values computed between looks at the cancel flag.
const ROWS: usize = 64;

/// A solution's arrays, computed without the GIL.
pub struct Arrays {
    name: String,
    /// What both players remember and the clock, where the arrays are.
    context: Context,
    /// The strategy over the whole state (its choice in every context).
    table: StrategyTable,
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
        let rules = solution.rules();
        let n = rules.size();
        // Every move of the rules: the -1 is a column of its own, after 10.
        let moves = DICE + usize::from(rules.has_minus_one());
        let mut win = vec![0.0; n * n];
        let mut choices = vec![0u8; n * n];
        let mut flat: Vec<f64> = Vec::with_capacity(n * n * moves);
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
            if moves == DICE {
                let block = solution.choice_values_block_at(0, first as u32..last as u32, x);
                flat.extend(block.into_iter().flatten());
            } else {
                // The block of dice counts stops at 10: each state's
                // every move, in the rules' order.
                let rows: Vec<Vec<f64>> = (first..last)
                    .into_par_iter()
                    .map(|s| {
                        let mut row = Vec::with_capacity(n * moves);
                        for o in 0..n {
                            let all = solution.choice_values(0, State::new(s as u32, o as u32, x));
                            row.extend((0..moves).map(|k| all.get(k).copied().unwrap_or(f64::NAN)));
                        }
                        row
                    })
                    .collect();
                flat.extend(rows.into_iter().flatten());
            }
        }
        if options.cancelled() {
            // Thrown away by the caller: no arrays to fill (at a large
            // goal, filling them would keep Ctrl-C waiting).
            return Arrays {
                name,
                context: x,
                table: StrategyTable::constant(0, 0),
                policy: Array2::zeros((0, 0)),
                first_player: f64::NAN,
                win_probability: Array2::zeros((0, 0)),
                choice_values: Array3::zeros((0, 0, 0)),
            };
        }
        let win_probability = Array2::from_shape_vec((n, n), win).expect("n * n values");
        let policy = Array2::from_shape_vec((n, n), choices).expect("n * n choices");
        let choice_values =
            Array3::from_shape_vec((n, n, moves), flat).expect("a value for every move");
        Arrays {
            name,
            context: x,
            table: solution.table(),
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

/// The states of the board that are no states of the game at context
/// `x`: the mover's score at or past its own goal, or the other's at or
/// past theirs. `None` where every state is one (one goal for both, the
/// board's), as under every rule set but those with a goal per player.
fn past_a_goal(rules: &crate::rules::Rules, x: Context) -> Option<Array2<bool>> {
    let n = rules.goal();
    let (mine, theirs) = rules.goals_at(x.clock);
    if mine >= n && theirs >= n {
        return None;
    }
    let size = n as usize;
    Some(Array2::from_shape_fn((size, size), |(s, o)| {
        s as u32 >= mine || o as u32 >= theirs
    }))
}

/// `data` as a numpy masked array hiding `mask`, both read-only.
fn masked<'py, D: ndarray::Dimension>(
    py: Python<'py>,
    data: Py<PyAny>,
    mask: ndarray::Array<bool, D>,
) -> PyResult<Py<PyAny>> {
    let mask = frozen(mask.into_pyarray(py))?;
    let ma = py.import("numpy.ma")?;
    let kwargs = [("mask", mask.into_any())].into_py_dict(py)?;
    Ok(ma
        .getattr("MaskedArray")?
        .call((data,), Some(&kwargs))?
        .unbind())
}

/// An array as numpy holds it under a mask: the data alone (a plain
/// array is itself).
fn unmasked<'py>(py: Python<'py>, array: &Py<PyAny>) -> PyResult<Bound<'py, PyAny>> {
    py.import("numpy.ma")?.call_method1("getdata", (array,))
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
        let context = remembers.then_some(arrays.context);
        let moves = arrays.choice_values.len_of(Axis(2));
        let mut policy = policy_array(py, arrays.policy, minus_one)?;
        // Moved into numpy, not copied.
        let mut win_probability = frozen(arrays.win_probability.into_pyarray(py))?.into_any();
        let mut choice_values = frozen(arrays.choice_values.into_pyarray(py))?.into_any();
        // A state past a player's goal is no state of the game: the engine
        // holds 0 dice there, which no player rolls. Masked, not shown.
        if let Some(mask) = past_a_goal(&rules.rules, arrays.context) {
            let every_move = mask
                .clone()
                .insert_axis(Axis(2))
                .broadcast((mask.nrows(), mask.ncols(), moves))
                .expect("a mask for every move")
                .to_owned();
            choice_values = masked(py, choice_values, every_move)?;
            win_probability = masked(py, win_probability, mask.clone())?;
            policy = masked(py, policy, mask)?;
        }
        Ok(PySolution {
            policy,
            win_probability,
            choice_values,
            name: arrays.name,
            rules,
            answers,
            context,
            table: arrays.table,
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

    /// The strategy table, of the whole state under rules with memory or
    /// a clock.
    pub fn table(&self) -> &StrategyTable {
        &self.table
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
    fn win_probability(&self, py: Python<'_>) -> Py<PyAny> {
        self.win_probability.clone_ref(py)
    }

    /// The win probability of each move at each state, with the same play
    /// afterwards (float64, `[score, opponent_score, move]`): a column for
    /// each of `moves`, 0 to 10 dice, then -1 where the rules have it.
    #[getter]
    fn choice_values(&self, py: Python<'_>) -> Py<PyAny> {
        self.choice_values.clone_ref(py)
    }

    /// The move of each column of `choice_values`: 0 to 10, then -1 where
    /// the rules have that move.
    #[getter]
    fn moves(&self) -> Vec<i32> {
        self.rules
            .description_ref()
            .moves
            .iter()
            .map(|m| m.dice)
            .collect()
    }

    /// The board's goal: the arrays are `goal` by `goal`.
    #[getter(goal)]
    fn goal_py(&self) -> u32 {
        self.goal()
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
        let rules = &self.rules.rules;
        let x = super::rules::context_argument(rules, remembered, clock)?.unwrap_or(Context::START);
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

    /// Write the strategy as `hog solve` writes its `final_strategy.csv`
    /// (the same bytes), atomically: the file is whole or untouched. Under
    /// rules with memory or a clock that is the long table of the whole
    /// state, a row for each state and context with its win probability
    /// (solved again to write it, in about the time `solve()` took); `hs.table`
    /// and every function here read it back as the same strategy.
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
        let rules = &self.rules.rules;
        if rules.memory().is_some() {
            // The long table holds each state's value in every context; the
            // arrays hold one context's: solved again, as hog solve does.
            let answers = &self.answers;
            let written = super::interrupt::interruptible(py, |options| {
                let solution = match answers {
                    None => crate::engine::solve(rules, options),
                    Some(opponent) => crate::engine::best_response(rules, opponent, options),
                };
                if options.cancelled() {
                    return Ok(());
                }
                let mut files = crate::export::AtomicFiles::new();
                files.write(&path, |out| {
                    crate::export::write_memory_strategy(&solution, 0, out)
                })?;
                files.commit().map(|_| ())
            })?;
            return written.map_err(error);
        }
        let table = &self.table;
        py.detach(|| {
            let mut files = crate::export::AtomicFiles::new();
            files.write(&path, |out| crate::export::write_final_strategy(table, out))?;
            files.commit().map(|_| ())
        })
        .map_err(error)
    }

    /// Every state as a pandas DataFrame.
    ///
    /// Returns
    /// -------
    /// pandas.DataFrame
    ///     Indexed by `(score, opponent_score)`, a row for each state of
    ///     the game (every state of the board but those past a player's
    ///     goal); columns `dice` (the policy's dtype), `win_probability`
    ///     and a `choice_M` for each of `moves`, `choice_0` to `choice_10`
    ///     then `choice_-1` where the rules have that move (float64).
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
        let rules = &self.rules.rules;
        let answers = self.answers.as_ref().map(|t| to_array(py, t, rules));
        let state = (
            self.rules.clone(),
            self.name.clone(),
            answers,
            self.context(),
            self.first_player,
            // The data alone: the mask is the rules', made again on load.
            unmasked(py, &self.policy)?,
            unmasked(py, &self.win_probability)?,
            unmasked(py, &self.choice_values)?,
            // The whole strategy: under memory more than the policy shows.
            to_array(py, &self.table, rules),
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [make.into_any(), state.into_any()])
    }

    /// A Solution from the state its pickle holds (see `__reduce__`).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (rules, name, answers, context, first_player, policy, win_probability, choice_values, table = None))]
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
        table: Option<Bound<'_, PyAny>>,
    ) -> PyResult<PySolution> {
        let rules = rules.get().clone();
        let n = rules.rules.size();
        // Read as any table is: the rules' shape and moves.
        let read = |array: &Bound<'_, PyAny>| from_array(py, array, &rules.rules);
        let answers = answers.as_ref().map(read).transpose()?;
        let policy = read(&policy)?;
        // A pickle of an older package holds no table: where the rules
        // track nothing but the scores, the policy is the table.
        let table = match table {
            Some(table) => read(&table)?,
            None if rules.rules.memory().is_none() => policy.clone(),
            None => {
                return Err(hog_error(format!(
                    "a pickled solution under {} holds no table of the whole state (pickled by \
                     an older hog_solver): solve it again",
                    rules.rules.name()
                )))
            }
        };
        let moves = rules.description_ref().moves.len();
        let shapes_agree =
            win_probability.dims() == [n, n] && choice_values.dims() == [n, n, moves];
        if !shapes_agree {
            return Err(hog_error(format!(
                "a pickled solution's arrays are not those of {} at goal {} ({n} by {n}, {moves} \
                 moves a state)",
                rules.rules.name(),
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
            table,
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
