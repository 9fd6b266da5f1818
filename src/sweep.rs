//! The one sweep behind solving, best responses and exact evaluation.
//!
//! A state is `(mover score, other score)` with both below the goal. Every
//! turn raises the score sum, so processing the anti-diagonals `s + o = d` in
//! decreasing `d` sees every successor before its predecessors, and the states
//! of one diagonal are independent of each other.
//!
//! For each seat (a player with a choice rule) we keep a `lookup` table:
//! `lookup[o][t]` is the mover's win probability once the dice have brought
//! the mover's raw score to `t` against `o`, with the after-turn rule already
//! applied. Folding the rule into this table turns the value of rolling `k`
//! dice into one contiguous dot product of the dice distribution with
//! `lookup[o][s + 2k ..]`, whatever the rule set.

use ndarray::Array2;
use rayon::prelude::*;

use crate::dice::{Distribution, MAX_DICE};
use crate::error::HogError;
use crate::rules::{Rules, MAX_TURN_POINTS};
use crate::strategy::StrategyTable;

/// Choices whose win probabilities are this close to the best count as tied;
/// ties go to the fewest dice so the exported table is reproducible.
pub const TIE_TOLERANCE: f64 = 1e-12;

/// Diagonals with fewer states than this are computed on the calling thread:
/// below it rayon's fork-join costs more than it saves (see the `diagonal`
/// benchmark and the README).
pub const DEFAULT_PARALLEL_MIN_STATES: usize = 256;

/// How one seat picks its dice.
#[derive(Debug, Clone, Copy)]
pub enum Policy<'a> {
    /// Maximize the win probability (minimax against an optimal opponent, or
    /// the best response to a fixed one).
    Best,
    /// Follow a fixed table.
    Fixed(&'a StrategyTable),
}

/// Knobs for a sweep that do not change its result.
pub struct SweepOptions<'a> {
    /// Smallest diagonal that is split across rayon's threads.
    pub parallel_min_states: usize,
    /// Called after each diagonal with the number of states it held.
    pub progress: Option<&'a dyn Fn(u64)>,
}

impl Default for SweepOptions<'_> {
    fn default() -> Self {
        SweepOptions {
            parallel_min_states: DEFAULT_PARALLEL_MIN_STATES,
            progress: None,
        }
    }
}

/// One player's tables after a sweep.
#[derive(Debug, Clone)]
pub struct Seat {
    /// `value[[s, o]]`: this player's win probability when it is to move.
    pub value: Array2<f64>,
    /// `choice[[s, o]]`: the dice count this player rolls there.
    pub choice: Array2<u8>,
    /// `lookup[[o, t]]`: see the module documentation.
    lookup: Array2<f64>,
}

/// The result of a sweep: one seat for self-play, two otherwise.
#[derive(Debug, Clone)]
pub struct SweepResult<'r> {
    rules: &'r Rules,
    seats: Vec<Seat>,
}

/// Bytes of tables a sweep with `seats` seats needs at goal `goal`.
pub fn memory_needed(goal: u32, seats: usize) -> u64 {
    let n = u64::from(goal);
    let per_seat = 8 * n * n + n * n + 8 * n * (n + MAX_TURN_POINTS as u64);
    per_seat * seats as u64
}

/// Refuse a sweep whose tables would not fit in the memory available now.
pub fn check_memory(goal: u32, seats: usize) -> Result<(), HogError> {
    let needed = memory_needed(goal, seats);
    let available = available_memory().unwrap_or(u64::MAX);
    if needed > available {
        return Err(HogError::OutOfMemory {
            goal,
            needed_mib: needed >> 20,
            available_mib: available >> 20,
        });
    }
    Ok(())
}

