//! The states of one diagonal for one seat: the kernel's dot products for
//! a fixed seat, the recurrence's levels and the best count for a best seat.

use crate::engine::fast::kernel::Kernel;
use crate::engine::fast::recurrence::{self, Dice};
use crate::rules::{Rules, StateLookups};

use super::choice::{best_of, choice_value, choice_values};
use crate::engine::policy::best_choice;

/// The kernels of both die types, picked per state by the dice rule.
#[derive(Debug, Clone)]
pub(super) struct Kernels {
    pub(super) six: Kernel,
    pub(super) four: Kernel,
}

impl Kernels {
    pub(super) fn new(rules: &Rules) -> Kernels {
        Kernels {
            six: Kernel::new(rules.dice_with_sides(6)),
            four: Kernel::new(rules.dice_with_sides(4)),
        }
    }

    /// The kernel of the states whose scores sum to `sum` (assumption 4 of
    /// the module documentation: the dice depend on nothing else).
    pub(super) fn at_sum(&self, rules: &Rules, sum: usize) -> &Kernel {
        match self.sides_at_sum(rules, sum) {
            4 => &self.four,
            _ => &self.six,
        }
    }

    /// Faces per die on the diagonal `sum`.
    pub(super) fn sides_at_sum(&self, rules: &Rules, sum: usize) -> u32 {
        rules.components().dice.sides_at_sum(sum as u32)
    }
}

/// What the sweep reads while computing any diagonal.
pub(super) struct Context<'a> {
    pub(super) tables: StateLookups<'a>,
    pub(super) avx2: bool,
}

/// One seat on one diagonal `d`.
pub(super) struct Run<'a> {
    /// The seat's lookup table, flat, rows of `width` entries (a fixed seat).
    pub(super) lookup: &'a [f64],
    /// The seat's [`Outcomes::Diagonal`] (a recurrence seat).
    pub(super) outcomes: &'a [f64],
    pub(super) width: usize,
    /// The dice of this diagonal.
    pub(super) kernel: &'a Kernel,
    pub(super) sides: u32,
    /// Whether the seat picks the best count (else it reads its choices).
    pub(super) best: bool,
    pub(super) d: usize,
}

impl Run<'_> {
    #[inline(always)]
    pub(super) fn row(&self, s: usize, o: usize) -> &[f64] {
        lookup_row(self.lookup, self.width, s, o)
    }
}

/// What a recurrence seat reads on one diagonal: the records of the six
/// diagonals after it (`ahead[j - 1]` is diagonal `d + j`).
pub(super) struct Levels<'a> {
    pub(super) dice: &'a Dice,
    pub(super) ahead: [&'a [f64]; recurrence::MAX_SIDES],
    pub(super) record: usize,
}

/// `lookup[o][s..]` of a flat lookup with rows of `width` entries: entry `p`
/// is the outcome of scoring `p` points at `(s, o)`.
#[inline(always)]
pub(super) fn lookup_row(lookup: &[f64], width: usize, s: usize, o: usize) -> &[f64] {
    &lookup[o * width + s..(o + 1) * width]
}

/// Which states of a stretch of a diagonal a sweep computes.
#[derive(Clone, Copy)]
pub(super) enum Visit<'a> {
    /// Every one.
    All,
    /// Those at these offsets from the first (the reachable ones).
    Only(&'a [u16]),
}

