//! Strategies written in Python: `PATH/hog.py:function`, tabulated by one
//! local `python3` process. These tests use the real `python3`.

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn hog() -> Command {
    let mut cmd = Command::cargo_bin("hog").unwrap();
    cmd.env_remove("HOG_PYTHON");
    cmd
}

/// A folder shaped like the course's hog project: `hog.py` importing `dice`
/// and `ucb` helpers that live beside it.
fn course_project(dir: &Path) {
    fs::write(
        dir.join("dice.py"),
        r#"from random import randint

def make_fair_dice(sides):
    assert type(sides) == int and sides >= 1, 'Illegal value for sides'
    def dice():
        return randint(1, sides)
    return dice

four_sided = make_fair_dice(4)
six_sided = make_fair_dice(6)

def make_test_dice(*outcomes):
    index = len(outcomes) - 1
    def dice():
        nonlocal index
        index = (index + 1) % len(outcomes)
        return outcomes[index]
    return dice
"#,
    )
    .unwrap();
    fs::write(
        dir.join("ucb.py"),
        r#"import inspect, sys

def main(fn):
    """Call fn with command line arguments when its module is run as a script."""
    if inspect.stack()[1][0].f_locals['__name__'] == '__main__':
        args = sys.argv[1:]
        fn(*args)
    return fn

def trace(fn):
    return fn

def interact(msg=None):
    pass
"#,
    )
    .unwrap();
    fs::write(
        dir.join("hog.py"),
        r#""""The Game of Hog, as a student might have written it."""
from dice import six_sided, make_test_dice
from ucb import main, trace, interact

GOAL = 100

def boar_brawl(player_score, opponent_score):
    tens = (opponent_score // 10) % 10
    ones = player_score % 10
    return max(3 * abs(tens - ones), 1)

def num_factors(n):
    return sum(1 for d in range(1, n + 1) if n % d == 0)

def sus_points(score):
    if num_factors(score) in (3, 4):
        score += 1
        while num_factors(score) != 2:
            score += 1
    return score

def boar_strategy(score, opponent_score, threshold=11, num_rolls=6):
    if boar_brawl(score, opponent_score) >= threshold:
        return 0
    return num_rolls

def sus_strategy(score, opponent_score, threshold=11, num_rolls=6):
    gain = sus_points(score + boar_brawl(score, opponent_score)) - score
    return 0 if gain >= threshold else num_rolls

def final_strategy(score, opponent_score):
    print("students print things")
    return sus_strategy(score, opponent_score, 9, 6)

@main
def run(*args):
    raise SystemExit("running experiments is not what the solver wants")
"#,
    )
    .unwrap();
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
        raised.contains("raised at (7, 0): ZeroDivisionError"),
        "{raised}"
    );
    let float = python_error(
        "def strategy(s, o):\n    return 2.5 if o == 3 else 4\n",
        &[],
    );
    assert!(
        float.contains("returned 2.5 at (0, 3), not an integer"),
        "{float}"
    );
    let big = python_error(
        "def strategy(s, o):\n    return 11 if (s, o) == (5, 6) else 4\n",
        &[],
    );
    assert!(
        big.contains("returned 11 at (5, 6), outside 0..=10"),
        "{big}"
    );
    let negative = python_error("def strategy(s, o):\n    return -1\n", &[]);
    assert!(negative.contains("returned -1 at (0, 0)"), "{negative}");
    let boolean = python_error("def strategy(s, o):\n    return True\n", &[]);
    assert!(
        boolean.contains("returned True at (0, 0), not an integer"),
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
}

#[test]
fn a_slow_function_times_out() {
    let slow = python_error(
        "import time\ndef strategy(s, o):\n    time.sleep(0.01)\n    return 1\n",
        &["--python-timeout", "0.5"],
    );
    assert!(slow.contains("timed out after 0.5 s"), "{slow}");
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
