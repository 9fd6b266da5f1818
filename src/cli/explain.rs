//! `hog explain SCORE OPPONENT [--strategy SPEC] [--vs SPEC]`: every dice
//! count at one state, and why the solved table picks the one it does, or
//! what a strategy's own choice there is worth.

use clap::Args;

use crate::engine;
use crate::explain::{
    context_asked, explain, explain_remembering, explain_strategy, explain_strategy_remembering,
    parse_remembered, Choice, ContextAsked, Explanation,
};
use crate::general::ScoreRules;
use crate::recall::Context;
use crate::report::ExplainReport;
use crate::rules::Rules;
use crate::table::{shown, MINUS_ONE};
use crate::HogError;

use super::output::{counted, render_table, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
For each dice count 0..=10: the mover's win probability with optimal play \
afterwards (or, with --vs, the best response to SPEC), the expected raw points \
of the turn (before the after-turn rule), the probability that the turn scores \
exactly 1 raw point, and where the scores land after the after-turn rule.

With --strategy, the win probabilities are those of the strategy against --vs \
(default optimal) when both go on with their own strategies after this turn; \
the strategy's own choice is marked beside the best one, with what it gives away.

Under rules with memory (--rules fa19), --remembered MINE,THEIRS gives what \
the mover and the other remember of their previous turns (default 0,0, as \
before their first); a choice's points then include the memory's bonus. \
Under a clock (Time Trot), --turn N gives the turn number of the game \
(default 0, the first) and --extra-turn says the turn is itself an extra one.

Examples:
  hog explain 53 60
  hog explain 53 60 --strategy boar_strategy --vs 'always_roll(6)'
  hog explain 40 52 --rules fa19 --remembered 4,6
  hog explain 40 52 --rules-file examples/rules/time-trot.toml --turn 3
  hog explain 40 52 --rules-file examples/rules/perfect-piggy.toml --clock 1")]
pub struct ExplainArgs {
    /// The mover's score (0..GOAL-1).
    #[arg(allow_hyphen_values = true)]
    pub score: String,
    /// The other player's score (0..GOAL-1).
    #[arg(allow_hyphen_values = true)]
    pub opponent: String,
    /// The opponent: explain the best response to it (or, with --strategy,
    /// the strategy against it; default optimal).
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
    /// Explain this strategy as it plays instead of the best choice.
    #[arg(long, value_name = "SPEC")]
    pub strategy: Option<String>,
    /// Under rules with memory: what the mover and the other remember
    /// (default 0,0).
    #[arg(long, value_name = "MINE,THEIRS")]
    pub remembered: Option<String>,
    /// Under a clock (Time Trot): the turn number of the game, from 0
    /// (default 0).
    #[arg(long, value_name = "N")]
    pub turn: Option<u32>,
    /// Under a clock (Time Trot): the turn is itself an extra turn.
    #[arg(long)]
    pub extra_turn: bool,
    /// Under a clock: its value itself (Perfect Piggy: 1 with the dice
    /// swapped; a Python rules file's CLOCK; default 0).
    #[arg(long, value_name = "C", conflicts_with_all = ["turn", "extra_turn"])]
    pub clock: Option<u32>,
}

/// What `--remembered`, `--turn`, `--extra-turn` and `--clock` give,
/// checked: the start's context by default under rules with memory, none
/// without.
fn context(args: &ExplainArgs, rules: &Rules) -> Result<Option<Context>, HogError> {
    let remembered = args
        .remembered
        .as_deref()
        .map(|text| parse_remembered("--remembered", text))
        .transpose()?;
    let asked = ContextAsked {
        remembered,
        turn: args.turn,
        extra_turn: args.extra_turn,
        clock: args.clock,
    };
    context_asked(rules, &asked)
}

/// Who plays after this turn, as the explanation says it.
struct Play<'a> {
    strategy: Option<&'a str>,
    vs: Option<&'a str>,
}

impl Play<'_> {
    fn words(&self) -> String {
        match (self.strategy, self.vs) {
            (Some(s), vs) => format!(
                "{s} against {}, both going on with their own strategies",
                vs.unwrap_or("optimal")
            ),
            (None, Some(vs)) => format!("the best response to {vs}"),
            (None, None) => "optimal play afterwards by both players".to_string(),
        }
    }
}

