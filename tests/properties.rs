//! Properties every correct solver has, checked on random strategy tables
//! of every preset: best responses and minimax dominate any table, rates are
//! probabilities, and the thread count never changes a bit of the result.

use hog::engine;
use hog::engine::SweepOptions;
use hog::engine::{win_rates, WinRates};
use hog::rules::{Preset, Rules};
use hog::strategy::StrategyTable;
use ndarray::Array2;
use proptest::prelude::*;

/// Slack for comparing two independently summed probabilities.
const EPS: f64 = 1e-12;

fn opts() -> SweepOptions<'static> {
    SweepOptions::default()
}

fn preset() -> impl Strategy<Value = Preset> {
    (0..Preset::ALL.len()).prop_map(|i| Preset::ALL[i])
}

/// A random table: either every state independent, or constant on a 6 x 6
/// grid of blocks (closer to real strategies, which change with the score).
fn table(goal: u32) -> impl Strategy<Value = StrategyTable> {
    let n = goal as usize;
    let noise = prop::collection::vec(0u8..=10, n * n)
        .prop_map(move |v| StrategyTable::from_array(Array2::from_shape_vec((n, n), v).unwrap()));
    let block = n.div_ceil(6);
    let blocks = prop::collection::vec(0u8..=10, 36).prop_map(move |v| {
        StrategyTable::from_fn(goal, |s, o| {
            v[(s as usize / block) * 6 + o as usize / block]
        })
    });
    prop_oneof![noise, blocks]
}

/// A preset, a goal in `goals`, and two random tables for it.
fn game(
    goals: std::ops::RangeInclusive<u32>,
) -> impl Strategy<Value = (Preset, u32, StrategyTable, StrategyTable)> {
    (preset(), goals).prop_flat_map(|(p, g)| (Just(p), Just(g), table(g), table(g)))
}

fn is_probability(x: f64) -> bool {
    (0.0..=1.0).contains(&x)
}

/// Best response to `x` does at least as well against `x` as `t`, in both seats.
fn check_best_response(
    r: &Rules,
    x: &StrategyTable,
    t: &StrategyTable,
) -> Result<(), TestCaseError> {
    let br = engine::best_response(r, x, &opts());
    let mine = win_rates(r, &br.table(), x, &opts());
    let theirs = win_rates(r, t, x, &opts());
    prop_assert!(mine.first >= theirs.first - EPS, "{mine:?} {theirs:?}");
    prop_assert!(mine.second >= theirs.second - EPS, "{mine:?} {theirs:?}");
    prop_assert!(br.first_player_win_probability() >= theirs.first - EPS);
    Ok(())
}

/// No table gains against the optimal table O beyond the game's value
/// W = W(0, 0): O wins at least W moving first and 1 - W moving second.
fn check_minimax(r: &Rules, t: &StrategyTable) -> Result<(), TestCaseError> {
    let sol = engine::solve(r, &opts());
    let o = sol.table();
    let w = sol.first_player_win_probability();
    let o_vs_t = win_rates(r, &o, t, &opts());
    let t_vs_o = win_rates(r, t, &o, &opts());
    prop_assert!(o_vs_t.first >= w - EPS, "{o_vs_t:?}, W = {w}");
    prop_assert!(o_vs_t.second >= 1.0 - w - EPS, "{o_vs_t:?}, W = {w}");
    prop_assert!(t_vs_o.first <= w + EPS, "{t_vs_o:?}, W = {w}");
    prop_assert!(t_vs_o.second <= 1.0 - w + EPS, "{t_vs_o:?}, W = {w}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn best_response_beats_any_table((p, goal, x, t) in game(30..=60)) {
        let r = Rules::preset(p, goal).unwrap();
        check_best_response(&r, &x, &t)?;
    }

    #[test]
    fn no_table_beats_the_minimax_value((p, goal, t, _u) in game(30..=60)) {
        let r = Rules::preset(p, goal).unwrap();
        check_minimax(&r, &t)?;
    }

    #[test]
    fn rates_and_values_are_probabilities((p, goal, a, b) in game(30..=60)) {
        let r = Rules::preset(p, goal).unwrap();
        let WinRates { first, second, average } = win_rates(&r, &a, &b, &opts());
        prop_assert!(is_probability(first) && is_probability(second));
        prop_assert!((average - (first + second) / 2.0).abs() <= 1e-15);
        // Swapping the strategies swaps the seats: B first is A second.
        let back = win_rates(&r, &b, &a, &opts());
        prop_assert!((back.first - (1.0 - second)).abs() <= EPS, "{back:?} {second}");
        prop_assert!((back.second - (1.0 - first)).abs() <= EPS, "{back:?} {first}");
        let br = engine::best_response(&r, &b, &opts());
        for s in 0..goal {
            for o in 0..goal {
                prop_assert!(is_probability(br.value(0, (s, o))));
                prop_assert!(br.choice_values(0, (s, o)).iter().all(|&v| is_probability(v)));
            }
        }
    }
}

proptest! {
    // Goal 100, the real game: fewer cases, each does more work.
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn dominance_holds_at_goal_100((p, goal, x, t) in game(100..=100)) {
        let r = Rules::preset(p, goal).unwrap();
        check_best_response(&r, &x, &t)?;
        check_minimax(&r, &t)?;
    }
}

/// Run `f` in a rayon pool of `threads` threads.
fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

/// Every state's value bits, choice and choice-value bits of a solution.
fn fingerprint(sol: &engine::Solution, goal: u32) -> Vec<(u64, u8, [u64; 11])> {
    let mut out = Vec::with_capacity((goal * goal) as usize);
    for s in 0..goal {
        for o in 0..goal {
            let all = sol.choice_values(0, (s, o));
            let vals: [u64; 11] = std::array::from_fn(|k| all[k].to_bits());
            out.push((sol.value(0, (s, o)).to_bits(), sol.choice(0, (s, o)), vals));
        }
    }
    out
}

/// Everything a sweep produces for optimal, best response to `x` and `x`
/// against `t`, with every diagonal split across the pool's threads.
type Sweeps = (
    Vec<(u64, u8, [u64; 11])>,
    Vec<(u64, u8, [u64; 11])>,
    [u64; 2],
);

fn all_sweeps(r: &Rules, x: &StrategyTable, t: &StrategyTable) -> Sweeps {
    let parallel = SweepOptions {
        parallel_min_states: 1,
        ..Default::default()
    };
    let goal = r.goal();
    let optimal = fingerprint(&engine::solve(r, &parallel), goal);
    let br = fingerprint(&engine::best_response(r, x, &parallel), goal);
    let rates = win_rates(r, t, x, &parallel);
    (optimal, br, [rates.first.to_bits(), rates.second.to_bits()])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn thread_count_never_changes_a_bit((p, goal, x, t) in game(30..=60)) {
        let r = Rules::preset(p, goal).unwrap();
        let one = in_pool(1, || all_sweeps(&r, &x, &t));
        let two = in_pool(2, || all_sweeps(&r, &x, &t));
        prop_assert!(one == two, "{p:?} goal {goal}: 1 and 2 threads differ");
        // And the default (mostly serial at these sizes) path agrees too.
        let serial = engine::solve(&r, &opts());
        prop_assert!(fingerprint(&serial, goal) == one.0);
    }
}
