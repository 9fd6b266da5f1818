//! Rules with memory (`memory = "feral-hogs"` in a rules file): the
//! commands that take them agree with the library's sweep over the full
//! state, `simulate` with real dice; the others refuse them in one line.

use hog::engine::Policy;
use std::sync::Arc;

use hog::engine::{Solution, State};
use hog::recall::{Clock, ClockRule, Context, FeralHogs, Forgetful, PlayerMemory, Still, TimeTrot};
use hog::rules::ComposedRules;
use hog::table::StrategyTable;

use crate::util::{eval_twins, example, num, refuse_python, run_ok, swept, Scratch};

const FA19: &str = "zero_dice = \"bacon-ten-minus-min-digit\"\n\
                    after_turn = \"swap-first-times-last\"\n";

/// `hog simulate`'s report `v` of 100,000 games a seat: the first seat's
/// sampled rate within 4.5 standard errors of `exact`, which it reports.
fn assert_sampled_near(v: &serde_json::Value, exact: f64) {
    let sampled = v["sampled"]["first"]["rate"].as_f64().unwrap();
    let se = (exact * (1.0 - exact) / 100_000.0).sqrt();
    assert!((sampled - exact).abs() < 4.5 * se, "{sampled} vs {exact}");
    assert_eq!(v["exact"]["first"].as_f64(), Some(exact), "{v}");
}

fn rules_file(dir: &Scratch, memory: &str) -> String {
    let name = format!("{memory}.toml");
    dir.write(&name, &format!("{FA19}memory = \"{memory}\"\ngoal = 40\n"));
    name
}

