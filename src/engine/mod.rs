//! The engine's one door: [`solve`], [`best_response`] and [`evaluate`]
//! take the rules and the seats and return one [`Solution`], which answers
//! the value, the choice and every choice's value at any state, in any
//! context the rules have (what the players remember, a clock).
//!
//! How the states are swept is the engine's own business and is decided in
//! one place, [`sweep`]: the diagonal recurrence for rules with the
//! presets' structure (`fast`), level diagonals for rules given as
//! functions (`functions`), every context for rules with memory or a clock
//! (`contexts`). Nothing outside the engine asks which one ran.

#[cfg(test)]
pub(crate) mod cancel_support;
mod contexts;
pub(crate) mod fast;
pub(crate) mod functions;
pub mod policy;
mod solution;
#[cfg(test)]
mod tests;

pub use crate::engine::fast::{Method, SweepOptions, DEFAULT_PARALLEL_MIN_STATES};
pub use crate::engine::policy::{Policy, TIE_TOLERANCE};
pub use solution::{Solution, State};

use std::cell::RefCell;

use serde::Serialize;

use crate::rules::Rules;
use crate::table::StrategyTable;
use contexts::{memory_sweep, reached_start_values};
use fast::Seat;
use functions::general_sweep;
use solution::Backend;

/// The minimax strategy: both players maximize their own win probability.
/// One seat, which both players take.
pub fn solve<'r>(rules: &'r Rules, options: &SweepOptions<'_>) -> Solution<'r> {
    sweep(rules, &[Policy::Best], options)
}

/// The strategy that maximizes the win probability against `opponent`:
/// seat 0 is the best response, seat 1 the opponent.
pub fn best_response<'r>(
    rules: &'r Rules,
    opponent: &StrategyTable,
    options: &SweepOptions<'_>,
) -> Solution<'r> {
    sweep(rules, &[Policy::Best, Policy::Fixed(opponent)], options)
}

/// Two fixed tables played against each other at every state: seat 0 is
/// `a`, seat 1 is `b`, each seat's values seen by the player to move.
pub fn evaluate<'r>(
    rules: &'r Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    options: &SweepOptions<'_>,
) -> Solution<'r> {
    sweep(rules, &[Policy::Fixed(a), Policy::Fixed(b)], options)
}

/// The sweep of one seat (self-play) or two (seat 0 moves first at
/// `(0, 0)`), by the way that suits the rules: the one place that chooses.
/// Every backend stops early once `options` is cancelled; the other knobs
/// are the fast sweep's.
pub fn sweep<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
) -> Solution<'r> {
    for policy in policies {
        if let Policy::Fixed(table) = policy {
            assert!(
                table.contexts().is_none_or(|x| x == rules.contexts()),
                "a table of other contexts than the rules have"
            );
        }
    }
    let cancel = options.cancel;
    let backend = match (rules.general(), rules.memory()) {
        (Some(tables), Some(memory)) => {
            Backend::Contexts(memory_sweep(tables, memory, policies, cancel))
        }
        (Some(tables), None) => Backend::Functions(general_sweep(tables, policies, cancel)),
        (None, _) => Backend::Fast(Box::new(fast::sweep(rules, policies, options))),
    };
    Solution::new(rules, backend)
}

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

/// The exact win rates of `a` against `b`: only the states some game
/// reaches from the start are swept where the rules allow it.
pub fn win_rates(
    rules: &Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    options: &SweepOptions<'_>,
) -> WinRates {
    if let (Some(tables), Some(memory)) = (rules.general(), rules.memory()) {
        // A -1 that swaps the scores stays at the state, a spent one rolls
        // other dice than the table says, and a table that reads the
        // contexts rolls a count of each: the passes over the reached
        // contexts take none of them, the full sweep below all.
        let scores_only = a.reads_scores_only() && b.reads_scores_only();
        if !memory.plan.minus_one_varies() && scores_only {
            let [first, b_first] = reached_start_values(tables, memory, [a, b], options.cancel);
            return WinRates::new(first, 1.0 - b_first);
        }
    }
    if rules.general().is_some() {
        let solution = evaluate(rules, a, b, options);
        return WinRates::new(solution.value(0, (0, 0)), 1.0 - solution.value(1, (0, 0)));
    }
    thread_local! {
        // Tournaments and sweeps evaluate thousands of pairs: keep each
        // thread's tables instead of allocating and faulting them in anew.
        static SPARE: RefCell<Vec<Seat>> = const { RefCell::new(Vec::new()) };
    }
    let spare = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let result = fast::evaluate_reusing(rules, a, b, options, spare);
    let first = result.seat(0).value(0, 0);
    let b_first = result.seat(1).value(0, 0);
    SPARE.with(|s| *s.borrow_mut() = result.into_seats());
    WinRates::new(first, 1.0 - b_first)
}
