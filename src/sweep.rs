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
use crate::kernel::{Kernel, ROW_REACH};
use crate::rules::{
    diagonal_scores, state_index, Landing, Reach, Rules, StateLookups, LANDING_REACH,
};
use crate::strategy::StrategyTable;

// The lookup rows the kernel reads must be covered by the landing table.
const _: () = assert!(ROW_REACH <= LANDING_REACH);

/// Choices whose win probabilities are this close to the best count as tied;
/// ties go to the fewest dice so the exported table is reproducible.
pub const TIE_TOLERANCE: f64 = 1e-12;

/// Diagonals with fewer states than this are computed on the calling thread:
/// below it rayon's fork-join costs more than it saves (see the
/// `parallel_min_states` benchmark and the README).
pub const DEFAULT_PARALLEL_MIN_STATES: usize = 256;

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
    /// The dice count this player rolls at every state, in the same order.
    choices: Vec<u8>,
    /// `lookup[[o, t]]`: see the module documentation.
    lookup: Array2<f64>,
}

impl Seat {
    /// The goal: states are `(s, o)` with both below it.
    fn size(&self) -> usize {
        self.lookup.nrows()
    }

    /// This player's win probability when it is to move at `(s, o)`.
    pub fn value(&self, s: usize, o: usize) -> f64 {
        self.values[state_index(self.size(), s, o)]
    }

    /// The dice count this player rolls at `(s, o)`.
    pub fn choice(&self, s: usize, o: usize) -> u8 {
        self.choices[state_index(self.size(), s, o)]
    }

    /// Every state's value as an array indexed `[s, o]`.
    pub fn values(&self) -> Array2<f64> {
        row_major_order(&self.values, self.size())
    }

    /// Every state's choice as an array indexed `[s, o]`.
    pub fn choices(&self) -> Array2<u8> {
        row_major_order(&self.choices, self.size())
    }
}

/// The result of a sweep: one seat for self-play, two otherwise.
#[derive(Debug, Clone)]
pub struct SweepResult<'r> {
    rules: &'r Rules,
    kernels: Kernels,
    seats: Vec<Seat>,
    /// Whether the sweep ran the AVX2 kernel: later questions use it too.
    avx2: bool,
}

/// Sweep the game. With one policy both players use it (self-play: one
/// seat); with two, seat 0 moves at `(s, o)` and then seat 1, and so on.
pub fn sweep<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
) -> SweepResult<'r> {
    run(rules, policies, options, Vec::new(), None)
}

/// Sweep two fixed tables, `a` moving first at `(0, 0)` in seat 0, for
/// their win probabilities at the start only: values and choices are
/// computed at the states some game reaches from `(0, 0)` (see
/// [`Rules::reach`]), and the other states keep whatever they held.
///
/// The tables of an earlier result (from [`SweepResult::into_seats`]) are
/// reused when their shapes fit: reuse only spares the allocation, which
/// dominates many small evaluations, and every entry the evaluation reads
/// it has written first, so old contents never leak into the result.
pub fn evaluate_reusing<'r>(
    rules: &'r Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    options: &SweepOptions<'_>,
    spare: Vec<Seat>,
) -> SweepResult<'r> {
    let policies = [Policy::Fixed(a), Policy::Fixed(b)];
    run(rules, &policies, options, spare, rules.reach())
}

