//! The functions of `hog_solver._native`: each converts its strategies,
//! computes with the GIL released, and answers with the command line's
//! report for the same question (a dict: the Python layer names its fields).

use pyo3::prelude::*;
use serde_json::{json, Value};

use crate::engine::win_rates;
use crate::explain::{
    explain as explain_state, explain_remembering, explain_strategy, explain_strategy_remembering,
};
use crate::memory::Need;
use crate::report::{EvalReport, ExplainReport, RulesHeader};
use crate::rules::Rules;
use crate::simulate::{average_interval95, simulate as sample};
use crate::strategy::{Grid, Resolver, Spec, StrategyTable};

use super::convert::{error, hog_error, report, to_python};
use super::interrupt::interruptible;
use super::rules::{context_argument, rules_argument, rules_or_default, PyRules};
use super::solution::{Arrays, PySolution};
use super::strategy::{tabulate, to_array, Entries, Tabled};
use crate::recall::Context;

/// Refuse work that would not fit in memory, as the command line does.
fn check_memory(rules: &Rules, what: &str, need: Need) -> PyResult<()> {
    let goal = rules.goal();
    crate::memory::check(goal, need.bytes(goal), what, rayon::current_num_threads()).map_err(error)
}

/// Seats of work that runs on every thread at once (two a sweep).
fn busy_seats() -> u64 {
    2 * rayon::current_num_threads() as u64
}

/// The bytes of a Solution's arrays: policy, win probabilities, choice values.
fn solution_bytes(goal: u32) -> u64 {
    let states = u64::from(goal) * u64::from(goal);
    states * (1 + 8 + 8 * 11)
}

/// The opponent, or the rule set's course baseline.
fn opponent(
    py: Python<'_>,
    vs: Option<&Bound<'_, PyAny>>,
    rules: &Rules,
    entries: &mut Entries,
) -> PyResult<Tabled> {
    match vs {
        Some(vs) if !vs.is_none() => tabulate(py, vs, rules, None, entries),
        _ => {
            let name = format!("always_roll({})", rules.baseline_dice());
            Ok(Tabled::new(
                name.clone(),
                name,
                StrategyTable::constant(rules.goal(), rules.baseline_dice()),
            ))
        }
    }
}

/// The rules a call runs under: those given, else those of the first
/// Solution among its strategies (a solution keeps its rules), else fa24
/// to 100.
fn rules_of(
    rules: Option<&Bound<'_, PyAny>>,
    strategies: &[Option<&Bound<'_, PyAny>>],
) -> PyResult<PyRules> {
    if let Some(rules) = rules_argument(rules)? {
        return Ok(rules);
    }
    for strategy in strategies.iter().flatten() {
        if let Some(solution) = solution_in(strategy) {
            return Ok(solution.get().py_rules().clone());
        }
    }
    Ok(rules_or_default(None))
}

/// The Solution a strategy argument is, or names (`{name: solution}`).
fn solution_in<'py>(strategy: &Bound<'py, PyAny>) -> Option<Bound<'py, PySolution>> {
    if let Ok(solution) = strategy.cast::<PySolution>() {
        return Some(solution.clone());
    }
    let dict = strategy.cast::<pyo3::types::PyDict>().ok()?;
    if dict.len() != 1 {
        return None;
    }
    let (_, inner) = dict.iter().next()?;
    inner.cast::<PySolution>().ok().cloned()
}

