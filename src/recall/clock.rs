//! What both players share beyond the scores: a small counter every turn
//! moves on (Time Trot's turn number and whether the last turn was an
//! extra one; Perfect Piggy's and Pork Chop's dice, swapped or not). Each player's own
//! memory is [`super::PlayerMemory`].

use std::sync::Arc;

/// A context shared by both players, `0..size()`, 0 at the start, moved
/// on by every turn whoever plays it.
pub trait Clock: Sync {
    /// Clocks are `0..size()`.
    fn size(&self) -> u32;
    /// After a turn of `dice` dice (0 for zero dice) at `clock` that added
    /// `points` to the mover's score (its final points, a memory's bonus
    /// included, before the after-turn rule): the next clock, and whether
    /// the same player moves again (when the game goes on; a rule's own
    /// extra turn comes on top).
    fn tick(&self, clock: u32, dice: u32, points: u32) -> (u32, bool);
    /// The clock when the rules themselves (an `extra_turn` rule, not the
    /// clock) give the mover the next turn, from `next`, the clock the
    /// turn's [`Clock::tick`] gave: `next` by default.
    fn on_extra_turn(&self, next: u32) -> u32 {
        next
    }
    /// Whether [`Clock::tick`] reads the points: if not, the sweep looks
    /// it up once per clock and dice count instead of once per outcome.
    fn reads_points(&self) -> bool {
        false
    }
    /// The sides of the dice rolled at `clock` where the rules' own have
    /// `own` sides: a clock may change them (Perfect Piggy's and Pork
    /// Chop's swapped dice). The rules' own by default.
    fn dice(&self, clock: u32, own: u32) -> u32 {
        let _ = clock;
        own
    }
    /// Whether a change of dice the clock makes lasts until the clock
    /// changes them back (Perfect Piggy's and Pork Chop's swaps: the game
    /// tells it when it happens), rather than holding for one turn (the
    /// dice of extra turns: each turn's own dice say so).
    fn dice_last(&self) -> bool {
        true
    }
    /// The move of rolling -1 dice at `clock`, where the rules have one
    /// (Pork Chop): what it does and the clock after it. A clock that has
    /// the move at some values and not at others has it spent there: -1
    /// then rolls [`Clock::spent_minus_one`] dice.
    fn minus_one(&self, clock: u32) -> Option<MinusOne> {
        let _ = clock;
        None
    }
    /// The dice a -1 rolls at a clock where the move is spent (the Fall
    /// 2015 contest: a player's second -1 counts as 10 dice): 10 by
    /// default.
    fn spent_minus_one(&self) -> u32 {
        crate::dice::MAX_DICE as u32
    }
    /// The mover's goal and the other player's at `clock`, where the
    /// clock gives the players goals of their own (each at most the
    /// rules' goal, which then only sizes the board); `None`, the rules'
    /// goal for both, by default.
    fn goals(&self, clock: u32) -> Option<(u32, u32)> {
        let _ = clock;
        None
    }
    /// [`Clock::goals`] at `clock`, or `goal` for both players.
    fn goals_or(&self, clock: u32, goal: u32) -> (u32, u32) {
        self.goals(clock).unwrap_or((goal, goal))
    }
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
    /// Write everything that decides this clock's answers to `out`, for
    /// the rules' identity; `false` where it cannot say.
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        let _ = out;
        false
    }
}

/// Rolling -1 dice: a move with no dice at all, which moves the clock to
/// `next`. Fall 2016's Pork Chop scores `points` for the turn (no
/// turn-points rule applies: it rolls nothing), and the after-turn rules
/// apply as after any turn; the other player moves next unless a rule says
/// otherwise. The Fall 2015 contest's Pork Chop (`swaps`) scores nothing and
/// swaps the two scores, and no after-turn rule applies: the other player
/// moves next, from the scores the mover had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinusOne {
    /// The points the move adds to the mover's score (0 where it swaps).
    pub points: u32,
    /// The clock after the move.
    pub next: u32,
    /// Whether the move swaps the two scores instead of scoring.
    pub swaps: bool,
}

impl MinusOne {
    /// A move that scores `points` and moves the clock to `next`.
    pub fn scoring(points: u32, next: u32) -> MinusOne {
        MinusOne {
            points,
            next,
            swaps: false,
        }
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
    fn tick(&self, _: u32, _: u32, _: u32) -> (u32, bool) {
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
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

/// A clock of the rules library (a rules file's `clock`): any clock,
/// shared, compared and shown by its content (see [`Clock::content`]).
#[derive(Clone)]
pub struct ClockRule(Arc<dyn Clock + Send + Sync>);

/// How a library clock is made: from its parameters (each as the file gave
/// it or its default, by name) and the rules' goal, or why not.
pub type MakeClock = fn(&dyn Fn(&str) -> u32, u32) -> Result<ClockRule, String>;

impl ClockRule {
    /// `clock` as a library clock.
    pub fn new(clock: impl Clock + Send + 'static) -> ClockRule {
        ClockRule(Arc::new(clock))
    }

    /// Everything that decides the clock's answers, as text.
    fn described(&self) -> String {
        let mut text = String::new();
        if !self.0.content(&mut text) {
            text = self.0.name();
        }
        text
    }
}

impl std::fmt::Debug for ClockRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.described())
    }
}

impl PartialEq for ClockRule {
    fn eq(&self, other: &ClockRule) -> bool {
        self.described() == other.described()
    }
}

impl Clock for ClockRule {
    fn size(&self) -> u32 {
        self.0.size()
    }
    fn tick(&self, clock: u32, dice: u32, points: u32) -> (u32, bool) {
        self.0.tick(clock, dice, points)
    }
    fn reads_points(&self) -> bool {
        self.0.reads_points()
    }
    fn on_extra_turn(&self, next: u32) -> u32 {
        self.0.on_extra_turn(next)
    }
    fn dice(&self, clock: u32, own: u32) -> u32 {
        self.0.dice(clock, own)
    }
    fn minus_one(&self, clock: u32) -> Option<MinusOne> {
        self.0.minus_one(clock)
    }
    fn spent_minus_one(&self) -> u32 {
        self.0.spent_minus_one()
    }
    fn dice_last(&self) -> bool {
        self.0.dice_last()
    }
    fn goals(&self, clock: u32) -> Option<(u32, u32)> {
        self.0.goals(clock)
    }
    fn name(&self) -> String {
        self.0.name()
    }
    fn read(&self, clock: u32) -> Vec<u32> {
        self.0.read(clock)
    }
    fn columns(&self) -> &'static [&'static str] {
        self.0.columns()
    }
    fn of_turn(&self, turn: u32, extra: bool) -> Option<u32> {
        self.0.of_turn(turn, extra)
    }
    fn label(&self, clock: u32) -> String {
        self.0.label(clock)
    }
    fn describe(&self, clock: u32) -> String {
        self.0.describe(clock)
    }
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        self.0.content(out)
    }
}
