//! `hog rates`: every standard strategy against the baseline, best first.

use serde_json::Value;

use crate::util::{num, rates, Scratch};

fn row<'v>(rows: &'v [Value], strategy: &str) -> &'v Value {
    rows.iter()
        .find(|r| r["strategy"] == strategy)
        .unwrap_or_else(|| panic!("no row for {strategy}"))
}

#[test]
fn rates_json_lists_every_standard_strategy_best_first() {
    let s = Scratch::new();
    let v = s.json(&["rates"]);
    assert_eq!(v["rules"], "fa24");
    assert_eq!(v["goal"], 100);
    assert_eq!(v["opponent"], "always_roll(6)");
    let rows = v["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 15);
    let mut names: Vec<String> = rows
        .iter()
        .map(|r| r["strategy"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names[0], "best_response(always_roll(6))");
    names.sort();
    let mut expected: Vec<String> = (0..=10).map(|n| format!("always_roll({n})")).collect();
    expected.extend(
        [
            "boar_strategy",
            "sus_strategy",
            "optimal",
            "best_response(always_roll(6))",
        ]
        .map(String::from),
    );
    expected.sort();
    assert_eq!(names, expected);

    for r in rows {
        let [first, second, average] = rates(r);
        for p in [first, second, average] {
            assert!((0.0..=1.0).contains(&p), "{r}");
        }
        assert!((average - (first + second) / 2.0).abs() < 1e-15, "{r}");
    }
    let averages: Vec<f64> = rows.iter().map(|r| num(r, "average")).collect();
    assert!(
        averages.windows(2).all(|w| w[0] >= w[1]),
        "sorted by average, descending: {averages:?}"
    );

    let optimal = num(row(rows, "optimal"), "average");
    for other in rows.iter().filter(|r| {
        let name = r["strategy"].as_str().unwrap();
        name != "optimal" && !name.starts_with("best_response")
    }) {
        assert!(optimal > num(other, "average"), "optimal beats {other}");
    }
    let boar = num(row(rows, "boar_strategy"), "average");
    let sus = num(row(rows, "sus_strategy"), "average");
    assert!((0.66..=0.68).contains(&boar) && (0.67..=0.69).contains(&sus));
    assert_eq!(num(row(rows, "always_roll(6)"), "average"), 0.5);
    // No other fixed number of dice beats rolling 6 against rolling 6.
    for n in [0, 1, 2, 3, 4, 5, 7, 8, 9, 10] {
        let name = format!("always_roll({n})");
        assert!(num(row(rows, &name), "average") < 0.5, "{name}");
    }
    assert!(num(row(rows, "always_roll(1)"), "average") < 0.02);
}

#[test]
fn rates_agree_with_eval() {
    let s = Scratch::new();
    let v = s.json(&["rates"]);
    let rows = v["rows"].as_array().unwrap();
    for spec in [
        "boar_strategy",
        "optimal",
        "always_roll(0)",
        "best_response(always_roll(6))",
    ] {
        assert_eq!(
            rates(row(rows, spec)),
            rates(&s.json(&["eval", spec])),
            "{spec}"
        );
    }
}

#[test]
fn rates_csv_and_text_list_the_same_rows() {
    let s = Scratch::new();
    let json = s.json(&["rates"]);
    let order: Vec<&str> = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();

    let csv = s.run(&["rates", "--format", "csv"]);
    assert_eq!(csv.lines().next(), Some("strategy,first,second,average"));
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 15);
    for (record, (name, value)) in rows
        .iter()
        .zip(order.iter().zip(json["rows"].as_array().unwrap()))
    {
        assert_eq!(&record[0], *name);
        let numbers: Vec<f64> = (1..4).map(|i| record[i].parse().unwrap()).collect();
        assert_eq!(numbers, rates(value));
    }

    let text = s.run(&["rates"]);
    assert!(
        text.contains("always_roll(6)") && text.contains("fa24"),
        "{text}"
    );
    let listed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| order.contains(w))
        .collect();
    assert_eq!(listed, order, "text rows in the same order:\n{text}");
}

#[test]
fn rates_for_another_preset_and_opponent() {
    let s = Scratch::new();
    let v = s.json(&["--rules", "double-swap", "rates"]);
    assert_eq!(v["rules"], "double-swap");
    assert_eq!(v["opponent"], "always_roll(5)");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 15);
    assert_eq!(rows[0]["strategy"], "best_response(always_roll(5))");
    row(rows, "bacon_strategy");
    row(rows, "swap_strategy");
    assert_eq!(num(row(rows, "always_roll(5)"), "average"), 0.5);

    let v = s.json(&["rates", "--vs", "boar_strategy"]);
    assert_eq!(v["opponent"], "boar_strategy");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows[0]["strategy"], "best_response(boar_strategy)");
    assert_eq!(num(row(rows, "boar_strategy"), "average"), 0.5);
}
