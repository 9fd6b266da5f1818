//! Reading strategy tables from CSV, in the `final_strategy.csv` (wide) or
//! `score,opponent_score,dice` (long) format, with errors that point at the
//! row and column.

use std::path::Path;

use ndarray::Array2;

use crate::error::HogError;

use crate::table::{kept, StrategyTable};

/// Read a strategy table for a game to `goal` from a CSV file.
pub fn read_table(path: &Path, goal: u32) -> Result<StrategyTable, HogError> {
    // The optimum under rules with memory is many times a table's size:
    // its header says what it is before the size is held against it.
    if let Some(problem) = first_line(path).as_deref().and_then(context_columns) {
        return Err(problem.at(path));
    }
    let why = format!("a strategy table for goal {goal}");
    let text = crate::input::read_text(path, max_table_bytes(goal), &why)?;
    table_from_csv(&text, goal).map_err(|e| e.at(path))
}

/// The first line of the regular file at `path` (up to 4 KiB), if it can
/// be read. Anything else (a FIFO would block) is left to the full read,
/// which refuses it.
fn first_line(path: &Path) -> Option<String> {
    use std::io::Read;
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let mut head = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(4096)
        .read_to_end(&mut head)
        .ok()?;
    let line = head.split(|&b| b == b'\n').next()?;
    Some(String::from_utf8_lossy(line).into_owned())
}

/// A header as `hog solve` writes it under rules with memory or a clock:
/// `score,opponent_score`, the context's columns, then `dice`. Such a
/// strategy is no table of the two scores.
fn context_columns(header: &str) -> Option<Problem> {
    let cells: Vec<&str> = header
        .split(',')
        .map(|c| c.trim().trim_start_matches('\u{feff}'))
        .collect();
    let dice = cells.iter().position(|&c| c == "dice")?;
    if dice <= 2 || cells[..2] != ["score", "opponent_score"] {
        return None;
    }
    Some(Problem::new(
        1,
        None,
        format!(
            "this strategy reads more than the two scores (columns {}, as hog solve writes \
             under rules with memory or a clock); a strategy here is a table of the two scores",
            cells[2..dice].join(", ")
        ),
    ))
}

/// The largest file a table for `goal` can come in: a few bytes a cell in
/// either format, with room for spaces and comments in a hand-edited one.
pub fn max_table_bytes(goal: u32) -> u64 {
    (1 << 20) + 64 * u64::from(goal) * u64::from(goal)
}

/// Read a strategy table from CSV text (as [`read_table`] reads a file);
/// a problem names the row and column, for the caller to attach a file name.
pub fn table_from_csv(text: &str, goal: u32) -> Result<StrategyTable, TableProblem> {
    parse_table(text, goal).map_err(TableProblem)
}

/// What is wrong with a table, before a file name is attached.
#[derive(Debug)]
pub struct TableProblem(Problem);

impl TableProblem {
    /// The error, naming the file (or upload) the table came from.
    pub fn at(self, path: &Path) -> HogError {
        self.0.at(path)
    }
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
    // A header far wider than the goal allows is refused before the CSV
    // reader splits it into (possibly millions of) cells.
    let first_line = text.split('\n').next().unwrap_or("");
    let commas = first_line.bytes().filter(|&b| b == b',').count();
    let n = goal as usize;
    if commas > n + 2 {
        return Err(Problem::new(
            1,
            None,
            format!(
                "the header has {} columns but a table for goal {n} has {} (wide) or 3 (long)",
                commas + 1,
                n + 1
            ),
        ));
    }
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
    let rest = records.map(|r| r.map_err(|e| csv_problem(&e)));
    if let Some(problem) = context_columns(&header.join(",")) {
        return Err(problem);
    }
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
                format!(
                    "header cell '{}' should be {}",
                    crate::strategy::grammar::clip(cell, 30),
                    j - 1
                ),
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

/// The dice count cell of state `(s, o)` at 1-based `row` and `column`; a
/// problem names the state in the game's terms as well as the cell.
fn dice_cell(cell: &str, (s, o): (usize, usize), row: usize, column: usize) -> Result<u8, Problem> {
    let cell = cell.trim();
    let state = format!("score {s}, opponent score {o}");
    match cell.parse::<i64>() {
        // -1: the move of rolling -1 dice, which only rules with it
        // (Pork Chop) take; the resolver refuses it elsewhere.
        Ok(d) => kept(d).ok_or_else(|| {
            Problem::new(
                row,
                Some(column),
                format!("{state}: {d} dice is outside 0..=10"),
            )
        }),
        Err(_) if !cell.is_empty() && cell.bytes().all(|b| b.is_ascii_digit()) => {
            Err(Problem::new(
                row,
                Some(column),
                format!(
                    "{state}: {} dice is outside 0..=10",
                    crate::strategy::grammar::clip(cell, 30)
                ),
            ))
        }
        Err(_) => Err(Problem::new(
            row,
            Some(column),
            format!(
                "{state}: '{}' is not a whole number of dice",
                crate::strategy::grammar::clip(cell, 30)
            ),
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
            format!(
                "'{}' is not a score",
                crate::strategy::grammar::clip(cell, 30)
            ),
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
            dice[[s, o]] = dice_cell(cell, (s, o), line, o + 2)?;
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
        dice[[s, o]] = dice_cell(&record[2], (s, o), line, 3)?;
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

    /// -1 is rolling -1 dice (kept as [`MINUS_ONE`]): read here, refused
    /// where the rules have no such move.
    #[test]
    fn minus_one_is_read_as_the_move() {
        let t = parse_table("score,0,1\n0,-1,1\n1,3,-1\n", 2).unwrap();
        assert_eq!(
            (t.get(0, 0), t.get(1, 1)),
            (crate::table::MINUS_ONE, crate::table::MINUS_ONE)
        );
        assert_eq!(t.minus_one_at(), Some((0, 0)));
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
            "Some(3)/Some(3): score 1, opponent score 1: 'x' is not a whole number of dice"
        );
        assert_eq!(
            err("score,0,1\n0,1,11\n1,3,4\n", 2),
            "Some(2)/Some(3): score 0, opponent score 1: 11 dice is outside 0..=10"
        );
        assert_eq!(
            err("score,0,1\n0,-2,1\n1,3,4\n", 2),
            "Some(2)/Some(2): score 0, opponent score 0: -2 dice is outside 0..=10"
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

    #[test]
    fn value_problems_name_the_state_in_the_games_terms() {
        let mut wide = String::from("score");
        for o in 0..42 {
            wide += &format!(",{o}");
        }
        wide.push('\n');
        for s in 0..42 {
            wide += &s.to_string();
            for o in 0..42 {
                let d = if (s, o) == (41, 1) { "11" } else { "4" };
                wide += &format!(",{d}");
            }
            wide.push('\n');
        }
        assert_eq!(
            err(&wide, 42),
            "Some(43)/Some(3): score 41, opponent score 1: 11 dice is outside 0..=10"
        );
        let long = "score,opponent_score,dice\n1,0,99999999999999999999999\n";
        assert_eq!(
            err(long, 2),
            "Some(2)/Some(3): score 1, opponent score 0: 99999999999999999999999 dice is outside 0..=10"
        );
    }

    #[test]
    fn a_header_far_too_wide_is_refused_before_it_is_split() {
        let header = "score".to_string() + &",1".repeat(1_000_000) + "\n";
        assert!(err(&header, 100).starts_with("Some(1)/None: the header has 1000001 columns"));
    }
}
