//! One turn of Hog, the plain game loop's step: the rules as functions of
//! the scores ([`ScoreRules`]), what each player remembers
//! ([`PlayerMemory`]) and the clock both share ([`Clock`]), each die rolled
//! one at a time as the course's `roll_dice` does. `hog simulate` samples
//! games with it watching nothing; `hog play` and the GUI play them with a
//! [`Watch`] that tells what fired. Nothing here reads the engine's
//! outcome distributions: this is the cross-check's own loop.

use crate::general::{PigOut, ScoreRules};
use crate::recall::{Clock, MinusOne, PlayerMemory};
use crate::rng::Rng;
use crate::table::MINUS_ONE;

/// Where dice come from: random numbers, or a script in tests.
pub trait Dice {
    /// One die with faces `1..=sides`.
    fn roll(&mut self, sides: u32) -> u32;
    /// One die of a turn whose dice are `rerolled` or not: the face it
    /// shows in the end, and the odd face it showed first where it was
    /// rolled again (once, as the course's `reroll`).
    fn roll_die(&mut self, sides: u32, rerolled: bool) -> (u32, Option<u32>) {
        let first = self.roll(sides);
        if rerolled && first % 2 == 1 {
            (self.roll(sides), Some(first))
        } else {
            (first, None)
        }
    }
}

impl Dice for Rng {
    #[inline]
    fn roll(&mut self, sides: u32) -> u32 {
        Rng::roll(self, sides)
    }
}

/// What a turn does, told as it happens; every method does nothing by
/// default, so a sampler that watches nothing pays nothing.
pub trait Watch {
    /// Zero dice scored `points`.
    fn zero_dice(&mut self, points: u32) {
        let _ = points;
    }
    /// The turn rolls dice of `sides` faces (after the clock's change).
    fn sides(&mut self, sides: u32) {
        let _ = sides;
    }
    /// The rules let the mover roll only `rolled` of the `chosen` dice
    /// (Hog Tied).
    fn capped(&mut self, chosen: u32, rolled: u32) {
        let _ = (chosen, rolled);
    }
    /// A die showed `face`.
    fn face(&mut self, face: u32) {
        let _ = face;
    }
    /// A rerolled die showed the odd face `first`, so it was rolled again
    /// and showed `face` (told before [`Watch::face`] tells `face`).
    fn reroll(&mut self, first: u32, face: u32) {
        let _ = (first, face);
    }
    /// `ones` dice showed 1, so the roll scored `points` (Pig Out).
    fn pig_out(&mut self, ones: u32, points: u32) {
        let _ = (ones, points);
    }
    /// `turn_points` changed the turn's points.
    fn turn_points(&mut self, from: u32, to: u32) {
        let _ = (from, to);
    }
    /// What the mover remembered earned `points` more.
    fn bonus(&mut self, remembered: u32, points: u32) {
        let _ = (remembered, points);
    }
    /// The clock went from `from` to `to` after a turn that added
    /// `points`; `again` when it gives the mover the next turn.
    fn clock(&mut self, from: u32, to: u32, points: u32, again: bool) {
        let _ = (from, to, points, again);
    }
    /// The mover rolled -1 dice, the move `m` of the clock at `from`
    /// (its points, or the scores swapped).
    fn minus_one(&mut self, m: MinusOne, from: u32) {
        let _ = (m, from);
    }
    /// The mover rolled -1 dice where the move is spent: it rolls `dice`
    /// dice instead (told before the roll).
    fn spent_minus_one(&mut self, dice: u32) {
        let _ = dice;
    }
    /// The after-turn rule took the scores from `before` to `after` (the
    /// mover's first; called whether or not they changed).
    fn after_turn(&mut self, before: (u32, u32), after: (u32, u32)) {
        let _ = (before, after);
    }
}

/// Watching nothing.
impl Watch for () {}

/// The game between turns: both scores, what each player remembers (0
/// before their first turn), the clock, and who moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Board {
    /// Each player's score.
    pub score: [u32; 2],
    /// What each player remembers of their previous turn.
    pub remembered: [u32; 2],
    /// The clock both share.
    pub clock: u32,
    /// The player to move, 0 or 1.
    pub mover: usize,
}

