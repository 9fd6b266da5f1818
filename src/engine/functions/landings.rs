//! One state's landings, read once for every choice valued there, and the
//! compensated sums the general path values a choice with.
//!
//! A state's eleven choices reach about 240 raw outcomes but far fewer
//! distinct final point totals (about 60 with six-sided dice, 26 under a
//! cap of 25): the rolls come merged by final points from the tables, and
//! what each total is worth is read once into a row, so the values are
//! read once per total instead of once per outcome. Long sums run in four
//! lanes (independent compensated sums, joined at the end), so they are
//! not one long chain of dependent additions.

use crate::general::{RuleTables, Slot, MAX_TURN_POINTS};

/// Final point totals a turn may score: `0..=MAX_TURN_POINTS`.
const POINTS: usize = MAX_TURN_POINTS as usize + 1;

/// A compensated sum (the total and its rounding errors, added apart):
/// the terms are small next to the total, so the total is then within
/// about an ulp of the exact sum of the rounded products, and the general
/// path's values sit within the fast path's own rounding of the exact ones.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Sum {
    total: f64,
    carry: f64,
}

impl Sum {
    #[inline(always)]
    pub(super) fn add(&mut self, term: f64) {
        two_sum(&mut self.total, &mut self.carry, term);
    }

    #[inline(always)]
    pub(super) fn value(self) -> f64 {
        self.total + self.carry
    }
}

/// Add `x` to `total`, and the addition's rounding error to `carry`:
/// Knuth's two-sum, which finds the error exactly whichever term is larger
/// (the same error Neumaier's sum finds by comparing the two, with no
/// comparison: the same bits).
#[inline(always)]
fn two_sum(total: &mut f64, carry: &mut f64, x: f64) {
    let t = *total;
    let sum = t + x;
    let x_part = sum - t;
    let error = (t - (sum - x_part)) + (x - x_part);
    *carry += error;
    *total = sum;
}

/// Lanes of [`lane_sum`].
const LANES: usize = 4;

/// Up to this many terms, [`lane_sum`] is one chain: joining the lanes
/// would cost more than it saves.
const SHORT: usize = 12;

/// The compensated sum of `term` of each item: item `j` goes to lane
/// `j % 4`, and the lanes are joined in order (a fixed order of additions,
/// so the same terms give the same bits everywhere; no fused multiply-add).
#[inline(always)]
pub(super) fn lane_sum<T>(items: &[T], mut term: impl FnMut(&T) -> f64) -> Sum {
    if items.len() <= SHORT {
        let mut sum = Sum::default();
        for item in items {
            sum.add(term(item));
        }
        return sum;
    }
    let mut total = [0.0f64; LANES];
    let mut carry = [0.0f64; LANES];
    let chunks = items.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        let x: [f64; LANES] = std::array::from_fn(|l| term(&chunk[l]));
        for l in 0..LANES {
            two_sum(&mut total[l], &mut carry[l], x[l]);
        }
    }
    for (l, item) in rest.iter().enumerate() {
        two_sum(&mut total[l], &mut carry[l], term(item));
    }
    let mut sum = Sum {
        total: total[0],
        carry: carry[0],
    };
    for l in 1..LANES {
        sum.add(total[l]);
        sum.carry += carry[l];
    }
    sum
}

/// A thread's scratch for valuing the choices of one state at a time.
pub(super) struct Landings {
    /// What each final point total is worth, 0 where it stays on the
    /// diagonal (its outcomes are then kept aside, not summed).
    worth: [f64; POINTS],
    /// The totals read at this state that stay, rising (`staying[..count]`).
    staying: [u32; POINTS],
    count: usize,
    /// Whether the row read serves every choice at the state: not where
    /// the rules read the turn (each choice then lands on its own, and
    /// is summed one outcome at a time).
    shared: bool,
}

impl Default for Landings {
    fn default() -> Landings {
        Landings {
            worth: [0.0; POINTS],
            staying: [0; POINTS],
            count: 0,
            shared: true,
        }
    }
}

/// The outcomes of one choice at one state: final points and
/// probabilities, each total once.
pub(super) struct Choice<'t> {
    /// Zero dice's one outcome.
    zero: [(u32, f64); 1],
    /// A roll's, else `None`.
    roll: Option<&'t [(u32, f64)]>,
    slots: &'t [Slot],
}