fn library(memory: FeralHogs, policies: &[Policy<'_>]) -> Solution<'static> {
    clocked(Arc::new(memory), Arc::new(Still), policies)
}

/// The library's sweep of the Fall 2019 scoring rules at goal 40 with
/// `memory` and `clock`.
fn clocked(
    memory: Arc<dyn PlayerMemory + Send + Sync>,
    clock: Arc<dyn Clock + Send + Sync>,
    policies: &[Policy<'_>],
) -> Solution<'static> {
    swept(
        ComposedRules::parse(FA19, Some(40)).unwrap(),
        memory,
        clock,
        policies,
    )
}

#[test]
fn eval_and_solve_give_the_library_values_with_memory() {
    let dir = Scratch::new();
    let two = StrategyTable::constant(40, 2);
    let four = StrategyTable::constant(40, 4);
    for (name, memory) in [
        ("feral-hogs", FeralHogs::Dice),
        ("feral-hogs-points", FeralHogs::Points),
    ] {
        let file = rules_file(&dir, name);
        let v = dir.json(&[
            "eval",
            "--rules-file",
            &file,
            "always_roll(2)",
            "--vs",
            "always_roll(4)",
        ]);
        let first = library(memory, &[Policy::Fixed(&two), Policy::Fixed(&four)]).value(0, (0, 0));
        let second =
            1.0 - library(memory, &[Policy::Fixed(&four), Policy::Fixed(&two)]).value(0, (0, 0));
        assert_eq!(num(&v, "first").to_bits(), first.to_bits(), "{name}");
        assert_eq!(num(&v, "second").to_bits(), second.to_bits(), "{name}");
        // Feral Hogs pays the first turn of two dice: better than without.
        let plain = dir.write("plain.toml", &format!("{FA19}goal = 40\n"));
        let p = dir.json(&[
            "eval",
            "--rules-file",
            plain.to_str().unwrap(),
            "always_roll(2)",
            "--vs",
            "always_roll(4)",
        ]);
        assert!(
            first > num(&p, "first") + 1e-3,
            "{name}: {first} vs {}",
            num(&p, "first")
        );

        // The optimum over the full state, one row per state and context.
        let out = format!("out-{name}");
        let s = dir.json(&["solve", "--rules-file", &file, "--out", &out]);
        let best = library(memory, &[Policy::Best]);
        assert_eq!(
            num(&s, "first_player_win_probability").to_bits(),
            best.value(0, (0, 0)).to_bits()
        );
        // Its long table, row by row, is held to the library's in
        // contexts.rs with every other rule set that remembers.
        assert!(!dir.join(&out).join("win_probabilities.csv").exists());
    }
}

#[test]
fn simulate_plays_with_memory() {
    let dir = Scratch::new();
    let file = rules_file(&dir, "feral-hogs");
    let v = dir.json(&[
        "simulate",
        "--rules-file",
        &file,
        "always_roll(2)",
        "--vs",
        "always_roll(4)",
        "--games",
        "100000",
        "--quiet",
    ]);
    let exact = library(
        FeralHogs::Dice,
        &[
            Policy::Fixed(&StrategyTable::constant(40, 2)),
            Policy::Fixed(&StrategyTable::constant(40, 4)),
        ],
    )
    .value(0, (0, 0));
    assert_sampled_near(&v, exact);
}

/// `rates` rates every table with memory tracked: the best response with
/// its own values in each seat, the optimum as a table of the whole state
/// (scores and memories) played against the opponent; `match` reads two
/// tables and gives the first one's rate as the library.
#[test]
fn rates_and_match_track_the_memory() {
    let dir = Scratch::new();
    let file = rules_file(&dir, "feral-hogs");
    let v = dir.json(&["rates", "--rules-file", &file, "--vs", "always_roll(4)"]);
    let rows = v["rows"].as_array().unwrap();
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["strategy"] == name)
            .unwrap_or_else(|| panic!("no row {name} in {v}"))
    };
    assert_eq!(
        rows.len(),
        13,
        "always_roll(0..=10), optimal and the best response: {v}"
    );
    let four = StrategyTable::constant(40, 4);
    let optimum = library(FeralHogs::Dice, &[Policy::Best]).table();
    assert!(!optimum.reads_scores_only());
    let moving = |a: &StrategyTable, b: &StrategyTable| {
        library(FeralHogs::Dice, &[Policy::Fixed(a), Policy::Fixed(b)]).value(0, (0, 0))
    };
    let optimal = row("optimal");
    assert_eq!(
        num(optimal, "first").to_bits(),
        moving(&optimum, &four).to_bits()
    );
    assert_eq!(
        num(optimal, "second").to_bits(),
        (1.0 - moving(&four, &optimum)).to_bits()
    );
    let two = StrategyTable::constant(40, 2);
    let first = library(
        FeralHogs::Dice,
        &[Policy::Fixed(&two), Policy::Fixed(&four)],
    )
    .value(0, (0, 0));
    assert_eq!(
        num(row("always_roll(2)"), "first").to_bits(),
        first.to_bits()
    );
    let best = library(FeralHogs::Dice, &[Policy::Best, Policy::Fixed(&four)]).value(0, (0, 0));
    let best_second =
        1.0 - library(FeralHogs::Dice, &[Policy::Fixed(&four), Policy::Best]).value(0, (0, 0));
    let response = row("best_response(always_roll(4))");
    assert_eq!(num(response, "first").to_bits(), best.to_bits());
    assert!((num(response, "second") - best_second).abs() < 1e-15);
    assert_eq!(rows[0]["strategy"], "best_response(always_roll(4))");
    let text = dir.run(&["rates", "--rules-file", &file, "--vs", "always_roll(4)"]);
    assert!(
        text.contains(
            "optimal and the best response choose by the scores and what each player remembers"
        ),
        "{text}"
    );

    let mut input = vec!["2"; 1600];
    input.extend(vec!["4"; 1600]);
    let out = dir
        .hog()
        .args(["match", "--rules-file", &file])
        .write_stdin(input.join(" "))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{first}\n"));
}

