//! What each function of Fall 2024's project is called with, and what the
//! rules say it must give: the driver's plan.

use serde_json::{json, Value};

use super::common::{always_roll, finish, strategy};
use super::CheckOptions;
use crate::recall::{Clock, Forgetful, PlayerMemory, Still};
use crate::rules::digits::divisor_count;
use crate::rules::{AfterTurn, Rules};
use crate::strategy::CourseStrategy;
use crate::table::StrategyTable;
use crate::turn::{take_turn, Board, Dice};

/// What a call must give.
#[derive(Debug, Clone)]
pub enum Expected {
    /// This value (a number, a boolean, a pair of scores, a list of them).
    Exact(Value),
    /// A whole game: the final scores, and every strategy call on the way
    /// (`[player, score, opponent_score]`: who moved, from where).
    Game { returned: Value, trace: Value },
}

impl Expected {
    /// The value as a report shows it.
    pub fn shown(&self) -> String {
        match self {
            Expected::Exact(v) => super::report::shown_value(v, None),
            Expected::Game { returned, trace } => super::report::shown_value(returned, Some(trace)),
        }
    }
}

/// One function's inputs and answers.
#[derive(Debug, Clone)]
pub struct Check {
    /// The course's name of the function.
    pub name: &'static str,
    /// Each call's arguments (the driver's JSON forms), as JSON text: a
    /// tree of `Value`s a call would take a hundred times the memory.
    pub cases: Vec<Box<str>>,
    /// What each call must give.
    pub expected: Vec<Expected>,
    /// Each call as a person reads it: `take_turn(2, 10, 20, dice)`.
    pub shown: Vec<String>,
    /// Calls to make of what the function returns (a strategy, an
    /// averaged function), their results the function's answer.
    pub apply: Option<Vec<Vec<Value>>>,
    /// Log the strategies' calls (`play`).
    pub trace: bool,
    /// Per call, globals of the module to replace first (an older
    /// project's dice, which its `play` reads by name).
    pub patches: Vec<Value>,
    /// Printing is what the function is for (Spring 2014's
    /// `max_scoring_num_rolls` prints every average).
    pub prints: bool,
    /// Per call, where printing is what the function is for, the average
    /// of each number of dice from 1 to 10 it must print ("3 dice scores
    /// 9.0 on average"), where those are known whatever the order.
    pub printed_averages: Vec<Option<Vec<f64>>>,
    /// The calls with more arguments than the function takes are left
    /// out (an earlier skeleton's `bacon_strategy(score,
    /// opponent_score)`: the calls with the defaults come first).
    pub fewer_arguments: bool,
    /// Per call, how often the scripted dice must be rolled (the course
    /// rolls exactly `num_rolls` dice), where that is checked.
    pub rolls: Vec<u32>,
}

impl Check {
    pub(super) fn new(name: &'static str) -> Check {
        Check {
            name,
            cases: Vec::new(),
            expected: Vec::new(),
            shown: Vec::new(),
            apply: None,
            trace: false,
            patches: Vec::new(),
            prints: false,
            rolls: Vec::new(),
            fewer_arguments: false,
            printed_averages: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, case: Vec<Value>, expected: Expected, shown: String) {
        self.cases.push(Value::from(case).to_string().into());
        self.expected.push(expected);
        self.shown.push(shown);
    }

    /// [`Check::add`] a call that rolls `rolls` dice of its script.
    pub(super) fn add_rolling(
        &mut self,
        case: Vec<Value>,
        expected: Expected,
        shown: String,
        rolls: u32,
    ) {
        self.add(case, expected, shown);
        self.rolls.push(rolls);
    }

    pub(super) fn json(&self) -> Value {
        // The cases join it as text: see `super::request`.
        json!({
            "name": self.name,
            "apply": self.apply,
            "trace": self.trace,
            "patches": self.patches,
            "prints": self.prints,
            "count_rolls": !self.rolls.is_empty(),
            "fewer_arguments": self.fewer_arguments,
        })
    }
}

/// Whole games of the student's `play`.
#[derive(Debug, Clone)]
pub struct Games {
    /// The two strategies, by name.
    pub names: [String; 2],
    /// Player 0's exact chance of winning, moving first.
    pub exact: f64,
}

/// Everything a check asks and expects.
#[derive(Debug, Clone)]
pub struct Plan {
    /// What the driver reads (JSON text).
    pub json: String,
    /// The functions, in the order they are reported.
    pub checks: Vec<Check>,
    /// The whole games, if any.
    pub games: Option<Games>,
}

/// Dice that show a script's faces in order, then again.
pub(crate) struct Script<'a> {
    pub(crate) faces: &'a [u32],
    pub(crate) next: usize,
}

