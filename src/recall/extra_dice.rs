//! Dice of their own for extra turns (Fall 2020's Hog Contest: "players
//! will roll 8-sided dice on all extra turns").

use super::{Clock, ClockRule};

/// Extra turns the rules give roll dice of `sides` sides; other turns the
/// rules' own. The clock says whether the turn to play is an extra turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtraTurnDice {
    sides: u32,
}

impl ExtraTurnDice {
    /// Extra turns rolling dice of `sides` sides, 2 to 20.
    pub fn new(sides: u32) -> Option<ExtraTurnDice> {
        crate::general::SIDES
            .contains(&sides)
            .then_some(ExtraTurnDice { sides })
    }
}

impl ExtraTurnDice {
    /// The rules library's `extra-turn-dice`, from its `sides`.
    pub fn from_params(param: &dyn Fn(&str) -> u32, _goal: u32) -> Result<ClockRule, String> {
        let sides = param("sides");
        let clock = ExtraTurnDice::new(sides)
            .ok_or_else(|| format!("extra-turn-dice has sides {sides}: dice have 2 to 20 sides"))?;
        Ok(ClockRule::new(clock))
    }
}

impl Clock for ExtraTurnDice {
    fn size(&self) -> u32 {
        2
    }

    fn tick(&self, _clock: u32, _dice: u32, _points: u32) -> (u32, bool) {
        (0, false)
    }

    fn on_extra_turn(&self, _next: u32) -> u32 {
        1
    }

    fn dice_last(&self) -> bool {
        false
    }

    fn dice(&self, clock: u32, own: u32) -> u32 {
        if clock == 1 {
            self.sides
        } else {
            own
        }
    }

    fn name(&self) -> String {
        format!("extra-turn-dice {}", self.sides)
    }

    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock]
    }

    fn columns(&self) -> &'static [&'static str] {
        &["extra_turn"]
    }

    fn label(&self, clock: u32) -> String {
        if clock == 1 {
            "an extra turn".into()
        } else {
            "a turn in order".into()
        }
    }

    fn describe(&self, clock: u32) -> String {
        if clock == 1 {
            format!("an extra turn: {}-sided dice", self.sides)
        } else {
            "a turn in order: the rules' dice".into()
        }
    }

    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fall 2020's contest: an extra turn rolls eight-sided dice, the turn
    /// after it in order six-sided ones again.
    #[test]
    fn extra_turns_roll_their_own_dice() {
        let d = ExtraTurnDice::new(8).unwrap();
        assert_eq!((d.on_extra_turn(0), d.tick(1, 3, 9)), (1, (0, false)));
        assert_eq!((d.dice(1, 6), d.dice(0, 6), d.dice(1, 4)), (8, 6, 8));
        assert!(ExtraTurnDice::new(1).is_none() && ExtraTurnDice::new(21).is_none());
    }
}
