//! Runs an optimal solve (or an evaluation) many times, for profilers:
//! `profile_solve GOAL REPS [PARALLEL_MIN_STATES] [eval]`.
use hog::rules::{Preset, Rules};
use hog::strategy::StrategyTable;
use hog::sweep::SweepOptions;

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let goal: u32 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let reps: u32 = arg(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let min: usize = arg(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(hog::sweep::DEFAULT_PARALLEL_MIN_STATES);
    let eval = arg(4).as_deref() == Some("eval");
    let rules = Rules::preset(Preset::Fa24, goal).unwrap();
    let options = SweepOptions {
        parallel_min_states: min,
        progress: None,
    };
    let a = hog::solve::optimal(&rules, &options).table();
    let b = StrategyTable::constant(goal, 6);
    let start = std::time::Instant::now();
    let mut total = 0.0;
    for _ in 0..reps {
        total += if eval {
            hog::eval::win_rates(&rules, &a, &b, &options).first
        } else {
            hog::solve::optimal(&rules, &options).first_player_win_probability()
        };
    }
    let per = start.elapsed().as_secs_f64() / f64::from(reps);
    println!(
        "{total:.6} {:.1} us per {}",
        per * 1e6,
        if eval { "evaluation" } else { "solve" }
    );
}
