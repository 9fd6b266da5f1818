//! The component library of rules files: every rule a rules file can name,
//! with its parameters, its definition and where it comes from. The
//! catalog ([`CATALOG`]) is the one list: `hog rules` prints it, the parser
//! reads names from it, and the book's table is its text.
//!
//! Digits are of the score named: `ones(x) = x % 10`, `tens(x) = x / 10 %
//! 10`; Free Bacon rules read the opponent's score.

use super::after_turn::AfterTurn;
use super::digits::{
    cube_alternating, digit_of_one_seventh, digit_of_pi, digit_range, first_digit, gcd, hefty_hogs,
    is_prime, leading_two_digits, next_prime, ones, power_of_three_ends, sus_points, tens,
};
use super::zero_dice::ZeroDice;
use crate::general::SIDES;
use crate::recall::{
    ExtraTurnDice, Goals, MakeClock, PerfectPiggy, PorkChop, PorkChopSwap, TimeTrot,
};

/// What rolling zero dice scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZeroDiceRule {
    /// One of the presets' rules.
    Preset(ZeroDice),
    /// `plus + tens(opponent)`.
    BaconTens {
        /// The points added.
        plus: u32,
    },
    /// `plus + |tens(opponent) - ones(opponent)|`.
    BaconDifference {
        /// The points added.
        plus: u32,
    },
    /// `max(2 * tens(opponent) - ones(opponent), 1)`.
    BaconTwiceTensMinusOnes,
    /// `plus + min(tens(opponent), ones(opponent))`.
    BaconMinDigit {
        /// The points added.
        plus: u32,
    },
    /// `10 - min(tens(opponent), ones(opponent))`.
    BaconTenMinusMinDigit,
    /// Spring 2020: `1 + |alternating sum of the digits of opponent³|`.
    BaconCubeAlternating,
    /// Summer 2020: `10 - ones(opponent) + tens(opponent)`.
    BaconTenMinusOnesPlusTens,
    /// Fall 2021's Picky Piggy: the `n`th digit of 1/7 = 0.142857...,
    /// `n` the opponent's score (7 at 0).
    PickyPiggy,
    /// Fall 2020's Free Bacon: 3 + the `n`th digit of pi after the point,
    /// `n` the opponent's score (3 + 3 at 0); scores below 100.
    BaconPi,
    /// Spring 2021's Piggy Points: 3 + the smallest digit of the
    /// opponent's score squared.
    PiggyPoints,
    /// Fall 2022's Pig Tail: `2 * |tens(opponent) - ones(opponent)| + 1`.
    PigTail,
    /// Spring 2022's Hefty Hogs: the opponent's digits, ones first, each a
    /// function of the course's `digit_fn` applied to the mover's score,
    /// modulo 30 (1 when the opponent has 0); scores below 1000 (three
    /// squarings stay within 128 bits, and the floats see values below
    /// 2^53, where they round as Python's do).
    HeftyHogs,
}

impl ZeroDiceRule {
    /// The largest goal the rule computes as the course's code does, with
    /// the start of the message that refuses a larger one: pi to 100
    /// decimals (and the course's assertion of a score below 100); Hefty
    /// Hogs' integers exact in 128 bits, and below 2^53 where it takes
    /// floats, for scores below 1000.
    pub fn goal_limit(self) -> Option<(u32, &'static str)> {
        match self {
            ZeroDiceRule::BaconPi => Some((100, "bacon-pi reads pi to 100 decimals: goals up to")),
            ZeroDiceRule::HeftyHogs => Some((
                1000,
                "hefty-hogs follows the course's integers exactly for goals up to",
            )),
            _ => None,
        }
    }

    /// The points at `(score, opponent)`.
    pub fn points(self, score: u32, opponent: u32) -> u32 {
        let (t, o) = (tens(opponent), ones(opponent));
        match self {
            ZeroDiceRule::Preset(rule) => rule.points(score, opponent),
            ZeroDiceRule::BaconTens { plus } => plus + t,
            ZeroDiceRule::BaconDifference { plus } => plus + t.abs_diff(o),
            ZeroDiceRule::BaconTwiceTensMinusOnes => (2 * t).saturating_sub(o).max(1),
            ZeroDiceRule::BaconMinDigit { plus } => plus + t.min(o),
            ZeroDiceRule::BaconTenMinusMinDigit => 10 - t.min(o),
            ZeroDiceRule::BaconCubeAlternating => cube_alternating(opponent),
            ZeroDiceRule::BaconTenMinusOnesPlusTens => 10 - o + t,
            ZeroDiceRule::PickyPiggy => digit_of_one_seventh(opponent),
            ZeroDiceRule::BaconPi => 3 + digit_of_pi(opponent),
            ZeroDiceRule::PiggyPoints => 3 + digit_range(u64::from(opponent).pow(2)).0,
            ZeroDiceRule::PigTail => 2 * t.abs_diff(o) + 1,
            ZeroDiceRule::HeftyHogs => hefty_hogs(score, opponent),
        }
    }
}

/// How many sides the dice have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiceSidesRule {
    /// Always `sides` sides.
    Fixed(u32),
    /// Hog Wild: four sides when the score sum is a multiple of 7, else six.
    HogWild,
    /// Fall 2016's Hog Wild: six sides, rerolled (an odd face is rolled
    /// again, once) when the score sum is a multiple of 7.
    HogWildReroll,
}

