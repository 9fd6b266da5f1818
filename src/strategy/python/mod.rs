//! Strategies from a student's Python file: one `python3` process, in a
//! process group of its own, imports the file (in its folder and with its
//! folder on `sys.path`, as `python3 hog.py` run there would see it) and
//! calls the function at every state twice; the values come back through
//! a shared exchange file and are checked here. Whatever the student's
//! code prints shows on this process's stderr as it is printed, control
//! characters made visible, or goes to a log (the contest's).

mod exchange;
mod server;

use std::path::Path;

use std::time::{Duration, Instant};

use crate::child::{spawn_python, Prints};
use crate::cleanup::remove_on_interrupt;
use crate::error::HogError;

use crate::table::StrategyTable;
pub use exchange::EntryName;
use exchange::{Exchange, Phase};
pub use server::PythonServer;

/// The default limit for tabulating one Python strategy.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The program `python3 -c` runs: the drivers' shared helpers, then the
/// strategy driver.
const DRIVER: &str = concat!(
    include_str!("../../student_file.py"),
    include_str!("driver.py")
);

/// Tabulate `function` from the Python file at `path` for a game to `goal`,
/// within `timeout` for the import and both passes.
pub fn python_table(
    path: &Path,
    function: &str,
    goal: u32,
    timeout: Duration,
) -> Result<StrategyTable, HogError> {
    python_entry(path, function, goal, timeout, None).table
}

/// A Python file's strategy and what it calls its contest entry.
pub struct PythonEntry {
    /// The table, or why there is none.
    pub table: Result<StrategyTable, HogError>,
    /// `PLAYER_NAME` or `TEAM_NAME`, read once the file was imported (even
    /// when the function then failed); `None` if the import did not finish.
    pub name: Option<EntryName>,
    /// Whether hog's driver ran: the outcome is the file's, not the
    /// machine's (Python missing), and may be kept for the same bytes.
    pub ran: bool,
    /// Whether the run was stopped at the timeout.
    pub timed_out: bool,
}

/// [`python_table`], with the name the file gives its contest entry; what
/// the file prints goes to `log` if given.
pub fn python_entry(
    path: &Path,
    function: &str,
    goal: u32,
    timeout: Duration,
    log: Option<&Path>,
) -> PythonEntry {
    let mut name = None;
    let mut run = (false, false);
    let table = tabulate(path, function, goal, timeout, log, &mut name, &mut run);
    PythonEntry {
        table,
        name,
        ran: run.0,
        timed_out: run.1,
    }
}

/// The run behind [`python_entry`]; `name` gets the entry's name, `run`
/// whether the driver started and whether the run timed out.
fn tabulate(
    path: &Path,
    function: &str,
    goal: u32,
    timeout: Duration,
    log: Option<&Path>,
    name_found: &mut Option<EntryName>,
    run: &mut (bool, bool),
) -> Result<StrategyTable, HogError> {
    let spec = format!("{}:{function}", path.display());
    let fail = |reason: String| HogError::Python {
        spec: spec.clone(),
        reason,
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return Err(fail(format!("{} is not a regular file", path.display()))),
        Err(_) => return Err(fail(format!("{} is not a file", path.display()))),
    }
    let io = |what: &str| {
        let what = what.to_string();
        move |e: std::io::Error| fail(format!("{what}: {e}"))
    };
    let exchange = tempfile::Builder::new()
        .prefix(".hog-python-")
        .tempfile()
        .map_err(io("creating the exchange file"))?;
    let _remove = remove_on_interrupt(exchange.path());
    std::fs::write(exchange.path(), exchange::initial(goal))
        .map_err(io("writing the exchange file"))?;
    let goal_text = goal.to_string();
    let args = [
        function.as_ref(),
        goal_text.as_ref(),
        exchange.path().as_os_str(),
    ];
    let prints = log.map_or(Prints::Shown, Prints::Logged);
    let (mut child, name) =
        spawn_python(DRIVER, path, &args, prints, "a Python strategy needs").map_err(fail)?;
    let status = child
        .wait_until(Instant::now() + timeout)
        .map_err(io("waiting for python3"))?;
    child.kill();
    let bytes = std::fs::read(exchange.path()).map_err(io("reading the exchange file"))?;
    *run = (
        Exchange::new(&bytes, goal).phase() != Phase::Starting,
        status.is_none(),
    );
    let ended = status.map(|s| s.to_string());
    interpret(
        path, function, goal, timeout, &bytes, ended, &name, name_found,
    )
}

/// What an exchange file says of a run that exited with `status` (`None`:
/// it was stopped at the timeout): the table, or why there is none.
#[allow(clippy::too_many_arguments)]
fn interpret(
    path: &Path,
    function: &str,
    goal: u32,
    timeout: Duration,
    bytes: &[u8],
    status: Option<String>,
    name: &str,
    name_found: &mut Option<EntryName>,
) -> Result<StrategyTable, HogError> {
    let spec = format!("{}:{function}", path.display());
    let fail = |reason: String| HogError::Python {
        spec: spec.clone(),
        reason,
    };
    let result = Exchange::new(bytes, goal);
    *name_found = result.entry_name();
    let file = path.display();
    let call = |(s, o): (usize, usize)| format!("{function}({s}, {o})");
    let Some(status) = status else {
        let seconds = timeout.as_secs_f64();
        return Err(fail(match (result.phase(), result.state_in_progress()) {
            (Phase::Starting | Phase::Importing, _) => {
                format!(
                    "timed out after {seconds} s while importing {file} (raise --python-timeout)"
                )
            }
            (_, Some(state)) => format!(
                "timed out after {seconds} s: {} had not returned (raise --python-timeout)",
                call(state)
            ),
            _ => format!("timed out after {seconds} s (raise --python-timeout)"),
        }));
    };
    match (result.phase(), result.state_in_progress()) {
        (Phase::Done | Phase::Failed, _) => result.table(function).map_err(fail),
        (Phase::Starting, _) => Err(fail(format!(
            "{name} exited ({status}) before running hog's driver (its message, if any, is above)"
        ))),
        (Phase::Importing, _) => Err(fail(format!(
            "python3 exited ({status}) while importing {file}"
        ))),
        (_, state) => Err(fail(format!(
            "python3 exited ({status}) while computing {}",
            state.map_or_else(|| "the table".to_string(), call)
        ))),
    }
}
