//! The engine's backend for rules with memory or a clock: every context
//! of every state (see `crate::recall` for the state and its layout).

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;

use crate::engine::fast::is_set;
use crate::engine::policy::{best_choice, best_of, Policy};
use crate::general::{Roll, RuleTables, Slot};
use crate::recall::{Context, Plan, Remembering, CHOICES, MAX_MEMORY, POINTS};
use crate::table::{Contexts, StrategyTable, MINUS_ONE};

mod depth;
mod pages;
mod reach;
mod steady;
pub use reach::reached_start_values;
#[cfg(test)]
use reach::{keeping_landings, Walk};

/// A seat's values after a sweep with memory: a block of `clocks * size *
/// size` contexts per state (states row-major, then the constants a
/// landing reads for a loss, half a win, a win), the context of the mover
/// remembering `a`, the other `b`, at clock `c` at `(c * size + b) * size +
/// a`. A landing handed to the other player is read for every `b` of the
/// turn's mover at once, which is then the other's `a`: contiguous.
#[derive(Debug, Clone)]
struct MemorySeat {
    values: Vec<f64>,
    /// The choices in the same order, without the constants.
    choices: Vec<u8>,
}

const CONSTANTS: [f64; 3] = crate::general::CONSTANTS;

/// The result of a sweep with memory: one seat for self-play, two
/// otherwise (seat 0 moves first).
#[derive(Debug, Clone)]
pub struct MemoryResult {
    goal: u32,
    size: u32,
    clocks: u32,
    seats: Vec<MemorySeat>,
}

impl MemoryResult {
    fn at(&self, s: u32, o: u32, x: Context) -> usize {
        let planes = (self.clocks * self.size * self.size) as usize;
        let state = (s * self.goal + o) as usize;
        state * planes + ((x.clock * self.size + x.theirs) * self.size + x.mine) as usize
    }

    /// Seat `seat`'s win probability when it is to move at `(s, o)` in
    /// context `x`.
    pub fn value(&self, seat: usize, s: u32, o: u32, x: Context) -> f64 {
        self.seats[seat].values[self.at(s, o, x)]
    }

    /// The dice count seat `seat` rolls there.
    pub fn choice(&self, seat: usize, s: u32, o: u32, x: Context) -> u8 {
        self.seats[seat].choices[self.at(s, o, x)]
    }

    /// Seat `seat`'s chance moving first from the start: scores 0 and
    /// the starting context.
    #[cfg(test)]
    pub fn start(&self, seat: usize) -> f64 {
        self.value(seat, 0, 0, Context::START)
    }

    /// The number of seats: 1 for self-play, 2 otherwise.
    pub fn seats(&self) -> usize {
        self.seats.len()
    }

    /// Seat `seat`'s choices as a table that reads every context.
    pub fn table(&self, seat: usize) -> StrategyTable {
        let contexts = Contexts {
            size: self.size,
            clocks: self.clocks,
        };
        StrategyTable::from_contexts(self.goal, contexts, self.seats[seat].choices.clone())
    }

    /// The win probability of every dice count for seat `i` at `(s, o)`
    /// in context `x`, with play afterwards as in the sweep, and where the
    /// rules have the move of rolling -1 dice, its value last (at
    /// [`MINUS_ONE`]).
    pub fn move_values(
        &self,
        tables: &RuleTables,
        remembering: &Remembering,
        i: usize,
        (s, o): (u32, u32),
        x: Context,
    ) -> Vec<f64> {
        let plan = remembering.plan.as_ref();
        let variants = remembering.variants(tables);
        let mut scratch = Scratch::new(plan);
        let moves = plan.every_move();
        expectations(&variants, plan, &self.seats, i, (s, o), moves, &mut scratch);
        let (a, b, c) = (x.mine as usize, x.theirs as usize, x.clock as usize);
        let planes = plan.clocks * plan.size * plan.size;
        let other = &self.seats[(i + 1) % self.seats.len()].values;
        fill_swap(
            plan,
            c,
            &other[self.at(s, o, Context::START)..][..planes],
            &mut scratch,
        );
        (0..plan.moves)
            .map(|k| scratch.of(plan, a, b, c, k))
            .collect()
    }
}