impl DiceSidesRule {
    /// The sides at `(score, opponent)`.
    pub fn sides(self, score: u32, opponent: u32) -> u32 {
        match self {
            DiceSidesRule::Fixed(sides) => sides,
            DiceSidesRule::HogWild if (score + opponent).is_multiple_of(7) => 4,
            DiceSidesRule::HogWild | DiceSidesRule::HogWildReroll => 6,
        }
    }

    /// Whether the dice at `(score, opponent)` are rerolled.
    pub fn rerolled(self, score: u32, opponent: u32) -> bool {
        self == DiceSidesRule::HogWildReroll && (score + opponent).is_multiple_of(7)
    }
}

/// A change to the points a turn scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnPointsRule {
    /// Hogtimus Prime: a prime number of points becomes the next prime.
    HogtimusPrime,
    /// At most `total - dice` points a turn.
    Cap {
        /// The cap with no dice: `total - dice` with them.
        total: u32,
    },
    /// Spring 2017: a Pig Out (a roll of at most one point a die: every
    /// other roll scores at least two a die) scores at most `total -
    /// dice`.
    CapPigOut {
        /// The cap with no dice: `total - dice` with them.
        total: u32,
    },
}

impl TurnPointsRule {
    /// The points after the rule, for `points` from `dice` dice.
    pub fn apply(self, points: u32, dice: u32) -> u32 {
        match self {
            TurnPointsRule::HogtimusPrime if is_prime(points) => next_prime(points),
            TurnPointsRule::HogtimusPrime => points,
            TurnPointsRule::Cap { total } => points.min(total.saturating_sub(dice)),
            TurnPointsRule::CapPigOut { total } if dice > 0 && points <= dice => {
                points.min(total.saturating_sub(dice))
            }
            TurnPointsRule::CapPigOut { .. } => points,
        }
    }
}

/// What happens to the scores after a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterTurnRule {
    /// One of the presets' rules (Sus Fuss and three swaps).
    Preset(AfterTurn),
    /// Swine Swap of Fall 2017 and Spring 2018: "if both scores are larger
    /// than 1 and either one of the scores is a positive integer multiple
    /// of the other, then the two scores are swapped" (equal scores swap
    /// to themselves).
    SwapMultiple,
    /// Fall 2018: swap when `|tens - ones|` of the last two digits is the
    /// same for both scores.
    SwapDigitDifference,
    /// Spring 2019: swap when the scores share a digit in the same place
    /// (leading zeros are no digits; 0 has none).
    SwapSharedPlace,
    /// Summer 2020: swap when `|ones(mover) - ones(other)|` is the other
    /// score's tens digit.
    SwapOnesDifferenceIsTens,
    /// Spring 2020: swap when the first and last digits of the game's
    /// "excitement", `3^(score + opponent)`, are the same.
    SwapExcitement,
    /// Swap when the first digit times the last digit is the same for both
    /// scores (a one-digit score's first digit is itself); equal scores do
    /// not swap.
    SwapFirstTimesLast,
    /// Summer 2019: swap when the mover's first (leftmost) digit is the
    /// other's last digit.
    SwapFirstIsLast,
    /// Summer 2016: swap when the mover's score is one digit repeated
    /// ("only one unique digit": 44, 111, and every one-digit score).
    SwapRepdigit,
    /// Fall 2021's Hog Pile: "if the players' scores are the same, the
    /// current player's score doubles".
    HogPile,
    /// Spring 2022's Hog Pile: equal ones digits add the mover's ones
    /// digit to their score.
    HogPileOnes,
    /// Summer 2022's Pigs on Prime: a prime score becomes the next prime.
    PigsOnPrime,
    /// Fall 2022's Square Swine: a perfect square score becomes the next
    /// perfect square.
    SquareSwine,
    /// Summer 2023's Fuzzy Factors: a score whose greatest common divisor
    /// with 100 is above 10 gains twice that divisor's tens digit.
    FuzzyFactors,
    /// Spring 2015's Hogtimus Prime: when the sum of the scores is prime
    /// and they differ, the leader gains the turn's points too (once).
    /// Reads the turn.
    HogtimusBoost,
    /// Fall 2015's Piggy Back: a turn that scores 0 gives the opponent as
    /// many points as the mover rolled dice. Reads the turn.
    PiggyBack,
}

/// What an after-turn rule that reads the turn sees of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The points the turn scored (after the turn-points rules).
    pub points: u32,
    /// The dice it rolled (0 for zero dice).
    pub dice: u32,
}

impl AfterTurnRule {
    /// Whether the rule reads the turn (its points, its dice), not only
    /// the scores.
    pub fn reads_turn(self) -> bool {
        matches!(
            self,
            AfterTurnRule::HogtimusBoost | AfterTurnRule::PiggyBack
        )
    }

    /// Both scores after the rule, mover first, the turn having been
    /// `turn`.
    pub fn apply_to_turn(self, mover: u32, other: u32, turn: Turn) -> (u32, u32) {
        match self {
            AfterTurnRule::HogtimusBoost if mover != other && is_prime(mover + other) => {
                if mover > other {
                    (mover + turn.points, other)
                } else {
                    (mover, other + turn.points)
                }
            }
            AfterTurnRule::PiggyBack if turn.points == 0 => (mover, other + turn.dice),
            AfterTurnRule::HogtimusBoost | AfterTurnRule::PiggyBack => (mover, other),
            rule => rule.apply(mover, other),
        }
    }