/// `solve(rules)`: the optimal strategy.
#[pyfunction]
#[pyo3(signature = (rules = None))]
fn solve(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PySolution> {
    let py_rules = rules_or_default(rules_argument(rules)?.as_ref());
    let rules = py_rules.rules.clone();
    check_memory(
        &rules,
        "solve()",
        Need {
            seats: 1,
            tables: 1,
            extra: solution_bytes(rules.goal()),
        },
    )?;
    let arrays = interruptible(py, |options| {
        let solution = crate::engine::solve(&rules, options);
        Arrays::of("optimal".into(), &solution, Context::START, options)
    })?;
    PySolution::new(py, py_rules, None, arrays)
}

/// `best_response(strategy, rules)`: the strategy that beats `strategy` most often.
#[pyfunction]
#[pyo3(signature = (strategy, rules = None, name = None))]
fn best_response(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    name: Option<&str>,
) -> PyResult<PySolution> {
    let py_rules = rules_of(rules, &[Some(strategy)])?;
    let rules = py_rules.rules.clone();
    check_memory(
        &rules,
        "best_response()",
        Need {
            seats: 2,
            tables: 2,
            extra: solution_bytes(rules.goal()),
        },
    )?;
    let opponent = tabulate(py, strategy, &rules, name, &mut Entries::default())?;
    let table = opponent.table().clone();
    let arrays = interruptible(py, |options| {
        let solution = crate::engine::best_response(&rules, &table, options);
        Arrays::of(
            format!("best_response({})", opponent.name),
            &solution,
            Context::START,
            options,
        )
    })?;
    PySolution::new(py, py_rules, Some(table), arrays)
}

/// `win_rate(strategy, vs, rules)`: as `hog eval --format json`.
#[pyfunction]
#[pyo3(signature = (strategy, vs = None, rules = None, name = None))]
fn win_rate<'py>(
    py: Python<'py>,
    strategy: &Bound<'py, PyAny>,
    vs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    name: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[Some(strategy), vs])?.rules;
    check_memory(
        &rules,
        "win_rate()",
        Need {
            seats: 2,
            tables: 2,
            extra: 0,
        },
    )?;
    // Two specs as the command line takes them: the optimum against itself
    // or a best response against what it answers rated by the solution's
    // own values, the same bits as hog eval.
    let text = |x: &Bound<'py, PyAny>| x.extract::<String>().ok();
    let vs_text = match vs.filter(|v| !v.is_none()) {
        None => Some(format!("always_roll({})", rules.baseline_dice())),
        Some(given) => text(given),
    };
    if let (Some(a), Some(b), None) = (text(strategy), vs_text, name) {
        let (sa, sb) = (
            Spec::parse(&a).map_err(error)?,
            Spec::parse(&b).map_err(error)?,
        );
        let rates = interruptible(py, |options| {
            Resolver::new(&rules, *options).rates(&sa, &sb)
        })?
        .map_err(error)?;
        return report(py, &EvalReport::new(&rules, a.trim(), b.trim(), rates));
    }
    let mut entries = Entries::default();
    let a = tabulate(py, strategy, &rules, name, &mut entries)?;
    let b = opponent(py, vs, &rules, &mut entries)?;
    // Rated by their keys, as the command line rates specs: the optimum
    // against itself from the optimum, a best response (a Solution too)
    // against what it answers from the response; the tables in hand
    // answer for the keys of this call.
    let rates = interruptible(py, |options| {
        let lookup = |text: &str| entries.lookup(text);
        let resolver = Resolver::new(&rules, *options).with_names(&lookup);
        let (sa, sb) = (Spec::parse(&a.key)?, Spec::parse(&b.key)?);
        resolver.rates(&sa, &sb)
    })?;
    let rates = rates.map_err(|e| hog_error(b.named_in(a.named_in(e.to_string()))))?;
    report(py, &EvalReport::new(&rules, &a.name, &b.name, rates))
}

/// `table(strategy, rules)`: the dice count at every state, uint8 (int8
/// under rules with the -1 move); of the whole state for a strategy that
/// reads what both remember and the clock.
#[pyfunction]
#[pyo3(signature = (strategy, rules = None, name = None))]
fn table<'py>(
    py: Python<'py>,
    strategy: &Bound<'py, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    name: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[Some(strategy)])?.rules;
    check_memory(
        &rules,
        "table()",
        Need {
            seats: 2,
            tables: 2,
            extra: 0,
        },
    )?;
    let t = tabulate(py, strategy, &rules, name, &mut Entries::default())?;
    Ok(to_array(py, t.table(), &rules))
}

