//! `hog play [--bot SPEC] [--seed S] [--first] [--hints]`: a game against a
//! bot in the terminal. Reads stdin line by line, so a game can be scripted;
//! the transcript (it is the interaction, not a progress report) goes to
//! stdout.

use std::io::{BufRead, IsTerminal};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;

use crate::check::{Referee, Replay};
use crate::engine::{self, best_response, Solution, State};
use crate::play::{Bot, Event, Game, Player, Turn};
use crate::recall::Context;
use crate::rng::Rng;
use crate::rules::{DiceRule, Move, PlayerGoals};
use crate::table::{shown, MINUS_ONE};
use crate::HogError;

use super::output::counted;
use super::{solve_seats, Config, Need, Printer};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The bot's strategy.
    #[arg(
        long = "vs",
        visible_alias = "bot",
        value_name = "SPEC",
        default_value = "optimal"
    )]
    pub bot: String,
    /// Seed for the dice (default: from the clock). The game prints its seed
    /// so it can be replayed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Move first (by default the bot moves first).
    #[arg(long)]
    pub first: bool,
    /// Before each of your moves, show your win probability for every dice
    /// count: exact, assuming you play the best response to the bot
    /// afterwards (against the optimal bot that is the minimax value).
    #[arg(long)]
    pub hints: bool,
    /// Play through your own hog.py as well (Fall 2024's project): after
    /// each turn your `play` replays the game so far with the same moves
    /// and dice, and the first turn where its scores leave the rules' is
    /// named, with the reason.
    #[arg(long, value_name = "PATH/hog.py")]
    pub student: Option<std::path::PathBuf>,
}

/// A seed from the clock when none is given.
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    now ^ u64::from(std::process::id()).rotate_left(32)
}

