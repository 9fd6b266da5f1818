//! The general path against the fast one on every preset, and on tiny games
//! worked by hand for what only it can do: Pig Out worth 0 (a fixed point),
//! extra turns, half wins, dice of other sizes; and its refusals.

use super::sweep::general_sweep_by_rounds;
use super::*;
use crate::engine::{sweep, Policy, SweepOptions, TIE_TOLERANCE};
use crate::general::{PigOut, RuleTables, ScoreRules, SIDES};
use crate::rules::{Preset, Rules};
use crate::table::StrategyTable;

/// Every value within 1e-15 and every choice the same, unless the fast
/// path's own values call it a tie.
fn assert_paths_agree(rules: &Rules, policies: &[Policy<'_>]) {
    let fast = sweep(rules, policies, &SweepOptions::default());
    let tables = RuleTables::new(rules).unwrap();
    let general = general_sweep(&tables, policies, None);
    let n = rules.goal();
    for i in 0..policies.len() {
        for s in 0..n {
            for o in 0..n {
                let (a, b) = (fast.value(i, (s, o)), general.value(i, s, o));
                assert!(
                    (a - b).abs() <= 1e-15,
                    "{} seat {i} ({s}, {o}): {a} vs {b}",
                    rules.name()
                );
                let (ca, cb) = (fast.choice(i, (s, o)), general.choice(i, s, o));
                if ca != cb {
                    let values = fast.choice_values(i, (s, o));
                    let gap = (values[ca as usize] - values[cb as usize]).abs();
                    assert!(
                        gap <= TIE_TOLERANCE + 1e-15,
                        "{} ({s}, {o}): {ca} vs {cb}",
                        rules.name()
                    );
                }
            }
        }
    }
}

#[test]
fn both_paths_agree_on_every_preset() {
    for preset in Preset::ALL {
        for goal in (1..=20).chain([57, 100]) {
            let rules = Rules::preset(preset, goal).unwrap();
            assert_paths_agree(&rules, &[Policy::Best]);
            let boar = StrategyTable::from_fn(goal, |s, o| ((3 * s + o) % 11) as u8);
            let five = StrategyTable::constant(goal, 5);
            assert_paths_agree(&rules, &[Policy::Fixed(&boar), Policy::Fixed(&five)]);
            assert_paths_agree(&rules, &[Policy::Best, Policy::Fixed(&boar)]);
        }
    }
}

/// Rules for hand-worked games: a field for every function (the game's
/// and the sampler's tests use it too).
pub(crate) struct Toy {
    pub goal: u32,
    pub zero: u32,
    pub sides: u32,
    pub pig_out: PigOut,
    pub after: fn(u32, u32) -> (u32, u32),
    pub extra: fn(u32, u32) -> bool,
}

impl Toy {
    pub fn new(goal: u32, zero: u32, sides: u32, pig_out: PigOut) -> Toy {
        Toy {
            goal,
            zero,
            sides,
            pig_out,
            after: |s, o| (s, o),
            extra: |_, _| false,
        }
    }
}

impl ScoreRules for Toy {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn zero_dice(&self, _: u32, _: u32) -> u32 {
        self.zero
    }
    fn dice_sides(&self, _: u32, _: u32) -> u32 {
        self.sides
    }
    fn pig_out(&self) -> PigOut {
        self.pig_out
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        (self.after)(s, o)
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        (self.extra)(s, o)
    }
}

fn solve(rules: &dyn ScoreRules) -> GeneralResult {
    general_sweep(&RuleTables::new(rules).unwrap(), &[Policy::Best], None)
}

/// Goal 2, two-sided dice, a Pig Out worth 0, zero dice worth 1.
/// - At (1, 0) and (1, 1) any turn wins: value 1, zero dice.
/// - At (0, 1): zero dice gives (1, 1) to the other, who wins; one die wins
///   on a 2 and hands (1, 0) to the other on a 1: value 1/2, one die.
/// - At (0, 0): zero dice leaves the other at (0, 1), worth 1 - 1/2; one die
///   wins on a 2 and on a 1 leaves the other at (0, 0) itself:
///   `V = 1/2 + (1 - V) / 2`, so `V = 2/3`, better than 1/2 (two dice win
///   only on 2+2: `V = 1/4 + 3/4 (1 - V)`, 4/7).
#[test]
fn a_pig_out_worth_nothing_is_a_fixed_point_on_its_diagonal() {
    let r = solve(&Toy::new(2, 1, 2, PigOut::Points(0)));
    assert_eq!((r.value(0, 1, 0), r.choice(0, 1, 0)), (1.0, 0));
    assert_eq!((r.value(0, 0, 1), r.choice(0, 0, 1)), (0.5, 1));
    assert_eq!(r.choice(0, 0, 0), 1);
    assert!(
        (r.value(0, 0, 0) - 2.0 / 3.0).abs() < 1e-15,
        "{}",
        r.value(0, 0, 0)
    );
}

/// Goal 2, two-sided dice, zero dice worth 1, a roll with 1s scoring the
/// number of 1s:
/// - at (1, o) any turn wins;
/// - at (0, 1) zero dice leaves (1, 1) to the other, who wins; `k` dice win
///   unless exactly one 1 shows (1 point, (1, 1) to the other), which has
///   probability `k / 2^k`: ten dice, `1 - 10/1024`;
/// - at (0, 0) exactly one 1 leaves (0, 1) to the other: ten dice again,
///   `1 - (10/1024)(1014/1024)`; all these are exact in binary.
#[test]
fn a_pig_out_worth_the_number_of_ones() {
    let r = solve(&Toy::new(2, 1, 2, PigOut::Ones));
    assert_eq!((r.value(0, 1, 0), r.choice(0, 1, 0)), (1.0, 0));
    assert_eq!((r.value(0, 0, 1), r.choice(0, 0, 1)), (1014.0 / 1024.0, 10));
    let v = 1.0 - (10.0 / 1024.0) * (1014.0 / 1024.0);
    assert_eq!((r.value(0, 0, 0), r.choice(0, 0, 0)), (v, 10));
}

/// Goal 2, six-sided dice, zero dice worth 1. Without extra turns the first
/// player rolls one die and wins with 31/36 (the book's goal-2 game);
/// with another turn for a mover who lands on 1, zero dice reaches (1, 0)
/// and moves again, and any turn from there wins: a sure win, and so is
/// rolling one die (a 1 also lands on 1).
#[test]
fn an_extra_turn_keeps_the_move() {
    let plain = solve(&Toy::new(2, 1, 6, PigOut::Points(1)));
    assert!((plain.value(0, 0, 0) - 31.0 / 36.0).abs() < 1e-15);
    assert_eq!(plain.choice(0, 0, 0), 1);
    let mut toy = Toy::new(2, 1, 6, PigOut::Points(1));
    toy.extra = |s, _| s == 1;
    let r = solve(&toy);
    assert_eq!((r.value(0, 0, 0), r.choice(0, 0, 0)), (1.0, 0));
    let one = StrategyTable::constant(2, 1);
    let tables = RuleTables::new(&toy).unwrap();
    let eval = general_sweep(&tables, &[Policy::Fixed(&one), Policy::Fixed(&one)], None);
    assert!((eval.value(0, 0, 0) - 1.0).abs() < 1e-15);
    // The second player at (0, 1): a 2 or more wins, a 1 lands on 1 and
    // moves again from (1, 1), where any turn wins: 5/6 + 1/6.
    assert!((eval.value(1, 0, 1) - 1.0).abs() < 1e-15);
}

/// Goal 1 with an after-turn rule that gives the other player the mover's
/// score: the first turn puts both at the goal, half a win each.
#[test]
fn both_at_the_goal_is_half_a_win() {
    let mut toy = Toy::new(1, 1, 6, PigOut::Points(1));
    toy.after = |s, o| (s, o.max(s));
    let r = solve(&toy);
    assert_eq!(r.value(0, 0, 0), 0.5);
}

/// Zero dice worth nothing when the opponent's score is odd, else 1.
struct OddZero;

impl ScoreRules for OddZero {
    fn goal(&self) -> u32 {
        6
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        u32::from(o.is_multiple_of(2))
    }
}

/// A game that can go on forever is found, and counted as half a win each:
/// - zero dice worth 0 everywhere: both players rolling none stay at (0, 0);
/// - zero dice worth 0 against an odd score: from (0, 1) the mover can
///   stay, but the other, at (1, 0), cannot (zero dice give 1 there and
///   every roll scores), so the first state that can last forever is (1, 1);
/// - a Pig Out worth 0 alone keeps no game: a roll may score more.
#[test]
fn games_that_can_go_on_forever_are_found_and_count_half() {
    let zero = Toy::new(5, 0, 6, PigOut::Points(1));
    let tables = RuleTables::new(&zero).unwrap();
    assert_eq!(tables.endless(), Some((0, 0)));
    let none = StrategyTable::constant(5, 0);
    let r = general_sweep(&tables, &[Policy::Fixed(&none), Policy::Fixed(&none)], None);
    assert_eq!((r.value(0, 0, 0), r.value(1, 0, 0)), (0.5, 0.5));
    // Against one die a turn of zero dice just passes: the roller's own
    // chance from (0, 0) moving second is the mover's from (0, 0) first.
    let one = StrategyTable::constant(5, 1);
    let r = general_sweep(&tables, &[Policy::Fixed(&none), Policy::Fixed(&one)], None);
    assert_eq!(r.value(0, 0, 0), 1.0 - r.value(1, 0, 0));
    assert!(r.value(0, 0, 0) < 0.5);
    assert_eq!(RuleTables::new(&OddZero).unwrap().endless(), Some((1, 1)));
    for sides in [2, 6] {
        let pig = Toy::new(5, 1, sides, PigOut::Points(0));
        assert_eq!(RuleTables::new(&pig).unwrap().endless(), None);
    }
    assert_eq!(RuleTables::new(&Mixed).unwrap().endless(), None);
}

/// Two fixed tables for a game to `goal`: one that varies with the state,
/// and rolling five.
fn two_tables(goal: u32) -> [StrategyTable; 2] {
    [
        StrategyTable::from_fn(goal, |s, o| ((3 * s + o) % 11) as u8),
        StrategyTable::constant(goal, 5),
    ]
}

/// The optimum, the two tables against each other, and the best response
/// to the first.
fn three_plays(fixed: &[StrategyTable; 2]) -> [Vec<Policy<'_>>; 3] {
    [
        vec![Policy::Best],
        vec![Policy::Fixed(&fixed[0]), Policy::Fixed(&fixed[1])],
        vec![Policy::Best, Policy::Fixed(&fixed[0])],
    ]
}

/// A level diagonal's values are the fixed point of the game's equations:
/// every state's value is the best of its choices' values computed from
/// the final values (within rounding), for the optimum and for two fixed
/// tables, on rules where every diagonal is level (a Pig Out worth
/// nothing) and choices are solved exactly once they stop changing.
#[test]
fn level_diagonals_satisfy_their_equations() {
    let tables = RuleTables::new(&Mixed).unwrap();
    let n = Mixed.goal();
    let fixed = two_tables(n);
    for policies in three_plays(&fixed) {
        let r = general_sweep(&tables, &policies, None);
        for (i, policy) in policies.iter().enumerate() {
            for s in 0..n {
                for o in 0..n {
                    let values = r.choice_values(&tables, i, s, o);
                    let want = match policy {
                        Policy::Best => values.iter().copied().fold(0.0, f64::max),
                        Policy::Fixed(t) => values[t.get(s, o) as usize],
                    };
                    let got = r.value(i, s, o);
                    assert!(
                        (got - want).abs() <= 2e-15,
                        "seat {i} ({s}, {o}): {got} vs {want}"
                    );
                }
            }
        }
    }
}

/// Every die size in play gives probabilities in [0, 1].
#[test]
fn dice_of_every_size_give_distributions_that_sum_to_one_in_play() {
    for sides in SIDES {
        let r = solve(&Toy::new(12, 3, sides, PigOut::Points(1)));
        for s in 0..12 {
            for o in 0..12 {
                let v = r.value(0, s, o);
                assert!((0.0..=1.0).contains(&v), "d{sides} ({s}, {o}) {v}");
            }
        }
    }
}

#[test]
fn rules_that_break_the_sweep_are_refused_with_the_state() {
    let mut toy = Toy::new(10, 1, 6, PigOut::Points(1));
    toy.after = |s, o| if s == 5 { (0, o) } else { (s, o) };
    let err = RuleTables::new(&toy).unwrap_err().to_string();
    assert_eq!(
        err,
        "bad rules: after_turn(5, 0) returns (0, 0): a turn from (1, 0) rolling 1 die \
         would lower the sum of the scores, which no turn may"
    );
    let toy = Toy::new(10, 1, 21, PigOut::Points(1));
    let err = RuleTables::new(&toy).unwrap_err().to_string();
    assert_eq!(
        err,
        "bad rules: dice_sides(0, 0) returns 21: dice have 2 to 20 sides"
    );
    let toy = Toy::new(10, 300, 6, PigOut::Points(1));
    let err = RuleTables::new(&toy).unwrap_err().to_string();
    assert_eq!(
        err,
        "bad rules: zero_dice(0, 0) returns 300: at most 255 points"
    );
}

/// A rule set with something of every kind: dice of 2 to 8 sides by both
/// scores, a Pig Out worth nothing (fixed points), a cap on turn points,
/// swaps, half wins and extra turns.
struct Mixed;

impl ScoreRules for Mixed {
    fn goal(&self) -> u32 {
        40
    }
    fn zero_dice(&self, _: u32, o: u32) -> u32 {
        2 + o % 3
    }
    fn dice_sides(&self, s: u32, o: u32) -> u32 {
        2 + (s + 2 * o) % 7
    }
    fn pig_out(&self) -> PigOut {
        PigOut::Points(0)
    }
    fn has_turn_points(&self) -> bool {
        true
    }
    fn turn_points(&self, points: u32, dice: u32, _: u32, _: u32) -> u32 {
        points.min(20 - dice)
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        if s >= 40 && o >= 35 {
            (s, 40)
        } else if o > 0 && s == 2 * o {
            (o, s)
        } else {
            (s, o)
        }
    }
    fn extra_turn(&self, s: u32, _: u32) -> bool {
        s > 0 && s.is_multiple_of(10)
    }
}

/// The exact evaluation of two tables against 200,000 sampled games of the
/// plain loop, within 4.5 standard errors, for the mixed rules and for a
/// preset.
#[test]
fn sampled_games_agree_with_the_exact_values() {
    let mixed_a = StrategyTable::from_fn(40, |s, o| ((s + 3 * o) % 7) as u8);
    let mixed_b = StrategyTable::from_fn(40, |s, o| (1 + (2 * s + o) % 5) as u8);
    let fa24 = Rules::preset(Preset::Fa24, 60).unwrap();
    let fa24_a = StrategyTable::from_fn(60, |s, o| ((s * o) % 11) as u8);
    let fa24_b = StrategyTable::constant(60, 5);
    let cases: [(&dyn ScoreRules, &StrategyTable, &StrategyTable); 2] =
        [(&Mixed, &mixed_a, &mixed_b), (&fa24, &fa24_a, &fa24_b)];
    for (seed, (rules, a, b)) in (1..).zip(cases) {
        let tables = RuleTables::new(rules).unwrap();
        let exact =
            general_sweep(&tables, &[Policy::Fixed(a), Policy::Fixed(b)], None).value(0, 0, 0);
        // The sampler's plain game loop, which reads only the functions.
        let label = format!("goal {}", rules.goal());
        assert_sampled_near(exact, seed, &label, |rng| {
            crate::simulate::play(rules, [a, b], rng)
        });
    }
}

/// Seat 0's win rate over 200,000 games of `play` (a tie half a win) is
/// within 4.5 standard errors of `exact`; the standard error.
pub(crate) fn assert_sampled_near(
    exact: f64,
    seed: u64,
    label: &str,
    mut play: impl FnMut(&mut crate::rng::Rng) -> Option<usize>,
) -> f64 {
    let games = 200_000;
    let mut rng = crate::rng::Rng::seed_from_u64(seed);
    let won: f64 = (0..games)
        .map(|_| match play(&mut rng) {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        })
        .sum();
    let rate = won / games as f64;
    let se = (exact * (1.0 - exact) / games as f64).sqrt();
    assert!(
        (rate - exact).abs() < 4.5 * se,
        "{label}: sampled {rate} vs exact {exact}"
    );
    se
}

/// Rules where games can stall, drawn from a seed: zero dice worth nothing
/// at some states, a Pig Out worth nothing or one, swaps and extra turns
/// at some states (all from a hash of the state, so deterministic).
struct Stalling {
    goal: u32,
    seed: u64,
}

impl Stalling {
    fn hash(&self, what: u64, s: u32, o: u32) -> u64 {
        let mut x = self.seed ^ what << 40 ^ u64::from(s) << 20 ^ u64::from(o);
        x = (x ^ x >> 30).wrapping_mul(0xbf58476d1ce4e5b9);
        x = (x ^ x >> 27).wrapping_mul(0x94d049bb133111eb);
        (x ^ x >> 31) % 100
    }
}

impl ScoreRules for Stalling {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn zero_dice(&self, s: u32, o: u32) -> u32 {
        if self.hash(1, s, o) < 40 {
            0
        } else {
            1 + o % 10
        }
    }
    fn pig_out(&self) -> PigOut {
        PigOut::Points((self.seed % 2) as u32)
    }
    fn after_turn(&self, s: u32, o: u32) -> (u32, u32) {
        if s < self.goal && o < self.goal && self.hash(2, s, o) < 20 {
            (o, s)
        } else {
            (s, o)
        }
    }
    fn extra_turn(&self, s: u32, o: u32) -> bool {
        self.hash(3, s, o) < 10 * (self.seed % 3)
    }
}

/// The solver's tables achieve the values it reports: evaluating the
/// optimum's own table (both seats) and the best response's own table
/// (against the table it answers) gives the same value at every state.
/// On rules where a game can stall, a choice that keeps the scores where
/// they are can tie with the best (staying is worth what the state is
/// worth); taking it, the game would never collect that value.
#[test]
fn the_solvers_own_tables_achieve_its_values() {
    // Worked: goal 10, zero dice worth nothing, against a player who never
    // rolls. Rolling wins surely, and so "does" passing, forever.
    let never = Toy::new(10, 0, 6, PigOut::Points(1));
    let tables = RuleTables::new(&never).unwrap();
    let zero = StrategyTable::constant(10, 0);
    let r = general_sweep(&tables, &[Policy::Best, Policy::Fixed(&zero)], None);
    assert_eq!(r.value(0, 0, 0), 1.0);
    assert_eq!(r.choice(0, 0, 0), 1, "the fewest dice that move on");
    let mut checked = 0;
    for seed in 0..12u64 {
        let rules = Stalling {
            goal: 12 + 3 * seed as u32,
            seed,
        };
        let n = rules.goal;
        let tables = RuleTables::new(&rules).unwrap();
        let one = StrategyTable::constant(n, 1);
        let never = StrategyTable::constant(n, 0);
        for (name, answered) in [
            ("itself", None),
            ("zero dice", Some(&never)),
            ("one die", Some(&one)),
        ] {
            let (solved, evaluated) = match answered {
                None => {
                    let r = general_sweep(&tables, &[Policy::Best], None);
                    let own = StrategyTable::from_fn(n, |s, o| r.choice(0, s, o));
                    let e =
                        general_sweep(&tables, &[Policy::Fixed(&own), Policy::Fixed(&own)], None);
                    (r, e)
                }
                Some(table) => {
                    let r = general_sweep(&tables, &[Policy::Best, Policy::Fixed(table)], None);
                    let own = StrategyTable::from_fn(n, |s, o| r.choice(0, s, o));
                    let e =
                        general_sweep(&tables, &[Policy::Fixed(&own), Policy::Fixed(table)], None);
                    (r, e)
                }
            };
            for s in 0..n {
                for o in 0..n {
                    let (want, got) = (solved.value(0, s, o), evaluated.value(0, s, o));
                    assert!(
                        (want - got).abs() <= 1e-9,
                        "seed {seed} vs {name} at ({s}, {o}): solved {want}, its table {got}"
                    );
                    assert!((0.0..=1.0).contains(&want), "({s}, {o}): {want}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000);
}

/// Where no play can stall on a diagonal its fixed point is unique, so
/// policy iteration group by group (the sweep's way there) and the rounds
/// from 1/2 over the whole diagonal reach the same values, and the same
/// choices unless two are tied; on rules where some diagonals stall, the
/// others still agree. Rules where every diagonal is level (`Mixed`: a Pig
/// Out worth nothing, a cap, extra turns, dice of seven sizes), and
/// randomly stalling ones.
#[test]
fn policy_iteration_reaches_the_rounds_fixed_point() {
    let mixed = RuleTables::new(&Mixed).unwrap();
    let stalling: Vec<RuleTables> = (0..4u64)
        .map(|seed| RuleTables::new(&Stalling { goal: 30, seed }).unwrap())
        .collect();
    assert!((0..2 * 30 - 1).any(|d| stalling[0].may_stall(d)));
    assert!((0..2 * 30 - 1).any(|d| stalling[0].level(d) && !stalling[0].may_stall(d)));
    let mut compared = 0;
    for tables in std::iter::once(&mixed).chain(&stalling) {
        let n = tables.goal();
        let fixed = two_tables(n);
        for policies in three_plays(&fixed) {
            let fast = general_sweep(tables, &policies, None);
            let slow = general_sweep_by_rounds(tables, &policies);
            for i in 0..policies.len() {
                for s in 0..n {
                    for o in 0..n {
                        let (a, b) = (fast.value(i, s, o), slow.value(i, s, o));
                        assert!((a - b).abs() <= 1e-15, "seat {i} ({s}, {o}): {a} vs {b}");
                        let (ca, cb) = (fast.choice(i, s, o), slow.choice(i, s, o));
                        if ca != cb {
                            let values = slow.choice_values(tables, i, s, o);
                            let gap = (values[ca as usize] - values[cb as usize]).abs();
                            assert!(gap <= TIE_TOLERANCE + 1e-15, "({s}, {o}): {ca} vs {cb}");
                        }
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 10_000);
}

/// Only diagonals where some play stays forever are marked as stalling:
/// zero dice worth nothing stalls every diagonal (both players pass), zero
/// dice worth nothing against an even score only from (1, 1) on (see
/// `games_that_can_go_on_forever_are_found_and_count_half`), and a Pig Out
/// worth nothing none (a roll may score more).
#[test]
fn stalling_diagonals_are_marked() {
    let zero = RuleTables::new(&Toy::new(5, 0, 6, PigOut::Points(1))).unwrap();
    assert!((0..9).all(|d| zero.level(d) && zero.may_stall(d)));
    let odd = RuleTables::new(&OddZero).unwrap();
    assert!(!odd.may_stall(0) && !odd.may_stall(1));
    assert!(odd.may_stall(2));
    let pig = RuleTables::new(&Toy::new(5, 1, 6, PigOut::Points(0))).unwrap();
    assert!((0..9).all(|d| pig.level(d) && !pig.may_stall(d)));
}

/// A rule that changes a roll's points merges the outcomes that end with
/// the same points, counted in whole rolls before dividing: under a cap of
/// 20 - dice and a Pig Out worth nothing, ten six-sided dice score 0 in
/// 6^10 - 5^10 rolls and 10 points (every sum from 20 up, capped) in the
/// other 5^10; one die keeps its six outcomes (0 and 2 to 6).
#[test]
fn changed_points_are_merged_by_final_points() {
    let tables = RuleTables::new(&Mixed).unwrap();
    // (0, 2): dice_sides 2 + 4 % 7 = 6.
    assert_eq!(tables.die_at(0, 2), 6);
    let (all, none) = (6f64.powi(10), 5f64.powi(10));
    assert_eq!(
        tables.finals(0, 2, 10),
        &[(0, (all - none) / all), (10, none / all)]
    );
    let one: Vec<u32> = tables.finals(0, 2, 1).iter().map(|&(q, _)| q).collect();
    assert_eq!(one, [0, 2, 3, 4, 5, 6]);
    assert_eq!(tables.finals(0, 2, 1)[0].1, 1.0 / 6.0);
    // Five dice: the sums 10 to 15 stay apart, 15 to 30 are one.
    let five = tables.finals(0, 2, 5);
    assert_eq!(five.last().map(|&(q, _)| q), Some(15));
    assert_eq!(five.len(), 1 + 6);
    let total: f64 = five.iter().map(|&(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-15);
    // Zero dice: 2 + o % 3 points.
    assert_eq!(tables.zero_final(0, 2), 4);
    // The most any choice scores: three dice, 18 capped to 17.
    assert_eq!(tables.top(0, 2), 17);
}

/// Turn points that change a roll the same way everywhere are kept once,
/// whatever zero dice give: `Mixed`'s cap (zero dice 2 to 4, the lists of
/// its seven die sizes), and a bonus for an even score twice (one list per
/// parity).
#[test]
fn turn_points_are_kept_once_per_distinct_list() {
    struct EvenBonus;
    impl ScoreRules for EvenBonus {
        fn goal(&self) -> u32 {
            30
        }
        fn zero_dice(&self, _: u32, o: u32) -> u32 {
            1 + o % 10
        }
        fn has_turn_points(&self) -> bool {
            true
        }
        fn turn_points(&self, points: u32, _: u32, s: u32, _: u32) -> u32 {
            points + u32::from(s.is_multiple_of(2))
        }
    }
    assert_eq!(RuleTables::new(&Mixed).unwrap().turn_point_lists(), 7);
    let even = RuleTables::new(&EvenBonus).unwrap();
    assert_eq!(even.turn_point_lists(), 2);
    assert_eq!(even.zero_final(4, 13), 1 + 3 + 1);
    assert_eq!(even.zero_final(5, 13), 1 + 3);
    // Two dice at an even score: a Pig Out's 1 and the sums 4 to 12, each
    // one point more.
    let two: Vec<u32> = even.finals(4, 0, 2).iter().map(|&(q, _)| q).collect();
    assert_eq!(two, [2, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    assert_eq!(
        RuleTables::new(&Toy::new(5, 1, 6, PigOut::Points(0)))
            .unwrap()
            .turn_point_lists(),
        0
    );
}
