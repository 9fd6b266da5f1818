//! A game of Hog between a person and a bot, as a state machine with no
//! terminal in it: the caller asks whose move it is, passes the person's
//! dice count or lets the bot move, and gets back a [`Turn`] that says what
//! the dice showed and which rules fired.
//!
//! ```
//! use hog::play::{Game, Player};
//! use hog::rules::{Preset, Rules};
//! use hog::rng::Rng;
//! use hog::strategy::StrategyTable;
//!
//! let rules = Rules::preset(Preset::Fa24, 100).unwrap();
//! let bot = StrategyTable::constant(100, 6);
//! let mut game = Game::new(&rules, bot, Player::Human, Rng::seed_from_u64(1));
//! while let Some(player) = game.to_move() {
//!     let turn = match player {
//!         Player::Human => game.human_turn(5).unwrap(),
//!         Player::Bot => game.bot_turn(),
//!     };
//!     assert!(turn.points >= 1);
//! }
//! assert!(game.winner().is_some());
//! ```

use crate::dice::MAX_DICE;
use crate::error::HogError;
use std::sync::Arc;

use crate::engine::{Solution, State};
use crate::general::{Part, SIDES};
use crate::recall::{Clock, Context, Forgetful, MinusOne, PlayerMemory, Still};
use crate::rng::Rng;
use crate::rules::{AfterTurn, DiceRule, Preset, Rules};
use crate::table::{StrategyTable, MINUS_ONE};
use crate::turn::{take_turn, Board, Watch};

pub use crate::turn::Dice;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The person at the terminal.
    Human,
    /// The strategy table.
    Bot,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Human => Player::Bot,
            Player::Bot => Player::Human,
        }
    }

    fn index(self) -> usize {
        match self {
            Player::Human => 0,
            Player::Bot => 1,
        }
    }
}

/// A rule that fired during a turn, in the order it did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Event {
    /// Hog Wild: the score sum was a multiple of 7, so the dice were four-sided.
    HogWild {
        /// The sum of both scores before the turn.
        sum: u32,
    },
    /// A die showed 1, so the turn scored 1 (Sow Sad in fa24, Pig Out before).
    SowSad {
        /// "Sow Sad" or "Pig Out".
        name: &'static str,
    },
    /// Zero dice scored by the zero-dice rule.
    ZeroDice {
        /// "Boar Brawl" or "Free Bacon".
        name: &'static str,
        /// The points it gave.
        points: u32,
    },
    /// Sus Fuss raised the mover's score to the next prime.
    SusFuss {
        /// The score before the rule.
        from: u32,
        /// The score after it.
        to: u32,
    },
    /// Swine Swap exchanged the scores.
    SwineSwap {
        /// The mover's score before the swap.
        mover: u32,
        /// The other player's score before the swap.
        other: u32,
    },
    /// Rules given as functions: a die showed 1, so the roll scored what
    /// their Pig Out rule says (1, another number, or the number of 1s).
    PigOut {
        /// How many dice showed 1.
        ones: u32,
        /// The points the roll scored.
        points: u32,
    },
    /// Rules given as functions: a rerolled die showed the odd face
    /// `first`, so it was rolled again and showed `face`.
    Reroll {
        /// The face it showed first.
        first: u32,
        /// The face it showed in the end.
        face: u32,
    },
    /// Rules given as functions: `max_dice` let the mover roll only
    /// `rolled` of the `chosen` dice (Hog Tied).
    Capped {
        /// The dice the strategy chose.
        chosen: u32,
        /// The dice rolled.
        rolled: u32,
        /// The part that capped them (`hog-tied`), where the rules name it.
        #[serde(skip_serializing_if = "Option::is_none")]
        part: Option<String>,
    },
    /// Rules given as functions: `turn_points` changed the turn's points.
    TurnPoints {
        /// The points of the dice or the zero-dice rule.
        from: u32,
        /// The points the turn scores.
        to: u32,
        /// The parts that changed them (`hogtimus-prime`), where the rules
        /// name them.
        #[serde(skip_serializing_if = "Option::is_none")]
        part: Option<String>,
    },
    /// Rules given as functions: `after_turn` changed the scores.
    AfterTurn {
        /// The mover's and the other player's scores before the rule.
        before: (u32, u32),
        /// And after it.
        after: (u32, u32),
        /// The part that changed them (`swap-reverse`), where the rules
        /// name it, and what it does.
        #[serde(skip_serializing_if = "Option::is_none")]
        part: Option<String>,
        /// What the part does, in words.
        #[serde(skip_serializing_if = "Option::is_none")]
        definition: Option<&'static str>,
    },
    /// Rules with memory: what the mover remembered of their previous turn
    /// earned a bonus (Feral Hogs), added before the after-turn rule.
    Bonus {
        /// The memory's name (`feral-hogs`).
        name: &'static str,
        /// What the mover remembered.
        remembered: u32,
        /// What it counts (`dice`, `points`, or nothing).
        unit: &'static str,
        /// The points it added.
        points: u32,
    },
    /// Rules given as functions: `extra_turn` gave the mover another turn.
    ExtraTurn {
        /// The parts that may give it (`pig-pass`), where the rules name
        /// them.
        #[serde(skip_serializing_if = "Option::is_none")]
        part: Option<String>,
    },
    /// Rules with a clock: the clock gave the mover another turn (Time
    /// Trot: as many dice as the turn number).
    ClockTurn {
        /// The clock's name (`time-trot 8`).
        name: String,
        /// Where the clock was before the turn, in a few words.
        clock: String,
    },
    /// Rules with a clock that chooses the dice (Perfect Piggy): the turn
    /// changed the dice of the turns to come.
    ClockDice {
        /// The clock's name (`perfect-piggy`).
        name: String,
        /// The points the turn added, which the clock read.
        points: u32,
        /// The sides of every die from now on, `None` for the rules' own.
        sides: Option<u32>,
    },
    /// Rules with a -1 move (Pork Chop): the mover rolled -1 dice.
    MinusOne {
        /// The clock's name (`pork-chop`).
        name: String,
        /// The points it scored.
        points: u32,
    },
    /// Rules with a -1 move that swaps the scores (the Fall 2015 contest's
    /// Pork Chop): the mover rolled -1 dice and the scores swapped.
    ScoreSwap {
        /// The clock's name (`pork-chop-swap`).
        name: String,
    },
    /// Rules where a -1 can be spent (the Fall 2015 contest's Pork Chop,
    /// once a player): the mover rolled -1 again, so it rolls `dice` dice.
    SpentMinusOne {
        /// The clock's name (`pork-chop-swap`).
        name: String,
        /// The dice it rolls instead.
        dice: u32,
    },
    /// Both scores reached the goal on one turn: half a win each.
    Tie,
    /// The game reached [`MAX_GAME_TURNS`] turns (rules given as functions
    /// can let it go on forever) and stops as a tie, as the exact engine
    /// counts a game that never ends.
    TooLong {
        /// The number of turns played.
        turns: u32,
    },
}

