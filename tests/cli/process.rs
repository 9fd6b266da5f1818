//! How `hog` behaves as a process: closed pipes, stderr that is not a
//! terminal, `--quiet`, and the files' permissions.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::util::{hog_path, parse_json, run_ok, Scratch};

/// Run `hog ARGS` with its stdout pipe closed before it writes; stderr.
fn with_closed_stdout(s: &Scratch, args: &[&str]) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(hog_path())
        .current_dir(s.path())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap(), stderr)
}

#[test]
fn a_closed_stdout_pipe_exits_zero() {
    let s = Scratch::new();
    for args in [
        &["rates"][..],
        &["rates", "--format", "json"],
        &["rates", "--format", "csv"],
        &["eval", "boar_strategy"],
        &["solve", "--out", "t", "--format", "json"],
    ] {
        let (status, stderr) = with_closed_stdout(&s, args);
        assert!(!stderr.contains("panicked"), "hog {args:?}:\n{stderr}");
        assert!(status.success(), "hog {args:?}: {status}\n{stderr}");
        assert!(stderr.is_empty(), "hog {args:?}:\n{stderr}");
    }
    // solve wrote its tables before printing.
    assert!(s.join("t/final_strategy.csv").is_file());
}

/// What a progress bar would leave on stderr.
fn assert_no_progress_bar(stderr: &str) {
    for mark in ["\r", "\x1b", "=>", "[", "%", "solving"] {
        assert!(
            !stderr.contains(mark),
            "progress bar mark {mark:?} on stderr:\n{stderr:?}"
        );
    }
}

#[test]
fn progress_bars_are_hidden_when_stderr_is_not_a_terminal() {
    let s = Scratch::new();
    for extra in [&[][..], &["--quiet"], &["-q"]] {
        let out = s
            .hog()
            .args(["--goal", "600", "solve", "--out", "t", "--format", "json"])
            .args(extra)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert_no_progress_bar(&stderr);
        assert!(stderr.is_empty(), "{stderr:?}");
        let v = parse_json(&String::from_utf8_lossy(&out.stdout)).expect("only JSON on stdout");
        assert_eq!(v["goal"], 600);
    }
    // A big best response and rates (a list bar) stay quiet too.
    run_ok(s.hog().args([
        "--goal",
        "600",
        "solve",
        "--against",
        "always_roll(6)",
        "--out",
        "b",
    ]));
    run_ok(s.hog().args(["rates"]));
}

#[test]
fn quiet_hides_notes() {
    let s = Scratch::new();
    // At goal 1440 win_probabilities.csv would pass 512 MiB: skipped with a note.
    let out = run_ok(s.hog().args([
        "--goal", "1440", "solve", "--out", "t", "--quiet", "--format", "json",
    ]));
    let v = parse_json(&out).unwrap();
    assert_eq!(v["files"], serde_json::json!(["t/final_strategy.csv"]));
    assert_eq!(s.file_names(), ["t/final_strategy.csv"]);
}

#[test]
fn notes_go_to_stderr_without_a_progress_bar() {
    let s = Scratch::new();
    let out = s
        .hog()
        .args(["--goal", "1440", "solve", "--out", "t", "--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v = parse_json(&String::from_utf8_lossy(&out.stdout)).expect("only JSON on stdout");
    assert_eq!(v["files"], serde_json::json!(["t/final_strategy.csv"]));
    for line in stderr.lines() {
        assert!(line.starts_with("note: "), "{stderr:?}");
    }
    assert!(
        !stderr.contains('\r') && !stderr.contains('\x1b'),
        "{stderr:?}"
    );
}

#[test]
fn notes_show_when_stderr_is_not_a_terminal() {
    // A note says something about the files: a log must keep it.
    let s = Scratch::new();
    let out = s
        .hog()
        .args(["--goal", "1440", "solve", "--out", "t"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success());
    assert_eq!(
        stderr,
        "note: win_probabilities.csv skipped: it would be about 514 MiB at goal 1440; \
         pass --win-probabilities always to write it\n"
    );
}

#[test]
fn an_unwritable_stderr_never_panics() {
    let s = Scratch::new();
    let with_full_stderr = |args: &[&str]| {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        Command::new(hog_path())
            .current_dir(s.path())
            .args(args)
            .stderr(Stdio::from(full))
            .output()
            .unwrap()
            .status
    };
    // An error that cannot be told is still an error, not a panic (101).
    assert_eq!(with_full_stderr(&["eval", "nope"]).code(), Some(2));
    // A note that cannot be written is no failure.
    assert!(with_full_stderr(&["--goal", "1440", "solve", "--out", "t"]).success());
}

#[test]
#[cfg(unix)]
fn written_tables_follow_the_umask() {
    // The temporary files they start as are private (0600) until renamed.
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new();
    let status = Command::new("sh")
        .current_dir(s.path())
        .arg("-c")
        .arg(r#"umask 022 && exec "$0" "$@""#)
        .arg(hog_path())
        .args(["solve", "--out", "t", "--quiet"])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    for file in ["t/final_strategy.csv", "t/win_probabilities.csv"] {
        let mode = std::fs::metadata(s.join(file))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o644, "{file}: {mode:o}");
    }
}