/// What one turn did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turned {
    /// The sides of the dice it rolled (or would have).
    pub sides: u32,
    /// The points it added before the after-turn rule, a bonus included.
    pub points: u32,
    /// The clock gave the mover the next turn.
    pub clock_again: bool,
    /// `extra_turn` gave the mover the next turn.
    pub extra_turn: bool,
    /// The mover's and the other's scores after the after-turn rule.
    pub after: (u32, u32),
}

/// The mover of `board` rolls `choice` dice (0..=10, or [`MINUS_ONE`] for
/// the clock's move of rolling -1 dice): its points, a memory's bonus, the
/// clock, the after-turn rule. The scores and memories are updated in
/// `board`; who moves next is the caller's (see [`Turned`]).
#[inline]
pub fn take_turn<R, M, C, D, W>(
    rules: &R,
    memory: &M,
    clock: &C,
    board: &mut Board,
    choice: u8,
    dice: &mut D,
    watch: &mut W,
) -> Turned
where
    R: ScoreRules + ?Sized,
    M: PlayerMemory + ?Sized,
    C: Clock + ?Sized,
    D: Dice + ?Sized,
    W: Watch + ?Sized,
{
    let mover = board.mover;
    let other = 1 - mover;
    let (s, o) = (board.score[mover], board.score[other]);
    let sides = clock.dice(board.clock, rules.dice_sides(s, o));
    // What -1 does here: the clock's move (a swap of the scores, or
    // points), or where the move is spent the dice it rolls instead.
    let (choice, minus_one) = match (choice == MINUS_ONE).then(|| clock.minus_one(board.clock)) {
        Some(Some(m)) if m.swaps => {
            // The scores swap, and that is the turn: no after-turn rule.
            watch.minus_one(m, board.clock);
            board.clock = m.next;
            (board.score[mover], board.score[other]) = (o, s);
            return Turned {
                sides,
                points: 0,
                clock_again: false,
                extra_turn: false,
                after: (o, s),
            };
        }
        Some(None) => {
            let spent = clock.spent_minus_one();
            watch.spent_minus_one(spent);
            (spent as u8, None)
        }
        Some(Some(m)) => (choice, Some(m)),
        None => (choice, None),
    };
    // The dice the turn rolls: none for the -1 move, which the rules that
    // read the turn see as none; no more than the rules' cap (as the
    // course's `min(max_dice, strategy)`).
    let count = if minus_one.is_some() {
        0
    } else {
        let cap = rules.max_dice(s, o);
        if u32::from(choice) > cap {
            watch.capped(u32::from(choice), cap);
        }
        u32::from(choice).min(cap)
    };
    let (points, clock_again) = if let Some(m) = minus_one {
        watch.minus_one(m, board.clock);
        board.clock = m.next;
        (m.points, false)
    } else {
        let raw = if count == 0 {
            let points = rules.zero_dice(s, o);
            watch.zero_dice(points);
            points
        } else {
            watch.sides(sides);
            let rerolled = rules.rerolled(s, o);
            let (mut sum, mut ones) = (0, 0);
            for _ in 0..count {
                let (face, again) = dice.roll_die(sides, rerolled);
                if let Some(first) = again {
                    watch.reroll(first, face);
                }
                watch.face(face);
                ones += u32::from(face == 1);
                sum += face;
            }
            match (ones, rules.pig_out()) {
                (0, _) => sum,
                (ones, pig_out) => {
                    let points = match pig_out {
                        PigOut::Points(points) => points,
                        PigOut::Ones => ones,
                    };
                    watch.pig_out(ones, points);
                    points
                }
            }
        };
        let points = rules.turn_points(raw, count, s, o);
        if points != raw {
            watch.turn_points(raw, points);
        }
        let bonus = memory.bonus(board.remembered[mover], count);
        if bonus > 0 {
            watch.bonus(board.remembered[mover], bonus);
        }
        board.remembered[mover] = memory.remember(count, points);
        let (next, again) = clock.tick(board.clock, count, points + bonus);
        watch.clock(board.clock, next, points + bonus, again);
        board.clock = next;
        (points + bonus, again)
    };
    let before = (s + points, o);
    let after = rules.turn_end(s, o, points, count);
    watch.after_turn(before, after);
    (board.score[mover], board.score[other]) = after;
    let extra_turn = !clock_again && rules.extra_turn(after.0, after.1);
    if extra_turn {
        board.clock = clock.on_extra_turn(board.clock);
    }
    Turned {
        sides,
        points,
        clock_again,
        extra_turn,
        after,
    }
}
