//! What a sweep returns, and the questions asked of it afterwards.

use std::ops::Range;

use rayon::prelude::*;

use crate::dice::MAX_DICE;
use crate::engine::fast::kernel::ROW_REACH;
use crate::engine::fast::recurrence::{self, Dice};
use crate::rules::Rules;
use crate::table::StrategyTable;

use super::choice::{choice_values, choice_values_avx2};
use super::diagonal::{lookup_row, Kernels};
use super::layout::flat;
use super::seat::{Outcomes, Seat};

/// The result of a sweep: one seat for self-play, two otherwise.
#[derive(Debug, Clone)]
pub struct SweepResult<'r> {
    pub(super) rules: &'r Rules,
    pub(super) kernels: Kernels,
    pub(super) dice: Dice,
    pub(super) seats: Vec<Seat>,
    /// Whether the sweep ran the AVX2 kernel: later questions use it too.
    pub(super) avx2: bool,
}

impl<'r> SweepResult<'r> {
    /// One seat's tables (0: the player who moves at `(0, 0)` when it starts).
    pub fn seat(&self, i: usize) -> &Seat {
        &self.seats[i]
    }

    /// The win probability of every dice count for seat `i` at `(s, o)`,
    /// with play afterwards as in the sweep: the same bits the sweep chose
    /// from (a best seat's recurrence is recomputed from its lookup row).
    pub fn choice_values(&self, i: usize, s: u32, o: u32) -> [f64; MAX_DICE + 1] {
        let (s, o) = (s as usize, o as usize);
        if self.seats[i].recurrence() {
            let block = self.recurrence_block(i, o, s..s + 1);
            return block[0];
        }
        let Outcomes::Rows(lookup) = &self.seats[i].outcomes else {
            unreachable!("a seat without the recurrence keeps rows");
        };
        let row = lookup_row(flat(lookup), lookup.ncols(), s, o);
        let kernel = self.kernels.at_sum(self.rules, s + o);
        let zero = self.rules.zero_dice_points(s as u32, o as u32) as usize;
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when the processor reports AVX2.
            return unsafe { choice_values_avx2(kernel, row, zero) };
        }
        choice_values::<false>(kernel, row, zero)
    }

    /// [`SweepResult::choice_values`] of seat `i` at every `(s, o)` with `s`
    /// in `scores`, in the order `[s][o]`: computed along each opponent
    /// score's lookup row at once, on every thread, for exports of all
    /// states.
    pub fn choice_values_block(&self, i: usize, scores: Range<u32>) -> Vec<[f64; MAX_DICE + 1]> {
        let n = self.rules.size();
        let scores = scores.start as usize..scores.end as usize;
        let mut out = vec![[0.0; MAX_DICE + 1]; scores.len() * n];
        if self.seats[i].recurrence() {
            let columns: Vec<Vec<[f64; MAX_DICE + 1]>> = (0..n)
                .into_par_iter()
                .map(|o| self.recurrence_block(i, o, scores.clone()))
                .collect();
            for (o, column) in columns.into_iter().enumerate() {
                for (j, values) in column.into_iter().enumerate() {
                    out[j * n + o] = values;
                }
            }
        } else {
            out.par_chunks_mut(n.max(1))
                .zip(scores.clone())
                .for_each(|(row, s)| {
                    for (o, values) in row.iter_mut().enumerate() {
                        *values = self.choice_values(i, s as u32, o as u32);
                    }
                });
        }
        out
    }

    /// A recurrence seat's choice values at `(s, o)` for `s` in `scores`,
    /// from the records of its lookup row.
    pub(super) fn recurrence_block(
        &self,
        i: usize,
        o: usize,
        scores: Range<usize>,
    ) -> Vec<[f64; MAX_DICE + 1]> {
        let seat = &self.seats[i];
        let top = (scores.end + recurrence::MAX_SIDES * MAX_DICE).min(seat.n + ROW_REACH);
        let row = seat.outcome_row(o, scores.start, top);
        let records = recurrence::row_records(&self.dice, &row, scores.start, scores.end);
        let record = self.dice.record();
        let mut out = Vec::with_capacity(scores.len());
        for (s, current) in scores.zip(records.chunks_exact(record)) {
            let sides = self.kernels.sides_at_sum(self.rules, s + o);
            let zero = row[s + self.rules.zero_dice_points(s as u32, o as u32) as usize];
            let rolls = self.dice.values_at(current, sides, row[s + 1]);
            out.push(recurrence::choice_values(zero, &rolls));
        }
        out
    }

    /// The number of seats: 1 for self-play, 2 otherwise.
    pub fn seats(&self) -> usize {
        self.seats.len()
    }

    /// The seats' tables, for [`evaluate_reusing`](super::evaluate_reusing).
    pub fn into_seats(self) -> Vec<Seat> {
        self.seats
    }

    /// Seat `i`'s choices as a strategy table.
    pub fn table(&self, i: usize) -> StrategyTable {
        StrategyTable::from_array(self.seats[i].choices())
    }
}
