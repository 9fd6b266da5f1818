//! Solver benchmarks: optimal solves, best responses and exact evaluations
//! at the course's goal and larger, and the parallel cut-over of the sweep.

#[path = "../tests/support/rules.rs"]
mod support;

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

use hog::engine::{self, best_response, solve as optimal, win_rates};
use hog::engine::{Method, SweepOptions};
use hog::general::{RuleTables, ScoreRules};
use hog::recall::{Clock, FeralHogs, Forgetful, PerfectPiggy, PlayerMemory, Still, TimeTrot};
use hog::rules::{BuiltIn, Origin, Preset, Rules};
use hog::strategy::{read_table, Resolver, StrategyTable};

fn rules(preset: Preset, goal: u32) -> Rules {
    Rules::preset(preset, goal).expect("valid rules")
}

/// Optimal solve at goal 100 for every preset.
fn optimal_goal_100(c: &mut Criterion) {
    let mut group = c.benchmark_group("optimal_goal_100");
    for preset in Preset::ALL {
        let r = rules(preset, 100);
        group.bench_function(preset.name(), |b| {
            b.iter(|| optimal(&r, &SweepOptions::default()))
        });
    }
    group.finish();
}

/// The recurrence against the ten dot products it replaced, in one run
/// (the A/B of the algorithm alone, on the same build).
fn methods_goal_100(c: &mut Criterion) {
    let mut group = c.benchmark_group("method_goal_100");
    let r = rules(Preset::Fa24, 100);
    for (name, method) in [
        ("recurrence", Method::Recurrence),
        ("dot_products", Method::DotProducts),
    ] {
        let options = SweepOptions {
            method,
            ..SweepOptions::default()
        };
        group.bench_function(name, |b| b.iter(|| optimal(&r, &options)));
    }
    group.finish();
}

/// The general path (rules as functions) at goal 100: tabulating the rules,
/// and the optimal solve from the tables, on every preset (which the fast
/// path solves too: the ratio is the price of generality).
fn general_goal_100(c: &mut Criterion) {
    let mut group = c.benchmark_group("general_goal_100");
    let options = SweepOptions::default();
    for preset in Preset::ALL {
        let r = as_functions(preset.name(), rules(preset, 100)).on_the_general_path();
        group.bench_function(format!("optimal/{}", preset.name()), |b| {
            b.iter(|| engine::solve(&r, &options))
        });
    }
    let r = rules(Preset::Fa24, 100);
    group.bench_function("tabulate/fa24", |b| b.iter(|| RuleTables::new(&r).unwrap()));
    // Every diagonal a fixed point: a Pig Out worth 0 keeps the sum.
    let variant = as_functions("variant", support::Variant);
    group.bench_function("optimal/variant", |b| {
        b.iter(|| engine::solve(&variant, &options))
    });
    let five = StrategyTable::constant(100, 5);
    let six = StrategyTable::constant(100, 6);
    group.bench_function("eval/variant", |b| {
        b.iter(|| engine::evaluate(&variant, &five, &six, &options))
    });
    group.finish();
}

/// `rules` given as functions, named `name`.
fn as_functions(name: &str, rules: impl ScoreRules + Send + 'static) -> Rules {
    Rules::from_functions(name.into(), Origin::Code, Arc::new(rules)).unwrap()
}

/// Rules with memory at goal 100: Fall 2019's rules (examples/rules/fa19.toml)
/// with Feral Hogs in both readings, and the same scores with Time Trot
/// (modulus 8) or Perfect Piggy in place of Feral Hogs, and with neither:
/// the optimum over the full state and the exact evaluation of two tables.
fn memory_goal_100(c: &mut Criterion) {
    let mut group = c.benchmark_group("memory_goal_100");
    group.sample_size(10);
    let fa19 =
        hog::rules::ComposedRules::parse(include_str!("../examples/rules/fa19.toml"), Some(100))
            .unwrap();
    let five = StrategyTable::constant(100, 5);
    let boar = StrategyTable::from_fn(100, |s, o| ((3 * s + o) % 11) as u8);
    type Memory = Arc<dyn PlayerMemory + Send + Sync>;
    type Shared = Arc<dyn Clock + Send + Sync>;
    // "none": the same sweep remembering nothing, the yardstick for what
    // a memory or a clock costs.
    let cases: [(&str, Memory, Shared); 5] = [
        ("none", Arc::new(Forgetful), Arc::new(Still)),
        ("feral", Arc::new(FeralHogs::Dice), Arc::new(Still)),
        ("feral-points", Arc::new(FeralHogs::Points), Arc::new(Still)),
        (
            "time-trot-8",
            Arc::new(Forgetful),
            Arc::new(TimeTrot::new(8).unwrap()),
        ),
        (
            "perfect-piggy",
            Arc::new(Forgetful),
            Arc::new(PerfectPiggy::new(4).unwrap()),
        ),
    ];
    let options = SweepOptions::default();
    for (name, memory, clock) in cases {
        let rules = as_functions("fa19", fa19.clone())
            .with_memory(Some(memory), Some(clock))
            .unwrap();
        group.bench_function(format!("optimal/{name}"), |b| {
            b.iter(|| engine::solve(&rules, &options))
        });
        group.bench_function(format!("eval/{name}"), |b| {
            b.iter(|| engine::evaluate(&rules, &boar, &five, &options))
        });
    }
    group.finish();
}

