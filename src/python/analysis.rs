//! The functions of `hog_solver._native`: each converts its strategies,
//! computes with the GIL released, and answers with the command line's
//! report for the same question (a dict: the Python layer names its fields).

use pyo3::prelude::*;
use serde_json::{json, Value};

use crate::engine::win_rates;
use crate::engine::SweepOptions;
use crate::explain::{
    context_asked, explain as explain_state, explain_remembering, explain_strategy,
    explain_strategy_remembering, ContextAsked,
};
use crate::memory::Need;
use crate::report::{EvalReport, ExplainReport, RulesHeader};
use crate::rules::Rules;
use crate::simulate::{average_interval95, simulate as sample};
use crate::strategy::{Grid, Resolver, Spec, StrategyTable};

use super::convert::{error, hog_error, report, to_python};
use super::rules::{rules_or_default, PyRules};
use super::solution::{Arrays, PySolution};
use super::strategy::{tabulate, Tabled};

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
fn opponent(py: Python<'_>, vs: Option<&Bound<'_, PyAny>>, rules: &Rules) -> PyResult<Tabled> {
    match vs {
        Some(vs) if !vs.is_none() => tabulate(py, vs, rules),
        _ => {
            let name = format!("always_roll({})", rules.baseline_dice());
            Ok(Tabled {
                table: StrategyTable::constant(rules.goal(), rules.baseline_dice()),
                name,
            })
        }
    }
}

/// The rules a call runs under: those given, else those of the first
/// Solution among its strategies (a solution keeps its rules), else fa24
/// to 100.
fn rules_of(
    rules: Option<&Bound<'_, PyRules>>,
    strategies: &[Option<&Bound<'_, PyAny>>],
) -> crate::rules::Rules {
    if let Some(rules) = rules {
        return rules.get().rules.clone();
    }
    for strategy in strategies.iter().flatten() {
        if let Ok(solution) = strategy.cast::<PySolution>() {
            return solution.get().rules_ref().clone();
        }
    }
    rules_or_default(None)
}

/// `solve(rules)`: the optimal strategy.
#[pyfunction]
#[pyo3(signature = (rules = None))]
fn solve(py: Python<'_>, rules: Option<&Bound<'_, PyRules>>) -> PyResult<PySolution> {
    let rules = rules_or_default(rules.map(|r| r.get()));
    check_memory(
        &rules,
        "solve()",
        Need {
            seats: 1,
            tables: 1,
            extra: solution_bytes(rules.goal()),
        },
    )?;
    let arrays = py.detach(|| {
        let solution = crate::engine::solve(&rules, &SweepOptions::default());
        Arrays::of("optimal".into(), &solution)
    });
    PySolution::new(py, PyRules { rules }, arrays)
}

/// `best_response(strategy, rules)`: the strategy that beats `strategy` most often.
#[pyfunction]
#[pyo3(signature = (strategy, rules = None))]
fn best_response(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyRules>>,
) -> PyResult<PySolution> {
    let rules = rules_of(rules, &[Some(strategy)]);
    check_memory(
        &rules,
        "best_response()",
        Need {
            seats: 2,
            tables: 2,
            extra: solution_bytes(rules.goal()),
        },
    )?;
    let opponent = tabulate(py, strategy, &rules)?;
    let arrays = py.detach(|| {
        let solution =
            crate::engine::best_response(&rules, &opponent.table, &SweepOptions::default());
        Arrays::of(format!("best_response({})", opponent.name), &solution)
    });
    PySolution::new(py, PyRules { rules }, arrays)
}

/// `win_rate(strategy, vs, rules)`: as `hog eval --format json`.
#[pyfunction]
#[pyo3(signature = (strategy, vs = None, rules = None))]
fn win_rate<'py>(
    py: Python<'py>,
    strategy: &Bound<'py, PyAny>,
    vs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyRules>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[Some(strategy), vs]);
    check_memory(
        &rules,
        "win_rate()",
        Need {
            seats: 2,
            tables: 2,
            extra: 0,
        },
    )?;
    // Two specs as the command line takes them (under rules with memory
    // `optimal` and `best_response(...)` are no tables, and are rated from
    // their solutions).
    let text = |x: &Bound<'py, PyAny>| x.extract::<String>().ok();
    let vs_text = match vs.filter(|v| !v.is_none()) {
        None => Some(format!("always_roll({})", rules.baseline_dice())),
        Some(given) => text(given),
    };
    if let (Some(a), Some(b)) = (text(strategy), vs_text) {
        let (sa, sb) = (
            Spec::parse(&a).map_err(error)?,
            Spec::parse(&b).map_err(error)?,
        );
        let rates = py
            .detach(|| Resolver::new(&rules, SweepOptions::default()).rates(&sa, &sb))
            .map_err(error)?;
        return report(py, &EvalReport::new(&rules, a.trim(), b.trim(), rates));
    }
    let a = tabulate(py, strategy, &rules)?;
    let b = opponent(py, vs, &rules)?;
    // Rated as the command line rates them, by their names, the tables in
    // hand answering for them: the optimum against itself from the
    // optimum, a best response (a Solution too) against what it answers
    // from the response.
    let rates = py
        .detach(|| {
            let canonical = |name: &str| Spec::parse(name).map(|s| s.to_string()).ok();
            let names = [
                (canonical(&a.name), &a.table),
                (canonical(&b.name), &b.table),
            ];
            let lookup = |text: &str| {
                names
                    .iter()
                    .find(|(name, _)| name.as_deref() == Some(text))
                    .map(|(_, table)| (*table).clone())
            };
            let resolver = Resolver::new(&rules, SweepOptions::default()).with_names(&lookup);
            match (Spec::parse(&a.name), Spec::parse(&b.name)) {
                (Ok(sa), Ok(sb)) => resolver.rates(&sa, &sb),
                _ => Ok(win_rates(
                    &rules,
                    &a.table,
                    &b.table,
                    &SweepOptions::default(),
                )),
            }
        })
        .map_err(error)?;
    report(py, &EvalReport::new(&rules, &a.name, &b.name, rates))
}

