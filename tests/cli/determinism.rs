//! The same inputs give byte-identical files whatever the thread count.

use crate::util::{assert_same_file, Scratch};

/// Solve with 1 and with 2 threads and compare the files.
fn same_with_one_and_two_threads(extra: &[&str], files: &[&str]) {
    let s = Scratch::new();
    for (threads, out) in [("1", "a"), ("2", "b")] {
        let mut cmd = s.hog();
        cmd.env("RAYON_NUM_THREADS", threads)
            .args(["solve", "--out", out, "--quiet"])
            .args(extra);
        crate::util::run_ok(&mut cmd);
    }
    for file in files {
        assert_same_file(
            &s.join(&format!("a/{file}")),
            &s.join(&format!("b/{file}")),
            &format!("hog solve {extra:?} wrote different {file} with 1 and 2 threads"),
        );
    }
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
