//! The points of rolling `k` dice with any number of sides, under either
//! Pig Out rule, exact: every probability is an integer count of the
//! `sides^k` equally likely rolls divided by `sides^k`, correctly rounded
//! (both are below 2^53 for up to ten 20-sided dice).

use std::collections::BTreeMap;

use crate::dice::{Counts, MAX_DICE};

/// The fewest and most faces a die may have.
pub const SIDES: std::ops::RangeInclusive<u32> = 2..=20;

/// What a roll with at least one 1 among its dice scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PigOut {
    /// A fixed number of points (1 in most semesters, 0 in some).
    Points(u32),
    /// The number of 1s rolled.
    Ones,
}

/// The distinct points of one roll with their probabilities, in increasing
/// points.
pub type Roll = Vec<(u32, f64)>;

/// The rolls of 1 to 10 dice for every die size a rule set uses.
#[derive(Debug, Clone)]
pub struct Rolls {
    /// `by_sides[sides][k - 1]`, for the sizes in use (empty otherwise).
    by_sides: Vec<Vec<Roll>>,
    /// `ways[sides][k - 1][j]`: how many of the `sides^k` rolls give
    /// outcome `j` of `by_sides[sides][k - 1]`.
    ways: Vec<Vec<Vec<u64>>>,
    /// `first[sides][k]`: where the outcomes of `k` dice start in a state's
    /// list of every choice's outcomes (zero dice's one, then those of 1 to
    /// 10 dice, as rules tables and the Python driver lay them out);
    /// `first[sides][11]` is the list's length.
    first: Vec<[usize; MAX_DICE + 2]>,
}

impl Rolls {
    /// The rolls of dice with each of `sides` faces under `pig_out`.
    /// Sizes may repeat: each is computed once.
    pub fn new(sides: impl IntoIterator<Item = u32>, pig_out: PigOut) -> Rolls {
        let mut by_sides = vec![Vec::new(); *SIDES.end() as usize + 1];
        let mut ways = vec![Vec::new(); *SIDES.end() as usize + 1];
        let mut first = vec![[0; MAX_DICE + 2]; *SIDES.end() as usize + 1];
        for m in sides {
            assert!(SIDES.contains(&m), "dice have 2 to 20 sides");
            let m = m as usize;
            if by_sides[m].is_empty() {
                let counted: Vec<Vec<(u32, u64)>> = (1..=MAX_DICE as u32)
                    .map(|k| count(m as u32, k, pig_out))
                    .collect();
                let rolls: Vec<Roll> = (1..=MAX_DICE as u32)
                    .zip(&counted)
                    .map(|(k, counted)| {
                        let total = (m as u64).pow(k) as f64;
                        counted
                            .iter()
                            .map(|&(p, w)| (p, w as f64 / total))
                            .collect()
                    })
                    .collect();
                ways[m] = counted
                    .into_iter()
                    .map(|c| c.into_iter().map(|(_, w)| w).collect())
                    .collect();
                first[m][1] = 1;
                for k in 1..=MAX_DICE {
                    first[m][k + 1] = first[m][k] + rolls[k - 1].len();
                }
                by_sides[m] = rolls;
            }
        }
        Rolls {
            by_sides,
            ways,
            first,
        }
    }

    /// How many of the `sides^dice` equally likely rolls give each outcome
    /// of [`Rolls::get`], in its order.
    pub fn ways(&self, sides: u32, dice: u32) -> &[u64] {
        &self.ways[sides as usize][dice as usize - 1]
    }

    /// Where the outcomes of `dice` dice with `sides` faces start in a
    /// state's list of every choice's outcomes (see [`Rolls::per_state`]).
    #[inline(always)]
    pub fn first(&self, sides: u32, dice: u32) -> usize {
        self.first[sides as usize][dice as usize]
    }

    /// The length of a state's list of every choice's outcomes with
    /// `sides`-faced dice: zero dice's one, then each roll's.
    pub fn per_state(&self, sides: u32) -> usize {
        self.first[sides as usize][MAX_DICE + 1]
    }

