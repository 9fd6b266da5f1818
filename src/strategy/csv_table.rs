//! Reading strategy tables from CSV, in the `final_strategy.csv` (wide) or
//! `score,opponent_score,dice` (long) format, with errors that point at the
//! row and column.

use std::path::Path;

use ndarray::Array2;

use crate::dice::MAX_DICE;
use crate::error::HogError;

use super::table::StrategyTable;

/// Read a strategy table for a game to `goal` from a CSV file.
pub fn read_table(path: &Path, goal: u32) -> Result<StrategyTable, HogError> {
    let text = std::fs::read_to_string(path).map_err(|source| HogError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_table(&text, goal).map_err(|e| e.at(path))
}

/// A table problem before the file name is attached.
#[derive(Debug)]
struct Problem {
    row: Option<usize>,
    column: Option<usize>,
    reason: String,
}

impl Problem {
    fn new(row: usize, column: Option<usize>, reason: impl Into<String>) -> Problem {
        Problem {
            row: Some(row),
            column,
            reason: reason.into(),
        }
    }

    fn at(self, path: &Path) -> HogError {
        HogError::BadTable {
            path: path.to_path_buf(),
            row: self.row,
            column: self.column,
            reason: self.reason,
        }
    }
}

/// Parse a table from CSV text.
fn parse_table(text: &str, goal: u32) -> Result<StrategyTable, Problem> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        None => {
            return Err(Problem {
                row: None,
                column: None,
                reason: "the file is empty".into(),
            })
        }
        Some(r) => r.map_err(|e| csv_problem(&e))?,
    };
    let header: Vec<String> = header
        .iter()
        .map(|c| c.trim().trim_start_matches('\u{feff}').to_string())
        .collect();
    let n = goal as usize;
    let rest = records.map(|r| r.map_err(|e| csv_problem(&e)));
    if header == ["score", "opponent_score", "dice"] {
        parse_long(rest, n)
    } else if header.first().map(String::as_str) == Some("score") {
        check_wide_header(&header, n)?;
        parse_wide(rest, n)
    } else {
        Err(Problem::new(
            1,
            None,
            "unrecognized header: expected 'score,0,1,...' (final_strategy.csv) or 'score,opponent_score,dice'",
        ))
    }
}

fn csv_problem(e: &csv::Error) -> Problem {
    let row = e.position().map(|p| p.line() as usize).unwrap_or(0);
    Problem::new(row, None, format!("not valid CSV: {e}"))
}

fn check_wide_header(header: &[String], n: usize) -> Result<(), Problem> {
    if header.len() != n + 1 {
        return Err(Problem::new(
            1,
            None,
            format!(
                "the header has {} opponent-score columns but the goal is {n} (expected 'score,0,...,{}')",
                header.len() - 1,
                n - 1
            ),
        ));
    }
    for (j, cell) in header.iter().enumerate().skip(1) {
        if cell.parse::<usize>() != Ok(j - 1) {
            return Err(Problem::new(
                1,
                Some(j + 1),
                format!("header cell '{cell}' should be {}", j - 1),
            ));
        }
    }
    Ok(())
}

/// A row must have exactly `expected` cells; point at the first missing or
/// extra column.
fn check_width(len: usize, expected: usize, row: usize) -> Result<(), Problem> {
    if len < expected {
        Err(Problem::new(
            row,
            Some(len + 1),
            format!("missing: the row has {len} columns, expected {expected}"),
        ))
    } else if len > expected {
        Err(Problem::new(
            row,
            Some(expected + 1),
            format!("extra column: the row has {len}, expected {expected}"),
        ))
    } else {
        Ok(())
    }
}

/// A dice count cell at 1-based `row` and `column`.
fn dice_cell(cell: &str, row: usize, column: usize) -> Result<u8, Problem> {
    let cell = cell.trim();
    match cell.parse::<i64>() {
        Ok(d) if (0..=MAX_DICE as i64).contains(&d) => Ok(d as u8),
        Ok(d) => Err(Problem::new(
            row,
            Some(column),
            format!("{d} dice is outside 0..=10"),
        )),
        Err(_) => Err(Problem::new(
            row,
            Some(column),
            format!("'{cell}' is not a whole number of dice"),
        )),
    }
}

/// A score cell that must be below the goal.
fn score_cell(cell: &str, row: usize, column: usize, n: usize) -> Result<usize, Problem> {
    let cell = cell.trim();
    match cell.parse::<usize>() {
        Ok(s) if s < n => Ok(s),
        Ok(s) => Err(Problem::new(
            row,
            Some(column),
            format!("score {s} is not below the goal {n}"),
        )),
        Err(_) => Err(Problem::new(
            row,
            Some(column),
            format!("'{cell}' is not a score"),
        )),
    }
}

