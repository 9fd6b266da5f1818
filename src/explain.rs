//! Why a solved table chooses what it does at one state: every dice count
//! with its win probability, its raw points and where the scores land.

use std::collections::BTreeMap;

use crate::engine::policy::best_of;
use crate::engine::{Solution, State};
use crate::error::HogError;
use crate::general::{die_code, Rolls, ScoreRules};
use crate::recall::{Context, MinusOne};
use crate::rules::Rules;
use crate::table::MINUS_ONE;

/// Where one turn can leave the scores, and how likely that is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The mover's score after the after-turn rule (at or past the goal: a win).
    pub score: u32,
    /// The other player's score after the after-turn rule.
    pub opponent_score: u32,
    /// The probability of this pair of scores.
    pub probability: f64,
}

/// One dice count at one state.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The number of dice, 0..=10, or [`MINUS_ONE`] for the move of rolling
    /// -1 dice where the rules have it.
    pub dice: u8,
    /// The mover's win probability with this choice and the solution's play afterwards.
    pub win_probability: f64,
    /// The expected raw points of the turn, before the after-turn rule
    /// (with the memory's bonus, if any).
    pub expected_points: f64,
    /// The probability that the turn scores exactly 1 raw point (before the
    /// after-turn rule): Sow Sad for rolls, and 1 or 0 for zero dice
    /// depending on whether the zero-dice rule gives 1 point here (before
    /// the memory's bonus, if any).
    pub one_point_probability: f64,
    /// The probability that some die shows 1, so that the rules' Pig Out
    /// (Sow Sad) decides the roll's points, whatever it makes them score (0
    /// for no dice).
    pub pig_out_probability: f64,
    /// Every distinct result of the turn after the after-turn rule, sorted
    /// by the mover's score, then the other's.
    pub outcomes: Vec<Outcome>,
    /// Points the rules' memory adds to this choice's turn (Feral Hogs),
    /// counted in the points and outcomes above; 0 without memory.
    pub bonus: u32,
}

/// Every choice at one state of a solved game.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The mover's score.
    pub score: u32,
    /// The other player's score.
    pub opponent_score: u32,
    /// Faces of the dice this turn rolls (Hog Wild can make it 4).
    pub sides: u32,
    /// The best choice here (the solution's own, for a solved game).
    pub best: u8,
    /// For a strategy explained as it is (see [`explain_strategy`]), its
    /// own choice here.
    pub chosen: Option<u8>,
    /// Dice counts 0..=10, in order, and -1 last where the rules have it.
    pub choices: Vec<Choice>,
    /// Under rules with memory, what the mover and the other remember.
    pub remembered: Option<Context>,
}

impl Explanation {
    /// The best choice's entry.
    pub fn best_choice(&self) -> &Choice {
        &self.choices[self.best as usize]
    }

    /// The choice with the highest win probability other than the best
    /// (ties to the fewest dice), if any.
    pub fn runner_up(&self) -> Option<&Choice> {
        self.choices.iter().filter(|c| c.dice != self.best).fold(
            None,
            |best: Option<&Choice>, c| match best {
                Some(b) if b.win_probability >= c.win_probability => Some(b),
                _ => Some(c),
            },
        )
    }
}

impl Explanation {
    /// The strategy's own choice, for a strategy explained as it is.
    pub fn chosen_choice(&self) -> Option<&Choice> {
        self.chosen.map(|k| &self.choices[k as usize])
    }

    /// How much win probability the strategy's own choice gives away
    /// against the best one (0 where it is the best).
    pub fn given_away(&self) -> Option<f64> {
        let chosen = self.chosen_choice()?;
        Some(self.best_choice().win_probability - chosen.win_probability)
    }
}

/// Refuse a state at or past the goal.
fn check_state(rules: &Rules, score: u32, opponent: u32) -> Result<(), HogError> {
    let goal = rules.goal();
    for (what, value) in [("score", score), ("opponent score", opponent)] {
        if value >= goal {
            return Err(HogError::BadArgument(format!(
                "the {what} {value} is not below the goal {goal}; a game at it is already over"
            )));
        }
    }
    Ok(())
}

