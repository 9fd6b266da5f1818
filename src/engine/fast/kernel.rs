//! The solver's inner loop: the value of rolling `k` dice at one state, as a
//! dot product of the dice distribution with a row of the lookup table.
//!
//! Each distribution is stored zero-padded to a multiple of four entries, and
//! every length is a compile-time constant, so each of the ten dot products is
//! straight-line code over four running sums that map onto SIMD lanes. The
//! order of additions is fixed by this code alone: the same bits come out on
//! every machine and with any number of threads.

use crate::dice::{DiceSet, MAX_DICE};

/// Padded lengths and offsets of the ten distributions of one die type.
struct Layout {
    len: [usize; MAX_DICE],
    offset: [usize; MAX_DICE],
    total: usize,
}

/// Sums of `k` dice without a 1 run from `2k` to `sides * k`: `(sides - 2) k + 1`
/// values, padded to a multiple of four.
const fn layout(sides: usize) -> Layout {
    let mut len = [0; MAX_DICE];
    let mut offset = [0; MAX_DICE];
    let mut total = 0;
    let mut k = 1;
    while k <= MAX_DICE {
        let values = (sides - 2) * k + 1;
        len[k - 1] = values.div_ceil(4) * 4;
        offset[k - 1] = total;
        total += len[k - 1];
        k += 1;
    }
    Layout { len, offset, total }
}

const SIX: Layout = layout(6);
const FOUR: Layout = layout(4);

/// How far past a state's own score the kernel reads a lookup row: the
/// padded end of the longest distribution.
pub const ROW_REACH: usize = 2 * MAX_DICE + SIX.len[MAX_DICE - 1];

/// One die type's distributions in the padded layout.
#[derive(Debug, Clone)]
pub struct Kernel {
    sides: u32,
    one_point: [f64; MAX_DICE],
    sums: Vec<f64>,
}

impl Kernel {
    /// The kernel for a set of six- or four-sided dice.
    pub fn new(dice: &DiceSet) -> Kernel {
        let layout = match dice.sides {
            6 => &SIX,
            4 => &FOUR,
            other => panic!("no kernel for {other}-sided dice"),
        };
        let mut sums = vec![0.0; layout.total];
        let mut one_point = [0.0; MAX_DICE];
        for k in 1..=MAX_DICE {
            let dist = dice.get(k);
            assert_eq!(dist.min_sum, 2 * k);
            one_point[k - 1] = dist.one_point;
            let start = layout.offset[k - 1];
            sums[start..start + dist.sums.len()].copy_from_slice(&dist.sums);
        }
        Kernel {
            sides: dice.sides,
            one_point,
            sums,
        }
    }

    /// `out[k]` = value of rolling `k` dice (1..=10), where `row[p]` is the
    /// value of scoring `p` points; `row` must hold [`ROW_REACH`] entries.
    #[inline(always)]
    pub fn roll_all(&self, row: &[f64], out: &mut [f64; MAX_DICE + 1]) {
        let row = &row[..ROW_REACH];
        if self.sides == 6 {
            roll_all!(self, row, out, SIX, dot)
        } else {
            roll_all!(self, row, out, FOUR, dot)
        }
    }

    /// [`Kernel::roll_all`] with 256-bit vectors: the same additions in the
    /// same order, so the same bits.
    ///
    /// # Safety
    /// The processor must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn roll_all_avx2(&self, row: &[f64], out: &mut [f64; MAX_DICE + 1]) {
        let row = &row[..ROW_REACH];
        macro_rules! lanes {
            ($layout:ident, $($k:literal),*) => {
                [$(avx2::lanes::<{ $layout.len[$k - 1] }>(&self.sums[$layout.offset[$k - 1]..], &row[2 * $k..])),*]
            };
        }
        let lanes = if self.sides == 6 {
            lanes!(SIX, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        } else {
            lanes!(FOUR, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        };
        avx2::finish(&lanes, &self.one_point, row[1], out);
    }

    /// The value of rolling `k` dice (1..=10); see [`Kernel::roll_all`].
    #[inline(always)]
    pub fn roll(&self, k: usize, row: &[f64]) -> f64 {
        let row = &row[..ROW_REACH];
        if self.sides == 6 {
            roll_one!(self, row, k, SIX, dot)
        } else {
            roll_one!(self, row, k, FOUR, dot)
        }
    }

    /// [`Kernel::roll`] with 256-bit vectors, bit for bit the same.
    ///
    /// # Safety
    /// The processor must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn roll_avx2(&self, k: usize, row: &[f64]) -> f64 {
        let row = &row[..ROW_REACH];
        if self.sides == 6 {
            roll_one!(self, row, k, SIX, dot_avx2)
        } else {
            roll_one!(self, row, k, FOUR, dot_avx2)
        }
    }
}

