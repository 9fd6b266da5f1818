//! One player's tables after a sweep: values, choices and the lookup of
//! landing outcomes, all in the sweep's diagonal order.

use ndarray::Array2;

use crate::rules::{outcome_index, state_index};

use super::layout::{flat, row_major_order};

/// One player's tables after a sweep.
#[derive(Debug, Clone)]
pub struct Seat {
    /// This player's win probability when it is to move, at every state in
    /// the order of [`state_index`] (diagonal by diagonal): the sweep writes
    /// and reads it along diagonals.
    pub(super) values: Vec<f64>,
    /// The dice count this player rolls at every state, in the same order.
    pub(super) choices: Vec<u8>,
    /// The mover's outcome of landing on each raw score.
    pub(super) outcomes: Outcomes,
    /// The goal: states are `(s, o)` with both below it.
    pub(super) n: usize,
}

/// Where a seat keeps `lookup[o][t]` (see the module documentation).
#[derive(Debug, Clone)]
pub(super) enum Outcomes {
    /// Rows `lookup[[o, t]]` for `t` up to `n + 63`: a seat that follows a
    /// table reads one contiguous stretch of a row per state.
    Rows(Array2<f64>),
    /// A seat that picks the best count (by the recurrence) reads the row
    /// through its ring and only the zero-dice entry here: the entries in
    /// the order of [`state_index`] of `(t, o)`, then the rows past the goal
    /// (`n * n + o * LANDING_REACH + t - n`, see [`outcome_index`]). The
    /// fill then writes each diagonal's entries one after the other instead
    /// of one per row of a table much larger than the caches.
    Diagonal(Vec<f64>),
}

impl Seat {
    /// The goal: states are `(s, o)` with both below it.
    pub(super) fn size(&self) -> usize {
        self.n
    }

    /// Whether the values came from the recurrence (a best seat), so that
    /// [`SweepResult::choice_values`] recomputes the same bits.
    pub(super) fn recurrence(&self) -> bool {
        matches!(self.outcomes, Outcomes::Diagonal(_))
    }

    /// `lookup[o][t]` for `t` in `from..to`, as a row indexed by `t` (the
    /// entries before `from` are zero).
    pub(super) fn outcome_row(&self, o: usize, from: usize, to: usize) -> Vec<f64> {
        let mut row = vec![0.0; to];
        match &self.outcomes {
            Outcomes::Rows(lookup) => {
                let width = lookup.ncols();
                row[from..].copy_from_slice(&flat(lookup)[o * width + from..o * width + to]);
            }
            Outcomes::Diagonal(outcomes) => {
                for (t, entry) in row.iter_mut().enumerate().skip(from.max(1)) {
                    *entry = outcomes[outcome_index(self.n, t, o)];
                }
            }
        }
        row
    }

    /// This player's win probability when it is to move at `(s, o)`.
    pub fn value(&self, s: usize, o: usize) -> f64 {
        self.values[state_index(self.size(), s, o)]
    }

    /// The dice count this player rolls at `(s, o)`.
    pub fn choice(&self, s: usize, o: usize) -> u8 {
        self.choices[state_index(self.size(), s, o)]
    }

    /// Every state's choice as an array indexed `[s, o]`.
    pub fn choices(&self) -> Array2<u8> {
        row_major_order(&self.choices, self.size())
    }
}
