//! A child process in a process group of its own, so that whatever it
//! starts (a student's `os.fork()`, `os.system(...)`) is killed with it: on
//! a timeout, on an error, when it exits, and when this process is
//! interrupted (see [`crate::cleanup`]).

use std::io;
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

pub use crate::cleanup::kill_group;
use crate::cleanup::{kill_on_interrupt, Registered};

/// A running child, leader of its own process group.
pub struct GroupChild {
    child: Child,
    reaped: bool,
    _registered: Registered,
}

impl GroupChild {
    /// Start `command` in a new process group.
    pub fn spawn(command: &mut Command) -> io::Result<GroupChild> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(command, 0);
        let child = command.spawn()?;
        let registered = kill_on_interrupt(child.id());
        Ok(GroupChild {
            child,
            reaped: false,
            _registered: registered,
        })
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
                return self.child.wait().map(Some);
            }
            let now = Instant::now();
            if now >= deadline {
                return Ok(None);
            }
            std::thread::sleep(pause.min(deadline - now));
            pause = (pause * 2).min(Duration::from_millis(5));
        }
    }

    /// Kill the whole group and reap the child.
    pub fn kill(&mut self) {
        if !self.reaped {
            kill_group(self.child.id());
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.reaped = true;
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

/// Stdio for a child's stdout that is this process's stderr: what a
/// student's code prints shows as it is printed, and none of it is read.
pub fn stderr_as_stdout() -> std::process::Stdio {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = std::io::stderr().as_fd().try_clone_to_owned() {
            return std::process::Stdio::from(fd);
        }
    }
    std::process::Stdio::null()
}

/// Start `python3 -c DRIVER ARGS...` (`$HOG_PYTHON` if set) in a process
/// group of its own, unbuffered, with no stdin and its prints on this
/// process's stderr: how every student file is run. The program's name
/// comes back for messages; the error says what could not start, `what`
/// naming what needs Python ("a Python strategy needs").
pub fn spawn_python(
    driver: &str,
    args: &[&std::ffi::OsStr],
    what: &str,
) -> Result<(GroupChild, String), String> {
    let program = std::env::var_os("HOG_PYTHON").unwrap_or_else(|| "python3".into());
    let name = program.to_string_lossy().into_owned();
    let mut command = Command::new(&program);
    command
        .arg("-c")
        .arg(driver)
        .args(args)
        .env("PYTHONUNBUFFERED", "1")
        .stdin(std::process::Stdio::null())
        .stdout(stderr_as_stdout())
        .stderr(std::process::Stdio::inherit());
    match GroupChild::spawn(&mut command) {
        Ok(child) => Ok((child, name)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(format!("{name} not found: {what} a local python3"))
        }
        Err(e) => Err(format!("could not start {name}: {e}")),
    }
}
