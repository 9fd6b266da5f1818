//! Rule sets built into hog as rules files: semesters whose rules the
//! presets' components cannot express (Fall 2019's digit rules and Feral
//! Hogs). Each is the text of a rules file in `examples/rules/`, so the
//! file a user copies to change one rule is exactly what `--rules` runs.

use std::sync::Arc;

use super::{ComposedRules, Origin, Rules};
use crate::error::HogError;
use crate::recall::FeralHogs;

/// One built-in rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuiltIn {
    /// Its name on the command line (`--rules NAME`) and in reports.
    pub name: &'static str,
    /// The rules file it is.
    pub text: &'static str,
    /// Where the file lives in the repository, for the book and `hog rules`.
    pub path: &'static str,
}

/// A built-in rule set named `name`, the rules file `examples/rules/FILE`.
macro_rules! built_in {
    ($name:literal, $file:literal) => {
        BuiltIn {
            name: $name,
            text: include_str!(concat!("../../examples/rules/", $file)),
            path: concat!("examples/rules/", $file),
        }
    };
}

/// Every built-in rule set, in the order `hog rules` lists them: Fall
/// 2019, and the Hog Contests' rule sets.
pub const BUILT_IN: [BuiltIn; 8] = [
    built_in!("fa19", "fa19-feral.toml"),
    built_in!("fa15-contest", "fa15-contest.toml"),
    built_in!("fa17-contest", "fa17-contest.toml"),
    built_in!("sp18-contest", "sp18-contest.toml"),
    built_in!("su18-contest", "time-trot.toml"),
    built_in!("fa20-contest", "fa20-contest.toml"),
    built_in!("sp21-contest", "sp21-contest.toml"),
    built_in!("fa21-contest", "fa21-contest.toml"),
];

impl BuiltIn {
    /// The built-in rule set named `name`.
    pub fn from_name(name: &str) -> Option<BuiltIn> {
        BUILT_IN.into_iter().find(|b| b.name == name)
    }

    /// Its components, for `goal` if given (else the file's, else 100).
    pub fn composed(&self, goal: Option<u32>) -> Result<ComposedRules, HogError> {
        ComposedRules::parse(self.text, goal)
            .map_err(|reason| HogError::BadRules(format!("{}: {reason}", self.name)))
    }

    /// Its zero-dice, dice, after-turn, memory and clock components by
    /// name, as `hog rules` lists the presets' ("-" for none; rules in turn
    /// joined by "then").
    pub fn components(&self) -> [String; 6] {
        let table: toml::Table = self.text.parse().expect("a built-in rules file parses");
        let name = |value: &toml::Value| match value {
            toml::Value::Table(t) => t["rule"].as_str().unwrap_or("?").to_string(),
            other => other.as_str().unwrap_or("?").to_string(),
        };
        // A list of after-turn rules applies in turn; of extra-turn rules,
        // any gives the turn.
        let named = |key: &str, none: &str| match table.get(key) {
            None => none.to_string(),
            Some(toml::Value::Array(rules)) if rules.is_empty() => none.to_string(),
            Some(toml::Value::Array(rules)) => {
                let joint = if key == "extra_turn" {
                    " or "
                } else {
                    " then "
                };
                rules.iter().map(name).collect::<Vec<_>>().join(joint)
            }
            Some(value) => name(value),
        };
        [
            named("zero_dice", "-"),
            named("dice", "six-sided"),
            named("after_turn", "-"),
            named("extra_turn", "-"),
            named("memory", "-"),
            named("clock", "-"),
        ]
    }

