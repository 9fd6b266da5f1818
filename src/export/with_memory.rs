//! The optimum under rules with memory: a strategy that remembers, so no
//! 100x100 table. Long format, one row per state and context, what is
//! remembered and the clock as columns.

use std::io::{self, Write};

use super::in_order::InOrder;
use super::number::{write_f64, write_int};
use crate::engine::{Solution, State};
use crate::recall::Context;
use crate::table::shown;

/// `score,opponent_score,memory,opponent_memory,dice,win_probability`, seat
/// `seat`'s rows in the order of the wide tables (scores from the top),
/// each state's contexts by the clock, then the mover's memory, then the
/// other's. The memories' columns are left out where players remember
/// nothing, and the clock's columns (Time Trot: `turn_mod,extra_turn`)
/// come after them where there is one.
pub fn write_memory_strategy(
    solution: &Solution<'_>,
    seat: usize,
    out: &mut (dyn Write + Send),
) -> io::Result<()> {
    let remembering = solution
        .rules()
        .memory()
        .expect("a strategy that remembers, under rules with memory or a clock");
    let columns = Columns::new(remembering);
    let mut header = b"score,opponent_score,".to_vec();
    if columns.size > 1 {
        header.extend_from_slice(b"memory,opponent_memory,");
    }
    for name in remembering.clock().columns() {
        header.extend_from_slice(name.as_bytes());
        header.push(b',');
    }
    header.extend_from_slice(b"dice,win_probability\n");
    out.write_all(&header)?;
    // A few score rows at a time, formatted while the ones before them
    // are written.
    let scores: Vec<u32> = (0..solution.rules().goal()).rev().collect();
    let mut in_order = InOrder::default();
    for part in scores.chunks(ROWS_PER_WRITE) {
        in_order.feed(part, |&s| columns.score_rows(solution, seat, s), out)?;
    }
    in_order.finish(out)
}

/// Score rows formatted while the ones before them are written.
const ROWS_PER_WRITE: usize = 4;

/// Which context columns a row has, and each clock's, read once.
struct Columns {
    /// How many values each player's memory takes.
    size: u32,
    clocks: Vec<Vec<u32>>,
}

impl Columns {
    fn new(remembering: &crate::recall::Remembering) -> Columns {
        let clock = remembering.clock();
        Columns {
            size: remembering.size(),
            clocks: (0..remembering.clocks()).map(|c| clock.read(c)).collect(),
        }
    }

    /// The lines of every state with own score `s`, opponents from the top.
    fn score_rows(&self, solution: &Solution<'_>, seat: usize, s: u32) -> Vec<u8> {
        let (n, size) = (solution.rules().goal(), self.size);
        let contexts = size * size * self.clocks.len() as u32;
        let mut text = Vec::with_capacity(48 * (n * contexts) as usize);
        for o in (0..n).rev() {
            for (clock, read) in (0..).zip(&self.clocks) {
                for mine in 0..size {
                    for theirs in 0..size {
                        write_int(&mut text, s);
                        text.push(b',');
                        write_int(&mut text, o);
                        text.push(b',');
                        if size > 1 {
                            for x in [mine, theirs] {
                                write_int(&mut text, x);
                                text.push(b',');
                            }
                        }
                        for &x in read {
                            write_int(&mut text, x);
                            text.push(b',');
                        }
                        let x = Context {
                            mine,
                            theirs,
                            clock,
                        };
                        let at = State::new(s, o, x);
                        write_int(&mut text, shown(solution.choice(seat, at)));
                        text.push(b',');
                        write_f64(&mut text, solution.value(seat, at));
                        text.push(b'\n');
                    }
                }
            }
        }
        text
    }
}