/// A score argument: a non-negative integer below the goal.
fn parse_score(what: &str, text: &str, goal: u32) -> Result<u32, HogError> {
    let value: u32 = text.trim().parse().map_err(|_| {
        HogError::BadArgument(format!("{what} '{text}' is not a non-negative integer"))
    })?;
    if value >= goal {
        return Err(HogError::BadArgument(format!(
            "{what} {value} is not below the goal {goal}"
        )));
    }
    Ok(value)
}

pub fn run(config: &Config, args: &ExplainArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let score = parse_score("SCORE", &args.score, rules.goal())?;
    let opponent = parse_score("OPPONENT", &args.opponent, rules.goal())?;
    // Under rules with memory, what each player remembers (nothing by
    // default); refused for rules without one.
    let remembered = context(args, rules)?;
    config.check_memory(
        "hog explain",
        Need {
            seats: args.vs.as_deref().map_or(1, solve_seats).max(2),
            tables: 2,
            extra: 0,
        },
    )?;
    let options = config.sweep_options();
    let play = Play {
        strategy: args.strategy.as_deref().map(str::trim),
        vs: args.vs.as_deref().map(str::trim),
    };
    let e = match play.strategy {
        Some(spec) => {
            let resolver = config.resolver();
            let table = resolver.resolve_str(spec)?;
            let vs = resolver.resolve_str(play.vs.unwrap_or("optimal"))?;
            let result = engine::evaluate(rules, &table, &vs, &options);
            match remembered {
                Some(m) => explain_strategy_remembering(&result, score, opponent, m)?,
                None => explain_strategy(&result, score, opponent)?,
            }
        }
        None => {
            let solution = match play.vs {
                None => engine::solve(rules, &options),
                Some(vs) => {
                    let table = config.resolver().resolve_str(vs)?;
                    engine::best_response(rules, &table, &options)
                }
            };
            match remembered {
                Some(m) => explain_remembering(&solution, score, opponent, m)?,
                None => explain(&solution, score, opponent)?,
            }
        }
    };
    config.progress.finish();
    match config.format {
        Format::Json => printer.json(&serde_json::to_value(ExplainReport::new(
            rules,
            play.vs,
            play.strategy,
            &e,
        ))?)?,
        Format::Text => printer.text(&text_output(rules, &play, &e))?,
        format => printer.text(&choices_table(format, &e))?,
    }
    Ok(())
}

/// One row per dice count; the best (and a strategy's own choice) marked
/// (text and Markdown) or flagged (CSV).
fn choices_table(format: Format, e: &Explanation) -> String {
    let mut header = vec![
        "dice",
        "win_probability",
        "expected_points",
        "one_point_probability",
        "outcomes",
        "best",
    ];
    if e.chosen.is_some() {
        header.push("chosen");
    }
    let mark = |on: bool| match (format, on) {
        (Format::Csv, b) => b.to_string(),
        (_, true) => "*".to_string(),
        (_, false) => String::new(),
    };
    let rows: Vec<Vec<String>> = e
        .choices
        .iter()
        .map(|c| {
            let best = c.dice == e.best;
            let number = |x: f64, digits: usize| match format {
                Format::Csv => x.to_string(),
                _ => format!("{x:.digits$}"),
            };
            let mut row = vec![
                shown(c.dice).to_string(),
                number(c.win_probability, 6),
                number(c.expected_points, 3),
                number(c.one_point_probability, 4),
                c.outcomes.len().to_string(),
                mark(best),
            ];
            if let Some(chosen) = e.chosen {
                row.push(mark(c.dice == chosen));
            }
            row
        })
        .collect();
    render_table(format, &header, &rows)
}

