//! No child of a student's code outlives hog: a process that left its
//! process group (`os.setsid()`) and one that left its parent too (a
//! double fork), started by a rules file in Python, a strategy file and a
//! contest submission, are gone when hog ends, normally and on Ctrl-C.

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{hog_path, Scratch};

/// Python that starts two processes meant to escape, each writing its pid
/// into `NAME.setsid` / `NAME.double` beside the file: one in a session of
/// its own under the file's process, one orphaned at once (its parent, in
/// a session of its own, exits). With `stay`, the file then waits, so hog
/// can be interrupted while it runs.
fn escaping(name: &str, stay: bool) -> String {
    format!(
        r#"
import os, time
def _escape(kind, double):
    pid = os.fork()
    if pid == 0:
        os.setsid()
        if double and os.fork() != 0:
            os._exit(0)
        with open("{name}." + kind + ".tmp", "w") as f:
            f.write(str(os.getpid()))
        os.rename("{name}." + kind + ".tmp", "{name}." + kind)
        time.sleep(600)
        os._exit(0)
    if double:
        os.waitpid(pid, 0)
_escape("setsid", False)
_escape("double", True)
while {stay} and not (os.path.exists("{name}.setsid") and os.path.exists("{name}.double")):
    time.sleep(0.05)
if {stay}:
    time.sleep(600)
"#,
        stay = if stay { "True" } else { "False" },
    )
}

/// The pid written in `path`, once it is there.
fn pid_in(path: &Path) -> u32 {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            if let Ok(pid) = text.trim().parse() {
                return pid;
            }
        }
        assert!(
            Instant::now() < deadline,
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether `pid` runs (a zombie has ended: only its reaping is left).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

/// Both escapees of `name` in `dir` are gone (allowing a moment for the
/// system to finish killing them).
fn assert_gone(dir: &Scratch, name: &str, how: &str) {
    for kind in ["setsid", "double"] {
        let pid = pid_in(&dir.join(&format!("{name}.{kind}")));
        let deadline = Instant::now() + Duration::from_secs(10);
        while running(pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        if running(pid) {
            // SAFETY: a plain signal, so that the test leaves nothing behind.
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGKILL);
            }
            panic!("{how}: the {kind} child of {name} ({pid}) outlived hog");
        }
    }
}

/// The three ways hog runs a student's file, each with `file` in `dir`.
fn routes(dir: &Scratch, stay: bool) -> Vec<(&'static str, Vec<String>)> {
    dir.write(
        "rules.py",
        &format!(
            "{}\ndef zero_dice(s, o):\n    return 1 + o % 10\n",
            escaping("rules", stay)
        ),
    );
    dir.write(
        "strategy.py",
        &format!(
            "{}\ndef final_strategy(s, o):\n    return 4\n",
            escaping("strategy", stay)
        ),
    );
    dir.write(
        "entries/escaping.py",
        &format!(
            "{}\nPLAYER_NAME = 'e'\ndef final_strategy(s, o):\n    return 4\n",
            escaping("escaping", stay)
        ),
    );
    dir.write(
        "entries/plain.py",
        "PLAYER_NAME = 'p'\ndef final_strategy(s, o):\n    return 5\n",
    );
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect();
    vec![
        (
            "rules",
            args(&[
                "eval",
                "--rules-py",
                "rules.py",
                "always_roll(4)",
                "--vs",
                "always_roll(5)",
            ]),
        ),
        ("strategy", args(&["eval", "strategy.py:final_strategy"])),
        (
            "entries/escaping",
            args(&["contest", "entries", "--out", "results"]),
        ),
    ]
}

#[test]
fn no_child_outlives_hog_when_it_ends() {
    let dir = Scratch::new();
    for (name, args) in routes(&dir, false) {
        let out = Command::new(hog_path())
            .current_dir(dir.path())
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "hog {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_gone(&dir, name, &format!("hog {args:?}"));
    }
}

#[test]
fn no_child_outlives_hog_after_ctrl_c() {
    let dir = Scratch::new();
    for (name, args) in routes(&dir, true) {
        let mut child = Command::new(hog_path())
            .current_dir(dir.path())
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Both escapees are running, and the file waits: interrupt hog.
        pid_in(&dir.join(&format!("{name}.setsid")));
        pid_in(&dir.join(&format!("{name}.double")));
        // SAFETY: a plain signal to the child this test started.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGINT);
        }
        let status = child.wait().unwrap();
        assert!(!status.success(), "hog {args:?} was interrupted: {status}");
        assert_gone(&dir, name, &format!("hog {args:?} after Ctrl-C"));
    }
}
