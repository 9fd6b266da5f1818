//! Correctness evidence for the exact engine, from three independent angles:
//!
//! 1. tiny fa24 games worked out by hand (goals 1 to 5), compared exactly;
//! 2. a brute-force reference solver in this file that walks every die face
//!    one at a time (no outcome distributions, no diagonal sweep, no lookup
//!    tables), compared on every preset at small goals;
//! 3. invariants that any correct solver satisfies at full size, plus the
//!    course's own published facts about fa24.
//!
//! The rule functions themselves are checked against a transcription of
//! the book's rules here too, so the brute force builds only on checked ground.

use std::collections::HashMap;

use hog::engine::SweepOptions;
use hog::engine::{self, Solution};
use hog::engine::{win_rates, WinRates};
use hog::rng::Rng;
use hog::rules::{AfterTurn, Components, DiceRule, Preset, Rules, ZeroDice};
use hog::strategy::{CourseStrategy, Resolver, StrategyTable};

/// The engine's tie tolerance from the book's rules: within it, fewest dice win.
const TIE: f64 = 1e-12;

fn rules(preset: Preset, goal: u32) -> Rules {
    Rules::preset(preset, goal).unwrap()
}

fn opts() -> SweepOptions<'static> {
    SweepOptions::default()
}

fn always(goal: u32, n: u8) -> StrategyTable {
    StrategyTable::constant(goal, n)
}

fn assert_close(got: f64, want: f64, tol: f64, what: &str) {
    assert!(
        (got - want).abs() <= tol,
        "{what}: got {got:.17}, want {want:.17} (diff {:e})",
        got - want
    );
}

// ---------------------------------------------------------------------------
// 1. Tiny fa24 games by hand.
//
// Facts used throughout, for scores below 10 (tens digit 0):
// - Boar Brawl gives max(3 * |0 - s|, 1): 1 point at s = 0, 3s points at s >= 1.
// - Sus Fuss below 12: 1, 2, 3, 5, 7 are not sus (1 or 2 divisors);
//   4 -> 5 (3 divisors), 6 -> 7, 8 -> 11, 9 -> 11, 10 -> 11.
// - k >= 1 six-sided dice show no 1 with probability p(k) = (5/6)^k, and
//   then sum to at least 2k; otherwise the turn scores exactly 1.
// W(s, o) is the optimal mover's win probability at (mover s, other o);
// V_k(s, o) the value of rolling k dice there (k = 0: zero dice).
// ---------------------------------------------------------------------------

/// P(no die shows 1) for `k` six-sided dice.
fn p(k: usize) -> f64 {
    (5.0f64 / 6.0).powi(k as i32)
}

/// Check every choice value, the value and the choice at one state.
fn check_state(sol: &Solution, s: u32, o: u32, want: [f64; 11], choice: u8) {
    let got = sol.choice_values(0, (s, o));
    for k in 0..=10 {
        assert_close(got[k], want[k], 1e-15, &format!("V_{k}({s}, {o})"));
    }
    let best = want.iter().copied().fold(0.0, f64::max);
    assert_close(sol.value(0, (s, o)), best, 1e-15, &format!("W({s}, {o})"));
    assert_eq!(sol.choice(0, (s, o)), choice, "choice at ({s}, {o})");
}

/// A state the mover wins outright with zero dice: W = 1, choice 0.
fn check_won_by_zero_dice(sol: &Solution, s: u32, o: u32) {
    assert_close(
        sol.choice_values(0, (s, o))[0],
        1.0,
        0.0,
        &format!("V_0({s}, {o})"),
    );
    assert_close(sol.value(0, (s, o)), 1.0, 0.0, &format!("W({s}, {o})"));
    assert_eq!(sol.choice(0, (s, o)), 0, "choice at ({s}, {o})");
}

/// `[v0, f(1), f(2), ..., f(10)]`.
fn values(v0: f64, f: impl Fn(usize) -> f64) -> [f64; 11] {
    std::array::from_fn(|k| if k == 0 { v0 } else { f(k) })
}

