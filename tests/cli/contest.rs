//! `hog contest`: the fixture folder of submissions made for this test
//! (tests/fixtures/contest): good entries, and one of each way to fail.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::util::Scratch;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/contest")
}

/// A copy of the fixture in `s`, each file modified at a known time:
/// twin_two.py (a day) before twin_one.py, so it was submitted first.
fn fixture_copy(s: &Scratch) -> PathBuf {
    let dir = s.join("fixture");
    std::fs::create_dir_all(&dir).unwrap();
    let day = std::time::Duration::from_secs(86_400);
    let start = std::time::SystemTime::UNIX_EPOCH + 20_000 * day;
    for entry in std::fs::read_dir(fixture()).unwrap() {
        let from = entry.unwrap().path();
        let to = dir.join(from.file_name().unwrap());
        std::fs::copy(&from, &to).unwrap();
        let when = if to.ends_with("twin_two.py") {
            start
        } else {
            start + day
        };
        std::fs::File::options()
            .write(true)
            .open(&to)
            .unwrap()
            .set_modified(when)
            .unwrap();
    }
    dir
}

/// `hog contest` as JSON, at goal 30 with a Python timeout that a good
/// submission meets on a loaded machine and the sleeper never does.
fn contest(s: &Scratch, dir: &Path, out: &str, more: &[&str]) -> Value {
    let dir = dir.display().to_string();
    let mut args = vec!["contest", &dir, "--goal", "30", "--python-timeout", "10"];
    args.extend(["--out", out, "--quiet"]);
    args.extend(more);
    s.json(&args)
}

#[test]
fn the_fixture_contest_ranks_by_points_from_exact_pairs_and_says_who_is_out() {
    let s = Scratch::new();
    let folder = fixture_copy(&s);
    let v = contest(&s, &folder, "results", &[]);
    let board = v["leaderboard"].as_array().unwrap();
    let names: Vec<&str> = board.iter().map(|e| e["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["Alpha", "Beta <b>", "Delta", "Gamma", "Twin"]);
    let twin = board.iter().find(|e| e["name"] == "Twin").unwrap();
    assert_eq!(
        twin["file"], "twin_two.py",
        "the first submitter keeps the name"
    );
    // Every pair against hog eval of the two files.
    let file_of = |e: &Value| folder.join(e["file"].as_str().unwrap());
    let mut points = vec![0; board.len()];
    let matrix = std::fs::read_to_string(s.join("results/matrix.csv")).unwrap();
    let rows: Vec<Vec<String>> = matrix
        .lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    for (i, a) in board.iter().enumerate() {
        for (j, b) in board.iter().enumerate() {
            if i == j {
                continue;
            }
            let eval = s.json(&[
                "eval",
                &format!("{}:final_strategy", file_of(a).display()),
                "--vs",
                &format!("{}:final_strategy", file_of(b).display()),
                "--goal",
                "30",
            ]);
            let average = eval["average"].as_f64().unwrap();
            if average > 0.5 + 1e-6 {
                points[i] += 1;
            }
            // matrix.csv: rows and columns in entry (file) order.
            let row = rows
                .iter()
                .position(|r| r[0] == a["name"].as_str().unwrap())
                .unwrap();
            let col = rows[0]
                .iter()
                .position(|c| c == b["name"].as_str().unwrap())
                .unwrap();
            let cell: f64 = rows[row][col].parse().unwrap();
            assert!(
                (cell - average).abs() < 1e-12,
                "{} vs {}",
                names[i],
                names[j]
            );
        }
    }
    for (e, p) in board.iter().zip(&points) {
        assert_eq!(e["points"], *p, "{}", e["name"]);
    }
    // Ranked by points, ties sharing a rank.
    let ranks: Vec<u64> = board.iter().map(|e| e["rank"].as_u64().unwrap()).collect();
    for (k, e) in board.iter().enumerate() {
        let above = points.iter().filter(|&&p| p > points[k]).count() as u64;
        assert_eq!(ranks[k], 1 + above, "{}", e["name"]);
    }
    assert_eq!(names[0], "Alpha");
    assert_eq!(*names.last().unwrap(), "Delta");
    // Each broken submission, with its reason.
    let rejected: Vec<(String, String)> = v["rejected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().into(),
                r["reason"].as_str().unwrap().into(),
            )
        })
        .collect();
    let reason = |file: &str| {
        rejected
            .iter()
            .find(|(f, _)| f == file)
            .map(|(_, r)| r.clone())
            .unwrap_or_else(|| panic!("{file} is not left out: {rejected:?}"))
    };
    assert_eq!(
        reason("raises.py"),
        "final_strategy(7, 0) raised ValueError: seven is unlucky"
    );
    assert_eq!(
        reason("eleven.py"),
        "final_strategy(0, 3) returned 11, outside 0..=10 dice"
    );
    assert!(reason("counting.py").contains("deterministic"));
    assert!(reason("sleeper.py").starts_with("timed out after 10 s"));
    assert_eq!(
        reason("twin_one.py"),
        "its name 'Twin' is taken by twin_two.py, submitted earlier (by modification time); \
         the first submitter keeps a name"
    );
    assert_eq!(
        reason("nameless.py"),
        "it defines no PLAYER_NAME (or TEAM_NAME)"
    );
    assert_eq!(reason("empty_name.py"), "PLAYER_NAME is empty");
    assert_eq!(
        reason("long_name.py"),
        "PLAYER_NAME is 101 characters long; a name has at most 100"
    );
    assert_eq!(
        reason("number_name.py"),
        "PLAYER_NAME is 42 (of type int), not a string"
    );
    assert_eq!(
        reason("crashes.py"),
        "python3 exited (exit status: 3) while computing final_strategy(5, 0)"
    );
    assert_eq!(rejected.len(), 10);
    // The page stands alone and a name cannot break it.
    let page = std::fs::read_to_string(s.join("results/contest.html")).unwrap();
    assert!(page.contains("Beta &lt;b&gt;") && !page.contains("Beta <b>"));
    assert!(!page.contains("http://") && !page.contains("https://"));
    let rejected_csv = std::fs::read_to_string(s.join("results/rejected.csv")).unwrap();
    assert_eq!(rejected_csv.lines().count(), 11);
}

