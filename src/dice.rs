//! Exact outcome distributions of rolling `k` fair dice under the Sow Sad /
//! Pig Out rule: any die showing 1 makes the turn score exactly 1.
//!
//! Everything is counted in integers first (the number of the `sides^k`
//! equally likely rolls that give each sum) so the distributions are exact;
//! probabilities are those counts divided by `sides^k`, each one correctly
//! rounded.

/// The most dice a player may roll in one turn.
pub const MAX_DICE: usize = 10;

/// The largest number of points a single turn of rolling can score (ten sixes).
pub const MAX_ROLL_POINTS: usize = 6 * MAX_DICE;

/// Integer outcome counts for rolling `dice` dice with `sides` faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    /// Number of faces on each die.
    pub sides: u32,
    /// Number of dice rolled.
    pub dice: u32,
    /// All `sides^dice` equally likely rolls.
    pub total: u64,
    /// Rolls in which at least one die shows 1 (the turn scores 1).
    pub one_point: u64,
    /// `no_one[i]` counts the rolls without a 1 whose sum is `2 * dice + i`.
    pub no_one: Vec<u64>,
}

/// The rolls of `dice` dice without a 1 by their sum, counted in the
/// weights of faces 2, 3, ... (`weights[0]` is face 2's; all 1 for fair
/// dice): `ways[j]` for the sum `2 * dice + j`. A polynomial power.
pub fn sums_without_one(weights: &[u64], dice: u32) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..dice {
        let mut next = vec![0u64; ways.len() + weights.len() - 1];
        for (j, &w) in ways.iter().enumerate() {
            for (face, &weight) in weights.iter().enumerate() {
                next[j + face] += w * weight;
            }
        }
        ways = next;
    }
    ways
}

impl Counts {
    /// Counts for `dice` dice with `sides` faces (`sides >= 2`).
    pub fn new(sides: u32, dice: u32) -> Counts {
        assert!(sides >= 2, "a die needs at least two faces");
        let ways = sums_without_one(&vec![1; sides as usize - 1], dice);
        let total = u64::from(sides).pow(dice);
        let no_one_total = u64::from(sides - 1).pow(dice);
        let one_point = if dice == 0 { 0 } else { total - no_one_total };
        Counts {
            sides,
            dice,
            total,
            one_point,
            no_one: if dice == 0 { Vec::new() } else { ways },
        }
    }

    /// The smallest sum of a roll without a 1.
    pub fn min_sum(&self) -> usize {
        2 * self.dice as usize
    }
}

/// Probabilities for rolling `dice` dice: `P(1 point)` and the sums without a 1.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// Number of dice rolled (at least 1).
    pub dice: usize,
    /// Probability that some die shows 1 and the turn scores 1.
    pub one_point: f64,
    /// Smallest sum of a roll without a 1 (`2 * dice`).
    pub min_sum: usize,
    /// `sums[i]` is the probability of a roll without a 1 summing to `min_sum + i`.
    pub sums: Vec<f64>,
}

impl Distribution {
    /// Exact distribution for `dice >= 1` dice with `sides` faces.
    pub fn new(sides: u32, dice: u32) -> Distribution {
        assert!(dice >= 1, "rolling zero dice is a rule, not a distribution");
        let c = Counts::new(sides, dice);
        let total = c.total as f64; // at most 6^10 < 2^53: exact
        Distribution {
            dice: dice as usize,
            one_point: c.one_point as f64 / total,
            min_sum: c.min_sum(),
            sums: c.no_one.iter().map(|&n| n as f64 / total).collect(),
        }
    }

    /// Probability of scoring exactly `points` on this roll.
    pub fn probability(&self, points: usize) -> f64 {
        let from_sums = points
            .checked_sub(self.min_sum)
            .and_then(|i| self.sums.get(i))
            .copied()
            .unwrap_or(0.0);
        if points == 1 {
            self.one_point + from_sums
        } else {
            from_sums
        }
    }

    /// Expected points of the roll.
    pub fn expected_points(&self) -> f64 {
        self.one_point
            + self
                .sums
                .iter()
                .enumerate()
                .map(|(i, p)| (self.min_sum + i) as f64 * p)
                .sum::<f64>()
    }

