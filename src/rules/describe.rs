//! A rule set as it describes itself: the one account of the game that
//! every face renders (the terminal game, `hog explain`, the page, the
//! JSON API, Python). It says which moves a turn may choose and what each
//! does, each player's goal, what a roll with a 1 scores, the parts the
//! rules are made of in their own words, and what a state holds beyond the
//! scores (memories, a clock) with a label a person reads for each value.
//! No face lists dice counts, goals or components of its own.

use serde::Serialize;

use super::library::CATALOG;
use super::{AfterTurn, Origin, Preset, Rules, BUILT_IN};
use crate::dice::MAX_DICE;
use crate::general::{Part, PigOut};
use crate::recall::{counted, Clock, PlayerMemory};
use crate::table::MINUS_ONE;

/// A rule set's account of itself.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Description {
    /// Its name (`fa24`, `fa19`, `rules.py`).
    pub rules: String,
    /// The semesters or contest it is, for a rule set hog knows by name.
    pub title: Option<&'static str>,
    /// Where it comes from: `preset`, `built in`, `rules file`, `from
    /// Python`.
    pub source: &'static str,
    /// The goal that sizes the board: no score of a game goes on past it.
    pub goal: u32,
    /// Each player's goal: the first mover's and the second's.
    pub goals: PlayerGoals,
    /// The goals in one sentence ("First to 100 wins.").
    pub goal_text: String,
    /// Every move a turn may choose, in the engine's order: 0 to 10 dice,
    /// then -1 where the rules have that move.
    pub moves: Vec<Move>,
    /// What a roll with a 1 among its dice scores.
    pub pig_out: PigOutRule,
    /// The parts the rules are made of, each in its own words.
    pub parts: Vec<Part>,
    /// What a state holds beside the two scores, under rules with memory
    /// or a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contexts: Option<ContextsDescription>,
}

/// The goal each player plays to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlayerGoals {
    /// The player who moves first (player 0).
    pub first: u32,
    /// The other (player 1).
    pub second: u32,
}

/// One move a turn may choose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The move as people write it: 0 to 10 dice, or -1.
    pub dice: i32,
    /// How the engine and its tables keep it (11 for -1).
    pub kept: u8,
    /// What it does, in words.
    pub text: String,
}

/// What a roll with a 1 scores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PigOutRule {
    /// The rule's name ("Sow Sad", "Pig Out").
    pub name: &'static str,
    /// The points such a roll scores, where they are fixed.
    pub points: Option<u32>,
    /// Whether it scores the number of 1s instead.
    pub ones: bool,
    /// What a 1 does, in words.
    pub text: String,
}

/// What a state holds beside the two scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContextsDescription {
    /// The same in words ("what each player remembers").
    pub words: &'static str,
    /// What each player remembers of their previous turn, where they
    /// remember anything.
    pub memory: Option<MemoryDescription>,
    /// The clock both share, where there is one.
    pub clock: Option<ClockDescription>,
}

/// A memory and the values it takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MemoryDescription {
    /// Its name (`feral-hogs`).
    pub name: &'static str,
    /// What a value counts (`dice`), or empty.
    pub unit: &'static str,
    /// Each value a player may remember, 0 first, as a person reads it
    /// ("4 dice").
    pub values: Vec<String>,
}

/// A clock and the values it takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClockDescription {
    /// Its name (`time-trot 8`).
    pub name: String,
    /// The names of its columns in a table of the whole state.
    pub columns: Vec<&'static str>,
    /// Each value, 0 first.
    pub values: Vec<ClockValue>,
}

/// One value of a clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockValue {
    /// The value as the engine keeps it.
    pub value: u32,
    /// What its columns read.
    pub reads: Vec<u32>,
    /// Where the clock is, in a few words a person reads.
    pub label: String,
    /// What it means for the turn to play, where it says more.
    pub text: String,
}

impl Rules {
    /// The rules' account of themselves, for every face.
    pub fn description(&self) -> Description {
        let (first, second) = self.goals_at(0);
        let goal_text = if first == second {
            format!("First to {first} wins.")
        } else {
            format!("Player 0, who moves first, wins at {first}; player 1 at {second}.")
        };
        let parts = self.parts();
        let title = super::named_rule_sets()
            .into_iter()
            .find(|r| r.name == self.name() && self.is_named_set())
            .map(|r| r.title);
        Description {
            rules: self.name(),
            title,
            source: self.origin().map_or("preset", Origin::words),
            goal: self.goal(),
            goals: PlayerGoals { first, second },
            goal_text,
            moves: self.moves(&parts),
            pig_out: self.pig_out_rule(),
            contexts: self.contexts_description(),
            parts,
        }
    }

