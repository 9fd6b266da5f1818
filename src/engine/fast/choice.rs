//! The value of every dice count at one state, and the best count among
//! them with ties to the fewest dice.

use crate::dice::MAX_DICE;
use crate::engine::fast::kernel::Kernel;
use crate::engine::fast::recurrence::{self, Rolls};

use crate::engine::policy::{best_choice, TIE_TOLERANCE};

/// The win probability of each dice count at one state, from the state's
/// lookup row and its zero-dice points.
#[inline(always)]
pub(super) fn choice_values<const AVX2: bool>(
    kernel: &Kernel,
    row: &[f64],
    zero: usize,
) -> [f64; MAX_DICE + 1] {
    let mut values = [0.0; MAX_DICE + 1];
    values[0] = row[zero];
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: AVX2 is true only inside functions compiled for AVX2.
        unsafe { kernel.roll_all_avx2(row, &mut values) };
        return values;
    }
    kernel.roll_all(row, &mut values);
    values
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn choice_values_avx2(
    kernel: &Kernel,
    row: &[f64],
    zero: usize,
) -> [f64; MAX_DICE + 1] {
    choice_values::<true>(kernel, row, zero)
}

/// The win probability of rolling `k` dice at one state.
#[inline(always)]
pub(super) fn choice_value<const AVX2: bool>(
    kernel: &Kernel,
    row: &[f64],
    zero: impl FnOnce() -> usize,
    k: usize,
) -> f64 {
    if k == 0 {
        return row[zero()];
    }
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: AVX2 is true only inside functions compiled for AVX2.
        return unsafe { kernel.roll_avx2(k, row) };
    }
    kernel.roll(k, row)
}

/// [`best_choice`] of the zero-dice value and the rolls, with AVX2
/// compares inside functions compiled for it: a choice among the same
/// values, so the same result. The rolls stay in the vectors the
/// recurrence made them in (an array of eleven would go through memory).
#[inline(always)]
pub(super) fn best_of<const AVX2: bool>(zero: f64, rolls: &Rolls) -> (f64, u8) {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: AVX2 is true only inside functions compiled for AVX2.
        return unsafe { best_of_avx2(zero, rolls) };
    }
    best_choice(&recurrence::choice_values(zero, rolls))
}

/// [`best_of`] in three 4-lane vectors and a broadcast: the maximum by a
/// tree (the maximum of the same numbers in any order), the first count
/// within the tolerance by movemask.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn best_of_avx2(zero: f64, rolls: &Rolls) -> (f64, u8) {
    use std::arch::x86_64::*;
    // SAFETY: the loads read rolls[0..12].
    let (a, b, c) = unsafe {
        (
            _mm256_loadu_pd(rolls.as_ptr()),
            _mm256_loadu_pd(rolls.as_ptr().add(4)),
            _mm256_loadu_pd(rolls.as_ptr().add(8)),
        )
    };
    let z = _mm256_set1_pd(zero);
    // The spill lanes (counts 11 and 12) repeat the zero-dice value.
    let c = _mm256_blend_pd(c, z, 0b1100);
    let m = _mm256_max_pd(_mm256_max_pd(a, b), _mm256_max_pd(c, z));
    let m = _mm256_max_pd(m, _mm256_permute2f128_pd(m, m, 1));
    let m = _mm256_max_pd(m, _mm256_permute_pd(m, 0b0101));
    let threshold = _mm256_sub_pd(m, _mm256_set1_pd(TIE_TOLERANCE));
    let within = |v| _mm256_movemask_pd(_mm256_cmp_pd(v, threshold, _CMP_GE_OQ)) as u32;
    let mask = (within(z) & 1) | within(a) << 1 | within(b) << 5 | within(c) << 9;
    // Counts 11 and 12 repeat count 0, which comes first; no mask (NaN) is
    // count 0 too. No branch on the count: it is as unpredictable as play.
    let k = mask.trailing_zeros() as usize;
    let k = if k > MAX_DICE { 0 } else { k };
    let mut all = [0.0; 16];
    all[0] = zero;
    all[1..13].copy_from_slice(rolls);
    (all[k], k as u8)
}