    /// The largest number of points this roll can score.
    pub fn max_points(&self) -> usize {
        self.min_sum + self.sums.len() - 1
    }
}

/// Distributions for 1 to [`MAX_DICE`] dice of one die type.
#[derive(Debug, Clone, PartialEq)]
pub struct DiceSet {
    /// Faces per die.
    pub sides: u32,
    /// `by_count[k - 1]` is the distribution for `k` dice.
    pub by_count: Vec<Distribution>,
}

impl DiceSet {
    /// Distributions for 1..=10 dice with `sides` faces.
    pub fn new(sides: u32) -> DiceSet {
        DiceSet {
            sides,
            by_count: (1..=MAX_DICE as u32)
                .map(|k| Distribution::new(sides, k))
                .collect(),
        }
    }

    /// Distribution for `dice` (1..=10) dice.
    pub fn get(&self, dice: usize) -> &Distribution {
        &self.by_count[dice - 1]
    }
}

/// The number of dice (1..=10) with the highest expected turn score
/// (the course's `max_scoring_num_rolls`, ties to the fewest dice).
pub fn max_scoring_num_rolls(sides: u32) -> usize {
    let set = DiceSet::new(sides);
    let mut best = 1;
    for k in 2..=MAX_DICE {
        if set.get(k).expected_points() > set.get(best).expected_points() {
            best = k;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_distribution_sums_to_one() {
        for sides in [4, 6] {
            for k in 1..=10 {
                let d = Distribution::new(sides, k);
                let total: f64 = d.one_point + d.sums.iter().sum::<f64>();
                assert!(
                    (total - 1.0).abs() <= 1e-15,
                    "{sides}-sided, {k} dice: {total}"
                );
                let c = Counts::new(sides, k);
                assert_eq!(c.one_point + c.no_one.iter().sum::<u64>(), c.total);
            }
        }
    }

    #[test]
    fn hand_values() {
        let one = Distribution::new(6, 1);
        assert_eq!(one.one_point, 1.0 / 6.0);
        assert_eq!(one.probability(1), 1.0 / 6.0);
        for p in 2..=6 {
            assert_eq!(one.probability(p), 1.0 / 6.0);
        }
        let two = Distribution::new(6, 2);
        assert_eq!(two.probability(12), 1.0 / 36.0);
        // 11 of the 36 rolls of two dice contain a 1.
        assert_eq!(two.one_point, 11.0 / 36.0);
        // Sum 7 without a 1: (2,5) (3,4) (4,3) (5,2).
        assert_eq!(two.probability(7), 4.0 / 36.0);
        assert_eq!(two.probability(3), 0.0);
        let four_sided = Distribution::new(4, 3);
        assert_eq!(four_sided.max_points(), 12);
        assert_eq!(four_sided.probability(12), 1.0 / 64.0);
        assert_eq!(four_sided.one_point, 37.0 / 64.0);
    }

    #[test]
    fn ten_dice_counts_are_exact() {
        let c = Counts::new(6, 10);
        assert_eq!(c.total, 60_466_176);
        assert_eq!(c.one_point, 60_466_176 - 9_765_625);
        assert_eq!(c.no_one.len(), 41);
        assert_eq!(c.no_one[0], 1); // all twos
        assert_eq!(c.no_one[40], 1); // all sixes
        assert_eq!(c.no_one[1], 10); // one three, nine twos
    }

    #[test]
    fn six_dice_maximize_expected_score() {
        assert_eq!(max_scoring_num_rolls(6), 6);
        // Expected score of k six-sided dice: (1 - (5/6)^k) + 4k (5/6)^k.
        for k in 1..=10 {
            let q = (5.0f64 / 6.0).powi(k as i32);
            let expected = (1.0 - q) + 4.0 * k as f64 * q;
            let got = Distribution::new(6, k).expected_points();
            assert!(
                (got - expected).abs() < 1e-12,
                "{k} dice: {got} vs {expected}"
            );
        }
    }
}