    /// Whether these rules are the ones hog knows by their name (not a
    /// file that happens to share it).
    fn is_named_set(&self) -> bool {
        match self.origin() {
            None => self.is_preset(),
            Some(Origin::BuiltIn) => BUILT_IN.iter().any(|b| b.name == self.name()),
            Some(_) => false,
        }
    }

    /// The parts the rules are made of: a preset's three components, a
    /// rules file's components, or for Python's functions one part that
    /// says so.
    pub fn parts(&self) -> Vec<Part> {
        if self.functions().is_some() {
            let parts = self.score_rules().parts();
            if !parts.is_empty() {
                return parts;
            }
            return vec![Part {
                key: "functions",
                name: "python",
                params: Vec::new(),
                definition: "the rules file's own functions (zero_dice, after_turn, ...)",
                from: "",
            }];
        }
        let c = self.components();
        let names = [
            ("zero_dice", c.zero_dice.name()),
            ("dice", c.dice.name()),
            ("after_turn", c.after_turn.name()),
        ];
        names
            .into_iter()
            .filter(|&(key, name)| !(key == "after_turn" && name == AfterTurn::None.name()))
            .filter_map(|(key, name)| {
                let c = CATALOG
                    .iter()
                    .find(|c| c.kind.key() == key && c.name == name)?;
                Some(Part {
                    key,
                    name: c.name,
                    params: Vec::new(),
                    definition: c.definition,
                    from: c.from,
                })
            })
            .collect()
    }

    /// Every move, in the engine's order, with what it does.
    fn moves(&self, parts: &[Part]) -> Vec<Move> {
        let defined = |key: &str| {
            parts
                .iter()
                .find(|p| p.key == key)
                .map(|p| format!("{} ({})", p.text(), p.named()))
        };
        let zero = match defined("zero_dice") {
            Some(rule) => format!("roll no dice: the turn scores {rule}"),
            None => "roll no dice: the turn scores what the zero_dice function gives".into(),
        };
        let cap = defined("max_dice").map_or(String::new(), |rule| format!("; {rule}"));
        let mut moves = vec![Move {
            dice: 0,
            kept: 0,
            text: zero,
        }];
        moves.extend((1..=MAX_DICE as i32).map(|k| Move {
            dice: k,
            kept: k as u8,
            text: format!("roll {k} {}{cap}", if k == 1 { "die" } else { "dice" }),
        }));
        if self.has_minus_one() {
            let clock = self.memory().map(|m| m.clock());
            let text = defined("clock")
                .or_else(|| clock.map(|c| format!("the move of {}", c.name())))
                .unwrap_or_default();
            moves.push(Move {
                dice: -1,
                kept: MINUS_ONE,
                text: format!("roll -1 dice: {text}"),
            });
        }
        moves
    }

    /// What a roll with a 1 scores, in words.
    fn pig_out_rule(&self) -> PigOutRule {
        let name = match (self.origin(), self.base()) {
            (None, Preset::Fa24) => "Sow Sad",
            _ => "Pig Out",
        };
        let pig_out = crate::general::ScoreRules::pig_out(self.score_rules());
        let (points, ones, scores) = match pig_out {
            PigOut::Points(p) => (
                Some(p),
                false,
                format!("{p} {}", if p == 1 { "point" } else { "points" }),
            ),
            PigOut::Ones => (None, true, "as many points as dice show 1".to_string()),
        };
        PigOutRule {
            name,
            points,
            ones,
            text: format!("{name}: a roll with a 1 among its dice scores {scores}"),
        }
    }

