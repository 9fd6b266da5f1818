//! CSV strategy tables given as specs: both formats are read, and every
//! problem is refused with the file name and the row and column.

use crate::util::{long_table, rates, render, wide_grid, Scratch};

/// Some table that is neither constant nor a course strategy.
fn pattern(s: u32, o: u32) -> u8 {
    ((s * 7 + o * 3) % 11) as u8
}

/// A valid goal-100 grid to break in one place.
fn grid() -> Vec<Vec<String>> {
    wide_grid(100, pattern)
}

/// Refuse the table in `name` as `eval NAME`, `eval ... --vs NAME`,
/// `solve --against NAME` and `eval best_response(NAME)`.
fn refuse_table(s: &Scratch, name: &str, needles: &[&str]) {
    s.refuse(&["eval", name], needles);
    s.refuse(&["eval", "always_roll(4)", "--vs", name], needles);
    s.refuse(&["solve", "--against", name], needles);
    s.refuse(&["eval", &format!("best_response({name})")], needles);
}

#[test]
fn wide_and_long_tables_give_the_same_numbers() {
    let s = Scratch::new();
    s.write("wide.csv", &render(&grid()));
    s.write("long.csv", &long_table(100, pattern));
    s.write("sub/dir/copy.csv", &render(&grid()));
    let wide = s.json(&["eval", "wide.csv"]);
    let long = s.json(&["eval", "long.csv"]);
    let copy = s.json(&["eval", "sub/dir/copy.csv"]);
    assert_eq!(wide["strategy"], "wide.csv");
    assert_eq!(long["strategy"], "long.csv");
    assert_eq!(rates(&wide), rates(&long));
    assert_eq!(rates(&wide), rates(&copy));
    let absolute = s.join("wide.csv").display().to_string();
    assert_eq!(rates(&s.json(&["eval", &absolute])), rates(&wide));
    // The table is a real strategy: a poor one, but not a constant.
    let [first, second, average] = rates(&wide);
    assert!(0.0 < average && average < 0.5, "{first} {second} {average}");
    // And as an opponent, the two formats agree too.
    let vs_wide = s.json(&["eval", "always_roll(5)", "--vs", "wide.csv"]);
    let vs_long = s.json(&["eval", "always_roll(5)", "--vs", "long.csv"]);
    assert_eq!(rates(&vs_wide), rates(&vs_long));
    assert_eq!(vs_long["opponent"], "long.csv");
}

#[test]
fn a_table_of_a_course_strategy_rates_like_the_strategy() {
    let s = Scratch::new();
    // boar_strategy: 0 when Boar Brawl gives at least 11 points, else 6.
    let boar = |m: u32, o: u32| {
        let points = (3 * ((o / 10 % 10) as i32 - (m % 10) as i32).unsigned_abs()).max(1);
        if points >= 11 {
            0
        } else {
            6
        }
    };
    s.write("boar.csv", &render(&wide_grid(100, boar)));
    assert_eq!(
        rates(&s.json(&["eval", "boar.csv"])),
        rates(&s.json(&["eval", "boar_strategy"]))
    );
}

#[test]
fn a_wrong_header_is_refused() {
    let s = Scratch::new();
    let mut g = grid();
    g[0][100] = "100".into();
    s.write("last.csv", &render(&g));
    refuse_table(
        &s,
        "last.csv",
        &["last.csv: row 1, column 101: header cell '100' should be 99"],
    );

    let mut g = grid();
    g[0][4] = "x".into();
    s.write("cell.csv", &render(&g));
    refuse_table(
        &s,
        "cell.csv",
        &["cell.csv: row 1, column 5: header cell 'x' should be 3"],
    );

    let mut g = grid();
    g[0][0] = "player".into();
    s.write("first.csv", &render(&g));
    refuse_table(&s, "first.csv", &["first.csv: row 1: unrecognized header"]);

    s.write("small.csv", &render(&wide_grid(37, pattern)));
    refuse_table(
        &s,
        "small.csv",
        &["small.csv: row 1: the header has 37 opponent-score columns but the goal is 100"],
    );

    s.write("empty.csv", "");
    s.refuse(&["eval", "empty.csv"], &["empty.csv", "empty"]);
}

