//! `hog explain SCORE OPPONENT [--vs SPEC]`: every dice count at one state,
//! and why the solved table picks the one it does.

use clap::Args;
use serde_json::{json, Value};

use hog::explain::{explain, Choice, Explanation};
use hog::rules::Rules;
use hog::solve;
use hog::HogError;

use super::output::{render_table, rules_json, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
For each dice count 0..=10: the mover's win probability with optimal play \
afterwards (or, with --vs, the best response to SPEC), the expected raw points \
of the turn (before the after-turn rule), the probability that the turn scores \
exactly 1 raw point, and where the scores land after the after-turn rule.

Example:
  hog explain 53 60")]
pub struct ExplainArgs {
    /// The mover's score (0..GOAL-1).
    #[arg(allow_hyphen_values = true)]
    pub score: String,
    /// The other player's score (0..GOAL-1).
    #[arg(allow_hyphen_values = true)]
    pub opponent: String,
    /// Explain the best response to this strategy instead of optimal play.
    #[arg(long, value_name = "SPEC")]
    pub vs: Option<String>,
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
    config.check_memory(
        "hog explain",
        Need {
            seats: args.vs.as_deref().map_or(1, solve_seats).max(2),
            tables: 1,
            extra: 0,
        },
    )?;
    let options = config.sweep_options();
    let solution = match &args.vs {
        None => solve::optimal(rules, &options),
        Some(vs) => {
            let table = config.resolver().resolve_str(vs)?;
            solve::best_response(rules, &table, &options)
        }
    };
    config.progress.finish();
    let e = explain(&solution, score, opponent)?;
    let against = args.vs.as_deref().map(str::trim);
    match config.format {
        Format::Json => printer.json(&json_output(rules, against, &e))?,
        Format::Text => printer.text(&text_output(rules, against, &e))?,
        format => printer.text(&choices_table(format, &e))?,
    }
    Ok(())
}

fn json_output(rules: &Rules, against: Option<&str>, e: &Explanation) -> Value {
    let mut map = rules_json(rules);
    map.insert("against".into(), json!(against));
    map.insert("score".into(), json!(e.score));
    map.insert("opponent_score".into(), json!(e.opponent_score));
    map.insert("sides".into(), json!(e.sides));
    map.insert("best".into(), json!(e.best));
    let choices: Vec<Value> = e
        .choices
        .iter()
        .map(|c| {
            let outcomes: Vec<Value> = c
                .outcomes
                .iter()
                .map(|o| json!([o.score, o.opponent_score, o.probability]))
                .collect();
            json!({
                "dice": c.dice,
                "win_probability": c.win_probability,
                "expected_points": c.expected_points,
                "one_point_probability": c.one_point_probability,
                "outcomes": outcomes,
            })
        })
        .collect();
    map.insert("choices".into(), Value::Array(choices));
    Value::Object(map)
}

/// One row per dice count; the best marked (text and Markdown) or flagged (CSV).
fn choices_table(format: Format, e: &Explanation) -> String {
    let header = [
        "dice",
        "win_probability",
        "expected_points",
        "one_point_probability",
        "outcomes",
        "best",
    ];
    let rows: Vec<Vec<String>> = e
        .choices
        .iter()
        .map(|c| {
            let best = c.dice == e.best;
            let number = |x: f64, digits: usize| match format {
                Format::Csv => x.to_string(),
                _ => format!("{x:.digits$}"),
            };
            vec![
                c.dice.to_string(),
                number(c.win_probability, 6),
                number(c.expected_points, 3),
                number(c.one_point_probability, 4),
                c.outcomes.len().to_string(),
                match (format, best) {
                    (Format::Csv, b) => b.to_string(),
                    (_, true) => "*".to_string(),
                    (_, false) => String::new(),
                },
            ]
        })
        .collect();
    render_table(format, &header, &rows)
}

fn text_output(rules: &Rules, against: Option<&str>, e: &Explanation) -> String {
    let play = match against {
        None => "optimal play afterwards by both players".to_string(),
        Some(vs) => format!("the best response to {vs}"),
    };
    let best = e.best_choice();
    format!(
        "Score {} vs {} ({}), {play}; {}-sided dice this turn.\n\n{}\n{}\n{}\n\nWhere {} leaves the scores (mover, other, probability):\n{}",
        e.score,
        e.opponent_score,
        rules_line(rules),
        e.sides,
        choices_table(Format::Text, e),
        why(e),
        zero_dice_note(rules, e),
        dice_words(best.dice),
        outcome_lines(best, rules.goal()),
    )
}

/// "rolling 0 dice" / "rolling 1 die".
fn dice_words(dice: u8) -> String {
    match dice {
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
    if margin <= hog::sweep::TIE_TOLERANCE {
        return format!(
            "Best: {}, which wins {:.6}, tied with {} (within 1e-12); ties go to the fewest dice.",
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
    let points = rules.zero_dice_points(e.score, e.opponent_score);
    let raw = e.score + points;
    let end = rules.after_turn(raw, e.opponent_score);
    let rule = rules.components().after_turn;
    let after = if end.swapped {
        format!(
            "; {} swaps {raw}-{} to {}-{}",
            rule.title(),
            e.opponent_score,
            end.mover,
            end.other
        )
    } else if end.mover != raw {
        format!("; {} lifts {raw} to {}", rule.title(), end.mover)
    } else {
        String::new()
    };
    format!(
        "Zero dice: {} gives {points} point{} ({} -> {raw}){after}.",
        rules.components().zero_dice.title(),
        if points == 1 { "" } else { "s" },
        e.score,
    )
}

/// The outcomes of one choice, four to a line.
fn outcome_lines(choice: &Choice, goal: u32) -> String {
    let cells: Vec<String> = choice
        .outcomes
        .iter()
        .map(|o| {
            let end = if o.score >= goal {
                " win"
            } else if o.opponent_score >= goal {
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
