//! The library's error type: every variant is a problem with the input.

use std::path::PathBuf;

/// Something wrong with what the caller asked for.
#[derive(Debug, thiserror::Error)]
pub enum HogError {
    /// A goal of 0, or one too large to handle.
    #[error("bad goal: {0}")]
    BadGoal(String),
    /// The tables for this goal would not fit in memory.
    #[error("goal {goal} needs about {needed_mib} MiB for {what} but only {available_mib} MiB of memory is available ({limit})")]
    OutOfMemory {
        /// The goal asked for.
        goal: u32,
        /// What needs the memory ("hog rates on 2 threads").
        what: String,
        /// Memory the run would need.
        needed_mib: u64,
        /// Memory available to this process.
        available_mib: u64,
        /// What sets that limit.
        limit: String,
    },
    /// A rule name or a combination of rule components that does not exist.
    #[error("bad rules: {0}")]
    BadRules(String),
    /// A strategy spec that does not parse.
    #[error("bad strategy spec '{spec}': {reason}")]
    BadSpec {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An input file (a strategy table, a list of specs) with a problem,
    /// at a given place where it has one.
    #[error("{}: {}", location(path, *row, *column), reason)]
    BadTable {
        /// The file.
        path: PathBuf,
        /// 1-based line number in the file, if the problem has one.
        row: Option<usize>,
        /// 1-based column number, if the problem has one.
        column: Option<usize>,
        /// What is wrong.
        reason: String,
    },
    /// A Python strategy that could not be tabulated.
    #[error("Python strategy {spec}: {reason}")]
    Python {
        /// The `PATH:function` spec.
        spec: String,
        /// What went wrong, naming the state where it did.
        reason: String,
    },
    /// A command-line argument outside what it accepts.
    #[error("bad argument: {0}")]
    BadArgument(String),
    /// A file that could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

fn location(path: &std::path::Path, row: Option<usize>, column: Option<usize>) -> String {
    match (row, column) {
        (Some(r), Some(c)) => format!("{}: row {r}, column {c}", path.display()),
        (Some(r), None) => format!("{}: row {r}", path.display()),
        _ => path.display().to_string(),
    }
}

impl HogError {
    /// A spec error. A long spec is cut in the message: the reason says
    /// where the problem is.
    pub fn spec(spec: &str, reason: impl Into<String>) -> HogError {
        HogError::BadSpec {
            spec: crate::text::clip(spec, 80),
            reason: crate::text::clip(&reason.into(), 400),
        }
    }
}
