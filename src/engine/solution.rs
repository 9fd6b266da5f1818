//! The one result of the engine: values, choices and every choice's value
//! at any state and context, whichever way the states were swept.

use std::ops::Range;

use rayon::prelude::*;

use super::contexts::MemoryResult;
use crate::dice::MAX_DICE;
use crate::engine::fast::SweepResult;
use crate::engine::functions::GeneralResult;
use crate::recall::Context;
use crate::rules::Rules;
use crate::table::StrategyTable;

/// A state of the game seen by the player to move: the two scores and
/// what the rules track beside them ([`Context::START`] where they track
/// nothing). `(score, opponent)` converts to a state at the start's
/// context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// The mover's score.
    pub score: u32,
    /// The other player's score.
    pub opponent: u32,
    /// What both remember and the clock, seen by the mover.
    pub context: Context,
}

impl State {
    /// `(score, opponent)` in context `context`.
    pub fn new(score: u32, opponent: u32, context: Context) -> State {
        State {
            score,
            opponent,
            context,
        }
    }
}

impl From<(u32, u32)> for State {
    fn from((score, opponent): (u32, u32)) -> State {
        State::new(score, opponent, Context::START)
    }
}

/// What the engine kept of a sweep.
#[derive(Debug, Clone)]
pub(super) enum Backend<'r> {
    /// The presets' structure: the diagonal recurrence.
    Fast(Box<SweepResult<'r>>),
    /// Rules given as functions: level diagonals.
    Functions(GeneralResult),
    /// Rules with memory or a clock: every context of every state.
    Contexts(MemoryResult),
}

/// A solved game: one seat for self-play (both players take it), two
/// otherwise (seat 0 moves first at the start: the best response, or the
/// first of two fixed tables).
#[derive(Debug, Clone)]
pub struct Solution<'r> {
    rules: &'r Rules,
    backend: Backend<'r>,
}