/// `explain` at a state and what both players remember: the optimum's
/// choice and value there as the library has them, the bonus named; bad
/// memories refused in one line.
#[test]
fn explain_takes_what_each_player_remembers() {
    let dir = Scratch::new();
    let file = rules_file(&dir, "feral-hogs");
    let best = library(FeralHogs::Dice, &[Policy::Best]);
    for (a, b) in [(0, 0), (4, 6), (10, 1)] {
        let remembered = format!("{a},{b}");
        let v = dir.json(&[
            "explain",
            "17",
            "23",
            "--rules-file",
            &file,
            "--remembered",
            &remembered,
        ]);
        assert_eq!(v["remembered"], serde_json::json!([a, b]));
        let at = Context::remembering(a, b);
        let choice = best.choice(0, State::new(17, 23, at));
        assert_eq!(v["best"], choice, "{remembered}");
        let value = v["choices"][usize::from(choice)]["win_probability"]
            .as_f64()
            .unwrap();
        assert!((value - best.value(0, State::new(17, 23, at))).abs() < 1e-15);
        for (k, c) in v["choices"].as_array().unwrap().iter().enumerate() {
            let bonus = if (k as u32).abs_diff(a) == 2 { 3 } else { 0 };
            assert_eq!(c["bonus"], bonus, "{remembered}: {k} dice");
        }
    }
    let text = dir.run(&[
        "explain",
        "17",
        "23",
        "--rules-file",
        &file,
        "--remembered",
        "4,6",
    ]);
    assert!(
        text.contains(
            "With feral-hogs: the mover remembers 4 dice, the other 6 dice; 2 or 6 dice earn 3 more points"
        ),
        "{text}"
    );
    dir.refuse(
        &[
            "explain",
            "1",
            "2",
            "--rules-file",
            &file,
            "--remembered",
            "11,0",
        ],
        &["a memory of 11 is out of range: under feral-hogs each player remembers 0 to 10"],
    );
    dir.refuse(
        &[
            "explain",
            "1",
            "2",
            "--rules-file",
            &file,
            "--remembered",
            "4",
        ],
        &["--remembered '4' is not two memories MINE,THEIRS"],
    );
    dir.refuse(
        &["explain", "1", "2", "--remembered", "0,0"],
        &["fa24 remembers nothing"],
    );
}

/// `hog play --rules fa19`: the bot is the optimum over the full state,
/// the board says what both remember, hints are the optimum's values at
/// the start, and the bonus is narrated.
#[test]
fn play_against_the_remembering_optimum() {
    let dir = Scratch::new();
    let moves = ["2", "4", "2", "4", "6", "4", "2", "4", "6", "2", "4", "6"].join("\n");
    let args = [
        "play", "--rules", "fa19", "--seed", "5", "--first", "--hints",
    ];
    let text = run_ok(dir.hog().args(args).write_stdin(moves));
    assert!(
        text.contains(
            "Score: you 0, bot 0. Your move. (feral-hogs: you remember 0 dice, the bot 0 dice.)"
        ),
        "{text}"
    );
    // The hint at the start is the optimum's value, 0.5225964...
    assert!(text.contains("Best: 6 dice (52.26%)."), "{text}");
    // Two dice from nothing remembered earn the bonus.
    assert!(
        text.contains("feral-hogs: 3 more points (2 dice against 0 dice remembered)."),
        "{text}"
    );
    assert!(
        text.contains("(feral-hogs: you remember 2 dice, the bot "),
        "{text}"
    );
}

