//! Reading strategy tables from CSV, in the `final_strategy.csv` (wide) or
//! `score,opponent_score,dice` (long) format, with errors that point at the
//! row and column.

use std::collections::HashMap;
use std::path::Path;

use ndarray::Array2;

use crate::error::HogError;
use crate::rules::Rules;
use crate::table::{kept, Context, Contexts, StrategyTable};

/// Read a strategy table for a game under `rules` from a CSV file: a
/// table of the two scores, or under rules with memory or a clock one that
/// reads them too (as `hog solve` writes it, with their columns).
pub fn read_table(path: &Path, rules: &Rules) -> Result<StrategyTable, HogError> {
    // A table of contexts is many times a table's size: its header says
    // what it is before the size is held against it.
    let columns = ContextColumns::of(rules);
    if let Some(problem) = first_line(path)
        .as_deref()
        .and_then(|header| columns.refusal(&cells_of(header), rules))
    {
        return Err(problem.at(path));
    }
    let goal = rules.goal();
    let why = format!("a strategy table for goal {goal}");
    let bytes = max_table_bytes(goal) * rules.contexts().count() as u64;
    let text = crate::input::read_text(path, bytes, &why)?;
    table_from_csv(&text, rules).map_err(|e| e.at(path))
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

/// A header line's cells, trimmed (and without a byte-order mark).
fn cells_of(header: &str) -> Vec<String> {
    header
        .split(',')
        .map(|c| c.trim().trim_start_matches('\u{feff}').to_string())
        .collect()
}

/// The columns a long table has for the contexts of a state under some
/// rules, between `score,opponent_score` and `dice`: what both players
/// remember (where they remember anything), then the clock's own columns.
struct ContextColumns {
    names: Vec<String>,
    contexts: Contexts,
    /// Whether the memories come first.
    memory: bool,
    /// Each clock by what its columns read.
    clocks: HashMap<Vec<u32>, u32>,
}

impl ContextColumns {
    fn of(rules: &Rules) -> ContextColumns {
        let contexts = rules.contexts();
        let mut names = Vec::new();
        let memory = contexts.size > 1;
        if memory {
            names.extend(["memory".to_string(), "opponent_memory".to_string()]);
        }
        let mut clocks = HashMap::new();
        if let Some(remembering) = rules.memory() {
            let clock = remembering.clock();
            names.extend(clock.columns().iter().map(|c| c.to_string()));
            for c in 0..contexts.clocks {
                clocks.entry(clock.read(c)).or_insert(c);
            }
        }
        ContextColumns {
            names,
            contexts,
            memory,
            clocks,
        }
    }

    /// The columns of a long table's header between the scores and `dice`,
    /// if it is one.
    fn given(header: &[String]) -> Option<&[String]> {
        let dice = header.iter().position(|c| c == "dice")?;
        if dice < 2 || header[..2] != ["score", "opponent_score"] {
            return None;
        }
        Some(&header[2..dice])
    }

    /// Why a header with context columns cannot be read under these rules:
    /// the rules have no such contexts, or others.
    fn refusal(&self, header: &[String], rules: &Rules) -> Option<Problem> {
        let given = ContextColumns::given(header)?;
        if given.is_empty() || given == self.names.as_slice() {
            return None;
        }
        let reason = if self.names.is_empty() {
            format!(
                "this strategy reads more than the two scores (columns {}, as hog solve writes \
                 under rules with memory or a clock); under {} a strategy is a table of the two \
                 scores",
                given.join(", "),
                rules.name()
            )
        } else {
            format!(
                "this strategy reads the columns {}, but a state under {} has {} beside the \
                 scores",
                given.join(", "),
                rules.name(),
                self.names.join(", ")
            )
        };
        Some(Problem::new(1, None, reason))
    }

    /// The context a row's cells give (the columns after the scores, in
    /// order), or the problem with them.
    fn context(&self, cells: &[&str], row: usize) -> Result<Context, Problem> {
        let mut numbers = Vec::with_capacity(cells.len());
        for (i, cell) in cells.iter().enumerate() {
            let column = i + 3;
            let value = cell.trim().parse::<u32>().map_err(|_| {
                Problem::new(
                    row,
                    Some(column),
                    format!(
                        "{} '{}' is not a whole number",
                        self.names[i],
                        crate::strategy::grammar::clip(cell, 30)
                    ),
                )
            })?;
            numbers.push(value);
        }
        let (mine, theirs, clock) = if self.memory {
            (numbers[0], numbers[1], &numbers[2..])
        } else {
            (0, 0, &numbers[..])
        };
        for (i, m) in [mine, theirs].into_iter().enumerate() {
            if self.memory && m >= self.contexts.size {
                return Err(Problem::new(
                    row,
                    Some(i + 3),
                    format!(
                        "{} {m} is out of range: each player remembers 0 to {}",
                        self.names[i],
                        self.contexts.size - 1
                    ),
                ));
            }
        }
        let clock = match self.clocks.get(clock) {
            Some(&c) => c,
            None if clock.is_empty() => 0,
            None => {
                let first = if self.memory { 5 } else { 3 };
                let named: Vec<String> = (self.names[first - 3..].iter())
                    .zip(clock)
                    .map(|(name, v)| format!("{name} {v}"))
                    .collect();
                return Err(Problem::new(
                    row,
                    Some(first),
                    format!("{} is no value of the clock", named.join(", ")),
                ));
            }
        };
        Ok(Context {
            mine,
            theirs,
            clock,
        })
    }
}

/// The largest file a table for `goal` can come in: a few bytes a cell in
/// either format, with room for spaces and comments in a hand-edited one.
pub fn max_table_bytes(goal: u32) -> u64 {
    (1 << 20) + 64 * u64::from(goal) * u64::from(goal)
}

/// Read a strategy table from CSV text (as [`read_table`] reads a file)
/// under `rules`; a problem names the row and column, for the caller to
/// attach a file name.
pub fn table_from_csv(text: &str, rules: &Rules) -> Result<StrategyTable, TableProblem> {
    parse_table(text, rules).map_err(TableProblem)
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
fn parse_table(text: &str, rules: &Rules) -> Result<StrategyTable, Problem> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    // A header far wider than the goal allows is refused before the CSV
    // reader splits it into (possibly millions of) cells.
    let first_line = text.split('\n').next().unwrap_or("");
    let commas = first_line.bytes().filter(|&b| b == b',').count();
    let n = rules.size();
    let columns = ContextColumns::of(rules);
    // The widest long table: the scores, the contexts, dice and a value.
    if commas > (n + 2).max(3 + columns.names.len()) {
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
    if let Some(problem) = columns.refusal(&header, rules) {
        return Err(problem);
    }
    // A long table as `hog solve` writes it may end with each state's win
    // probability, which a strategy does not need.
    let long = ContextColumns::given(&header).filter(|given| {
        let rest = &header[2 + given.len() + 1..];
        rest.is_empty() || rest == ["win_probability"]
    });
    match long {
        Some([]) => parse_long(rest, n, header.len()),
        Some(_) => parse_contexts(rest, n, &columns, header.len()),
        None if header.first().map(String::as_str) == Some("score") => {
            check_wide_header(&header, n)?;
            parse_wide(rest, n)
        }
        None => Err(Problem::new(
            1,
            None,
            "unrecognized header: expected 'score,0,1,...' (final_strategy.csv) or 'score,opponent_score,dice'",
        )),
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
    width: usize,
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
        check_width(record.len(), width, line)?;
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

/// A long table with the contexts' columns: a row for every state and
/// context.
fn parse_contexts(
    records: impl Iterator<Item = Result<csv::StringRecord, Problem>>,
    n: usize,
    columns: &ContextColumns,
    width: usize,
) -> Result<StrategyTable, Problem> {
    let contexts = columns.contexts;
    let count = contexts.count();
    let mut dice = vec![0u8; n * n * count];
    let mut seen = vec![false; n * n * count];
    let named = columns.names.len();
    let mut line = 1;
    for record in records {
        let record = record?;
        line = record
            .position()
            .map(|p| p.line() as usize)
            .unwrap_or(line + 1);
        check_width(record.len(), width, line)?;
        let s = score_cell(&record[0], line, 1, n)?;
        let o = score_cell(&record[1], line, 2, n)?;
        let cells: Vec<&str> = record.iter().skip(2).take(named).collect();
        let x = columns.context(&cells, line)?;
        let at = (s * n + o) * count + contexts.index(x);
        if seen[at] {
            return Err(Problem::new(
                line,
                None,
                format!("state ({s}, {o}) appears twice with {}", cells.join(",")),
            ));
        }
        seen[at] = true;
        dice[at] = dice_cell(&record[2 + named], (s, o), line, 3 + named)?;
    }
    if let Some(at) = seen.iter().position(|&v| !v) {
        let (state, x) = (at / count, contexts.context(at % count));
        let (s, o) = (state / n, state % n);
        let what = context_words(columns, x);
        return Err(Problem::new(
            line + 1,
            None,
            format!(
                "state ({s}, {o}) is missing at {what}; goal {n} needs all {} states, each in \
                 {count} contexts",
                n * n
            ),
        ));
    }
    Ok(StrategyTable::from_contexts(n as u32, contexts, dice))
}

/// A context as its columns read it ("memory 0, opponent_memory 3").
fn context_words(columns: &ContextColumns, x: Context) -> String {
    let mut values = Vec::new();
    if columns.memory {
        values.extend([x.mine, x.theirs]);
    }
    let clock = columns
        .clocks
        .iter()
        .find(|(_, &c)| c == x.clock)
        .map(|(read, _)| read.clone())
        .unwrap_or_default();
    values.extend(clock);
    columns
        .names
        .iter()
        .zip(values)
        .map(|(name, v)| format!("{name} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    /// Tables under fa24's rules to `goal`.
    fn parse(text: &str, goal: u32) -> Result<StrategyTable, Problem> {
        parse_table(text, &Rules::preset(Preset::Fa24, goal).unwrap())
    }

    fn err(text: &str, goal: u32) -> String {
        let p = parse(text, goal).unwrap_err();
        format!("{:?}/{:?}: {}", p.row, p.column, p.reason)
    }

    /// -1 is rolling -1 dice (kept as [`MINUS_ONE`]): read here, refused
    /// where the rules have no such move.
    #[test]
    fn minus_one_is_read_as_the_move() {
        let t = parse("score,0,1\n0,-1,1\n1,3,-1\n", 2).unwrap();
        assert_eq!(
            (t.get(0, 0), t.get(1, 1)),
            (crate::table::MINUS_ONE, crate::table::MINUS_ONE)
        );
        assert_eq!(t.minus_one_at(), Some((0, 0)));
    }

    #[test]
    fn reads_both_formats() {
        let wide = "score,0,1\n0,1,2\n1,3,10\n";
        let t = parse(wide, 2).unwrap();
        assert_eq!(
            (t.get(0, 0), t.get(0, 1), t.get(1, 0), t.get(1, 1)),
            (1, 2, 3, 10)
        );
        let long = "score,opponent_score,dice\n1,1,10\n0,0,1\n0,1,2\n1,0,3\n";
        assert_eq!(parse(long, 2).unwrap(), t);
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
