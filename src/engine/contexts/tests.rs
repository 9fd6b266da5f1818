//! The sweep with memory against the score-only path (a memory worth
//! nothing), an independent brute force that rolls the dice face by face,
//! and sampled games of the plain loop.

use std::collections::HashMap;
use std::sync::Arc;

use super::*;
use crate::recall::{
    Clock, ExtraTurnDice, FeralHogs, Forgetful, Goals, MinusOne, PerfectPiggy, PlayerMemory,
    PorkChop, PorkChopSwap, Still, TimeTrot,
};

/// The sweep with `memory` checked against `rules` and their `tables`
/// first.
fn memory_sweep<M: PlayerMemory + Send + Sync + Clone + 'static>(
    rules: &dyn ScoreRules,
    tables: &RuleTables,
    memory: &M,
    policies: &[Policy<'_>],
) -> Result<MemoryResult, crate::error::HogError> {
    clocked_sweep(rules, tables, memory, &Still, policies)
}

/// The sweep with `memory` and `clock` checked against `rules` and their
/// `tables` first.
fn clocked_sweep<M, C>(
    rules: &dyn ScoreRules,
    tables: &RuleTables,
    memory: &M,
    clock: &C,
    policies: &[Policy<'_>],
) -> Result<MemoryResult, crate::error::HogError>
where
    M: PlayerMemory + Send + Sync + Clone + 'static,
    C: Clock + Send + Clone + 'static,
{
    let remembering = Remembering::new(
        rules,
        tables,
        Arc::new(memory.clone()),
        Arc::new(clock.clone()),
    )?;
    Ok(super::memory_sweep(tables, &remembering, policies, None))
}

/// `memory` and `clock` checked against `rules` and their `tables`.
fn remembering<M, C>(
    rules: &dyn ScoreRules,
    tables: &RuleTables,
    memory: &M,
    clock: &C,
) -> Remembering
where
    M: PlayerMemory + Send + Sync + Clone + 'static,
    C: Clock + Send + Clone + 'static,
{
    Remembering::new(
        rules,
        tables,
        Arc::new(memory.clone()),
        Arc::new(clock.clone()),
    )
    .unwrap()
}

/// Two tables evaluated over the contexts they reach agree to the bit with
/// the sweep of every context under Fall 2019's scoring at goal 100, for
/// tables that reach one context a state (constants), some, and nearly
/// all (random tables), under each memory and clock.
#[test]
fn reached_contexts_agree_with_every_context_at_goal_100() {
    let rules = crate::rules::BuiltIn::from_name("fa19")
        .unwrap()
        .composed(Some(100))
        .unwrap();
    let tables = RuleTables::new(&rules).unwrap();
    let mut rng = crate::rng::Rng::seed_from_u64(34);
    let mut random = || {
        let cells: Vec<u8> = (0..100 * 100)
            .map(|_| (rng.next_u64() % 11) as u8)
            .collect();
        StrategyTable::from_fn(100, |s, o| cells[(s * 100 + o) as usize])
    };
    let (four, six) = (
        StrategyTable::constant(100, 4),
        StrategyTable::constant(100, 6),
    );
    let (r1, r2) = (random(), random());
    let boar = StrategyTable::from_fn(100, |s, o| ((3 * s + o) % 11) as u8);
    // One count each (a first turn of 2 earns the bonus, and 0 rolls no
    // dice), a constant against a table, two tables.
    let (zero, two) = (
        StrategyTable::constant(100, 0),
        StrategyTable::constant(100, 2),
    );
    let pairs = [
        (&four, &six),
        (&two, &zero),
        (&six, &six),
        (&boar, &six),
        (&r1, &r2),
        (&r2, &r2),
    ];
    type Memory = Arc<dyn PlayerMemory + Send + Sync>;
    type Shared = Arc<dyn Clock + Send + Sync>;
    let cases: [(Memory, Shared); 4] = [
        (Arc::new(FeralHogs::Dice), Arc::new(Still)),
        (Arc::new(FeralHogs::Points), Arc::new(Still)),
        (Arc::new(Forgetful), Arc::new(TimeTrot::new(8).unwrap())),
        (
            Arc::new(FeralHogs::Dice),
            Arc::new(PerfectPiggy::new(4).unwrap()),
        ),
    ];
    for (memory, clock) in cases {
        let name = format!("{} with {}", memory.name(), clock.name());
        let remembering = Remembering::new(&rules, &tables, memory, clock).unwrap();
        for (a, b) in pairs {
            let policies = [Policy::Fixed(a), Policy::Fixed(b)];
            let swept = super::memory_sweep(&tables, &remembering, &policies, None);
            // Landings kept for the backward pass, none kept, and the
            // arena given up half way, or one walk depth first: the same
            // sums.
            let walks = [
                Walk::Passes(Some(usize::MAX)),
                Walk::Passes(Some(0)),
                Walk::Passes(Some(100_000)),
                Walk::Passes(None),
                Walk::DepthFirst,
                Walk::Chosen,
            ];
            for walk in walks {
                let reached = keeping_landings(&tables, &remembering, [a, b], None, walk);
                for (i, value) in reached.into_iter().enumerate() {
                    assert_eq!(
                        value.to_bits(),
                        swept.start(i).to_bits(),
                        "{name} seat {i} walking {walk:?}"
                    );
                }
            }
        }
    }
}

/// A clock that goes round three values and never gives a turn.
#[derive(Clone)]
struct Idler;

impl Clock for Idler {
    fn size(&self) -> u32 {
        3
    }
    fn tick(&self, clock: u32, dice: u32, _: u32) -> (u32, bool) {
        ((clock + dice + 1) % 3, false)
    }
    fn name(&self) -> String {
        "idler".into()
    }
    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock]
    }
    fn columns(&self) -> &'static [&'static str] {
        &["idler"]
    }
}
use crate::engine::functions::general_sweep;
use crate::engine::policy::Policy;
use crate::general::{PigOut, RuleTables, ScoreRules};
use crate::rules::{Preset, Rules};
use crate::table::{Contexts, StrategyTable, MINUS_ONE};

