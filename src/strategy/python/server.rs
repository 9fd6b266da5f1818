//! Many Python strategies at once, each in a fresh process forked from one
//! Python started once (see `server.py`): the contest's tabulation without
//! paying Python's start-up for every file. Every run is checked exactly as
//! a `python3` of its own (the same driver, the same exchange file, the same
//! messages), in its own process group, killed at the timeout.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::child::{kill_group, GroupChild};
use crate::cleanup::{kill_on_interrupt, remove_on_interrupt};
use crate::error::HogError;

use super::exchange::{self, Phase};
use super::{interpret, PythonEntry, DRIVER};

/// The program `python3 -c` runs.
const SERVER: &str = include_str!("server.py");

/// A Python that forks a fresh process for every strategy.
pub struct PythonServer {
    pipes: Mutex<(ChildStdin, BufReader<ChildStdout>)>,
    program: String,
    _server: GroupChild,
}

/// Whether process `pid` has ended (a zombie waiting for its reaping, or
/// gone): read from /proc, which only Linux has.
fn ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name, which is in parentheses.
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_none_or(|state| state == "Z" || state == "X"),
        Err(_) => true,
    }
}

/// The run's phase, from the exchange file's first byte only (the tables
/// are read once, at the end).
fn phase(file: &std::fs::File, goal: u32) -> Option<Phase> {
    let mut first = [0u8; 1];
    #[cfg(unix)]
    std::os::unix::fs::FileExt::read_exact_at(file, &mut first, 0).ok()?;
    #[cfg(not(unix))]
    {
        use std::io::{Read, Seek};
        let mut file = file;
        file.seek(std::io::SeekFrom::Start(0)).ok()?;
        file.read_exact(&mut first).ok()?;
    }
    Some(exchange::Exchange::new(&first, goal).phase())
}

impl PythonServer {
    /// A server, where this system can run one (Linux, with python3).
    pub fn start() -> Option<PythonServer> {
        if !cfg!(target_os = "linux") || !Path::new("/proc/self/stat").exists() {
            return None;
        }
        let program = std::env::var_os("HOG_PYTHON").unwrap_or_else(|| "python3".into());
        let mut command = Command::new(&program);
        command
            .arg("-c")
            .arg(SERVER)
            .arg(DRIVER)
            .env("PYTHONUNBUFFERED", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(crate::child::shown_on_stderr().1);
        // The server's prints (its children's) are copied for as long as it
        // runs; nothing waits for the copy's end.
        let mut server = GroupChild::spawn(&mut command).ok()?;
        let stdin = server.child_mut().stdin.take()?;
        let stdout = server.child_mut().stdout.take()?;
        Some(PythonServer {
            pipes: Mutex::new((stdin, BufReader::new(stdout))),
            program: program.to_string_lossy().into_owned(),
            _server: server,
        })
    }

    /// One message and its answer.
    fn ask(&self, message: &str) -> Option<String> {
        let mut pipes = self.pipes.lock().unwrap_or_else(|e| e.into_inner());
        let (stdin, stdout) = &mut *pipes;
        stdin.write_all(message.as_bytes()).ok()?;
        stdin.flush().ok()?;
        let mut line = String::new();
        match stdout.read_line(&mut line) {
            Ok(n) if n > 0 => Some(line.trim_end().to_string()),
            _ => None,
        }
    }

    /// `function` of the file at `path` tabulated for `goal` within
    /// `timeout`, as [`super::python_entry`] would (its prints into `log`
    /// if given); `None` if the server has stopped (the caller then runs a
    /// python3 of its own).
    pub fn entry(
        &self,
        path: &Path,
        function: &str,
        goal: u32,
        timeout: Duration,
        log: Option<&Path>,
    ) -> Option<PythonEntry> {
        let spec = format!("{}:{function}", path.display());
        let fail = |reason: String| HogError::Python {
            spec: spec.clone(),
            reason,
        };
        let failed = |e: HogError| PythonEntry {
            table: Err(e),
            name: None,
            ran: false,
            timed_out: false,
        };
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => {}
            Ok(_) => {
                return Some(failed(fail(format!(
                    "{} is not a regular file",
                    path.display()
                ))))
            }
            Err(_) => return Some(failed(fail(format!("{} is not a file", path.display())))),
        }
        let exchange = match tempfile::Builder::new().prefix(".hog-python-").tempfile() {
            Ok(file) => file,
            Err(e) => return Some(failed(fail(format!("creating the exchange file: {e}")))),
        };
        let _remove = remove_on_interrupt(exchange.path());
        if let Err(e) = std::fs::write(exchange.path(), exchange::initial(goal)) {
            return Some(failed(fail(format!("writing the exchange file: {e}"))));
        }
        // Fields are separated by \x1f and end at a newline: a path holding
        // either cannot be sent. The child runs in the file's folder.
        let absolute = std::path::absolute(path).ok()?;
        let log = match log {
            Some(log) => std::path::absolute(log).ok()?.to_str()?.to_string(),
            None => String::new(),
        };
        let fields = [absolute.to_str()?, function, &log];
        if fields.iter().any(|f| f.contains(['\u{1f}', '\n'])) {
            return None;
        }
        let request = format!(
            "TAB\u{1f}{}\u{1f}{function}\u{1f}{goal}\u{1f}{}\u{1f}{log}\u{1f}{}\n",
            fields[0],
            exchange.path().to_str()?,
            crate::child::MAX_LOG,
        );
        let pid: u32 = self.ask(&request)?.parse().ok()?;
        let _kill = kill_on_interrupt(pid);
        let deadline = Instant::now() + timeout;
        let mut pause = Duration::from_micros(200);
        let timed_out = loop {
            let finished = matches!(
                phase(exchange.as_file(), goal),
                Some(Phase::Done | Phase::Failed)
            );
            if finished || ended(pid) {
                break false;
            }
            if Instant::now() >= deadline {
                break true;
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        };
        // The child is not reaped until REAP: its group id is still its own.
        // What left the group (a session of its own) is below it still.
        crate::descendants::kill_below(&[pid]);
        kill_group(pid);
        let status = self.ask(&format!("REAP\u{1f}{pid}\n"))?;
        // What left the child (a double fork) was adopted by now.
        crate::cleanup::kill_strays();
        let bytes = match std::fs::read(exchange.path()) {
            Ok(bytes) => bytes,
            Err(e) => return Some(failed(fail(format!("reading the exchange file: {e}")))),
        };
        let mut name = None;
        let ran = phase(exchange.as_file(), goal).is_some_and(|p| p != Phase::Starting);
        let ended = (!timed_out).then_some(status);
        let table = interpret(
            path,
            function,
            goal,
            timeout,
            &bytes,
            ended,
            &self.program,
            &mut name,
        );
        Some(PythonEntry {
            table,
            name,
            ran,
            timed_out,
        })
    }
}