/// The sweep, over every state or over the reachable ones only.
fn run<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
    mut spare: Vec<Seat>,
    reach: Option<&Reach>,
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
                choices: vec![0; n * n],
                lookup: Array2::from_elem((n, width), f64::NAN),
            })
        })
        .collect();
    // Each seat reads its own lookup and writes its own values, and the fill
    // reads the next seat's values: keep the three kinds of table apart so
    // every phase borrows only what it touches.
    let (mut values, mut choices, mut lookups): (Vec<_>, Vec<_>, Vec<_>) = seats
        .into_iter()
        .map(|seat| (seat.values, seat.choices, seat.lookup))
        .collect();
    // A fixed seat's choices are its table, read in the sweep's order.
    for (policy, choices) in policies.iter().zip(&mut choices) {
        if let Policy::Fixed(table) = policy {
            diagonal_order(table.as_array(), choices);
        }
    }
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
    let kernels = Kernels::new(rules);
    let context = Context {
        tables: rules.state_table(),
        avx2: has_avx2(),
    };
    let mut diagonals = || {
        for d in (0..=2 * (n - 1)).rev() {
            // 1. Every state on diagonal d, for every seat: one contiguous
            // stretch of each seat's values and choices.
            let scores = diagonal_scores(n, d);
            let (first, states) = (scores.start, scores.len());
            let start = state_index(n, first, d - first);
            let kernel = kernels.at_sum(rules, d);
            for (i, policy) in policies.iter().enumerate() {
                let lookup = flat(&lookups[i]);
                let best = matches!(policy, Policy::Best);
                let run = Run {
                    lookup,
                    width,
                    kernel,
                    best,
                    d,
                };
                let values = &mut values[i][start..start + states];
                let choices = &mut choices[i][start..start + states];
                if let Some(reach) = reach {
                    // The reachable states, on one thread: their offsets do not
                    // cut into disjoint slices, and up to the tabulated goals
                    // one thread beats the split full sweep (see the README).
                    let only = Visit::Only(reach.diagonal(d));
                    context.states(&run, (first, start), only, values, choices);
                } else if states >= options.parallel_min_states {
                    values
                        .par_chunks_mut(PARALLEL_CHUNK)
                        .zip(choices.par_chunks_mut(PARALLEL_CHUNK))
                        .enumerate()
                        .for_each(|(c, (values, choices))| {
                            let skip = c * PARALLEL_CHUNK;
                            let at = (first + skip, start + skip);
                            context.states(&run, at, Visit::All, values, choices)
                        });
                } else {
                    context.states(&run, (first, start), Visit::All, values, choices);
                }
            }
            // 2. The lookup entries whose raw score and opponent score sum to
            // d: they read values on diagonals >= d only, all known now. One
            // entry per state, against hundreds of multiply-adds per state:
            // this stays on one thread.
            let fill = Fill::on_diagonal(n, d, reach);
            for (i, lookup) in lookups.iter_mut().enumerate() {
                let next = &values[(i + 1) % policies.len()];
                fill.write(flat_mut(lookup), width, &context.tables, next);
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
        .map(|((values, choices), lookup)| Seat {
            values,
            choices,
            lookup,
        })
        .collect();
    SweepResult {
        rules,
        kernels,
        seats,
        avx2: context.avx2,
    }
}

/// The lookup entries `(o, t)` with `o + t = d` that a diagonal's fill
/// writes: raw scores `t >= 1` (0 never follows a turn), both below the goal.
struct Fill<'a> {
    d: usize,
    /// The lowest raw score, and the [`state_index`] of `(t_first, d - t_first)`:
    /// the entries follow each other in the state table from there.
    t_first: usize,
    index: usize,
    rows: Rows<'a>,
}

/// The opponent scores whose rows a fill writes.
enum Rows<'a> {
    All(std::ops::Range<usize>),
    /// Only reachable states read the lookup: the rows of scores no game
    /// reaches are skipped.
    Some(&'a [usize]),
}

impl Fill<'_> {
    fn on_diagonal(n: usize, d: usize, reach: Option<&Reach>) -> Fill<'_> {
        let t_range = diagonal_scores(n, d);
        let t_first = t_range.start.max(1);
        let o_range = d + 1 - t_range.end..d + 1 - t_first;
        let rows = match reach {
            Some(reach) => {
                let all = reach.opponents();
                let lo = all.partition_point(|&o| o < o_range.start);
                let hi = all.partition_point(|&o| o < o_range.end);
                Rows::Some(&all[lo..hi])
            }
            None => Rows::All(o_range),
        };
        Fill {
            d,
            t_first,
            index: state_index(n, t_first, d - t_first),
            rows,
        }
    }

    /// Write one seat's entries: the mover's win probability after landing,
    /// from the next seat's values `next`.
    #[inline(always)]
    fn write(&self, lookup: &mut [f64], width: usize, tables: &StateLookups<'_>, next: &[f64]) {
        let mut fill = |o: usize| {
            let t = self.d - o;
            let index = self.index + t - self.t_first;
            lookup[o * width + t] = match tables.landing(index, t, o) {
                Landing::Win => 1.0,
                Landing::Lose => 0.0,
                Landing::Next(index) => 1.0 - next[index],
            };
        };
        // Rising raw scores, as the entries lie in the state table.
        match &self.rows {
            Rows::All(range) => range.clone().rev().for_each(&mut fill),
            Rows::Some(list) => list.iter().rev().for_each(|&o| fill(o)),
        }
    }
}

