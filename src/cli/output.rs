//! Formats and printing to stdout. A closed pipe is not an error.

use std::io::{self, Write};

use clap::ValueEnum;
use serde_json::{json, Value};

use hog::rules::Rules;

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// One JSON object.
    Json,
    /// CSV with a header row.
    Csv,
}

/// Writes a command's output to stdout.
pub struct Printer {
    out: Box<dyn Write>,
}

impl Printer {
    /// A printer on stdout.
    pub fn stdout() -> Printer {
        Printer {
            out: Box::new(io::BufWriter::new(io::stdout().lock())),
        }
    }

    /// Print text as is.
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }

    /// Print a JSON value on one line.
    pub fn json(&mut self, value: &Value) -> io::Result<()> {
        let mut text = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
        text.push('\n');
        self.text(&text)
    }

    /// Print CSV rows (the first is the header).
    pub fn csv(&mut self, rows: &[Vec<String>]) -> io::Result<()> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        for row in rows {
            writer.write_record(row).map_err(io::Error::other)?;
        }
        let bytes = writer
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))?;
        self.out.write_all(&bytes)?;
        self.out.flush()
    }
}

/// The `rules` fields every JSON output starts with.
pub fn rules_json(rules: &Rules) -> serde_json::Map<String, Value> {
    let c = rules.components();
    let mut map = serde_json::Map::new();
    map.insert("rules".into(), json!(rules.name()));
    map.insert("goal".into(), json!(rules.goal()));
    map.insert(
        "components".into(),
        json!({
            "zero_dice": c.zero_dice.name(),
            "dice": c.dice.name(),
            "after_turn": c.after_turn.name(),
        }),
    );
    map
}

/// "fa24 (boar-brawl, six-sided, sus-fuss), goal 100".
pub fn rules_line(rules: &Rules) -> String {
    let c = rules.components();
    format!(
        "{} ({}, {}, {}), goal {}",
        rules.name(),
        c.zero_dice.name(),
        c.dice.name(),
        c.after_turn.name(),
        rules.goal()
    )
}
