//! Functions every older project has by the same name and meaning:
//! `roll_dice`, `other`, `always_roll`, `make_averaged(fn, num_samples)`
//! and `max_scoring_num_rolls`.

use serde_json::json;

use super::inputs::{max_scoring, rolled, scripts, tuple, Check, Expected};

/// `roll_dice(num_rolls, dice)`: every number of dice, every script.
pub fn roll_dice() -> Check {
    let mut c = Check::new("roll_dice");
    for n in 1..=10 {
        for faces in scripts() {
            c.add(
                vec![json!(n), json!({ "dice": faces })],
                Expected::Exact(json!(rolled(&faces, n))),
                format!("roll_dice({n}, make_test_dice{})", tuple(&faces)),
            );
        }
    }
    c
}

/// `other(who)`.
pub fn other() -> Check {
    let mut c = Check::new("other");
    for who in [0, 1] {
        c.add(
            vec![json!(who)],
            Expected::Exact(json!(1 - who)),
            format!("other({who})"),
        );
    }
    c
}

/// `always_roll(n)`: the strategy it returns rolls `n` at a few states.
pub fn always_roll(goal: u32) -> Check {
    let mut c = Check::new("always_roll");
    let states = [(0, 0), (goal - 1, goal - 1), (7, 42), (50, 3)];
    c.apply = Some(
        states
            .iter()
            .map(|&(s, o)| vec![json!(s), json!(o)])
            .collect(),
    );
    for n in 0..=10 {
        c.add(
            vec![json!(n)],
            Expected::Exact(json!(vec![n; states.len()])),
            format!(
                "always_roll({n}) at {}",
                states.map(|(s, o)| format!("({s}, {o})")).join(", ")
            ),
        );
    }
    c
}

/// `make_averaged(fn, num_samples)`: the course's own doctests, on
/// scripted dice.
pub fn make_averaged() -> Check {
    let mut c = Check::new("make_averaged");
    let dice = [3, 1, 5, 6];
    c.apply = Some(vec![vec![]]);
    for samples in [1, 4, 1000] {
        let average: f64 =
            (0..samples).map(|i| f64::from(dice[i % 4])).sum::<f64>() / samples as f64;
        c.add(
            vec![json!({ "dice": dice }), json!(samples)],
            Expected::Exact(json!([average])),
            format!("make_averaged(make_test_dice(3, 1, 5, 6), {samples})()"),
        );
    }
    c
}

/// `max_scoring_num_rolls(dice[, num_samples])` on scripted dice, 1000
/// samples: `with_count` when it takes the count (else it uses 1000 by
/// itself), `prints` when printing every average is what it was asked
/// for (Spring 2014).
pub fn max_scoring_num_rolls(with_count: bool, prints: bool) -> Check {
    let mut c = Check::new("max_scoring_num_rolls");
    c.prints = prints;
    let samples = 1000;
    for (_, faces) in scripts().iter().enumerate().filter(|(k, _)| k % 3 != 2) {
        let (case, count) = if with_count {
            (
                vec![json!({ "dice": faces }), json!(samples)],
                format!(", {samples}"),
            )
        } else {
            (vec![json!({ "dice": faces })], String::new())
        };
        c.add(
            case,
            Expected::Exact(json!(max_scoring(faces, samples))),
            format!(
                "max_scoring_num_rolls(make_test_dice{}{count})",
                tuple(faces)
            ),
        );
    }
    c
}
