//! The optimum under rules with memory: a strategy that remembers, so no
//! 100x100 table. Long format, one row per state and context, the memories
//! as columns.

use std::io::{self, Write};

use super::number::{write_f64, write_int};
use crate::recall::MemoryResult;

/// `score,opponent_score,memory,opponent_memory,dice,win_probability`, seat
/// `seat`'s rows in the order of the wide tables (scores from the top),
/// each state's contexts by the mover's memory, then the other's.
pub fn write_memory_strategy(
    result: &MemoryResult,
    seat: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    out.write_all(b"score,opponent_score,memory,opponent_memory,dice,win_probability\n")?;
    let (n, size) = (result.goal(), result.size());
    let mut line = Vec::with_capacity(64 * (size * size) as usize);
    for s in (0..n).rev() {
        for o in (0..n).rev() {
            line.clear();
            for a in 0..size {
                for b in 0..size {
                    for x in [s, o, a, b] {
                        write_int(&mut line, x);
                        line.push(b',');
                    }
                    write_int(&mut line, result.choice(seat, s, o, a, b));
                    line.push(b',');
                    write_f64(&mut line, result.value(seat, s, o, a, b));
                    line.push(b'\n');
                }
            }
            out.write_all(&line)?;
        }
    }
    Ok(())
}
