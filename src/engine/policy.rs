//! How a player picks its dice, shared by the fast sweep and the general
//! path: a fixed table, or the best count with ties to the fewest dice.

use crate::dice::MAX_DICE;
use crate::table::StrategyTable;

/// Choices whose win probabilities are this close to the best count as tied;
/// ties go to the fewest dice so the exported table is reproducible.
pub const TIE_TOLERANCE: f64 = 1e-12;

/// How one seat picks its dice.
#[derive(Debug, Clone, Copy)]
pub enum Policy<'a> {
    /// Maximize the win probability (minimax against an optimal opponent, or
    /// the best response to a fixed one).
    Best,
    /// Follow a fixed table.
    Fixed(&'a StrategyTable),
}

/// Every dice count within [`TIE_TOLERANCE`] of the highest value, as a
/// bit mask (bit `k` for `k` dice): no early exit, so the comparisons run
/// side by side.
#[inline(always)]
pub fn tied(values: &[f64; MAX_DICE + 1]) -> u32 {
    let mut best = values[0];
    for &v in &values[1..] {
        best = if v > best { v } else { best };
    }
    let threshold = best - TIE_TOLERANCE;
    let mut mask = 0u32;
    for (k, &v) in values.iter().enumerate() {
        mask |= u32::from(v >= threshold) << k;
    }
    mask
}

/// [`best_choice`] among any number of moves (the dice counts, then
/// rolling -1 dice where the rules have it): ties go to the first, so a
/// -1 move is taken only where it beats every count.
pub fn best_of(values: &[f64]) -> (f64, u8) {
    let best = values
        .iter()
        .fold(values[0], |m, &v| if v > m { v } else { m });
    let threshold = best - TIE_TOLERANCE;
    let k = values.iter().position(|&v| v >= threshold).unwrap_or(0);
    (values[k], k as u8)
}

/// The highest value, ties (within [`TIE_TOLERANCE`]) to the fewest dice.
#[inline(always)]
pub fn best_choice(values: &[f64; MAX_DICE + 1]) -> (f64, u8) {
    // The first count within the tolerance: the mask's lowest bit.
    let mask = tied(values);
    let k = if mask == 0 {
        0
    } else {
        mask.trailing_zeros() as usize
    };
    (values[k], k as u8)
}
