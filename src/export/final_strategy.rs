//! `final_strategy.csv`: header `score,0,...,GOAL-1`, one row per own score.

use std::io::{self, Write};

use crate::table::{StrategyTable, MINUS_ONE};

/// Write a strategy table in the `final_strategy.csv` format.
pub fn write_final_strategy(table: &StrategyTable, out: &mut dyn Write) -> io::Result<()> {
    let n = table.goal();
    write!(out, "score")?;
    for o in 0..n {
        write!(out, ",{o}")?;
    }
    writeln!(out)?;
    // Goal 10000 has 100 million cells: format each row by hand into one
    // buffer rather than through `write!` cell by cell.
    let mut line = Vec::new();
    for (s, row) in table.as_array().rows().into_iter().enumerate() {
        line.clear();
        line.extend_from_slice(s.to_string().as_bytes());
        for &d in row {
            line.push(b',');
            push_decimal(&mut line, d);
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// Append `d` in decimal, or -1 for [`MINUS_ONE`] (rolling -1 dice).
fn push_decimal(line: &mut Vec<u8>, d: u8) {
    if d == MINUS_ONE {
        line.extend_from_slice(b"-1");
        return;
    }
    if d >= 100 {
        line.push(b'0' + d / 100);
    }
    if d >= 10 {
        line.push(b'0' + d / 10 % 10);
    }
    line.push(b'0' + d % 10);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_value_is_written_as_display_writes_it() {
        for d in (0..=u8::MAX).filter(|&d| d != MINUS_ONE) {
            let mut line = Vec::new();
            push_decimal(&mut line, d);
            assert_eq!(line, d.to_string().as_bytes());
        }
        let mut line = Vec::new();
        push_decimal(&mut line, MINUS_ONE);
        assert_eq!(line, b"-1");
    }
}
