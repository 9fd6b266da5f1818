//! `hog check`: a complete Fall 2024 project agrees with the rules; each
//! bug planted in a copy of it is named, with the input where it shows;
//! a partial project is checked as far as it goes; bad input is one line.

use std::path::Path;

use crate::util::{hog_command, Scratch};

/// The complete project (tests/fixtures/check/fa24), copied into `dir`
/// with `edits` made to hog.py (each `(from, to)` must apply).
fn project(dir: &Scratch, edits: &[(&str, &str)]) -> String {
    semester_project(dir, "fa24", edits)
}

/// A semester's complete project (tests/fixtures/check/SEMESTER), as
/// [`project`].
fn semester_project(dir: &Scratch, semester: &str, edits: &[(&str, &str)]) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(semester);
    for name in ["dice.py", "ucb.py"] {
        dir.write(name, &std::fs::read_to_string(fixture.join(name)).unwrap());
    }
    let mut text = std::fs::read_to_string(fixture.join("hog.py")).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the fixture has no {from:?}");
        text = text.replacen(from, to, 1);
    }
    dir.write("hog.py", &text);
    "hog.py".to_string()
}

/// Plant one bug (`from` made `to`) in a copy of `semester`'s project
/// and check it under `rules`: exit status 1, and the line of `function`
/// says it differs, with `words`. What the check printed comes back.
fn planted(
    dir: &Scratch,
    semester: &str,
    rules: &str,
    (from, to, function, words): (&str, &str, &str, &str),
) -> String {
    let file = semester_project(dir, semester, &[(from, to)]);
    let (status, out, err) = check(dir, &file, &["--rules", rules, "--games", "0"]);
    assert_eq!(status, 1, "{function}: {out}\n{err}");
    let found = line(&out, function);
    assert!(found.contains("differ"), "{function}: {found}");
    assert!(found.contains(words), "{function}: {found}");
    out
}

/// `hog check FILE ARGS...` in `dir`: exit status, stdout, stderr.
fn check(dir: &Scratch, file: &str, args: &[&str]) -> (i32, String, String) {
    let out = hog_command()
        .current_dir(dir.path())
        .args(["check", file])
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The report's line for `function`.
fn line<'a>(text: &'a str, function: &str) -> &'a str {
    text.lines()
        .find(|l| l.split_whitespace().next() == Some(function))
        .unwrap_or_else(|| panic!("no line for {function} in:\n{text}"))
}

#[test]
fn a_complete_project_agrees_and_its_games_are_the_rules_games() {
    let dir = Scratch::new();
    let file = project(&dir, &[]);
    let (status, out, err) = check(&dir, &file, &["--format", "json"]);
    assert_eq!(status, 0, "{out}\n{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true);
    let functions = v["functions"].as_array().unwrap();
    assert_eq!(functions.len(), 14);
    for f in functions {
        assert_eq!(f["verdict"], "agrees", "{f}");
        assert!(f["checked"].as_u64().unwrap() > 0, "{f}");
    }
    let count = |name: &str| {
        functions.iter().find(|f| f["function"] == name).unwrap()["checked"]
            .as_u64()
            .unwrap()
    };
    // Exhaustive where the inputs are finite: every state, every move.
    assert_eq!(count("boar_brawl"), 100 * 100);
    assert_eq!(count("take_turn"), 100 * 100 * 11);
    assert_eq!(count("boar_strategy"), 3 * 100 * 100);
    let games = &v["games"];
    assert_eq!(games["played"], 20_000);
    assert!(games["z"].as_f64().unwrap().abs() < 4.0, "{games}");
    // boar_strategy moving first against always_roll(6): hog eval's first.
    assert_eq!(games["exact"], 0.7188657741439866_f64);
}

#[test]
fn each_planted_bug_is_named_with_the_input_where_it_shows() {
    let dir = Scratch::new();
    // (what is changed, to what, the function named, words its line holds)
    let bugs: &[(&str, &str, &str, &str)] = &[
        (
            "return 1 if 1 in faces else sum(faces)",
            "return sum(faces)",
            "roll_dice",
            "roll_dice(2, make_test_dice(1, 6)) should be 1, yours gives 7",
        ),
        (
            "tens = opponent_score // 10 % 10",
            "tens = opponent_score % 10",
            "boar_brawl",
            "boar_brawl(0, 1) should be 1, yours gives 3",
        ),
        (
            "range(1, n + 1) if n % d == 0",
            "range(1, n) if n % d == 0",
            "num_factors",
            "num_factors(1) should be 1, yours gives 0",
        ),
        (
            "if num_factors(score) in (3, 4):",
            "if num_factors(score) == 3:",
            "sus_points",
            "sus_points(6) should be 7, yours gives 6",
        ),
        (
            "        return boar_brawl(player_score, opponent_score)\n",
            "        return 0\n",
            "take_turn",
            "take_turn(0, 0, 0, make_test_dice",
        ),
        ("    who = 0\n", "    who = 1\n", "play", "play(boar_strategy, always_roll(6)"),
        (
            "while score0 < goal and score1 < goal:",
            "while score0 < GOAL and score1 < GOAL:",
            "play",
            ", 60) should be",
        ),
        (
            "if best_average is None or average > best_average:",
            "if best_average is None or average >= best_average:",
            "max_scoring_num_rolls",
            "max_scoring_num_rolls(make_test_dice(1, 6), 1) should be 1, yours gives 10",
        ),
        (
            "for s in range(goal) for o in range(goal))",
            "for s in range(goal) for o in [s])",
            "is_always_roll",
            "is_always_roll(always_roll(5) but 4 at (0, 99), 100) should be False, yours gives True",
        ),
        (
            "gain = sus_update(0, score, opponent_score) - score",
            "gain = boar_brawl(score, opponent_score)",
            "sus_strategy",
            "should be",
        ),
        (
            "return sum(original_function(*args) for _ in range(times_called)) / times_called",
            "return original_function(*args)",
            "make_averaged",
            "make_averaged(f, 2)",
        ),
    ];
    for &(from, to, function, words) in bugs {
        let out = planted(&dir, "fa24", "fa24", (from, to, function, words));
        // The others still agree, those that call the buggy function
        // included (they are judged with the rules' own helpers): the bug
        // is named once, where it is.
        let others = out
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with(function) && l.contains("differ"))
            .count();
        assert_eq!(others, 0, "{function}: others differ too:\n{out}");
    }
}