#[test]
fn fa24_goal_1_the_first_mover_always_wins() {
    // Every turn scores at least 1 and fa24 has no swaps, so the only state
    // (0, 0) is won by anything; all eleven choices tie and the tie rule
    // picks 0 dice.
    let r = rules(Preset::Fa24, 1);
    let sol = engine::solve(&r, &opts());
    check_state(&sol, 0, 0, [1.0; 11], 0);
    for a in 0..=10 {
        for b in 0..=10 {
            let rates = win_rates(&r, &always(1, a), &always(1, b), &opts());
            // Rolled values sum rounded probabilities: exact up to an ulp or so.
            assert_close(rates.first, 1.0, 1e-15, &format!("first {a} vs {b}"));
            assert_close(rates.second, 0.0, 1e-15, &format!("second {a} vs {b}"));
        }
    }
}

#[test]
fn fa24_goal_2_by_hand() {
    // W(1, o) = 1: any turn scores at least 1; zero dice tie-break.
    // (0, 1): zero dice give 1 -> (1, 1), where the opponent moves and wins:
    //   V_0 = 0. Rolling k wins iff no die shows 1 (sum >= 2), else the
    //   opponent wins at (1, 1): V_k = p(k). Best k = 1: W = 5/6.
    // (0, 0): zero dice give 1 -> the opponent moves at (0, 1) and wins 5/6:
    //   V_0 = 1/6. Rolling: V_k = p(k) + (1 - p(k)) * 1/6, best at k = 1:
    //   5/6 + 1/36 = 31/36.
    let r = rules(Preset::Fa24, 2);
    let sol = engine::solve(&r, &opts());
    for o in 0..2 {
        check_won_by_zero_dice(&sol, 1, o);
    }
    check_state(&sol, 0, 1, values(0.0, p), 1);
    check_state(
        &sol,
        0,
        0,
        values(1.0 / 6.0, |k| p(k) + (1.0 - p(k)) / 6.0),
        1,
    );
    assert_close(
        sol.first_player_win_probability(),
        31.0 / 36.0,
        1e-15,
        "W(0, 0)",
    );
    let table = sol.table();
    assert_eq!((table.get(0, 0), table.get(0, 1)), (1, 1));
    assert_eq!((table.get(1, 0), table.get(1, 1)), (0, 0));
}

#[test]
fn fa24_goal_2_always_roll_pairs_by_hand() {
    // A rolls n, B rolls m. A turn from score 0 wins at once with q(n):
    // q(0) = 0 (Boar Brawl gives 1 at (0, 0) and (0, 1)), q(k) = p(k).
    // A turn from score 1 always wins. So with A first: A wins now, or both
    // miss and A wins from 1: first = q(n) + (1 - q(n)) (1 - q(m)).
    // With B first: B misses, then A wins at once (else B wins from 1):
    // second = (1 - q(m)) q(n).
    let r = rules(Preset::Fa24, 2);
    let q = |k: u8| if k == 0 { 0.0 } else { p(k as usize) };
    for n in 0..=10 {
        for m in 0..=10 {
            let rates = win_rates(&r, &always(2, n), &always(2, m), &opts());
            let first = q(n) + (1.0 - q(n)) * (1.0 - q(m));
            let second = (1.0 - q(m)) * q(n);
            assert_close(rates.first, first, 1e-15, &format!("first {n} vs {m}"));
            assert_close(rates.second, second, 1e-15, &format!("second {n} vs {m}"));
            assert_close(rates.average, (first + second) / 2.0, 1e-15, "average");
        }
    }
}