    /// The rules, for `goal` if given, with `memory` in place of the file's
    /// own if given (`Some(None)`: no memory at all).
    pub fn rules(
        &self,
        goal: Option<u32>,
        memory: Option<Option<FeralHogs>>,
    ) -> Result<Rules, HogError> {
        let mut composed = self.composed(goal)?;
        if let Some(memory) = memory {
            composed = composed.with_memory(memory);
        }
        let remembered = composed.memory().map(|m| Arc::new(m) as _);
        let clock = composed.clock().map(|c| Arc::new(c) as _);
        Rules::from_functions(self.name.to_string(), Origin::BuiltIn, Arc::new(composed))?
            .remembering(remembered, clock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general::ScoreRules;

    #[test]
    fn fa19_is_fall_2019_with_feral_hogs_on_the_dice() {
        let fa19 = BuiltIn::from_name("fa19").unwrap();
        let rules = fa19.rules(None, None).unwrap();
        assert_eq!(rules.goal(), 100);
        assert_eq!(rules.memory().unwrap().name(), "feral-hogs");
        assert_eq!(
            rules.describe(),
            "fa19 (built in, with feral-hogs), goal 100"
        );
        let composed = fa19.composed(Some(100)).unwrap();
        // Free Bacon: 10 - the smaller digit of the opponent's score.
        assert_eq!(composed.zero_dice(0, 35), 7);
        assert_eq!(
            composed.zero_dice(0, 7),
            10,
            "a one-digit score's tens digit is 0"
        );
        // Swine Swap: 994 and 6 have first digit times last digit 36.
        assert_eq!(composed.after_turn(6, 994), (994, 6));
        assert_eq!(composed.after_turn(6, 995), (6, 995));
        assert_eq!(composed.dice_sides(0, 0), 6);
        assert!(BuiltIn::from_name("fa24").is_none());
        assert_eq!(
            fa19.components(),
            [
                "bacon-ten-minus-min-digit",
                "six-sided",
                "swap-first-times-last",
                "-",
                "feral-hogs",
                "-"
            ]
        );
        let fa20 = BuiltIn::from_name("fa20-contest").unwrap().components();
        assert_eq!(fa20[3], "swine-align or pig-pass");
    }

    /// The contests' rule sets: their semesters' rules with the contest's
    /// rule, as their example files give them.
    #[test]
    fn the_contests_are_their_files() {
        for (name, file, clock) in [
            ("fa15-contest", "fa15.toml", "pork-chop-swap"),
            ("fa17-contest", "fa17.toml", "time-trot"),
            ("sp18-contest", "sp18.toml", "time-trot"),
            ("su18-contest", "su18.toml", "time-trot"),
            ("fa20-contest", "fa20.toml", "extra-turn-dice"),
            ("sp21-contest", "sp21.toml", "time-trot"),
            ("fa21-contest", "fa21.toml", "goals"),
        ] {
            let built_in = BuiltIn::from_name(name).unwrap();
            assert_eq!(built_in.components()[5], clock, "{name}");
            let rules = built_in.rules(None, None).unwrap();
            assert_eq!(
                rules.memory().unwrap().clock().name().split(' ').next(),
                Some(clock)
            );
            // The semester's scoring, the clock aside.
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples/rules")
                .join(file);
            let semester = ComposedRules::load(&path, None).unwrap();
            let contest = built_in.composed(None).unwrap();
            for (s, o) in [(0, 0), (7, 35), (42, 48), (21, 21), (19, 91)] {
                assert_eq!(contest.zero_dice(s, o), semester.zero_dice(s, o), "{name}");
                assert_eq!(
                    contest.after_turn(s, o),
                    semester.after_turn(s, o),
                    "{name}"
                );
                assert_eq!(
                    contest.extra_turn(s, o),
                    semester.extra_turn(s, o),
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn the_memory_can_be_overridden_or_dropped() {
        let fa19 = BuiltIn::from_name("fa19").unwrap();
        let points = fa19.rules(Some(50), Some(Some(FeralHogs::Points))).unwrap();
        assert_eq!(points.memory().unwrap().name(), "feral-hogs-points");
        assert_eq!(points.goal(), 50);
        let plain = fa19.rules(None, Some(None)).unwrap();
        assert!(plain.memory().is_none());
        assert_eq!(plain.describe(), "fa19 (built in), goal 100");
    }
}