/// States of a diagonal one thread takes at least: a state is a few
/// microseconds of work, and a parallel diagonal costs the other thread's
/// wake-up.
const MIN_STATES_PER_THREAD: usize = 4;

/// Sweep the game with memory: with one policy both players use it
/// (self-play, the optimum over the full state), with two seat 0 moves
/// first. A fixed table reads the scores alone (the same count whatever is
/// remembered), or every context's own choice.
/// `remembering` must have been checked against these `tables`. Once
/// `cancel` is set no further diagonal is swept: the result is then
/// meaningless.
pub fn memory_sweep(
    tables: &RuleTables,
    remembering: &Remembering,
    policies: &[Policy<'_>],
    cancel: Option<&AtomicBool>,
) -> MemoryResult {
    assert!(
        matches!(policies.len(), 1 | 2),
        "a sweep has one or two seats"
    );
    let plan = remembering.plan.as_ref();
    let variants = remembering.variants(tables);
    let goal = tables.goal();
    let n = goal as usize;
    for p in policies {
        if let Policy::Fixed(t) = p {
            assert_eq!(t.goal(), goal, "the table is for another goal");
            assert!(
                plan.moves > CHOICES || t.minus_one_at().is_none(),
                "a table that rolls -1 dice under rules without that move"
            );
            assert!(
                t.contexts().is_none_or(|x| x == remembering.contexts()),
                "a table of other contexts"
            );
        }
    }
    let planes = plan.clocks * plan.size * plan.size;
    let mut seats: Vec<MemorySeat> = policies
        .iter()
        .map(|_| MemorySeat {
            // Zeros, not a sentinel: the allocator's zeroed pages cost no
            // pass of their own, and the sweep writes every state before
            // any state reads it (the diagonal order).
            values: {
                let mut values = vec![0.0; n * n * planes + CONSTANTS.len() * planes];
                for (c, block) in CONSTANTS
                    .iter()
                    .zip(values[n * n * planes..].chunks_mut(planes))
                {
                    block.fill(*c);
                }
                values
            },
            choices: vec![0; planes * n * n],
        })
        .collect();
    // Each diagonal's new values and choices, written by the threads into
    // these and then copied into place (the states of a diagonal lie apart
    // in the seats): seat after seat, a job a seat's state; where a -1
    // swaps the scores, state after state, a job every seat's state (the
    // swap lands on the other seat at the same scores: `swapped_state`).
    let count = seats.len();
    let block = count * planes;
    let mut new_values: Vec<f64> = vec![0.0; n * block];
    let mut new_choices: Vec<u8> = vec![0; n * block];
    let mut diagonals = || {
        for d in (0..=2 * (n - 1)).rev() {
            if is_set(cancel) {
                break;
            }
            let scores = d.saturating_sub(n - 1)..d.min(n - 1) + 1;
            let (first, len) = (scores.start, scores.len());
            let swept = |at| Swept {
                variants: &variants,
                plan,
                seats: &seats,
                policies,
                at,
            };
            let values = &mut new_values[..len * block];
            let choices = &mut new_choices[..len * block];
            if plan.swap_order.is_empty() {
                // A job a seat's state, seat after seat.
                values
                    .par_chunks_mut(planes)
                    .zip(choices.par_chunks_mut(planes))
                    .enumerate()
                    .with_min_len(MIN_STATES_PER_THREAD)
                    .for_each_init(
                        || Scratch::new(plan),
                        |scratch, (job, (values, choices))| {
                            let (i, s) = (job / len, first + job % len);
                            let at = (s as u32, (d - s) as u32);
                            state(&swept(at), i, scratch, values, choices);
                        },
                    );
            } else {
                // A job every seat's state, state after state.
                values
                    .par_chunks_mut(block)
                    .zip(choices.par_chunks_mut(block))
                    .enumerate()
                    .with_min_len(MIN_STATES_PER_THREAD.div_ceil(count))
                    .for_each_init(
                        || -> Vec<Scratch> { (0..count).map(|_| Scratch::new(plan)).collect() },
                        |scratches, (job, (values, choices))| {
                            let s = first + job;
                            let at = (s as u32, (d - s) as u32);
                            swapped_state(&swept(at), scratches, values, choices);
                        },
                    );
            }
            let done = new_values.chunks(planes).zip(new_choices.chunks(planes));
            for (job, (values, choices)) in done.take(len * count).enumerate() {
                let (i, s) = if plan.swap_order.is_empty() {
                    (job / len, first + job % len)
                } else {
                    (job % count, first + job / count)
                };
                let seat = &mut seats[i];
                let at = (s * n + d - s) * planes;
                seat.values[at..at + planes].copy_from_slice(values);
                seat.choices[at..at + planes].copy_from_slice(choices);
            }
        }
    };
    // On a pool thread, as the other sweeps do.
    rayon::scope(|_| diagonals());
    MemoryResult {
        goal,
        size: plan.size as u32,
        clocks: plan.clocks as u32,
        seats,
    }
}

/// Seat `i`'s expectations at `(s, o)` for the dice counts in `dice`, in
/// `scratch` (see [`Scratch::slot`]), each clock's rolls from the tables
/// of its dice variant.
fn expectations(
    variants: &[&RuleTables],
    plan: &Plan,
    seats: &[MemorySeat],
    i: usize,
    (s, o): (u32, u32),
    dice: std::ops::RangeInclusive<u8>,
    scratch: &mut Scratch,
) {
    let n = variants[0].goal() as usize;
    let own = &seats[i].values;
    let next = &seats[(i + 1) % seats.len()].values;
    let Scratch { expected, outcomes } = scratch;
    for k in dice {
        let k = usize::from(k);
        if k == usize::from(MINUS_ONE) {
            let (_, _, zero) = variants[0].roll_at(s, o, 0);
            for (c, minus_one) in plan.minus_one.iter().enumerate() {
                match minus_one {
                    // Settled within the state, once the other seat's
                    // context it hands over is (see `fill_swap`).
                    Some(m) if m.swaps => {}
                    // No dice: one outcome, its points from the raw score
                    // on, whatever the clock's dice.
                    Some(m) => {
                        let points = m.points as usize;
                        let slot = zero[points];
                        outcomes.clear();
                        outcomes.push((1.0, slot.other(), slot.index() as u32, 0, points as u8));
                        keep(plan, (own, next), n, (c, k, 0), outcomes, expected);
                    }
                    // Spent: the dice it rolls instead, this clock's (a
                    // memory of one value earns one bonus a count).
                    None => {
                        let spent = plan.spent.expect("a clock without the move has it spent");
                        let tables = variants[plan.variant_of[c]];
                        let roll = tables.roll_at(s, o, spent as u32);
                        let bonus = plan.bonuses[spent][0];
                        roll_outcomes(plan, roll, spent, bonus, outcomes);
                        keep(plan, (own, next), n, (c, k, 0), outcomes, expected);
                    }
                }
            }
            continue;
        }
        for (tables, (_, clocks)) in variants.iter().zip(&plan.variants) {
            let roll = tables.roll_at(s, o, k as u32);
            for (j, &bonus) in plan.bonuses[k].iter().enumerate() {
                roll_outcomes(plan, roll, k, bonus, outcomes);
                for &c in clocks {
                    keep(plan, (own, next), n, (c, k, j), outcomes, expected);
                }
            }
        }
    }
}

/// The expectations of `outcomes` at clock `c` against every `b`, kept
/// in `expected` as the `j`-th bonus of move `k`.
#[inline(always)]
fn keep(
    plan: &Plan,
    seats: (&[f64], &[f64]),
    n: usize,
    (c, k, j): (usize, usize, usize),
    outcomes: &[Outcome],
    expected: &mut [f64],
) {
    let sums = clocked(plan, seats, n, (c, k), outcomes);
    for (b, &sum) in sums[..plan.size].iter().enumerate() {
        expected[Scratch::slot(plan, b, c, k, j)] = sum;
    }
}

/// The outcomes of `roll` (what [`RuleTables::roll_at`] gives for `k`
/// dice) with `bonus` points more, into `outcomes`: each one's landing,
/// what the mover then remembers, and the points the turn added.
#[inline(always)]
fn roll_outcomes(
    plan: &Plan,
    (roll, points, slots): (Roll<'_>, Option<&[u32]>, &[Slot]),
    k: usize,
    bonus: u32,
    outcomes: &mut Vec<Outcome>,
) {
    outcomes.clear();
    for (x, (p, prob)) in roll.outcomes().enumerate() {
        let q = points.map_or(p, |points| points[x]) as usize;
        let m = plan.remember[k * POINTS + q];
        let total = q + bonus as usize;
        let slot = slots[total];
        outcomes.push((prob, slot.other(), slot.index() as u32, m, total as u8));
    }
}

/// The expectation of one roll's `outcomes` at clock `c` for every memory
/// `b` of the other player at once, each sum in the outcomes' order.
/// Plain sums (the terms are few and in [0, 1]: rounding stays within a
/// few units in the last place) so the loops over b vectorize; no fused
/// multiply-add, so the bits do not depend on the CPU.
#[inline(always)]
fn clocked(
    plan: &Plan,
    (own, next): (&[f64], &[f64]),
    n: usize,
    (c, k): (usize, usize),
    outcomes: &[Outcome],
) -> [f64; MAX_MEMORY as usize] {
    let size = plan.size;
    let planes = plan.clocks * size * size;
    let fixed = plan.ticks[c * plan.moves + k];
    let mut sums = [0.0f64; MAX_MEMORY as usize];
    for &(prob, other, index, m, total) in outcomes {
        let (index, m) = (index as usize, usize::from(m));
        let (next_clock, again) = match &plan.point_ticks {
            None => fixed,
            Some(ticks) => ticks[(c * plan.moves + k) * POINTS + usize::from(total)],
        };
        let after = next_clock as usize * size;
        if other && !again {
            // The other player moves next remembering b, against m: their
            // context b' = m, a' = b.
            let row = &next[index * planes + (after + m) * size..][..size];
            for (sum, &v) in sums.iter_mut().zip(row) {
                *sum += prob * (1.0 - v);
            }
        } else {
            // The mover goes on (an extra turn, the clock's or the rules',
            // or the game's end) remembering m, the other b. A landing
            // handed to the other player that the clock gives back to the
            // mover is the other's state read the other way round.
            let mine = if other {
                (index % n) * n + index / n
            } else {
                index
            };
            // The rules' own extra turn may move the clock on (Time Trot:
            // none of its own after one; dice of extra turns).
            let after = if other || again || index >= n * n {
                after
            } else {
                plan.on_extra[next_clock as usize] as usize * size
            };
            let block = &own[mine * planes + after * size..];
            for (b, sum) in sums[..size].iter_mut().enumerate() {
                *sum += prob * block[b * size + m];
            }
        }
    }
    sums
}

/// One outcome of a roll as [`expectations`] reads it: its probability,
/// whether the other player's state is where it lands, the landing's
/// state (or constant), what the mover then remembers, and the points the
/// turn added (for clocks that read them).
type Outcome = (f64, bool, u32, u8, u8);

/// A thread's buffers for [`expectations`]: the expectations (see
/// [`Scratch::slot`]), and one choice's outcomes.
struct Scratch {
    expected: Vec<f64>,
    outcomes: Vec<Outcome>,
}

impl Scratch {
    fn new(plan: &Plan) -> Scratch {
        Scratch {
            expected: vec![0.0; plan.clocks * plan.size * plan.moves * plan.most],
            outcomes: Vec::with_capacity(64),
        }
    }

    /// Where rolling `k` with the `j`-th bonus of `k` against `b` at clock
    /// `c` is kept.
    #[inline(always)]
    fn slot(plan: &Plan, b: usize, c: usize, k: usize, j: usize) -> usize {
        ((c * plan.size + b) * plan.moves + k) * plan.most + j
    }

    /// The value of rolling `k` for a mover remembering `a` against `b` at
    /// clock `c`.
    #[inline(always)]
    fn of(&self, plan: &Plan, a: usize, b: usize, c: usize, k: usize) -> f64 {
        let j = usize::from(plan.which[a * plan.moves + k]);
        self.expected[Scratch::slot(plan, b, c, k, j)]
    }
}

/// What every state of a sweep reads: the rules' tables of each dice
/// variant, the plan, the seats so far, the policies, and the state.
struct Swept<'a> {
    variants: &'a [&'a RuleTables],
    plan: &'a Plan,
    seats: &'a [MemorySeat],
    policies: &'a [Policy<'a>],
    at: (u32, u32),
}

