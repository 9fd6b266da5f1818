//! `hog match`: the course's `hog-calc` runner format. Two strategy tables
//! arrive on stdin as `2 * goal * goal` whitespace-separated integers
//! (row-major, `[score][opponent_score]`, the first table then the second);
//! the answer is the first table's exact win rate moving first, a bare
//! float with full precision.

use std::io::Read;

use clap::Args;
use ndarray::Array2;

use crate::dice::MAX_DICE;
use crate::engine::win_rates;
use crate::table::StrategyTable;
use crate::HogError;

use super::{Config, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
The answer is one number and nothing else: --format does not apply.

Example (always_roll(4) against itself: 20,000 fours):
  yes 4 | head -n 20000 | hog match")]
pub struct MatchArgs {}

/// The tables in `text`, or the first thing wrong with it; `-1` (rolling
/// -1 dice) only where `minus_one` says the rules have that move.
pub fn parse_tables(
    text: &str,
    goal: u32,
    minus_one: bool,
) -> Result<[StrategyTable; 2], HogError> {
    let n = goal as usize;
    let expected = 2 * n * n;
    let mut cells = Vec::with_capacity(expected);
    for (i, word) in text.split_ascii_whitespace().enumerate() {
        if i >= expected {
            let more = text.split_ascii_whitespace().count();
            return Err(HogError::BadArgument(format!(
                "expected {expected} numbers (two {n} x {n} tables), got {more}"
            )));
        }
        let (table, state) = (i / (n * n) + 1, i % (n * n));
        let at = || {
            format!(
                "table {table}, score {}, opponent score {}",
                state / n,
                state % n
            )
        };
        let dice: i64 = word.parse().map_err(|_| {
            HogError::BadArgument(format!(
                "number {} ({}) is '{}', not a whole number of dice",
                i + 1,
                at(),
                crate::text::clip(word, 20)
            ))
        })?;
        match crate::table::kept(dice) {
            Some(cell) if cell as usize <= MAX_DICE || minus_one => cells.push(cell),
            _ => {
                return Err(HogError::BadArgument(format!(
                    "number {} ({}) is {dice}, outside {} dice{}",
                    i + 1,
                    at(),
                    if minus_one { "-1..=10" } else { "0..=10" },
                    if dice == -1 {
                        ": only rules with a -1 move (such as pork-chop) have it"
                    } else {
                        ""
                    }
                )))
            }
        }
    }
    if cells.len() != expected {
        return Err(HogError::BadArgument(format!(
            "expected {expected} numbers (two {n} x {n} tables), got {}",
            cells.len()
        )));
    }
    let second = cells.split_off(n * n);
    let table = |cells: Vec<u8>| {
        StrategyTable::from_array(Array2::from_shape_vec((n, n), cells).expect("n * n cells"))
    };
    Ok([table(cells), table(second)])
}

pub fn run(config: &Config, _args: &MatchArgs, printer: &mut Printer) -> anyhow::Result<()> {
    if config.format != super::Format::Text {
        return Err(HogError::BadArgument(
            "hog match prints one bare number: --format applies to the other commands".into(),
        )
        .into());
    }
    let goal = config.rules.goal();
    // The numbers with generous whitespace; anything longer is not two tables.
    let limit = 64 + 2 * u64::from(goal) * u64::from(goal) * 24;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| HogError::BadArgument(format!("reading stdin: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(HogError::BadArgument(format!(
            "stdin holds more than {limit} bytes: not two tables for goal {goal}"
        ))
        .into());
    }
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        HogError::BadArgument(format!(
            "stdin is not text (byte {} is not UTF-8)",
            e.valid_up_to()
        ))
    })?;
    let [a, b] = parse_tables(text, goal, config.rules.has_minus_one())?;
    let rates = win_rates(&config.rules, &a, &b, &config.sweep_options());
    printer.text(&format!("{}\n", rates.first))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(a: &[u8], b: &[u8]) -> String {
        let all: Vec<String> = a.iter().chain(b).map(u8::to_string).collect();
        all.join("\n")
    }

    #[test]
    fn two_tables_row_major() {
        let [a, b] = parse_tables(&numbers(&[1, 2, 3, 4], &[5, 6, 7, 8]), 2, false).unwrap();
        assert_eq!((a.get(0, 1), a.get(1, 0)), (2, 3));
        assert_eq!((b.get(0, 0), b.get(1, 1)), (5, 8));
    }

    #[test]
    fn every_mistake_is_named() {
        let err = |text: &str| parse_tables(text, 2, false).unwrap_err().to_string();
        assert_eq!(
            err("1 2 3 4 5 6 7"),
            "bad argument: expected 8 numbers (two 2 x 2 tables), got 7"
        );
        assert_eq!(
            err("1 2 3 4 5 6 7 8 9"),
            "bad argument: expected 8 numbers (two 2 x 2 tables), got 9"
        );
        assert_eq!(
            err("1 2 3 4 5 11 7 8"),
            "bad argument: number 6 (table 2, score 0, opponent score 1) is 11, outside 0..=10 dice"
        );
        assert_eq!(
            err("1 2 x 4 5 6 7 8"),
            "bad argument: number 3 (table 1, score 1, opponent score 0) is 'x', not a whole number of dice"
        );
        assert_eq!(
            err("1 2 -3 4 5 6 7 8"),
            "bad argument: number 3 (table 1, score 1, opponent score 0) is -3, outside 0..=10 dice"
        );
        assert_eq!(
            err("1 2 -1 4 5 6 7 8"),
            "bad argument: number 3 (table 1, score 1, opponent score 0) is -1, outside 0..=10 \
             dice: only rules with a -1 move (such as pork-chop) have it"
        );
    }

    /// Under rules with a -1 move (Pork Chop), -1 is a move like any other,
    /// as `hog eval` takes it in a table.
    #[test]
    fn minus_one_where_the_rules_have_it() {
        let [a, _] = parse_tables("-1 2 3 4 5 6 7 8", 2, true).unwrap();
        assert_eq!(a.get(0, 0), crate::table::MINUS_ONE);
        let err = parse_tables("-2 2 3 4 5 6 7 8", 2, true)
            .unwrap_err()
            .to_string();
        assert!(err.ends_with("is -2, outside -1..=10 dice"), "{err}");
    }
}
