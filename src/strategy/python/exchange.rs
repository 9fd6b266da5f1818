//! The file the Python driver writes its results into (see `driver.py`):
//! a phase byte, a report, and one byte per state for each of two passes.
//! Reading it is pure, so every outcome of a run is unit-tested here.

use ndarray::Array2;

use crate::table::{shown, StrategyTable, MINUS_ONE};

/// Where the report starts.
const REPORT: usize = 16;
/// Where the report of the entry's name starts (its length is at bytes 8..12).
const NAME: usize = 2048;
/// Where the first pass's table starts.
pub const TABLES: usize = 4096;
/// A cell the driver has not written.
pub const EMPTY: u8 = 255;

/// What a submission calls itself: the contest reads `PLAYER_NAME` (or
/// `TEAM_NAME`, as older semesters named it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryName {
    /// A string, under this attribute.
    Text {
        /// `PLAYER_NAME` or `TEAM_NAME`.
        attribute: String,
        /// The name.
        value: String,
    },
    /// Something else: its type and how it prints.
    NotText {
        /// `PLAYER_NAME` or `TEAM_NAME`.
        attribute: String,
        /// Its Python type.
        kind: String,
        /// Its `repr`, cut short.
        shown: String,
    },
    /// Neither attribute is defined.
    Missing,
}

/// How far the driver got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Python had not started the driver.
    Starting,
    /// Importing the student's file.
    Importing,
    /// Calling the function at every state.
    Tabulating,
    /// Calling it a second time, in reverse order.
    Checking,
    /// Both passes finished.
    Done,
    /// The driver reported a problem.
    Failed,
}

/// The size of the exchange file for a game to `goal`.
pub fn size(goal: u32) -> usize {
    TABLES + 2 * (goal as usize).pow(2)
}

/// The contents a fresh exchange file starts with.
pub fn initial(goal: u32) -> Vec<u8> {
    let mut bytes = vec![0; size(goal)];
    bytes[TABLES..].fill(EMPTY);
    bytes
}

/// What a finished or stopped run left in the exchange file.
pub struct Exchange<'a> {
    bytes: &'a [u8],
    goal: usize,
}

impl<'a> Exchange<'a> {
    /// Read `bytes` (the whole file) for a game to `goal`.
    pub fn new(bytes: &'a [u8], goal: u32) -> Exchange<'a> {
        Exchange {
            bytes,
            goal: goal as usize,
        }
    }

    /// The phase the driver reached.
    pub fn phase(&self) -> Phase {
        match self.bytes.first() {
            Some(1) => Phase::Importing,
            Some(2) => Phase::Tabulating,
            Some(3) => Phase::Checking,
            Some(4) => Phase::Done,
            Some(5) => Phase::Failed,
            _ => Phase::Starting,
        }
    }

    fn pass(&self, i: usize) -> &'a [u8] {
        let n = self.goal * self.goal;
        self.bytes
            .get(TABLES + i * n..TABLES + (i + 1) * n)
            .unwrap_or(&[])
    }

    /// The state whose call had not returned: the first empty cell of the
    /// pass running (the second pass runs backwards).
    pub fn state_in_progress(&self) -> Option<(usize, usize)> {
        let index = match self.phase() {
            Phase::Tabulating => self.pass(0).iter().position(|&d| d == EMPTY),
            Phase::Checking => self.pass(1).iter().rposition(|&d| d == EMPTY),
            _ => None,
        }?;
        Some((index / self.goal, index % self.goal))
    }

    /// The table, or what is wrong: the driver's report, a state where two
    /// calls disagreed, or a value out of range.
    pub fn table(&self, function: &str) -> Result<StrategyTable, String> {
        if self.phase() == Phase::Failed {
            return Err(self.report(function));
        }
        let (first, second) = (self.pass(0), self.pass(1));
        let n = self.goal;
        if first.len() != n * n || second.len() != n * n {
            return Err("the exchange file was cut short".into());
        }
        if let Some(i) = (0..n * n).find(|&i| first[i] != second[i]) {
            let (s, o) = (i / n, i % n);
            return Err(format!(
                "{function}({s}, {o}) returned {} and later {}: a strategy must be a \
                 deterministic function of the two scores (no randomness, no counting calls)",
                shown(first[i]),
                shown(second[i])
            ));
        }
        if let Some(i) = first.iter().position(|&d| d > MINUS_ONE) {
            return Err(format!("{function}({}, {}) was not stored", i / n, i % n));
        }
        let dice = Array2::from_shape_vec((n, n), first.to_vec()).expect("n * n cells");
        Ok(StrategyTable::from_array(dice))
    }

    /// The entry's name the driver found once the file was imported (`None`
    /// before then): the contest's `PLAYER_NAME` or `TEAM_NAME`.
    pub fn entry_name(&self) -> Option<EntryName> {
        let text = self.text_at(8, NAME, TABLES);
        if text.is_empty() {
            return None;
        }
        let parts: Vec<&str> = text.splitn(4, '\u{1f}').collect();
        Some(match parts.as_slice() {
            ["NAME", attribute, "str", value] => EntryName::Text {
                attribute: attribute.to_string(),
                value: value.to_string(),
            },
            ["NAME", attribute, kind, shown] => EntryName::NotText {
                attribute: attribute.to_string(),
                kind: kind.to_string(),
                shown: shown.to_string(),
            },
            _ => EntryName::Missing,
        })
    }