#[test]
fn fa24_goal_3_by_hand() {
    // W(1, o) = 1 by zero dice: 3 points -> 4 -> Sus Fuss 5 >= 3 (rolling
    // could score 1 and stop at 2). W(2, o) = 1: any turn reaches 3.
    // (0, 2) and (0, 1): every non-winning turn leaves the mover at 1 or 2
    //   facing an opponent at 1 or 2, who then wins surely: V_0 = 0.
    //   One die wins on 3..6 (a 2 leaves the mover at 2): V_1 = 4/6.
    //   k >= 2 dice without a 1 sum >= 4 and win: V_k = p(k).
    //   Best k = 2: W = 25/36.
    // (0, 0): a miss leaves the mover at 1 or 2 against 0, and the opponent
    //   then moves at (0, 1) or (0, 2), winning 25/36: the mover keeps 11/36.
    //   V_0 = 11/36 (zero dice give 1), V_1 = 4/6 + (2/6)(11/36) = 83/108,
    //   V_k = p(k) + (1 - p(k)) 11/36 for k >= 2, best k = 2:
    //   W = 25/36 + 121/1296 = 1021/1296.
    let r = rules(Preset::Fa24, 3);
    let sol = engine::solve(&r, &opts());
    for s in 1..3 {
        for o in 0..3 {
            check_won_by_zero_dice(&sol, s, o);
        }
    }
    let lose = 11.0 / 36.0;
    for o in 1..3 {
        check_state(
            &sol,
            0,
            o,
            values(0.0, |k| if k == 1 { 4.0 / 6.0 } else { p(k) }),
            2,
        );
    }
    let v1 = 83.0 / 108.0;
    let vk = |k: usize| {
        if k == 1 {
            v1
        } else {
            p(k) + (1.0 - p(k)) * lose
        }
    };
    check_state(&sol, 0, 0, values(lose, vk), 2);
    assert_close(
        sol.first_player_win_probability(),
        1021.0 / 1296.0,
        1e-15,
        "W(0, 0)",
    );
}

#[test]
fn fa24_goal_4_by_hand() {
    // Sus Fuss changes nothing below goal 5: the only sus score under 5 is 4,
    // and 4 already wins here.
    // W(s, o) = 1 for s >= 1 by zero dice (3, 6 or 9 points).
    // (0, o), o >= 1: a miss leaves the opponent to move at (o, x >= 1), a
    //   sure win for them. V_0 = 0; one die wins on 4, 5, 6: V_1 = 1/2;
    //   k >= 2 win unless a 1 shows: V_k = p(k). W = 25/36 at k = 2.
    // (0, 0): a miss hands the opponent (0, x >= 1), worth 25/36 to them:
    //   V_0 = 11/36, V_1 = 1/2 + (1/2)(11/36) = 47/72,
    //   V_k = p(k) + (1 - p(k)) 11/36: W = 1021/1296 at k = 2.
    let r = rules(Preset::Fa24, 4);
    let sol = engine::solve(&r, &opts());
    check_goals_4_and_5(&sol, 4);
}

#[test]
fn fa24_goal_5_sus_fuss_turns_4_into_a_win() {
    // The first goal where Sus Fuss matters: 4 -> 5 reaches the goal. Hence:
    // - W(1, o) = 1 by zero dice (3 points -> 4 -> 5); without Sus Fuss the
    //   mover would stop at 4.
    // - one die wins on 4, 5, 6 (not only 5, 6): V_1(0, o) = 1/2 as at goal 4;
    // - two dice without a 1 win even at 2 + 2 = 4: V_2 = p(2) = 25/36.
    // Every other number is as at goal 4 (W(2..4, o) = 1 by zero dice).
    let r = rules(Preset::Fa24, 5);
    let sol = engine::solve(&r, &opts());
    check_goals_4_and_5(&sol, 5);
}

/// The shared hand analysis of goals 4 and 5 (see the two tests above).
fn check_goals_4_and_5(sol: &Solution, goal: u32) {
    for s in 1..goal {
        for o in 0..goal {
            check_won_by_zero_dice(sol, s, o);
        }
    }
    let first_die = |k: usize| if k == 1 { 0.5 } else { p(k) };
    for o in 1..goal {
        check_state(sol, 0, o, values(0.0, first_die), 2);
    }
    let lose = 11.0 / 36.0;
    let vk = |k: usize| first_die(k) + (1.0 - first_die(k)) * lose;
    check_state(sol, 0, 0, values(lose, vk), 2);
    assert_close(vk(1), 47.0 / 72.0, 1e-15, "V_1(0, 0)");
    assert_close(
        sol.first_player_win_probability(),
        1021.0 / 1296.0,
        1e-15,
        "W(0, 0)",
    );
}

// ---------------------------------------------------------------------------
// The rule functions against a transcription of the book's rules.
// ---------------------------------------------------------------------------

fn divisors(n: u32) -> u32 {
    (1..=n).filter(|d| n.is_multiple_of(*d)).count() as u32
}

