//! `hog check --format junit` and `--format gradescope`: the test reports
//! a course's autograder reads. Every semester's complete project is a
//! passing test a function; a project with planted bugs fails the
//! functions it should, with the first mismatch, the error or the time as
//! the message, skips (JUnit) or scores nothing for (Gradescope) a
//! function it lacks, and whatever the student's code prints or raises
//! (markup, control characters) leaves the XML well-formed. Other
//! commands refuse these formats in one line.

use std::path::Path;

use serde_json::Value;

use crate::util::{hog_command, Scratch};

/// Each semester's fixture, the rules it is checked under and how many
/// functions its project has.
const SEMESTERS: [(&str, &str, usize); 5] = [
    ("fa24", "fa24", 14),
    ("fa19", "fa19", 11),
    ("sp14", "double-swap", 10),
    ("su15", "reverse-swap", 11),
    ("digit-swap", "digit-swap", 11),
];

/// A semester's complete project (tests/fixtures/check/SEMESTER) copied
/// into `folder` of `dir`, with `edits` made to hog.py (each must apply);
/// the path of its hog.py relative to `dir`.
fn project(dir: &Scratch, folder: &str, semester: &str, edits: &[(&str, &str)]) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(semester);
    for name in ["dice.py", "ucb.py"] {
        let text = std::fs::read_to_string(fixture.join(name)).unwrap();
        dir.write(&format!("{folder}/{name}"), &text);
    }
    let mut text = std::fs::read_to_string(fixture.join("hog.py")).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the fixture has no {from:?}");
        text = text.replacen(from, to, 1);
    }
    let file = format!("{folder}/hog.py");
    dir.write(&file, &text);
    file
}

/// `hog ARGS` in `dir`: exit status, stdout, stderr.
fn hog(dir: &Scratch, args: &[&str]) -> (i32, String, String) {
    let out = hog_command()
        .current_dir(dir.path())
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One JUnit test case as read back: name, classname, and its failure's
/// type and message, or "skipped: MESSAGE".
#[derive(Debug, PartialEq)]
struct Case {
    name: String,
    classname: String,
    outcome: Option<(String, String)>,
    assertions: Option<u64>,
    out: Option<String>,
}

/// The test suite's name and attributes, and its test cases.
fn parse_junit(xml: &str) -> (String, [usize; 4], Vec<Case>) {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{e}:\n{xml}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert_eq!(suites.len(), 1, "{xml}");
    let suite = suites[0];
    let count = |name: &str| -> usize {
        let n = suite.attribute(name).unwrap().parse().unwrap();
        assert_eq!(root.attribute(name).unwrap().parse::<usize>().unwrap(), n);
        n
    };
    let counts = [
        count("tests"),
        count("failures"),
        count("errors"),
        count("skipped"),
    ];
    let cases = suite
        .children()
        .filter(|n| n.is_element())
        .map(|case| {
            assert_eq!(case.tag_name().name(), "testcase");
            let child = |tag: &str| case.children().find(|n| n.has_tag_name(tag));
            let outcome = match (child("failure"), child("skipped")) {
                (Some(f), None) => Some((
                    f.attribute("type").unwrap().to_string(),
                    f.attribute("message").unwrap().to_string(),
                )),
                (None, Some(s)) => Some((
                    "skipped".to_string(),
                    s.attribute("message").unwrap().to_string(),
                )),
                (None, None) => None,
                _ => panic!("both a failure and skipped: {xml}"),
            };
            Case {
                name: case.attribute("name").unwrap().to_string(),
                classname: case.attribute("classname").unwrap().to_string(),
                outcome,
                assertions: case.attribute("assertions").map(|a| a.parse().unwrap()),
                out: child("system-out")
                    .and_then(|n| n.text())
                    .map(str::to_string),
            }
        })
        .collect();
    (suite.attribute("name").unwrap().to_string(), counts, cases)
}

#[test]
fn every_semesters_complete_project_is_a_passing_test_a_function() {
    let dir = Scratch::new();
    for (semester, rules, functions) in SEMESTERS {
        let file = project(&dir, semester, semester, &[]);
        let (status, xml, err) = hog(
            &dir,
            &[
                "--rules", rules, "--format", "junit", "check", &file, "--games", "1000",
            ],
        );
        assert_eq!(status, 0, "{semester}: {xml}\n{err}");
        let (suite, counts, cases) = parse_junit(&xml);
        assert_eq!(suite, format!("{file} ({rules}, goal 100)"));
        // A case a function, then the whole games.
        assert_eq!(counts, [functions + 1, 0, 0, 0], "{semester}");
        assert_eq!(cases.len(), functions + 1);
        assert!(cases
            .iter()
            .all(|c| c.outcome.is_none() && c.classname == rules));
        assert!(cases[..functions]
            .iter()
            .all(|c| c.assertions.unwrap() > 0 && c.out.is_none()));
        assert_eq!(cases[0].name, "roll_dice");
        assert_eq!(cases[0].assertions, Some(120));
        let games = &cases[functions];
        assert_eq!(games.name, "whole games");
        assert_eq!(games.assertions, Some(1000));
        assert!(
            games.out.as_deref().unwrap().contains("games of your play"),
            "{games:?}"
        );

        let (status, json, err) = hog(
            &dir,
            &[
                "--rules",
                rules,
                "--format",
                "gradescope",
                "check",
                &file,
                "--games",
                "0",
            ],
        );
        assert_eq!(status, 0, "{semester}: {json}\n{err}");
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["score"], functions, "{semester}");
        let tests = v["tests"].as_array().unwrap();
        // No games asked: a test a function, nothing more.
        assert_eq!(tests.len(), functions, "{semester}");
        for (test, case) in tests.iter().zip(&cases) {
            assert_eq!(test["name"], case.name.as_str());
            assert_eq!((&test["score"], &test["max_score"]), (&1.into(), &1.into()));
            assert_eq!(test["status"], "passed");
            assert!(
                test["output"].as_str().unwrap().starts_with("OK ("),
                "{test}"
            );
        }
        assert_eq!(
            v["output"],
            format!("{functions} of {functions} functions of {file} agree with the rules ({rules}, goal 100).")
        );
    }
}

