//! Strategies written in Python: `PATH/hog.py:function`, tabulated by one
//! local `python3` process. These tests use the real `python3`.

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn hog() -> Command {
    let mut cmd = crate::util::hog_command();
    cmd.env_remove("HOG_PYTHON");
    cmd
}

/// A folder shaped like the course's hog project: `hog.py` importing `dice`
/// and `ucb` helpers that live beside it (the pytest suite's project,
/// `tests/python/project`), with a `final_strategy` that prints, as
/// students' functions do.
fn course_project(dir: &Path) {
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/project");
    for file in ["dice.py", "ucb.py", "hog.py"] {
        fs::copy(project.join(file), dir.join(file)).unwrap();
    }
    let mut hog = fs::read_to_string(dir.join("hog.py")).unwrap();
    // A later definition wins: this final_strategy is the file's.
    hog.push_str(
        r#"

def final_strategy(score, opponent_score):
    print("students print things")
    return sus_strategy(score, opponent_score, 9, 6)
"#,
    );
    fs::write(dir.join("hog.py"), hog).unwrap();
}

fn eval_json(args: &[&str]) -> Value {
    let out = hog()
        .args(["eval", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_course_shaped_project_evaluates_like_the_builtin() {
    let dir = tempfile::tempdir().unwrap();
    course_project(dir.path());
    let file = dir.path().join("hog.py");
    for (function, builtin) in [
        ("boar_strategy", "boar_strategy"),
        ("sus_strategy", "sus_strategy"),
        ("final_strategy", "sus_strategy(9, 6)"),
    ] {
        let spec = format!("{}:{function}", file.display());
        let from_python = eval_json(&[&spec]);
        let native = eval_json(&[builtin]);
        for field in ["first", "second", "average"] {
            assert_eq!(from_python[field], native[field], "{function}: {field}");
        }
    }
}

#[test]
fn a_python_strategy_works_as_an_opponent_and_inside_best_response() {
    let dir = tempfile::tempdir().unwrap();
    course_project(dir.path());
    let spec = format!("{}:boar_strategy", dir.path().join("hog.py").display());
    let vs_python = eval_json(&["optimal", "--vs", &spec]);
    let vs_native = eval_json(&["optimal", "--vs", "boar_strategy"]);
    assert_eq!(vs_python["average"], vs_native["average"]);
    let br = eval_json(&[&format!("best_response({spec})"), "--vs", "boar_strategy"]);
    assert!(br["average"].as_f64().unwrap() >= vs_native["average"].as_f64().unwrap());
}

/// Run `hog eval` on a one-function file and return the error line.
fn python_error(body: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("strategy.py");
    fs::write(&file, body).unwrap();
    let spec = format!("{}:strategy", file.display());
    let out = hog().args(["eval", &spec]).args(extra).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "exit status for {body}");
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(!stderr.contains("panicked"));
    stderr
}

#[test]
fn errors_name_the_state_and_the_problem() {
    let raised = python_error("def strategy(s, o):\n    return 10 // (7 - s)\n", &[]);
    assert!(
        raised.contains("strategy(7, 0) raised ZeroDivisionError"),
        "{raised}"
    );
    let float = python_error(
        "def strategy(s, o):\n    return 2.5 if o == 3 else 4\n",
        &[],
    );
    assert!(
        float.contains("strategy(0, 3) returned 2.5, not an integer"),
        "{float}"
    );
    let big = python_error(
        "def strategy(s, o):\n    return 11 if (s, o) == (5, 6) else 4\n",
        &[],
    );
    assert!(
        big.contains("strategy(5, 6) returned 11, outside 0..=10"),
        "{big}"
    );
    let huge = python_error("def strategy(s, o):\n    return 10 ** 30\n", &[]);
    assert!(
        huge.contains("strategy(0, 0) returned 1000000000000000000000000000000, outside 0..=10"),
        "{huge}"
    );
    let enormous = python_error("def strategy(s, o):\n    return 10 ** 5000\n", &[]);
    assert!(enormous.contains("outside 0..=10"), "{enormous}");
    assert!(enormous.len() < 300, "{enormous}");
    let negative = python_error("def strategy(s, o):\n    return -2\n", &[]);
    assert!(
        negative.contains("strategy(0, 0) returned -2, outside 0..=10"),
        "{negative}"
    );
    // -1 is the move of rolling -1 dice, which these rules lack.
    let minus_one = python_error("def strategy(s, o):\n    return -1\n", &[]);
    assert!(
        minus_one.contains("rolls -1 dice at score 0, opponent score 0: only rules with a -1 move"),
        "{minus_one}"
    );
    let boolean = python_error("def strategy(s, o):\n    return True\n", &[]);
    assert!(
        boolean.contains("strategy(0, 0) returned True, not an integer"),
        "{boolean}"
    );
    let import = python_error(
        "import no_such_module_here\ndef strategy(s, o):\n    return 1\n",
        &[],
    );
    assert!(
        import.contains("No module named 'no_such_module_here'"),
        "{import}"
    );
    let syntax = python_error("def strategy(s, o)\n    return 1\n", &[]);
    assert!(syntax.contains("SyntaxError"), "{syntax}");
    let missing = python_error("def other(s, o):\n    return 1\n", &[]);
    assert!(missing.contains("no function named strategy"), "{missing}");
    let not_callable = python_error("strategy = 6\n", &[]);
    assert!(
        not_callable.contains("strategy in the file is not a function but a value of type int"),
        "{not_callable}"
    );
    let exits = python_error(
        "import os\ndef strategy(s, o):\n    if (s, o) == (3, 7):\n        os._exit(0)\n    return 1\n",
        &[],
    );
    assert!(
        exits.contains("python3 exited (exit status: 0) while computing strategy(3, 7)"),
        "{exits}"
    );
    let killed = python_error(
        "import os, signal\ndef strategy(s, o):\n    if (s, o) == (2, 9):\n        os.kill(os.getpid(), signal.SIGKILL)\n    return 1\n",
        &[],
    );
    assert!(
        killed.contains("while computing strategy(2, 9)") && killed.contains("SIGKILL"),
        "{killed}"
    );
}

#[test]
fn a_strategy_that_is_not_a_function_of_the_scores_is_refused() {
    let random = python_error(
        "import random\ndef strategy(s, o):\n    return random.randint(0, 10)\n",
        &[],
    );
    assert!(
        random.contains("a strategy must be a deterministic function of the two scores"),
        "{random}"
    );
    let counting = python_error(
        "calls = 0\ndef strategy(s, o):\n    global calls\n    calls += 1\n    return 4 if calls <= 10000 else 5\n",
        &[],
    );
    assert!(
        counting.contains("strategy(0, 0) returned 4 and later 5"),
        "{counting}"
    );
}

/// A file whose function rolls `dice` everywhere, with `extra` lines in it.
fn constant_strategy(dir: &Path, dice: u8, extra: &str) -> String {
    let file = dir.join("noisy.py");
    fs::write(
        &file,
        format!("import os, sys\n{extra}\ndef strategy(s, o):\n    return {dice}\n"),
    )
    .unwrap();
    format!("{}:strategy", file.display())
}

#[test]
fn whatever_the_student_prints_goes_to_stderr_and_never_into_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let noise = "print('at import')\n\
                 sys.__stdout__.write('1 2 3\\n')\n\
                 sys.__stdout__.flush()\n\
                 os.system('echo from a shell')\n\
                 os.write(1, b'DONE\\n')\n\
                 print('to stderr', file=sys.stderr)";
    let spec = constant_strategy(dir.path(), 5, noise);
    let out = hog()
        .args(["eval", &spec, "--vs", "always_roll(5)", "--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    for line in ["at import", "1 2 3", "from a shell", "DONE", "to stderr"] {
        assert!(
            stderr.contains(line),
            "{line:?} missing from stderr:\n{stderr}"
        );
    }
    let v: Value = serde_json::from_slice(&out.stdout).expect("stdout is only the JSON");
    assert_eq!(v["average"], 0.5, "the table is always_roll(5)'s");
    // Prints inside the function, and on the way to a failure, come out too.
    let spec = constant_strategy(dir.path(), 11, "print('before the failure')");
    let out = hog().args(["eval", &spec]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.contains("before the failure"), "{stderr}");
    assert!(
        stderr.lines().last().unwrap().starts_with("error: "),
        "{stderr}"
    );
}

#[test]
fn prints_stream_while_the_function_is_still_running() {
    // The function waits for a file that this test creates only after it
    // has read the function's print from hog's stderr.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let go = dir.path().join("go");
    let body = format!(
        "import os, time\ndef strategy(s, o):\n    if (s, o) == (0, 0):\n        print('waiting for go')\n        while not os.path.exists({go:?}):\n            time.sleep(0.01)\n    return 4\n"
    );
    let file = dir.path().join("waits.py");
    fs::write(&file, body).unwrap();
    let spec = format!("{}:strategy", file.display());
    let mut child = start_hog(&["eval", &spec], Stdio::null(), Stdio::piped());
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert_eq!(line, "waiting for go\n");
    fs::write(&go, "").unwrap();
    assert!(child.wait().unwrap().success());
}

/// Start `hog ARGS` in the background.
fn start_hog(
    args: &[&str],
    stdout: std::process::Stdio,
    stderr: std::process::Stdio,
) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
        .env_remove("HOG_PYTHON")
        .args(args)
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// Whether process `pid` is still running (a zombie waiting for its
/// parent to reap it counts as gone).
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
    }
}

