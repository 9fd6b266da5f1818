//! The sweep over states with memory (see the module's documentation for
//! the state and its layout).

use std::sync::Arc;

use rayon::prelude::*;

use super::{Clock, Context, MinusOne, PlayerMemory};
use crate::dice::MAX_DICE;
use crate::engine::policy::{best_choice, best_of, Policy};
use crate::error::HogError;
use crate::general::{
    PigOut, PointSet, Roll, RuleTables, ScoreRules, Slot, MAX_TURN_POINTS, SIDES,
};
use crate::table::MINUS_ONE;

/// The largest memory a player may have: the state count grows with its
/// square.
pub const MAX_MEMORY: u32 = 32;

/// The largest clock both players share.
pub const MAX_CLOCK: u32 = 64;

/// A seat's values after a sweep with memory: a block of `clocks * size *
/// size` contexts per state (states row-major, then the constants a
/// landing reads for a loss, half a win, a win), the context of the mover
/// remembering `a`, the other `b`, at clock `c` at `(c * size + b) * size +
/// a`. A landing handed to the other player is read for every `b` of the
/// turn's mover at once, which is then the other's `a`: contiguous.
#[derive(Debug, Clone)]
struct MemorySeat {
    values: Vec<f64>,
    /// The choices in the same order, without the constants.
    choices: Vec<u8>,
}

const CONSTANTS: [f64; 3] = crate::general::CONSTANTS;

/// The result of a sweep with memory: one seat for self-play, two
/// otherwise (seat 0 moves first).
#[derive(Debug, Clone)]
pub struct MemoryResult {
    goal: u32,
    size: u32,
    clocks: u32,
    seats: Vec<MemorySeat>,
}

impl MemoryResult {
    fn at(&self, s: u32, o: u32, x: Context) -> usize {
        let planes = (self.clocks * self.size * self.size) as usize;
        let state = (s * self.goal + o) as usize;
        state * planes + ((x.clock * self.size + x.theirs) * self.size + x.mine) as usize
    }

    /// Seat `seat`'s win probability when it is to move at `(s, o)` in
    /// context `x`.
    pub fn value(&self, seat: usize, s: u32, o: u32, x: Context) -> f64 {
        self.seats[seat].values[self.at(s, o, x)]
    }

    /// The dice count seat `seat` rolls there.
    pub fn choice(&self, seat: usize, s: u32, o: u32, x: Context) -> u8 {
        self.seats[seat].choices[self.at(s, o, x)]
    }

    /// Seat `seat`'s chance moving first from the start: scores 0 and
    /// the starting context.
    pub fn start(&self, seat: usize) -> f64 {
        self.value(seat, 0, 0, Context::START)
    }

    /// The goal.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The number of seats: 1 for self-play, 2 otherwise.
    pub fn seats(&self) -> usize {
        self.seats.len()
    }

    /// How many values each player's memory takes.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// How many values the shared clock takes.
    pub fn clocks(&self) -> u32 {
        self.clocks
    }

    /// The win probability of every dice count for seat `i` at `(s, o)`
    /// in context `x`, with play afterwards as in the sweep.
    pub fn choice_values(
        &self,
        tables: &RuleTables,
        remembering: &Remembering,
        i: usize,
        (s, o): (u32, u32),
        x: Context,
    ) -> [f64; MAX_DICE + 1] {
        let all = self.move_values(tables, remembering, i, (s, o), x);
        std::array::from_fn(|k| all[k])
    }

    /// [`MemoryResult::choice_values`] and, where the rules have the move
    /// of rolling -1 dice, its value last (at [`MINUS_ONE`]).
    pub fn move_values(
        &self,
        tables: &RuleTables,
        remembering: &Remembering,
        i: usize,
        (s, o): (u32, u32),
        x: Context,
    ) -> Vec<f64> {
        let plan = remembering.plan.as_ref();
        let variants = remembering.variants(tables);
        let mut scratch = Scratch::new(plan);
        let moves = plan.every_move();
        expectations(&variants, plan, &self.seats, i, (s, o), moves, &mut scratch);
        let (a, b, c) = (x.mine as usize, x.theirs as usize, x.clock as usize);
        (0..plan.moves)
            .map(|k| scratch.of(plan, a, b, c, k))
            .collect()
    }
}

