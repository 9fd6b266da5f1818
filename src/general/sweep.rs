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
use crate::policy::{best_choice, tied, Policy};

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
    let mut unsettled = None;
    // The score sum of each state by its index (no division per outcome).
    let sums: Vec<u16> = (0..n * n).map(|t| (t / n + t % n) as u16).collect();
    let mut diagonals = || {
        for d in (0..=2 * (n - 1)).rev() {
            // The states (s, d - s) with both scores below the goal.
            let scores = d.saturating_sub(n - 1)..d.min(n - 1) + 1;
            if tables.level(d) {
                if !solve_level(tables, &sums, &mut seats, policies, d, scores.clone()) {
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
                        .map(|s| state(tables, &seats, policies, i, s as u32, (d - s) as u32))
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

/// One choice at one state of a level diagonal, split in two: the part
/// that leaves the diagonal, which is fixed while the diagonal is solved
/// (a compensated sum), and the outcomes that stay on it (`stays[from..to]`).
#[derive(Debug, Clone, Copy)]
struct Split {
    leaves: Sum,
    from: u32,
    to: u32,
    /// Whether any outcome leaves the diagonal (its probability may round
    /// away next to the staying ones', so it is kept as a fact).
    exits: bool,
}

/// The choices of one seat at one state of a level diagonal.
struct LevelState {
    at: usize,
    /// One split per dice count (the table's one for a fixed seat).
    splits: Vec<Split>,
    fixed: Option<u8>,
    /// The outcomes that stay on the diagonal, of every split.
    stays: Vec<(f64, Slot)>,
}

impl LevelState {
    /// The value of split `k` from the current values: its leaving part
    /// plus its staying outcomes.
    #[inline(always)]
    fn total(&self, k: usize, value: &impl Fn(Slot) -> f64) -> f64 {
        let split = self.splits[k];
        let mut sum = split.leaves;
        for &(prob, slot) in &self.stays[split.from as usize..split.to as usize] {
            sum.add(prob * value(slot));
        }
        sum.value()
    }
}

/// Solve level diagonal `d` as a fixed point: every outcome that leaves it
/// is summed once, then the rounds (Jacobi: each from the previous round's
/// values, so the result does not depend on the thread count) recompute
/// only the few outcomes that stay on it. `false` if it had not settled
/// after [`MAX_ROUNDS`] rounds.
fn solve_level(
    tables: &RuleTables,
    sums: &[u16],
    seats: &mut [GeneralSeat],
    policies: &[Policy<'_>],
    d: usize,
    scores: std::ops::Range<usize>,
) -> bool {
    let n = tables.goal() as usize;
    let on_diagonal = |slot: Slot| sums.get(slot.index()) == Some(&(d as u16));
    // The round's starting guess: any value in [0, 1] converges, and 1/2
    // is what a game that never leaves the diagonal is worth.
    for seat in seats.iter_mut() {
        for s in scores.clone() {
            seat.values[s * n + d - s] = 0.5;
        }
    }
    // The parts that leave, read once from the finished diagonals.
    let split: Vec<Vec<LevelState>> = (0..seats.len())
        .map(|i| {
            let seats = &*seats;
            scores
                .clone()
                .into_par_iter()
                .with_min_len(8)
                .map(|s| {
                    let o = d - s;
                    let mut stays = Vec::with_capacity(2 * (MAX_DICE + 1));
                    let fixed = match policies[i] {
                        Policy::Fixed(table) => Some(table.get(s as u32, o as u32)),
                        Policy::Best => None,
                    };
                    let dice = fixed.map_or(0..=MAX_DICE as u8, |k| k..=k);
                    let splits = dice
                        .map(|k| {
                            let from = stays.len() as u32;
                            let (leaves, exits) = sum_leaving(
                                tables,
                                seats,
                                i,
                                (s as u32, o as u32, u32::from(k)),
                                &on_diagonal,
                                &mut stays,
                            );
                            let to = stays.len() as u32;
                            Split {
                                leaves,
                                from,
                                to,
                                exits,
                            }
                        })
                        .collect();
                    LevelState {
                        at: s * n + o,
                        splits,
                        fixed,
                        stays,
                    }
                })
                .collect()
        })
        .collect();
    let mut last = f64::INFINITY;
    // Rounds in a row that chose as the round before; solved once stable.
    let mut steady = 0;
    for _ in 0..MAX_ROUNDS {
        if steady == STEADY_ROUNDS {
            solve_choices(&split, seats, scores.start, n);
        }
        // A round is a few terms a state: no threads.
        let new: Vec<Vec<(f64, u8)>> = split
            .iter()
            .enumerate()
            .map(|(i, states)| {
                let value = reader(seats, i);
                states
                    .iter()
                    .map(|state| match state.fixed {
                        Some(k) => (state.total(0, &value), k),
                        None => best_choice(&std::array::from_fn(|k| state.total(k, &value))),
                    })
                    .collect()
            })
            .collect();
        let mut moved = 0.0f64;
        let mut same = true;
        for ((seat, new), states) in seats.iter_mut().zip(new).zip(&split) {
            for ((value, choice), state) in new.into_iter().zip(states) {
                moved = moved.max((seat.values[state.at] - value).abs());
                same &= seat.choices[state.at] == choice;
                seat.values[state.at] = value;
                seat.choices[state.at] = choice;
            }
        }
        steady = if same { steady + 1 } else { 0 };
        // Settled: nothing moves by more than rounding, or the moves
        // stopped shrinking once they are that small (rounding can keep a
        // few last bits circling instead of standing still).
        if moved <= FIXED_POINT_TOLERANCE || (moved <= ROUNDING && moved >= last) {
            prefer_moving_on(&split, seats, scores.start, n);
            return true;
        }
        last = moved;
    }
    prefer_moving_on(&split, seats, scores.start, n);
    false
}

/// Re-choose among the choices tied for best (within
/// [`TIE_TOLERANCE`](crate::policy::TIE_TOLERANCE)) so that the game moves
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
fn prefer_moving_on(split: &[Vec<LevelState>], seats: &mut [GeneralSeat], first: usize, n: usize) {
    if split.iter().flatten().all(|state| state.fixed.is_some()) {
        return; // tables only: nothing to choose
    }
    let seat_count = split.len();
    // The tied choices of every state, as a mask over `splits`. A state
    // whose choice (the fewest tied dice, or the table's) can leave keeps
    // it, and its other ties need not be known.
    let ties: Vec<Vec<u32>> = split
        .iter()
        .enumerate()
        .map(|(i, states)| {
            let value = reader(seats, i);
            states
                .iter()
                .map(|state| {
                    let current = match state.fixed {
                        Some(_) => 0,
                        None => usize::from(seats[i].choices[state.at]),
                    };
                    if state.fixed.is_some() || state.splits[current].exits {
                        return 1 << current;
                    }
                    tied(&std::array::from_fn(|k| state.total(k, &value)))
                })
                .collect()
        })
        .collect();
    // Rank by rank: a state settles on its fewest tied dice that leave or
    // reach a state settled in an earlier rank.
    let mut settled: Vec<Vec<bool>> = split.iter().map(|s| vec![false; s.len()]).collect();
    loop {
        let onward = |i: usize, state: &LevelState, k: usize| {
            let choice = state.splits[k];
            choice.exits
                || state.stays[choice.from as usize..choice.to as usize]
                    .iter()
                    .any(|&(_, slot)| {
                        let seat = if slot.other() {
                            (i + 1) % seat_count
                        } else {
                            i
                        };
                        settled[seat][slot.index() / n - first]
                    })
        };
        let newly: Vec<(usize, usize, usize)> = (split.iter().enumerate())
            .flat_map(|(i, states)| {
                states
                    .iter()
                    .enumerate()
                    .map(move |(j, state)| (i, j, state))
            })
            .filter(|&(i, j, _)| !settled[i][j])
            .filter_map(|(i, j, state)| {
                let mut dice = (0..=MAX_DICE).filter(|&k| ties[i][j] & 1 << k != 0);
                dice.find(|&k| onward(i, state, k)).map(|k| (i, j, k))
            })
            .collect();
        if newly.is_empty() {
            return;
        }
        for (i, j, k) in newly {
            settled[i][j] = true;
            let state = &split[i][j];
            if state.fixed.is_none() {
                seats[i].choices[state.at] = k as u8;
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

/// The values of the current choices on a level diagonal, solved exactly:
/// each value is its leaving part plus the staying outcomes' values (the
/// other player's as `1 - value`), a linear system, solved by Gaussian
/// elimination one connected group of states at a time. A group whose
/// system is singular (a game that never leaves it) keeps its values. The
/// rounds go on from here, so the result is still the rounds' fixed point.
fn solve_choices(split: &[Vec<LevelState>], seats: &mut [GeneralSeat], first: usize, n: usize) {
    let width = split[0].len();
    let count = split.len() * width;
    // Unknowns are numbered seat by seat in the diagonal's order.
    let unknown = |seat: usize, at: usize| seat * width + at / n - first;
    // Row u: x_u - sum(coefficient * x_v) = constant.
    let mut rows: Vec<(f64, Vec<(usize, f64)>)> = Vec::with_capacity(count);
    let mut ats = Vec::with_capacity(count);
    let mut parent: Vec<usize> = (0..count).collect();
    fn root(parent: &mut [usize], mut u: usize) -> usize {
        while parent[u] != u {
            parent[u] = parent[parent[u]];
            u = parent[u];
        }
        u
    }
    for (i, states) in split.iter().enumerate() {
        for state in states {
            let k = match state.fixed {
                Some(_) => 0,
                None => usize::from(seats[i].choices[state.at]),
            };
            let chosen = state.splits[k];
            let mut constant = chosen.leaves;
            let mut terms = Vec::new();
            let u = unknown(i, state.at);
            for &(prob, slot) in &state.stays[chosen.from as usize..chosen.to as usize] {
                let v = if slot.other() {
                    // prob * (1 - x_v)
                    constant.add(prob);
                    let v = unknown((i + 1) % split.len(), slot.index());
                    terms.push((v, -prob));
                    v
                } else {
                    let v = unknown(i, slot.index());
                    terms.push((v, prob));
                    v
                };
                let (a, b) = (root(&mut parent, u), root(&mut parent, v));
                parent[a.max(b)] = a.min(b);
            }
            rows.push((constant.value(), terms));
            ats.push(state.at);
        }
    }
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
    for u in 0..count {
        let r = root(&mut parent, u);
        members[r].push(u);
    }
    let mut place = vec![0; count];
    for group in members.iter().filter(|g| !g.is_empty()) {
        let m = group.len();
        for (a, &u) in group.iter().enumerate() {
            place[u] = a;
        }
        // The group's system, dense: [A | b].
        let mut a = vec![0.0f64; m * (m + 1)];
        for (r, &u) in group.iter().enumerate() {
            let row = &mut a[r * (m + 1)..(r + 1) * (m + 1)];
            row[r] += 1.0;
            for &(v, coefficient) in &rows[u].1 {
                row[place[v]] -= coefficient;
            }
            row[m] = rows[u].0;
        }
        if let Some(x) = gauss(&mut a, m) {
            for (&u, x) in group.iter().zip(x) {
                // Elimination's rounding can step just past a bound.
                seats[u / width].values[ats[u]] = x.clamp(0.0, 1.0);
            }
        }
    }
}

/// Solve the `m` x `m` system `[A | b]` (row-major, `m + 1` wide) by
/// Gaussian elimination with partial pivoting; `None` if it is singular (a
/// pivot below 1e-9: a game that cannot leave these states).
fn gauss(a: &mut [f64], m: usize) -> Option<Vec<f64>> {
    let w = m + 1;
    for c in 0..m {
        let pivot = (c..m)
            .max_by(|&x, &y| a[x * w + c].abs().total_cmp(&a[y * w + c].abs()))
            .expect("rows left");
        if a[pivot * w + c].abs() < 1e-9 {
            return None;
        }
        for k in 0..w {
            a.swap(c * w + k, pivot * w + k);
        }
        for r in c + 1..m {
            let f = a[r * w + c] / a[c * w + c];
            if f != 0.0 {
                for k in c..w {
                    a[r * w + k] -= f * a[c * w + k];
                }
            }
        }
    }
    let mut x = vec![0.0; m];
    for r in (0..m).rev() {
        let mut v = a[r * w + m];
        for k in r + 1..m {
            v -= a[r * w + k] * x[k];
        }
        x[r] = v / a[r * w + r];
    }
    Some(x)
}

/// Seat `i`'s value of rolling `dice` at `(s, o)` from the outcomes that
/// leave the diagonal (`on_diagonal` false), and whether there are any;
/// the outcomes that stay on it go to `stays`.
fn sum_leaving(
    tables: &RuleTables,
    seats: &[GeneralSeat],
    i: usize,
    (s, o, dice): (u32, u32, u32),
    on_diagonal: &impl Fn(Slot) -> bool,
    stays: &mut Vec<(f64, Slot)>,
) -> (Sum, bool) {
    let value = reader(seats, i);
    let (roll, points, slots) = tables.roll_at(s, o, dice);
    match roll {
        Roll::Zero(p) => {
            let slot = slots[points.map_or(p, |points| points[0]) as usize];
            split_outcomes([(1.0, slot)].into_iter(), &value, on_diagonal, stays)
        }
        Roll::Dice(roll) => match points {
            None => {
                let outcomes = roll.iter().map(|&(p, prob)| (prob, slots[p as usize]));
                split_outcomes(outcomes, &value, on_diagonal, stays)
            }
            Some(points) => {
                let outcomes =
                    (roll.iter().zip(points)).map(|(&(_, prob), &q)| (prob, slots[q as usize]));
                split_outcomes(outcomes, &value, on_diagonal, stays)
            }
        },
    }
}

/// The sum of the outcomes that leave and whether there are any, and the
/// ones that stay pushed to `stays` after the loop: a push may call the allocator, and a loop with
/// a call in it keeps its sum in memory instead of registers (three times
/// slower).
#[inline(always)]
fn split_outcomes(
    outcomes: impl Iterator<Item = (f64, Slot)> + Clone,
    value: &impl Fn(Slot) -> f64,
    on_diagonal: &impl Fn(Slot) -> bool,
    stays: &mut Vec<(f64, Slot)>,
) -> (Sum, bool) {
    let mut sum = Sum::default();
    let mut outcome_count = 0;
    // The first few staying outcomes kept on the stack (a Pig Out worth 0
    // is one); more than that are gathered by a second loop.
    let mut kept = [(0.0, Slot::default()); 4];
    let mut staying = 0;
    for (prob, slot) in outcomes.clone() {
        outcome_count += 1;
        if on_diagonal(slot) {
            if staying < kept.len() {
                kept[staying] = (prob, slot);
            }
            staying += 1;
        } else {
            sum.add(prob * value(slot));
        }
    }
    if staying <= kept.len() {
        stays.extend_from_slice(&kept[..staying]);
    } else {
        stays.extend(outcomes.filter(|&(_, slot)| on_diagonal(slot)));
    }
    (sum, staying < outcome_count)
}

/// What a landing is worth to seat `i`: its own value where it moves
/// again, else one minus the other seat's.
#[inline(always)]
fn reader(seats: &[GeneralSeat], i: usize) -> impl Fn(Slot) -> f64 + '_ {
    let own = &seats[i].values;
    let next = &seats[(i + 1) % seats.len()].values;
    move |slot: Slot| {
        if slot.other() {
            1.0 - next[slot.index()]
        } else {
            own[slot.index()]
        }
    }
}

/// Neumaier's compensated sum: the terms are small next to the total, so
/// the total is then within about an ulp of the exact sum of the rounded
/// products, and the general path's values sit within the fast path's own
/// rounding of the exact ones.
#[derive(Debug, Clone, Copy, Default)]
struct Sum {
    total: f64,
    carry: f64,
}

impl Sum {
    #[inline(always)]
    fn add(&mut self, term: f64) {
        let sum = self.total + term;
        self.carry += if self.total.abs() >= term.abs() {
            (self.total - sum) + term
        } else {
            (term - sum) + self.total
        };
        self.total = sum;
    }

    #[inline(always)]
    fn value(self) -> f64 {
        self.total + self.carry
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

/// The win probability of rolling `dice` for seat `i` at `(s, o)`: every
/// outcome summed, none kept aside (so nothing is allocated).
#[inline]
fn dice_value(
    tables: &RuleTables,
    seats: &[GeneralSeat],
    i: usize,
    s: u32,
    o: u32,
    dice: u32,
) -> f64 {
    sum_leaving(tables, seats, i, (s, o, dice), &|_| false, &mut Vec::new())
        .0
        .value()
}