impl Dice for Script<'_> {
    fn roll(&mut self, _sides: u32) -> u32 {
        let face = self.faces[self.next % self.faces.len()];
        self.next += 1;
        face
    }
}

/// A small deterministic generator for the scripts (the check's inputs are
/// the same every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % u64::from(below)) as u32
    }
}

/// The dice scripts calls use, by index: some show a 1 early, some late,
/// some never.
pub(super) fn scripts() -> Vec<Vec<u32>> {
    let mut lcg = Lcg(61);
    let mut out: Vec<Vec<u32>> = vec![
        vec![4, 2, 5, 1],
        vec![1, 6],
        vec![6],
        vec![2, 3, 4, 5, 6],
        vec![3, 3, 1],
        vec![5, 4, 6, 2, 3, 6, 5, 4, 2, 3, 1],
    ];
    for length in [7, 9, 11, 13, 17, 19] {
        // Sixes and fives mostly, a 1 now and then.
        out.push(
            (0..length)
                .map(|_| match lcg.next(12) {
                    0 => 1,
                    k => 2 + k % 5,
                })
                .collect(),
        );
    }
    out
}

/// The points of rolling `n >= 1` dice of `script` from its start.
pub(super) fn rolled(script: &[u32], n: u32) -> u32 {
    let faces: Vec<u32> = (0..n as usize).map(|i| script[i % script.len()]).collect();
    if faces.contains(&1) {
        1
    } else {
        faces.iter().sum()
    }
}