/// How a game session ended.
enum Ending {
    /// Someone reached the goal.
    Finished,
    /// Input ran out or the person typed `quit`.
    Stopped(&'static str),
}

pub fn run(config: &Config, args: &PlayArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    if config.format != super::Format::Text {
        return Err(HogError::BadArgument(
            "hog play is a game in text: --format applies to the other commands \
             (hog eval and hog simulate give the numbers of a game as JSON)"
                .into(),
        )
        .into());
    }
    let bot_name = args.bot.trim();
    config.check_memory(
        "hog play",
        Need {
            seats: solve_seats(bot_name).max(if args.hints { 2 } else { 0 }),
            tables: 1,
            extra: 0,
        },
    )?;
    // The optimal bot is the optimum itself (under rules with memory or a
    // clock it remembers, and is no table). Against it the person's best
    // play is the same optimum, so it gives the hints too: the same bits
    // as `hog explain`.
    let spec = crate::strategy::Spec::parse(bot_name)?;
    let (bot, hints) = if spec == crate::strategy::Spec::Optimal {
        let optimum = Arc::new(engine::solve(rules, &config.sweep_options()));
        let bot = Bot::Solved(optimum.clone());
        (bot, args.hints.then_some(optimum))
    } else {
        let table = config.resolver().resolve(&spec)?;
        let hints = args
            .hints
            .then(|| Arc::new(best_response(rules, &table, &config.sweep_options())));
        (Bot::Table(table), hints)
    };
    let first = if args.first {
        Player::Human
    } else {
        Player::Bot
    };
    // The student's file is tried before the game starts: a file that
    // does not import is bad input, not a game.
    let student = match &args.student {
        Some(path) => {
            let referee =
                Referee::new(rules, path, config.python_timeout)?.with_names("you", "the bot");
            let replay = referee
                .replay(&[], first, Some(first))
                .map_err(HogError::from)?;
            Some((referee, replay))
        }
        None => None,
    };
    config.progress.finish();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut game = Game::with_bot(rules, bot, first, Rng::seed_from_u64(seed));
    let described = rules.description();
    printer.text(&format!(
        "Hog against {bot_name}: {}.\nSeed {seed} (replay with --seed {seed}). {}{}\n\
         On your move type {}.\n",
        rules.caption(),
        if args.first {
            "You move first."
        } else {
            "The bot moves first."
        },
        goal_words(described.goals, first),
        moves_words(&described.moves),
    ))?;
    let stdin = std::io::stdin();
    // Typed input shows on a terminal; echo it when scripted so the
    // transcript reads like the game did.
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut student = match student {
        Some((referee, replay)) => Some(Student::start(referee, first, &replay, printer)?),
        None => None,
    };
    let ending = play_game(
        &mut game,
        &described.moves,
        hints.as_deref(),
        student.as_mut(),
        &mut input,
        echo,
        printer,
    )?;
    let (you, it) = (game.score(Player::Human), game.score(Player::Bot));
    let last = match (ending, game.winner()) {
        (Ending::Finished, _) if game.tied() => {
            format!("\nFinal score: you {you}, bot {it}. A tie: half a win each.\n")
        }
        (Ending::Finished, Some(Player::Human)) => {
            format!("\nFinal score: you {you}, bot {it}. You win!\n")
        }
        (Ending::Finished, _) => format!("\nFinal score: you {you}, bot {it}. The bot wins.\n"),
        (Ending::Stopped(why), _) => {
            format!("\n{why}: the game stops at you {you}, bot {it}.\n")
        }
    };
    printer.text(&last)?;
    Ok(())
}

/// Each player's goal, where the rules give them different ones (" You
/// win at 30, the bot at 40."), else nothing: the caption says the goal.
fn goal_words(goals: PlayerGoals, first: Player) -> String {
    if goals.first == goals.second {
        return String::new();
    }
    let (you, bot) = match first {
        Player::Human => (goals.first, goals.second),
        Player::Bot => (goals.second, goals.first),
    };
    format!(" You win at {you}, the bot at {bot}.")
}

/// The moves a person may type, as the rules describe them: "a number of
/// dice from 0 to 10 (or quit)", and -1, with a line that says what it
/// does, where the rules have it.
fn moves_words(moves: &[Move]) -> String {
    let counts: Vec<i32> = moves.iter().map(|m| m.dice).filter(|&k| k >= 0).collect();
    let (low, high) = (
        counts.iter().min().copied().unwrap_or(0),
        counts.iter().max().copied().unwrap_or(0),
    );
    let mut words = format!("a number of dice from {low} to {high}");
    // What -1 does, on a line of its own.
    if let Some(minus) = moves.iter().find(|m| m.dice < 0) {
        words += &format!(
            ", or -1 (or quit).\n-1: {}",
            minus.text.trim_start_matches("roll -1 dice: ")
        );
        return words;
    }
    words + " (or quit)"
}

/// Alternate turns until someone wins or the input stops.
fn play_game(
    game: &mut Game<'_>,
    moves: &[Move],
    hints: Option<&Solution<'_>>,
    mut student: Option<&mut Student>,
    input: &mut dyn BufRead,
    echo: bool,
    printer: &mut Printer,
) -> anyhow::Result<Ending> {
    while let Some(player) = game.to_move() {
        let (you, bot) = (game.score(Player::Human), game.score(Player::Bot));
        let whose = match player {
            Player::Human => "Your move.",
            Player::Bot => "The bot's move.",
        };
        let remembered = game.context(Player::Human);
        let note = game.context_note("the bot");
        let memory = if note.is_empty() {
            note
        } else {
            format!(" ({note})")
        };
        printer.text(&format!("\nScore: you {you}, bot {bot}. {whose}{memory}\n"))?;
        let turn = match player {
            Player::Bot => game.bot_turn(),
            Player::Human => {
                if let Some(solution) = hints {
                    printer.text(&hint_text(solution, (you, bot), remembered))?;
                }
                match ask_dice(input, echo, printer, moves)? {
                    Ok(dice) => game.human_turn(dice)?,
                    Err(why) => return Ok(Ending::Stopped(why)),
                }
            }
        };
        printer.text(&narrate(&turn, game.rules().components().dice))?;
        if let Some(student) = student.as_deref_mut() {
            student.after(turn, game, printer)?;
        }
    }
    Ok(Ending::Finished)
}

/// The person's own hog.py replaying the game beside the rules'.
struct Student {
    /// `None` once the file could not replay a game.
    referee: Option<Referee>,
    /// The file's name, for every line about it.
    name: String,
    first: Player,
    turns: Vec<Turn>,
    /// Whether the first difference was told.
    told: bool,
}

impl Student {
    /// Say what the student's file replays and whether it starts the game
    /// as the rules do.
    fn start(
        referee: Referee,
        first: Player,
        replay: &Replay,
        printer: &mut Printer,
    ) -> anyhow::Result<Student> {
        let mut student = Student {
            name: referee.name(),
            referee: Some(referee),
            first,
            turns: Vec::new(),
            told: false,
        };
        printer.text(&format!(
            "Your {} replays each turn with the same moves and dice (player 0 is {}).\n",
            student.name,
            if first == Player::Human {
                "you"
            } else {
                "the bot"
            }
        ))?;
        student.tell(replay, printer)?;
        Ok(student)
    }