#[test]
fn what_does_not_take_memory_yet_is_refused() {
    let dir = Scratch::new();
    let file = rules_file(&dir, "feral-hogs");
    // A table is a table whatever the rules remember: exported and drawn
    // as it is; its win probability per state is not one number here.
    dir.run(&[
        "export",
        "always_roll(3)",
        "--rules-file",
        &file,
        "--out",
        "t.csv",
    ]);
    let exported = std::fs::read_to_string(dir.join("t.csv")).unwrap();
    assert!(
        exported.lines().nth(1).unwrap().starts_with("0,3,3,3"),
        "{exported}"
    );
    dir.refuse(
        &[
            "plot",
            "always_roll(3)",
            "--kind",
            "win",
            "--vs",
            "always_roll(4)",
            "--rules-file",
            &file,
            "--out",
            "w.png",
        ],
        &[
            "--kind win under feral-hogs.toml",
            "depends on what each player remembers: hog explain --remembered gives one",
        ],
    );
    // The optimum is a strategy like any other: a table of the scores and
    // what both remember, played against its opponent.
    let v = dir.json(&["eval", "--rules-file", &file, "optimal"]);
    assert_eq!(v["opponent"], "always_roll(6)");
    let optimum = library(FeralHogs::Dice, &[Policy::Best]).table();
    let six = StrategyTable::constant(40, 6);
    let played = library(
        FeralHogs::Dice,
        &[Policy::Fixed(&optimum), Policy::Fixed(&six)],
    );
    assert_eq!(
        num(&v, "first").to_bits(),
        played.value(0, (0, 0)).to_bits()
    );
    dir.refuse(
        &[
            "eval",
            "--rules-file",
            &file,
            "--goal",
            "700",
            "always_roll(3)",
        ],
        &["goal 700 with feral-hogs makes 59290000 states with memory; at most 50000000"],
    );
    // The optimum with memory is a table of the scores and the memories:
    // its file reads back under its rules, as the optimum itself, and is
    // refused where a state is the two scores alone.
    let small = dir.write(
        "small.toml",
        &format!("{FA19}memory = \"feral-hogs\"\ngoal = 5\n"),
    );
    let small = small.to_str().unwrap();
    dir.json(&["solve", "--rules-file", small, "--out", "small"]);
    let strategy = dir.join("small/final_strategy.csv");
    let strategy = strategy.to_str().unwrap();
    dir.refuse(
        &["eval", strategy, "--goal", "5"],
        &["this strategy reads more than the two scores (columns memory, opponent_memory,"],
    );
    let read = dir.json(&["eval", strategy, "--rules-file", small]);
    let solved = dir.json(&["eval", "optimal", "--rules-file", small]);
    for seat in ["first", "second"] {
        assert_eq!(num(&read, seat).to_bits(), num(&solved, seat).to_bits());
    }
    // A file with a row of another memory, or a state missing, says where.
    let text = std::fs::read_to_string(strategy).unwrap();
    let short: Vec<&str> = text.lines().filter(|l| !l.starts_with("4,4,3,")).collect();
    dir.write("short.csv", &(short.join("\n") + "\n"));
    dir.refuse(
        &["eval", "short.csv", "--rules-file", small],
        &["state (4, 4) is missing at memory 3, opponent_memory 0"],
    );
    dir.write("odd.csv", &text.replacen("\n4,4,3,0,", "\n4,4,11,0,", 1));
    dir.refuse(
        &["eval", "odd.csv", "--rules-file", small],
        &["memory 11 is out of range: each player remembers 0 to 10"],
    );
    // At goal 100 it is far larger than a table: the header still names
    // what it is; so does Time Trot's optimum, by its clock's columns.
    dir.json(&["solve", "--rules", "fa19", "--out", "fa19"]);
    let trot = trot_file(&dir, "trot", "");
    dir.json(&["solve", "--rules-file", &trot, "--out", "trot"]);
    for (folder, columns) in [
        ("fa19", "memory, opponent_memory"),
        ("trot", "turn_mod, extra_turn"),
    ] {
        let strategy = dir.join(folder).join("final_strategy.csv");
        dir.refuse(
            &["eval", strategy.to_str().unwrap(), "--vs", "always_roll(4)"],
            &[&format!(
                "row 1: this strategy reads more than the two scores (columns {columns},"
            )],
        );
    }
    dir.write("bad.toml", &format!("{FA19}memory = \"feral\"\n"));
    dir.refuse(
        &["eval", "--rules-file", "bad.toml", "always_roll(3)"],
        &["unknown memory component 'feral'; it is one of feral-hogs, feral-hogs-points"],
    );
}

/// The example file: Fall 2019 with Feral Hogs at goal 100, solved over the
/// full state as the library solves it; `--rules fa19` is the same file
/// built in, and writes the same optimum byte for byte.
#[test]
fn the_example_file_with_memory() {
    let dir = Scratch::new();
    let path = example("fa19-feral.toml");
    let s = dir.json(&[
        "solve",
        "--rules-file",
        path.to_str().unwrap(),
        "--out",
        "out",
    ]);
    let rules = ComposedRules::load(&path, None).unwrap();
    assert_eq!(rules.memory(), Some(FeralHogs::Dice));
    let best = swept(
        rules,
        Arc::new(FeralHogs::Dice),
        Arc::new(Still),
        &[Policy::Best],
    );
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        best.value(0, (0, 0)).to_bits()
    );
    let preset = dir.json(&["solve", "--rules", "fa19", "--out", "preset"]);
    assert_eq!(preset["rules"], "fa19");
    assert_eq!(preset["components"]["memory"], "feral-hogs");
    assert_eq!(
        num(&preset, "first_player_win_probability").to_bits(),
        best.value(0, (0, 0)).to_bits()
    );
    let csv = |out: &str| std::fs::read(dir.join(out).join("final_strategy.csv")).unwrap();
    assert_eq!(csv("preset"), csv("out"));
}