/// A memory that earns nothing: the game is the score-only one, whatever
/// is remembered.
#[derive(Clone)]
struct Idle;

impl PlayerMemory for Idle {
    fn size(&self) -> u32 {
        3
    }
    fn bonus(&self, _: u32, _: u32) -> u32 {
        0
    }
    fn remember(&self, dice: u32, points: u32) -> u32 {
        (dice + points) % 3
    }
    fn name(&self) -> &'static str {
        "idle"
    }
}

#[test]
fn a_memory_worth_nothing_is_the_score_only_game() {
    for preset in Preset::ALL {
        for goal in [1, 2, 7, 20, 61] {
            let rules = Rules::preset(preset, goal).unwrap();
            let tables = RuleTables::new(&rules).unwrap();
            let boar = StrategyTable::from_fn(goal, |s, o| ((3 * s + o) % 11) as u8);
            let five = StrategyTable::constant(goal, 5);
            for policies in [
                vec![Policy::Best],
                vec![Policy::Fixed(&boar), Policy::Fixed(&five)],
                vec![Policy::Best, Policy::Fixed(&boar)],
            ] {
                let plain = general_sweep(&tables, &policies, None);
                let kept = clocked_sweep(&rules, &tables, &Idle, &Idler, &policies).unwrap();
                for i in 0..policies.len() {
                    for (s, o) in (0..goal).flat_map(|s| (0..goal).map(move |o| (s, o))) {
                        for (a, b, c) in [(0, 0, 0), (1, 2, 1), (2, 1, 2)] {
                            let x = Context {
                                mine: a,
                                theirs: b,
                                clock: c,
                            };
                            // The general path sums with compensation,
                            // this one plainly: within rounding, and the
                            // same choices but for ties.
                            let (v, w) = (kept.value(i, s, o, x), plain.value(i, s, o));
                            assert!(
                                (v - w).abs() <= 1e-15,
                                "{preset:?} goal {goal} seat {i} ({s}, {o}, {x:?}): {v} vs {w}"
                            );
                            let (ca, cb) = (kept.choice(i, s, o, x), plain.choice(i, s, o));
                            if ca != cb {
                                let v = plain.choice_values(&tables, i, s, o);
                                let gap = (v[ca as usize] - v[cb as usize]).abs();
                                assert!(gap <= 1e-12 + 1e-15, "({s}, {o}): {ca} vs {cb}");
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Small rules with something of each kind the memory meets: dice of 2 or
/// 3 sides by the scores, rerolled at some states (an odd face rolled
/// again, once), zero dice by the opponent's score, a swap, an extra turn
/// (unless `extra_turns` is false: a clock of goals refuses them).
struct Small {
    goal: u32,
    extra_turns: bool,
    /// Whether a turn of 1 point also gives the opponent as many points as
    /// the dice rolled (a Piggy Back: rules that read the turn).
    reading: bool,
}

impl ScoreRules for Small {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        1 + o % 3
    }
    fn dice_sides(&self, s: u32, o: u32) -> u32 {
        2 + (s + o) % 2
    }
    fn rerolled(&self, s: u32, o: u32) -> bool {
        (s + 2 * o) % 4 == 1
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        if s < self.goal && o > s && (s + o).is_multiple_of(5) {
            (o, s)
        } else {
            (s, o)
        }
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        self.extra_turns && s % 7 == 3 && o.is_multiple_of(2)
    }
    fn reads_turn(&self) -> bool {
        self.reading
    }
    fn turn_end(&self, s: u32, o: u32, points: u32, dice: u32) -> (u32, u32) {
        let given = if self.reading && points == 1 { dice } else { 0 };
        self.after_turn(s + points, o + given)
    }
}

/// The brute force: the game's recursion over `(s, o, a, b)` with every
/// roll's distribution counted face by face, reading the functions only.
struct Brute<'a> {
    rules: &'a Small,
    memory: &'a dyn PlayerMemory,
    clock: &'a dyn Clock,
    tables: [Option<&'a StrategyTable>; 2],
    rolls: HashMap<(u32, bool, u32), Vec<(u32, f64)>>,
    memo: HashMap<(usize, u32, u32, Context), f64>,
}

impl Brute<'_> {
    /// Points of `dice` dice of `sides` faces, `rerolled` or not, with
    /// their probabilities, face by face: each die's every way to end (a
    /// rerolled die's odd first face followed by each second one) added to
    /// every partial sum of the dice before it (a 1 anywhere scores 1).
    fn roll(&mut self, sides: u32, rerolled: bool, dice: u32) -> Vec<(u32, f64)> {
        self.rolls
            .entry((sides, rerolled, dice))
            .or_insert_with(|| {
                // Each die's every way to end, with the chance of the way.
                let mut ways = Vec::new();
                for first in 1..=sides {
                    if rerolled && first % 2 == 1 {
                        let p = 1.0 / f64::from(sides * sides);
                        ways.extend((1..=sides).map(|second| (second, p)));
                    } else {
                        ways.push((first, 1.0 / f64::from(sides)));
                    }
                }
                let mut partial: HashMap<(u32, bool), f64> = HashMap::from([((0, false), 1.0)]);
                for _ in 0..dice {
                    let mut next: HashMap<(u32, bool), f64> = HashMap::new();
                    for (&(sum, one), &p) in &partial {
                        for &(face, q) in &ways {
                            *next.entry((sum + face, one || face == 1)).or_default() += p * q;
                        }
                    }
                    partial = next;
                }
                let mut points: HashMap<u32, f64> = HashMap::new();
                for ((sum, one), p) in partial {
                    *points.entry(if one { 1 } else { sum }).or_default() += p;
                }
                let mut points: Vec<(u32, f64)> = points.into_iter().collect();
                points.sort_by_key(|&(p, _)| p);
                points
            })
            .clone()
    }

    /// Seat `i`'s chance to win rolling `k` dice (0 for zero dice) at
    /// `(s, o)` in context `x`: each outcome's points, the bonus, the
    /// clock's tick and where the turn ends.
    fn roll_and_land(&mut self, i: usize, (s, o): (u32, u32), x: Context, k: u32) -> f64 {
        let Context {
            mine: a,
            theirs: b,
            clock: c,
        } = x;
        let goals = self.clock.goals_or(c, self.rules.goal);
        let outcomes = if k == 0 {
            vec![(self.rules.zero_dice(s, o), 1.0)]
        } else {
            let sides = self.clock.dice(c, self.rules.dice_sides(s, o));
            self.roll(sides, self.rules.rerolled(s, o), k)
        };
        let bonus = self.memory.bonus(a, k);
        let mut total = 0.0;
        for (p, prob) in outcomes {
            let tick = self.clock.tick(c, k, p + bonus);
            let m = self.memory.remember(k, p);
            let end = self.rules.turn_end(s, o, p + bonus, k);
            total += prob * self.land(i, end, goals, (b, m), tick);
        }
        total
    }

    /// Seat `i`'s chance to win once its turn ends at `(mover, other)`,
    /// each player's goal in `goals`, the other remembering `b` and the
    /// mover `m`, the clock ticked to `tick` (and whether it gives the
    /// mover the next turn).
    fn land(
        &mut self,
        i: usize,
        (mover, other): (u32, u32),
        (mine, theirs): (u32, u32),
        (b, m): (u32, u32),
        (clock, again): (u32, bool),
    ) -> f64 {
        match (mover >= mine, other >= theirs) {
            (true, true) => 0.5,
            (true, false) => 1.0,
            (false, true) => 0.0,
            (false, false) if again || self.rules.extra_turn(mover, other) => {
                // The rules' own extra turn may move the clock on.
                let clock = if again {
                    clock
                } else {
                    self.clock.on_extra_turn(clock)
                };
                let x = Context {
                    mine: m,
                    theirs: b,
                    clock,
                };
                self.value(i, mover, other, x)
            }
            (false, false) => {
                let j = (i + 1) % self.tables.len().min(2);
                let x = Context {
                    mine: b,
                    theirs: m,
                    clock,
                };
                1.0 - self.value(j, other, mover, x)
            }
        }
    }

    /// Seat `i`'s chance to win, to move at `(s, o)` in context `x`.
    fn value(&mut self, i: usize, s: u32, o: u32, x: Context) -> f64 {
        if let Some(&v) = self.memo.get(&(i, s, o, x)) {
            return v;
        }
        let Context {
            theirs: b,
            clock: c,
            ..
        } = x;
        let choice = |brute: &mut Brute, k: u32| {
            if k != u32::from(MINUS_ONE) {
                return brute.roll_and_land(i, (s, o), x, k);
            }
            // Rolling -1 dice (Pork Chop).
            match brute.clock.minus_one(c) {
                // The scores swap: the other moves at the same scores.
                Some(m) if m.swaps => {
                    let x = Context {
                        mine: b,
                        theirs: 0,
                        clock: m.next,
                    };
                    let j = (i + 1) % brute.tables.len().min(2);
                    1.0 - brute.value(j, s, o, x)
                }
                // Its points, no dice, its clock.
                Some(m) => {
                    let goals = brute.clock.goals_or(c, brute.rules.goal);
                    let end = brute.rules.turn_end(s, o, m.points, 0);
                    brute.land(i, end, goals, (b, 0), (m.next, false))
                }
                // Spent: the dice it rolls instead.
                None => brute.roll_and_land(i, (s, o), x, brute.clock.spent_minus_one()),
            }
        };
        let moves = if self.clock.minus_one(0).is_some() {
            0..=u32::from(MINUS_ONE)
        } else {
            0..=10
        };
        let v = match self.tables[i] {
            Some(t) => choice(self, u32::from(t.choice(s, o, x))),
            None => moves.map(|k| choice(self, k)).fold(0.0, f64::max),
        };
        self.memo.insert((i, s, o, x), v);
        v
    }
}

/// The sweep against the brute force at every state and context of the
/// small rules, for each goal: the optimum, two tables, a best response.
fn agrees_with_the_brute_force<M, C>(memory: &M, clock: &C, goals: &[u32])
where
    M: PlayerMemory + Send + Sync + Clone + 'static,
    C: Clock + Send + Clone + 'static,
{
    agrees_with_the_brute_force_reading(memory, clock, goals, false);
}

/// [`agrees_with_the_brute_force`], the rules reading the turn where
/// `reading` is set.
fn agrees_with_the_brute_force_reading<M, C>(memory: &M, clock: &C, goals: &[u32], reading: bool)
where
    M: PlayerMemory + Send + Sync + Clone + 'static,
    C: Clock + Send + Clone + 'static,
{
    let name = format!("{} with {}", memory.name(), clock.name());
    // Rolls counted face by face once for every goal and seat.
    let mut rolls = HashMap::new();
    // A table plays the -1 move where the rules have it.
    let most = if clock.minus_one(0).is_some() { 12 } else { 11 };
    for &goal in goals {
        let rules = Small {
            goal,
            extra_turns: clock.goals(0).is_none(),
            reading,
        };
        let tables = RuleTables::new(&rules).unwrap();
        let boar = StrategyTable::from_fn(goal, |s, o| ((3 * s + o) % most) as u8);
        let two = StrategyTable::constant(goal, 2);
        let four = StrategyTable::constant(goal, 4);
        // A table that reads the contexts: another count in each.
        let shape = Contexts {
            size: memory.size(),
            clocks: clock.size(),
        };
        let count = shape.count() as u32;
        let varied = StrategyTable::from_contexts(
            goal,
            shape,
            (0..goal * goal * count)
                .map(|i| ((i * 7 + i / count) % most) as u8)
                .collect(),
        );
        for (seats, policies) in [
            ([None, None], vec![Policy::Best]),
            (
                [Some(&boar), Some(&two)],
                vec![Policy::Fixed(&boar), Policy::Fixed(&two)],
            ),
            // One count each: the settled contexts, valued state by state.
            (
                [Some(&two), Some(&four)],
                vec![Policy::Fixed(&two), Policy::Fixed(&four)],
            ),
            (
                [None, Some(&boar)],
                vec![Policy::Best, Policy::Fixed(&boar)],
            ),
            (
                [Some(&varied), Some(&boar)],
                vec![Policy::Fixed(&varied), Policy::Fixed(&boar)],
            ),
            (
                [None, Some(&varied)],
                vec![Policy::Best, Policy::Fixed(&varied)],
            ),
        ] {
            let swept = clocked_sweep(&rules, &tables, memory, clock, &policies).unwrap();
            let checked = remembering(&rules, &tables, memory, clock);
            // Two tables over only the contexts they reach (where no -1
            // swaps or is spent): the same sums in the same order, so the
            // same bits.
            let scores_only = seats.iter().flatten().all(|t| t.reads_scores_only());
            if let ([Some(a), Some(b)], false, true) =
                (seats, checked.plan.minus_one_varies(), scores_only)
            {
                let reached = reached_start_values(&tables, &checked, [a, b], None);
                for (i, value) in reached.into_iter().enumerate() {
                    assert_eq!(
                        value.to_bits(),
                        swept.start(i).to_bits(),
                        "{name} goal {goal} seat {i}: reached {value} vs swept {}",
                        swept.start(i)
                    );
                }
            }
            let mut brute = Brute {
                rules: &rules,
                memory,
                clock,
                // Self-play reads one seat.
                tables: if policies.len() == 1 {
                    [None, None]
                } else {
                    seats
                },
                rolls: std::mem::take(&mut rolls),
                memo: HashMap::new(),
            };
            let (size, clocks) = (memory.size(), clock.size());
            let contexts = (0..clocks).flat_map(|clock| {
                (0..size * size).map(move |ab| Context {
                    mine: ab / size,
                    theirs: ab % size,
                    clock,
                })
            });
            for i in 0..policies.len() {
                for (s, o) in (0..goal).flat_map(|s| (0..goal).map(move |o| (s, o))) {
                    for x in contexts.clone() {
                        let (want, got) = (brute.value(i, s, o, x), swept.value(i, s, o, x));
                        assert!(
                            (want - got).abs() <= 1e-14,
                            "{name} goal {goal} seat {i} ({s}, {o}, {x:?}): {want} vs {got}"
                        );
                    }
                }
            }
            rolls = brute.rolls;
            // A solved seat as a table: played as a table, it gives the
            // solve's own values, to the bit, in every context.
            if let Policy::Best = policies[0] {
                let table = swept.table(0);
                let opponent = match policies.get(1) {
                    Some(&Policy::Fixed(t)) => t,
                    _ => &table,
                };
                let fixed = [Policy::Fixed(&table), Policy::Fixed(opponent)];
                let played = clocked_sweep(&rules, &tables, memory, clock, &fixed).unwrap();
                for (s, o) in (0..goal).flat_map(|s| (0..goal).map(move |o| (s, o))) {
                    for x in contexts.clone() {
                        let (solved, as_table) =
                            (swept.value(0, s, o, x), played.value(0, s, o, x));
                        assert_eq!(
                            solved.to_bits(),
                            as_table.to_bits(),
                            "{name} goal {goal} ({s}, {o}, {x:?}): solved {solved}, as a table \
                             {as_table}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn feral_hogs_agree_with_a_brute_force_face_by_face() {
    for memory in [FeralHogs::Points, FeralHogs::Dice] {
        agrees_with_the_brute_force(&memory, &Still, &[1, 2, 5, 9, 16]);
    }
}

#[test]
fn time_trot_agrees_with_a_brute_force_face_by_face() {
    for modulus in [1, 3, 5, 8] {
        let clock = TimeTrot::new(modulus).unwrap();
        agrees_with_the_brute_force(&Forgetful, &clock, &[1, 2, 5, 9, 16]);
    }
    // Both at once: what each player remembers and the clock.
    let clock = TimeTrot::new(3).unwrap();
    agrees_with_the_brute_force(&FeralHogs::Dice, &clock, &[1, 4, 9]);
    // Extra turns (Time Trot's and the small rules' own) on four-sided
    // dice, as Spring 2021's contest rolled eight-sided ones.
    let clock = TimeTrot::new(3).unwrap().with_extra_sides(4).unwrap();
    agrees_with_the_brute_force(&Forgetful, &clock, &[1, 2, 5, 9, 16]);
}

#[test]
fn extra_turn_dice_agree_with_a_brute_force_face_by_face() {
    // The small rules' extra turns roll four-sided (or six-sided) dice.
    for sides in [4, 6] {
        let clock = ExtraTurnDice::new(sides).unwrap();
        agrees_with_the_brute_force(&Forgetful, &clock, &[1, 2, 5, 9, 16]);
    }
    let clock = ExtraTurnDice::new(4).unwrap();
    agrees_with_the_brute_force(&FeralHogs::Dice, &clock, &[1, 4, 9]);
}

#[test]
fn perfect_piggy_agrees_with_a_brute_force_face_by_face() {
    // The small rules roll 2- or 3-sided dice: swapping six-sided dice
    // with one of those changes them to six-sided (the other stays), and
    // with Feral Hogs, whose bonus counts in the points that swap them.
    for sides in [2, 3] {
        let clock = PerfectPiggy::new(sides).unwrap();
        agrees_with_the_brute_force(&Forgetful, &clock, &[1, 2, 5, 9, 16]);
    }
    let clock = PerfectPiggy::new(3).unwrap();
    agrees_with_the_brute_force(&FeralHogs::Dice, &clock, &[1, 4, 9]);
}

#[test]
fn goals_agree_with_a_brute_force_face_by_face() {
    // Player 0 to 3, player 1 to 5 (and the other way round), and both to
    // the board's goal, on boards of 5 to 16; with Feral Hogs too.
    for (first, second) in [(3, 5), (5, 3), (5, 5)] {
        let clock = Goals::new(first, second).unwrap();
        agrees_with_the_brute_force(&Forgetful, &clock, &[5, 9, 16]);
    }
    agrees_with_the_brute_force(&FeralHogs::Dice, &Goals::new(4, 7).unwrap(), &[7, 10]);
}

/// A game worked by hand: goal 2, two-sided dice, zero dice worth 1. With
/// goals 1 and 2 the first player wins at once, whatever they roll; with
/// goals 2 and 1 they need 2 points in one turn, or the second player
/// wins with any: one die does it half the time (a 2), two dice a
/// quarter (two 2s), zero dice never.
#[test]
fn goals_by_hand() {
    struct Tiny;
    impl ScoreRules for Tiny {
        fn goal(&self) -> u32 {
            2
        }
        fn zero_dice(&self, _: u32, _: u32) -> u32 {
            1
        }
        fn dice_sides(&self, _: u32, _: u32) -> u32 {
            2
        }
    }
    let tables = RuleTables::new(&Tiny).unwrap();
    for ((first, second), value, best) in [((1, 2), 1.0, None), ((2, 1), 0.5, Some(1))] {
        let clock = Goals::new(first, second).unwrap();
        let r = clocked_sweep(&Tiny, &tables, &Forgetful, &clock, &[Policy::Best]).unwrap();
        assert_eq!(r.start(0), value, "goals {first} and {second}");
        if let Some(best) = best {
            assert_eq!(r.choice(0, 0, 0, Context::START), best);
            let two = StrategyTable::constant(2, 2);
            let none = StrategyTable::constant(2, 0);
            for (table, value) in [(&two, 0.25), (&none, 0.0)] {
                let policies = [Policy::Fixed(table), Policy::Fixed(table)];
                let r = clocked_sweep(&Tiny, &tables, &Forgetful, &clock, &policies).unwrap();
                assert_eq!(r.start(0), value);
            }
        }
    }
}

/// Goals follow the turns: rules with extra turns are refused.
#[test]
fn goals_refuse_extra_turns() {
    let rules = Small {
        goal: 9,
        extra_turns: true,
        reading: false,
    };
    let tables = RuleTables::new(&rules).unwrap();
    let clock = Goals::new(5, 9).unwrap();
    let err = Remembering::new(&rules, &tables, Arc::new(Forgetful), Arc::new(clock)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad rules: goals 5 and 9: the goals follow the turns, and these rules give extra \
         turns (a player's goal would pass to the other)"
    );
}

#[test]
fn pork_chop_agrees_with_a_brute_force_face_by_face() {
    // The -1 move scoring 1 or 2 points, swapping 2- or 3-sided dice to
    // six-sided; the tables roll -1 at some states.
    for (points, sides) in [(1, 2), (2, 3)] {
        let clock = PorkChop::new(points, sides).unwrap();
        agrees_with_the_brute_force(&Forgetful, &clock, &[1, 2, 5, 9, 16]);
    }
}

#[test]
fn pork_chop_swap_agrees_with_a_brute_force_face_by_face() {
    // -1 swaps the scores once a player, later -1s roll 10 dice; the
    // tables roll -1 at some states; with and without rules that read the
    // turn (a Piggy Back).
    for reading in [false, true] {
        agrees_with_the_brute_force_reading(&Forgetful, &PorkChopSwap, &[1, 2, 5, 9, 16], reading);
    }
}

#[test]
fn clocks_over_rules_that_read_the_turn_agree_with_a_brute_force() {
    let trot = TimeTrot::new(3).unwrap();
    agrees_with_the_brute_force_reading(&Forgetful, &trot, &[1, 2, 5, 9, 16], true);
    let piggy = PerfectPiggy::new(3).unwrap();
    agrees_with_the_brute_force_reading(&Forgetful, &piggy, &[1, 2, 5, 9, 16], true);
}

#[test]
fn rules_that_read_the_turn_refuse_a_bonus_and_a_scoring_minus_one() {
    let rules = Small {
        goal: 9,
        extra_turns: true,
        reading: true,
    };
    let tables = RuleTables::new(&rules).unwrap();
    let refused = |memory: Arc<dyn PlayerMemory + Send + Sync>,
                   clock: Arc<dyn Clock + Send + Sync>| {
        Remembering::new(&rules, &tables, memory, clock)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(Arc::new(FeralHogs::Dice), Arc::new(Still)),
        "bad rules: feral-hogs: rules that read the turn's points or dice take no memory bonus"
    );
    assert_eq!(
        refused(Arc::new(Forgetful), Arc::new(PorkChop::new(1, 4).unwrap())),
        "bad rules: pork-chop: rules that read the turn's points or dice take no -1 move that \
         scores"
    );
}

/// A clock whose -1 swaps the scores and comes back to its clock: the
/// scores' sum would stay forever.
#[derive(Debug, Clone)]
struct Roundabout;

impl Clock for Roundabout {
    fn size(&self) -> u32 {
        2
    }
    fn tick(&self, clock: u32, _: u32, _: u32) -> (u32, bool) {
        (clock, false)
    }
    fn minus_one(&self, clock: u32) -> Option<MinusOne> {
        Some(MinusOne {
            points: 0,
            next: 1 - clock,
            swaps: true,
        })
    }
    fn name(&self) -> String {
        "roundabout".into()
    }
    fn read(&self, clock: u32) -> Vec<u32> {
        vec![clock]
    }
    fn columns(&self) -> &'static [&'static str] {
        &["round"]
    }
}

#[test]
fn a_swap_that_comes_back_is_refused() {
    let rules = Small {
        goal: 9,
        extra_turns: true,
        reading: false,
    };
    let tables = RuleTables::new(&rules).unwrap();
    let err = Remembering::new(&rules, &tables, Arc::new(Forgetful), Arc::new(Roundabout))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "bad rules: roundabout's -1 swaps the scores and comes back to clock 0: a swap keeps \
         the scores' sum, so it must move the clock on for good"
    );
}

/// The exact value of two tables against 200,000 games of the plain loop
/// with real dice, within 4.5 standard errors, for both readings.
#[test]
fn sampled_games_with_memory_agree_with_the_exact_values() {
    let rules = Rules::preset(Preset::Fa24, 60).unwrap();
    let tables = RuleTables::new(&rules).unwrap();
    let a = StrategyTable::from_fn(60, |s, o| ((s * o + 2) % 9) as u8);
    let b = StrategyTable::from_fn(60, |s, o| (2 + (s + o) % 3) as u8);
    for (seed, memory) in (7..).zip([FeralHogs::Points, FeralHogs::Dice]) {
        let exact = memory_sweep(
            &rules,
            &tables,
            &memory,
            &[Policy::Fixed(&a), Policy::Fixed(&b)],
        )
        .unwrap()
        .start(0);
        let label = format!("{memory:?}");
        let se = crate::engine::functions::tests::assert_sampled_near(exact, seed, &label, |rng| {
            crate::simulate::play_remembering(&rules, &memory, &Still, [&a, &b], rng)
        });
        // The bonus matters: the score-only value is more than 4.5 errors away.
        let plain =
            general_sweep(&tables, &[Policy::Fixed(&a), Policy::Fixed(&b)], None).value(0, 0, 0);
        assert!(
            (plain - exact).abs() > 4.5 * se,
            "{memory:?}: {plain} vs {exact}"
        );
    }
    // Time Trot alone, and with Feral Hogs on the dice; Perfect Piggy.
    let trot = |modulus| TimeTrot::new(modulus).unwrap();
    clocked_games_agree(&rules, &tables, (&a, &b), 11, &trot(8), false);
    clocked_games_agree(&rules, &tables, (&a, &b), 12, &trot(5), true);
    let piggy = PerfectPiggy::new(4).unwrap();
    clocked_games_agree(&rules, &tables, (&a, &b), 13, &piggy, false);
    // A goal for each player, with and without Feral Hogs.
    let goals = Goals::new(40, 55).unwrap();
    clocked_games_agree(&rules, &tables, (&a, &b), 16, &goals, false);
    clocked_games_agree(&rules, &tables, (&a, &b), 17, &goals, true);
    // Pork Chop, one table rolling -1 dice at a fifth of the states.
    let chop = StrategyTable::from_fn(60, |s, o| {
        if (s + 2 * o) % 5 == 0 {
            MINUS_ONE
        } else {
            ((s * o + 2) % 9) as u8
        }
    });
    let pork = PorkChop::new(1, 4).unwrap();
    clocked_games_agree(&rules, &tables, (&chop, &b), 14, &pork, false);
    // The contest's -1 that swaps the scores, once a player: rolled when
    // 8 or more behind, swapping or (once used) rolling 10 dice.
    let behind = StrategyTable::from_fn(60, |s, o| {
        if o >= s + 8 {
            MINUS_ONE
        } else {
            ((s * o + 2) % 9) as u8
        }
    });
    clocked_games_agree(&rules, &tables, (&behind, &b), 15, &PorkChopSwap, false);
}

/// Two tables' exact value under `clock` (and Feral Hogs on the dice if
/// `feral`) against sampled games of the plain loop, and far enough from
/// the value without them that the clock is seen to matter.
fn clocked_games_agree<C: Clock + Send + Clone + 'static>(
    rules: &Rules,
    tables: &RuleTables,
    (a, b): (&StrategyTable, &StrategyTable),
    seed: u64,
    clock: &C,
    feral: bool,
) {
    let policies = [Policy::Fixed(a), Policy::Fixed(b)];
    let label = format!("{}, feral hogs {feral}", clock.name());
    let (exact, se) = if feral {
        let exact = clocked_sweep(rules, tables, &FeralHogs::Dice, clock, &policies).unwrap();
        let se = crate::engine::functions::tests::assert_sampled_near(
            exact.start(0),
            seed,
            &label,
            |rng| crate::simulate::play_remembering(rules, &FeralHogs::Dice, clock, [a, b], rng),
        );
        (exact.start(0), se)
    } else {
        let exact = clocked_sweep(rules, tables, &Forgetful, clock, &policies).unwrap();
        let se = crate::engine::functions::tests::assert_sampled_near(
            exact.start(0),
            seed,
            &label,
            |rng| crate::simulate::play_remembering(rules, &Forgetful, clock, [a, b], rng),
        );
        (exact.start(0), se)
    };
    // Without the clock (where the tables can be played without it).
    if a.minus_one_at().is_none() && b.minus_one_at().is_none() {
        let plain = general_sweep(tables, &policies, None).value(0, 0, 0);
        assert!(
            (plain - exact).abs() > 4.5 * se,
            "{label}: {plain} vs {exact}"
        );
    }
}

/// What the sweep refuses: a turn that keeps the score sum (Pig Out worth
/// nothing), with the state and the dice.
#[test]
fn level_rules_with_memory_are_refused() {
    let toy = crate::engine::functions::tests::Toy::new(10, 1, 6, PigOut::Points(0));
    let tables = RuleTables::new(&toy).unwrap();
    let err = memory_sweep(&toy, &tables, &FeralHogs::Points, &[Policy::Best])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("with feral-hogs-points, a turn from (0, 0) rolling 1 dice for 0 points keeps the sum of the scores"),
        "{err}"
    );
}
