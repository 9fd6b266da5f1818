//! `hog solve`: the report and the two tables it writes, checked cell by
//! cell against each other, the rules, and `hog eval`.

use std::path::Path;

use crate::util::{num, rates, read_final_strategy, read_win_probabilities, Scratch};

/// fa24's Boar Brawl.
fn boar_brawl(mover: u32, opponent: u32) -> u32 {
    let diff = (opponent / 10 % 10) as i32 - (mover % 10) as i32;
    (3 * diff.unsigned_abs()).max(1)
}

fn divisors(n: u32) -> u32 {
    (1..=n).filter(|d| n.is_multiple_of(*d)).count() as u32
}

/// fa24's Sus Fuss: a score with 3 or 4 divisors becomes the next prime.
fn sus_fuss(score: u32) -> u32 {
    if matches!(divisors(score), 3 | 4) {
        (score + 1..).find(|&n| divisors(n) == 2).unwrap()
    } else {
        score
    }
}

#[test]
fn solve_reports_json_and_writes_consistent_tables() {
    let s = Scratch::new();
    let v = s.json(&["solve", "--out", "tables"]);
    assert_eq!(v["rules"], "fa24");
    assert_eq!(v["goal"], 100);
    assert!(v["against"].is_null(), "{v}");
    assert_eq!(
        v["files"],
        serde_json::json!(["tables/final_strategy.csv", "tables/win_probabilities.csv"])
    );
    let seconds = num(&v, "seconds");
    assert!((0.0..60.0).contains(&seconds), "{seconds}");
    let first = num(&v, "first_player_win_probability");
    // Optimal play against optimal play: moving first is an advantage.
    assert!((0.55..0.60).contains(&first), "{first}");
    assert_eq!(
        s.file_names(),
        ["tables/final_strategy.csv", "tables/win_probabilities.csv"],
        "exactly the two tables, no temporary file"
    );

    let table = read_final_strategy(&s.join("tables/final_strategy.csv"), 100);
    let probs = read_win_probabilities(&s.join("tables/win_probabilities.csv"), 100);
    for row in &probs {
        assert_eq!(
            row.dice,
            usize::from(table[row.score][row.opponent]),
            "dice at ({}, {}) in both files",
            row.score,
            row.opponent
        );
        // The best choice, ties within 1e-12 going to the fewest dice.
        let best = row.p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert!(row.win >= best - 1e-12, "({}, {})", row.score, row.opponent);
        assert!(
            row.p[..row.dice].iter().all(|&p| p < best - 1e-12),
            "fewest dice among ties at ({}, {}): {:?}",
            row.score,
            row.opponent,
            row.p
        );
    }
    assert_eq!(first, probs[0].win, "(0, 0) of win_probabilities.csv");
    // Every turn scores at least 1: at 99 the mover has won, and the tie
    // rule makes that zero dice.
    for o in 0..100 {
        assert_eq!(probs[99 * 100 + o].win, 1.0);
        assert_eq!(table[99][o], 0);
    }
}

#[test]
fn zero_dice_probabilities_follow_boar_brawl_and_sus_fuss() {
    let s = Scratch::new();
    s.run(&["solve", "--out", "t", "--quiet"]);
    let probs = read_win_probabilities(&s.join("t/win_probabilities.csv"), 100);
    let win = |mover: u32, other: u32| probs[(mover * 100 + other) as usize].win;
    let mut wins_outright = 0;
    for row in &probs {
        let (m, o) = (row.score as u32, row.opponent as u32);
        let after = sus_fuss(m + boar_brawl(m, o));
        if after >= 100 {
            assert_eq!(row.p[0], 1.0, "({m}, {o}) -> {after}");
            wins_outright += 1;
        } else {
            // The opponent moves next, at (o, after).
            let expected = 1.0 - win(o, after);
            assert!(
                (row.p[0] - expected).abs() < 1e-12,
                "p0 at ({m}, {o}) is {} but 1 - W({o}, {after}) is {expected}",
                row.p[0]
            );
        }
    }
    assert!(wins_outright > 0);
}

