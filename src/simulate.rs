//! Sampled games with real random dice: an independent check on the exact
//! engine.
//!
//! Nothing here uses the engine's outcome distributions or sweep: a turn
//! rolls each die one at a time, exactly as the course's `hog.py` does, and a
//! game is the plain game loop of the README's rules. Only the rule functions
//! ([`Rules::zero_dice_points`], [`Rules::after_turn`] and the dice rule's
//! number of sides) are shared with the solver.
//!
//! Results are reproducible: games are grouped into fixed-size chunks, each
//! with its own generator derived from `(seed, chunk)`, and the chunks' win
//! counts are summed as integers, so the totals are the same for any number
//! of threads.

use rayon::prelude::*;

use crate::rules::Rules;
use crate::strategy::StrategyTable;

/// Games per chunk: each chunk has its own generator, so this fixes which
/// random numbers each game sees whatever the thread count.
pub const CHUNK_GAMES: u64 = 1 << 14;

/// The z value of a two-sided 95% normal interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The SplitMix64 increment (the golden ratio in 64-bit fixed point).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Advance a SplitMix64 state and return its next output (Steele, Lea and
/// Flood 2014); used to expand one `u64` seed into a full generator state.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GOLDEN_GAMMA);
    mix64(*state)
}

/// SplitMix64's output function: a bijection on `u64` that scatters bits.
fn mix64(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The xoshiro256** generator of Blackman and Vigna (2018): 256 bits of
/// state, period `2^256 - 1`, seeded through SplitMix64 as its authors
/// recommend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose state is four SplitMix64 outputs from `seed`.
    pub fn seed_from_u64(seed: u64) -> Rng {
        let mut sm = seed;
        Rng::from_state(std::array::from_fn(|_| splitmix64(&mut sm)))
    }

    /// The generator for stream `index` of `seed`: distinct indices give
    /// distinct SplitMix64 seeds (`mix64` is a bijection), hence unrelated
    /// streams.
    pub fn stream(seed: u64, index: u64) -> Rng {
        Rng::seed_from_u64(mix64(seed) ^ index)
    }

    /// A generator with this exact state (not all zero: that state is fixed).
    pub fn from_state(s: [u64; 4]) -> Rng {
        assert!(s != [0; 4], "xoshiro256** cannot start from the zero state");
        Rng { s }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n >= 1`), by Lemire's multiply-and-reject
    /// method: the high half of `x * n` is uniform once the low half is outside
    /// the `2^32 mod n` values that would bias it.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n >= 1, "no integer is below 0");
        let mut m = (self.next_u64() >> 32) * u64::from(n);
        if (m as u32) < n {
            let reject_below = n.wrapping_neg() % n;
            while (m as u32) < reject_below {
                m = (self.next_u64() >> 32) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// One roll of a fair die with `sides` faces: `1..=sides`.
    pub fn roll(&mut self, sides: u32) -> u32 {
        1 + self.below(sides)
    }
}

/// Points of one turn that rolls `dice >= 1` dice with `sides` faces: any 1
/// makes the turn score 1 (Sow Sad / Pig Out), otherwise the sum. Every die
/// is rolled, as in the course's `roll_dice`.
pub fn roll_dice(rng: &mut Rng, dice: u32, sides: u32) -> u32 {
    let mut sum = 0;
    let mut saw_one = false;
    for _ in 0..dice {
        let face = rng.roll(sides);
        saw_one |= face == 1;
        sum += face;
    }
    if saw_one {
        1
    } else {
        sum
    }
}

/// Points the mover scores at `(mover, opponent)` rolling `dice` dice.
fn turn_points(rules: &Rules, rng: &mut Rng, mover: u32, opponent: u32, dice: u32) -> u32 {
    if dice == 0 {
        rules.zero_dice_points(mover, opponent)
    } else {
        let sides = rules.components().dice.sides(mover, opponent);
        roll_dice(rng, dice, sides)
    }
}

/// Play one game of `a` (moving first) against `b`; returns the winner's
/// index, 0 for `a` and 1 for `b`.
pub fn play_game(rules: &Rules, a: &StrategyTable, b: &StrategyTable, rng: &mut Rng) -> usize {
    let goal = rules.goal();
    assert!(
        a.goal() == goal && b.goal() == goal,
        "the tables are for another goal"
    );
    let players = [a, b];
    let mut score = [0u32; 2];
    let mut mover = 0;
    loop {
        let other = 1 - mover;
        let dice = players[mover].get(score[mover], score[other]);
        let points = turn_points(rules, rng, score[mover], score[other], u32::from(dice));
        let end = rules.after_turn(score[mover] + points, score[other]);
        score[mover] = end.mover;
        score[other] = end.other;
        // At most one score reaches the goal (the README's rules); a swap can make it
        // the other player's.
        if score[mover] >= goal {
            return mover;
        }
        if score[other] >= goal {
            return other;
        }
        mover = other;
    }
}

/// Win counts of strategy A from sampled games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sampled {
    /// Games A won moving first.
    pub first_wins: u64,
    /// Games A won moving second.
    pub second_wins: u64,
    /// Games played in each seat (so `2 * games` in all).
    pub games: u64,
}

impl Sampled {
    /// A's sampled win rate moving first.
    pub fn first(&self) -> f64 {
        self.first_wins as f64 / self.games as f64
    }

    /// A's sampled win rate moving second.
    pub fn second(&self) -> f64 {
        self.second_wins as f64 / self.games as f64
    }

    /// The mean of the two seats' rates, like the course's `average_win_rate`.
    pub fn average(&self) -> f64 {
        (self.first() + self.second()) / 2.0
    }

    /// The standard error of [`Sampled::average`]: `sqrt(se1^2 + se2^2) / 2`.
    pub fn average_standard_error(&self) -> f64 {
        let n = self.games as f64;
        let variance = |p: f64| p * (1.0 - p) / n;
        (variance(self.first()) + variance(self.second())).sqrt() / 2.0
    }
}

/// Sample `games_per_seat` games with A moving first and as many with B
/// moving first. The same `seed` gives the same counts on any thread count.
pub fn simulate(
    rules: &Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    games_per_seat: u64,
    seed: u64,
) -> Sampled {
    simulate_with_progress(rules, a, b, games_per_seat, seed, &|_| {})
}

/// [`simulate`], calling `progress` with the number of games of each chunk
/// as it finishes (from any thread).
pub fn simulate_with_progress(
    rules: &Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    games_per_seat: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Sampled {
    let chunks = games_per_seat.div_ceil(CHUNK_GAMES);
    // Stream 2c plays chunk c with A first, stream 2c + 1 with B first.
    let (first_wins, second_wins) = (0..2 * chunks)
        .into_par_iter()
        .map(|stream| {
            let start = (stream / 2) * CHUNK_GAMES;
            let games = CHUNK_GAMES.min(games_per_seat - start);
            let mut rng = Rng::stream(seed, stream);
            let a_first = stream % 2 == 0;
            let wins = (0..games)
                .filter(|_| {
                    if a_first {
                        play_game(rules, a, b, &mut rng) == 0
                    } else {
                        play_game(rules, b, a, &mut rng) == 1
                    }
                })
                .count() as u64;
            progress(games);
            if a_first {
                (wins, 0)
            } else {
                (0, wins)
            }
        })
        .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1));
    Sampled {
        first_wins,
        second_wins,
        games: games_per_seat,
    }
}

/// The 95% interval of the average of two independent seat rates (normal
/// approximation: the seats' variances add, the mean halves the spread).
pub fn average_interval95(sampled: &Sampled) -> (f64, f64) {
    let average = sampled.average();
    let half = Z95 * sampled.average_standard_error();
    ((average - half).max(0.0), (average + half).min(1.0))
}

/// The 95% Wilson score interval for a rate of `wins` out of `games`: unlike
/// `p ± 1.96 se` it stays inside `[0, 1]` and is sensible near 0 and 1.
pub fn interval95(wins: u64, games: u64) -> (f64, f64) {
    assert!(
        games > 0 && wins <= games,
        "need 0 <= wins <= games, games > 0"
    );
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn splitmix64_matches_the_published_sequence() {
        // Outputs of the reference splitmix64.c for seed 0 and seed 1234567.
        let mut s = 0;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(splitmix64(&mut s), 0x06C4_5D18_8009_454F);
        let mut s = 1_234_567;
        let got: Vec<u64> = (0..5).map(|_| splitmix64(&mut s)).collect();
        assert_eq!(
            got,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
    }

    #[test]
    fn xoshiro256starstar_matches_the_reference_implementation() {
        // The reference xoshiro256starstar.c from state {1, 2, 3, 4}, as in
        // the rand_xoshiro crate's test.
        let mut rng = Rng::from_state([1, 2, 3, 4]);
        let expected: [u64; 10] = [
            11520,
            0,
            1_509_978_240,
            1_215_971_899_390_074_240,
            1_216_172_134_540_287_360,
            607_988_272_756_665_600,
            16_172_922_978_634_559_625,
            8_476_171_486_693_032_832,
            10_595_114_339_597_558_777,
            2_904_607_092_377_533_576,
        ];
        for e in expected {
            assert_eq!(rng.next_u64(), e);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_stream() {
        let draw = |mut r: Rng| -> Vec<u64> { (0..64).map(|_| r.next_u64()).collect() };
        assert_eq!(draw(Rng::seed_from_u64(7)), draw(Rng::seed_from_u64(7)));
        assert_ne!(draw(Rng::seed_from_u64(7)), draw(Rng::seed_from_u64(8)));
        assert_eq!(draw(Rng::stream(7, 3)), draw(Rng::stream(7, 3)));
        assert_ne!(draw(Rng::stream(7, 3)), draw(Rng::stream(7, 4)));
        assert_ne!(draw(Rng::stream(7, 3)), draw(Rng::stream(8, 3)));
    }

    /// Pearson's chi-square statistic of `counts` against equal expectations.
    fn chi_square(counts: &[u64]) -> f64 {
        let total: u64 = counts.iter().sum();
        let expected = total as f64 / counts.len() as f64;
        counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum()
    }

    #[test]
    fn die_faces_are_in_range_and_uniform() {
        let mut rng = Rng::seed_from_u64(2024);
        for sides in [4u32, 6] {
            let mut counts = vec![0u64; sides as usize];
            for _ in 0..120_000 {
                let face = rng.roll(sides);
                assert!((1..=sides).contains(&face), "face {face} of a d{sides}");
                counts[face as usize - 1] += 1;
            }
            // With 3 or 5 degrees of freedom, P(chi2 > 25) < 1e-3 for a fair die.
            let chi2 = chi_square(&counts);
            assert!(chi2 < 25.0, "d{sides} counts {counts:?}, chi2 {chi2}");
        }
    }

    #[test]
    fn below_rejects_the_biased_values() {
        // n = 3 * 2^30: without rejection the values below 2^31 would come up
        // twice as often as the rest (two of three 32-bit inputs map there).
        let n = 3u32 << 30;
        let mut rng = Rng::seed_from_u64(11);
        let draws = 90_000;
        let low = (0..draws).filter(|_| rng.below(n) < 1 << 31).count() as f64;
        // Unbiased: P(low) = 2/3, sd of the count ~ 141; biased it would be 3/4.
        assert!((low / draws as f64 - 2.0 / 3.0).abs() < 0.01, "{low}");
        assert_eq!(Rng::seed_from_u64(1).below(1), 0);
    }

    #[test]
    fn sow_sad_scores_one_whenever_a_die_shows_one() {
        let mut rng = Rng::seed_from_u64(5);
        for _ in 0..10_000 {
            let points = roll_dice(&mut rng, 3, 6);
            // Three dice without a 1 sum to 6..=18; with a 1 the turn scores 1.
            assert!(points == 1 || (6..=18).contains(&points), "{points}");
        }
        // P(no 1 among 3 dice) = 125/216; 10k draws give an sd of ~0.005.
        let mut rng = Rng::seed_from_u64(6);
        let ones = (0..10_000)
            .filter(|_| roll_dice(&mut rng, 3, 6) == 1)
            .count();
        assert!((ones as f64 / 1e4 - 91.0 / 216.0).abs() < 0.025, "{ones}");
    }

    #[test]
    fn at_goal_one_the_first_mover_wins_unless_a_swap_hands_it_over() {
        // Every turn scores at least 1. Only digit-swap can swap a first score
        // away: a multiple of 10 has ones digit 0, the tens digit of 0.
        for preset in [Preset::Fa24, Preset::DoubleSwap, Preset::ReverseSwap] {
            let rules = Rules::preset(preset, 1).unwrap();
            let mut rng = Rng::seed_from_u64(1);
            for a in 0..=10 {
                for b in 0..=10 {
                    let (ta, tb) = (StrategyTable::constant(1, a), StrategyTable::constant(1, b));
                    for _ in 0..20 {
                        assert_eq!(play_game(&rules, &ta, &tb, &mut rng), 0, "{preset:?}");
                    }
                }
            }
        }
        let rules = Rules::preset(Preset::DigitSwap, 1).unwrap();
        let mut rng = Rng::seed_from_u64(1);
        // Zero dice: Free Bacon 1 + (0 * 0) % 10 = 1, no swap.
        let zero = StrategyTable::constant(1, 0);
        assert!((0..100).all(|_| play_game(&rules, &zero, &zero, &mut rng) == 0));
        // Two dice total 10 (4+6, 5+5, 6+4) with probability 3/36: swapped away.
        let two = StrategyTable::constant(1, 2);
        let losses = (0..3600)
            .filter(|_| play_game(&rules, &two, &zero, &mut rng) == 1)
            .count();
        assert!(
            (200..=400).contains(&losses),
            "{losses} of 3600, expected ~300"
        );
    }

    #[test]
    fn zero_dice_at_goal_two_is_a_forced_win_for_the_first_mover() {
        // fa24: Boar Brawl gives 1 at (0, 0) and (0, 1), then 3 at (1, 1).
        let rules = Rules::preset(Preset::Fa24, 2).unwrap();
        let zero = StrategyTable::constant(2, 0);
        let counts = simulate(&rules, &zero, &zero, 1000, 3);
        assert_eq!(
            counts,
            Sampled {
                first_wins: 1000,
                second_wins: 0,
                games: 1000
            }
        );
    }

    #[test]
    fn simulate_is_reproducible_and_counts_every_game() {
        let rules = Rules::preset(Preset::DoubleSwap, 30).unwrap();
        let a = StrategyTable::constant(30, 5);
        let b = StrategyTable::constant(30, 3);
        // Not a multiple of the chunk size, to cover the short last chunk.
        let games = CHUNK_GAMES + 123;
        let x = simulate(&rules, &a, &b, games, 99);
        assert_eq!(x, simulate(&rules, &a, &b, games, 99));
        assert_ne!(x, simulate(&rules, &a, &b, games, 100));
        assert_eq!(x.games, games);
        assert!(x.first_wins <= games && x.second_wins <= games);
    }

    #[test]
    fn interval95_brackets_the_rate() {
        let (lo, hi) = interval95(500, 1000);
        // Near p = 1/2 Wilson matches p ± 1.96 * sqrt(p(1-p)/n) closely.
        let half = Z95 * (0.25f64 / 1000.0).sqrt();
        assert!((lo - (0.5 - half)).abs() < 1e-4 && (hi - (0.5 + half)).abs() < 1e-4);
        assert!(interval95(0, 10).0.abs() < 1e-12);
        assert!((interval95(10, 10).1 - 1.0).abs() < 1e-12);
        let (lo, hi) = interval95(0, 10);
        assert!(lo <= 0.0 && hi > 0.0 && hi < 0.35);
    }
}
