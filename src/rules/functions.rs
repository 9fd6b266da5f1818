//! Rules given as functions ([`ScoreRules`]: a Python rules file, later a
//! rules file of components) inside a [`Rules`], solved on the general
//! path; and the components' rules as functions, so that both paths can be
//! held against each other.

use std::sync::Arc;

use super::Rules;
use crate::general::{RuleTables, ScoreRules};

/// The functions and their tables: what a [`Rules`] built by
/// [`Rules::from_functions`] holds.
#[derive(Clone)]
pub struct Functions {
    /// What the rules are called (the file's name).
    pub name: String,
    /// The functions themselves, for a game played turn by turn.
    pub rules: Arc<dyn ScoreRules + Send + Sync>,
    /// Every function tabulated and checked, for the sweep.
    pub tables: Arc<RuleTables>,
}

impl Functions {
    /// Whether the rules came from Python (the name is the file's).
    fn is_python(&self) -> bool {
        self.name.ends_with(".py")
    }

    /// Where the rules came from, for headers: "from Python" or "rules
    /// file".
    pub fn origin(&self) -> &'static str {
        if self.is_python() {
            "from Python"
        } else {
            "rules file"
        }
    }

    /// What reports give as each component's name: `python` or
    /// `rules-file`.
    pub fn component_name(&self) -> &'static str {
        if self.is_python() {
            "python"
        } else {
            "rules-file"
        }
    }
}

impl std::fmt::Debug for Functions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Functions")
            .field("name", &self.name)
            .finish()
    }
}

/// A preset or a composed rule set, as functions: the fast path's rules on
/// the general path.
impl ScoreRules for Rules {
    fn goal(&self) -> u32 {
        Rules::goal(self)
    }

    fn zero_dice(&self, score: u32, opponent: u32) -> u32 {
        self.zero_dice_points(score, opponent)
    }

    fn dice_sides(&self, score: u32, opponent: u32) -> u32 {
        match self.functions() {
            Some(f) => f.rules.dice_sides(score, opponent),
            None => self.components().dice.sides(score, opponent),
        }
    }

    fn pig_out(&self) -> crate::general::PigOut {
        match self.functions() {
            Some(f) => f.rules.pig_out(),
            None => crate::general::PigOut::Points(1),
        }
    }

    fn has_turn_points(&self) -> bool {
        self.functions().is_some_and(|f| f.rules.has_turn_points())
    }

    fn turn_points(&self, points: u32, dice: u32, score: u32, opponent: u32) -> u32 {
        match self.functions() {
            Some(f) => f.rules.turn_points(points, dice, score, opponent),
            None => points,
        }
    }

    fn after_turn(&self, score: u32, opponent: u32) -> (u32, u32) {
        let end = Rules::after_turn(self, score, opponent);
        (end.mover, end.other)
    }

    fn extra_turn(&self, score: u32, opponent: u32) -> bool {
        self.functions()
            .is_some_and(|f| f.rules.extra_turn(score, opponent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;
    use crate::solve::{best_response, optimal};
    use crate::sweep::SweepOptions;
    use crate::table::StrategyTable;

    /// A preset given as functions takes the general path through every
    /// entry point of the sweep, and lands within 1e-15 of the fast path.
    #[test]
    fn rules_as_functions_solve_through_the_usual_entry_points() {
        for preset in Preset::ALL {
            let fast = Rules::preset(preset, 60).unwrap();
            let general = Rules::from_functions("copy".into(), Arc::new(fast.clone())).unwrap();
            assert_eq!(general.name(), "copy");
            assert!(general.general().is_some() && !general.is_preset());
            let options = SweepOptions::default();
            let (a, b) = (optimal(&fast, &options), optimal(&general, &options));
            let table = StrategyTable::from_fn(60, |s, o| ((s + 2 * o) % 11) as u8);
            let (c, d) = (
                best_response(&fast, &table, &options),
                best_response(&general, &table, &options),
            );
            for s in 0..60 {
                for o in 0..60 {
                    let gap = (a.win_probability(s, o) - b.win_probability(s, o)).abs();
                    assert!(gap <= 1e-15, "{preset:?} ({s}, {o})");
                    let gap = (c.win_probability(s, o) - d.win_probability(s, o)).abs();
                    assert!(gap <= 1e-15, "{preset:?} ({s}, {o})");
                    let (x, y) = (a.choice_values(s, o), b.choice_values(s, o));
                    for k in 0..=crate::dice::MAX_DICE {
                        assert!((x[k] - y[k]).abs() <= 1e-15, "{preset:?} ({s}, {o}) {k}");
                    }
                }
            }
            let rates = |r: &Rules| crate::eval::win_rates(r, &table, &a.table(), &options).average;
            assert!((rates(&fast) - rates(&general)).abs() <= 1e-15);
        }
    }
}
