//! The general path's sweep: the same diagonal order as the fast sweep,
//! but each state's outcome distribution is applied to the values one
//! outcome at a time (a gather per outcome) instead of through lookup rows,
//! so any rule of [`ScoreRules`](super::ScoreRules) fits.
//!
//! A turn that keeps the score sum (a Pig Out or a zero-dice rule worth 0
//! points, a swap that follows 0 points) makes the states of a diagonal
//! depend on each other. Such a diagonal is solved as a fixed point: all of
//! its values are recomputed from the previous round's (Jacobi, so the
//! result does not depend on the order or the number of threads) until no
//! value moves by more than [`FIXED_POINT_TOLERANCE`], or until the moves,
//! once below 1e-14, stop shrinking (rounding circling in the last bits).

use rayon::prelude::*;

use super::tables::{Roll, RuleTables, Slot, CONSTANTS};
use crate::dice::MAX_DICE;
use crate::policy::{best_choice, Policy};

/// A fixed point is reached when no value moves by more than this in one
/// round: two units in the last place of a probability in [0.5, 1), so a
/// round that only rounds differently ends it.
pub const FIXED_POINT_TOLERANCE: f64 = 2.5e-16;

/// Below this, a round that moves the values no less than the round before
/// is rounding going in circles: the fixed point is reached.
const ROUNDING: f64 = 1e-14;

/// Rounds of a fixed point before its values are taken as they stand (see
/// [`GeneralResult::unsettled`]).
pub const MAX_ROUNDS: usize = 1_000_000;

/// One player's values and choices after a general sweep, row-major
/// (`[s * goal + o]`).
#[derive(Debug, Clone)]
pub struct GeneralSeat {
    values: Vec<f64>,
    choices: Vec<u8>,
}

/// The result of a general sweep: one seat for self-play, two otherwise.
#[derive(Debug, Clone)]
pub struct GeneralResult {
    goal: u32,
    seats: Vec<GeneralSeat>,
    /// A state whose diagonal was still moving after [`MAX_ROUNDS`] rounds
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

    /// The goal.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// Seat `seat`'s values at every state, row-major (`[s * goal + o]`).
    pub fn values(&self, seat: usize) -> &[f64] {
        let n = (self.goal * self.goal) as usize;
        &self.seats[seat].values[..n]
    }

    /// Seat `seat`'s choices at every state, row-major.
    pub fn choices(&self, seat: usize) -> &[u8] {
        &self.seats[seat].choices
    }

    /// A state whose values had not settled after [`MAX_ROUNDS`] rounds,
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
/// (self-play), with two seat 0 moves first.
pub fn general_sweep(tables: &RuleTables, policies: &[Policy<'_>]) -> GeneralResult {
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
    // On a pool thread, as the fast sweep does: a parallel diagonal started
    // from outside the pool would hand every diagonal over and sleep.
    let mut unsettled = None;
    let mut diagonals = || {
        for d in (0..=2 * (n - 1)).rev() {
            // The states (s, d - s) with both scores below the goal.
            let scores = d.saturating_sub(n - 1)..d.min(n - 1) + 1;
            let level = tables.level(d);
            if level {
                // The round's starting guess: any value in [0, 1] converges.
                for seat in &mut seats {
                    for s in scores.clone() {
                        seat.values[s * n + d - s] = 0.5;
                    }
                }
            }
            let (mut rounds, mut last) = (0, f64::INFINITY);
            loop {
                let new: Vec<Vec<(f64, u8)>> = (0..seats.len())
                    .map(|i| {
                        scores
                            .clone()
                            .into_par_iter()
                            .with_min_len(8)
                            .map(|s| state(tables, &seats, policies, i, s as u32, (d - s) as u32))
                            .collect()
                    })
                    .collect();
                let mut moved = 0.0f64;
                for (seat, new) in seats.iter_mut().zip(new) {
                    for (s, (value, choice)) in scores.clone().zip(new) {
                        let at = s * n + d - s;
                        moved = moved.max((seat.values[at] - value).abs());
                        seat.values[at] = value;
                        seat.choices[at] = choice;
                    }
                }
                rounds += 1;
                // Settled: nothing moves by more than rounding, or the moves
                // stopped shrinking once they are that small (rounding can
                // keep a few last bits circling instead of standing still).
                let circling = moved <= ROUNDING && moved >= last;
                if !level || moved <= FIXED_POINT_TOLERANCE || circling {
                    break;
                }
                last = moved;
                if rounds == MAX_ROUNDS {
                    let s = scores.start;
                    unsettled.get_or_insert((s as u32, (d - s) as u32));
                    break;
                }
            }
        }
    };
    rayon::scope(|_| diagonals());
    GeneralResult {
        goal,
        seats,
        unsettled,
    }
}

/// Seat `i`'s value and choice at `(s, o)` from the current values.
fn state(
    tables: &RuleTables,
    seats: &[GeneralSeat],
    policies: &[Policy<'_>],
    i: usize,
    s: u32,
    o: u32,
) -> (f64, u8) {
    match policies[i] {
        Policy::Fixed(table) => {
            let k = table.get(s, o);
            (dice_value(tables, seats, i, s, o, u32::from(k)), k)
        }
        Policy::Best => best_choice(&choice_values(tables, seats, i, s, o)),
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
    std::array::from_fn(|k| dice_value(tables, seats, i, s, o, k as u32))
}

/// The win probability of rolling `dice` for seat `i` at `(s, o)`.
#[inline]
fn dice_value(
    tables: &RuleTables,
    seats: &[GeneralSeat],
    i: usize,
    s: u32,
    o: u32,
    dice: u32,
) -> f64 {
    let own = &seats[i].values;
    let next = &seats[(i + 1) % seats.len()].values;
    let value = |slot: Slot| {
        if slot.other() {
            1.0 - next[slot.index()]
        } else {
            own[slot.index()]
        }
    };
    let (roll, points, slots) = tables.roll_at(s, o, dice);
    let roll = match roll {
        Roll::Zero(p) => {
            let q = points.map_or(p, |points| points[0]);
            return value(slots[q as usize]);
        }
        Roll::Dice(roll) => roll,
    };
    // Neumaier's compensated sum: the terms are small next to the total,
    // so the total is then within about an ulp of the exact sum of the
    // rounded products, and the general path's values sit within the fast
    // path's own rounding of the exact ones.
    let (mut total, mut carry) = (0.0f64, 0.0f64);
    let mut add = |term: f64| {
        let sum = total + term;
        carry += if total.abs() >= term.abs() {
            (total - sum) + term
        } else {
            (term - sum) + total
        };
        total = sum;
    };
    match points {
        None => {
            for &(p, prob) in roll {
                add(prob * value(slots[p as usize]));
            }
        }
        Some(points) => {
            for (&(_, prob), &q) in roll.iter().zip(points) {
                add(prob * value(slots[q as usize]));
            }
        }
    }
    total + carry
}
