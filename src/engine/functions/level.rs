//! A level diagonal solved as a fixed point: policy iteration group by
//! group where no play can stall, rounds from 1/2 where it may, and tied
//! choices that would stall giving way to ones that move on.

use std::sync::atomic::AtomicBool;

use super::exact::Solver;
use super::linked::{groups, join};
use super::seats::{reader, GeneralSeat};
use super::split::{LevelSeat, Unknowns};
use crate::dice::MAX_DICE;
use crate::engine::fast::is_set;
use crate::engine::policy::{tied, Policy};
use crate::general::{RuleTables, Slot};

/// A fixed point is reached when no value moves by more than this in one
/// round: two units in the last place of a probability in [0.5, 1), so a
/// round that only rounds differently ends it.
pub const FIXED_POINT_TOLERANCE: f64 = 2.5e-16;

/// Below this, a round that moves the values no less than the round before
/// is rounding going in circles: the fixed point is reached.
const ROUNDING: f64 = 1e-14;

/// Rounds of a fixed point before its values are taken as they stand (see
/// [`GeneralResult::unsettled`](super::GeneralResult::unsettled)).
pub const MAX_ROUNDS: usize = 1_000_000;

/// Solve level diagonal `d` as a fixed point: every outcome that leaves it
/// is summed once, then [`by_groups`] or, with `by_rounds_only` (where
/// play may stall), [`by_rounds`] recompute only the few outcomes that stay
/// on it; last, tied choices that would stall give way to ones that move
/// on. `false` if it had not settled after [`MAX_ROUNDS`] rounds. Once
/// `cancel` is set the rounds stop (a stalling diagonal may take many):
/// the values are then meaningless.
pub(super) fn solve_level(
    tables: &RuleTables,
    sums: &[u16],
    seats: &mut [GeneralSeat],
    policies: &[Policy<'_>],
    (d, scores): (usize, std::ops::Range<usize>),
    by_rounds_only: bool,
    cancel: Option<&AtomicBool>,
) -> bool {
    let n = tables.goal() as usize;
    let on_diagonal = |slot: Slot| sums.get(slot.index()) == Some(&(d as u16));
    // The first round's values: any value in [0, 1] converges, and 1/2 is
    // what a game that never leaves the diagonal is worth.
    for seat in seats.iter_mut() {
        for s in scores.clone() {
            seat.values[s * n + d - s] = 0.5;
        }
    }
    let split: Vec<LevelSeat> = (0..seats.len())
        .map(|i| {
            LevelSeat::new(
                tables,
                seats,
                policies[i],
                i,
                d,
                scores.clone(),
                &on_diagonal,
            )
        })
        .collect();
    let at = Unknowns::new(&split, scores.start, n);
    let settled = if by_rounds_only {
        by_rounds(&split, seats, at, cancel)
    } else {
        start_from_above(&split, seats, n);
        by_groups(&split, seats, at, cancel)
    };
    prefer_moving_on(&split, seats, at);
    settled
}

/// Whether a round's moves say the values are settled: nothing moves by
/// more than rounding, or the moves stopped shrinking once they are that
/// small (rounding can keep a few last bits circling instead of standing
/// still).
fn settled(moved: f64, last: f64) -> bool {
    moved <= FIXED_POINT_TOLERANCE || (moved <= ROUNDING && moved >= last)
}

/// One round over `unknowns`: each value and choice from the current
/// values (Jacobi: all computed, then all written). How far the values
/// moved, and whether every choice stayed.
fn round(
    split: &[LevelSeat],
    seats: &mut [GeneralSeat],
    (at, unknowns): (Unknowns, impl Iterator<Item = usize> + Clone),
    new: &mut Vec<(f64, u8)>,
) -> (f64, bool) {
    new.clear();
    for u in unknowns.clone() {
        let (i, j) = at.seat_state(u);
        new.push(split[i].choose(j, &reader(seats, i)));
    }
    let mut moved = 0.0f64;
    let mut same = true;
    for (u, &(value, choice)) in unknowns.zip(new.iter()) {
        let (i, j) = at.seat_state(u);
        let at = split[i].ats[j];
        let seat = &mut seats[i];
        moved = moved.max((seat.values[at] - value).abs());
        same &= seat.choices[at] == choice;
        seat.values[at] = value;
        seat.choices[at] = choice;
    }
    (moved, same)
}

/// A level diagonal where play may stall, by rounds over all of it from
/// 1/2, the values of the current choices solved exactly once a round
/// chooses as the one before; the rounds choose which fixed point they
/// reach. `false` if not settled after [`MAX_ROUNDS`] rounds.
fn by_rounds(
    split: &[LevelSeat],
    seats: &mut [GeneralSeat],
    at: Unknowns,
    cancel: Option<&AtomicBool>,
) -> bool {
    let count = at.count();
    let mut scratch = Solver::default();
    let mut new = Vec::with_capacity(count);
    let mut last = f64::INFINITY;
    // Rounds in a row that chose as the round before; solved once stable.
    let mut steady = 0;
    for _ in 0..MAX_ROUNDS {
        // Cancelled: the result is thrown away, so no state is named
        // unsettled for it.
        if is_set(cancel) {
            return true;
        }
        if steady == STEADY_ROUNDS {
            scratch.solve(split, seats, at);
        }
        let (moved, same) = round(split, seats, (at, 0..count), &mut new);
        steady = if same { steady + 1 } else { 0 };
        if settled(moved, last) {
            return true;
        }
        last = moved;
    }
    false
}

/// A level diagonal where no play stalls: every way of playing leaves it
/// for sure, so its values have one fixed point, found by policy iteration
/// (the current choices' values solved exactly, then a round to choose
/// again) one group of states at a time: states that no choice's outcome
/// links are independent, and a group whose choices hold is done while
/// others go on. `false` if some group had not settled after
/// [`MAX_ROUNDS`] rounds.
fn by_groups(
    split: &[LevelSeat],
    seats: &mut [GeneralSeat],
    at: Unknowns,
    cancel: Option<&AtomicBool>,
) -> bool {
    let mut scratch = Solver::default();
    let mut new = Vec::new();
    let mut all_settled = true;
    let (order, ends) = linked_groups(split, at);
    let mut from = 0;
    for to in ends {
        let group = &order[from..to];
        from = to;
        let members = (at, group.iter().copied());
        // A lone state none of whose outcomes stays: one round is exact.
        let lone = group.len() == 1 && {
            let (i, j) = at.seat_state(group[0]);
            (0..split[i].per).all(|c| split[i].stays(split[i].split(j, c)).is_empty())
        };
        if lone {
            round(split, seats, members, &mut new);
            continue;
        }
        let mut last = f64::INFINITY;
        let mut done = false;
        for r in 0..MAX_ROUNDS {
            if is_set(cancel) {
                return true;
            }
            if r < SOLVED_ROUNDS {
                scratch.solve_group(split, seats, at, group);
            }
            let (moved, _) = round(split, seats, members.clone(), &mut new);
            if settled(moved, last) {
                done = true;
                break;
            }
            last = moved;
        }
        all_settled &= done;
    }
    all_settled
}

/// Rounds of a group after which [`by_groups`] stops solving: policy
/// iteration settles in a few, but choices tied within the tie tolerance
/// could take turns forever, each solve moving the values by less than it;
/// plain rounds then close in on the fixed point like the rounds of
/// [`by_rounds`].
const SOLVED_ROUNDS: usize = 64;

/// Start the choices of a level diagonal's best seats from those of the
/// states just above (the best choice changes little from one diagonal to
/// the next), so the first round of [`by_groups`] often confirms them.
fn start_from_above(split: &[LevelSeat], seats: &mut [GeneralSeat], n: usize) {
    for (level, seat) in split.iter().zip(seats.iter_mut()) {
        for &at in &level.ats {
            let (s, o) = (at / n, at % n);
            if o + 1 < n {
                seat.choices[at] = seat.choices[at + 1];
            } else if s + 1 < n {
                seat.choices[at] = seat.choices[at + n];
            }
        }
    }
}

/// The unknowns of a level diagonal in groups that no outcome of any
/// choice links to each other (see [`groups`]).
fn linked_groups(split: &[LevelSeat], at: Unknowns) -> (Vec<usize>, Vec<usize>) {
    let mut parent: Vec<usize> = (0..at.count()).collect();
    for (i, level) in split.iter().enumerate() {
        for j in 0..level.len() {
            let u = at.of(i, j);
            // Most of a state's choices stay at the same few landings.
            let mut last = None;
            for c in 0..level.per {
                for &(_, slot) in level.stays(level.split(j, c)) {
                    if last.replace(slot) != Some(slot) {
                        join(&mut parent, u, at.landing(i, slot));
                    }
                }
            }
        }
    }
    groups(&mut parent)
}

/// Re-choose among the choices tied for best (within
/// [`TIE_TOLERANCE`](crate::engine::policy::TIE_TOLERANCE)) so that the game moves
/// on. A choice that keeps the score sum can tie with the best one only
/// because staying is worth what the state is worth (against a player who
/// never scores, rolling zero dice worth nothing "wins" as surely as
/// rolling): the fewest tied dice may then stall forever and never collect
/// the value. So a state takes the fewest tied dice that can leave the
/// diagonal, else that can reach a state already settled this way, rank by
/// rank (each rank only from lower ones, so the chosen moves lead off the
/// diagonal with probability 1). States where no tied choice can leave keep
/// the fewest dice: there the game cannot move on without giving up value.
/// Values stay as solved; fixed seats keep their table's choices but count
/// as settled where their choice moves on.
fn prefer_moving_on(split: &[LevelSeat], seats: &mut [GeneralSeat], at: Unknowns) {
    if split.iter().all(|level| level.per == 1) {
        return; // tables only: nothing to choose
    }
    // Where every chosen move can leave, each state keeps its choice.
    let all_leave = split.iter().zip(seats.iter()).all(|(level, seat)| {
        level.per > 1 && (0..level.len()).all(|j| level.chosen(j, seat).exits)
    });
    if all_leave {
        return;
    }
    // The tied choices of every state, as a mask over its splits. A state
    // whose choice (the fewest tied dice, or the table's) can leave keeps
    // it, and its other ties need not be known.
    let ties: Vec<Vec<u32>> = split
        .iter()
        .enumerate()
        .map(|(i, level)| {
            let value = reader(seats, i);
            (0..level.len())
                .map(|j| {
                    let current = match level.fixed(j) {
                        Some(_) => 0,
                        None => usize::from(seats[i].choices[level.ats[j]]),
                    };
                    if level.fixed(j).is_some() || level.split(j, current).exits {
                        return 1 << current;
                    }
                    tied(&std::array::from_fn(|k| level.total(j, k, &value)))
                })
                .collect()
        })
        .collect();
    // Rank by rank: a state settles on its fewest tied dice that leave or
    // reach a state settled in an earlier rank.
    let mut settled: Vec<Vec<bool>> = split.iter().map(|l| vec![false; l.len()]).collect();
    loop {
        let onward = |i: usize, level: &LevelSeat, j: usize, k: usize| {
            let choice = level.split(j, k);
            choice.exits
                || level.stays(choice).iter().any(|&(_, slot)| {
                    let (seat, state) = at.seat_state(at.landing(i, slot));
                    settled[seat][state]
                })
        };
        let mut newly = Vec::new();
        for (i, level) in split.iter().enumerate() {
            for j in (0..level.len()).filter(|&j| !settled[i][j]) {
                let mut dice = (0..=MAX_DICE).filter(|&k| ties[i][j] & 1 << k != 0);
                if let Some(k) = dice.find(|&k| onward(i, level, j, k)) {
                    newly.push((i, j, k));
                }
            }
        }
        if newly.is_empty() {
            return;
        }
        for (i, j, k) in newly {
            settled[i][j] = true;
            if split[i].fixed(j).is_none() {
                seats[i].choices[split[i].ats[j]] = k as u8;
            }
        }
    }
}

/// Rounds whose choices repeat the round before's before the values of
/// those choices are solved exactly. The rounds alone converge like the
/// chance of staying on the diagonal to the power of the round (200 rounds
/// where players roll ten dice into a Pig Out worth nothing); one steady
/// round before solving measured a little faster than two.
const STEADY_ROUNDS: usize = 1;