impl Event {
    /// What the event did, in one sentence that names the rule: the same
    /// words on the page, in the JSON API and for any face that shows a
    /// turn without saying who "you" are.
    pub fn sentence(&self) -> String {
        let points = |n: u32| format!("{n} {}", if n == 1 { "point" } else { "points" });
        let dice = |n: u32| format!("{n} {}", if n == 1 { "die" } else { "dice" });
        match self {
            Event::HogWild { sum } => format!(
                "Hog Wild: the scores sum to {sum}, a multiple of 7, so the dice are four-sided."
            ),
            Event::SowSad { name } => format!("{name}: a 1 came up, so the turn scores 1."),
            Event::ZeroDice { name, points: p } => {
                format!("{name}: rolling no dice scores {}.", points(*p))
            }
            Event::SusFuss { from, to } => format!(
                "Sus Fuss: {from} has 3 or 4 factors, so the score rises to the next prime, {to}."
            ),
            Event::SwineSwap { mover, other } => {
                format!("Swine Swap: the scores trade places ({mover} and {other}).")
            }
            Event::PigOut { ones, points: p } => {
                let shown = match ones {
                    1 => "a 1 came up".to_string(),
                    n => format!("{n} dice showed 1"),
                };
                format!("Pig Out: {shown}, so the roll scores {}.", points(*p))
            }
            Event::Reroll { first, face } => {
                format!("Rerolled die: an odd {first} is rolled again, once, and shows {face}.")
            }
            Event::Capped {
                chosen,
                rolled,
                part,
            } => format!(
                "{}: at most {} here, so the turn rolls {rolled} of the {chosen} chosen.",
                part.as_deref().unwrap_or("max_dice"),
                dice(*rolled)
            ),
            Event::TurnPoints { from, to, part } => format!(
                "{}: {} become {to}.",
                part.as_deref().unwrap_or("turn_points"),
                points(*from)
            ),
            Event::AfterTurn {
                before,
                after,
                part,
                definition,
            } => {
                let rule = match (part, definition) {
                    (Some(part), Some(definition)) => format!("{part} ({definition})"),
                    (Some(part), None) => part.clone(),
                    _ => "after_turn".to_string(),
                };
                format!(
                    "{rule}: {} and {} become {} and {}.",
                    before.0, before.1, after.0, after.1
                )
            }
            Event::Bonus {
                name,
                remembered,
                unit,
                points: p,
            } => format!(
                "{name}: {} more ({} remembered).",
                points(*p),
                counted(*remembered, unit)
            ),
            Event::ExtraTurn { part } => format!(
                "{}: the same player moves again.",
                part.as_deref().unwrap_or("extra_turn")
            ),
            Event::ClockTurn { name, clock } => {
                format!("{name}: {clock}; the same player moves again.")
            }
            Event::ClockDice { name, sides, .. } => match sides {
                Some(sides) => format!("{name}: every turn rolls {sides}-sided dice from now on."),
                None => format!("{name}: every turn rolls the rules' own dice again."),
            },
            Event::MinusOne { name, points: p } => {
                format!("{name}: rolling -1 dice scores {}.", points(*p))
            }
            Event::ScoreSwap { name } => format!(
                "{name}: rolling -1 dice scores nothing and swaps the two scores; no other rule \
                 applies this turn."
            ),
            Event::SpentMinusOne { name, dice: d } => format!(
                "{name}: this player has rolled -1 once already, so -1 rolls {}.",
                dice(*d)
            ),
            Event::Tie => "Both players reached their goals at once: half a win each.".into(),
            Event::TooLong { turns } => {
                format!("The game has gone on for {turns} turns and stops: half a win each.")
            }
        }
    }
}

/// A game under rules given as functions stops as a tie after this many
/// turns: a game that cannot end (turns that score nothing, moved by a
/// bot) must not run forever. (Their goal is at most 2000; the presets'
/// turns always score, so their games end by themselves.)
pub const MAX_GAME_TURNS: u32 = 10_000;

/// What happened in one turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub player: Player,
    /// The mover's and the other player's scores before the turn.
    pub before: (u32, u32),
    /// The dice count chosen ([`MINUS_ONE`] for the move of rolling -1
    /// dice, where the rules have it).
    pub dice: u8,
    /// Faces per die this turn (4 under Hog Wild, else 6; rules given as
    /// functions may say any count from 2 to 20).
    pub sides: u32,
    /// Each die's face, in the order rolled (empty for zero dice).
    pub rolls: Vec<u32>,
    /// The points the turn scored before the after-turn rule: what the roll
    /// or the zero-dice rule gave, after `turn_points` for rules given as
    /// functions, with a memory's bonus.
    pub points: u32,
    /// The mover's and the other player's scores after the after-turn rule.
    pub after: (u32, u32),
    /// The rules that fired.
    pub events: Vec<Event>,
}

impl Turn {
    /// The points a memory's bonus added to the turn (0 without one).
    pub fn bonus(&self) -> u32 {
        self.events
            .iter()
            .map(|event| match event {
                Event::Bonus { points, .. } => *points,
                _ => 0,
            })
            .sum()
    }
}

pub use crate::recall::counted;

/// How the bot chooses its dice.
#[derive(Debug, Clone)]
pub enum Bot<'r> {
    /// By a table of the two scores.
    Table(StrategyTable),
    /// By seat 0 of a solution, at the whole state: under rules with memory
    /// or a clock, the optimum reads what both players remember.
    Solved(Arc<Solution<'r>>),
}

