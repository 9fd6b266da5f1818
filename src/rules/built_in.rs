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
    /// The semesters (or contest) it is, for people ("Fall 2022, Spring
    /// 2023").
    pub title: &'static str,
    /// The rules file it is.
    pub text: &'static str,
    /// Where the file lives in the repository, for the book and `hog rules`.
    pub path: &'static str,
}

/// A built-in rule set named `name`, the rules file `examples/rules/FILE`.
macro_rules! built_in {
    ($name:literal, $title:literal, $file:literal) => {
        BuiltIn {
            name: $name,
            title: $title,
            text: include_str!(concat!("../../examples/rules/", $file)),
            path: concat!("examples/rules/", $file),
        }
    };
}

/// Every built-in rule set, in the order `hog rules` lists them: every
/// semester with a public source that no preset is, oldest first, each
/// semester's Hog Contest after it.
pub const BUILT_IN: [BuiltIn; 31] = [
    built_in!("fa14", "Fall 2014", "fa14.toml"),
    built_in!("sp15", "Spring 2015", "sp15.toml"),
    built_in!("fa15", "Fall 2015, Spring 2016", "fa15.toml"),
    built_in!(
        "fa15-contest",
        "the Fall 2015 and Spring 2016 Hog Contests",
        "fa15-contest.toml"
    ),
    built_in!("su16", "Summer 2016", "su16.toml"),
    built_in!("fa16", "Fall 2016", "fa16.toml"),
    built_in!("sp17", "Spring 2017", "sp17.toml"),
    built_in!("su17", "Summer 2017", "perfect-piggy.toml"),
    built_in!("fa17", "Fall 2017", "fa17.toml"),
    built_in!(
        "fa17-contest",
        "the Fall 2017 Hog Contest",
        "fa17-contest.toml"
    ),
    built_in!("sp18", "Spring 2018", "sp18.toml"),
    built_in!(
        "sp18-contest",
        "the Spring 2018 Hog Contest",
        "sp18-contest.toml"
    ),
    built_in!("su18", "Summer 2018", "su18.toml"),
    built_in!(
        "su18-contest",
        "the Summer 2018 Hog Contest",
        "time-trot.toml"
    ),
    built_in!("fa18", "Fall 2018", "fa18.toml"),
    built_in!("sp19", "Spring 2019", "sp19.toml"),
    built_in!("su19", "Summer 2019", "su19.toml"),
    built_in!("fa19", "Fall 2019", "fa19-feral.toml"),
    built_in!("sp20", "Spring 2020", "sp20.toml"),
    built_in!("su20", "Summer 2020", "su20.toml"),
    built_in!("fa20", "Fall 2020", "fa20.toml"),
    built_in!(
        "fa20-contest",
        "the Fall 2020 Hog Contest",
        "fa20-contest.toml"
    ),
    built_in!("sp21", "Spring 2021", "sp21.toml"),
    built_in!(
        "sp21-contest",
        "the Spring 2021 Hog Contest",
        "sp21-contest.toml"
    ),
    built_in!("su21", "Summer 2021", "su21.toml"),
    built_in!("fa21", "Fall 2021", "fa21.toml"),
    built_in!(
        "fa21-contest",
        "the Fall 2021 Hog Contest",
        "fa21-contest.toml"
    ),
    built_in!("sp22", "Spring 2022", "sp22.toml"),
    built_in!("su22", "Summer 2022", "su22.toml"),
    built_in!("fa22", "Fall 2022, Spring 2023", "fa22.toml"),
    built_in!("su23", "Summer 2023", "su23.toml"),
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

    /// Every semester's file reads as rules under its own name (to 100,
    /// but for Fall 2021's contest of a goal a player, 30 and 40), and no
    /// two rule sets share a name.
    #[test]
    fn every_built_in_rule_set_reads_under_its_name() {
        for built_in in BUILT_IN {
            let rules = built_in.rules(None, None).unwrap();
            assert_eq!(rules.name(), built_in.name);
            let goal = if built_in.name == "fa21-contest" {
                40
            } else {
                100
            };
            assert_eq!(rules.goal(), goal, "{}", built_in.name);
            assert!(!built_in.title.is_empty());
        }
        let names: Vec<&str> = crate::rules::named_rule_sets()
            .iter()
            .map(|r| r.name)
            .collect();
        let unique: std::collections::HashSet<&&str> = names.iter().collect();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        assert_eq!(names.len(), 4 + BUILT_IN.len());
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
