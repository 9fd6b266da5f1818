//! Hog Contest benchmark at goal 100: the round robin of 200 entries
//! (19,900 exact pairs) fresh and after one entry changed (the pair cache
//! holding the rest), tabulating submissions in python3 processes, and
//! `hog match` as a whole process.

use std::io::Write;
use std::process::{Command, Stdio};

use criterion::{criterion_group, criterion_main, Criterion};

use hog::contest::{enter, standings, Entry, EntryOptions, PairCache, TableCache};
use hog::rules::{Preset, Rules};
use hog::strategy::StrategyTable;

/// 200 distinct entries: threshold rules of the kind students write.
fn entries(rules: &Rules) -> Vec<Entry> {
    let goal = rules.goal();
    (0..200u32)
        .map(|i| {
            let (near, behind, normal) = (5 + i % 10, 10 + (i / 10) % 20, 3 + i % 5);
            let table = StrategyTable::from_fn(goal, |s, o| {
                if s + near >= goal {
                    1 + (i % 3) as u8
                } else if o > s + behind {
                    (5 + i % 4) as u8
                } else if rules.zero_dice_points(s, o) >= 8 + i % 7 {
                    0
                } else {
                    normal as u8
                }
            });
            Entry {
                name: format!("Entry {i:03}"),
                file: format!("entry_{i:03}.py"),
                table,
                defaulted: None,
            }
        })
        .collect()
}

fn round_robin(c: &mut Criterion) {
    let rules = Rules::preset(Preset::Fa24, 100).expect("valid rules");
    let entries = entries(&rules);
    let mut group = c.benchmark_group("contest_goal_100");
    group.sample_size(10);
    group.bench_function("round_robin_200_fresh", |b| {
        b.iter(|| standings(&rules, &entries, 1e-6, &PairCache::new(), &|| {}))
    });
    let cache = standings(&rules, &entries, 1e-6, &PairCache::new(), &|| {}).cache;
    let mut changed = entries.clone();
    changed[7].table = StrategyTable::from_fn(100, |s, o| ((s + o) % 7) as u8);
    group.bench_function("round_robin_200_one_changed", |b| {
        b.iter(|| standings(&rules, &changed, 1e-6, &cache, &|| {}))
    });
    group.finish();
}

/// Twenty generated submissions, each in its own python3 (skipped without one).
fn tabulate(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let made = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/benches/contest/make_submissions.py"
        ))
        .arg(dir.path())
        .arg("20")
        .status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("contest tabulation benchmark skipped: no python3");
        return;
    }
    let rules = Rules::preset(Preset::Fa24, 100).expect("valid rules");
    let files = hog::contest::discover(dir.path(), "final_strategy", &[]).expect("the submissions");
    let options = EntryOptions {
        function: "final_strategy".into(),
        timeout: std::time::Duration::from_secs(60),
        jobs: std::thread::available_parallelism().map_or(1, usize::from),
        default_dice: None,
        logs: None,
    };
    let mut group = c.benchmark_group("contest_goal_100");
    group.sample_size(10);
    group.bench_function("tabulate_20_submissions", |b| {
        b.iter(|| enter(&files, &rules, &options, &TableCache::new(), &|| {}))
    });
    group.finish();
}

/// `hog match` from start to exit, two tables on stdin.
fn match_process(c: &mut Criterion) {
    let input = "4\n".repeat(20_000);
    let mut group = c.benchmark_group("match");
    group.bench_function("hog_match_process", |b| {
        b.iter(|| {
            let mut child = Command::new(env!("CARGO_BIN_EXE_hog"))
                .arg("match")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("hog starts");
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(input.as_bytes())
                .expect("the tables");
            let out = child.wait_with_output().expect("hog ends");
            assert!(out.status.success());
        })
    });
    group.finish();
}

criterion_group!(benches, round_robin, tabulate, match_process);
criterion_main!(benches);
