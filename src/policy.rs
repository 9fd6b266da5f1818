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

/// The highest value, ties (within [`TIE_TOLERANCE`]) to the fewest dice.
#[inline(always)]
pub fn best_choice(values: &[f64; MAX_DICE + 1]) -> (f64, u8) {
    let mut best = values[0];
    for &v in &values[1..] {
        best = if v > best { v } else { best };
    }
    // The first count within the tolerance, as the lowest bit of a mask:
    // no early exit, so the comparisons run side by side.
    let threshold = best - TIE_TOLERANCE;
    let mut mask = 0u32;
    for (k, &v) in values.iter().enumerate() {
        mask |= u32::from(v >= threshold) << k;
    }
    let k = if mask == 0 {
        0
    } else {
        mask.trailing_zeros() as usize
    };
    (values[k], k as u8)
}
