//! Fall 2019's project (`--rules fa19`): Free Bacon as ten minus the
//! opponent's smaller digit (`free_bacon(score)`), Swine Swap when the
//! first digit times the last is the same for both scores
//! (`is_swap(player_score, opponent_score)`, equal scores included, as its
//! tests say), and Feral Hogs, which `play` applies: 3 more points when
//! the dice rolled are exactly 2 away from the dice the same player rolled
//! on their previous turn (0 before the first). `play(strategy0,
//! strategy1, score0, score1, dice, goal, say, feral_hogs)` returns both
//! scores; `bacon_strategy` and `swap_strategy` take a margin and a number
//! of dice (8 and 4 by default).

use serde_json::json;

use super::common::{
    always_roll, finish, make_averaged, max_scoring_num_rolls, other, roll_dice, strategy,
    take_turn_against,
};
use super::inputs::{game_loop, scripts, tuple, Check, Expected, Plan, Script};
use super::CheckOptions;
use crate::rules::{resolve, Overrides, Rules};
use crate::strategy::CourseStrategy;
use crate::table::StrategyTable;

/// Whether `rules` are Fall 2019's, as `--rules fa19` gives them.
pub fn is_fa19(rules: &Rules) -> bool {
    resolve(
        "fa19",
        Overrides {
            goal: Some(rules.goal()),
            ..Overrides::default()
        },
    )
    .is_ok_and(|fa19| fa19.identity() == rules.identity())
}

/// The projects of the digit years, with `free_bacon(score)` and
/// `is_swap`: Fall 2019's, and digit-swap's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    /// Fall 2019 (`--rules fa19`), Feral Hogs in `play`.
    Fa19,
    /// `--rules digit-swap`: Free Bacon as one more than the last digit of
    /// the product of the opponent's digits, a swap when the mover's ones
    /// digit is the opponent's tens digit (so `is_swap(player_score,
    /// opponent_score)`, mover first), six-sided dice, no Feral Hogs. Its
    /// semester's `hog.py` is not public: the names and signatures are
    /// those the projects around it share (Fall 2017 to Fall 2019), and
    /// `swap_strategy` is hog's own for these rules (a beneficial swap or
    /// enough Free Bacon rolls 0).
    DigitSwap,
}

/// The plan for the functions of `era`'s project under `rules`.
pub fn plan(rules: &Rules, options: &CheckOptions, era: Era) -> Plan {
    let goal = rules.goal();
    let scripts = scripts();
    let game = rules.score_rules();
    let free_bacon = |o: u32| rules.zero_dice_points(0, o);
    let rule = rules.components().after_turn;
    // Fall 2019's swap is symmetric and its tests count equal scores; the
    // digit swap reads the mover's score first.
    let is_swap = |a: u32, b: u32| match era {
        Era::Fa19 => a == b || game.after_turn(a, b) == (b, a),
        Era::DigitSwap => rule.condition(a, b),
    };
    let swap_choice = |args: [u32; 2], s: u32, o: u32| match era {
        Era::Fa19 => swap(&free_bacon, &is_swap, args, s, o),
        Era::DigitSwap => u32::from(CourseStrategy::SwapSeeking.choose(rules, args, s, o)),
    };
    let mut checks = vec![roll_dice()];

    let mut c = Check::new("free_bacon");
    for o in 0..goal {
        c.add(
            vec![json!(o)],
            Expected::Exact(json!(free_bacon(o))),
            format!("free_bacon({o})"),
        );
    }
    checks.push(c);

    checks.push(take_turn_against(goal, free_bacon));

    // is_swap: every pair of scores a turn can leave (a turn adds at most
    // 60 points and Feral Hogs' 3).
    let mut c = Check::new("is_swap");
    for a in 0..goal + 64 {
        for b in 0..goal {
            c.add(
                vec![json!(a), json!(b)],
                Expected::Exact(json!(is_swap(a, b))),
                format!("is_swap({a}, {b})"),
            );
        }
    }
    checks.push(c);
    checks.push(other());

    // play: fixed strategies, scripted dice, with and without Feral Hogs,
    // each strategy call compared with the engine's game loop.
    let strategies = strategy_tables(rules, &free_bacon, &swap_choice);
    let plain = match era {
        Era::Fa19 => resolve(
            "fa19",
            Overrides {
                goal: Some(goal),
                memory: Some(None),
                ..Overrides::default()
            },
        )
        .expect("fa19 without Feral Hogs"),
        Era::DigitSwap => rules.clone(),
    };
    let ferals: &[bool] = match era {
        Era::Fa19 => &[true, false],
        Era::DigitSwap => &[false],
    };
    let mut c = Check::new("play");
    c.trace = true;
    let mut game_number = 0;
    for &feral in ferals {
        let played = if feral { rules } else { &plain };
        for (a, b) in [(0, 1), (1, 0), (2, 3), (3, 2), (1, 1), (4, 2), (3, 4)] {
            for start in [(0, 0), (90, 95), (50, 20)] {
                for to in [goal, 60] {
                    if to > goal || start.0 >= to || start.1 >= to {
                        continue;
                    }
                    game_number += 1;
                    let faces = &scripts[game_number % scripts.len()];
                    let (returned, trace) = game_loop(
                        played,
                        [&strategies[a].1, &strategies[b].1],
                        start,
                        &mut Script { faces, next: 0 },
                        to,
                    );
                    let mut case = vec![
                        json!({ "table": a, "player": 0 }),
                        json!({ "table": b, "player": 1 }),
                        json!(start.0),
                        json!(start.1),
                        json!({ "dice": faces }),
                        json!(to),
                        json!({ "silence": true }),
                    ];
                    let mut shown = format!(
                        "play({}, {}, {}, {}, make_test_dice{}, {to}, silence",
                        strategies[a].0,
                        strategies[b].0,
                        start.0,
                        start.1,
                        tuple(faces),
                    );
                    if era == Era::Fa19 {
                        case.push(json!(feral));
                        shown += if feral { ", True" } else { ", False" };
                    }
                    c.add(
                        case,
                        Expected::Game {
                            returned: json!([returned.0, returned.1]),
                            trace: json!(trace),
                        },
                        shown + ")",
                    );
                }
            }
        }
    }
    checks.push(c);
    checks.push(always_roll(goal));
    checks.push(make_averaged());
    checks.push(max_scoring_num_rolls(true, false));

    // The strategies: every state, the defaults (8, 4) and two others.
    let arguments = [[8, 4], [5, 6], [10, 3]];
    checks.push(strategy("bacon_strategy", goal, arguments, |args, _, o| {
        bacon(&free_bacon, args, o)
    }));
    checks.push(strategy("swap_strategy", goal, arguments, swap_choice));

    // Whole games: their play (with Feral Hogs in Fall 2019), their
    // six_sided (seeded).
    finish(
        rules,
        match era {
            Era::Fa19 => super::Project::Fa19,
            Era::DigitSwap => super::Project::DigitSwap,
        },
        checks,
        &strategies,
        Default::default(),
        None,
        options,
    )
}

