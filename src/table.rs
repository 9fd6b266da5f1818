//! A strategy as a table: the dice count for every state below the goal.

use ndarray::Array2;

use crate::dice::MAX_DICE;

/// `dice(score, opponent_score)` for every pair of scores below the goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategyTable {
    dice: Array2<u8>,
}

impl StrategyTable {
    /// Tabulate `f(score, opponent_score)` over every state of a game to `goal`.
    pub fn from_fn(goal: u32, mut f: impl FnMut(u32, u32) -> u8) -> StrategyTable {
        let n = goal as usize;
        let dice = Array2::from_shape_fn((n, n), |(s, o)| f(s as u32, o as u32));
        StrategyTable::from_array(dice)
    }

    /// Wrap a square array of dice counts (every value must be 0..=10).
    pub fn from_array(dice: Array2<u8>) -> StrategyTable {
        assert_eq!(dice.nrows(), dice.ncols(), "a strategy table is square");
        assert!(
            dice.iter().all(|&d| d as usize <= MAX_DICE),
            "dice counts are 0..=10"
        );
        StrategyTable { dice }
    }

    /// A table that always rolls `n` dice.
    pub fn constant(goal: u32, n: u8) -> StrategyTable {
        StrategyTable::from_fn(goal, |_, _| n)
    }

    /// The goal of the game this table is for.
    pub fn goal(&self) -> u32 {
        self.dice.nrows() as u32
    }

    /// The dice count at `(score, opponent_score)`.
    pub fn get(&self, score: u32, opponent: u32) -> u8 {
        self.dice[[score as usize, opponent as usize]]
    }

    /// The table as an array indexed `[score, opponent_score]`.
    pub fn as_array(&self) -> &Array2<u8> {
        &self.dice
    }
}
