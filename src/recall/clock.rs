//! What both players share beyond the scores: a small counter every turn
//! moves on (Time Trot's turn number and whether the last turn was an
//! extra one). Each player's own memory is [`super::PlayerMemory`].

/// A context shared by both players, `0..size()`, 0 at the start, moved
/// on by every turn whoever plays it.
pub trait Clock: Sync {
    /// Clocks are `0..size()`.
    fn size(&self) -> u32;
    /// After a turn of `dice` dice (0 for zero dice) at `clock`: the next
    /// clock, and whether the same player moves again (when the game goes
    /// on; a rule's own extra turn comes on top).
    fn tick(&self, clock: u32, dice: u32) -> (u32, bool);
    /// Its name, for messages and reports.
    fn name(&self) -> String;
    /// What `clock` means, for the game's narration and the optimum's
    /// columns: one value per [`Clock::columns`].
    fn read(&self, clock: u32) -> Vec<u32>;
    /// The names of what [`Clock::read`] gives, as CSV columns.
    fn columns(&self) -> &'static [&'static str];
    /// The clock of turn `turn` of the game (counted from 0), an extra
    /// turn or not, for clocks that count turns.
    fn of_turn(&self, turn: u32, extra: bool) -> Option<u32> {
        let _ = (turn, extra);
        None
    }
    /// Where `clock` is, in a few words ("turn 3 (mod 8)").
    fn label(&self, clock: u32) -> String {
        format!("clock {clock}")
    }
    /// What `clock` means, in words ("turn 3 (mod 8): 3 dice earn an
    /// extra turn").
    fn describe(&self, clock: u32) -> String {
        let _ = clock;
        String::new()
    }
}

/// No shared context: the clock of rules whose players only remember
/// their own turns (or nothing).
#[derive(Debug, Clone, Copy)]
pub struct Still;

impl Clock for Still {
    fn size(&self) -> u32 {
        1
    }
    #[inline(always)]
    fn tick(&self, _: u32, _: u32) -> (u32, bool) {
        (0, false)
    }
    fn name(&self) -> String {
        "none".into()
    }
    fn read(&self, _: u32) -> Vec<u32> {
        Vec::new()
    }
    fn columns(&self) -> &'static [&'static str] {
        &[]
    }
}
