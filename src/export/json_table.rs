//! A strategy table as JSON: a GOAL x GOAL array of arrays of dice counts,
//! indexed `[score][opponent_score]`, one row per line.

use std::io::{self, Write};

use crate::table::{shown, StrategyTable};

/// Write `table` as a JSON array of rows (nothing else).
pub fn write_json_table(table: &StrategyTable, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "[")?;
    let rows = table.as_array().rows();
    let n = table.as_array().nrows();
    for (s, row) in rows.into_iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|&d| shown(d).to_string()).collect();
        let comma = if s + 1 < n { "," } else { "" };
        writeln!(out, "  [{}]{comma}", cells.join(","))?;
    }
    writeln!(out, "]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_scores_and_columns_opponent_scores() {
        let table = StrategyTable::from_fn(3, |s, o| (s * 3 + o) as u8);
        let mut out = Vec::new();
        write_json_table(&table, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "[\n  [0,1,2],\n  [3,4,5],\n  [6,7,8]\n]\n");
        let parsed: Vec<Vec<u8>> = serde_json::from_str(&text).unwrap();
        assert_eq!(parsed[2][1], 7);
    }
}
