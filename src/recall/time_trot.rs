//! Time Trot: an extra turn for rolling as many dice as the turn number
//! modulo M, never twice in a row.

use super::{Clock, ClockRule};

/// Time Trot with modulus `M`: turns are counted from 0 for the whole
/// game (extra turns count); a player who rolls exactly `turn % M` dice
/// (zero dice included) moves again, unless the turn was itself an extra
/// turn (Time Trot's, or one the rules give: Spring 2021's contest page,
/// "a player cannot get an extra turn as a consequence of Time Trot
/// immediately after an extra turn"). The clock is `(turn % M) * 2 +
/// extra`, where `extra` says the turn to play is such an extra turn; with
/// `extra_sides`, extra turns roll dice of that many sides (Spring 2021's
/// contest: eight).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeTrot {
    modulus: u32,
    /// The sides of the dice of extra turns; 0 for the rules' own.
    extra_sides: u32,
}

/// The largest modulus: the clock takes twice as many values.
pub const MAX_MODULUS: u32 = super::MAX_CLOCK / 2;

impl TimeTrot {
    /// Time Trot with modulus `modulus`, 1 to half of [`crate::recall::MAX_CLOCK`].
    pub fn new(modulus: u32) -> Option<TimeTrot> {
        (1..=MAX_MODULUS).contains(&modulus).then_some(TimeTrot {
            modulus,
            extra_sides: 0,
        })
    }

    /// This Time Trot with extra turns rolling dice of `sides` sides (2 to
    /// 20; 0 for the rules' own dice).
    pub fn with_extra_sides(self, sides: u32) -> Option<TimeTrot> {
        (sides == 0 || crate::general::SIDES.contains(&sides)).then_some(TimeTrot {
            extra_sides: sides,
            ..self
        })
    }

    /// The rules library's `time-trot`, from its `modulus` and
    /// `extra_sides`.
    pub fn from_params(param: &dyn Fn(&str) -> u32, _goal: u32) -> Result<ClockRule, String> {
        let (modulus, sides) = (param("modulus"), param("extra_sides"));
        let trot = TimeTrot::new(modulus)
            .ok_or_else(|| format!("time-trot has modulus {modulus}: 1 to {MAX_MODULUS}"))?;
        let trot = trot.with_extra_sides(sides).ok_or_else(|| {
            format!(
                "time-trot has extra_sides {sides}: dice of 2 to 20 sides, or 0 for the rules' own"
            )
        })?;
        Ok(ClockRule::new(trot))
    }

    /// Its modulus.
    pub fn modulus(&self) -> u32 {
        self.modulus
    }

    /// The clock of turn `turn` (counted from 0), an extra turn or not.
    pub fn clock(&self, turn: u32, extra: bool) -> u32 {
        (turn % self.modulus) * 2 + u32::from(extra)
    }
}

impl Clock for TimeTrot {
    fn size(&self) -> u32 {
        2 * self.modulus
    }

    fn tick(&self, clock: u32, dice: u32, _points: u32) -> (u32, bool) {
        let (turn, extra) = (clock / 2, clock % 2 == 1);
        let again = !extra && dice == turn;
        (self.clock(turn + 1, again), again)
    }

    fn on_extra_turn(&self, next: u32) -> u32 {
        next | 1
    }

    fn dice_last(&self) -> bool {
        false
    }

    fn dice(&self, clock: u32, own: u32) -> u32 {
        if self.extra_sides > 0 && clock % 2 == 1 {
            self.extra_sides
        } else {
            own
        }
    }