/// Copy `table[[s, o]]` into `out` in the order of [`state_index`].
fn diagonal_order(table: &Array2<u8>, out: &mut [u8]) {
    let n = table.nrows();
    let Some(flat) = table.as_slice() else {
        let standard = table.as_standard_layout();
        return diagonal_order(&standard.to_owned(), out);
    };
    let mut rest = out;
    for (start, states) in row_major_diagonals(n) {
        let (slots, tail) = rest.split_at_mut(states);
        let strided = flat[start..].iter().step_by(row_major_step(n));
        for (slot, &k) in slots.iter_mut().zip(strided) {
            *slot = k;
        }
        rest = tail;
    }
}

/// The inverse of [`diagonal_order`]: an array indexed `[s, o]`.
fn row_major_order<T: Copy + Default>(by_diagonal: &[T], n: usize) -> Array2<T> {
    let mut out = Array2::from_elem((n, n), T::default());
    let flat = flat_mut(&mut out);
    let mut rest = by_diagonal;
    for (start, states) in row_major_diagonals(n) {
        let (values, tail) = rest.split_at(states);
        let strided = flat[start..].iter_mut().step_by(row_major_step(n));
        for (slot, &v) in strided.zip(values) {
            *slot = v;
        }
        rest = tail;
    }
    out
}

/// Where each diagonal of a row-major `n x n` array starts, and how many
/// states it holds: `(s, d - s)` sits at `d + s * (n - 1)`.
fn row_major_diagonals(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..2 * n - 1).map(move |d| {
        let scores = diagonal_scores(n, d);
        (d + scores.start * (n - 1), scores.len())
    })
}

/// The distance between neighbours on a diagonal of a row-major `n x n`
/// array (any step will do for `n = 1`: its one diagonal has one state).
fn row_major_step(n: usize) -> usize {
    (n - 1).max(1)
}

/// A standard-layout array as one slice (the sweep's arrays always are).
fn flat<T>(array: &Array2<T>) -> &[T] {
    array.as_slice().expect("sweep arrays are contiguous")
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

    /// The kernel of the states whose scores sum to `sum`.
    fn at_sum(&self, rules: &Rules, sum: usize) -> &Kernel {
        match rules.components().dice.sides_at_sum(sum as u32) {
            4 => &self.four,
            _ => &self.six,
        }
    }
}

/// What the sweep reads while computing any diagonal.
struct Context<'a> {
    tables: StateLookups<'a>,
    avx2: bool,
}

/// One seat on one diagonal `d`.
struct Run<'a> {
    /// The seat's lookup table, flat, rows of `width` entries.
    lookup: &'a [f64],
    width: usize,
    /// The dice of this diagonal.
    kernel: &'a Kernel,
    /// Whether the seat picks the best count (else it reads its choices).
    best: bool,
    d: usize,
}

impl Run<'_> {
    #[inline(always)]
    fn row(&self, s: usize, o: usize) -> &[f64] {
        lookup_row(self.lookup, self.width, s, o)
    }
}