/// `MemAvailable` from `/proc/meminfo`, where there is one.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Sweep the game. With one policy both players use it (self-play: one
/// seat); with two, seat 0 moves at `(s, o)` and then seat 1, and so on.
pub fn sweep<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
) -> SweepResult<'r> {
    assert!(
        matches!(policies.len(), 1 | 2),
        "a sweep has one or two seats"
    );
    let n = rules.size();
    for p in policies {
        if let Policy::Fixed(t) = p {
            assert_eq!(t.goal(), rules.goal(), "the table is for another goal");
        }
    }
    let mut seats: Vec<Seat> = policies
        .iter()
        .map(|_| Seat {
            value: Array2::from_elem((n, n), f64::NAN),
            choice: Array2::zeros((n, n)),
            lookup: Array2::from_elem((n, n + MAX_TURN_POINTS), f64::NAN),
        })
        .collect();
    // Raw scores at or past the goal end the game whatever the rule does.
    for seat in &mut seats {
        for o in 0..n {
            for t in n..n + MAX_TURN_POINTS {
                seat.lookup[[o, t]] = rules
                    .outcome(rules.after_turn(t as u32, o as u32), |_, _| {
                        unreachable!("a raw score at the goal always ends the game")
                    });
            }
        }
    }
    let mut buffer: Vec<(f64, u8)> = Vec::with_capacity(n);
    let mut fill: Vec<f64> = Vec::with_capacity(n);
    for d in (0..=2 * (n - 1)).rev() {
        // 1. Every state on diagonal d, for every seat.
        let s_range = d.saturating_sub(n - 1)..d.min(n - 1) + 1;
        let states = s_range.len();
        let parallel = states >= options.parallel_min_states;
        for (i, policy) in policies.iter().enumerate() {
            let seat = &seats[i];
            let compute = |s: usize| state_value(rules, &seat.lookup, policy, s, d - s);
            buffer.clear();
            if parallel {
                s_range
                    .clone()
                    .into_par_iter()
                    .map(compute)
                    .collect_into_vec(&mut buffer);
            } else {
                buffer.extend(s_range.clone().map(compute));
            }
            let seat = &mut seats[i];
            for (s, &(v, k)) in s_range.clone().zip(&buffer) {
                seat.value[[s, d - s]] = v;
                seat.choice[[s, d - s]] = k;
            }
        }
        // 2. The lookup entries whose raw score and opponent score sum to d:
        // they read values on diagonals >= d only, all known now.
        let t_range = d.saturating_sub(n - 1).max(1)..d.min(n - 1) + 1;
        for i in 0..seats.len() {
            let next = &seats[(i + 1) % seats.len()].value;
            let entry = |t: usize| {
                let o = d - t;
                rules.outcome(rules.after_turn(t as u32, o as u32), |m, other| {
                    next[[m as usize, other as usize]]
                })
            };
            fill.clear();
            if parallel {
                t_range
                    .clone()
                    .into_par_iter()
                    .map(entry)
                    .collect_into_vec(&mut fill);
            } else {
                fill.extend(t_range.clone().map(entry));
            }
            let lookup = &mut seats[i].lookup;
            for (t, &v) in t_range.clone().zip(&fill) {
                lookup[[d - t, t]] = v;
            }
        }
        if let Some(progress) = options.progress {
            progress(states as u64);
        }
    }
    SweepResult { rules, seats }
}

/// The value and the choice of one state.
fn state_value(
    rules: &Rules,
    lookup: &Array2<f64>,
    policy: &Policy<'_>,
    s: usize,
    o: usize,
) -> (f64, u8) {
    match policy {
        Policy::Fixed(table) => {
            let k = table.get(s as u32, o as u32);
            (choice_value(rules, lookup, s, o, k as usize), k)
        }
        Policy::Best => best_choice(&choice_values(rules, lookup, s, o)),
    }
}

/// The win probability of each dice count at one state, given a seat's lookup.
fn choice_values(rules: &Rules, lookup: &Array2<f64>, s: usize, o: usize) -> [f64; MAX_DICE + 1] {
    let row = lookup_row(lookup, o, s);
    let dice = rules.dice(s as u32, o as u32);
    let mut values = [0.0; MAX_DICE + 1];
    values[0] = row[rules.zero_dice_points(s as u32, o as u32) as usize];
    for (k, value) in values.iter_mut().enumerate().skip(1) {
        *value = roll_value(dice.get(k), row);
    }
    values
}