/// Fall 2019 at goal 100 against exact figures computed outside hog: an
/// independent dynamic program over (scores, both players' previous dice or
/// points), written in C++ for this check, and the public contest engine
/// sxyu/bacon2's exact evaluator (which has no optimum under Feral Hogs).
#[test]
fn fall_2019_agrees_with_independent_programs() {
    let dir = Scratch::new();
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules");
    let fa19 = examples.join("fa19.toml");
    let feral = examples.join("fa19-feral.toml");
    let points = dir.write(
        "points.toml",
        &format!("{FA19}memory = \"feral-hogs-points\"\n"),
    );
    let optimum = |file: &std::path::Path| {
        let out = format!("o-{}", file.file_stem().unwrap().to_string_lossy());
        let v = dir.json(&[
            "solve",
            "--rules-file",
            file.to_str().unwrap(),
            "--out",
            &out,
        ]);
        num(&v, "first_player_win_probability")
    };
    for (file, want) in [
        (&fa19, 0.518024027),
        (&feral, 0.522596407),
        (&points, 0.516276087),
    ] {
        let got = optimum(file);
        assert!(
            (got - want).abs() < 1e-9,
            "{}: {got} vs {want}",
            file.display()
        );
    }
    let v = dir.json(&[
        "eval",
        "--rules-file",
        feral.to_str().unwrap(),
        "always_roll(4)",
        "--vs",
        "always_roll(6)",
    ]);
    assert!((num(&v, "average") - 0.446208303).abs() < 1e-9, "{v}");
}