/// The exact win rates of two tables under Fall 2019's rules with Feral
/// Hogs (`--rules fa19`), the C++ contest solver bacon2's home rules, on
/// the pairs `benches/peer/README.md` times bacon2 on: constant tables,
/// bacon2's optimal table against `always_roll(6)`, two random tables.
fn fa19_pairs(c: &mut Criterion) {
    let mut group = c.benchmark_group("fa19_pairs");
    let fa19 = BuiltIn::from_name("fa19")
        .unwrap()
        .rules(None, None)
        .unwrap();
    let table = |name: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("benches/peer")
            .join(name);
        read_table(&path, &fa19).unwrap()
    };
    let (four, six) = (
        StrategyTable::constant(100, 4),
        StrategyTable::constant(100, 6),
    );
    let pairs = [
        ("always_4_vs_6", four, six.clone()),
        ("bacon2_optimal_vs_6", table("bacon2_optimal.csv"), six),
        ("random", table("random_a.csv"), table("random_b.csv")),
    ];
    let options = SweepOptions::default();
    for (name, a, b) in &pairs {
        group.bench_function(*name, |bench| {
            bench.iter(|| win_rates(&fa19, a, b, &options))
        });
    }
    group.finish();
}

/// One exact evaluation of two tables, and one best response, at goal 100.
fn eval_and_best_response(c: &mut Criterion) {
    let r = rules(Preset::Fa24, 100);
    let resolver = Resolver::new(&r, SweepOptions::default());
    let optimal_table = resolver.resolve_str("optimal").unwrap();
    let boar = resolver.resolve_str("boar_strategy").unwrap();
    let baseline = StrategyTable::constant(100, 6);
    c.bench_function("eval_goal_100", |b| {
        b.iter(|| win_rates(&r, &optimal_table, &boar, &SweepOptions::default()))
    });
    c.bench_function("best_response_goal_100", |b| {
        b.iter(|| best_response(&r, &baseline, &SweepOptions::default()))
    });
}

/// The same evaluation at goal 1000, and what a rule set tabulates once
/// (landings, zero-dice points, end-of-game entries, reachable states)
/// before its first sweep at goal 100.
fn eval_goal_1000_and_rule_tables(c: &mut Criterion) {
    let r = rules(Preset::Fa24, 1000);
    let resolver = Resolver::new(&r, SweepOptions::default());
    let optimal_table = resolver.resolve_str("optimal").unwrap();
    let boar = resolver.resolve_str("boar_strategy").unwrap();
    let mut group = c.benchmark_group("eval_goal_1000");
    group.sample_size(10);
    group.bench_function("optimal_vs_boar", |b| {
        b.iter(|| win_rates(&r, &optimal_table, &boar, &SweepOptions::default()))
    });
    group.finish();
    c.bench_function("rule_tables_goal_100", |b| {
        b.iter(|| {
            let r = rules(Preset::Fa24, 100);
            r.state_table();
            r.final_landings();
            r.reach().map(|reach| reach.len())
        })
    });
}

/// Optimal solve at goal 1000.
fn optimal_goal_1000(c: &mut Criterion) {
    let r = rules(Preset::Fa24, 1000);
    let mut group = c.benchmark_group("optimal_goal_1000");
    group.sample_size(10);
    group.bench_function("fa24", |b| b.iter(|| optimal(&r, &SweepOptions::default())));
    group.finish();
}

/// Where splitting a diagonal across threads starts to pay: the same solve
/// with different minimum diagonal lengths for the parallel path.
fn parallel_cut_over(c: &mut Criterion) {
    let mut group = c.benchmark_group("parallel_min_states");
    group.sample_size(10);
    for goal in [100u32, 1000] {
        let r = rules(Preset::Fa24, goal);
        for min in [64usize, 256, 512, 1024, usize::MAX] {
            let options = SweepOptions {
                parallel_min_states: min,
                ..SweepOptions::default()
            };
            let label = if min == usize::MAX {
                "never".to_string()
            } else {
                min.to_string()
            };
            group.bench_with_input(
                BenchmarkId::new(format!("goal_{goal}"), label),
                &options,
                |b, o| b.iter(|| optimal(&r, o)),
            );
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    optimal_goal_100,
    methods_goal_100,
    general_goal_100,
    memory_goal_100,
    fa19_pairs,
    eval_and_best_response,
    eval_goal_1000_and_rule_tables,
    optimal_goal_1000,
    parallel_cut_over
);
criterion_main!(benches);