/// A folder with the fixture's good entries.
fn good_entries(s: &Scratch) -> PathBuf {
    let dir = s.join("submissions");
    std::fs::create_dir_all(&dir).unwrap();
    for file in ["alpha.py", "beta.py", "gamma.py", "delta.py"] {
        std::fs::copy(fixture().join(file), dir.join(file)).unwrap();
    }
    dir
}

#[test]
fn a_rerun_evaluates_only_the_pairs_of_what_changed() {
    let s = Scratch::new();
    let dir = good_entries(&s);
    let first = contest(&s, &dir, "results", &[]);
    assert_eq!(
        (first["pairs"].as_u64(), first["pairs_evaluated"].as_u64()),
        (Some(6), Some(6))
    );
    let board = std::fs::read(s.join("results/leaderboard.csv")).unwrap();
    let matrix = std::fs::read(s.join("results/matrix.csv")).unwrap();
    let again = contest(&s, &dir, "results", &[]);
    assert_eq!(again["pairs_evaluated"], 0);
    assert_eq!(
        again["submissions_from_cache"], 4,
        "no Python runs for unchanged files"
    );
    assert_eq!(
        std::fs::read(s.join("results/leaderboard.csv")).unwrap(),
        board
    );
    assert_eq!(std::fs::read(s.join("results/matrix.csv")).unwrap(), matrix);
    // One changed submission: its three pairs only.
    std::fs::write(
        dir.join("gamma.py"),
        "TEAM_NAME = 'Gamma'\n\ndef final_strategy(score, opponent_score):\n    return 5\n",
    )
    .unwrap();
    let changed = contest(&s, &dir, "results", &[]);
    assert_eq!(changed["pairs_evaluated"], 3);
    assert_eq!(changed["submissions_from_cache"], 3);
    // A fresh folder gets the same bytes as the cached run.
    let fresh = contest(&s, &dir, "fresh", &[]);
    assert_eq!(fresh["pairs_evaluated"], 6);
    for file in ["leaderboard.csv", "matrix.csv", "cache.json", "tables.json"] {
        assert_eq!(
            std::fs::read(s.join(&format!("results/{file}"))).unwrap(),
            std::fs::read(s.join(&format!("fresh/{file}"))).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn default_dice_enters_broken_strategies_but_not_bad_names() {
    let s = Scratch::new();
    let v = contest(
        &s,
        &fixture(),
        "results",
        &["--default-dice", "4", "--jobs", "3"],
    );
    let board = v["leaderboard"].as_array().unwrap();
    let defaulted: Vec<&str> = board
        .iter()
        .filter(|e| !e["default_dice_because"].is_null())
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    let mut sorted = defaulted.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        ["Counter", "Crasher", "Eleven", "Raiser", "Sleeper"]
    );
    assert_eq!(v["rejected"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_contest_arguments_are_refused() {
    let s = Scratch::new();
    let dir = good_entries(&s);
    let d = dir.display().to_string();
    s.refuse(
        &["contest", &d, "--jobs", "0"],
        &["--jobs must be at least 1"],
    );
    s.refuse(&["contest", &d, "--margin", "0.7"], &["--margin"]);
    s.refuse(
        &["contest", &d, "--default-dice", "11"],
        &["--default-dice 11"],
    );
    std::fs::create_dir_all(s.join("empty")).unwrap();
    s.refuse(&["contest", "empty"], &["holds no submissions"]);
    s.refuse(&["contest", "missing-folder"], &["missing-folder"]);
}

/// A refusal is kept like an acceptance: a re-run with nothing changed
/// starts no Python (the sleeper's timeout is not paid again), a longer
/// timeout tries the file that timed out again, `--fresh` everything.
#[test]
fn refusals_are_kept_and_fresh_redoes_everything() {
    let s = Scratch::new();
    let dir = good_entries(&s);
    for file in ["sleeper.py", "raises.py", "nameless.py"] {
        std::fs::copy(fixture().join(file), dir.join(file)).unwrap();
    }
    let first = contest(&s, &dir, "results", &[]);
    assert_eq!(first["submissions_from_cache"], 0);
    assert_eq!(first["rejected"].as_array().unwrap().len(), 3);
    let started = std::time::Instant::now();
    let again = contest(&s, &dir, "results", &[]);
    assert_eq!(again["submissions_from_cache"], 7, "{again}");
    assert_eq!(again["rejected"], first["rejected"]);
    assert_eq!(again["leaderboard"], first["leaderboard"]);
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    // More time than it had: the sleeper runs again (and times out again).
    let longer = s.json(&[
        "contest",
        &dir.display().to_string(),
        "--goal",
        "30",
        "--python-timeout",
        "12",
        "--out",
        "results",
        "--quiet",
    ]);
    assert_eq!(longer["submissions_from_cache"], 6, "{longer}");
    let fresh = contest(&s, &dir, "results", &["--fresh"]);
    assert_eq!(fresh["submissions_from_cache"], 0);
    assert_eq!(fresh["pairs_evaluated"], 6);
    assert_eq!(fresh["leaderboard"], first["leaderboard"]);
}

/// As an organizer runs real submissions: each in its own folder (a
/// relative open finds what is beside it; what it writes stays there),
/// its prints in a log the output names and not on the terminal, helper
/// modules not counted as submissions, `--exclude`.
#[test]
fn submissions_run_in_their_folder_print_into_logs_and_helpers_are_not_entries() {
    let s = Scratch::new();
    let dir = good_entries(&s);
    std::fs::write(dir.join("data.txt"), "6").unwrap();
    std::fs::write(
        dir.join("reader.py"),
        "import dice\nPLAYER_NAME = 'Reader'\nprint('reading \\x1b[2J data.txt')\n\
         with open('data.txt') as f:\n    N = int(f.read())\nopen('written.txt', 'w').write('x')\n\
         def final_strategy(score, opponent_score):\n    return dice.clip(N)\n",
    )
    .unwrap();
    std::fs::write(dir.join("dice.py"), "def clip(n):\n    return min(n, 10)\n").unwrap();
    std::fs::write(dir.join("test_reader.py"), "import reader\n").unwrap();
    let out = s
        .hog()
        .args(["contest", "submissions", "--goal", "30", "--out", "results"])
        .args(["--exclude", "test_*"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stdout.contains("reading") && !stderr.contains("reading"));
    assert!(
        stdout.contains("Helpers (imported, not entered): dice.py"),
        "{stdout}"
    );
    assert!(stdout.contains("Excluded: test_reader.py"), "{stdout}");
    assert!(
        stdout.contains("What 1 of the submissions printed: results/logs"),
        "{stdout}"
    );
    assert!(stdout.contains("Reader"), "{stdout}");
    let log = std::fs::read_to_string(s.join("results/logs/reader.py.log")).unwrap();
    assert_eq!(log, "reading \\x1b[2J data.txt\n");
    assert!(
        dir.join("written.txt").is_file(),
        "written beside the submission"
    );
    assert!(!s.join("written.txt").exists());
    // The JSON names each entry's log.
    let v = s.json(&[
        "contest",
        "submissions",
        "--goal",
        "30",
        "--out",
        "results",
        "--exclude",
        "test_*",
        "--quiet",
    ]);
    let reader = v["leaderboard"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Reader")
        .unwrap()
        .clone();
    assert_eq!(reader["log"], "results/logs/reader.py.log");
    assert_eq!(v["helpers"], serde_json::json!(["dice.py"]));
    // A submission that prints nothing any more loses its log.
    std::fs::write(
        dir.join("reader.py"),
        "PLAYER_NAME = 'Reader'\ndef final_strategy(score, opponent_score):\n    return 6\n",
    )
    .unwrap();
    s.json(&[
        "contest",
        "submissions",
        "--goal",
        "30",
        "--out",
        "results",
        "--exclude",
        "test_*",
        "--quiet",
    ]);
    assert!(!s.join("results/logs/reader.py.log").exists());
}

#[test]
fn a_name_with_escape_codes_never_reaches_the_terminal() {
    let s = Scratch::new();
    let dir = good_entries(&s);
    std::fs::write(
        dir.join("evil.py"),
        "PLAYER_NAME = '\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mEve'\n\
         def final_strategy(score, opponent_score):\n    return 5\n",
    )
    .unwrap();
    for format in ["text", "md", "json"] {
        let out = s
            .hog()
            .args(["contest", "submissions", "--goal", "30", "--out", "r"])
            .args(["--format", format])
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            !stdout.contains('\u{1b}') && !stdout.contains('\u{7}'),
            "{stdout:?}"
        );
        let shown = if format == "json" {
            "\\u001b[31mEve"
        } else {
            "\\x1b[31mEve"
        };
        assert!(stdout.contains(shown), "{format}: {stdout}");
    }
    let page = std::fs::read_to_string(s.join("r/contest.html")).unwrap();
    assert!(!page.contains('\u{1b}') && page.contains("\\x1b[31mEve"));
}

#[test]
fn jobs_are_bounded_and_a_contest_that_cannot_start_says_why() {
    let s = Scratch::new();
    let dir = good_entries(&s);
    let d = dir.display().to_string();
    s.refuse(
        &["contest", &d, "--jobs", "100000"],
        &["--jobs 100000: a contest runs at most 256 Python processes at once"],
    );
    let lonely = s.join("lonely");
    std::fs::create_dir_all(&lonely).unwrap();
    std::fs::copy(fixture().join("alpha.py"), lonely.join("alpha.py")).unwrap();
    std::fs::copy(fixture().join("raises.py"), lonely.join("raises.py")).unwrap();
    s.refuse(
        &["contest", "lonely", "--goal", "30"],
        &[
            "1 of 2 submissions in lonely could enter; left out: raises.py: \
           final_strategy(7, 0) raised ValueError: seven is unlucky",
        ],
    );
    // More jobs than files is no error: there is one process per file.
    let v = contest(&s, &dir, "results", &["--jobs", "200"]);
    assert_eq!(v["leaderboard"].as_array().unwrap().len(), 4);
}
