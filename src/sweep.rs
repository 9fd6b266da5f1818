//! The one sweep behind solving, best responses and exact evaluation.
//!
//! A state is `(mover score, other score)` with both below the goal. Every
//! turn raises the score sum, so processing the anti-diagonals `s + o = d` in
//! decreasing `d` sees every successor before its predecessors, and the states
//! of one diagonal are independent of each other.
//!
//! For each seat (a player with a choice rule) we keep a `lookup` table:
//! `lookup[o][t]` is the mover's win probability once the dice have brought
//! the mover's raw score to `t` against `o`, with the after-turn rule already
//! applied. Folding the rule into this table turns the value of rolling `k`
//! dice into one contiguous dot product of the dice distribution with
//! `lookup[o][s + 2k ..]`, whatever the rule set.

use ndarray::Array2;
use rayon::prelude::*;

use crate::dice::MAX_DICE;
use crate::error::HogError;
use crate::kernel::{Kernel, ROW_REACH};

// The lookup rows the kernel reads must be covered by the landing table.
const _: () = assert!(ROW_REACH <= LANDING_REACH);
use crate::rules::{state_index, Landing, Rules, LANDING_REACH};
use crate::strategy::StrategyTable;

/// Choices whose win probabilities are this close to the best count as tied;
/// ties go to the fewest dice so the exported table is reproducible.
pub const TIE_TOLERANCE: f64 = 1e-12;

/// Diagonals with fewer states than this are computed on the calling thread:
/// below it rayon's fork-join costs more than it saves (see the `diagonal`
/// benchmark and the README).
pub const DEFAULT_PARALLEL_MIN_STATES: usize = 512;

/// States per task when a diagonal is split across threads.
const PARALLEL_CHUNK: usize = 128;

/// How one seat picks its dice.
#[derive(Debug, Clone, Copy)]
pub enum Policy<'a> {
    /// Maximize the win probability (minimax against an optimal opponent, or
    /// the best response to a fixed one).
    Best,
    /// Follow a fixed table.
    Fixed(&'a StrategyTable),
}

/// Knobs for a sweep that do not change its result.
pub struct SweepOptions<'a> {
    /// Smallest diagonal that is split across rayon's threads.
    pub parallel_min_states: usize,
    /// Called after each diagonal with the number of states it held.
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
}

impl Default for SweepOptions<'_> {
    fn default() -> Self {
        SweepOptions {
            parallel_min_states: DEFAULT_PARALLEL_MIN_STATES,
            progress: None,
        }
    }
}

/// One player's tables after a sweep.
#[derive(Debug, Clone)]
pub struct Seat {
    /// This player's win probability when it is to move, at every state in
    /// the order of [`state_index`] (diagonal by diagonal): the sweep writes
    /// and reads it along diagonals.
    values: Vec<f64>,
    /// `choice[[s, o]]`: the dice count this player rolls there.
    pub choice: Array2<u8>,
    /// `lookup[[o, t]]`: see the module documentation.
    lookup: Array2<f64>,
}

impl Seat {
    /// This player's win probability when it is to move at `(s, o)`.
    pub fn value(&self, s: usize, o: usize) -> f64 {
        self.values[state_index(self.choice.nrows(), s, o)]
    }

    /// Every state's value as an array indexed `[s, o]`.
    pub fn values(&self) -> Array2<f64> {
        let n = self.choice.nrows();
        Array2::from_shape_fn((n, n), |(s, o)| self.value(s, o))
    }
}

/// The result of a sweep: one seat for self-play, two otherwise.
#[derive(Debug, Clone)]
pub struct SweepResult<'r> {
    rules: &'r Rules,
    kernels: Kernels,
    seats: Vec<Seat>,
}

/// Bytes of tables a sweep with `seats` seats needs at goal `goal`.
pub fn memory_needed(goal: u32, seats: usize) -> u64 {
    let n = u64::from(goal);
    let per_seat = 8 * n * n + n * n + 8 * n * (n + ROW_REACH as u64);
    per_seat * seats as u64
}

