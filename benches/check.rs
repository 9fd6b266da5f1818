//! `hog check` of a complete project: every function of Fall 2024's
//! project on all its inputs and 20,000 whole games of the project's own
//! `play` (the target: under 10 s), then the same without the
//! games, and Spring 2014's project; each in a python3 process of its own,
//! as the command runs it. Also one replay of a 20-turn game through the
//! student's `play` (what `--student` does after every turn).

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use hog::check::{check, CheckOptions, Referee};
use hog::play::{Game, Player};
use hog::rng::Rng;
use hog::rules::{Preset, Rules};
use hog::strategy::StrategyTable;

fn fixture(semester: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(semester)
        .join("hog.py")
}

fn checks(c: &mut Criterion) {
    let fa24 = Rules::preset(Preset::Fa24, 100).expect("fa24");
    let sp14 = Rules::preset(Preset::DoubleSwap, 100).expect("double-swap");
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(40));
    let whole = CheckOptions::default();
    let functions = CheckOptions {
        games: 0,
        ..CheckOptions::default()
    };
    group.bench_function("fa24_complete_20000_games", |b| {
        b.iter(|| {
            let report = check(&fa24, &fixture("fa24"), &whole).expect("checks");
            assert!(report.ok);
        })
    });
    group.bench_function("fa24_functions_only", |b| {
        b.iter(|| check(&fa24, &fixture("fa24"), &functions).expect("checks"))
    });
    group.bench_function("sp14_complete_20000_games", |b| {
        b.iter(|| check(&sp14, &fixture("sp14"), &whole).expect("checks"))
    });
    group.finish();

    // One replay through the student's play: a game of 20 turns.
    let referee =
        Referee::new(&fa24, &fixture("fa24"), Duration::from_secs(60)).expect("a referee");
    let mut game = Game::new(
        &fa24,
        StrategyTable::constant(100, 5),
        Player::Bot,
        Rng::seed_from_u64(7),
    );
    let mut turns = Vec::new();
    while turns.len() < 20 && game.to_move().is_some() {
        turns.push(game.move_with(3).expect("a move"));
    }
    let next = game.to_move();
    let mut group = c.benchmark_group("student");
    group.sample_size(20);
    group.bench_function("replay_20_turns", |b| {
        b.iter(|| referee.replay(&turns, Player::Bot, next).expect("a replay"))
    });
    group.finish();
}

criterion_group!(benches, checks);
criterion_main!(benches);
