//! Every parser of user text fed arbitrary strings: specs, sweep grids, CSV
//! tables (whole files and single cells) and tournament spec files. The
//! only acceptable results are a value or an error, never a panic; through
//! the binary, exit status 0 or 2 (`cargo test --release --test cli fuzz::`).

use proptest::prelude::*;

use hog::rules::{Preset, Rules};
use hog::strategy::{table_from_csv, Grid, Spec};

/// Text that looks like the grammar's: names, brackets, numbers, ranges,
/// paths, quotes, and Unicode spaces and symbols among them.
fn spec_like() -> impl Strategy<Value = String> {
    prop::string::string_regex(
        "[a-z_()=,.:/0-9 \"'\\-+\u{a0}\u{2003}\u{3000}\u{e9}\u{1f40e}]{0,48}",
    )
    .unwrap()
}

/// Names of the grammar's calls with arbitrary text around them.
fn near_valid() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "always_roll(",
            "boar_strategy(",
            "best_response(",
            "sus_strategy(threshold=",
            "optimal",
            "t.csv",
            "hog.py:f",
        ]),
        spec_like(),
        prop::sample::select(vec!["", ")", "))", "..=", ","]),
    )
        .prop_map(|(a, b, c)| format!("{a}{b}{c}"))
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), spec_like(), near_valid()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn specs_parse_or_say_why_and_read_back_the_same(text in any_text()) {
        if let Ok(spec) = Spec::parse(&text) {
            let again = Spec::parse(&spec.to_string());
            prop_assert_eq!(again.ok(), Some(spec));
        }
    }

    #[test]
    fn grids_parse_or_say_why(text in any_text()) {
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let _ = Grid::parse(&text, &rules);
    }

    #[test]
    fn tournament_spec_files_read_every_line(text in any_text()) {
        for (line, spec) in hog::tournament::spec_lines(&text) {
            prop_assert!(line >= 1);
            prop_assert!(!spec.contains('#'));
            let _ = Spec::parse(spec);
        }
    }

    #[test]
    fn csv_tables_parse_or_name_the_place(text in any_text(), goal in 1u32..4) {
        let _ = table_from_csv(&text, &Rules::preset(Preset::Fa24, goal).unwrap());
        // Under rules with a clock a table may read it too.
        let chop = hog::rules::BuiltIn::from_name("fa15-contest").unwrap();
        let _ = table_from_csv(&text, &chop.rules(Some(goal), None).unwrap());
    }

    #[test]
    fn any_cell_of_a_table_is_read_or_named(cell in any_text(), s in 0usize..3, o in 0usize..3) {
        let mut rows = vec!["score,0,1,2".to_string()];
        for score in 0..3 {
            let cells: Vec<String> = (0..3)
                .map(|opp| if (score, opp) == (s, o) { cell.clone() } else { "4".into() })
                .collect();
            rows.push(format!("{score},{}", cells.join(",")));
        }
        let rules = Rules::preset(Preset::Fa24, 3).unwrap();
        match table_from_csv(&(rows.join("\n") + "\n"), &rules) {
            Ok(table) => prop_assert!(table.get(s as u32, o as u32) <= 10),
            Err(problem) => {
                let message = problem.at(std::path::Path::new("t.csv")).to_string();
                prop_assert!(message.starts_with("t.csv"), "{}", message);
            }
        }
    }
}

proptest! {
    // Each case starts the binary: fewer of them.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_binary_exits_0_or_2_on_any_spec(text in prop_oneof![spec_like(), near_valid()]) {
        let dir = tempfile::tempdir().unwrap();
        for args in [
            vec!["--goal", "20", "eval", text.as_str()],
            vec!["--goal", "20", "sweep", text.as_str()],
            vec!["--goal", "20", "eval", "optimal", "--vs", text.as_str()],
        ] {
            let out = crate::util::hog_command()
                .current_dir(dir.path())
                .env_remove("HOG_PYTHON")
                .args(&args)
                .timeout(std::time::Duration::from_secs(60))
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
            prop_assert!(matches!(out.status.code(), Some(0 | 2)), "{:?}: {:?} {}", args, out.status, stderr);
            if out.status.code() == Some(2) {
                prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", args, stderr);
            }
        }
    }
}
