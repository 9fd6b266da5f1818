//! The lookup fill: after a diagonal's states are known, the landing
//! outcomes whose raw score and opponent score sum to that diagonal.

use crate::engine::fast::recurrence;
use crate::rules::{diagonal_scores, state_index, Landing, Reach, StateLookups};

/// The lookup entries `(o, t)` with `o + t = d` that a diagonal's fill
/// writes: raw scores `t >= 1` (0 never follows a turn), both below the goal.
pub(super) struct Fill<'a> {
    pub(super) d: usize,
    /// The lowest raw score, and the [`state_index`] of `(t_first, d - t_first)`:
    /// the entries follow each other in the state table from there.
    pub(super) t_first: usize,
    pub(super) index: usize,
    pub(super) rows: Rows<'a>,
}

/// The opponent scores whose rows a fill writes.
pub(super) enum Rows<'a> {
    All(std::ops::Range<usize>),
    /// Only reachable states read the lookup: the rows of scores no game
    /// reaches are skipped.
    Some(&'a [usize]),
}

impl Fill<'_> {
    pub(super) fn on_diagonal(n: usize, d: usize, reach: Option<&Reach>) -> Fill<'_> {
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
    /// per entry: a match inside the loop cost an evaluation 10%. Relies on
    /// assumptions 2 and 3 of the module documentation: the landing state is
    /// on a diagonal already done, and it is the next seat's to move.
    #[inline(always)]
    pub(super) fn write(&self, target: Target<'_>, tables: &StateLookups<'_>, next: &[f64]) {
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
    pub(super) fn each(
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
pub(super) enum Target<'a> {
    /// Rows of `width` entries.
    Rows(&'a mut [f64], usize),
    /// The entries in state order, and the ring's level 0.
    Diagonal(&'a mut [f64], recurrence::Outcomes<'a>),
}
