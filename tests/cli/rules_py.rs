//! `--rules-py FILE.py`: a semester's rules in plain Python, tabulated once
//! and solved on the general path. The course's own Fall 2024 rules written
//! in Python against the `fa24` preset; a rule the presets cannot express;
//! and every refusal, one line and exit 2.

use crate::util::{num, read_final_strategy, read_win_probabilities, Scratch};

/// Fall 2024 in Python, as a student would write it: the book's example
/// file with `GOAL = 40`, written into the scratch folder.
fn write_fa24(dir: &Scratch) {
    let example = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules/fa24.py");
    let text = std::fs::read_to_string(example).unwrap();
    dir.write("fa24.py", &format!("{text}\nGOAL = 40\n"));
}

/// Files from `solve --rules-py` against the preset's: every value within
/// 1e-15 (the two paths add in different orders) and the same dice except
/// where the preset's own values tie within the solver's tolerance.
#[test]
fn the_course_rules_in_python_solve_like_the_preset() {
    let dir = Scratch::new();
    write_fa24(&dir);
    let out = dir.run(&["solve", "--rules-py", "fa24.py", "--quiet"]);
    assert!(out.contains("fa24.py (from Python), goal 40"), "{out}");
    dir.run(&["solve", "--goal", "40", "--quiet"]);
    let python =
        read_win_probabilities(&dir.join("output/fa24.py-goal40/win_probabilities.csv"), 40);
    let preset = read_win_probabilities(&dir.join("output/fa24-goal40/win_probabilities.csv"), 40);
    let dice_a = read_final_strategy(&dir.join("output/fa24.py-goal40/final_strategy.csv"), 40);
    let dice_b = read_final_strategy(&dir.join("output/fa24-goal40/final_strategy.csv"), 40);
    for (a, b) in python.iter().zip(&preset) {
        for k in 0..=10 {
            assert!(
                (a.p[k] - b.p[k]).abs() <= 1e-15,
                "({}, {}) p{k}",
                a.score,
                a.opponent
            );
        }
        let (s, o) = (a.score, a.opponent);
        assert_eq!(dice_a[s][o] as usize, a.dice);
        assert_eq!(dice_b[s][o] as usize, b.dice);
        if a.dice != b.dice {
            assert!((b.p[a.dice] - b.p[b.dice]).abs() <= 1e-12, "({s}, {o})");
        }
    }
}

/// The exact rates through `eval`, with the goal from `--goal` over the
/// file's GOAL, and the rules named by the file in the report.
#[test]
fn eval_reports_the_file_and_agrees_with_the_preset() {
    let dir = Scratch::new();
    write_fa24(&dir);
    let args = ["eval", "optimal", "--vs", "always_roll(5)", "--goal", "30"];
    let python = dir.json(&[&args[..], &["--rules-py", "fa24.py"]].concat());
    let preset = dir.json(&args);
    assert_eq!(python["rules"], "fa24.py");
    assert_eq!(python["goal"], 30);
    assert_eq!(python["components"]["zero_dice"], "python");
    for field in ["first", "second", "average"] {
        assert!(
            (num(&python, field) - num(&preset, field)).abs() <= 1e-15,
            "{field}"
        );
    }
}

/// Pig Out worth nothing, a cap on turn points and an extra turn: a rule set
/// no preset expresses. At goal 2 with two-sided dice and zero dice worth
/// 1, the first player wins with 2/3 rolling one die (a 1 scores nothing and
/// hands the same scores over).
#[test]
fn rules_no_preset_expresses() {
    let dir = Scratch::new();
    dir.write(
        "zero.py",
        "GOAL = 2\nPIG_OUT = 0\n\ndef zero_dice(s, o):\n    return 1\n\n\
         def dice_sides(s, o):\n    return 2\n",
    );
    let report = dir.json(&[
        "eval",
        "--rules-py",
        "zero.py",
        "optimal",
        "--vs",
        "optimal",
    ]);
    assert!(
        (num(&report, "first") - 2.0 / 3.0).abs() < 1e-15,
        "{report}"
    );
    assert!(
        (num(&report, "second") - 1.0 / 3.0).abs() < 1e-15,
        "{report}"
    );
}