/// Refuse a sweep whose tables would not fit in the memory available now.
pub fn check_memory(goal: u32, seats: usize) -> Result<(), HogError> {
    let needed = memory_needed(goal, seats);
    let available = available_memory().unwrap_or(u64::MAX);
    if needed > available {
        return Err(HogError::OutOfMemory {
            goal,
            needed_mib: needed >> 20,
            available_mib: available >> 20,
        });
    }
    Ok(())
}

/// `MemAvailable` from `/proc/meminfo`, where there is one.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Sweep the game. With one policy both players use it (self-play: one
/// seat); with two, seat 0 moves at `(s, o)` and then seat 1, and so on.
pub fn sweep<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
) -> SweepResult<'r> {
    sweep_reusing(rules, policies, options, Vec::new())
}

/// [`sweep`], reusing the tables of an earlier result (from
/// [`SweepResult::into_seats`]) when their shapes fit. Every entry the sweep
/// reads it has written first, so old contents never leak into the result;
/// reuse only spares the allocation, which dominates many small sweeps.
pub fn sweep_reusing<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
    mut spare: Vec<Seat>,
) -> SweepResult<'r> {
    assert!(
        matches!(policies.len(), 1 | 2),
        "a sweep has one or two seats"
    );
    let n = rules.size();
    for p in policies {
        if let Policy::Fixed(t) = p {
            assert_eq!(t.goal(), rules.goal(), "the table is for another goal");
        }
    }
    let width = n + ROW_REACH;
    spare.retain(|seat| seat.values.len() == n * n && seat.lookup.dim() == (n, width));
    let seats: Vec<Seat> = policies
        .iter()
        .map(|_| {
            spare.pop().unwrap_or_else(|| Seat {
                values: vec![f64::NAN; n * n],
                choice: Array2::zeros((n, n)),
                lookup: Array2::from_elem((n, width), f64::NAN),
            })
        })
        .collect();
    // Each seat reads its own lookup and writes its own values, and the fill
    // reads the next seat's values: keep the three kinds of table apart so
    // every phase borrows only what it touches.
    let (mut values, mut choices, mut lookups): (Vec<_>, Vec<_>, Vec<_>) = seats
        .into_iter()
        .map(|seat| (seat.values, seat.choice, seat.lookup))
        .collect();
    // Raw scores at or past the goal end the game whatever the rule does;
    // those entries depend on the rules alone, tabulated once per rules.
    let ends = rules.final_landings();
    for lookup in &mut lookups {
        let lookup = flat_mut(lookup);
        for o in 0..n {
            let end_row = &ends[o * LANDING_REACH..o * LANDING_REACH + ROW_REACH];
            lookup[o * width + n..(o + 1) * width].copy_from_slice(end_row);
        }
    }
    let landings = rules.landings();
    let kernels = Kernels::new(rules);
    let context = Context {
        rules,
        kernels: &kernels,
        avx2: has_avx2(),
    };
    let mut diagonals = || {
        let mut buffer: Vec<(f64, u8)> = Vec::with_capacity(n);
        for d in (0..=2 * (n - 1)).rev() {
            // 1. Every state on diagonal d, for every seat.
            let s_range = d.saturating_sub(n - 1)..d.min(n - 1) + 1;
            let (first, states) = (s_range.start, s_range.len());
            for (i, policy) in policies.iter().enumerate() {
                let lookup = &lookups[i];
                buffer.clear();
                buffer.resize(states, (0.0, 0));
                if states >= options.parallel_min_states {
                    buffer
                        .par_chunks_mut(PARALLEL_CHUNK)
                        .enumerate()
                        .for_each(|(c, chunk)| {
                            context.states(lookup, policy, d, first + c * PARALLEL_CHUNK, chunk)
                        });
                } else {
                    context.states(lookup, policy, d, first, &mut buffer);
                }
                let start = state_index(n, first, d - first);
                let choice = flat_mut(&mut choices[i]);
                for ((s, slot), &(v, k)) in
                    s_range.clone().zip(&mut values[i][start..]).zip(&buffer)
                {
                    *slot = v;
                    choice[s * n + d - s] = k;
                }
            }
            // 2. The lookup entries whose raw score and opponent score sum to
            // d: they read values on diagonals >= d only, all known now. One
            // entry per state, against hundreds of multiply-adds per state:
            // this stays on one thread.
            let t_range = d.saturating_sub(n - 1).max(1)..d.min(n - 1) + 1;
            for (i, lookup) in lookups.iter_mut().enumerate() {
                let lookup = flat_mut(lookup);
                let next = &values[(i + 1) % policies.len()];
                for t in t_range.clone() {
                    lookup[(d - t) * width + t] = match landings.landing(t, d - t) {
                        Landing::Win => 1.0,
                        Landing::Lose => 0.0,
                        Landing::Next(index) => 1.0 - next[index],
                    };
                }
            }
            if let Some(progress) = options.progress {
                progress(states as u64);
            }
        }
    };
    // A parallel diagonal started from outside rayon's pool hands every
    // diagonal to a pool thread and sleeps until it is done, which costs more
    // than the diagonal itself. Run the whole sweep on a pool thread instead:
    // it works through each diagonal itself and the other threads join in.
    if n >= options.parallel_min_states {
        rayon::scope(|_| diagonals());
    } else {
        diagonals();
    }
    let seats = values
        .into_iter()
        .zip(choices)
        .zip(lookups)
        .map(|((values, choice), lookup)| Seat {
            values,
            choice,
            lookup,
        })
        .collect();
    SweepResult {
        rules,
        kernels,
        seats,
    }
}