    /// Both scores after the rule, mover first: a rule that reads the turn
    /// ([`AfterTurnRule::reads_turn`]) cannot tell from the scores alone
    /// and leaves them (see [`AfterTurnRule::apply_to_turn`]).
    pub fn apply(self, mover: u32, other: u32) -> (u32, u32) {
        let swap = match self {
            AfterTurnRule::HogtimusBoost | AfterTurnRule::PiggyBack => return (mover, other),
            AfterTurnRule::Preset(rule) => {
                let end = rule.apply(mover, other, sus_points);
                return (end.mover, end.other);
            }
            AfterTurnRule::HogPile if mover == other => return (2 * mover, other),
            AfterTurnRule::HogPile => return (mover, other),
            AfterTurnRule::HogPileOnes if ones(mover) == ones(other) => {
                return (mover + ones(mover), other)
            }
            AfterTurnRule::HogPileOnes => return (mover, other),
            AfterTurnRule::PigsOnPrime if is_prime(mover) => return (next_prime(mover), other),
            AfterTurnRule::PigsOnPrime => return (mover, other),
            AfterTurnRule::SquareSwine => {
                let root = mover.isqrt();
                let square = root * root == mover;
                return (if square { (root + 1).pow(2) } else { mover }, other);
            }
            AfterTurnRule::FuzzyFactors => {
                let divisor = gcd(mover, 100);
                let gain = if divisor > 10 { 2 * tens(divisor) } else { 0 };
                return (mover + gain, other);
            }
            AfterTurnRule::SwapMultiple => {
                let (low, high) = (mover.min(other), mover.max(other));
                low > 1 && high.is_multiple_of(low)
            }
            AfterTurnRule::SwapDigitDifference => {
                let difference = |x: u32| tens(x).abs_diff(ones(x));
                difference(mover) == difference(other)
            }
            AfterTurnRule::SwapSharedPlace => {
                let (mut a, mut b) = (mover, other);
                let mut shared = false;
                while a > 0 && b > 0 && !shared {
                    shared = a % 10 == b % 10;
                    (a, b) = (a / 10, b / 10);
                }
                shared
            }
            AfterTurnRule::SwapOnesDifferenceIsTens => {
                ones(mover).abs_diff(ones(other)) == tens(other)
            }
            AfterTurnRule::SwapExcitement => {
                let (first, last) = power_of_three_ends(mover + other);
                first == last
            }
            AfterTurnRule::SwapFirstTimesLast => {
                let key = |x: u32| first_digit(x) * ones(x);
                mover != other && key(mover) == key(other)
            }
            AfterTurnRule::SwapFirstIsLast => first_digit(mover) == ones(other),
            AfterTurnRule::SwapRepdigit => is_repdigit(mover),
        };
        if swap {
            (other, mover)
        } else {
            (mover, other)
        }
    }
}

/// Whether `x` is one digit repeated (every one-digit number is).
fn is_repdigit(x: u32) -> bool {
    let last = ones(x);
    let mut rest = x / 10;
    while rest > 0 {
        if rest % 10 != last {
            return false;
        }
        rest /= 10;
    }
    true
}

/// The most dice a turn may roll, where a rule caps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaxDiceRule {
    /// Summer 2016's Hog Tied: at most 1 die when the sum of the scores
    /// ends in 7, else 10.
    HogTied,
}

impl MaxDiceRule {
    /// The most dice a turn at `(score, opponent)` rolls.
    pub fn most(self, score: u32, opponent: u32) -> u32 {
        match self {
            MaxDiceRule::HogTied if (score + opponent) % 10 == 7 => 1,
            MaxDiceRule::HogTied => crate::dice::MAX_DICE as u32,
        }
    }
}

/// A rule that gives the mover another turn, read after the after-turn
/// rules (a rules file's `extra_turn` list: any of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraTurnRule {
    /// Fall 2020's Swine Align: both scores positive and their greatest
    /// common divisor at least 10.
    SwineAlign,
    /// Fall 2020's Pig Pass: behind the opponent by less than 3.
    PigPass,
    /// Spring 2021's More Boar: the mover's leftmost digit and second
    /// leftmost digit each smaller than the opponent's (a one-digit score
    /// has a 0 in front).
    MoreBoar,
    /// Summer 2021's More Boar: the mover's smallest digit below the
    /// opponent's smallest and the mover's largest above the opponent's
    /// largest.
    MoreBoarExtremes,
}

impl ExtraTurnRule {
    /// Whether the mover moves again at `(score, opponent)`.
    pub fn applies(self, score: u32, opponent: u32) -> bool {
        match self {
            ExtraTurnRule::SwineAlign => score > 0 && opponent > 0 && gcd(score, opponent) >= 10,
            ExtraTurnRule::PigPass => score < opponent && opponent - score < 3,
            ExtraTurnRule::MoreBoar => {
                let (mine, theirs) = (leading_two_digits(score), leading_two_digits(opponent));
                mine.0 < theirs.0 && mine.1 < theirs.1
            }
            ExtraTurnRule::MoreBoarExtremes => {
                let ((low, high), (their_low, their_high)) =
                    (digit_range(score.into()), digit_range(opponent.into()));
                low < their_low && high > their_high
            }
        }
    }
}