#[test]
fn too_few_or_too_many_rows_are_refused() {
    let s = Scratch::new();
    let mut g = grid();
    g.pop();
    s.write("few.csv", &render(&g));
    refuse_table(
        &s,
        "few.csv",
        &[
            "few.csv: row 101",
            "the table ends after 99 rows of scores; goal 100 needs 100",
        ],
    );

    let mut g = grid();
    g.truncate(1);
    s.write("header_only.csv", &render(&g));
    s.refuse(
        &["eval", "header_only.csv"],
        &["header_only.csv: row 2", "after 0 rows"],
    );

    let mut g = grid();
    g.push(g[1].clone());
    s.write("many.csv", &render(&g));
    refuse_table(&s, "many.csv", &["many.csv: row 102", "more than 100 rows"]);

    let mut g = grid();
    g[6][0] = "6".into();
    s.write("label.csv", &render(&g));
    refuse_table(
        &s,
        "label.csv",
        &["label.csv: row 7, column 1: score 6 where score 5 was expected"],
    );
}

#[test]
fn a_short_row_or_an_extra_column_is_refused() {
    let s = Scratch::new();
    let mut g = grid();
    g[51].pop(); // score 50, line 52
    s.write("short.csv", &render(&g));
    refuse_table(
        &s,
        "short.csv",
        &[
            "short.csv: row 52, column 101",
            "the row has 100 columns, expected 101",
        ],
    );

    let mut g = grid();
    g[8].push("3".into()); // score 7, line 9
    s.write("extra.csv", &render(&g));
    refuse_table(
        &s,
        "extra.csv",
        &[
            "extra.csv: row 9, column 102",
            "the row has 102, expected 101",
        ],
    );
}

#[test]
fn shape_errors_name_the_column() {
    let s = Scratch::new();
    let mut g = grid();
    g[51].pop();
    s.write("short.csv", &render(&g));
    s.refuse(&["eval", "short.csv"], &["short.csv: row 52, column 101"]);
    let mut g = grid();
    g[8].push("3".into());
    s.write("extra.csv", &render(&g));
    s.refuse(&["eval", "extra.csv"], &["extra.csv: row 9, column 102"]);
}

#[test]
fn a_cell_that_is_not_a_number_is_refused() {
    let s = Scratch::new();
    // grid()[1 + score][1 + opponent] is line 2 + score, column 2 + opponent.
    let cases = [(41, 17, "x"), (0, 99, "2.5"), (99, 0, ""), (63, 50, "six")];
    for (i, (score, opponent, cell)) in cases.into_iter().enumerate() {
        let mut g = grid();
        g[1 + score][1 + opponent] = cell.to_string();
        let name = format!("nan{i}.csv");
        s.write(&name, &render(&g));
        refuse_table(
            &s,
            &name,
            &[&format!(
                "{name}: row {}, column {}: score {score}, opponent score {opponent}: \
                 '{cell}' is not a whole number of dice",
                score + 2,
                opponent + 2
            )],
        );
    }
}

