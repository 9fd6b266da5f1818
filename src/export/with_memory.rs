//! The optimum under rules with memory: a strategy that remembers, so no
//! 100x100 table. Long format, one row per state and context, the memories
//! as columns.

use std::io::{self, Write};

use super::in_order::InOrder;
use super::number::{write_f64, write_int};
use crate::recall::MemoryResult;

/// `score,opponent_score,memory,opponent_memory,dice,win_probability`, seat
/// `seat`'s rows in the order of the wide tables (scores from the top),
/// each state's contexts by the mover's memory, then the other's.
pub fn write_memory_strategy(
    result: &MemoryResult,
    seat: usize,
    out: &mut (dyn Write + Send),
) -> io::Result<()> {
    out.write_all(b"score,opponent_score,memory,opponent_memory,dice,win_probability\n")?;
    // A few score rows at a time, formatted while the ones before them
    // are written.
    let scores: Vec<u32> = (0..result.goal()).rev().collect();
    let mut in_order = InOrder::default();
    for part in scores.chunks(ROWS_PER_WRITE) {
        in_order.feed(part, |&s| score_rows(result, seat, s), out)?;
    }
    in_order.finish(out)
}

/// Score rows formatted while the ones before them are written.
const ROWS_PER_WRITE: usize = 4;

/// The lines of every state with own score `s`, opponents from the top.
fn score_rows(result: &MemoryResult, seat: usize, s: u32) -> Vec<u8> {
    let (n, size) = (result.goal(), result.size());
    let mut text = Vec::with_capacity(48 * (n * size * size) as usize);
    for o in (0..n).rev() {
        for a in 0..size {
            for b in 0..size {
                for x in [s, o, a, b] {
                    write_int(&mut text, x);
                    text.push(b',');
                }
                write_int(&mut text, result.choice(seat, s, o, a, b));
                text.push(b',');
                write_f64(&mut text, result.value(seat, s, o, a, b));
                text.push(b'\n');
            }
        }
    }
    text
}
