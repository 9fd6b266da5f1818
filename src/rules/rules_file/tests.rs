//! Rules files: every refusal names what is wrong; a file and the Python
//! file that says the same give the same bits; a file of the presets'
//! components gives the preset's values.

use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::engine::functions::general_sweep;
use crate::engine::policy::Policy;
use crate::general::RuleTables;
use crate::rules::python::PythonRules;
use crate::rules::{Origin, Preset, Rules};
use crate::table::StrategyTable;

#[test]
fn a_file_is_read_with_defaults_and_parameters() {
    let r = ComposedRules::parse("zero_dice = \"bacon-tens\"", None).unwrap();
    assert_eq!(r.goal, 100);
    assert_eq!(r.zero_dice, ZeroDiceRule::BaconTens { plus: 1 });
    assert_eq!(
        (r.dice, r.pig_out),
        (DiceSidesRule::Fixed(6), PigOut::Points(1))
    );
    let text = "goal = 50\nzero_dice = { rule = \"bacon-difference\", plus = 2 }\n\
                dice = { rule = \"sides\", sides = 8 }\npig_out = \"ones\"\n\
                turn_points = [\"hogtimus-prime\", { rule = \"cap\", total = 20 }]\n\
                after_turn = \"swap-multiple\"\n";
    let r = ComposedRules::parse(text, None).unwrap();
    assert_eq!(r.goal, 50);
    assert_eq!(r.zero_dice, ZeroDiceRule::BaconDifference { plus: 2 });
    assert_eq!((r.dice, r.pig_out), (DiceSidesRule::Fixed(8), PigOut::Ones));
    assert_eq!(
        r.turn_points,
        vec![
            TurnPointsRule::HogtimusPrime,
            TurnPointsRule::Cap { total: 20 }
        ]
    );
    assert_eq!(r.after_turn, vec![AfterTurnRule::SwapMultiple]);
    // 7 points from 3 dice: Hogtimus Prime gives 11, the cap 20 - 3 = 17.
    assert_eq!(r.turn_points(7, 3, 0, 0), 11);
    assert_eq!(r.turn_points(19, 3, 0, 0), 17);
    assert_eq!(ComposedRules::parse(text, Some(30)).unwrap().goal, 30);
}

#[test]
fn bad_files_are_refused_naming_the_problem() {
    let cases = [
        ("dice = \"hog-wild\"", "no zero_dice (it is required)"),
        (
            "zero_dice = \"free-bacon\"",
            "unknown zero_dice component 'free-bacon'; it is one of boar-brawl, bacon-max",
        ),
        (
            "zero_dice = \"bacon-max\"\nswine = 1",
            "unknown key 'swine'; the keys are goal, zero_dice",
        ),
        (
            "zero_dice = { rule = \"bacon-tens\", minus = 1 }",
            "zero_dice component bacon-tens has no parameter 'minus'; it takes plus",
        ),
        (
            "zero_dice = { rule = \"bacon-max\", plus = 1 }",
            "zero_dice component bacon-max has no parameter 'plus'; it takes none",
        ),
        (
            "zero_dice = { plus = 1 }",
            "zero_dice: a table names its component under 'rule'",
        ),
        (
            "zero_dice = \"bacon-max\"\ndice = { rule = \"sides\", sides = 21 }",
            "dice with 21 sides: 2 to 20",
        ),
        (
            "zero_dice = \"bacon-max\"\npig_out = \"zero\"",
            "pig_out is \"zero\": a number of points or \"ones\"",
        ),
        (
            "zero_dice = \"bacon-max\"\ngoal = -3",
            "goal -3 is outside 1 to 2000 for a rules file",
        ),
        (
            "zero_dice = \"bacon-max\"\ngoal = 5000",
            "goal 5000 is outside 1 to 2000",
        ),
        // Every goal out of range names the range, however large.
        (
            "zero_dice = \"bacon-max\"\ngoal = 1000001",
            "goal 1000001 is outside 1 to 2000 for a rules file",
        ),
        (
            "zero_dice = \"bacon-max\"\ngoal = 4294967295",
            "goal 4294967295 is outside 1 to 2000 for a rules file",
        ),
        (
            "zero_dice = \"bacon-max\"\ngoal = 99999999999999",
            "goal 99999999999999 is outside 1 to 2000 for a rules file",
        ),
        (
            "zero_dice = \"bacon-max\"\ngoal = 0",
            "goal 0 is outside 1 to 2000 for a rules file",
        ),
        (
            "zero_dice = \"bacon-max\"\ngoal = \"100\"",
            "goal is \"100\": a whole number from 1 to 2000",
        ),
        (
            "zero_dice = \"bacon-max\"\nafter_turn = [\"swap\"]",
            "unknown after_turn component 'swap'",
        ),
        ("zero_dice = ", "not a rules file"),
    ];
    for (text, want) in cases {
        let err = ComposedRules::parse(text, None).unwrap_err();
        assert!(err.contains(want), "{text}: {err}");
        assert!(!err.contains('\n'), "{err}");
    }
}

