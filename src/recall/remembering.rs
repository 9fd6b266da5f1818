//! A memory and a clock checked against a rule set and tabulated once:
//! what the sweep with memory (`crate::engine`) reads of them.

use std::sync::Arc;

use super::{Clock, Context, MinusOne, PlayerMemory};
use crate::dice::MAX_DICE;
use crate::error::HogError;
use crate::general::{
    PigOut, PointSet, Roll, RuleTables, ScoreRules, Slot, DIE_CODES, MAX_TURN_POINTS, SIDES,
};

/// The largest memory a player may have: the state count grows with its
/// square.
pub const MAX_MEMORY: u32 = 32;

/// The largest clock both players share.
pub const MAX_CLOCK: u32 = 64;

/// What the sweep reads of the memory rule, tabulated once.
#[derive(Debug)]
pub(crate) struct Plan {
    pub(crate) size: usize,
    /// `bonuses[k]`: the distinct bonus values rolling `k` dice can earn.
    pub(crate) bonuses: Vec<Vec<u32>>,
    /// `which[a * (MAX_DICE + 1) + k]`: the index in `bonuses[k]` of what
    /// memory `a` earns for `k` dice.
    pub(crate) which: Vec<u8>,
    /// `remember[k * (MAX_TURN_POINTS + 1) + q]`.
    pub(crate) remember: Vec<u8>,
    /// The most bonus values of one dice count.
    pub(crate) most: usize,
    /// How many values the clock takes.
    pub(crate) clocks: usize,
    /// The moves a player has: the dice counts 0 to 10, and rolling -1
    /// dice ([`MINUS_ONE`], the 12th) where the clock has that move.
    pub(crate) moves: usize,
    /// `ticks[c * moves + k]`: the clock after rolling `k` at clock `c`,
    /// and whether the mover moves again, for clocks that do not read the
    /// points.
    pub(crate) ticks: Vec<(u32, bool)>,
    /// For clocks that read the points: `[(c * moves + k) * POINTS + q]`
    /// after a turn that added `q` points.
    pub(crate) point_ticks: Option<Vec<(u32, bool)>>,
    /// The rules each clock's turns play: per distinct change the clock
    /// makes to them, the clocks that make it.
    pub(crate) variants: Vec<(Variant, Vec<usize>)>,
    /// `variant_of[c]`: the index in `variants` of clock `c`'s.
    pub(crate) variant_of: Vec<usize>,
    /// The move of rolling -1 dice at each clock, where there is one;
    /// where the rules have it at other clocks, it is spent here and rolls
    /// `spent` dice.
    pub(crate) minus_one: Vec<Option<MinusOne>>,
    /// The dice a spent -1 rolls, where some clock has it spent.
    pub(crate) spent: Option<usize>,
    /// Where some -1 swaps the scores (a move within the state: the other
    /// player's turn at the same scores): every clock, each after the
    /// clock its swap goes to, so a state's contexts settle in this order.
    /// Empty where none swaps.
    pub(crate) swap_order: Vec<usize>,
    /// `on_extra[c]`: the clock where a turn's tick gave `c` and the rules
    /// (not the clock) give the mover the next turn.
    pub(crate) on_extra: Vec<u32>,
}

/// The dice counts, 0 to 10.
pub(crate) const CHOICES: usize = MAX_DICE + 1;
pub(crate) const POINTS: usize = MAX_TURN_POINTS as usize + 1;