/// Fall 2024's project with a bug of each kind: `sus_points` forgets four
/// factors (so the updates differ too), `play` lets player 1 move first
/// (so the whole games are flagged), `max_scoring_num_rolls` raises an
/// error full of markup, `is_always_roll` hangs, `sus_strategy` is not
/// there, and `make_averaged` prints markup and control characters. The
/// folder's name has markup and a control character too.
fn buggy_project(dir: &Scratch) -> String {
    project(
        dir,
        "a&b<c>\u{1}",
        "fa24",
        &[
            ("in (3, 4):", "== 3:"),
            ("    who = 0\n", "    who = 1\n"),
            (
                "    averaged = make_averaged(roll_dice, times_called)\n",
                "    raise ValueError('</failure>]]>&\"\\x07')\n",
            ),
            (
                "    first = strategy(0, 0)\n",
                "    while True:\n        pass\n",
            ),
            ("def sus_strategy(", "def sus_strategy_unfinished("),
            (
                "    def averaged(*args):\n",
                "    print('</testcase><testcase name=\"x\">\\x01\\x1b[2J')\n    \
                 def averaged(*args):\n",
            ),
        ],
    )
}

/// make_averaged's line: its answers right, a print left in.
const PRINTS: &str = "agrees, but prints at make_averaged(f, 1)(1, 2) and then (10, 20), f \
     returning (4, 2, 5, 1, 7) plus its arguments' sum: </testcase><testcase \
     name=\"x\">\\x01\\x1b[2J (the course's tests compare what is printed, so a print left in \
     fails them)";

/// What the buggy project's functions should fail with: (function,
/// failure type, message).
fn expected_failures(file: &str) -> Vec<(&'static str, &'static str, String)> {
    vec![
        (
            "sus_points",
            "differs",
            "sus_points(6) should be 7, yours gives 6".into(),
        ),
        // (sus_update, which calls the buggy sus_points, is judged with
        // the rules' own and agrees; a print left in fails.)
        ("make_averaged", "prints", PRINTS.into()),
        (
            "play",
            "differs",
            "play(boar_strategy, always_roll(6), sus_update, 0, 0, make_test_dice(2, 6, 6, 3, 5, \
             6, 2), 100) should be (103, 79) after 7 turns: strategy0(0, 0), strategy1(0, 28), \
             strategy0(28, 24), strategy1(24, 47), strategy0(47, 53), strategy1(53, 79), ..., \
             yours gives (67, 103) after 7 turns: strategy1(0, 0), strategy0(0, 28), \
             strategy1(28, 24), strategy0(24, 53), strategy1(53, 53), strategy0(53, 79), ..."
                .into(),
        ),
        (
            "is_always_roll",
            "slow",
            "had not returned after 8 s of CPU time (at is_always_roll(always_roll(0)))".into(),
        ),
        (
            "max_scoring_num_rolls",
            "raised",
            "raised at max_scoring_num_rolls(make_test_dice(1, 6), 1): ValueError: \
             </failure>]]>&\"\\x07"
                .into(),
        ),
        (
            "sus_strategy",
            "skipped",
            format!("{file} does not define sus_strategy"),
        ),
    ]
}