impl<'t> Choice<'t> {
    /// Rolling `dice` at `(s, o)`.
    #[inline(always)]
    pub(super) fn new(tables: &'t RuleTables, s: u32, o: u32, dice: u32) -> Choice<'t> {
        let (zero, roll) = match dice {
            0 => ([(tables.zero_final(s, o), 1.0)], None),
            _ => ([(0, 0.0)], Some(tables.finals(s, o, dice))),
        };
        Choice {
            zero,
            roll,
            slots: tables.slots(s, o, dice),
        }
    }

    /// `(final points, probability)` of each outcome.
    #[inline(always)]
    fn outcomes(&self) -> &[(u32, f64)] {
        self.roll.unwrap_or(&self.zero)
    }
}

impl Landings {
    /// Read every total a choice at `(s, o)` can score, with `stays`
    /// telling which landings stay on a level diagonal (nothing where the
    /// rules read the turn: see [`Landings::sum`]).
    #[inline(always)]
    pub(super) fn read_all(
        &mut self,
        tables: &RuleTables,
        (s, o): (u32, u32),
        value: &impl Fn(Slot) -> f64,
        stays: &impl Fn(Slot) -> bool,
    ) {
        self.count = 0;
        self.shared = !tables.reads_turn();
        if !self.shared {
            return;
        }
        let slots = &tables.slots(s, o, 0)[..=tables.top(s, o) as usize];
        for (q, &slot) in slots.iter().enumerate() {
            if stays(slot) {
                self.staying[self.count] = q as u32;
                self.count += 1;
                self.worth[q] = 0.0;
            } else {
                self.worth[q] = value(slot);
            }
        }
    }

    /// The sum of `choice`'s outcomes that leave (all of them where none
    /// stays), from totals read before; those that stay go to `kept` with
    /// their probabilities. Also whether any outcome leaves. Where the
    /// rules read the turn, the outcomes one at a time by `value` and
    /// `stays` (as [`sum_direct`]: the same terms in the same order).
    #[inline(always)]
    pub(super) fn sum(
        &self,
        choice: &Choice<'_>,
        value: &impl Fn(Slot) -> f64,
        stays: &impl Fn(Slot) -> bool,
        kept: &mut Vec<(f64, Slot)>,
    ) -> (Sum, bool) {
        if !self.shared {
            return sum_direct(choice, value, stays, kept);
        }
        // Totals are below 256: as u8 indices, no bounds checks.
        let worth = |q: u32| self.worth[usize::from(q as u8)];
        let outcomes = choice.outcomes();
        // Zero dice's probability is 1: the product is the value exactly.
        let sum = lane_sum(outcomes, |&(q, prob)| prob * worth(q));
        // Outcomes are in rising points, each total once: the few totals
        // that stay are looked up rather than every outcome checked.
        let mut found = 0;
        for &q in &self.staying[..self.count] {
            if let Ok(j) = outcomes.binary_search_by_key(&q, |&(p, _)| p) {
                kept.push((outcomes[j].1, choice.slots[q as usize]));
                found += 1;
            }
        }
        (sum, found < outcomes.len())
    }
}

/// The sum of `choice`'s outcomes read one at a time (for a single choice
/// at a state: reading a row of totals would cost more than it saves),
/// those that stay kept aside as in [`Landings::sum`].
#[inline(always)]
pub(super) fn sum_direct(
    choice: &Choice<'_>,
    value: &impl Fn(Slot) -> f64,
    stays: &impl Fn(Slot) -> bool,
    kept: &mut Vec<(f64, Slot)>,
) -> (Sum, bool) {
    let outcomes = choice.outcomes();
    let mut exits = false;
    let sum = lane_sum(outcomes, |&(q, prob)| {
        let slot = choice.slots[q as usize];
        if stays(slot) {
            kept.push((prob, slot));
            0.0
        } else {
            exits = true;
            prob * value(slot)
        }
    });
    (sum, exits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sums are compensated: ten 0.1s (each a little over 1/10) add to
    /// exactly 1.0 where a plain loop stops at 0.9999999999999999, a
    /// thousand to 100.0 (plain: 99.9999999999986), and a 1 between two
    /// terms of 1e16 that cancel survives.
    #[test]
    fn sums_keep_what_plain_additions_round_away() {
        let plain = |terms: &[f64]| terms.iter().fold(0.0, |a, &b| a + b);
        assert_ne!(plain(&[0.1; 10]), 1.0);
        assert_eq!(lane_sum(&[0.1; 10], |&x| x).value(), 1.0);
        assert_ne!(plain(&[0.1; 1000]), 100.0);
        assert_eq!(lane_sum(&[0.1; 1000], |&x| x).value(), 100.0);
        for len in [3, 13, 14, 15, 16, 17] {
            let mut terms = vec![0.0; len];
            terms[0] = 1e16;
            terms[1] = 1.0;
            terms[len - 1] = -1e16;
            assert_eq!(lane_sum(&terms, |&x| x).value(), 1.0, "{len} terms");
        }
    }

    /// Two-sum finds the error Neumaier's comparison finds, bit for bit.
    #[test]
    fn two_sum_is_neumaiers_error() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..10_000 {
            let (t, term) = (next() * 4.0, next() * next());
            let sum = t + term;
            let neumaier = if t.abs() >= term.abs() {
                (t - sum) + term
            } else {
                (term - sum) + t
            };
            let (mut total, mut carry) = (t, 0.0);
            two_sum(&mut total, &mut carry, term);
            assert_eq!((total, carry), (sum, neumaier));
        }
    }
}