impl Plan {
    fn new(memory: &dyn PlayerMemory, clock: &dyn Clock) -> Result<Plan, HogError> {
        let name = memory.name();
        let size = memory.size();
        if !(1..=MAX_MEMORY).contains(&size) {
            return Err(HogError::BadRules(format!(
                "{name} remembers {size} values; a player's memory holds 1 to {MAX_MEMORY}"
            )));
        }
        let clocks = clock.size();
        if !(1..=MAX_CLOCK).contains(&clocks) {
            return Err(HogError::BadRules(format!(
                "{} counts {clocks} values; a clock holds 1 to {MAX_CLOCK}",
                clock.name()
            )));
        }
        let cname = clock.name();
        let minus_one: Vec<Option<MinusOne>> = (0..clocks).map(|c| clock.minus_one(c)).collect();
        let has_move = minus_one.iter().any(Option::is_some);
        let bad_move = minus_one
            .iter()
            .flatten()
            .find(|m| m.next >= clocks || m.points > MAX_TURN_POINTS || m.swaps && m.points > 0);
        if let Some(&MinusOne { points, next, .. }) = bad_move {
            return Err(HogError::BadRules(format!(
                "{cname}'s -1 move scores {points} and goes to clock {next}: at most \
                 {MAX_TURN_POINTS} points (none where it swaps the scores), clocks 0 to {}",
                clocks - 1
            )));
        }
        if has_move && size > 1 {
            return Err(HogError::BadRules(format!(
                "{cname} with {name}: a -1 move rolls no dice for a memory to remember"
            )));
        }
        let moves = if has_move { CHOICES + 1 } else { CHOICES };
        // Where the move is at some clocks and not at others, it is spent
        // there and rolls these dice.
        let spent =
            (has_move && minus_one.iter().any(Option::is_none)).then(|| clock.spent_minus_one());
        if let Some(spent) = spent.filter(|&spent| spent as usize > MAX_DICE) {
            return Err(HogError::BadRules(format!(
                "{cname}'s spent -1 rolls {spent} dice: 0 to {MAX_DICE}"
            )));
        }
        let swap_order = swap_order(&minus_one, &cname)?;
        let mut bonuses = vec![Vec::new(); moves];
        let mut which = Vec::with_capacity(size as usize * moves);
        for a in 0..size {
            for (k, values) in bonuses.iter_mut().enumerate() {
                // The -1 move rolls no dice: no memory pays for it.
                let bonus = if k < CHOICES {
                    memory.bonus(a, k as u32)
                } else {
                    0
                };
                if bonus > MAX_TURN_POINTS {
                    return Err(HogError::BadRules(format!(
                        "{name} gives a bonus of {bonus} for {k} dice: at most {MAX_TURN_POINTS} points"
                    )));
                }
                let j = values.iter().position(|&v| v == bonus).unwrap_or_else(|| {
                    values.push(bonus);
                    values.len() - 1
                });
                which.push(j as u8);
            }
        }
        let mut remember = Vec::with_capacity(moves * POINTS);
        for k in 0..moves as u32 {
            for q in 0..POINTS as u32 {
                let m = if (k as usize) < CHOICES {
                    memory.remember(k, q)
                } else {
                    0
                };
                if m >= size {
                    return Err(HogError::BadRules(format!(
                        "{name} remembers {m} after {k} dice scoring {q}: memories are 0 to {}",
                        size - 1
                    )));
                }
                remember.push(m as u8);
            }
        }
        let most = bonuses.iter().map(Vec::len).max().unwrap_or(1);
        let checked = |c: u32, k: u32, q: u32| {
            let (next, again) = clock.tick(c, k, q);
            if next >= clocks {
                return Err(HogError::BadRules(format!(
                    "{cname} goes from {c} to {next} after {k} dice: clocks are 0 to {}",
                    clocks - 1
                )));
            }
            Ok((next, again))
        };
        let mut ticks = Vec::with_capacity(clocks as usize * moves);
        let mut point_ticks = Vec::new();
        let mut variants: Vec<(Variant, Vec<usize>)> = Vec::new();
        for c in 0..clocks {
            for k in 0..CHOICES as u32 {
                if clock.reads_points() {
                    for q in 0..POINTS as u32 {
                        point_ticks.push(checked(c, k, q)?);
                    }
                    ticks.push((0, false));
                } else {
                    ticks.push(checked(c, k, 0)?);
                }
            }
            match (minus_one[c as usize], spent) {
                // The -1 move's clock is its own: no roll to tick.
                (Some(m), _) => {
                    if clock.reads_points() {
                        point_ticks.extend(std::iter::repeat_n((m.next, false), POINTS));
                    }
                    ticks.push((m.next, false));
                }
                // A spent -1 ticks as the dice it rolls.
                (None, Some(spent)) => {
                    if clock.reads_points() {
                        for q in 0..POINTS as u32 {
                            point_ticks.push(checked(c, spent, q)?);
                        }
                        ticks.push((0, false));
                    } else {
                        ticks.push(checked(c, spent, 0)?);
                    }
                }
                (None, None) => {}
            }
            let dice: Vec<u32> = (0..=*SIDES.end()).map(|own| clock.dice(c, own)).collect();
            if let Some(own) = SIDES
                .clone()
                .find(|&own| !SIDES.contains(&dice[own as usize]))
            {
                return Err(HogError::BadRules(format!(
                    "{cname} rolls dice of {} sides for {own}-sided ones at clock {c}: dice have \
                     2 to 20 sides",
                    dice[own as usize]
                )));
            }
            let change = Variant {
                dice: SIDES
                    .clone()
                    .any(|own| dice[own as usize] != own)
                    .then_some(dice),
                goals: clock.goals(c),
            };
            match variants.iter_mut().find(|(v, _)| *v == change) {
                Some((_, of)) => of.push(c as usize),
                None => variants.push((change, vec![c as usize])),
            }
        }
        let mut variant_of = vec![0; clocks as usize];
        for (v, (_, of)) in variants.iter().enumerate() {
            for &c in of {
                variant_of[c] = v;
            }
        }
        let on_extra: Vec<u32> = (0..clocks).map(|c| clock.on_extra_turn(c)).collect();
        if let Some((c, &to)) = on_extra.iter().enumerate().find(|&(_, &to)| to >= clocks) {
            return Err(HogError::BadRules(format!(
                "{cname} goes from {c} to {to} on an extra turn: clocks are 0 to {}",
                clocks - 1
            )));
        }
        Ok(Plan {
            size: size as usize,
            bonuses,
            which,
            remember,
            most,
            clocks: clocks as usize,
            moves,
            ticks,
            point_ticks: clock.reads_points().then_some(point_ticks),
            variants,
            variant_of,
            minus_one,
            spent: spent.map(|spent| spent as usize),
            swap_order,
            on_extra,
        })
    }

