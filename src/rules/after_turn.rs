//! After-turn rules: what happens to the scores once the mover has scored.

use super::digits::{ones, tens};

/// The rule applied once after every turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AfterTurn {
    /// Nothing happens.
    None,
    /// Sus Fuss: a mover's score with 3 or 4 divisors becomes the next prime.
    SusFuss,
    /// Swine Swap: swap when one score is exactly twice the other.
    SwapDouble,
    /// Swine Swap: swap when the other's last two digits are the mover's reversed.
    SwapReverse,
    /// Swine Swap: swap when the mover's ones digit is the other's tens digit.
    SwapDigits,
}

/// Both scores after the after-turn rule, still from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnEnd {
    /// The mover's score.
    pub mover: u32,
    /// The other player's score.
    pub other: u32,
    /// The rule, if it changed the scores: narrators say what happened from
    /// this, not by comparing scores.
    pub fired: Option<AfterTurn>,
}

impl TurnEnd {
    /// The scores `(mover, other)` a function gave: no named rule fired.
    pub fn unnamed((mover, other): (u32, u32)) -> TurnEnd {
        TurnEnd {
            mover,
            other,
            fired: None,
        }
    }

    /// Whether a Swine Swap exchanged two different scores.
    pub fn swapped(&self) -> bool {
        self.fired.is_some_and(AfterTurn::is_swap)
    }
}

impl AfterTurn {
    /// Every after-turn rule, in CLI order.
    pub const ALL: [AfterTurn; 5] = [
        AfterTurn::SusFuss,
        AfterTurn::SwapDouble,
        AfterTurn::SwapReverse,
        AfterTurn::SwapDigits,
        AfterTurn::None,
    ];

    /// Whether the rule is a Swine Swap (it exchanges the scores when it fires).
    pub fn is_swap(self) -> bool {
        matches!(
            self,
            AfterTurn::SwapDouble | AfterTurn::SwapReverse | AfterTurn::SwapDigits
        )
    }

    /// Whether the rule's condition holds for `mover` and `other`, even
    /// where exchanging them changes nothing (equal scores): what the
    /// course's `is_swap` answers.
    pub fn condition(self, mover: u32, other: u32) -> bool {
        self.swaps(mover, other)
    }

    /// Whether the rule would exchange the scores `mover` and `other`.
    fn swaps(self, mover: u32, other: u32) -> bool {
        match self {
            AfterTurn::None | AfterTurn::SusFuss => false,
            AfterTurn::SwapDouble => mover == 2 * other || other == 2 * mover,
            AfterTurn::SwapReverse => {
                let a = mover % 100;
                other % 100 == 10 * ones(a) + tens(a)
            }
            AfterTurn::SwapDigits => ones(mover) == tens(other),
        }
    }

    /// Apply the rule to the mover's new score `mover` and the other's `other`.
    /// `sus` maps a score to its Sus Fuss value (see [`super::digits::sus_points`]).
    pub fn apply(self, mover: u32, other: u32, sus: impl Fn(u32) -> u32) -> TurnEnd {
        if self == AfterTurn::SusFuss {
            let raised = sus(mover);
            return TurnEnd {
                mover: raised,
                other,
                fired: (raised != mover).then_some(self),
            };
        }
        // Equal scores that "swap" change nothing, so they do not count as a swap.
        if mover != other && self.swaps(mover, other) {
            TurnEnd {
                mover: other,
                other: mover,
                fired: Some(self),
            }
        } else {
            TurnEnd {
                mover,
                other,
                fired: None,
            }
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            AfterTurn::None => "none",
            AfterTurn::SusFuss => "sus-fuss",
            AfterTurn::SwapDouble => "swap-double",
            AfterTurn::SwapReverse => "swap-reverse",
            AfterTurn::SwapDigits => "swap-digits",
        }
    }