    /// The memories' and the clock's values, labelled.
    fn contexts_description(&self) -> Option<ContextsDescription> {
        let remembering = self.memory()?;
        let memory = (remembering.size() > 1).then(|| {
            let m: &dyn PlayerMemory = remembering.memory();
            MemoryDescription {
                name: m.name(),
                unit: m.unit(),
                values: (0..remembering.size())
                    .map(|v| counted(v, m.unit()))
                    .collect(),
            }
        });
        let clock = (remembering.clocks() > 1).then(|| {
            let c: &dyn Clock = remembering.clock();
            ClockDescription {
                name: c.name(),
                columns: c.columns().to_vec(),
                values: (0..remembering.clocks())
                    .map(|v| ClockValue {
                        value: v,
                        reads: c.read(v),
                        label: c.label(v),
                        text: c.describe(v),
                    })
                    .collect(),
            }
        });
        Some(ContextsDescription {
            words: remembering.context_words(),
            memory,
            clock,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BuiltIn;

    fn built_in(name: &str) -> Rules {
        BuiltIn::from_name(name).unwrap().rules(None, None).unwrap()
    }

    #[test]
    fn fall_2024_says_its_eleven_moves_one_goal_and_three_parts() {
        let d = Rules::preset(Preset::Fa24, 100).unwrap().description();
        assert_eq!(d.rules, "fa24");
        assert_eq!(d.title, Some("Fall 2023 to Spring 2026"));
        assert_eq!(d.source, "preset");
        assert_eq!(d.goal_text, "First to 100 wins.");
        assert_eq!(d.moves.len(), 11);
        assert_eq!(
            d.moves[0].text,
            "roll no dice: the turn scores max(3 * |tens(opponent) - ones(score)|, 1) \
             (boar-brawl)"
        );
        assert_eq!(d.moves[1].text, "roll 1 die");
        let names: Vec<&str> = d.parts.iter().map(|p| p.name).collect();
        assert_eq!(names, ["boar-brawl", "six-sided", "sus-fuss"]);
        assert_eq!(
            d.pig_out.text,
            "Sow Sad: a roll with a 1 among its dice scores 1 point"
        );
        assert!(d.contexts.is_none());
    }

    #[test]
    fn the_fall_2015_contest_says_its_minus_one_its_pig_out_and_its_clock() {
        let d = built_in("fa15-contest").description();
        assert_eq!(d.title, Some("the Fall 2015 and Spring 2016 Hog Contests"));
        assert_eq!(d.moves.len(), 12);
        let minus_one = &d.moves[11];
        assert_eq!((minus_one.dice, minus_one.kept), (-1, 11));
        assert!(
            minus_one
                .text
                .contains("no points, and the two scores swap"),
            "{}",
            minus_one.text
        );
        assert_eq!(d.pig_out.points, Some(0));
        assert_eq!(
            d.pig_out.text,
            "Pig Out: a roll with a 1 among its dice scores 0 points"
        );
        let clock = d.contexts.unwrap().clock.unwrap();
        assert_eq!(clock.columns, ["chopped", "opponent_chopped"]);
        assert_eq!(clock.values.len(), 4);
        assert_eq!(clock.values[2].reads, [0, 1]);
        assert_eq!(clock.values[2].label, "mover's -1 unused, opponent's used");
        let keys: Vec<&str> = d.parts.iter().map(|p| p.key).collect();
        assert_eq!(
            keys,
            [
                "zero_dice",
                "dice",
                "turn_points",
                "after_turn",
                "after_turn",
                "clock"
            ]
        );
    }

    #[test]
    fn the_fall_2021_contest_says_each_players_goal() {
        let d = built_in("fa21-contest").description();
        assert_eq!(
            d.goals,
            PlayerGoals {
                first: 30,
                second: 40
            }
        );
        assert_eq!(
            d.goal_text,
            "Player 0, who moves first, wins at 30; player 1 at 40."
        );
        let clock = d.contexts.unwrap().clock.unwrap();
        assert_eq!(clock.values[1].label, "player 1 to move, playing to 40");
    }

    #[test]
    fn fall_2019_labels_what_each_player_remembers() {
        let d = built_in("fa19").description();
        let contexts = d.contexts.unwrap();
        assert_eq!(contexts.words, "what each player remembers");
        let memory = contexts.memory.unwrap();
        assert_eq!(memory.name, "feral-hogs");
        assert_eq!(memory.values.len(), 11);
        assert_eq!(
            (&*memory.values[1], &*memory.values[4]),
            ("1 die", "4 dice")
        );
        assert!(contexts.clock.is_none());
        assert_eq!(d.title, Some("Fall 2019"));
    }

    #[test]
    fn summer_2016_says_its_cap_on_the_dice() {
        let d = built_in("su16").description();
        assert!(
            d.moves[3].text.starts_with("roll 3 dice; at most 1 die"),
            "{}",
            d.moves[3].text
        );
    }
}