/// `lookup[o][s..]` of a flat lookup with rows of `width` entries: entry `p`
/// is the outcome of scoring `p` points at `(s, o)`.
#[inline(always)]
fn lookup_row(lookup: &[f64], width: usize, s: usize, o: usize) -> &[f64] {
    &lookup[o * width + s..(o + 1) * width]
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

/// Which states of a stretch of a diagonal a sweep computes.
#[derive(Clone, Copy)]
enum Visit<'a> {
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
    fn states(
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
    unsafe fn states_avx2(
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
    fn states_inline<const AVX2: bool>(
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
    fn state<const AVX2: bool>(
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

/// The win probability of each dice count at one state, from the state's
/// lookup row and its zero-dice points.
#[inline(always)]
fn choice_values<const AVX2: bool>(
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
unsafe fn choice_values_avx2(kernel: &Kernel, row: &[f64], zero: usize) -> [f64; MAX_DICE + 1] {
    choice_values::<true>(kernel, row, zero)
}

/// The win probability of rolling `k` dice at one state.
#[inline(always)]
fn choice_value<const AVX2: bool>(
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
        let lookup = &self.seats[i].lookup;
        let (s, o) = (s as usize, o as usize);
        let row = lookup_row(flat(lookup), lookup.ncols(), s, o);
        let kernel = self.kernels.at_sum(self.rules, s + o);
        let zero = self.rules.zero_dice_points(s as u32, o as u32) as usize;
        // Exporting win_probabilities.csv asks this of every state: the
        // sweep's own kernel is several times faster than the portable one.
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when the processor reports AVX2.
            return unsafe { choice_values_avx2(kernel, row, zero) };
        }
        choice_values::<false>(kernel, row, zero)
    }

    /// The number of seats: 1 for self-play, 2 otherwise.
    pub fn seats(&self) -> usize {
        self.seats.len()
    }

    /// The seats' tables, for [`evaluate_reusing`].
    pub fn into_seats(self) -> Vec<Seat> {
        self.seats
    }

    /// Seat `i`'s choices as a strategy table.
    pub fn table(&self, i: usize) -> StrategyTable {
        StrategyTable::from_array(self.seats[i].choices())
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

    #[test]
    fn tables_are_read_diagonal_by_diagonal() {
        for n in [1usize, 2, 5] {
            let table = Array2::from_shape_fn((n, n), |(s, o)| (s * n + o) as u8);
            // The same table stored column by column.
            let columns = table.t().as_standard_layout().t().to_owned();
            assert!(n == 1 || columns.as_slice().is_none());
            for layout in [table.clone(), columns] {
                let mut out = vec![0; n * n];
                diagonal_order(&layout, &mut out);
                for s in 0..n {
                    for o in 0..n {
                        assert_eq!(out[state_index(n, s, o)], table[[s, o]]);
                    }
                }
                assert_eq!(row_major_order(&out, n), table);
            }
        }
    }

    /// An evaluation visits only the reachable states, and its values at the
    /// start are the full sweep's, bit for bit: fresh tables (NaN until
    /// written) would poison the start if it read any state it skipped.
    #[test]
    fn evaluations_skip_unreachable_states_and_agree_with_full_sweeps() {
        use crate::rules::{Components, DiceRule, Preset};
        let wild = Components {
            dice: DiceRule::HogWild,
            ..Preset::Fa24.components()
        };
        let mut all: Vec<Rules> = Preset::ALL.map(|p| Rules::preset(p, 100).unwrap()).into();
        all.push(Rules::new(Preset::Fa24, wild, 100).unwrap());
        all.push(Rules::preset(Preset::Fa24, 7).unwrap());
        for rules in &all {
            let n = rules.goal();
            let mut tables: Vec<StrategyTable> =
                (0..=10).map(|k| StrategyTable::constant(n, k)).collect();
            tables.push(StrategyTable::from_fn(n, |s, o| {
                ((s * 7 + o * 3) % 11) as u8
            }));
            tables.push(StrategyTable::from_fn(n, |s, o| ((s ^ o) % 11) as u8));
            for a in &tables {
                for b in tables.iter().step_by(3) {
                    let options = SweepOptions::default();
                    let full = sweep(rules, &[Policy::Fixed(a), Policy::Fixed(b)], &options);
                    let quick = evaluate_reusing(rules, a, b, &options, Vec::new());
                    for i in 0..2 {
                        let (x, y) = (full.seat(i).value(0, 0), quick.seat(i).value(0, 0));
                        assert_eq!(x.to_bits(), y.to_bits(), "{}: {x} vs {y}", rules.name());
                    }
                }
            }
        }
        // Sus Fuss keeps about a third of the scores from ever standing.
        let fa24 = Rules::preset(Preset::Fa24, 100).unwrap();
        let reach = fa24.reach().unwrap();
        assert!((3000..5000).contains(&reach.len()), "{}", reach.len());
    }

    /// Goals too large for the state table compute landings and zero-dice
    /// points as they go: the same values, bit for bit.
    #[test]
    fn untabulated_rules_sweep_the_same() {
        use crate::rules::{Components, DiceRule, Preset};
        let wild = Components {
            dice: DiceRule::HogWild,
            ..Preset::DoubleSwap.components()
        };
        let mut all = Preset::ALL.map(|p| Rules::preset(p, 60).unwrap()).to_vec();
        all.push(Rules::new(Preset::DoubleSwap, wild, 60).unwrap());
        for tabulated in all {
            let plain = tabulated.clone().untabulated();
            let table = StrategyTable::from_fn(60, |s, o| ((s * 7 + o * 3) % 11) as u8);
            for policies in [
                &[Policy::Best][..],
                &[Policy::Best, Policy::Fixed(&table)],
                &[Policy::Fixed(&table), Policy::Fixed(&table)],
            ] {
                let options = SweepOptions::default();
                let a = sweep(&tabulated, policies, &options);
                let b = sweep(&plain, policies, &options);
                for i in 0..policies.len() {
                    let (a, b) = (a.seat(i), b.seat(i));
                    assert_eq!(
                        a.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
                        b.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
                    );
                    assert_eq!(a.choices, b.choices);
                }
            }
        }
    }
}
