//! Rules with memory (`memory = "feral-hogs"` in a rules file): the
//! commands that take them agree with the library's sweep over the full
//! state, `simulate` with real dice; the others refuse them in one line.

use hog::general::RuleTables;
use hog::policy::Policy;
use std::sync::Arc;

use hog::recall::{memory_sweep, FeralHogs, MemoryResult, Remembering};
use hog::rules::ComposedRules;
use hog::table::StrategyTable;

use crate::util::{num, Scratch};

const FA19: &str = "zero_dice = \"bacon-ten-minus-min-digit\"\n\
                    after_turn = \"swap-first-times-last\"\n";

fn rules_file(dir: &Scratch, memory: &str) -> String {
    let name = format!("{memory}.toml");
    dir.write(&name, &format!("{FA19}memory = \"{memory}\"\ngoal = 40\n"));
    name
}

fn library(memory: FeralHogs, policies: &[Policy<'_>]) -> MemoryResult {
    let rules = ComposedRules::parse(FA19, Some(40)).unwrap();
    let tables = RuleTables::new(&rules).unwrap();
    let remembering = Remembering::new(&tables, Arc::new(memory)).unwrap();
    memory_sweep(&tables, &remembering, policies)
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
        let first = library(memory, &[Policy::Fixed(&two), Policy::Fixed(&four)]).start(0);
        let second = 1.0 - library(memory, &[Policy::Fixed(&four), Policy::Fixed(&two)]).start(0);
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
            best.start(0).to_bits()
        );
        let text = std::fs::read_to_string(dir.join(&out).join("final_strategy.csv")).unwrap();
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some("score,opponent_score,memory,opponent_memory,dice,win_probability")
        );
        let size = best.size();
        assert_eq!(lines.clone().count() as u32, 40 * 40 * size * size);
        for line in lines.step_by(97) {
            let f: Vec<&str> = line.split(',').collect();
            let x: Vec<u32> = f[..5].iter().map(|t| t.parse().unwrap()).collect();
            let value: f64 = f[5].parse().unwrap();
            assert_eq!(best.choice(0, x[0], x[1], x[2], x[3]), x[4] as u8, "{line}");
            assert_eq!(
                best.value(0, x[0], x[1], x[2], x[3]).to_bits(),
                value.to_bits(),
                "{line}"
            );
        }
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
    .start(0);
    let sampled = v["sampled"]["first"]["rate"].as_f64().unwrap();
    let se = (exact * (1.0 - exact) / 100_000.0).sqrt();
    assert!((sampled - exact).abs() < 4.5 * se, "{sampled} vs {exact}");
    assert_eq!(v["exact"]["first"].as_f64(), Some(exact), "{v}");
}

#[test]
fn what_does_not_take_memory_yet_is_refused() {
    let dir = Scratch::new();
    let file = rules_file(&dir, "feral-hogs");
    for command in [
        vec!["explain", "0", "0"],
        vec!["export", "always_roll(3)", "--out", "t.csv"],
        vec!["play", "--seed", "1"],
        vec!["rates"],
    ] {
        let args = [&command[..], &["--rules-file", &file]].concat();
        dir.refuse(
            &args,
            &[
                "feral-hogs.toml has a memory (feral-hogs)",
                "does not take yet",
            ],
        );
    }
    dir.refuse(
        &["eval", "--rules-file", &file, "optimal"],
        &[
            "bad strategy spec 'optimal'",
            "no 100x100 table",
            "hog solve",
        ],
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
    // The optimum with memory is no table of the two scores.
    let small = dir.write(
        "small.toml",
        &format!("{FA19}memory = \"feral-hogs\"\ngoal = 5\n"),
    );
    let small = small.to_str().unwrap();
    dir.json(&["solve", "--rules-file", small, "--out", "small"]);
    let strategy = dir.join("small/final_strategy.csv");
    for rules in [vec!["--goal", "5"], vec!["--rules-file", small]] {
        let args = [&["eval", strategy.to_str().unwrap()][..], &rules].concat();
        dir.refuse(
            &args,
            &["this strategy remembers earlier turns (memory columns"],
        );
    }
    dir.write("bad.toml", &format!("{FA19}memory = \"feral\"\n"));
    dir.refuse(
        &["eval", "--rules-file", "bad.toml", "always_roll(3)"],
        &["unknown memory component 'feral'; it is one of feral-hogs, feral-hogs-points"],
    );
}

/// The example file: Fall 2019 with Feral Hogs at goal 100, solved over the
/// full state as the library solves it.
#[test]
fn the_example_file_with_memory() {
    let dir = Scratch::new();
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules/fa19-feral.toml");
    let s = dir.json(&[
        "solve",
        "--rules-file",
        path.to_str().unwrap(),
        "--out",
        "out",
    ]);
    let rules = ComposedRules::load(&path, None).unwrap();
    assert_eq!(rules.memory(), Some(FeralHogs::Dice));
    let tables = RuleTables::new(&rules).unwrap();
    let remembering = Remembering::new(&tables, Arc::new(FeralHogs::Dice)).unwrap();
    let best = memory_sweep(&tables, &remembering, &[Policy::Best]);
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        best.start(0).to_bits()
    );
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
    let bad = |name: &str, text: &str, needles: &[&str]| {
        dir.write(name, text);
        dir.refuse(&["eval", "--rules-py", name, "always_roll(3)"], needles);
    };
    bad(
        "wide.py",
        &FA19_PY.replace("return num_rolls", "return num_rolls + 1"),
        &["wide.py", "remember(10, 0) returned 11, outside 0 to 10"],
    );
    bad(
        "forgot.py",
        &FA19_PY.replace("MEMORY = 11", ""),
        &["forgot.py", "it defines remember but no MEMORY"],
    );
    bad(
        "half.py",
        &FA19_PY.replace("def bonus(", "def _bonus("),
        &["half.py", "it defines no bonus function (it is required)"],
    );
    bad(
        "huge.py",
        &FA19_PY.replace("MEMORY = 11", "MEMORY = 33"),
        &["huge.py", "MEMORY returned 33, outside 1 to 32"],
    );
}
