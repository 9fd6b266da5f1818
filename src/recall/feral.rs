//! Feral Hogs, in the two readings found in public course code: Fall
//! 2019's (the course's tests compare with the dice rolled on the previous
//! turn) and a later wording's (the points scored on it).

use super::PlayerMemory;

/// Feral Hogs: a turn scores 3 extra points when the number of dice rolled
/// is exactly 2 away from what the same player's previous turn gave (the
/// turn before a player's first counts as 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeralHogs {
    /// Compared with the points the previous turn scored (the points of
    /// the dice or of the zero-dice rule, without the bonus or a swap; the
    /// wording of a later semester's project). Points from 13 on are never
    /// 2 away from 0 to 10 dice, so they are remembered as 13.
    Points,
    /// Compared with the number of dice rolled on the previous turn: Fall
    /// 2019's rule as its tests check it (and a public contest solver's).
    Dice,
}

impl FeralHogs {
    /// Both readings, in the order `hog rules` lists them.
    pub const ALL: [FeralHogs; 2] = [FeralHogs::Dice, FeralHogs::Points];

    /// The reading named `name` (`feral-hogs`, `feral-hogs-points`).
    pub fn from_name(name: &str) -> Option<FeralHogs> {
        FeralHogs::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Remembered points past which no dice count is 2 away.
const POINTS_CAP: u32 = 13;

/// The bonus and the distance that earns it.
const BONUS: u32 = 3;
const DISTANCE: u32 = 2;

impl PlayerMemory for FeralHogs {
    fn size(&self) -> u32 {
        match self {
            FeralHogs::Points => POINTS_CAP + 1,
            FeralHogs::Dice => crate::dice::MAX_DICE as u32 + 1,
        }
    }

    fn bonus(&self, memory: u32, dice: u32) -> u32 {
        if memory.abs_diff(dice) == DISTANCE {
            BONUS
        } else {
            0
        }
    }

    fn remember(&self, dice: u32, points: u32) -> u32 {
        match self {
            FeralHogs::Points => points.min(POINTS_CAP),
            FeralHogs::Dice => dice,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            FeralHogs::Points => "feral-hogs-points",
            FeralHogs::Dice => "feral-hogs",
        }
    }

    fn unit(&self) -> &'static str {
        match self {
            FeralHogs::Points => "points",
            FeralHogs::Dice => "dice",
        }
    }

    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule's worked examples.
    /// - First turn (previous counts as 0): rolling 2 dice earns 3, rolling
    ///   0, 1 or 3 does not.
    /// - The previous turn scored 6: rolling 4 or 8 dice earns 3.
    /// - The previous turn scored 1 (a Pig Out) after rolling 5 dice: 3
    ///   dice earn the bonus by points, 3 or 7 by dice.
    /// - Points of 13 or more are remembered alike: no dice count is 2 away.
    #[test]
    fn feral_hogs_by_hand() {
        for rule in [FeralHogs::Points, FeralHogs::Dice] {
            let earns = |m, k| rule.bonus(m, k) == 3;
            assert!(earns(0, 2) && !earns(0, 0) && !earns(0, 1) && !earns(0, 3));
        }
        let p = FeralHogs::Points;
        let m = p.remember(4, 6);
        assert_eq!(m, 6);
        let earning: Vec<u32> = (0..=10).filter(|&k| p.bonus(m, k) == 3).collect();
        assert_eq!(earning, [4, 8]);
        assert_eq!(p.bonus(p.remember(5, 1), 3), 3);
        let d = FeralHogs::Dice;
        let earning: Vec<u32> = (0..=10)
            .filter(|&k| d.bonus(d.remember(5, 1), k) == 3)
            .collect();
        assert_eq!(earning, [3, 7]);
        assert_eq!(p.remember(10, 13), p.remember(10, 40));
        assert!((0..=10).all(|k| p.bonus(p.remember(10, 40), k) == 0));
        assert_eq!((p.size(), d.size()), (14, 11));
    }

    /// The course's test "swap after feral hogs" (both readings agree on a
    /// first turn): goal 50, player 0 at 45 rolls 2 dice showing 5 and 2
    /// against 5: 7 points, 3 more (previous turn 0, 2 dice), 55; 5 x 5 is
    /// 5 x 5, so Swine Swap makes it 5 to 55 and player 1 wins.
    #[test]
    fn swap_after_feral_hogs() {
        use crate::rules::library::AfterTurnRule;
        for rule in [FeralHogs::Points, FeralHogs::Dice] {
            let score = 45 + 5 + 2 + rule.bonus(0, 2);
            assert_eq!(AfterTurnRule::SwapFirstTimesLast.apply(score, 5), (5, 55));
        }
    }
}