    /// Replay the game after `turn` and say where the student's stands.
    fn after(&mut self, turn: Turn, game: &Game<'_>, printer: &mut Printer) -> anyhow::Result<()> {
        self.turns.push(turn);
        let Some(referee) = &self.referee else {
            return Ok(());
        };
        match referee.replay(&self.turns, self.first, game.to_move()) {
            Ok(replay) => {
                // Player 0 of their play is whoever moved first.
                let you = usize::from(self.first != Player::Human);
                let shown = match replay.scores.last().copied().flatten() {
                    Some(scores) => format!("you {}, bot {}", scores[you], scores[1 - you]),
                    None => "no scores (it stopped)".to_string(),
                };
                let verdict = if replay.differs.is_some() {
                    "differs"
                } else {
                    "agrees"
                };
                printer.text(&format!("Your {}: {shown} ({verdict}).\n", self.name))?;
                self.tell(&replay, printer)
            }
            Err(error) => {
                self.referee = None;
                printer.text(&format!(
                    "Your {} stops here ({}); the game goes on without it.\n",
                    self.name, error.reason
                ))?;
                Ok(())
            }
        }
    }

    /// The first difference, once.
    fn tell(&mut self, replay: &Replay, printer: &mut Printer) -> anyhow::Result<()> {
        if let (Some(differs), false) = (&replay.differs, self.told) {
            self.told = true;
            let when = match differs.turn {
                0 => "before the first turn".to_string(),
                n => format!("in turn {n}"),
            };
            printer.text(&format!(
                "Your {} first differs {when}: {}.\n",
                self.name, differs.message
            ))?;
        }
        Ok(())
    }
}

/// Ask until a valid dice count arrives; `Err` with the reason when the
/// input ends or the person quits.
fn ask_dice(
    input: &mut dyn BufRead,
    echo: bool,
    printer: &mut Printer,
    moves: &[Move],
) -> anyhow::Result<Result<u8, &'static str>> {
    // The rules' own moves: the dice counts, and -1 where they have it.
    let counts: Vec<i32> = moves.iter().map(|m| m.dice).filter(|&k| k >= 0).collect();
    let (low, high) = (
        counts.iter().min().copied().unwrap_or(0),
        counts.iter().max().copied().unwrap_or(0),
    );
    let minus_one = moves.iter().any(|m| m.dice < 0);
    let (range, words) = if minus_one {
        (
            format!("{low}-{high}, or -1"),
            format!("-1 or a whole number of dice from {low} to {high}"),
        )
    } else {
        (
            format!("{low}-{high}"),
            format!("a whole number of dice from {low} to {high}"),
        )
    };
    loop {
        printer.text(&format!("Dice ({range})? "))?;
        let mut raw = Vec::new();
        if input.read_until(b'\n', &mut raw)? == 0 {
            printer.text("\n")?;
            return Ok(Err("End of input"));
        }
        // Bytes that are not UTF-8 are just another wrong answer.
        let line = String::from_utf8_lossy(&raw);
        let line = line.trim();
        if echo {
            printer.text(&format!("{line}\n"))?;
        }
        if matches!(line, "q" | "quit" | "exit") {
            return Ok(Err("You quit"));
        }
        let typed = line.parse::<i32>().ok();
        match moves.iter().find(|m| Some(m.dice) == typed) {
            Some(m) => return Ok(Ok(m.kept)),
            None => printer.text(&format!(
                "Please type {words} (not \"{}\").\n",
                clip(line, 20)
            ))?,
        }
    }
}