/// "This strategy rolls 0 dice if that gives at least MARGIN points, and
/// rolls NUM_ROLLS otherwise."
fn bacon(free_bacon: &dyn Fn(u32) -> u32, [margin, num_rolls]: [u32; 2], o: u32) -> u32 {
    if free_bacon(o) >= margin {
        0
    } else {
        num_rolls
    }
}

/// "This strategy rolls 0 dice when it triggers a beneficial swap. It
/// also rolls 0 dice if it gives at least MARGIN points and does not
/// trigger a non-beneficial swap. Otherwise, it rolls NUM_ROLLS." (A swap
/// of equal scores is neither.)
fn swap(
    free_bacon: &dyn Fn(u32) -> u32,
    is_swap: &dyn Fn(u32, u32) -> bool,
    args: [u32; 2],
    s: u32,
    o: u32,
) -> u32 {
    let new = s + free_bacon(o);
    match (is_swap(new, o), o.cmp(&new)) {
        (true, std::cmp::Ordering::Greater) => 0,
        (true, std::cmp::Ordering::Less) => args[1],
        _ => bacon(free_bacon, args, o),
    }
}

/// The strategies `play` is given: `bacon_strategy` and the course's
/// baseline first (the whole games' players), then others.
fn strategy_tables(
    rules: &Rules,
    free_bacon: &dyn Fn(u32) -> u32,
    swap_choice: &dyn Fn([u32; 2], u32, u32) -> u32,
) -> Vec<(String, StrategyTable)> {
    let goal = rules.goal();
    vec![
        (
            "bacon_strategy".to_string(),
            StrategyTable::from_fn(goal, |_, o| bacon(free_bacon, [8, 4], o) as u8),
        ),
        (
            "always_roll(4)".to_string(),
            StrategyTable::constant(goal, 4),
        ),
        (
            "swap_strategy".to_string(),
            StrategyTable::from_fn(goal, |s, o| swap_choice([8, 4], s, o) as u8),
        ),
        (
            "[2, 4, 6, 0, 3][(score + opponent_score) % 5] dice".to_string(),
            StrategyTable::from_fn(goal, |s, o| [2, 4, 6, 0, 3][((s + o) % 5) as usize]),
        ),
        (
            "(score + 2 × opponent_score) % 11 dice".to_string(),
            StrategyTable::from_fn(goal, |s, o| ((s + 2 * o) % 11) as u8),
        ),
    ]
}