/// A standard-layout array as one mutable slice (the sweep's arrays always are).
fn flat_mut<T>(array: &mut Array2<T>) -> &mut [T] {
    array.as_slice_mut().expect("sweep arrays are contiguous")
}

/// The kernels of both die types, picked per state by the dice rule.
#[derive(Debug, Clone)]
struct Kernels {
    six: Kernel,
    four: Kernel,
}

impl Kernels {
    fn new(rules: &Rules) -> Kernels {
        Kernels {
            six: Kernel::new(rules.dice_with_sides(6)),
            four: Kernel::new(rules.dice_with_sides(4)),
        }
    }

    fn at(&self, rules: &Rules, s: usize, o: usize) -> &Kernel {
        match rules.components().dice.sides(s as u32, o as u32) {
            4 => &self.four,
            _ => &self.six,
        }
    }
}

/// What the sweep reads while computing one diagonal.
struct Context<'a> {
    rules: &'a Rules,
    kernels: &'a Kernels,
    avx2: bool,
}

/// Whether this processor runs the AVX2 build of the kernel.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2") && std::env::var_os("HOG_NO_AVX2").is_none()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl Context<'_> {
    /// The value and the choice of the states `(s, d - s)` for `s` in
    /// `first..first + out.len()`, with AVX2 where the processor has it.
    /// Both paths run the same additions in the same order (no fused
    /// multiply-add), so they give the same bits. A whole run of states per
    /// call keeps the dispatch out of the per-state cost.
    fn states(
        &self,
        lookup: &Array2<f64>,
        policy: &Policy<'_>,
        d: usize,
        first: usize,
        out: &mut [(f64, u8)],
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when the processor reports AVX2.
            return unsafe { self.states_avx2(lookup, policy, d, first, out) };
        }
        self.states_inline::<false>(lookup, policy, d, first, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn states_avx2(
        &self,
        lookup: &Array2<f64>,
        policy: &Policy<'_>,
        d: usize,
        first: usize,
        out: &mut [(f64, u8)],
    ) {
        self.states_inline::<true>(lookup, policy, d, first, out)
    }

    #[inline(always)]
    fn states_inline<const AVX2: bool>(
        &self,
        lookup: &Array2<f64>,
        policy: &Policy<'_>,
        d: usize,
        first: usize,
        out: &mut [(f64, u8)],
    ) {
        for (slot, s) in out.iter_mut().zip(first..) {
            *slot = self.state_value_inline::<AVX2>(lookup, policy, s, d - s);
        }
    }

    #[inline(always)]
    fn state_value_inline<const AVX2: bool>(
        &self,
        lookup: &Array2<f64>,
        policy: &Policy<'_>,
        s: usize,
        o: usize,
    ) -> (f64, u8) {
        match policy {
            Policy::Fixed(table) => {
                let k = table.get(s as u32, o as u32);
                (self.choice_value::<AVX2>(lookup, s, o, k as usize), k)
            }
            Policy::Best => best_choice(&self.choice_values::<AVX2>(lookup, s, o)),
        }
    }

    /// The win probability of each dice count at one state, given a seat's lookup.
    #[inline(always)]
    fn choice_values<const AVX2: bool>(
        &self,
        lookup: &Array2<f64>,
        s: usize,
        o: usize,
    ) -> [f64; MAX_DICE + 1] {
        let row = lookup_row(lookup, o, s);
        let mut values = [0.0; MAX_DICE + 1];
        values[0] = row[self.rules.zero_dice_points(s as u32, o as u32) as usize];
        let kernel = self.kernels.at(self.rules, s, o);
        #[cfg(target_arch = "x86_64")]
        if AVX2 {
            // SAFETY: AVX2 is true only inside `state_value_avx2`.
            unsafe { kernel.roll_all_avx2(row, &mut values) };
            return values;
        }
        kernel.roll_all(row, &mut values);
        values
    }

    /// The win probability of one dice count at one state.
    #[inline(always)]
    fn choice_value<const AVX2: bool>(
        &self,
        lookup: &Array2<f64>,
        s: usize,
        o: usize,
        k: usize,
    ) -> f64 {
        let row = lookup_row(lookup, o, s);
        if k == 0 {
            return row[self.rules.zero_dice_points(s as u32, o as u32) as usize];
        }
        let kernel = self.kernels.at(self.rules, s, o);
        #[cfg(target_arch = "x86_64")]
        if AVX2 {
            // SAFETY: AVX2 is true only inside `state_value_avx2`.
            return unsafe { kernel.roll_avx2(k, row) };
        }
        kernel.roll(k, row)
    }
}