/// A game between a person and a bot that follows a strategy table.
#[derive(Debug, Clone)]
pub struct Game<'r, D: Dice = Rng> {
    rules: &'r Rules,
    bot: Bot<'r>,
    /// What each player remembers of their previous turn, under rules with
    /// memory (0 before their first; always 0 without memory).
    remembered: [u32; 2],
    /// The clock both share, under rules with one (Time Trot; else 0).
    clock: u32,
    scores: [u32; 2],
    to_move: Player,
    winner: Option<Player>,
    /// Both scores reached the goal at once, or the game went on too long
    /// (rules given as functions).
    tied: bool,
    /// Turns played so far.
    turns: u32,
    dice: D,
}

impl<'r, D: Dice> Game<'r, D> {
    /// A new game at 0 to 0; `first` moves first.
    pub fn new(rules: &'r Rules, bot: StrategyTable, first: Player, dice: D) -> Game<'r, D> {
        Game::with_bot(rules, Bot::Table(bot), first, dice)
    }

    /// A new game at 0 to 0 against `bot`; `first` moves first.
    pub fn with_bot(rules: &'r Rules, bot: Bot<'r>, first: Player, dice: D) -> Game<'r, D> {
        let goal = match &bot {
            Bot::Table(table) => table.goal(),
            Bot::Solved(solution) => solution.rules().goal(),
        };
        assert_eq!(goal, rules.goal(), "the bot's table is for another goal");
        Game {
            rules,
            bot,
            remembered: [0, 0],
            clock: 0,
            scores: [0, 0],
            to_move: first,
            winner: None,
            tied: false,
            turns: 0,
            dice,
        }
    }

    /// The rules in play.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The player to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        (self.winner.is_none() && !self.tied).then_some(self.to_move)
    }

    /// The winner, once there is one (none after a tie).
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether the game ended in a tie (half a win each): both scores at
    /// the goal, or [`MAX_GAME_TURNS`] turns played; only rules given as
    /// functions allow either.
    pub fn tied(&self) -> bool {
        self.tied
    }

    /// A player's score.
    pub fn score(&self, player: Player) -> u32 {
        self.scores[player.index()]
    }

    /// What a player remembers of their previous turn under rules with
    /// memory (0 before their first, and always without memory).
    pub fn remembered(&self, player: Player) -> u32 {
        self.remembered[player.index()]
    }

    /// The clock both players share under rules with one (0 otherwise).
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// What the engine tracks beyond the scores, seen by `player` as the
    /// mover.
    pub fn context(&self, player: Player) -> Context {
        Context {
            mine: self.remembered(player),
            theirs: self.remembered(player.other()),
            clock: self.clock,
        }
    }

    /// What both players remember and the clock, in words, seen by the
    /// person (`you`) against `other` ("the bot", "the opponent"): empty
    /// under rules that track neither.
    pub fn context_note(&self, other: &str) -> String {
        let Some(memory) = self.rules.memory() else {
            return String::new();
        };
        let remembered = self.context(Player::Human);
        let mut notes = Vec::new();
        if memory.size() > 1 {
            let unit = memory.memory().unit();
            notes.push(format!(
                "{}: you remember {}, {other} {}.",
                memory.memory().name(),
                counted(remembered.mine, unit),
                counted(remembered.theirs, unit)
            ));
        }
        let clock = memory.clock().describe(self.clock());
        if !clock.is_empty() {
            notes.push(format!("{}: {clock}.", memory.clock().name()));
        }
        notes.join(" ")
    }

    /// The dice the bot would roll at the current scores (and memories).
    pub fn bot_choice(&self) -> u8 {
        let (s, o) = (self.score(Player::Bot), self.score(Player::Human));
        match &self.bot {
            Bot::Table(table) => table.choice(s, o, self.context(Player::Bot)),
            Bot::Solved(solution) => {
                solution.choice(0, State::new(s, o, self.context(Player::Bot)))
            }
        }
    }

    /// The person rolls `dice` dice (0..=10, or [`MINUS_ONE`] where the
    /// rules have that move); refused when it is not their move or the
    /// count is out of range.
    pub fn human_turn(&mut self, dice: u8) -> Result<Turn, HogError> {
        if self.to_move() != Some(Player::Human) {
            return Err(HogError::BadArgument("it is not the person's move".into()));
        }
        self.check_dice(dice)?;
        Ok(self.turn(dice))
    }

    /// Whether the rules let a player roll -1 dice (Pork Chop).
    pub fn has_minus_one(&self) -> bool {
        self.rules.has_minus_one()
    }

    /// Refuse a count out of range: 0 to 10, and -1 where the rules have it.
    fn check_dice(&self, dice: u8) -> Result<(), HogError> {
        if dice == MINUS_ONE && !self.has_minus_one() {
            return Err(HogError::BadArgument(
                "-1 dice: these rules have no -1 move; choose 0 to 10".into(),
            ));
        }
        if dice as usize > MAX_DICE && dice != MINUS_ONE {
            return Err(HogError::BadArgument(format!(
                "{dice} dice: choose 0 to {MAX_DICE}"
            )));
        }
        Ok(())
    }

    /// Whoever is to move rolls `dice` dice (a second person in the bot's
    /// seat, say); refused when the game is over or the count is out of range.
    pub fn move_with(&mut self, dice: u8) -> Result<Turn, HogError> {
        if self.to_move().is_none() {
            return Err(HogError::BadArgument("the game is over".into()));
        }
        self.check_dice(dice)?;
        Ok(self.turn(dice))
    }

    /// The bot moves by its table. Panics if it is not the bot's move.
    pub fn bot_turn(&mut self) -> Turn {
        assert_eq!(self.to_move(), Some(Player::Bot), "not the bot's move");
        let dice = self.bot_choice();
        self.turn(dice)
    }

    /// Play one turn of the game loop (the book's rules, `docs/src/rules/index.md`) for the player to move.
    fn turn(&mut self, dice: u8) -> Turn {
        let player = self.to_move;
        let before = (self.score(player), self.score(player.other()));
        let goals = self.rules.goals_at(self.clock);
        let mut played = self.play(before, dice);
        self.finish_turn(played.after, goals, played.again, &mut played.events);
        Turn {
            player,
            before,
            dice,
            sides: played.sides,
            rolls: played.rolls,
            points: played.points,
            after: played.after,
            events: played.events,
        }
    }

    /// A turn of the game loop (`crate::turn`) from `before` (the mover's
    /// score first), what fired told as it happened: by the components'
    /// names (Boar Brawl, Sus Fuss, ...) for a preset's rules, by the
    /// functions' for rules given as functions.
    fn play(&mut self, before: (u32, u32), dice: u8) -> Played {
        let rules = self.rules;
        let named = rules.origin().is_none();
        let mut narrator = Narrator {
            rules,
            named,
            // Rules given as functions name their parts where they can.
            parts: if named { Vec::new() } else { rules.parts() },
            before,
            events: Vec::new(),
            rolls: Vec::new(),
            clock_turn: None,
        };
        let (memory, clock): (&dyn PlayerMemory, &dyn Clock) = match rules.memory() {
            Some(m) => (m.memory(), m.clock()),
            None => (&Forgetful, &Still),
        };
        let mut board = Board {
            score: self.scores,
            remembered: self.remembered,
            clock: self.clock,
            mover: self.to_move.index(),
        };
        let turned = take_turn(
            rules.score_rules(),
            memory,
            clock,
            &mut board,
            dice,
            &mut self.dice,
            &mut narrator,
        );
        self.remembered = board.remembered;
        self.clock = board.clock;
        let again = narrator.clock_turn.take().or_else(|| {
            turned.extra_turn.then(|| Event::ExtraTurn {
                part: narrator.named_parts("extra_turn", " or "),
            })
        });
        Played {
            sides: turned.sides,
            rolls: narrator.rolls,
            points: turned.points,
            after: turned.after,
            again,
            events: narrator.events,
        }
    }

    /// Put the scores after a turn on the board and see who moves next:
    /// the game ends when a score reaches its player's goal (`goals`, the
    /// mover's first; both at once is a tie); else the other player moves,
    /// or the same one again when `again` says why.
    fn finish_turn(
        &mut self,
        (mover, other): (u32, u32),
        goals: (u32, u32),
        again: Option<Event>,
        events: &mut Vec<Event>,
    ) {
        let player = self.to_move;
        self.scores[player.index()] = mover;
        self.scores[player.other().index()] = other;
        self.turns += 1;
        match (mover >= goals.0, other >= goals.1) {
            (true, true) => {
                self.tied = true;
                events.push(Event::Tie);
            }
            (true, false) => self.winner = Some(player),
            (false, true) => self.winner = Some(player.other()),
            (false, false) if self.turns >= MAX_GAME_TURNS && self.rules.origin().is_some() => {
                self.tied = true;
                events.push(Event::TooLong { turns: self.turns });
            }
            (false, false) => match again {
                Some(why) => events.push(why),
                None => self.to_move = player.other(),
            },
        }
    }
}