/// At most `max` characters of what was typed, to quote it back.
fn clip(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).collect();
    if text.chars().count() > max {
        out.push_str("...");
    }
    out
}

/// The win probability of every dice count for the person at `(you, bot)`,
/// six to a line, and the best count.
fn hint_text(solution: &Solution<'_>, (you, bot): (u32, u32), x: Context) -> String {
    // Under rules with memory or a clock, at what both players remember.
    let at = State::new(you, bot, x);
    let (values, best) = (solution.choice_values(0, at), solution.choice(0, at));
    let best = best as usize;
    let mut text = String::from(
        "Your win probability for each dice count (best play against this bot afterwards):\n",
    );
    for row in values.chunks(6).enumerate() {
        let (r, chunk) = row;
        let cells: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let k = r * 6 + i;
                let mark = if k == best { '*' } else { ' ' };
                format!("{:>2}: {:>5.2}%{mark}", shown(k as u8), v * 100.0)
            })
            .collect();
        text += &format!("  {}\n", cells.join("  ").trim_end());
    }
    text += &format!(
        "  Best: {} {} ({:.2}%).\n",
        shown(best as u8),
        dice_word(best),
        values[best] * 100.0
    );
    text
}

fn dice_word(n: usize) -> &'static str {
    if n == 1 {
        "die"
    } else {
        "dice"
    }
}