/// Explain the solution's choice at `(score, opponent)`; both must be below the goal.
pub fn explain(
    solution: &Solution<'_>,
    score: u32,
    opponent: u32,
) -> Result<Explanation, HogError> {
    solved(solution, (score, opponent), None)
}

/// [`explain`] under rules with memory, the mover remembering `a` and the
/// other `b` (see [`check_remembered`]).
pub fn explain_remembering(
    solution: &Solution<'_>,
    score: u32,
    opponent: u32,
    remembered: Context,
) -> Result<Explanation, HogError> {
    solved(solution, (score, opponent), Some(remembered))
}

/// The solution's choices at a state, and at what both remember if given.
fn solved(
    solution: &Solution<'_>,
    (score, opponent): (u32, u32),
    remembered: Option<Context>,
) -> Result<Explanation, HogError> {
    let rules = solution.rules();
    check_state(rules, score, opponent)?;
    if let Some(x) = remembered {
        check_remembered(rules, x)?;
    }
    let at = State::new(score, opponent, remembered.unwrap_or_default());
    let (values, best) = (solution.choice_values(0, at), solution.choice(0, at));
    Ok(explanation(
        rules,
        (score, opponent),
        &values,
        best,
        None,
        remembered,
    ))
}

/// Explain a fixed strategy at `(score, opponent)`: the value of every
/// dice count when both players then go on with their own tables (seat 0
/// of `play`, a sweep of the strategy against its opponent), the best of
/// them, and the strategy's own choice.
pub fn explain_strategy(
    play: &Solution<'_>,
    score: u32,
    opponent: u32,
) -> Result<Explanation, HogError> {
    as_it_plays(play, (score, opponent), None)
}

/// [`explain_strategy`] under rules with memory, the mover remembering `a`
/// and the other `b`: a strategy's table reads the scores only, so its
/// choice is the same whatever is remembered, but not its value.
pub fn explain_strategy_remembering(
    play: &Solution<'_>,
    score: u32,
    opponent: u32,
    remembered: Context,
) -> Result<Explanation, HogError> {
    as_it_plays(play, (score, opponent), Some(remembered))
}

/// A strategy's choices at a state, and at what both remember if given.
fn as_it_plays(
    play: &Solution<'_>,
    (score, opponent): (u32, u32),
    remembered: Option<Context>,
) -> Result<Explanation, HogError> {
    let rules = play.rules();
    check_state(rules, score, opponent)?;
    if let Some(x) = remembered {
        check_remembered(rules, x)?;
    }
    let at = State::new(score, opponent, remembered.unwrap_or_default());
    let values = play.choice_values(0, at);
    let chosen = play.choice(0, at);
    Ok(explanation(
        rules,
        (score, opponent),
        &values,
        best_of(&values).1,
        Some(chosen),
        remembered,
    ))
}

/// What a state holds beyond the two scores, as a person gives it: what
/// both remember, and the clock itself or the turn it counts (Time Trot).
#[derive(Debug, Clone, Copy, Default)]
pub struct ContextAsked {
    /// What the mover and the other remember.
    pub remembered: Option<(u32, u32)>,
    /// The game's turn number, from 0, for a clock that counts turns.
    pub turn: Option<u32>,
    /// The turn is itself an extra turn (Time Trot).
    pub extra_turn: bool,
    /// The clock's value itself.
    pub clock: Option<u32>,
}

impl ContextAsked {
    fn given(&self) -> bool {
        self.remembered.is_some() || self.turn.is_some() || self.extra_turn || self.clock.is_some()
    }
}

