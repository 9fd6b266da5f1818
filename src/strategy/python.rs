//! Strategies from a student's Python file: one `python3` process imports
//! the file (with its folder on `sys.path`, as `python3 hog.py` would see
//! it), calls the function at every state and prints the table, which is
//! checked here value by value.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ndarray::Array2;

use crate::dice::MAX_DICE;
use crate::error::HogError;

use super::table::StrategyTable;

/// The default limit for tabulating one Python strategy.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The driver run by `python3 -c`. The student's code prints to stderr
/// (its `print` calls must not mix into the table on stdout). Errors are
/// reported on stdout as one tagged line, values one row per line.
const DRIVER: &str = r#"
import importlib.util, operator, os, sys, traceback
path, name, goal = sys.argv[1], sys.argv[2], int(sys.argv[3])
out = sys.stdout
sys.stdout = sys.stderr
def fail(tag, text):
    out.write(tag + " " + " ".join(str(text).split()) + "\n")
    out.flush()
    sys.exit(0)
def last_line():
    lines = [l for l in traceback.format_exc().strip().splitlines() if l.strip()]
    return lines[-1] if lines else "unknown error"
folder = os.path.dirname(os.path.abspath(path))
sys.path.insert(0, folder)
module_name = os.path.splitext(os.path.basename(path))[0]
try:
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
except BaseException:
    fail("IMPORT", last_line())
function = getattr(module, name, None)
if not callable(function):
    fail("MISSING", name)
for s in range(goal):
    row = []
    for o in range(goal):
        try:
            value = function(s, o)
        except BaseException:
            fail("RAISED %d %d" % (s, o), last_line())
        if isinstance(value, bool):
            fail("TYPE %d %d" % (s, o), repr(value)[:60])
        try:
            row.append(operator.index(value))
        except TypeError:
            fail("TYPE %d %d" % (s, o), repr(value)[:60])
    out.write(" ".join(map(str, row)) + "\n")
out.write("DONE\n")
out.flush()
"#;

/// Tabulate `function` from the Python file at `path` for a game to `goal`.
pub fn python_table(
    path: &Path,
    function: &str,
    goal: u32,
    timeout: Duration,
) -> Result<StrategyTable, HogError> {
    let spec = format!("{}:{function}", path.display());
    let fail = |reason: String| HogError::Python {
        spec: spec.clone(),
        reason,
    };
    if !path.is_file() {
        return Err(fail(format!("{} is not a file", path.display())));
    }
    let program = std::env::var_os("HOG_PYTHON").unwrap_or_else(|| "python3".into());
    let mut child = Command::new(&program)
        .arg("-c")
        .arg(DRIVER)
        .arg(path)
        .arg(function)
        .arg(goal.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => fail(format!(
                "{} not found: a Python strategy needs a local python3",
                program.to_string_lossy()
            )),
            _ => fail(format!(
                "could not start {}: {e}",
                program.to_string_lossy()
            )),
        })?;
    let stdout = read_in_background(child.stdout.take().expect("piped stdout"));
    let stderr = read_in_background(child.stderr.take().expect("piped stderr"));
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| fail(format!("waiting for python3: {e}")))?
        {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            let rows = stdout.join().map(|t| t.lines().count()).unwrap_or(0);
            return Err(fail(format!(
                "timed out after {} s while tabulating score {rows} (raise --python-timeout)",
                timeout.as_secs_f64()
            )));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = stdout.join().unwrap_or_default();
    let errors = stderr.join().unwrap_or_default();
    parse_output(&text, goal).map_err(|reason| {
        let reason = if reason.is_empty() {
            let last = errors
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("no output");
            format!("python3 exited with {status}: {}", last.trim())
        } else {
            reason
        };
        fail(reason)
    })
}

fn read_in_background(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        text
    })
}

/// The table from the driver's output, or the problem it reported (an empty
/// string when the output just stopped, so the caller shows python's stderr).
fn parse_output(text: &str, goal: u32) -> Result<StrategyTable, String> {
    let n = goal as usize;
    let mut dice = Array2::<u8>::zeros((n, n));
    let mut rows = 0;
    for line in text.lines() {
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        match tag {
            "DONE" if rows == n => return Ok(StrategyTable::from_array(dice)),
            "IMPORT" => return Err(format!("importing the file failed: {rest}")),
            "MISSING" => return Err(format!("the file has no function named {rest}")),
            "RAISED" | "TYPE" => {
                let mut parts = rest.splitn(3, ' ');
                let (s, o, what) = (
                    parts.next().unwrap_or("?"),
                    parts.next().unwrap_or("?"),
                    parts.next().unwrap_or(""),
                );
                return Err(if tag == "RAISED" {
                    format!("the function raised at ({s}, {o}): {what}")
                } else {
                    format!("the function returned {what} at ({s}, {o}), not an integer")
                });
            }
            _ if rows < n => {
                let values: Vec<&str> = line.split(' ').collect();
                if values.len() != n {
                    return Err(format!(
                        "python3 printed a row of {} values, expected {n}",
                        values.len()
                    ));
                }
                for (o, v) in values.iter().enumerate() {
                    let d: i64 = v
                        .parse()
                        .map_err(|_| format!("python3 printed '{v}' at ({rows}, {o})"))?;
                    if !(0..=MAX_DICE as i64).contains(&d) {
                        return Err(format!(
                            "the function returned {d} at ({rows}, {o}), outside 0..=10"
                        ));
                    }
                    dice[[rows, o]] = d as u8;
                }
                rows += 1;
            }
            _ => return Err(format!("unexpected output from python3: {line}")),
        }
    }
    Err(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn driver_output_is_checked_value_by_value() {
        let t = parse_output("0 1\n2 10\nDONE\n", 2).unwrap();
        assert_eq!((t.get(0, 1), t.get(1, 1)), (1, 10));
        assert_eq!(
            parse_output("0 1\n2 11\n", 2).unwrap_err(),
            "the function returned 11 at (1, 1), outside 0..=10"
        );
        assert_eq!(
            parse_output("0 -1\n", 2).unwrap_err(),
            "the function returned -1 at (0, 1), outside 0..=10"
        );
        assert_eq!(
            parse_output("0 1\nRAISED 1 0 ZeroDivisionError: division by zero\n", 2).unwrap_err(),
            "the function raised at (1, 0): ZeroDivisionError: division by zero"
        );
        assert_eq!(
            parse_output("TYPE 0 0 2.5\n", 2).unwrap_err(),
            "the function returned 2.5 at (0, 0), not an integer"
        );
        assert_eq!(
            parse_output("IMPORT ModuleNotFoundError: No module named 'dice'\n", 2).unwrap_err(),
            "importing the file failed: ModuleNotFoundError: No module named 'dice'"
        );
        assert_eq!(
            parse_output("0 1\n", 2).unwrap_err(),
            "",
            "output that stops early defers to stderr"
        );
    }
}
