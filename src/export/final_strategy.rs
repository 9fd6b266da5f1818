//! `final_strategy.csv`: header `score,0,...,GOAL-1`, one row per own score.

use std::io::{self, Write};

use crate::strategy::StrategyTable;

/// Write a strategy table in the `final_strategy.csv` format.
pub fn write_final_strategy(table: &StrategyTable, out: &mut dyn Write) -> io::Result<()> {
    let n = table.goal();
    write!(out, "score")?;
    for o in 0..n {
        write!(out, ",{o}")?;
    }
    writeln!(out)?;
    for (s, row) in table.as_array().rows().into_iter().enumerate() {
        write!(out, "{s}")?;
        for &d in row {
            write!(out, ",{d}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
