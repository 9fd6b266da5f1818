//! A goal for each player: the player who moves first plays to one score,
//! the other player to another (a Hog Contest of Fall 2021 gave each entry
//! a target score of its own).

use super::{Clock, ClockRule};

/// Player 0, who moves first, wins on reaching `first`; player 1 on
/// reaching `second`. The clock is the player to move (0 or 1), and every
/// turn hands it to the other: the goals follow the turns, so they cannot
/// be combined with rules that give extra turns (refused where the clock
/// is checked against the rules). A turn that leaves both players at or
/// past their goals is half a win each, as with one goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Goals {
    first: u32,
    second: u32,
}

impl Goals {
    /// The goals of player 0 (who moves first) and player 1, each at least
    /// 1 (at most the rules' goal, checked with the rules).
    pub fn new(first: u32, second: u32) -> Option<Goals> {
        (first >= 1 && second >= 1).then_some(Goals { first, second })
    }

    /// Player `player`'s goal.
    pub fn of(&self, player: u32) -> u32 {
        if player == 0 {
            self.first
        } else {
            self.second
        }
    }
}

impl Goals {
    /// The rules library's `goals`, from `first` and `second`, each at
    /// most the rules' `goal` (which sizes the board).
    pub fn from_params(param: &dyn Fn(&str) -> u32, goal: u32) -> Result<ClockRule, String> {
        let (first, second) = (param("first"), param("second"));
        match Goals::new(first, second) {
            Some(goals) if first.max(second) <= goal => Ok(ClockRule::new(goals)),
            _ => Err(format!(
                "goals has first {first} and second {second}: each 1 to the rules' goal {goal}"
            )),
        }
    }
}

impl Clock for Goals {
    fn size(&self) -> u32 {
        2
    }

    fn tick(&self, clock: u32, _dice: u32, _points: u32) -> (u32, bool) {
        (1 - clock, false)
    }

    fn goals(&self, clock: u32) -> Option<(u32, u32)> {
        Some((self.of(clock), self.of(1 - clock)))
    }

    fn name(&self) -> String {
        format!("goals {} and {}", self.first, self.second)
    }

    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock]
    }

    fn columns(&self) -> &'static [&'static str] {
        &["player"]
    }

    fn of_turn(&self, turn: u32, _extra: bool) -> Option<u32> {
        Some(turn % 2)
    }

    fn label(&self, clock: u32) -> String {
        format!("player {clock} to move, playing to {}", self.of(clock))
    }

    fn describe(&self, clock: u32) -> String {
        format!(
            "player {clock} to move, playing to {} against {}",
            self.of(clock),
            self.of(1 - clock)
        )
    }

    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Player 0 plays to 50, player 1 to 65: each turn hands the clock to
    /// the other player, whose goal is then the mover's.
    #[test]
    fn goals_follow_the_turns() {
        let g = Goals::new(50, 65).unwrap();
        assert_eq!(
            (g.size(), g.goals(0), g.goals(1)),
            (2, Some((50, 65)), Some((65, 50)))
        );
        assert_eq!((g.tick(0, 4, 9), g.tick(1, 0, 3)), ((1, false), (0, false)));
        assert_eq!(
            (g.of_turn(0, false), g.of_turn(3, false)),
            (Some(0), Some(1))
        );
        assert_eq!(g.describe(1), "player 1 to move, playing to 65 against 50");
        assert!(Goals::new(0, 10).is_none() && Goals::new(10, 0).is_none());
    }
}