    /// The report area as text.
    fn report_text(&self) -> String {
        self.text_at(4, REPORT, NAME)
    }

    /// The text at `start` whose length is the u32 at `length`, within `end`.
    fn text_at(&self, length: usize, start: usize, end: usize) -> String {
        let len = self
            .bytes
            .get(length..length + 4)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
        let raw = self
            .bytes
            .get(start..start + len.min(end - start))
            .unwrap_or(&[]);
        String::from_utf8_lossy(raw).into_owned()
    }

    /// The driver's report in words.
    fn report(&self, function: &str) -> String {
        let text = self.report_text();
        let parts: Vec<&str> = text.split('\u{1f}').collect();
        let at = |s: &str, o: &str| format!("{function}({s}, {o})");
        match parts.as_slice() {
            ["IMPORT", why] => format!("importing the file failed: {why}"),
            ["MISSING", name] => format!("the file has no function named {name}"),
            ["NOT_CALLABLE", kind] => {
                format!("{function} in the file is not a function but a value of type {kind}")
            }
            ["RAISED", s, o, why] => format!("{} raised {why}", at(s, o)),
            ["TYPE", s, o, value] => format!("{} returned {value}, not an integer", at(s, o)),
            ["RANGE", s, o, value] => {
                format!("{} returned {value}, outside 0..=10 dice", at(s, o))
            }
            _ => format!("the driver reported '{}'", text.trim()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An exchange file in `phase` with the given passes and report.
    fn file(phase: u8, goal: u32, passes: [&[u8]; 2], report: &str) -> Vec<u8> {
        let mut bytes = initial(goal);
        bytes[0] = phase;
        let n = (goal * goal) as usize;
        bytes[TABLES..TABLES + passes[0].len()].copy_from_slice(passes[0]);
        bytes[TABLES + n..TABLES + n + passes[1].len()].copy_from_slice(passes[1]);
        bytes[4..8].copy_from_slice(&(report.len() as u32).to_le_bytes());
        bytes[REPORT..REPORT + report.len()].copy_from_slice(report.as_bytes());
        bytes
    }

    #[test]
    fn a_finished_run_gives_its_table() {
        let bytes = file(4, 2, [&[0, 1, 2, 10], &[0, 1, 2, 10]], "");
        let t = Exchange::new(&bytes, 2).table("f").unwrap();
        assert_eq!((t.get(0, 1), t.get(1, 1)), (1, 10));
    }

    #[test]
    fn two_calls_that_disagree_are_named() {
        let bytes = file(4, 2, [&[0, 1, 2, 10], &[0, 1, 3, 10]], "");
        let err = Exchange::new(&bytes, 2).table("f").unwrap_err();
        assert!(
            err.starts_with("f(1, 0) returned 2 and later 3: a strategy must be a deterministic"),
            "{err}"
        );
    }

    #[test]
    fn reports_name_the_state_and_the_problem() {
        let err = |report: &str| {
            let bytes = file(5, 2, [&[], &[]], report);
            Exchange::new(&bytes, 2).table("f").unwrap_err()
        };
        assert_eq!(
            err("RAISED\u{1f}7\u{1f}0\u{1f}ZeroDivisionError: division by zero"),
            "f(7, 0) raised ZeroDivisionError: division by zero"
        );
        assert_eq!(
            err("TYPE\u{1f}0\u{1f}3\u{1f}2.5"),
            "f(0, 3) returned 2.5, not an integer"
        );
        assert_eq!(
            err("RANGE\u{1f}5\u{1f}6\u{1f}10000000000000000000000"),
            "f(5, 6) returned 10000000000000000000000, outside 0..=10 dice"
        );
        assert_eq!(
            err("IMPORT\u{1f}ModuleNotFoundError: No module named 'dice'"),
            "importing the file failed: ModuleNotFoundError: No module named 'dice'"
        );
        assert_eq!(err("MISSING\u{1f}f"), "the file has no function named f");
        assert_eq!(
            err("NOT_CALLABLE\u{1f}int"),
            "f in the file is not a function but a value of type int"
        );
    }

    #[test]
    fn a_stopped_run_names_the_call_that_had_not_returned() {
        let bytes = file(2, 2, [&[3, 3], &[]], "");
        let e = Exchange::new(&bytes, 2);
        assert_eq!(e.phase(), Phase::Tabulating);
        assert_eq!(e.state_in_progress(), Some((1, 0)));
        let bytes = file(3, 2, [&[3, 3, 3, 3], &[EMPTY, EMPTY, 3, 3]], "");
        assert_eq!(Exchange::new(&bytes, 2).state_in_progress(), Some((0, 1)));
        let bytes = file(1, 2, [&[], &[]], "");
        assert_eq!(Exchange::new(&bytes, 2).phase(), Phase::Importing);
        assert_eq!(Exchange::new(&bytes, 2).state_in_progress(), None);
        assert_eq!(Exchange::new(&[], 2).phase(), Phase::Starting);
    }
}
