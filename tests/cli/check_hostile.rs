//! Student files that try to break `hog check` and `hog play --student`:
//! values JSON cannot carry, threads that keep Python alive, files that
//! stand in for Python's own modules, goals below 60, games without end,
//! an interrupt, scores that are floats, syntax errors. Each is said in
//! the report's own words; the rest of the file is still checked.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{hog_command, hog_path, Scratch};

/// The complete Fall 2024 project (tests/fixtures/check/fa24) in `dir`
/// with `edits` made to hog.py (each `(from, to)` must apply).
fn project(dir: &Scratch, edits: &[(&str, &str)]) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/fa24");
    for name in ["dice.py", "ucb.py"] {
        dir.write(name, &std::fs::read_to_string(fixture.join(name)).unwrap());
    }
    let mut text = std::fs::read_to_string(fixture.join("hog.py")).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the fixture has no {from:?}");
        text = text.replacen(from, to, 1);
    }
    dir.write("hog.py", &text);
    "hog.py".to_string()
}

/// `hog ARGS...` in `dir`: exit status, stdout, stderr.
fn hog(dir: &Scratch, args: &[&str]) -> (i32, String, String) {
    let out = hog_command()
        .current_dir(dir.path())
        .args(args)
        .write_stdin("")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The report's line for `function`.
fn line<'a>(text: &'a str, function: &str) -> &'a str {
    text.lines()
        .find(|l| l.split_whitespace().next() == Some(function))
        .unwrap_or_else(|| panic!("no line for {function} in:\n{text}"))
}

#[test]
fn values_json_cannot_carry_are_named_with_their_function_and_the_rest_is_checked() {
    let dir = Scratch::new();
    let file = project(
        &dir,
        &[
            (
                "def num_factors(n):\n",
                "def num_factors(n):\n    if n < 5:\n        return [float('nan'), \
                 float('inf'), 10 ** 400, 2 ** 64 + 7][n - 1]\n",
            ),
            (
                "if num_factors(score) in (3, 4):",
                "if len([d for d in range(1, score + 1) if score % d == 0]) in (3, 4):",
            ),
            (
                "    tens = opponent_score // 10 % 10\n",
                "    print('\\ud800 printed')\n    tens = opponent_score // 10 % 10\n",
            ),
            (
                "    first = strategy(0, 0)\n",
                "    raise ValueError('first line\\nsecond line \\udc80')\n",
            ),
        ],
    );
    let (status, out, err) = hog(&dir, &["check", &file, "--games", "0"]);
    assert_eq!(status, 1, "{out}\n{err}");
    assert_eq!(err, "");
    assert_eq!(
        line(&out, "num_factors"),
        "num_factors            4 of 160 inputs differ: num_factors(1) should be 1, yours \
         gives nan; num_factors(2) should be 2, yours gives inf; num_factors(3) should be 2, \
         yours gives 10000000000000000000...0000000000 (an int of 401 digits)"
    );
    // The surrogate it prints is shown escaped; a print left in fails.
    assert_eq!(
        line(&out, "boar_brawl"),
        "boar_brawl             agrees, but prints at boar_brawl(0, 0): \\ud800 printed (the \
         course's tests compare what is printed, so a print left in fails them)"
    );
    assert_eq!(
        line(&out, "is_always_roll"),
        "is_always_roll         raised at is_always_roll(always_roll(0)): ValueError: first \
         line second line \\udc80"
    );
    assert_eq!(
        line(&out, "sus_points"),
        "sus_points             OK (161 inputs)"
    );
    assert_eq!(
        line(&out, "boar_strategy"),
        "boar_strategy          OK (30000 inputs)"
    );

    // An int beyond 64 bits is shown exactly, as Python prints it.
    let file = project(
        &dir,
        &[(
            "def num_factors(n):\n",
            "def num_factors(n):\n    if n == 4:\n        return 2 ** 64 + 7\n",
        )],
    );
    let (status, out, _) = hog(&dir, &["check", &file, "--games", "0"]);
    assert_eq!(status, 1);
    assert_eq!(
        line(&out, "num_factors"),
        "num_factors            1 of 160 inputs differ: num_factors(4) should be 3, yours \
         gives 18446744073709551623"
    );
}

#[test]
fn a_thread_left_running_does_not_lose_the_answer() {
    let dir = Scratch::new();
    let file = project(
        &dir,
        &[(
            "GOAL = 100\n",
            "GOAL = 100\nimport threading, time\nthreading.Thread(target=time.sleep, \
             args=(600,)).start()\n",
        )],
    );
    let started = Instant::now();
    let (status, out, err) = hog(
        &dir,
        &["--python-timeout", "30", "check", &file, "--games", "100"],
    );
    assert_eq!(status, 0, "{out}\n{err}");
    assert!(
        out.ends_with("Every function present agrees with the rules.\n"),
        "{out}"
    );
    assert!(started.elapsed() < Duration::from_secs(50));
}

