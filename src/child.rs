//! A child process in a process group of its own, so that whatever it
//! starts (a student's `os.fork()`, `os.system(...)`) is killed with it: on
//! a timeout, on an error, when it exits, and when this process is
//! interrupted (see [`crate::cleanup`]). What left the group
//! (`os.setsid()`) is found below the child and killed too, and what left
//! the child (a double fork) is adopted and killed where the program
//! adopts orphans (see [`crate::cleanup::adopt_orphans`]).

use std::io;
use std::path::Path;
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

pub use crate::cleanup::kill_group;
use crate::cleanup::{kill_strays, spawn_registered, Registered};

/// A running child, leader of its own process group.
pub struct GroupChild {
    child: Child,
    reaped: bool,
    /// Ends when the thread copying the child's prints has copied the last
    /// (see [`shown_on_stderr`]).
    shown: Option<Shown>,
    _registered: Registered,
}

/// The end of a copy of a child's prints.
pub struct Shown(std::sync::Mutex<std::sync::mpsc::Receiver<()>>);

impl Shown {
    /// Wait until every print is copied (every writer has closed the
    /// pipe), at most `limit`: an orphan still holding it does not hold
    /// this process up.
    fn wait(self, limit: Duration) {
        if let Ok(done) = self.0.into_inner() {
            let _ = done.recv_timeout(limit);
        }
    }
}