/// `MINE,THEIRS`: two non-negative integers (`what` names the option).
pub fn parse_remembered(what: &str, text: &str) -> Result<(u32, u32), HogError> {
    let bad = || {
        HogError::BadArgument(format!(
            "{what} '{}' is not two memories MINE,THEIRS (such as 4,0)",
            crate::text::clip(text, 30)
        ))
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let number = |x: &str| x.trim().parse::<u32>().map_err(|_| bad());
    Ok((number(a)?, number(b)?))
}

/// The context `asked` names, checked against the rules: the start's by
/// default under rules with memory or a clock, none without (where asking
/// for one is refused in the rules' own words).
pub fn context_asked(rules: &Rules, asked: &ContextAsked) -> Result<Option<Context>, HogError> {
    let Some(memory) = rules.memory() else {
        if asked.given() {
            check_remembered(rules, Context::START)?;
        }
        return Ok(None);
    };
    let (mine, theirs) = asked.remembered.unwrap_or((0, 0));
    let clock = if asked.turn.is_some() || asked.extra_turn {
        let turn = asked.turn.unwrap_or(0);
        memory
            .clock()
            .of_turn(turn, asked.extra_turn)
            .ok_or_else(|| {
                HogError::BadArgument(format!(
                    "{} counts no turns: --turn and --extra-turn need a clock such as time-trot",
                    rules.name()
                ))
            })?
    } else {
        asked.clock.unwrap_or(0)
    };
    let x = Context {
        mine,
        theirs,
        clock,
    };
    check_remembered(rules, x)?;
    Ok(Some(x))
}

/// Refuse contexts the rules do not have (see [`crate::recall::Remembering::check`]);
/// rules without memory remember nothing.
pub fn check_remembered(rules: &Rules, x: Context) -> Result<(), HogError> {
    let Some(memory) = rules.memory() else {
        return Err(HogError::BadArgument(format!(
            "{} remembers nothing: there is no memory to give",
            rules.name()
        )));
    };
    memory.check(x)
}

/// Every choice at a state with its value: `values` of the dice counts,
/// and of rolling -1 dice last where the rules have that move.
fn explanation(
    rules: &Rules,
    (score, opponent): (u32, u32),
    values: &[f64],
    best: u8,
    chosen: Option<u8>,
    remembered: Option<Context>,
) -> Explanation {
    let choices = (0..values.len() as u8)
        .map(|dice| {
            if dice != MINUS_ONE {
                return dice_choice(rules, (score, opponent), dice, values, remembered);
            }
            let clock = rules
                .memory()
                .map(|m| m.clock())
                .expect("a -1 move is a clock's");
            match clock.minus_one(remembered.map_or(0, |x| x.clock)) {
                Some(m) => minus_one_choice(rules, (score, opponent), m, values),
                // Spent: -1 rolls the clock's dice for it.
                None => Choice {
                    dice: MINUS_ONE,
                    win_probability: values[usize::from(MINUS_ONE)],
                    ..dice_choice(
                        rules,
                        (score, opponent),
                        clock.spent_minus_one() as u8,
                        values,
                        remembered,
                    )
                },
            }
        })
        .collect();
    Explanation {
        score,
        opponent_score: opponent,
        sides: sides_at(rules, score, opponent, remembered),
        best,
        chosen,
        choices,
        remembered,
    }
}

/// Rolling `dice` dice at `(score, opponent)` in context `remembered`,
/// `values` the win probability of each choice.
fn dice_choice(
    rules: &Rules,
    (score, opponent): (u32, u32),
    dice: u8,
    values: &[f64],
    remembered: Option<Context>,
) -> Choice {
    let bonus = match (rules.memory(), remembered) {
        (Some(memory), Some(x)) => memory.memory().bonus(x.mine, u32::from(dice)),
        _ => 0,
    };
    let before = turn_points(rules, score, opponent, dice, remembered);
    let points: Vec<(u32, f64)> = before.iter().map(|&(p, q)| (p + bonus, q)).collect();
    Choice {
        dice,
        win_probability: values[dice as usize],
        expected_points: points
            .iter()
            .fold(0.0, |sum, &(p, q)| sum + f64::from(p) * q),
        // A fold from +0.0: an empty f64 sum is -0.0. The dice's own 1
        // point, before any bonus.
        one_point_probability: before
            .iter()
            .filter(|&&(p, _)| p == 1)
            .fold(0.0, |sum, &(_, q)| sum + q),
        pig_out_probability: pig_out_chance(rules, (score, opponent), dice, remembered),
        outcomes: outcomes(
            rules,
            (score, opponent),
            rolled(rules, (score, opponent), dice),
            &points,
        ),
        bonus,
    }
}

/// The move `m` of rolling -1 dice at `(score, opponent)`: its points for
/// sure, then the after-turn rule (Pork Chop); or the scores swapped, and
/// no rule after (the Fall 2015 contest's).
fn minus_one_choice(
    rules: &Rules,
    (score, opponent): (u32, u32),
    m: MinusOne,
    values: &[f64],
) -> Choice {
    let outcomes = if m.swaps {
        vec![Outcome {
            score: opponent,
            opponent_score: score,
            probability: 1.0,
        }]
    } else {
        outcomes(rules, (score, opponent), 0, &[(m.points, 1.0)])
    };
    Choice {
        dice: MINUS_ONE,
        win_probability: values[usize::from(MINUS_ONE)],
        expected_points: f64::from(m.points),
        one_point_probability: if m.points == 1 { 1.0 } else { 0.0 },
        pig_out_probability: 0.0,
        outcomes,
        bonus: 0,
    }
}

/// The chance that a die among those a choice of `dice` rolls at
/// `(score, opponent)` in context `remembered` shows 1: each die shows 1
/// with chance `1 / sides`, or where the dice are rerolled (an odd first
/// face rolled again, once) `odd faces / sides^2`.
fn pig_out_chance(
    rules: &Rules,
    (score, opponent): (u32, u32),
    dice: u8,
    remembered: Option<Context>,
) -> f64 {
    let k = rolled(rules, (score, opponent), dice);
    if k == 0 {
        return 0.0;
    }
    // As a fraction of whole numbers, so that one die of six sides gives
    // 1/6 to the last bit: a die shows no 1 in `miss` of its `all` ways.
    let sides = u128::from(sides_at(rules, score, opponent, remembered));
    let (miss, all) = if ScoreRules::rerolled(rules, score, opponent) {
        (sides * sides - sides.div_ceil(2), sides * sides)
    } else {
        (sides - 1, sides)
    };
    let (miss, all) = (miss.pow(k), all.pow(k));
    (all - miss) as f64 / all as f64
}

/// The dice a choice of `dice` rolls at `(score, opponent)`: no more than
/// the rules' cap there (Hog Tied).
fn rolled(rules: &Rules, (score, opponent): (u32, u32), dice: u8) -> u32 {
    u32::from(dice).min(ScoreRules::max_dice(rules, score, opponent))
}

/// The sides of the dice rolled at `(score, opponent)` in context
/// `remembered`: a clock may change them (Perfect Piggy's swapped dice).
fn sides_at(rules: &Rules, score: u32, opponent: u32, remembered: Option<Context>) -> u32 {
    let own = ScoreRules::dice_sides(rules, score, opponent);
    match (rules.memory(), remembered) {
        (Some(memory), Some(x)) => memory.clock().dice(x.clock, own),
        _ => own,
    }
}

/// The points a turn of `dice` dice can score at `(score, opponent)` in
/// context `remembered`, each with its probability, in increasing order of
/// points: the state's dice (a clock may change them) under the rules' Pig
/// Out rule (the presets': Sow Sad's 1), then `turn_points` (the presets
/// leave the points as they are).
pub fn turn_points(
    rules: &Rules,
    score: u32,
    opponent: u32,
    dice: u8,
    remembered: Option<Context>,
) -> Vec<(u32, f64)> {
    let dice = rolled(rules, (score, opponent), dice);
    let raw = if dice == 0 {
        vec![(rules.zero_dice_points(score, opponent), 1.0)]
    } else {
        let sides = sides_at(rules, score, opponent, remembered);
        let die = die_code(sides, ScoreRules::rerolled(rules, score, opponent));
        Rolls::new([die], ScoreRules::pig_out(rules))
            .get(die, dice)
            .clone()
    };
    let mut merged: BTreeMap<u32, f64> = BTreeMap::new();
    for (p, q) in raw {
        let points = ScoreRules::turn_points(rules, p, dice, score, opponent);
        *merged.entry(points).or_insert(0.0) += q;
    }
    merged.into_iter().collect()
}

/// Apply the after-turn rule to every result of rolling `dice`, merging
/// equal outcomes.
fn outcomes(
    rules: &Rules,
    (score, opponent): (u32, u32),
    dice: u32,
    points: &[(u32, f64)],
) -> Vec<Outcome> {
    let mut merged: BTreeMap<(u32, u32), f64> = BTreeMap::new();
    for &(p, q) in points {
        let end = rules.turn_end(score, opponent, p, dice);
        *merged.entry((end.mover, end.other)).or_insert(0.0) += q;
    }
    merged
        .into_iter()
        .map(|((score, opponent_score), probability)| Outcome {
            score,
            opponent_score,
            probability,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solve as optimal;
    use crate::engine::SweepOptions;
    use crate::rules::Preset;

    #[test]
    fn zero_dice_at_53_60_lands_on_67_by_sus_fuss() {
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let solution = optimal(&rules, &SweepOptions::default());
        let e = explain(&solution, 53, 60).unwrap();
        let zero = &e.choices[0];
        assert_eq!(zero.expected_points, 9.0);
        assert_eq!(zero.one_point_probability, 0.0);
        assert_eq!(
            zero.outcomes,
            vec![Outcome {
                score: 67,
                opponent_score: 60,
                probability: 1.0
            }]
        );
        // One die: 1 point with 1/6 (54 has 8 divisors: it stays), else 2..=6.
        let one = &e.choices[1];
        assert_eq!(one.one_point_probability, 1.0 / 6.0);
        assert_eq!(one.pig_out_probability, 1.0 / 6.0);
        assert_eq!(zero.pig_out_probability, 0.0);
        // Four dice: a 1 shows unless none does, (5/6)^4.
        let four = e.choices[4].pig_out_probability;
        assert!((four - (1.0 - 625.0 / 1296.0)).abs() < 1e-15, "{four}");
        assert_eq!(four, e.choices[4].one_point_probability);
        assert!((one.expected_points - (1.0 + 2.0 + 3.0 + 4.0 + 5.0 + 6.0) / 6.0).abs() < 1e-15);
        // 55, 57 and 58 (4 divisors each) become 59, and 6 points give 59 too.
        let at_59 = one.outcomes.iter().find(|o| o.score == 59).unwrap();
        assert!((at_59.probability - 4.0 / 6.0).abs() < 1e-15);
        let scores: Vec<u32> = one.outcomes.iter().map(|o| o.score).collect();
        assert_eq!(scores, vec![54, 56, 59]);
        assert_eq!(e.choices.len(), 11);
        assert_eq!(e.best, solution.choice(0, (53, 60)));
    }

    #[test]
    fn a_strategy_is_explained_against_its_opponent_as_it_plays() {
        use crate::engine::evaluate;
        use crate::table::StrategyTable;
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let six = StrategyTable::constant(100, 6);
        let boar = crate::strategy::CourseStrategy::Boar.table(&rules, [11, 6]);
        let play = evaluate(&rules, &six, &boar, &SweepOptions::default());
        let e = explain_strategy(&play, 53, 60).unwrap();
        assert_eq!(e.chosen, Some(6));
        // The value of its own choice is its value at the state.
        assert_eq!(e.choices[6].win_probability, play.value(0, (53, 60)));
        // Against boar_strategy, rolling zero (9 points and Sus Fuss to 67)
        // beats rolling six: the best is not its choice, and it gives away
        // exactly the difference.
        assert_ne!(e.best, 6);
        let given = e.given_away().unwrap();
        assert!(given > 0.0);
        assert_eq!(
            given,
            e.choices[e.best as usize].win_probability - e.choices[6].win_probability
        );
        // The minimax solution explained as a strategy against itself gives
        // nothing away anywhere.
        let solved = optimal(&rules, &SweepOptions::default()).table();
        let self_play = evaluate(&rules, &solved, &solved, &SweepOptions::default());
        for (s, o) in [(0, 0), (53, 60), (99, 99), (12, 87)] {
            let e = explain_strategy(&self_play, s, o).unwrap();
            assert_eq!(e.chosen, Some(e.best), "({s}, {o})");
            assert_eq!(e.given_away(), Some(0.0));
        }
    }

    #[test]
    fn scores_at_the_goal_are_refused() {
        let rules = Rules::preset(Preset::Fa24, 10).unwrap();
        let solution = optimal(&rules, &SweepOptions::default());
        let err = explain(&solution, 10, 3).unwrap_err().to_string();
        assert!(err.contains("score 10 is not below the goal 10"), "{err}");
        assert!(explain(&solution, 3, 12).is_err());
        assert!(explain(&solution, 9, 9).is_ok());
    }

    /// Under Fall 2019's rules with Feral Hogs (goal 40): the memory's bonus
    /// goes to the counts 2 away from what the mover remembers, and each
    /// count's value is its outcomes (bonus and swap applied) valued by the
    /// full-state optimum with the mover now remembering that count.
    #[test]
    fn with_memory_each_count_is_its_outcomes_valued_by_the_optimum() {
        let rules = crate::rules::BuiltIn::from_name("fa19")
            .unwrap()
            .rules(Some(40), None)
            .unwrap();
        let solution = optimal(&rules, &SweepOptions::default());
        for (s, o, a, b) in [
            (0, 0, 0, 0),
            (17, 23, 4, 6),
            (35, 12, 10, 2),
            (39, 39, 1, 9),
        ] {
            let x = Context::remembering(a, b);
            let e = explain_remembering(&solution, s, o, x).unwrap();
            assert_eq!(e.remembered, Some(x));
            assert_eq!(e.best, solution.choice(0, State::new(s, o, x)));
            let best = e.best_choice().win_probability;
            assert!((best - solution.value(0, State::new(s, o, x))).abs() < 1e-15);
            for c in &e.choices {
                let bonus = if u32::from(c.dice).abs_diff(a) == 2 {
                    3
                } else {
                    0
                };
                assert_eq!(c.bonus, bonus, "{s} {o} {a} {b}: {} dice", c.dice);
                let valued: f64 = c
                    .outcomes
                    .iter()
                    .map(|x| {
                        let after = if x.score >= 40 {
                            1.0
                        } else if x.opponent_score >= 40 {
                            0.0
                        } else {
                            let k = u32::from(c.dice);
                            let next = Context::remembering(b, k);
                            1.0 - solution.value(0, State::new(x.opponent_score, x.score, next))
                        };
                        x.probability * after
                    })
                    .sum();
                assert!(
                    (valued - c.win_probability).abs() < 1e-14,
                    "{s} {o} {a} {b}: {} dice: {valued} vs {}",
                    c.dice,
                    c.win_probability
                );
            }
        }
        // Two dice from 0 remembered: 2 away, so Pig Out scores 1 + 3.
        let e = explain_remembering(&solution, 0, 0, Context::START).unwrap();
        assert!(e.choices[2].outcomes.iter().any(|x| x.score == 4));
        let err = explain_remembering(&solution, 0, 0, Context::remembering(11, 0))
            .unwrap_err()
            .to_string();
        assert!(err.contains("a memory of 11 is out of range"), "{err}");
        let plain = Rules::preset(Preset::Fa24, 40).unwrap();
        let err = check_remembered(&plain, Context::START)
            .unwrap_err()
            .to_string();
        assert!(err.contains("fa24 remembers nothing"), "{err}");
    }
}
