//! The round robin and the course's scoring.

use rayon::prelude::*;

use crate::engine::SweepOptions;
use crate::engine::{win_rates, WinRates};
use crate::rules::Rules;
use crate::tournament::reversed;

use super::cache::{table_hash, PairCache, TableKey};
use super::entries::Entry;

/// One entry's line of the leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// 1 for the most points; entries with equal points share a rank.
    pub rank: usize,
    /// The entry's index in the entries given.
    pub entry: usize,
    /// Opponents beaten by more than the margin.
    pub points: usize,
    /// The mean of its average win rates against the others (shown, not
    /// used to break ties).
    pub mean: f64,
}

/// The contest's result.
#[derive(Debug, Clone)]
pub struct Standings {
    /// `matrix[i][j]`: entry `i`'s average win rate against `j` (0.5 on
    /// the diagonal).
    pub matrix: Vec<Vec<f64>>,
    /// The leaderboard, best first (equal points by mean, then name).
    pub table: Vec<Standing>,
    /// Pairs of tables evaluated in this run.
    pub evaluated: usize,
    /// Pairs of tables read from the cache.
    pub cached: usize,
    /// Pairs in all.
    pub pairs: usize,
    /// The pairs of this contest, for the next run.
    pub cache: PairCache,
}

/// Play every pair of `entries` (from `cache` where it holds them) and
/// score them: a point for each opponent beaten by more than `margin`.
/// `on_pair` is called as each evaluated pair finishes.
pub fn standings(
    rules: &Rules,
    entries: &[Entry],
    margin: f64,
    cache: &PairCache,
    on_pair: &(dyn Fn() + Sync),
) -> Standings {
    let n = entries.len();
    let hashes: Vec<TableKey> = entries
        .iter()
        .map(|e| table_hash(rules, &e.table))
        .collect();
    // Each pair in one orientation, the smaller hash first, so that a cached
    // result and a fresh one are the same bits whatever the entries' order.
    let mut wanted: Vec<(TableKey, TableKey, usize, usize)> = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (lo, hi) = if hashes[i] <= hashes[j] {
                (i, j)
            } else {
                (j, i)
            };
            wanted.push((hashes[lo], hashes[hi], lo, hi));
        }
    }
    wanted.sort_unstable();
    wanted.dedup_by_key(|w| (w.0, w.1));
    let cached = wanted
        .iter()
        .filter(|(a, b, _, _)| cache.get(*a, *b).is_some())
        .count();
    let missing: Vec<&(TableKey, TableKey, usize, usize)> = wanted
        .iter()
        .filter(|(a, b, _, _)| cache.get(*a, *b).is_none())
        .collect();
    let options = SweepOptions::default();
    let fresh: Vec<(TableKey, TableKey, WinRates)> = missing
        .par_iter()
        .map(|&&(a, b, lo, hi)| {
            let rates = win_rates(rules, &entries[lo].table, &entries[hi].table, &options);
            on_pair();
            (a, b, rates)
        })
        .collect();
    let mut next = PairCache::new();
    for &(a, b, _, _) in &wanted {
        if let Some(r) = cache.get(a, b) {
            next.insert(a, b, r);
        }
    }
    for (a, b, r) in &fresh {
        next.insert(*a, *b, *r);
    }
    let rates = |i: usize, j: usize| -> WinRates {
        let (a, b) = (hashes[i], hashes[j]);
        if a <= b {
            next.get(a, b).expect("every pair evaluated")
        } else {
            reversed(next.get(b, a).expect("every pair evaluated"))
        }
    };
    let matrix: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { 0.5 } else { rates(i, j).average })
                .collect()
        })
        .collect();
    let points: Vec<usize> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| j != i && matrix[i][j] > 0.5 + margin)
                .count()
        })
        .collect();
    let mean: Vec<f64> = (0..n)
        .map(|i| {
            if n == 1 {
                0.5
            } else {
                (0..n)
                    .filter(|&j| j != i)
                    .map(|j| matrix[i][j])
                    .sum::<f64>()
                    / (n - 1) as f64
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| {
        points[y]
            .cmp(&points[x])
            .then(mean[y].total_cmp(&mean[x]))
            .then(entries[x].name.cmp(&entries[y].name))
    });
    let table = order
        .iter()
        .map(|&i| Standing {
            rank: 1 + points.iter().filter(|&&p| p > points[i]).count(),
            entry: i,
            points: points[i],
            mean: mean[i],
        })
        .collect();
    Standings {
        matrix,
        table,
        evaluated: fresh.len(),
        cached,
        pairs: n * n.saturating_sub(1) / 2,
        cache: next,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;
    use crate::table::StrategyTable;

    fn entry(name: &str, dice: u8) -> Entry {
        Entry {
            name: name.into(),
            file: format!("{name}.py"),
            table: StrategyTable::constant(30, dice),
            defaulted: None,
        }
    }

    #[test]
    fn points_ranks_ties_and_the_cache() {
        let rules = Rules::preset(Preset::Fa24, 30).unwrap();
        // always_roll(4) beats always_roll(1); two identical entries tie
        // with each other (0.5 is not a win).
        let entries = vec![entry("a", 4), entry("b", 4), entry("c", 1)];
        let s = standings(&rules, &entries, 1e-6, &PairCache::new(), &|| {});
        assert_eq!(
            (s.evaluated, s.pairs),
            (2, 3),
            "a-b and b-a are one table pair"
        );
        let direct = win_rates(
            &rules,
            &entries[0].table,
            &entries[2].table,
            &SweepOptions::default(),
        );
        assert!((s.matrix[0][2] - direct.average).abs() < 1e-15);
        assert!((s.matrix[0][1] - 0.5).abs() < 1e-15);
        let ranks: Vec<(usize, usize, usize)> = s
            .table
            .iter()
            .map(|t| (t.rank, t.entry, t.points))
            .collect();
        assert_eq!(ranks, vec![(1, 0, 1), (1, 1, 1), (3, 2, 0)]);
        // A second run reads every pair from the cache.
        let again = standings(&rules, &entries, 1e-6, &s.cache, &|| {});
        assert_eq!(again.evaluated, 0);
        assert_eq!(again.matrix, s.matrix);
        // A changed entry costs only its own pairs.
        let changed = vec![entry("a", 4), entry("b", 5), entry("c", 1)];
        let third = standings(&rules, &changed, 1e-6, &again.cache, &|| {});
        assert_eq!(third.evaluated, 2);
    }
}