/// The plan for Fall 2024's functions under `rules` (fa24 at its goal).
pub fn plan(rules: &Rules, options: &CheckOptions) -> Plan {
    let goal = rules.goal();
    let scripts = scripts();
    let script = |k: usize| json!({ "dice": scripts[k] });
    let mut checks = Vec::new();

    // roll_dice: every number of dice, every script.
    let mut c = Check::new("roll_dice");
    for n in 1..=10 {
        for (k, faces) in scripts.iter().enumerate() {
            c.add_rolling(
                vec![json!(n), script(k)],
                Expected::Exact(json!(rolled(faces, n))),
                format!("roll_dice({n}, make_test_dice{})", tuple(faces)),
                n,
            );
        }
    }
    checks.push(c);

    // boar_brawl: every state.
    let mut c = Check::new("boar_brawl");
    for s in 0..goal {
        for o in 0..goal {
            c.add(
                vec![json!(s), json!(o)],
                Expected::Exact(json!(rules.zero_dice_points(s, o))),
                format!("boar_brawl({s}, {o})"),
            );
        }
    }
    checks.push(c);

    // num_factors and sus_points: every score a turn can reach.
    let top = goal + 60;
    let mut c = Check::new("num_factors");
    for n in 1..=top {
        let factors = divisor_count(n);
        c.add(
            vec![json!(n)],
            Expected::Exact(json!(factors)),
            format!("num_factors({n})"),
        );
    }
    checks.push(c);
    let mut c = Check::new("sus_points");
    for score in 0..=top {
        c.add(
            vec![json!(score)],
            Expected::Exact(json!(rules.sus_points(score))),
            format!("sus_points({score})"),
        );
    }
    checks.push(c);

    // take_turn and the two updates: every move from every state, a script
    // per state.
    let mut turn = Check::new("take_turn");
    let mut simple = Check::new("simple_update");
    let mut sus = Check::new("sus_update");
    for s in 0..goal {
        for o in 0..goal {
            let k = ((s * 7 + o * 3) as usize) % scripts.len();
            for n in 0..=10u32 {
                let points = if n == 0 {
                    rules.zero_dice_points(s, o)
                } else {
                    rolled(&scripts[k], n)
                };
                let case = vec![json!(n), json!(s), json!(o), script(k)];
                let dice = format!("make_test_dice{}", tuple(&scripts[k]));
                turn.add_rolling(
                    case.clone(),
                    Expected::Exact(json!(points)),
                    format!("take_turn({n}, {s}, {o}, {dice})"),
                    n,
                );
                simple.add_rolling(
                    case.clone(),
                    Expected::Exact(json!(s + points)),
                    format!("simple_update({n}, {s}, {o}, {dice})"),
                    n,
                );
                sus.add_rolling(
                    case,
                    Expected::Exact(json!(rules.sus_points(s + points))),
                    format!("sus_update({n}, {s}, {o}, {dice})"),
                    n,
                );
            }
        }
    }
    checks.extend([turn, simple, sus]);

    // play: games with hog's strategies and updates (the rules' own), each
    // turn compared with the engine's game loop.
    let strategies = strategy_tables(rules);
    let no_fuss = {
        let mut c = rules.components();
        c.after_turn = AfterTurn::None;
        Rules::new(rules.base(), c, goal).expect("fa24 without Sus Fuss")
    };
    let mut c = Check::new("play");
    c.trace = true;
    let mut game = 0;
    for (update, game_rules) in [("sus", rules), ("simple", &no_fuss)] {
        for (a, b) in [(0, 1), (1, 0), (2, 3), (3, 2), (1, 1), (4, 2)] {
            for (start, k, to) in [
                ((0, 0), 5, goal),
                ((0, 0), 8, goal),
                ((90, 95), 0, goal),
                ((50, 20), 11, goal),
                ((0, 0), 3, 60),
                // Over before it starts: no turn is played.
                ((goal, 0), 2, goal),
            ] {
                // A game to 60 or from (90, 95) has no place under a lower goal
                // (a game from the goal itself is over before it starts).
                if to > goal || start.0 > to || start.1 > to {
                    continue;
                }
                game += 1;
                let faces = &scripts[(k + game) % scripts.len()];
                let (returned, trace) = game_loop(
                    game_rules,
                    [&strategies[a].1, &strategies[b].1],
                    start,
                    &mut Script { faces, next: 0 },
                    to,
                );
                c.add(
                    vec![
                        json!({ "table": a, "player": 0 }),
                        json!({ "table": b, "player": 1 }),
                        json!({ "update": update }),
                        json!(start.0),
                        json!(start.1),
                        json!({ "dice": faces }),
                        json!(to),
                    ],
                    Expected::Game {
                        returned: json!([returned.0, returned.1]),
                        trace: json!(trace),
                    },
                    format!(
                        "play({}, {}, {update}_update, {}, {}, make_test_dice{}, {to})",
                        strategies[a].0,
                        strategies[b].0,
                        start.0,
                        start.1,
                        tuple(faces)
                    ),
                );
            }
        }
    }
    checks.push(c);

    checks.push(always_roll(goal));

    // is_always_roll: constants, and tables that differ at one state only.
    let mut c = Check::new("is_always_roll");
    for n in [0, 5, 10] {
        c.add(
            vec![json!({ "constant": n })],
            Expected::Exact(json!(true)),
            format!("is_always_roll(always_roll({n}))"),
        );
    }
    // The same in every state of a game, another where no game asks: a
    // score of the goal or more.
    c.add(
        vec![json!({ "constant": 5, "past_goal": 6 }), json!(goal)],
        Expected::Exact(json!(true)),
        format!("is_always_roll(5 dice, 6 at a score of {goal} or more, {goal})"),
    );
    for (i, (name, table)) in strategies.iter().enumerate().skip(5) {
        for limit in [goal, 30.min(goal)] {
            // The course's definition: the same choice at every state of
            // a game to `limit`.
            let first = table.get(0, 0);
            let constant = (0..limit).all(|s| (0..limit).all(|o| table.get(s, o) == first));
            c.add(
                vec![json!({ "table": i }), json!(limit)],
                Expected::Exact(json!(constant)),
                format!("is_always_roll({name}, {limit})"),
            );
        }
    }
    checks.push(c);

    // make_averaged: on a function that counts its calls.
    let mut c = Check::new("make_averaged");
    let values = [4, 2, 5, 1, 7];
    c.apply = Some(vec![vec![json!(1), json!(2)], vec![json!(10), json!(20)]]);
    for times in [1, 2, 5, 7, 40] {
        // Each application continues the counter where the last stopped.
        let mut next = 0;
        let mut averages = Vec::new();
        for extra in [3, 30] {
            let total: i64 = (0..times)
                .map(|_| {
                    let v = values[next % values.len()];
                    next += 1;
                    v + extra
                })
                .sum();
            averages.push(total as f64 / times as f64);
        }
        c.add(
            vec![json!({ "counter": values }), json!(times)],
            Expected::Exact(json!(averages)),
            format!(
                "make_averaged(f, {times})(1, 2) and then (10, 20), f returning {} plus its arguments' sum",
                tuple(&values.map(|v| v as u32))
            ),
        );
    }
    // The count left out: the course's default of 1000 (three values, so
    // that another default gives another average).
    let values = [1, 2, 3];
    let averages: Vec<f64> = [(0, 3), (1000, 30)]
        .iter()
        .map(|&(from, extra)| {
            let total: i64 = (from..from + 1000).map(|i| values[i % 3] + extra).sum();
            total as f64 / 1000.0
        })
        .collect();
    c.add(
        vec![json!({ "counter": values })],
        Expected::Exact(json!(averages)),
        "make_averaged(f)(1, 2) and then (10, 20), f returning (1, 2, 3) plus its arguments' sum"
            .to_string(),
    );
    checks.push(c);

    // max_scoring_num_rolls: scripted dice, the course's averages.
    let mut c = Check::new("max_scoring_num_rolls");
    for (k, faces) in scripts.iter().enumerate() {
        if faces.contains(&1) && k != 1 && k % 2 == 0 {
            continue;
        }
        // (None: the count left out, the course's default of 1000.)
        for count in [Some(1), Some(3), Some(10), None] {
            let times = count.unwrap_or(1000);
            if !max_scoring_is_fair(faces, times) {
                continue;
            }
            let (case, shown) = match count {
                Some(n) => (vec![script(k), json!(n)], format!(", {n}")),
                None => (vec![script(k)], String::new()),
            };
            // 1 to 10 dice, `times` turns each: 55 dice a turn of each.
            c.add_rolling(
                case,
                Expected::Exact(json!(max_scoring(faces, times))),
                format!(
                    "max_scoring_num_rolls(make_test_dice{}{shown})",
                    tuple(faces)
                ),
                55 * times,
            );
        }
    }
    checks.push(c);

    // The course strategies: every state, the defaults and two others.
    for (name, course) in [
        ("boar_strategy", CourseStrategy::Boar),
        ("sus_strategy", CourseStrategy::Sus),
    ] {
        checks.push(strategy(
            name,
            goal,
            [[11, 6], [8, 4], [14, 9]],
            |args, s, o| u32::from(course.choose(rules, args, s, o)),
        ));
    }

    // Whole games of the student's own play, update and dice; the tables
    // of hog's own updates, which `play` is checked with.
    let mut tables = serde_json::Map::new();
    tables.insert(
        "zero_dice".into(),
        json!((0..goal)
            .flat_map(|s| (0..goal).map(move |o| (s, o)))
            .map(|(s, o)| rules.zero_dice_points(s, o))
            .collect::<Vec<_>>()),
    );
    tables.insert(
        "after_sus".into(),
        json!((0..goal + 61)
            .map(|t| rules.sus_points(t))
            .collect::<Vec<_>>()),
    );
    tables.insert(
        "after_simple".into(),
        json!((0..goal + 61).collect::<Vec<_>>()),
    );
    finish(
        rules,
        super::Project::Fa24,
        checks,
        &strategies,
        tables,
        Some("sus_update"),
        options,
    )
}

