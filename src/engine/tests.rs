//! Cancelling a sweep: a set flag stops every backend before its next
//! diagonal, and a flag that stays clear changes no bit.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use super::*;
use crate::recall::Context;
use crate::rules::{BuiltIn, Origin, Preset};

/// Options with `flag` as their cancel flag and nothing else changed.
fn cancelling(flag: &AtomicBool) -> SweepOptions<'_> {
    SweepOptions {
        cancel: Some(flag),
        ..SweepOptions::default()
    }
}

/// Rules with memory: Fall 2019 (Feral Hogs) at `goal`.
fn fa19(goal: u32) -> Rules {
    BuiltIn::from_name("fa19")
        .unwrap()
        .rules(Some(goal), None)
        .unwrap()
}

/// Fall 2024 at `goal` given as functions, on the general path.
fn general(goal: u32) -> Rules {
    let preset = Rules::preset(Preset::Fa24, goal).unwrap();
    Rules::from_functions("copy".into(), Origin::Code, Arc::new(preset))
        .unwrap()
        .on_the_general_path()
}

/// Every value and choice of every seat at the start's context, as bits.
fn bits(solution: &Solution<'_>) -> Vec<(u64, u8)> {
    let n = solution.rules().goal();
    (0..solution.seats())
        .flat_map(|seat| {
            (0..n)
                .flat_map(move |s| (0..n).map(move |o| (s, o)))
                .map(move |at| {
                    (
                        solution.value(seat, at).to_bits(),
                        solution.choice(seat, at),
                    )
                })
        })
        .collect()
}

#[test]
fn a_set_flag_stops_the_fast_sweep_before_its_first_diagonal() {
    let rules = Rules::preset(Preset::Fa24, 2000).unwrap();
    let flag = AtomicBool::new(true);
    let diagonals = AtomicUsize::new(0);
    let count = |_: u64| {
        diagonals.fetch_add(1, Ordering::Relaxed);
    };
    let options = SweepOptions {
        progress: Some(&count),
        ..cancelling(&flag)
    };
    let solution = solve(&rules, &options);
    assert_eq!(diagonals.load(Ordering::Relaxed), 0);
    assert!(
        solution.value(0, (0, 0)).is_nan(),
        "the start was never swept"
    );
    // The two-table evaluation (reachable states only) stops as well.
    let (a, b) = (
        StrategyTable::constant(2000, 5),
        StrategyTable::constant(2000, 6),
    );
    let rates = win_rates(&rules, &a, &b, &options);
    assert!(rates.first.is_nan() && rates.second.is_nan());
    assert_eq!(diagonals.load(Ordering::Relaxed), 0);
}

#[test]
fn a_flag_set_mid_sweep_stops_the_fast_sweep_at_the_next_diagonal() {
    let rules = Rules::preset(Preset::Fa24, 2000).unwrap();
    let flag = AtomicBool::new(false);
    let diagonals = AtomicUsize::new(0);
    // The third diagonal done sets the flag, as a Ctrl-C would.
    let count = |_: u64| {
        if diagonals.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
            flag.store(true, Ordering::Relaxed);
        }
    };
    let options = SweepOptions {
        progress: Some(&count),
        ..cancelling(&flag)
    };
    solve(&rules, &options);
    assert_eq!(diagonals.load(Ordering::Relaxed), 3);
}

#[test]
fn a_set_flag_stops_the_memory_sweep_before_its_first_diagonal() {
    let rules = fa19(100);
    assert!(rules.memory().is_some());
    let flag = AtomicBool::new(true);
    let solution = solve(&rules, &cancelling(&flag));
    // The memory sweep starts from zeros and wrote none of them.
    assert!(bits(&solution).iter().all(|&(value, _)| value == 0));
    let x = Context::remembering(3, 7);
    assert_eq!(solution.value(0, State::new(10, 20, x)), 0.0);
    // Two tables over the contexts they reach: nothing evaluated, as the
    // general path says it (NaN, never a number that looks like a rate).
    let table = StrategyTable::constant(100, 4);
    let rates = win_rates(&rules, &table, &table, &cancelling(&flag));
    assert!(rates.first.is_nan() && rates.second.is_nan());
}

#[test]
fn a_set_flag_stops_the_general_sweep_before_its_first_diagonal() {
    let rules = general(200);
    assert!(rules.general().is_some() && rules.memory().is_none());
    let flag = AtomicBool::new(true);
    let solution = solve(&rules, &cancelling(&flag));
    assert!(bits(&solution)
        .iter()
        .all(|&(value, _)| f64::from_bits(value).is_nan()));
    let table = StrategyTable::constant(200, 4);
    let rates = win_rates(&rules, &table, &table, &cancelling(&flag));
    assert!(rates.first.is_nan() && rates.second.is_nan());
}

#[test]
fn a_clear_flag_changes_no_bit_on_any_backend() {
    let flag = AtomicBool::new(false);
    for rules in [
        Rules::preset(Preset::Fa24, 150).unwrap(),
        fa19(40),
        general(60),
    ] {
        let goal = rules.goal();
        let table = StrategyTable::from_fn(goal, |s, o| ((3 * s + o) % 11) as u8);
        let five = StrategyTable::constant(goal, 5);
        let (plain, flagged) = (SweepOptions::default(), cancelling(&flag));
        let name = rules.name();
        assert_eq!(
            bits(&solve(&rules, &plain)),
            bits(&solve(&rules, &flagged)),
            "{name}"
        );
        assert_eq!(
            bits(&best_response(&rules, &table, &plain)),
            bits(&best_response(&rules, &table, &flagged)),
            "{name}"
        );
        assert_eq!(
            bits(&evaluate(&rules, &table, &five, &plain)),
            bits(&evaluate(&rules, &table, &five, &flagged)),
            "{name}"
        );
        let (a, b) = (
            win_rates(&rules, &table, &five, &plain),
            win_rates(&rules, &table, &five, &flagged),
        );
        assert_eq!(
            (a.first.to_bits(), a.second.to_bits()),
            (b.first.to_bits(), b.second.to_bits()),
            "{name}"
        );
    }
}