/// What the dice and the rules did in one turn, before the board is
/// updated.
struct Played {
    sides: u32,
    rolls: Vec<u32>,
    points: u32,
    /// The mover's and the other player's scores after the turn.
    after: (u32, u32),
    /// What gives the mover another turn, if anything: told only when
    /// the game goes on.
    again: Option<Event>,
    events: Vec<Event>,
}

/// A turn's events, as the game loop tells them.
struct Narrator<'r> {
    rules: &'r Rules,
    /// A preset's components, told by their names.
    named: bool,
    /// The parts of rules given as functions, where they name them.
    parts: Vec<Part>,
    /// The mover's and the other's scores before the turn.
    before: (u32, u32),
    events: Vec<Event>,
    rolls: Vec<u32>,
    /// The clock gave the mover another turn (told at the turn's end).
    clock_turn: Option<Event>,
}

impl<'r> Narrator<'r> {
    /// The names of the rules' parts of `key`, joined by `joint`, if the
    /// rules name any.
    fn named_parts(&self, key: &str, joint: &str) -> Option<String> {
        let names: Vec<String> = (self.parts.iter())
            .filter(|p| p.key == key)
            .map(Part::named)
            .collect();
        (!names.is_empty()).then(|| names.join(joint))
    }

    /// The clock of the rules: a `Narrator` only hears of one under them.
    fn shared_clock(&self) -> &'r dyn Clock {
        self.rules
            .memory()
            .expect("only rules with a clock move it")
            .clock()
    }
}