/// `P(1) * row[1] + dot(sums, row[2k..])` for one `k`, with constant lengths.
macro_rules! roll_k {
    ($self:ident, $row:ident, $layout:ident, $dot:ident, $k:literal) => {
        $self.one_point[$k - 1] * $row[1]
            + $dot::<{ $layout.len[$k - 1] }>(
                &$self.sums[$layout.offset[$k - 1]..],
                &$row[2 * $k..],
            )
    };
}

macro_rules! roll_all {
    ($self:ident, $row:ident, $out:ident, $layout:ident, $dot:ident) => {{
        roll_all!(@ $self, $row, $out, $layout, $dot, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    }};
    (@ $self:ident, $row:ident, $out:ident, $layout:ident, $dot:ident, $($k:literal),*) => {{
        $( $out[$k] = roll_k!($self, $row, $layout, $dot, $k); )*
    }};
}

macro_rules! roll_one {
    ($self:ident, $row:ident, $kk:ident, $layout:ident, $dot:ident) => {{
        roll_one!(@ $self, $row, $kk, $layout, $dot, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    }};
    (@ $self:ident, $row:ident, $kk:ident, $layout:ident, $dot:ident, $($k:literal),*) => {{
        match $kk {
            $( $k => roll_k!($self, $row, $layout, $dot, $k), )*
            _ => panic!("rolling needs 1..=10 dice, not {}", $kk),
        }
    }};
}

use {roll_all, roll_k, roll_one};

#[cfg(target_arch = "x86_64")]
use avx2::dot as dot_avx2;

/// A dot product of the first `N` (a multiple of four) entries in four
/// lanes: lane `l` sums the products at indices `l, l + 4, ...`, then the
/// lanes are added as `(l0 + l1) + (l2 + l3)`.
#[inline(always)]
fn dot<const N: usize>(a: &[f64], b: &[f64]) -> f64 {
    let a: &[f64; N] = a[..N].try_into().expect("length N");
    let b: &[f64; N] = b[..N].try_into().expect("length N");
    let mut acc = [0.0f64; 4];
    for (x, y) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
        for lane in 0..4 {
            acc[lane] += x[lane] * y[lane];
        }
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3])
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// The four running sums of the portable `dot`, not yet added up.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn lanes<const N: usize>(a: &[f64], b: &[f64]) -> __m256d {
        let (a, b) = (&a[..N], &b[..N]);
        let mut acc = _mm256_setzero_pd();
        for (x, y) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
            // SAFETY: each chunk holds exactly four f64s; loads are unaligned.
            let (x, y) = unsafe { (_mm256_loadu_pd(x.as_ptr()), _mm256_loadu_pd(y.as_ptr())) };
            acc = _mm256_add_pd(acc, _mm256_mul_pd(x, y));
        }
        acc
    }

    /// `out[k] = one_point[k - 1] * row1 + ((l0 + l1) + (l2 + l3))` for the
    /// ten dice counts at once: horizontal adds pair `l0 + l1` and `l2 + l3`
    /// of two counts in one instruction, so the sums are the portable ones.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn finish(lanes: &[__m256d; 10], one_point: &[f64; 10], row1: f64, out: &mut [f64; 11]) {
        // [a0+a1, b0+b1, a2+a3, b2+b3] and [c0+c1, d0+d1, c2+c3, d2+d3] give
        // [a01, b01, c01, d01] + [a23, b23, c23, d23].
        let four = |a, b, c, d| {
            let ab = _mm256_hadd_pd(a, b);
            let cd = _mm256_hadd_pd(c, d);
            _mm256_add_pd(
                _mm256_permute2f128_pd(ab, cd, 0x20),
                _mm256_permute2f128_pd(ab, cd, 0x31),
            )
        };
        let two = |a, b| {
            let ab = _mm256_hadd_pd(a, b);
            _mm_add_pd(_mm256_castpd256_pd128(ab), _mm256_extractf128_pd(ab, 1))
        };
        let sums = [
            four(lanes[0], lanes[1], lanes[2], lanes[3]),
            four(lanes[4], lanes[5], lanes[6], lanes[7]),
        ];
        let last = two(lanes[8], lanes[9]);
        let r4 = _mm256_set1_pd(row1);
        for (group, sum) in sums.into_iter().enumerate() {
            let k = 4 * group;
            // SAFETY: indices k..k + 4 lie inside both arrays (k <= 4, out starts at 1).
            unsafe {
                let p = _mm256_loadu_pd(one_point[k..k + 4].as_ptr());
                _mm256_storeu_pd(
                    out[k + 1..k + 5].as_mut_ptr(),
                    _mm256_add_pd(_mm256_mul_pd(p, r4), sum),
                );
            }
        }
        // SAFETY: one_point[8..10] and out[9..11] hold two f64s each.
        unsafe {
            let p = _mm_loadu_pd(one_point[8..10].as_ptr());
            _mm_storeu_pd(
                out[9..11].as_mut_ptr(),
                _mm_add_pd(_mm_mul_pd(p, _mm_set1_pd(row1)), last),
            );
        }
    }

    /// The portable `dot` in one 256-bit register: the same four lanes, a
    /// separate multiply and add (no fused multiply-add), the same final sum.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn dot<const N: usize>(a: &[f64], b: &[f64]) -> f64 {
        let (a, b) = (&a[..N], &b[..N]);
        let mut acc = _mm256_setzero_pd();
        for (x, y) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
            // SAFETY: each chunk holds exactly four f64s; loads are unaligned.
            let (x, y) = unsafe { (_mm256_loadu_pd(x.as_ptr()), _mm256_loadu_pd(y.as_ptr())) };
            acc = _mm256_add_pd(acc, _mm256_mul_pd(x, y));
        }
        // [l0 + l1, l2 + l3], then their sum: the portable order, in registers.
        let pairs = _mm_hadd_pd(_mm256_castpd256_pd128(acc), _mm256_extractf128_pd(acc, 1));
        _mm_cvtsd_f64(pairs) + _mm_cvtsd_f64(_mm_unpackhi_pd(pairs, pairs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_cover_every_sum() {
        assert_eq!(SIX.len, [8, 12, 16, 20, 24, 28, 32, 36, 40, 44]);
        assert_eq!(SIX.total, 260);
        assert_eq!(FOUR.len, [4, 8, 8, 12, 12, 16, 16, 20, 20, 24]);
        assert_eq!(ROW_REACH, 64);
    }

    #[test]
    fn kernel_matches_the_distribution() {
        for sides in [4, 6] {
            let dice = DiceSet::new(sides);
            let kernel = Kernel::new(&dice);
            let row: Vec<f64> = (0..ROW_REACH)
                .map(|p| ((p * 7919) % 101) as f64 / 100.0)
                .collect();
            let mut all = [0.0; MAX_DICE + 1];
            kernel.roll_all(&row, &mut all);
            for k in 1..=MAX_DICE {
                let dist = dice.get(k);
                let naive: f64 = (1..=dist.max_points())
                    .map(|p| dist.probability(p) * row[p])
                    .sum();
                assert!((all[k] - naive).abs() < 1e-14, "{sides}-sided, {k} dice");
                assert_eq!(kernel.roll(k, &row).to_bits(), all[k].to_bits());
                #[cfg(target_arch = "x86_64")]
                if std::is_x86_feature_detected!("avx2") {
                    let mut fast = [0.0; MAX_DICE + 1];
                    // SAFETY: AVX2 was detected just above.
                    unsafe { kernel.roll_all_avx2(&row, &mut fast) };
                    assert_eq!(
                        fast.map(f64::to_bits),
                        all.map(f64::to_bits),
                        "AVX2 and portable agree"
                    );
                    assert_eq!(
                        unsafe { kernel.roll_avx2(k, &row) }.to_bits(),
                        all[k].to_bits()
                    );
                }
            }
        }
    }
}