#[test]
fn bad_rules_files_and_commands_are_refused() {
    let dir = Scratch::new();
    write_fa24(&dir);
    dir.write(
        "raises.py",
        "def zero_dice(s, o):\n    return 1 if o < 7 else {}[o]\n",
    );
    dir.write("lowers.py", "def zero_dice(s, o):\n    return 1\n\ndef after_turn(s, o):\n    return (0, o) if s == 9 else (s, o)\n");
    dir.refuse(
        &["eval", "--rules-py", "raises.py", "optimal"],
        &["raises.py", "zero_dice(0, 7) raised KeyError: 7"],
    );
    dir.refuse(
        &["solve", "--rules-py", "lowers.py"],
        &[
            "lowers.py: after_turn(9, 0) returns (0, 0)",
            "from (1, 0) rolling 2 dice would lower the sum",
        ],
    );
    dir.refuse(
        &["eval", "--rules-py", "missing.py", "optimal"],
        &["missing.py", "no such file"],
    );
    dir.refuse(
        &["eval", "--rules-py", "fa24.py", "boar_strategy"],
        &["boar_strategy is written for the course's rules, not for rules from fa24.py"],
    );
    dir.refuse(
        &["eval", "--rules-py", "fa24.py", "--goal", "3000", "optimal"],
        &["goal 3000 is outside 1 to 2000"],
    );
    dir.refuse_usage(
        &[
            "eval",
            "--rules-py",
            "fa24.py",
            "--rules",
            "digit-swap",
            "optimal",
        ],
        &["'--rules-py <FILE.py>' cannot be used with '--rules <RULES>'"],
    );
}

use crate::support::Variant;

/// The book's two example rules files: Fall 2024 in Python evaluates like
/// the preset, and the variant like its Rust twin, bit for bit.
#[test]
fn the_example_rules_files() {
    let dir = Scratch::new();
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rules");
    let fa24 = examples.join("fa24.py");
    let args = ["eval", "optimal", "--vs", "always_roll(6)"];
    let python = dir.json(&[&args[..], &["--rules-py", fa24.to_str().unwrap()]].concat());
    let preset = dir.json(&args);
    for field in ["first", "second", "average"] {
        assert!(
            (num(&python, field) - num(&preset, field)).abs() <= 1e-15,
            "{field}"
        );
    }
    let variant = examples.join("variant.py");
    let args = ["eval", "optimal", "--vs", "always_roll(5)", "--rules-py"];
    let python = dir.json(&[&args[..], &[variant.to_str().unwrap()]].concat());
    let rules = hog::rules::Rules::from_functions(
        "variant.py".into(),
        hog::rules::Origin::Python,
        std::sync::Arc::new(Variant),
    )
    .unwrap();
    let options = hog::engine::SweepOptions::default();
    let optimal = hog::engine::solve(&rules, &options).table();
    let five = hog::table::StrategyTable::constant(100, 5);
    let rates = hog::engine::win_rates(&rules, &optimal, &five, &options);
    assert_eq!(num(&python, "first").to_bits(), rates.first.to_bits());
    assert_eq!(num(&python, "second").to_bits(), rates.second.to_bits());
    // The same rules as components.
    let toml = examples.join("variant.toml");
    let args = ["eval", "optimal", "--vs", "always_roll(5)", "--rules-file"];
    let file = dir.json(&[&args[..], &[toml.to_str().unwrap()]].concat());
    assert_eq!(num(&file, "first").to_bits(), rates.first.to_bits());
    assert_eq!(num(&file, "second").to_bits(), rates.second.to_bits());
}

