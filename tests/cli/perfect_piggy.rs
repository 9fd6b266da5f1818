//! Perfect Piggy (Fall 2016, `clock = "perfect-piggy"`): a clock that
//! chooses the dice of every later turn and reads the turn's points. The
//! commands agree with the library's sweep, the Python twin of the example
//! file gives its bits, `simulate` its rates with real dice, and mistakes
//! are refused in one line.

use std::sync::Arc;

use hog::engine::Policy;
use hog::engine::{Solution, State};
use hog::recall::{Clock, ClockRule, Context, Forgetful, PerfectPiggy, Still};
use hog::rules::ComposedRules;
use hog::table::StrategyTable;

use crate::util::{eval_twins, example, num, refuse_python, solve_twins, swept, Scratch};

/// The example file's scoring at `goal` with Perfect Piggy of `sides`, or
/// with no clock: the library's sweep of `policies`.
fn library(goal: u32, sides: Option<u32>, policies: &[Policy<'_>]) -> Solution<'static> {
    let rules = ComposedRules::load(&example("perfect-piggy.toml"), Some(goal)).unwrap();
    let clock: Arc<dyn Clock + Send + Sync> = match sides {
        Some(sides) => Arc::new(PerfectPiggy::new(sides).unwrap()),
        None => Arc::new(Still),
    };
    swept(rules, Arc::new(Forgetful), clock, policies)
}

fn swapped(clock: u32) -> Context {
    Context {
        clock,
        ..Context::START
    }
}

/// The example file solves to the library's optimum with a `dice_swapped`
/// column; explain at a swapped state rolls four-sided dice, its values
/// are the optimum's; eval and simulate agree with the library and with
/// each other; the clock is worth something.
#[test]
fn the_perfect_piggy_example_file() {
    let dir = Scratch::new();
    let path = example("perfect-piggy.toml");
    let file = path.to_str().unwrap();
    let rules = ComposedRules::load(&path, None).unwrap();
    assert_eq!(
        rules.clock(),
        Some(ClockRule::new(PerfectPiggy::new(4).unwrap()))
    );

    let s = dir.json(&[
        "solve",
        "--rules-file",
        file,
        "--goal",
        "40",
        "--out",
        "out",
    ]);
    let best = library(40, Some(4), &[Policy::Best]);
    assert_eq!(
        num(&s, "first_player_win_probability").to_bits(),
        best.value(0, (0, 0)).to_bits()
    );
    assert_eq!(s["components"]["clock"], "perfect-piggy");
    let without = library(40, None, &[Policy::Best]).value(0, (0, 0));
    assert!((best.value(0, (0, 0)) - without).abs() > 1e-4, "{without}");
    // Its long table, row by row, is held to the library's in contexts.rs.

    // explain: with the dice swapped, four-sided dice (two of them sum to
    // at most 8, and 7 is raised to 11 by Hogtimus Prime); without,
    // six-sided (11 raised to 13).
    let explain = |clock: &str| {
        let at = ["explain", "17", "23", "--rules-file", file, "--goal", "40"];
        dir.json(&[&at[..], &["--clock", clock]].concat())
    };
    for (clock, sides, most_points) in [(1, 4, 11), (0, 6, 13)] {
        let e = explain(&clock.to_string());
        assert_eq!(e["sides"], sides, "{e}");
        assert_eq!(e["clock"], serde_json::json!({ "dice_swapped": clock }));
        assert_eq!(
            e["best"],
            best.choice(0, State::new(17, 23, swapped(clock)))
        );
        let two = &e["choices"][2];
        let value = best.choice_values(0, State::new(17, 23, swapped(clock)))[2];
        assert_eq!(
            two["win_probability"].as_f64().unwrap().to_bits(),
            value.to_bits()
        );
        let most = two["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x[0].as_u64().unwrap())
            .max()
            .unwrap();
        assert_eq!(most, 17 + most_points, "{clock}: {two}");
    }
    let text = dir.run(&[
        "explain",
        "17",
        "23",
        "--rules-file",
        file,
        "--goal",
        "40",
        "--clock",
        "1",
    ]);
    assert!(text.contains("4-sided dice this turn"), "{text}");

    // eval of two tables, and simulate with real dice.
    let (three, five) = (
        StrategyTable::constant(100, 3),
        StrategyTable::constant(100, 5),
    );
    let exact =
        library(100, Some(4), &[Policy::Fixed(&three), Policy::Fixed(&five)]).value(0, (0, 0));
    let v = dir.json(&[
        "eval",
        "--rules-file",
        file,
        "always_roll(3)",
        "--vs",
        "always_roll(5)",
    ]);
    assert_eq!(num(&v, "first").to_bits(), exact.to_bits());
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
    let sampled = v["sampled"]["first"]["rate"].as_f64().unwrap();
    let se = (exact * (1.0 - exact) / 100_000.0).sqrt();
    assert!((sampled - exact).abs() < 4.5 * se, "{sampled} vs {exact}");
    assert_eq!(v["exact"]["first"].as_f64(), Some(exact), "{v}");
}

/// examples/rules/perfect-piggy.py (a `tick` that reads the points and a
/// `clock_sides`) is the example file written in Python: the same optimum,
/// byte for byte, and the same evaluation; so are both swapping to dice of
/// eight sides, whose points Hogtimus Prime must see too (the points of
/// the clock's dice are asked of `turn_points`, not only the rules' own).
#[test]
fn perfect_piggy_from_python_is_the_rules_file() {
    let dir = Scratch::new();
    let (py, toml) = (example("perfect-piggy.py"), example("perfect-piggy.toml"));
    let (py, toml) = (py.to_str().unwrap(), toml.to_str().unwrap());
    let py8 = std::fs::read_to_string(py)
        .unwrap()
        .replace("return 4 if clock == 1", "return 8 if clock == 1");
    let toml8 = std::fs::read_to_string(toml).unwrap().replace(
        "clock = \"perfect-piggy\"",
        "clock = { rule = \"perfect-piggy\", sides = 8 }",
    );
    dir.write("pp8.py", &py8);
    dir.write("pp8.toml", &toml8);
    let goal = ["--goal", "60"];
    solve_twins(&dir, ("pp8.py", "pp8.toml"), &goal, ["py8", "toml8"]);
    let (a, p, _) = solve_twins(&dir, (py, toml), &goal, ["py", "toml"]);
    assert_eq!(a["components"]["clock"], "CLOCK");
    // The Python clock's column is named `clock`; the rows are the same.
    assert_eq!(
        p.lines().next(),
        Some("score,opponent_score,clock,dice,win_probability")
    );
    eval_twins(
        &dir,
        (py, toml),
        &["eval", "always_roll(4)", "--vs", "always_roll(6)"],
    );
}

/// Perfect Piggy's mistakes, each one line naming the problem.
#[test]
fn perfect_piggy_refusals() {
    let dir = Scratch::new();
    let bacon = "zero_dice = \"bacon-max\"\n";
    dir.write(
        "one.toml",
        &format!("{bacon}clock = {{ rule = \"perfect-piggy\", sides = 1 }}\n"),
    );
    dir.refuse(
        &["solve", "--rules-file", "one.toml"],
        &["perfect-piggy has sides 1: dice have 2 to 20 sides"],
    );
    let file = example("perfect-piggy.toml");
    let file = file.to_str().unwrap();
    dir.refuse(
        &["explain", "1", "2", "--rules-file", file, "--clock", "2"],
        &["a clock of 2 is out of range: under perfect-piggy the clock is 0 to 1"],
    );
    dir.refuse(
        &["explain", "1", "2", "--rules", "fa19", "--clock", "1"],
        &["a clock of 1 is out of range: feral-hogs has no clock"],
    );
    dir.refuse(
        &["explain", "1", "2", "--rules", "fa24", "--clock", "1"],
        &["fa24 remembers nothing"],
    );
    let python = std::fs::read_to_string(example("perfect-piggy.py")).unwrap();
    refuse_python(
        &dir,
        &[
            (
                "sides.py",
                python.replace("return 4 if", "return 21 if"),
                "clock_sides(1) returned 21, outside 2 to 20",
            ),
            (
                "lonely.py",
                python
                    .replace("CLOCK = 2", "")
                    .replace("def tick(", "def _tick("),
                "it defines clock_sides but no CLOCK",
            ),
            (
                "points.py",
                python.replace("return (1 - clock", "return (2 - clock"),
                "tick(0, 0, 0) returned 2, outside 0 to 1",
            ),
        ],
    );
}

/// `hog play` under Perfect Piggy: a perfect turn is told once, the board
/// says which dice are in play, and every later turn rolls them.
#[test]
fn play_under_perfect_piggy() {
    let dir = Scratch::new();
    let file = example("perfect-piggy.toml");
    let args = [
        "play",
        "--rules-file",
        file.to_str().unwrap(),
        "--seed",
        "4",
        "--first",
    ];
    let text = crate::util::run_ok(dir.hog().args(args).write_stdin("2\n0\nquit\n"));
    let expected = [
        "Score: you 0, bot 0. Your move. (perfect-piggy: dice not swapped.)",
        "You roll 2 dice: 2 6 = 8 points.\n\
         perfect-piggy: after a turn of 8 points, every turn rolls 4-sided dice from now on.",
        "Score: you 8, bot 0. The bot's move. (perfect-piggy: dice swapped to 4-sided.)",
        "The bot rolls 4 dice (4-sided): 2 4 1 3",
    ];
    for line in expected {
        assert!(text.contains(line), "{line:?} not in {text}");
    }
    assert_eq!(text.matches("every turn rolls").count(), 1, "{text}");
}
