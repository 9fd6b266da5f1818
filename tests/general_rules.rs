//! The general path (rules given as functions) against a brute-force
//! reference written here from the book's definitions alone:
//!
//! - the points of `k` dice come from walking every face of every die one at
//!   a time (probability `1 / sides` each), not from the engine's integer
//!   counts;
//! - the game is solved by plain value iteration over every state at once,
//!   in no particular order, until nothing moves: no diagonals, no fixed
//!   points per diagonal, no tables of landings; each turn calls the rule
//!   functions themselves.
//!
//! Both are held to 1e-12 on rule sets with every feature the general path
//! has (dice of 3 to 8 sides by both scores, a Pig Out worth 0 or the
//! number of 1s, turn points, swaps, extra turns, half wins, after-turn
//! rules that read the turn's points and dice) and on the
//! presets, at goals 1 to 20, for the optimum, best responses and
//! evaluations (`cargo test --release --test general_rules`).

use std::collections::HashMap;
use std::sync::Arc;

use hog::engine::{best_response, solve as optimal};
use hog::engine::{sweep, Policy, SweepOptions, TIE_TOLERANCE};
use hog::general::{PigOut, ScoreRules};
use hog::rules::{Origin, Preset, Rules};
use hog::table::StrategyTable;

/// Every feature at once.
struct Mixed {
    goal: u32,
}

impl ScoreRules for Mixed {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn zero_dice(&self, s: u32, o: u32) -> u32 {
        1 + (s + o) % 3
    }
    fn dice_sides(&self, s: u32, o: u32) -> u32 {
        3 + (s + 2 * o) % 6
    }
    fn pig_out(&self) -> PigOut {
        PigOut::Points(0)
    }
    fn has_turn_points(&self) -> bool {
        true
    }
    fn turn_points(&self, points: u32, dice: u32, _: u32, o: u32) -> u32 {
        points.min(12 - dice) + u32::from(o == 5 && dice == 0)
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        let goal = self.goal;
        if s >= goal && o + 3 >= goal {
            (s, goal)
        } else if o > 0 && s == 2 * o {
            (o, s)
        } else {
            (s, o)
        }
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        s > o && (s + o).is_multiple_of(5)
    }
}

/// The number of 1s as a Pig Out, dice rerolled at some states (an odd
/// face rolled again, once, as Fall 2016's), and extra turns on equal
/// scores.
struct Ones {
    goal: u32,
}

impl ScoreRules for Ones {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        1 + o % 10 / 3
    }
    fn dice_sides(&self, s: u32, _: u32) -> u32 {
        if s < 7 {
            3
        } else {
            6
        }
    }
    fn pig_out(&self) -> PigOut {
        PigOut::Ones
    }
    fn rerolled(&self, _: u32, o: u32) -> bool {
        o % 4 == 1
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        s == o
    }
}

/// An after-turn rule that reads the turn: a turn of no points gives the
/// other player half the dice (one die: the scores stay, a level
/// diagonal), and where the new sum is a multiple of 3 the leader gains
/// the turn's points again. Some states cap the dice (at 1 to 9, where
/// `s + 2o + 3` is not a multiple of 5: the start among them), so a choice
/// of more rolls fewer, and the dice the turn reads are those rolled.
struct Reading {
    goal: u32,
}

impl ScoreRules for Reading {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn zero_dice(&self, s: u32, o: u32) -> u32 {
        1 + (s * o) % 4
    }
    fn dice_sides(&self, s: u32, _: u32) -> u32 {
        4 + s % 3
    }
    fn pig_out(&self) -> PigOut {
        PigOut::Points(0)
    }
    fn max_dice(&self, s: u32, o: u32) -> u32 {
        match (s + 2 * o + 3) % 10 {
            0 | 5 => 10,
            r => r,
        }
    }
    fn reads_turn(&self) -> bool {
        true
    }
    fn turn_end(&self, s: u32, o: u32, points: u32, dice: u32) -> (u32, u32) {
        let mover = s + points;
        if points == 0 {
            (mover, o + dice / 2)
        } else if (mover + o).is_multiple_of(3) && mover > o {
            (mover + points, o)
        } else if (mover + o).is_multiple_of(3) && mover < o {
            (mover, o + points)
        } else {
            (mover, o)
        }
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        s < o && (s + o) % 4 == 1
    }
}

