//! Running one of the check's Python drivers on a student's file: the
//! request written as JSON into a folder of its own, the driver started as
//! every student file is (`spawn_python`: a process group, the file's
//! folder), its answer read back as JSON. Shared by `hog check` and the
//! referee of `--student`.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::child::{spawn_python, Prints};
use crate::cleanup::{remove_folder_on_interrupt, remove_on_interrupt};

/// One driver, and how a run of it is said.
pub(super) struct Driver<'a> {
    /// The program `python3 -c` runs.
    pub program: &'static str,
    /// What the run is, in messages ("hog's check", "the replay").
    pub job: &'a str,
    /// Who needs Python, when it cannot start ("hog check needs").
    pub needs: &'a str,
    /// How long the whole run may take.
    pub timeout: Duration,
    /// What is said when it takes longer.
    pub too_slow: String,
    /// Keep the student's prints off the terminal (in a log, whose last
    /// line says why python3 stopped) instead of showing them.
    pub quiet: bool,
}

/// Run `driver` on `file` with `request` (JSON text): its answer, or why there is
/// none (the file does not import, the driver hung or died), in words to
/// follow the file's name.
pub(super) fn run(driver: &Driver<'_>, file: &Path, request: String) -> Result<Value, String> {
    let folder = tempfile::Builder::new()
        .prefix(".hog-check-")
        .tempdir()
        .map_err(|e| format!("a folder for {}: {e}", driver.job))?;
    let (request_path, answer_path, log) = (
        folder.path().join("request.json"),
        folder.path().join("answer.json"),
        folder.path().join("printed.txt"),
    );
    // On an interrupt the files go first (the driver's too, written aside
    // before it is moved), then the folder they leave empty.
    let _remove = [
        remove_folder_on_interrupt(folder.path()),
        remove_on_interrupt(&request_path),
        remove_on_interrupt(&answer_path),
        remove_on_interrupt(&folder.path().join("answer.json.tmp")),
        remove_on_interrupt(&log),
    ];
    std::fs::write(&request_path, &request).map_err(|e| format!("writing the request: {e}"))?;
    // Python reads it from the file; hog need not hold it meanwhile.
    drop(request);
    // The driver's own limit, a second inside hog's: whole games stop
    // before it.
    let budget = std::ffi::OsString::from(format!("{}", driver.timeout.as_secs_f64()));
    let args = [
        request_path.as_os_str(),
        answer_path.as_os_str(),
        budget.as_os_str(),
    ];
    let prints = if driver.quiet {
        Prints::Logged(&log)
    } else {
        Prints::Shown
    };
    let (mut child, _) = spawn_python(driver.program, file, &args, prints, driver.needs)?;
    let status = child
        .wait_until(Instant::now() + driver.timeout)
        .map_err(|e| format!("waiting for python3: {e}"))?;
    child.kill();
    let Some(status) = status else {
        // The functions' answers, written before the games, are kept.
        return partial(&answer_path).ok_or_else(|| driver.too_slow.clone());
    };
    let text = std::fs::read_to_string(&answer_path).map_err(|_| {
        let said = if driver.quiet {
            std::fs::read_to_string(&log)
                .unwrap_or_default()
                .lines()
                .last()
                .map(|l| format!(": {}", crate::text::one_line(l)))
                .unwrap_or_default()
        } else {
            " (its message, if any, is above)".to_string()
        };
        format!(
            "python3 exited ({status}) before {} finished{said}",
            driver.job
        )
    })?;
    let answer: Value =
        serde_json::from_str(&text).map_err(|e| format!("{}'s answer: {e}", driver.job))?;
    if let Some(error) = answer["import_error"].as_str() {
        return Err(format!(
            "importing it raised {}",
            crate::text::one_line(error)
        ));
    }
    Ok(answer)
}

/// The answer a driver wrote before its last part (`hog check`'s before
/// the games), that part marked as not finished.
fn partial(answer_path: &Path) -> Option<Value> {
    let answer: Value = serde_json::from_str(&std::fs::read_to_string(answer_path).ok()?).ok()?;
    (answer["games"]["unfinished"] == Value::Bool(true)).then_some(answer)
}
