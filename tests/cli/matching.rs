//! `hog match`: two tables on stdin in the course's hog-calc format, the
//! first one's exact win rate moving first out.

use serde_json::Value;

use crate::util::Scratch;

/// The numbers of a table exported as JSON (`[score][opponent_score]`),
/// and the same table as `NAME.csv` for `hog eval`.
fn numbers(s: &Scratch, spec: &str, goal: &str, name: &str) -> Vec<String> {
    for file in [format!("{name}.json"), format!("{name}.csv")] {
        s.hog()
            .args(["export", spec, "--goal", goal, "--out", &file])
            .assert()
            .success();
    }
    let text = std::fs::read_to_string(s.join(&format!("{name}.json"))).unwrap();
    let rows: Value = serde_json::from_str(&text).unwrap();
    rows.as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|d| d.to_string()))
        .collect()
}

#[test]
fn match_prints_the_first_tables_first_mover_rate_as_eval_does() {
    let s = Scratch::new();
    for (goal, a, b) in [
        ("100", "optimal", "boar_strategy"),
        ("100", "always_roll(6)", "optimal"),
        ("37", "best_response(always_roll(5))", "always_roll(5)"),
    ] {
        let mut input = numbers(&s, a, goal, "a");
        input.extend(numbers(&s, b, goal, "b"));
        // Newlines between numbers, as the course's runner writes them.
        let out = s
            .hog()
            .args(["match", "--goal", goal])
            .write_stdin(input.join("\n"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let eval = s.json(&["eval", "a.csv", "--vs", "b.csv", "--goal", goal]);
        let printed = String::from_utf8(out.stdout).unwrap();
        assert_eq!(printed, format!("{}\n", eval["first"]), "{a} vs {b}");
        assert!(out.stderr.is_empty(), "nothing else is printed");
    }
}

#[test]
fn bad_input_to_match_is_one_line_and_exit_2() {
    let s = Scratch::new();
    let fours = |n: usize| vec!["4"; n].join(" ");
    let mut out_of_range = ["4"; 8];
    out_of_range[5] = "11";
    for (input, needle) in [
        (fours(7), "expected 8 numbers (two 2 x 2 tables), got 7"),
        (fours(9), "expected 8 numbers (two 2 x 2 tables), got 9"),
        (
            String::new(),
            "expected 8 numbers (two 2 x 2 tables), got 0",
        ),
        (
            out_of_range.join(" "),
            "number 6 (table 2, score 0, opponent score 1) is 11, outside 0..=10 dice",
        ),
        (
            "4 4 4.5 4 4 4 4 4".to_string(),
            "number 3 (table 1, score 1, opponent score 0) is '4.5', not a whole number of dice",
        ),
    ] {
        let out = s
            .hog()
            .args(["match", "--goal", "2"])
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{stderr}");
        assert!(out.stdout.is_empty());
    }
    let out = s
        .hog()
        .args(["match", "--goal", "2", "--format", "json"])
        .write_stdin(fours(8))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Under rules with a -1 move (Pork Chop), `hog match` takes -1 in a
/// table as `hog eval` does, with the same answer; under rules without
/// it, -1 is refused in one line naming the move.
#[test]
fn match_takes_minus_one_where_the_rules_have_it() {
    let s = Scratch::new();
    let rules = crate::util::example("pork-chop.toml").display().to_string();
    let goal = "30";
    let n = 30 * 30;
    // The first table rolls -1 at every even score sum, 4 elsewhere.
    let first: Vec<String> = (0..n)
        .map(|i| {
            if (i / 30 + i % 30) % 2 == 0 {
                "-1"
            } else {
                "4"
            }
            .to_string()
        })
        .collect();
    let mut csv = String::from("score");
    for o in 0..30 {
        csv.push_str(&format!(",{o}"));
    }
    csv.push('\n');
    for s_ in 0..30 {
        csv.push_str(&s_.to_string());
        for o in 0..30 {
            csv.push(',');
            csv.push_str(&first[s_ * 30 + o]);
        }
        csv.push('\n');
    }
    s.write("minus.csv", &csv);
    let mut input = first.clone();
    input.extend(std::iter::repeat_n("5".to_string(), n));
    let out = s
        .hog()
        .args(["match", "--rules-file", &rules, "--goal", goal])
        .write_stdin(input.join(" "))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let eval = s.json(&[
        "eval",
        "minus.csv",
        "--vs",
        "always_roll(5)",
        "--rules-file",
        &rules,
        "--goal",
        goal,
    ]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n", eval["first"])
    );
    let out = s
        .hog()
        .args(["match", "--goal", goal])
        .write_stdin(input.join(" "))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("is -1, outside 0..=10 dice: only rules with a -1 move"),
        "{stderr}"
    );
}
