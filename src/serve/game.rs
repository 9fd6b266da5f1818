//! A game replayed from its seed and the moves made so far, as the
//! course's GUI server does: the server keeps no game, every request says
//! the whole game, and the same seed and moves give the same dice.

use serde::Serialize;

use crate::dice::MAX_DICE;
use crate::engine::SweepOptions;
use crate::engine::{self, Solution};
use crate::play::{Event, Game, Player, Turn};
use crate::report::RulesHeader;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::table::StrategyTable;

use super::error::ApiError;

/// Who is at the other side of the board.
pub enum Opponent<'a> {
    /// A strategy, moving by its table.
    Bot(&'a StrategyTable),
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
    /// The dice count chosen.
    pub dice: u8,
    /// Faces per die.
    pub sides: u32,
    /// The faces shown.
    pub rolls: Vec<u32>,
    /// Points the dice or the zero-dice rule gave.
    pub points: u32,
    /// The mover's and the other's scores after the after-turn rule.
    pub after: (u32, u32),
    /// The rules that fired, in order.
    pub events: Vec<Event>,
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
    /// count 0..=10 with that play afterwards.
    pub choices: Option<Vec<f64>>,
    /// What the bot or the optimal player would roll here.
    pub advice: Option<u8>,
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
) -> Result<GameReport, ApiError> {
    let goal = rules.goal();
    let bot = match opponent {
        Opponent::Bot(table) => Some(table),
        Opponent::Person => None,
    };
    // Against a person the "bot" seat is played from the moves too.
    let table = bot
        .cloned()
        .unwrap_or_else(|| StrategyTable::constant(goal, 0));
    let mut game = Game::new(rules, table, first, Rng::seed_from_u64(seed));
    let mut turns: Vec<Turn> = Vec::new();
    let mut next = moves.iter();
    while let Some(player) = game.to_move() {
        let turn = if player == Player::Bot && bot.is_some() {
            game.bot_turn()
        } else {
            let Some(&dice) = next.next() else { break };
            if dice as usize > MAX_DICE {
                return Err(ApiError::bad(format!(
                    "move {dice}: choose 0 to {MAX_DICE} dice"
                )));
            }
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
    let options = SweepOptions::default();
    let solution: Solution<'_> = match bot {
        Some(table) => engine::best_response(rules, table, &options),
        None => engine::solve(rules, &options),
    };
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
            let (own, other) = (game.score(mover), game.score(mover.other()));
            let person_moves = mover == Player::Human || bot.is_none();
            let mover_value = if person_moves {
                solution.value(0, (own, other))
            } else {
                solution.value(solution.opponent_seat(), (own, other))
            };
            let you = if mover == Player::Human {
                mover_value
            } else {
                1.0 - mover_value
            };
            let choices = person_moves.then(|| solution.choice_values(0, (own, other)));
            let advice = person_moves.then(|| solution.choice(0, (own, other)));
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
                dice: t.dice,
                sides: t.sides,
                rolls: t.rolls,
                points: t.points,
                after: t.after,
                events: t.events,
            })
            .collect(),
        scores,
        to_move: game.to_move().map(name),
        winner: match game.winner() {
            None if game.tied() => Some("tie"),
            winner => winner.map(name),
        },
        win_probability,
        choices,
        advice,
    })
}
