//! Runs the goal-100 optimal solve many times, for profilers.
fn main() {
    let goal: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let reps: u32 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let rules = hog::rules::Rules::preset(hog::rules::Preset::Fa24, goal).unwrap();
    let start = std::time::Instant::now();
    let mut total = 0.0;
    for _ in 0..reps {
        total += hog::solve::optimal(&rules, &Default::default()).first_player_win_probability();
    }
    let per = start.elapsed().as_secs_f64() / f64::from(reps);
    println!("{total} {:.1} us per solve", per * 1e6);
}