#[test]
fn best_response_round_trips_through_eval() {
    let s = Scratch::new();
    let v = s.json(&["solve", "--against", "always_roll(6)", "--out", "br"]);
    assert_eq!(v["against"], "always_roll(6)");
    let first = num(&v, "first_player_win_probability");
    let table = s.join("br/final_strategy.csv");
    read_final_strategy(&table, 100);
    let probs = read_win_probabilities(&s.join("br/win_probabilities.csv"), 100);
    assert_eq!(probs[0].win, first);

    let path = table.display().to_string();
    let eval = s.json(&["eval", &path, "--vs", "always_roll(6)"]);
    // The solve's maximizing seat sums by the recurrence, the evaluation's
    // fixed seats by dot products: the same number up to rounding.
    let gap = (num(&eval, "first") - first).abs();
    assert!(gap < 1e-15, "eval of the written table: {gap}");
    // The best response named as a spec against what it answers is the
    // solve's own value: one quantity, the solve's bits.
    let named = s.json(&["eval", "best_response(always_roll(6))"]);
    assert_eq!(num(&named, "first"), first, "the response's own value");
    for (a, b) in rates(&eval).iter().zip(rates(&named)) {
        assert!(
            (a - b).abs() < 1e-15,
            "the table read back is the best response"
        );
    }
    // Relative to the working folder, as a user would type it.
    assert_eq!(
        rates(&s.json(&["eval", "br/final_strategy.csv"])),
        rates(&eval)
    );
}

#[test]
fn optimal_table_round_trips_through_eval() {
    let s = Scratch::new();
    let v = s.json(&["solve", "--out", "opt"]);
    let first = num(&v, "first_player_win_probability");
    let table = "opt/final_strategy.csv";
    let self_play = s.json(&["eval", table, "--vs", table]);
    // Recurrence (solve) against dot products (eval): rounding apart.
    assert!((num(&self_play, "first") - first).abs() < 1e-15);
    assert_eq!(num(&self_play, "average"), 0.5);
    assert_eq!(
        rates(&s.json(&["eval", table])),
        rates(&s.json(&["eval", "optimal"]))
    );
    // And as the opponent of a best response.
    let br = s.json(&["solve", "--against", table, "--out", "br"]);
    assert!((num(&br, "first_player_win_probability") - first).abs() < 1e-12);
}

#[test]
fn default_folders_are_named_for_rules_and_goal() {
    let s = Scratch::new();
    let v = s.json(&["--goal", "37", "solve"]);
    assert_eq!(v["goal"], 37);
    assert_eq!(
        v["files"],
        serde_json::json!([
            "output/fa24-goal37/final_strategy.csv",
            "output/fa24-goal37/win_probabilities.csv"
        ])
    );
    let table = read_final_strategy(&s.join("output/fa24-goal37/final_strategy.csv"), 37);
    assert_eq!(table.len(), 37);
    assert!(table.iter().all(|row| row.len() == 37));
    let probs = read_win_probabilities(&s.join("output/fa24-goal37/win_probabilities.csv"), 37);
    assert_eq!(probs[0].win, num(&v, "first_player_win_probability"));
    // Read back at its own goal, refused at another.
    let eval = s.json(&[
        "--goal",
        "37",
        "eval",
        "output/fa24-goal37/final_strategy.csv",
    ]);
    assert_eq!(eval["goal"], 37);
    s.refuse(
        &["eval", "output/fa24-goal37/final_strategy.csv"],
        &["row 1", "37 opponent-score columns but the goal is 100"],
    );

    let v = s.json(&["solve", "--against", "always_roll(6)"]);
    let br = "output/fa24/best_response/always_roll_6-1af80be3";
    assert_eq!(v["files"][0], format!("{br}/final_strategy.csv"));
    let v = s.json(&["--hog-wild", "--goal", "20", "solve"]);
    assert_eq!(v["rules"], "boar-brawl+hog-wild+sus-fuss");
    assert_eq!(
        v["files"][0],
        "output/boar-brawl+hog-wild+sus-fuss-goal20/final_strategy.csv"
    );
    s.json(&["--rules", "digit-swap", "solve"]);
    let mut names = s.file_names();
    names.sort();
    assert_eq!(
        names,
        [
            "output/boar-brawl+hog-wild+sus-fuss-goal20/final_strategy.csv",
            "output/boar-brawl+hog-wild+sus-fuss-goal20/win_probabilities.csv",
            "output/digit-swap/final_strategy.csv",
            "output/digit-swap/win_probabilities.csv",
            "output/fa24-goal37/final_strategy.csv",
            "output/fa24-goal37/win_probabilities.csv",
            "output/fa24/best_response/always_roll_6-1af80be3/final_strategy.csv",
            "output/fa24/best_response/always_roll_6-1af80be3/win_probabilities.csv",
        ]
    );
}

