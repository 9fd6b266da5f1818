//! The Fall 2015 Hog Contest's Pork Chop (Spring 2016's too): a player
//! may roll -1 dice once a game, which scores nothing and swaps the two
//! scores (no after-turn rule: the swap is the turn); a player's second
//! -1 counts as 10 dice.
//!
//! The clock is what the player to move and the other have used, seen by
//! the player to move: bit 0 the mover's -1, bit 1 the other's. A turn
//! hands the move over, so every turn exchanges the two bits; an extra
//! turn gives them back.

use super::{Clock, ClockRule, MinusOne};

/// The mover has rolled -1.
const MINE: u32 = 1;
/// The other player has rolled -1.
const THEIRS: u32 = 2;

/// The Fall 2015 contest's Pork Chop (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PorkChopSwap;

/// The clock seen by the other player.
fn handed_over(clock: u32) -> u32 {
    (clock & MINE) << 1 | (clock & THEIRS) >> 1
}

impl PorkChopSwap {
    /// The rules library's `pork-chop-swap` (no parameters).
    pub fn from_params(_param: &dyn Fn(&str) -> u32, _goal: u32) -> Result<ClockRule, String> {
        Ok(ClockRule::new(PorkChopSwap))
    }
}

impl Clock for PorkChopSwap {
    fn size(&self) -> u32 {
        4
    }

    fn tick(&self, clock: u32, _: u32, _: u32) -> (u32, bool) {
        (handed_over(clock), false)
    }

    fn on_extra_turn(&self, next: u32) -> u32 {
        handed_over(next)
    }

    fn minus_one(&self, clock: u32) -> Option<MinusOne> {
        (clock & MINE == 0).then(|| MinusOne {
            points: 0,
            next: handed_over(clock | MINE),
            swaps: true,
        })
    }

    fn name(&self) -> String {
        "pork-chop-swap".into()
    }

    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock & MINE, (clock & THEIRS) >> 1]
    }

    fn columns(&self) -> &'static [&'static str] {
        &["chopped", "opponent_chopped"]
    }

    fn label(&self, clock: u32) -> String {
        let used = |bit: u32| if clock & bit != 0 { "used" } else { "unused" };
        format!("mover's -1 {}, opponent's {}", used(MINE), used(THEIRS))
    }

    fn describe(&self, clock: u32) -> String {
        format!(
            "{}: -1 swaps the scores, once a player; a second -1 rolls 10 dice",
            self.label(clock)
        )
    }

    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_swaps_once() {
        let chop = PorkChopSwap;
        // Player 0 to move, nobody has chopped.
        assert_eq!(
            chop.minus_one(0),
            Some(MinusOne {
                points: 0,
                next: THEIRS,
                swaps: true
            })
        );
        // Player 1 then sees the other's -1 used, their own not.
        assert_eq!(chop.minus_one(THEIRS).map(|m| m.next), Some(3));
        // Back to player 0: both used; -1 is spent and rolls 10 dice.
        assert_eq!(chop.minus_one(3), None);
        assert_eq!(chop.minus_one(MINE), None);
        assert_eq!(chop.spent_minus_one(), 10);
        // A turn hands the clock over; an extra turn hands it back.
        assert_eq!(chop.tick(MINE, 4, 9), (THEIRS, false));
        assert_eq!(chop.tick(3, 4, 9), (3, false));
        assert_eq!(chop.on_extra_turn(chop.tick(MINE, 2, 5).0), MINE);
        assert_eq!(chop.read(MINE), vec![1, 0]);
        assert_eq!(chop.label(THEIRS), "mover's -1 unused, opponent's used");
    }
}
