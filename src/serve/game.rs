//! A game replayed from its seed and the moves made so far, as the
//! course's GUI server does: the server keeps no game, every request says
//! the whole game, and the same seed and moves give the same dice.

use serde::Serialize;

use std::sync::Arc;

use crate::check::Referee;
use crate::engine::{self, State, SweepOptions};
use crate::play::{Bot, Event, Game, Player, Turn};
use crate::report::RulesHeader;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::table::StrategyTable;

use super::error::ApiError;

/// Who is at the other side of the board.
pub enum Opponent<'a> {
    /// A strategy, moving by its table.
    Bot(&'a StrategyTable),
    /// The optimal player, moving by the optimum itself (which remembers,
    /// under rules with memory or a clock).
    Optimal,
    /// A second person at the same screen.
    Person,
}

/// One turn as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct TurnReport {
    /// `you` or `opponent`.
    pub player: &'static str,
    /// The mover's and the other's scores before the turn.
    pub before: (u32, u32),
    /// The dice count chosen (-1 for the move of rolling -1 dice).
    pub dice: i32,
    /// Faces per die.
    pub sides: u32,
    /// The faces shown.
    pub rolls: Vec<u32>,
    /// Points the dice or the zero-dice rule gave.
    pub points: u32,
    /// The mover's and the other's scores after the after-turn rule.
    pub after: (u32, u32),
    /// The rules that fired, in order, each with its sentence.
    pub events: Vec<ToldEvent>,
}

/// A rule that fired, and what it did in one sentence the rules write.
#[derive(Debug, Clone, Serialize)]
pub struct ToldEvent {
    /// The event: `rule` names its kind, the rest are its numbers.
    #[serde(flatten)]
    pub event: Event,
    /// What it did, in words.
    pub text: String,
}

impl From<Event> for ToldEvent {
    fn from(event: Event) -> ToldEvent {
        ToldEvent {
            text: event.sentence(),
            event,
        }
    }
}

/// Both players' numbers.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Pair<T> {
    /// The person (player one).
    pub you: T,
    /// The bot or the second person.
    pub opponent: T,
}

/// The game so far and what the exact engine says of it.
#[derive(Debug, Clone, Serialize)]
pub struct GameReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// The seed of the dice.
    pub seed: u64,
    /// The opponent's spec, or `person`.
    pub opponent: String,
    /// Who moved first: `you` or `opponent`.
    pub first: &'static str,
    /// Every turn so far.
    pub turns: Vec<TurnReport>,
    /// The scores now.
    pub scores: Pair<u32>,
    /// The score each player plays to: the rules' goal for both, or each
    /// player's own (Fall 2021's contest), by who moved first.
    pub goals: Pair<u32>,
    /// Whose move it is, `null` once the game is over.
    pub to_move: Option<&'static str>,
    /// The winner, once there is one: `you`, `opponent`, or `tie` when a
    /// turn put both scores at the goal (rules given as functions only).
    pub winner: Option<&'static str>,
    /// Each player's exact chance of winning from here: against a bot,
    /// yours when you play the best response to it from now on; between
    /// two people, with optimal play by both.
    pub win_probability: Pair<f64>,
    /// For the player to move (a person), the win probability of each dice
    /// count 0..=10 with that play afterwards, then of rolling -1 dice where
    /// the rules have that move.
    pub choices: Option<Vec<f64>>,
    /// What the bot or the optimal player would roll here (-1 for -1 dice).
    pub advice: Option<i32>,
    /// Under rules with memory or a clock, what both remember and the
    /// clock now; the game's values are at this context.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<GameContext>,
    /// Under `hog serve --student FILE`: the same game through the
    /// student's own `play`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub student: Option<StudentReport>,
    /// The game as the student's file replays it, when asked for (see
    /// `super::student`).
    #[serde(skip)]
    pub student_game: Option<StudentGame>,
}

/// The game so far as a student's hog.py plays it.
#[derive(Debug, Clone, Serialize)]
pub struct StudentReport {
    /// The file's name.
    pub file: String,
    /// Both scores after each turn as their `play` has them (`null` where
    /// it never got there).
    pub scores: Vec<Option<Pair<u32>>>,
    /// The first turn where their game differs from the rules' (1 for the
    /// first turn, 0 for who moves first), and how.
    pub differs: Option<crate::check::Difference>,
    /// The first line their code printed, if any.
    pub printed: Option<String>,
    /// Why their file could not replay the game (it hung, say): the game
    /// goes on without it.
    pub error: Option<String>,
}

/// The game so far, for a replay through the student's file.
#[derive(Debug, Clone)]
pub struct StudentGame {
    turns: Vec<Turn>,
    first: Player,
    next: Option<Player>,
}

impl StudentReport {
    /// A report of a replay that could not be made, and why.
    pub fn failed(file: String, error: String) -> StudentReport {
        StudentReport {
            file,
            scores: Vec::new(),
            differs: None,
            printed: None,
            error: Some(error),
        }
    }
}

/// What a game under rules with memory or a clock holds beyond the scores.
#[derive(Debug, Clone, Serialize)]
pub struct GameContext {
    /// What each player remembers of their previous turn.
    pub remembered: Pair<u32>,
    /// The clock both share.
    pub clock: u32,
    /// The same in words ("feral-hogs: you remember 4 dice, the opponent
    /// 6 dice.").
    pub text: String,
}

fn name(player: Player) -> &'static str {
    match player {
        Player::Human => "you",
        Player::Bot => "opponent",
    }
}

