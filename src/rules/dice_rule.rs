//! Dice rules: which die the mover rolls.

/// Which kind of die a turn uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiceRule {
    /// Always six-sided dice.
    SixSided,
    /// Hog Wild: four-sided dice when the score sum before the turn is a
    /// multiple of 7 (so the first turn of a game uses them), else six-sided.
    HogWild,
}

impl DiceRule {
    /// Faces per die for a turn with score `mover` against `opponent`.
    pub fn sides(self, mover: u32, opponent: u32) -> u32 {
        self.sides_at_sum(mover + opponent)
    }

    /// Faces per die for a turn whose score sum is `sum`. Every dice rule
    /// depends on the sum alone, so a whole diagonal of states (which the
    /// solver computes together) rolls one kind of die.
    pub fn sides_at_sum(self, sum: u32) -> u32 {
        match self {
            DiceRule::SixSided => 6,
            DiceRule::HogWild if sum.is_multiple_of(7) => 4,
            DiceRule::HogWild => 6,
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            DiceRule::SixSided => "six-sided",
            DiceRule::HogWild => "hog-wild",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hog_wild_uses_four_sides_on_multiples_of_seven() {
        assert_eq!(DiceRule::HogWild.sides(0, 0), 4, "first turn: sum 0");
        assert_eq!(DiceRule::HogWild.sides(10, 4), 4);
        assert_eq!(DiceRule::HogWild.sides(50, 20), 4);
        assert_eq!(DiceRule::HogWild.sides(10, 5), 6);
        assert_eq!(DiceRule::HogWild.sides(1, 0), 6);
        // After a swap the sum is unchanged, so the rule sees the same sum.
        assert_eq!(
            DiceRule::HogWild.sides(20, 50),
            DiceRule::HogWild.sides(50, 20)
        );
        assert_eq!(DiceRule::SixSided.sides(0, 0), 6);
    }
}
