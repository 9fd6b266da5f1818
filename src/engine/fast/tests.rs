//! The sweep against the dot products, across builds, and its ties.

use ndarray::Array2;

use crate::dice::MAX_DICE;
use crate::rules::{state_index, Rules};
use crate::table::StrategyTable;

use super::choice::best_of_avx2;
use super::layout::{diagonal_order, row_major_order};
use super::{evaluate_reusing, sweep, Method, Policy, SweepOptions};
use crate::engine::policy::best_choice;
use crate::engine::policy::TIE_TOLERANCE;

#[test]
fn ties_go_to_the_fewest_dice() {
    let mut values = [0.25; MAX_DICE + 1];
    values[3] = 0.5;
    values[7] = 0.5 + 0.5e-12;
    assert_eq!(best_choice(&values), (0.5, 3));
    values[7] = 0.5 + 2e-12;
    assert_eq!(best_choice(&values), (0.5 + 2e-12, 7));
}

/// The AVX2 choice is the portable one on every kind of tie and on
/// random values.
#[test]
fn best_choices_agree_with_and_without_avx2() {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        let mut state = 0x9e3779b97f4a7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for case in 0..200_000 {
            let mut values: [f64; MAX_DICE + 1] =
                std::array::from_fn(|_| (next() % 1000) as f64 / 999.0);
            // Ties at the top, within and just outside the tolerance.
            let top = (next() % 11) as usize;
            let other = (next() % 11) as usize;
            values[top] = 1.0;
            values[other] = 1.0 - [0.0, 0.5e-12, 1e-12, 1.5e-12][case % 4];
            let rolls = std::array::from_fn(|i| values[(i + 1).min(MAX_DICE)]);
            // SAFETY: AVX2 was detected just above.
            let fast = unsafe { best_of_avx2(values[0], &rolls) };
            let portable = best_choice(&values);
            assert_eq!(
                (fast.0.to_bits(), fast.1),
                (portable.0.to_bits(), portable.1)
            );
        }
    }
}

#[test]
fn tables_are_read_diagonal_by_diagonal() {
    for n in [1usize, 2, 5] {
        let table = Array2::from_shape_fn((n, n), |(s, o)| (s * n + o) as u8);
        // The same table stored column by column.
        let columns = table.t().as_standard_layout().t().to_owned();
        assert!(n == 1 || columns.as_slice().is_none());
        for layout in [table.clone(), columns] {
            let mut out = vec![0; n * n];
            diagonal_order(&layout, &mut out);
            for s in 0..n {
                for o in 0..n {
                    assert_eq!(out[state_index(n, s, o)], table[[s, o]]);
                }
            }
            assert_eq!(row_major_order(&out, n), table);
        }
    }
}

/// An evaluation visits only the reachable states, and its values at the
/// start are the full sweep's, bit for bit: fresh tables (NaN until
/// written) would poison the start if it read any state it skipped.
#[test]
fn evaluations_skip_unreachable_states_and_agree_with_full_sweeps() {
    use crate::rules::{Components, DiceRule, Preset};
    let wild = Components {
        dice: DiceRule::HogWild,
        ..Preset::Fa24.components()
    };
    let mut all: Vec<Rules> = Preset::ALL.map(|p| Rules::preset(p, 100).unwrap()).into();
    all.push(Rules::new(Preset::Fa24, wild, 100).unwrap());
    all.push(Rules::preset(Preset::Fa24, 7).unwrap());
    for rules in &all {
        let n = rules.goal();
        let mut tables: Vec<StrategyTable> =
            (0..=10).map(|k| StrategyTable::constant(n, k)).collect();
        tables.push(StrategyTable::from_fn(n, |s, o| {
            ((s * 7 + o * 3) % 11) as u8
        }));
        tables.push(StrategyTable::from_fn(n, |s, o| ((s ^ o) % 11) as u8));
        for a in &tables {
            for b in tables.iter().step_by(3) {
                let options = SweepOptions::default();
                let full = sweep(rules, &[Policy::Fixed(a), Policy::Fixed(b)], &options);
                let quick = evaluate_reusing(rules, a, b, &options, Vec::new());
                for i in 0..2 {
                    let (x, y) = (full.seat(i).value(0, 0), quick.seat(i).value(0, 0));
                    assert_eq!(x.to_bits(), y.to_bits(), "{}: {x} vs {y}", rules.name());
                }
            }
        }
    }
    // Sus Fuss keeps about a third of the scores from ever standing.
    let fa24 = Rules::preset(Preset::Fa24, 100).unwrap();
    let reach = fa24.reach().unwrap();
    assert!((3000..5000).contains(&reach.len()), "{}", reach.len());
}