/// `rates(vs, rules, include)`: as `hog rates --vs SPEC --format json`,
/// with the strategies of `include` (a list, or a dict by name) rated too.
#[pyfunction]
#[pyo3(signature = (vs = None, rules = None, include = None))]
fn rates<'py>(
    py: Python<'py>,
    vs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    include: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[vs])?.rules;
    let mut entries = Entries::default();
    let b = opponent(py, vs, &rules, &mut entries)?;
    let extra = match include.filter(|x| !x.is_none()) {
        Some(x) => several(py, x, &rules, &mut entries)?,
        None => Vec::new(),
    };
    check_memory(
        &rules,
        "rates()",
        Need {
            seats: busy_seats(),
            tables: 3 + extra.len() as u64,
            extra: 0,
        },
    )?;
    let result = interruptible(py, |options| {
        let lookup = |text: &str| entries.lookup(text);
        let resolver = Resolver::new(&rules, *options).with_names(&lookup);
        let mut specs = crate::rates::standard_specs(&rules, &b.key);
        specs.extend(extra.iter().map(|t| t.key.clone()));
        crate::rates::rates_of(&rules, &b.key, &specs, &resolver, &|| {})
    })?;
    let mut result = result.map_err(|e| hog_error(b.named_in(e.to_string())))?;
    // Shown by name: the opponent, its best response, the included.
    result.opponent = b.name.clone();
    let response = format!("best_response({})", b.key);
    for row in &mut result.rows {
        if row.strategy == response {
            row.strategy = format!("best_response({})", b.name);
        } else if let Some(t) = extra.iter().find(|t| t.key == row.strategy) {
            row.strategy = t.name.clone();
        }
    }
    report(py, &result)
}

/// Several strategies: a list (each named as usual) or a dict by name.
fn several(
    py: Python<'_>,
    strategies: &Bound<'_, PyAny>,
    rules: &Rules,
    entries: &mut Entries,
) -> PyResult<Vec<Tabled>> {
    if let Ok(dict) = strategies.cast::<pyo3::types::PyDict>() {
        let mut out = Vec::with_capacity(dict.len());
        for (name, strategy) in dict.iter() {
            let name: String = name.extract().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err("a strategy's name is a str")
            })?;
            out.push(tabulate(py, &strategy, rules, Some(&name), entries)?);
        }
        return Ok(out);
    }
    if strategies.is_instance_of::<pyo3::types::PyString>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "several strategies are a list or a dict {name: strategy}, not one str",
        ));
    }
    let mut out = Vec::new();
    for strategy in strategies.try_iter()? {
        out.push(tabulate(py, &strategy?, rules, None, entries)?);
    }
    told_apart(py, &mut out)?;
    Ok(out)
}

/// Names given twice made distinct, `NAME (2)`, `NAME (3)`, ... (a suffix
/// no strategy has already), with one warning naming them: a report with
/// two rows of one name cannot say which is which (two lambdas are both
/// `<lambda>`).
fn told_apart(py: Python<'_>, strategies: &mut [Tabled]) -> PyResult<()> {
    use std::collections::HashSet;
    let mut taken: HashSet<String> = strategies.iter().map(|t| t.name.clone()).collect();
    let mut seen = HashSet::new();
    let mut renamed = Vec::new();
    for t in strategies.iter_mut() {
        if seen.insert(t.name.clone()) {
            continue;
        }
        let fresh = (2..)
            .map(|k| format!("{} ({k})", t.name))
            .find(|n| !taken.contains(n))
            .expect("a suffix no strategy has");
        taken.insert(fresh.clone());
        seen.insert(fresh.clone());
        renamed.push(fresh.clone());
        t.name = fresh;
    }
    if renamed.is_empty() {
        return Ok(());
    }
    let message = format!(
        "strategies given the same name are told apart as {} (a dict {{name: strategy}} names \
         each as you choose)",
        renamed.join(", ")
    );
    let message = std::ffi::CString::new(message.replace('\0', ""))?;
    // The caller of the public function, past its wrapper in hog_solver.
    let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
    PyErr::warn(py, category.as_any(), &message, 2)
}

