//! Helpers shared by the CLI tests: a scratch folder to run `hog` in,
//! checks for refused input, and readers for the files `hog solve` writes.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

/// The `hog` binary under test.
pub fn hog_path() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_hog"))
}

/// `hog`, for every test of the binary: one place to say how it runs.
pub fn hog_command() -> Command {
    let mut cmd = Command::cargo_bin("hog").expect("the hog binary is built");
    // A hang is a failure: no command here takes a minute.
    cmd.timeout(std::time::Duration::from_secs(120));
    cmd
}

/// A temporary folder that is the working directory of the commands run in it.
pub struct Scratch {
    dir: TempDir,
}

impl Scratch {
    pub fn new() -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix("hog-cli-")
            .tempdir()
            .expect("a temporary folder");
        Scratch { dir }
    }

    /// The folder itself.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// A path inside the folder.
    pub fn join(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    /// `hog` with this folder as its working directory.
    pub fn hog(&self) -> Command {
        let mut cmd = hog_command();
        cmd.current_dir(self.path());
        cmd
    }

    /// Write a file (creating its folder) and return its path.
    pub fn write(&self, relative: &str, contents: &str) -> PathBuf {
        let path = self.join(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(&path, contents).unwrap();
        path
    }

    /// Every file and folder below the scratch folder (hidden ones too),
    /// with its size for files, sorted.
    pub fn files(&self) -> Vec<(String, Option<u64>)> {
        fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, Option<u64>)>) {
            for entry in fs::read_dir(dir).unwrap() {
                let entry = entry.unwrap();
                let path = entry.path();
                let name = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let meta = fs::symlink_metadata(&path).unwrap();
                if meta.is_dir() {
                    out.push((name + "/", None));
                    walk(root, &path, out);
                } else {
                    out.push((name, Some(meta.len())));
                }
            }
        }
        let mut out = Vec::new();
        walk(self.path(), self.path(), &mut out);
        out.sort();
        out
    }

    /// The file names (no sizes, no folders) below the scratch folder.
    pub fn file_names(&self) -> Vec<String> {
        self.files()
            .into_iter()
            .filter(|(_, size)| size.is_some())
            .map(|(name, _)| name)
            .collect()
    }

    /// Run `hog ARGS`, which must succeed with nothing on stderr; its stdout.
    pub fn run(&self, args: &[&str]) -> String {
        run_ok(self.hog().args(args))
    }

    /// Run `hog ARGS --format json`; the one JSON object it prints.
    pub fn json(&self, args: &[&str]) -> Value {
        let text = self.run(&[args, &["--format", "json"]].concat());
        parse_json(&text).unwrap_or_else(|e| panic!("hog {args:?}: {e}:\n{text}"))
    }

    /// [`Scratch::json`] for rules that may say something about
    /// themselves: stderr may hold `note: ` lines (a game that can go on
    /// forever), and nothing else.
    pub fn json_noted(&self, args: &[&str]) -> Value {
        let mut cmd = self.hog();
        let out = cmd
            .args(args)
            .args(["--format", "json"])
            .output()
            .expect("hog runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{cmd:?} failed:\n{stderr}");
        assert!(
            stderr.lines().all(|line| line.starts_with("note: ")),
            "{cmd:?} wrote more than notes to stderr:\n{stderr}"
        );
        let text = String::from_utf8(out.stdout).expect("stdout is UTF-8");
        parse_json(&text).unwrap_or_else(|e| panic!("hog {args:?}: {e}:\n{text}"))
    }

    /// Run `hog ARGS`, which must be refused as bad input: exit status 2,
    /// nothing on stdout, one line on stderr starting `error: ` and
    /// containing every needle, no panic, and no file created or changed.
    /// Returns the error line.
    pub fn refuse(&self, args: &[&str], needles: &[&str]) -> String {
        let before = self.files();
        let stderr = refused(self.hog().args(args), args);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "hog {args:?}: expected a one-line error, got:\n{stderr}"
        );
        let line = lines[0];
        assert_mentions(line, needles, args);
        assert_eq!(
            self.files(),
            before,
            "hog {args:?} left files behind (or changed them)"
        );
        line.to_string()
    }

    /// Like [`Scratch::refuse`] for clap's usage errors, which add a usage
    /// note after the first line: only the first line is checked.
    pub fn refuse_usage(&self, args: &[&str], needles: &[&str]) -> String {
        let before = self.files();
        let stderr = refused(self.hog().args(args), args);
        let first = stderr.lines().next().unwrap_or("");
        assert_mentions(first, needles, args);
        assert_eq!(self.files(), before, "hog {args:?} left files behind");
        stderr
    }
}

/// The rules file `name` in `examples/rules`.
pub fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/rules")
        .join(name)
}

/// Each Python rules file `(name, text)` is refused by `hog eval` in one
/// line naming the file and `problem`.
pub fn refuse_python(dir: &Scratch, cases: &[(&str, String, &str)]) {
    for (name, text, problem) in cases {
        dir.write(name, text);
        dir.refuse(
            &["eval", "--rules-py", name, "always_roll(3)"],
            &[name, problem],
        );
    }
}