/// Every rule set of the tests: the presets and Hog Wild on two of them.
fn every_rule_set(goal: u32) -> Vec<Rules> {
    use crate::rules::{Components, DiceRule, Preset};
    let mut all = Preset::ALL
        .map(|p| Rules::preset(p, goal).unwrap())
        .to_vec();
    for preset in [Preset::Fa24, Preset::DoubleSwap] {
        let wild = Components {
            dice: DiceRule::HogWild,
            ..preset.components()
        };
        all.push(Rules::new(preset, wild, goal).unwrap());
    }
    all
}

/// The recurrence against the ten dot products it replaced: every value
/// within 1e-12 (they differ in rounding only), and every choice the
/// same unless the two choices are tied within [`TIE_TOLERANCE`].
#[test]
fn the_recurrence_matches_the_dot_products() {
    let mut ties = 0;
    for goal in [1, 2, 7, 100, 301] {
        for rules in every_rule_set(goal) {
            let table = StrategyTable::from_fn(goal, |s, o| ((s * 7 + o * 3) % 11) as u8);
            for policies in [&[Policy::Best][..], &[Policy::Best, Policy::Fixed(&table)]] {
                let new = sweep(&rules, policies, &SweepOptions::default());
                let old_options = SweepOptions {
                    method: Method::DotProducts,
                    ..SweepOptions::default()
                };
                let old = sweep(&rules, policies, &old_options);
                let n = goal as usize;
                for s in 0..n {
                    for o in 0..n {
                        let at = format!("{} goal {goal} ({s}, {o})", rules.name());
                        let (a, b) = (new.seat(0), old.seat(0));
                        let diff = (a.value(s, o) - b.value(s, o)).abs();
                        assert!(diff < 1e-12, "{at}: {diff}");
                        let (x, y) = (a.choice(s, o), b.choice(s, o));
                        if x != y {
                            let old_values = old.choice_values(0, s as u32, o as u32);
                            let gap = old_values[x as usize] - old_values[y as usize];
                            assert!(gap.abs() < 2.0 * TIE_TOLERANCE, "{at}: {x} vs {y}");
                            ties += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(ties < 10, "{ties} choices differ");
}

/// What the sweep chose from is what `choice_values` and its block form
/// give afterwards, bit for bit, for best and fixed seats.
#[test]
fn choice_values_are_the_sweeps_own() {
    for goal in [1, 5, 100] {
        for rules in every_rule_set(goal) {
            let table = StrategyTable::from_fn(goal, |s, o| ((s ^ o) % 11) as u8);
            for policies in [&[Policy::Best][..], &[Policy::Fixed(&table), Policy::Best]] {
                let result = sweep(&rules, policies, &SweepOptions::default());
                for (i, policy) in policies.iter().enumerate() {
                    let seat = result.seat(i);
                    let block = result.choice_values_block(i, 0..goal);
                    let n = goal as usize;
                    for s in 0..n {
                        for o in 0..n {
                            let values = result.choice_values(i, s as u32, o as u32);
                            let k = seat.choice(s, o) as usize;
                            assert_eq!(values[k].to_bits(), seat.value(s, o).to_bits());
                            if matches!(policy, Policy::Best) {
                                assert_eq!(best_choice(&values).1 as usize, k);
                            }
                            let from_block = block[s * n + o].map(f64::to_bits);
                            assert_eq!(from_block, values.map(f64::to_bits));
                        }
                    }
                    let part = result.choice_values_block(i, goal / 2..goal);
                    assert_eq!(part[..], block[(goal / 2) as usize * n..]);
                }
            }
        }
    }
}

/// Goals too large for the state table compute landings and zero-dice
/// points as they go: the same values, bit for bit.
#[test]
fn untabulated_rules_sweep_the_same() {
    use crate::rules::{Components, DiceRule, Preset};
    let wild = Components {
        dice: DiceRule::HogWild,
        ..Preset::DoubleSwap.components()
    };
    let mut all = Preset::ALL.map(|p| Rules::preset(p, 60).unwrap()).to_vec();
    all.push(Rules::new(Preset::DoubleSwap, wild, 60).unwrap());
    for tabulated in all {
        let plain = tabulated.clone().untabulated();
        let table = StrategyTable::from_fn(60, |s, o| ((s * 7 + o * 3) % 11) as u8);
        for policies in [
            &[Policy::Best][..],
            &[Policy::Best, Policy::Fixed(&table)],
            &[Policy::Fixed(&table), Policy::Fixed(&table)],
        ] {
            let options = SweepOptions::default();
            let a = sweep(&tabulated, policies, &options);
            let b = sweep(&plain, policies, &options);
            for i in 0..policies.len() {
                let (a, b) = (a.seat(i), b.seat(i));
                assert_eq!(
                    a.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
                    b.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
                );
                assert_eq!(a.choices, b.choices);
            }
        }
    }
}
