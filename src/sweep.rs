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
//! applied. Folding the rule into this table makes the value of rolling `k`
//! dice a function of one row of it, whatever the rule set: a seat that
//! picks the best count gets all ten from the recurrence of
//! `src/recurrence.rs` (about 70 operations a state); a seat that follows
//! a table needs one count, one dot product of the dice distribution with
//! `lookup[o][s + 2k ..]` (see [`crate::kernel`]).

use std::ops::Range;

use ndarray::Array2;
use rayon::prelude::*;

use crate::dice::MAX_DICE;
use crate::kernel::{Kernel, ROW_REACH};
use crate::recurrence::{self, Dice, Ring, Rolls};
use crate::rules::{
    diagonal_scores, outcome_index, state_index, Landing, Reach, Rules, StateLookups, LANDING_REACH,
};
use crate::strategy::StrategyTable;

// The lookup rows the kernel reads must be covered by the landing table,
// and so must the recurrence's: `A_10(s)` reads up to `s + 60`.
const _: () = assert!(ROW_REACH <= LANDING_REACH);
const _: () = assert!(recurrence::MAX_SIDES * MAX_DICE < ROW_REACH);

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

/// How a seat that picks the best count gets the value of every count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The recurrence of `src/recurrence.rs`: about 70 operations a state.
    #[default]
    Recurrence,
    /// Ten dot products of the distributions with the lookup row (240
    /// multiply-adds a state): the engine before the recurrence, kept as its
    /// cross-check. Values agree with the recurrence's within 1e-15.
    DotProducts,
}

/// Knobs for a sweep that do not change its result (beyond rounding, for
/// [`Method`]).
pub struct SweepOptions<'a> {
    /// Smallest diagonal that is split across rayon's threads.
    pub parallel_min_states: usize,
    /// Called after each diagonal with the number of states it held.
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
    /// How a best seat values its choices.
    pub method: Method,
}

