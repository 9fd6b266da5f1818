//! Round-robin tournaments: every pair of strategy tables, exact.
//!
//! Each unordered pair is one two-seat sweep ([`win_rates`]); the reverse
//! direction comes from the same sweep by swapping the seats, so the matrix
//! is antisymmetric around 0.5 by construction.

use rayon::prelude::*;

use crate::engine::SweepOptions;
use crate::engine::{win_rates, WinRates};
use crate::rules::Rules;
use crate::table::StrategyTable;

/// A strategy beats another when its average win rate exceeds 0.5 by more than this.
pub const WIN_MARGIN: f64 = 1e-6;

/// The result of a round robin among `n` strategies.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    /// `matrix[i][j]`: the average win rate of `i` against `j`; 0.5 on the diagonal.
    pub matrix: Vec<Vec<f64>>,
    /// Per strategy, the number of opponents it beats by more than [`WIN_MARGIN`].
    pub wins: Vec<usize>,
    /// Per strategy, its mean average win rate over the other strategies
    /// (0.5 when it is alone).
    pub mean: Vec<f64>,
    /// Indices by wins, then mean win rate (both descending), then index.
    pub ranking: Vec<usize>,
    /// `rates[p]`: the rates of `i` against `j` for the `p`-th pair of [`pairs`].
    rates: Vec<WinRates>,
}

/// The largest file of specs a tournament reads (16 MiB: far more specs
/// than a tournament can play).
pub const MAX_SPEC_FILE: u64 = 16 << 20;

/// The specs of a file with one per line, with their line numbers: blank
/// lines and everything after a `#` are left out.
pub fn spec_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            // Specs never contain '#' (a path with one can be given on the
            // command line instead).
            let spec = line.split('#').next().unwrap_or("").trim();
            (!spec.is_empty()).then_some((i + 1, spec))
        })
        .collect()
}

/// Every unordered pair `(i, j)` with `i < j < n`, in row order.
pub fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

/// Exact win rates of `i` against `j` for every pair of [`pairs`], in that
/// order, computed in parallel, each sweep with `options`; `on_pair` is
/// called once per finished pair. Once `options` is cancelled the pairs
/// not yet begun are skipped (rates NaN, no `on_pair`): the result is then
/// meaningless.
pub fn pair_rates(
    rules: &Rules,
    tables: &[StrategyTable],
    options: &SweepOptions<'_>,
    on_pair: &(dyn Fn() + Sync),
) -> Vec<WinRates> {
    pairs(tables.len())
        .into_par_iter()
        .map(|(i, j)| {
            if options.cancelled() {
                return WinRates::new(f64::NAN, f64::NAN);
            }
            let rates = win_rates(rules, &tables[i], &tables[j], options);
            on_pair();
            rates
        })
        .collect()
}

/// The rates of `j` against `i`, from those of `i` against `j`: when `j`
/// moves first, `i` moves second, and so on.
pub fn reversed(rates: WinRates) -> WinRates {
    WinRates::new(1.0 - rates.second, 1.0 - rates.first)
}

/// Play every pair of `tables` and rank them (see [`pair_rates`] for
/// `options` and `on_pair`).
pub fn play(
    rules: &Rules,
    tables: &[StrategyTable],
    options: &SweepOptions<'_>,
    on_pair: &(dyn Fn() + Sync),
) -> Tournament {
    let rates = pair_rates(rules, tables, options, on_pair);
    Tournament::from_rates(tables.len(), rates)
}

