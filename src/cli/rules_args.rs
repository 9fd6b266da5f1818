//! The rules options every command takes.

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};

use std::path::PathBuf;
use std::time::Duration;

use crate::recall::FeralHogs;
use crate::rules::{
    from_python, from_toml, resolve, AfterTurn, Components, DiceRule, Overrides, RuleSetName,
    Rules, ZeroDice, MAX_GOAL,
};
use crate::HogError;

// The value lists come from the library's own lists of components
// (`ALL`) and their names, so a new component cannot be missing here.
macro_rules! value_enum_from_names {
    ($($kind:ty),*) => {$(
        impl ValueEnum for $kind {
            fn value_variants<'a>() -> &'a [Self] {
                &<$kind>::ALL
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                Some(PossibleValue::new(self.name()))
            }
        }
    )*};
}

value_enum_from_names!(ZeroDice, AfterTurn);

/// `--memory`: a reading of Feral Hogs, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryChoice(pub Option<FeralHogs>);

const MEMORY_CHOICES: [MemoryChoice; 3] = [
    MemoryChoice(Some(FeralHogs::ALL[0])),
    MemoryChoice(Some(FeralHogs::ALL[1])),
    MemoryChoice(None),
];

impl ValueEnum for MemoryChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &MEMORY_CHOICES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        use crate::recall::PlayerMemory;
        Some(PossibleValue::new(self.0.map_or("none", |m| m.name())))
    }
}

/// `--rules`, `--goal` and the component overrides.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Rule set: a preset (fa24, double-swap, reverse-swap, digit-swap),
    /// fa19 (Fall 2019, with Feral Hogs; a built-in rules file), or the path
    /// of a rules file: FILE.toml (components) or FILE.py (functions).
    /// Their rules are in the book (docs/src/rules).
    #[arg(
        long = "rules",
        value_name = "RULES",
        default_value = "fa24",
        global = true
    )]
    pub preset: String,

    /// Score needed to win (1 to 1000000; default 100, or the GOAL of a
    /// --rules-py file).
    #[arg(long, global = true, value_parser = whole_number)]
    pub goal: Option<String>,

    /// Override the zero-dice rule.
    #[arg(long, value_enum, global = true)]
    pub zero_dice: Option<ZeroDice>,

    /// Use Hog Wild (four-sided dice when the score sum is a multiple of 7).
    #[arg(long, global = true, conflicts_with = "no_hog_wild")]
    pub hog_wild: bool,

    /// Always use six-sided dice.
    #[arg(long, global = true)]
    pub no_hog_wild: bool,

    /// Override the after-turn rule.
    #[arg(long, value_enum, global = true)]
    pub after_turn: Option<AfterTurn>,

    /// What each player remembers of their previous turn (Feral Hogs on the
    /// dice or on the points, or none), for --rules fa19 or a --rules-file.
    #[arg(long, value_enum, global = true, conflicts_with = "rules_py")]
    pub memory: Option<MemoryChoice>,

    /// Rules from a Python file instead: zero_dice(score, opponent_score)
    /// and optionally dice_sides, PIG_OUT, turn_points, after_turn,
    /// extra_turn and GOAL (see the book: docs/src/rules/python-rules.md). Solved on the general path.
    #[arg(
        long,
        value_name = "FILE.py",
        global = true,
        conflicts_with_all = ["preset", "zero_dice", "hog_wild", "no_hog_wild", "after_turn"]
    )]
    pub rules_py: Option<PathBuf>,

    /// Rules from a file of named components (TOML; `hog rules` lists
    /// them, the book shows the format: docs/src/rules/rules-files.md). Solved on the general path.
    #[arg(
        long,
        value_name = "FILE.toml",
        global = true,
        conflicts_with_all = ["preset", "zero_dice", "hog_wild", "no_hog_wild", "after_turn", "rules_py"]
    )]
    pub rules_file: Option<PathBuf>,
}

impl RulesArgs {
    /// The first component override given, by its flag.
    fn component_override(&self) -> Option<&'static str> {
        [
            (self.zero_dice.is_some(), "--zero-dice"),
            (self.hog_wild, "--hog-wild"),
            (self.no_hog_wild, "--no-hog-wild"),
            (self.after_turn.is_some(), "--after-turn"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// Digits only; the range is checked with the rules, so that a goal too
/// large for any integer type is named as it was written.
fn whole_number(text: &str) -> Result<String, String> {
    let digits = text.trim();
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(digits.to_string())
    } else {
        Err(format!("a goal is a whole number from 1 to {MAX_GOAL}"))
    }
}

impl RulesArgs {
    /// The validated rules; a Python rules file is tabulated within
    /// `python_timeout`.
    pub fn to_rules(&self, python_timeout: Duration) -> Result<Rules, HogError> {
        let goal = self.goal.as_deref().map(parse_goal).transpose()?;
        let overrides = Overrides {
            goal,
            memory: self.memory.map(|m| m.0),
            python_timeout: Some(python_timeout),
        };
        // --rules-py and --rules-file are --rules with a path, kept by name.
        if let Some(path) = &self.rules_py {
            return from_python(path, overrides);
        }
        if let Some(path) = &self.rules_file {
            return from_toml(path, overrides);
        }
        let preset = match RuleSetName::parse_as(&self.preset, "--rules")? {
            RuleSetName::Preset(preset) => preset,
            other => {
                if let Some(flag) = self.component_override() {
                    let (name, copy) = match other {
                        RuleSetName::BuiltIn(b) => (b.name.to_string(), b.path.to_string()),
                        _ => (self.preset.clone(), self.preset.clone()),
                    };
                    return Err(HogError::BadRules(format!(
                        "{flag} changes a preset's components; {name} is a rules file: change \
                         a copy of {copy} and pass it with --rules"
                    )));
                }
                return resolve(&self.preset, overrides);
            }
        };
        let mut rules = resolve(preset.name(), overrides)?;
        if self.component_override().is_some() {
            let mut c: Components = rules.components();
            if let Some(z) = self.zero_dice {
                c.zero_dice = z;
            }
            if self.hog_wild {
                c.dice = DiceRule::HogWild;
            }
            if self.no_hog_wild {
                c.dice = DiceRule::SixSided;
            }
            if let Some(a) = self.after_turn {
                c.after_turn = a;
            }
            rules = Rules::new(preset, c, rules.goal())?;
        }
        Ok(rules)
    }
}

/// A goal as written: digits, checked against the largest goal.
fn parse_goal(text: &str) -> Result<u32, HogError> {
    text.parse::<u32>().map_err(|_| {
        HogError::BadGoal(format!(
            "goal {} is larger than the maximum {MAX_GOAL}",
            crate::text::clip(text, 30)
        ))
    })
}
