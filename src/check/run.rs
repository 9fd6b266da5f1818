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
    /// Count `timeout` in the CPU time Python spends, not the wall clock's
    /// (`hog check`: its verdicts the same on a busy machine); a run that
    /// sleeps or waits still ends after ten times `timeout` of the wall
    /// clock.
    pub cpu_clock: bool,
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
    let status = wait(&mut child, driver).map_err(|e| format!("waiting for python3: {e}"))?;
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

/// Wait for the driver within its time: the wall clock's, or the CPU time
/// Python has used (checked once a second). A driver that has used almost
/// no CPU over the last `timeout` of the wall clock is waiting, not working
/// (a sleep, a read), and is stopped then; ten times `timeout` of the wall
/// clock is the end in any case.
fn wait(
    child: &mut crate::child::GroupChild,
    driver: &Driver<'_>,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let start = Instant::now();
    if !driver.cpu_clock {
        return child.wait_until(start + driver.timeout);
    }
    let last = start + driver.timeout.saturating_mul(10);
    // (when, CPU time by then), a second apart.
    let mut samples = std::collections::VecDeque::new();
    loop {
        let next = (Instant::now() + Duration::from_secs(1)).min(last);
        if let Some(status) = child.wait_until(next)? {
            return Ok(Some(status));
        }
        let now = Instant::now();
        let Some(used) = cpu_time(child.child_mut().id()) else {
            return child.wait_until(start + driver.timeout);
        };
        samples.push_back((now, used));
        while samples
            .get(1)
            .is_some_and(|&(when, _)| now.duration_since(when) >= driver.timeout)
        {
            samples.pop_front();
        }
        let waiting = samples.front().is_some_and(|&(when, before)| {
            now.duration_since(when) >= driver.timeout
                && used.saturating_sub(before) < driver.timeout / 1000
        });
        if now >= last || used >= driver.timeout || waiting {
            return Ok(None);
        }
    }
}

/// The CPU time process `pid` has used (user and system), from
/// `/proc/PID/stat`; `None` where that cannot be read.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which may hold spaces, in
    // parentheses: utime and stime are the 12th and 13th after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf reads a constant of the system.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (per_second > 0).then(|| Duration::from_secs_f64(ticks as f64 / per_second as f64))
}

/// The answer a driver wrote before its last part (`hog check`'s before
/// the games), that part marked as not finished.
fn partial(answer_path: &Path) -> Option<Value> {
    let answer: Value = serde_json::from_str(&std::fs::read_to_string(answer_path).ok()?).ok()?;
    (answer["games"]["unfinished"] == Value::Bool(true)).then_some(answer)
}