impl<'r> Solution<'r> {
    pub(super) fn new(rules: &'r Rules, backend: Backend<'r>) -> Solution<'r> {
        Solution { rules, backend }
    }

    /// The rules solved.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The number of seats: 1 for self-play, 2 otherwise.
    pub fn seats(&self) -> usize {
        match &self.backend {
            Backend::Fast(result) => result.seats(),
            Backend::Functions(result) => result.seats(),
            Backend::Contexts(result) => result.seats(),
        }
    }

    /// The seat of the player against seat 0: the fixed opponent of a
    /// best response, the second table of an evaluation, or seat 0 itself
    /// in self-play.
    pub fn opponent_seat(&self) -> usize {
        self.seats() - 1
    }

    /// Seat `seat`'s win probability when it is to move at `at`.
    pub fn value(&self, seat: usize, at: impl Into<State>) -> f64 {
        let at = self.checked(at.into());
        let (s, o) = (at.score, at.opponent);
        match &self.backend {
            Backend::Fast(result) => result.seat(seat).value(s as usize, o as usize),
            Backend::Functions(result) => result.value(seat, s, o),
            Backend::Contexts(result) => result.value(seat, s, o, at.context),
        }
    }

    /// The dice count seat `seat` rolls at `at` (or
    /// [`MINUS_ONE`](crate::table::MINUS_ONE) for -1 dice).
    pub fn choice(&self, seat: usize, at: impl Into<State>) -> u8 {
        let at = self.checked(at.into());
        let (s, o) = (at.score, at.opponent);
        match &self.backend {
            Backend::Fast(result) => result.seat(seat).choice(s as usize, o as usize),
            Backend::Functions(result) => result.choice(seat, s, o),
            Backend::Contexts(result) => result.choice(seat, s, o, at.context),
        }
    }

    /// Seat `seat`'s win probability for every move at `at`, with play
    /// afterwards as in the sweep: the dice counts 0 to 10, then rolling
    /// -1 dice where the rules have that move. The same bits the sweep
    /// chose from.
    pub fn choice_values(&self, seat: usize, at: impl Into<State>) -> Vec<f64> {
        let at = self.checked(at.into());
        let (s, o) = (at.score, at.opponent);
        match &self.backend {
            Backend::Fast(result) => result.choice_values(seat, s, o).to_vec(),
            Backend::Functions(result) => {
                let tables = self.rules.general().expect("rules as functions");
                result.choice_values(tables, seat, s, o).to_vec()
            }
            Backend::Contexts(result) => {
                let tables = self.rules.general().expect("rules as functions");
                let memory = self.rules.memory().expect("rules with memory");
                result.move_values(tables, memory, seat, (s, o), at.context)
            }
        }
    }

    /// The value of each dice count (0 to 10) for seat `seat` at every
    /// `(s, o)` with `s` in `scores`, at the start's context, in the order
    /// `[s][o]`: for exports of every state, on every thread.
    pub fn choice_values_block(&self, seat: usize, scores: Range<u32>) -> Vec<[f64; MAX_DICE + 1]> {
        self.choice_values_block_at(seat, scores, Context::START)
    }

    /// [`Solution::choice_values_block`] at context `x`.
    pub fn choice_values_block_at(
        &self,
        seat: usize,
        scores: Range<u32>,
        x: Context,
    ) -> Vec<[f64; MAX_DICE + 1]> {
        if let Backend::Fast(result) = &self.backend {
            self.checked(State::new(0, 0, x));
            return result.choice_values_block(seat, scores);
        }
        let n = self.rules.size();
        let mut out = vec![[0.0; MAX_DICE + 1]; scores.len() * n];
        out.par_chunks_mut(n.max(1))
            .zip(scores)
            .for_each(|(row, s)| {
                for (o, values) in row.iter_mut().enumerate() {
                    let all = self.choice_values(seat, State::new(s, o as u32, x));
                    *values = std::array::from_fn(|k| all[k]);
                }
            });
        out
    }

    /// Seat `seat`'s win probability at every state, row-major
    /// (`[s * goal + o]`), at the start's context.
    pub fn values(&self, seat: usize) -> Vec<f64> {
        let n = self.rules.goal();
        (0..n)
            .flat_map(|s| (0..n).map(move |o| (s, o)))
            .map(|at| self.value(seat, at))
            .collect()
    }

    /// Seat 0's choices as a strategy table (the optimum, or the best
    /// response): under rules with memory or a clock, a table that reads
    /// what the players remember and the clock too.
    pub fn table(&self) -> StrategyTable {
        let seat = 0;
        match &self.backend {
            Backend::Fast(result) => result.table(seat),
            Backend::Functions(result) => {
                let n = self.rules.size();
                let choices = result.choices(seat)[..n * n].to_vec();
                let table = ndarray::Array2::from_shape_vec((n, n), choices)
                    .expect("a choice for every state");
                StrategyTable::from_array(table)
            }
            Backend::Contexts(result) => result.table(seat),
        }
    }

    /// Seat 0's chance when it moves first from the start.
    pub fn first_player_win_probability(&self) -> f64 {
        self.value(0, (0, 0))
    }

    /// A state whose values had not settled when the engine stopped
    /// iterating (a game that almost never leaves its score sum), if any.
    pub fn unsettled(&self) -> Option<(u32, u32)> {
        match &self.backend {
            Backend::Functions(result) => result.unsettled(),
            _ => None,
        }
    }

    /// The state, refused (a panic: callers check what they are given)
    /// where it is off the board or names a context the rules lack.
    fn checked(&self, at: State) -> State {
        let n = self.rules.goal();
        assert!(
            at.score < n && at.opponent < n,
            "({}, {}) is off the board of goal {n}",
            at.score,
            at.opponent
        );
        if !matches!(self.backend, Backend::Contexts(_)) {
            assert_eq!(
                at.context,
                Context::START,
                "a context asked of rules that track none"
            );
        }
        at
    }
}