fn parse_wide(
    records: impl Iterator<Item = Result<csv::StringRecord, Problem>>,
    n: usize,
) -> Result<StrategyTable, Problem> {
    let mut dice = Array2::<u8>::zeros((n, n));
    let mut rows = 0;
    for record in records {
        let record = record?;
        let line = record
            .position()
            .map(|p| p.line() as usize)
            .unwrap_or(rows + 2);
        if rows == n {
            return Err(Problem::new(
                line,
                None,
                format!("more than {n} rows of scores (goal {n})"),
            ));
        }
        check_width(record.len(), n + 1, line)?;
        let s = score_cell(&record[0], line, 1, n)?;
        if s != rows {
            return Err(Problem::new(
                line,
                Some(1),
                format!("score {s} where score {rows} was expected"),
            ));
        }
        for (o, cell) in record.iter().skip(1).enumerate() {
            dice[[s, o]] = dice_cell(cell, line, o + 2)?;
        }
        rows += 1;
    }
    if rows < n {
        return Err(Problem::new(
            rows + 2,
            None,
            format!("the table ends after {rows} rows of scores; goal {n} needs {n}"),
        ));
    }
    Ok(StrategyTable::from_array(dice))
}

fn parse_long(
    records: impl Iterator<Item = Result<csv::StringRecord, Problem>>,
    n: usize,
) -> Result<StrategyTable, Problem> {
    let mut dice = Array2::<u8>::zeros((n, n));
    let mut seen = Array2::<bool>::from_elem((n, n), false);
    let mut line = 1;
    for record in records {
        let record = record?;
        line = record
            .position()
            .map(|p| p.line() as usize)
            .unwrap_or(line + 1);
        check_width(record.len(), 3, line)?;
        let s = score_cell(&record[0], line, 1, n)?;
        let o = score_cell(&record[1], line, 2, n)?;
        if seen[[s, o]] {
            return Err(Problem::new(
                line,
                None,
                format!("state ({s}, {o}) appears twice"),
            ));
        }
        seen[[s, o]] = true;
        dice[[s, o]] = dice_cell(&record[2], line, 3)?;
    }
    if let Some(((s, o), _)) = seen.indexed_iter().find(|(_, &v)| !v) {
        return Err(Problem::new(
            line + 1,
            None,
            format!(
                "state ({s}, {o}) is missing; goal {n} needs all {} states",
                n * n
            ),
        ));
    }
    Ok(StrategyTable::from_array(dice))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str, goal: u32) -> String {
        let p = parse_table(text, goal).unwrap_err();
        format!("{:?}/{:?}: {}", p.row, p.column, p.reason)
    }

    #[test]
    fn reads_both_formats() {
        let wide = "score,0,1\n0,1,2\n1,3,10\n";
        let t = parse_table(wide, 2).unwrap();
        assert_eq!(
            (t.get(0, 0), t.get(0, 1), t.get(1, 0), t.get(1, 1)),
            (1, 2, 3, 10)
        );
        let long = "score,opponent_score,dice\n1,1,10\n0,0,1\n0,1,2\n1,0,3\n";
        assert_eq!(parse_table(long, 2).unwrap(), t);
    }

    #[test]
    fn problems_name_row_and_column() {
        assert_eq!(
            err("score,0,1\n0,1,2\n1,3,x\n", 2),
            "Some(3)/Some(3): 'x' is not a whole number of dice"
        );
        assert_eq!(
            err("score,0,1\n0,1,11\n1,3,4\n", 2),
            "Some(2)/Some(3): 11 dice is outside 0..=10"
        );
        assert_eq!(
            err("score,0,1\n0,-1,1\n1,3,4\n", 2),
            "Some(2)/Some(2): -1 dice is outside 0..=10"
        );
        assert_eq!(
            err("score,0,1\n0,1\n", 2),
            "Some(2)/Some(3): missing: the row has 2 columns, expected 3"
        );
        assert_eq!(
            err("score,0,1\n0,1,1,1\n", 2),
            "Some(2)/Some(4): extra column: the row has 4, expected 3"
        );
        assert_eq!(
            err("score,0,1\n0,1,1\n", 2),
            "Some(3)/None: the table ends after 1 rows of scores; goal 2 needs 2"
        );
        assert_eq!(
            err("score,0,2\n", 2),
            "Some(1)/Some(3): header cell '2' should be 1"
        );
        assert!(err("score,0,1,2\n", 2).contains("3 opponent-score columns but the goal is 2"));
        assert!(err("s,o,d\n", 2).contains("unrecognized header"));
        assert_eq!(
            err("score,0,1\n1,1,1\n", 2),
            "Some(2)/Some(1): score 1 where score 0 was expected"
        );
        assert!(err("", 2).contains("empty"));
        let long = "score,opponent_score,dice\n0,0,1\n0,0,1\n";
        assert_eq!(err(long, 2), "Some(3)/None: state (0, 0) appears twice");
        let long = "score,opponent_score,dice\n0,0,1\n0,1,1\n1,0,1\n";
        assert_eq!(
            err(long, 2),
            "Some(5)/None: state (1, 1) is missing; goal 2 needs all 4 states"
        );
        let long = "score,opponent_score,dice\n0,2,1\n";
        assert_eq!(
            err(long, 2),
            "Some(2)/Some(2): score 2 is not below the goal 2"
        );
    }
}
