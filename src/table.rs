//! A strategy as a table: the dice count for every state below the goal,
//! where a state is the two scores and, under rules with memory or a
//! clock, what both players remember and the clock.

use std::sync::Arc;

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

/// What a state holds beyond the two scores, seen by the player to move:
/// what they remember, what the other remembers, the clock both share.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Context {
    /// The mover's memory of their previous turn.
    pub mine: u32,
    /// The other player's memory of theirs.
    pub theirs: u32,
    /// The clock both share.
    pub clock: u32,
}

impl Context {
    /// The context of the game's first turn.
    pub const START: Context = Context {
        mine: 0,
        theirs: 0,
        clock: 0,
    };

    /// Both memories, at the starting clock.
    pub fn remembering(mine: u32, theirs: u32) -> Context {
        Context {
            mine,
            theirs,
            clock: 0,
        }
    }
}

/// How many contexts each state of a game has: `size` values each player
/// may remember and `clocks` values of the clock (1 and 1 under rules that
/// track nothing but the scores).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contexts {
    /// Values each player remembers.
    pub size: u32,
    /// Values of the clock.
    pub clocks: u32,
}

impl Contexts {
    /// The scores alone: one context a state.
    pub const NONE: Contexts = Contexts { size: 1, clocks: 1 };

    /// Contexts a state.
    pub fn count(self) -> usize {
        (self.size * self.size * self.clocks) as usize
    }

    /// Where `x` is among a state's contexts: by the clock, then the
    /// other's memory, then the mover's (the engine's own order).
    pub fn index(self, x: Context) -> usize {
        ((x.clock * self.size + x.theirs) * self.size + x.mine) as usize
    }

    /// The context at `index` (see [`Contexts::index`]).
    pub fn context(self, index: usize) -> Context {
        let index = index as u32;
        Context {
            mine: index % self.size,
            theirs: index / self.size % self.size,
            clock: index / (self.size * self.size),
        }
    }

    /// Whether `x` is one of these contexts.
    pub fn holds(self, x: Context) -> bool {
        x.mine < self.size && x.theirs < self.size && x.clock < self.clocks
    }
}

/// `dice(score, opponent_score)` for every pair of scores below the goal;
/// under rules with memory or a clock, a table may choose by the whole
/// state, what both remember and the clock too (the optimum does). A table
/// of the two scores alone plays the same in every context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategyTable {
    /// The choice at every pair of scores; for a table that reads the
    /// contexts, its choice at the start's context.
    dice: Array2<u8>,
    /// A table that reads the contexts: every state's choice in each.
    by_context: Option<ByContext>,
}

