//! Bad input of every kind: exit status 2, one line on stderr naming the
//! problem, nothing on stdout, no panic, and no file left behind.

use std::time::{Duration, Instant};

use crate::util::Scratch;

/// Every command that takes a strategy, with `SPEC` in the strategy's place
/// (`solve` without `--out`, so a stray default folder would show up).
const SPEC_PLACES: [&[&str]; 5] = [
    &["eval", "SPEC"],
    &["eval", "boar_strategy", "--vs", "SPEC"],
    &["solve", "--against", "SPEC"],
    &["rates", "--vs", "SPEC"],
    &["eval", "best_response(SPEC)"],
];

/// Refuse `spec` wherever a strategy goes, each time naming `needles`.
fn refuse_spec_everywhere(s: &Scratch, rules: &[&str], spec: &str, needles: &[&str]) {
    for place in SPEC_PLACES {
        let args: Vec<String> = rules
            .iter()
            .map(|a| a.to_string())
            .chain(place.iter().map(|a| a.replace("SPEC", spec)))
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        s.refuse(&args, needles);
    }
}

#[test]
fn unknown_rules_preset_is_a_usage_error() {
    let s = Scratch::new();
    for command in [&["eval", "boar_strategy"][..], &["solve"], &["rates"]] {
        let args = [&["--rules", "nope"], command].concat();
        let stderr = s.refuse_usage(&args, &["'nope'", "--rules"]);
        assert!(stderr.contains("fa24"), "lists the presets:\n{stderr}");
    }
}

#[test]
fn other_bad_option_values_are_usage_errors() {
    let s = Scratch::new();
    s.refuse_usage(&["rates", "--format", "xml"], &["'xml'", "--format"]);
    s.refuse_usage(
        &["solve", "--zero-dice", "nope"],
        &["'nope'", "--zero-dice"],
    );
    s.refuse_usage(
        &["solve", "--after-turn", "nope"],
        &["'nope'", "--after-turn"],
    );
    s.refuse_usage(&["solve", "--goal", "abc"], &["'abc'", "--goal"]);
    s.refuse_usage(&["solve", "--goal", "-1"], &["-1"]);
    s.refuse_usage(
        &["solve", "--win-probabilities", "sometimes"],
        &["'sometimes'"],
    );
}

#[test]
fn hog_wild_and_no_hog_wild_conflict() {
    let s = Scratch::new();
    s.refuse_usage(
        &["--hog-wild", "--no-hog-wild", "solve"],
        &["--hog-wild", "--no-hog-wild", "cannot be used with"],
    );
    s.refuse_usage(
        &["eval", "always_roll(6)", "--no-hog-wild", "--hog-wild"],
        &["--hog-wild", "--no-hog-wild"],
    );
}

#[test]
fn usage_errors_are_one_line() {
    let s = Scratch::new();
    s.refuse(&["--rules", "nope", "rates"], &["'nope'", "--rules"]);
    s.refuse(
        &["--hog-wild", "--no-hog-wild", "solve"],
        &["--hog-wild", "--no-hog-wild"],
    );
}

#[test]
fn goal_zero_is_refused() {
    let s = Scratch::new();
    for command in [&["solve"][..], &["eval", "boar_strategy"], &["rates"]] {
        let args = [&["--goal", "0"], command].concat();
        s.refuse(&args, &["bad goal", "at least 1"]);
    }
}

#[test]
fn goal_over_the_maximum_is_refused() {
    let s = Scratch::new();
    for goal in ["2000000", "1000001"] {
        for command in [&["solve"][..], &["eval", "boar_strategy"], &["rates"]] {
            let args = [&["--goal", goal], command].concat();
            s.refuse(
                &args,
                &[
                    "bad goal",
                    &format!("goal {goal} is larger than the maximum 1000000"),
                ],
            );
        }
    }
    // The maximum itself is a valid goal, refused only for memory.
    s.refuse(
        &["--goal", "1000000", "solve"],
        &["goal 1000000 needs about", "MiB"],
    );
}

