//! Rules with memory: rules that read more than the two scores, here what
//! each player remembers of their own previous turn (Feral Hogs, Fall
//! 2019: 3 extra points for rolling exactly 2 dice more or fewer than the
//! points, or the dice, of the player's previous turn).
//!
//! The game's state grows by a small context: the mover's memory `a` and
//! the other player's memory `b`, each below [`PlayerMemory::size`], so a
//! state is `(score, opponent, a, b)`, seen by the mover. Values are kept
//! one plane of `goal * goal` states per context, plane `a * size + b`.
//! A turn never lowers the score sum, so the sweep keeps the score rules'
//! diagonal order and settles every context of a state at once.
//!
//! The sweep does not pay for every context at every choice: the bonus of
//! rolling `k` dice depends on the mover's memory only through the few
//! bonus values it can take (0 or 3 for Feral Hogs), and the rest of the
//! turn does not depend on it at all. So for each of the other player's
//! memories `b`, each `k` and each bonus value, one expectation over the
//! roll's outcomes is shared by every `a` that gives that bonus.

mod feral;
mod sweep;

pub use feral::FeralHogs;
pub use sweep::{memory_sweep, MemoryResult, Remembering, MAX_MEMORY, MAX_STATES};

#[cfg(test)]
mod tests;

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
}