/// What a table rolls at a state: one count in every context, with the
/// index of the bonus each memory `a` earns with it; or, for a table that
/// reads the contexts, each context's own choice.
enum Fixed<'t> {
    /// The same count in every context.
    Count {
        k: usize,
        which: [u8; MAX_MEMORY as usize],
    },
    /// A choice for each context, in the seat's order.
    Each(&'t [u8]),
}

impl<'a> Swept<'a> {
    /// Seat `i`'s fixed choices at the state, if it plays a table.
    fn fixed(&self, i: usize) -> Option<Fixed<'a>> {
        let table = match self.policies[i] {
            Policy::Fixed(table) => table,
            Policy::Best => return None,
        };
        if let Some(each) = table.choices_at(self.at.0, self.at.1) {
            return Some(Fixed::Each(each));
        }
        let k = usize::from(table.get(self.at.0, self.at.1));
        let plan = self.plan;
        Some(Fixed::Count {
            k,
            which: std::array::from_fn(|a| {
                plan.which.get(a * plan.moves + k).copied().unwrap_or(0)
            }),
        })
    }

    /// Seat `i`'s expectations of its moves at the state, in `scratch`,
    /// of its table's count alone where it rolls one in every context.
    fn expect(&self, i: usize, fixed: Option<&Fixed<'_>>, scratch: &mut Scratch) {
        let dice = match fixed {
            Some(&Fixed::Count { k, .. }) => k as u8..=k as u8,
            _ => self.plan.every_move(),
        };
        let Swept {
            variants,
            plan,
            seats,
            at,
            ..
        } = *self;
        expectations(variants, plan, seats, i, at, dice, scratch);
    }
}