impl Watch for Narrator<'_> {
    fn zero_dice(&mut self, points: u32) {
        let part = self.parts.iter().find(|p| p.key == "zero_dice");
        let name = match part {
            _ if self.named => self.rules.components().zero_dice.title(),
            Some(part) => part.name,
            None => "zero_dice",
        };
        self.events.push(Event::ZeroDice { name, points });
    }

    fn sides(&mut self, sides: u32) {
        if self.named && self.rules.components().dice == DiceRule::HogWild && sides == 4 {
            let sum = self.before.0 + self.before.1;
            self.events.push(Event::HogWild { sum });
        }
    }

    fn reroll(&mut self, first: u32, face: u32) {
        self.events.push(Event::Reroll { first, face });
    }

    fn capped(&mut self, chosen: u32, rolled: u32) {
        let part = self.named_parts("max_dice", " and ");
        self.events.push(Event::Capped {
            chosen,
            rolled,
            part,
        });
    }

    fn face(&mut self, face: u32) {
        self.rolls.push(face);
    }

    fn pig_out(&mut self, ones: u32, points: u32) {
        self.events.push(if self.named {
            Event::SowSad {
                name: sow_sad_name(self.rules),
            }
        } else {
            Event::PigOut { ones, points }
        });
    }

    fn turn_points(&mut self, from: u32, to: u32) {
        let part = self.named_parts("turn_points", " then ");
        self.events.push(Event::TurnPoints { from, to, part });
    }

    fn bonus(&mut self, remembered: u32, points: u32) {
        let memory = self.rules.memory().expect("a bonus is a memory's").memory();
        self.events.push(Event::Bonus {
            name: memory.name(),
            remembered,
            unit: memory.unit(),
            points,
        });
    }

    fn clock(&mut self, from: u32, to: u32, points: u32, again: bool) {
        if self.rules.memory().is_none() {
            return;
        }
        let clock = self.shared_clock();
        if again {
            self.clock_turn = Some(Event::ClockTurn {
                name: clock.name(),
                clock: clock.label(from),
            });
        }
        // Dice that hold for one turn (an extra turn's) are told by that
        // turn's own dice.
        if clock.dice_last() {
            self.events.extend(dice_change(clock, (from, to), points));
        }
    }

    fn minus_one(&mut self, m: MinusOne, from: u32) {
        let clock = self.shared_clock();
        let name = clock.name();
        if m.swaps {
            self.events.push(Event::ScoreSwap { name });
            return;
        }
        let change = dice_change(clock, (from, m.next), m.points);
        self.events.push(Event::MinusOne {
            name,
            points: m.points,
        });
        self.events.extend(change);
    }

    fn spent_minus_one(&mut self, dice: u32) {
        let name = self.shared_clock().name();
        self.events.push(Event::SpentMinusOne { name, dice });
    }

    fn after_turn(&mut self, before: (u32, u32), after: (u32, u32)) {
        if !self.named {
            // Each named part that changed the scores, in turn; else the
            // rules' function as one.
            let (s, o) = self.before;
            let dice = self.rolls.len() as u32;
            let told = (self.rules.score_rules()).told_end(s, o, before.0 - s, dice);
            if told.is_empty() && after != before {
                self.events.push(Event::AfterTurn {
                    before,
                    after,
                    part: None,
                    definition: None,
                });
            }
            self.events
                .extend(told.into_iter().map(|t| Event::AfterTurn {
                    before: t.before,
                    after: t.after,
                    part: Some(t.rule),
                    definition: Some(t.definition),
                }));
            return;
        }
        match self.rules.after_turn(before.0, before.1).fired {
            Some(AfterTurn::SusFuss) => self.events.push(Event::SusFuss {
                from: before.0,
                to: after.0,
            }),
            Some(AfterTurn::SwapDouble | AfterTurn::SwapReverse | AfterTurn::SwapDigits) => {
                self.events.push(Event::SwineSwap {
                    mover: before.0,
                    other: before.1,
                })
            }
            Some(AfterTurn::None) | None => {}
        }
    }
}

/// fa24 calls a turn spoiled by a 1 "Sow Sad"; the older sets "Pig Out".
pub fn sow_sad_name(rules: &Rules) -> &'static str {
    match rules.base() {
        Preset::Fa24 => "Sow Sad",
        _ => "Pig Out",
    }
}

/// Read a dice count typed by a person: a whole number 0..=10, spaces
/// allowed, or -1 ([`MINUS_ONE`]) where `minus_one` says the rules have
/// that move.
pub fn parse_dice(line: &str, minus_one: bool) -> Option<u8> {
    let line = line.trim();
    if minus_one && line == "-1" {
        return Some(MINUS_ONE);
    }
    let n: u8 = line.parse().ok()?;
    (n as usize <= MAX_DICE).then_some(n)
}