#[test]
fn files_named_like_pythons_own_modules_do_not_stand_in_for_hogs() {
    let dir = Scratch::new();
    let file = project(&dir, &[]);
    for module in ["json", "random", "signal", "contextlib", "traceback", "io"] {
        dir.write(
            &format!("{module}.py"),
            "raise RuntimeError('not the real one')\n",
        );
    }
    let (status, out, err) = hog(&dir, &["check", &file, "--games", "100"]);
    assert_eq!(status, 0, "{out}\n{err}");

    // The student's own file meets its shadow, and is told so.
    let file = project(
        &dir,
        &[(
            "GOAL = 100\n",
            "GOAL = 100\nfrom fractions import Fraction\n",
        )],
    );
    dir.write("fractions.py", "x = 1\n");
    let (status, out, err) = hog(&dir, &["check", &file, "--games", "0"]);
    assert_eq!(status, 2, "{out}");
    let folder = dir.path().canonicalize().unwrap();
    assert_eq!(
        err.replace(&folder.display().to_string(), "DIR"),
        "error: bad argument: hog.py: importing it raised ImportError: cannot import name \
         'Fraction' from 'fractions' (DIR/fractions.py) (fractions.py beside it stands in \
         for Python's own module fractions)\n"
    );
}

#[test]
fn a_folder_or_a_fifo_is_said_to_be_what_it_is() {
    let dir = Scratch::new();
    std::fs::create_dir(dir.join("folder.py")).unwrap();
    let fifo = std::ffi::CString::new(dir.join("fifo.py").to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path the test owns.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    for (file, said) in [
        ("folder.py", "is a folder, not a file"),
        ("fifo.py", "is not a regular file"),
        ("missing.py", "no such file"),
    ] {
        for command in [&["check", file][..], &["play", "--student", file][..]] {
            let (status, out, err) = hog(&dir, command);
            assert_eq!(status, 2, "{command:?}: {out}");
            assert_eq!(err, format!("error: bad argument: {file}: {said}\n"));
        }
    }
}

#[test]
fn every_goal_below_60_is_checked() {
    let dir = Scratch::new();
    let file = project(&dir, &[]);
    for goal in ["59", "1", "30"] {
        let (status, out, err) = hog(&dir, &["--goal", goal, "check", &file, "--games", "200"]);
        assert_eq!(status, 0, "goal {goal}: {out}\n{err}");
        assert!(
            out.starts_with(&format!("hog check hog.py (fa24, goal {goal})\n")),
            "{out}"
        );
    }
    for rules in ["fa19", "double-swap", "reverse-swap", "digit-swap"] {
        let (status, out, err) = hog(
            &dir,
            &[
                "--rules", rules, "--goal", "40", "check", &file, "--games", "0",
            ],
        );
        assert_ne!(status, 2, "{rules}: {out}\n{err}");
        assert!(!err.contains("panicked"), "{rules}: {err}");
    }
}

#[test]
fn games_without_end_keep_what_was_checked() {
    let dir = Scratch::new();
    let file = project(&dir, &[]);
    let (status, out, err) = hog(&dir, &["check", &file, "--games", "1000000000000"]);
    assert_eq!(status, 2, "{out}");
    assert_eq!(
        err,
        "error: bad argument: --games is at most 10000000 (Python plays some thousands of \
         games a second), not 1000000000000\n"
    );

    // A play that will not stop in whole games (it swallows the alarm):
    // the functions' lines are all there, the games said to be stopped.
    let file = project(
        &dir,
        &[(
            "    who = 0\n",
            "    who = 0\n    while dice is six_sided:\n        try:\n            \
             __import__('time').sleep(1)\n        except BaseException:\n            pass\n",
        )],
    );
    let (status, out, err) = hog(
        &dir,
        &["--python-timeout", "15", "check", &file, "--games", "100"],
    );
    assert_eq!(status, 1, "{out}\n{err}");
    assert_eq!(line(&out, "play"), "play                   OK (72 inputs)");
    assert_eq!(
        line(&out, "sus_strategy"),
        "sus_strategy           OK (30000 inputs)"
    );
    assert_eq!(
        line(&out, "whole"),
        "whole games            stopped at hog's time limit (raise --python-timeout) in the \
         first game"
    );
}

/// The peak resident memory of `command` and everything it started, in
/// bytes, and its exit status.
fn peak_memory(command: &mut Command) -> (u64, i32) {
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: waits for the child this test started; rusage is zeroed.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage);
        usage
    };
    // Reaped by wait4 already: this only says so.
    let _ = child.wait();
    (usage.ru_maxrss as u64 * 1024, libc::WEXITSTATUS(status))
}

