//! A check as Gradescope's `results.json` (the autograder specification:
//! <https://gradescope-autograders.readthedocs.io/en/latest/specs/>): a
//! test a function of the project, one point each for those that agree,
//! so the score is the number of functions that agree out of the
//! project's; the whole games as a test worth no points, shown; every
//! test visible to the student, as the course's ok-tests are.

use serde_json::{json, Value};

use super::report::{CheckReport, Finding, Verdict};

impl CheckReport {
    /// The report as Gradescope's results: `score` (functions that
    /// agree), `output` (the totals and what was missing), and `tests`,
    /// each with `name`, `score`, `max_score`, `status` and `output` (its
    /// line of the report).
    pub fn gradescope(&self) -> Value {
        // Its control characters written out, as the text report has them.
        let file = crate::text::one_line(&self.file);
        let mut tests: Vec<Value> = self
            .functions
            .iter()
            .map(|f| function_test(f, &file))
            .collect();
        if let Some(games) = &self.games {
            tests.push(json!({
                "name": "whole games",
                "score": 0,
                "max_score": 0,
                "status": if games.hold() { "passed" } else { "failed" },
                "output": games.summary(),
            }));
        }
        json!({
            "score": self.agreeing(),
            "output": self.totals(&file),
            "output_format": "text",
            "test_output_format": "text",
            "test_name_format": "text",
            "visibility": "visible",
            "tests": tests,
            "extra_data": { "rules": self.rules.rules, "goal": self.rules.goal, "ok": self.ok },
        })
    }

    /// How many functions agree with the rules.
    fn agreeing(&self) -> usize {
        self.functions
            .iter()
            .filter(|f| f.verdict == Verdict::Agrees)
            .count()
    }

    /// "12 of 14 functions of hog.py agree with the rules (fa24, goal
    /// 100). Missing (not defined, so not checked): sus_strategy. Not
    /// agreeing: sus_points."
    fn totals(&self, file: &str) -> String {
        let names = |keep: fn(&Finding) -> bool| -> Vec<&str> {
            self.functions
                .iter()
                .filter(|f| keep(f))
                .map(|f| f.function.as_str())
                .collect()
        };
        let mut out = format!(
            "{} of {} functions of {} agree with the rules ({}, goal {}).",
            self.agreeing(),
            self.functions.len(),
            file,
            self.rules.rules,
            self.rules.goal
        );
        let missing = names(|f| f.verdict == Verdict::Missing);
        if !missing.is_empty() {
            out += &format!(
                " Missing (not defined, so not checked): {}.",
                missing.join(", ")
            );
        }
        let failing = names(Finding::fails);
        if !failing.is_empty() {
            out += &format!(" Not agreeing: {}.", failing.join(", "));
        }
        out
    }
}

/// One function's test: a point if it agrees.
fn function_test(f: &Finding, file: &str) -> Value {
    let agrees = f.verdict == Verdict::Agrees;
    let mut output = match f.verdict {
        Verdict::Missing => format!("{file} does not define {}: not checked.", f.function),
        _ => f.summary(),
    };
    // (A function whose fault is its printing says so in its summary.)
    if let (Some(printed), false) = (&f.printed, matches!(f.verdict, Verdict::Prints { .. })) {
        output += &format!("\n(it prints: {printed})");
    }
    json!({
        "name": f.function,
        "score": u8::from(agrees),
        "max_score": 1,
        "status": if agrees { "passed" } else { "failed" },
        "output": output,
    })
}
