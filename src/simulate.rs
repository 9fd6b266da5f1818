//! Sampled games with real random dice: an independent check on the exact
//! engine.
//!
//! Nothing here uses the engine's outcome distributions or sweep: a turn
//! rolls each die one at a time, exactly as the course's `hog.py` does, and a
//! game is the plain game loop of the book's rules. Only the rule functions
//! ([`Rules::zero_dice_points`], [`Rules::after_turn`] and the dice rule's
//! number of sides) are shared with the solver.
//!
//! Results are reproducible: games are grouped into fixed-size chunks, each
//! with its own generator derived from `(seed, chunk)`, and the chunks' win
//! counts are summed as integers, so the totals are the same for any number
//! of threads.

use rayon::prelude::*;

use crate::general::{PigOut, ScoreRules};
use crate::recall::{Clock, Forgetful, PlayerMemory, Still};
pub use crate::rng::Rng;
use crate::rules::{ComponentRules, Rules};
use crate::table::{Context, StrategyTable};
use crate::turn::{take_turn, Board};

/// Games per chunk: each chunk has its own generator, so this fixes which
/// random numbers each game sees whatever the thread count.
pub const CHUNK_GAMES: u64 = 1 << 14;

/// The z value of a two-sided 95% normal interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Points of one turn that rolls `dice >= 1` dice with `sides` faces: any 1
/// makes the turn score 1 (Sow Sad / Pig Out), otherwise the sum. Every die
/// is rolled, as in the course's `roll_dice`.
pub fn roll_dice(rng: &mut Rng, dice: u32, sides: u32) -> u32 {
    scored(roll_faces(rng, dice, sides), PigOut::Points(1))
}

/// Roll `dice` dice with `sides` faces one at a time: their sum and the
/// number of 1s among them.
#[inline]
fn roll_faces(rng: &mut Rng, dice: u32, sides: u32) -> (u32, u32) {
    let (mut sum, mut ones) = (0, 0);
    for _ in 0..dice {
        let face = rng.roll(sides);
        ones += u32::from(face == 1);
        sum += face;
    }
    (sum, ones)
}

/// What a roll with this sum and number of 1s scores under `pig_out`.
#[inline]
fn scored((sum, ones): (u32, u32), pig_out: PigOut) -> u32 {
    match (ones, pig_out) {
        (0, _) => sum,
        (_, PigOut::Points(points)) => points,
        (ones, PigOut::Ones) => ones,
    }
}

/// Play one game of `a` (moving first) against `b` by the rule functions
/// alone: the winner's index (0 for `a`, 1 for `b`), or `None` when a turn
/// put both scores at the goal or the game reached [`MAX_TURNS`] (half a
/// win each).
pub fn play_game(
    rules: &Rules,
    a: &StrategyTable,
    b: &StrategyTable,
    rng: &mut Rng,
) -> Option<usize> {
    assert!(
        a.goal() == rules.goal() && b.goal() == rules.goal(),
        "the tables are for another goal"
    );
    match (rules.origin(), rules.memory()) {
        (_, Some(memory)) => play_remembering(
            rules.score_rules(),
            memory.memory(),
            memory.clock(),
            [a, b],
            rng,
        ),
        (Some(_), None) => play(rules.score_rules(), [a, b], rng),
        (None, None) => play(&ComponentRules(rules), [a, b], rng),
    }
}

/// A sampled game still going after this many turns is stopped and
/// counted as a tie: under rules given as functions a game can go on
/// forever (turns that score nothing), which the exact engine counts as
/// half a win each. No other game of Hog comes near this length.
pub const MAX_TURNS: u32 = 1 << 16;

/// [`play_game`] for any rule functions: the plain game loop with real
/// dice, reading nothing but the functions.
pub fn play<R: ScoreRules + ?Sized>(
    rules: &R,
    players: [&StrategyTable; 2],
    rng: &mut Rng,
) -> Option<usize> {
    // No memory, no clock: compiled away.
    play_remembering(rules, &Forgetful, &Still, players, rng)
}

/// The plain game loop with real dice under rules with memory: each
/// player's memory of their previous turn starts at 0, the bonus it earns
/// is added to the turn's points before the after-turn rule; the clock
/// starts at 0, every turn moves it on (by the dice and the points the
/// turn added), it may change the turn's dice, and it may give the mover
/// the next turn too. A table's -1 is the clock's move of rolling -1 dice
/// (Pork Chop): its points, no dice, and the clock it says.
pub fn play_remembering<R: ScoreRules + ?Sized, M: PlayerMemory + ?Sized, C: Clock + ?Sized>(
    rules: &R,
    memory: &M,
    clock: &C,
    players: [&StrategyTable; 2],
    rng: &mut Rng,
) -> Option<usize> {
    let goal = rules.goal();
    let mut board = Board::default();
    for _ in 0..MAX_TURNS {
        let (mover, other) = (board.mover, 1 - board.mover);
        let (s, o) = (board.score[mover], board.score[other]);
        // A table of the scores alone reads nothing else: the sampler's
        // hot loop stays as it was for it.
        let choice = match players[mover].reads_scores_only() {
            true => players[mover].get(s, o),
            false => {
                let x = Context {
                    mine: board.remembered[mover],
                    theirs: board.remembered[other],
                    clock: board.clock,
                };
                players[mover].choice(s, o, x)
            }
        };
        let (mine, theirs) = clock.goals_or(board.clock, goal);
        let turned = take_turn(rules, memory, clock, &mut board, choice, rng, &mut ());
        match (board.score[mover] >= mine, board.score[other] >= theirs) {
            (true, true) => return None,
            (true, false) => return Some(mover),
            (false, true) => return Some(other),
            (false, false) => {}
        }
        if !turned.clock_again && !turned.extra_turn {
            board.mover = other;
        }
    }
    None
}

