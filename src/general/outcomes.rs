//! The points of rolling `k` dice with any number of sides, under either
//! Pig Out rule, exact: every probability is an integer count of the
//! `sides^k` equally likely rolls divided by `sides^k`, correctly rounded
//! (both are below 2^53 for up to ten 20-sided dice). Rerolled dice (an
//! odd face rolled again, once) weigh their faces: each roll is counted in
//! the integer weights of its faces, and the total is still below 2^53.

use std::collections::BTreeMap;

use crate::dice::{sums_without_one, MAX_DICE};

/// The fewest and most faces a die may have.
pub const SIDES: std::ops::RangeInclusive<u32> = 2..=20;

/// The flag of a die code for rerolled dice: a die that shows an odd face
/// is rolled again, once, and shows what comes up then (Fall 2016's Hog
/// Wild). A die code is its sides, with this flag where the die is
/// rerolled; rolls and their tables are indexed by it.
pub const REROLLED: u32 = 32;

/// One more than the largest die code.
pub const DIE_CODES: usize = 2 * REROLLED as usize;

/// The sides of the die of `code`.
#[inline]
fn die_sides(code: u32) -> u32 {
    code & (REROLLED - 1)
}

/// The die code of dice with `sides` faces, rerolled or not.
#[inline]
pub fn die_code(sides: u32, rerolled: bool) -> u32 {
    if rerolled {
        sides | REROLLED
    } else {
        sides
    }
}

/// The integer weight of each face of the die `code` (faces 1 to its
/// sides), and their sum: all 1 for a fair die. A rerolled die with `m`
/// faces, `odd` of them odd, shows an even face `e` first with probability
/// `1/m` or after an odd one with `odd/m * 1/m`, an odd face only after an
/// odd one: weights `m + odd` and `odd` out of `m^2`, divided by their
/// greatest common divisor (six sides: 3 and 1 out of 12).
fn face_weights(code: u32) -> (Vec<u64>, u64) {
    let m = u64::from(die_sides(code));
    if code & REROLLED == 0 {
        return (vec![1; m as usize], m);
    }
    let odd = m.div_ceil(2);
    let weights: Vec<u64> = (1..=m)
        .map(|face| if face % 2 == 0 { m + odd } else { odd })
        .collect();
    let common = weights.iter().fold(0, |g, &w| gcd(g, w));
    let weights: Vec<u64> = weights.iter().map(|w| w / common).collect();
    let total = weights.iter().sum();
    (weights, total)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether `code` is a die hog rolls exactly: 2 to 20 sides, and for
/// rerolled dice a total weight whose tenth power stays below 2^53 (2 to 6,
/// 8, 10, 12, 14, 16 and 18 sides).
pub fn exact_die(code: u32) -> bool {
    if code >= DIE_CODES as u32 || !SIDES.contains(&die_sides(code)) {
        return false;
    }
    if code & REROLLED == 0 {
        // Fair dice: at most 20^10 rolls.
        return true;
    }
    let (_, total) = face_weights(code);
    total
        .checked_pow(MAX_DICE as u32)
        .is_some_and(|t| t < 1 << 53)
}

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
    /// `by_sides[code][k - 1]`, for the dice in use (empty otherwise).
    by_sides: Vec<Vec<Roll>>,
    /// `ways[code][k - 1][j]`: how many of the `sides^k` rolls give
    /// outcome `j` of `by_sides[code][k - 1]` (counted in the faces'
    /// weights for rerolled dice: see [`Rolls::total`]).
    ways: Vec<Vec<Vec<u64>>>,
    /// `totals[code]`: the weight of every roll of one die together.
    totals: Vec<u64>,
    /// `first[sides][k]`: where the outcomes of `k` dice start in a state's
    /// list of every choice's outcomes (zero dice's one, then those of 1 to
    /// 10 dice, as rules tables and the Python driver lay them out);
    /// `first[sides][11]` is the list's length.
    first: Vec<[usize; MAX_DICE + 2]>,
}

