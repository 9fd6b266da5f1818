//! `hog play` driven through stdin: whole seeded games for every preset,
//! replayed from the transcript with the library's rules; junk input is
//! re-asked; end of input stops cleanly (`cargo test --release --test cli play::`).

use std::process::Output;

use hog::engine::SweepOptions;
use hog::engine::{best_response, solve as optimal};
use hog::rules::{Preset, Rules};
use hog::strategy::StrategyTable;

/// Run `hog play ARGS` with `input` on stdin.
fn play(args: &[&str], input: &str) -> Output {
    crate::util::hog_command()
        .arg("play")
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .unwrap()
}

/// Run a game that must exit 0 with nothing on stderr; its transcript.
fn transcript(args: &[&str], input: &str) -> String {
    let out = play(args, input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hog play {args:?}: {stderr}");
    assert!(
        stderr.is_empty(),
        "hog play {args:?} wrote to stderr: {stderr}"
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The numbers in `text`, in order.
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

/// `(you, bot)` from "Score: you H, bot B. ..." or "Final score: ...".
fn scores(line: &str) -> (u32, u32) {
    let n = numbers(line);
    (n[0], n[1])
}

/// What a replay found.
#[derive(Debug)]
struct Replay {
    turns: usize,
    human_dice: Vec<u8>,
    final_scores: Option<(u32, u32)>,
    winner_line: String,
}

/// Replay a transcript with the library's rules: every roll line's points,
/// the after-turn rule, the rules reported as firing, and every score line
/// after it must agree. The bot's choices must be `bot`'s.
fn replay(rules: &Rules, bot: &StrategyTable, text: &str) -> Replay {
    let c = rules.components();
    let mut human_moves = text.contains("You move first.");
    let (mut you, mut it) = (0u32, 0u32);
    // Rule announcements seen since the last roll, and those the library
    // says the last turn should have made.
    let mut pending: Vec<String> = Vec::new();
    let mut announced: Vec<String> = Vec::new();
    let mut replay = Replay {
        turns: 0,
        human_dice: Vec::new(),
        final_scores: None,
        winner_line: String::new(),
    };
    for line in text.lines() {
        let (human, rest) = if let Some(rest) = line.strip_prefix("You roll ") {
            (true, rest)
        } else if let Some(rest) = line.strip_prefix("The bot rolls ") {
            (false, rest)
        } else {
            if line.starts_with("Hog Wild:")
                || line.starts_with("Sus Fuss:")
                || line.starts_with("Swine Swap:")
            {
                pending.push(line.to_string());
            }
            if line.starts_with("Score:") || line.starts_with("Final score:") {
                assert_eq!(scores(line), (you, it), "after turn {}", replay.turns);
                // The after-turn rule of the last turn, announced after its roll.
                assert_eq!(pending, announced, "after turn {}", replay.turns);
                pending.clear();
                announced.clear();
            }
            if line.starts_with("Final score:") {
                replay.final_scores = Some((you, it));
                replay.winner_line = line.to_string();
            }
            continue;
        };
        assert_eq!(human, human_moves, "turn order at: {line}");
        let (mover, other) = if human { (you, it) } else { (it, you) };
        let k = numbers(rest)[0] as u8;
        let sides = c.dice.sides(mover, other);
        // Hog Wild is announced on the line before the roll.
        let hog_wild = pending.iter().any(|l| l.starts_with("Hog Wild:"));
        assert_eq!(hog_wild, k > 0 && sides == 4, "Hog Wild at {line}");
        pending.retain(|l| !l.starts_with("Hog Wild:"));
        let points = if k == 0 {
            let points = rules.zero_dice_points(mover, other);
            let name = c.zero_dice.title();
            assert!(
                rest.contains(&format!("{name} gives {points} point")),
                "{line}"
            );
            points
        } else {
            let faces_text = rest.split(": ").nth(1).unwrap();
            let faces_text = faces_text
                .split([' ', '='])
                .take_while(|w| *w != "-")
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>();
            let faces: Vec<u32> = faces_text
                .iter()
                .take(k as usize)
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(faces.len(), k as usize, "{line}");
            assert!(faces.iter().all(|f| (1..=sides).contains(f)), "{line}");
            if faces.contains(&1) {
                assert!(rest.contains("a die shows 1"), "{line}");
                1
            } else {
                let sum = faces.iter().sum();
                assert!(rest.ends_with(&format!("= {sum} points.")), "{line}");
                sum
            }
        };
        if human {
            replay.human_dice.push(k);
        } else {
            assert_eq!(k, bot.get(mover, other), "the bot's choice at {line}");
        }
        assert!(pending.is_empty(), "unexplained before {line}: {pending:?}");
        let end = rules.after_turn(mover + points, other);
        let raw = mover + points;
        let (me, them) = if human {
            ("you", "the bot")
        } else {
            ("the bot", "you")
        };
        if end.swapped() {
            announced.push(format!(
                "Swine Swap: {me} {raw} and {them} {other} change places."
            ));
        } else if end.mover != raw {
            let has = if human {
                "you now have"
            } else {
                "the bot now has"
            };
            announced.push(format!("Sus Fuss: {raw} is sus, so {has} {}.", end.mover));
        }
        (you, it) = if human {
            (end.mover, end.other)
        } else {
            (end.other, end.mover)
        };
        replay.turns += 1;
        human_moves = !human;
    }
    replay
}

fn preset(name: &str) -> Preset {
    Preset::from_name(name).unwrap()
}

fn optimal_table(rules: &Rules) -> StrategyTable {
    optimal(rules, &SweepOptions::default()).table()
}

const JUNK: &str = "x\n11\n\n  \n-3\nfive\n5.0\n";

#[test]
fn whole_games_follow_the_rules_for_every_preset() {
    let mut all = String::new();
    for (i, name) in ["fa24", "double-swap", "reverse-swap", "digit-swap"]
        .into_iter()
        .enumerate()
    {
        let rules = Rules::preset(preset(name), 100).unwrap();
        let bot = optimal_table(&rules);
        for first in [false, true] {
            let seed = (10 + i).to_string();
            let mut args = vec!["--rules", name, "--seed", &seed];
            if first {
                args.push("--first");
            }
            let input = format!("{JUNK}{}", "5\n".repeat(300));
            let text = transcript(&args, &input);
            let r = replay(&rules, &bot, &text);
            let (you, it) = r
                .final_scores
                .unwrap_or_else(|| panic!("{name}: no end\n{text}"));
            assert!(r.turns >= 6, "{name}: {} turns", r.turns);
            assert!(r.human_dice.iter().all(|&d| d == 5), "{:?}", r.human_dice);
            assert!(
                you.max(it) >= 100 && you.min(it) < 100,
                "{name}: {you} {it}"
            );
            let verdict = if you >= 100 {
                "You win!"
            } else {
                "The bot wins."
            };
            assert!(r.winner_line.ends_with(verdict), "{}", r.winner_line);
            // Each junk line was re-asked once, and nothing crashed.
            assert_eq!(text.matches("Please type a whole number").count(), 7);
            assert!(text.contains("(not \"x\")") && text.contains("(not \"11\")"));
            assert!(text.contains(&format!("Seed {seed}")));
            all += &text;
        }
    }
    // The replays above went through every rule at least once.
    for rule in [
        "Sow Sad:",
        "Pig Out:",
        "Boar Brawl gives",
        "Free Bacon gives",
        "Hog Wild:",
        "Sus Fuss:",
        "Swine Swap:",
    ] {
        assert!(all.contains(rule), "no game showed {rule}");
    }
}

#[test]
fn a_seed_replays_the_same_game() {
    let args = [
        "--rules",
        "reverse-swap",
        "--seed",
        "99",
        "--bot",
        "always_roll(5)",
    ];
    let input = "4\n".repeat(300);
    let a = transcript(&args, &input);
    assert_eq!(a, transcript(&args, &input));
    let other = transcript(
        &[
            "--rules",
            "reverse-swap",
            "--seed",
            "98",
            "--bot",
            "always_roll(5)",
        ],
        &input,
    );
    assert_ne!(a, other);
    let rules = Rules::preset(Preset::ReverseSwap, 100).unwrap();
    let r = replay(&rules, &StrategyTable::constant(100, 5), &a);
    assert!(r.final_scores.is_some());
    assert!(r.human_dice.iter().all(|&d| d == 4));
}

#[test]
fn end_of_input_mid_game_stops_cleanly() {
    let text = transcript(&["--seed", "3", "--first"], "5\n0\n");
    assert!(
        text.trim_end().ends_with(&format!(
            "End of input: the game stops at you {}, bot {}.",
            scores(text.lines().rfind(|l| l.starts_with("Score:")).unwrap()).0,
            scores(text.lines().rfind(|l| l.starts_with("Score:")).unwrap()).1
        )),
        "{text}"
    );
    let rules = Rules::preset(Preset::Fa24, 100).unwrap();
    let r = replay(&rules, &optimal_table(&rules), &text);
    assert_eq!(r.human_dice, [5, 0]);
    assert!(r.final_scores.is_none());
    // No input at all, and quitting, end the same way.
    let text = transcript(&["--first"], "");
    assert!(text.contains("End of input: the game stops at you 0, bot 0."));
    let text = transcript(&["--first", "--seed", "1"], "3\nquit\n");
    assert!(text.contains("You quit: the game stops at"), "{text}");
    // Bytes that are not UTF-8 are one more wrong answer.
    let out = crate::util::hog_command()
        .args(["play", "--first", "--seed", "1"])
        .write_stdin(vec![0xff, 0xfe, b'\n', b'2', b'\n'])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("Please type a whole number").count(), 1);
    assert!(text.contains("You roll 2 dice"), "{text}");
}

#[test]
fn hints_give_every_count_and_mark_the_best() {
    let args = ["--seed", "1", "--hints", "--first", "--rules", "digit-swap"];
    let text = transcript(&args, "6\n6\n6\n");
    let rules = Rules::preset(Preset::DigitSwap, 100).unwrap();
    let bot = optimal_table(&rules);
    let hints = best_response(&rules, &bot, &SweepOptions::default());
    // The first hint is at 0 to 0: compare every printed value.
    let values = hints.choice_values(0, (0, 0));
    let block: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Your win probability"))
        .skip(1)
        .take(3)
        .collect();
    let printed: Vec<(usize, f64)> = block[..2]
        .iter()
        .flat_map(|l| l.split('%').filter(|c| c.contains(':')))
        .map(|cell| {
            let cell = cell.trim_start_matches(['*', ' ']);
            let (k, v) = cell.split_once(':').unwrap();
            (k.trim().parse().unwrap(), v.trim().parse().unwrap())
        })
        .collect();
    assert_eq!(printed.len(), 11, "{block:?}");
    for (k, v) in printed {
        assert!((v - values[k] * 100.0).abs() <= 0.005 + 1e-9, "{k}: {v}");
    }
    let best = hints.choice(0, (0, 0));
    assert!(block[2].contains(&format!("Best: {best} ")), "{block:?}");
    let starred = format!("{best:>2}: {:>5.2}%*", values[best as usize] * 100.0);
    assert!(block[0].contains(&starred) || block[1].contains(&starred));
    assert_eq!(text.matches("Your win probability").count(), 4, "{text}");
}

#[test]
fn a_bad_bot_is_a_one_line_error() {
    let out = play(&["--bot", "pig_strategy"], "5\n");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("pig_strategy"));
    assert!(out.stdout.is_empty());
}

/// Games under rules from Python show the same scores, turn by turn, as
/// the library's game under the same rules written in Rust, with the
/// same seed and the optimal bot; every function shows up in the story.
#[test]
fn rules_from_python_play_turn_by_turn() {
    use crate::support::{EveryFeature, EVERY_FEATURE_PY};
    use hog::play::{Game, Player};
    use hog::rng::Rng;
    let dir = crate::util::Scratch::new();
    let file = dir.write("every.py", EVERY_FEATURE_PY);
    let rust = Rules::from_functions(
        "every".into(),
        hog::rules::Origin::Code,
        std::sync::Arc::new(EveryFeature),
    )
    .unwrap();
    let bot = optimal_table(&rust);
    let mut all = String::new();
    for seed in 1..=8u64 {
        let text = transcript(
            &[
                "--rules-py",
                file.to_str().unwrap(),
                "--seed",
                &seed.to_string(),
                "--first",
            ],
            &"5\n".repeat(100),
        );
        let shown: Vec<(u32, u32)> = text
            .lines()
            .filter(|l| l.starts_with("Score:") || l.starts_with("Final score:"))
            .map(scores)
            .collect();
        let mut game = Game::new(&rust, bot.clone(), Player::Human, Rng::seed_from_u64(seed));
        let mut expected = vec![(0, 0)];
        while let Some(p) = game.to_move() {
            match p {
                Player::Human => game.human_turn(5).unwrap(),
                Player::Bot => game.bot_turn(),
            };
            expected.push((game.score(Player::Human), game.score(Player::Bot)));
        }
        assert_eq!(shown, expected, "seed {seed}\n{text}");
        let verdict = match game.winner() {
            Some(Player::Human) => "You win!",
            _ => "The bot wins.",
        };
        assert!(text.trim_end().ends_with(verdict), "{text}");
        all += &text;
    }
    for story in [
        "turn_points: the turn's",
        "extra_turn: you move again.",
        "Pig Out:",
        "(8-sided)",
        "zero_dice gives",
    ] {
        assert!(all.contains(story), "no game showed {story}");
    }
}

/// A turn that puts both scores at the goal ends the game in a tie.
#[test]
fn both_at_the_goal_is_a_tie() {
    let dir = crate::util::Scratch::new();
    let file = dir.write(
        "tie.py",
        "GOAL = 10\n\ndef zero_dice(s, o):\n    return 3\n\n\
         def after_turn(s, o):\n    return (s, max(o, 10)) if s >= 10 else (s, o)\n",
    );
    let text = transcript(
        &[
            "--rules-py",
            file.to_str().unwrap(),
            "--seed",
            "1",
            "--first",
            "--vs",
            "always_roll(0)",
        ],
        &"0\n".repeat(10),
    );
    assert!(
        text.contains("after_turn: you 12 and the bot 9 become you 12 and the bot 10.\nBoth scores are at the goal.\n"),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with("Final score: you 12, bot 10. A tie: half a win each."),
        "{text}"
    );
}
