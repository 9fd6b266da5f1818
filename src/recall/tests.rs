//! The sweep with memory against the score-only path (a memory worth
//! nothing), an independent brute force that rolls the dice face by face,
//! and sampled games of the plain loop.

use std::collections::HashMap;
use std::sync::Arc;

use super::*;

/// The sweep with `memory` checked against `tables` first.
fn memory_sweep<M: PlayerMemory + Send + Sync + Clone + 'static>(
    tables: &RuleTables,
    memory: &M,
    policies: &[Policy<'_>],
) -> Result<MemoryResult, crate::error::HogError> {
    let remembering = Remembering::new(tables, Arc::new(memory.clone()))?;
    Ok(super::memory_sweep(tables, &remembering, policies))
}
use crate::general::{general_sweep, PigOut, RuleTables, ScoreRules};
use crate::policy::Policy;
use crate::rules::{Preset, Rules};
use crate::table::StrategyTable;

/// A memory that earns nothing: the game is the score-only one, whatever
/// is remembered.
#[derive(Clone)]
struct Idle;

impl PlayerMemory for Idle {
    fn size(&self) -> u32 {
        3
    }
    fn bonus(&self, _: u32, _: u32) -> u32 {
        0
    }
    fn remember(&self, dice: u32, points: u32) -> u32 {
        (dice + points) % 3
    }
    fn name(&self) -> &'static str {
        "idle"
    }
}