/// What the sweep reads of the memory rule, tabulated once.
#[derive(Debug)]
struct Plan {
    size: usize,
    /// `bonuses[k]`: the distinct bonus values rolling `k` dice can earn.
    bonuses: Vec<Vec<u32>>,
    /// `which[a * (MAX_DICE + 1) + k]`: the index in `bonuses[k]` of what
    /// memory `a` earns for `k` dice.
    which: Vec<u8>,
    /// `remember[k * (MAX_TURN_POINTS + 1) + q]`.
    remember: Vec<u8>,
    /// The most bonus values of one dice count.
    most: usize,
    /// How many values the clock takes.
    clocks: usize,
    /// The moves a player has: the dice counts 0 to 10, and rolling -1
    /// dice ([`MINUS_ONE`], the 12th) where the clock has that move.
    moves: usize,
    /// `ticks[c * moves + k]`: the clock after rolling `k` at clock `c`,
    /// and whether the mover moves again, for clocks that do not read the
    /// points.
    ticks: Vec<(u32, bool)>,
    /// For clocks that read the points: `[(c * moves + k) * POINTS + q]`
    /// after a turn that added `q` points.
    point_ticks: Option<Vec<(u32, bool)>>,
    /// The dice each clock's turns roll: per distinct change the clock
    /// makes to the rules' dice (`None`: none; else the sides of a die of
    /// each number of sides, indexed by it), the clocks that make it.
    variants: Vec<(Option<Vec<u32>>, Vec<usize>)>,
    /// The move of rolling -1 dice at each clock, where there is one.
    minus_one: Vec<Option<MinusOne>>,
}

/// The dice counts, 0 to 10.
const CHOICES: usize = MAX_DICE + 1;
const POINTS: usize = MAX_TURN_POINTS as usize + 1;

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
        let moves = if minus_one.iter().any(Option::is_some) {
            if let Some(c) = minus_one.iter().position(Option::is_none) {
                return Err(HogError::BadRules(format!(
                    "{cname} has no -1 move at clock {c}: a clock has it at every value or at none"
                )));
            }
            if let Some(&MinusOne { points, next }) = minus_one
                .iter()
                .flatten()
                .find(|m| m.next >= clocks || m.points > MAX_TURN_POINTS)
            {
                return Err(HogError::BadRules(format!(
                    "{cname}'s -1 move scores {points} and goes to clock {next}: at most \
                     {MAX_TURN_POINTS} points, clocks 0 to {}",
                    clocks - 1
                )));
            }
            if size > 1 {
                return Err(HogError::BadRules(format!(
                    "{cname} with {name}: a -1 move rolls no dice for a memory to remember"
                )));
            }
            CHOICES + 1
        } else {
            CHOICES
        };
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
        let mut variants: Vec<(Option<Vec<u32>>, Vec<usize>)> = Vec::new();
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
            if let Some(m) = minus_one[c as usize] {
                // The -1 move's clock is its own: no roll to tick.
                if clock.reads_points() {
                    point_ticks.extend(std::iter::repeat_n((m.next, false), POINTS));
                }
                ticks.push((m.next, false));
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
            let change = SIDES
                .clone()
                .any(|own| dice[own as usize] != own)
                .then_some(dice);
            match variants.iter_mut().find(|(v, _)| *v == change) {
                Some((_, of)) => of.push(c as usize),
                None => variants.push((change, vec![c as usize])),
            }
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
            minus_one,
        })
    }

    /// Every move a best seat weighs: the dice counts, and -1 if there.
    fn every_move(&self) -> std::ops::RangeInclusive<u8> {
        0..=(self.moves - 1) as u8
    }
}