/// Which rule of a rule set a component fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `zero_dice`.
    ZeroDice,
    /// `dice`.
    Dice,
    /// `max_dice`: the most dice a turn rolls.
    MaxDice,
    /// `turn_points` (a list, applied in order).
    TurnPoints,
    /// `after_turn` (a list, applied in order).
    AfterTurn,
    /// `extra_turn` (a list: any of them gives the mover another turn).
    ExtraTurn,
    /// `memory`: what each player remembers of their previous turn (rules
    /// with memory, [`crate::recall`]).
    Memory,
    /// `clock`: what both players share beyond the scores (the turn
    /// number for Time Trot, [`crate::recall::Clock`]).
    Clock,
}

impl Kind {
    /// The key of a rules file.
    pub fn key(self) -> &'static str {
        match self {
            Kind::ZeroDice => "zero_dice",
            Kind::Dice => "dice",
            Kind::MaxDice => "max_dice",
            Kind::TurnPoints => "turn_points",
            Kind::AfterTurn => "after_turn",
            Kind::ExtraTurn => "extra_turn",
            Kind::Memory => "memory",
            Kind::Clock => "clock",
        }
    }
}

/// One component of the library.
#[derive(Debug, Clone, Copy)]
pub struct Component {
    /// Which rule it fills.
    pub kind: Kind,
    /// Its name in a rules file.
    pub name: &'static str,
    /// Its parameters with their defaults.
    pub params: &'static [(&'static str, u32)],
    /// Its definition.
    pub definition: &'static str,
    /// The semester or rule set it comes from, where known (else empty).
    pub from: &'static str,
}

// How a rules file's component names become rules: each kind's own
// constructor, beside its variants.

impl ZeroDiceRule {
    /// The catalog's zero-dice rule `name` with its parameters (`param`
    /// gives each by name).
    pub fn named(name: &str, param: &dyn Fn(&str) -> u32) -> Result<ZeroDiceRule, String> {
        Ok(match name {
            "boar-brawl" => ZeroDiceRule::Preset(ZeroDice::BoarBrawl),
            "bacon-max" => ZeroDiceRule::Preset(ZeroDice::BaconMax),
            "bacon-product" => ZeroDiceRule::Preset(ZeroDice::BaconProduct),
            "bacon-tens" => ZeroDiceRule::BaconTens {
                plus: param("plus"),
            },
            "bacon-difference" => ZeroDiceRule::BaconDifference {
                plus: param("plus"),
            },
            "bacon-twice-tens-minus-ones" => ZeroDiceRule::BaconTwiceTensMinusOnes,
            "bacon-min-digit" => ZeroDiceRule::BaconMinDigit {
                plus: param("plus"),
            },
            "bacon-ten-minus-min-digit" => ZeroDiceRule::BaconTenMinusMinDigit,
            "bacon-cube-alternating" => ZeroDiceRule::BaconCubeAlternating,
            "bacon-ten-minus-ones-plus-tens" => ZeroDiceRule::BaconTenMinusOnesPlusTens,
            "picky-piggy" => ZeroDiceRule::PickyPiggy,
            "bacon-pi" => ZeroDiceRule::BaconPi,
            "piggy-points" => ZeroDiceRule::PiggyPoints,
            "pig-tail" => ZeroDiceRule::PigTail,
            "hefty-hogs" => ZeroDiceRule::HeftyHogs,
            other => unreachable!("{other} is in the catalog"),
        })
    }
}

impl ExtraTurnRule {
    /// The catalog's extra-turn rule `name`.
    pub fn named(name: &str) -> ExtraTurnRule {
        match name {
            "swine-align" => ExtraTurnRule::SwineAlign,
            "pig-pass" => ExtraTurnRule::PigPass,
            "more-boar" => ExtraTurnRule::MoreBoar,
            "more-boar-extremes" => ExtraTurnRule::MoreBoarExtremes,
            other => unreachable!("{other} is in the catalog"),
        }
    }
}

impl DiceSidesRule {
    /// The catalog's dice rule `name` with its parameters.
    pub fn named(name: &str, param: &dyn Fn(&str) -> u32) -> Result<DiceSidesRule, String> {
        Ok(match name {
            "six-sided" => DiceSidesRule::Fixed(6),
            "hog-wild" => DiceSidesRule::HogWild,
            "hog-wild-reroll" => DiceSidesRule::HogWildReroll,
            "sides" => {
                let sides = param("sides");
                if !SIDES.contains(&sides) {
                    return Err(format!("dice with {sides} sides: 2 to 20"));
                }
                DiceSidesRule::Fixed(sides)
            }
            other => unreachable!("{other} is in the catalog"),
        })
    }
}

impl TurnPointsRule {
    /// The catalog's turn-points rule `name` with its parameters.
    pub fn named(name: &str, param: &dyn Fn(&str) -> u32) -> Result<TurnPointsRule, String> {
        Ok(match name {
            "hogtimus-prime" => TurnPointsRule::HogtimusPrime,
            "cap" => TurnPointsRule::Cap {
                total: param("total"),
            },
            "cap-pig-out" => TurnPointsRule::CapPigOut {
                total: param("total"),
            },
            other => unreachable!("{other} is in the catalog"),
        })
    }
}