impl GroupChild {
    /// Start `command` in a new process group.
    pub fn spawn(command: &mut Command) -> io::Result<GroupChild> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(command, 0);
        let (child, registered) = spawn_registered(command)?;
        Ok(GroupChild {
            child,
            reaped: false,
            shown: None,
            _registered: registered,
        })
    }

    /// Wait for the copy of the child's prints before saying it ended, so
    /// that they come before anything said about the run.
    fn with_shown(mut self, shown: Option<Shown>) -> GroupChild {
        self.shown = shown;
        self
    }

    fn finish_shown(&mut self) {
        if let Some(shown) = self.shown.take() {
            shown.wait(Duration::from_secs(2));
        }
    }

    /// The child, for its pipes.
    pub fn child_mut(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Wait for the child to exit, or until `deadline` (then `None`, with
    /// the child still running). When it exits, what is left of its group
    /// is killed before the child is reaped, so the group's id cannot have
    /// been reused by then.
    pub fn wait_until(&mut self, deadline: Instant) -> io::Result<Option<ExitStatus>> {
        let mut pause = Duration::from_micros(200);
        loop {
            if self.has_exited()? {
                kill_group(self.child.id());
                self.reaped = true;
                let status = self.child.wait();
                // What it left behind is an orphan now, adopted or gone.
                kill_strays();
                self.finish_shown();
                return status.map(Some);
            }
            let now = Instant::now();
            if now >= deadline {
                return Ok(None);
            }
            std::thread::sleep(pause.min(deadline - now));
            pause = (pause * 2).min(Duration::from_millis(5));
        }
    }

    /// Kill everything below the child, its group, and the child, and
    /// reap it.
    pub fn kill(&mut self) {
        if !self.reaped {
            crate::descendants::kill_below(&[self.child.id()]);
            kill_group(self.child.id());
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.reaped = true;
            kill_strays();
            self.finish_shown();
        }
    }

    /// Whether the child has exited, without reaping it.
    #[cfg(target_os = "linux")]
    fn has_exited(&mut self) -> io::Result<bool> {
        // SAFETY: waitid writes only into `info`, a zeroed siginfo_t; with
        // WNOWAIT the child stays a zombie until `wait` reaps it.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            if libc::waitid(libc::P_PID, self.child.id(), &mut info, flags) != 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(info.si_pid() != 0)
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn has_exited(&mut self) -> io::Result<bool> {
        // Without waitid's WNOWAIT the child is reaped here; its group is
        // still killed right after.
        Ok(self.child.try_wait()?.is_some())
    }
}

impl Drop for GroupChild {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Stdio for a child's stdout and stderr that show on this process's
/// stderr line by line as they are printed, every control character
/// written as an escape (see [`crate::text`]): a student's print cannot
/// set the terminal's title or clear it. A thread copies until every
/// process holding the pipe has ended.
pub fn shown_on_stderr() -> (std::process::Stdio, std::process::Stdio, Option<Shown>) {
    use std::process::Stdio;
    let Ok((reader, writer)) = std::io::pipe() else {
        return (Stdio::null(), Stdio::inherit(), None);
    };
    let Ok(second) = writer.try_clone() else {
        return (Stdio::null(), Stdio::inherit(), None);
    };
    let (done, shown) = std::sync::mpsc::channel();
    let copied = std::thread::Builder::new()
        .name("hog-child-output".into())
        .spawn(move || {
            copy_shown(reader, std::io::stderr());
            let _ = done.send(());
        });
    if copied.is_err() {
        return (Stdio::null(), Stdio::null(), None);
    }
    (
        writer.into(),
        second.into(),
        Some(Shown(std::sync::Mutex::new(shown))),
    )
}

/// Copy `from` to `to` a line at a time (a long line in pieces), each piece
/// made visible.
fn copy_shown(from: impl io::Read, mut to: impl io::Write) {
    use std::io::BufRead;
    let mut from = io::BufReader::with_capacity(1 << 16, from);
    let mut line = Vec::new();
    loop {
        line.clear();
        // A line of at most 64 KiB at a time: a print without a newline
        // cannot make this grow without bound.
        match io::Read::take(&mut from, 1 << 16).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let text = String::from_utf8_lossy(&line);
                if to
                    .write_all(crate::text::visible_lines(&text).as_bytes())
                    .and_then(|()| to.flush())
                    .is_err()
                {
                    return;
                }
            }
        }
    }
}

/// Where a student's prints go.
#[derive(Debug, Clone, Copy)]
pub enum Prints<'a> {
    /// To this process's stderr, made visible (see [`shown_on_stderr`]).
    Shown,
    /// Into this file (made or emptied), at most [`MAX_LOG`] bytes: a
    /// process that prints more is stopped by the system (SIGXFSZ).
    Logged(&'a Path),
}

/// The most a logged run may print.
pub const MAX_LOG: u64 = 16 << 20;

/// Start `python3 -c DRIVER FILE ARGS...` (`$HOG_PYTHON` if set) for the
/// student's `file` (given to the driver as an absolute path): in a
/// process group of its own, in the file's folder (a relative `open()`
/// finds what is beside it, as `python3 hog.py` run there would), with
/// no stdin, unbuffered, its prints where `prints` says. How every
/// student file is run. The program's name comes back for messages; the
/// error says what could not start, `what` naming what needs Python ("a
/// Python strategy needs").
pub fn spawn_python(
    driver: &str,
    file: &Path,
    args: &[&std::ffi::OsStr],
    prints: Prints<'_>,
    what: &str,
) -> Result<(GroupChild, String), String> {
    let program = std::env::var_os("HOG_PYTHON").unwrap_or_else(|| "python3".into());
    let name = program.to_string_lossy().into_owned();
    let file = std::path::absolute(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut command = Command::new(&program);
    let (stdout, stderr, shown) = match prints {
        Prints::Shown => shown_on_stderr(),
        Prints::Logged(log) => {
            let opened = std::fs::File::create(log)
                .and_then(|f| Ok((f.try_clone()?, f)))
                .map_err(|e| format!("{}: {e}", log.display()))?;
            #[cfg(unix)]
            limit_file_size(&mut command, MAX_LOG);
            (opened.0.into(), opened.1.into(), None)
        }
    };
    if let Some(folder) = file.parent() {
        command.current_dir(folder);
    }
    command
        .arg("-c")
        .arg(driver)
        .arg(&file)
        .args(args)
        .env("PYTHONUNBUFFERED", "1")
        .stdin(std::process::Stdio::null())
        .stdout(stdout)
        .stderr(stderr);
    let spawned = GroupChild::spawn(&mut command);
    // The command holds the pipe's writing ends: without dropping it the
    // copy would never see the end.
    drop(command);
    match spawned {
        Ok(child) => Ok((child.with_shown(shown), name)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(format!("{name} not found: {what} a local python3"))
        }
        Err(e) => Err(format!("could not start {name}: {e}")),
    }
}

/// The child may write files of at most `bytes` (its log).
#[cfg(unix)]
fn limit_file_size(command: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure calls only setrlimit, which
    // is async-signal-safe, on memory of its own.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            Ok(())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_copied_line_by_line_with_escapes_shown() {
        let printed = "plain\n\u{1b}]0;title\u{7}\u{1b}[2Jcleared\nno newline";
        let mut out = Vec::new();
        copy_shown(printed.as_bytes(), &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "plain\n\\x1b]0;title\\x07\\x1b[2Jcleared\nno newline"
        );
        // A line longer than a piece keeps every byte.
        let long = "x".repeat(200_000);
        let mut out = Vec::new();
        copy_shown(long.as_bytes(), &mut out);
        assert_eq!(out.len(), long.len());
    }
}
