//! `--format` as given: the four formats every command writes, and the
//! two test reports that only `hog check` writes, for a course's
//! autograder. The commands read [`Format`] (so none of them has cases it
//! cannot write) and `hog check` the test report too; any other command
//! given a test report format is refused in one line.

use clap::ValueEnum;

use super::Format;
use crate::HogError;

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Human-readable text.
    Text,
    /// One JSON object.
    Json,
    /// CSV with a header row.
    Csv,
    /// Markdown tables.
    Md,
    /// hog check only: JUnit XML, a test case a function.
    Junit,
    /// hog check only: Gradescope's results.json, a point a function that agrees.
    Gradescope,
}

/// A test report of `hog check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestReport {
    /// JUnit XML.
    Junit,
    /// Gradescope's `results.json`.
    Gradescope,
}

impl FormatArg {
    /// The format the commands read (text for a test report, which only
    /// `hog check` writes) and the test report, if it is one.
    pub fn split(self) -> (Format, Option<TestReport>) {
        match self {
            FormatArg::Text => (Format::Text, None),
            FormatArg::Json => (Format::Json, None),
            FormatArg::Csv => (Format::Csv, None),
            FormatArg::Md => (Format::Md, None),
            FormatArg::Junit => (Format::Text, Some(TestReport::Junit)),
            FormatArg::Gradescope => (Format::Text, Some(TestReport::Gradescope)),
        }
    }

    /// Refuse a test report for a command other than `hog check`.
    pub fn for_command(self, is_check: bool) -> Result<FormatArg, HogError> {
        match self.split().1 {
            Some(_) if !is_check => Err(HogError::BadArgument(format!(
                "--format {} is a test report of hog check (for an autograder); \
                 the other commands write text, json, csv or md",
                self.name()
            ))),
            _ => Ok(self),
        }
    }

    /// Its name on the command line.
    fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_string())
    }
}

impl TestReport {
    /// The report of a check in this format, as the file's text.
    pub fn render(self, report: &crate::check::CheckReport) -> anyhow::Result<String> {
        Ok(match self {
            TestReport::Junit => report.junit(),
            TestReport::Gradescope => {
                let mut text = serde_json::to_string_pretty(&report.gradescope())?;
                text.push('\n');
                // DEL, C1 and the bidirectional controls as \u escapes, as
                // every JSON hog writes has them.
                crate::text::json_visible(&text)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_reports_are_hog_checks_alone() {
        assert_eq!(
            FormatArg::Junit.split(),
            (Format::Text, Some(TestReport::Junit))
        );
        assert_eq!(FormatArg::Md.split(), (Format::Md, None));
        assert!(FormatArg::Gradescope.for_command(true).is_ok());
        assert!(FormatArg::Json.for_command(false).is_ok());
        let refused = FormatArg::Gradescope.for_command(false).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "bad argument: --format gradescope is a test report of hog check (for an \
             autograder); the other commands write text, json, csv or md"
        );
    }
}
