//! Rules files run by the real `python3`: the course's rule sets written in
//! Python give the same bits as the presets on the general path, a hand-
//! worked game with a Pig Out worth nothing, and every bad file refused
//! with one line naming the function, the state and the problem.

use std::path::PathBuf;
use std::time::Duration;

use tempfile::TempDir;

use super::*;
use crate::engine::functions::general_sweep;
use crate::engine::Policy;
use crate::general::RuleTables;
use crate::rules::{Preset, Rules};

const TIMEOUT: Duration = Duration::from_secs(60);

/// A rules file with `text` in a folder of its own.
fn file(text: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rules.py");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

fn load(text: &str, goal: Option<u32>) -> Result<PythonRules, HogError> {
    let (_dir, path) = file(text);
    PythonRules::load(&path, goal, TIMEOUT)
}

/// The one-line error for `text`, without the file's path.
fn refusal(text: &str) -> String {
    let (_dir, path) = file(text);
    let err = match PythonRules::load(&path, Some(20), TIMEOUT) {
        Ok(rules) => match RuleTables::new(&rules) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => e.to_string(),
        },
        Err(e) => e.to_string(),
    };
    assert!(!err.contains('\n'), "{err}");
    err.replace(&path.display().to_string(), "FILE")
}

const FA24: &str = r#"
def zero_dice(score, opponent_score):
    # Boar Brawl
    return max(1, 3 * abs(opponent_score // 10 % 10 - score % 10))

def divisors(n):
    return sum(1 for d in range(1, n + 1) if n % d == 0)

def after_turn(score, opponent_score):
    # Sus Fuss: a score with 3 or 4 divisors becomes the next prime.
    if divisors(score) in (3, 4):
        score += 1
        while divisors(score) != 2:
            score += 1
    return score, opponent_score
"#;

const DOUBLE_SWAP: &str = r#"
GOAL = 57

def zero_dice(score, opponent_score):
    # Free Bacon: one more than the larger digit of the opponent's score.
    return 1 + max(opponent_score // 10 % 10, opponent_score % 10)

def dice_sides(score, opponent_score):
    return 4 if (score + opponent_score) % 7 == 0 else 6

def after_turn(score, opponent_score):
    if score == 2 * opponent_score or opponent_score == 2 * score:
        return opponent_score, score
    return score, opponent_score
"#;

/// The same values, bit for bit, and the same choices at every state.
fn assert_same_bits(python: &PythonRules, preset: &Rules) {
    let a = general_sweep(&RuleTables::new(python).unwrap(), &[Policy::Best], None);
    let b = general_sweep(&RuleTables::new(preset).unwrap(), &[Policy::Best], None);
    let n = preset.goal();
    for s in 0..n {
        for o in 0..n {
            assert_eq!(
                a.value(0, s, o).to_bits(),
                b.value(0, s, o).to_bits(),
                "({s}, {o})"
            );
            assert_eq!(a.choice(0, s, o), b.choice(0, s, o), "({s}, {o})");
        }
    }
}

#[test]
fn the_course_rules_in_python_are_the_presets() {
    let python = load(FA24, Some(100)).unwrap();
    assert_eq!(python.name(), "rules.py");
    assert_same_bits(&python, &Rules::preset(Preset::Fa24, 100).unwrap());
    // GOAL from the file, dice that depend on the scores, a swap.
    let python = load(DOUBLE_SWAP, None).unwrap();
    assert_eq!(python.goal(), 57);
    assert_same_bits(&python, &Rules::preset(Preset::DoubleSwap, 57).unwrap());
}

/// The hand-worked game of the general path's tests, from Python: goal 2,
/// two-sided dice, a Pig Out worth 0, zero dice worth 1: 2/3 for the first
/// player, rolling one die. `turn_points` doubling a zero-dice turn makes
/// zero dice win at once instead.
#[test]
fn a_pig_out_worth_nothing_from_python() {
    let text = "GOAL = 2\nPIG_OUT = 0\n\ndef zero_dice(s, o):\n    return 1\n\n\
                def dice_sides(s, o):\n    return 2\n";
    let rules = load(text, None).unwrap();
    let r = general_sweep(&RuleTables::new(&rules).unwrap(), &[Policy::Best], None);
    assert!((r.value(0, 0, 0) - 2.0 / 3.0).abs() < 1e-15);
    assert_eq!(r.choice(0, 0, 0), 1);
    let doubled = format!(
        "{text}\ndef turn_points(points, num_rolls, s, o):\n    \
         return 2 * points if num_rolls == 0 else points\n"
    );
    let rules = load(&doubled, None).unwrap();
    let r = general_sweep(&RuleTables::new(&rules).unwrap(), &[Policy::Best], None);
    assert_eq!((r.value(0, 0, 0), r.choice(0, 0, 0)), (1.0, 0));
}

#[test]
fn bad_rules_files_are_refused_naming_the_function_and_state() {
    let zero = "def zero_dice(s, o):\n    return 1\n";
    let cases: Vec<(String, &str)> = vec![
        (
            "def dice_sides(s, o):\n    return 6\n".into(),
            "bad rules: FILE: it defines no zero_dice function (it is required)",
        ),
        (
            "def zero_dice(s, o):\n    return 1 if s != 3 else 1 // 0\n".into(),
            "bad rules: FILE: zero_dice(3, 0) raised ZeroDivisionError: integer division or modulo by zero",
        ),
        (
            "def zero_dice(s, o):\n    return 2.5\n".into(),
            "bad rules: FILE: zero_dice(0, 0) returned 2.5, not an integer",
        ),
        (
            "def zero_dice(s, o):\n    return -1 if o == 4 else 1\n".into(),
            "bad rules: FILE: zero_dice(0, 4) returned -1, outside 0 to 255",
        ),
        (
            format!("{zero}def dice_sides(s, o):\n    return 21 if s == 2 else 6\n"),
            "bad rules: FILE: dice_sides(2, 0) returned 21, outside 2 to 20",
        ),
        (
            format!("{zero}def after_turn(s, o):\n    return s\n"),
            "bad rules: FILE: after_turn(0, 0) returned 0, not a pair (score, opponent_score)",
        ),
        (
            format!("{zero}def after_turn(s, o):\n    return (s, o, 0)\n"),
            "bad rules: FILE: after_turn(0, 0) returned (0, 0, 0), not a pair (score, opponent_score)",
        ),
        (
            format!("{zero}def after_turn(s, o):\n    return (0, o) if s == 7 else (s, o)\n"),
            "bad rules: after_turn(7, 0) returns (0, 0): a turn from (1, 0) rolling 1 die would lower the sum of the scores, which no turn may",
        ),
        (
            format!("{zero}calls = [0]\ndef extra_turn(s, o):\n    calls[0] += 1\n    return calls[0] == 5\n"),
            "bad rules: FILE: extra_turn(0, 4) returned True and then False: rules must be pure functions of their arguments",
        ),
        (
            format!("{zero}PIG_OUT = 'zero'\n"),
            "bad rules: FILE: PIG_OUT is 'zero': an integer or \"ones\"",
        ),
        (
            format!("{zero}def extra_turn(s, o):\n    return 'yes'\n"),
            "bad rules: FILE: extra_turn(0, 0) returned 'yes', not True or False",
        ),
        (
            format!("{zero}def rerolled(s, o):\n    return 2 if s == 3 else False\n"),
            "bad rules: FILE: rerolled(3, 0) returned 2, not True or False",
        ),
        (
            format!("{zero}def max_dice(s, o):\n    return 0 if o == 2 else 10\n"),
            "bad rules: FILE: max_dice(0, 2) returned 0, outside 1 to 10",
        ),
        (
            format!("{zero}def dice_sides(s, o):\n    return 20\ndef rerolled(s, o):\n    return s == 3\n"),
            "bad rules: rerolled(3, 0): rerolled dice of 20 sides are not counted exactly (2 to 6, 8, 10, 12, 14, 16 or 18 sides are)",
        ),
        (
            "import nothing_here\n".into(),
            "bad rules: FILE: importing it failed: ModuleNotFoundError: No module named 'nothing_here'",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(refusal(&text), want, "{text}");
    }
}

#[test]
fn a_rules_file_that_never_returns_is_stopped_at_the_timeout() {
    let (_dir, path) = file("def zero_dice(s, o):\n    while True:\n        pass\n");
    let err = PythonRules::load(&path, Some(5), Duration::from_millis(500)).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("timed out after 0.5 s (raise --python-timeout)"),
        "{err}"
    );
}

/// The same rules in Rust, for the file below.
struct Capped;

impl ScoreRules for Capped {
    fn goal(&self) -> u32 {
        30
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        1 + (o / 10 % 10).max(o % 10)
    }
    fn dice_sides(&self, s: u32, o: u32) -> u32 {
        if s > 20 {
            8
        } else if (s + o).is_multiple_of(7) {
            4
        } else {
            6
        }
    }
    fn pig_out(&self) -> PigOut {
        PigOut::Ones
    }
    fn has_turn_points(&self) -> bool {
        true
    }
    fn turn_points(&self, points: u32, dice: u32, _: u32, o: u32) -> u32 {
        points.min(25 - dice) + u32::from(o == 13)
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        s == o
    }
}

/// Turn points over every outcome (a cap of 25 - dice, a bonus against 13),
/// the number of 1s, three die sizes and extra turns: the Python file and
/// the Rust rules give the same bits, for the optimum and for a table.
#[test]
fn turn_points_and_every_other_function_match_their_rust_twin() {
    let text = r#"
GOAL = 30
PIG_OUT = "ones"

def zero_dice(s, o):
    return 1 + max(o // 10 % 10, o % 10)

def dice_sides(s, o):
    return 8 if s > 20 else 4 if (s + o) % 7 == 0 else 6

def turn_points(points, num_rolls, s, o):
    return min(points, 25 - num_rolls) + (o == 13)

def extra_turn(s, o):
    return s == o
"#;
    let python = load(text, None).unwrap();
    let table = crate::table::StrategyTable::from_fn(30, |s, o| ((s * 7 + o) % 11) as u8);
    for policies in [
        vec![Policy::Best],
        vec![Policy::Best, Policy::Fixed(&table)],
    ] {
        let a = general_sweep(&RuleTables::new(&python).unwrap(), &policies, None);
        let b = general_sweep(&RuleTables::new(&Capped).unwrap(), &policies, None);
        for i in 0..policies.len() {
            for s in 0..30 {
                for o in 0..30 {
                    assert_eq!(a.value(i, s, o).to_bits(), b.value(i, s, o).to_bits());
                    assert_eq!(a.choice(i, s, o), b.choice(i, s, o));
                }
            }
        }
    }
}

/// A `turn_points` that never reads the scores is asked once per (points,
/// number of dice) and gives the same table as the same rule asked at every
/// state; one that reads them through its caller's frame (no name in its
/// own bytecode) is caught by the sample of states and asked everywhere;
/// an impure one is still refused.
#[test]
fn turn_points_that_ignore_the_scores_are_asked_once_per_points() {
    let head = "GOAL = 60\nPIG_OUT = 'ones'\n\ndef zero_dice(s, o):\n    return 1 + o % 10\n\n\
                def dice_sides(s, o):\n    return 8 if (s + o) % 3 == 0 else 6\n\n";
    let by_points = load(
        &format!("{head}def turn_points(points, num_rolls, s, o):\n    return min(points, 25 - num_rolls)\n"),
        None,
    )
    .unwrap();
    let every_state = load(
        &format!("{head}def turn_points(points, num_rolls, s, o):\n    return min(points, 25 - num_rolls) + 0 * s\n"),
        None,
    )
    .unwrap();
    assert!(matches!(
        by_points.turn_points,
        Some(TurnPoints::ByPoints(_))
    ));
    assert!(matches!(
        every_state.turn_points,
        Some(TurnPoints::PerState(_))
    ));
    let (a, b) = (
        RuleTables::new(&by_points).unwrap(),
        RuleTables::new(&every_state).unwrap(),
    );
    let (a, b) = (
        general_sweep(&a, &[Policy::Best], None),
        general_sweep(&b, &[Policy::Best], None),
    );
    for s in 0..60 {
        for o in 0..60 {
            assert_eq!(a.value(0, s, o).to_bits(), b.value(0, s, o).to_bits());
        }
    }
    assert_eq!(by_points.turn_points(40, 10, 5, 5), 15);
    assert_eq!(by_points.turn_points(1, 1, 5, 5), 1);
    let sneaky = load(
        "import sys\n\ndef zero_dice(s, o):\n    return 1\n\n\
         def peek():\n    return sys._getframe(2).f_locals['score']\n\n\
         def helper(points):\n    return points + (peek() == 57)\n\n\
         def turn_points(points, num_rolls, score, opponent_score):\n    return helper(points)\n",
        None,
    )
    .unwrap();
    assert!(matches!(sneaky.turn_points, Some(TurnPoints::PerState(_))));
    assert_eq!(sneaky.turn_points(10, 2, 57, 0), 11);
    assert_eq!(sneaky.turn_points(10, 2, 56, 0), 10);
    let err = refusal(
        "calls = [0]\n\ndef zero_dice(s, o):\n    return 1\n\n\
         def turn_points(points, num_rolls, s, o):\n    calls[0] += 1\n    return points + (calls[0] > 400)\n",
    );
    assert!(
        err.contains("rules must be pure functions of their arguments"),
        "{err}"
    );
}
