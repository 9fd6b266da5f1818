//! Sampled games per second: the plain game loop with real random dice.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use hog::engine::SweepOptions;
use hog::rules::{Preset, Rules};
use hog::simulate::simulate;
use hog::strategy::{Resolver, StrategyTable};

fn games_per_second(c: &mut Criterion) {
    let rules = Rules::preset(Preset::Fa24, 100).unwrap();
    let boar = Resolver::new(&rules, SweepOptions::default())
        .resolve_str("boar_strategy")
        .unwrap();
    let baseline = StrategyTable::constant(100, 6);
    let games_per_seat = 100_000;
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2 * games_per_seat));
    group.bench_function("boar_vs_always_roll_6", |b| {
        b.iter(|| simulate(&rules, &boar, &baseline, games_per_seat, 1))
    });
    group.finish();
}

criterion_group!(benches, games_per_second);
criterion_main!(benches);