/// `(4, 2, 5, 1)`: a script as the course's `make_test_dice` takes it.
pub(super) fn tuple(faces: &[u32]) -> String {
    let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
    format!("({})", faces.join(", "))
}

/// The strategies `play` and `is_always_roll` are given, by name: two the
/// whole games use first, more for `play`, then constant tables that differ
/// at one state.
fn strategy_tables(rules: &Rules) -> Vec<(String, StrategyTable)> {
    let goal = rules.goal();
    let mut out = vec![
        (
            "boar_strategy".to_string(),
            CourseStrategy::Boar.table(rules, [11, 6]),
        ),
        (
            "always_roll(6)".to_string(),
            StrategyTable::constant(goal, 6),
        ),
        (
            "always_roll(0)".to_string(),
            StrategyTable::constant(goal, 0),
        ),
        (
            "catch_up".to_string(),
            StrategyTable::from_fn(goal, |s, o| if s < o { 6 } else { 5 }),
        ),
        (
            "(score + 2 × opponent_score) % 11 dice".to_string(),
            StrategyTable::from_fn(goal, |s, o| ((s + 2 * o) % 11) as u8),
        ),
    ];
    for (s, o) in [(goal - 1, goal - 1), (0, goal - 1), (goal - 1, 0), (40, 40)] {
        let (s, o) = (s.min(goal - 1), o.min(goal - 1));
        let table = StrategyTable::from_fn(goal, |x, y| if (x, y) == (s, o) { 4 } else { 5 });
        out.push((format!("always_roll(5) but 4 at ({s}, {o})"), table));
    }
    // Strategies that change from row to row (or column to column) and
    // never between neighbours of one row (or column).
    let half = goal / 2;
    out.push((
        format!("5 dice below score {half}, else 6"),
        StrategyTable::from_fn(goal, |s, _| if s < half { 5 } else { 6 }),
    ));
    out.push((
        format!("5 dice while the opponent is below {half}, else 6"),
        StrategyTable::from_fn(goal, |_, o| if o < half { 5 } else { 6 }),
    ));
    out
}

