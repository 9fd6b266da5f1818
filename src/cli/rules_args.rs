//! The rules options every command takes.

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::general::PythonRules;
use crate::recall::FeralHogs;
use crate::rules::{
    AfterTurn, BuiltIn, Components, ComposedRules, DiceRule, Origin, Preset, Rules, ZeroDice,
    BUILT_IN, MAX_GOAL,
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

/// A rule set by name: a preset of components, or a built-in rules file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSet {
    Preset(Preset),
    /// The index of a built-in rules file in [`BUILT_IN`].
    BuiltIn(usize),
}

/// Every rule set `--rules` names, presets first.
const RULE_SETS: [RuleSet; 5] = [
    RuleSet::Preset(Preset::ALL[0]),
    RuleSet::Preset(Preset::ALL[1]),
    RuleSet::Preset(Preset::ALL[2]),
    RuleSet::Preset(Preset::ALL[3]),
    RuleSet::BuiltIn(0),
];

impl ValueEnum for RuleSet {
    fn value_variants<'a>() -> &'a [Self] {
        &RULE_SETS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            RuleSet::Preset(p) => p.name(),
            RuleSet::BuiltIn(i) => BUILT_IN[*i].name,
        }))
    }
}

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
    /// Rule set: a preset, or fa19 (Fall 2019, with Feral Hogs; a built-in
    /// rules file). Their rules are in the book (docs/src/rules).
    #[arg(
        long = "rules",
        value_name = "RULES",
        value_enum,
        default_value = "fa24",
        global = true
    )]
    pub preset: RuleSet,

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
        if let Some(path) = &self.rules_py {
            let functions = PythonRules::load(path, goal, python_timeout)?;
            let name = functions.name().to_string();
            let memory = functions.memory().cloned().map(|m| Arc::new(m) as _);
            let clock = functions.clock().cloned().map(|c| Arc::new(c) as _);
            return Rules::from_functions(name, Origin::Python, Arc::new(functions))?
                .remembering(memory, clock);
        }
        let memory = self.memory.map(|m| m.0);
        if let Some(path) = &self.rules_file {
            let mut functions = ComposedRules::load(path, goal)?;
            if let Some(memory) = memory {
                functions = functions.with_memory(memory);
            }
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |f| f.to_string_lossy().into_owned(),
            );
            let memory = functions.memory().map(|m| Arc::new(m) as _);
            let clock = functions.clock().map(|c| Arc::new(c) as _);
            return Rules::from_functions(name, Origin::RulesFile, Arc::new(functions))?
                .remembering(memory, clock);
        }
        let preset = match self.preset {
            RuleSet::Preset(preset) => preset,
            RuleSet::BuiltIn(i) => {
                let built_in: BuiltIn = BUILT_IN[i];
                if let Some(flag) = self.component_override() {
                    return Err(HogError::BadRules(format!(
                        "{flag} changes a preset's components; {} is a rules file: change a copy \
                         of {} and pass it with --rules-file",
                        built_in.name, built_in.path
                    )));
                }
                return built_in.rules(goal, memory);
            }
        };
        if memory.is_some() {
            return Err(HogError::BadRules(format!(
                "--memory takes rules from a file (--rules fa19, --rules-file); {} remembers nothing",
                preset.name()
            )));
        }
        let mut c: Components = preset.components();
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
        Rules::new(preset, c, goal.unwrap_or(100))
    }
}

/// A goal as written: digits, checked against the largest goal.
fn parse_goal(text: &str) -> Result<u32, HogError> {
    text.parse::<u32>().map_err(|_| {
        HogError::BadGoal(format!(
            "goal {} is larger than the maximum {MAX_GOAL}",
            crate::strategy::grammar::clip(text, 30)
        ))
    })
}
