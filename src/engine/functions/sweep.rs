//! The general path's sweep: the same diagonal order as the fast sweep,
//! but each state's outcome distribution (by final points, see
//! [`landings`](super::landings)) is applied to the values it lands on
//! instead of through lookup rows, so any rule of
//! [`ScoreRules`](super::ScoreRules) fits.
//!
//! A turn that keeps the score sum (a Pig Out or a zero-dice rule worth 0
//! points, a swap that follows 0 points) makes the states of a diagonal
//! depend on each other. Such a diagonal is solved as a fixed point: the
//! outcomes that leave it are summed once, and the values are recomputed
//! from the previous round's (Jacobi, so the result does not depend on the
//! order or the number of threads) until no value moves by more than
//! `FIXED_POINT_TOLERANCE`, or until the moves, once below 1e-14, stop
//! shrinking (rounding circling in the last bits). Where no play can stall
//! on the diagonal the fixed point is unique and is found by policy
//! iteration, one linked group of states at a time; where play can stall,
//! by rounds from 1/2 over the whole diagonal (see [`level`](super::level)), which choose the fixed point the game's "half a win
//! each" for a game that never ends calls for.

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;

use super::landings::{sum_direct, Choice, Landings};
use super::level::solve_level;
use super::seats::{reader, GeneralSeat};
use crate::dice::MAX_DICE;
use crate::engine::fast::is_set;
use crate::engine::policy::{best_choice, Policy};
use crate::general::{RuleTables, Slot, CONSTANTS};
/// The result of a general sweep: one seat for self-play, two otherwise.
#[derive(Debug, Clone)]
pub struct GeneralResult {
    goal: u32,
    seats: Vec<GeneralSeat>,
    /// A state whose diagonal was still moving after `MAX_ROUNDS` rounds
    /// (a game that almost never leaves it): its values are the last round's.
    unsettled: Option<(u32, u32)>,
}

impl GeneralResult {
    /// Seat `seat`'s win probability when it is to move at `(s, o)`.
    pub fn value(&self, seat: usize, s: u32, o: u32) -> f64 {
        self.seats[seat].values[(s * self.goal + o) as usize]
    }

    /// The dice count seat `seat` rolls at `(s, o)`.
    pub fn choice(&self, seat: usize, s: u32, o: u32) -> u8 {
        self.seats[seat].choices[(s * self.goal + o) as usize]
    }

    /// The number of seats: 1 for self-play, 2 otherwise.
    pub fn seats(&self) -> usize {
        self.seats.len()
    }

    /// Seat `seat`'s choices at every state, row-major.
    pub fn choices(&self, seat: usize) -> &[u8] {
        &self.seats[seat].choices
    }

    /// A state whose values had not settled after `MAX_ROUNDS` rounds,
    /// if any: the game there almost never leaves its score sum.
    pub fn unsettled(&self) -> Option<(u32, u32)> {
        self.unsettled
    }

    /// The win probability of every dice count for seat `i` at `(s, o)`,
    /// with play afterwards as in the sweep.
    pub fn choice_values(
        &self,
        tables: &RuleTables,
        i: usize,
        s: u32,
        o: u32,
    ) -> [f64; MAX_DICE + 1] {
        choice_values(tables, &self.seats, i, s, o)
    }
}

