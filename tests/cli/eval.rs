//! `hog eval`: exact win rates in every format.

use crate::util::{num, rates, Scratch};

#[test]
fn eval_boar_strategy_json() {
    let s = Scratch::new();
    let v = s.json(&["eval", "boar_strategy"]);
    assert_eq!(v["rules"], "fa24");
    assert_eq!(v["goal"], 100);
    assert_eq!(v["strategy"], "boar_strategy");
    assert_eq!(v["opponent"], "always_roll(6)");
    let [first, second, average] = rates(&v);
    // The course: "close to 66-67%".
    assert!((0.66..=0.68).contains(&average), "average {average}");
    assert!((average - (first + second) / 2.0).abs() < 1e-15);
    // Moving first is worth something.
    assert!(first > second, "{first} {second}");
    assert!((0.70..0.74).contains(&first) && (0.61..0.65).contains(&second));
    assert!(s.file_names().is_empty(), "eval writes no files");
}

#[test]
fn eval_sus_strategy_json() {
    let s = Scratch::new();
    let v = s.json(&["eval", "sus_strategy"]);
    assert_eq!(v["strategy"], "sus_strategy");
    assert_eq!(v["opponent"], "always_roll(6)");
    let [first, second, average] = rates(&v);
    // The course: "close to 67-69%", and a little better than boar_strategy.
    assert!((0.67..=0.69).contains(&average), "average {average}");
    assert!((average - (first + second) / 2.0).abs() < 1e-15);
    let boar = num(&s.json(&["eval", "boar_strategy"]), "average");
    assert!(average > boar, "sus {average} vs boar {boar}");
}

