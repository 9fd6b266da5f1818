//! Rules with memory: rules that read more than the two scores: what each
//! player remembers of their own previous turn (Feral Hogs, Fall 2019: 3
//! extra points for rolling exactly 2 dice more or fewer than the points,
//! or the dice, of the player's previous turn), and a clock both share
//! (Time Trot, 2018: an extra turn for rolling the turn number's dice;
//! Perfect Piggy: dice swapped for every later turn by a turn that scores
//! a perfect square or cube; Pork Chop: the same swap by a move of its
//! own, rolling -1 dice; the Fall 2015 contest: a -1 that swaps the scores,
//! once a player).
//!
//! The game's state grows by a small context: the mover's memory `a` and
//! the other player's memory `b`, each below [`PlayerMemory::size`], and
//! the clock `c` below [`Clock::size`], so a state is `(score, opponent,
//! a, b, c)`, seen by the mover. Values are kept state by state, each
//! state's contexts together at `(c * size + b) * size + a`.
//! A turn never lowers the score sum, so the sweep keeps the score rules'
//! diagonal order and settles every context of a state at once.
//!
//! The sweep does not pay for every context at every choice: the bonus of
//! rolling `k` dice depends on the mover's memory only through the few
//! bonus values it can take (0 or 3 for Feral Hogs), and the rest of the
//! turn does not depend on it at all. So for each of the other player's
//! memories `b`, each `k` and each bonus value, one expectation over the
//! roll's outcomes is shared by every `a` that gives that bonus.

mod chop_swap;
mod clock;
mod extra_dice;
mod feral;
mod goals;
mod remembering;
mod swapped_dice;
mod time_trot;

pub use chop_swap::PorkChopSwap;
pub use clock::{Clock, ClockRule, MakeClock, MinusOne, Still};
pub use extra_dice::ExtraTurnDice;
pub use feral::FeralHogs;
pub use goals::Goals;
pub(crate) use remembering::{Plan, CHOICES, POINTS};
pub use remembering::{Remembering, MAX_CLOCK, MAX_MEMORY, MAX_STATES};
pub use swapped_dice::{MinusOneMove, PerfectPiggy, PerfectTurn, PorkChop, Swap, SwappedDice};
pub use time_trot::TimeTrot;

/// What each player remembers of their own previous turn, and what it is
/// worth: a small integer per player, 0 for both before the first turn.
pub trait PlayerMemory: Sync {
    /// Memories are `0..size()`.
    fn size(&self) -> u32;
    /// Extra points for rolling `dice` (0 for zero dice) while remembering
    /// `memory`, added to the turn's points before the after-turn rule.
    fn bonus(&self, memory: u32, dice: u32) -> u32;
    /// What the mover remembers after a turn of `dice` dice that scored
    /// `points` (the turn's points before the bonus).
    fn remember(&self, dice: u32, points: u32) -> u32;
    /// Its name, for messages and reports.
    fn name(&self) -> &'static str;
    /// What a memory counts, for the game's narration ("4 dice"); none by
    /// default (Python memories are plain numbers).
    fn unit(&self) -> &'static str {
        ""
    }
    /// Write everything that decides this memory's answers to `out`, for
    /// the rules' identity; `false` where it cannot say.
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        let _ = out;
        false
    }
}

/// No memory: players who remember nothing of their turns (rules whose
/// only context is a [`Clock`]).
#[derive(Debug, Clone, Copy)]
pub struct Forgetful;

impl PlayerMemory for Forgetful {
    fn size(&self) -> u32 {
        1
    }
    #[inline(always)]
    fn bonus(&self, _: u32, _: u32) -> u32 {
        0
    }
    #[inline(always)]
    fn remember(&self, _: u32, _: u32) -> u32 {
        0
    }
    fn name(&self) -> &'static str {
        "none"
    }
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

/// A remembered value with what it counts: "4 dice", "1 point", or a bare
/// number for a memory without a unit (see [`PlayerMemory::unit`]).
pub fn counted(value: u32, unit: &str) -> String {
    match (unit, value) {
        ("", _) => value.to_string(),
        ("points", 1) => "1 point".to_string(),
        ("dice", 1) => "1 die".to_string(),
        (unit, _) => format!("{value} {unit}"),
    }
}

/// What the engine tracks beyond the two scores, seen by the player to
/// move: what they remember, what the other remembers, the shared clock
/// (a table may choose by it: see [`crate::table`]).
pub use crate::table::{Context, Contexts};