impl AfterTurnRule {
    /// The catalog's after-turn rule `name`.
    pub fn named(name: &str) -> AfterTurnRule {
        match name {
            "sus-fuss" => AfterTurnRule::Preset(AfterTurn::SusFuss),
            "swap-double" => AfterTurnRule::Preset(AfterTurn::SwapDouble),
            "swap-reverse" => AfterTurnRule::Preset(AfterTurn::SwapReverse),
            "swap-digits" => AfterTurnRule::Preset(AfterTurn::SwapDigits),
            "swap-multiple" => AfterTurnRule::SwapMultiple,
            "swap-first-times-last" => AfterTurnRule::SwapFirstTimesLast,
            "swap-first-is-last" => AfterTurnRule::SwapFirstIsLast,
            "swap-repdigit" => AfterTurnRule::SwapRepdigit,
            "swap-excitement" => AfterTurnRule::SwapExcitement,
            "hog-pile" => AfterTurnRule::HogPile,
            "hog-pile-ones" => AfterTurnRule::HogPileOnes,
            "pigs-on-prime" => AfterTurnRule::PigsOnPrime,
            "square-swine" => AfterTurnRule::SquareSwine,
            "fuzzy-factors" => AfterTurnRule::FuzzyFactors,
            "hogtimus-boost" => AfterTurnRule::HogtimusBoost,
            "piggy-back" => AfterTurnRule::PiggyBack,
            "swap-ones-difference-is-tens" => AfterTurnRule::SwapOnesDifferenceIsTens,
            "swap-shared-place" => AfterTurnRule::SwapSharedPlace,
            "swap-digit-difference" => AfterTurnRule::SwapDigitDifference,
            other => unreachable!("{other} is in the catalog"),
        }
    }
}

/// How each clock of the catalog is made from its parameters, by name: a
/// clock is its own file (`crate::recall`), its line here and its entry in
/// [`CATALOG`].
pub const CLOCKS: &[(&str, MakeClock)] = &[
    ("time-trot", TimeTrot::from_params),
    ("extra-turn-dice", ExtraTurnDice::from_params),
    ("goals", Goals::from_params),
    ("perfect-piggy", PerfectPiggy::from_params),
    ("pork-chop", PorkChop::from_params),
    ("pork-chop-swap", PorkChopSwap::from_params),
];

