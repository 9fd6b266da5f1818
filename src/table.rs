//! A strategy as a table: the dice count for every state below the goal.

use ndarray::Array2;

use crate::dice::MAX_DICE;

/// The choice of rolling -1 dice (Pork Chop's move, in the rules that have
/// it), kept after the dice counts 0 to 10: tables, sweeps and reports
/// hold it as 11 and show it as -1 (see [`shown`]).
pub const MINUS_ONE: u8 = MAX_DICE as u8 + 1;

/// A choice as people write it: the dice count, or -1.
pub fn shown(choice: u8) -> i32 {
    if choice == MINUS_ONE {
        -1
    } else {
        i32::from(choice)
    }
}

/// A choice people wrote, `-1..=10`, as tables keep it.
pub fn kept(choice: i64) -> Option<u8> {
    match choice {
        -1 => Some(MINUS_ONE),
        0..=10 => Some(choice as u8),
        _ => None,
    }
}

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

    /// Wrap a square array of dice counts (every value must be 0..=10,
    /// or [`MINUS_ONE`]).
    pub fn from_array(dice: Array2<u8>) -> StrategyTable {
        assert_eq!(dice.nrows(), dice.ncols(), "a strategy table is square");
        assert!(
            dice.iter().all(|&d| d <= MINUS_ONE),
            "dice counts are 0..=10, or -1"
        );
        StrategyTable { dice }
    }

    /// The first state (in row order) where the table rolls -1 dice, if
    /// any: only rules with that move (Pork Chop) take such a table.
    pub fn minus_one_at(&self) -> Option<(u32, u32)> {
        self.dice
            .indexed_iter()
            .find(|&(_, &d)| d == MINUS_ONE)
            .map(|((s, o), _)| (s as u32, o as u32))
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
