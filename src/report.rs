//! The answers to the analyzer's questions as typed values: the command
//! line prints them with `--format json`, the web server answers with them,
//! so both say the same thing, field for field and bit for bit.

use serde::Serialize;

use crate::engine::WinRates;
use crate::explain::Explanation;
use crate::rules::Rules;
use crate::table::shown;

/// The fields every answer starts with: the effective rules.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulesHeader {
    /// The rule set's name (a preset, or its components joined by `+`).
    pub rules: String,
    /// The goal.
    pub goal: u32,
    /// The components in effect.
    pub components: ComponentNames,
}

/// The components of a rule set by their command-line names.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComponentNames {
    /// `boar-brawl`, `bacon-max` or `bacon-product` (`python` for rules
    /// from a Python file, as for the other two).
    pub zero_dice: &'static str,
    /// `six-sided` or `hog-wild`.
    pub dice: &'static str,
    /// `sus-fuss`, a swap, or `none`.
    pub after_turn: &'static str,
    /// What each player remembers (`feral-hogs`, ...), for rules where
    /// players remember their previous turn only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<String>,
    /// The clock both players share (`time-trot 8`), for rules with one
    /// only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
}

impl RulesHeader {
    /// The header of `rules`.
    pub fn of(rules: &Rules) -> RulesHeader {
        let [zero_dice, dice, after_turn] = rules.component_names();
        RulesHeader {
            rules: rules.name(),
            goal: rules.goal(),
            components: ComponentNames {
                zero_dice,
                dice,
                after_turn,
                memory: rules
                    .memory()
                    .filter(|m| m.size() > 1)
                    .map(|m| m.memory().name().to_string()),
                clock: rules
                    .memory()
                    .filter(|m| m.clocks() > 1)
                    .map(|m| m.clock().name()),
            },
        }
    }
}

/// `hog eval`: one strategy against another.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvalReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The strategy rated, as given.
    pub strategy: String,
    /// Its opponent, as given.
    pub opponent: String,
    /// Win probability moving first.
    pub first: f64,
    /// Win probability moving second.
    pub second: f64,
    /// Their mean.
    pub average: f64,
}

impl EvalReport {
    /// The report of `rates` of `strategy` against `opponent`.
    pub fn new(rules: &Rules, strategy: &str, opponent: &str, rates: WinRates) -> EvalReport {
        EvalReport {
            rules: RulesHeader::of(rules),
            strategy: strategy.to_string(),
            opponent: opponent.to_string(),
            first: rates.first,
            second: rates.second,
            average: rates.average,
        }
    }
}

/// One strategy's rates in a list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RateRow {
    /// The strategy's spec.
    pub strategy: String,
    /// Win probability moving first.
    pub first: f64,
    /// Win probability moving second.
    pub second: f64,
    /// Their mean.
    pub average: f64,
}

impl RateRow {
    /// A row for `strategy`.
    pub fn new(strategy: &str, rates: WinRates) -> RateRow {
        RateRow {
            strategy: strategy.to_string(),
            first: rates.first,
            second: rates.second,
            average: rates.average,
        }
    }
}

/// `hog rates`: every standard strategy against one opponent, best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatesReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The opponent, as given.
    pub opponent: String,
    /// The rows, best average first.
    pub rows: Vec<RateRow>,
}

/// One combination of a sweep.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepRow {
    /// The parameters by name, in the strategy's order.
    pub params: serde_json::Map<String, serde_json::Value>,
    /// The spec of this combination.
    pub strategy: String,
    /// Win probability moving first.
    pub first: f64,
    /// Win probability moving second.
    pub second: f64,
    /// Their mean.
    pub average: f64,
}

/// `hog sweep`: a course strategy's parameter grid against one opponent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The course strategy swept.
    pub strategy: String,
    /// The opponent, as given.
    pub opponent: String,
    /// The row with the highest average (the first of equals).
    pub best: SweepRow,
    /// Every combination, the first parameter outermost.
    pub rows: Vec<SweepRow>,
}

