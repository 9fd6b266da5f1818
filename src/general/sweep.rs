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
//! [`FIXED_POINT_TOLERANCE`], or until the moves, once below 1e-14, stop
//! shrinking (rounding circling in the last bits). Where no play can stall
//! on the diagonal the fixed point is unique and is found by policy
//! iteration, one linked group of states at a time ([`by_groups`]); where
//! play can stall, by rounds from 1/2 over the whole diagonal
//! ([`by_rounds`]), which choose the fixed point the game's "half a win
//! each" for a game that never ends calls for.

use rayon::prelude::*;

use super::landings::{self, sum_direct, Choice, Landings, Sum};
use super::tables::{RuleTables, Slot, CONSTANTS};
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
    sweep(tables, policies, false)
}

/// [`general_sweep`] with every level diagonal solved by rounds from 1/2
/// (as where play may stall), to hold policy iteration to them.
#[cfg(test)]
pub(super) fn general_sweep_by_rounds(
    tables: &RuleTables,
    policies: &[Policy<'_>],
) -> GeneralResult {
    sweep(tables, policies, true)
}

/// The sweep, with `rounds_only` as in [`general_sweep_by_rounds`].
fn sweep(tables: &RuleTables, policies: &[Policy<'_>], rounds_only: bool) -> GeneralResult {
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
                let rounds = rounds_only || tables.may_stall(d);
                let at = (d, scores.clone());
                if !solve_level(tables, &sums, &mut seats, policies, at, rounds) {
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

/// One seat's choices at every state of a level diagonal, in flat tables
/// (no allocation per state: the diagonals are short and many).
struct LevelSeat {
    /// Each state's index (`s * n + o`), in the diagonal's order.
    ats: Vec<usize>,
    /// The table's count at each state for a fixed seat, else empty.
    fixed: Vec<u8>,
    /// Choices a state has: every count for a best seat, the table's one
    /// for a fixed seat.
    per: usize,
    /// `splits[state * per + c]`.
    splits: Vec<Split>,
    /// The outcomes that stay on the diagonal, of every split.
    stays: Vec<(f64, Slot)>,
}

/// States a thread splits at a time: a diagonal of fewer is split on the
/// calling thread (handing a few microseconds of work to another thread
/// costs more than it saves: at goal 100, two threads were slower than one).
const SPLIT_CHUNK: usize = 128;

/// The splits of a chunk of states and their staying outcomes.
type Part = (Vec<Split>, Vec<(f64, Slot)>);

impl LevelSeat {
    /// Seat `i`'s splits at the states `(s, d - s)` for `s` in `scores`:
    /// every outcome that leaves the diagonal summed once from the finished
    /// diagonals, chunks of states on every thread, joined in order.
    fn new(
        tables: &RuleTables,
        seats: &[GeneralSeat],
        policy: Policy<'_>,
        i: usize,
        d: usize,
        scores: std::ops::Range<usize>,
        on_diagonal: &(impl Fn(Slot) -> bool + Sync),
    ) -> LevelSeat {
        let n = tables.goal() as usize;
        let table = match policy {
            Policy::Fixed(table) => Some(table),
            Policy::Best => None,
        };
        let per = if table.is_some() { 1 } else { MAX_DICE + 1 };
        let states: Vec<usize> = scores.collect();
        let parts: Vec<Part> = states
            .par_chunks(SPLIT_CHUNK)
            .map(|chunk| {
                let mut splits = Vec::with_capacity(chunk.len() * per);
                let mut stays = Vec::with_capacity(chunk.len() * 2 * per);
                let mut landings = Landings::default();
                let value = reader(seats, i);
                for &s in chunk {
                    let o = (d - s) as u32;
                    let s = s as u32;
                    let split = |landings: &mut Landings, stays: &mut Vec<_>, k: u8| {
                        let from = stays.len() as u32;
                        let choice = Choice::new(tables, s, o, u32::from(k));
                        let (leaves, exits) = landings.sum(&choice, stays);
                        let to = stays.len() as u32;
                        Split {
                            leaves,
                            from,
                            to,
                            exits,
                        }
                    };
                    match table {
                        Some(table) => {
                            let k = table.get(s, o);
                            let from = stays.len() as u32;
                            let choice = Choice::new(tables, s, o, u32::from(k));
                            let (leaves, exits) =
                                sum_direct(&choice, &value, on_diagonal, &mut stays);
                            let to = stays.len() as u32;
                            splits.push(Split {
                                leaves,
                                from,
                                to,
                                exits,
                            });
                        }
                        None => {
                            let slots = tables.slots(s, o);
                            landings.read_all(slots, tables.top(s, o), &value, on_diagonal);
                            for k in 0..=MAX_DICE as u8 {
                                splits.push(split(&mut landings, &mut stays, k));
                            }
                        }
                    }
                }
                (splits, stays)
            })
            .collect();
        let mut splits = Vec::with_capacity(states.len() * per);
        let mut stays = Vec::new();
        for (part, part_stays) in parts {
            let offset = stays.len() as u32;
            splits.extend(part.into_iter().map(|split| Split {
                from: split.from + offset,
                to: split.to + offset,
                ..split
            }));
            stays.extend(part_stays);
        }
        let fixed = match table {
            Some(table) => states
                .iter()
                .map(|&s| table.get(s as u32, (d - s) as u32))
                .collect(),
            None => Vec::new(),
        };
        LevelSeat {
            ats: states.iter().map(|&s| s * n + d - s).collect(),
            fixed,
            per,
            splits,
            stays,
        }
    }

    fn len(&self) -> usize {
        self.ats.len()
    }

    /// The table's count at state `j`, for a fixed seat.
    fn fixed(&self, j: usize) -> Option<u8> {
        self.fixed.get(j).copied()
    }

    /// State `j`'s split of its choice `c` (a count for a best seat, 0 for
    /// a fixed one).
    #[inline(always)]
    fn split(&self, j: usize, c: usize) -> Split {
        self.splits[j * self.per + c]
    }

    /// The outcomes of `split` that stay on the diagonal.
    #[inline(always)]
    fn stays(&self, split: Split) -> &[(f64, Slot)] {
        &self.stays[split.from as usize..split.to as usize]
    }

    /// The split state `j` takes now: its table's, or its current count's.
    fn chosen(&self, j: usize, seat: &GeneralSeat) -> Split {
        match self.fixed(j) {
            Some(_) => self.split(j, 0),
            None => self.split(j, usize::from(seat.choices[self.ats[j]])),
        }
    }

    /// The value of split `c` of state `j` from the current values: its
    /// leaving part plus its staying outcomes.
    #[inline(always)]
    fn total(&self, j: usize, c: usize, value: &impl Fn(Slot) -> f64) -> f64 {
        let split = self.split(j, c);
        let mut sum = split.leaves;
        for &(prob, slot) in self.stays(split) {
            sum.add(prob * value(slot));
        }
        sum.value()
    }

    /// State `j`'s value and choice from the current values.
    #[inline(always)]
    fn choose(&self, j: usize, value: &impl Fn(Slot) -> f64) -> (f64, u8) {
        match self.fixed(j) {
            Some(k) => (self.total(j, 0, value), k),
            None => best_choice(&std::array::from_fn(|k| self.total(j, k, value))),
        }
    }
}

/// Solve level diagonal `d` as a fixed point: every outcome that leaves it
/// is summed once, then [`by_groups`] or, with `by_rounds_only` (where
/// play may stall), [`by_rounds`] recompute only the few outcomes that stay
/// on it; last, tied choices that would stall give way to ones that move
/// on. `false` if it had not settled after [`MAX_ROUNDS`] rounds.
fn solve_level(
    tables: &RuleTables,
    sums: &[u16],
    seats: &mut [GeneralSeat],
    policies: &[Policy<'_>],
    (d, scores): (usize, std::ops::Range<usize>),
    by_rounds_only: bool,
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
    let settled = if by_rounds_only {
        by_rounds(&split, seats, scores.start, n)
    } else {
        by_groups(&split, seats, scores.start, n)
    };
    prefer_moving_on(&split, seats, scores.start, n);
    settled
}

/// Whether a round's moves say the values are settled: nothing moves by
/// more than rounding, or the moves stopped shrinking once they are that
/// small (rounding can keep a few last bits circling instead of standing
/// still).
fn settled(moved: f64, last: f64) -> bool {
    moved <= FIXED_POINT_TOLERANCE || (moved <= ROUNDING && moved >= last)
}

/// One round over the unknowns `unknowns` (seat `u / width`, state
/// `u % width` of the diagonal): each value and choice from the current
/// values (Jacobi: all computed, then all written). How far the values
/// moved, and whether every choice stayed.
fn round(
    split: &[LevelSeat],
    seats: &mut [GeneralSeat],
    unknowns: impl Iterator<Item = usize> + Clone,
    new: &mut Vec<(f64, u8)>,
) -> (f64, bool) {
    let width = split[0].len();
    new.clear();
    for u in unknowns.clone() {
        let (i, j) = (u / width, u % width);
        new.push(split[i].choose(j, &reader(seats, i)));
    }
    let mut moved = 0.0f64;
    let mut same = true;
    for (u, &(value, choice)) in unknowns.zip(new.iter()) {
        let (i, j) = (u / width, u % width);
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
fn by_rounds(split: &[LevelSeat], seats: &mut [GeneralSeat], first: usize, n: usize) -> bool {
    let count = split.len() * split[0].len();
    let mut scratch = Solver::default();
    let mut new = Vec::with_capacity(count);
    let mut last = f64::INFINITY;
    // Rounds in a row that chose as the round before; solved once stable.
    let mut steady = 0;
    for _ in 0..MAX_ROUNDS {
        if steady == STEADY_ROUNDS {
            scratch.solve(split, seats, first, n);
        }
        let (moved, same) = round(split, seats, 0..count, &mut new);
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
/// others go on. Choices start from those of the states just above (the
/// best choice changes little from one diagonal to the next), so the
/// first round usually confirms them. `false` if some group had not
/// settled after [`MAX_ROUNDS`] rounds.
fn by_groups(split: &[LevelSeat], seats: &mut [GeneralSeat], first: usize, n: usize) -> bool {
    let width = split[0].len();
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
    let mut scratch = Solver::default();
    let mut new = Vec::new();
    let mut all_settled = true;
    let (order, ends) = linked_groups(split, first, n);
    let mut from = 0;
    for to in ends {
        let group = &order[from..to];
        from = to;
        // A lone state none of whose outcomes stays: one round is exact.
        let lone = group.len() == 1 && {
            let (i, j) = (group[0] / width, group[0] % width);
            (0..split[i].per).all(|c| split[i].stays(split[i].split(j, c)).is_empty())
        };
        if lone {
            round(split, seats, group.iter().copied(), &mut new);
            continue;
        }
        let mut last = f64::INFINITY;
        let mut done = false;
        for r in 0..MAX_ROUNDS {
            if r < SOLVED_ROUNDS {
                scratch.solve_group(split, seats, (first, n), group);
            }
            let (moved, _) = round(split, seats, group.iter().copied(), &mut new);
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

/// The unknowns of a level diagonal (seat `u / width`, state `u % width`)
/// in groups that no outcome of any choice links to each other, each
/// group in rising order, the groups by their first unknown: the unknowns
/// group by group, and where each group ends.
fn linked_groups(split: &[LevelSeat], first: usize, n: usize) -> (Vec<usize>, Vec<usize>) {
    let width = split[0].len();
    let count = split.len() * width;
    let mut parent: Vec<usize> = (0..count).collect();
    for (i, level) in split.iter().enumerate() {
        for j in 0..level.len() {
            let u = i * width + j;
            // Most of a state's choices stay at the same few landings.
            let mut last = None;
            for c in 0..level.per {
                for &(_, slot) in level.stays(level.split(j, c)) {
                    if last.replace(slot) == Some(slot) {
                        continue;
                    }
                    let seat = if slot.other() {
                        (i + 1) % split.len()
                    } else {
                        i
                    };
                    let v = seat * width + slot.index() / n - first;
                    let (a, b) = (root(&mut parent, u), root(&mut parent, v));
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
    }
    // A group's root is its smallest unknown: placing the unknowns in
    // rising order after room is kept for each group, in the order of
    // their roots, lists the groups by their first unknown.
    let mut size = vec![0; count];
    for u in 0..count {
        let r = root(&mut parent, u);
        size[r] += 1;
    }
    let mut ends = Vec::new();
    let mut next = vec![0; count];
    let mut at = 0;
    for r in 0..count {
        if size[r] > 0 {
            next[r] = at;
            at += size[r];
            ends.push(at);
        }
    }
    let mut order = vec![0; count];
    // A parent is never above its child and the roots were found in rising
    // order, so each unknown's parent is now its root.
    for (u, &r) in parent.iter().enumerate() {
        order[next[r]] = u;
        next[r] += 1;
    }
    (order, ends)
}

/// The root of `u` in a union-find forest, halving the path on the way.
fn root(parent: &mut [usize], mut u: usize) -> usize {
    while parent[u] != u {
        parent[u] = parent[parent[u]];
        u = parent[u];
    }
    u
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
fn prefer_moving_on(split: &[LevelSeat], seats: &mut [GeneralSeat], first: usize, n: usize) {
    if split.iter().all(|level| level.per == 1) {
        return; // tables only: nothing to choose
    }
    // Where every chosen move can leave, each state keeps its choice.
    let all_leave = split.iter().zip(seats.iter()).all(|(level, seat)| {
        level.fixed.is_empty() && (0..level.len()).all(|j| level.chosen(j, seat).exits)
    });
    if all_leave {
        return;
    }
    let seat_count = split.len();
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
                    let seat = if slot.other() {
                        (i + 1) % seat_count
                    } else {
                        i
                    };
                    settled[seat][slot.index() / n - first]
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

/// The buffers of [`Solver::solve`], kept from one solve to the next.
#[derive(Default)]
struct Solver {
    /// Row `u` of the system: `x_u - sum(coefficient * x_v) = constant`,
    /// its terms `terms[starts[u]..ends[u]]`.
    constants: Vec<f64>,
    starts: Vec<usize>,
    ends: Vec<usize>,
    terms: Vec<(usize, f64)>,
    parent: Vec<usize>,
    /// The unknowns grouped by connected group, each group contiguous.
    order: Vec<usize>,
    place: Vec<usize>,
    dense: Vec<f64>,
    x: Vec<f64>,
}

impl Solver {
    /// The values of the current choices on a level diagonal, solved
    /// exactly: each value is its leaving part plus the staying outcomes'
    /// values (the other player's as `1 - value`), a linear system, solved
    /// by Gaussian elimination one group of states linked by the current
    /// choices at a time. A group whose system is singular (a game that
    /// never leaves it) keeps its values.
    fn solve(&mut self, split: &[LevelSeat], seats: &mut [GeneralSeat], first: usize, n: usize) {
        let count = split.len() * split[0].len();
        self.rows(split, seats, (first, n), 0..count, true);
        // Group the unknowns by root, each group in rising order.
        for u in 0..count {
            root(&mut self.parent, u);
        }
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend(0..count);
        let parent = &self.parent;
        order.sort_by_key(|&u| (parent[u], u));
        let mut from = 0;
        while from < count {
            let group_root = self.parent[order[from]];
            let to = from
                + order[from..]
                    .iter()
                    .take_while(|&&u| self.parent[u] == group_root)
                    .count();
            self.solve_rows(split, seats, &order[from..to]);
            from = to;
        }
        self.order = order;
    }

    /// The values of the current choices at the unknowns `group`, which no
    /// choice's staying outcome leaves, solved exactly as one system.
    fn solve_group(
        &mut self,
        split: &[LevelSeat],
        seats: &mut [GeneralSeat],
        (first, n): (usize, usize),
        group: &[usize],
    ) {
        self.rows(split, seats, (first, n), group.iter().copied(), false);
        self.solve_rows(split, seats, group);
    }

    /// The rows of the unknowns `unknowns` (unknown `u` is seat
    /// `u / width`'s state `u % width` of the diagonal), and with `link`
    /// the unknowns their terms link, joined in `parent`.
    fn rows(
        &mut self,
        split: &[LevelSeat],
        seats: &[GeneralSeat],
        (first, n): (usize, usize),
        unknowns: impl Iterator<Item = usize> + Clone,
        link: bool,
    ) {
        let width = split[0].len();
        let count = split.len() * width;
        let unknown = |seat: usize, at: usize| seat * width + at / n - first;
        // Sized for the whole diagonal, written only at `unknowns`.
        self.constants.resize(count, 0.0);
        self.starts.resize(count, 0);
        self.ends.resize(count, 0);
        self.place.resize(count, 0);
        self.terms.clear();
        if link {
            self.parent.clear();
            self.parent.extend(0..count);
        }
        for u in unknowns {
            let (i, j) = (u / width, u % width);
            let level = &split[i];
            let chosen = level.chosen(j, &seats[i]);
            let mut constant = chosen.leaves;
            self.starts[u] = self.terms.len();
            for &(prob, slot) in level.stays(chosen) {
                let v = if slot.other() {
                    // prob * (1 - x_v)
                    constant.add(prob);
                    let v = unknown((i + 1) % split.len(), slot.index());
                    self.terms.push((v, -prob));
                    v
                } else {
                    let v = unknown(i, slot.index());
                    self.terms.push((v, prob));
                    v
                };
                if link {
                    let (a, b) = (root(&mut self.parent, u), root(&mut self.parent, v));
                    self.parent[a.max(b)] = a.min(b);
                }
            }
            self.ends[u] = self.terms.len();
            self.constants[u] = constant.value();
        }
    }

    /// Solve the rows of `group` (whose terms stay in it) as one dense
    /// system, and write the values.
    fn solve_rows(&mut self, split: &[LevelSeat], seats: &mut [GeneralSeat], group: &[usize]) {
        let width = split[0].len();
        let m = group.len();
        for (a, &u) in group.iter().enumerate() {
            self.place[u] = a;
        }
        // [A | b].
        self.dense.clear();
        self.dense.resize(m * (m + 1), 0.0);
        for (r, &u) in group.iter().enumerate() {
            let row = &mut self.dense[r * (m + 1)..(r + 1) * (m + 1)];
            row[r] += 1.0;
            for &(v, coefficient) in &self.terms[self.starts[u]..self.ends[u]] {
                row[self.place[v]] -= coefficient;
            }
            row[m] = self.constants[u];
        }
        if gauss(&mut self.dense, m, &mut self.x) {
            for (&u, &x) in group.iter().zip(&self.x) {
                let (i, j) = (u / width, u % width);
                // Elimination's rounding can step just past a bound.
                seats[i].values[split[i].ats[j]] = x.clamp(0.0, 1.0);
            }
        }
    }
}

/// Solve the `m` x `m` system `[A | b]` (row-major, `m + 1` wide) by
/// Gaussian elimination with partial pivoting into `x`; `false` if it is
/// singular (a pivot below 1e-9: a game that cannot leave these states).
fn gauss(a: &mut [f64], m: usize, x: &mut Vec<f64>) -> bool {
    let w = m + 1;
    for c in 0..m {
        let pivot = (c..m)
            .max_by(|&x, &y| a[x * w + c].abs().total_cmp(&a[y * w + c].abs()))
            .expect("rows left");
        if a[pivot * w + c].abs() < 1e-9 {
            return false;
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
    x.clear();
    x.resize(m, 0.0);
    for r in (0..m).rev() {
        let mut v = a[r * w + m];
        for k in r + 1..m {
            v -= a[r * w + k] * x[k];
        }
        x[r] = v / a[r * w + r];
    }
    true
}

/// What a landing is worth to seat `i`: its own value where it moves
/// again, else one minus the other seat's.
#[inline(always)]
fn reader(seats: &[GeneralSeat], i: usize) -> impl Fn(Slot) -> f64 + '_ {
    landings::reader(&seats[i].values, &seats[(i + 1) % seats.len()].values)
}

/// Off a level diagonal, every outcome leaves it.
#[inline(always)]
fn leaves(_: Slot) -> bool {
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
            let (sum, _) = sum_direct(&choice, &reader(seats, i), &leaves, &mut Vec::new());
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
    let slots = tables.slots(s, o);
    landings.read_all(slots, tables.top(s, o), &reader(seats, i), &leaves);
    std::array::from_fn(|k| {
        let choice = Choice::new(tables, s, o, k as u32);
        landings.sum(&choice, &mut Vec::new()).0.value()
    })
}
