//! The projects of the Hog Wild years: Spring 2014 (`--rules double-swap`:
//! Free Bacon as one more than the opponent's larger digit, four-sided
//! dice when the scores sum to a multiple of 7, the scores swapped when
//! one is twice the other, inline in `play`) and Summer 2015
//! (`--rules reverse-swap`: the same, but swapped when the last two digits
//! of one score are the other's reversed, by `is_swap`). Their functions,
//! by the course's names and signatures of each semester's `hog.py`:
//! `take_turn(num_rolls, opponent_score, dice)` computes Free Bacon
//! itself; `select_dice(score, opponent_score)` returns the module's
//! `four_sided` or `six_sided`; `play` picks its dice by `select_dice`
//! from those globals (as the course's tests replace them) and returns
//! both scores; the strategies take a margin and a number of dice
//! (8 and 5 by default).

use serde_json::json;

use super::common::{
    always_roll, finish, make_averaged, max_scoring_num_rolls, other, roll_dice, strategy,
    take_turn_against,
};
use super::inputs::{game_loop, scripts, tuple, Check, Expected, Plan, Script};
use super::CheckOptions;
use crate::rules::Rules;
use crate::strategy::CourseStrategy;
use crate::table::StrategyTable;
use crate::turn::Dice;

/// Which semester's `hog.py`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Semester {
    /// Spring 2014: `play(strategy0, strategy1, goal)`, the swap inline,
    /// `max_scoring_num_rolls(dice)` printing each average.
    Sp14,
    /// Summer 2015: `play(strategy0, strategy1, score0, score1, goal)`,
    /// `is_swap(score0, score1)`, `max_scoring_num_rolls(dice,
    /// num_samples)`.
    Su15,
}

/// Two streams of scripted dice: what `four_sided` and `six_sided` are
/// replaced with, each rolled when the rules say its dice.
struct TwoScripts<'a> {
    four: Script<'a>,
    six: Script<'a>,
}

impl Dice for TwoScripts<'_> {
    fn roll(&mut self, sides: u32) -> u32 {
        if sides == 4 {
            self.four.roll(4)
        } else {
            self.six.roll(6)
        }
    }
}

/// One scripted game of `play`.
struct Game<'a> {
    /// The strategies' indices.
    players: (usize, usize),
    start: (u32, u32),
    goal: u32,
    /// What `four_sided` and `six_sided` show.
    four: &'a [u32],
    six: &'a [u32],
}

/// Scripts for the four-sided dice (faces 1 to 4).
const FOUR: [&[u32]; 3] = [&[3, 4, 2, 4, 1, 3], &[4, 2, 3], &[2, 1]];

