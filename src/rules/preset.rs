//! The course's rule-set presets.

use super::{AfterTurn, Components, DiceRule, ZeroDice};

/// A rule set of one CS 61A version of Hog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Fall 2024: Boar Brawl, six-sided dice, Sus Fuss.
    Fa24,
    /// Free Bacon (max digit), Hog Wild, Swine Swap when one score doubles the other.
    DoubleSwap,
    /// Free Bacon (max digit), Hog Wild, Swine Swap on reversed digits.
    ReverseSwap,
    /// Free Bacon (digit product), six-sided dice, Swine Swap on digits.
    DigitSwap,
}

impl Preset {
    /// Every preset, in CLI order.
    pub const ALL: [Preset; 4] = [
        Preset::Fa24,
        Preset::DoubleSwap,
        Preset::ReverseSwap,
        Preset::DigitSwap,
    ];

    /// The name used on the command line and for output folders.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Fa24 => "fa24",
            Preset::DoubleSwap => "double-swap",
            Preset::ReverseSwap => "reverse-swap",
            Preset::DigitSwap => "digit-swap",
        }
    }

    /// The semesters it is, for people.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Fa24 => "Fall 2023 to Spring 2026",
            Preset::DoubleSwap => "Fall 2013, Spring 2014",
            Preset::ReverseSwap => "Summer 2015",
            Preset::DigitSwap => "Summer 2018, with the presets' course strategies",
        }
    }

    /// Look a preset up by its CLI name.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The preset's rule components.
    pub fn components(self) -> Components {
        let (zero_dice, dice, after_turn) = match self {
            Preset::Fa24 => (ZeroDice::BoarBrawl, DiceRule::SixSided, AfterTurn::SusFuss),
            Preset::DoubleSwap => (ZeroDice::BaconMax, DiceRule::HogWild, AfterTurn::SwapDouble),
            Preset::ReverseSwap => (
                ZeroDice::BaconMax,
                DiceRule::HogWild,
                AfterTurn::SwapReverse,
            ),
            Preset::DigitSwap => (
                ZeroDice::BaconProduct,
                DiceRule::SixSided,
                AfterTurn::SwapDigits,
            ),
        };
        Components {
            zero_dice,
            dice,
            after_turn,
        }
    }

    /// The number of dice of the course's baseline `always_roll(n)`.
    pub fn baseline_dice(self) -> u8 {
        match self {
            Preset::Fa24 => 6,
            Preset::DoubleSwap | Preset::ReverseSwap => 5,
            Preset::DigitSwap => 4,
        }
    }
}