/// `table(strategy, rules)`: the dice count at every state, uint8.
#[pyfunction]
#[pyo3(signature = (strategy, rules = None))]
fn table<'py>(
    py: Python<'py>,
    strategy: &Bound<'py, PyAny>,
    rules: Option<&Bound<'_, PyRules>>,
) -> PyResult<Bound<'py, numpy::PyArray2<u8>>> {
    use numpy::ToPyArray;
    let rules = rules_of(rules, &[Some(strategy)]);
    check_memory(
        &rules,
        "table()",
        Need {
            seats: 2,
            tables: 2,
            extra: 0,
        },
    )?;
    let t = tabulate(py, strategy, &rules)?;
    Ok(t.table.as_array().to_pyarray(py))
}

/// `rates(vs, rules)`: as `hog rates --vs SPEC --format json`.
#[pyfunction]
#[pyo3(signature = (vs = None, rules = None))]
fn rates<'py>(
    py: Python<'py>,
    vs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyRules>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[vs]);
    check_memory(
        &rules,
        "rates()",
        Need {
            seats: busy_seats(),
            tables: 3,
            extra: 0,
        },
    )?;
    let b = opponent(py, vs, &rules)?;
    let result = py.detach(|| {
        // The opponent by the name the rates table gives it, so that
        // `best_response(NAME)` means the table in hand.
        let canonical = crate::strategy::Spec::parse(&b.name)
            .map(|s| s.to_string())
            .unwrap_or_else(|_| b.name.clone());
        let lookup = |text: &str| (text == canonical).then(|| b.table.clone());
        let resolver = Resolver::new(&rules, SweepOptions::default()).with_names(&lookup);
        crate::rates::rates(&rules, &b.name, &resolver, &|| {})
    });
    report(py, &result.map_err(error)?)
}