fn md_sus(x: u32) -> u32 {
    if matches!(divisors(x), 3 | 4) {
        (x + 1..).find(|&m| divisors(m) == 2).unwrap()
    } else {
        x
    }
}

/// `(mover, other)` after the after-turn rule (the book's rules) of `preset`.
fn md_after_turn(preset: Preset, mover: u32, other: u32) -> (u32, u32) {
    let (ones, tens) = (|x: u32| x % 10, |x: u32| (x / 10) % 10);
    let swap = match preset {
        Preset::Fa24 => return (md_sus(mover), other),
        Preset::DoubleSwap => mover == 2 * other || other == 2 * mover,
        Preset::ReverseSwap => {
            let (a, b) = (mover % 100, other % 100);
            b == 10 * ones(a) + tens(a)
        }
        Preset::DigitSwap => ones(mover) == tens(other),
    };
    if swap {
        (other, mover)
    } else {
        (mover, other)
    }
}

fn md_zero_dice(preset: Preset, mover: u32, opp: u32) -> u32 {
    let (ones, tens) = (|x: u32| x % 10, |x: u32| (x / 10) % 10);
    match preset {
        Preset::Fa24 => (3 * (tens(opp) as i64 - ones(mover) as i64).unsigned_abs() as u32).max(1),
        Preset::DoubleSwap | Preset::ReverseSwap => 1 + tens(opp).max(ones(opp)),
        Preset::DigitSwap => 1 + (tens(opp) * ones(opp)) % 10,
    }
}

fn md_sides(preset: Preset, mover: u32, opp: u32) -> u32 {
    let hog_wild = matches!(preset, Preset::DoubleSwap | Preset::ReverseSwap);
    if hog_wild && (mover + opp).is_multiple_of(7) {
        4
    } else {
        6
    }
}

