//! `win_probabilities.csv`: one row per state with the chosen dice, its win
//! probability and the win probability of every choice.

use std::io::{self, Write};

use crate::dice::MAX_DICE;
use crate::solve::Solution;

/// Approximate size of the file for a goal, to decide whether to write it.
pub fn win_probabilities_bytes(goal: u32) -> u64 {
    // About 13 probabilities of ~19 characters plus scores per row.
    u64::from(goal) * u64::from(goal) * 260
}

/// Write every state's probabilities, in row order of (score, opponent_score).
/// Probabilities use Rust's shortest round-trip formatting.
pub fn write_win_probabilities(solution: &Solution<'_>, out: &mut dyn Write) -> io::Result<()> {
    write!(out, "score,opponent_score,dice,win_probability")?;
    for k in 0..=MAX_DICE {
        write!(out, ",p{k}")?;
    }
    writeln!(out)?;
    let n = solution.rules().goal();
    for s in 0..n {
        for o in 0..n {
            write!(
                out,
                "{s},{o},{},{}",
                solution.choice(s, o),
                solution.win_probability(s, o)
            )?;
            for p in solution.choice_values(s, o) {
                write!(out, ",{p}")?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}