#[test]
fn a_partial_project_is_checked_as_far_as_it_goes() {
    let dir = Scratch::new();
    dir.write(
        "hog.py",
        "def roll_dice(num_rolls, dice):\n    f = [dice() for _ in range(num_rolls)]\n    \
         return 1 if 1 in f else sum(f)\n\ndef boar_brawl(player_score, opponent_score):\n    \
         print('\\x1b[31mdebug', player_score)\n    \
         return max(3 * abs(opponent_score // 10 % 10 - player_score % 10), 1)\n",
    );
    let (status, out, err) = check(&dir, "hog.py", &[]);
    // A print left in fails the course's tests, which compare what is
    // printed: so it fails here, its answers right.
    assert_eq!(status, 1, "{out}\n{err}");
    assert!(line(&out, "roll_dice").contains("OK (120 inputs)"), "{out}");
    assert!(
        line(&out, "play").contains("missing (not checked)"),
        "{out}"
    );
    // What it prints is said, its escape codes shown, not run.
    assert_eq!(
        line(&out, "boar_brawl")
            .split_once("  ")
            .unwrap()
            .1
            .trim_start(),
        "agrees, but prints at boar_brawl(0, 0): \\x1b[31mdebug 0 (the course's \
         tests compare what is printed, so a print left in fails them)",
        "{out}"
    );
    assert!(!out.contains('\u{1b}'));
    // No play, no whole games.
    assert!(!out.contains("whole games"), "{out}");
}

#[test]
fn raising_hanging_and_wrong_types_are_said_in_a_line() {
    let dir = Scratch::new();
    let file = project(
        &dir,
        &[
            (
                "    tens = opponent_score // 10 % 10\n",
                "    tens = 1 // (player_score - 5)\n",
            ),
            (
                "    return len([d for d in range(1, n + 1) if n % d == 0])\n",
                "    while True:\n        pass\n",
            ),
            (
                "    return 6 if score < opponent_score else 5\n",
                "    return 6\n",
            ),
            (
                "    return lambda score, opponent_score: n\n",
                "    return lambda score, opponent_score: str(n)\n",
            ),
        ],
    );
    let (status, out, err) = check(&dir, &file, &["--games", "0", "--function-timeout", "3"]);
    assert_eq!(status, 1, "{out}\n{err}");
    assert!(
        line(&out, "boar_brawl").contains("raised at boar_brawl(5, 0): ZeroDivisionError"),
        "{out}"
    );
    assert!(
        line(&out, "num_factors")
            .contains("had not returned after 3 s of CPU time (at num_factors(1))"),
        "{out}"
    );
    assert!(
        line(&out, "always_roll").contains("should be [0, 0, 0, 0, 0], yours gives ['0' (str)"),
        "{out}"
    );
}