/// `tournament(strategies, rules)`: as `hog tournament --format json`.
#[pyfunction]
#[pyo3(signature = (strategies, rules = None))]
fn tournament<'py>(
    py: Python<'py>,
    strategies: &Bound<'py, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    // Read once: a generator gives its strategies to the first reading
    // only, and both the rules and the entrants are read from them.
    let strategies = if strategies.cast::<pyo3::types::PyDict>().is_ok()
        || strategies.is_instance_of::<pyo3::types::PyString>()
    {
        strategies.clone()
    } else {
        let items = strategies.try_iter()?.collect::<PyResult<Vec<_>>>()?;
        pyo3::types::PyList::new(py, items)?.into_any()
    };
    let given: Vec<Bound<'py, PyAny>> = match strategies.cast::<pyo3::types::PyDict>() {
        Ok(dict) => dict.values().iter().collect(),
        Err(_) if strategies.is_instance_of::<pyo3::types::PyString>() => Vec::new(),
        Err(_) => strategies.try_iter()?.collect::<PyResult<_>>()?,
    };
    let firsts: Vec<Option<&Bound<'py, PyAny>>> = given.iter().map(Some).collect();
    let rules = rules_of(rules, &firsts)?.rules;
    let strategies = several(py, &strategies, &rules, &mut Entries::default())?;
    if strategies.len() < 2 {
        return Err(hog_error(format!(
            "bad argument: a tournament needs at least two strategies, got {}",
            strategies.len()
        )));
    }
    check_memory(
        &rules,
        "tournament()",
        Need {
            seats: busy_seats(),
            tables: strategies.len() as u64 + 1,
            extra: 0,
        },
    )?;
    let mut tables = Vec::with_capacity(strategies.len());
    let mut names = Vec::with_capacity(strategies.len());
    for t in strategies {
        names.push(t.name.clone());
        tables.push(t.into_table());
    }
    let t = interruptible(py, |options| {
        crate::tournament::play(&rules, &tables, options, &|| {})
    })?;
    let mut map = header(&rules);
    map.insert("strategies".into(), json!(names));
    map.insert("matrix".into(), json!(t.matrix));
    map.insert("wins".into(), json!(t.wins));
    map.insert("mean".into(), json!(t.mean));
    map.insert("ranking".into(), json!(t.ranking));
    to_python(py, &Value::Object(map))
}

/// The rules fields every report starts with.
fn header(rules: &Rules) -> serde_json::Map<String, Value> {
    match serde_json::to_value(RulesHeader::of(rules)) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}

/// `sweep(grid, vs, rules)`: as `hog sweep GRID --vs SPEC --format json`.
#[pyfunction]
#[pyo3(signature = (grid, vs = None, rules = None))]
fn sweep<'py>(
    py: Python<'py>,
    grid: &str,
    vs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[vs])?.rules;
    let grid = Grid::parse(grid, &rules).map_err(error)?;
    check_memory(
        &rules,
        "sweep()",
        Need {
            seats: busy_seats(),
            tables: 1 + rayon::current_num_threads() as u64,
            extra: 0,
        },
    )?;
    let b = opponent(py, vs, &rules, &mut Entries::default())?;
    let table = b.table();
    let result = interruptible(py, |options| {
        grid.evaluate(&rules, &b.name, table, options, &|| {})
    })?;
    report(py, &result)
}

