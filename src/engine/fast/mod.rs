//! The one sweep behind solving, best responses and exact evaluation.
//!
//! A state is `(mover score, other score)` with both below the goal. Every
//! turn raises the score sum, so processing the anti-diagonals `s + o = d` in
//! decreasing `d` sees every successor before its predecessors, and the states
//! of one diagonal are independent of each other.
//!
//! For each seat (a player with a choice rule) we keep a `lookup` table:
//! `lookup[o][t]` is the mover's win probability once the dice have brought
//! the mover's raw score to `t` against `o`, with the after-turn rule already
//! applied. Folding the rule into this table makes the value of rolling `k`
//! dice a function of one row of it, whatever the rule set: a seat that
//! picks the best count gets all ten from the recurrence of
//! `recurrence.rs` (about 70 operations a state); a seat that follows
//! a table needs one count, one dot product of the dice distribution with
//! `lookup[o][s + 2k ..]` (see `kernel.rs`).
//!
//! # What the sweep assumes of the rules
//!
//! Each assumption below is one a new rule can break; the code that relies
//! on it is named so that a rule set without it knows what must change.
//!
//! 1. **The state is the two scores.** Nothing else of the history matters:
//!    every table is indexed by `(mover, other)` below the goal
//!    ([`state_index`](crate::rules::state_index), [`Seat`], the landing
//!    table of `rules::landing`, [`StrategyTable`], the exports). Rules with
//!    memory need a context beside the scores in all of them.
//! 2. **Every turn raises the score sum**: a roll scores at least 1 (Sow Sad
//!    gives 1, never 0) and zero dice score at least 1, and the after-turn
//!    rules only raise (Sus Fuss) or exchange (Swine Swap) scores. So the
//!    successors of diagonal `d` lie on diagonals `> d`: `run` sweeps `d`
//!    downward and computes a diagonal's states in parallel; the fill
//!    (`fill.rs`) writes the lookup entries of diagonal `d` from values on
//!    diagonals `>= d` only; the kernel reads `lookup[o][s + 1 ..]` and the
//!    recurrence reads records at `t > s` (`recurrence.rs`). A turn that
//!    can score 0 would make a diagonal's states depend on each other.
//! 3. **The other player moves next**, unless the game is over: the fill
//!    stores `1 - value` of the next seat (`(i + 1) % seats`) at the landing
//!    state, seen from its side (`Landing::Next` in `rules::landing`).
//!    Extra turns would need the mover's own value there instead.
//! 4. **The dice depend only on the score sum** (Hog Wild): one kernel and
//!    one die type per diagonal (`Kernels::at_sum` in `diagonal.rs`, the
//!    recurrence's records in `recurrence.rs`).
//! 5. **Where a roll lands depends only on the raw score and the
//!    opponent's score**, and a roll's points only on the dice: that is what
//!    lets one lookup row serve every dice count at a state (the kernel's
//!    dot products, the recurrence's levels). Zero dice may depend on both
//!    scores (`StateLookups::zero_target`).

mod choice;
mod cpu;
pub(crate) use cpu::has_avx2;
mod diagonal;
mod fill;
pub(crate) mod kernel;
mod layout;
pub(crate) mod recurrence;
mod result;
mod run;
mod seat;
#[cfg(test)]
mod tests;

pub use crate::engine::policy::Policy;
pub use result::SweepResult;
pub use seat::Seat;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::dice::MAX_DICE;
use crate::engine::fast::kernel::ROW_REACH;
use crate::rules::{Rules, LANDING_REACH};
use crate::table::StrategyTable;
use run::run;

// The lookup rows the kernel reads must be covered by the landing table,
// and so must the recurrence's: `A_10(s)` reads up to `s + 60`.
const _: () = assert!(ROW_REACH <= LANDING_REACH);
const _: () = assert!(recurrence::MAX_SIDES * MAX_DICE < ROW_REACH);

/// Diagonals with fewer states than this are computed on the calling thread:
/// below it rayon's fork-join costs more than it saves (see the
/// `parallel_min_states` benchmark and the book's performance page).
pub const DEFAULT_PARALLEL_MIN_STATES: usize = 256;

/// States per task when a diagonal is split across threads.
const PARALLEL_CHUNK: usize = 128;

/// How a seat that picks the best count gets the value of every count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The recurrence of `recurrence.rs`: about 70 operations a state.
    #[default]
    Recurrence,
    /// Ten dot products of the distributions with the lookup row (240
    /// multiply-adds a state): the engine before the recurrence, kept as its
    /// cross-check. Values agree with the recurrence's within 1e-15.
    DotProducts,
}

/// Knobs for a sweep that do not change its result (beyond rounding, for
/// [`Method`]), unless it is cancelled.
#[derive(Clone, Copy)]
pub struct SweepOptions<'a> {
    /// Smallest diagonal that is split across rayon's threads.
    pub parallel_min_states: usize,
    /// Called after each diagonal with the number of states it held.
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
    /// How a best seat values its choices.
    pub method: Method,
    /// Set to true from another thread to stop the work early (a user's
    /// Ctrl-C): every sweep looks at it before each diagonal, and the
    /// operations made of many sweeps (a grid, a tournament, `hog rates`)
    /// before each item too. A cancelled result is meaningless (values
    /// never computed, rows never rated): the caller must throw it away,
    /// never show or cache it.
    pub cancel: Option<&'a AtomicBool>,
}

impl Default for SweepOptions<'_> {
    fn default() -> Self {
        SweepOptions {
            parallel_min_states: DEFAULT_PARALLEL_MIN_STATES,
            progress: None,
            method: Method::default(),
            cancel: None,
        }
    }
}

impl SweepOptions<'_> {
    /// Whether the work has been cancelled (see [`SweepOptions::cancel`]).
    pub fn cancelled(&self) -> bool {
        is_set(self.cancel)
    }
}

/// Whether a cancel flag is there and set. A relaxed load: the flag orders
/// nothing else, and the next diagonal sees it soon enough.
#[inline]
pub(crate) fn is_set(cancel: Option<&AtomicBool>) -> bool {
    cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
}

/// seat); with two, seat 0 moves at `(s, o)` and then seat 1, and so on.
pub fn sweep<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
) -> SweepResult<'r> {
    run(rules, policies, options, Vec::new(), None)
}

/// Sweep two fixed tables, `a` moving first at `(0, 0)` in seat 0, for
/// their win probabilities at the start only: values and choices are
/// computed at the states some game reaches from `(0, 0)` (see
/// [`Rules::reach`]), and the other states keep whatever they held.
///
/// The tables of an earlier result (from [`SweepResult::into_seats`]) are
/// reused when their shapes fit: reuse only spares the allocation, which
/// dominates many small evaluations, and every entry the evaluation reads
/// it has written first, so old contents never leak into the result.
pub fn evaluate_reusing<'r>(
    rules: &'r Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    options: &SweepOptions<'_>,
    spare: Vec<Seat>,
) -> SweepResult<'r> {
    let policies = [Policy::Fixed(a), Policy::Fixed(b)];
    run(rules, &policies, options, spare, rules.reach())
}