/// Wait up to `seconds` for `done`, checking every 10 ms.
fn within(seconds: u64, mut done: impl FnMut() -> bool) -> bool {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while std::time::Instant::now() < end {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    done()
}

/// Run `hog args`, killing it if it has not finished in `seconds`; its
/// output, or `None` if it had to be killed.
fn run_with_watchdog(args: &[&str], seconds: u64) -> Option<std::process::Output> {
    use std::process::Stdio;
    let mut child = start_hog(args, Stdio::piped(), Stdio::piped());
    if !within(seconds, || matches!(child.try_wait(), Ok(Some(_)))) {
        let _ = child.kill();
        let _ = child.wait();
        return None;
    }
    Some(child.wait_with_output().unwrap())
}

#[test]
#[cfg(target_os = "linux")]
fn children_of_the_student_code_neither_block_hog_nor_outlive_it() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    // A child that holds the inherited stdout and stderr for five minutes.
    let spawn = format!(
        "import subprocess\nchild = subprocess.Popen(['sleep', '300'])\nopen({pid_file:?}, 'w').write(str(child.pid))"
    );
    let spec = constant_strategy(dir.path(), 4, &spawn);
    let out = run_with_watchdog(&["eval", &spec, "--python-timeout", "20"], 60)
        .expect("hog finished without waiting for the stray child");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pid: u32 = fs::read_to_string(&pid_file).unwrap().parse().unwrap();
    assert!(
        within(5, || !running(pid)),
        "the stray child {pid} is still running"
    );

    // A fork that keeps running past a timeout is killed with its parent.
    fs::remove_file(&pid_file).unwrap();
    let forks = format!(
        "import os, time\nif os.fork() == 0:\n    open({pid_file:?}, 'w').write(str(os.getpid()))\n    time.sleep(300)\ntime.sleep(300)"
    );
    let spec = constant_strategy(dir.path(), 4, &forks);
    // Long enough for Python to start and fork on a loaded machine.
    let out = run_with_watchdog(&["eval", &spec, "--python-timeout", "10"], 60)
        .expect("hog stops at its timeout");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("timed out after 10 s while importing"),
        "{stderr}"
    );
    assert!(within(5, || pid_file.exists()));
    let pid: u32 = fs::read_to_string(&pid_file).unwrap().parse().unwrap();
    assert!(
        within(5, || !running(pid)),
        "the forked child {pid} is still running"
    );
}

