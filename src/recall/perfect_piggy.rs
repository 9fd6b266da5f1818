//! Perfect Piggy: a turn that scores a perfect square or cube other than 1
//! swaps the dice of every later turn, both players', between the rules'
//! own and dice of another number of sides (four in the 2016-era course
//! skeleton it comes from); the next such turn swaps them back.

use super::Clock;

/// Perfect Piggy with swapped dice of `sides` faces. The clock is 1 while
/// the dice are swapped, 0 (as at the start) while they are the rules'
/// own. A turn's points are what it adds to the mover's score before the
/// after-turn rule (after a turn-points rule such as Hogtimus Prime); 0 is
/// a perfect square (0 * 0), so a turn of no points swaps too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerfectPiggy {
    sides: u32,
}

impl PerfectPiggy {
    /// Perfect Piggy swapping to dice of `sides` faces (2 to 20).
    pub fn new(sides: u32) -> Option<PerfectPiggy> {
        crate::general::SIDES
            .contains(&sides)
            .then_some(PerfectPiggy { sides })
    }

    /// The sides of the swapped dice.
    pub fn swapped_sides(&self) -> u32 {
        self.sides
    }
}

/// Whether a turn of `points` swaps the dice: a perfect square or cube
/// other than 1.
pub fn swaps(points: u32) -> bool {
    let square = (0..=points)
        .take_while(|r| r * r <= points)
        .any(|r| r * r == points);
    let cube = (0..=points)
        .take_while(|r| r * r * r <= points)
        .any(|r| r * r * r == points);
    points != 1 && (square || cube)
}

impl Clock for PerfectPiggy {
    fn size(&self) -> u32 {
        2
    }

    fn tick(&self, clock: u32, _dice: u32, points: u32) -> (u32, bool) {
        (clock ^ u32::from(swaps(points)), false)
    }

    fn reads_points(&self) -> bool {
        true
    }

    fn sides(&self, clock: u32) -> Option<u32> {
        (clock == 1).then_some(self.sides)
    }

    fn name(&self) -> String {
        if self.sides == 4 {
            "perfect-piggy".into()
        } else {
            format!("perfect-piggy {}", self.sides)
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule's worked examples: 4, 8, 9, 16, 25, 27, 36, 49, 64 swap
    /// (squares and cubes); 1 does not though it is both; 2, 12, 13, 26
    /// do not; 0 does (0 * 0). Swapping twice puts the dice back, and the
    /// dice count plays no part.
    #[test]
    fn perfect_piggy_by_hand() {
        let swapping: Vec<u32> = (0..=70).filter(|&q| swaps(q)).collect();
        assert_eq!(swapping, [0, 4, 8, 9, 16, 25, 27, 36, 49, 64]);
        assert!(swaps(100) && swaps(125) && swaps(216) && !swaps(1) && !swaps(2));
        let p = PerfectPiggy::new(4).unwrap();
        assert_eq!(p.tick(0, 3, 9), (1, false));
        assert_eq!(p.tick(1, 0, 8), (0, false));
        assert_eq!(p.tick(1, 5, 13), (1, false));
        assert_eq!(p.tick(0, 10, 1), (0, false));
        assert_eq!((p.sides(0), p.sides(1)), (None, Some(4)));
        assert_eq!(p.name(), "perfect-piggy");
        assert_eq!(PerfectPiggy::new(8).unwrap().name(), "perfect-piggy 8");
        assert!(PerfectPiggy::new(1).is_none() && PerfectPiggy::new(21).is_none());
    }
}