#[test]
fn eval_csv_has_a_header_and_one_row() {
    let s = Scratch::new();
    let csv = s.run(&["eval", "boar_strategy", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2, "{csv}");
    assert_eq!(
        lines[0],
        "rules,goal,strategy,opponent,first,second,average"
    );
    // The specs contain commas and parentheses: read it as real CSV.
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let row = reader.records().next().unwrap().unwrap();
    assert_eq!(&row[0], "fa24");
    assert_eq!(&row[1], "100");
    assert_eq!(&row[2], "boar_strategy");
    assert_eq!(&row[3], "always_roll(6)");
    let csv_rates: Vec<f64> = (4..7).map(|i| row[i].parse().unwrap()).collect();
    assert_eq!(csv_rates, rates(&s.json(&["eval", "boar_strategy"])));

    let csv = s.run(&["eval", "boar_strategy(10, 5)", "--format", "csv"]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let rows: Vec<_> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        &rows[0][2], "boar_strategy(10, 5)",
        "a spec with a comma is quoted"
    );
}

#[test]
fn eval_text_mentions_the_three_numbers() {
    let s = Scratch::new();
    let text = s.run(&["eval", "sus_strategy"]);
    let json = rates(&s.json(&["eval", "sus_strategy"]));
    assert!(text.contains("sus_strategy"), "{text}");
    assert!(text.contains("always_roll(6)"), "{text}");
    assert!(text.contains("fa24"), "{text}");
    for (name, value) in ["first", "second", "average"].iter().zip(json) {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no {name} line in:\n{text}"));
        let shown: f64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!((shown - value).abs() < 1e-9, "{name}: {shown} vs {value}");
    }
}

#[test]
fn always_roll_6_against_itself_is_even() {
    let s = Scratch::new();
    let v = s.json(&["eval", "always_roll(6)", "--vs", "always_roll(6)"]);
    assert_eq!(v["strategy"], "always_roll(6)");
    assert_eq!(v["opponent"], "always_roll(6)");
    let [first, second, average] = rates(&v);
    assert_eq!(average, 0.5);
    assert!((first + second - 1.0).abs() < 1e-15);
    assert!(
        (0.53..0.55).contains(&first),
        "first mover advantage {first}"
    );
    // The default opponent is the baseline.
    assert_eq!(
        rates(&s.json(&["eval", "always_roll(6)"])),
        [first, second, 0.5]
    );
}

#[test]
fn positional_keyword_and_default_arguments_agree() {
    let s = Scratch::new();
    let base = rates(&s.json(&["eval", "boar_strategy"]));
    for spec in [
        "boar_strategy(11, 6)",
        "boar_strategy(threshold=11, num_rolls=6)",
        "boar_strategy(num_rolls=6, threshold=11)",
        "boar_strategy(11, num_rolls=6)",
        " boar_strategy ( 11 ) ",
        "boar_strategy()",
    ] {
        assert_eq!(rates(&s.json(&["eval", spec])), base, "{spec}");
    }
    assert_ne!(rates(&s.json(&["eval", "boar_strategy(10, 5)"])), base);
    let sus = rates(&s.json(&["eval", "sus_strategy(threshold=12, num_rolls=6)"]));
    assert_ne!(sus, rates(&s.json(&["eval", "sus_strategy"])));
}

#[test]
fn optimal_and_best_response_rate_as_expected() {
    let s = Scratch::new();
    let [.., optimal] = rates(&s.json(&["eval", "optimal"]));
    let [.., best] = rates(&s.json(&["eval", "best_response(always_roll(6))"]));
    let [.., sus] = rates(&s.json(&["eval", "sus_strategy"]));
    assert!(best > optimal && optimal > sus, "{best} {optimal} {sus}");
    // Against itself, optimal play is an even game.
    let v = s.json(&["eval", "optimal", "--vs", "optimal"]);
    assert_eq!(num(&v, "average"), 0.5);
    // The best response to optimal is optimal.
    let br = rates(&s.json(&["eval", "best_response(optimal)", "--vs", "optimal"]));
    for (a, b) in br.iter().zip(rates(&v)) {
        assert!((a - b).abs() < 1e-12, "{br:?} vs {:?}", rates(&v));
    }
}

#[test]
fn other_presets_name_their_rules_and_baseline() {
    let s = Scratch::new();
    for (preset, baseline, strategy) in [
        ("double-swap", "always_roll(5)", "bacon_strategy"),
        ("reverse-swap", "always_roll(5)", "swap_strategy"),
        (
            "digit-swap",
            "always_roll(4)",
            "swap_strategy(margin=8, num_rolls=4)",
        ),
    ] {
        let v = s.json(&["--rules", preset, "eval", strategy]);
        assert_eq!(v["rules"], preset);
        assert_eq!(v["opponent"], baseline);
        let [first, second, average] = rates(&v);
        assert!((0.0..=1.0).contains(&first) && (0.0..=1.0).contains(&second));
        assert!(
            (0.45..0.75).contains(&average),
            "{preset} {strategy}: {average}"
        );
        let even = s.json(&["--rules", preset, "eval", baseline]);
        assert_eq!(num(&even, "average"), 0.5);
    }
}

#[test]
fn rules_options_change_the_game() {
    let s = Scratch::new();
    let plain = rates(&s.json(&["eval", "always_roll(0)"]));
    let v = s.json(&["--zero-dice", "bacon-max", "eval", "always_roll(0)"]);
    assert_eq!(v["rules"], "bacon-max+six-sided+sus-fuss");
    assert_eq!(v["components"]["zero_dice"], "bacon-max");
    assert_ne!(rates(&v), plain);
    let v = s.json(&["--hog-wild", "--goal", "50", "eval", "always_roll(4)"]);
    assert_eq!(v["rules"], "boar-brawl+hog-wild+sus-fuss");
    assert_eq!(v["goal"], 50);
    assert_eq!(v["components"]["dice"], "hog-wild");
    // Naming the preset's own components is still the preset.
    let v = s.json(&[
        "--no-hog-wild",
        "--after-turn",
        "sus-fuss",
        "eval",
        "always_roll(0)",
    ]);
    assert_eq!(v["rules"], "fa24");
    assert_eq!(rates(&v), plain);
}

/// JSON fields come in the order the book lists them, the rules first.
#[test]
fn json_fields_follow_the_contract_order() {
    let s = Scratch::new();
    let cases: [(&[&str], &[&str]); 3] = [
        (
            &["eval", "boar_strategy", "--format", "json"],
            &[
                "rules", "goal", "strategy", "opponent", "first", "second", "average",
            ],
        ),
        (
            &["rates", "--format", "json"],
            &["rules", "goal", "opponent", "rows"],
        ),
        (
            &["solve", "--out", "t", "--quiet", "--format", "json"],
            &[
                "rules",
                "goal",
                "against",
                "first_player_win_probability",
                "files",
                "seconds",
            ],
        ),
    ];
    for (args, fields) in cases {
        let text = s.run(args);
        let at: Vec<usize> = fields
            .iter()
            .map(|f| {
                text.find(&format!("\"{f}\":"))
                    .unwrap_or_else(|| panic!("{f} in {text}"))
            })
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{args:?}: {text}");
    }
}