/// `--memory` swaps the reading of Feral Hogs in `--rules fa19` or drops
/// it, with the independent figures above; `hog rules` lists fa19; the
/// presets' component flags and a memory for a preset are refused in one
/// line.
#[test]
fn the_fa19_preset_takes_another_memory() {
    let dir = Scratch::new();
    for (memory, want) in [("feral-hogs-points", 0.516276087), ("none", 0.518024027)] {
        let out = format!("o-{memory}");
        let v = dir.json(&[
            "solve", "--rules", "fa19", "--memory", memory, "--out", &out,
        ]);
        let got = num(&v, "first_player_win_probability");
        assert!((got - want).abs() < 1e-9, "{memory}: {got} vs {want}");
    }
    let listed = dir.json(&["rules"]);
    let fa19 = listed["presets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["preset"] == "fa19")
        .expect("hog rules lists fa19");
    assert_eq!(fa19["memory"], "feral-hogs");
    assert_eq!(fa19["zero_dice"], "bacon-ten-minus-min-digit");
    assert_eq!(fa19["after_turn"], "swap-first-times-last");

    dir.refuse(
        &[
            "eval",
            "always_roll(4)",
            "--rules",
            "fa19",
            "--after-turn",
            "sus-fuss",
        ],
        &[
            "--after-turn",
            "fa19 is a rules file",
            "examples/rules/fa19-feral.toml",
        ],
    );
    dir.refuse(
        &[
            "eval",
            "always_roll(4)",
            "--rules",
            "digit-swap",
            "--memory",
            "feral-hogs",
        ],
        &["--memory", "digit-swap remembers nothing"],
    );
    dir.refuse_usage(
        &[
            "eval",
            "always_roll(4)",
            "--rules",
            "fa19",
            "--memory",
            "feral",
        ],
        &["feral", "--memory"],
    );
}

/// Fall 2019 with Feral Hogs in plain Python: the rule functions, then
/// `MEMORY`, `remember` and `bonus`.
const FA19_PY: &str = r#"GOAL = 40

def zero_dice(score, opponent_score):
    return 10 - min(opponent_score // 10 % 10, opponent_score % 10)

def first_digit(x):
    while x >= 10:
        x //= 10
    return x

def after_turn(score, opponent_score):
    key = lambda x: first_digit(x) * (x % 10)
    if score != opponent_score and key(score) == key(opponent_score):
        return opponent_score, score
    return score, opponent_score

MEMORY = 11

def remember(num_rolls, points):
    return num_rolls

def bonus(num_rolls, memory):
    return 3 if abs(num_rolls - memory) == 2 else 0
"#;

/// A Python rules file declares its memory (`MEMORY` values, `remember`,
/// `bonus`) and gives the same bytes as the rules file with the component;
/// its mistakes are refused in one line naming the function and the call.
#[test]
fn rules_from_python_declare_their_memory() {
    let dir = Scratch::new();
    dir.write("fa19.py", FA19_PY);
    let file = rules_file(&dir, "feral-hogs");
    dir.json(&["solve", "--rules-py", "fa19.py", "--out", "py"]);
    dir.json(&["solve", "--rules-file", &file, "--out", "toml"]);
    let read = |folder: &str| std::fs::read(dir.join(folder).join("final_strategy.csv")).unwrap();
    assert!(read("py") == read("toml"), "the two files differ");
    refuse_python(
        &dir,
        &[
            (
                "wide.py",
                FA19_PY.replace("return num_rolls", "return num_rolls + 1"),
                "remember(10, 0) returned 11, outside 0 to 10",
            ),
            (
                "forgot.py",
                FA19_PY.replace("MEMORY = 11", ""),
                "it defines remember but no MEMORY",
            ),
            (
                "half.py",
                FA19_PY.replace("def bonus(", "def _bonus("),
                "it defines no bonus function (it is required)",
            ),
            (
                "huge.py",
                FA19_PY.replace("MEMORY = 11", "MEMORY = 33"),
                "MEMORY returned 33, outside 1 to 32",
            ),
        ],
    );
}

/// Time Trot in plain Python: a clock of 16 values, `(turn % 8) * 2 +
/// extra`, moved on by `tick`.
const TROT_PY: &str = r#"
CLOCK = 16

def tick(clock, num_rolls):
    turn, extra = divmod(clock, 2)
    again = not extra and num_rolls == turn
    return (turn + 1) % 8 * 2 + again, again
"#;

/// A Python rules file declares a clock (`CLOCK` values, `tick`) and gives
/// the same numbers as the rules file with Time Trot, its optimum row for
/// row with the clock as one column; its mistakes are refused in one line.
#[test]
fn rules_from_python_declare_their_clock() {
    let dir = Scratch::new();
    let scoring = FA19_PY.split("MEMORY = 11").next().unwrap();
    dir.write("trot.py", &format!("{scoring}{TROT_PY}"));
    let file = trot_file(&dir, "trot", "");
    let s = dir.json(&["solve", "--rules-py", "trot.py", "--out", "py"]);
    let t = dir.json(&["solve", "--rules-file", &file, "--out", "toml"]);
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        num(&t, "first_player_win_probability").to_bits()
    );
    assert_eq!(s["components"]["clock"], "CLOCK");
    let read = |folder: &str| {
        std::fs::read_to_string(dir.join(folder).join("final_strategy.csv")).unwrap()
    };
    let (py, toml) = (read("py"), read("toml"));
    assert_eq!(
        py.lines().next(),
        Some("score,opponent_score,clock,dice,win_probability")
    );
    assert_eq!(py.lines().count(), 40 * 40 * 16 + 1);
    for (a, b) in py.lines().zip(toml.lines()).skip(1) {
        let b: Vec<&str> = b.split(',').collect();
        let clock = b[2].parse::<u32>().unwrap() * 2 + b[3].parse::<u32>().unwrap();
        let b = format!("{},{},{clock},{},{}", b[0], b[1], b[4], b[5]);
        assert_eq!(a, b);
    }
    eval_twins(
        &dir,
        ("trot.py", &file),
        &["eval", "always_roll(2)", "--vs", "always_roll(4)"],
    );

    let with = |text: &str| format!("{scoring}{text}");
    refuse_python(
        &dir,
        &[
            (
                "wide.py",
                with(&TROT_PY.replace("(turn + 1) % 8", "(turn + 1)")),
                "tick(14, 0) returned 16, outside 0 to 15",
            ),
            (
                "forgot.py",
                with(&TROT_PY.replace("CLOCK = 16", "")),
                "it defines tick but no CLOCK",
            ),
            (
                "half.py",
                with("CLOCK = 16\n"),
                "it defines no tick function (it is required)",
            ),
            (
                "huge.py",
                with(&TROT_PY.replace("CLOCK = 16", "CLOCK = 65")),
                "CLOCK returned 65, outside 1 to 64",
            ),
            (
                "single.py",
                with(&TROT_PY.replace(", again\n", "\n")),
                "tick(0, 0) returned 3, not a pair (next_clock, again)",
            ),
        ],
    );
}

/// Fall 2019's scoring rules with Time Trot (modulus 8), and `extra`.
fn trot_file(dir: &Scratch, name: &str, extra: &str) -> String {
    let file = format!("{name}.toml");
    dir.write(
        &file,
        &format!("{FA19}clock = {{ rule = \"time-trot\", modulus = 8 }}\ngoal = 40\n{extra}"),
    );
    file
}

#[test]
fn time_trot_is_a_clock_the_commands_track() {
    let dir = Scratch::new();
    let file = trot_file(&dir, "trot", "");
    let clock = Arc::new(TimeTrot::new(8).unwrap());
    let two = StrategyTable::constant(40, 2);
    let four = StrategyTable::constant(40, 4);
    let v = dir.json(&[
        "eval",
        "--rules-file",
        &file,
        "always_roll(2)",
        "--vs",
        "always_roll(4)",
    ]);
    let pair = [Policy::Fixed(&two), Policy::Fixed(&four)];
    let first = clocked(Arc::new(Forgetful), clock.clone(), &pair).value(0, (0, 0));
    assert_eq!(num(&v, "first").to_bits(), first.to_bits());
    assert_eq!(v["components"]["clock"], "time-trot 8");
    assert_eq!(v["components"].get("memory"), None);

    // The optimum over the full state: the clock as two columns.
    let s = dir.json(&["solve", "--rules-file", &file, "--out", "out"]);
    let best = clocked(Arc::new(Forgetful), clock.clone(), &[Policy::Best]);
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        best.value(0, (0, 0)).to_bits()
    );
    // Its long table (the clock as two columns), row by row, is held to
    // the library's in contexts.rs.

    // explain at a turn: turn 11 is 3 mod 8; on an extra turn no count
    // earns another.
    for (turn, extra) in [(0, false), (11, false), (3, true)] {
        let mut args = vec!["explain", "17", "23", "--rules-file", &file];
        let turn_text = turn.to_string();
        args.extend(["--turn", &turn_text]);
        if extra {
            args.push("--extra-turn");
        }
        let e = dir.json(&args);
        assert_eq!(
            e["clock"],
            serde_json::json!({"turn_mod": turn % 8, "extra_turn": u32::from(extra)})
        );
        let at = Context {
            clock: clock.of_turn(turn, extra).unwrap(),
            ..Context::START
        };
        assert_eq!(
            e["best"],
            best.choice(0, State::new(17, 23, at)),
            "{turn} {extra}"
        );
    }
    let text = dir.run(&["explain", "17", "23", "--rules-file", &file, "--turn", "3"]);
    assert!(
        text.contains("With time-trot 8: turn 3 (mod 8): 3 dice earn an extra turn."),
        "{text}"
    );

    // One value a state cannot be drawn: the refusal names the clock.
    dir.refuse(
        &[
            "plot",
            "optimal",
            "--kind",
            "win",
            "--rules-file",
            &file,
            "--out",
            "w.png",
        ],
        &[
            "--kind win under trot.toml",
            "depends on the clock: hog explain --clock gives one",
        ],
    );

    // With Feral Hogs too: both columns' kinds, and what each remembers.
    let both = trot_file(&dir, "both", "memory = \"feral-hogs\"\n");
    let s = dir.json(&["solve", "--rules-file", &both, "--out", "both"]);
    let text = std::fs::read_to_string(dir.join("both/final_strategy.csv")).unwrap();
    assert!(text.starts_with(
        "score,opponent_score,memory,opponent_memory,turn_mod,extra_turn,dice,win_probability\n"
    ));
    assert_eq!(text.lines().count(), 1 + 40 * 40 * 16 * 121);
    let best = clocked(Arc::new(FeralHogs::Dice), clock, &[Policy::Best]);
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        best.value(0, (0, 0)).to_bits()
    );
}