/// Replay the game from `seed` with `first` moving first, the people's
/// `moves` in order (both people's, against a person), bots moving by their
/// tables; stop where a person must move next or the game is over.
pub fn replay(
    rules: &Rules,
    opponent: Opponent<'_>,
    opponent_name: &str,
    seed: u64,
    first: Player,
    moves: &[u8],
    student: bool,
) -> Result<GameReport, ApiError> {
    let goal = rules.goal();
    let options = SweepOptions::default();
    // The numbers the page shows: against a bot, the best response to it
    // (against the optimal bot that is the optimum itself, the bits of
    // `hog explain`); between two people, optimal play by both.
    let (bot, solution) = match opponent {
        Opponent::Bot(table) => (
            Some(Bot::Table(table.clone())),
            Arc::new(engine::best_response(rules, table, &options)),
        ),
        Opponent::Optimal => {
            let optimum = Arc::new(engine::solve(rules, &options));
            (Some(Bot::Solved(Arc::clone(&optimum))), optimum)
        }
        Opponent::Person => (None, Arc::new(engine::solve(rules, &options))),
    };
    let has_bot = bot.is_some();
    // Against a person the "bot" seat is played from the moves too.
    let seat = bot.unwrap_or_else(|| Bot::Table(StrategyTable::constant(goal, 0)));
    let mut game = Game::with_bot(rules, seat, first, Rng::seed_from_u64(seed));
    let mut turns: Vec<Turn> = Vec::new();
    let mut next = moves.iter();
    while let Some(player) = game.to_move() {
        let turn = if player == Player::Bot && has_bot {
            game.bot_turn()
        } else {
            let Some(&dice) = next.next() else { break };
            game.move_with(dice)?
        };
        turns.push(turn);
    }
    let left = next.count();
    if left > 0 {
        return Err(ApiError::bad(format!(
            "the game is over after {} turns, but {left} more move{} came",
            turns.len(),
            if left == 1 { "" } else { "s" }
        )));
    }
    let scores = Pair {
        you: game.score(Player::Human),
        opponent: game.score(Player::Bot),
    };
    let student_game = student.then(|| StudentGame {
        turns: turns.clone(),
        first,
        next: game.to_move(),
    });
    let (win_probability, choices, advice) = match game.to_move() {
        None => {
            let you = match game.winner() {
                Some(Player::Human) => 1.0,
                Some(Player::Bot) => 0.0,
                None => 0.5,
            };
            (
                Pair {
                    you,
                    opponent: 1.0 - you,
                },
                None,
                None,
            )
        }
        Some(mover) => {
            let at = State::new(
                game.score(mover),
                game.score(mover.other()),
                game.context(mover),
            );
            let person_moves = mover == Player::Human || !has_bot;
            let mover_value = if person_moves {
                solution.value(0, at)
            } else {
                solution.value(solution.opponent_seat(), at)
            };
            let you = if mover == Player::Human {
                mover_value
            } else {
                1.0 - mover_value
            };
            let choices = person_moves.then(|| solution.choice_values(0, at));
            let advice = person_moves.then(|| crate::table::shown(solution.choice(0, at)));
            (
                Pair {
                    you,
                    opponent: 1.0 - you,
                },
                choices,
                advice,
            )
        }
    };
    Ok(GameReport {
        rules: RulesHeader::of(rules),
        seed,
        opponent: opponent_name.to_string(),
        first: name(first),
        turns: turns
            .into_iter()
            .map(|t| TurnReport {
                player: name(t.player),
                before: t.before,
                dice: crate::table::shown(t.dice),
                sides: t.sides,
                rolls: t.rolls,
                points: t.points,
                after: t.after,
                events: t.events.into_iter().map(ToldEvent::from).collect(),
            })
            .collect(),
        scores,
        goals: {
            // The first mover plays to the first goal.
            let (first_goal, second_goal) = rules.goals_at(0);
            match first {
                Player::Human => Pair {
                    you: first_goal,
                    opponent: second_goal,
                },
                Player::Bot => Pair {
                    you: second_goal,
                    opponent: first_goal,
                },
            }
        },
        to_move: game.to_move().map(name),
        winner: match game.winner() {
            None if game.tied() => Some("tie"),
            winner => winner.map(name),
        },
        win_probability,
        choices,
        advice,
        context: rules.memory().map(|_| {
            let you = game.context(Player::Human);
            GameContext {
                remembered: Pair {
                    you: you.mine,
                    opponent: you.theirs,
                },
                clock: game.clock(),
                text: game.context_note("the opponent"),
            }
        }),
        student: None,
        student_game,
    })
}

/// The game so far through the student's `play`; player 0 there is
/// whoever moved first here.
pub fn student_report(referee: &Referee, game: &StudentGame) -> StudentReport {
    let StudentGame { turns, first, next } = game;
    let (first, next) = (*first, *next);
    let file = referee.name();
    let seats = |scores: [u32; 2]| {
        let you = usize::from(first != Player::Human);
        Pair {
            you: scores[you],
            opponent: scores[1 - you],
        }
    };
    match referee.replay(turns, first, next) {
        Ok(replay) => StudentReport {
            file,
            scores: replay.scores.into_iter().map(|s| s.map(seats)).collect(),
            differs: replay.differs,
            printed: replay.printed,
            error: None,
        },
        // The page says whose file it is: the reason alone ("its play did
        // not finish within 5 s").
        Err(error) => StudentReport::failed(file, error.reason),
    }
}
