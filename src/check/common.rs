//! Functions every older project has by the same name and meaning:
//! `roll_dice`, `other`, `always_roll`, `make_averaged(fn, num_samples)`
//! and `max_scoring_num_rolls`.

use serde_json::{json, Value};

use super::inputs::{
    averages, max_scoring, max_scoring_is_fair, rolled, scripts, tuple, Check, Expected, Games,
    Plan,
};
use super::{CheckOptions, Project};
use crate::engine;
use crate::rules::Rules;
use crate::table::StrategyTable;

/// `roll_dice(num_rolls, dice)`: every number of dice, every script.
pub fn roll_dice() -> Check {
    let mut c = Check::new("roll_dice");
    for n in 1..=10 {
        for faces in scripts() {
            c.add_rolling(
                vec![json!(n), json!({ "dice": faces })],
                Expected::Exact(json!(rolled(&faces, n))),
                format!("roll_dice({n}, make_test_dice{})", tuple(&faces)),
                n,
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
    let states = [
        (0, 0),
        (goal - 1, goal - 1),
        (7, 42),
        (50, 3),
        (0, goal - 1),
    ];
    // States of a game to 100, inside a lower goal.
    let states = states.map(|(s, o)| (s.min(goal - 1), o.min(goal - 1)));
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
    // The count left out: the course's default of 1000 (dice of three
    // faces, so that another default gives another average).
    let dice = [1, 2, 3];
    let average = (0..1000).map(|i| f64::from(dice[i % 3])).sum::<f64>() / 1000.0;
    c.add(
        vec![json!({ "dice": dice })],
        Expected::Exact(json!([average])),
        "make_averaged(make_test_dice(1, 2, 3))()".to_string(),
    );
    c
}

/// `max_scoring_num_rolls(dice[, num_samples])` on scripted dice, 1000
/// samples: `with_count` when it takes the count (else it uses 1000 by
/// itself), `prints` when printing every average is what it was asked
/// for (Spring 2014).
pub fn max_scoring_num_rolls(with_count: bool, prints: bool) -> Check {
    let mut c = Check::new("max_scoring_num_rolls");
    c.prints = prints;
    // The count varies where it is an argument: a function that leaves it
    // out (make_averaged's default of 1000) is found.
    // (None: the count left out, the course's default of 1000.)
    let counts: &[Option<u32>] = if with_count {
        &[None, Some(1000), Some(1), Some(3)]
    } else {
        &[None]
    };
    let mut faces_list: Vec<Vec<u32>> = scripts()
        .into_iter()
        .enumerate()
        .filter(|(k, _)| k % 3 != 2)
        .map(|(_, f)| f)
        .collect();
    // Averages that rise, fall and rise again: the best is not the last
    // better than the one before.
    faces_list.push(vec![1, 3, 1, 5, 1, 6, 4, 2]);
    for faces in &faces_list {
        for &count in counts {
            let samples = count.unwrap_or(1000);
            if !max_scoring_is_fair(faces, samples) {
                continue;
            }
            let (case, shown) = match count {
                Some(n) => (vec![json!({ "dice": faces }), json!(n)], format!(", {n}")),
                None => (vec![json!({ "dice": faces })], String::new()),
            };
            if prints {
                c.printed_averages.push(averages(faces, samples));
            }
            // 1 to 10 dice, `samples` turns each: 55 dice a sample.
            c.add_rolling(
                case,
                Expected::Exact(json!(max_scoring(faces, samples))),
                format!(
                    "max_scoring_num_rolls(make_test_dice{}{shown})",
                    tuple(faces)
                ),
                55 * samples,
            );
        }
    }
    c
}

/// A strategy of the course's, `name(score, opponent_score, a, b)`, at
/// every state for each pair of arguments (the defaults first), against
/// `choose(args, score, opponent_score)`.
pub fn strategy(
    name: &'static str,
    goal: u32,
    arguments: [[u32; 2]; 3],
    choose: impl Fn([u32; 2], u32, u32) -> u32,
) -> Check {
    let mut c = Check::new(name);
    c.fewer_arguments = true;
    for (k, args) in arguments.into_iter().enumerate() {
        for s in 0..goal {
            for o in 0..goal {
                // The defaults by leaving them out, as a game calls it.
                let (case, shown) = if k == 0 {
                    (vec![json!(s), json!(o)], format!("{name}({s}, {o})"))
                } else {
                    (
                        vec![json!(s), json!(o), json!(args[0]), json!(args[1])],
                        format!("{name}({s}, {o}, {}, {})", args[0], args[1]),
                    )
                };
                c.add(case, Expected::Exact(json!(choose(args, s, o))), shown);
            }
        }
    }
    c
}

/// The older projects' `take_turn(num_rolls, opponent_score, dice)`:
/// every move against every opponent's score, zero dice scoring
/// `free_bacon(opponent_score)`.
pub fn take_turn_against(goal: u32, free_bacon: impl Fn(u32) -> u32) -> Check {
    let scripts = scripts();
    let mut c = Check::new("take_turn");
    for o in 0..goal {
        let faces = &scripts[(o as usize * 7) % scripts.len()];
        for n in 0..=10u32 {
            let points = if n == 0 {
                free_bacon(o)
            } else {
                rolled(faces, n)
            };
            c.add_rolling(
                vec![json!(n), json!(o), json!({ "dice": faces })],
                Expected::Exact(json!(points)),
                format!("take_turn({n}, {o}, make_test_dice{})", tuple(faces)),
                n,
            );
        }
    }
    c
}

/// The plan from its `checks`: the strategies `play` is given (the first
/// two play the whole games), the whole games against their exact win
/// rate, and what the driver reads (`tables` adds to the strategies'
/// tables what the plan's own inputs name; `update` is the function fa24's
/// `play` is given in whole games).
pub fn finish(
    rules: &Rules,
    project: Project,
    checks: Vec<Check>,
    strategies: &[(String, StrategyTable)],
    mut tables: serde_json::Map<String, Value>,
    update: Option<&str>,
    options: &CheckOptions,
) -> Plan {
    let games = (options.games > 0).then(|| {
        let (a, b) = (&strategies[0], &strategies[1]);
        let exact = engine::win_rates(rules, &a.1, &b.1, &Default::default()).first;
        Games {
            names: [a.0.clone(), b.0.clone()],
            exact,
        }
    });
    tables.insert("goal".into(), json!(rules.goal()));
    tables.insert("oracles".into(), super::oracles::oracles(&checks));
    tables.insert(
        "strategies".into(),
        json!(strategies
            .iter()
            .map(|(_, t)| t.as_array().iter().copied().collect::<Vec<u8>>())
            .collect::<Vec<_>>()),
    );
    let head = json!({
        "seconds": options.function_seconds,
        "tables": tables,
        "games": games.as_ref().map(|_| json!({
            "games": options.games,
            "seed": options.seed,
            "update": update,
            "call": project.play_call(),
            "strategies": [0, 1],
            "seconds": options.timeout.as_secs_f64() / 2.0,
        })),
    });
    Plan {
        json: super::request::text(&head, &checks),
        checks,
        games,
    }
}