/// `lookup[o][s..]`: entry `p` is the outcome of scoring `p` points.
fn lookup_row(lookup: &Array2<f64>, o: usize, s: usize) -> &[f64] {
    let width = lookup.ncols();
    let all = lookup.as_slice().expect("lookup tables are contiguous");
    &all[o * width + s..(o + 1) * width]
}

#[inline(always)]
/// The highest value, ties (within [`TIE_TOLERANCE`]) to the fewest dice.
pub fn best_choice(values: &[f64; MAX_DICE + 1]) -> (f64, u8) {
    let mut best = values[0];
    for &v in &values[1..] {
        if v > best {
            best = v;
        }
    }
    let k = values
        .iter()
        .position(|&v| v >= best - TIE_TOLERANCE)
        .unwrap_or(0);
    (values[k], k as u8)
}

impl<'r> SweepResult<'r> {
    /// The rules the sweep used.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// One seat's tables (0: the player who moves at `(0, 0)` when it starts).
    pub fn seat(&self, i: usize) -> &Seat {
        &self.seats[i]
    }

    /// The win probability of every dice count for seat `i` at `(s, o)`,
    /// with play afterwards as in the sweep.
    pub fn choice_values(&self, i: usize, s: u32, o: u32) -> [f64; MAX_DICE + 1] {
        let context = Context {
            rules: self.rules,
            kernels: &self.kernels,
            avx2: false,
        };
        context.choice_values::<false>(&self.seats[i].lookup, s as usize, o as usize)
    }

    /// The seats' tables, for [`sweep_reusing`].
    pub fn into_seats(self) -> Vec<Seat> {
        self.seats
    }

    /// Seat `i`'s choices as a strategy table.
    pub fn table(&self, i: usize) -> StrategyTable {
        StrategyTable::from_array(self.seats[i].choice.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_fewest_dice() {
        let mut values = [0.25; MAX_DICE + 1];
        values[3] = 0.5;
        values[7] = 0.5 + 0.5e-12;
        assert_eq!(best_choice(&values), (0.5, 3));
        values[7] = 0.5 + 2e-12;
        assert_eq!(best_choice(&values), (0.5 + 2e-12, 7));
    }
}