    /// Whether some -1 move keeps the scores' sum (it swaps them) or some
    /// -1 is spent: the sweep then settles a state's contexts in
    /// [`Plan::swap_order`], and fixed tables take the full sweep.
    pub(crate) fn minus_one_varies(&self) -> bool {
        !self.swap_order.is_empty() || self.spent.is_some()
    }

    /// Every move a best seat weighs: the dice counts, and -1 if there.
    pub(crate) fn every_move(&self) -> std::ops::RangeInclusive<u8> {
        0..=(self.moves - 1) as u8
    }
}

/// The clocks in an order where each comes after the clock its swapping
/// -1 goes to (see [`Plan::swap_order`]); none where no -1 swaps. A swap
/// keeps the scores' sum, so the clock must move on for good: a swap that
/// comes back to its clock is refused.
fn swap_order(minus_one: &[Option<MinusOne>], name: &str) -> Result<Vec<usize>, HogError> {
    let to = |c: usize| minus_one[c].filter(|m| m.swaps).map(|m| m.next as usize);
    if (0..minus_one.len()).all(|c| to(c).is_none()) {
        return Ok(Vec::new());
    }
    let mut order = Vec::with_capacity(minus_one.len());
    let mut placed = vec![false; minus_one.len()];
    for start in 0..minus_one.len() {
        // Follow the swaps from `start` to a placed clock or one with no
        // swap, then place the path back to front.
        let mut path = Vec::new();
        let mut c = start;
        while !placed[c] {
            if path.contains(&c) {
                return Err(HogError::BadRules(format!(
                    "{name}'s -1 swaps the scores and comes back to clock {c}: a swap keeps \
                     the scores' sum, so it must move the clock on for good"
                )));
            }
            path.push(c);
            match to(c) {
                Some(next) => c = next,
                None => break,
            }
        }
        for &c in path.iter().rev() {
            placed[c] = true;
            order.push(c);
        }
    }
    Ok(order)
}

