//! The points of rolling `k` dice with any number of sides, under either
//! Pig Out rule, exact: every probability is an integer count of the
//! `sides^k` equally likely rolls divided by `sides^k`, correctly rounded
//! (both are below 2^53 for up to ten 20-sided dice).

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
}

impl Rolls {
    /// The rolls of dice with each of `sides` faces under `pig_out`.
    pub fn new(sides: impl IntoIterator<Item = u32>, pig_out: PigOut) -> Rolls {
        let mut by_sides = vec![Vec::new(); *SIDES.end() as usize + 1];
        for m in sides {
            assert!(SIDES.contains(&m), "dice have 2 to 20 sides");
            if by_sides[m as usize].is_empty() {
                by_sides[m as usize] = (1..=MAX_DICE as u32).map(|k| roll(m, k, pig_out)).collect();
            }
        }
        Rolls { by_sides }
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
fn roll(sides: u32, dice: u32, pig_out: PigOut) -> Roll {
    let counts = Counts::new(sides, dice);
    let mut by_points: Vec<(u32, u64)> = Vec::new();
    match pig_out {
        PigOut::Points(p) => by_points.push((p, counts.one_point)),
        PigOut::Ones => {
            let (k, rest) = (u64::from(dice), u64::from(sides - 1));
            for ones in 1..=k {
                let ways = choose(k, ones) * rest.pow((k - ones) as u32);
                by_points.push((ones as u32, ways));
            }
        }
    }
    for (i, &ways) in counts.no_one.iter().enumerate() {
        by_points.push((counts.min_sum() as u32 + i as u32, ways));
    }
    by_points.sort_by_key(|&(p, _)| p);
    let mut merged: Vec<(u32, u64)> = Vec::new();
    for (p, ways) in by_points {
        match merged.last_mut() {
            Some(last) if last.0 == p => last.1 += ways,
            _ => merged.push((p, ways)),
        }
    }
    let total = counts.total as f64;
    merged
        .into_iter()
        .filter(|&(_, ways)| ways > 0)
        .map(|(p, ways)| (p, ways as f64 / total))
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