#[test]
fn a_check_at_goal_100_takes_tens_of_megabytes_and_too_big_a_goal_is_refused() {
    let dir = Scratch::new();
    let file = project(&dir, &[]);
    let (bytes, status) = peak_memory(
        Command::new(hog_path())
            .current_dir(dir.path())
            .args(["check", &file, "--games", "100"]),
    );
    assert_eq!(status, 0);
    // It took 1.41 GB.
    assert!(bytes < 256 << 20, "{} MiB", bytes >> 20);

    let (status, out, err) = hog(&dir, &["--goal", "20000", "check", &file]);
    assert_eq!(status, 2, "{out}");
    assert!(err.starts_with("error: goal 20000 needs about "), "{err}");
    assert!(err.contains(" MiB for hog check but only "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn an_interrupted_check_leaves_no_folder_and_no_python() {
    let dir = Scratch::new();
    let tmp = Scratch::new();
    let file = project(
        &dir,
        &[(
            "GOAL = 100\n",
            "GOAL = 100\nimport os, time\nopen('pid.tmp', 'w').write(str(os.getpid()))\n\
             os.rename('pid.tmp', 'pid')\ntime.sleep(600)\n",
        )],
    );
    for command in [&["check", &file][..], &["play", "--student", &file][..]] {
        let _ = std::fs::remove_file(dir.join("pid"));
        let mut child = Command::new(hog_path())
            .current_dir(dir.path())
            .env("TMPDIR", tmp.path())
            .args(command)
            .stdin(if command[0] == "play" {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if let Some(stdin) = child.stdin.as_mut() {
            use std::io::Write;
            stdin.write_all(b"5\n").unwrap();
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        let pid: i32 = loop {
            if let Ok(text) = std::fs::read_to_string(dir.join("pid")) {
                break text.trim().parse().unwrap();
            }
            assert!(
                Instant::now() < deadline,
                "{command:?}: python never started"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        // SAFETY: a plain signal to the child this test started.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGINT);
        }
        let status = child.wait().unwrap();
        assert!(!status.success(), "{command:?}");
        assert_eq!(tmp.file_names(), Vec::<String>::new(), "{command:?}");
        let deadline = Instant::now() + Duration::from_secs(10);
        while Path::new(&format!("/proc/{pid}")).exists() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            !Path::new(&format!("/proc/{pid}")).exists(),
            "{command:?}: python3 ({pid}) outlived hog"
        );
    }
}

/// `hog play --student FILE --seed 7 --vs always_roll(6)`, typing 5
/// dice every move, in `dir`: status and stdout.
fn play_student(dir: &Scratch, file: &str) -> (i32, String) {
    let out = hog_command()
        .current_dir(dir.path())
        .args([
            "play",
            "--seed",
            "7",
            "--vs",
            "always_roll(6)",
            "--student",
            file,
        ])
        .write_stdin("5\n".repeat(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn float_scores_are_said_as_they_are() {
    let dir = Scratch::new();
    let file = project(
        &dir,
        &[(
            "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n    \
             return sus_points(",
            "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n    \
             return 1.0 * sus_points(",
        )],
    );
    let (status, out) = play_student(&dir, &file);
    assert_eq!(status, 0, "{out}");
    let told: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("first differs"))
        .collect();
    assert_eq!(
        told,
        [
            "Your hog.py first differs in turn 1: your play asks player 1 for a move at 0-31.0 \
          after turn 1: scores that are not ints."
        ]
    );
}

#[test]
fn a_syntax_error_is_given_with_its_file_and_line() {
    let dir = Scratch::new();
    let file = project(
        &dir,
        &[(
            "def boar_brawl(player_score, opponent_score):",
            "def boar_brawl(player_score, opponent_score)",
        )],
    );
    let said = "importing it raised SyntaxError: expected ':' at hog.py:16: def \
                boar_brawl(player_score, opponent_score)";
    for command in [&["check", &file][..], &["play", "--student", &file][..]] {
        let (status, _, err) = hog(&dir, command);
        assert_eq!(status, 2, "{command:?}");
        assert_eq!(err, format!("error: bad argument: hog.py: {said}\n"));
    }
    let (status, _, err) = hog(&dir, &["eval", "hog.py:final_strategy"]);
    assert_eq!(status, 2);
    assert!(
        err.contains(
            "SyntaxError: expected ':' at hog.py:16: def boar_brawl(player_score, opponent_score)"
        ),
        "{err}"
    );
}
