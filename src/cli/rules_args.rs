//! The rules options every command takes.

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};

use crate::rules::{AfterTurn, Components, DiceRule, Preset, Rules, ZeroDice, MAX_GOAL};
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

value_enum_from_names!(Preset, ZeroDice, AfterTurn);

/// `--rules`, `--goal` and the component overrides.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Rule set preset (its rules are in the README).
    #[arg(long = "rules", value_enum, default_value_t = Preset::Fa24, global = true)]
    pub preset: Preset,

    /// Score needed to win (1 to 1000000).
    #[arg(long, default_value = "100", global = true, value_parser = whole_number)]
    pub goal: String,

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
    /// The validated rules.
    pub fn to_rules(&self) -> Result<Rules, HogError> {
        let preset = self.preset;
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
        let goal = self.goal.parse::<u32>().map_err(|_| {
            HogError::BadGoal(format!(
                "goal {} is larger than the maximum {MAX_GOAL}",
                crate::strategy::grammar::clip(&self.goal, 30)
            ))
        })?;
        Rules::new(preset, c, goal)
    }
}