/// A rules file of the examples at `goal`.
fn example(name: &str, goal: u32) -> Arc<dyn ScoreRules + Send + Sync> {
    let path = format!("{}/examples/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    Arc::new(hog::rules::ComposedRules::parse(&text, Some(goal)).unwrap())
}

// ---------------------------------------------------------------------------
// The reference.
// ---------------------------------------------------------------------------

/// The raw points of `dice` dice with `sides` faces, `rerolled` or not, by
/// walking every face (and a rerolled die's odd first face, every second
/// one): `(points, probability)`, merged by points.
fn face_by_face(sides: u32, rerolled: bool, dice: u32, pig: PigOut) -> Vec<(u32, f64)> {
    let mut ways = Vec::new();
    for first in 1..=sides {
        if rerolled && first % 2 == 1 {
            let p = 1.0 / f64::from(sides * sides);
            ways.extend((1..=sides).map(|second| (second, p)));
        } else {
            ways.push((first, 1.0 / f64::from(sides)));
        }
    }
    // (partial sum, number of 1s) -> probability, one die at a time.
    let mut partial: HashMap<(u32, u32), f64> = HashMap::from([((0, 0), 1.0)]);
    for _ in 0..dice {
        let mut next = HashMap::new();
        for (&(sum, ones), &p) in &partial {
            for &(face, q) in &ways {
                let key = (sum + face, ones + u32::from(face == 1));
                *next.entry(key).or_insert(0.0) += p * q;
            }
        }
        partial = next;
    }
    let mut by_points: HashMap<u32, f64> = HashMap::new();
    for ((sum, ones), p) in partial {
        let points = match (ones, pig) {
            (0, _) => sum,
            (_, PigOut::Points(x)) => x,
            (ones, PigOut::Ones) => ones,
        };
        *by_points.entry(points).or_insert(0.0) += p;
    }
    let mut out: Vec<(u32, f64)> = by_points.into_iter().collect();
    out.sort_by_key(|&(p, _)| p);
    out
}

/// The reference's rolls, by sides, rerolled or not, and dice.
type Rolled = HashMap<(u32, bool, u32), Vec<(u32, f64)>>;

/// How a seat of the reference plays.
#[derive(Clone, Copy)]
enum Play<'a> {
    Best,
    Fixed(&'a StrategyTable),
}

/// Every seat's value at every state (`[seat][s * goal + o]`), by value
/// iteration until no value moves by more than 1e-14.
fn reference(rules: &dyn ScoreRules, seats: &[Play<'_>]) -> Vec<Vec<f64>> {
    let n = rules.goal();
    let mut rolls: Rolled = HashMap::new();
    let mut values = vec![vec![0.5; (n * n) as usize]; seats.len()];
    for _round in 0..100_000 {
        let mut moved = 0.0f64;
        let mut next = values.clone();
        for (i, play) in seats.iter().enumerate() {
            for s in 0..n {
                for o in 0..n {
                    let value_of = |k: u32, rolls: &mut Rolled| {
                        // A choice of more dice than the cap rolls the cap.
                        let k = k.min(rules.max_dice(s, o));
                        let outcomes = if k == 0 {
                            vec![(rules.zero_dice(s, o), 1.0)]
                        } else {
                            let (sides, again) = (rules.dice_sides(s, o), rules.rerolled(s, o));
                            rolls
                                .entry((sides, again, k))
                                .or_insert_with(|| face_by_face(sides, again, k, rules.pig_out()))
                                .clone()
                        };
                        outcomes
                            .iter()
                            .map(|&(points, p)| {
                                let q = rules.turn_points(points, k, s, o);
                                let (mover, other) = rules.turn_end(s, o, q, k);
                                let v = match (mover >= n, other >= n) {
                                    (true, true) => 0.5,
                                    (true, false) => 1.0,
                                    (false, true) => 0.0,
                                    (false, false) if rules.extra_turn(mover, other) => {
                                        values[i][(mover * n + other) as usize]
                                    }
                                    (false, false) => {
                                        let j = (i + 1) % seats.len();
                                        1.0 - values[j][(other * n + mover) as usize]
                                    }
                                };
                                p * v
                            })
                            .sum::<f64>()
                    };
                    let v = match play {
                        Play::Fixed(t) => value_of(u32::from(t.get(s, o)), &mut rolls),
                        Play::Best => (0..=10)
                            .map(|k| value_of(k, &mut rolls))
                            .fold(f64::NEG_INFINITY, f64::max),
                    };
                    let at = (s * n + o) as usize;
                    moved = moved.max((v - values[i][at]).abs());
                    next[i][at] = v;
                }
            }
        }
        values = next;
        if moved <= 1e-14 {
            return values;
        }
    }
    panic!("the reference did not settle");
}

/// A table no one would design, for evaluations.
fn scrambled(goal: u32, seed: u32) -> StrategyTable {
    StrategyTable::from_fn(goal, |s, o| {
        ((s * 7 + o * 3 + seed) * 2_654_435_761 % 11) as u8
    })
}

/// The general path against the reference on `rules` at its goal: the
/// optimum, a best response and an evaluation.
fn check(rules: Arc<dyn ScoreRules + Send + Sync>, what: &str) {
    let n = rules.goal();
    let reference_rules = Arc::clone(&rules);
    let general = Rules::from_functions(what.into(), Origin::Code, rules)
        .unwrap()
        .on_the_general_path();
    let options = SweepOptions::default();
    let table = scrambled(n, 3);
    let other = scrambled(n, 8);
    let optimum = optimal(&general, &options);
    let response = best_response(&general, &table, &options);
    let evaluated = sweep(
        &general,
        &[Policy::Fixed(&table), Policy::Fixed(&other)],
        &options,
    );
    let want_optimum = reference(reference_rules.as_ref(), &[Play::Best]);
    let want_response = reference(reference_rules.as_ref(), &[Play::Best, Play::Fixed(&table)]);
    let want_evaluated = reference(
        reference_rules.as_ref(),
        &[Play::Fixed(&table), Play::Fixed(&other)],
    );
    for s in 0..n {
        for o in 0..n {
            let at = (s * n + o) as usize;
            let close = |got: f64, want: f64, kind: &str| {
                assert!(
                    (got - want).abs() <= 1e-12,
                    "{what} goal {n} {kind} ({s}, {o}): {got} vs {want}"
                );
            };
            close(optimum.value(0, (s, o)), want_optimum[0][at], "optimum");
            close(
                response.value(0, (s, o)),
                want_response[0][at],
                "best response",
            );
            for (seat, want) in want_evaluated.iter().enumerate() {
                let got = evaluated.value(seat, (s, o));
                close(got, want[at], "evaluation");
            }
            // The chosen count is worth the best value, within the ties.
            let values = optimum.choice_values(0, (s, o));
            let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let chosen = values[optimum.choice(0, (s, o)) as usize];
            assert!(chosen >= best - TIE_TOLERANCE, "{what} ({s}, {o})");
        }
    }
}

#[test]
fn every_feature_matches_the_reference_at_goals_1_to_20() {
    for goal in 1..=20 {
        check(Arc::new(Mixed { goal }), "mixed");
        check(Arc::new(Ones { goal }), "ones");
    }
}

#[test]
fn rules_that_read_the_turn_match_the_reference_at_goals_1_to_20() {
    for goal in 1..=20 {
        check(Arc::new(Reading { goal }), "reading");
        check(example("sp15.toml", goal), "sp15.toml");
        check(example("fa15.toml", goal), "fa15.toml");
    }
}

#[test]
fn semesters_of_2016_to_2019_match_the_reference_at_goals_1_to_20() {
    for goal in 1..=20 {
        check(example("su16.toml", goal), "su16.toml");
        check(example("sp17.toml", goal), "sp17.toml");
        check(example("su19.toml", goal), "su19.toml");
    }
}

#[test]
fn the_presets_as_functions_match_the_reference_at_goals_1_to_20() {
    for preset in Preset::ALL {
        for goal in 1..=20 {
            check(
                Arc::new(Rules::preset(preset, goal).unwrap()),
                preset.name(),
            );
        }
    }
}

#[test]
fn face_by_face_rolls_sum_to_one() {
    for sides in 2..=8 {
        for dice in 1..=6 {
            for pig in [PigOut::Points(0), PigOut::Points(1), PigOut::Ones] {
                for rerolled in [false, true] {
                    let roll = face_by_face(sides, rerolled, dice, pig);
                    let total: f64 = roll.iter().map(|&(_, p)| p).sum();
                    assert!((total - 1.0).abs() < 1e-12);
                }
            }
        }
    }
}
