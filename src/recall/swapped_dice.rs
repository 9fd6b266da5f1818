//! Clocks that swap the dice of every later turn, both players', between
//! six-sided dice and dice of another number of sides (four in the
//! semesters they come from); the next swap puts them back. The clock is
//! 1 while the dice are swapped, 0 (as at the start) while they are the
//! rules' own. Swapped, a six-sided die becomes a `sides`-sided one and a
//! `sides`-sided one a six-sided one (under Hog Wild a swapped game rolls
//! six-sided dice where it would roll four-sided ones, as Ham Hijinks
//! said); dice of other sides stay as they are.
//!
//! - **Perfect Piggy** (Summer 2017): a turn that scores a perfect
//!   square or cube other than 1 swaps the dice.
//! - **Pork Chop** (Fall 2016; Ham Hijinks in the Fall 2013 and
//!   Spring 2014 Hog Contests): a player may roll -1 dice instead of
//!   rolling, which scores 1 point and swaps the dice.

use super::{Clock, ClockRule, MinusOne};

/// A six-sided die swapped for one of `sides` sides, and back: the sides
/// of a die of the rules' `own` sides while the dice are swapped.
pub fn swapped(own: u32, sides: u32) -> u32 {
    if own == 6 {
        sides
    } else if own == sides {
        6
    } else {
        own
    }
}

/// Whether a turn of `points` swaps the dice under Perfect Piggy: a
/// perfect square or cube other than 1.
pub fn perfect(points: u32) -> bool {
    let square = (0..=points)
        .take_while(|r| r * r <= points)
        .any(|r| r * r == points);
    let cube = (0..=points)
        .take_while(|r| r * r * r <= points)
        .any(|r| r * r * r == points);
    points != 1 && (square || cube)
}

/// A clock that swaps the dice: `sides` is what a six-sided die becomes
/// (and the other way round), `by` what swaps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwappedDice<T> {
    sides: u32,
    by: T,
}

/// What swaps the dice of a [`SwappedDice`] clock.
pub trait Swap: Sync + std::fmt::Debug {
    /// The rule's name.
    const RULE: &'static str;
    /// Whether [`Swap::by_points`] reads the points at all.
    const READS_POINTS: bool;
    /// Whether a turn of `points` swaps the dice.
    fn by_points(&self, points: u32) -> bool;
    /// The points of the -1 move that swaps them, for rules with one.
    fn minus_one(&self) -> Option<u32>;
}

/// Perfect Piggy's swap: a turn's points (what it adds to the mover's
/// score before the after-turn rule: after a turn-points rule such as
/// Hogtimus Prime, and a memory's bonus) a perfect square or cube other
/// than 1; 0 is a perfect square (0 * 0), so a turn of no points swaps too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerfectTurn;

impl Swap for PerfectTurn {
    const RULE: &'static str = "perfect-piggy";
    const READS_POINTS: bool = true;
    fn by_points(&self, points: u32) -> bool {
        perfect(points)
    }
    fn minus_one(&self) -> Option<u32> {
        None
    }
}

/// Pork Chop's swap: the move of rolling -1 dice, scoring these points; a
/// roll leaves the dice as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinusOneMove(u32);

impl Swap for MinusOneMove {
    const RULE: &'static str = "pork-chop";
    const READS_POINTS: bool = false;
    fn by_points(&self, _: u32) -> bool {
        false
    }
    fn minus_one(&self) -> Option<u32> {
        Some(self.0)
    }
}

/// Perfect Piggy with swapped dice of `sides` faces.
pub type PerfectPiggy = SwappedDice<PerfectTurn>;

/// Pork Chop: rolling -1 dice scores its points and swaps the dice to
/// `sides` faces (and back).
pub type PorkChop = SwappedDice<MinusOneMove>;

impl PerfectPiggy {
    /// Perfect Piggy swapping to dice of `sides` faces (2 to 20).
    pub fn new(sides: u32) -> Option<PerfectPiggy> {
        crate::general::SIDES
            .contains(&sides)
            .then_some(SwappedDice {
                sides,
                by: PerfectTurn,
            })
    }
}

impl PerfectPiggy {
    /// The rules library's `perfect-piggy`, from its `sides`.
    pub fn from_params(param: &dyn Fn(&str) -> u32, _goal: u32) -> Result<ClockRule, String> {
        let sides = param("sides");
        let clock = PerfectPiggy::new(sides)
            .ok_or_else(|| format!("perfect-piggy has sides {sides}: dice have 2 to 20 sides"))?;
        Ok(ClockRule::new(clock))
    }
}

impl PorkChop {
    /// The rules library's `pork-chop`, from its `points` and `sides`.
    pub fn from_params(param: &dyn Fn(&str) -> u32, _goal: u32) -> Result<ClockRule, String> {
        let (points, sides) = (param("points"), param("sides"));
        let clock = PorkChop::new(points, sides).ok_or_else(|| {
            format!(
                "pork-chop has points {points} and sides {sides}: 1 to {} points, dice of 2 to \
                 20 sides",
                crate::general::MAX_TURN_POINTS
            )
        })?;
        Ok(ClockRule::new(clock))
    }
}

