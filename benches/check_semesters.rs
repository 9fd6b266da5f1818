//! `hog check` of every semester's complete project, as the command runs
//! it by default (every function on all its inputs, then 20,000 whole
//! games of the project's own `play`), through the library: the target is
//! under 10 s each (issue 45). Each check starts a python3 process of its
//! own, so a sample takes seconds: criterion's minimum of 10 samples.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use hog::check::{check, CheckOptions};
use hog::rules::{resolve, Overrides};

/// Each semester's fixture (tests/fixtures/check/SEMESTER) and the rules
/// `hog check --rules` checks it under.
const SEMESTERS: [(&str, &str); 5] = [
    ("fa24", "fa24"),
    ("fa19", "fa19"),
    ("sp14", "double-swap"),
    ("su15", "reverse-swap"),
    ("digit-swap", "digit-swap"),
];

fn fixture(semester: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(semester)
        .join("hog.py")
}

fn complete_projects(c: &mut Criterion) {
    let mut group = c.benchmark_group("check_semester");
    group.sample_size(10);
    // Ten samples of up to 10 s each, and a warm-up sample.
    group.measurement_time(Duration::from_secs(60));
    group.warm_up_time(Duration::from_secs(1));
    let options = CheckOptions::default();
    for (semester, rules) in SEMESTERS {
        let rules = resolve(rules, Overrides::default()).expect("a course rule set");
        let file = fixture(semester);
        group.bench_function(semester, |b| {
            b.iter(|| {
                let report = check(&rules, &file, &options).expect("a check");
                // A complete project agrees: a slow failure is no measure.
                assert!(report.ok, "{semester}:\n{}", report.text());
            })
        });
    }
    group.finish();
}

criterion_group!(benches, complete_projects);
criterion_main!(benches);
