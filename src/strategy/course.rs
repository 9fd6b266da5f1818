//! The course's named strategies, defined from the active rule components.

use crate::rules::{AfterTurn, Preset, Rules};

use crate::table::StrategyTable;

/// A named strategy of the course.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CourseStrategy {
    /// fa24: roll 0 when Boar Brawl gives at least `threshold` points.
    Boar,
    /// fa24: roll 0 when zero dice raise the score by `threshold` after Sus Fuss.
    Sus,
    /// Older sets: roll 0 when Free Bacon gives at least `margin` points.
    Bacon,
    /// double-swap and reverse-swap: chase beneficial swaps, avoid harmful ones.
    SwapAvoiding,
    /// digit-swap: roll 0 for a beneficial swap or a big enough Free Bacon.
    SwapSeeking,
}

impl CourseStrategy {
    /// The course's name for the strategy.
    pub fn name(self) -> &'static str {
        match self {
            CourseStrategy::Boar => "boar_strategy",
            CourseStrategy::Sus => "sus_strategy",
            CourseStrategy::Bacon => "bacon_strategy",
            CourseStrategy::SwapAvoiding | CourseStrategy::SwapSeeking => "swap_strategy",
        }
    }

    /// The parameter names, in positional order.
    pub fn params(self) -> [&'static str; 2] {
        match self {
            CourseStrategy::Boar | CourseStrategy::Sus => ["threshold", "num_rolls"],
            _ => ["margin", "num_rolls"],
        }
    }

    /// The course's default arguments for a preset.
    pub fn defaults(self, preset: Preset) -> [u32; 2] {
        match self {
            CourseStrategy::Boar | CourseStrategy::Sus => [11, 6],
            _ => [8, u32::from(preset.baseline_dice())],
        }
    }

    /// The course strategies a preset has, in the course's order.
    pub fn of(preset: Preset) -> &'static [CourseStrategy] {
        match preset {
            Preset::Fa24 => &[CourseStrategy::Boar, CourseStrategy::Sus],
            Preset::DoubleSwap | Preset::ReverseSwap => {
                &[CourseStrategy::Bacon, CourseStrategy::SwapAvoiding]
            }
            Preset::DigitSwap => &[CourseStrategy::Bacon, CourseStrategy::SwapSeeking],
        }
    }

    /// Look a name up among the preset's strategies.
    pub fn find(preset: Preset, name: &str) -> Option<CourseStrategy> {
        CourseStrategy::of(preset)
            .iter()
            .copied()
            .find(|c| c.name() == name)
    }

    /// Whether the strategy means anything under these rules: the swap
    /// strategies need a swap rule, `sus_strategy` needs Sus Fuss.
    pub fn applies_to(self, rules: &Rules) -> Result<(), String> {
        if rules.origin().is_some() {
            return Err(format!(
                "{} is written for the course's rules, not for rules from {}",
                self.name(),
                rules.name()
            ));
        }
        let after = rules.components().after_turn;
        let swaps = matches!(
            after,
            AfterTurn::SwapDouble | AfterTurn::SwapReverse | AfterTurn::SwapDigits
        );
        match self {
            CourseStrategy::Sus if after != AfterTurn::SusFuss => Err(format!(
                "sus_strategy needs the sus-fuss after-turn rule, not {}",
                after.name()
            )),
            CourseStrategy::SwapAvoiding | CourseStrategy::SwapSeeking if !swaps => Err(format!(
                "swap_strategy needs a swap after-turn rule, not {}",
                after.name()
            )),
            _ => Ok(()),
        }
    }

    /// The dice count at `(score, opponent)` with arguments `[a, num_rolls]`
    /// (`a` is the threshold or margin).
    pub fn choose(self, rules: &Rules, args: [u32; 2], score: u32, opponent: u32) -> u8 {
        let [cutoff, num_rolls] = args;
        let num_rolls = num_rolls as u8;
        let bacon = rules.zero_dice_points(score, opponent);
        let end = rules.after_turn(score + bacon, opponent);
        // A swap is good for the mover when it leaves more points than no swap.
        let gain = i64::from(end.mover) - i64::from(score + bacon);
        let zero_if = |roll_zero: bool| if roll_zero { 0 } else { num_rolls };
        match self {
            CourseStrategy::Boar | CourseStrategy::Bacon => zero_if(bacon >= cutoff),
            CourseStrategy::Sus => {
                zero_if(i64::from(end.mover) - i64::from(score) >= i64::from(cutoff))
            }
            CourseStrategy::SwapAvoiding => match (end.swapped(), gain.signum()) {
                (true, 1) => 0,
                (true, -1) => num_rolls,
                _ => zero_if(bacon >= cutoff),
            },
            CourseStrategy::SwapSeeking => zero_if((end.swapped() && gain > 0) || bacon >= cutoff),
        }
    }

    /// The strategy tabulated over every state.
    pub fn table(self, rules: &Rules, args: [u32; 2]) -> StrategyTable {
        StrategyTable::from_fn(rules.goal(), |s, o| self.choose(rules, args, s, o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(preset: Preset) -> Rules {
        Rules::preset(preset, 100).unwrap()
    }

    #[test]
    fn boar_strategy_matches_the_course_doctests() {
        let r = rules(Preset::Fa24);
        let boar = |s, o| CourseStrategy::Boar.choose(&r, [11, 6], s, o);
        // Boar Brawl at (21, 46) gives 9 < 11; at (6, 10) 15 >= 11; at (7, 2) 21.
        assert_eq!(boar(21, 46), 6);
        assert_eq!(boar(6, 10), 0);
        assert_eq!(boar(7, 2), 0);
        assert_eq!(CourseStrategy::Boar.choose(&r, [9, 3], 21, 46), 0);
    }

    #[test]
    fn sus_strategy_counts_the_sus_fuss_bonus() {
        let r = rules(Preset::Fa24);
        let sus = |s, o| CourseStrategy::Sus.choose(&r, [11, 6], s, o);
        // 53 vs 60: Boar Brawl 9 -> 62 -> 67, a gain of 14 >= 11 (boar alone: 9).
        assert_eq!(sus(53, 60), 0);
        assert_eq!(CourseStrategy::Boar.choose(&r, [11, 6], 53, 60), 6);
        // 41 vs 42: 9 points, 50 is not sus: 9 < 11.
        assert_eq!(sus(41, 42), 6);
    }

    #[test]
    fn swap_strategies_follow_the_swap() {
        let r = rules(Preset::DoubleSwap);
        let swap = |s, o| CourseStrategy::SwapAvoiding.choose(&r, [8, 5], s, o);
        // 10 vs 26: Free Bacon 7 -> 17, no swap; 7 < 8 -> roll 5.
        assert_eq!(swap(10, 26), 5);
        // 11 vs 30: 4 -> 15 and 30 = 2 * 15: the swap gives the mover 30, a gain.
        assert_eq!(swap(11, 30), 0);
        // 46 vs 19: 10 -> 56, no swap; 10 >= 8 -> roll 0.
        assert_eq!(swap(46, 19), 0);
        // 28 vs 19: 10 -> 38 = 2 * 19: the swap leaves the mover 19, a loss.
        assert_eq!(swap(28, 19), 5);
        let r = rules(Preset::DigitSwap);
        let seek = |s, o| CourseStrategy::SwapSeeking.choose(&r, [8, 4], s, o);
        // 41 vs 92: Free Bacon 1 + (9 * 2) % 10 = 9 -> 50, no swap; 9 >= 8 -> 0.
        assert_eq!(seek(41, 92), 0);
        // 30 vs 41: 1 + 4 = 5 -> 35, ones 5 != tens 4; 5 < 8 -> 4.
        assert_eq!(seek(30, 41), 4);
        // 30 vs 45: 1 + 0 = 1 -> 31, no swap -> 4; 33 vs 45: 34 swaps to 45 -> 0.
        assert_eq!(seek(30, 45), 4);
        assert_eq!(seek(33, 45), 0);
    }
}