/// What happened in a turn, in the order the rules apply.
fn narrate(turn: &Turn, dice_rule: DiceRule) -> String {
    let who = match turn.player {
        Player::Human => ("You", "you", "roll"),
        Player::Bot => ("The bot", "the bot", "rolls"),
    };
    let other = match turn.player {
        Player::Human => "the bot",
        Player::Bot => "you",
    };
    let mut text = String::new();
    for event in &turn.events {
        if let Event::HogWild { sum } = event {
            text += &format!(
                "Hog Wild: the scores sum to {sum}, a multiple of 7, so the dice are four-sided.\n"
            );
        }
    }
    let (mut k, sides) = (turn.dice, turn.sides);
    for event in &turn.events {
        if let Event::Capped {
            chosen,
            rolled,
            ref part,
        } = *event
        {
            text += &format!(
                "{}: at most {rolled} {} here, so {} {} {rolled} of the {chosen} chosen.\n",
                part.as_deref().unwrap_or("max_dice"),
                dice_word(rolled as usize),
                who.1,
                who.2,
            );
            k = rolled as u8;
        }
        if let Event::SpentMinusOne { ref name, dice } = *event {
            text += &format!(
                "{name}: {} {} already rolled -1 once, so -1 rolls {dice} {}.\n",
                who.1,
                spent_verb(who.1),
                dice_word(dice as usize),
            );
            k = dice as u8;
        }
    }
    let rerolls: Vec<String> = (turn.events.iter())
        .filter_map(|event| match *event {
            Event::Reroll { first, face } => Some(format!("{first} -> {face}")),
            _ => None,
        })
        .collect();
    if !rerolls.is_empty() {
        text += &format!(
            "rerolled dice: an odd face is rolled again, once ({}).\n",
            rerolls.join(", ")
        );
    }
    let roll = if k == MINUS_ONE {
        format!("{} {} -1 dice", who.0, who.2)
    } else if k == 0 {
        format!("{} {} 0 dice", who.0, who.2)
    } else {
        let faces: Vec<String> = turn.rolls.iter().map(u32::to_string).collect();
        let kind = if dice_rule == DiceRule::HogWild || sides != 6 {
            format!(" ({sides}-sided)")
        } else {
            String::new()
        };
        format!(
            "{} {} {k} {}{kind}: {}",
            who.0,
            who.2,
            dice_word(k as usize),
            faces.join(" ")
        )
    };
    text += &roll;
    // The points of the dice or the zero-dice rule, before turn_points.
    let raw = turn
        .events
        .iter()
        .find_map(|event| match event {
            Event::TurnPoints { from, .. } => Some(*from),
            _ => None,
        })
        .unwrap_or_else(|| turn.points - turn.bonus());
    let mut spoiled = false;
    for event in &turn.events {
        match event {
            Event::SowSad { name } => {
                spoiled = true;
                text += &format!(" - {name}: a die shows 1, so the turn scores 1 point.\n");
            }
            Event::PigOut { ones, points } => {
                spoiled = true;
                let shows = if *ones == 1 {
                    "a die shows 1".to_string()
                } else {
                    format!("{ones} dice show 1")
                };
                text += &format!(
                    " - Pig Out: {shows}, so the roll scores {points} {}.\n",
                    points_word(*points)
                );
            }
            Event::ZeroDice { name, points } => {
                spoiled = true;
                text += &format!(" - {name} gives {points} {}.\n", points_word(*points));
            }
            Event::MinusOne { name, points } => {
                spoiled = true;
                text += &format!(" - {name}: {points} {}.\n", points_word(*points));
            }
            Event::ScoreSwap { name } => {
                spoiled = true;
                text += &format!(
                    " - {name}: no points, and the scores swap: {} {}, {other} {}.\n",
                    becomes(who.1),
                    turn.before.1,
                    turn.before.0
                );
            }
            _ => {}
        }
    }
    if !spoiled {
        text += &format!(" = {raw} {}.\n", points_word(raw));
    }
    let (mover, other_name) = (who.1, other);
    for event in &turn.events {
        match event {
            Event::SusFuss { from, to } => {
                text += &format!("Sus Fuss: {from} is sus, so {} {to}.\n", becomes(who.1));
            }
            Event::SwineSwap { mover, other: o } => {
                text += &format!(
                    "Swine Swap: {} {mover} and {other} {o} change places.\n",
                    who.1
                );
            }
            Event::TurnPoints { from, to, part } => {
                text += &format!(
                    "{}: the turn's {from} {} become {to}.\n",
                    part.as_deref().unwrap_or("turn_points"),
                    points_word(*from)
                );
            }
            Event::AfterTurn {
                before,
                after,
                part,
                ..
            } => {
                text += &format!(
                    "{}: {mover} {} and {other_name} {} become {mover} {} and {other_name} {}.\n",
                    part.as_deref().unwrap_or("after_turn"),
                    before.0,
                    before.1,
                    after.0,
                    after.1
                );
            }
            Event::Bonus {
                name,
                remembered,
                unit,
                points,
            } => {
                text += &format!(
                    "{name}: {points} more {} ({k} {} against {} remembered).\n",
                    points_word(*points),
                    dice_word(k as usize),
                    counted(*remembered, unit)
                );
            }
            Event::ExtraTurn { part } => {
                text += &format!(
                    "{}: {} again.\n",
                    part.as_deref().unwrap_or("extra_turn"),
                    moves(mover)
                );
            }
            Event::ClockTurn { name, clock } => {
                text += &format!("{name}: {k} dice on {clock}; {} again.\n", moves(mover));
            }
            Event::ClockDice {
                name,
                points,
                sides,
            } => {
                // A -1 move swaps the dice by itself, whatever it scores.
                let lead = match (k == MINUS_ONE, sides) {
                    (true, Some(_)) => "the dice are swapped:".to_string(),
                    (true, None) => "the dice are swapped back:".to_string(),
                    (false, _) => format!("after a turn of {points} {},", points_word(*points)),
                };
                let rolls = match sides {
                    Some(sides) => format!("{sides}-sided dice from now on"),
                    None => "the rules' own dice again".to_string(),
                };
                text += &format!("{name}: {lead} every turn rolls {rolls}.\n");
            }
            Event::Tie => {
                text += "Both scores are at the goal.\n";
            }
            Event::TooLong { turns } => {
                text += &format!("The game has gone on for {turns} turns and stops here.\n");
            }
            _ => {}
        }
    }
    text
}

