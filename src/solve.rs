//! Optimal (minimax) play and best responses.

use crate::dice::MAX_DICE;
use crate::rules::Rules;
use crate::sweep::{sweep, Policy, SweepOptions, SweepResult};
use crate::table::StrategyTable;

/// A solved game: a strategy table with its win probabilities.
#[derive(Debug, Clone)]
pub struct Solution<'r> {
    result: SweepResult<'r>,
}

/// The minimax strategy: both players maximize their own win probability.
pub fn optimal<'r>(rules: &'r Rules, options: &SweepOptions<'_>) -> Solution<'r> {
    Solution {
        result: sweep(rules, &[Policy::Best], options),
    }
}

/// The strategy that maximizes the win probability against `opponent`.
pub fn best_response<'r>(
    rules: &'r Rules,
    opponent: &StrategyTable,
    options: &SweepOptions<'_>,
) -> Solution<'r> {
    Solution {
        result: sweep(rules, &[Policy::Best, Policy::Fixed(opponent)], options),
    }
}

impl Solution<'_> {
    /// The chosen dice counts.
    pub fn table(&self) -> StrategyTable {
        self.result.table(0)
    }

    /// The solver's win probability when it is to move at `(score, opponent)`.
    pub fn win_probability(&self, score: u32, opponent: u32) -> f64 {
        self.result.seat(0).value(score as usize, opponent as usize)
    }

    /// The other player's win probability when it is to move at
    /// `(score, opponent)` (its own score first): the fixed opponent of a
    /// best response, or the same optimal player.
    pub fn opponent_win_probability(&self, score: u32, opponent: u32) -> f64 {
        let seat = if self.result.seats() > 1 { 1 } else { 0 };
        self.result
            .seat(seat)
            .value(score as usize, opponent as usize)
    }

    /// The dice count chosen at `(score, opponent)`.
    pub fn choice(&self, score: u32, opponent: u32) -> u8 {
        self.result
            .seat(0)
            .choice(score as usize, opponent as usize)
    }

    /// The win probability of each dice count at `(score, opponent)`, with
    /// the same play afterwards (optimal, or against the fixed opponent).
    pub fn choice_values(&self, score: u32, opponent: u32) -> [f64; MAX_DICE + 1] {
        self.result.choice_values(0, score, opponent)
    }

    /// The probability that the solver wins when it moves first.
    pub fn first_player_win_probability(&self) -> f64 {
        self.win_probability(0, 0)
    }

    /// The sweep behind the solution (seat 0 is the solver).
    pub fn result(&self) -> &SweepResult<'_> {
        &self.result
    }

    /// The rules solved.
    pub fn rules(&self) -> &Rules {
        self.result.rules()
    }
}