/// The presets' components in a file give the preset's values within
/// 1e-15 (the general path against the fast one).
#[test]
fn the_presets_components_in_a_file_are_the_preset() {
    let text =
        "goal = 60\nzero_dice = \"bacon-max\"\ndice = \"hog-wild\"\nafter_turn = \"swap-double\"";
    let file = ComposedRules::parse(text, None).unwrap();
    let auto =
        Rules::from_functions("double.toml".into(), Origin::RulesFile, Arc::new(file)).unwrap();
    assert!(
        auto.general().is_none(),
        "the presets' components take the fast path"
    );
    let general = auto.on_the_general_path();
    let preset = Rules::preset(Preset::DoubleSwap, 60).unwrap();
    let options = crate::engine::SweepOptions::default();
    let (a, b) = (
        crate::engine::solve(&general, &options),
        crate::engine::solve(&preset, &options),
    );
    for s in 0..60 {
        for o in 0..60 {
            assert!((a.value(0, (s, o)) - b.value(0, (s, o))).abs() <= 1e-15);
        }
    }
}

/// Fall 2019's scoring rules (without Feral Hogs, which needs memory) as a
/// rules file and as Python: the same bits.
#[test]
fn a_file_and_the_same_rules_in_python_give_the_same_bits() {
    let text = "goal = 40\nzero_dice = \"bacon-ten-minus-min-digit\"\n\
                after_turn = [\"swap-first-times-last\"]\n\
                turn_points = [\"hogtimus-prime\", { rule = \"cap\", total = 25 }]\n\
                pig_out = \"ones\"\n";
    let python = r#"
GOAL = 40
PIG_OUT = "ones"

def zero_dice(s, o):
    return 10 - min(o // 10 % 10, o % 10)

def is_prime(n):
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))

def turn_points(points, num_rolls, s, o):
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return min(points, 25 - num_rolls)

def first(x):
    while x >= 10:
        x //= 10
    return x

def after_turn(s, o):
    if s != o and first(s) * (s % 10) == first(o) * (o % 10):
        return o, s
    return s, o
"#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fa19.py");
    std::fs::write(&path, python).unwrap();
    let from_python = PythonRules::load(&path, None, Duration::from_secs(60)).unwrap();
    let from_file = ComposedRules::parse(text, None).unwrap();
    let a = general_sweep(&RuleTables::new(&from_file).unwrap(), &[Policy::Best], None);
    let b = general_sweep(
        &RuleTables::new(&from_python).unwrap(),
        &[Policy::Best],
        None,
    );
    for s in 0..40 {
        for o in 0..40 {
            assert_eq!(
                a.value(0, s, o).to_bits(),
                b.value(0, s, o).to_bits(),
                "({s}, {o})"
            );
            assert_eq!(a.choice(0, s, o), b.choice(0, s, o));
        }
    }
}

/// An example rules file, read as `--rules examples/rules/NAME` reads it
/// (with `goal` in place of the file's).
fn example(name: &str, goal: Option<u32>) -> Rules {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/rules")
        .join(name);
    let overrides = crate::rules::Overrides {
        goal,
        ..Default::default()
    };
    crate::rules::from_toml(&path, overrides).unwrap()
}

/// The example rules file `name`'s exact win rate of two tables at goal
/// 100 against 200,000 games of the plain loop with real dice.
fn agrees_with_sampled_games(name: &str, seed: u64) {
    let rules = example(name, None);
    let remembering = rules.memory().expect("rules with memory");
    let a = StrategyTable::from_fn(100, |s, o| ((s * o + 2) % 9) as u8);
    let b = StrategyTable::from_fn(100, |s, o| (2 + (s + o) % 5) as u8);
    let exact = crate::engine::win_rates(&rules, &a, &b, &Default::default()).first;
    crate::engine::functions::tests::assert_sampled_near(exact, seed, name, |rng| {
        let (memory, clock) = (remembering.memory(), remembering.clock());
        crate::simulate::play_remembering(rules.score_rules(), memory, clock, [&a, &b], rng)
    });
}

