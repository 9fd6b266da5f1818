//! Formats and printing to stdout. A closed pipe is not an error.

use std::io::{self, Write};

use clap::ValueEnum;
use serde_json::Value;

use crate::report::RulesHeader;

use crate::rules::Rules;

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// One JSON object.
    Json,
    /// CSV with a header row.
    Csv,
    /// Markdown tables.
    Md,
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

    /// Print text, every control character in it (a submission's name,
    /// a file's) written as an escape: none reaches a terminal as a command.
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        self.out
            .write_all(crate::text::visible_lines(text).as_bytes())?;
        self.out.flush()
    }

    /// Print a JSON value, pretty-printed.
    pub fn json(&mut self, value: &Value) -> io::Result<()> {
        let mut text = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
        text.push('\n');
        self.out
            .write_all(crate::text::json_visible(&text).as_bytes())?;
        self.out.flush()
    }
}

/// A table as aligned text (first column left, others right), CSV or Markdown.
pub fn render_table(format: Format, header: &[&str], rows: &[Vec<String>]) -> String {
    match format {
        Format::Csv | Format::Json => {
            let mut writer = csv::Writer::from_writer(Vec::new());
            writer.write_record(header).expect("writing to memory");
            for row in rows {
                writer.write_record(row).expect("writing to memory");
            }
            String::from_utf8(writer.into_inner().expect("writing to memory"))
                .expect("UTF-8 in, UTF-8 out")
        }
        Format::Md => {
            // A '|' inside a cell (a strategy's name) would end the cell.
            let cells = |row: &[String]| -> String {
                row.iter()
                    .map(|c| c.replace('|', "\\|"))
                    .collect::<Vec<_>>()
                    .join(" | ")
            };
            let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
            let mut text = format!("| {} |\n", cells(&header));
            let rule: Vec<&str> = (0..header.len())
                .map(|i| if i == 0 { "---" } else { "---:" })
                .collect();
            text += &format!("| {} |\n", rule.join(" | "));
            for row in rows {
                text += &format!("| {} |\n", cells(row));
            }
            text
        }
        Format::Text => {
            let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
            for row in rows {
                for (w, cell) in widths.iter_mut().zip(row) {
                    *w = (*w).max(cell.chars().count());
                }
            }
            let line = |cells: Vec<&str>| {
                let padded: Vec<String> = cells
                    .iter()
                    .zip(&widths)
                    .enumerate()
                    .map(|(i, (c, &w))| {
                        if i == 0 {
                            format!("{c:<w$}")
                        } else {
                            format!("{c:>w$}")
                        }
                    })
                    .collect();
                padded.join("  ").trim_end().to_string() + "\n"
            };
            let mut text = line(header.to_vec());
            for row in rows {
                text += &line(row.iter().map(String::as_str).collect());
            }
            text
        }
    }
}

/// The `rules` fields every JSON output starts with (the library's
/// [`RulesHeader`], which the typed reports start with too).
pub fn rules_json(rules: &Rules) -> serde_json::Map<String, Value> {
    match serde_json::to_value(RulesHeader::of(rules)) {
        Ok(Value::Object(map)) => map,
        _ => unreachable!("a struct serializes to an object"),
    }
}

/// "fa24 (boar-brawl, six-sided, sus-fuss), goal 100".
pub fn rules_line(rules: &Rules) -> String {
    rules.describe()
}

pub use crate::play::counted;