/// One dice count at a state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoiceReport {
    /// The number of dice (-1 for the move of rolling -1 dice).
    pub dice: i32,
    /// The mover's win probability with it.
    pub win_probability: f64,
    /// The expected raw points of the turn.
    pub expected_points: f64,
    /// The probability that the turn scores exactly 1 raw point.
    pub one_point_probability: f64,
    /// The probability that some die shows 1, so that Pig Out (Sow Sad)
    /// decides the roll's points, whatever they are under these rules.
    pub pig_out_probability: f64,
    /// `[new_score, new_opponent_score, probability]` after the after-turn rule.
    pub outcomes: Vec<(u32, u32, f64)>,
    /// Under rules with memory, the points the memory adds to this choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<u32>,
}

/// `hog explain`: every dice count at one state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExplainReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The opponent (`--vs`), if any.
    pub against: Option<String>,
    /// The strategy explained as it plays (`--strategy`), if any.
    pub strategy: Option<String>,
    /// The mover's score.
    pub score: u32,
    /// The other player's score.
    pub opponent_score: u32,
    /// Faces of the dice this turn.
    pub sides: u32,
    /// The best dice count (-1 for the move of rolling -1 dice).
    pub best: i32,
    /// The strategy's own choice, when a strategy is explained.
    pub chosen: Option<i32>,
    /// What the strategy's choice gives away against the best.
    pub gives_away: Option<f64>,
    /// Every dice count, 0 to 10.
    pub choices: Vec<ChoiceReport>,
    /// Under rules with memory, what the mover and the other remember.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remembered: Option<(u32, u32)>,
    /// Under rules with a clock, what it reads (Time Trot: `turn_mod`,
    /// `extra_turn`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<std::collections::BTreeMap<&'static str, u32>>,
}

impl ExplainReport {
    /// The report of an explanation.
    pub fn new(
        rules: &Rules,
        against: Option<&str>,
        strategy: Option<&str>,
        e: &Explanation,
    ) -> ExplainReport {
        ExplainReport {
            rules: RulesHeader::of(rules),
            against: against.map(str::to_string),
            strategy: strategy.map(str::to_string),
            score: e.score,
            opponent_score: e.opponent_score,
            sides: e.sides,
            best: shown(e.best),
            chosen: e.chosen.map(shown),
            gives_away: e.given_away(),
            choices: e
                .choices
                .iter()
                .map(|c| ChoiceReport {
                    dice: shown(c.dice),
                    win_probability: c.win_probability,
                    expected_points: c.expected_points,
                    one_point_probability: c.one_point_probability,
                    pig_out_probability: c.pig_out_probability,
                    outcomes: c
                        .outcomes
                        .iter()
                        .map(|o| (o.score, o.opponent_score, o.probability))
                        .collect(),
                    bonus: e.remembered.map(|_| c.bonus),
                })
                .collect(),
            remembered: e.remembered.map(|x| (x.mine, x.theirs)),
            clock: match (rules.memory(), e.remembered) {
                (Some(memory), Some(x)) if memory.clocks() > 1 => {
                    let clock = memory.clock();
                    Some(
                        clock
                            .columns()
                            .iter()
                            .copied()
                            .zip(clock.read(x.clock))
                            .collect(),
                    )
                }
                _ => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn reports_start_with_the_rules_in_the_documented_order() {
        let rules = Rules::preset(Preset::DoubleSwap, 50).unwrap();
        let report = EvalReport::new(&rules, "a", "b", WinRates::new(0.25, 0.75));
        let text = serde_json::to_string(&report).unwrap();
        assert_eq!(
            text,
            "{\"rules\":\"double-swap\",\"goal\":50,\"components\":{\"zero_dice\":\"bacon-max\",\
             \"dice\":\"hog-wild\",\"after_turn\":\"swap-double\"},\"strategy\":\"a\",\
             \"opponent\":\"b\",\"first\":0.25,\"second\":0.75,\"average\":0.5}"
        );
    }
}