impl Tournament {
    /// Assemble the matrix, wins and ranking from the rates of [`pairs`]`(n)`.
    pub fn from_rates(n: usize, rates: Vec<WinRates>) -> Tournament {
        assert_eq!(
            rates.len(),
            n * n.saturating_sub(1) / 2,
            "one rate per pair"
        );
        let mut matrix = vec![vec![0.5; n]; n];
        for (&(i, j), r) in pairs(n).iter().zip(&rates) {
            matrix[i][j] = r.average;
            matrix[j][i] = 1.0 - r.average;
        }
        let wins: Vec<usize> = matrix
            .iter()
            .enumerate()
            .map(|(i, row)| {
                row.iter()
                    .enumerate()
                    .filter(|&(j, &m)| j != i && m > 0.5 + WIN_MARGIN)
                    .count()
            })
            .collect();
        let mean: Vec<f64> = matrix
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let others: f64 = row
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, m)| m)
                    .sum();
                if n > 1 {
                    others / (n - 1) as f64
                } else {
                    0.5
                }
            })
            .collect();
        let mut ranking: Vec<usize> = (0..n).collect();
        ranking.sort_by(|&a, &b| {
            wins[b]
                .cmp(&wins[a])
                .then(mean[b].total_cmp(&mean[a]))
                .then(a.cmp(&b))
        });
        Tournament {
            matrix,
            wins,
            mean,
            ranking,
            rates,
        }
    }

    /// The number of strategies.
    pub fn len(&self) -> usize {
        self.matrix.len()
    }

    /// Whether there are no strategies at all.
    pub fn is_empty(&self) -> bool {
        self.matrix.is_empty()
    }

    /// The rates of `i` against `j` (first, second and average), or `None`
    /// on the diagonal, which is not played.
    pub fn rates(&self, i: usize, j: usize) -> Option<WinRates> {
        let n = self.len();
        let index = |a: usize, b: usize| a * n - a * (a + 1) / 2 + (b - a - 1);
        match i.cmp(&j) {
            std::cmp::Ordering::Less => Some(self.rates[index(i, j)]),
            std::cmp::Ordering::Greater => Some(reversed(self.rates[index(j, i)])),
            std::cmp::Ordering::Equal => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn pairs_are_in_row_order() {
        assert_eq!(pairs(3), vec![(0, 1), (0, 2), (1, 2)]);
        assert!(pairs(1).is_empty());
        assert_eq!(pairs(100).len(), 4950);
    }

    #[test]
    fn the_matrix_mirrors_one_sweep_per_pair() {
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let tables: Vec<StrategyTable> = [6, 1, 4]
            .iter()
            .map(|&n| StrategyTable::constant(100, n))
            .collect();
        let t = play(&rules, &tables, &SweepOptions::default(), &|| {});
        let direct = win_rates(&rules, &tables[1], &tables[0], &SweepOptions::default());
        let mirrored = t.rates(1, 0).unwrap();
        // Seat values of one sweep, reused: equal up to the rounding of 1 - x.
        assert!((mirrored.first - direct.first).abs() < 1e-12);
        assert!((mirrored.second - direct.second).abs() < 1e-12);
        assert_eq!(t.matrix[0][1], t.rates(0, 1).unwrap().average);
        assert_eq!(t.matrix[1][0], 1.0 - t.matrix[0][1]);
        assert_eq!(t.matrix[2][2], 0.5);
        assert!(t.rates(2, 2).is_none());
        // always_roll(6) beats always_roll(4), which beats always_roll(1).
        assert_eq!(t.wins, vec![2, 0, 1]);
        assert_eq!(t.ranking, vec![0, 2, 1]);
    }

    /// A cancelled tournament plays no pair once the flag is set: none if
    /// it is set before, one if the first pair sets it (on one thread, so
    /// no other pair is under way); a clear flag changes no bit.
    #[test]
    fn a_cancel_flag_stops_the_pairs_not_yet_begun() {
        use crate::engine::cancel_support::assert_stops_between_items;
        use std::sync::atomic::AtomicBool;
        let rules = Rules::preset(Preset::Fa24, 100).unwrap();
        let tables: Vec<StrategyTable> =
            (0..=10).map(|n| StrategyTable::constant(100, n)).collect();
        let flag = AtomicBool::new(true);
        let options = SweepOptions {
            cancel: Some(&flag),
            ..SweepOptions::default()
        };
        // `play` is these rates, ranked.
        let rates =
            assert_stops_between_items(&flag, |tick| pair_rates(&rules, &tables, &options, tick));
        assert_eq!(rates.len(), 55);
        assert!(rates.iter().all(|r| r.first.is_nan()));
        let bits = |rates: Vec<WinRates>| -> Vec<[u64; 2]> {
            rates
                .iter()
                .map(|r| [r.first.to_bits(), r.second.to_bits()])
                .collect()
        };
        assert_eq!(
            bits(pair_rates(&rules, &tables, &options, &|| {})),
            bits(pair_rates(
                &rules,
                &tables,
                &SweepOptions::default(),
                &|| {}
            ))
        );
    }

    #[test]
    fn ties_rank_by_mean_then_index() {
        let r = |a: f64| WinRates::new(a, a);
        // 0 vs 1 tie exactly; 0 and 1 both beat 2, 1 by more.
        let t = Tournament::from_rates(3, vec![r(0.5), r(0.6), r(0.7)]);
        assert_eq!(t.wins, vec![1, 1, 0]);
        assert_eq!(t.ranking, vec![1, 0, 2]);
        let t = Tournament::from_rates(3, vec![r(0.5), r(0.6), r(0.6)]);
        assert_eq!(t.ranking, vec![0, 1, 2]);
        // A margin below WIN_MARGIN is no win.
        let t = Tournament::from_rates(2, vec![r(0.5 + 1e-7)]);
        assert_eq!(t.wins, vec![0, 0]);
    }
}
