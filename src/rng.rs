//! The sampler's random numbers: xoshiro256** seeded through SplitMix64,
//! with streams derived from `(seed, index)` so that sampled results do not
//! depend on how games are spread over threads. The simulator, the terminal
//! game and the web game draw their dice from it.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