#[test]
fn bad_input_is_one_line_with_exit_status_2() {
    let dir = Scratch::new();
    let (status, out, err) = check(&dir, "nothere.py", &[]);
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.trim(), "error: bad argument: nothere.py: no such file");
    dir.write("broken.py", "def roll_dice(:\n");
    let (status, _, err) = check(&dir, "broken.py", &[]);
    assert_eq!(status, 2, "{err}");
    assert!(
        err.trim()
            .starts_with("error: bad argument: broken.py: importing it raised"),
        "{err}"
    );
    assert!(err.contains("SyntaxError"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let file = project(&dir, &[]);
    let rules_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules/variant.toml");
    let (status, _, err) = check(&dir, &file, &["--rules", rules_file.to_str().unwrap()]);
    assert_eq!(status, 2);
    assert!(
        err.contains("knows the course's projects of the rule sets fa24, fa19"),
        "{err}"
    );
}

/// `hog play --student FILE --seed 7 --vs always_roll(6)`, typing 5
/// dice every move, in `dir`: status and stdout.
fn play_student(dir: &Scratch, file: &str) -> (i32, String, String) {
    let out = hog_command()
        .current_dir(dir.path())
        .args([
            "play",
            "--seed",
            "7",
            "--vs",
            "always_roll(6)",
            "--student",
            file,
        ])
        .write_stdin("5\n".repeat(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn factors(n: u32) -> usize {
    (1..=n).filter(|d| n.is_multiple_of(*d)).count()
}

#[test]
fn play_with_a_students_file_follows_each_turn_and_names_the_first_difference() {
    let dir = Scratch::new();
    let file = project(&dir, &[]);
    let (status, out, err) = play_student(&dir, &file);
    assert_eq!(status, 0, "{out}\n{err}");
    let verdicts: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Your hog.py:"))
        .collect();
    let turns = out.lines().filter(|l| l.starts_with("Score: ")).count();
    assert_eq!(verdicts.len(), turns);
    assert!(verdicts.iter().all(|l| l.ends_with("(agrees).")), "{out}");
    assert!(!out.contains("differs"), "{out}");
    // Their last line is the final score.
    let last = out
        .lines()
        .find(|l| l.starts_with("Final score: "))
        .unwrap();
    let scores = verdicts.last().unwrap().trim_start_matches("Your hog.py: ");
    assert!(
        last.contains(&scores.replace(" (agrees).", "")),
        "{last} / {scores}"
    );

    // Sus Fuss forgotten for 4 factors: the first turn that lands on such
    // a score is named once, as sus_update's, with the rules' reason.
    let file = project(
        &dir,
        &[(
            "if num_factors(score) in (3, 4):",
            "if num_factors(score) == 3:",
        )],
    );
    let (status, out, err) = play_student(&dir, &file);
    assert_eq!(status, 0, "{out}\n{err}");
    let told: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("first differs"))
        .collect();
    assert_eq!(told.len(), 1, "{out}");
    let blocks: Vec<&str> = out.split("\nScore: ").skip(1).collect();
    let first = blocks
        .iter()
        .position(|b| b.contains("(differs)"))
        .expect("a turn differs");
    assert!(
        told[0].starts_with(&format!(
            "Your hog.py first differs in turn {}: ",
            first + 1
        )),
        "{}",
        told[0]
    );
    assert!(told[0].contains("your sus_update gives"), "{}", told[0]);
    let fuss = blocks[first]
        .lines()
        .find_map(|l| l.strip_prefix("Sus Fuss: "))
        .expect("the turn had Sus Fuss");
    let landed: u32 = fuss.split_whitespace().next().unwrap().parse().unwrap();
    assert_eq!(factors(landed), 4, "{fuss}");
    assert!(blocks[..first].iter().all(|b| !b.contains("(differs)")));

    // Player 1 first: told before the first turn.
    let file = project(&dir, &[("    who = 0\n", "    who = 1\n")]);
    let (_, out, _) = play_student(&dir, &file);
    assert!(
        out.contains(
            "Your hog.py first differs before the first turn: your play asks player 1 \
                       to move first at 0-0; player 0 moves first at 0-0."
        ),
        "{out}"
    );
}

#[test]
fn play_and_serve_refuse_a_students_file_that_cannot_replay() {
    let dir = Scratch::new();
    dir.write("broken.py", "def play(:\n");
    dir.write("empty.py", "x = 1\n");
    for (file, words) in [
        (
            "broken.py",
            "error: bad argument: broken.py: importing it raised SyntaxError",
        ),
        (
            "empty.py",
            "error: bad argument: empty.py: it has no play and no sus_update",
        ),
        (
            "missing.py",
            "error: bad argument: missing.py: no such file",
        ),
    ] {
        for command in [
            &["play", "--student", file][..],
            &["serve", "--no-open", "--port", "0", "--student", file][..],
        ] {
            let out = hog_command()
                .current_dir(dir.path())
                .args(command)
                .write_stdin("")
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command:?}: {err}");
            assert!(err.starts_with(words), "{command:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(out.stdout.is_empty(), "{command:?}");
        }
    }
    let out = hog_command()
        .current_dir(dir.path())
        .args(["--after-turn", "none", "play", "--student", "empty.py"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--student knows the course's projects of the rule sets fa24"));
}

/// `hog play --student FILE --seed 7 --vs always_roll(6)`, typing
/// `typed`, in `dir`: the line that names the first difference.
fn first_difference(dir: &Scratch, file: &str, typed: &str) -> String {
    first_difference_seeded(dir, file, typed, "7")
}

/// [`first_difference`] with another seed.
fn first_difference_seeded(dir: &Scratch, file: &str, typed: &str, seed: &str) -> String {
    let out = hog_command()
        .current_dir(dir.path())
        .args([
            "play",
            "--seed",
            seed,
            "--vs",
            "always_roll(6)",
            "--student",
            file,
        ])
        .write_stdin(typed)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    let told: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("first differs"))
        .collect();
    assert_eq!(told.len(), 1, "{out}");
    told[0].to_string()
}

/// The debugger blames the innermost of the student's functions whose
/// answer differs on the turn (each called alone on its inputs), with the
/// rule's arithmetic, not the update that called it.
#[test]
fn play_with_a_students_file_blames_the_innermost_function_that_differs() {
    let dir = Scratch::new();
    // boar_brawl reads the opponent's ones digit for its tens.
    let file = project(
        &dir,
        &[(
            "tens = opponent_score // 10 % 10",
            "tens = opponent_score % 10",
        )],
    );
    assert_eq!(
        first_difference(&dir, &file, &"0\n".repeat(60)),
        "Your hog.py first differs in turn 2: player 1 (you) rolled 0 dice at 0-31: your \
         boar_brawl(0, 31) gives 3; the rules give 3 × |3 − 0| = 9 (Boar Brawl: 3 is the tens \
         digit of 31, 0 the ones digit of 0); so your sus_update gives 3, not 11."
    );
    // Sus Fuss forgotten for 4 factors: sus_points, not sus_update.
    let file = project(
        &dir,
        &[(
            "if num_factors(score) in (3, 4):",
            "if num_factors(score) == 3:",
        )],
    );
    assert_eq!(
        first_difference(&dir, &file, &"5\n".repeat(60)),
        "Your hog.py first differs in turn 3: player 0 (the bot) rolled 6 dice: 5 6 6 3 4 2 at \
         31-1: your sus_points(57) gives 57; the rules give 59, because 57 has 4 factors (Sus \
         Fuss), so it becomes 59, the next prime; so your sus_update gives 57, not 59."
    );
    // num_factors misses the number itself: sus_points follows it, so
    // num_factors is named.
    let file = project(
        &dir,
        &[("range(1, n + 1) if n % d == 0", "range(1, n) if n % d == 0")],
    );
    assert_eq!(
        first_difference_seeded(&dir, &file, &"5\n".repeat(60), "3"),
        "Your hog.py first differs in turn 5: player 0 (the bot) rolled 6 dice: 4 1 6 6 4 6 at \
         24-24: your num_factors(25) gives 2; the rules give 3, because 1, 5 and 25 divide 25; \
         so your sus_update gives 25, not 29."
    );
}

/// A `play` that calls a strategy with the opponent's score first is told
/// so, and its scores are read the right way round (the rules' scores
/// after every turn).
#[test]
fn play_with_a_students_file_names_scores_handed_the_other_way_round() {
    let dir = Scratch::new();
    for (from, to, told) in [
        (
            "score1 = update(strategy1(score1, score0)",
            "score1 = update(strategy1(score0, score1)",
            "Your hog.py first differs in turn 1: your play calls strategy1 with (score0, \
             score1): the opponent's score first (it calls strategy1(31, 0) where player 1 has \
             0 and the opponent 31; a strategy takes its own player's score first).",
        ),
        (
            "score0 = update(strategy0(score0, score1)",
            "score0 = update(strategy0(score1, score0)",
            "Your hog.py first differs in turn 2: your play calls strategy0 with (score1, \
             score0): the opponent's score first (it calls strategy0(1, 31) where player 0 has \
             31 and the opponent 1; a strategy takes its own player's score first).",
        ),
    ] {
        let file = project(&dir, &[(from, to)]);
        let (status, out, err) = play_student(&dir, &file);
        assert_eq!(status, 0, "{out}\n{err}");
        assert_eq!(
            out.lines()
                .filter(|l| l.contains("first differs"))
                .collect::<Vec<_>>(),
            [told],
            "{out}"
        );
        // Each turn's scores as their play has them are the next turn's.
        let theirs: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_prefix("Your hog.py: "))
            .map(|l| l.split(" (").next().unwrap())
            .collect();
        let rules: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_prefix("Score: "))
            .map(|l| l.split('.').next().unwrap())
            .skip(1)
            .collect();
        assert!(theirs.len() > 10, "{out}");
        assert_eq!(theirs[..rules.len()], rules[..], "{out}");
    }
}

/// The strategies hog hands the student's `play` say what the play did
/// when it calls them as no game does (past the goal, with a score that
/// is not a whole number), in the whole games and in the debugger; the
/// whole games name the strategies as hog's.
#[test]
fn whole_games_and_the_debugger_say_what_play_did_to_hogs_strategies() {
    let dir = Scratch::new();
    let file = project(&dir, &[]);
    let (status, out, err) = check(&dir, &file, &["--games", "300"]);
    assert_eq!(status, 0, "{out}\n{err}");
    let games = line(&out, "whole");
    assert!(
        games.starts_with("whole games            player 0 (hog's boar_strategy) won ")
            && games.contains(" games of your play against hog's always_roll(6); exact "),
        "{games}"
    );
    for (from, to, said) in [
        (
            "while score0 < goal and score1 < goal:",
            "while score0 < goal + 5 and score1 < goal + 5:",
            "your play kept going after the game was over at 92-100 in the first game",
        ),
        (
            "score0 = update(strategy0(score0, score1)",
            "score0 = update(strategy0(score0 + 0.5, score1)",
            "your play called strategy0 with 0.5 and 0: a score that is not a whole number in \
             the first game",
        ),
    ] {
        let file = project(&dir, &[(from, to)]);
        let (status, out, err) = check(&dir, &file, &["--games", "300"]);
        assert_eq!(status, 1, "{out}\n{err}");
        assert_eq!(
            line(&out, "whole"),
            format!("whole games            {said}")
        );
    }
    assert_eq!(
        first_difference(&dir, &file, &"5\n".repeat(60)),
        "Your hog.py first differs before the first turn: your play called strategy0 with 0.5 \
         and 0: a score that is not a whole number."
    );
    let file = project(
        &dir,
        &[(
            "while score0 < goal and score1 < goal:",
            "while score0 < goal + 5 and score1 < goal + 5:",
        )],
    );
    assert_eq!(
        first_difference(&dir, &file, &"5\n".repeat(60)),
        "Your hog.py first differs in turn 17: your play kept going after the game was over at \
         100-90: it asks player 1 for a move."
    );
}

/// A semester's complete project (its fixture as it is) checked under
/// `rules`: every one of its `functions` agrees and its games are within 4
/// standard errors of the exact rate; the JSON report.
fn complete_project_agrees(
    dir: &Scratch,
    semester: &str,
    rules: &str,
    functions: usize,
) -> serde_json::Value {
    let file = semester_project(dir, semester, &[]);
    let (status, out, err) = check(dir, &file, &["--rules", rules, "--format", "json"]);
    assert_eq!(status, 0, "{semester}: {out}\n{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let found = v["functions"].as_array().unwrap();
    assert_eq!(found.len(), functions, "{semester}");
    assert!(
        found.iter().all(|f| f["verdict"] == "agrees"),
        "{semester}: {out}"
    );
    assert!(
        v["games"]["z"].as_f64().unwrap().abs() < 4.0,
        "{semester}: {}",
        v["games"]
    );
    v
}

/// The older semesters' projects: Spring 2014 (double-swap) and Summer
/// 2015 (reverse-swap), each complete and then with one bug per function.
#[test]
fn older_semesters_are_checked_by_their_own_names_and_each_bug_is_named() {
    let dir = Scratch::new();
    for (semester, rules, functions) in [("sp14", "double-swap", 10), ("su15", "reverse-swap", 11)]
    {
        let v = complete_project_agrees(&dir, semester, rules, functions);
        let found = v["functions"].as_array().unwrap();
        let count = |name: &str| {
            found.iter().find(|f| f["function"] == name).unwrap()["checked"]
                .as_u64()
                .unwrap()
        };
        assert_eq!(count("select_dice"), 100 * 100);
        assert_eq!(count("take_turn"), 100 * 11);
        assert_eq!(count("swap_strategy"), 3 * 100 * 100);
        // bacon_strategy moving first against always_roll(5): hog eval's.
        let exact = v["games"]["exact"].as_f64().unwrap();
        let want = if semester == "sp14" { 0.5540 } else { 0.5511 };
        assert!((exact - want).abs() < 5e-5, "{semester}: {exact}");
    }
    let bugs: &[(&str, &str, &str, &str, &str)] = &[
        (
            "sp14",
            "return 1 + max(opponent_score // 10, opponent_score % 10)",
            "return max(opponent_score // 10, opponent_score % 10)",
            "take_turn",
            "take_turn(0, 0, make_test_dice(4, 2, 5, 1)) should be 1, yours gives 0",
        ),
        (
            "sp14",
            "if (score + opponent_score) % 7 == 0:",
            "if (score + opponent_score) % 6 == 0:",
            "select_dice",
            "select_dice(0, 6) should be six_sided, yours gives four_sided",
        ),
        (
            "sp14",
            "    return 1 - who",
            "    return who",
            "other",
            "other(0) should be 1, yours gives 0",
        ),
        (
            "sp14",
            "        if score == 2 * opponent_score or opponent_score == 2 * score:",
            "        if score == 2 * opponent_score:",
            "play",
            "play(always_roll(0), (6 if score < opponent_score else 4) dice, 100) with \
             four_sided = make_test_dice(4, 2, 3), \
             six_sided = make_test_dice(1, 6) should be (103, 54)",
        ),
        (
            "sp14",
            "    who = 0\n",
            "    who = 1\n",
            "play",
            "84 of 84 inputs differ",
        ),
        (
            "sp14",
            "return sum(fn(*args) for _ in range(num_samples)) / num_samples",
            "return fn(*args)",
            "make_averaged",
            "make_averaged(make_test_dice(3, 1, 5, 6), 4)() should be [3.75], yours gives [3]",
        ),
        (
            "sp14",
            "if best_average is None or average > best_average:",
            "if best_average is None or average >= best_average:",
            "max_scoring_num_rolls",
            "max_scoring_num_rolls(make_test_dice(4, 2, 5, 1)) should be 2, yours gives 3",
        ),
        (
            "sp14",
            "return 0 if bacon >= margin else num_rolls",
            "return 0 if bacon > margin else num_rolls",
            "bacon_strategy",
            "bacon_strategy(0, 7) should be 0, yours gives 5",
        ),
        (
            "sp14",
            "    if new * 2 == opponent_score:\n        return 0",
            "    if new * 2 == opponent_score:\n        return num_rolls",
            "swap_strategy",
            "swap_strategy(0, 18) should be 0, yours gives 5",
        ),
        (
            "su15",
            "return last0 == (last1 % 10) * 10 + last1 // 10",
            "return score0 == (score1 % 10) * 10 + score1 // 10",
            "is_swap",
            "is_swap(100, 0) should be True, yours gives False",
        ),
        (
            "su15",
            "        if is_swap(score0, score1):",
            "        if is_swap(score0, score1) and max(score0, score1) < goal:",
            "play",
            "play(always_roll(2), always_roll(5), 96, 60, 100) with four_sided = \
             make_test_dice(3, 4, 2, 4, 1, 3), six_sided = make_test_dice(4, 6) should be \
             (60, 106) after 1 turn: strategy0(96, 60), yours gives (106, 60)",
        ),
    ];
    for &(semester, from, to, function, words) in bugs {
        let rules = if semester == "sp14" {
            "double-swap"
        } else {
            "reverse-swap"
        };
        planted(&dir, semester, rules, (from, to, function, words));
    }
}

/// Fall 2019 (`--rules fa19`, Feral Hogs): the complete project agrees,
/// and it gives every worked example of that semester's own tests (so
/// hog's fa19 rules are the course's); each planted bug is named.
#[test]
fn fall_2019_is_checked_by_its_own_names_and_its_course_examples_hold() {
    let dir = Scratch::new();
    complete_project_agrees(&dir, "fa19", "fa19", 11);
    // The course's own examples (Fall 2019's ok tests 02, 04, 05a, 05b,
    // 09, 11), run against the same file.
    course_examples("fa19");

    let bugs: &[(&str, &str, &str, &str)] = &[
        (
            "return 10 - min(score % 10, score // 10 % 10)",
            "return 10 - max(score % 10, score // 10 % 10)",
            "free_bacon",
            "free_bacon(1) should be 10, yours gives 9",
        ),
        (
            "    while n >= 10:",
            "    while n > 10:",
            "is_swap",
            "is_swap(101, 1) should be True, yours gives False",
        ),
        (
            "abs(num_rolls - last[player]) == 2",
            "abs(num_rolls - last[player]) >= 2",
            "play",
            "play(bacon_strategy, always_roll(4), 0, 0, make_test_dice(1, 6), 100, silence, True) \
             should be (100, 21)",
        ),
        (
            "        last[player] = num_rolls",
            "        last = [num_rolls, num_rolls]",
            "play",
            "play(swap_strategy, [2, 4, 6, 0, 3][(score + opponent_score) % 5] dice, 0, 0, \
             make_test_dice(2, 5, 4, 4, 1, 1, 6, 6, 3, 4, 3, 6, 3, 4, 3, 4, 1, 3, 4), 100, \
             silence, True) should be (101, 82)",
        ),
        (
            "    if is_swap(new, opponent_score) and opponent_score > new:",
            "    if is_swap(new, opponent_score) and opponent_score >= new:",
            "swap_strategy",
            "swap_strategy(26, 33) should be 4, yours gives 0",
        ),
    ];
    for &bug in bugs {
        planted(&dir, "fa19", "fa19", bug);
    }
}

/// The course's worked examples of a semester (its tests' values, in
/// tests/fixtures/check/SEMESTER/examples.py) hold for the complete
/// project, which `hog check` finds equal to hog's rules.
fn course_examples(semester: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(semester);
    let out = std::process::Command::new("python3")
        .current_dir(&dir)
        .arg("-c")
        .arg(std::fs::read_to_string(dir.join("examples.py")).unwrap())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "ok\n",
        "{semester}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_hog_wild_semesters_course_examples_hold() {
    course_examples("sp14");
    course_examples("su15");
}

/// `hog play --student` with an older semester's project: a difference
/// is put down to its `take_turn` (the turn's points) with the rules'
/// reason, or to `play` when its `take_turn` agrees.
#[test]
fn play_with_an_older_semesters_file_names_take_turn_or_play() {
    let dir = Scratch::new();
    let run = |rules: &str, file: &str, vs: &str, typed: &str| {
        let out = hog_command()
            .current_dir(dir.path())
            .args([
                "--rules",
                rules,
                "play",
                "--seed",
                "7",
                "--vs",
                vs,
                "--student",
                file,
            ])
            .write_stdin(typed)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    for (semester, rules) in [
        ("sp14", "double-swap"),
        ("su15", "reverse-swap"),
        ("fa19", "fa19"),
        ("digit-swap", "digit-swap"),
    ] {
        let file = semester_project(&dir, semester, &[]);
        let out = run(rules, &file, "always_roll(6)", &"5\n".repeat(40));
        assert!(!out.contains("differs"), "{semester}: {out}");
        assert!(out.matches("(agrees).").count() >= 10, "{semester}: {out}");
    }
    let file = semester_project(
        &dir,
        "sp14",
        &[(
            "return 1 + max(opponent_score // 10, opponent_score % 10)",
            "return max(opponent_score // 10, opponent_score % 10)",
        )],
    );
    let out = run("double-swap", &file, "always_roll(6)", "0\n0\n0\n");
    assert!(
        out.contains(
            "Your hog.py first differs in turn 2: player 1 (you) rolled 0 dice at 0-21: your \
             take_turn gives 2; the rules give 3, because Free Bacon gives 1 + max(2, 1) = 3 \
             for 0 dice (2 and 1 are the tens and ones digits of 21)."
        ),
        "{out}"
    );
    let file = semester_project(
        &dir,
        "fa19",
        &[(
            "abs(num_rolls - last[player]) == 2",
            "abs(num_rolls - last[player]) >= 2",
        )],
    );
    let out = run("fa19", &file, "always_roll(4)", "2\n5\n0\n");
    assert!(
        out.contains(
            "Your hog.py first differs in turn 1: player 0 (the bot) rolled 4 dice: 5 2 6 6; your \
             play then has player 0 at 22 and player 1 at 0, the rules 19 and 0 (your take_turn \
             gives 19 for that turn, as the rules do: look at play)."
        ),
        "{out}"
    );
}

/// digit-swap (`--rules digit-swap`): the complete project agrees, gives
/// the rules' own worked examples, and each planted bug is named.
#[test]
fn digit_swap_is_checked_and_its_worked_examples_hold() {
    let dir = Scratch::new();
    complete_project_agrees(&dir, "digit-swap", "digit-swap", 11);
    course_examples("digit-swap");
    let bugs: &[(&str, &str, &str, &str)] = &[
        (
            "return 1 + (score // 10 * (score % 10)) % 10",
            "return (score // 10 * (score % 10)) % 10",
            "free_bacon",
            "free_bacon(0) should be 1, yours gives 0",
        ),
        (
            "    return player_score % 10 == opponent_score // 10 % 10",
            "    return opponent_score % 10 == player_score // 10 % 10",
            "is_swap",
            "is_swap(0, 1) should be True, yours gives False",
        ),
        (
            "            if is_swap(score1, score0):",
            "            if is_swap(score0, score1):",
            "play",
            "play(bacon_strategy, always_roll(4), 0, 0, make_test_dice(1, 6), 100, silence) \
             should be (105, 93)",
        ),
        (
            "    if is_swap(new, opponent_score) and opponent_score > new:",
            "    if is_swap(new, opponent_score):",
            "swap_strategy",
            "swap_strategy(9, 0) should be 4, yours gives 0",
        ),
    ];
    for &bug in bugs {
        planted(&dir, "digit-swap", "digit-swap", bug);
    }
}

/// Bugs that give the right answers on most inputs, each named by what the
/// code did: dice rolled too few times, a float where the course prints a
/// whole number, a row-by-row constancy test, the samples' count left
/// out, a strategy asked twice a turn; a correct `play` is not blamed for
/// its semester's `take_turn`.
#[test]
fn faults_are_named_by_what_the_code_did() {
    let dir = Scratch::new();
    let bugs: &[(&str, &str, &str, &str, &str)] = &[
        (
            "fa24",
            "    faces = [dice() for _ in range(num_rolls)]\n    return 1 if 1 in faces else sum(faces)",
            "    total = 0\n    for _ in range(num_rolls):\n        face = dice()\n        \
             if face == 1:\n            return 1\n        total += face\n    return total",
            "roll_dice",
            "your roll_dice called the dice once for 2 dice (at roll_dice(2, make_test_dice(1, 6))); \
             the course rolls exactly num_rolls dice",
        ),
        (
            "fa24",
            "    return max(3 * abs(tens - ones), 1)",
            "    return max(3 * abs(tens - ones), 1) / 1",
            "boar_brawl",
            "returns 1.0 (a float) at boar_brawl(0, 0); the rules give 1",
        ),
        (
            "fa24",
            "return all(strategy(s, o) == first for s in range(goal) for o in range(goal))",
            "return all(strategy(s, o) == strategy(s, 0) for s in range(goal) for o in range(goal))",
            "is_always_roll",
            "is_always_roll(5 dice below score 50, else 6, 100) should be False, yours gives True",
        ),
        (
            "fa24",
            "            score0 = update(strategy0(score0, score1), score0, score1, dice)\n",
            "            strategy0(score0, score1)\n            \
             score0 = update(strategy0(score0, score1), score0, score1, dice)\n",
            "play",
            "your play calls strategy0 twice per turn; the course calls each strategy once",
        ),
        (
            "fa19",
            "make_averaged(roll_dice, num_samples)",
            "make_averaged(roll_dice)",
            "max_scoring_num_rolls",
            "your max_scoring_num_rolls called the dice 55000 times for 55 dice (at \
             max_scoring_num_rolls(make_test_dice(4, 2, 5, 1), 1)); the course rolls 1 to 10 \
             dice, as many times each as it is told",
        ),
    ];
    for &(semester, from, to, function, words) in bugs {
        let rules = if semester == "fa19" { "fa19" } else { "fa24" };
        let out = planted(&dir, semester, rules, (from, to, function, words));
        let others: Vec<&str> = out
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with(function) && l.contains("differ"))
            .collect();
        assert!(others.is_empty(), "{function}: others differ too:\n{out}");
    }

    // Both strategies asked twice a turn: said as such, not as games twice
    // as long.
    let file = semester_project(
        &dir,
        "fa24",
        &[
            (
                "            score0 = update(strategy0(score0, score1), score0, score1, dice)\n",
                "            strategy0(score0, score1)\n            \
                 score0 = update(strategy0(score0, score1), score0, score1, dice)\n",
            ),
            (
                "            score1 = update(strategy1(score1, score0), score1, score0, dice)\n",
                "            strategy1(score1, score0)\n            \
                 score1 = update(strategy1(score1, score0), score1, score0, dice)\n",
            ),
        ],
    );
    let (status, out, err) = check(&dir, &file, &["--games", "0"]);
    assert_eq!(status, 1, "{out}\n{err}");
    assert!(
        line(&out, "play").contains(
            "60 of 72 inputs differ: your play calls each strategy twice per turn; the course \
             calls it once"
        ),
        "{out}"
    );

    // Fall 2019: a take_turn that leaves out Free Bacon; play, which calls
    // it, is judged with the rules' own and agrees.
    let file = semester_project(
        &dir,
        "fa19",
        &[(
            "        return free_bacon(opponent_score)\n",
            "        return 0\n",
        )],
    );
    let (status, out, err) = check(&dir, &file, &["--rules", "fa19", "--games", "0"]);
    assert_eq!(status, 1, "{out}\n{err}");
    assert!(line(&out, "take_turn").contains("differ"), "{out}");
    assert!(line(&out, "play").contains("OK ("), "{out}");
}

/// A correct function that is merely slow is checked as far as its CPU
/// time goes and passes: slowness is never a wrong answer, and CPU time is
/// what a busy machine does not stretch.
#[test]
fn a_slow_correct_function_is_checked_as_far_as_its_time_goes() {
    let dir = Scratch::new();
    let file = project(
        &dir,
        &[(
            "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n",
            "def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):\n    \
             sum(range(30000))\n",
        )],
    );
    let (status, out, err) = check(&dir, &file, &["--games", "0", "--function-timeout", "1"]);
    assert_eq!(status, 0, "{out}\n{err}");
    let found = line(&out, "sus_update");
    assert!(found.contains("OK as far as its time went ("), "{out}");
    assert!(
        found.contains(" of 110000 inputs in 1 s of CPU time, about "),
        "{out}"
    );
    assert!(
        found.ends_with(" a call; --function-timeout gives it more)"),
        "{out}"
    );
    assert!(
        out.ends_with("Every function present agrees with the rules.\n"),
        "{out}"
    );
}

/// `--python-timeout` counts the CPU time Python uses, not the wall
/// clock's: a check that takes longer on the wall clock than its limit
/// (here its functions wait a little at each call, as a busy machine makes
/// them wait) but little CPU time still finishes, with the same verdicts.
#[test]
fn the_whole_check_is_timed_by_its_cpu_time() {
    let dir = Scratch::new();
    let file = project(
        &dir,
        &[(
            "def boar_brawl(player_score, opponent_score):\n",
            "def boar_brawl(player_score, opponent_score):\n    __import__('time').sleep(0.002)\n",
        )],
    );
    let (status, out, err) = check(&dir, &file, &["--python-timeout", "5", "--games", "0"]);
    assert_eq!(status, 0, "{out}\n{err}");
    assert!(
        line(&out, "boar_brawl").contains("OK (10000 inputs)"),
        "{out}"
    );
    assert!(
        out.ends_with("Every function present agrees with the rules.\n"),
        "{out}"
    );
}