/// A rules file named like a preset (`./fa24`) or a built-in rule set
/// never writes into that rule set's folder.
#[test]
fn a_rules_file_named_like_a_preset_has_a_folder_of_its_own() {
    let s = Scratch::new();
    s.write("fa24", "zero_dice = \"bacon-tens\"\n");
    s.write("fa19", "zero_dice = \"bacon-tens\"\n");
    let v = s.json(&["--rules-file", "fa24", "--goal", "20", "solve"]);
    assert_eq!(v["rules"], "fa24");
    assert_eq!(v["files"][0], "output/fa24-file-goal20/final_strategy.csv");
    let v = s.json(&["--rules-file", "fa19", "--goal", "20", "solve"]);
    assert_eq!(v["files"][0], "output/fa19-file-goal20/final_strategy.csv");
    let v = s.json(&["--rules", "fa19", "--goal", "20", "solve"]);
    assert_eq!(v["files"][0], "output/fa19-goal20/final_strategy.csv");
}

#[test]
fn solve_text_and_csv_formats() {
    let s = Scratch::new();
    let first = num(
        &s.json(&["solve", "--out", "j"]),
        "first_player_win_probability",
    );
    let text = s.run(&["solve", "--out", "t"]);
    assert!(text.contains("fa24"), "{text}");
    assert!(text.contains(&first.to_string()), "{text}");
    assert!(text.contains("wrote t/final_strategy.csv"), "{text}");
    assert!(text.contains("wrote t/win_probabilities.csv"), "{text}");

    let csv = s.run(&[
        "solve",
        "--out",
        "c",
        "--against",
        "always_roll(6)",
        "--format",
        "csv",
    ]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "rules",
            "goal",
            "against",
            "first_player_win_probability",
            "files",
            "seconds"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(&rows[0][0], "fa24");
    assert_eq!(&rows[0][2], "always_roll(6)");
    let br: f64 = rows[0][3].parse().unwrap();
    assert!(
        br > first,
        "the best response to always_roll(6) beats optimal's {first}"
    );
    for dir in ["j", "t", "c"] {
        assert!(Path::new(&s.join(dir)).join("final_strategy.csv").is_file());
    }
}

#[test]
fn win_probabilities_can_be_skipped() {
    let s = Scratch::new();
    let v = s.json(&["solve", "--out", "t", "--win-probabilities", "never"]);
    assert_eq!(v["files"], serde_json::json!(["t/final_strategy.csv"]));
    assert_eq!(s.file_names(), ["t/final_strategy.csv"]);
    let v = s.json(&[
        "--goal",
        "5",
        "solve",
        "--out",
        "u",
        "--win-probabilities",
        "always",
    ]);
    assert_eq!(v["files"].as_array().unwrap().len(), 2);
    read_win_probabilities(&s.join("u/win_probabilities.csv"), 5);
}