/// `tournament(strategies, rules)`: as `hog tournament --format json`.
#[pyfunction]
#[pyo3(signature = (strategies, rules = None))]
fn tournament<'py>(
    py: Python<'py>,
    strategies: Vec<Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyRules>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_or_default(rules.map(|r| r.get()));
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
    for s in &strategies {
        let t = tabulate(py, s, &rules)?;
        tables.push(t.table);
        names.push(t.name);
    }
    let options = SweepOptions::default();
    let t = py.detach(|| crate::tournament::play(&rules, &tables, &options, &|| {}));
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
    rules: Option<&Bound<'_, PyRules>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[vs]);
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
    let b = opponent(py, vs, &rules)?;
    let options = SweepOptions::default();
    let result = py.detach(|| grid.evaluate(&rules, &b.name, &b.table, &options, &|| {}));
    report(py, &result)
}

/// `explain(score, opponent_score, strategy, vs, rules)`: as `hog explain
/// S O [--strategy SPEC] [--vs SPEC] --format json`.
#[pyfunction]
#[pyo3(signature = (score, opponent_score, strategy = None, vs = None, rules = None, remembered = None, clock = None))]
#[allow(clippy::too_many_arguments)]
fn explain<'py>(
    py: Python<'py>,
    score: i64,
    opponent_score: i64,
    strategy: Option<&Bound<'py, PyAny>>,
    vs: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'_, PyRules>>,
    remembered: Option<(u32, u32)>,
    clock: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[strategy, vs]);
    let goal = rules.goal();
    let state = |label: &str, v: i64| {
        u32::try_from(v).ok().filter(|&v| v < goal).ok_or_else(|| {
            hog_error(format!(
                "bad argument: {label} {v} is not a score from 0 to {}",
                goal - 1
            ))
        })
    };
    let (s, o) = (state("SCORE", score)?, state("OPPONENT", opponent_score)?);
    check_memory(
        &rules,
        "explain()",
        Need {
            seats: 2,
            tables: 2,
            extra: 0,
        },
    )?;
    let asked = ContextAsked {
        remembered,
        clock,
        ..ContextAsked::default()
    };
    let context = context_asked(&rules, &asked).map_err(error)?;
    let strategy = strategy.filter(|x| !x.is_none());
    let vs = vs.filter(|x| !x.is_none());
    let a = strategy.map(|x| tabulate(py, x, &rules)).transpose()?;
    let b = vs.map(|x| tabulate(py, x, &rules)).transpose()?;
    let e = py.detach(|| {
        let options = SweepOptions::default();
        match &a {
            Some(a) => {
                let optimal;
                let b_table = match &b {
                    Some(b) => &b.table,
                    None => {
                        optimal = Resolver::new(&rules, SweepOptions::default())
                            .resolve_str("optimal")?;
                        &optimal
                    }
                };
                let result = crate::engine::evaluate(&rules, &a.table, b_table, &options);
                match context {
                    Some(x) => explain_strategy_remembering(&result, s, o, x),
                    None => explain_strategy(&result, s, o),
                }
            }
            None => {
                let solution = match &b {
                    None => crate::engine::solve(&rules, &options),
                    Some(b) => crate::engine::best_response(&rules, &b.table, &options),
                };
                match context {
                    Some(x) => explain_remembering(&solution, s, o, x),
                    None => explain_state(&solution, s, o),
                }
            }
        }
    });
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
#[pyo3(signature = (strategy, vs = None, games = 100_000, seed = 0, rules = None))]
fn simulate<'py>(
    py: Python<'py>,
    strategy: &Bound<'py, PyAny>,
    vs: Option<&Bound<'py, PyAny>>,
    games: i64,
    seed: u64,
    rules: Option<&Bound<'_, PyRules>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules_of(rules, &[Some(strategy), vs]);
    let games = u64::try_from(games)
        .ok()
        .filter(|&g| g > 0)
        .ok_or_else(|| {
            hog_error(format!(
                "bad argument: games must be at least 1, not {games}"
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
    let a = tabulate(py, strategy, &rules)?;
    let b = opponent(py, vs, &rules)?;
    let (exact, sampled) = py.detach(|| {
        (
            win_rates(&rules, &a.table, &b.table, &SweepOptions::default()),
            sample(&rules, &a.table, &b.table, games, seed),
        )
    });
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