/// Refuse what the sweep cannot take: a turn's points and bonus past the
/// landing table, and a turn that does not raise the score sum (a level
/// diagonal, which the score-only path solves as a fixed point, is not yet
/// solved with memory).
fn check(tables: &RuleTables, plan: &Plan, name: &str) -> Result<(), HogError> {
    let n = tables.goal();
    // The raw points a roll of `k` dice of some sides can score: the same
    // at every state where no rule changes the points, so found once.
    let mut rolls: Vec<Option<PointSet>> = vec![None; DIE_CODES * CHOICES];
    // Only a turn of at most `limit` points can keep the score sum. Where
    // no rule changes the points, the fewest and most points 1 to 10 dice
    // score depend on the dice's sides alone: a state whose turns all score
    // more than `limit` and stay within the landing table, bonuses
    // included, needs no closer look (most states, under most rules).
    let limit = tables.max_drop();
    // A swapping -1 keeps the sum by design: the sweep settles it within
    // the state (see `Plan::swap_order`).
    let scoring = || plan.minus_one.iter().flatten().filter(|m| !m.swaps);
    let minus_one_rises = scoring().all(|m| m.points > limit);
    let bonus_span = |dice: std::ops::Range<usize>| {
        let bonuses = plan.bonuses[dice].iter().flatten().copied();
        bonuses.fold((u32::MAX, 0), |(least, most), b| {
            (least.min(b), most.max(b))
        })
    };
    let (zero_least, zero_most) = bonus_span(0..1);
    let (dice_least, dice_most) = bonus_span(1..CHOICES);
    for s in 0..n {
        for o in 0..n {
            if let (Some((fewest, most)), (Roll::Zero(zero), _, _), true) = (
                tables.dice_points(s, o),
                tables.roll_at(s, o, 0),
                minus_one_rises,
            ) {
                let least = fewest
                    .saturating_add(dice_least)
                    .min(zero.saturating_add(zero_least));
                let most = (most + dice_most).max(zero + zero_most);
                if least > limit && most <= MAX_TURN_POINTS {
                    continue;
                }
            }
            // The final points each choice from (s, o) can score, with
            // that choice's landings (the same row for every choice unless
            // the rules read the turn).
            let mut reach = PointSet::default();
            let mut by_dice = [PointSet::default(); CHOICES];
            let mut rows: [&[Slot]; CHOICES] = [&[]; CHOICES];
            for k in 0..CHOICES as u32 {
                let (roll, points, slots) = tables.roll_at(s, o, k);
                rows[k as usize] = slots;
                let raw = match (&roll, points) {
                    (Roll::Dice(_), None) => {
                        let k = tables.rolled(s, o, k);
                        let at = tables.die_at(s, o) as usize * CHOICES + k as usize;
                        *rolls[at].get_or_insert_with(|| PointSet::of(roll.outcomes().map(|o| o.0)))
                    }
                    _ => PointSet::of(
                        roll.outcomes()
                            .enumerate()
                            .map(|(i, (p, _))| points.map_or(p, |points| points[i])),
                    ),
                };
                let bonuses = &plan.bonuses[k as usize];
                let top = bonuses.iter().copied().max().unwrap_or(0);
                let q = raw.max();
                if q + top > MAX_TURN_POINTS {
                    return Err(HogError::BadRules(format!(
                        "with {name}, a turn from ({s}, {o}) rolling {k} dice can score \
                         {q} + {top} points: at most {MAX_TURN_POINTS}"
                    )));
                }
                for &bonus in bonuses {
                    by_dice[k as usize].add_shifted(&raw, bonus);
                }
                reach.add_shifted(&by_dice[k as usize], 0);
            }
            // Whether scoring `points` with `slots` lands on a state whose
            // scores sum to no more than s + o.
            let keeps_sum = |slots: &[Slot], points: u32| {
                let index = slots[points as usize].index() as u32;
                index < n * n && index / n + index % n <= s + o
            };
            for m in scoring() {
                if keeps_sum(rows[0], m.points) {
                    return Err(HogError::BadRules(format!(
                        "with {name}, rolling -1 dice from ({s}, {o}) for {} points keeps the \
                         sum of the scores; rules with memory need every turn to raise it",
                        m.points
                    )));
                }
            }
            for points in reach.iter() {
                let keeping =
                    (0..CHOICES).find(|&k| by_dice[k].has(points) && keeps_sum(rows[k], points));
                if let Some(k) = keeping {
                    return Err(HogError::BadRules(format!(
                        "with {name}, a turn from ({s}, {o}) rolling {k} dice for {points} \
                         points keeps the sum of the scores; rules with memory need every \
                         turn to raise it"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A memory and a clock checked against one rule set's tables (see
/// the sweep's conditions) and tabulated for the sweep: built once,
/// when the rules are read, and used by every sweep of those tables.
#[derive(Clone)]
pub struct Remembering {
    memory: Arc<dyn PlayerMemory + Send + Sync>,
    clock: Arc<dyn Clock + Send + Sync>,
    pub(crate) plan: Arc<Plan>,
    /// The tables of the rules as the clock changes them (its dice, its
    /// goals), in the order of the plan's variants (`None` where it
    /// changes nothing: the tables every sweep is given).
    changed: Vec<Option<Arc<RuleTables>>>,
}

impl std::fmt::Debug for Remembering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Remembering")
            .field("memory", &self.memory.name())
            .field("clock", &self.clock.name())
            .finish()
    }
}

impl Remembering {
    /// Check `memory` and `clock` against `rules` and their `tables`: a
    /// memory of 1 to [`MAX_MEMORY`] values, a clock of 1 to
    /// [`MAX_CLOCK`], bonuses within the landing table, every turn raising
    /// the score sum (with the clock's dice too), at most [`MAX_STATES`]
    /// states. A clock that chooses the dice gets the rules' tables
    /// with its dice, built here.
    pub fn new(
        rules: &dyn ScoreRules,
        tables: &RuleTables,
        memory: Arc<dyn PlayerMemory + Send + Sync>,
        clock: Arc<dyn Clock + Send + Sync>,
    ) -> Result<Remembering, HogError> {
        let plan = Plan::new(memory.as_ref(), clock.as_ref())?;
        // Rules that read the turn land each choice by its own row, of
        // the turn's final points: a memory's bonus on top, or a -1 that
        // scores without dice, would read past it. And what a choice of
        // dice rolls is the choice itself.
        let refused = if tables.reads_turn() && plan.bonuses.iter().flatten().any(|&b| b > 0) {
            Some("rules that read the turn's points or dice take no memory bonus")
        } else if tables.reads_turn() && plan.minus_one.iter().flatten().any(|m| !m.swaps) {
            Some("rules that read the turn's points or dice take no -1 move that scores")
        } else if tables.caps_dice() {
            Some("rules that cap the dice take no memory or clock")
        } else {
            None
        };
        if let Some(refused) = refused {
            let named: Vec<String> = [memory.name().to_string(), clock.name()]
                .into_iter()
                .filter(|name| name != "none")
                .collect();
            return Err(HogError::BadRules(format!(
                "{}: {refused}",
                named.join(" and ")
            )));
        }
        let mut changed = Vec::with_capacity(plan.variants.len());
        for (change, _) in &plan.variants {
            changed.push(match change {
                Variant {
                    dice: None,
                    goals: None,
                } => None,
                Variant { dice, goals } => Some(Arc::new(RuleTables::new(&Resided {
                    rules,
                    sides: dice.as_deref(),
                    goals: *goals,
                })?)),
            });
        }
        if clock.goals(0).is_some() && tables.has_extra_turns() {
            return Err(HogError::BadRules(format!(
                "{}: the goals follow the turns, and these rules give extra turns (a \
                 player's goal would pass to the other)",
                clock.name()
            )));
        }
        let remembering = Remembering {
            memory,
            clock,
            plan: Arc::new(plan),
            changed,
        };
        let name = remembering.name();
        let goal = u64::from(tables.goal());
        let plan = remembering.plan.as_ref();
        let states = goal * goal * (plan.clocks * plan.size * plan.size) as u64;
        if states > MAX_STATES {
            return Err(HogError::BadRules(format!(
                "goal {goal} with {name} makes {states} states with memory; at most {MAX_STATES}"
            )));
        }
        for variant in remembering.variants(tables) {
            check(variant, plan, &name)?;
        }
        Ok(remembering)
    }

    /// The tables each of the plan's variants plays with.
    pub(crate) fn variants<'a>(&'a self, tables: &'a RuleTables) -> Vec<&'a RuleTables> {
        self.changed
            .iter()
            .map(|own| own.as_deref().unwrap_or(tables))
            .collect()
    }

    /// The memory rule.
    pub fn memory(&self) -> &(dyn PlayerMemory + Send + Sync) {
        self.memory.as_ref()
    }

    /// The clock both players share.
    pub fn clock(&self) -> &(dyn Clock + Send + Sync) {
        self.clock.as_ref()
    }

    /// The rules' names: the memory's, the clock's, or both.
    pub fn name(&self) -> String {
        match (self.plan.size, self.plan.clocks) {
            (_, 1) => self.memory.name().to_string(),
            (1, _) => self.clock.name(),
            _ => format!("{} and {}", self.memory.name(), self.clock.name()),
        }
    }

    /// The `hog explain` options that give what a state holds beyond the
    /// two scores.
    pub fn context_options(&self) -> &'static str {
        match (self.plan.size, self.plan.clocks) {
            (_, 1) => "--remembered",
            (1, _) => "--clock",
            _ => "--remembered and --clock",
        }
    }

    /// What a state holds beyond the two scores, in words.
    pub fn context_words(&self) -> &'static str {
        match (self.plan.size, self.plan.clocks) {
            (_, 1) => "what each player remembers",
            (1, _) => "the clock",
            _ => "what each player remembers and the clock",
        }
    }

    /// How many values each player remembers.
    pub fn size(&self) -> u32 {
        self.plan.size as u32
    }

    /// How many values the clock takes.
    pub fn clocks(&self) -> u32 {
        self.plan.clocks as u32
    }

    /// The contexts of a state: what each player remembers and the clock.
    pub fn contexts(&self) -> super::Contexts {
        super::Contexts {
            size: self.size(),
            clocks: self.clocks(),
        }
    }

    /// Refuse a context these rules cannot be in: each player remembers 0
    /// to `size - 1`, the clock is 0 to `clocks - 1`.
    pub fn check(&self, x: Context) -> Result<(), HogError> {
        let size = self.size();
        if let Some(bad) = [x.mine, x.theirs].into_iter().find(|&m| m >= size) {
            return Err(HogError::BadArgument(if size == 1 {
                format!(
                    "a memory of {bad} is out of range: under {} players remember nothing",
                    self.name()
                )
            } else {
                format!(
                    "a memory of {bad} is out of range: under {} each player remembers 0 to {}",
                    self.name(),
                    size - 1
                )
            }));
        }
        if x.clock >= self.clocks() {
            let (clock, name) = (x.clock, self.name());
            return Err(HogError::BadArgument(if self.clocks() == 1 {
                format!(
                    "a clock of {clock} is out of range: {name} has no clock (such as time-trot or \
                     perfect-piggy)"
                )
            } else {
                format!(
                    "a clock of {clock} is out of range: under {name} the clock is 0 to {}",
                    self.clocks() - 1
                )
            }));
        }
        Ok(())
    }
}

/// The most states with memory (scores and contexts) a sweep takes: about
/// 450 MB of values and choices a seat.
pub const MAX_STATES: u64 = 50_000_000;

/// How a clock changes the rules at some of its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Variant {
    /// `None`: the rules' own dice; else the sides of a die of each number
    /// of sides, indexed by it (Perfect Piggy's and Pork Chop's swapped
    /// dice).
    pub(crate) dice: Option<Vec<u32>>,
    /// The mover's goal and the other's, where the clock gives them.
    pub(crate) goals: Option<(u32, u32)>,
}

/// The rules as a clock changes them: a die of `own` sides rolls
/// `sides[own]`, and the players play to `goals`.
struct Resided<'a> {
    rules: &'a dyn ScoreRules,
    sides: Option<&'a [u32]>,
    goals: Option<(u32, u32)>,
}

impl ScoreRules for Resided<'_> {
    fn goal(&self) -> u32 {
        self.rules.goal()
    }
    fn zero_dice(&self, score: u32, opponent: u32) -> u32 {
        self.rules.zero_dice(score, opponent)
    }
    fn dice_sides(&self, score: u32, opponent: u32) -> u32 {
        let own = self.rules.dice_sides(score, opponent);
        self.sides.map_or(own, |sides| sides[own as usize])
    }
    fn max_dice(&self, score: u32, opponent: u32) -> u32 {
        self.rules.max_dice(score, opponent)
    }
    fn rerolled(&self, score: u32, opponent: u32) -> bool {
        self.rules.rerolled(score, opponent)
    }
    fn pig_out(&self) -> PigOut {
        self.rules.pig_out()
    }
    fn has_turn_points(&self) -> bool {
        self.rules.has_turn_points()
    }
    fn turn_points(&self, points: u32, dice: u32, score: u32, opponent: u32) -> u32 {
        self.rules.turn_points(points, dice, score, opponent)
    }
    fn after_turn(&self, score: u32, opponent: u32) -> (u32, u32) {
        self.rules.after_turn(score, opponent)
    }
    fn reads_turn(&self) -> bool {
        self.rules.reads_turn()
    }
    fn turn_end(&self, score: u32, opponent: u32, points: u32, dice: u32) -> (u32, u32) {
        self.rules.turn_end(score, opponent, points, dice)
    }
    fn extra_turn(&self, score: u32, opponent: u32) -> bool {
        self.rules.extra_turn(score, opponent)
    }
    fn goals(&self) -> (u32, u32) {
        self.goals.unwrap_or_else(|| self.rules.goals())
    }
}