impl Default for SweepOptions<'_> {
    fn default() -> Self {
        SweepOptions {
            parallel_min_states: DEFAULT_PARALLEL_MIN_STATES,
            progress: None,
            method: Method::default(),
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
    /// The mover's outcome of landing on each raw score.
    outcomes: Outcomes,
    /// The goal: states are `(s, o)` with both below it.
    n: usize,
}

/// Where a seat keeps `lookup[o][t]` (see the module documentation).
#[derive(Debug, Clone)]
enum Outcomes {
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
    fn size(&self) -> usize {
        self.n
    }

    /// Whether the values came from the recurrence (a best seat), so that
    /// [`SweepResult::choice_values`] recomputes the same bits.
    fn recurrence(&self) -> bool {
        matches!(self.outcomes, Outcomes::Diagonal(_))
    }

    /// `lookup[o][t]` for `t` in `from..to`, as a row indexed by `t` (the
    /// entries before `from` are zero).
    fn outcome_row(&self, o: usize, from: usize, to: usize) -> Vec<f64> {
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
    dice: Dice,
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
    let recurrence: Vec<bool> = policies
        .iter()
        .map(|p| matches!(p, Policy::Best) && options.method == Method::Recurrence)
        .collect();
    // Raw scores at or past the goal end the game whatever the rule does;
    // those entries depend on the rules alone, tabulated once per rules.
    let ends = rules.final_landings();
    spare.retain(|seat| {
        seat.values.len() == n * n
            && matches!(&seat.outcomes, Outcomes::Rows(lookup) if lookup.dim() == (n, width))
    });
    let seats: Vec<Seat> = recurrence
        .iter()
        .map(|&recurrence| {
            if recurrence {
                let mut outcomes = vec![f64::NAN; n * n];
                outcomes.extend_from_slice(&ends[..n * LANDING_REACH]);
                return Seat {
                    values: vec![f64::NAN; n * n],
                    choices: vec![0; n * n],
                    outcomes: Outcomes::Diagonal(outcomes),
                    n,
                };
            }
            spare.pop().unwrap_or_else(|| Seat {
                values: vec![f64::NAN; n * n],
                choices: vec![0; n * n],
                outcomes: Outcomes::Rows(Array2::from_elem((n, width), f64::NAN)),
                n,
            })
        })
        .collect();
    // Each seat reads its own lookup and writes its own values, and the fill
    // reads the next seat's values: keep the three kinds of table apart so
    // every phase borrows only what it touches.
    let (mut values, mut choices, mut lookups): (Vec<_>, Vec<_>, Vec<_>) = seats
        .into_iter()
        .map(|seat| (seat.values, seat.choices, seat.outcomes))
        .collect();
    // A fixed seat's choices are its table, read in the sweep's order.
    for (policy, choices) in policies.iter().zip(&mut choices) {
        if let Policy::Fixed(table) = policy {
            diagonal_order(table.as_array(), choices);
        }
    }
    for lookup in &mut lookups {
        let Outcomes::Rows(lookup) = lookup else {
            continue;
        };
        let lookup = flat_mut(lookup);
        for o in 0..n {
            let end_row = &ends[o * LANDING_REACH..o * LANDING_REACH + ROW_REACH];
            lookup[o * width + n..(o + 1) * width].copy_from_slice(end_row);
        }
    }
    let kernels = Kernels::new(rules);
    // The recurrence's ring of diagonals, for each seat that uses it, and
    // the records past the goal it starts every diagonal with: the six
    // diagonals above the last state's hold nothing else.
    let ends = recurrence.contains(&true).then(|| &rules.recurrence().1);
    let dice = rules.recurrence().0;
    let mut rings: Vec<Option<Ring>> = recurrence
        .iter()
        .map(|&r| r.then(|| Ring::new(&dice, n)))
        .collect();
    if let Some(ends) = ends {
        for ring in rings.iter_mut().flatten() {
            for d in (2 * n - 1..2 * n - 1 + recurrence::MAX_SIDES).rev() {
                ring.open(d, ends);
            }
        }
    }
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
                let (lookup, outcomes): (&[f64], &[f64]) = match &lookups[i] {
                    Outcomes::Rows(lookup) => (flat(lookup), &[]),
                    Outcomes::Diagonal(outcomes) => (&[], outcomes),
                };
                let best = matches!(policy, Policy::Best);
                let run = Run {
                    lookup,
                    outcomes,
                    width,
                    kernel,
                    sides: kernels.sides_at_sum(rules, d),
                    best,
                    d,
                };
                let values = &mut values[i][start..start + states];
                let choices = &mut choices[i][start..start + states];
                if let (Some(ring), Some(ends)) = (&mut rings[i], ends) {
                    ring.open(d, ends);
                    let record = ring.record();
                    let (current, ahead) = ring.split(d);
                    let current = &mut current[first * record..(first + states) * record];
                    let levels = Levels {
                        dice: &dice,
                        ahead,
                        record,
                    };
                    if states >= options.parallel_min_states {
                        values
                            .par_chunks_mut(PARALLEL_CHUNK)
                            .zip(choices.par_chunks_mut(PARALLEL_CHUNK))
                            .zip(current.par_chunks_mut(PARALLEL_CHUNK * record))
                            .enumerate()
                            .for_each(|(c, ((values, choices), current))| {
                                let skip = c * PARALLEL_CHUNK;
                                let at = (first + skip, start + skip);
                                context.levels(&run, &levels, at, values, choices, current)
                            });
                    } else {
                        let at = (first, start);
                        context.levels(&run, &levels, at, values, choices, current);
                    }
                } else if let Some(reach) = reach {
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
            for (i, (lookup, ring)) in lookups.iter_mut().zip(&mut rings).enumerate() {
                let next = &values[(i + 1) % policies.len()];
                let target = match (lookup, ring) {
                    (Outcomes::Rows(lookup), _) => Target::Rows(flat_mut(lookup), width),
                    (Outcomes::Diagonal(outcomes), Some(ring)) => {
                        Target::Diagonal(outcomes, ring.outcomes(d))
                    }
                    (Outcomes::Diagonal(_), None) => unreachable!("recurrence seats have rings"),
                };
                fill.write(target, &context.tables, next);
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
        .map(|((values, choices), outcomes)| Seat {
            values,
            choices,
            outcomes,
            n,
        })
        .collect();
    SweepResult {
        rules,
        kernels,
        dice,
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
    /// from the next seat's values `next`. The target is matched once, not
    /// per entry: a match inside the loop cost an evaluation 10%.
    #[inline(always)]
    fn write(&self, target: Target<'_>, tables: &StateLookups<'_>, next: &[f64]) {
        match target {
            Target::Rows(lookup, width) => {
                self.each(tables, next, |o, t, _, value| lookup[o * width + t] = value)
            }
            Target::Diagonal(outcomes, mut ring) => {
                self.each(tables, next, |_, t, index, value| {
                    outcomes[index] = value;
                    ring.set(t, value);
                })
            }
        }
    }

    /// `put(o, t, index, value)` for every entry, in rising raw scores as
    /// the entries lie in the state table. Two loops around one inlined
    /// body: a shared closure was called, not inlined, and the call cost
    /// more than the entry.
    #[inline(always)]
    fn each(
        &self,
        tables: &StateLookups<'_>,
        next: &[f64],
        mut put: impl FnMut(usize, usize, usize, f64),
    ) {
        let mut entry = |o: usize| {
            let t = self.d - o;
            let index = self.index + t - self.t_first;
            let value = match tables.landing(index, t, o) {
                Landing::Win => 1.0,
                Landing::Lose => 0.0,
                Landing::Next(index) => 1.0 - next[index],
            };
            put(o, t, index, value);
        };
        match &self.rows {
            Rows::All(range) => {
                for o in range.clone().rev() {
                    entry(o);
                }
            }
            Rows::Some(list) => {
                for &o in list.iter().rev() {
                    entry(o);
                }
            }
        }
    }
}

/// Where a fill writes one seat's entries (see [`Outcomes`]).
enum Target<'a> {
    /// Rows of `width` entries.
    Rows(&'a mut [f64], usize),
    /// The entries in state order, and the ring's level 0.
    Diagonal(&'a mut [f64], recurrence::Outcomes<'a>),
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
        match self.sides_at_sum(rules, sum) {
            4 => &self.four,
            _ => &self.six,
        }
    }

    /// Faces per die on the diagonal `sum`.
    fn sides_at_sum(&self, rules: &Rules, sum: usize) -> u32 {
        rules.components().dice.sides_at_sum(sum as u32)
    }
}

/// What the sweep reads while computing any diagonal.
struct Context<'a> {
    tables: StateLookups<'a>,
    avx2: bool,
}

/// One seat on one diagonal `d`.
struct Run<'a> {
    /// The seat's lookup table, flat, rows of `width` entries (a fixed seat).
    lookup: &'a [f64],
    /// The seat's [`Outcomes::Diagonal`] (a recurrence seat).
    outcomes: &'a [f64],
    width: usize,
    /// The dice of this diagonal.
    kernel: &'a Kernel,
    sides: u32,
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

/// What a recurrence seat reads on one diagonal: the records of the six
/// diagonals after it (`ahead[j - 1]` is diagonal `d + j`).
struct Levels<'a> {
    dice: &'a Dice,
    ahead: [&'a [f64]; recurrence::MAX_SIDES],
    record: usize,
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

impl Context<'_> {
    /// A best seat's states `(s, d - s)` for `s` in `first..first +
    /// values.len()` by the recurrence: their values and choices, and their
    /// records in `current` (one per state). AVX2 where the processor has
    /// it; the same additions in the same order either way.
    fn levels(
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
    unsafe fn levels_avx2(
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
    fn levels_inline<const AVX2: bool>(
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
    fn levels_of<const R: usize, const AVX2: bool>(
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

/// [`best_choice`] of the zero-dice value and the rolls, with AVX2
/// compares inside functions compiled for it: a choice among the same
/// values, so the same result. The rolls stay in the vectors the
/// recurrence made them in (an array of eleven would go through memory).
#[inline(always)]
fn best_of<const AVX2: bool>(zero: f64, rolls: &Rolls) -> (f64, u8) {
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
unsafe fn best_of_avx2(zero: f64, rolls: &Rolls) -> (f64, u8) {
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
    fn recurrence_block(
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

    /// The AVX2 choice is the portable one on every kind of tie and on
    /// random values.
    #[test]
    fn best_choices_agree_with_and_without_avx2() {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            let mut state = 0x9e3779b97f4a7c15u64;
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            for case in 0..200_000 {
                let mut values: [f64; MAX_DICE + 1] =
                    std::array::from_fn(|_| (next() % 1000) as f64 / 999.0);
                // Ties at the top, within and just outside the tolerance.
                let top = (next() % 11) as usize;
                let other = (next() % 11) as usize;
                values[top] = 1.0;
                values[other] = 1.0 - [0.0, 0.5e-12, 1e-12, 1.5e-12][case % 4];
                let rolls = std::array::from_fn(|i| values[(i + 1).min(MAX_DICE)]);
                // SAFETY: AVX2 was detected just above.
                let fast = unsafe { best_of_avx2(values[0], &rolls) };
                let portable = best_choice(&values);
                assert_eq!(
                    (fast.0.to_bits(), fast.1),
                    (portable.0.to_bits(), portable.1)
                );
            }
        }
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

    /// Every rule set of the tests: the presets and Hog Wild on two of them.
    fn every_rule_set(goal: u32) -> Vec<Rules> {
        use crate::rules::{Components, DiceRule, Preset};
        let mut all = Preset::ALL
            .map(|p| Rules::preset(p, goal).unwrap())
            .to_vec();
        for preset in [Preset::Fa24, Preset::DoubleSwap] {
            let wild = Components {
                dice: DiceRule::HogWild,
                ..preset.components()
            };
            all.push(Rules::new(preset, wild, goal).unwrap());
        }
        all
    }

    /// The recurrence against the ten dot products it replaced: every value
    /// within 1e-12 (they differ in rounding only), and every choice the
    /// same unless the two choices are tied within [`TIE_TOLERANCE`].
    #[test]
    fn the_recurrence_matches_the_dot_products() {
        let mut ties = 0;
        for goal in [1, 2, 7, 100, 301] {
            for rules in every_rule_set(goal) {
                let table = StrategyTable::from_fn(goal, |s, o| ((s * 7 + o * 3) % 11) as u8);
                for policies in [&[Policy::Best][..], &[Policy::Best, Policy::Fixed(&table)]] {
                    let new = sweep(&rules, policies, &SweepOptions::default());
                    let old_options = SweepOptions {
                        method: Method::DotProducts,
                        ..SweepOptions::default()
                    };
                    let old = sweep(&rules, policies, &old_options);
                    let n = goal as usize;
                    for s in 0..n {
                        for o in 0..n {
                            let at = format!("{} goal {goal} ({s}, {o})", rules.name());
                            let (a, b) = (new.seat(0), old.seat(0));
                            let diff = (a.value(s, o) - b.value(s, o)).abs();
                            assert!(diff < 1e-12, "{at}: {diff}");
                            let (x, y) = (a.choice(s, o), b.choice(s, o));
                            if x != y {
                                let old_values = old.choice_values(0, s as u32, o as u32);
                                let gap = old_values[x as usize] - old_values[y as usize];
                                assert!(gap.abs() < 2.0 * TIE_TOLERANCE, "{at}: {x} vs {y}");
                                ties += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(ties < 10, "{ties} choices differ");
    }

    /// What the sweep chose from is what `choice_values` and its block form
    /// give afterwards, bit for bit, for best and fixed seats.
    #[test]
    fn choice_values_are_the_sweeps_own() {
        for goal in [1, 5, 100] {
            for rules in every_rule_set(goal) {
                let table = StrategyTable::from_fn(goal, |s, o| ((s ^ o) % 11) as u8);
                for policies in [&[Policy::Best][..], &[Policy::Fixed(&table), Policy::Best]] {
                    let result = sweep(&rules, policies, &SweepOptions::default());
                    for (i, policy) in policies.iter().enumerate() {
                        let seat = result.seat(i);
                        let block = result.choice_values_block(i, 0..goal);
                        let n = goal as usize;
                        for s in 0..n {
                            for o in 0..n {
                                let values = result.choice_values(i, s as u32, o as u32);
                                let k = seat.choice(s, o) as usize;
                                assert_eq!(values[k].to_bits(), seat.value(s, o).to_bits());
                                if matches!(policy, Policy::Best) {
                                    assert_eq!(best_choice(&values).1 as usize, k);
                                }
                                let from_block = block[s * n + o].map(f64::to_bits);
                                assert_eq!(from_block, values.map(f64::to_bits));
                            }
                        }
                        let part = result.choice_values_block(i, goal / 2..goal);
                        assert_eq!(part[..], block[(goal / 2) as usize * n..]);
                    }
                }
            }
        }
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