#[test]
fn a_value_outside_0_to_10_is_refused() {
    let s = Scratch::new();
    let cases = [
        (0, 0, "11"),
        (99, 99, "-2"),
        (12, 80, "255"),
        (70, 3, "1000000000000"),
    ];
    for (i, (score, opponent, cell)) in cases.into_iter().enumerate() {
        let mut g = grid();
        g[1 + score][1 + opponent] = cell.to_string();
        let name = format!("range{i}.csv");
        s.write(&name, &render(&g));
        refuse_table(
            &s,
            &name,
            &[&format!(
                "{name}: row {}, column {}: score {score}, opponent score {opponent}: \
                 {cell} dice is outside 0..=10",
                score + 2,
                opponent + 2
            )],
        );
    }
    // -1 is the move of rolling -1 dice: refused by the rules that lack
    // it, at its state.
    let mut g = grid();
    g[1 + 99][1 + 99] = "-1".to_string();
    s.write("minus.csv", &render(&g));
    refuse_table(
        &s,
        "minus.csv",
        &["rolls -1 dice at score 99, opponent score 99: only rules with a -1 move"],
    );
}

#[test]
fn long_table_problems_are_refused() {
    let s = Scratch::new();
    let lines = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut lines: Vec<String> = long_table(100, pattern).lines().map(String::from).collect();
        edit(&mut lines);
        lines.join("\n") + "\n"
    };
    s.write("dice.csv", &lines(&|l| l[10] = "99,90,11".into()));
    refuse_table(
        &s,
        "dice.csv",
        &["dice.csv: row 11, column 3: score 99, opponent score 90: 11 dice is outside 0..=10"],
    );
    s.write("word.csv", &lines(&|l| l[5000] = "50,0,many".into()));
    refuse_table(
        &s,
        "word.csv",
        &["word.csv: row 5001, column 3: score 50, opponent score 0: 'many' is not a whole number"],
    );
    s.write("score.csv", &lines(&|l| l[2] = "100,97,3".into()));
    refuse_table(
        &s,
        "score.csv",
        &["score.csv: row 3, column 1: score 100 is not below the goal 100"],
    );
    s.write("opp.csv", &lines(&|l| l[2] = "99,-97,3".into()));
    refuse_table(
        &s,
        "opp.csv",
        &["opp.csv: row 3, column 2: '-97' is not a score"],
    );
    s.write("cols.csv", &lines(&|l| l[7] = "99,93".into()));
    refuse_table(
        &s,
        "cols.csv",
        &[
            "cols.csv: row 8, column 3",
            "the row has 2 columns, expected 3",
        ],
    );
    s.write("twice.csv", &lines(&|l| l[3] = "99,99,1".into()));
    refuse_table(
        &s,
        "twice.csv",
        &["twice.csv: row 4", "state (99, 99) appears twice"],
    );
    s.write(
        "missing.csv",
        &lines(&|l| {
            l.remove(1);
        }),
    );
    refuse_table(
        &s,
        "missing.csv",
        &["missing.csv: row 10001", "state (99, 99) is missing"],
    );
}

#[test]
#[cfg(unix)]
fn only_regular_files_no_larger_than_the_goal_needs_are_read() {
    let s = Scratch::new();
    let fifo = std::ffi::CString::new(s.join("fifo.csv").to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    refuse_table(&s, "fifo.csv", &["fifo.csv", "not a regular file"]);
    s.refuse(&["eval", "/dev/zero"], &["/dev/zero", "not a regular file"]);
    s.refuse(&["eval", "/tmp"], &["/tmp", "a folder"]);
    for list in ["fifo.csv", "/dev/zero"] {
        s.refuse(
            &["tournament", "optimal", "always_roll(3)", "--file", list],
            &[list, "not a regular file"],
        );
    }
    s.write("big.csv", &"x".repeat(2 << 20));
    refuse_table(
        &s,
        "big.csv",
        &[
            "big.csv",
            "the file is 2097152 bytes, more than a strategy table for goal 100 can be (1688576 bytes at most)",
        ],
    );
}

#[test]
fn a_bad_value_names_the_state_as_well_as_the_cell() {
    let s = Scratch::new();
    let mut g = grid();
    g[42][2] = "11".into();
    s.write("bad.csv", &render(&g));
    refuse_table(
        &s,
        "bad.csv",
        &["bad.csv: row 43, column 3: score 41, opponent score 1: 11 dice is outside 0..=10"],
    );
}