/// A Python rules file and its rules-file twin solved by `hog solve ARGS`
/// into the folders `outs` (Python's first): the first player's win
/// probability the same bits, and the optimum the same row for row after
/// the header (a Python clock's column is named `clock`). The Python
/// solve's JSON, and both files' text, Python's first.
pub fn solve_twins(
    dir: &Scratch,
    (py, toml): (&str, &str),
    args: &[&str],
    outs: [&str; 2],
) -> (Value, String, String) {
    let solve = |rules: [&str; 2], out: &str| {
        dir.json(&[&["solve", rules[0], rules[1], "--out", out][..], args].concat())
    };
    let a = solve(["--rules-py", py], outs[0]);
    let b = solve(["--rules-file", toml], outs[1]);
    assert_eq!(
        num(&a, "first_player_win_probability").to_bits(),
        num(&b, "first_player_win_probability").to_bits()
    );
    let read = |out: &str| fs::read_to_string(dir.join(out).join("final_strategy.csv")).unwrap();
    let (p, t) = (read(outs[0]), read(outs[1]));
    assert!(
        p.lines().skip(1).eq(t.lines().skip(1)),
        "{py} and {toml} differ"
    );
    (a, p, t)
}

/// `hog ARGS` under a Python rules file and under its rules-file twin: the
/// same first player's rate, bit for bit.
pub fn eval_twins(dir: &Scratch, (py, toml): (&str, &str), args: &[&str]) {
    let first = |rules: [&str; 2]| num(&dir.json(&[args, &rules[..]].concat()), "first");
    assert_eq!(
        first(["--rules-py", py]).to_bits(),
        first(["--rules-file", toml]).to_bits()
    );
}

/// Run a command that must succeed with nothing on stderr; its stdout.
pub fn run_ok(cmd: &mut Command) -> String {
    let out = cmd.output().expect("hog runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{cmd:?} failed with {}:\n{stderr}",
        out.status
    );
    assert!(
        stderr.is_empty(),
        "{cmd:?} wrote to stderr, which is not a terminal here:\n{stderr}"
    );
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// Exit status 2, empty stdout, `error: ` first, no panic; the stderr text.
fn refused(cmd: &mut Command, args: &[&str]) -> String {
    let out = cmd.output().expect("hog runs");
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert!(
        !stderr.contains("panicked"),
        "hog {args:?} panicked:\n{stderr}"
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "hog {args:?}: expected exit status 2, got {}; stderr:\n{stderr}",
        out.status
    );
    assert!(
        out.stdout.is_empty(),
        "hog {args:?} printed on stdout:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        stderr.starts_with("error: "),
        "hog {args:?}: stderr does not start with 'error: ':\n{stderr}"
    );
    stderr
}

fn assert_mentions(line: &str, needles: &[&str], args: &[&str]) {
    for needle in needles {
        assert!(
            line.contains(needle),
            "hog {args:?}: the error does not mention {needle:?}:\n{line}"
        );
    }
}

/// Parse stdout that must be exactly one JSON object. serde_json's
/// `float_roundtrip` (enabled for the tests) parses every float exactly.
pub fn parse_json(text: &str) -> Result<Value, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("stdout is not one JSON value ({e})"))?;
    if value.is_object() {
        Ok(value)
    } else {
        Err("stdout is not a JSON object".into())
    }
}

/// A number field of a JSON object.
pub fn num(value: &Value, field: &str) -> f64 {
    value[field]
        .as_f64()
        .unwrap_or_else(|| panic!("field {field:?} is not a number in {value}"))
}

/// `first`, `second` and `average` of a JSON object.
pub fn rates(value: &Value) -> [f64; 3] {
    [
        num(value, "first"),
        num(value, "second"),
        num(value, "average"),
    ]
}

/// The cells of a wide table: the header row, then one row per score.
pub fn wide_grid(goal: u32, dice: impl Fn(u32, u32) -> u8) -> Vec<Vec<String>> {
    let mut rows = vec![std::iter::once("score".to_string())
        .chain((0..goal).map(|o| o.to_string()))
        .collect::<Vec<_>>()];
    for s in 0..goal {
        rows.push(
            std::iter::once(s.to_string())
                .chain((0..goal).map(|o| dice(s, o).to_string()))
                .collect(),
        );
    }
    rows
}

/// CSV text of a grid of cells.
pub fn render(rows: &[Vec<String>]) -> String {
    rows.iter().map(|row| row.join(",") + "\n").collect()
}

/// A long table (`score,opponent_score,dice`), states in reverse order.
pub fn long_table(goal: u32, dice: impl Fn(u32, u32) -> u8) -> String {
    let mut text = String::from("score,opponent_score,dice\n");
    for s in (0..goal).rev() {
        for o in (0..goal).rev() {
            text += &format!("{s},{o},{}\n", dice(s, o));
        }
    }
    text
}