#[test]
fn time_trot_refusals() {
    let dir = Scratch::new();
    let zero = trot_file(&dir, "zero", "").replace("zero", "bad");
    dir.write(
        &zero,
        &format!("{FA19}clock = {{ rule = \"time-trot\", modulus = 0 }}\n"),
    );
    dir.refuse(
        &["solve", "--rules-file", &zero],
        &["time-trot has modulus 0: 1 to 32"],
    );
    let fa19 = rules_file(&dir, "feral-hogs");
    dir.refuse(
        &["explain", "1", "2", "--rules-file", &fa19, "--turn", "3"],
        &["counts no turns: --turn and --extra-turn need a clock such as time-trot"],
    );
    dir.refuse(
        &["explain", "1", "2", "--rules", "fa24", "--turn", "3"],
        &["fa24 remembers nothing"],
    );
    let trot = trot_file(&dir, "trot", "");
    dir.refuse(
        &[
            "explain",
            "1",
            "2",
            "--rules-file",
            &trot,
            "--remembered",
            "1,0",
        ],
        &["a memory of 1 is out of range: under time-trot 8 players remember nothing"],
    );
}

/// The Summer 2018 contest example (examples/rules/time-trot.toml): the
/// digit-swap preset's scoring with Time Trot (modulus 8). Its optimum is
/// the library's sweep of the preset's tables with that clock; `simulate`
/// plays the file's game loop with real dice and lands within the
/// sampling error of the exact rate, which it reports beside its own.
#[test]
fn the_time_trot_example_file() {
    let dir = Scratch::new();
    let path = example("time-trot.toml");
    let file = path.to_str().unwrap();
    let rules = ComposedRules::load(&path, None).unwrap();
    assert_eq!(
        rules.clock(),
        Some(ClockRule::new(TimeTrot::new(8).unwrap()))
    );
    const SCORING: &str = "zero_dice = \"bacon-product\"\nafter_turn = \"swap-digits\"\n";
    let scoring = ComposedRules::parse(SCORING, Some(100)).unwrap();
    let trot = || Arc::new(TimeTrot::new(8).unwrap());
    let best = swept(
        scoring.clone(),
        Arc::new(Forgetful),
        trot(),
        &[Policy::Best],
    );
    let s = dir.json(&["solve", "--rules-file", file, "--out", "out"]);
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        best.value(0, (0, 0)).to_bits()
    );
    // The scoring is the digit-swap preset's, and Time Trot is worth
    // something: the preset's optimum differs.
    let plain = dir.json(&["solve", "--rules", "digit-swap", "--out", "plain"]);
    let plain = num(&plain, "first_player_win_probability");
    let without = swept(
        scoring.clone(),
        Arc::new(Forgetful),
        Arc::new(Still),
        &[Policy::Best],
    )
    .value(0, (0, 0));
    assert!((plain - without).abs() < 1e-15, "{plain} vs {without}");
    assert!((plain - best.value(0, (0, 0))).abs() > 1e-3);

    let v = dir.json(&[
        "simulate",
        "--rules-file",
        file,
        "always_roll(3)",
        "--vs",
        "always_roll(5)",
        "--games",
        "100000",
        "--quiet",
    ]);
    let (three, five) = (
        StrategyTable::constant(100, 3),
        StrategyTable::constant(100, 5),
    );
    let pair = [Policy::Fixed(&three), Policy::Fixed(&five)];
    let exact = swept(scoring, Arc::new(Forgetful), trot(), &pair).value(0, (0, 0));
    assert_sampled_near(&v, exact);
}

