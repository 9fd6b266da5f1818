//! `hog simulate`: sampled games beside the exact values.

use serde_json::Value;

fn simulate(args: &[&str], threads: &str) -> Value {
    let out = crate::util::hog_command()
        .env("RAYON_NUM_THREADS", threads)
        .args(["simulate", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

/// How many standard errors a sampled seat rate is from the exact one.
fn seat_z(report: &Value, seat: &str) -> f64 {
    let games = f(&report["games"]);
    let exact = f(&report["exact"][seat]);
    let sampled = f(&report["sampled"][seat]["rate"]);
    (sampled - exact) / (exact * (1.0 - exact) / games).sqrt()
}

#[test]
fn a_million_games_land_within_four_standard_errors_for_the_course_strategies() {
    let cases = [
        ("fa24", "boar_strategy"),
        ("fa24", "sus_strategy"),
        ("double-swap", "swap_strategy"),
        ("reverse-swap", "bacon_strategy"),
        ("digit-swap", "swap_strategy"),
    ];
    for (rules, strategy) in cases {
        let report = simulate(
            &[
                "--rules", rules, strategy, "--games", "1000000", "--seed", "61",
            ],
            "2",
        );
        assert_eq!(report["games"], 1_000_000);
        for seat in ["first", "second"] {
            let z = seat_z(&report, seat);
            assert!(z.abs() < 4.0, "{rules} {strategy} {seat}: z = {z}");
            let rate = f(&report["sampled"][seat]["rate"]);
            let interval = report["sampled"][seat]["interval"].as_array().unwrap();
            assert!(
                f(&interval[0]) < rate && rate < f(&interval[1]),
                "{seat} interval holds its rate"
            );
        }
        let z = f(&report["z"]);
        assert!(z.abs() < 4.0, "{rules} {strategy} average: z = {z}");
        let exact_average = (f(&report["exact"]["first"]) + f(&report["exact"]["second"])) / 2.0;
        assert!((f(&report["exact"]["average"]) - exact_average).abs() < 1e-15);
    }
}

#[test]
fn the_same_seed_gives_the_same_numbers_on_one_or_two_threads() {
    let args = [
        "optimal",
        "--vs",
        "boar_strategy",
        "--games",
        "100000",
        "--seed",
        "5",
    ];
    let one = simulate(&args, "1");
    let two = simulate(&args, "2");
    assert_eq!(one["sampled"], two["sampled"]);
    assert_eq!(one["z"], two["z"]);
    let mut reseeded = args;
    reseeded[6] = "6";
    let other_seed = simulate(&reseeded, "2");
    assert_ne!(one["sampled"], other_seed["sampled"], "the seed matters");
}

#[test]
fn zero_games_is_refused() {
    let out = crate::util::hog_command()
        .args(["simulate", "boar_strategy", "--games", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr.trim(),
        "error: bad argument: --games must be at least 1"
    );
}