/// Win counts of strategy A from sampled games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sampled {
    /// Games A won moving first.
    pub first_wins: u64,
    /// Games A won moving second.
    pub second_wins: u64,
    /// Games A moving first tied (both at the goal: half a win each; only
    /// rules from a rules file can end so).
    pub first_ties: u64,
    /// Games A moving second tied.
    pub second_ties: u64,
    /// Games played in each seat (so `2 * games` in all).
    pub games: u64,
}

impl Sampled {
    /// A's sampled win rate moving first.
    pub fn first(&self) -> f64 {
        (self.first_wins as f64 + self.first_ties as f64 / 2.0) / self.games as f64
    }

    /// A's sampled win rate moving second.
    pub fn second(&self) -> f64 {
        (self.second_wins as f64 + self.second_ties as f64 / 2.0) / self.games as f64
    }

    /// The 95% Wilson interval of [`Sampled::first`].
    pub fn first_interval95(&self) -> (f64, f64) {
        wilson95(self.first(), self.games)
    }

    /// The 95% Wilson interval of [`Sampled::second`].
    pub fn second_interval95(&self) -> (f64, f64) {
        wilson95(self.second(), self.games)
    }

    /// The mean of the two seats' rates, like the course's `average_win_rate`.
    pub fn average(&self) -> f64 {
        (self.first() + self.second()) / 2.0
    }

    /// The standard error of [`Sampled::average`]: `sqrt(se1^2 + se2^2) / 2`
    /// (with ties, an upper bound: a half win spreads less than a win or a
    /// loss).
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
    let counts = (0..2 * chunks)
        .into_par_iter()
        .map(|stream| {
            let start = (stream / 2) * CHUNK_GAMES;
            let games = CHUNK_GAMES.min(games_per_seat - start);
            let mut rng = Rng::stream(seed, stream);
            let a_first = stream % 2 == 0;
            // A's wins and ties in this chunk.
            let (mut wins, mut ties) = (0, 0);
            for _ in 0..games {
                let (winner, a) = if a_first {
                    (play_game(rules, a, b, &mut rng), 0)
                } else {
                    (play_game(rules, b, a, &mut rng), 1)
                };
                match winner {
                    Some(w) if w == a => wins += 1,
                    Some(_) => {}
                    None => ties += 1,
                }
            }
            progress(games);
            if a_first {
                [wins, 0, ties, 0]
            } else {
                [0, wins, 0, ties]
            }
        })
        .reduce(|| [0; 4], |x, y| std::array::from_fn(|i| x[i] + y[i]));
    Sampled {
        first_wins: counts[0],
        second_wins: counts[1],
        first_ties: counts[2],
        second_ties: counts[3],
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
    wilson95(wins as f64 / games as f64, games)
}

/// The 95% Wilson score interval around a rate `p` of `games` games.
fn wilson95(p: f64, games: u64) -> (f64, f64) {
    let n = games as f64;
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
                        assert_eq!(play_game(&rules, &ta, &tb, &mut rng), Some(0), "{preset:?}");
                    }
                }
            }
        }
        let rules = Rules::preset(Preset::DigitSwap, 1).unwrap();
        let mut rng = Rng::seed_from_u64(1);
        // Zero dice: Free Bacon 1 + (0 * 0) % 10 = 1, no swap.
        let zero = StrategyTable::constant(1, 0);
        assert!((0..100).all(|_| play_game(&rules, &zero, &zero, &mut rng) == Some(0)));
        // Two dice total 10 (4+6, 5+5, 6+4) with probability 3/36: swapped away.
        let two = StrategyTable::constant(1, 2);
        let losses = (0..3600)
            .filter(|_| play_game(&rules, &two, &zero, &mut rng) == Some(1))
            .count();
        assert!(
            (200..=400).contains(&losses),
            "{losses} of 3600, expected ~300"
        );
    }

    #[test]
    fn a_game_that_cannot_end_is_stopped_as_a_tie() {
        // Zero dice worth nothing: two players who never roll stay at 0 to 0.
        let nothing = crate::engine::functions::tests::Toy::new(10, 0, 6, PigOut::Points(1));
        let none = StrategyTable::constant(10, 0);
        let mut rng = Rng::seed_from_u64(1);
        assert_eq!(play(&nothing, [&none, &none], &mut rng), None);
        // Against a roller the game ends, and the roller wins it.
        let four = StrategyTable::constant(10, 4);
        assert_eq!(play(&nothing, [&none, &four], &mut rng), Some(1));
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
                first_ties: 0,
                second_ties: 0,
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