#[test]
#[cfg(target_os = "linux")]
fn python_dies_with_hog_when_hog_is_terminated() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    let spins = format!(
        "def spin():\n    open({pid_file:?}, 'w').write(str(os.getpid()))\n    while True:\n        pass"
    );
    let file = dir.path().join("spins.py");
    fs::write(
        &file,
        format!("import os\n{spins}\ndef strategy(s, o):\n    spin()\n"),
    )
    .unwrap();
    let spec = format!("{}:strategy", file.display());
    let mut child = start_hog(&["eval", &spec], Stdio::null(), Stdio::null());
    assert!(within(30, || fs::read_to_string(&pid_file)
        .is_ok_and(|t| !t.is_empty())));
    let python: u32 = fs::read_to_string(&pid_file).unwrap().parse().unwrap();
    assert!(running(python));
    // SAFETY: a plain signal to the child this test started.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status}");
    assert!(
        within(5, || !running(python)),
        "python3 {python} outlived hog"
    );
}

#[test]
fn a_slow_function_times_out() {
    // A call that never returns: the timeout is long enough for Python to
    // start and import the file on a loaded machine, and fires in any case.
    let slow = python_error(
        "import time\ndef strategy(s, o):\n    time.sleep(600)\n    return 1\n",
        &["--python-timeout", "10"],
    );
    assert!(
        slow.contains("timed out after 10 s: strategy(0, 0)"),
        "{slow}"
    );
    assert!(slow.contains(") had not returned"), "{slow}");
    // An import that never finishes: whatever Python's start takes.
    let importing = python_error(
        "import time\ntime.sleep(600)\ndef strategy(s, o):\n    return 1\n",
        &["--python-timeout", "2"],
    );
    assert!(
        importing.contains("timed out after 2 s while importing"),
        "{importing}"
    );
}

#[test]
fn missing_python_and_missing_files_are_clear() {
    let dir = tempfile::tempdir().unwrap();
    course_project(dir.path());
    let spec = format!("{}:boar_strategy", dir.path().join("hog.py").display());
    let out = hog()
        .env("HOG_PYTHON", "/nonexistent/python3")
        .args(["eval", &spec])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("/nonexistent/python3 not found"),
        "{stderr}"
    );
    let out = hog()
        .args(["eval", "/nonexistent/hog.py:final_strategy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("is not a file"));
}

/// What a student's code prints, and the message of what it raises, reach
/// the terminal with every control character written out: an escape
/// sequence is shown, not run.
#[test]
fn escape_sequences_from_student_code_are_shown_not_run() {
    let dir = tempfile::tempdir().unwrap();
    let spec = constant_strategy(dir.path(), 5, "print('\\x1b]0;pwned\\x07\\x1b[2Jcleared')");
    let out = hog().args(["eval", &spec]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
        "{stderr:?}"
    );
    assert!(
        stderr.contains("\\x1b]0;pwned\\x07\\x1b[2Jcleared"),
        "{stderr}"
    );
    let raised = python_error(
        "def strategy(s, o):\n    raise ValueError('\\x1b[31mred\\x1b[0m')\n",
        &[],
    );
    assert!(!raised.contains('\u{1b}'), "{raised:?}");
    assert!(
        raised.contains("raised ValueError: \\x1b[31mred\\x1b[0m"),
        "{raised}"
    );
}