/// The plan for `semester`'s functions under `rules` (its preset).
pub fn plan(rules: &Rules, options: &CheckOptions, semester: Semester) -> Plan {
    let goal = rules.goal();
    let scripts = scripts();
    let mut checks = Vec::new();

    checks.push(roll_dice());

    // take_turn: every move against every opponent's score.
    checks.push(take_turn_against(goal, |o| rules.zero_dice_points(0, o)));

    // select_dice: every state; the answer is the module's dice by name.
    let mut c = Check::new("select_dice");
    for s in 0..goal {
        for o in 0..goal {
            let sides = rules.score_rules().dice_sides(s, o);
            let name = if sides == 4 {
                "four_sided"
            } else {
                "six_sided"
            };
            c.add(
                vec![json!(s), json!(o)],
                Expected::Exact(json!(name)),
                format!("select_dice({s}, {o})"),
            );
        }
    }
    checks.push(c);

    // is_swap (Summer 2015): every pair of scores a turn can leave,
    // equal ones included (they "swap" to no effect).
    if semester == Semester::Su15 {
        let rule = rules.components().after_turn;
        let mut c = Check::new("is_swap");
        for a in 0..goal + 30 {
            for b in 0..goal {
                c.add(
                    vec![json!(a), json!(b)],
                    Expected::Exact(json!(rule.condition(a, b))),
                    format!("is_swap({a}, {b})"),
                );
            }
        }
        checks.push(c);
    }

    checks.push(other());

    // play: fixed strategies, the module's dice replaced by scripts, each
    // strategy call compared with the engine's game loop.
    let strategies = strategy_tables(rules);
    let mut c = Check::new("play");
    c.trace = true;
    let starts: &[(u32, u32)] = match semester {
        Semester::Sp14 => &[(0, 0)],
        Semester::Su15 => &[(0, 0), (90, 95), (50, 20), (19, 90)],
    };
    // Games from the start with every pair of scripts, then (where play
    // takes the scores to start from) games that end in a swap at the
    // goal: 96 + 4 + 6 = 106 against 60 (Summer 2015: 06 and 60), or one
    // that makes the mover's score half the other's.
    let mut games: Vec<Game> = Vec::new();
    let mut game = 0;
    for players in [(0, 1), (1, 0), (2, 3), (3, 2), (1, 1), (4, 2), (3, 4)] {
        for &start in starts {
            // Spring 2014's play takes no starting scores: small goals
            // reach the end of a game, where the last turn's swap counts.
            let goals: &[u32] = match semester {
                Semester::Sp14 => &[goal, 60, 10, 20],
                Semester::Su15 => &[goal, 60],
            };
            for &goal in goals {
                for _ in 0..3 {
                    game += 1;
                    games.push(Game {
                        players,
                        start,
                        goal,
                        four: FOUR[game % FOUR.len()],
                        six: &scripts[game % scripts.len()],
                    });
                }
            }
        }
    }
    if semester == Semester::Su15 {
        for (players, start) in [((5, 1), (96, 60)), ((1, 5), (60, 96))] {
            games.push(Game {
                players,
                start,
                goal,
                four: FOUR[0],
                six: &[4, 6],
            });
        }
    }
    for Game {
        players: (a, b),
        start,
        goal: to,
        four,
        six,
    } in games
    {
        if to > rules.goal() || start.0 >= to || start.1 >= to {
            continue;
        }
        let mut dice = TwoScripts {
            four: Script {
                faces: four,
                next: 0,
            },
            six: Script {
                faces: six,
                next: 0,
            },
        };
        let (returned, trace) = game_loop(
            rules,
            [&strategies[a].1, &strategies[b].1],
            start,
            &mut dice,
            to,
        );
        let (s0, s1) = (
            json!({ "table": a, "player": 0 }),
            json!({ "table": b, "player": 1 }),
        );
        let (case, shown) = match semester {
            Semester::Sp14 => (
                vec![s0, s1, json!(to)],
                format!("play({}, {}, {to})", strategies[a].0, strategies[b].0),
            ),
            Semester::Su15 => (
                vec![s0, s1, json!(start.0), json!(start.1), json!(to)],
                format!(
                    "play({}, {}, {}, {}, {to})",
                    strategies[a].0, strategies[b].0, start.0, start.1
                ),
            ),
        };
        c.add(
            case,
            Expected::Game {
                returned: json!([returned.0, returned.1]),
                trace: json!(trace),
            },
            format!(
                "{shown} with four_sided = make_test_dice{}, six_sided = make_test_dice{}",
                tuple(four),
                tuple(six)
            ),
        );
        c.patches.push(json!({
            "four_sided": { "dice": four },
            "six_sided": { "dice": six },
        }));
    }
    checks.push(c);

    checks.push(always_roll(goal));
    checks.push(make_averaged());
    checks.push(max_scoring_num_rolls(
        semester == Semester::Su15,
        semester == Semester::Sp14,
    ));

    // bacon_strategy and swap_strategy: every state, the defaults (a
    // margin of 8, 5 dice) and two others.
    for (name, course) in [
        ("bacon_strategy", CourseStrategy::Bacon),
        ("swap_strategy", CourseStrategy::SwapAvoiding),
    ] {
        checks.push(strategy(
            name,
            goal,
            [[8, 5], [5, 4], [10, 6]],
            |args, s, o| u32::from(course.choose(rules, args, s, o)),
        ));
    }

    // Whole games: their play, select_dice and dice (random, seeded).
    finish(
        rules,
        super::Project::HogWild(semester),
        checks,
        &strategies,
        Default::default(),
        None,
        options,
    )
}

/// The strategies `play` is given: the course's `bacon_strategy` and its
/// baseline first (the whole games' players), then others.
fn strategy_tables(rules: &Rules) -> Vec<(String, StrategyTable)> {
    let goal = rules.goal();
    vec![
        (
            "bacon_strategy".to_string(),
            CourseStrategy::Bacon.table(rules, [8, 5]),
        ),
        (
            "always_roll(5)".to_string(),
            StrategyTable::constant(goal, 5),
        ),
        (
            "always_roll(0)".to_string(),
            StrategyTable::constant(goal, 0),
        ),
        (
            "(6 if score < opponent_score else 4) dice".to_string(),
            StrategyTable::from_fn(goal, |s, o| if s < o { 6 } else { 4 }),
        ),
        (
            "(score + 2 × opponent_score) % 11 dice".to_string(),
            StrategyTable::from_fn(goal, |s, o| ((s + 2 * o) % 11) as u8),
        ),
        (
            "always_roll(2)".to_string(),
            StrategyTable::constant(goal, 2),
        ),
    ]
}
