//! Tournament benchmark: every pair of 100 distinct fa24 strategy tables at
//! goal 100 (4,950 exact two-seat sweeps), the workload of
//! `hog tournament --file` with a hundred entries.

use criterion::{criterion_group, criterion_main, Criterion};

use hog::engine::win_rates;
use hog::engine::SweepOptions;
use hog::engine::{best_response, solve as optimal};
use hog::rules::{Preset, Rules};
use hog::strategy::{CourseStrategy, StrategyTable};
use hog::tournament;

/// How many strategies the tournament has.
const STRATEGIES: usize = 100;

/// 100 different tables: constant rolls, optimal, best responses to the
/// constant rolls, then boar and sus strategies over a parameter grid
/// (duplicates skipped: many thresholds give the same table).
fn tables(rules: &Rules) -> Vec<StrategyTable> {
    let options = SweepOptions::default();
    let goal = rules.goal();
    let mut candidates: Vec<StrategyTable> =
        (0..=10).map(|n| StrategyTable::constant(goal, n)).collect();
    candidates.push(optimal(rules, &options).table());
    for n in 0..=10 {
        let opponent = StrategyTable::constant(goal, n);
        candidates.push(best_response(rules, &opponent, &options).table());
    }
    for strategy in [CourseStrategy::Sus, CourseStrategy::Boar] {
        for num_rolls in [6, 5, 4, 7, 3, 8] {
            for threshold in 2..=30 {
                candidates.push(strategy.table(rules, [threshold, num_rolls]));
            }
        }
    }
    let mut distinct: Vec<StrategyTable> = Vec::with_capacity(STRATEGIES);
    for table in candidates {
        if distinct.len() == STRATEGIES {
            break;
        }
        if !distinct.contains(&table) {
            distinct.push(table);
        }
    }
    assert_eq!(distinct.len(), STRATEGIES, "enough distinct tables");
    distinct
}

/// All 4,950 pairs in parallel, and one pair alone for the per-pair cost.
fn tournament_100(c: &mut Criterion) {
    let rules = Rules::preset(Preset::Fa24, 100).expect("valid rules");
    let tables = tables(&rules);
    let mut group = c.benchmark_group("tournament_goal_100");
    group.sample_size(10);
    group.bench_function("pairs_100_strategies", |b| {
        let options = SweepOptions::default();
        b.iter(|| tournament::pair_rates(&rules, &tables, &options, &|| {}))
    });
    group.bench_function("one_pair", |b| {
        b.iter(|| win_rates(&rules, &tables[11], &tables[50], &SweepOptions::default()))
    });
    group.finish();
}

criterion_group!(benches, tournament_100);
criterion_main!(benches);
