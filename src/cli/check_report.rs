//! Where and how `hog check` says what it found: in `--format` (text,
//! JSON, or a test report for an autograder) on stdout, or with `--out
//! FILE` in that file, written whole or not at all (an autograder that
//! reads it never sees half a report), with the words on stdout for the
//! autograder's log.

use std::path::Path;

use crate::check::CheckReport;
use crate::HogError;

use super::{Config, Format, Printer};

/// Refuse an `--out` the report could not be written to, before the check
/// takes its seconds: a folder.
pub fn check_out(out: Option<&Path>) -> Result<(), HogError> {
    match out {
        Some(path) if path.is_dir() => Err(HogError::BadArgument(format!(
            "--out {}: that is a folder; give the report's file name (results.json, say)",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Write `report` as the command line asks.
pub fn write(
    config: &Config,
    report: &CheckReport,
    out: Option<&Path>,
    printer: &mut Printer,
) -> anyhow::Result<()> {
    let Some(path) = out else {
        return match (config.test_report, config.format) {
            // Escaped already: printing it as text changes nothing.
            (Some(kind), _) => Ok(printer.text(&kind.render(report)?)?),
            (None, Format::Json) => Ok(printer.json(&serde_json::to_value(report)?)?),
            (None, _) => Ok(printer.text(&report.text())?),
        };
    };
    let text = match (config.test_report, config.format) {
        (Some(kind), _) => kind.render(report)?,
        (None, Format::Json) => {
            let mut text = serde_json::to_string_pretty(report)?;
            text.push('\n');
            crate::text::json_visible(&text)
        }
        (None, _) => crate::text::visible_lines(&report.text()),
    };
    let mut files = config.atomic_files();
    files.write(path, |file| file.write_all(text.as_bytes()))?;
    files.commit()?;
    Ok(printer.text(&report.text())?)
}