/// `hog ARGS` run with its address space limited to about 2 GB, so an
/// allocation of the tables before the memory check fails loudly instead of
/// swapping the machine.
#[cfg(target_os = "linux")]
fn limited(s: &Scratch, args: &[&str]) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::new("sh");
    cmd.current_dir(s.path())
        .arg("-c")
        .arg(r#"ulimit -v 2000000 && exec "$0" "$@""#)
        .arg(crate::util::hog_path())
        .args(args);
    cmd
}

#[cfg(target_os = "linux")]
fn refuse_limited(s: &Scratch, args: &[&str], needles: &[&str]) {
    let before = s.files();
    let started = Instant::now();
    let out = limited(s, args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "hog {args:?}:\n{stderr}");
    assert_eq!(
        out.status.code(),
        Some(2),
        "hog {args:?}: expected exit status 2, got {}:\n{stderr}",
        out.status
    );
    assert!(out.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "one line:\n{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "mentions {needle:?}:\n{stderr}");
    }
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "refusing took {:?}: it should come before any work",
        started.elapsed()
    );
    assert_eq!(s.files(), before, "no files");
}

#[test]
#[cfg(target_os = "linux")]
fn solve_refuses_a_goal_too_large_for_memory_before_allocating() {
    let s = Scratch::new();
    // The limit leaves room for a normal run.
    let out = limited(&s, &["solve", "--out", "ok", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    std::fs::remove_dir_all(s.join("ok")).unwrap();

    let needles = ["goal 200000 needs about", "MiB", "memory"];
    refuse_limited(&s, &["--goal", "200000", "solve"], &needles);
    refuse_limited(
        &s,
        &["--goal", "200000", "solve", "--against", "always_roll(6)"],
        &needles,
    );
}

/// Elsewhere, without the address-space limit.
#[test]
#[cfg(not(target_os = "linux"))]
fn solve_refuses_a_goal_too_large_for_memory() {
    let s = Scratch::new();
    let started = Instant::now();
    s.refuse(
        &["--goal", "200000", "solve", "--out", "big"],
        &["goal 200000 needs about", "MiB", "memory"],
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
#[cfg(target_os = "linux")]
fn eval_and_rates_refuse_a_goal_too_large_for_memory() {
    let s = Scratch::new();
    refuse_limited(
        &s,
        &["--goal", "200000", "eval", "always_roll(6)"],
        &["goal 200000 needs about", "MiB"],
    );
    refuse_limited(
        &s,
        &["--goal", "200000", "rates"],
        &["goal 200000 needs about", "MiB"],
    );
}

#[test]
fn malformed_specs_are_refused_wherever_a_strategy_goes() {
    let s = Scratch::new();
    let cases: [(&str, &[&str]); 7] = [
        (
            "always_roll(11)",
            &["bad strategy spec", "always_roll(11)", "0..=10"],
        ),
        (
            "boar_strategy(10",
            &["bad strategy spec", "boar_strategy(10", "missing ')'"],
        ),
        (
            "always_roll(x)",
            &["bad strategy spec", "'x' is not a non-negative integer"],
        ),
        ("always_roll()", &["always_roll()", "exactly one argument"]),
        ("always_roll(-1)", &["'-1' is not a non-negative integer"]),
        ("boar_strategy(10 5)", &["expected ',' or ')'"]),
        ("optimal(3)", &["optimal takes no arguments"]),
    ];
    for (spec, needles) in cases {
        refuse_spec_everywhere(&s, &[], spec, needles);
        let quoted = format!("error: bad strategy spec '{spec}': ");
        s.refuse(&["eval", spec], &[&quoted]);
    }
    s.refuse(&["eval", "best_response"], &["needs a strategy"]);
    s.refuse(&["eval", ""], &["the spec is empty"]);
    s.refuse(&["eval", "optimal optimal"], &["unexpected"]);
}

#[test]
fn unknown_strategy_names_are_refused() {
    let s = Scratch::new();
    refuse_spec_everywhere(
        &s,
        &[],
        "pig_strategy",
        &[
            "unknown strategy 'pig_strategy'",
            "always_roll(N), boar_strategy, sus_strategy, optimal, best_response(SPEC)",
        ],
    );
    s.refuse(
        &["eval", "final_strategy(3)"],
        &["unknown strategy 'final_strategy'"],
    );
}

#[test]
fn wrong_arguments_are_refused() {
    let s = Scratch::new();
    let cases: [(&str, &[&str]); 5] = [
        (
            "boar_strategy(1,2,3)",
            &["boar_strategy(1, 2, 3)", "takes at most 2 arguments"],
        ),
        (
            "boar_strategy(margin=3)",
            &["no parameter 'margin'", "it takes threshold, num_rolls"],
        ),
        (
            "sus_strategy(3, threshold=4)",
            &["threshold is given twice"],
        ),
        (
            "boar_strategy(threshold=4, 5)",
            &["positional argument cannot follow"],
        ),
        ("boar_strategy(4, 11)", &["num_rolls=11 must be 0..=10"]),
    ];
    for (spec, needles) in cases {
        refuse_spec_everywhere(&s, &[], spec, needles);
    }
}

#[test]
fn course_strategies_of_another_rule_set_are_refused() {
    let s = Scratch::new();
    refuse_spec_everywhere(
        &s,
        &["--rules", "double-swap"],
        "boar_strategy",
        &[
            "boar_strategy is not a strategy of the double-swap rules",
            "bacon_strategy, swap_strategy",
        ],
    );
    s.refuse(
        &["--rules", "digit-swap", "eval", "sus_strategy(12, 6)"],
        &[
            "not a strategy of the digit-swap rules",
            "bacon_strategy, swap_strategy",
        ],
    );
    s.refuse(
        &["eval", "bacon_strategy"],
        &[
            "not a strategy of the fa24 rules",
            "boar_strategy, sus_strategy",
        ],
    );
    // A strategy of the rule set that means nothing once a component changes.
    s.refuse(
        &["--after-turn", "none", "eval", "sus_strategy"],
        &["sus_strategy needs the sus-fuss after-turn rule, not none"],
    );
    s.refuse(
        &[
            "--rules",
            "double-swap",
            "--after-turn",
            "sus-fuss",
            "eval",
            "swap_strategy",
        ],
        &["swap_strategy needs a swap after-turn rule"],
    );
}

#[test]
fn missing_table_files_are_refused() {
    let s = Scratch::new();
    refuse_spec_everywhere(&s, &[], "missing.csv", &["missing.csv", "No such file"]);
    s.refuse(
        &["eval", "no/such/table.csv"],
        &["no/such/table.csv", "No such file"],
    );
}

#[test]
fn io_errors_state_their_cause_once() {
    let s = Scratch::new();
    let line = s.refuse(&["eval", "missing.csv"], &["missing.csv"]);
    assert_eq!(line.matches("No such file").count(), 1, "{line}");
    s.write("afile", "keep");
    let line = s.refuse(&["solve", "--out", "afile/sub"], &["afile/sub"]);
    assert_eq!(line.matches("not a folder").count(), 1, "{line}");
    assert_eq!(
        line, "error: afile/sub: afile is a file, not a folder",
        "the folder asked for, then why"
    );
}

#[test]
fn output_folder_below_a_regular_file_is_refused() {
    let s = Scratch::new();
    s.write("afile", "keep");
    for out in ["afile/sub", "afile/sub/deeper", "afile"] {
        s.refuse(&["solve", "--out", out], &[&format!("error: {out}: ")]);
        s.refuse(
            &[
                "solve",
                "--out",
                out,
                "--against",
                "always_roll(6)",
                "--format",
                "json",
            ],
            &[out],
        );
    }
    assert_eq!(std::fs::read_to_string(s.join("afile")).unwrap(), "keep");
}

#[test]
#[cfg(unix)]
fn read_only_output_folder_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new();
    let dir = s.join("ro");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(dir.join("probe"), "").is_ok() {
        // Root ignores permissions: nothing to test here.
        std::fs::remove_file(dir.join("probe")).unwrap();
        eprintln!("read_only_output_folder_is_refused: skipped (permissions are not enforced)");
        return;
    }
    s.refuse(&["solve", "--out", "ro"], &["ro", "ermission denied"]);
    s.refuse(
        &["solve", "--out", "ro/sub"],
        &["ro/sub", "ermission denied"],
    );
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_failed_rename_leaves_no_temporary_file() {
    let s = Scratch::new();
    // The tables are written completely, then renamed: the second rename
    // fails because a folder is in the way.
    std::fs::create_dir_all(s.join("out/win_probabilities.csv")).unwrap();
    let out = s.hog().args(["solve", "--out", "out"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: out/win_probabilities.csv"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    let names = s.file_names();
    assert!(
        names
            .iter()
            .all(|n| !n.contains(".hog-") && !n.ends_with(".tmp")),
        "temporary files left: {names:?}"
    );
    assert!(
        !s.join("out/final_strategy.csv").exists(),
        "the set is written whole or not at all: {names:?}"
    );
}

/// `hog ARGS` with its address space limited to `kib` KiB and `env` set.
#[cfg(target_os = "linux")]
fn limited_to(s: &Scratch, kib: u64, env: &[(&str, &str)], args: &[&str]) -> std::process::Output {
    let mut cmd = std::process::Command::new("sh");
    cmd.current_dir(s.path())
        .arg("-c")
        .arg(format!(r#"ulimit -v {kib} && exec "$0" "$@""#))
        .arg(crate::util::hog_path())
        .args(args)
        .envs(env.iter().copied());
    cmd.output().unwrap()
}

/// The one error line of a refused run.
#[cfg(target_os = "linux")]
fn error_line(out: &std::process::Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
#[cfg(target_os = "linux")]
fn the_memory_check_counts_every_threads_tables_and_reads_ulimit() {
    let s = Scratch::new();
    // Two seats of goal 20000 (what was counted) fit in 16 GB; rates keeps
    // two per busy thread, and the best response and optimal solves too.
    let out = limited_to(&s, 16 << 20, &[], &["--goal", "20000", "rates"]);
    let line = error_line(&out);
    assert!(line.contains("error: goal 20000 needs about"), "{line}");
    assert!(line.contains("MiB for hog rates on"), "{line}");
    assert!(line.contains("(ulimit -v)"), "{line}");
    if std::thread::available_parallelism().map_or(1, usize::from) < 2 {
        return;
    }
    // A sweep at goal 3000 on two threads holds four seats, about 630 MiB:
    // more than 870 MiB leaves once the threads have room (two seats fit).
    let sweep = ["--goal", "3000", "sweep", "boar_strategy(threshold=1..=4)"];
    let two = [("RAYON_NUM_THREADS", "2")];
    let line = error_line(&limited_to(&s, 870 << 10, &two, &sweep));
    assert!(line.contains("for hog sweep on 2 threads"), "{line}");
    // The values of a win plot are counted as well as its seats.
    let plot = [
        "--goal",
        "6000",
        "plot",
        "always_roll(5)",
        "--kind",
        "win",
        "--vs",
        "always_roll(4)",
        "--out",
        "p.png",
    ];
    // Its two seats alone (1.2 GiB) would fit in 1770 MiB; with the values
    // (0.3 GiB more) they do not.
    let line = error_line(&limited_to(&s, 1770 << 10, &two, &plot));
    assert!(line.contains("for hog plot"), "{line}");
}

#[test]
#[cfg(target_os = "linux")]
fn an_allocation_that_fails_is_a_one_line_error() {
    let s = Scratch::new();
    let out = limited_to(
        &s,
        2_000_000,
        &[],
        &[
            "--goal",
            "12000",
            "solve",
            "--out",
            "big",
            "--no-memory-check",
        ],
    );
    let line = error_line(&out);
    assert!(
        line.starts_with("error: out of memory: could not allocate"),
        "{line}"
    );
    assert!(!s.join("big").exists());
}

#[test]
fn more_threads_than_cores_are_never_started() {
    let s = Scratch::new();
    let out = s
        .hog()
        .env("RAYON_NUM_THREADS", "3000")
        .args(["solve", "--out", "t", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "--quiet hides the note");
    let out = s
        .hog()
        .env("RAYON_NUM_THREADS", "3000")
        .args(["eval", "optimal", "--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert_eq!(
        stderr,
        format!(
            "note: RAYON_NUM_THREADS=3000 asks for more threads than the {cores} cores here; using {cores}\n"
        )
    );
    assert!(out.status.success());
}

#[test]
fn unicode_spaces_and_long_or_deep_specs_never_panic() {
    let s = Scratch::new();
    let v = s.json(&["eval", "always_roll(\u{a0}6\u{2003})\u{3000}"]);
    assert_eq!(v["average"], 0.5);
    for spec in [
        "always_roll(\u{17f})",
        "\u{1f40e}(",
        "boar_strategy(\u{a0}=1)",
    ] {
        refuse_spec_everywhere(&s, &[], spec, &["bad strategy spec"]);
    }
    let deep = |n: usize| "best_response(".repeat(n) + "optimal" + &")".repeat(n);
    let line = s.refuse(&["eval", &deep(8_000)], &["nested more than 32 deep"]);
    assert!(line.len() < 600, "{} characters", line.len());
    s.write("deep.txt", &deep(16_000));
    s.refuse(
        &["tournament", "optimal", "--file", "deep.txt"],
        &["deep.txt: line 1", "nested more than 32 deep"],
    );
    // One argument can be 128 KiB at most; a file line can be longer.
    let huge = "x".repeat(100_000) + "(";
    let line = s.refuse(&["eval", &huge], &["bad strategy spec"]);
    assert!(line.len() < 600, "{} characters", line.len());
    s.write(
        "specs.txt",
        &("optimal\n".to_string() + &"y".repeat(1 << 20) + "(\n"),
    );
    let line = s.refuse(
        &["tournament", "always_roll(4)", "--file", "specs.txt"],
        &["specs.txt: line 2", "bad strategy spec"],
    );
    assert!(line.len() < 600, "{} characters", line.len());
}

#[test]
fn python_files_and_unknown_names_say_how_to_name_a_function() {
    let s = Scratch::new();
    s.write("hog.py", "def final_strategy(s, o):\n    return 4\n");
    s.refuse(
        &["eval", "hog.py"],
        &["hog.py is a Python file", "as in hog.py:final_strategy"],
    );
    s.refuse(
        &["eval", "final_strategy"],
        &[
            "unknown strategy 'final_strategy'",
            "PATH/hog.py:final_strategy",
        ],
    );
}

#[test]
fn nested_specs_with_paths_and_awkward_file_names_work() {
    let s = Scratch::new();
    s.run(&[
        "export",
        "always_roll(5)",
        "--out",
        "final_strategy (1).csv",
    ]);
    s.write("hog.py", "def f(s, o):\n    return 5\n");
    let plain = s.json(&["eval", "best_response(always_roll(5))"]);
    for spec in [
        "best_response(final_strategy (1).csv)",
        "best_response(\"final_strategy (1).csv\")",
        "best_response(hog.py:f)",
        "best_response('hog.py:f')",
    ] {
        if spec == "best_response(final_strategy (1).csv)" {
            s.refuse(&["eval", spec], &["bad strategy spec"]);
            continue;
        }
        let v = s.json(&["eval", spec]);
        assert_eq!(v["average"], plain["average"], "{spec}");
    }
    let whole = s.json(&["eval", "final_strategy (1).csv"]);
    assert_eq!(
        whole["average"],
        s.json(&["eval", "always_roll(5)"])["average"]
    );
    let twice = s.json(&[
        "eval",
        "best_response(best_response(\"final_strategy (1).csv\"))",
    ]);
    assert!(twice["average"].as_f64().unwrap() > 0.5);
}

/// Rules with memory hold a value for every context of every state: the
/// up-front check counts them (121 contexts for Feral Hogs), so an
/// evaluation at goal 642 (about 900 MB) is refused before it allocates.
#[test]
#[cfg(target_os = "linux")]
fn the_memory_check_counts_the_contexts_of_rules_with_memory() {
    let s = Scratch::new();
    s.write(
        "feral.toml",
        "zero_dice = \"bacon-ten-minus-min-digit\"\nmemory = \"feral-hogs\"\n",
    );
    let args = [
        "--rules-file",
        "feral.toml",
        "--goal",
        "642",
        "eval",
        "always_roll(4)",
    ];
    let line = error_line(&limited_to(&s, 700 << 10, &[], &args));
    assert!(line.contains("error: goal 642 needs about"), "{line}");
    assert!(line.contains("MiB for hog eval"), "{line}");
}