/// Sweep the game on the general path: with one policy both players use it
/// (self-play), with two seat 0 moves first. Once `cancel` is set no
/// further diagonal (or round of a level one) is computed: the result is
/// then meaningless.
pub fn general_sweep(
    tables: &RuleTables,
    policies: &[Policy<'_>],
    cancel: Option<&AtomicBool>,
) -> GeneralResult {
    sweep(tables, policies, false, cancel)
}

/// [`general_sweep`] with every level diagonal solved by rounds from 1/2
/// (as where play may stall), to hold policy iteration to them.
#[cfg(test)]
pub(crate) fn general_sweep_by_rounds(
    tables: &RuleTables,
    policies: &[Policy<'_>],
) -> GeneralResult {
    sweep(tables, policies, true, None)
}

/// The sweep, with `rounds_only` as in [`general_sweep_by_rounds`] and
/// `cancel` as in [`general_sweep`].
fn sweep(
    tables: &RuleTables,
    policies: &[Policy<'_>],
    rounds_only: bool,
    cancel: Option<&AtomicBool>,
) -> GeneralResult {
    assert!(
        matches!(policies.len(), 1 | 2),
        "a sweep has one or two seats"
    );
    let goal = tables.goal();
    let n = goal as usize;
    for p in policies {
        if let Policy::Fixed(t) = p {
            assert_eq!(t.goal(), goal, "the table is for another goal");
        }
    }
    let mut seats: Vec<GeneralSeat> = policies
        .iter()
        .map(|_| GeneralSeat {
            values: [vec![f64::NAN; n * n], CONSTANTS.to_vec()].concat(),
            choices: vec![0; n * n],
        })
        .collect();
    let mut unsettled = None;
    // The score sum of each state by its index (no division per outcome).
    let sums: Vec<u16> = (0..n * n).map(|t| (t / n + t % n) as u16).collect();
    let mut diagonals = || {
        for d in (0..=2 * (n - 1)).rev() {
            if is_set(cancel) {
                break;
            }
            // The states (s, d - s) with both scores below the goal.
            let scores = d.saturating_sub(n - 1)..d.min(n - 1) + 1;
            if tables.level(d) {
                let rounds = rounds_only || tables.may_stall(d);
                let at = (d, scores.clone());
                if !solve_level(tables, &sums, &mut seats, policies, at, rounds, cancel) {
                    let s = scores.start;
                    unsettled.get_or_insert((s as u32, (d - s) as u32));
                }
                continue;
            }
            // Every successor lies on a later diagonal: one pass.
            let new: Vec<Vec<(f64, u8)>> = (0..seats.len())
                .map(|i| {
                    scores
                        .clone()
                        .into_par_iter()
                        .with_min_len(8)
                        .map_init(Landings::default, |scratch, s| {
                            let at = (i, s as u32, (d - s) as u32);
                            state(tables, &seats, policies, at, scratch)
                        })
                        .collect()
                })
                .collect();
            for (seat, new) in seats.iter_mut().zip(new) {
                for (s, (value, choice)) in scores.clone().zip(new) {
                    seat.values[s * n + d - s] = value;
                    seat.choices[s * n + d - s] = choice;
                }
            }
        }
    };
    // On a pool thread, as the fast sweep does: a parallel diagonal started
    // from outside the pool would hand every diagonal over and sleep.
    rayon::scope(|_| diagonals());
    GeneralResult {
        goal,
        seats,
        unsettled,
    }
}

/// Off a level diagonal, no outcome stays on it.
#[inline(always)]
fn never_stays(_: Slot) -> bool {
    false
}

/// Seat `i`'s value and choice at `(s, o)` from the current values.
fn state(
    tables: &RuleTables,
    seats: &[GeneralSeat],
    policies: &[Policy<'_>],
    (i, s, o): (usize, u32, u32),
    landings: &mut Landings,
) -> (f64, u8) {
    match policies[i] {
        Policy::Fixed(table) => {
            let k = table.get(s, o);
            let choice = Choice::new(tables, s, o, u32::from(k));
            let (sum, _) = sum_direct(&choice, &reader(seats, i), &never_stays, &mut Vec::new());
            (sum.value(), k)
        }
        Policy::Best => best_choice(&values_of_choices(tables, seats, (i, s, o), landings)),
    }
}

/// The win probability of every dice count for seat `i` at `(s, o)`.
pub(super) fn choice_values(
    tables: &RuleTables,
    seats: &[GeneralSeat],
    i: usize,
    s: u32,
    o: u32,
) -> [f64; MAX_DICE + 1] {
    values_of_choices(tables, seats, (i, s, o), &mut Landings::default())
}

/// The win probability of every dice count for seat `i` at `(s, o)`, the
/// state's landings read once.
#[inline]
fn values_of_choices(
    tables: &RuleTables,
    seats: &[GeneralSeat],
    (i, s, o): (usize, u32, u32),
    landings: &mut Landings,
) -> [f64; MAX_DICE + 1] {
    let value = reader(seats, i);
    landings.read_all(tables, (s, o), &value, &never_stays);
    std::array::from_fn(|k| {
        let choice = Choice::new(tables, s, o, k as u32);
        let kept = &mut Vec::new();
        landings.sum(&choice, &value, &never_stays, kept).0.value()
    })
}
