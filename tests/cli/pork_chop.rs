//! Pork Chop (`clock = "pork-chop"`): the move of rolling -1 dice, which
//! scores a point and swaps the dice of every later turn. The commands
//! agree with the library's sweep; tables (CSV, Python) may roll -1 where
//! the rules have the move and are refused where they do not; the Python
//! twin of the example file gives its bits; `simulate` its rates.

use std::sync::Arc;

use hog::engine::Policy;
use hog::engine::{Solution, State};
use hog::recall::{Context, Forgetful, PorkChop};
use hog::rules::ComposedRules;
use hog::table::{StrategyTable, MINUS_ONE};

use crate::util::{eval_twins, example, num, refuse_python, run_ok, solve_twins, swept, Scratch};

/// The example file's rules at `goal`: the library's sweep of `policies`.
fn library(goal: u32, policies: &[Policy<'_>]) -> Solution<'static> {
    let rules = ComposedRules::load(&example("pork-chop.toml"), Some(goal)).unwrap();
    let clock = Arc::new(PorkChop::new(1, 4).unwrap());
    swept(rules, Arc::new(Forgetful), clock, policies)
}

fn swapped(clock: u32) -> Context {
    Context {
        clock,
        ..Context::START
    }
}

/// Swap the dice when 20 or more behind, else roll 5: as a table and as
/// the same function in Python.
const CHOP_PY: &str = "def chop(score, opponent_score):\n    \
                       return -1 if opponent_score - score >= 20 else 5\n";

fn chop(goal: u32) -> StrategyTable {
    StrategyTable::from_fn(goal, |s, o| if o >= s + 20 { MINUS_ONE } else { 5 })
}

/// The example file: its optimum is the library's, -1 included in its
/// dice column; explain lists -1 last with the optimum's value; a table
/// that rolls -1 (CSV or Python) evaluates to the library's value and
/// `simulate` plays it with real dice.
#[test]
fn the_pork_chop_example_file() {
    let dir = Scratch::new();
    let path = example("pork-chop.toml");
    let file = path.to_str().unwrap();
    let s = dir.json(&["solve", "--rules-file", file, "--out", "out"]);
    let best = library(100, &[Policy::Best]);
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        best.value(0, (0, 0)).to_bits()
    );
    assert_eq!(s["components"]["clock"], "pork-chop");
    let text = std::fs::read_to_string(dir.join("out/final_strategy.csv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("score,opponent_score,dice_swapped,dice,win_probability")
    );
    let mut minus_ones = 0;
    for line in lines {
        let x: Vec<&str> = line.split(',').collect();
        let n: Vec<u32> = x[..3].iter().map(|t| t.parse().unwrap()).collect();
        let dice: i32 = x[3].parse().unwrap();
        let chosen = best.choice(0, State::new(n[0], n[1], swapped(n[2])));
        assert_eq!(dice, hog::table::shown(chosen), "{line}");
        minus_ones += usize::from(dice == -1);
    }
    // The move is worth making somewhere, but not everywhere.
    assert!((100..10_000).contains(&minus_ones), "{minus_ones}");

    // explain: -1 last, valued by the optimum; the best here.
    let e = dir.json(&["explain", "60", "85", "--rules-file", file, "--clock", "1"]);
    let choices = e["choices"].as_array().unwrap();
    assert_eq!(choices.len(), 12);
    assert_eq!(choices[11]["dice"], -1);
    assert_eq!(choices[11]["outcomes"], serde_json::json!([[61, 85, 1.0]]));
    let values = best.choice_values(0, State::new(60, 85, swapped(1)));
    assert_eq!(
        choices[11]["win_probability"].as_f64().unwrap().to_bits(),
        values[11].to_bits()
    );
    assert_eq!(e["best"], -1);
    let words = dir.run(&["explain", "60", "85", "--rules-file", file, "--clock", "1"]);
    assert!(words.contains("Best: rolling -1 dice wins"), "{words}");

    // A table that rolls -1 dice, as CSV and as Python.
    dir.write("chop.py", CHOP_PY);
    run_ok(dir.hog().args([
        "export",
        "--rules-file",
        file,
        "chop.py:chop",
        "--out",
        "chop.csv",
    ]));
    let csv = std::fs::read_to_string(dir.join("chop.csv")).unwrap();
    assert!(csv.lines().nth(1).unwrap().contains(",5,-1,"), "{csv}");
    let table = chop(100);
    let five = StrategyTable::constant(100, 6);
    let exact = library(100, &[Policy::Fixed(&table), Policy::Fixed(&five)]).value(0, (0, 0));
    for spec in ["chop.py:chop", "chop.csv"] {
        let v = dir.json(&["eval", "--rules-file", file, spec, "--vs", "always_roll(6)"]);
        assert_eq!(num(&v, "first").to_bits(), exact.to_bits(), "{spec}");
    }
    let v = dir.json(&[
        "simulate",
        "--rules-file",
        file,
        "chop.csv",
        "--vs",
        "always_roll(6)",
        "--games",
        "100000",
        "--quiet",
    ]);
    let sampled = v["sampled"]["first"]["rate"].as_f64().unwrap();
    let se = (exact * (1.0 - exact) / 100_000.0).sqrt();
    assert!((sampled - exact).abs() < 4.5 * se, "{sampled} vs {exact}");
}

/// examples/rules/pork-chop.py (`minus_one(clock)`) is the example file in
/// Python: the same optimum row for row, the same evaluation.
#[test]
fn pork_chop_from_python_is_the_rules_file() {
    let dir = Scratch::new();
    let (py, toml) = (example("pork-chop.py"), example("pork-chop.toml"));
    let (py, toml) = (py.to_str().unwrap(), toml.to_str().unwrap());
    let (_, p, _) = solve_twins(&dir, (py, toml), &["--goal", "60"], ["py", "toml"]);
    assert!(p.contains(",-1,"));
    dir.write("chop.py", CHOP_PY);
    eval_twins(
        &dir,
        (py, toml),
        &["eval", "chop.py:chop", "--vs", "always_roll(4)"],
    );
}

/// What cannot be: -1 under rules without the move (from a table, from
/// Python, typed in a game), a Pork Chop scoring nothing or with a memory,
/// and a Python `minus_one` that goes wrong; each one line.
#[test]
fn pork_chop_refusals() {
    let dir = Scratch::new();
    dir.write("chop.py", CHOP_PY);
    let mut csv = String::from("score");
    for o in 0..100 {
        csv += &format!(",{o}");
    }
    for s in 0..100 {
        csv += &format!("\n{s}");
        for o in 0..100 {
            csv += if o >= s + 20 { ",-1" } else { ",5" };
        }
    }
    dir.write("chop.csv", &format!("{csv}\n"));
    for spec in ["chop.py:chop", "chop.csv"] {
        dir.refuse(
            &["eval", spec, "--vs", "always_roll(6)"],
            &[
                spec,
                "rolls -1 dice at score 0, opponent score 20: only rules with a -1 move",
            ],
        );
    }
    let text = run_ok(
        dir.hog()
            .args(["play", "--seed", "1", "--first"])
            .write_stdin("-1\nquit\n"),
    );
    assert!(
        text.contains("Please type a whole number of dice from 0 to 10 (not \"-1\")."),
        "{text}"
    );

    // A best response under rules with a clock reads it too: a table of
    // the whole state, played in the tournament as its own values say.
    let file = example("pork-chop.toml");
    let file = file.to_str().unwrap();
    let v = dir.json(&[
        "tournament",
        "--rules-file",
        file,
        "best_response(always_roll(4))",
        "always_roll(4)",
    ]);
    let e = dir.json(&[
        "eval",
        "--rules-file",
        file,
        "best_response(always_roll(4))",
        "--vs",
        "always_roll(4)",
    ]);
    let cell = v["matrix"][0][1].as_f64().unwrap();
    assert!((cell - e["average"].as_f64().unwrap()).abs() < 1e-15, "{v}");
    assert!(cell > 0.5, "{v}");

    let bacon = "zero_dice = \"bacon-max\"\n";
    for (name, extra, problem) in [
        (
            "zero.toml",
            "clock = { rule = \"pork-chop\", points = 0 }\n",
            "pork-chop has points 0 and sides 4: 1 to 255 points, dice of 2 to 20 sides",
        ),
        (
            "feral.toml",
            "clock = \"pork-chop\"\nmemory = \"feral-hogs\"\n",
            "a -1 move rolls no dice for a memory to remember",
        ),
    ] {
        dir.write(name, &format!("{bacon}{extra}"));
        dir.refuse(&["solve", "--rules-file", name], &[problem]);
    }
    let python = std::fs::read_to_string(example("pork-chop.py")).unwrap();
    refuse_python(
        &dir,
        &[
            (
                "nothing.py",
                python.replace("return 1, 1 - clock", "return 0, 1 - clock"),
                "minus_one(0) returned 0, outside 1 to 255",
            ),
            (
                "far.py",
                python.replace("return 1, 1 - clock", "return 1, 2"),
                "minus_one(0) returned 2, outside 0 to 1",
            ),
            (
                "single.py",
                python.replace("return 1, 1 - clock", "return 1"),
                "minus_one(0) returned 1, not a pair (points, next_clock)",
            ),
            (
                "roundabout.py",
                python.replace("return 1, 1 - clock", "return 'swap', 1 - clock"),
                "CLOCK's -1 swaps the scores and comes back to clock 0: a swap keeps the \
                 scores' sum, so it must move the clock on for good",
            ),
            (
                "clockless.py",
                python
                    .replace("CLOCK = 2", "")
                    .replace("def tick(", "def _tick(")
                    .replace("def clock_sides(", "def _clock_sides("),
                "it defines minus_one but no CLOCK",
            ),
        ],
    );
}

/// `hog play` under Pork Chop: -1 is a move a person types, told as one,
/// and the dice change for both players.
#[test]
fn play_under_pork_chop() {
    let dir = Scratch::new();
    let file = example("pork-chop.toml");
    let args = [
        "play",
        "--rules-file",
        file.to_str().unwrap(),
        "--seed",
        "5",
        "--first",
        "--hints",
    ];
    let text = run_ok(dir.hog().args(args).write_stdin("5\n-1\n-2\n-1\nquit\n"));
    for line in [
        "  6: 51.68%    7: 51.52%    8: 50.96%    9: 50.32%   10: 49.67%   -1: 46.98%",
        "On your move type a number of dice from 0 to 10, or -1 (or quit).",
        "Dice (0-10, or -1)? ",
        "You roll -1 dice - pork-chop: 1 point.\n\
         pork-chop: the dice are swapped: every turn rolls 4-sided dice from now on.",
        "(pork-chop: dice swapped to 4-sided.)",
        "The bot rolls 2 dice (4-sided): 4 3 = 7 points.",
        "Please type -1 or a whole number of dice from 0 to 10 (not \"-2\").",
        "pork-chop: the dice are swapped back: every turn rolls the rules' own dice again.",
    ] {
        assert!(text.contains(line), "{line:?} not in {text}");
    }
}

/// A Hog Contest under Pork Chop: an entry that rolls -1 dice is entered,
/// its pairs evaluated with the move, and kept in the table cache like any
/// other (a rerun starts no Python); under rules without the move the
/// same entry is refused, naming the state.
#[test]
fn a_contest_under_pork_chop() {
    let dir = Scratch::new();
    let folder = dir.join("entries");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("chop.py"),
        format!(
            "PLAYER_NAME = 'Chop'\n{}",
            CHOP_PY.replace("def chop(", "def final_strategy(")
        ),
    )
    .unwrap();
    std::fs::write(
        folder.join("six.py"),
        "PLAYER_NAME = 'Six'\ndef final_strategy(score, opponent_score):\n    return 6\n",
    )
    .unwrap();
    let rules = example("pork-chop.toml");
    let folder_arg = folder.display().to_string();
    let run = |rules: &[&str], out: &str| {
        let mut args = vec!["contest", folder_arg.as_str(), "--out", out, "--quiet"];
        args.extend_from_slice(rules);
        dir.json(&args)
    };
    let pork = ["--rules-file", rules.to_str().unwrap()];
    let first = run(&pork, "results");
    assert_eq!(first["leaderboard"].as_array().unwrap().len(), 2, "{first}");
    let table = chop(100);
    let six = StrategyTable::constant(100, 6);
    let a = library(100, &[Policy::Fixed(&table), Policy::Fixed(&six)]).value(0, (0, 0));
    let b = library(100, &[Policy::Fixed(&six), Policy::Fixed(&table)]).value(0, (0, 0));
    let chop_row = first["leaderboard"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Chop")
        .unwrap()
        .clone();
    let mean = chop_row["mean_win_rate"].as_f64().unwrap();
    assert!(
        (mean - (a + 1.0 - b) / 2.0).abs() < 1e-12,
        "{mean} vs {a}, {b}"
    );
    let again = run(&pork, "results");
    assert_eq!(again["submissions_from_cache"], 2, "{again}");
    assert_eq!(again["pairs_evaluated"], 0);

    // Under the default rules it enters only as a default count.
    let plain = run(&["--default-dice", "4"], "plain");
    let why = plain["leaderboard"].to_string();
    assert!(
        why.contains("rolls -1 dice at score 0, opponent score 20"),
        "{why}"
    );
}