/// Every component, by kind.
pub const CATALOG: &[Component] = &[
    Component {
        kind: Kind::ZeroDice,
        name: "boar-brawl",
        params: &[],
        definition: "max(3 * |tens(opponent) - ones(score)|, 1)",
        from: "Fall 2024, preset fa24",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-max",
        params: &[],
        definition: "1 + max(tens(opponent), ones(opponent))",
        from: "presets double-swap, reverse-swap",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-product",
        params: &[],
        definition: "1 + (tens(opponent) * ones(opponent)) % 10",
        from: "preset digit-swap",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-tens",
        params: &[("plus", 1)],
        definition: "plus + tens(opponent)",
        from: "",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-difference",
        params: &[("plus", 1)],
        definition: "plus + |tens(opponent) - ones(opponent)|",
        from: "Fall 2014, plus 1; Spring 2018, plus 2; Summer 2021, plus 4",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-twice-tens-minus-ones",
        params: &[],
        definition: "max(2 * tens(opponent) - ones(opponent), 1)",
        from: "Fall 2018",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-min-digit",
        params: &[("plus", 1)],
        definition: "plus + min(tens(opponent), ones(opponent))",
        from: "Spring 2019, plus 1",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-ten-minus-min-digit",
        params: &[],
        definition: "10 - min(tens(opponent), ones(opponent))",
        from: "Fall 2019",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-ten-minus-ones-plus-tens",
        params: &[],
        definition: "10 - ones(opponent) + tens(opponent)",
        from: "Summer 2020",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-cube-alternating",
        params: &[],
        definition: "1 + |alternating sum of the digits of opponent^3| (ones digit plus, tens \
                     minus, ...)",
        from: "Spring 2020",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "picky-piggy",
        params: &[],
        definition: "the nth digit of 1/7 = 0.142857..., n the opponent's score (7 at 0)",
        from: "Fall 2021",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "bacon-pi",
        params: &[],
        definition: "3 + the nth digit of pi after the point, n the opponent's score (3 + 3 \
                     at 0); goals up to 100",
        from: "Fall 2020",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "piggy-points",
        params: &[],
        definition: "3 + the smallest digit of opponent^2",
        from: "Spring 2021",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "pig-tail",
        params: &[],
        definition: "2 * |tens(opponent) - ones(opponent)| + 1",
        from: "Fall 2022, Spring 2023",
    },
    Component {
        kind: Kind::ZeroDice,
        name: "hefty-hogs",
        params: &[],
        definition: "the course's digit functions f0 to f9 of the opponent's digits, ones \
                     first, applied to the score, modulo 30 (1 when the opponent has 0); goals \
                     up to 1000",
        from: "Spring 2022",
    },
    Component {
        kind: Kind::Dice,
        name: "six-sided",
        params: &[],
        definition: "six-sided dice on every turn",
        from: "most semesters",
    },
    Component {
        kind: Kind::Dice,
        name: "hog-wild",
        params: &[],
        definition: "four-sided dice when (score + opponent) % 7 == 0, else six-sided",
        from: "presets double-swap, reverse-swap",
    },
    Component {
        kind: Kind::Dice,
        name: "hog-wild-reroll",
        params: &[],
        definition: "six-sided dice; when (score + opponent) % 7 == 0 a die that shows an odd \
                     face is rolled again, once (even faces 1/4 each, odd 1/12)",
        from: "Fall 2016",
    },
    Component {
        kind: Kind::Dice,
        name: "sides",
        params: &[("sides", 6)],
        definition: "dice with `sides` faces (2 to 20) on every turn",
        from: "",
    },
    Component {
        kind: Kind::MaxDice,
        name: "hog-tied",
        params: &[],
        definition: "at most 1 die when (score + opponent) % 10 == 7 (a choice of more rolls \
                     1), else 10",
        from: "Summer 2016",
    },
    Component {
        kind: Kind::TurnPoints,
        name: "hogtimus-prime",
        params: &[],
        definition: "a prime number of points becomes the next prime",
        from: "Fall 2015",
    },
    Component {
        kind: Kind::TurnPoints,
        name: "cap-pig-out",
        params: &[("total", 11)],
        definition: "a Pig Out (a roll of at most one point a die) scores at most \
                     total - num_rolls (first in the list, with pig_out = \"ones\")",
        from: "Spring 2017",
    },
    Component {
        kind: Kind::TurnPoints,
        name: "cap",
        params: &[("total", 25)],
        definition: "at most total - num_rolls points a turn",
        from: "",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "sus-fuss",
        params: &[],
        definition: "a mover's score with 3 or 4 divisors becomes the next prime above it",
        from: "Fall 2024, preset fa24",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-double",
        params: &[],
        definition: "swap when one score is exactly twice the other",
        from: "preset double-swap",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-reverse",
        params: &[],
        definition: "swap when the other's last two digits are the mover's reversed",
        from: "preset reverse-swap",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-digits",
        params: &[],
        definition: "swap when ones(score) == tens(opponent)",
        from: "preset digit-swap",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-multiple",
        params: &[],
        definition: "swap when both scores are larger than 1 and one is a multiple of the other",
        from: "Fall 2017, Spring 2018",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-first-times-last",
        params: &[],
        definition: "swap when first digit * last digit is the same for both scores \
                     (a one-digit score's first digit is itself; equal scores stay)",
        from: "Fall 2019",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-first-is-last",
        params: &[],
        definition: "swap when the mover's first (leftmost) digit is the opponent's last digit",
        from: "Summer 2019",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-repdigit",
        params: &[],
        definition: "swap when the mover's score is one digit repeated (any one-digit \
                     score, 44, 111; not 100)",
        from: "Summer 2016",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-digit-difference",
        params: &[],
        definition: "swap when |tens - ones| is the same for both scores",
        from: "Fall 2018",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-shared-place",
        params: &[],
        definition: "swap when the scores have the same digit in the same place (leading \
                     zeros are no digits; 0 has none)",
        from: "Spring 2019",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-ones-difference-is-tens",
        params: &[],
        definition: "swap when |ones(score) - ones(opponent)| == tens(opponent)",
        from: "Summer 2020",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "swap-excitement",
        params: &[],
        definition: "swap when 3^(score + opponent) has the same first and last digit",
        from: "Spring 2020",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "hog-pile",
        params: &[],
        definition: "equal scores double the mover's",
        from: "Fall 2021",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "hog-pile-ones",
        params: &[],
        definition: "equal ones digits add the mover's ones digit to their score",
        from: "Spring 2022",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "pigs-on-prime",
        params: &[],
        definition: "a prime score of the mover's becomes the next prime",
        from: "Summer 2022",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "square-swine",
        params: &[],
        definition: "a perfect square score of the mover's becomes the next perfect square",
        from: "Fall 2022, Spring 2023",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "fuzzy-factors",
        params: &[],
        definition: "a mover's score whose greatest common divisor with 100 is above 10 \
                     gains twice that divisor's tens digit",
        from: "Summer 2023",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "hogtimus-boost",
        params: &[],
        definition: "when the sum of the scores is prime and they differ, the leader gains \
                     the turn's points too",
        from: "Spring 2015",
    },
    Component {
        kind: Kind::AfterTurn,
        name: "piggy-back",
        params: &[],
        definition: "a turn that scores 0 gives the opponent as many points as the mover \
                     rolled dice",
        from: "Fall 2015",
    },
    Component {
        kind: Kind::ExtraTurn,
        name: "swine-align",
        params: &[],
        definition: "another turn when both scores are positive and their greatest common \
                     divisor is at least 10",
        from: "Fall 2020",
    },
    Component {
        kind: Kind::ExtraTurn,
        name: "pig-pass",
        params: &[],
        definition: "another turn when the mover is behind by less than 3",
        from: "Fall 2020",
    },
    Component {
        kind: Kind::ExtraTurn,
        name: "more-boar",
        params: &[],
        definition: "another turn when the mover's leftmost and second leftmost digits are \
                     each smaller than the opponent's (one digit: a 0 in front)",
        from: "Spring 2021",
    },
    Component {
        kind: Kind::ExtraTurn,
        name: "more-boar-extremes",
        params: &[],
        definition: "another turn when the mover's smallest digit is below the opponent's \
                     smallest and their largest above the opponent's largest",
        from: "Summer 2021",
    },
    Component {
        kind: Kind::Memory,
        name: "feral-hogs",
        params: &[],
        definition: "3 extra points when the dice rolled are exactly 2 away from the dice \
                     the same player rolled on their previous turn (0 before their first), \
                     added before the after-turn rules",
        from: "Fall 2019: its tests compare dice",
    },
    Component {
        kind: Kind::Memory,
        name: "feral-hogs-points",
        params: &[],
        definition: "3 extra points when the dice rolled are exactly 2 away from the points \
                     the same player's previous turn scored (0 before their first; the \
                     bonus and swaps not counted), added before the after-turn rules",
        from: "Spring 2020 and Summer 2020: examples/rules/sp20.toml, su20.toml",
    },
    Component {
        kind: Kind::Clock,
        name: "time-trot",
        params: &[("modulus", 8), ("extra_sides", 0)],
        definition: "turns are counted from 0 for the whole game, extra turns too; rolling \
                     exactly (turn number mod modulus) dice, zero included, earns an extra \
                     turn, but not on a turn that is itself an extra turn (Time Trot's or the \
                     rules'); extra turns roll `extra_sides`-sided dice (0: the rules' own)",
        from: "2018 Hog Contests: modulus 8 in public code of the time, 5 in the C++ \
               contest solver's configuration; Spring 2021 Hog Contest: modulus 8, \
               extra_sides 8",
    },
    Component {
        kind: Kind::Clock,
        name: "extra-turn-dice",
        params: &[("sides", 8)],
        definition: "the extra turns the rules give roll `sides`-sided dice",
        from: "Fall 2020 Hog Contest, eight-sided",
    },
    Component {
        kind: Kind::Clock,
        name: "goals",
        params: &[("first", 100), ("second", 100)],
        definition: "player 0, who moves first, wins on reaching `first`, player 1 on \
                     reaching `second` (each at most the rules' goal, which sizes the board); \
                     not with rules that give extra turns",
        from: "Fall 2021 Hog Contest: a target score for each entry",
    },
    Component {
        kind: Kind::Clock,
        name: "perfect-piggy",
        params: &[("sides", 4)],
        definition: "a turn that adds a perfect square or cube other than 1 to the mover's \
                     score (after the turn-points rules; 0 counts) swaps the dice of every \
                     later turn, both players': six-sided dice roll as `sides`-sided and \
                     `sides`-sided as six-sided; the next such turn swaps them back",
        from: "Summer 2017 (examples/rules/perfect-piggy.toml), four-sided",
    },
    Component {
        kind: Kind::Clock,
        name: "pork-chop",
        params: &[("points", 1), ("sides", 4)],
        definition: "a player may roll -1 dice: no dice, `points` points for the turn (no \
                     turn-points rule), and the dice of every later turn, both players', \
                     swapped: six-sided dice roll as `sides`-sided and `sides`-sided as \
                     six-sided; the next -1 swaps them back; the after-turn rules apply",
        from: "Fall 2016 (Pork Chop); Fall 2013 and Spring 2014 Hog Contests (Ham \
               Hijinks)",
    },
    Component {
        kind: Kind::Clock,
        name: "pork-chop-swap",
        params: &[],
        definition: "a player may roll -1 dice once a game: no points, and the two scores \
                     swap (no other rule that turn); a player's later -1 rolls 10 dice",
        from: "Fall 2015 Hog Contest (Pork Chop; Spring 2016's contest too)",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_bacon_variants_by_hand() {
        // Opponent 47: tens 4, ones 7.
        let at = |rule: ZeroDiceRule| rule.points(12, 47);
        assert_eq!(at(ZeroDiceRule::BaconTens { plus: 1 }), 5);
        assert_eq!(at(ZeroDiceRule::BaconDifference { plus: 1 }), 4);
        assert_eq!(at(ZeroDiceRule::BaconDifference { plus: 2 }), 5);
        assert_eq!(at(ZeroDiceRule::BaconTwiceTensMinusOnes), 1);
        assert_eq!(ZeroDiceRule::BaconTwiceTensMinusOnes.points(0, 82), 14);
        assert_eq!(at(ZeroDiceRule::BaconMinDigit { plus: 1 }), 5);
        assert_eq!(at(ZeroDiceRule::BaconTenMinusMinDigit), 6);
        // Opponent 5: tens 0, so 10 - 0.
        assert_eq!(ZeroDiceRule::BaconTenMinusMinDigit.points(0, 5), 10);
        assert_eq!(at(ZeroDiceRule::Preset(ZeroDice::BoarBrawl)), 6);
        // Summer 2020: 10 - 7 + 4; against 90, 10 - 0 + 9 = 19 (the most);
        // against 9, 10 - 9 + 0 = 1 (the least).
        assert_eq!(at(ZeroDiceRule::BaconTenMinusOnesPlusTens), 7);
        assert_eq!(ZeroDiceRule::BaconTenMinusOnesPlusTens.points(0, 90), 19);
        assert_eq!(ZeroDiceRule::BaconTenMinusOnesPlusTens.points(0, 9), 1);
        // Fall 2018's examples: 46 gives 2, 73 gives 11, 27 and 7 give 1.
        let twice = ZeroDiceRule::BaconTwiceTensMinusOnes;
        for (opponent, points) in [(46, 2), (73, 11), (27, 1), (7, 1)] {
            assert_eq!(twice.points(0, opponent), points, "opponent {opponent}");
        }
        // Spring 2019's examples: against 10, 1 + min(1, 0) = 1; against
        // 39, 1 + 3 = 4.
        let min_digit = ZeroDiceRule::BaconMinDigit { plus: 1 };
        assert_eq!(min_digit.points(0, 10), 1);
        assert_eq!(min_digit.points(0, 39), 4);
        // Spring 2020: 47^3 = 103823, 3 - 2 + 8 - 3 + 0 - 1 = 5, so 6.
        assert_eq!(at(ZeroDiceRule::BaconCubeAlternating), 6);
    }

    #[test]
    fn dice_rules_by_hand() {
        assert_eq!(DiceSidesRule::HogWild.sides(0, 0), 4);
        assert_eq!(DiceSidesRule::HogWild.sides(10, 4), 4);
        assert_eq!(DiceSidesRule::HogWild.sides(10, 5), 6);
        assert_eq!(DiceSidesRule::Fixed(8).sides(3, 9), 8);
    }

    #[test]
    fn turn_points_rules_by_hand() {
        assert_eq!(TurnPointsRule::HogtimusPrime.apply(7, 3), 11);
        assert_eq!(TurnPointsRule::HogtimusPrime.apply(2, 1), 3);
        assert_eq!(TurnPointsRule::HogtimusPrime.apply(9, 3), 9);
        assert_eq!(TurnPointsRule::HogtimusPrime.apply(1, 1), 1);
        assert_eq!(TurnPointsRule::Cap { total: 25 }.apply(30, 6), 19);
        assert_eq!(TurnPointsRule::Cap { total: 25 }.apply(12, 6), 12);
    }

    /// Each `(mover, other)` of `cases` swaps under `rule` when marked true
    /// and stays otherwise.
    fn assert_swaps(rule: AfterTurnRule, cases: &[((u32, u32), bool)]) {
        for &((m, o), swaps) in cases {
            let want = if swaps { (o, m) } else { (m, o) };
            assert_eq!(rule.apply(m, o), want, "{rule:?} at ({m}, {o})");
        }
    }

    #[test]
    fn swaps_by_hand() {
        assert_swaps(
            AfterTurnRule::SwapMultiple,
            &[
                ((12, 36), true),
                ((36, 12), true),
                ((12, 30), false),
                ((0, 30), false),
                ((15, 15), false),
                // "Both scores are larger than 1": a score of 1 divides
                // every score, and swaps with none.
                ((1, 30), false),
                ((30, 1), false),
                ((2, 30), true),
                // The Fall 2017 page's examples. 1: 37 against 92, two dice
                // for 9: 92 is twice 46, and the mover has 92, the opponent
                // 46. 2: 91 against 37, five dice for 20: 111 is three times
                // 37, and the opponent ends the turn with 111 and wins.
                ((37 + 9, 92), true),
                ((91 + 20, 37), true),
            ],
        );
        assert_swaps(
            AfterTurnRule::SwapFirstTimesLast,
            &[
                // 23: 2 * 3 = 6; 61: 6 * 1 = 6; 6: 6 * 6 = 36.
                ((23, 61), true),
                ((23, 6), false),
                // 94: 9 * 4 = 36 and 6: 6 * 6 = 36 (one digit: first and
                // last).
                ((94, 6), true),
                // 106: 1 * 6 = 6 against 23.
                ((106, 23), true),
                ((44, 44), false),
            ],
        );
        // Fall 2018's four worked examples: 41 + 8 = 49 against 83 (|4 - 9|
        // = |8 - 3| = 5), 49 against 5 (|0 - 5| = 5) swap; 35 + 8 = 43
        // against 5 (1 and 5) does not; 0 + 11 = 11 against 0 (0 and 0)
        // swaps.
        assert_swaps(
            AfterTurnRule::SwapDigitDifference,
            &[
                ((49, 83), true),
                ((49, 5), true),
                ((43, 5), false),
                ((11, 0), true),
            ],
        );
        // Spring 2019's five worked examples: 41 + 2 = 43 against 83 (3 in
        // the ones place), 41 + 10 = 51 against 52 (5 in the tens), 1 + 6
        // = 8 against 2 (no), 99 + 18 = 117 against 14 (1 in the tens),
        // 0 + 20 = 20 against 0 (0 has no digits); and the note's 20
        // against 30 (a 0 at the end counts).
        assert_swaps(
            AfterTurnRule::SwapSharedPlace,
            &[
                ((43, 83), true),
                ((51, 52), true),
                ((8, 2), false),
                ((117, 14), true),
                ((20, 0), false),
                ((20, 30), true),
                ((5, 23), false),
            ],
        );
        // Summer 2020, worked from the page's sentence: 23 against 41,
        // |3 - 1| = 2 is not 4, no swap; 45 against 21, |5 - 1| = 4 is not
        // 2; 43 against 21, |3 - 1| = 2 is 21's tens digit: swap. The
        // opponent's tens digit decides: 21 against 43 stays (4 is not 2).
        // A one-digit opponent has tens digit 0: equal ones digits swap,
        // even at the goal (the page: "may hand the goal to the opponent").
        assert_swaps(
            AfterTurnRule::SwapOnesDifferenceIsTens,
            &[
                ((23, 41), false),
                ((45, 21), false),
                ((43, 21), true),
                ((21, 43), false),
                ((103, 3), true),
            ],
        );
        let sus = AfterTurnRule::Preset(AfterTurn::SusFuss);
        assert_eq!(sus.apply(21, 25), (23, 25));
    }

    #[test]
    fn the_catalog_names_each_component_once() {
        // Every clock of the catalog has its maker, and every maker its
        // entry in the catalog.
        let clocks: Vec<&str> = (CATALOG.iter())
            .filter(|c| c.kind == Kind::Clock)
            .map(|c| c.name)
            .collect();
        let made: Vec<&str> = CLOCKS.iter().map(|&(name, _)| name).collect();
        assert_eq!(clocks, made);
        for (i, a) in CATALOG.iter().enumerate() {
            for b in &CATALOG[i + 1..] {
                assert!(a.kind != b.kind || a.name != b.name, "{}", a.name);
            }
        }
    }
}