/// Refuse what the sweep cannot take: a turn's points and bonus past the
/// landing table, and a turn that does not raise the score sum (a level
/// diagonal, which the score-only path solves as a fixed point, is not yet
/// solved with memory).
fn check(tables: &RuleTables, plan: &Plan, name: &str) -> Result<(), HogError> {
    let n = tables.goal();
    // The raw points a roll of `k` dice of some sides can score: the same
    // at every state where no rule changes the points, so found once.
    let mut rolls: Vec<Option<PointSet>> = vec![None; (*SIDES.end() as usize + 1) * CHOICES];
    for s in 0..n {
        for o in 0..n {
            // The final points some turn from (s, o) can score: the
            // landings are the state's, so each is checked once.
            let mut reach = PointSet::default();
            let mut by_dice = [PointSet::default(); CHOICES];
            let mut slots: &[Slot] = &[];
            for k in 0..CHOICES as u32 {
                let (roll, points, state_slots) = tables.roll_at(s, o, k);
                slots = state_slots;
                let raw = match (&roll, points) {
                    (Roll::Dice(_), None) => {
                        let at = tables.sides_at(s, o) as usize * CHOICES + k as usize;
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
            // Whether scoring `points` from (s, o) lands on a state whose
            // scores sum to no more than s + o.
            let keeps_sum = |points: u32| {
                let index = slots[points as usize].index() as u32;
                index < n * n && index / n + index % n <= s + o
            };
            for m in plan.minus_one.iter().flatten() {
                if keeps_sum(m.points) {
                    return Err(HogError::BadRules(format!(
                        "with {name}, rolling -1 dice from ({s}, {o}) for {} points keeps the \
                         sum of the scores; rules with memory need every turn to raise it",
                        m.points
                    )));
                }
            }
            for points in reach.iter() {
                if keeps_sum(points) {
                    let k = by_dice.iter().position(|set| set.has(points)).unwrap_or(0);
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
/// [`memory_sweep`]'s conditions) and tabulated for the sweep: built once,
/// when the rules are read, and used by every sweep of those tables.
#[derive(Clone)]
pub struct Remembering {
    memory: Arc<dyn PlayerMemory + Send + Sync>,
    clock: Arc<dyn Clock + Send + Sync>,
    plan: Arc<Plan>,
    /// The tables of the rules with the clock's own dice, in the order of
    /// the plan's variants (`None` for the rules' own dice: the tables
    /// every sweep is given).
    dice: Vec<Option<Arc<RuleTables>>>,
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
        let mut dice = Vec::with_capacity(plan.variants.len());
        for (change, _) in &plan.variants {
            dice.push(match change {
                None => None,
                Some(sides) => Some(Arc::new(RuleTables::new(&Resided { rules, sides })?)),
            });
        }
        let remembering = Remembering {
            memory,
            clock,
            plan: Arc::new(plan),
            dice,
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

    /// The tables each of the plan's dice variants rolls with.
    fn variants<'a>(&'a self, tables: &'a RuleTables) -> Vec<&'a RuleTables> {
        self.dice
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

/// States of a diagonal one thread takes at least: a state is a few
/// microseconds of work, and a parallel diagonal costs the other thread's
/// wake-up.
const MIN_STATES_PER_THREAD: usize = 4;

/// The most states with memory (scores and contexts) a sweep takes: about
/// 450 MB of values and choices a seat.
pub const MAX_STATES: u64 = 50_000_000;

/// Sweep the game with memory: with one policy both players use it
/// (self-play, the optimum over the full state), with two seat 0 moves
/// first. A fixed table reads only the scores, whatever is remembered.
/// `remembering` must have been checked against these `tables`.
pub fn memory_sweep(
    tables: &RuleTables,
    remembering: &Remembering,
    policies: &[Policy<'_>],
) -> MemoryResult {
    assert!(
        matches!(policies.len(), 1 | 2),
        "a sweep has one or two seats"
    );
    let plan = remembering.plan.as_ref();
    let variants = remembering.variants(tables);
    let goal = tables.goal();
    let n = goal as usize;
    for p in policies {
        if let Policy::Fixed(t) = p {
            assert_eq!(t.goal(), goal, "the table is for another goal");
            assert!(
                plan.moves > CHOICES || t.minus_one_at().is_none(),
                "a table that rolls -1 dice under rules without that move"
            );
        }
    }
    let planes = plan.clocks * plan.size * plan.size;
    let mut seats: Vec<MemorySeat> = policies
        .iter()
        .map(|_| MemorySeat {
            // Zeros, not a sentinel: the allocator's zeroed pages cost no
            // pass of their own, and the sweep writes every state before
            // any state reads it (the diagonal order).
            values: {
                let mut values = vec![0.0; n * n * planes + CONSTANTS.len() * planes];
                for (c, block) in CONSTANTS
                    .iter()
                    .zip(values[n * n * planes..].chunks_mut(planes))
                {
                    block.fill(*c);
                }
                values
            },
            choices: vec![0; planes * n * n],
        })
        .collect();
    // Each diagonal's new values and choices, seat after seat and state
    // after state, written by the threads into these and then copied into
    // place (the states of a diagonal lie apart in the seats). Both seats
    // in one parallel pass: one meeting of the threads a diagonal.
    let count = seats.len();
    let mut new_values: Vec<f64> = vec![0.0; count * n * planes];
    let mut new_choices: Vec<u8> = vec![0; count * n * planes];
    let mut diagonals = || {
        for d in (0..=2 * (n - 1)).rev() {
            let scores = d.saturating_sub(n - 1)..d.min(n - 1) + 1;
            let (first, len) = (scores.start, scores.len());
            let seats_ref = &seats;
            new_values[..count * len * planes]
                .par_chunks_mut(planes)
                .zip(new_choices[..count * len * planes].par_chunks_mut(planes))
                .enumerate()
                .with_min_len(MIN_STATES_PER_THREAD)
                .for_each_init(
                    || Scratch::new(plan),
                    |scratch, (job, (values, choices))| {
                        let (i, s) = (job / len, first + job % len);
                        let at = (s as u32, (d - s) as u32);
                        state(
                            &variants, plan, seats_ref, policies, i, at, scratch, values, choices,
                        );
                    },
                );
            let done = new_values.chunks(planes).zip(new_choices.chunks(planes));
            for (job, (values, choices)) in done.take(count * len).enumerate() {
                let (seat, s) = (&mut seats[job / len], first + job % len);
                let at = (s * n + d - s) * planes;
                seat.values[at..at + planes].copy_from_slice(values);
                seat.choices[at..at + planes].copy_from_slice(choices);
            }
        }
    };
    // On a pool thread, as the other sweeps do.
    rayon::scope(|_| diagonals());
    MemoryResult {
        goal,
        size: plan.size as u32,
        clocks: plan.clocks as u32,
        seats,
    }
}

/// Seat `i`'s expectations at `(s, o)` for the dice counts in `dice`, in
/// `scratch` (see [`Scratch::slot`]), each clock's rolls from the tables
/// of its dice variant.
fn expectations(
    variants: &[&RuleTables],
    plan: &Plan,
    seats: &[MemorySeat],
    i: usize,
    (s, o): (u32, u32),
    dice: std::ops::RangeInclusive<u8>,
    scratch: &mut Scratch,
) {
    let size = plan.size;
    let n = variants[0].goal() as usize;
    let own = &seats[i].values;
    let next = &seats[(i + 1) % seats.len()].values;
    let Scratch { expected, outcomes } = scratch;
    for k in dice {
        let k = usize::from(k);
        if k == usize::from(MINUS_ONE) {
            // No dice: one outcome, its points from the raw score on,
            // whatever the clock's dice.
            let (_, _, slots) = variants[0].roll_at(s, o, 0);
            for (c, minus_one) in plan.minus_one.iter().enumerate() {
                let points = minus_one.expect("a -1 move at every clock").points as usize;
                let slot = slots[points];
                outcomes.clear();
                outcomes.push((1.0, slot.other(), slot.index() as u32, 0, points as u8));
                let sums = clocked(plan, (own, next), n, (c, k), outcomes);
                for (b, &sum) in sums[..size].iter().enumerate() {
                    expected[Scratch::slot(plan, b, c, k, 0)] = sum;
                }
            }
            continue;
        }
        for (tables, (_, clocks)) in variants.iter().zip(&plan.variants) {
            let (roll, points, slots) = tables.roll_at(s, o, k as u32);
            for (j, &bonus) in plan.bonuses[k].iter().enumerate() {
                outcomes.clear();
                for (x, (p, prob)) in roll.outcomes().enumerate() {
                    let q = points.map_or(p, |points| points[x]) as usize;
                    let m = plan.remember[k * POINTS + q];
                    let total = q + bonus as usize;
                    let slot = slots[total];
                    outcomes.push((prob, slot.other(), slot.index() as u32, m, total as u8));
                }
                for &c in clocks {
                    let sums = clocked(plan, (own, next), n, (c, k), outcomes);
                    for (b, &sum) in sums[..size].iter().enumerate() {
                        expected[Scratch::slot(plan, b, c, k, j)] = sum;
                    }
                }
            }
        }
    }
}

/// The expectation of one roll's `outcomes` at clock `c` for every memory
/// `b` of the other player at once, each sum in the outcomes' order.
/// Plain sums (the terms are few and in [0, 1]: rounding stays within a
/// few units in the last place) so the loops over b vectorize; no fused
/// multiply-add, so the bits do not depend on the CPU.
#[inline(always)]
fn clocked(
    plan: &Plan,
    (own, next): (&[f64], &[f64]),
    n: usize,
    (c, k): (usize, usize),
    outcomes: &[Outcome],
) -> [f64; MAX_MEMORY as usize] {
    let size = plan.size;
    let planes = plan.clocks * size * size;
    let fixed = plan.ticks[c * plan.moves + k];
    let mut sums = [0.0f64; MAX_MEMORY as usize];
    for &(prob, other, index, m, total) in outcomes {
        let (index, m) = (index as usize, usize::from(m));
        let (next_clock, again) = match &plan.point_ticks {
            None => fixed,
            Some(ticks) => ticks[(c * plan.moves + k) * POINTS + usize::from(total)],
        };
        let after = next_clock as usize * size;
        if other && !again {
            // The other player moves next remembering b, against m: their
            // context b' = m, a' = b.
            let row = &next[index * planes + (after + m) * size..][..size];
            for (sum, &v) in sums.iter_mut().zip(row) {
                *sum += prob * (1.0 - v);
            }
        } else {
            // The mover goes on (an extra turn, the clock's or the rules',
            // or the game's end) remembering m, the other b. A landing
            // handed to the other player that the clock gives back to the
            // mover is the other's state read the other way round.
            let mine = if other {
                (index % n) * n + index / n
            } else {
                index
            };
            let block = &own[mine * planes + after * size..];
            for (b, sum) in sums[..size].iter_mut().enumerate() {
                *sum += prob * block[b * size + m];
            }
        }
    }
    sums
}

/// One outcome of a roll as [`expectations`] reads it: its probability,
/// whether the other player's state is where it lands, the landing's
/// state (or constant), what the mover then remembers, and the points the
/// turn added (for clocks that read them).
type Outcome = (f64, bool, u32, u8, u8);

/// A thread's buffers for [`expectations`]: the expectations (see
/// [`Scratch::slot`]), and one choice's outcomes.
struct Scratch {
    expected: Vec<f64>,
    outcomes: Vec<Outcome>,
}

impl Scratch {
    fn new(plan: &Plan) -> Scratch {
        Scratch {
            expected: vec![0.0; plan.clocks * plan.size * plan.moves * plan.most],
            outcomes: Vec::with_capacity(64),
        }
    }

    /// Where rolling `k` with the `j`-th bonus of `k` against `b` at clock
    /// `c` is kept.
    #[inline(always)]
    fn slot(plan: &Plan, b: usize, c: usize, k: usize, j: usize) -> usize {
        ((c * plan.size + b) * plan.moves + k) * plan.most + j
    }

    /// The value of rolling `k` for a mover remembering `a` against `b` at
    /// clock `c`.
    #[inline(always)]
    fn of(&self, plan: &Plan, a: usize, b: usize, c: usize, k: usize) -> f64 {
        let j = usize::from(plan.which[a * plan.moves + k]);
        self.expected[Scratch::slot(plan, b, c, k, j)]
    }
}

/// Seat `i`'s values and choices at `(s, o)` for every context, in the
/// seat's order (`(c * size + b) * size + a`), into `values` and `choices`.
#[allow(clippy::too_many_arguments)]
fn state(
    variants: &[&RuleTables],
    plan: &Plan,
    seats: &[MemorySeat],
    policies: &[Policy<'_>],
    i: usize,
    at: (u32, u32),
    scratch: &mut Scratch,
    values: &mut [f64],
    choices: &mut [u8],
) {
    let size = plan.size;
    let fixed = match policies[i] {
        Policy::Fixed(table) => Some(table.get(at.0, at.1)),
        Policy::Best => None,
    };
    let dice = fixed.map_or(plan.every_move(), |k| k..=k);
    expectations(variants, plan, seats, i, at, dice, scratch);
    if let Some(k) = fixed {
        // One count: each context reads the expectation of its bonus.
        let k = usize::from(k);
        let which: [u8; MAX_MEMORY as usize] =
            std::array::from_fn(|a| plan.which.get(a * plan.moves + k).copied().unwrap_or(0));
        let which = &which[..size];
        for (cb, values) in values.chunks_exact_mut(size).enumerate() {
            let (c, b) = (cb / size, cb % size);
            let expected = &scratch.expected[Scratch::slot(plan, b, c, k, 0)..][..plan.most];
            for (value, &j) in values.iter_mut().zip(which) {
                *value = expected[usize::from(j)];
            }
        }
        choices.fill(k as u8);
        return;
    }
    for c in 0..plan.clocks {
        for b in 0..size {
            for a in 0..size {
                let of = |k: usize| scratch.of(plan, a, b, c, k);
                let (value, choice) = if plan.moves == CHOICES {
                    best_choice(&std::array::from_fn(of))
                } else {
                    // Ties go to the dice counts before the -1 move.
                    let all: [f64; CHOICES + 1] = std::array::from_fn(of);
                    best_of(&all)
                };
                let x = (c * size + b) * size + a;
                values[x] = value;
                choices[x] = choice;
            }
        }
    }
}

/// The rules with their dice changed by a clock: a die of `own` sides
/// rolls `sides[own]` (Perfect Piggy's and Pork Chop's swapped dice).
struct Resided<'a> {
    rules: &'a dyn ScoreRules,
    sides: &'a [u32],
}

impl ScoreRules for Resided<'_> {
    fn goal(&self) -> u32 {
        self.rules.goal()
    }
    fn zero_dice(&self, score: u32, opponent: u32) -> u32 {
        self.rules.zero_dice(score, opponent)
    }
    fn dice_sides(&self, score: u32, opponent: u32) -> u32 {
        self.sides[self.rules.dice_sides(score, opponent) as usize]
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
    fn extra_turn(&self, score: u32, opponent: u32) -> bool {
        self.rules.extra_turn(score, opponent)
    }
}