/// A game between two tables by the engine's game loop under `rules` (its
/// memory and clock, where it has them), from `start` to `goal` (at most
/// the rules'), with scripted dice: the final scores and every strategy
/// call (`[mover, score, opponent_score]`).
pub(crate) fn game_loop(
    rules: &Rules,
    players: [&StrategyTable; 2],
    start: (u32, u32),
    dice: &mut dyn Dice,
    goal: u32,
) -> ((u32, u32), Vec<[u32; 3]>) {
    let mut board = Board {
        score: [start.0, start.1],
        ..Board::default()
    };
    let (memory, clock): (&dyn PlayerMemory, &dyn Clock) = match rules.memory() {
        Some(m) => (m.memory(), m.clock()),
        None => (&Forgetful, &Still),
    };
    let mut trace = Vec::new();
    // A turn ends the game when a score reaches its player's goal (the
    // clock's, where it gives each player one).
    while board.score[0] < goal && board.score[1] < goal {
        let (mover, other) = (board.mover, 1 - board.mover);
        let (s, o) = (board.score[mover], board.score[other]);
        trace.push([mover as u32, s, o]);
        let choice = players[mover].get(s, o);
        let (mine, theirs) = clock.goals_or(board.clock, goal);
        let turned = take_turn(
            rules.score_rules(),
            memory,
            clock,
            &mut board,
            choice,
            dice,
            &mut (),
        );
        if board.score[mover] >= mine || board.score[other] >= theirs {
            break;
        }
        if !turned.clock_again && !turned.extra_turn {
            board.mover = other;
        }
    }
    ((board.score[0], board.score[1]), trace)
}

/// `max_scoring_num_rolls(dice, times)` by the course's definition: the
/// average of `times` turns of each number of dice, the dice going on from
/// turn to turn, the highest average, ties to the fewest dice.
pub(super) fn max_scoring(faces: &[u32], times: u32) -> u32 {
    max_scoring_in(faces, times, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
}

/// The average turn of each number of dice from 1 to 10, `times` turns
/// each, where they do not depend on the order they are rolled in (the
/// script's length divides `times`: each number of dice starts where the
/// script starts).
pub(super) fn averages(faces: &[u32], times: u32) -> Option<Vec<f64>> {
    (times as usize).is_multiple_of(faces.len()).then(|| {
        (1..=10)
            .map(|n| {
                let total: u32 = (0..times as usize)
                    .map(|t| {
                        let from = t * n;
                        let rolled: Vec<u32> =
                            (from..from + n).map(|i| faces[i % faces.len()]).collect();
                        if rolled.contains(&1) {
                            1
                        } else {
                            rolled.iter().sum()
                        }
                    })
                    .sum();
                f64::from(total) / f64::from(times)
            })
            .collect()
    })
}

/// Whether [`max_scoring`] gives the same answer whichever order the
/// numbers of dice are tried in (the course's text does not fix it, and
/// scripted dice go on from one to the next): only such inputs judge.
pub(super) fn max_scoring_is_fair(faces: &[u32], times: u32) -> bool {
    let down = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    max_scoring(faces, times) == max_scoring_in(faces, times, &down)
}

/// [`max_scoring`], trying the numbers of dice in `order` (ties still to
/// the fewest dice).
fn max_scoring_in(faces: &[u32], times: u32, order: &[u32]) -> u32 {
    let mut next = 0;
    let mut best = (f64::MIN, 0);
    for &n in order {
        let mut total = 0u64;
        for _ in 0..times {
            let rolled: Vec<u32> = (0..n)
                .map(|_| {
                    let face = faces[next % faces.len()];
                    next += 1;
                    face
                })
                .collect();
            total += u64::from(if rolled.contains(&1) {
                1
            } else {
                rolled.iter().sum()
            });
        }
        let average = total as f64 / f64::from(times);
        if average > best.0 || (average == best.0 && n < best.1) {
            best = (average, n);
        }
    }
    best.1
}
