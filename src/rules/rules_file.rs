//! Rules from a file of named components (TOML): most semesters' rules
//! need no Python at all.
//!
//! ```toml
//! goal = 100                                  # optional; --goal overrides
//! zero_dice = "bacon-ten-minus-min-digit"     # required
//! dice = "six-sided"                          # optional
//! max_dice = "hog-tied"                       # optional: a cap on the dice
//! pig_out = 1                                 # optional: points, or "ones"
//! turn_points = [{ rule = "cap", total = 25 }] # optional, applied in order
//! after_turn = ["swap-first-times-last"]      # optional, applied in order
//! extra_turn = ["pig-pass"]                   # optional: any gives another turn
//! memory = "feral-hogs"                       # optional: rules with memory
//! clock = { rule = "time-trot", modulus = 8 }  # optional: a shared clock
//!                                             # (or "perfect-piggy", "pork-chop",
//!                                             # "pork-chop-swap", "goals")
//! ```
//!
//! A component is its name, or a table with its name under `rule` and
//! its parameters (see [`CATALOG`]).

use std::path::Path;

use toml::{Table, Value};

use super::library::{
    AfterTurnRule, Component, DiceSidesRule, ExtraTurnRule, Kind, MaxDiceRule, Turn,
    TurnPointsRule, ZeroDiceRule, CATALOG, CLOCKS,
};
use crate::error::HogError;
use crate::general::{Part, PigOut, ScoreRules, Told, MAX_RULES_GOAL, MAX_TURN_POINTS};
use crate::recall::{ClockRule, FeralHogs, PlayerMemory};

/// A rule set composed of library components.
#[derive(Debug, Clone, PartialEq)]
pub struct ComposedRules {
    goal: u32,
    zero_dice: ZeroDiceRule,
    dice: DiceSidesRule,
    max_dice: Option<MaxDiceRule>,
    pig_out: PigOut,
    turn_points: Vec<TurnPointsRule>,
    after_turn: Vec<AfterTurnRule>,
    extra_turn: Vec<ExtraTurnRule>,
    memory: Option<FeralHogs>,
    clock: Option<ClockRule>,
    /// Every component by its name and parameters, in the file's order of
    /// keys (the default dice included), for the faces that show them.
    parts: Vec<Part>,
}

/// The keys a rules file may have.
const KEYS: [&str; 10] = [
    "goal",
    "zero_dice",
    "dice",
    "max_dice",
    "pig_out",
    "turn_points",
    "after_turn",
    "extra_turn",
    "memory",
    "clock",
];

impl ComposedRules {
    /// Read the rules file at `path`, for `goal` if given.
    pub fn load(path: &Path, goal: Option<u32>) -> Result<ComposedRules, HogError> {
        // The reader's errors name the file already.
        let text = crate::input::read_text(path, 1 << 20, "a rules file")
            .map_err(|e| HogError::BadRules(e.to_string()))?;
        ComposedRules::parse(&text, goal)
            .map_err(|reason| HogError::BadRules(format!("{}: {reason}", path.display())))
    }