#[test]
fn rule_functions_match_a_transcription_of_rules_md() {
    let expected = [
        (ZeroDice::BoarBrawl, DiceRule::SixSided, AfterTurn::SusFuss),
        (ZeroDice::BaconMax, DiceRule::HogWild, AfterTurn::SwapDouble),
        (
            ZeroDice::BaconMax,
            DiceRule::HogWild,
            AfterTurn::SwapReverse,
        ),
        (
            ZeroDice::BaconProduct,
            DiceRule::SixSided,
            AfterTurn::SwapDigits,
        ),
    ];
    for (preset, (zero, dice, after)) in Preset::ALL.into_iter().zip(expected) {
        let r = rules(preset, 100);
        let c = r.components();
        assert_eq!((c.zero_dice, c.dice, c.after_turn), (zero, dice, after));
        // Scores up to the goal plus a maximal turn, past 100 where the
        // digit rules wrap.
        for m in 0..=170 {
            for o in 0..=170 {
                assert_eq!(r.zero_dice_points(m, o), md_zero_dice(preset, m, o));
                assert_eq!(c.dice.sides(m, o), md_sides(preset, m, o));
                let end = r.after_turn(m, o);
                assert_eq!((end.mover, end.other), md_after_turn(preset, m, o));
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 2. A brute-force reference solver.
//
// Memoized recursion over game states, evaluated on demand (no sweep
// order). A turn of k dice is expanded one die at a time over every face,
// each face weighted 1/sides, with a memo on (dice left, partial sum,
// saw a 1) so the 6^10 face sequences are not walked one by one. It uses
// only Rules::{zero_dice_points, after_turn} and the dice rule's sides, and
// decides wins itself (a score at or above the goal after the after-turn
// rule wins for its owner).
// ---------------------------------------------------------------------------

/// How a seat of the reference picks its dice.
#[derive(Clone, Copy)]
enum Play<'a> {
    Best,
    Fixed(&'a StrategyTable),
}

/// A state's value, choice, and every choice's value (NaN where not computed).
type StateResult = (f64, u8, [f64; 11]);

/// The reference solver for one game: one seat (self-play) or two.
struct Reference<'a> {
    rules: &'a Rules,
    seats: Vec<Play<'a>>,
    /// Per seat: (value, choice, every choice's value) by state.
    memo: Vec<HashMap<(u32, u32), StateResult>>,
}

impl<'a> Reference<'a> {
    /// One seat plays both sides (self-play), or seat 0 meets seat 1.
    fn new(rules: &'a Rules, seats: Vec<Play<'a>>) -> Self {
        let memo = seats.iter().map(|_| HashMap::new()).collect();
        Reference { rules, seats, memo }
    }

    /// The mover's win probability and choice when `seat` moves at (s, o).
    fn value(&mut self, seat: usize, s: u32, o: u32) -> (f64, u8) {
        let (v, k, _) = self.state(seat, s, o);
        (v, k)
    }

    /// The memoized result of `seat` moving at (s, o).
    fn state(&mut self, seat: usize, s: u32, o: u32) -> StateResult {
        if let Some(&hit) = self.memo[seat].get(&(s, o)) {
            return hit;
        }
        let mut faces = HashMap::new();
        let result = match self.seats[seat] {
            Play::Fixed(table) => {
                let k = table.get(s, o);
                let v = self.choice_value(seat, s, o, k, &mut faces);
                (v, k, [f64::NAN; 11])
            }
            Play::Best => {
                let vals: [f64; 11] =
                    std::array::from_fn(|k| self.choice_value(seat, s, o, k as u8, &mut faces));
                let best = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let k = (0..=10).find(|&k| vals[k] >= best - TIE).unwrap();
                (vals[k], k as u8, vals)
            }
        };
        self.memo[seat].insert((s, o), result);
        result
    }

    /// Value of `k` dice at (s, o); `faces` memoizes the dice expansion at
    /// this state, keyed by (dice left, partial sum, saw a 1).
    fn choice_value(
        &mut self,
        seat: usize,
        s: u32,
        o: u32,
        k: u8,
        faces: &mut HashMap<(u32, u32, bool), f64>,
    ) -> f64 {
        if k == 0 {
            let points = self.rules.zero_dice_points(s, o);
            return self.after_points(seat, s, o, points);
        }
        let sides = self.rules.components().dice.sides(s, o);
        self.dice(seat, s, o, sides, (u32::from(k), 0, false), faces)
    }

    /// Expected outcome with `left` dice still to roll after `partial`.
    fn dice(
        &mut self,
        seat: usize,
        s: u32,
        o: u32,
        sides: u32,
        (left, partial, saw_one): (u32, u32, bool),
        faces: &mut HashMap<(u32, u32, bool), f64>,
    ) -> f64 {
        // After a 1 the sum no longer matters: share one memo entry.
        let key = (left, if saw_one { 0 } else { partial }, saw_one);
        if let Some(&v) = faces.get(&key) {
            return v;
        }
        let v = if left == 0 {
            let points = if saw_one { 1 } else { partial };
            self.after_points(seat, s, o, points)
        } else {
            let total: f64 = (1..=sides)
                .map(|f| {
                    let next = (left - 1, partial + f, saw_one || f == 1);
                    self.dice(seat, s, o, sides, next, faces)
                })
                .sum();
            total / f64::from(sides)
        };
        faces.insert(key, v);
        v
    }

    /// The mover's win probability after scoring `points` at (s, o).
    fn after_points(&mut self, seat: usize, s: u32, o: u32, points: u32) -> f64 {
        let goal = self.rules.goal();
        let end = self.rules.after_turn(s + points, o);
        if end.mover >= goal {
            1.0
        } else if end.other >= goal {
            0.0
        } else {
            let next = (seat + 1) % self.seats.len();
            1.0 - self.value(next, end.other, end.mover).0
        }
    }
}

/// The reference's first/second win rates of `a` against `b`.
fn reference_rates(r: &Rules, a: &StrategyTable, b: &StrategyTable) -> (f64, f64) {
    let mut game = Reference::new(r, vec![Play::Fixed(a), Play::Fixed(b)]);
    let first = game.value(0, 0, 0).0;
    let b_first = game.value(1, 0, 0).0;
    (first, 1.0 - b_first)
}

/// A fixed pseudo-random table, to exercise policies no one would design.
fn scrambled(goal: u32, seed: u64) -> StrategyTable {
    let mut rng = Rng::seed_from_u64(seed);
    StrategyTable::from_fn(goal, |_, _| rng.below(11) as u8)
}

/// The strategies compared at small goals: constant, course, optimal, scrambled.
fn small_goal_strategies(r: &Rules) -> Vec<(String, StrategyTable)> {
    let goal = r.goal();
    let mut out: Vec<(String, StrategyTable)> = [0, 1, r.baseline_dice(), 10]
        .into_iter()
        .map(|n| (format!("always_roll({n})"), always(goal, n)))
        .collect();
    out.extend(course_strategies(r));
    let optimal = engine::solve(r, &opts()).table();
    out.push(("optimal".into(), optimal));
    out.push(("scrambled".into(), scrambled(goal, u64::from(goal))));
    out
}

/// The preset's course strategies with the course's default arguments.
fn course_strategies(r: &Rules) -> Vec<(String, StrategyTable)> {
    let preset = r.base();
    CourseStrategy::of(preset)
        .iter()
        .filter(|c| c.applies_to(r).is_ok())
        .map(|c| (c.name().to_string(), c.table(r, c.defaults(preset))))
        .collect()
}

#[test]
fn optimal_matches_the_brute_force_reference() {
    for preset in Preset::ALL {
        for goal in 1..=20 {
            let r = rules(preset, goal);
            let sol = engine::solve(&r, &opts());
            let mut reference = Reference::new(&r, vec![Play::Best]);
            for s in 0..goal {
                for o in 0..goal {
                    let (v, k, vals) = reference.state(0, s, o);
                    let at = format!("{preset:?} goal {goal} ({s}, {o})");
                    assert_close(sol.value(0, (s, o)), v, 1e-12, &at);
                    assert_eq!(sol.choice(0, (s, o)), k, "choice at {at}");
                    let got = sol.choice_values(0, (s, o));
                    for kk in 0..=10 {
                        assert_close(got[kk], vals[kk], 1e-12, &format!("V_{kk} {at}"));
                    }
                }
            }
        }
    }
}

/// Hog Wild on every preset: the sweep runs the four-sided recurrence beside
/// the six-sided one (a four-sided turn reads levels of states whose own
/// turns roll six); the reference rolls each face.
#[test]
fn hog_wild_matches_the_brute_force_reference() {
    for preset in Preset::ALL {
        let wild = Components {
            dice: DiceRule::HogWild,
            ..preset.components()
        };
        for goal in 1..=20 {
            let r = Rules::new(preset, wild, goal).unwrap();
            let sol = engine::solve(&r, &opts());
            let mut reference = Reference::new(&r, vec![Play::Best]);
            let x = scrambled(goal, u64::from(goal) + 7);
            let br = engine::best_response(&r, &x, &opts());
            let mut br_reference = Reference::new(&r, vec![Play::Best, Play::Fixed(&x)]);
            for s in 0..goal {
                for o in 0..goal {
                    let at = format!("{preset:?} + hog-wild goal {goal} ({s}, {o})");
                    let (v, k, vals) = reference.state(0, s, o);
                    assert_close(sol.value(0, (s, o)), v, 1e-12, &at);
                    assert_eq!(sol.choice(0, (s, o)), k, "choice at {at}");
                    let got = sol.choice_values(0, (s, o));
                    for kk in 0..=10 {
                        assert_close(got[kk], vals[kk], 1e-12, &format!("V_{kk} {at}"));
                    }
                    let (v, k) = br_reference.value(0, s, o);
                    assert_close(br.value(0, (s, o)), v, 1e-12, &format!("br {at}"));
                    assert_eq!(br.choice(0, (s, o)), k, "br choice at {at}");
                }
            }
        }
    }
}

#[test]
fn best_responses_match_the_brute_force_reference() {
    for preset in Preset::ALL {
        for goal in [2, 7, 13, 20] {
            let r = rules(preset, goal);
            for (name, x) in small_goal_strategies(&r) {
                let sol = engine::best_response(&r, &x, &opts());
                let mut reference = Reference::new(&r, vec![Play::Best, Play::Fixed(&x)]);
                for s in 0..goal {
                    for o in 0..goal {
                        let (v, k) = reference.value(0, s, o);
                        let at = format!("{preset:?} goal {goal} vs {name} ({s}, {o})");
                        assert_close(sol.value(0, (s, o)), v, 1e-12, &at);
                        assert_eq!(sol.choice(0, (s, o)), k, "choice at {at}");
                    }
                }
            }
        }
    }
}

#[test]
fn win_rates_match_the_brute_force_reference() {
    for preset in Preset::ALL {
        for goal in [1, 2, 5, 11, 17] {
            let r = rules(preset, goal);
            let strategies = small_goal_strategies(&r);
            for (a_name, a) in &strategies {
                for (b_name, b) in &strategies {
                    let got = win_rates(&r, a, b, &opts());
                    let (first, second) = reference_rates(&r, a, b);
                    let at = format!("{preset:?} goal {goal}: {a_name} vs {b_name}");
                    assert_close(got.first, first, 1e-12, &format!("first, {at}"));
                    assert_close(got.second, second, 1e-12, &format!("second, {at}"));
                }
            }
        }
    }
}

#[test]
fn the_reference_agrees_with_the_hand_analysis() {
    // Guards the reference itself: goals 2 and 3 of fa24 by hand (above).
    let r = rules(Preset::Fa24, 2);
    let mut reference = Reference::new(&r, vec![Play::Best]);
    assert_close(reference.value(0, 0, 0).0, 31.0 / 36.0, 1e-15, "goal 2");
    let r = rules(Preset::Fa24, 3);
    let mut reference = Reference::new(&r, vec![Play::Best]);
    assert_eq!(reference.value(0, 0, 0).1, 2);
    assert_close(reference.value(0, 0, 0).0, 1021.0 / 1296.0, 1e-15, "goal 3");
}

// ---------------------------------------------------------------------------
// 3. Invariants at full size, every preset, goals 100, 50 and 137.
// ---------------------------------------------------------------------------

const BIG_GOALS: [u32; 3] = [100, 50, 137];

/// always_roll(0..=10) and the course strategies.
fn fixed_strategies(r: &Rules) -> Vec<(String, StrategyTable)> {
    let mut out: Vec<(String, StrategyTable)> = (0..=10)
        .map(|n| (format!("always_roll({n})"), always(r.goal(), n)))
        .collect();
    out.extend(course_strategies(r));
    out
}

fn for_each_big_game(mut f: impl FnMut(&Rules, &str)) {
    for preset in Preset::ALL {
        for goal in BIG_GOALS {
            let r = rules(preset, goal);
            f(&r, &format!("{preset:?} goal {goal}"));
        }
    }
}

#[test]
fn self_play_averages_one_half() {
    // A strategy against itself wins first + (1 - first) over two games.
    for_each_big_game(|r, at| {
        let mut tables = fixed_strategies(r);
        tables.push(("optimal".into(), engine::solve(r, &opts()).table()));
        for (name, t) in &tables {
            let rates = win_rates(r, t, t, &opts());
            assert_close(
                rates.average,
                0.5,
                1e-15,
                &format!("{name} vs itself, {at}"),
            );
        }
    });
}

#[test]
fn optimal_beats_every_fixed_strategy() {
    // Minimax in a symmetric game: whatever X does, optimal wins at least
    // W(0, 0) moving first and 1 - W(0, 0) moving second, so its average
    // is at least 1/2; none of these X is optimal, so strictly more.
    for_each_big_game(|r, at| {
        let sol = engine::solve(r, &opts());
        let table = sol.table();
        let w = sol.first_player_win_probability();
        for (name, x) in fixed_strategies(r) {
            let rates = win_rates(r, &table, &x, &opts());
            let at = format!("optimal vs {name}, {at}");
            assert!(
                rates.first >= w - TIE,
                "{at}: first {} < W {w}",
                rates.first
            );
            assert!(
                rates.second >= 1.0 - w - TIE,
                "{at}: second {}",
                rates.second
            );
            assert!(rates.average > 0.5, "{at}: average {}", rates.average);
        }
    });
}

#[test]
fn best_response_beats_optimal_against_each_strategy() {
    for_each_big_game(|r, at| {
        let optimal = engine::solve(r, &opts()).table();
        for (name, x) in fixed_strategies(r) {
            let br = engine::best_response(r, &x, &opts());
            let mine = win_rates(r, &br.table(), &x, &opts());
            let theirs = win_rates(r, &optimal, &x, &opts());
            let at = format!("vs {name}, {at}");
            assert!(
                mine.first >= theirs.first - TIE,
                "{at}: {mine:?} {theirs:?}"
            );
            assert!(
                mine.second >= theirs.second - TIE,
                "{at}: {mine:?} {theirs:?}"
            );
            // The solve's own value is the rate its table earns.
            assert_close(br.first_player_win_probability(), mine.first, 1e-12, &at);
        }
    });
}

/// Every value in [0, 1], the choice's value is the state's value, and no
/// choice with fewer dice is within the tie tolerance of the best.
fn check_solution(sol: &Solution, goal: u32, at: &str) {
    for s in 0..goal {
        for o in 0..goal {
            let w = sol.value(0, (s, o));
            let vals = sol.choice_values(0, (s, o));
            let k = sol.choice(0, (s, o)) as usize;
            assert!((0.0..=1.0).contains(&w), "{at} W({s}, {o}) = {w}");
            assert!(
                vals.iter().all(|v| (0.0..=1.0).contains(v)),
                "{at} {vals:?}"
            );
            assert_close(vals[k], w, 1e-15, &format!("{at} V_chosen({s}, {o})"));
            let best = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            assert!(vals[k] >= best - TIE, "{at} ({s}, {o}) {vals:?}");
            assert!(
                vals[..k].iter().all(|&v| v < best - TIE),
                "{at} ({s}, {o}) chose {k}: {vals:?}"
            );
        }
    }
}

#[test]
fn solutions_are_probabilities_with_consistent_choices() {
    for_each_big_game(|r, at| {
        check_solution(
            &engine::solve(r, &opts()),
            r.goal(),
            &format!("optimal {at}"),
        );
        for (name, x) in course_strategies(r) {
            let br = engine::best_response(r, &x, &opts());
            check_solution(&br, r.goal(), &format!("best_response({name}) {at}"));
        }
        let baseline = always(r.goal(), r.baseline_dice());
        let br = engine::best_response(r, &baseline, &opts());
        check_solution(&br, r.goal(), &format!("best_response(baseline) {at}"));
    });
}

#[test]
fn win_rates_are_probabilities() {
    for_each_big_game(|r, at| {
        let tables = fixed_strategies(r);
        for (a_name, a) in &tables {
            for (b_name, b) in tables.iter().step_by(3) {
                let WinRates {
                    first,
                    second,
                    average,
                } = win_rates(r, a, b, &opts());
                let ok = |x: f64| (0.0..=1.0).contains(&x);
                assert!(
                    ok(first) && ok(second) && ok(average),
                    "{a_name} vs {b_name}, {at}"
                );
            }
        }
    });
}

// ---------------------------------------------------------------------------
// 4. The course's own facts.
// ---------------------------------------------------------------------------

fn course_rates(preset: Preset, spec: &str) -> WinRates {
    let r = rules(preset, 100);
    let resolver = Resolver::new(&r, opts());
    let a = resolver.resolve_str(spec).unwrap();
    win_rates(&r, &a, &always(100, r.baseline_dice()), &opts())
}

#[test]
fn fa24_course_win_rates_against_always_roll_6() {
    // The fa24 project: boar_strategy wins "close to 66-67%" against
    // always_roll(6), sus_strategy "close to 67-69%".
    let boar = course_rates(Preset::Fa24, "boar_strategy").average;
    let sus = course_rates(Preset::Fa24, "sus_strategy").average;
    assert!((0.66..=0.68).contains(&boar), "boar_strategy {boar}");
    assert!((0.67..=0.69).contains(&sus), "sus_strategy {sus}");
    assert!(sus > boar, "sus_strategy {sus} <= boar_strategy {boar}");
}

#[test]
fn optimal_clears_the_older_courses_targets() {
    // The final-strategy targets of the book's rules against always_roll(5).
    let double = course_rates(Preset::DoubleSwap, "optimal").average;
    let reverse = course_rates(Preset::ReverseSwap, "optimal").average;
    assert!(double >= 0.59, "double-swap optimal {double}");
    assert!(reverse >= 0.58, "reverse-swap optimal {reverse}");
}