fn text_output(rules: &Rules, play: &Play<'_>, e: &Explanation) -> String {
    let best = e.best_choice();
    let shown = e.chosen_choice().unwrap_or(best);
    let own = match (play.strategy, e.chosen_choice()) {
        (Some(name), Some(chosen)) => format!("{}\n", own_choice(name, e, chosen)),
        _ => String::new(),
    };
    format!(
        "Score {} vs {} ({}), {}; {}-sided dice this turn.{}{}\n\n{}\n{}\n{own}{}\n\nWhere {} leaves the scores (mover, other, probability):\n{}",
        e.score,
        e.opponent_score,
        rules_line(rules),
        play.words(),
        e.sides,
        dice_note(rules, e),
        memory_note(rules, e),
        choices_table(Format::Text, e) + &pig_out_note(rules),
        why(e),
        zero_dice_note(rules, e),
        dice_words(shown.dice),
        outcome_lines(shown, rules.goals_at(e.remembered.map_or(0, |at| at.clock))),
    )
}

/// Where a roll with a 1 scores anything but 1, what it scores: the
/// table's one-point column counts turns that score 1, which a 1 then
/// does not give.
fn pig_out_note(rules: &Rules) -> String {
    let pig_out = rules.description().pig_out;
    match pig_out.points {
        Some(1) => String::new(),
        _ => format!("{}.\n", pig_out.text),
    }
}

/// Where the rules reroll the dice (Fall 2016's Hog Wild) or cap them
/// (Hog Tied), that in words (empty elsewhere).
fn dice_note(rules: &Rules, e: &Explanation) -> String {
    let mut note = String::new();
    if ScoreRules::rerolled(rules, e.score, e.opponent_score) {
        note += " The dice are rerolled: a die that shows an odd face is rolled again, once.";
    }
    let cap = ScoreRules::max_dice(rules, e.score, e.opponent_score);
    if cap as usize != crate::dice::MAX_DICE {
        note += &format!(
            " At most {cap} {} here (max_dice): a choice of more rolls {cap}.",
            if cap == 1 { "die" } else { "dice" }
        );
    }
    note
}

/// Under rules with memory, what each player remembers and which counts
/// it pays, in words (empty otherwise).
fn memory_note(rules: &Rules, e: &Explanation) -> String {
    let (Some(memory), Some(x)) = (rules.memory(), e.remembered) else {
        return String::new();
    };
    let clock = memory.clock().describe(x.clock);
    let clock = if clock.is_empty() {
        clock
    } else {
        format!("\nWith {}: {clock}.", memory.clock().name())
    };
    if memory.size() == 1 {
        return clock;
    }
    let (a, b) = (x.mine, x.theirs);
    let paid: Vec<String> = e
        .choices
        .iter()
        .filter(|c| c.bonus > 0)
        .map(|c| c.dice.to_string())
        .collect();
    let pays = match paid.as_slice() {
        [] => "no dice count earns a bonus".to_string(),
        [one] => format!("{one} dice earn"),
        [init @ .., last] => format!("{} or {last} dice earn", init.join(", ")),
    };
    let bonus = e.choices.iter().map(|c| c.bonus).max().unwrap_or(0);
    let pays = if paid.is_empty() {
        pays
    } else {
        format!("{pays} {bonus} more points, counted below")
    };
    let unit = memory.memory().unit();
    format!(
        "\nWith {}: the mover remembers {}, the other {}; {pays}.{clock}",
        memory.memory().name(),
        counted(a, unit),
        counted(b, unit)
    )
}

/// The strategy's own choice and what it gives away, in words.
fn own_choice(name: &str, e: &Explanation, chosen: &Choice) -> String {
    let given = e.given_away().unwrap_or(0.0);
    if chosen.dice == e.best || given <= crate::engine::TIE_TOLERANCE {
        format!(
            "{name} chooses {} here, winning {:.6}: nothing given away.",
            dice_words(chosen.dice),
            chosen.win_probability
        )
    } else {
        format!(
            "{name} chooses {} here, winning {:.6}: it gives away {given:.6} against {}.",
            dice_words(chosen.dice),
            chosen.win_probability,
            dice_words(e.best)
        )
    }
}

/// "rolling 0 dice" / "rolling 1 die".
fn dice_words(dice: u8) -> String {
    match dice {
        MINUS_ONE => "rolling -1 dice".to_string(),
        1 => "rolling 1 die".to_string(),
        n => format!("rolling {n} dice"),
    }
}