    /// Rules from the text of a rules file; the error names the key, the
    /// component or the parameter at fault.
    pub fn parse(text: &str, goal: Option<u32>) -> Result<ComposedRules, String> {
        let table: Table = text
            .parse()
            .map_err(|e: toml::de::Error| format!("not a rules file: {}", e.message().trim()))?;
        if let Some(key) = table.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(format!(
                "unknown key '{key}'; the keys are {}",
                KEYS.join(", ")
            ));
        }
        let outside = |goal: &dyn std::fmt::Display| {
            format!("goal {goal} is outside 1 to {MAX_RULES_GOAL} for a rules file")
        };
        let goal = match (goal, table.get("goal")) {
            (Some(goal), _) => goal,
            (None, None) => 100,
            (None, Some(Value::Integer(i))) => u32::try_from(*i).map_err(|_| outside(i))?,
            (None, Some(other)) => {
                return Err(format!(
                    "goal is {}: a whole number from 1 to {MAX_RULES_GOAL}",
                    shown(other)
                ))
            }
        };
        if !(1..=MAX_RULES_GOAL).contains(&goal) {
            return Err(outside(&goal));
        }
        let mut parts = Vec::new();
        let mut named = |chosen: Chosen| {
            parts.push(chosen.part());
            chosen
        };
        let zero_dice = match table.get("zero_dice") {
            Some(value) => {
                let chosen = named(component(value, Kind::ZeroDice)?);
                ZeroDiceRule::named(chosen.component.name, &|p| chosen.get(p))?
            }
            None => return Err("no zero_dice (it is required)".into()),
        };
        if let Some((most, why)) = zero_dice.goal_limit() {
            if goal > most {
                return Err(format!("{why} {most}, not {goal}"));
            }
        }
        let six = Value::String("six-sided".into());
        let chosen = named(component(table.get("dice").unwrap_or(&six), Kind::Dice)?);
        let dice = DiceSidesRule::named(chosen.component.name, &|p| chosen.get(p))?;
        let max_dice = match table.get("max_dice") {
            Some(value) => match named(component(value, Kind::MaxDice)?).component.name {
                "hog-tied" => Some(MaxDiceRule::HogTied),
                other => unreachable!("{other} is in the catalog"),
            },
            None => None,
        };
        let pig_out = match table.get("pig_out") {
            None => PigOut::Points(1),
            Some(Value::String(s)) if s == "ones" => PigOut::Ones,
            Some(value @ Value::Integer(_)) => {
                let points = integer(value, "pig_out")?;
                if points > MAX_TURN_POINTS {
                    return Err(format!(
                        "pig_out {points} is more than {MAX_TURN_POINTS} points"
                    ));
                }
                PigOut::Points(points)
            }
            Some(other) => {
                return Err(format!(
                    "pig_out is {}: a number of points or \"ones\"",
                    shown(other)
                ))
            }
        };
        let turn_points = list(table.get("turn_points"), Kind::TurnPoints)?
            .into_iter()
            .map(|chosen| {
                let chosen = named(chosen);
                TurnPointsRule::named(chosen.component.name, &|p| chosen.get(p))
            })
            .collect::<Result<_, _>>()?;
        let after_turn = list(table.get("after_turn"), Kind::AfterTurn)?
            .into_iter()
            .map(|chosen| AfterTurnRule::named(named(chosen).component.name))
            .collect();
        let extra_turn = list(table.get("extra_turn"), Kind::ExtraTurn)?
            .into_iter()
            .map(|chosen| ExtraTurnRule::named(named(chosen).component.name))
            .collect();
        let memory = match table.get("memory") {
            None => None,
            Some(value) => {
                let name = named(component(value, Kind::Memory)?).component.name;
                Some(FeralHogs::from_name(name).expect("the catalog's memories are Feral Hogs"))
            }
        };
        let clock = match table.get("clock") {
            None => None,
            Some(value) => {
                // Each clock makes itself from its parameters: the
                // library's list of clocks names each maker once.
                let chosen = named(component(value, Kind::Clock)?);
                let make = CLOCKS
                    .iter()
                    .find(|(name, _)| *name == chosen.component.name)
                    .map(|&(_, make)| make)
                    .expect("every clock of the catalog has its maker");
                Some(make(&|param| chosen.get(param), goal)?)
            }
        };
        Ok(ComposedRules {
            goal,
            zero_dice,
            dice,
            max_dice,
            pig_out,
            turn_points,
            after_turn,
            extra_turn,
            memory,
            clock,
            parts,
        })
    }

    /// What each player remembers, if the file names a memory.
    pub fn memory(&self) -> Option<FeralHogs> {
        self.memory
    }

    /// The clock both players share, if the file names one.
    pub fn clock(&self) -> Option<ClockRule> {
        self.clock.clone()
    }

    /// These rules with `memory` in place of the file's own.
    pub fn with_memory(self, memory: Option<FeralHogs>) -> ComposedRules {
        let mut parts: Vec<Part> = self
            .parts
            .into_iter()
            .filter(|p| p.key != Kind::Memory.key())
            .collect();
        if let Some(memory) = memory {
            let component = CATALOG
                .iter()
                .find(|c| c.kind == Kind::Memory && c.name == PlayerMemory::name(&memory))
                .expect("every memory is in the catalog");
            // Before the clock, where the file would have it.
            let at = parts
                .iter()
                .position(|p| p.key == Kind::Clock.key())
                .unwrap_or(parts.len());
            parts.insert(at, Chosen::of(*component).part());
        }
        ComposedRules {
            memory,
            parts,
            ..self
        }
    }
}

/// A named component with its parameters, defaults filled in.
struct Chosen {
    component: Component,
    values: Vec<u32>,
}

impl Chosen {
    /// `component` with its parameters' defaults.
    fn of(component: Component) -> Chosen {
        Chosen {
            values: component.params.iter().map(|&(_, d)| d).collect(),
            component,
        }
    }

    /// The component as the faces show it.
    fn part(&self) -> Part {
        let c = self.component;
        Part {
            key: c.kind.key(),
            name: c.name,
            params: (c.params.iter().map(|&(p, _)| p))
                .zip(self.values.iter().copied())
                .collect(),
            definition: c.definition,
            from: c.from,
        }
    }

    fn get(&self, param: &str) -> u32 {
        let i = self.component.params.iter().position(|(p, _)| *p == param);
        self.values[i.expect("a parameter of the catalog")]
    }
}

/// A value as the file wrote it, for messages.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{s:?}"),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Datetime(_) => "a date".into(),
        Value::Array(_) => "a list".into(),
        Value::Table(_) => "a table".into(),
    }
}