#[test]
fn planted_bugs_fail_their_test_cases_with_the_first_mismatch() {
    let dir = Scratch::new();
    let file = buggy_project(&dir);
    let args = [
        "--format",
        "junit",
        "check",
        &file,
        "--games",
        "3000",
        // Long enough for 110,000 calls of sus_update on a busy machine.
        "--function-timeout",
        "8",
    ];
    let (status, xml, err) = hog(&dir, &args);
    // Some functions differ: status 1, and the report is all there.
    assert_eq!(status, 1, "{xml}\n{err}");
    // No raw control character and no markup of the student's own.
    assert!(!xml.contains('\u{1}') && !xml.contains('\u{7}') && !xml.contains('\u{1b}'));
    assert!(!xml.contains(r#"<testcase name="x">"#), "{xml}");
    let (suite, counts, cases) = parse_junit(&xml);
    assert_eq!(suite, "a&b<c>\\x01/hog.py (fa24, goal 100)");
    assert_eq!(counts, [15, 6, 0, 1], "{xml}");
    let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "roll_dice",
            "boar_brawl",
            "num_factors",
            "sus_points",
            "take_turn",
            "simple_update",
            "sus_update",
            "play",
            "always_roll",
            "is_always_roll",
            "make_averaged",
            "max_scoring_num_rolls",
            "boar_strategy",
            "sus_strategy",
            "whole games",
        ]
    );
    let outcome = |name: &str| {
        cases
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .outcome
            .clone()
    };
    for (function, kind, message) in expected_failures(&file.replace('\u{1}', "\\x01")) {
        assert_eq!(
            outcome(function),
            Some((kind.to_string(), message)),
            "{function}: {xml}"
        );
    }
    let (kind, games) = outcome("whole games").unwrap();
    assert_eq!(kind, "games");
    assert!(
        games.starts_with("player 0 (hog's boar_strategy) won ")
            && games.ends_with("(beyond 4: your games are not the rules' games)"),
        "{games}"
    );
    let failing = cases.iter().filter(|c| c.outcome.is_some()).count();
    assert_eq!(failing, 7);
    // What make_averaged prints, shown as it is, its control characters
    // written out.
    let averaged = &cases[10];
    assert_eq!(averaged.name, "make_averaged");
    assert_eq!(
        averaged.outcome,
        Some(("prints".to_string(), PRINTS.to_string()))
    );
    assert_eq!(
        averaged.out.as_deref(),
        Some(r#"it prints: </testcase><testcase name="x">\x01\x1b[2J"#)
    );

    // The same as Gradescope's results, to a file: a point a function
    // that agrees, none for the missing one, the games worth nothing.
    let out = [&args[..], &["--out", "results/results.json"]].concat();
    let out: Vec<&str> = out
        .iter()
        .map(|a| if *a == "junit" { "gradescope" } else { a })
        .collect();
    let (status, text, err) = hog(&dir, &out);
    assert_eq!(status, 1, "{text}\n{err}");
    // The words on stdout, for the autograder's log.
    assert!(
        text.contains("Some functions do not agree with the rules."),
        "{text}"
    );
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results/results.json")).unwrap())
            .unwrap();
    assert_eq!(v["score"], 14 - 6);
    assert_eq!(v["visibility"], "visible");
    let tests = v["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 15);
    let max: u64 = tests.iter().map(|t| t["max_score"].as_u64().unwrap()).sum();
    let sum: u64 = tests.iter().map(|t| t["score"].as_u64().unwrap()).sum();
    assert_eq!((sum, max), (8, 14));
    let test = |name: &str| tests.iter().find(|t| t["name"] == name).unwrap();
    assert_eq!(test("sus_strategy")["status"], "failed");
    assert_eq!(
        test("sus_strategy")["output"],
        format!(
            "{} does not define sus_strategy: not checked.",
            file.replace('\u{1}', "\\x01")
        )
    );
    assert_eq!(test("make_averaged")["status"], "failed");
    assert_eq!(test("make_averaged")["output"], PRINTS);
    assert_eq!(
        test("is_always_roll")["output"],
        "had not returned after 8 s of CPU time (at is_always_roll(always_roll(0)))"
    );
    assert!(test("sus_points")["output"]
        .as_str()
        .unwrap()
        .starts_with("51 of 161 inputs differ: sus_points(6) should be 7, yours gives 6; "));
    let games = test("whole games");
    assert_eq!(
        (&games["score"], &games["max_score"]),
        (&0.into(), &0.into())
    );
    assert_eq!(games["status"], "failed");
    assert_eq!(
        v["output"],
        format!(
            "8 of 14 functions of {} agree with the rules (fa24, goal 100). Missing (not \
             defined, so not checked): sus_strategy. Not agreeing: sus_points, play, \
             is_always_roll, make_averaged, max_scoring_num_rolls.",
            file.replace('\u{1}', "\\x01")
        )
    );
}

#[test]
fn test_reports_are_hog_checks_alone_and_out_is_a_file() {
    let dir = Scratch::new();
    for format in ["junit", "gradescope"] {
        let (status, out, err) = hog(&dir, &["--format", format, "eval", "always_roll(6)"]);
        assert_eq!((status, out.as_str()), (2, ""), "{err}");
        assert_eq!(
            err.trim(),
            format!(
                "error: bad argument: --format {format} is a test report of hog check (for an \
                 autograder); the other commands write text, json, csv or md"
            )
        );
    }
    let file = project(&dir, "p", "fa24", &[]);
    std::fs::create_dir(dir.join("results")).unwrap();
    let (status, out, err) = hog(
        &dir,
        &["--format", "junit", "check", &file, "--out", "results"],
    );
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert_eq!(
        err.trim(),
        "error: bad argument: --out results: that is a folder; give the report's file name \
         (results.json, say)"
    );
}