/// Seat `i`'s values and choices at the state for every context, in the
/// seat's order (`(c * size + b) * size + a`), into `values` and `choices`.
fn state(
    swept: &Swept<'_>,
    i: usize,
    scratch: &mut Scratch,
    values: &mut [f64],
    choices: &mut [u8],
) {
    let fixed = swept.fixed(i);
    swept.expect(i, fixed.as_ref(), scratch);
    let clocks = 0..swept.plan.clocks;
    settle(swept.plan, fixed.as_ref(), scratch, clocks, values, choices);
}

/// Every seat's values and choices at the state, each seat's `planes` in
/// turn in `values` and `choices`, where some -1 swaps the scores: that
/// move hands the other seat its turn at the same scores, at a clock
/// settled before (see [`Plan::swap_order`]), so the seats' contexts are
/// settled clock by clock in that order.
fn swapped_state(
    swept: &Swept<'_>,
    scratches: &mut [Scratch],
    values: &mut [f64],
    choices: &mut [u8],
) {
    let plan = swept.plan;
    let (count, plane) = (scratches.len(), plan.size * plan.size);
    let planes = plan.clocks * plane;
    // One seat or two.
    let fixed = [0, 1].map(|i| swept.policies.get(i).and_then(|_| swept.fixed(i)));
    for (i, scratch) in scratches.iter_mut().enumerate() {
        swept.expect(i, fixed[i].as_ref(), scratch);
    }
    for &c in &plan.swap_order {
        for (i, scratch) in scratches.iter_mut().enumerate() {
            let other = (i + 1) % count;
            let theirs = &values[other * planes..][..planes];
            fill_swap(plan, c, theirs, scratch);
            let at = i * planes + c * plane;
            let (values, choices) = (&mut values[at..at + plane], &mut choices[at..at + plane]);
            settle(plan, fixed[i].as_ref(), scratch, c..c + 1, values, choices);
        }
    }
}