/// A non-negative integer that fits the rules' numbers.
fn integer(value: &Value, what: &str) -> Result<u32, String> {
    value
        .as_integer()
        .and_then(|i| u32::try_from(i).ok())
        .filter(|&i| i <= 1_000_000)
        .ok_or_else(|| {
            format!(
                "{what} is {}: a whole number from 0 to 1000000",
                shown(value)
            )
        })
}

/// The component a value names, of kind `kind`.
fn component(value: &Value, kind: Kind) -> Result<Chosen, String> {
    let key = kind.key();
    let (name, params) = match value {
        Value::String(name) => (name.as_str(), None),
        Value::Table(table) => match table.get("rule") {
            Some(Value::String(name)) => (name.as_str(), Some(table)),
            _ => return Err(format!("{key}: a table names its component under 'rule'")),
        },
        other => {
            return Err(format!(
                "{key} is {}: a component's name or a table",
                shown(other)
            ))
        }
    };
    let Some(&component) = CATALOG.iter().find(|c| c.kind == kind && c.name == name) else {
        let names: Vec<&str> = CATALOG
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.name)
            .collect();
        return Err(format!(
            "unknown {key} component '{}'; it is one of {}",
            name.chars().take(40).collect::<String>(),
            names.join(", ")
        ));
    };
    let mut values: Vec<u32> = component.params.iter().map(|&(_, d)| d).collect();
    for (param, value) in params.into_iter().flatten() {
        if param == "rule" {
            continue;
        }
        let Some(i) = component.params.iter().position(|(p, _)| p == param) else {
            let known: Vec<&str> = component.params.iter().map(|(p, _)| *p).collect();
            return Err(format!(
                "{key} component {name} has no parameter '{param}'{}",
                if known.is_empty() {
                    "; it takes none".to_string()
                } else {
                    format!("; it takes {}", known.join(", "))
                }
            ));
        };
        values[i] = integer(value, &format!("{name}'s {param}"))?;
    }
    Ok(Chosen { component, values })
}

/// A list of components (a single one may stand alone).
fn list(value: Option<&Value>, kind: Kind) -> Result<Vec<Chosen>, String> {
    match value {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items.iter().map(|v| component(v, kind)).collect(),
        Some(single) => Ok(vec![component(single, kind)?]),
    }
}

impl ScoreRules for ComposedRules {
    fn goal(&self) -> u32 {
        self.goal
    }

    fn zero_dice(&self, score: u32, opponent: u32) -> u32 {
        self.zero_dice.points(score, opponent)
    }

    fn dice_sides(&self, score: u32, opponent: u32) -> u32 {
        self.dice.sides(score, opponent)
    }

    fn rerolled(&self, score: u32, opponent: u32) -> bool {
        self.dice.rerolled(score, opponent)
    }

    fn max_dice(&self, score: u32, opponent: u32) -> u32 {
        self.max_dice.map_or(crate::dice::MAX_DICE as u32, |rule| {
            rule.most(score, opponent)
        })
    }

    fn pig_out(&self) -> PigOut {
        self.pig_out
    }

    fn has_turn_points(&self) -> bool {
        !self.turn_points.is_empty()
    }

    fn turn_points(&self, points: u32, dice: u32, _: u32, _: u32) -> u32 {
        self.turn_points
            .iter()
            .fold(points, |points, rule| rule.apply(points, dice))
    }

    fn after_turn(&self, score: u32, opponent: u32) -> (u32, u32) {
        self.after_turn
            .iter()
            .fold((score, opponent), |(m, o), rule| rule.apply(m, o))
    }

    fn reads_turn(&self) -> bool {
        self.after_turn.iter().any(|rule| rule.reads_turn())
    }

    fn turn_end(&self, score: u32, opponent: u32, points: u32, dice: u32) -> (u32, u32) {
        let turn = Turn { points, dice };
        self.after_turn
            .iter()
            .fold((score + points, opponent), |(m, o), rule| {
                rule.apply_to_turn(m, o, turn)
            })
    }

    fn extra_turn(&self, score: u32, opponent: u32) -> bool {
        self.extra_turn
            .iter()
            .any(|rule| rule.applies(score, opponent))
    }

    // Every field is a plain value and derived Debug writes them all.
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        write!(out, "{self:?}").is_ok()
    }

    fn parts(&self) -> Vec<Part> {
        self.parts.clone()
    }

    fn told_end(&self, score: u32, opponent: u32, points: u32, dice: u32) -> Vec<Told> {
        let turn = Turn { points, dice };
        let named = self.parts.iter().filter(|p| p.key == Kind::AfterTurn.key());
        let mut scores = (score + points, opponent);
        let mut told = Vec::new();
        for (rule, part) in self.after_turn.iter().zip(named) {
            let after = rule.apply_to_turn(scores.0, scores.1, turn);
            if after != scores {
                told.push(Told {
                    rule: part.named(),
                    definition: part.definition,
                    before: scores,
                    after,
                });
            }
            scores = after;
        }
        told
    }
}

#[cfg(test)]
mod tests;
