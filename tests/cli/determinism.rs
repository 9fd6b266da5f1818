//! The same inputs give byte-identical files whatever the thread count.

use crate::util::{assert_same_file, Scratch};

/// Solve in two environments and compare the files.
fn same_in_both(envs: [&[(&str, &str)]; 2], extra: &[&str], files: &[&str]) {
    let s = Scratch::new();
    for (env, out) in envs.into_iter().zip(["a", "b"]) {
        let mut cmd = s.hog();
        cmd.envs(env.iter().copied())
            .args(["solve", "--out", out, "--quiet"])
            .args(extra);
        crate::util::run_ok(&mut cmd);
    }
    for file in files {
        assert_same_file(
            &s.join(&format!("a/{file}")),
            &s.join(&format!("b/{file}")),
            &format!("hog solve {extra:?} wrote different {file} with {envs:?}"),
        );
    }
}

/// Solve with 1 and with 2 threads and compare the files.
fn same_with_one_and_two_threads(extra: &[&str], files: &[&str]) {
    let threads: [&[(&str, &str)]; 2] =
        [&[("RAYON_NUM_THREADS", "1")], &[("RAYON_NUM_THREADS", "2")]];
    same_in_both(threads, extra, files);
}

/// The AVX2 kernel and the portable one add in the same order: the same
/// bytes either way (where the processor has AVX2; elsewhere both runs are
/// portable and the test holds trivially).
#[test]
fn solve_is_identical_with_and_without_avx2() {
    let both: [&[(&str, &str)]; 2] = [&[], &[("HOG_NO_AVX2", "1")]];
    let files = ["final_strategy.csv", "win_probabilities.csv"];
    same_in_both(both, &[], &files);
    let against = ["--rules", "digit-swap", "--against", "bacon_strategy"];
    same_in_both(both, &against, &files);
}

#[test]
fn solve_is_identical_across_thread_counts_at_goal_100() {
    same_with_one_and_two_threads(&[], &["final_strategy.csv", "win_probabilities.csv"]);
    same_with_one_and_two_threads(
        &["--against", "boar_strategy"],
        &["final_strategy.csv", "win_probabilities.csv"],
    );
}

#[test]
fn solve_is_identical_across_thread_counts_at_goal_600() {
    // Diagonals long enough to be split between threads.
    same_with_one_and_two_threads(
        &["--goal", "600"],
        &["final_strategy.csv", "win_probabilities.csv"],
    );
}

#[test]
fn best_response_is_identical_across_thread_counts_at_goal_600() {
    same_with_one_and_two_threads(
        &[
            "--goal",
            "600",
            "--against",
            "always_roll(6)",
            "--win-probabilities",
            "never",
        ],
        &["final_strategy.csv"],
    );
}

#[test]
fn solve_with_memory_is_identical_across_thread_counts() {
    let feral =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules/fa19-feral.toml");
    same_with_one_and_two_threads(
        &["--rules-file", feral.to_str().unwrap()],
        &["final_strategy.csv"],
    );
}