/// Where the -1 at clock `c` swaps the scores, its value against every
/// memory `b` of the other player into `scratch`: the other's loss at the
/// same scores, their context seen from `theirs` (the other seat's values
/// at the state), the mover remembering nothing of a turn without dice.
fn fill_swap(plan: &Plan, c: usize, theirs: &[f64], scratch: &mut Scratch) {
    let Some(m) = plan.minus_one[c].filter(|m| m.swaps) else {
        return;
    };
    let size = plan.size;
    let k = usize::from(MINUS_ONE);
    for b in 0..size {
        // Their context: they remember b, the mover 0, at the next clock.
        let v = theirs[(m.next as usize * size) * size + b];
        scratch.expected[Scratch::slot(plan, b, c, k, 0)] = 1.0 - v;
    }
}

/// The values and choices of the contexts of `clocks` (`c`, `b`, then
/// `a`) from the expectations in `scratch`: a fixed count's, or the best
/// move's.
fn settle(
    plan: &Plan,
    fixed: Option<&Fixed<'_>>,
    scratch: &Scratch,
    clocks: std::ops::Range<usize>,
    values: &mut [f64],
    choices: &mut [u8],
) {
    let size = plan.size;
    let (first, blocks) = (clocks.start * size, clocks.len() * size);
    if let Some(Fixed::Each(each)) = fixed {
        // Each context reads its own choice's expectation.
        for (x, cb) in (first..first + blocks).enumerate() {
            let (c, b) = (cb / size, cb % size);
            for a in 0..size {
                let k = each[cb * size + a];
                values[x * size + a] = scratch.of(plan, a, b, c, usize::from(k));
                choices[x * size + a] = k;
            }
        }
        return;
    }
    if let Some(&Fixed::Count { k, ref which }) = fixed {
        // One count: each context reads the expectation of its bonus.
        let which = &which[..size];
        let each = values.chunks_exact_mut(size).take(blocks);
        for (cb, values) in (first..).zip(each) {
            let (c, b) = (cb / size, cb % size);
            let expected = &scratch.expected[Scratch::slot(plan, b, c, k, 0)..][..plan.most];
            for (value, &j) in values.iter_mut().zip(which) {
                *value = expected[usize::from(j)];
            }
        }
        choices.fill(k as u8);
        return;
    }
    for (x, cb) in (first..first + blocks).enumerate() {
        let (c, b) = (cb / size, cb % size);
        for a in 0..size {
            let of = |k: usize| scratch.of(plan, a, b, c, k);
            let (value, choice) = if plan.moves == CHOICES {
                best_choice(&std::array::from_fn(of))
            } else {
                // Ties go to the dice counts before the -1 move.
                let all: [f64; CHOICES + 1] = std::array::from_fn(of);
                best_of(&all)
            };
            values[x * size + a] = value;
            choices[x * size + a] = choice;
        }
    }
}

#[cfg(test)]
mod tests;
