//! `win_probabilities.csv`: one row per state with the chosen dice, its win
//! probability and the win probability of every choice.

use std::io::{self, Write};

use rayon::prelude::*;

use crate::dice::MAX_DICE;
use crate::solve::Solution;

/// Approximate size of the file for a goal, to decide whether to write it.
pub fn win_probabilities_bytes(goal: u32) -> u64 {
    // About 13 probabilities of ~19 characters plus scores per row.
    u64::from(goal) * u64::from(goal) * 260
}

/// Bytes of the rows formatted at once (see [`ROWS_PER_BATCH`]).
pub fn win_probabilities_batch_bytes(goal: u32) -> u64 {
    u64::from(ROWS_PER_BATCH) * win_probabilities_bytes(goal) / u64::from(goal.max(1))
}

/// Score rows formatted at once: enough to keep every thread busy, few
/// enough to bound the text held in memory (64 rows of goal 1000: 17 MB).
const ROWS_PER_BATCH: u32 = 64;

/// Write every state's probabilities, in row order of (score, opponent_score).
/// Probabilities use Rust's shortest round-trip formatting. Formatting the
/// numbers is most of the work, so rows are formatted in parallel and
/// written in order: the bytes do not depend on the number of threads.
pub fn write_win_probabilities(solution: &Solution<'_>, out: &mut dyn Write) -> io::Result<()> {
    write!(out, "score,opponent_score,dice,win_probability")?;
    for k in 0..=MAX_DICE {
        write!(out, ",p{k}")?;
    }
    writeln!(out)?;
    let n = solution.rules().goal();
    for first in (0..n).step_by(ROWS_PER_BATCH as usize) {
        let rows: Vec<Vec<u8>> = (first..(first + ROWS_PER_BATCH).min(n))
            .into_par_iter()
            .map(|s| score_rows(solution, s))
            .collect();
        for row in rows {
            out.write_all(&row)?;
        }
    }
    Ok(())
}

/// The lines of every state with own score `s`.
fn score_rows(solution: &Solution<'_>, s: u32) -> Vec<u8> {
    let mut text = Vec::new();
    for o in 0..solution.rules().goal() {
        let (choice, value) = (solution.choice(s, o), solution.win_probability(s, o));
        // Writing to a Vec cannot fail.
        let _ = write!(text, "{s},{o},{choice},{value}");
        for p in solution.choice_values(s, o) {
            let _ = write!(text, ",{p}");
        }
        text.push(b'\n');
    }
    text
}