/// A table's choices at every context of every state.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ByContext {
    contexts: Contexts,
    /// `contexts.count()` choices a state, states row-major, each state's
    /// in the order of [`Contexts::index`].
    choices: Arc<[u8]>,
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
        StrategyTable {
            dice,
            by_context: None,
        }
    }

    /// A table that reads the contexts: `choices` holds `contexts.count()`
    /// choices for each state of a game to `goal`, states row-major, each
    /// state's in the order of [`Contexts::index`]. Where there is only
    /// one context a state it is a table of the scores.
    pub fn from_contexts(goal: u32, contexts: Contexts, choices: Vec<u8>) -> StrategyTable {
        let (n, count) = (goal as usize, contexts.count());
        assert_eq!(choices.len(), n * n * count, "a choice for every context");
        let start = Array2::from_shape_fn((n, n), |(s, o)| choices[(s * n + o) * count]);
        let mut table = StrategyTable::from_array(start);
        assert!(
            choices.iter().all(|&d| d <= MINUS_ONE),
            "dice counts are 0..=10, or -1"
        );
        if count > 1 {
            table.by_context = Some(ByContext {
                contexts,
                choices: choices.into(),
            });
        }
        table
    }

    /// The contexts the table reads beside the scores, if it reads any.
    pub fn contexts(&self) -> Option<Contexts> {
        self.by_context.as_ref().map(|b| b.contexts)
    }

    /// Whether the table chooses by the scores alone, the same in every
    /// context.
    #[inline]
    pub fn reads_scores_only(&self) -> bool {
        self.by_context.is_none()
    }

    /// The first state (in row order) where the table rolls -1 dice, if
    /// any: only rules with that move (Pork Chop) take such a table.
    pub fn minus_one_at(&self) -> Option<(u32, u32)> {
        match &self.by_context {
            None => self
                .dice
                .indexed_iter()
                .find(|&(_, &d)| d == MINUS_ONE)
                .map(|((s, o), _)| (s as u32, o as u32)),
            Some(b) => {
                let (n, count) = (self.dice.nrows(), b.contexts.count());
                let at = b.choices.iter().position(|&d| d == MINUS_ONE)? / count;
                Some(((at / n) as u32, (at % n) as u32))
            }
        }
    }

    /// A table that always rolls `n` dice.
    pub fn constant(goal: u32, n: u8) -> StrategyTable {
        StrategyTable::from_fn(goal, |_, _| n)
    }

    /// The goal of the game this table is for.
    pub fn goal(&self) -> u32 {
        self.dice.nrows() as u32
    }

    /// The dice count at `(score, opponent_score)`: for a table that
    /// reads the contexts, at the start's context (see
    /// [`StrategyTable::choice`]).
    #[inline]
    pub fn get(&self, score: u32, opponent: u32) -> u8 {
        self.dice[[score as usize, opponent as usize]]
    }

    /// The dice count at `(score, opponent_score)` in context `x`: a table
    /// of the scores alone gives the same in every context.
    pub fn choice(&self, score: u32, opponent: u32, x: Context) -> u8 {
        match &self.by_context {
            None => self.get(score, opponent),
            Some(b) => {
                let n = self.dice.nrows();
                let state = score as usize * n + opponent as usize;
                b.choices[state * b.contexts.count() + b.contexts.index(x)]
            }
        }
    }

    /// Every context's choice at the state `(score, opponent_score)`, in
    /// the order of [`Contexts::index`]; `None` for a table of the scores.
    pub fn choices_at(&self, score: u32, opponent: u32) -> Option<&[u8]> {
        let b = self.by_context.as_ref()?;
        let (n, count) = (self.dice.nrows(), b.contexts.count());
        let state = score as usize * n + opponent as usize;
        Some(&b.choices[state * count..][..count])
    }

    /// The table as an array indexed `[score, opponent_score]`: for a
    /// table that reads the contexts, its choices at the start's context.
    pub fn as_array(&self) -> &Array2<u8> {
        &self.dice
    }

    /// The table at context `x`: the same table for one of the scores.
    pub fn at_context(&self, x: Context) -> StrategyTable {
        if self.by_context.is_none() {
            return self.clone();
        }
        let goal = self.goal();
        StrategyTable::from_fn(goal, |s, o| self.choice(s, o, x))
    }

    /// Every choice, for a digest of the table: the scores' table, then
    /// for a table that reads the contexts its shape and every context's.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.dice.iter().copied().collect();
        if let Some(b) = &self.by_context {
            out.extend(b.contexts.size.to_le_bytes());
            out.extend(b.contexts.clocks.to_le_bytes());
            out.extend_from_slice(&b.choices);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_of_the_scores_plays_the_same_in_every_context() {
        let t = StrategyTable::from_fn(3, |s, o| (s + o) as u8);
        assert!(t.reads_scores_only());
        let x = Context {
            mine: 4,
            theirs: 2,
            clock: 7,
        };
        assert_eq!(t.choice(2, 1, x), 3);
        assert_eq!(t.choices_at(2, 1), None);
        assert_eq!(t.at_context(x), t);
    }

    #[test]
    fn a_table_of_the_contexts_reads_each_one() {
        let contexts = Contexts { size: 2, clocks: 3 };
        assert_eq!(contexts.count(), 12);
        for i in 0..12 {
            assert_eq!(contexts.index(contexts.context(i)), i);
        }
        // State (s, o) at context i rolls (s + o + i) % 11.
        let choices: Vec<u8> = (0..2 * 2)
            .flat_map(|state| (0..12).map(move |i| ((state / 2 + state % 2 + i) % 11) as u8))
            .collect();
        let t = StrategyTable::from_contexts(2, contexts, choices);
        assert_eq!(t.contexts(), Some(contexts));
        let x = Context {
            mine: 1,
            theirs: 0,
            clock: 2,
        };
        assert_eq!(contexts.index(x), 9);
        assert_eq!(t.choice(1, 1, x), 11 % 11);
        assert_eq!(t.choice(1, 0, x), 10);
        assert_eq!(t.get(1, 0), 1, "the start's context");
        assert_eq!(t.at_context(x).get(1, 0), 10);
        assert_eq!(t.choices_at(0, 1).unwrap().len(), 12);
        assert_eq!(t.minus_one_at(), None);
        let mut bytes = t.bytes();
        let mut other = (0..48).map(|i| (i % 11) as u8).collect::<Vec<u8>>();
        other[47] = MINUS_ONE;
        let u = StrategyTable::from_contexts(2, contexts, other);
        assert_eq!(u.minus_one_at(), Some((1, 1)));
        assert_ne!(u.bytes(), t.bytes());
        bytes.truncate(4);
        assert_eq!(bytes, t.as_array().iter().copied().collect::<Vec<u8>>());
    }

    #[test]
    fn one_context_a_state_is_a_table_of_the_scores() {
        let t = StrategyTable::from_contexts(2, Contexts::NONE, vec![1, 2, 3, 4]);
        assert!(t.reads_scores_only());
        assert_eq!(t, StrategyTable::from_fn(2, |s, o| (s * 2 + o + 1) as u8));
    }
}