/// The best choice against the next best, in words.
fn why(e: &Explanation) -> String {
    let best = e.best_choice();
    let Some(next) = e.runner_up() else {
        return format!("Best: {}.", dice_words(best.dice));
    };
    let margin = best.win_probability - next.win_probability;
    let tied: Vec<u8> = (e.choices.iter())
        .filter(|c| best.win_probability - c.win_probability <= crate::engine::TIE_TOLERANCE)
        .map(|c| c.dice)
        .collect();
    let ties = tied.len();
    // Where the fewest tied dice would keep the game where it is forever,
    // the solver takes the fewest that move it on (and says so).
    let rule = if tied.first().is_some_and(|&fewest| fewest < best.dice) {
        "ties go to the fewest dice that move the game on (fewer could stall it forever)"
    } else {
        "ties go to the fewest dice"
    };
    if ties == e.choices.len() {
        return format!(
            "Every dice count wins {:.6} here (all tied within 1e-12); {rule}: {}.",
            best.win_probability,
            dice_words(best.dice)
        );
    }
    if margin <= crate::engine::TIE_TOLERANCE {
        return format!(
            "Best: {}, which wins {:.6}, tied with {} (within 1e-12); {rule}.",
            dice_words(best.dice),
            best.win_probability,
            dice_words(next.dice)
        );
    }
    format!(
        "Best: {} wins {:.6} vs {:.6} for the next best, {} (a margin of {:.6}).",
        dice_words(best.dice),
        best.win_probability,
        next.win_probability,
        dice_words(next.dice),
        margin
    )
}

/// What zero dice would do here, since that is the rule-driven choice.
fn zero_dice_note(rules: &Rules, e: &Explanation) -> String {
    let given = rules.zero_dice_points(e.score, e.opponent_score);
    // Rules from Python may change a turn's points after zero dice gave them.
    let points = ScoreRules::turn_points(rules, given, 0, e.score, e.opponent_score);
    let raw = e.score + points;
    let end = rules.after_turn(raw, e.opponent_score);
    // Rules given as functions name their parts where they can.
    let parts = rules.parts();
    let named = |key: &str, or: &'static str| {
        let names: Vec<String> = (parts.iter())
            .filter(|p| p.key == key)
            .map(|p| p.named())
            .collect();
        if names.is_empty() {
            or.to_string()
        } else {
            names.join(" then ")
        }
    };
    let after = match end.fired {
        Some(rule) if rule.is_swap() => format!(
            "; {} swaps {raw}-{} to {}-{}",
            rule.title(),
            e.opponent_score,
            end.mover,
            end.other
        ),
        Some(rule) => format!("; {} lifts {raw} to {}", rule.title(), end.mover),
        None if (end.mover, end.other) != (raw, e.opponent_score) => format!(
            "; {} makes {raw}-{} {}-{}",
            named("after_turn", "after_turn"),
            e.opponent_score,
            end.mover,
            end.other
        ),
        None => String::new(),
    };
    let zero_dice = match rules.origin() {
        Some(_) => named("zero_dice", "zero_dice"),
        None => rules.components().zero_dice.title().to_string(),
    };
    format!(
        "Zero dice: {} gives {points} point{} ({} -> {raw}){after}.",
        zero_dice,
        if points == 1 { "" } else { "s" },
        e.score,
    )
}

/// The outcomes of one choice, four to a line.
fn outcome_lines(choice: &Choice, (mine, theirs): (u32, u32)) -> String {
    let cells: Vec<String> = choice
        .outcomes
        .iter()
        .map(|o| {
            let end = if o.score >= mine {
                " win"
            } else if o.opponent_score >= theirs {
                " loss"
            } else {
                ""
            };
            format!(
                "{:>3}-{:<3} {:.6}{end}",
                o.score, o.opponent_score, o.probability
            )
        })
        .collect();
    cells
        .chunks(4)
        .map(|chunk| format!("  {}\n", chunk.join("   ")))
        .collect()
}