impl Context<'_> {
    /// The states `(s, d - s)` for `s` in `first..first + values.len()`
    /// that `visit` names, whose [`state_index`] starts at `index`: their
    /// values, and for a best seat their choices, with AVX2 where the
    /// processor has it. Both paths run the same additions in the same order
    /// (no fused multiply-add), so they give the same bits. A whole run of
    /// states per call keeps the dispatch out of the per-state cost.
    pub(super) fn states(
        &self,
        run: &Run<'_>,
        (first, index): (usize, usize),
        visit: Visit<'_>,
        values: &mut [f64],
        choices: &mut [u8],
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when the processor reports AVX2.
            return unsafe { self.states_avx2(run, (first, index), visit, values, choices) };
        }
        self.states_inline::<false>(run, (first, index), visit, values, choices)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn states_avx2(
        &self,
        run: &Run<'_>,
        (first, index): (usize, usize),
        visit: Visit<'_>,
        values: &mut [f64],
        choices: &mut [u8],
    ) {
        self.states_inline::<true>(run, (first, index), visit, values, choices)
    }

    #[inline(always)]
    pub(super) fn states_inline<const AVX2: bool>(
        &self,
        run: &Run<'_>,
        (first, index): (usize, usize),
        visit: Visit<'_>,
        values: &mut [f64],
        choices: &mut [u8],
    ) {
        match visit {
            Visit::All => {
                let states = values.iter_mut().zip(choices).zip(first..).zip(index..);
                for (((value, choice), s), index) in states {
                    self.state::<AVX2>(run, s, index, value, choice);
                }
            }
            Visit::Only(offsets) => {
                for &j in offsets {
                    let j = j as usize;
                    let (value, choice) = (&mut values[j], &mut choices[j]);
                    self.state::<AVX2>(run, first + j, index + j, value, choice);
                }
            }
        }
    }

    /// The value of state `(s, d - s)` at `index`, and its choice if the
    /// seat picks the best.
    #[inline(always)]
    pub(super) fn state<const AVX2: bool>(
        &self,
        run: &Run<'_>,
        s: usize,
        index: usize,
        value: &mut f64,
        choice: &mut u8,
    ) {
        let o = run.d - s;
        let row = run.row(s, o);
        let zero = || self.tables.zero_dice_points(index, s, o) as usize;
        if run.best {
            let all = choice_values::<AVX2>(run.kernel, row, zero());
            (*value, *choice) = best_choice(&all);
        } else {
            *value = choice_value::<AVX2>(run.kernel, row, zero, *choice as usize);
        }
    }
}

impl Context<'_> {
    /// A best seat's states `(s, d - s)` for `s` in `first..first +
    /// values.len()` by the recurrence: their values and choices, and their
    /// records in `current` (one per state). AVX2 where the processor has
    /// it; the same additions in the same order either way.
    pub(super) fn levels(
        &self,
        run: &Run<'_>,
        levels: &Levels<'_>,
        (first, index): (usize, usize),
        values: &mut [f64],
        choices: &mut [u8],
        current: &mut [f64],
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when the processor reports AVX2.
            return unsafe {
                self.levels_avx2(run, levels, (first, index), values, choices, current)
            };
        }
        self.levels_inline::<false>(run, levels, (first, index), values, choices, current)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn levels_avx2(
        &self,
        run: &Run<'_>,
        levels: &Levels<'_>,
        (first, index): (usize, usize),
        values: &mut [f64],
        choices: &mut [u8],
        current: &mut [f64],
    ) {
        self.levels_inline::<true>(run, levels, (first, index), values, choices, current)
    }

    #[inline(always)]
    pub(super) fn levels_inline<const AVX2: bool>(
        &self,
        run: &Run<'_>,
        levels: &Levels<'_>,
        at: (usize, usize),
        values: &mut [f64],
        choices: &mut [u8],
        current: &mut [f64],
    ) {
        match levels.record {
            recurrence::SIX_ONLY => self.levels_of::<{ recurrence::SIX_ONLY }, AVX2>(
                run, levels, at, values, choices, current,
            ),
            _ => self.levels_of::<{ recurrence::SIX_AND_FOUR }, AVX2>(
                run, levels, at, values, choices, current,
            ),
        }
    }

    /// [`Context::levels`] with records of `R` entries.
    #[inline(always)]
    pub(super) fn levels_of<const R: usize, const AVX2: bool>(
        &self,
        run: &Run<'_>,
        levels: &Levels<'_>,
        (first, index): (usize, usize),
        values: &mut [f64],
        choices: &mut [u8],
        current: &mut [f64],
    ) {
        let len = values.len();
        let choices = &mut choices[..len];
        let current = &mut current.as_chunks_mut::<R>().0[..len];
        // The records at `s + j` for the states' `s`, as slices of exactly
        // `len` records, so the loop below indexes them unchecked.
        let ahead: [&[[f64; R]]; recurrence::MAX_SIDES] = std::array::from_fn(|i| {
            let from = first + i + 1;
            &levels.ahead[i].as_chunks::<R>().0[from..from + len]
        });
        for j in 0..len {
            let (s, o) = (first + j, run.d - first - j);
            let ahead = std::array::from_fn(|i| &ahead[i][j]);
            let rolls = levels.dice.fill(&ahead, &mut current[j], run.sides);
            let zero = run.outcomes[self.tables.zero_target(index + j, s, o)];
            (values[j], choices[j]) = best_of::<AVX2>(zero, &rolls);
        }
    }
}