/// Spring 2020's rules file (examples/rules/sp20.toml) plays the course's
/// own game of `play`'s doctest: Feral Hogs on the points of the previous
/// turn, Free Bacon on the opponent's score cubed, Swine Swap on the first
/// and last digits of 3 to the sum of the scores.
#[test]
fn spring_2020_plays_the_course_doctest() {
    let rules = example("sp20.toml", Some(21));
    assert_eq!(rules.memory().unwrap().name(), "feral-hogs-points");
    // strat0 rolls 3 at 0, 5 at 7, else 8; strat1 (its own score first)
    // rolls 1 at 0, 2 at 4, else 6; goal 21.
    let strat0 = StrategyTable::from_fn(21, |s, _| match s {
        0 => 3,
        7 => 5,
        _ => 8,
    });
    let strat1 = StrategyTable::from_fn(21, |s, _| match s {
        0 => 1,
        4 => 2,
        _ => 6,
    });
    let faces = [2, 2, 3, 4, 2, 2, 2, 2, 2, 3, 5, 2, 2, 2, 2, 2, 2, 2, 6, 1];
    let mut dice = crate::check::inputs::Script {
        faces: &faces,
        next: 0,
    };
    let ((s0, s1), _) =
        crate::check::inputs::game_loop(&rules, [&strat0, &strat1], (0, 0), &mut dice, 21);
    assert_eq!((s0, s1), (43, 15));
}

/// Spring 2020 at goal 100 against sampled games.
#[test]
fn spring_2020_agrees_with_sampled_games() {
    agrees_with_sampled_games("sp20.toml", 20);
}

/// Summer 2020 at goal 100 (examples/rules/su20.toml) against sampled
/// games, and its Swine Swap read from the mover's side (the opponent's
/// tens digit).
#[test]
fn summer_2020_agrees_with_sampled_games() {
    let rules = example("su20.toml", None);
    let score = rules.score_rules();
    assert_eq!(score.after_turn(43, 21), (21, 43));
    assert_eq!(score.after_turn(21, 43), (21, 43));
    assert_eq!(score.zero_dice(0, 37), 6);
    agrees_with_sampled_games("su20.toml", 21);
}

/// Fall 2017's rules file (examples/rules/fa17.toml) and the page's
/// worked examples of Free Bacon and Swine Swap.
#[test]
fn fall_2017_as_the_page_worked_it() {
    let rules = example("fa17.toml", None);
    let score = rules.score_rules();
    for (opponent, points) in [(42, 5), (48, 9), (7, 8)] {
        assert_eq!(score.zero_dice(0, opponent), points, "opponent {opponent}");
    }
    assert_eq!(score.after_turn(37 + 9, 92), (92, 46));
    assert_eq!(score.after_turn(91 + 20, 37), (37, 111));
    assert_eq!(score.after_turn(1, 30), (1, 30));
    assert!(rules.memory().is_none());
}

/// Spring 2019's rules file (examples/rules/sp19.toml) reads as the page's
/// examples: Free Bacon against 10 and 39, a swap on a shared place.
#[test]
fn spring_2019_as_the_page_worked_it() {
    let rules = example("sp19.toml", None);
    let score = rules.score_rules();
    assert_eq!(score.zero_dice(0, 10), 1);
    assert_eq!(score.zero_dice(0, 39), 4);
    assert_eq!(score.after_turn(41 + 2, 83), (83, 43));
    assert_eq!(score.after_turn(1 + 6, 2), (7, 2));
    assert!(rules.memory().is_none());
}

/// Fall 2018's rules file (examples/rules/fa18.toml) reads as the page's
/// examples.
#[test]
fn fall_2018_as_the_page_worked_it() {
    let rules = example("fa18.toml", None);
    let score = rules.score_rules();
    assert_eq!(score.zero_dice(0, 73), 11);
    assert_eq!(score.zero_dice(0, 27), 1);
    assert_eq!(score.after_turn(41 + 8, 83), (83, 49));
    assert_eq!(score.after_turn(35 + 8, 5), (43, 5));
    assert!(rules.memory().is_none());
}
