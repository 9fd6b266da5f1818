//! The analyzer commands (`hog sweep`, `hog tournament`, `hog explain`,
//! `hog export`) run as a user runs them, checked against `hog eval`, the
//! committed fa24 tables, the library and, for `.py` exports, Python itself.
//!
//! `cargo test --release --test cli analyzer::`

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

use hog::engine;
use hog::engine::SweepOptions;
use hog::rules::{Preset, Rules};
use hog::strategy::{Resolver, StrategyTable};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The repository root, where the committed tables live.
fn repo(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// A scratch folder to run `hog` in.
fn scratch() -> TempDir {
    tempfile::Builder::new()
        .prefix("hog-analyzer-")
        .tempdir()
        .unwrap()
}

fn hog(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = crate::util::hog_command();
    cmd.current_dir(dir).args(args);
    cmd
}

/// Run `hog ARGS`, which must succeed quietly; its stdout.
fn run(dir: &Path, args: &[&str]) -> String {
    let out = hog(dir, args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hog {args:?} failed:\n{stderr}");
    assert!(stderr.is_empty(), "hog {args:?} wrote to stderr:\n{stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Run `hog ARGS --format json`: the JSON object, numbers with a fraction
/// kept exact (see [`parse_exact`]).
fn json(dir: &Path, args: &[&str]) -> Value {
    let text = run(dir, &[args, &["--format", "json"]].concat());
    parse_exact(&text)
}

/// `hog ARGS` must be refused as bad input: exit 2, nothing on stdout, one
/// `error: ` line mentioning every needle, no panic, no file left behind.
fn refuse(dir: &Path, args: &[&str], needles: &[&str]) -> String {
    let before = listing(dir);
    let out = hog(dir, args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "hog {args:?}:\n{stderr}");
    assert!(out.stdout.is_empty(), "hog {args:?} printed on stdout");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "hog {args:?}: {stderr}");
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "hog {args:?}: {stderr} lacks {needle:?}"
        );
    }
    assert_eq!(listing(dir), before, "hog {args:?} left files behind");
    stderr
}

/// Every file name in a folder (hidden ones too), sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Parse JSON; serde_json's `float_roundtrip` (enabled for the tests)
/// parses every float exactly, and these tests compare probabilities bit
/// for bit.
fn parse_exact(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

/// A JSON number.
fn f(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

fn fa24() -> Rules {
    Rules::preset(Preset::Fa24, 100).unwrap()
}

fn resolve(rules: &Rules, spec: &str) -> StrategyTable {
    Resolver::new(rules, SweepOptions::default())
        .resolve_str(spec)
        .unwrap()
}

/// `final_strategy.csv` as `[score][opponent]`.
fn read_wide(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .skip(1)
        .map(|line| {
            line.split(',')
                .skip(1)
                .map(|c| c.parse().unwrap())
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------
// hog sweep
// ---------------------------------------------------------------------------

#[test]
fn sweep_rows_are_hog_eval_exactly_and_best_is_the_first_maximum() {
    let dir = scratch();
    let v = json(
        dir.path(),
        &["sweep", "boar_strategy(threshold=9..=12, num_rolls=5..6)"],
    );
    assert_eq!(v["rules"], "fa24");
    assert_eq!(v["goal"], 100);
    assert_eq!(v["opponent"], "always_roll(6)");
    let rows = v["rows"].as_array().unwrap();
    // First parameter outermost: 4 thresholds x 1 num_rolls (5..6 excludes 6).
    let params: Vec<(u64, u64)> = rows
        .iter()
        .map(|r| {
            let p = &r["params"];
            (
                p["threshold"].as_u64().unwrap(),
                p["num_rolls"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(params, vec![(9, 5), (10, 5), (11, 5), (12, 5)]);
    for row in rows {
        let spec = row["strategy"].as_str().unwrap();
        let eval = json(dir.path(), &["eval", spec]);
        for field in ["first", "second", "average"] {
            assert_eq!(f(&row[field]), f(&eval[field]), "{spec} {field}");
        }
    }
    let averages: Vec<f64> = rows.iter().map(|r| f(&r["average"])).collect();
    let max = averages.iter().cloned().fold(f64::MIN, f64::max);
    let first_max = averages.iter().position(|&a| a == max).unwrap();
    assert_eq!(v["best"], rows[first_max]);
    // Thresholds 10 and 12 give the same table (Boar Brawl is 1 or a multiple of 3): a tie.
    assert_eq!(averages[1], averages[3]);
}

#[test]
fn sweep_defaults_and_the_default_row_match_rates() {
    let dir = scratch();
    let v = json(dir.path(), &["sweep", "sus_strategy(threshold=10..=12)"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    // num_rolls takes the course default 6; threshold 11 is sus_strategy itself.
    assert_eq!(rows[1]["params"]["num_rolls"], 6);
    assert_eq!(
        rows[1]["strategy"],
        "sus_strategy(threshold=11, num_rolls=6)"
    );
    let eval = json(dir.path(), &["eval", "sus_strategy"]);
    assert_eq!(f(&rows[1]["average"]), f(&eval["average"]));
    // The course: close to 67-69%.
    assert!((0.67..0.69).contains(&f(&rows[1]["average"])));
}

#[test]
fn sweep_against_another_opponent_and_rules() {
    let dir = scratch();
    let v = json(
        dir.path(),
        &[
            "--rules",
            "double-swap",
            "sweep",
            "bacon_strategy(margin=7..=8, num_rolls=5)",
            "--vs",
            "always_roll(4)",
        ],
    );
    assert_eq!(v["rules"], "double-swap");
    assert_eq!(v["opponent"], "always_roll(4)");
    let row = &v["rows"][1];
    let eval = json(
        dir.path(),
        &[
            "--rules",
            "double-swap",
            "eval",
            "bacon_strategy(8, 5)",
            "--vs",
            "always_roll(4)",
        ],
    );
    assert_eq!(f(&row["average"]), f(&eval["average"]));
}

#[test]
fn sweep_text_marks_one_best_row_and_csv_keeps_every_digit() {
    let dir = scratch();
    let text = run(
        dir.path(),
        &["sweep", "sus_strategy(threshold=5..=15, num_rolls=4..=7)"],
    );
    let marked: Vec<&str> = text.lines().filter(|l| l.ends_with(" *")).collect();
    assert_eq!(marked.len(), 1, "{text}");
    assert!(marked[0].starts_with("11 "), "{text}");
    assert!(
        text.contains("best: sus_strategy(threshold=11, num_rolls=4)"),
        "{text}"
    );
    let csv = run(
        dir.path(),
        &[
            "sweep",
            "sus_strategy(threshold=5..=15, num_rolls=4..=7)",
            "--format",
            "csv",
        ],
    );
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "threshold,num_rolls,first,second,average,best");
    assert_eq!(lines.len(), 1 + 11 * 4);
    assert_eq!(lines.iter().filter(|l| l.ends_with(",true")).count(), 1);
    let md = run(
        dir.path(),
        &["sweep", "boar_strategy(num_rolls=5..=6)", "--format", "md"],
    );
    assert!(
        md.contains("| threshold | num_rolls | first | second | average | best |"),
        "{md}"
    );
}

#[test]
fn sweep_refuses_bad_grids() {
    let dir = scratch();
    let d = dir.path();
    refuse(
        d,
        &["sweep", "boar_strategy(threshold=5..=3)"],
        &["empty range"],
    );
    refuse(d, &["sweep", "boar_strategy"], &["nothing to sweep"]);
    refuse(d, &["sweep", "boar_strategy()"], &["nothing to sweep"]);
    refuse(
        d,
        &["sweep", "boar_strategy(threshold=5, num_rolls=6)"],
        &["nothing to sweep"],
    );
    refuse(
        d,
        &["sweep", "boar_strategy(margin=1..=3)"],
        &["no parameter 'margin'", "threshold, num_rolls"],
    );
    refuse(
        d,
        &["sweep", "bacon_strategy(margin=1..=3)"],
        &["not a course strategy of the fa24 rules"],
    );
    refuse(
        d,
        &["sweep", "boar_strategy(num_rolls=5..=11)"],
        &["outside 0..=10"],
    );
    refuse(
        d,
        &["sweep", "boar_strategy(threshold=x..=3)"],
        &["'x..=3' is not a non-negative integer"],
    );
    refuse(
        d,
        &["sweep", "boar_strategy(threshold=1..=3)", "--vs", "nope"],
        &["unknown strategy 'nope'"],
    );
    refuse(
        d,
        &[
            "--rules",
            "double-swap",
            "sweep",
            "boar_strategy(threshold=1..=3)",
        ],
        &[
            "not a course strategy of the double-swap rules",
            "bacon_strategy, swap_strategy",
        ],
    );
}

// ---------------------------------------------------------------------------
// hog tournament
// ---------------------------------------------------------------------------

#[test]
fn tournament_matrix_mirrors_and_matches_hog_eval() {
    let dir = scratch();
    let specs = ["optimal", "boar_strategy", "sus_strategy", "always_roll(6)"];
    let v = json(dir.path(), &[&["tournament"][..], &specs].concat());
    assert_eq!(v["rules"], "fa24");
    assert_eq!(v["strategies"], serde_json::json!(specs));
    let m: Vec<Vec<f64>> = v["matrix"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(f).collect())
        .collect();
    for i in 0..4 {
        assert_eq!(m[i][i], 0.5);
        for j in i + 1..4 {
            assert_eq!(m[j][i], 1.0 - m[i][j]);
            let eval = json(dir.path(), &["eval", specs[i], "--vs", specs[j]]);
            assert_eq!(m[i][j], f(&eval["average"]), "{} vs {}", specs[i], specs[j]);
        }
    }
    // optimal beats everyone; sus_strategy beats boar_strategy (0.5034).
    assert_eq!(v["wins"], serde_json::json!([3, 1, 2, 0]));
    assert_eq!(v["ranking"], serde_json::json!([0, 2, 1, 3]));
    assert!(m[2][1] > 0.5 + 1e-6 && m[2][1] < 0.51, "{}", m[2][1]);
}

#[test]
fn tournament_reads_a_file_and_solves_each_spec_once() {
    let dir = scratch();
    fs::write(
        dir.path().join("specs.txt"),
        "# my strategies\n\noptimal\n  best_response(optimal)   # a Nash equilibrium again\nalways_roll(5)\n",
    )
    .unwrap();
    let v = json(
        dir.path(),
        &["tournament", "always_roll(6)", "--file", "specs.txt"],
    );
    assert_eq!(
        v["strategies"],
        serde_json::json!([
            "always_roll(6)",
            "optimal",
            "best_response(optimal)",
            "always_roll(5)"
        ])
    );
    // The best response to optimal is worth exactly as much as optimal against it.
    let m = &v["matrix"];
    assert!((f(&m[1][2]) - 0.5).abs() < 1e-12, "{}", m[1][2]);
    assert_eq!(v["wins"][1], 2);
    assert_eq!(v["wins"][2], 2);
}

#[test]
fn tournament_csv_and_md_show_the_matrix() {
    let dir = scratch();
    let csv = run(
        dir.path(),
        &["tournament", "optimal", "always_roll(6)", "--format", "csv"],
    );
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "strategy,optimal,always_roll(6)");
    assert!(lines[1].starts_with("optimal,0.5,0.72"), "{csv}");
    assert!(lines[2].ends_with(",0.5"), "{csv}");
    let md = run(
        dir.path(),
        &["tournament", "optimal", "always_roll(6)", "--format", "md"],
    );
    assert!(
        md.contains("| strategy | optimal | always_roll(6) |"),
        "{md}"
    );
    assert!(md.contains("| 1. optimal | 0 | 1/1 |"), "{md}");
    let text = run(dir.path(), &["tournament", "optimal", "always_roll(6)"]);
    assert!(text.contains("1. optimal"), "{text}");
    let row = text.lines().find(|l| l.starts_with("0 optimal")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[2..], ["0.500", "0.722"], "{text}");
}

#[test]
fn tournament_refuses_bad_specs_with_their_line() {
    let dir = scratch();
    let d = dir.path();
    fs::write(d.join("bad.txt"), "optimal\n# fine\nboar_strategy(12\n").unwrap();
    refuse(
        d,
        &["tournament", "optimal", "--file", "bad.txt"],
        &["bad.txt: line 3: bad strategy spec", "missing ')'"],
    );
    fs::write(d.join("unknown.txt"), "optimal\npig_strategy\n").unwrap();
    refuse(
        d,
        &["tournament", "always_roll(1)", "--file", "unknown.txt"],
        &["unknown.txt: line 2:", "unknown strategy 'pig_strategy'"],
    );
    refuse(
        d,
        &["tournament", "optimal", "--file", "missing.txt"],
        &["missing.txt"],
    );
    refuse(d, &["tournament", "optimal"], &["at least two strategies"]);
    refuse(
        d,
        &["tournament", "optimal", "always_roll(11)"],
        &["0..=10"],
    );
}

// ---------------------------------------------------------------------------
// hog explain
// ---------------------------------------------------------------------------

/// The committed `win_probabilities.csv` of fa24: `[score][opponent]` ->
/// (dice, win probability, p0..p10).
fn committed_win_probabilities() -> Vec<Vec<(u8, f64, Vec<f64>)>> {
    let text = fs::read_to_string(repo("output/fa24/win_probabilities.csv")).unwrap();
    let mut table = vec![vec![(0, 0.0, Vec::new()); 100]; 100];
    for line in text.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let s: usize = cells[0].parse().unwrap();
        let o: usize = cells[1].parse().unwrap();
        table[s][o] = (
            cells[2].parse().unwrap(),
            cells[3].parse().unwrap(),
            cells[4..].iter().map(|c| c.parse().unwrap()).collect(),
        );
    }
    table
}

#[test]
fn explain_agrees_with_the_committed_tables() {
    let dir = scratch();
    let strategy = read_wide(&fs::read_to_string(repo("output/fa24/final_strategy.csv")).unwrap());
    let wins = committed_win_probabilities();
    for (s, o) in [
        (0, 0),
        (53, 60),
        (15, 37),
        (41, 42),
        (99, 0),
        (0, 99),
        (72, 29),
        (88, 91),
    ] {
        let v = json(dir.path(), &["explain", &s.to_string(), &o.to_string()]);
        assert_eq!(v["score"], s);
        assert_eq!(v["opponent_score"], o);
        let best = v["best"].as_u64().unwrap() as usize;
        assert_eq!(best, strategy[s][o] as usize, "best at ({s}, {o})");
        let choices = v["choices"].as_array().unwrap();
        assert_eq!(choices.len(), 11);
        let (dice, win, p) = &wins[s][o];
        assert_eq!(best, *dice as usize);
        assert_eq!(f(&choices[best]["win_probability"]), *win, "({s}, {o})");
        for (k, choice) in choices.iter().enumerate() {
            assert_eq!(choice["dice"], k);
            assert_eq!(f(&choice["win_probability"]), p[k], "p{k} at ({s}, {o})");
            check_outcomes(choice, &wins, s, o);
        }
    }
}

/// Outcome probabilities sum to 1, and (optimal play) the win probability
/// is what the outcomes and the committed values say it is.
fn check_outcomes(choice: &Value, wins: &[Vec<(u8, f64, Vec<f64>)>], s: usize, o: usize) {
    let outcomes = choice["outcomes"].as_array().unwrap();
    let mut total = 0.0;
    let mut win = 0.0;
    let mut last: Option<(usize, usize)> = None;
    for outcome in outcomes {
        let new_s = outcome[0].as_u64().unwrap() as usize;
        let new_o = outcome[1].as_u64().unwrap() as usize;
        let q = f(&outcome[2]);
        assert!(q > 0.0 && q <= 1.0, "{q}");
        assert!(last < Some((new_s, new_o)), "sorted and merged");
        last = Some((new_s, new_o));
        // Every turn scores, and Sus Fuss only raises the mover.
        assert!(new_s > s && new_o == o, "({s}, {o}) -> ({new_s}, {new_o})");
        total += q;
        win += q * if new_s >= 100 {
            1.0
        } else {
            1.0 - wins[new_o][new_s].1
        };
    }
    assert!((total - 1.0).abs() < 1e-12, "outcomes sum to {total}");
    let claimed = f(&choice["win_probability"]);
    assert!(
        (win - claimed).abs() < 1e-12,
        "({s}, {o}): {win} vs {claimed}"
    );
}

#[test]
fn explain_53_60_shows_sus_fuss_and_points() {
    let dir = scratch();
    let v = json(dir.path(), &["explain", "53", "60"]);
    let zero = &v["choices"][0];
    assert_eq!(f(&zero["expected_points"]), 9.0);
    assert_eq!(f(&zero["one_point_probability"]), 0.0);
    assert_eq!(zero["outcomes"], serde_json::json!([[67, 60, 1.0]]));
    let six = &v["choices"][6];
    let p_one = 1.0 - (5.0f64 / 6.0).powi(6);
    assert!((f(&six["one_point_probability"]) - p_one).abs() < 1e-15);
    // 4 points per die without a 1, times the chance of no 1, plus Sow Sad's 1.
    let expected = 24.0 * (5.0f64 / 6.0).powi(6) + p_one;
    assert!((f(&six["expected_points"]) - expected).abs() < 1e-12);
    let text = run(dir.path(), &["explain", "53", "60"]);
    assert!(text.contains("Best: rolling 9 dice wins"), "{text}");
    assert!(text.contains("Sus Fuss lifts 62 to 67"), "{text}");
}

#[test]
fn explain_against_a_strategy_is_the_best_response() {
    let dir = scratch();
    let rules = fa24();
    let baseline = StrategyTable::constant(100, 6);
    let solution = engine::best_response(&rules, &baseline, &SweepOptions::default());
    for (s, o) in [(0, 0), (30, 70), (95, 95)] {
        let v = json(
            dir.path(),
            &[
                "explain",
                &s.to_string(),
                &o.to_string(),
                "--vs",
                "always_roll(6)",
            ],
        );
        assert_eq!(v["against"], "always_roll(6)");
        assert_eq!(v["best"], solution.choice(0, (s, o)));
        let values = solution.choice_values(0, (s, o));
        for (k, choice) in v["choices"].as_array().unwrap().iter().enumerate() {
            assert_eq!(f(&choice["win_probability"]), values[k]);
        }
    }
}

#[test]
fn explain_refuses_bad_scores() {
    let dir = scratch();
    let d = dir.path();
    refuse(
        d,
        &["explain", "100", "3"],
        &["SCORE 100 is not below the goal 100"],
    );
    refuse(d, &["explain", "3", "100"], &["OPPONENT 100"]);
    refuse(d, &["--goal", "50", "explain", "3", "50"], &["goal 50"]);
    refuse(
        d,
        &["explain", "x", "3"],
        &["'x' is not a non-negative integer"],
    );
    refuse(d, &["explain", "-1", "3"], &["'-1'"]);
    refuse(
        d,
        &["explain", "3", "4", "--vs", "nope"],
        &["unknown strategy 'nope'"],
    );
}

// ---------------------------------------------------------------------------
// hog export
// ---------------------------------------------------------------------------

/// Every value of the exported module's `final_strategy`, from one Python run.
fn python_values(module: &Path, goal: u32) -> Vec<Vec<u8>> {
    let script = format!(
        "import importlib.util, sys\n\
         spec = importlib.util.spec_from_file_location('exported', sys.argv[1])\n\
         m = importlib.util.module_from_spec(spec)\n\
         spec.loader.exec_module(m)\n\
         for s in range({goal}):\n    print(','.join(str(m.final_strategy(s, o)) for o in range({goal})))\n\
         for bad in [({goal}, 0), (0, {goal}), (-1, 0), (1.5, 0)]:\n    try:\n        m.final_strategy(*bad)\n        print('accepted', bad)\n    except ValueError:\n        pass\n"
    );
    let out = Process::new("python3")
        .arg("-c")
        .arg(script)
        .arg(module)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split(',').map(|c| c.parse().unwrap()).collect())
        .collect()
}

fn as_rows(table: &StrategyTable) -> Vec<Vec<u8>> {
    table
        .as_array()
        .rows()
        .into_iter()
        .map(|r| r.to_vec())
        .collect()
}

#[test]
fn exported_python_module_returns_the_table_everywhere() {
    let dir = scratch();
    run(dir.path(), &["export", "optimal", "--out", "final.py"]);
    let module = dir.path().join("final.py");
    let text = fs::read_to_string(&module).unwrap();
    assert!(
        text.starts_with("# Hog strategy table: optimal\n"),
        "{text}"
    );
    assert!(text.contains("# rules: fa24"), "{text}");
    let committed = read_wide(&fs::read_to_string(repo("output/fa24/final_strategy.csv")).unwrap());
    assert_eq!(python_values(&module, 100), committed);
    // Another goal and a table with tens in it.
    let rules = Rules::preset(Preset::Fa24, 37).unwrap();
    let table = resolve(&rules, "best_response(always_roll(10))");
    assert!(
        table.as_array().iter().any(|&d| d == 10),
        "some 10 to encode"
    );
    run(
        dir.path(),
        &[
            "--goal",
            "37",
            "export",
            "best_response(always_roll(10))",
            "--out",
            "sub/br.py",
        ],
    );
    assert_eq!(
        python_values(&dir.path().join("sub/br.py"), 37),
        as_rows(&table)
    );
}

#[test]
fn exported_csv_and_json_are_the_table() {
    let dir = scratch();
    run(dir.path(), &["export", "optimal", "--out", "t.csv"]);
    assert_eq!(
        fs::read(dir.path().join("t.csv")).unwrap(),
        fs::read(repo("output/fa24/final_strategy.csv")).unwrap()
    );
    let v = json(
        dir.path(),
        &["export", "sus_strategy(12, 5)", "--out", "t.json"],
    );
    assert_eq!(v["file"], "t.json");
    assert_eq!(v["strategy"], "sus_strategy(12, 5)");
    let array: Vec<Vec<u8>> =
        serde_json::from_str(&fs::read_to_string(dir.path().join("t.json")).unwrap()).unwrap();
    assert_eq!(array, as_rows(&resolve(&fa24(), "sus_strategy(12, 5)")));
    assert_eq!(
        listing(dir.path()),
        vec!["t.csv", "t.json"],
        "no temporary files"
    );
}

#[test]
fn export_refuses_unknown_extensions_and_bad_specs_without_a_file() {
    let dir = scratch();
    let d = dir.path();
    refuse(
        d,
        &["export", "optimal", "--out", "t.txt"],
        &["t.txt", ".csv, .json or .py"],
    );
    refuse(
        d,
        &["export", "optimal", "--out", "t"],
        &[".csv, .json or .py"],
    );
    refuse(
        d,
        &["export", "nope", "--out", "t.py"],
        &["unknown strategy 'nope'"],
    );
    refuse(
        d,
        &["export", "missing.csv", "--out", "t.json"],
        &["missing.csv"],
    );
}