/// `explain(score, opponent_score, strategy, vs, rules)`: as `hog explain
/// S O [--strategy SPEC] [--vs SPEC] --format json`.
#[pyfunction]
#[pyo3(signature = (score, opponent_score, strategy = None, vs = None, rules = None, remembered = None, clock = None, name = None))]
#[allow(clippy::too_many_arguments)]
fn explain<'py>(
    py: Python<'py>,
    score: i64,
    opponent_score: i64,
    strategy: Option<&Bound<'py, PyAny>>,
    vs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    remembered: Option<(u32, u32)>,
    clock: Option<u32>,
    name: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[strategy, vs])?.rules;
    let goal = rules.goal();
    let state = |label: &str, v: i64| {
        u32::try_from(v).ok().filter(|&v| v < goal).ok_or_else(|| {
            hog_error(format!(
                "bad argument: {label}={v} is not a score from 0 to {}",
                goal - 1
            ))
        })
    };
    let (s, o) = (
        state("score", score)?,
        state("opponent_score", opponent_score)?,
    );
    check_memory(
        &rules,
        "explain()",
        Need {
            seats: 2,
            tables: 2,
            extra: 0,
        },
    )?;
    let context = context_argument(&rules, remembered, clock)?;
    let strategy = strategy.filter(|x| !x.is_none());
    let vs = vs.filter(|x| !x.is_none());
    let mut entries = Entries::default();
    let a = strategy
        .map(|x| tabulate(py, x, &rules, name, &mut entries))
        .transpose()?;
    let b = vs
        .map(|x| tabulate(py, x, &rules, None, &mut entries))
        .transpose()?;
    let a_table = a.as_ref().map(Tabled::table);
    let b_table = b.as_ref().map(Tabled::table);
    let e = interruptible(py, |options| match a_table {
        Some(a_table) => {
            let optimal;
            let b_table = match b_table {
                Some(b) => b,
                None => {
                    optimal = Resolver::new(&rules, *options).resolve_str("optimal")?;
                    &optimal
                }
            };
            let result = crate::engine::evaluate(&rules, a_table, b_table, options);
            match context {
                Some(x) => explain_strategy_remembering(&result, s, o, x),
                None => explain_strategy(&result, s, o),
            }
        }
        None => {
            let solution = match b_table {
                None => crate::engine::solve(&rules, options),
                Some(b) => crate::engine::best_response(&rules, b, options),
            };
            match context {
                Some(x) => explain_remembering(&solution, s, o, x),
                None => explain_state(&solution, s, o),
            }
        }
    })?;
    let e = e.map_err(error)?;
    report(
        py,
        &ExplainReport::new(
            &rules,
            b.as_ref().map(|t| t.name.as_str()),
            a.as_ref().map(|t| t.name.as_str()),
            &e,
        ),
    )
}

/// `simulate(strategy, vs, games, seed, rules)`: sampled games beside the
/// exact values, as `hog simulate --format json` (without its timing).
#[pyfunction]
#[pyo3(signature = (strategy, vs = None, games = 100_000, seed = 0, rules = None, name = None))]
#[allow(clippy::too_many_arguments)]
fn simulate<'py>(
    py: Python<'py>,
    strategy: &Bound<'py, PyAny>,
    vs: Option<&Bound<'py, PyAny>>,
    games: i64,
    seed: u64,
    rules: Option<&Bound<'_, PyAny>>,
    name: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[Some(strategy), vs])?.rules;
    let games = u64::try_from(games)
        .ok()
        .filter(|&g| g > 0)
        .ok_or_else(|| {
            hog_error(format!(
                "bad argument: games={games} is not a number of games: play at least 1"
            ))
        })?;
    check_memory(
        &rules,
        "simulate()",
        Need {
            seats: 2,
            tables: 2,
            extra: 0,
        },
    )?;
    let mut entries = Entries::default();
    let a = tabulate(py, strategy, &rules, name, &mut entries)?;
    let b = opponent(py, vs, &rules, &mut entries)?;
    let (a_table, b_table) = (a.table(), b.table());
    let (exact, sampled) = interruptible(py, |options| {
        (
            win_rates(&rules, a_table, b_table, options),
            sample(&rules, a_table, b_table, games, seed),
        )
    })?;
    let z = (sampled.average() - exact.average) / sampled.average_standard_error();
    let mut map = header(&rules);
    map.insert("strategy".into(), json!(a.name));
    map.insert("opponent".into(), json!(b.name));
    map.insert("games".into(), json!(games));
    map.insert("seed".into(), json!(seed));
    map.insert(
        "sampled".into(),
        json!({
            "first": {"rate": sampled.first(), "interval": sampled.first_interval95()},
            "second": {"rate": sampled.second(), "interval": sampled.second_interval95()},
            "average": {"rate": sampled.average(), "interval": average_interval95(&sampled)},
        }),
    );
    map.insert(
        "exact".into(),
        json!({"first": exact.first, "second": exact.second, "average": exact.average}),
    );
    map.insert(
        "z".into(),
        if z.is_finite() { json!(z) } else { Value::Null },
    );
    to_python(py, &Value::Object(map))
}

/// Add the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(best_response, m)?)?;
    m.add_function(wrap_pyfunction!(win_rate, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(rates, m)?)?;
    m.add_function(wrap_pyfunction!(tournament, m)?)?;
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