#[test]
fn a_memory_worth_nothing_is_the_score_only_game() {
    for preset in Preset::ALL {
        for goal in [1, 2, 7, 20, 61] {
            let rules = Rules::preset(preset, goal).unwrap();
            let tables = RuleTables::new(&rules).unwrap();
            let boar = StrategyTable::from_fn(goal, |s, o| ((3 * s + o) % 11) as u8);
            let five = StrategyTable::constant(goal, 5);
            for policies in [
                vec![Policy::Best],
                vec![Policy::Fixed(&boar), Policy::Fixed(&five)],
                vec![Policy::Best, Policy::Fixed(&boar)],
            ] {
                let plain = general_sweep(&tables, &policies);
                let kept = memory_sweep(&tables, &Idle, &policies).unwrap();
                for i in 0..policies.len() {
                    for (s, o) in (0..goal).flat_map(|s| (0..goal).map(move |o| (s, o))) {
                        for (a, b) in [(0, 0), (1, 2), (2, 1)] {
                            // The general path sums with compensation,
                            // this one plainly: within rounding, and the
                            // same choices but for ties.
                            let (x, y) = (kept.value(i, s, o, a, b), plain.value(i, s, o));
                            assert!(
                                (x - y).abs() <= 1e-15,
                                "{preset:?} goal {goal} seat {i} ({s}, {o}, {a}, {b}): {x} vs {y}"
                            );
                            let (ca, cb) = (kept.choice(i, s, o, a, b), plain.choice(i, s, o));
                            if ca != cb {
                                let v = plain.choice_values(&tables, i, s, o);
                                let gap = (v[ca as usize] - v[cb as usize]).abs();
                                assert!(gap <= 1e-12 + 1e-15, "({s}, {o}): {ca} vs {cb}");
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Small rules with something of each kind the memory meets: dice of 2 or
/// 3 sides by the scores, zero dice by the opponent's score, a swap, an
/// extra turn.
struct Small {
    goal: u32,
}

impl ScoreRules for Small {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        1 + o % 3
    }
    fn dice_sides(&self, s: u32, o: u32) -> u32 {
        2 + (s + o) % 2
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        if s < self.goal && o > s && (s + o).is_multiple_of(5) {
            (o, s)
        } else {
            (s, o)
        }
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        s % 7 == 3 && o.is_multiple_of(2)
    }
}

/// The brute force: the game's recursion over `(s, o, a, b)` with every
/// roll's distribution counted face by face, reading the functions only.
struct Brute<'a> {
    rules: &'a Small,
    memory: &'a dyn PlayerMemory,
    tables: [Option<&'a StrategyTable>; 2],
    rolls: HashMap<(u32, u32), Vec<(u32, f64)>>,
    memo: HashMap<(usize, u32, u32, u32, u32), f64>,
}

impl Brute<'_> {
    /// Points of `dice` dice of `sides` faces with their probabilities,
    /// every sequence of faces enumerated (a 1 anywhere scores 1).
    fn roll(&mut self, sides: u32, dice: u32) -> Vec<(u32, f64)> {
        self.rolls
            .entry((sides, dice))
            .or_insert_with(|| {
                let mut counts: HashMap<u32, u64> = HashMap::new();
                let total = u64::from(sides).pow(dice);
                for mut code in 0..total {
                    let (mut sum, mut one) = (0, false);
                    for _ in 0..dice {
                        let face = (code % u64::from(sides)) as u32 + 1;
                        code /= u64::from(sides);
                        sum += face;
                        one |= face == 1;
                    }
                    *counts.entry(if one { 1 } else { sum }).or_default() += 1;
                }
                let mut points: Vec<(u32, f64)> = counts
                    .into_iter()
                    .map(|(p, c)| (p, c as f64 / total as f64))
                    .collect();
                points.sort_by_key(|&(p, _)| p);
                points
            })
            .clone()
    }

    /// Seat `i`'s chance to win, to move at `(s, o)` remembering `a`, the
    /// other remembering `b`.
    fn value(&mut self, i: usize, s: u32, o: u32, a: u32, b: u32) -> f64 {
        if let Some(&v) = self.memo.get(&(i, s, o, a, b)) {
            return v;
        }
        let choice = |brute: &mut Brute, k: u32| {
            let goal = brute.rules.goal;
            let outcomes = if k == 0 {
                vec![(brute.rules.zero_dice(s, o), 1.0)]
            } else {
                brute.roll(brute.rules.dice_sides(s, o), k)
            };
            let bonus = brute.memory.bonus(a, k);
            let mut total = 0.0;
            for (p, prob) in outcomes {
                let m = brute.memory.remember(k, p);
                let (mover, other) = brute.rules.after_turn(s + p + bonus, o);
                let v = match (mover >= goal, other >= goal) {
                    (true, true) => 0.5,
                    (true, false) => 1.0,
                    (false, true) => 0.0,
                    (false, false) if brute.rules.extra_turn(mover, other) => {
                        brute.value(i, mover, other, m, b)
                    }
                    (false, false) => {
                        let j = (i + 1) % brute.tables.len().min(2);
                        1.0 - brute.value(j, other, mover, b, m)
                    }
                };
                total += prob * v;
            }
            total
        };
        let v = match self.tables[i] {
            Some(t) => choice(self, u32::from(t.get(s, o))),
            None => (0..=10).map(|k| choice(self, k)).fold(0.0, f64::max),
        };
        self.memo.insert((i, s, o, a, b), v);
        v
    }
}

#[test]
fn feral_hogs_agree_with_a_brute_force_face_by_face() {
    for memory in [FeralHogs::Points, FeralHogs::Dice] {
        for goal in [1, 2, 5, 9, 16] {
            let rules = Small { goal };
            let tables = RuleTables::new(&rules).unwrap();
            let boar = StrategyTable::from_fn(goal, |s, o| ((3 * s + o) % 11) as u8);
            let two = StrategyTable::constant(goal, 2);
            for (seats, policies) in [
                ([None, None], vec![Policy::Best]),
                (
                    [Some(&boar), Some(&two)],
                    vec![Policy::Fixed(&boar), Policy::Fixed(&two)],
                ),
                (
                    [None, Some(&boar)],
                    vec![Policy::Best, Policy::Fixed(&boar)],
                ),
            ] {
                let swept = memory_sweep(&tables, &memory, &policies).unwrap();
                // Self-play reads one seat.
                let tables_of = if policies.len() == 1 {
                    [None, None]
                } else {
                    seats
                };
                let mut brute = Brute {
                    rules: &rules,
                    memory: &memory,
                    tables: tables_of,
                    rolls: HashMap::new(),
                    memo: HashMap::new(),
                };
                let size = memory.size();
                for i in 0..policies.len() {
                    for (s, o) in (0..goal).flat_map(|s| (0..goal).map(move |o| (s, o))) {
                        for (a, b) in (0..size).flat_map(|a| (0..size).map(move |b| (a, b))) {
                            let (want, got) =
                                (brute.value(i, s, o, a, b), swept.value(i, s, o, a, b));
                            assert!(
                                (want - got).abs() <= 1e-14,
                                "{memory:?} goal {goal} seat {i} ({s}, {o}, {a}, {b}): {want} vs {got}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The exact value of two tables against 200,000 games of the plain loop
/// with real dice, within 4.5 standard errors, for both readings.
#[test]
fn sampled_games_with_memory_agree_with_the_exact_values() {
    let rules = Rules::preset(Preset::Fa24, 60).unwrap();
    let tables = RuleTables::new(&rules).unwrap();
    let a = StrategyTable::from_fn(60, |s, o| ((s * o + 2) % 9) as u8);
    let b = StrategyTable::from_fn(60, |s, o| (2 + (s + o) % 3) as u8);
    for (seed, memory) in (7..).zip([FeralHogs::Points, FeralHogs::Dice]) {
        let exact = memory_sweep(&tables, &memory, &[Policy::Fixed(&a), Policy::Fixed(&b)])
            .unwrap()
            .start(0);
        let label = format!("{memory:?}");
        let se = crate::general::tests::assert_sampled_near(exact, seed, &label, |rng| {
            crate::simulate::play_remembering(&rules, &memory, [&a, &b], rng)
        });
        // The bonus matters: the score-only value is more than 4.5 errors away.
        let plain = general_sweep(&tables, &[Policy::Fixed(&a), Policy::Fixed(&b)]).value(0, 0, 0);
        assert!(
            (plain - exact).abs() > 4.5 * se,
            "{memory:?}: {plain} vs {exact}"
        );
    }
}

/// What the sweep refuses: a turn that keeps the score sum (Pig Out worth
/// nothing), with the state and the dice.
#[test]
fn level_rules_with_memory_are_refused() {
    let toy = crate::general::tests::Toy::new(10, 1, 6, PigOut::Points(0));
    let tables = RuleTables::new(&toy).unwrap();
    let err = memory_sweep(&tables, &FeralHogs::Points, &[Policy::Best])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("with feral-hogs-points, a turn from (0, 0) rolling 1 dice for 0 points keeps the sum of the scores"),
        "{err}"
    );
}