/// `hog play` under Time Trot: the board says where the clock is, a count
/// that matches the turn is told once as the clock's extra turn (not also
/// as a rule's), and a turn that wins is not followed by "moves again".
#[test]
fn play_under_time_trot() {
    let dir = Scratch::new();
    let file = example("time-trot.toml");
    let file = file.to_str().unwrap();
    let play = |goal: &str, moves: &str| {
        let args = [
            "play",
            "--rules-file",
            file,
            "--goal",
            goal,
            "--seed",
            "3",
            "--first",
        ];
        run_ok(dir.hog().args(args).write_stdin(moves.to_string()))
    };
    let text = play("100", "0\n1\nquit\n");
    assert!(
        text.contains(
            "Score: you 0, bot 0. Your move. (time-trot 8: turn 0 (mod 8): 0 dice earn an extra turn.)"
        ),
        "{text}"
    );
    assert!(
        text.contains("time-trot 8: 0 dice on turn 0 (mod 8); you move again."),
        "{text}"
    );
    assert!(
        text.contains("(time-trot 8: turn 1 (mod 8), an extra turn: no other in a row.)"),
        "{text}"
    );
    assert!(!text.contains("extra_turn"), "{text}");
    // One die on the extra turn earns nothing: the bot moves on turn 2.
    assert!(
        text.contains("The bot's move. (time-trot 8: turn 2 (mod 8)"),
        "{text}"
    );

    // Zero dice score 1 (Free Bacon of 0) and reach a goal of 1: the game
    // is over, whatever the clock says.
    let text = play("1", "0\n");
    assert!(!text.contains("move again"), "{text}");
    assert!(
        text.contains("Final score: you 1, bot 0. You win!"),
        "{text}"
    );
}
