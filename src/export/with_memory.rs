//! Strategies under rules with memory or a clock, which choose by what
//! the players remember and the clock as well as the scores: long format,
//! one row per state and context, the context as columns.

use std::io::{self, Write};

use super::in_order::InOrder;
use super::number::{write_f64, write_int};
use crate::engine::{Solution, State};
use crate::recall::{Context, Remembering};
use crate::rules::Rules;
use crate::table::{shown, StrategyTable};

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
    let rows = Rows {
        choice: &|at| solution.choice(seat, at),
        value: Some(&|at| solution.value(seat, at)),
    };
    write_rows(solution.rules(), &rows, out)
}

/// A table that reads the contexts, as [`write_memory_strategy`] writes
/// the optimum, without the values: `score,opponent_score`, the
/// contexts' columns, `dice`. `hog eval` and the rest read it back.
pub fn write_context_table(
    rules: &Rules,
    table: &StrategyTable,
    out: &mut (dyn Write + Send),
) -> io::Result<()> {
    let rows = Rows {
        choice: &|at: State| table.choice(at.score, at.opponent, at.context),
        value: None,
    };
    write_rows(rules, &rows, out)
}

/// What each row says: the choice, and the value where there is one.
struct Rows<'a> {
    choice: &'a (dyn Fn(State) -> u8 + Sync),
    value: Option<&'a (dyn Fn(State) -> f64 + Sync)>,
}

fn write_rows(rules: &Rules, rows: &Rows<'_>, out: &mut (dyn Write + Send)) -> io::Result<()> {
    let remembering = rules
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
    header.extend_from_slice(b"dice");
    if rows.value.is_some() {
        header.extend_from_slice(b",win_probability");
    }
    header.push(b'\n');
    out.write_all(&header)?;
    // A few score rows at a time, formatted while the ones before them
    // are written.
    let n = rules.goal();
    let scores: Vec<u32> = (0..n).rev().collect();
    let mut in_order = InOrder::default();
    for part in scores.chunks(ROWS_PER_WRITE) {
        in_order.feed(part, |&s| columns.score_rows(n, rows, s), out)?;
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
    fn new(remembering: &Remembering) -> Columns {
        let clock = remembering.clock();
        Columns {
            size: remembering.size(),
            clocks: (0..remembering.clocks()).map(|c| clock.read(c)).collect(),
        }
    }

    /// The lines of every state with own score `s`, opponents from the top.
    fn score_rows(&self, n: u32, rows: &Rows<'_>, s: u32) -> Vec<u8> {
        let size = self.size;
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
                        write_int(&mut text, shown((rows.choice)(at)));
                        if let Some(value) = rows.value {
                            text.push(b',');
                            write_f64(&mut text, value(at));
                        }
                        text.push(b'\n');
                    }
                }
            }
        }
        text
    }
}