impl PorkChop {
    /// Pork Chop scoring `points` (1 to 255) and swapping to dice of
    /// `sides` faces (2 to 20).
    pub fn new(points: u32, sides: u32) -> Option<PorkChop> {
        let fits = crate::general::SIDES.contains(&sides)
            && (1..=crate::general::MAX_TURN_POINTS).contains(&points);
        fits.then_some(SwappedDice {
            sides,
            by: MinusOneMove(points),
        })
    }
}

impl<T: Swap> Clock for SwappedDice<T> {
    fn size(&self) -> u32 {
        2
    }

    fn tick(&self, clock: u32, _dice: u32, points: u32) -> (u32, bool) {
        (clock ^ u32::from(self.by.by_points(points)), false)
    }

    fn reads_points(&self) -> bool {
        T::READS_POINTS
    }

    fn dice(&self, clock: u32, own: u32) -> u32 {
        if clock == 1 {
            swapped(own, self.sides)
        } else {
            own
        }
    }

    fn minus_one(&self, clock: u32) -> Option<MinusOne> {
        self.by
            .minus_one()
            .map(|points| MinusOne::scoring(points, clock ^ 1))
    }

    /// The rule, with the sides where they are not four and the -1 move's
    /// points where they are not 1.
    fn name(&self) -> String {
        let named = if self.sides == 4 {
            T::RULE.to_string()
        } else {
            format!("{} {}", T::RULE, self.sides)
        };
        match self.by.minus_one() {
            Some(points) if points != 1 => format!("{named} ({points} points)"),
            _ => named,
        }
    }

    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock]
    }

    fn columns(&self) -> &'static [&'static str] {
        &["dice_swapped"]
    }

    fn label(&self, clock: u32) -> String {
        if clock == 1 {
            format!("dice swapped to {}-sided", self.sides)
        } else {
            "dice not swapped".into()
        }
    }

    fn describe(&self, clock: u32) -> String {
        self.label(clock)
    }

    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Perfect Piggy's worked examples: 4, 8, 9, 16, 25, 27, 36, 49, 64
    /// swap (squares and cubes); 1 does not though it is both; 2, 12, 13,
    /// 26 do not; 0 does (0 * 0). The course's own tests: 10 and 1 no; 27,
    /// 64, 81, 121 yes. Swapping twice puts the dice back, and the dice
    /// count plays no part.
    #[test]
    fn perfect_piggy_by_hand() {
        let swapping: Vec<u32> = (0..=70).filter(|&q| perfect(q)).collect();
        assert_eq!(swapping, [0, 4, 8, 9, 16, 25, 27, 36, 49, 64]);
        assert!(perfect(100) && perfect(125) && perfect(216) && !perfect(1) && !perfect(2));
        assert!(!perfect(10) && perfect(27) && perfect(64) && perfect(81) && perfect(121));
        let p = PerfectPiggy::new(4).unwrap();
        assert_eq!(p.tick(0, 3, 9), (1, false));
        assert_eq!(p.tick(1, 0, 8), (0, false));
        assert_eq!(p.tick(1, 5, 13), (1, false));
        assert_eq!(p.tick(0, 10, 1), (0, false));
        assert_eq!((p.dice(0, 6), p.dice(1, 6)), (6, 4));
        assert_eq!(p.minus_one(0), None);
        assert_eq!(p.name(), "perfect-piggy");
        assert_eq!(PerfectPiggy::new(8).unwrap().name(), "perfect-piggy 8");
        assert!(PerfectPiggy::new(1).is_none() && PerfectPiggy::new(21).is_none());
    }

    /// Pork Chop's worked examples: -1 scores 1 point and swaps the dice,
    /// a second -1 swaps them back, a roll never swaps them; swapped under
    /// Hog Wild, the four-sided turns roll six-sided dice (Ham Hijinks'
    /// "and vice-versa"), and dice of other sides stay.
    #[test]
    fn pork_chop_by_hand() {
        let p = PorkChop::new(1, 4).unwrap();
        assert_eq!(p.minus_one(0), Some(MinusOne::scoring(1, 1)));
        assert_eq!(p.minus_one(1), Some(MinusOne::scoring(1, 0)));
        assert_eq!(p.tick(1, 4, 9), (1, false));
        assert_eq!(p.tick(0, 0, 16), (0, false));
        assert_eq!((p.dice(0, 6), p.dice(1, 6)), (6, 4));
        assert_eq!((p.dice(0, 4), p.dice(1, 4)), (4, 6));
        assert_eq!(p.dice(1, 8), 8);
        assert_eq!(p.name(), "pork-chop");
        assert_eq!(
            PorkChop::new(2, 8).unwrap().name(),
            "pork-chop 8 (2 points)"
        );
        assert!(PorkChop::new(0, 4).is_none() && PorkChop::new(1, 1).is_none());
    }
}
