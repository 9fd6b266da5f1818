//! A check as JUnit XML, the test report CI servers and autograders read:
//! one test case a function of the project, in the course's order, and
//! one for the whole games.
//!
//! Everything in it may come from the student's file (its name, what a
//! function printed or raised, the values it returned), so every string
//! is escaped here, whatever the report did before: markup characters as
//! entities, and the characters XML 1.0 does not allow at all (most C0
//! controls, U+FFFE, U+FFFF) written out visibly as `\x1b`, as hog's
//! other output writes them, so the file always parses and a reader sees
//! what was there.

use std::fmt::Write as _;

use super::report::{CheckReport, Finding, Verdict};

impl CheckReport {
    /// The report as a JUnit XML document: a `testsuite` named after the
    /// file and the rules, a `testcase` a function (classname the rules)
    /// with a `failure` for one that differs, raised or hung (its message
    /// the first mismatch, the error or the time) and `skipped` for one the
    /// file does not define, then `whole games` where games were played.
    pub fn junit(&self) -> String {
        let classname = &self.rules.rules;
        let mut cases = String::new();
        let (mut failures, mut skipped) = (0, 0);
        for f in &self.functions {
            match &f.verdict {
                Verdict::Missing => skipped += 1,
                Verdict::Agrees => {}
                _ => failures += 1,
            }
            cases += &function_case(f, classname, &self.file);
        }
        let mut tests = self.functions.len();
        if let Some(games) = &self.games {
            tests += 1;
            let summary = games.summary();
            let body = if games.hold() {
                element("system-out", &summary)
            } else {
                failures += 1;
                failure("games", &summary, &summary)
            };
            cases += &case("whole games", classname, Some(games.played), &body);
        }
        let suite = format!(
            "{} ({}, goal {})",
            self.file, self.rules.rules, self.rules.goal
        );
        let counts =
            format!(r#"tests="{tests}" failures="{failures}" errors="0" skipped="{skipped}""#);
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <testsuites name=\"hog check\" {counts}>\n  \
             <testsuite name=\"{}\" {counts}>\n{cases}  </testsuite>\n</testsuites>\n",
            escape(&suite)
        )
    }
}

/// One function's test case.
fn function_case(f: &Finding, classname: &str, file: &str) -> String {
    let mut body = match &f.verdict {
        Verdict::Agrees => String::new(),
        Verdict::Missing => format!(
            "      <skipped message=\"{}\"/>\n",
            escape(&format!("{file} does not define {}", f.function))
        ),
        Verdict::Differs { .. } => {
            let first = f
                .fault
                .clone()
                .or_else(|| f.mismatches.first().map(|m| m.sentence()));
            failure(
                "differs",
                &first.unwrap_or_else(|| f.summary()),
                &f.summary(),
            )
        }
        Verdict::Raised { .. } => failure("raised", &f.summary(), &f.summary()),
        Verdict::Slow { .. } => failure("slow", &f.summary(), &f.summary()),
        Verdict::Prints { .. } => failure("prints", &f.summary(), &f.summary()),
    };
    if let Some(printed) = &f.printed {
        body += &element("system-out", &format!("it prints: {printed}"));
    }
    let checked = (f.verdict != Verdict::Missing).then_some(f.checked as u64);
    case(&f.function, classname, checked, &body)
}

/// A `testcase` around `body` (empty: it passed); `assertions` counts the
/// inputs it was called with.
fn case(name: &str, classname: &str, assertions: Option<u64>, body: &str) -> String {
    let mut open = format!(
        "    <testcase name=\"{}\" classname=\"{}\"",
        escape(name),
        escape(classname)
    );
    if let Some(n) = assertions {
        let _ = write!(open, " assertions=\"{n}\"");
    }
    if body.is_empty() {
        open + "/>\n"
    } else {
        format!("{open}>\n{body}    </testcase>\n")
    }
}

/// A `failure` of a kind, its one-line message and the whole line as text.
fn failure(kind: &str, message: &str, text: &str) -> String {
    format!(
        "      <failure type=\"{kind}\" message=\"{}\">{}</failure>\n",
        escape(message),
        escape(text)
    )
}

/// An element holding text.
fn element(name: &str, text: &str) -> String {
    format!("      <{name}>{}</{name}>\n", escape(text))
}

/// `text` safe in XML 1.0 text and attribute values alike: hog's visible
/// escapes for control characters first, then the markup characters as
/// entities and tab, line feed and carriage return as character
/// references (an attribute keeps them so; a parser would make them
/// spaces), and the two non-characters XML forbids written out.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in crate::text::visible_lines(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            // Controls the visible escapes leave (none today) and the
            // non-characters: never raw, whatever `visible_lines` becomes.
            c if forbidden(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// Whether XML 1.0's `Char` production leaves `c` out.
fn forbidden(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_forbidden_characters_are_escaped_visibly() {
        assert_eq!(
            escape(r#"</testcase><testcase name="x">"#),
            "&lt;/testcase&gt;&lt;testcase name=&quot;x&quot;&gt;"
        );
        assert_eq!(escape("a\u{0}b\u{1b}[31m"), "a\\x00b\\x1b[31m");
        assert_eq!(escape("tab\there\nline"), "tab&#9;here&#10;line");
        assert_eq!(escape("\u{fffe}'&"), "\\u{fffe}&apos;&amp;");
        assert_eq!(escape("plain café"), "plain café");
    }
}