fn spent_verb(who: &str) -> &'static str {
    match who {
        "you" => "have",
        _ => "has",
    }
}

fn moves(who: &str) -> String {
    match who {
        "you" => "you move".into(),
        _ => format!("{who} moves"),
    }
}

fn becomes(who: &str) -> String {
    match who {
        "you" => "you now have".into(),
        _ => format!("{who} now has"),
    }
}

fn points_word(n: u32) -> &'static str {
    if n == 1 {
        "point"
    } else {
        "points"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_read_as_sentences() {
        let turn = Turn {
            player: Player::Human,
            before: (14, 0),
            dice: 2,
            sides: 6,
            rolls: vec![3, 4],
            points: 7,
            after: (23, 0),
            events: vec![Event::SusFuss { from: 21, to: 23 }],
        };
        assert_eq!(
            narrate(&turn, DiceRule::SixSided),
            "You roll 2 dice: 3 4 = 7 points.\nSus Fuss: 21 is sus, so you now have 23.\n"
        );
        let turn = Turn {
            player: Player::Bot,
            before: (0, 0),
            dice: 0,
            sides: 4,
            rolls: vec![],
            points: 1,
            after: (1, 0),
            events: vec![Event::ZeroDice {
                name: "Free Bacon",
                points: 1,
            }],
        };
        assert_eq!(
            narrate(&turn, DiceRule::HogWild),
            "The bot rolls 0 dice - Free Bacon gives 1 point.\n"
        );
    }

    #[test]
    fn rules_as_functions_read_as_sentences() {
        let turn = Turn {
            player: Player::Bot,
            before: (5, 9),
            dice: 3,
            sides: 8,
            rolls: vec![1, 4, 1],
            points: 4,
            after: (18, 9),
            events: vec![
                Event::PigOut { ones: 2, points: 2 },
                Event::TurnPoints {
                    from: 2,
                    to: 4,
                    part: None,
                },
                Event::AfterTurn {
                    before: (9, 9),
                    after: (18, 9),
                    part: None,
                    definition: None,
                },
                Event::ExtraTurn { part: None },
            ],
        };
        assert_eq!(
            narrate(&turn, DiceRule::SixSided),
            "The bot rolls 3 dice (8-sided): 1 4 1 - Pig Out: 2 dice show 1, so the roll scores 2 points.\n\
             turn_points: the turn's 2 points become 4.\n\
             after_turn: the bot 9 and you 9 become the bot 18 and you 9.\n\
             extra_turn: the bot moves again.\n"
        );
    }

    #[test]
    fn a_memory_bonus_reads_as_a_sentence_after_the_dice() {
        let turn = Turn {
            player: Player::Human,
            before: (10, 71),
            dice: 2,
            sides: 6,
            rolls: vec![2, 2],
            points: 7,
            after: (71, 17),
            events: vec![
                Event::Bonus {
                    name: "feral-hogs",
                    remembered: 4,
                    unit: "dice",
                    points: 3,
                },
                Event::AfterTurn {
                    before: (17, 71),
                    after: (71, 17),
                    part: Some("swap-first-times-last".into()),
                    definition: Some("swap when ..."),
                },
            ],
        };
        assert_eq!(
            narrate(&turn, DiceRule::SixSided),
            "You roll 2 dice: 2 2 = 4 points.\n\
             feral-hogs: 3 more points (2 dice against 4 dice remembered).\n\
             swap-first-times-last: you 17 and the bot 71 become you 71 and the bot 17.\n"
        );
    }

    #[test]
    fn long_junk_is_clipped() {
        assert_eq!(clip("abc", 20), "abc");
        assert_eq!(clip(&"x".repeat(30), 20), "x".repeat(20) + "...");
    }
}