/// Read a `final_strategy.csv`, checking its exact shape; `[score][opponent]`.
pub fn read_final_strategy(path: &Path, goal: usize) -> Vec<Vec<u8>> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        text.ends_with('\n'),
        "{} has no final newline",
        path.display()
    );
    let mut lines = text.lines();
    let header = lines.next().expect("a header");
    let expected: Vec<String> = std::iter::once("score".to_string())
        .chain((0..goal).map(|o| o.to_string()))
        .collect();
    assert_eq!(header, expected.join(","), "header of {}", path.display());
    let rows: Vec<Vec<u8>> = lines
        .enumerate()
        .map(|(s, line)| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), goal + 1, "cells in the row of score {s}");
            assert_eq!(cells[0], s.to_string(), "label of the row of score {s}");
            cells[1..]
                .iter()
                .map(|cell| {
                    let d: u8 = cell
                        .parse()
                        .unwrap_or_else(|_| panic!("score {s}: cell {cell:?} is not 0..=10"));
                    assert!(d <= 10, "score {s}: {d} dice");
                    d
                })
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), goal, "data rows of {}", path.display());
    rows
}

/// One row of `win_probabilities.csv`.
pub struct WinRow {
    pub score: usize,
    pub opponent: usize,
    pub dice: usize,
    pub win: f64,
    pub p: [f64; 11],
}

/// Read a `win_probabilities.csv`, checking its header, row order and that
/// `win_probability` is exactly the text of `p<dice>`.
pub fn read_win_probabilities(path: &Path, goal: usize) -> Vec<WinRow> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("score,opponent_score,dice,win_probability,p0,p1,p2,p3,p4,p5,p6,p7,p8,p9,p10")
    );
    let rows: Vec<WinRow> = lines
        .enumerate()
        .map(|(i, line)| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), 15, "line {}: {line}", i + 2);
            let int = |c: &str| -> usize { c.parse().unwrap_or_else(|_| panic!("{line}")) };
            let prob = |c: &str| -> f64 {
                let p: f64 = c.parse().unwrap_or_else(|_| panic!("{line}"));
                assert!((0.0..=1.0).contains(&p), "probability {p} in {line}");
                p
            };
            let (score, opponent, dice) = (int(cells[0]), int(cells[1]), int(cells[2]));
            assert_eq!((score, opponent), (i / goal, i % goal), "row order");
            assert!(dice <= 10, "{line}");
            assert_eq!(
                cells[3],
                cells[4 + dice],
                "win_probability is p{dice} in {line}"
            );
            let mut p = [0.0; 11];
            for (k, cell) in cells[4..].iter().enumerate() {
                p[k] = prob(cell);
            }
            WinRow {
                score,
                opponent,
                dice,
                win: prob(cells[3]),
                p,
            }
        })
        .collect();
    assert_eq!(rows.len(), goal * goal, "rows of {}", path.display());
    rows
}

/// Panic with the first differing line unless two files are byte-identical.
pub fn assert_same_file(a: &Path, b: &Path, advice: &str) {
    let x = fs::read(a).unwrap_or_else(|e| panic!("{}: {e}", a.display()));
    let y = fs::read(b).unwrap_or_else(|e| panic!("{}: {e}", b.display()));
    if x == y {
        return;
    }
    let at = x
        .iter()
        .zip(&y)
        .position(|(p, q)| p != q)
        .unwrap_or(x.len().min(y.len()));
    let line = x[..at].iter().filter(|&&c| c == b'\n').count() + 1;
    let show = |bytes: &[u8]| {
        String::from_utf8_lossy(bytes)
            .lines()
            .nth(line - 1)
            .unwrap_or("<end of file>")
            .chars()
            .take(200)
            .collect::<String>()
    };
    panic!(
        "{} and {} differ ({} vs {} bytes), first at line {line}:\n  {}\n  {}\n{advice}",
        a.display(),
        b.display(),
        x.len(),
        y.len(),
        show(&x),
        show(&y)
    );
}

/// The library's sweep of `rules` (given as functions) remembering with
/// `memory` and `clock`, through the engine's door, kept for the test's
/// life: what the commands' answers are held to.
pub fn swept(
    rules: impl hog::general::ScoreRules + Send + 'static,
    memory: std::sync::Arc<dyn hog::recall::PlayerMemory + Send + Sync>,
    clock: std::sync::Arc<dyn hog::recall::Clock + Send + Sync>,
    policies: &[hog::engine::Policy<'_>],
) -> hog::engine::Solution<'static> {
    let rules = hog::rules::Rules::from_functions(
        "library".into(),
        hog::rules::Origin::Code,
        std::sync::Arc::new(rules),
    )
    .unwrap()
    .with_memory(Some(memory), Some(clock))
    .unwrap();
    let rules: &'static hog::rules::Rules = Box::leak(Box::new(rules));
    hog::engine::sweep(rules, policies, &Default::default())
}