    fn name(&self) -> String {
        match self.extra_sides {
            0 => format!("time-trot {}", self.modulus),
            sides => format!("time-trot {}, {sides}-sided extra turns", self.modulus),
        }
    }

    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock / 2, clock % 2]
    }

    fn columns(&self) -> &'static [&'static str] {
        &["turn_mod", "extra_turn"]
    }

    fn of_turn(&self, turn: u32, extra: bool) -> Option<u32> {
        Some(self.clock(turn, extra))
    }

    fn label(&self, clock: u32) -> String {
        format!("turn {} (mod {})", clock / 2, self.modulus)
    }

    fn describe(&self, clock: u32) -> String {
        let (turn, extra) = (clock / 2, clock % 2 == 1);
        if extra {
            format!(
                "turn {turn} (mod {}), an extra turn: no other in a row",
                self.modulus
            )
        } else if turn as usize > crate::dice::MAX_DICE {
            format!(
                "turn {turn} (mod {}): no number of dice earns an extra turn",
                self.modulus
            )
        } else {
            let dice = if turn == 1 {
                "1 die earns"
            } else {
                "dice earn"
            };
            let count = if turn == 1 {
                String::new()
            } else {
                format!("{turn} ")
            };
            format!(
                "turn {turn} (mod {}): {count}{dice} an extra turn",
                self.modulus
            )
        }
    }

    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        match self.extra_sides {
            // As before the extra turns' dice: the same identity.
            0 => write!(out, "TimeTrot {{ modulus: {} }}", self.modulus).is_ok(),
            _ => write!(out, "{self:?}").is_ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule's worked examples, modulus 8: turn 0, zero dice earn an
    /// extra turn (turn 1, marked extra); on it, 1 die earns nothing more
    /// (turn 2, not extra); on turn 2, 2 dice earn one, 3 dice do not; turn
    /// 7 wraps to turn 8 = 0; rolling 9 dice never matches.
    #[test]
    fn time_trot_by_hand() {
        let t = TimeTrot::new(8).unwrap();
        assert_eq!(t.size(), 16);
        assert_eq!(t.tick(t.clock(0, false), 0, 0), (t.clock(1, true), true));
        assert_eq!(t.tick(t.clock(1, true), 1, 0), (t.clock(2, false), false));
        assert_eq!(t.tick(t.clock(2, false), 2, 0), (t.clock(3, true), true));
        assert_eq!(t.tick(t.clock(2, false), 3, 0), (t.clock(3, false), false));
        assert_eq!(t.tick(t.clock(7, false), 7, 0), (t.clock(0, true), true));
        assert_eq!(t.clock(8, false), t.clock(0, false));
        assert!((0..16).all(|c| !t.tick(c, 9, 0).1));
        assert!(TimeTrot::new(0).is_none() && TimeTrot::new(MAX_MODULUS + 1).is_none());
        assert_eq!(t.read(t.clock(5, true)), [5, 1]);
        assert_eq!(
            t.describe(t.clock(1, false)),
            "turn 1 (mod 8): 1 die earns an extra turn"
        );
        assert_eq!(
            t.describe(t.clock(3, false)),
            "turn 3 (mod 8): 3 dice earn an extra turn"
        );
        // A turn the rules give (not Time Trot) is an extra turn too: no
        // Time Trot on it; with extra_sides its dice are its own.
        assert_eq!(t.on_extra_turn(t.clock(4, false)), t.clock(4, true));
        assert!(!t.tick(t.on_extra_turn(t.clock(4, false)), 4, 0).1);
        let eight = t.with_extra_sides(8).unwrap();
        assert_eq!(
            (
                eight.dice(t.clock(4, true), 6),
                eight.dice(t.clock(4, false), 6)
            ),
            (8, 6)
        );
        assert_eq!(
            (t.dice(t.clock(4, true), 6), eight.name()),
            (6, "time-trot 8, 8-sided extra turns".into())
        );
        assert!(t.with_extra_sides(1).is_none() && t.with_extra_sides(0).is_some());
        let wide = TimeTrot::new(16).unwrap();
        assert_eq!(
            wide.describe(wide.clock(12, false)),
            "turn 12 (mod 16): no number of dice earns an extra turn"
        );
    }
}
