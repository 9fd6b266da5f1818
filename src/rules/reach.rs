//! The states a game can reach from its start, whatever the players choose.
//!
//! An evaluation of two fixed strategies only needs the win probabilities at
//! the start, so it can skip every state no game reaches. Under Sus Fuss
//! about a third of the scores below 100 never stand at the end of a turn,
//! which leaves well under half of the states to visit.

use super::landing::{diagonal_scores, state_index, Landing, StateTable, LANDING_REACH};
#[cfg(doc)]
use super::MAX_TURN_POINTS;

/// The reachable states, diagonal by diagonal.
#[derive(Debug, Clone)]
pub struct Reach {
    /// For each reachable state `(s, o)` on diagonal `d`, its offset `s - first`
    /// from the diagonal's first state, in the order of [`state_index`].
    offsets: Vec<u16>,
    /// `offsets[bounds[d]..bounds[d + 1]]` are diagonal `d`'s.
    bounds: Vec<usize>,
    /// The opponent scores of reachable states, ascending.
    opponents: Vec<usize>,
}

impl Reach {
    /// The states reachable from `(0, 0)` by turns of any number of points
    /// up to [`LANDING_REACH`] - 1. That is more than any turn scores
    /// ([`MAX_TURN_POINTS`]): the solver's padded dot products also read the
    /// landings of a few higher raw scores, with weight zero, and zero times
    /// a value never computed could be NaN.
    ///
    /// Every turn raises the score sum, so one pass in increasing sum does:
    /// on diagonal `d`, raw score `t` against `o` is hit when some reachable
    /// `(s, o)` with `s < t` lies within reach, and the latest such `s` is
    /// the one to check. Hits mark their landings (on `d` or later); then
    /// the states of `d` are final.
    pub fn build(goal: usize, table: &StateTable) -> Reach {
        assert!(goal <= 1 << 16, "offsets fit 16 bits");
        let mut reached = vec![false; goal * goal];
        reached[0] = true;
        // The highest reachable score against each opponent score so far.
        let mut latest: Vec<Option<usize>> = vec![None; goal];
        let mut offsets = Vec::new();
        let mut bounds = vec![0];
        for d in 0..2 * goal - 1 {
            let scores = diagonal_scores(goal, d);
            let first = scores.start;
            let start = state_index(goal, first, d - first);
            for (index, t) in (start..).zip(scores.clone()) {
                let hit = latest[d - t].is_some_and(|s| s + LANDING_REACH > t);
                if hit {
                    if let Landing::Next(next) = table.landing(index) {
                        reached[next] = true;
                    }
                }
            }
            for (index, s) in (start..).zip(scores) {
                if reached[index] {
                    offsets.push((s - first) as u16);
                    latest[d - s] = Some(s);
                }
            }
            bounds.push(offsets.len());
        }
        let opponents = (0..goal).filter(|&o| latest[o].is_some()).collect();
        Reach {
            offsets,
            bounds,
            opponents,
        }
    }

    /// Offsets from the first state of diagonal `d` of its reachable states.
    #[inline]
    pub fn diagonal(&self, d: usize) -> &[u16] {
        &self.offsets[self.bounds[d]..self.bounds[d + 1]]
    }

    /// The opponent scores of reachable states, ascending.
    pub fn opponents(&self) -> &[usize] {
        &self.opponents
    }

    /// How many states are reachable.
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Whether no state is reachable (never: the start always is).
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Preset, Rules};

    /// The definition, step by step: from every reachable state, every raw
    /// score within reach.
    fn naive(rules: &Rules) -> Vec<bool> {
        let n = rules.size();
        let mut reached = vec![false; n * n];
        reached[0] = true;
        for d in 0..2 * n - 1 {
            for s in d.saturating_sub(n - 1)..=d.min(n - 1) {
                let o = d - s;
                if !reached[state_index(n, s, o)] {
                    continue;
                }
                for t in s + 1..s + LANDING_REACH {
                    if let Landing::Next(next) = rules.landing(t as u32, o as u32) {
                        reached[next] = true;
                    }
                }
            }
        }
        reached
    }

    #[test]
    fn one_pass_finds_exactly_the_reachable_states() {
        for preset in Preset::ALL {
            for goal in [1, 2, 30, 100] {
                let rules = Rules::preset(preset, goal).unwrap();
                let reach = rules.reach().expect("small goals are tabulated");
                let n = goal as usize;
                let mut found = vec![false; n * n];
                for d in 0..2 * n - 1 {
                    let first = diagonal_scores(n, d).start;
                    for &j in reach.diagonal(d) {
                        let s = first + j as usize;
                        found[state_index(n, s, d - s)] = true;
                    }
                }
                assert_eq!(found, naive(&rules), "{} to {goal}", preset.name());
                let opponents: Vec<usize> = (0..n)
                    .filter(|&o| (0..n).any(|s| found[state_index(n, s, o)]))
                    .collect();
                assert_eq!(reach.opponents(), opponents);
                assert_eq!(reach.len(), found.iter().filter(|&&r| r).count());
            }
        }
    }

    #[test]
    fn sus_numbers_never_stand_under_fa24() {
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let opponents = rules.reach().unwrap().opponents();
        // 21 and 49 are sus (4 and 3 divisors); 23 and 53 are primes.
        for sus in [21, 49] {
            assert!(!opponents.contains(&sus));
        }
        for fine in [0, 23, 53] {
            assert!(opponents.contains(&fine));
        }
    }
}