    /// The points of rolling `dice >= 1` dice with `sides` faces.
    pub fn get(&self, sides: u32, dice: u32) -> &Roll {
        &self.by_sides[sides as usize][dice as usize - 1]
    }
}

/// `C(n, k)` for the small numbers here.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// The distinct points of `dice` dice with `sides` faces, counted in
/// integers and merged before dividing (a Pig Out of 5 points and a sum of
/// 5 are one outcome).
#[cfg(test)]
fn roll(sides: u32, dice: u32, pig_out: PigOut) -> Roll {
    let total = u64::from(sides).pow(dice) as f64;
    count(sides, dice, pig_out)
        .into_iter()
        .map(|(p, ways)| (p, ways as f64 / total))
        .collect()
}

/// The distinct points of `dice` dice with `sides` faces, each with the
/// number of the `sides^dice` rolls that give it.
fn count(sides: u32, dice: u32, pig_out: PigOut) -> Vec<(u32, u64)> {
    let counts = Counts::new(sides, dice);
    let mut by_points: BTreeMap<u32, u64> = BTreeMap::new();
    match pig_out {
        PigOut::Points(p) => *by_points.entry(p).or_default() += counts.one_point,
        PigOut::Ones => {
            let (k, rest) = (u64::from(dice), u64::from(sides - 1));
            for ones in 1..=k {
                let ways = choose(k, ones) * rest.pow((k - ones) as u32);
                *by_points.entry(ones as u32).or_default() += ways;
            }
        }
    }
    for (i, &ways) in counts.no_one.iter().enumerate() {
        *by_points
            .entry(counts.min_sum() as u32 + i as u32)
            .or_default() += ways;
    }
    by_points
        .into_iter()
        .filter(|&(_, ways)| ways > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_six_sided_dice_by_hand() {
        // 11 of 36 rolls hold a 1; 2+2 is 1 roll, 2+3 and 3+2 are 2.
        let r = roll(6, 2, PigOut::Points(1));
        assert_eq!(r[0], (1, 11.0 / 36.0));
        assert_eq!(r[1], (4, 1.0 / 36.0));
        assert_eq!(r[2], (5, 2.0 / 36.0));
        assert_eq!(r.last(), Some(&(12, 1.0 / 36.0)));
        // Pig Out as the number of 1s: one 1 in 10 rolls, two in 1.
        let r = roll(6, 2, PigOut::Ones);
        assert_eq!(&r[..2], &[(1, 10.0 / 36.0), (2, 1.0 / 36.0)]);
        // Pig Out scoring 4 merges with the sum 4 (2+2).
        let r = roll(6, 2, PigOut::Points(4));
        assert_eq!(r[0], (4, 12.0 / 36.0));
    }

    #[test]
    fn every_roll_sums_to_one_and_matches_the_six_and_four_sided_sets() {
        for sides in SIDES {
            for dice in 1..=MAX_DICE as u32 {
                for pig in [PigOut::Points(0), PigOut::Points(1), PigOut::Ones] {
                    let r = roll(sides, dice, pig);
                    let total: f64 = r.iter().map(|&(_, p)| p).sum();
                    assert!((total - 1.0).abs() < 1e-14, "{sides} {dice} {pig:?}");
                    assert!(r.windows(2).all(|w| w[0].0 < w[1].0));
                }
            }
        }
        for sides in [4, 6] {
            let set = crate::dice::DiceSet::new(sides);
            for (k, d) in (1..).zip(&set.by_count) {
                for (p, prob) in roll(sides, k, PigOut::Points(1)) {
                    assert_eq!(prob, d.probability(p as usize), "d{sides} x{k} {p}");
                }
            }
        }
    }

    #[test]
    fn ten_twenty_sided_dice_are_exact() {
        // 19^10 of the 20^10 rolls hold no 1; the largest sum is one roll.
        let r = roll(20, 10, PigOut::Points(1));
        assert_eq!(
            r[0],
            (1, (20f64.powi(10) - 19f64.powi(10)) / 20f64.powi(10))
        );
        assert_eq!(r.last(), Some(&(200, 1.0 / 20f64.powi(10))));
    }
}
