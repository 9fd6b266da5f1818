//! What commands print at the edges: a strategy explained as it plays, a
//! state where every count ties, a sample with no spread, a name with a
//! Markdown table's bar in it, and the defaults a user would expect.

use crate::util::{num, Scratch};

#[test]
fn explain_shows_a_strategys_own_choice_and_what_it_gives_away() {
    let s = Scratch::new();
    let args = [
        "explain",
        "53",
        "60",
        "--strategy",
        "boar_strategy",
        "--vs",
        "always_roll(6)",
    ];
    let v = s.json(&args);
    assert_eq!(v["strategy"], "boar_strategy");
    assert_eq!(v["against"], "always_roll(6)");
    // Boar Brawl gives 9 < 11 at 53 vs 60: boar_strategy rolls 6.
    assert_eq!(v["chosen"], 6);
    let best = v["best"].as_u64().unwrap() as usize;
    let p = |k: usize| num(&v["choices"][k], "win_probability");
    assert_ne!(best, 6);
    assert_eq!(num(&v, "gives_away"), p(best) - p(6));
    // The value of its own choice is the strategy's exact value there:
    // boar_strategy against always_roll(6) from 53-60, as `eval` would
    // put it if the game started there.
    assert!(p(6) > 0.0 && p(6) < 1.0);
    let text = s.run(&args);
    assert!(
        text.contains("boar_strategy chooses rolling 6 dice here"),
        "{text}"
    );
    assert!(text.contains("it gives away"), "{text}");
    assert!(text.contains("best  chosen"), "{text}");
    // Without --strategy nothing is chosen and nothing given away.
    let v = s.json(&["explain", "53", "60"]);
    assert!(v["chosen"].is_null() && v["gives_away"].is_null());
}

#[test]
fn a_state_where_every_count_ties_says_so() {
    let s = Scratch::new();
    let text = s.run(&["--goal", "1", "explain", "0", "0"]);
    assert!(
        text.contains("Every dice count wins 1.000000 here (all tied within 1e-12)"),
        "{text}"
    );
    assert!(!text.contains("tied with rolling"), "{text}");
}

#[test]
fn a_sample_with_no_spread_is_said_in_words() {
    let s = Scratch::new();
    let text = s.run(&[
        "--goal",
        "2",
        "simulate",
        "always_roll(0)",
        "--vs",
        "always_roll(0)",
        "--games",
        "50",
    ]);
    assert!(!text.contains("NaN"), "{text}");
    assert!(text.contains("the sample has no spread"), "{text}");
    let v = s.json(&["simulate", "always_roll(5)"]);
    assert_eq!(v["games"], 100_000, "a default number of games");
}

#[test]
fn a_bar_in_a_name_stays_inside_its_markdown_cell() {
    let s = Scratch::new();
    s.run(&["export", "always_roll(4)", "--out", "a|b.csv"]);
    let md = s.run(&["tournament", "a|b.csv", "optimal", "--format", "md"]);
    for line in md.lines().filter(|l| l.starts_with('|')) {
        let cells = line.split(" | ").count();
        let bars = line.matches("\\|").count();
        assert!(line.contains("a\\|b.csv") || bars == 0, "{line}");
        assert!(cells >= 2, "{line}");
    }
    let header_cells = |line: &str| line.replace("\\|", "").matches('|').count();
    let lines: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    let ranking = &lines[..4];
    assert!(ranking
        .iter()
        .all(|l| header_cells(l) == header_cells(ranking[0])));
}