/// The win probability of one dice count at one state.
fn choice_value(rules: &Rules, lookup: &Array2<f64>, s: usize, o: usize, k: usize) -> f64 {
    let row = lookup_row(lookup, o, s);
    if k == 0 {
        row[rules.zero_dice_points(s as u32, o as u32) as usize]
    } else {
        roll_value(rules.dice(s as u32, o as u32).get(k), row)
    }
}

/// `lookup[o][s..]`: entry `p` is the outcome of scoring `p` points.
fn lookup_row(lookup: &Array2<f64>, o: usize, s: usize) -> &[f64] {
    let width = lookup.ncols();
    let all = lookup.as_slice().expect("lookup tables are contiguous");
    &all[o * width + s..(o + 1) * width]
}

/// The highest value, ties (within [`TIE_TOLERANCE`]) to the fewest dice.
pub fn best_choice(values: &[f64; MAX_DICE + 1]) -> (f64, u8) {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let k = values
        .iter()
        .position(|&v| v >= best - TIE_TOLERANCE)
        .expect("eleven choices");
    (values[k], k as u8)
}

/// Value of rolling: `P(1) * row[1] + sum_i P(min + i) * row[min + i]`.
#[inline]
fn roll_value(dist: &Distribution, row: &[f64]) -> f64 {
    dist.one_point * row[1] + dot(&dist.sums, &row[dist.min_sum..])
}

/// A dot product in a fixed order (four running sums, then the tail), so the
/// result is the same bits on every machine and thread count, and the four
/// sums map onto SIMD lanes.
#[inline]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let b = &b[..a.len()];
    let mut acc = [0.0f64; 4];
    let chunks = a.len() / 4 * 4;
    for (x, y) in a[..chunks].chunks_exact(4).zip(b[..chunks].chunks_exact(4)) {
        for lane in 0..4 {
            acc[lane] += x[lane] * y[lane];
        }
    }
    let mut tail = 0.0;
    for (x, y) in a[chunks..].iter().zip(&b[chunks..]) {
        tail += x * y;
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

impl<'r> SweepResult<'r> {
    /// The rules the sweep used.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// One seat's tables (0: the player who moves at `(0, 0)` when it starts).
    pub fn seat(&self, i: usize) -> &Seat {
        &self.seats[i]
    }

    /// The win probability of every dice count for seat `i` at `(s, o)`,
    /// with play afterwards as in the sweep.
    pub fn choice_values(&self, i: usize, s: u32, o: u32) -> [f64; MAX_DICE + 1] {
        choice_values(self.rules, &self.seats[i].lookup, s as usize, o as usize)
    }

    /// Seat `i`'s choices as a strategy table.
    pub fn table(&self, i: usize) -> StrategyTable {
        StrategyTable::from_array(self.seats[i].choice.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_matches_the_naive_sum() {
        let a: Vec<f64> = (0..41).map(|i| 1.0 / (i as f64 + 1.0)).collect();
        let b: Vec<f64> = (0..45).map(|i| (i as f64).sqrt()).collect();
        for len in [0, 1, 3, 4, 5, 9, 41] {
            let naive: f64 = a[..len].iter().zip(&b).map(|(x, y)| x * y).sum();
            assert!((dot(&a[..len], &b) - naive).abs() < 1e-12, "length {len}");
        }
    }

    #[test]
    fn ties_go_to_the_fewest_dice() {
        let mut values = [0.25; MAX_DICE + 1];
        values[3] = 0.5;
        values[7] = 0.5 + 0.5e-12;
        assert_eq!(best_choice(&values), (0.5, 3));
        values[7] = 0.5 + 2e-12;
        assert_eq!(best_choice(&values), (0.5 + 2e-12, 7));
    }
}
