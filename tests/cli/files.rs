//! The files a run writes are one set: replaced whole (a file the run no
//! longer writes goes too), never mixed by two writers, never left half
//! written by a signal, and never shared by two different specs.

use std::fs;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{hog_path, parse_json, read_final_strategy, read_win_probabilities, Scratch};

/// Run `hog ARGS` in `s`; `(stdout, stderr)` of a run that must succeed.
fn run(s: &Scratch, args: &[&str]) -> (String, String) {
    let out = s.hog().args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "hog {args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// Every state's dice in `win_probabilities.csv` agrees with `final_strategy.csv`.
fn assert_one_set(dir: &Path, goal: usize) {
    let table = read_final_strategy(&dir.join("final_strategy.csv"), goal);
    for row in read_win_probabilities(&dir.join("win_probabilities.csv"), goal) {
        assert_eq!(
            row.dice,
            usize::from(table[row.score][row.opponent]),
            "{}: the two files come from different runs",
            dir.display()
        );
    }
}

#[test]
fn a_run_removes_the_file_of_its_set_that_it_no_longer_writes() {
    let s = Scratch::new();
    run(&s, &["solve", "--out", "d"]);
    let (out, stderr) = run(
        &s,
        &[
            "solve",
            "--against",
            "always_roll(6)",
            "--out",
            "d",
            "--win-probabilities",
            "never",
            "--format",
            "json",
        ],
    );
    assert_eq!(names(&s.join("d")), ["final_strategy.csv"]);
    assert_eq!(
        stderr,
        "note: removed d/win_probabilities.csv, left by an earlier run: this run does not \
         write it, and it would not match the new final_strategy.csv\n"
    );
    let v = parse_json(&out).unwrap();
    assert_eq!(v["removed"], serde_json::json!(["d/win_probabilities.csv"]));

    // Another goal, skipped automatically: the note says both things,
    // and --quiet hides them.
    fs::write(s.join("d/win_probabilities.csv"), "stale\n").unwrap();
    let (_, stderr) = run(&s, &["--goal", "1440", "solve", "--out", "d"]);
    assert!(
        stderr.contains("note: win_probabilities.csv skipped"),
        "{stderr}"
    );
    assert!(
        stderr.contains("note: removed d/win_probabilities.csv"),
        "{stderr}"
    );
    assert_eq!(names(&s.join("d")), ["final_strategy.csv"]);
    fs::write(s.join("d/win_probabilities.csv"), "stale\n").unwrap();
    let (_, stderr) = run(&s, &["--goal", "1440", "solve", "--out", "d", "--quiet"]);
    assert_eq!(stderr, "");
    assert_eq!(names(&s.join("d")), ["final_strategy.csv"]);
}

#[test]
fn two_writers_of_one_folder_never_mix_their_sets() {
    let s = Scratch::new();
    let spawn = |against: &str| {
        s.hog()
            .args(["--goal", "40", "solve", "--out", "d", "--against", against])
            .args(["--quiet"])
            .output()
            .unwrap()
    };
    for _ in 0..20 {
        let (a, b) = std::thread::scope(|scope| {
            let a = scope.spawn(|| spawn("always_roll(3)"));
            let b = scope.spawn(|| spawn("always_roll(8)"));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert!(a.status.success() && b.status.success());
        assert_one_set(&s.join("d"), 40);
        assert_eq!(
            names(&s.join("d")),
            ["final_strategy.csv", "win_probabilities.csv"]
        );
    }
}

#[test]
fn a_second_writer_waits_says_so_and_then_clears_what_dead_writers_left() {
    let s = Scratch::new();
    fs::create_dir(s.join("d")).unwrap();
    // What a writer killed with `kill -9` leaves behind.
    fs::write(s.join("d/.hog-dead.tmp"), "half a table").unwrap();
    fs::write(s.join("d/notes.txt"), "mine").unwrap();
    let held = fs::File::open(s.join("d")).unwrap();
    held.lock().unwrap();
    let mut child = Command::new(hog_path())
        .current_dir(s.path())
        .args(["--goal", "30", "solve", "--out", "d"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
    assert_eq!(line, "note: waiting for another hog writing to d\n");
    assert!(
        s.join("d/.hog-dead.tmp").exists(),
        "nothing is touched while another writer holds the folder"
    );
    held.unlock().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(
        names(&s.join("d")),
        ["final_strategy.csv", "notes.txt", "win_probabilities.csv"]
    );
}

#[test]
fn distinct_specs_never_share_a_best_response_folder() {
    let s = Scratch::new();
    run(&s, &["export", "always_roll(4)", "--out", "my/table.csv"]);
    run(&s, &["export", "always_roll(7)", "--out", "my_table.csv"]);
    let folder = |spec: &str| {
        let (out, _) = run(&s, &["solve", "--against", spec, "--format", "json"]);
        let v = parse_json(&out).unwrap();
        let file = v["files"][0].as_str().unwrap().to_string();
        Path::new(&file).parent().unwrap().to_path_buf()
    };
    let (a, b) = (folder("my/table.csv"), folder("my_table.csv"));
    assert_ne!(a, b);
    assert!(
        a.starts_with("output/fa24/best_response"),
        "{}",
        a.display()
    );
    // The same spec however it is spaced goes to the same folder.
    assert_eq!(folder("always_roll(6)"), folder(" always_roll( 6 )"));
}

/// Start `hog ARGS` in `s`.
fn start(s: &Scratch, args: &[&str]) -> Child {
    Command::new(hog_path())
        .current_dir(s.path())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Wait until `dir` holds a temporary file of ours (at most a minute).
fn wait_for_temporary_file(dir: &Path) {
    let end = Instant::now() + Duration::from_secs(60);
    while Instant::now() < end {
        let found = fs::read_dir(dir).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        });
        if found {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("no temporary file appeared in {}", dir.display());
}

#[test]
#[cfg(unix)]
fn an_interrupted_solve_leaves_no_temporary_file_nor_a_folder_it_made() {
    use std::os::unix::process::ExitStatusExt;
    let s = Scratch::new();
    let args = [
        "--goal",
        "700",
        "solve",
        "--out",
        "new/d",
        "--win-probabilities",
        "always",
    ];
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let mut child = start(&s, &args);
        wait_for_temporary_file(&s.join("new/d"));
        // SAFETY: a plain signal to the child this test started.
        unsafe {
            libc::kill(child.id() as libc::pid_t, signal);
        }
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(signal), "{status}");
        assert!(!s.join("new").exists(), "left behind: {:?}", s.file_names());
    }

    // `kill -9` cannot be caught: the next run into the folder clears it up.
    let mut child = start(&s, &args);
    wait_for_temporary_file(&s.join("new/d"));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(names(&s.join("new/d")).iter().any(|n| n.ends_with(".tmp")));
    run(&s, &["--goal", "20", "solve", "--out", "new/d"]);
    assert_eq!(
        names(&s.join("new/d")),
        ["final_strategy.csv", "win_probabilities.csv"]
    );
}