    /// The rule's name in the course's own words, for transcripts.
    pub fn title(self) -> &'static str {
        match self {
            AfterTurn::None => "none",
            AfterTurn::SusFuss => "Sus Fuss",
            _ => "Swine Swap",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::digits::sus_points;
    use super::*;

    fn apply(rule: AfterTurn, mover: u32, other: u32) -> (u32, u32, bool) {
        let end = rule.apply(mover, other, sus_points);
        (end.mover, end.other, end.swapped())
    }

    /// The end names the rule that changed the scores, and only then.
    #[test]
    fn the_end_says_which_rule_fired() {
        let fired = |rule: AfterTurn, mover, other| rule.apply(mover, other, sus_points).fired;
        assert_eq!(fired(AfterTurn::SusFuss, 21, 25), Some(AfterTurn::SusFuss));
        assert_eq!(fired(AfterTurn::SusFuss, 64, 21), None);
        assert_eq!(
            fired(AfterTurn::SwapDouble, 100, 50),
            Some(AfterTurn::SwapDouble)
        );
        assert_eq!(fired(AfterTurn::SwapDouble, 20, 41), None);
        assert_eq!(
            fired(AfterTurn::SwapDigits, 49, 92),
            Some(AfterTurn::SwapDigits)
        );
        for mover in 0..120 {
            for other in 0..120 {
                assert_eq!(fired(AfterTurn::None, mover, other), None);
                for rule in AfterTurn::ALL {
                    let end = rule.apply(mover, other, sus_points);
                    let changed = (end.mover, end.other) != (mover, other);
                    assert_eq!(end.fired.is_some(), changed, "{rule:?} {mover} {other}");
                    assert_eq!(end.swapped(), changed && rule.is_swap());
                }
            }
        }
    }

    #[test]
    fn sus_fuss_checks_only_the_mover() {
        assert_eq!(apply(AfterTurn::SusFuss, 21, 25), (23, 25, false));
        assert_eq!(apply(AfterTurn::SusFuss, 64, 21), (64, 21, false));
        assert_eq!(apply(AfterTurn::SusFuss, 100, 9), (100, 9, false));
    }

    #[test]
    fn rules_md_swap_double() {
        // 90 vs 50 scores 10: 100 vs 50 swaps and the other player has 100.
        assert_eq!(apply(AfterTurn::SwapDouble, 100, 50), (50, 100, true));
        assert_eq!(apply(AfterTurn::SwapDouble, 20, 40), (40, 20, true));
        assert_eq!(apply(AfterTurn::SwapDouble, 20, 41), (20, 41, false));
    }

    #[test]
    fn rules_md_swap_reverse() {
        assert_eq!(apply(AfterTurn::SwapReverse, 19, 91), (91, 19, true));
        assert_eq!(apply(AfterTurn::SwapReverse, 91, 19), (19, 91, true));
        assert_eq!(apply(AfterTurn::SwapReverse, 80, 8), (8, 80, true));
        // 90 vs 70 scores 17: 107 vs 70 swaps, the other player wins.
        assert_eq!(apply(AfterTurn::SwapReverse, 107, 70), (70, 107, true));
        assert_eq!(apply(AfterTurn::SwapReverse, 33, 33), (33, 33, false));
        assert_eq!(apply(AfterTurn::SwapReverse, 12, 22), (12, 22, false));
    }

    #[test]
    fn rules_md_swap_digits() {
        // 41 vs 92 scores 8: 49 vs 92 swaps.
        assert_eq!(apply(AfterTurn::SwapDigits, 49, 92), (92, 49, true));
        // 91 vs 12 scores 20: 111 vs 12 swaps, the other player wins.
        assert_eq!(apply(AfterTurn::SwapDigits, 111, 12), (12, 111, true));
        // Mover 40 vs other 5: 5 has tens digit 0.
        assert_eq!(apply(AfterTurn::SwapDigits, 40, 5), (5, 40, true));
        assert_eq!(apply(AfterTurn::SwapDigits, 41, 5), (41, 5, false));
    }

    #[test]
    fn swapping_equal_scores_changes_nothing() {
        for rule in [
            AfterTurn::SwapDouble,
            AfterTurn::SwapReverse,
            AfterTurn::SwapDigits,
        ] {
            for x in [0, 11, 22, 55] {
                let end = rule.apply(x, x, sus_points);
                assert_eq!(
                    (end.mover, end.other, end.swapped()),
                    (x, x, false),
                    "{rule:?} {x}"
                );
            }
        }
    }
}
