//! A level diagonal's choices split in two: the outcomes that leave the
//! diagonal, summed once from the finished diagonals, and those that stay
//! on it, kept aside for the fixed point.

use rayon::prelude::*;

use super::landings::{sum_direct, Choice, Landings, Sum};
use super::seats::{reader, GeneralSeat};
use crate::dice::MAX_DICE;
use crate::engine::policy::{best_choice, Policy};
use crate::general::{RuleTables, Slot};

/// One choice at one state of a level diagonal, split in two: the part
/// that leaves the diagonal, which is fixed while the diagonal is solved
/// (a compensated sum), and the outcomes that stay on it (`stays[from..to]`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Split {
    pub(super) leaves: Sum,
    from: u32,
    to: u32,
    /// Whether any outcome leaves the diagonal (its probability may round
    /// away next to the staying ones', so it is kept as a fact).
    pub(super) exits: bool,
}

impl Split {
    /// One choice's split: `sum` adds up what leaves and pushes what stays
    /// onto `stays`, whose new end the split records.
    #[inline(always)]
    fn kept_in(
        stays: &mut Vec<(f64, Slot)>,
        sum: impl FnOnce(&mut Vec<(f64, Slot)>) -> (Sum, bool),
    ) -> Split {
        let from = stays.len() as u32;
        let (leaves, exits) = sum(stays);
        Split {
            leaves,
            from,
            to: stays.len() as u32,
            exits,
        }
    }
}

/// How the unknowns of a level diagonal are numbered: unknown `u` is seat
/// `u / width`'s state `u % width`, the states in the diagonal's order.
#[derive(Debug, Clone, Copy)]
pub(super) struct Unknowns {
    /// The first state's score.
    first: usize,
    /// The goal.
    n: usize,
    /// States on the diagonal.
    width: usize,
    seats: usize,
}

impl Unknowns {
    /// The unknowns of `split`, whose first state has score `first`, in a
    /// game to `n`.
    pub(super) fn new(split: &[LevelSeat], first: usize, n: usize) -> Unknowns {
        Unknowns {
            first,
            n,
            width: split[0].len(),
            seats: split.len(),
        }
    }

    /// How many there are.
    pub(super) fn count(self) -> usize {
        self.seats * self.width
    }

    /// The unknown of seat `i`'s state `j`.
    #[inline(always)]
    pub(super) fn of(self, i: usize, j: usize) -> usize {
        i * self.width + j
    }

    /// The seat and the state of unknown `u`.
    #[inline(always)]
    pub(super) fn seat_state(self, u: usize) -> (usize, usize) {
        (u / self.width, u % self.width)
    }

    /// The unknown an outcome of seat `i` that stays on the diagonal lands
    /// on: the other seat's where the other moves next.
    #[inline(always)]
    pub(super) fn landing(self, i: usize, slot: Slot) -> usize {
        let seat = if slot.other() {
            (i + 1) % self.seats
        } else {
            i
        };
        seat * self.width + slot.index() / self.n - self.first
    }
}

/// One seat's choices at every state of a level diagonal, in flat tables
/// (no allocation per state: the diagonals are short and many).
pub(super) struct LevelSeat {
    /// Each state's index (`s * n + o`), in the diagonal's order.
    pub(super) ats: Vec<usize>,
    /// The table's count at each state for a fixed seat, else empty.
    fixed: Vec<u8>,
    /// Choices a state has: every count for a best seat, the table's one
    /// for a fixed seat.
    pub(super) per: usize,
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
    pub(super) fn new(
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
                    let (s, o) = (s as u32, (d - s) as u32);
                    match table {
                        Some(table) => {
                            let choice = Choice::new(tables, s, o, u32::from(table.get(s, o)));
                            splits.push(Split::kept_in(&mut stays, |kept| {
                                sum_direct(&choice, &value, on_diagonal, kept)
                            }));
                        }
                        None => {
                            landings.read_all(tables, (s, o), &value, on_diagonal);
                            for k in 0..=MAX_DICE as u32 {
                                let choice = Choice::new(tables, s, o, k);
                                splits.push(Split::kept_in(&mut stays, |kept| {
                                    landings.sum(&choice, &value, on_diagonal, kept)
                                }));
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

    pub(super) fn len(&self) -> usize {
        self.ats.len()
    }

    /// The table's count at state `j`, for a fixed seat.
    pub(super) fn fixed(&self, j: usize) -> Option<u8> {
        self.fixed.get(j).copied()
    }

    /// State `j`'s split of its choice `c` (a count for a best seat, 0 for
    /// a fixed one).
    #[inline(always)]
    pub(super) fn split(&self, j: usize, c: usize) -> Split {
        self.splits[j * self.per + c]
    }

    /// The outcomes of `split` that stay on the diagonal.
    #[inline(always)]
    pub(super) fn stays(&self, split: Split) -> &[(f64, Slot)] {
        &self.stays[split.from as usize..split.to as usize]
    }

    /// The split state `j` takes now: its table's, or its current count's.
    pub(super) fn chosen(&self, j: usize, seat: &GeneralSeat) -> Split {
        match self.fixed(j) {
            Some(_) => self.split(j, 0),
            None => self.split(j, usize::from(seat.choices[self.ats[j]])),
        }
    }

    /// The value of split `c` of state `j` from the current values: its
    /// leaving part plus its staying outcomes.
    #[inline(always)]
    pub(super) fn total(&self, j: usize, c: usize, value: &impl Fn(Slot) -> f64) -> f64 {
        let split = self.split(j, c);
        let mut sum = split.leaves;
        for &(prob, slot) in self.stays(split) {
            sum.add(prob * value(slot));
        }
        sum.value()
    }

    /// State `j`'s value and choice from the current values.
    #[inline(always)]
    pub(super) fn choose(&self, j: usize, value: &impl Fn(Slot) -> f64) -> (f64, u8) {
        match self.fixed(j) {
            Some(k) => (self.total(j, 0, value), k),
            None => best_choice(&std::array::from_fn(|k| self.total(j, k, value))),
        }
    }
}