impl Rolls {
    /// The rolls of each die code of `sides` (a number of sides, or one
    /// with [`REROLLED`]) under `pig_out`. Dice may repeat: each is
    /// computed once.
    pub fn new(sides: impl IntoIterator<Item = u32>, pig_out: PigOut) -> Rolls {
        let mut by_sides = vec![Vec::new(); DIE_CODES];
        let mut ways = vec![Vec::new(); DIE_CODES];
        let mut totals = vec![0; DIE_CODES];
        let mut first = vec![[0; MAX_DICE + 2]; DIE_CODES];
        for m in sides {
            let m = m as usize;
            if by_sides[m].is_empty() {
                assert!(
                    exact_die(m as u32),
                    "dice have 2 to 20 sides, rolled exactly"
                );
                totals[m] = face_weights(m as u32).1;
                let counted: Vec<Vec<(u32, u64)>> = (1..=MAX_DICE as u32)
                    .map(|k| count(m as u32, k, pig_out))
                    .collect();
                let rolls: Vec<Roll> = (1..=MAX_DICE as u32)
                    .zip(&counted)
                    .map(|(k, counted)| {
                        let total = totals[m].pow(k) as f64;
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
            totals,
            first,
        }
    }

    /// Whether the rolls of die code `die` are here.
    pub fn has(&self, die: u32) -> bool {
        !self.by_sides[die as usize].is_empty()
    }

    /// The weight of every roll of `dice` dice of die code `sides`
    /// together: what [`Rolls::ways`] counts out of (`sides^dice` for fair
    /// dice).
    pub fn total(&self, sides: u32, dice: u32) -> u64 {
        self.totals[sides as usize].pow(dice)
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

/// The distinct points of `dice` dice of die code `sides`, counted in
/// integers and merged before dividing (a Pig Out of 5 points and a sum of
/// 5 are one outcome).
#[cfg(test)]
fn roll(sides: u32, dice: u32, pig_out: PigOut) -> Roll {
    let total = face_weights(sides).1.pow(dice) as f64;
    count(sides, dice, pig_out)
        .into_iter()
        .map(|(p, ways)| (p, ways as f64 / total))
        .collect()
}

/// The distinct points of `dice` dice of die code `sides`, each with the
/// number of rolls that give it: of the `sides^dice` equally likely ones,
/// or counted in the faces' weights (see [`face_weights`]).
fn count(sides: u32, dice: u32, pig_out: PigOut) -> Vec<(u32, u64)> {
    let (weights, total) = face_weights(sides);
    let ways = sums_without_one(&weights[1..], dice);
    let (k, one, rest) = (u64::from(dice), weights[0], total - weights[0]);
    let mut by_points: BTreeMap<u32, u64> = BTreeMap::new();
    match pig_out {
        PigOut::Points(p) => *by_points.entry(p).or_default() += total.pow(dice) - rest.pow(dice),
        PigOut::Ones => {
            for ones in 1..=k {
                let ways = choose(k, ones) * one.pow(ones as u32) * rest.pow((k - ones) as u32);
                *by_points.entry(ones as u32).or_default() += ways;
            }
        }
    }
    for (i, &ways) in ways.iter().enumerate() {
        *by_points.entry(2 * dice + i as u32).or_default() += ways;
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

    /// Fall 2016's rerolled dice by hand: an even face of six comes up
    /// first (1/6) or after an odd one (1/2 * 1/6): 1/4; an odd face only
    /// after an odd one: 1/12. Two dice: no 1 in (11/12)^2 of the rolls,
    /// a 2 and a 2 in 1/16, one 1 in 2 * 1/12 * 11/12.
    #[test]
    fn rerolled_dice_by_hand() {
        let six = die_code(6, true);
        assert_eq!(face_weights(six), (vec![1, 3, 1, 3, 1, 3], 12));
        let one = roll(six, 1, PigOut::Points(1));
        let want = [1.0, 3.0, 1.0, 3.0, 1.0, 3.0].map(|w| w / 12.0);
        assert_eq!(one, (1..=6).zip(want).collect::<Vec<_>>());
        let two = roll(six, 2, PigOut::Points(1));
        assert_eq!(two[0], (1, 23.0 / 144.0));
        assert_eq!(two[1], (4, 9.0 / 144.0));
        let ones = roll(six, 2, PigOut::Ones);
        assert_eq!(&ones[..2], &[(1, 22.0 / 144.0), (2, 1.0 / 144.0)]);
        // Four sides: 2 and 4 at 3/8, 1 and 3 at 1/8.
        assert_eq!(face_weights(die_code(4, true)), (vec![1, 3, 1, 3], 8));
        // Which rerolled dice stay exact: total weight^10 below 2^53.
        let exact: Vec<u32> = SIDES.filter(|&m| exact_die(die_code(m, true))).collect();
        assert_eq!(exact, [2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18]);
        assert!(SIDES.clone().all(exact_die) && !exact_die(die_code(21, false)));
        for m in exact {
            for k in 1..=MAX_DICE as u32 {
                let r = roll(die_code(m, true), k, PigOut::Ones);
                let total: f64 = r.iter().map(|&(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-14, "{m} {k}");
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
