//! Exact win rates of one strategy against another.

use serde::Serialize;

use crate::rules::Rules;
use crate::table::StrategyTable;
use std::cell::RefCell;

use crate::sweep::{evaluate_reusing, Seat, SweepOptions};

/// How often strategy A beats strategy B.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WinRates {
    /// A's win probability when A moves first.
    pub first: f64,
    /// A's win probability when B moves first.
    pub second: f64,
    /// `(first + second) / 2`, the course's `average_win_rate`.
    pub average: f64,
}

impl WinRates {
    /// Rates from the two seat probabilities.
    pub fn new(first: f64, second: f64) -> WinRates {
        WinRates {
            first,
            second,
            average: (first + second) / 2.0,
        }
    }
}

/// The exact win rates of `a` against `b`.
pub fn win_rates(
    rules: &Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    options: &SweepOptions<'_>,
) -> WinRates {
    thread_local! {
        // Tournaments and sweeps evaluate thousands of pairs: keep each
        // thread's tables instead of allocating and faulting them in anew.
        static SPARE: RefCell<Vec<Seat>> = const { RefCell::new(Vec::new()) };
    }
    let spare = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let result = evaluate_reusing(rules, a, b, options, spare);
    let first = result.seat(0).value(0, 0);
    let b_first = result.seat(1).value(0, 0);
    SPARE.with(|s| *s.borrow_mut() = result.into_seats());
    WinRates::new(first, 1.0 - b_first)
}
