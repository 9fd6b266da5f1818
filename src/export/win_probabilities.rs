//! `win_probabilities.csv`: one row per state with the chosen dice, its win
//! probability and the win probability of every choice.

use std::io::{self, Write};

use super::in_order::InOrder;
use super::number::{write_f64, write_int};
use crate::dice::MAX_DICE;
use crate::engine::Solution;

/// Approximate size of the file for a goal, to decide whether to write it.
pub fn win_probabilities_bytes(goal: u32) -> u64 {
    // About 13 probabilities of ~19 characters plus scores per row.
    u64::from(goal) * u64::from(goal) * 260
}

/// Bytes of the rows formatted at once (see `ROWS_PER_BATCH`).
pub fn win_probabilities_batch_bytes(goal: u32) -> u64 {
    u64::from(ROWS_PER_BATCH) * win_probabilities_bytes(goal) / u64::from(goal.max(1))
}

/// Score rows formatted at once: enough to keep every thread busy, few
/// enough to bound the text held in memory (64 rows of goal 1000: 17 MB).
const ROWS_PER_BATCH: u32 = 64;

/// Write every state's probabilities, in row order of (score, opponent_score).
/// Probabilities use Rust's shortest round-trip formatting (written by
/// [`write_f64`], which gives the same bytes faster). Formatting the numbers
/// is most of the work, so rows are formatted in parallel and written in
/// order: the bytes do not depend on the number of threads.
pub fn write_win_probabilities(
    solution: &Solution<'_>,
    out: &mut (dyn Write + Send),
) -> io::Result<()> {
    write!(out, "score,opponent_score,dice,win_probability")?;
    for k in 0..=MAX_DICE {
        write!(out, ",p{k}")?;
    }
    writeln!(out)?;
    let n = solution.rules().goal();
    let mut in_order = InOrder::default();
    for first in (0..n).step_by(ROWS_PER_BATCH as usize) {
        let scores = first..(first + ROWS_PER_BATCH).min(n);
        let values = solution.choice_values_block(0, scores.clone());
        let rows: Vec<(u32, &[[f64; MAX_DICE + 1]])> =
            scores.zip(values.chunks(n as usize)).collect();
        for part in rows.chunks(ROWS_PER_WRITE) {
            in_order.feed(part, |&(s, values)| score_rows(solution, s, values), out)?;
        }
    }
    in_order.finish(out)
}

/// Score rows formatted while the ones before them are written.
const ROWS_PER_WRITE: usize = 8;

/// The lines of every state with own score `s`, whose choice values are
/// `values[o]`.
fn score_rows(solution: &Solution<'_>, s: u32, values: &[[f64; MAX_DICE + 1]]) -> Vec<u8> {
    let mut text = Vec::with_capacity(values.len() * 260);
    for (o, values) in (0..).zip(values) {
        let (choice, value) = (solution.choice(0, (s, o)), solution.value(0, (s, o)));
        write_int(&mut text, s);
        text.push(b',');
        write_int(&mut text, o);
        text.push(b',');
        write_int(&mut text, choice);
        text.push(b',');
        write_f64(&mut text, value);
        for &p in values {
            text.push(b',');
            write_f64(&mut text, p);
        }
        text.push(b'\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solve as optimal;
    use crate::engine::SweepOptions;
    use crate::rules::{Preset, Rules};

    /// The file, byte for byte, as `{}` formatting of every state's numbers
    /// writes it: the fast formatter and the block recomputation change
    /// nothing.
    #[test]
    fn the_file_is_display_formatting_of_the_solution() {
        for (preset, goal) in [
            (Preset::Fa24, 100),
            (Preset::DoubleSwap, 37),
            (Preset::Fa24, 1),
        ] {
            let rules = Rules::preset(preset, goal).unwrap();
            let solution = optimal(&rules, &SweepOptions::default());
            let mut fast = Vec::new();
            write_win_probabilities(&solution, &mut fast).unwrap();
            let mut want = String::from("score,opponent_score,dice,win_probability");
            for k in 0..=MAX_DICE {
                want += &format!(",p{k}");
            }
            want.push('\n');
            for s in 0..goal {
                for o in 0..goal {
                    let (choice, value) = (solution.choice(0, (s, o)), solution.value(0, (s, o)));
                    want += &format!("{s},{o},{choice},{value}");
                    for p in solution.choice_values(0, (s, o)) {
                        want += &format!(",{p}");
                    }
                    want.push('\n');
                }
            }
            assert!(
                String::from_utf8(fast).unwrap() == want,
                "{preset:?} goal {goal}"
            );
        }
    }
}