/// `hog simulate` plays rules from Python with real dice through the rule
/// functions alone, half wins included: the sampled rates land within 4.5
/// standard errors of the exact ones.
#[test]
fn simulate_plays_rules_from_python() {
    let dir = Scratch::new();
    dir.write(
        "tie.py",
        "GOAL = 30\nPIG_OUT = 'ones'\n\ndef zero_dice(s, o):\n    return 1 + o % 7\n\n\
         def after_turn(s, o):\n    return (s, 30) if s >= 30 and o >= 24 else (s, o)\n\n\
         def extra_turn(s, o):\n    return s == 2 * o\n",
    );
    let report = dir.json(&[
        "simulate",
        "--rules-py",
        "tie.py",
        "optimal",
        "--vs",
        "always_roll(4)",
        "--games",
        "100000",
        "--seed",
        "5",
    ]);
    for seat in ["first", "second"] {
        let sampled = report["sampled"][seat]["rate"].as_f64().unwrap();
        let exact = report["exact"][seat].as_f64().unwrap();
        let se = (exact * (1.0 - exact) / 100_000.0).sqrt();
        assert!(
            (sampled - exact).abs() < 4.5 * se,
            "{seat}: {sampled} vs {exact}"
        );
    }
}

/// `hog explain` with rules from Python: every choice's value, expected
/// points and outcomes as the preset's (values within 1e-15).
#[test]
fn explain_takes_rules_from_python() {
    let dir = Scratch::new();
    write_fa24(&dir);
    let python = dir.json(&["explain", "--rules-py", "fa24.py", "13", "20"]);
    let preset = dir.json(&["explain", "--goal", "40", "13", "20"]);
    let (a, b) = (
        python["choices"].as_array().unwrap(),
        preset["choices"].as_array().unwrap(),
    );
    assert_eq!(a.len(), 11);
    for (x, y) in a.iter().zip(b) {
        assert!((num(x, "win_probability") - num(y, "win_probability")).abs() <= 1e-15);
        assert!((num(x, "expected_points") - num(y, "expected_points")).abs() <= 1e-12);
        assert_eq!(
            x["outcomes"].as_array().unwrap().len(),
            y["outcomes"].as_array().unwrap().len()
        );
    }
    assert_eq!(python["best"], preset["best"]);
}

/// `--rules-file FILE.toml`: Fall 2019's scoring rules from components,
/// solved and evaluated; the same rules in Python give the same numbers;
/// bad files refused in one line; `hog rules` lists every component.
#[test]
fn rules_from_a_file_of_components() {
    let dir = Scratch::new();
    dir.write(
        "fa19.toml",
        "goal = 40\nzero_dice = \"bacon-ten-minus-min-digit\"\nafter_turn = \"swap-first-times-last\"\n",
    );
    dir.write(
        "fa19.py",
        "GOAL = 40\n\ndef zero_dice(s, o):\n    return 10 - min(o // 10 % 10, o % 10)\n\n\
         def first(x):\n    while x >= 10:\n        x //= 10\n    return x\n\n\
         def after_turn(s, o):\n    if s != o and first(s) * (s % 10) == first(o) * (o % 10):\n        \
         return o, s\n    return s, o\n",
    );
    let args = ["eval", "optimal", "--vs", "always_roll(5)"];
    let file = dir.json(&[&args[..], &["--rules-file", "fa19.toml"]].concat());
    let python = dir.json(&[&args[..], &["--rules-py", "fa19.py"]].concat());
    assert_eq!(file["rules"], "fa19.toml");
    assert_eq!(file["components"]["after_turn"], "rules-file");
    for field in ["first", "second", "average"] {
        assert_eq!(
            num(&file, field).to_bits(),
            num(&python, field).to_bits(),
            "{field}"
        );
    }
    let out = dir.run(&["solve", "--rules-file", "fa19.toml", "--quiet"]);
    assert!(out.contains("fa19.toml (rules file), goal 40"), "{out}");
    dir.write(
        "bad.toml",
        "zero_dice = { rule = \"bacon-tens\", minus = 2 }\n",
    );
    dir.refuse(
        &["eval", "--rules-file", "bad.toml", "optimal"],
        &[
            "bad.toml",
            "zero_dice component bacon-tens has no parameter 'minus'; it takes plus",
        ],
    );
    dir.refuse_usage(
        &[
            "eval",
            "--rules-file",
            "fa19.toml",
            "--rules-py",
            "fa19.py",
            "optimal",
        ],
        &["cannot be used with"],
    );
    let listing = dir.json(&["rules"]);
    let names: Vec<&str> = listing["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for name in [
        "boar-brawl",
        "bacon-ten-minus-min-digit",
        "hogtimus-prime",
        "swap-first-times-last",
    ] {
        assert!(names.contains(&name), "{name}");
    }
    let presets = listing["presets"].as_array().unwrap();
    assert_eq!(
        presets.len(),
        35,
        "four presets, 24 semesters and seven contests"
    );
    let named = |name: &str| {
        presets
            .iter()
            .find(|p| p["preset"] == name)
            .unwrap_or_else(|| panic!("{name} is listed"))
    };
    assert_eq!(presets[0]["preset"], "fa24");
    assert_eq!(named("fa21-contest")["clock"], "goals");
    assert_eq!(named("fa19")["clock"], serde_json::Value::Null);
    assert_eq!(named("fa19")["extra_turn"], serde_json::Value::Null);
    assert_eq!(named("fa19")["title"], "Fall 2019");
    let fa15 = named("fa15-contest");
    assert_eq!(fa15["after_turn"], "piggy-back then swap-reverse");
    assert_eq!(fa15["clock"], "pork-chop-swap");
    assert_eq!(
        named("fa20-contest")["extra_turn"],
        "swine-align or pig-pass"
    );
    assert_eq!(named("fa22")["title"], "Fall 2022, Spring 2023");
    assert_eq!(named("fa22")["zero_dice"], "pig-tail");
}

