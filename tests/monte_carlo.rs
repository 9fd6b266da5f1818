//! The exact engine against sampled games with real random dice
//! (`hog::simulate`, which rolls each die and never uses the engine's
//! outcome distributions or sweep).
//!
//! Tolerance: a seat's sampled rate is a binomial proportion over n games,
//! with standard error se = sqrt(p (1 - p) / n) at the exact p. At n = 200k
//! and p in [0.3, 0.8], se <= 0.0011, and the normal approximation is
//! excellent (n p (1 - p) > 40 000). A correct engine misses by more than
//! 4.5 se with probability 2 * (1 - Phi(4.5)) = 6.8e-6 per comparison; this
//! file makes 24 (4 presets x 3 strategies x 2 seats), so by the union bound
//! a random seed would fail a correct engine with probability < 1.7e-4. The
//! seed is fixed, so the run is deterministic. An engine error larger than
//! about 4.5 se ~ 0.005 in any seat would be caught.

use hog::engine;
use hog::engine::win_rates;
use hog::engine::SweepOptions;
use hog::rules::{Preset, Rules};
use hog::simulate::{simulate, Sampled};
use hog::strategy::{CourseStrategy, StrategyTable};

const GAMES_PER_SEAT: u64 = 200_000;
const SEED: u64 = 0x5EED_0F40_6500;
/// Standard errors allowed; see the module documentation.
const Z: f64 = 4.5;

/// How many standard errors the sampled rate `wins / games` is from `exact`.
fn z_score(wins: u64, games: u64, exact: f64) -> f64 {
    let sampled = wins as f64 / games as f64;
    let se = (exact * (1.0 - exact) / games as f64).sqrt();
    (sampled - exact) / se
}

/// Fail when the sampled rate is more than `Z` standard errors from `exact`.
fn assert_within(wins: u64, games: u64, exact: f64, what: &str) {
    let z = z_score(wins, games, exact);
    let sampled = wins as f64 / games as f64;
    eprintln!("{what}: sampled {sampled:.5}, exact {exact:.5}, {z:+.2} se");
    assert!(z.abs() <= Z, "{what}: {z:+.2} standard errors off");
}

/// The strategies sampled for a preset: its course strategies with the
/// course's defaults, and optimal.
fn strategies(r: &Rules) -> Vec<(String, StrategyTable)> {
    let preset = r.base();
    let mut out: Vec<(String, StrategyTable)> = CourseStrategy::of(preset)
        .iter()
        .filter(|c| c.applies_to(r).is_ok())
        .map(|c| (c.name().to_string(), c.table(r, c.defaults(preset))))
        .collect();
    let optimal = engine::solve(r, &SweepOptions::default()).table();
    out.push(("optimal".into(), optimal));
    out
}

#[test]
fn sampled_games_match_the_exact_win_rates() {
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let r = Rules::preset(preset, 100).unwrap();
        let baseline = StrategyTable::constant(100, r.baseline_dice());
        for (j, (name, table)) in strategies(&r).into_iter().enumerate() {
            let exact = win_rates(&r, &table, &baseline, &SweepOptions::default());
            // A different seed per matchup, so the comparisons are independent.
            let seed = SEED + 16 * i as u64 + j as u64;
            let sampled = simulate(&r, &table, &baseline, GAMES_PER_SEAT, seed);
            let what = format!(
                "{} {name} vs always_roll({})",
                preset.name(),
                r.baseline_dice()
            );
            assert_eq!(sampled.games, GAMES_PER_SEAT);
            assert_within(
                sampled.first_wins,
                GAMES_PER_SEAT,
                exact.first,
                &format!("{what}, first"),
            );
            assert_within(
                sampled.second_wins,
                GAMES_PER_SEAT,
                exact.second,
                &format!("{what}, second"),
            );
        }
    }
}

#[test]
fn the_sampler_can_tell_a_wrong_answer() {
    // The tolerance is not so loose that anything passes: at 200k games a
    // rate off by 0.01 (about 9 se) must be rejected.
    let r = Rules::preset(Preset::Fa24, 100).unwrap();
    let (a, b) = (
        StrategyTable::constant(100, 5),
        StrategyTable::constant(100, 6),
    );
    let exact = win_rates(&r, &a, &b, &SweepOptions::default());
    let sampled = simulate(&r, &a, &b, GAMES_PER_SEAT, SEED);
    assert_within(
        sampled.first_wins,
        GAMES_PER_SEAT,
        exact.first,
        "always_roll(5) first",
    );
    let shifted = z_score(sampled.first_wins, GAMES_PER_SEAT, exact.first + 0.01);
    assert!(
        shifted.abs() > Z,
        "a 0.01 error went unnoticed: {shifted} se"
    );
}

/// Sample in a rayon pool of `threads` threads.
fn sample_with_threads(threads: usize, r: &Rules, a: &StrategyTable, b: &StrategyTable) -> Sampled {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    // Not a multiple of the chunk size, so a short last chunk is included.
    pool.install(|| simulate(r, a, b, 100_003, 42))
}

#[test]
fn the_same_seed_gives_the_same_counts_on_any_thread_count() {
    let r = Rules::preset(Preset::ReverseSwap, 100).unwrap();
    let a = engine::solve(&r, &SweepOptions::default()).table();
    let b = StrategyTable::constant(100, 5);
    let one = sample_with_threads(1, &r, &a, &b);
    let two = sample_with_threads(2, &r, &a, &b);
    assert_eq!(one, two);
    assert_eq!(one.games, 100_003);
}