/// The turn's change to the dice, told when the clock went from `from` to
/// `to` after a turn of `points` (Perfect Piggy, Pork Chop): what a
/// six-sided die rolls as from now on.
fn dice_change(clock: &dyn Clock, (from, to): (u32, u32), points: u32) -> Option<Event> {
    let changed = SIDES
        .clone()
        .any(|own| clock.dice(from, own) != clock.dice(to, own));
    changed.then(|| Event::ClockDice {
        name: clock.name(),
        points,
        sides: Some(clock.dice(to, 6)).filter(|&sides| sides != 6),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general::{PigOut, ScoreRules};

    /// Dice that show the faces of a script, in order.
    struct Script(std::collections::VecDeque<u32>);

    impl Dice for Script {
        fn roll(&mut self, sides: u32) -> u32 {
            let face = self.0.pop_front().expect("the script has enough faces");
            assert!((1..=sides).contains(&face), "face {face} of a d{sides}");
            face
        }
    }

    fn script(faces: &[u32]) -> Script {
        Script(faces.iter().copied().collect())
    }

    fn rules(preset: Preset) -> Rules {
        Rules::preset(preset, 100).unwrap()
    }

    /// A game where the bot always rolls `bot_dice`, at the given scores.
    fn game_at<'r>(
        rules: &'r Rules,
        human: u32,
        bot: u32,
        bot_dice: u8,
        faces: &[u32],
    ) -> Game<'r, Script> {
        let table = StrategyTable::constant(rules.goal(), bot_dice);
        let mut game = Game::new(rules, table, Player::Human, script(faces));
        game.scores = [human, bot];
        game
    }

    #[test]
    fn sus_fuss_fires_on_a_sus_score() {
        // The rules' worked example (docs/src/rules/index.md): 14 points, two dice showing 3 and 4: 21 is sus -> 23.
        let r = rules(Preset::Fa24);
        let mut game = game_at(&r, 14, 0, 6, &[3, 4]);
        let turn = game.human_turn(2).unwrap();
        assert_eq!(turn.rolls, vec![3, 4]);
        assert_eq!(turn.points, 7);
        assert_eq!(turn.after, (23, 0));
        assert_eq!(turn.events, vec![Event::SusFuss { from: 21, to: 23 }]);
        assert_eq!(game.score(Player::Human), 23);
        assert_eq!(game.to_move(), Some(Player::Bot));
    }

    #[test]
    fn a_one_scores_one_and_every_die_is_rolled() {
        // The rules' worked example (docs/src/rules/index.md): 63 points, five dice with a 1: 64 has 7 divisors -> 64.
        let r = rules(Preset::Fa24);
        let mut game = game_at(&r, 63, 0, 6, &[6, 1, 6, 6, 6]);
        let turn = game.human_turn(5).unwrap();
        assert_eq!(turn.rolls.len(), 5);
        assert_eq!(turn.points, 1);
        assert_eq!(turn.after, (64, 0));
        assert_eq!(turn.events, vec![Event::SowSad { name: "Sow Sad" }]);
    }

    #[test]
    fn boar_brawl_then_sus_fuss() {
        // The rules' worked example (docs/src/rules/index.md): 53 vs 60 rolls zero: Boar Brawl 9 -> 62 is sus -> 67.
        let r = rules(Preset::Fa24);
        let mut game = game_at(&r, 53, 60, 6, &[]);
        let turn = game.human_turn(0).unwrap();
        assert!(turn.rolls.is_empty());
        assert_eq!(
            turn.events,
            vec![
                Event::ZeroDice {
                    name: "Boar Brawl",
                    points: 9
                },
                Event::SusFuss { from: 62, to: 67 }
            ]
        );
        assert_eq!(turn.after, (67, 60));
    }

    #[test]
    fn hog_wild_rolls_four_sided_dice_on_the_first_turn() {
        let r = rules(Preset::DoubleSwap);
        let mut game = game_at(&r, 0, 0, 5, &[4, 4, 1]);
        let turn = game.human_turn(3).unwrap();
        assert_eq!(turn.sides, 4);
        assert_eq!(
            turn.events,
            vec![Event::HogWild { sum: 0 }, Event::SowSad { name: "Pig Out" }]
        );
        // 1 + 0 = 1: no multiple of 7, the bot's dice are six-sided.
        let mut game = game_at(&r, 1, 0, 2, &[6, 6]);
        game.to_move = Player::Bot;
        let turn = game.bot_turn();
        assert_eq!((turn.sides, turn.points), (6, 12));
        assert!(turn.events.is_empty());
    }

    #[test]
    fn a_swap_can_hand_the_win_to_the_other_player() {
        // The rules' worked example (docs/src/rules/index.md): 90 vs 50, the mover scores 10 -> 100 vs 50 -> swap.
        // 90 + 50 = 140 is a multiple of 7: Hog Wild, four-sided dice.
        let r = rules(Preset::DoubleSwap);
        let mut game = game_at(&r, 90, 50, 5, &[3, 3, 4]);
        let turn = game.human_turn(3).unwrap();
        assert_eq!(turn.after, (50, 100));
        assert_eq!(
            turn.events,
            vec![
                Event::HogWild { sum: 140 },
                Event::SwineSwap {
                    mover: 100,
                    other: 50
                }
            ]
        );
        assert_eq!(game.winner(), Some(Player::Bot));
        assert_eq!(game.to_move(), None);
        assert!(game.human_turn(3).is_err(), "no moves after the end");
    }

    #[test]
    fn free_bacon_on_zero_dice() {
        // digit-swap: opponent 46 -> 1 + (4 * 6) % 10 = 5.
        let r = rules(Preset::DigitSwap);
        let mut game = game_at(&r, 10, 46, 4, &[]);
        let turn = game.human_turn(0).unwrap();
        assert_eq!(
            turn.events,
            vec![Event::ZeroDice {
                name: "Free Bacon",
                points: 5
            }]
        );
        assert_eq!(turn.after, (15, 46));
    }

    #[test]
    fn out_of_turn_and_out_of_range_moves_are_refused() {
        let r = rules(Preset::Fa24);
        let mut game = game_at(&r, 0, 0, 4, &[]);
        assert!(game.human_turn(11).is_err());
        game.to_move = Player::Bot;
        assert!(game.human_turn(3).is_err());
    }

    /// Rules given as functions with every feature: goal 30, zero dice
    /// worth 1 + the opponent's ones digit, eight-sided dice when the sum is
    /// odd, a roll with 1s scoring their number, at most 25 - dice points a
    /// turn, a swap when the mover's score is twice the other's, both at
    /// the goal when the mover reaches it with the other at 27 or more, and
    /// an extra turn on a multiple of 10.
    struct Toy;

    impl ScoreRules for Toy {
        fn goal(&self) -> u32 {
            30
        }
        fn zero_dice(&self, _: u32, o: u32) -> u32 {
            1 + o % 10
        }
        fn dice_sides(&self, s: u32, o: u32) -> u32 {
            if !(s + o).is_multiple_of(2) {
                8
            } else {
                6
            }
        }
        fn pig_out(&self) -> PigOut {
            PigOut::Ones
        }
        fn has_turn_points(&self) -> bool {
            true
        }
        fn turn_points(&self, points: u32, dice: u32, _: u32, _: u32) -> u32 {
            points.min(25 - dice)
        }
        fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
            if s == 2 * o {
                (o, s)
            } else if s >= 30 && o >= 27 {
                (s, 30)
            } else {
                (s, o)
            }
        }
        fn extra_turn(&self, s: u32, _: u32) -> bool {
            s.is_multiple_of(10)
        }
    }

    fn toy() -> Rules {
        let origin = crate::rules::Origin::Code;
        Rules::from_functions("toy".into(), origin, std::sync::Arc::new(Toy)).unwrap()
    }

    #[test]
    fn rules_as_functions_cap_points_and_give_extra_turns() {
        let r = toy();
        let mut game = game_at(&r, 0, 0, 2, &[5, 2, 6, 6, 6, 6, 1, 1, 3, 1, 8, 7]);
        // 25 points, capped at 25 - 5 = 20; 20 is a multiple of 10: again.
        let turn = game.human_turn(5).unwrap();
        assert_eq!((turn.sides, turn.points, turn.after), (6, 20, (20, 0)));
        assert_eq!(
            turn.events,
            vec![
                Event::TurnPoints {
                    from: 25,
                    to: 20,
                    part: None
                },
                Event::ExtraTurn { part: None }
            ]
        );
        assert_eq!(game.to_move(), Some(Player::Human));
        // Three 1s score 3.
        let turn = game.human_turn(5).unwrap();
        assert_eq!((turn.points, turn.after), (3, (23, 0)));
        assert_eq!(turn.events, vec![Event::PigOut { ones: 3, points: 3 }]);
        // The bot at 0 to 23: an odd sum, eight-sided dice.
        let turn = game.bot_turn();
        assert_eq!(
            (turn.sides, turn.rolls.clone(), turn.points),
            (8, vec![8, 7], 15)
        );
        assert!(turn.events.is_empty());
        assert_eq!(game.to_move(), Some(Player::Human));
    }

    /// The Fall 2015 contest: a roll of ten four-sided dice (the sum 0 is
    /// a multiple of 7) with a 1 scores 0 (Pig Out), and Piggy Back gives
    /// the opponent 10: the event names the part, in its own words.
    #[test]
    fn a_rules_files_after_turn_is_told_by_its_part() {
        let contest = crate::rules::BuiltIn::from_name("fa15-contest").unwrap();
        let rules = contest.rules(None, None).unwrap();
        let bot = StrategyTable::constant(100, 4);
        let faces = [2, 3, 1, 4, 2, 2, 3, 4, 4, 2];
        let mut game = Game::new(&rules, bot, Player::Human, script(&faces));
        let t = game.human_turn(10).unwrap();
        assert_eq!((t.sides, t.points, t.after), (4, 0, (0, 10)));
        assert_eq!(
            t.events,
            vec![
                Event::PigOut { ones: 1, points: 0 },
                Event::AfterTurn {
                    before: (0, 0),
                    after: (0, 10),
                    part: Some("piggy-back".into()),
                    definition: Some(
                        "a turn that scores 0 gives the opponent as many points as the mover \
                         rolled dice"
                    ),
                }
            ]
        );
        assert_eq!(
            t.events[1].sentence(),
            "piggy-back (a turn that scores 0 gives the opponent as many points as the mover \
             rolled dice): 0 and 0 become 0 and 10."
        );
        assert_eq!(
            t.events[0].sentence(),
            "Pig Out: a 1 came up, so the roll scores 0 points."
        );
    }

    #[test]
    fn rules_as_functions_swap_and_tie() {
        let r = toy();
        // 5 + (1 + 6) = 12 = 2 * 6: the scores trade places.
        let mut game = game_at(&r, 5, 6, 2, &[]);
        let turn = game.human_turn(0).unwrap();
        assert_eq!(
            turn.events,
            vec![
                Event::ZeroDice {
                    name: "zero_dice",
                    points: 7
                },
                Event::AfterTurn {
                    before: (12, 6),
                    after: (6, 12),
                    part: None,
                    definition: None
                }
            ]
        );
        assert_eq!(
            (game.score(Player::Human), game.score(Player::Bot)),
            (6, 12)
        );
        // 25 + 9 = 34 with the other at 28: both at the goal, a tie.
        let mut game = game_at(&r, 25, 28, 2, &[]);
        let turn = game.human_turn(0).unwrap();
        assert_eq!(turn.after, (34, 30));
        assert_eq!(turn.events.last(), Some(&Event::Tie));
        assert!(game.tied());
        assert_eq!((game.winner(), game.to_move()), (None, None));
        assert!(game.human_turn(1).is_err(), "no moves after a tie");
    }

    #[test]
    fn a_game_that_cannot_end_stops_as_a_tie() {
        // Zero dice worth nothing, and another turn after every turn.
        let mut nothing = crate::engine::functions::tests::Toy::new(10, 0, 6, PigOut::Points(1));
        nothing.extra = |_, _| true;
        let origin = crate::rules::Origin::Code;
        let r =
            Rules::from_functions("nothing".into(), origin, std::sync::Arc::new(nothing)).unwrap();
        // The bot rolls no dice and moves again, forever.
        let mut game = game_at(&r, 0, 0, 0, &[]);
        game.to_move = Player::Bot;
        let mut turns = 0;
        while game.to_move() == Some(Player::Bot) {
            let turn = game.bot_turn();
            turns += 1;
            if turns < MAX_GAME_TURNS {
                assert_eq!(turn.events.last(), Some(&Event::ExtraTurn { part: None }));
            } else {
                assert_eq!(turn.events.last(), Some(&Event::TooLong { turns }));
            }
        }
        assert_eq!(turns, MAX_GAME_TURNS);
        assert!(game.tied() && game.to_move().is_none());
    }

    #[test]
    fn a_preset_as_functions_plays_the_presets_game() {
        // The same seed and bot give the same dice and scores turn by turn;
        // only the narration differs (no rule names).
        for preset in [Preset::Fa24, Preset::DoubleSwap] {
            let plain = rules(preset);
            let origin = crate::rules::Origin::Code;
            let functions =
                Rules::from_functions("f".into(), origin, std::sync::Arc::new(plain.clone()))
                    .unwrap();
            let play = |r: &Rules| {
                let bot = StrategyTable::constant(100, 4);
                let mut game = Game::new(r, bot, Player::Human, Rng::seed_from_u64(11));
                let mut turns = Vec::new();
                while let Some(p) = game.to_move() {
                    let t = match p {
                        Player::Human => game.human_turn(6).unwrap(),
                        Player::Bot => game.bot_turn(),
                    };
                    turns.push((t.player, t.before, t.sides, t.rolls, t.points, t.after));
                }
                (turns, game.winner())
            };
            let (a, b) = (play(&plain), play(&functions));
            assert!(a.0.len() > 5);
            assert_eq!(a, b, "{preset:?}");
        }
    }

    /// Fall 2019 with Feral Hogs, goal 40: the bonus goes to a count 2
    /// away from what the mover remembers, before Swine Swap; each player
    /// then remembers their own dice.
    #[test]
    fn feral_hogs_pays_a_count_two_away_and_each_player_remembers_their_own() {
        let fa19 = crate::rules::BuiltIn::from_name("fa19").unwrap();
        let rules = fa19.rules(Some(40), None).unwrap();
        let bot = StrategyTable::constant(40, 4);
        // Human 2 dice (0 remembered: 2 away), bot 4 dice (0: 4 away),
        // human 4 dice (2 remembered: 2 away), bot 4 again (4: no bonus).
        // No swap fires: first digit times last digit differ each time.
        let faces = [3, 5, 2, 2, 3, 3, 6, 5, 5, 6, 2, 2, 2, 2];
        let mut game = Game::new(&rules, bot, Player::Human, script(&faces));
        let t = game.human_turn(2).unwrap();
        assert_eq!((t.points, t.after), (8 + 3, (11, 0)));
        let bonus = Event::Bonus {
            name: "feral-hogs",
            remembered: 0,
            unit: "dice",
            points: 3,
        };
        assert_eq!(t.events, vec![bonus]);
        assert_eq!(game.remembered(Player::Human), 2);
        let t = game.bot_turn();
        assert_eq!((t.points, t.after, t.events.len()), (10, (10, 11), 0));
        assert_eq!(game.remembered(Player::Bot), 4);
        let t = game.human_turn(4).unwrap();
        assert_eq!((t.points, t.after), (22 + 3, (36, 10)));
        assert_eq!(game.remembered(Player::Human), 4);
        let t = game.bot_turn();
        assert_eq!(
            (t.points, t.after, t.events.len()),
            (8, (18, 36), 0),
            "4 and 4: no bonus"
        );
        assert_eq!(
            [game.score(Player::Human), game.score(Player::Bot)],
            [36, 18]
        );
        // Swine Swap after the bonus: 10 + 2 dice of 2 + 3 = 17 against 71
        // (1 x 7 = 7 x 1) swaps.
        let bot = StrategyTable::constant(100, 2);
        let rules = fa19.rules(Some(100), None).unwrap();
        let mut game = Game::new(&rules, bot, Player::Human, script(&[2, 2]));
        game.scores = [10, 71];
        let t = game.human_turn(2).unwrap();
        assert_eq!((t.points, t.after), (7, (71, 17)));
        // The built-in rules name the part that swapped, in its own words.
        assert!(t.events.contains(&Event::AfterTurn {
            before: (17, 71),
            after: (71, 17),
            part: Some("swap-first-times-last".into()),
            definition: Some(
                "swap when first digit * last digit is the same for both scores (a one-digit \
                 score's first digit is itself; equal scores stay)"
            ),
        }));
        let said = t.events.last().unwrap().sentence();
        assert!(
            said.starts_with("swap-first-times-last (swap when first digit * last digit"),
            "{said}"
        );
        assert!(said.ends_with("): 17 and 71 become 71 and 17."), "{said}");
    }

    /// Fall 2020's contest: Pig Pass gives the human another turn, which
    /// rolls eight-sided dice, told by the turn's own dice and not as a
    /// lasting change; the turn after it in order rolls six-sided ones.
    #[test]
    fn an_extra_turn_rolls_its_own_dice_for_one_turn() {
        let contest = crate::rules::BuiltIn::from_name("fa20-contest").unwrap();
        let rules = contest.rules(None, None).unwrap();
        let bot = StrategyTable::constant(100, 1);
        let mut game = Game::new(&rules, bot, Player::Human, script(&[2, 7, 3]));
        game.scores = [27, 30];
        let t = game.human_turn(1).unwrap();
        assert_eq!(
            (t.sides, t.after, t.events.clone()),
            (
                6,
                (29, 30),
                vec![Event::ExtraTurn {
                    part: Some("swine-align or pig-pass".into())
                }]
            )
        );
        assert_eq!(game.to_move(), Some(Player::Human));
        let t = game.human_turn(1).unwrap();
        assert_eq!((t.sides, t.after, t.events.len()), (8, (36, 30), 0));
        let t = game.bot_turn();
        assert_eq!((t.sides, t.after), (6, (33, 36)));
    }

    /// The remembering bot rolls what the full-state optimum says for its
    /// scores and both memories; its seeded games replay exactly.
    #[test]
    fn the_remembering_bot_reads_both_memories() {
        let fa19 = crate::rules::BuiltIn::from_name("fa19").unwrap();
        let rules = fa19.rules(Some(40), None).unwrap();
        let optimum = crate::engine::solve(&rules, &Default::default());
        let result = Arc::new(optimum);
        let play = |seed: u64| {
            let bot = Bot::Solved(result.clone());
            let mut game = Game::with_bot(&rules, bot, Player::Bot, Rng::seed_from_u64(seed));
            let mut turns = Vec::new();
            while let Some(p) = game.to_move() {
                let (s, o) = (game.score(Player::Bot), game.score(Player::Human));
                let (a, b) = (game.remembered(Player::Bot), game.remembered(Player::Human));
                let t = match p {
                    Player::Human => game.human_turn(5).unwrap(),
                    Player::Bot => {
                        let x = Context {
                            mine: a,
                            theirs: b,
                            clock: game.clock(),
                        };
                        assert_eq!(game.bot_choice(), result.choice(0, State::new(s, o, x)));
                        game.bot_turn()
                    }
                };
                turns.push((t.player, t.before, t.rolls, t.points, t.after));
            }
            (turns, game.winner())
        };
        let mut turns = 0;
        for seed in 0..8 {
            let (first, again) = (play(seed), play(seed));
            assert!(first.1.is_some(), "{first:?}");
            assert_eq!(first, again);
            turns += first.0.len();
        }
        assert!(turns > 24, "{turns} turns in 8 games");
    }

    #[test]
    fn typed_dice_counts() {
        assert_eq!(parse_dice("5", false), Some(5));
        assert_eq!(parse_dice("  10 \n", false), Some(10));
        assert_eq!(parse_dice("0", false), Some(0));
        for bad in ["", "x", "11", "-1", "5.0", "256", "1 2"] {
            assert_eq!(parse_dice(bad, false), None, "{bad:?}");
        }
        // Where the rules have the move: -1, and nothing else new.
        assert_eq!(parse_dice(" -1 ", true), Some(MINUS_ONE));
        assert_eq!(parse_dice("-2", true), None);
        assert_eq!(parse_dice("7", true), Some(7));
    }

    #[test]
    fn seeded_games_replay_exactly_and_end_at_the_goal() {
        let r = rules(Preset::ReverseSwap);
        let play = |seed| {
            let bot = StrategyTable::constant(100, 5);
            let mut game = Game::new(&r, bot, Player::Bot, Rng::seed_from_u64(seed));
            let mut turns = Vec::new();
            while let Some(p) = game.to_move() {
                turns.push(match p {
                    Player::Human => game.human_turn(4).unwrap(),
                    Player::Bot => game.bot_turn(),
                });
            }
            let winner = game.winner().unwrap();
            assert!(game.score(winner) >= 100);
            assert!(game.score(winner.other()) < 100);
            turns
        };
        assert_eq!(play(3), play(3));
        assert_ne!(play(3), play(4));
    }
}