/// Rules under which a game can go on forever (zero dice worth nothing)
/// are named on stderr; two players who never roll tie exactly, and the
/// sampled games, stopped after `MAX_TURNS`, tie too.
#[test]
fn a_game_that_can_go_on_forever_is_noted_and_counts_half() {
    let dir = Scratch::new();
    dir.write(
        "nothing.py",
        "GOAL = 20\n\ndef zero_dice(s, o):\n    return 0 if s == o else 1\n",
    );
    let out = dir
        .hog()
        .args([
            "eval",
            "--rules-py",
            "nothing.py",
            "always_roll(0)",
            "--vs",
            "always_roll(0)",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim(),
        "note: under nothing.py a game can go on forever (from 0 to 0, by turns that leave \
         the scores' sum as it is); hog counts a game that never ends as half a win each"
    );
    let v = crate::util::parse_json(&String::from_utf8_lossy(&out.stdout)).unwrap();
    assert_eq!(crate::util::rates(&v), [0.5, 0.5, 0.5]);
    let sampled = dir.json(&[
        "simulate",
        "--rules-py",
        "nothing.py",
        "always_roll(0)",
        "--vs",
        "always_roll(0)",
        "--games",
        "50",
        "--quiet",
    ]);
    assert_eq!(
        sampled["sampled"]["first"]["rate"].as_f64(),
        Some(0.5),
        "{sampled}"
    );
    assert_eq!(
        sampled["sampled"]["second"]["rate"].as_f64(),
        Some(0.5),
        "{sampled}"
    );
}

/// Against a player who never rolls, under zero dice worth nothing, every
/// choice at (0, 0) "wins" surely, passing included (staying is worth what
/// the state is worth); the solver takes the fewest dice that move the game
/// on, says so, and its table collects the win it reports.
#[test]
fn ties_that_could_stall_go_to_dice_that_move_on() {
    let dir = Scratch::new();
    dir.write(
        "stall.py",
        "GOAL = 10\n\ndef zero_dice(s, o):\n    return 0\n",
    );
    // Each prints the note that a game can go on forever on stderr.
    let stdout = |args: &[&str]| {
        let out = dir
            .hog()
            .args(args)
            .args(["--rules-py", "stall.py"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let explained = stdout(&["explain", "0", "0", "--vs", "always_roll(0)"]);
    assert!(
        explained.contains(
            "Every dice count wins 1.000000 here (all tied within 1e-12); ties go to the \
             fewest dice that move the game on (fewer could stall it forever): rolling 1 die."
        ),
        "{explained}"
    );
    let eval = stdout(&[
        "eval",
        "best_response(always_roll(0))",
        "--vs",
        "always_roll(0)",
        "--format",
        "json",
    ]);
    let v = crate::util::parse_json(&eval).unwrap();
    assert_eq!(crate::util::rates(&v), [1.0, 1.0, 1.0], "{v}");
}
