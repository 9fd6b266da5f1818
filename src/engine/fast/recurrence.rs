//! The value of every dice count at a state from a recurrence over the
//! lookup row, instead of ten dot products.
//!
//! Fix the opponent's score `o` and let `A_0(t) = lookup[o][t]`, the
//! mover's win probability once the dice have brought its raw score to `t`.
//! For `k >= 1` let
//!
//! ```text
//! A_k(t) = (A_{k-1}(t + 2) + A_{k-1}(t + 3) + ... + A_{k-1}(t + sides)) / sides
//! ```
//!
//! Unrolled, `A_k(t)` sums `lookup[o][t + p]` over every roll of `k` dice
//! without a 1, each weighted by its probability: exactly the part of
//! rolling `k` dice at `(t, o)` that does not pig out. The value of rolling
//! `k` dice at `(s, o)` is then `P(some 1) * lookup[o][s + 1] + A_k(s)`.
//!
//! `A_{k-1}(t + j)` belongs to the state `(t + j, o)`, on a diagonal the
//! sweep has finished before it reaches `(t, o)`. So the sweep keeps every
//! level of the last few diagonals (a [`Ring`]), and each state costs about
//! five additions and a multiplication per level, about 70 operations for
//! all ten counts instead of 240 multiply-adds. The levels of one state are
//! independent of each other: they sit side by side in a record
//! ([`LEVELS`] entries per die type) and go through SIMD lanes together.
//!
//! Every `A_k(t)` is computed by one formula, `((((a2 + a3) + a4) + a5) +
//! a6) * (1 / sides)`, with no fused multiply-add: the sweep, the ring's
//! end-of-game records and the recomputation for one state or one block
//! of states all give the same bits, on every machine and thread count.

use crate::dice::{DiceSet, MAX_DICE};

/// Levels `A_0..A_12` of one die type at one `(t, o)`; `A_11` and `A_12` are
/// spill lanes that make the step three whole 4-lane vectors and are never
/// read as values. 16 entries keep records aligned to cache-line halves.
pub const LEVELS: usize = 16;

/// Lanes the step computes: levels `1..=12` from levels `0..=11`.
const STEP_LANES: usize = 12;

/// The farthest ahead the recurrence reads: `A_k(t)` needs `t + 2..=t + 6`.
pub const MAX_SIDES: usize = 6;

/// Diagonals the ring keeps: the one being written and the six it reads.
const SLOTS: usize = 8;

/// Entries per record with six-sided dice only, and with four-sided too.
pub const SIX_ONLY: usize = LEVELS;
pub const SIX_AND_FOUR: usize = 2 * LEVELS;

/// One die type's constants for the recurrence.
#[derive(Debug, Clone, Copy)]
pub struct Die {
    /// `1 / sides`, rounded once.
    inv: f64,
    /// `P(at least one 1)` for `1..=10` dice, then zeros for the spill lanes.
    one_point: [f64; STEP_LANES],
}

impl Die {
    /// The constants of a set of dice.
    pub fn new(dice: &DiceSet) -> Die {
        let mut one_point = [0.0; STEP_LANES];
        for (k, p) in one_point[..MAX_DICE].iter_mut().enumerate() {
            *p = dice.get(k + 1).one_point;
        }
        let sides = dice.sides as usize;
        assert!(
            matches!(sides, 4 | 6),
            "the recurrence runs 4- and 6-sided dice"
        );
        Die {
            inv: 1.0 / sides as f64,
            one_point,
        }
    }

    /// The values of rolling `k` dice in lane `k - 1` (`1..=10`; the two
    /// spill lanes after them are not values), from the step's levels and
    /// `A_0(t + 1)`, the outcome of pigging out.
    #[inline(always)]
    pub fn values(&self, levels: &[f64; STEP_LANES], pig: f64) -> Rolls {
        std::array::from_fn(|i| self.one_point[i] * pig + levels[i])
    }
}

/// The values of rolling `1..=10` dice in lanes `0..10`, and two spill
/// lanes: whole vectors from the step to the choice.
pub type Rolls = [f64; STEP_LANES];

/// The eleven values of a state in the order of counts, from the zero-dice
/// value and the rolls.
pub fn choice_values(zero: f64, rolls: &Rolls) -> [f64; MAX_DICE + 1] {
    std::array::from_fn(|k| if k == 0 { zero } else { rolls[k - 1] })
}

/// Levels `1..=12` at `t` of the die type whose record part starts at
/// `BASE`, from the records at `t + 2..=t + TERMS + 1` (`ahead[j - 1]` is
/// the record at `t + j`): lane `i` of the result is `A_{i+1}(t)`. The sum
/// runs in rising `j`, then one multiplication by `1 / sides`.
#[inline(always)]
fn step<const R: usize, const BASE: usize, const TERMS: usize>(
    ahead: &[&[f64; R]; MAX_SIDES],
    inv: f64,
) -> [f64; STEP_LANES] {
    let mut sum: [f64; STEP_LANES] = std::array::from_fn(|l| ahead[1][BASE + l]);
    for source in &ahead[2..=TERMS] {
        for (l, s) in sum.iter_mut().enumerate() {
            *s += source[BASE + l];
        }
    }
    sum.map(|s| s * inv)
}

/// The recurrence's die types (four-sided ones only if some state below
/// the goal rolls them) and its records past the goal: they depend on the
/// rules alone, so every sweep of these rules shares them (kept in the
/// rules' memo).
pub fn of(rules: &crate::rules::Rules) -> std::sync::Arc<(Dice, Ends)> {
    rules.memo().get_or_init(|| {
        let n = rules.size();
        let wild = rules.components().dice;
        let four = (0..2 * n - 1).any(|d| wild.sides_at_sum(d as u32) == 4);
        let dice = Dice {
            six: Die::new(rules.dice_with_sides(6)),
            four: four.then(|| Die::new(rules.dice_with_sides(4))),
        };
        let ends = Ends::new(
            &dice,
            rules.final_landings(),
            crate::rules::LANDING_REACH,
            n,
        );
        (dice, ends)
    })
}

/// The die types a sweep's recurrence runs: six-sided always, four-sided
/// too where the rules roll them somewhere (Hog Wild). Both recurrences run
/// at every state then, because a four-sided turn at `(s, o)` reads
/// four-sided levels of states whose own turns roll six.
#[derive(Debug, Clone, Copy)]
pub struct Dice {
    pub six: Die,
    pub four: Option<Die>,
}

impl Dice {
    /// Entries per record: [`LEVELS`] per die type ([`SIX_ONLY`] or
    /// [`SIX_AND_FOUR`]).
    pub fn record(&self) -> usize {
        LEVELS * (1 + usize::from(self.four.is_some()))
    }

    /// The record at `t` from the records at `t + 1..=t + 6`
    /// (`ahead[j - 1]` is the record at `t + j`) and `A_0(t)`, which this
    /// does not touch: writes levels `1..=12` of each die type, and
    /// returns the values of rolling a `sides`-sided turn's dice at `t`.
    /// `R` is [`Dice::record`].
    #[inline(always)]
    pub fn fill<const R: usize>(
        &self,
        ahead: &[&[f64; R]; MAX_SIDES],
        out: &mut [f64; R],
        sides: u32,
    ) -> Rolls {
        let pig = ahead[0][0];
        let six = step::<R, 0, 5>(ahead, self.six.inv);
        out[1..1 + STEP_LANES].copy_from_slice(&six);
        if R == SIX_AND_FOUR {
            let four = self.four.as_ref().expect("four-sided records need the die");
            let levels = step::<R, LEVELS, 3>(ahead, four.inv);
            out[LEVELS + 1..LEVELS + 1 + STEP_LANES].copy_from_slice(&levels);
            if sides == 4 {
                return four.values(&levels, pig);
            }
        }
        self.six.values(&six, pig)
    }

    /// [`Die::values`] from a finished record at `t`, for a turn with
    /// `sides`-sided dice: the bits the sweep chose from.
    pub fn values_at(&self, record: &[f64], sides: u32, pig: f64) -> Rolls {
        let (die, base) = match (sides, &self.four) {
            (4, Some(four)) => (four, LEVELS),
            _ => (&self.six, 0),
        };
        let levels = record[base + 1..base + 1 + STEP_LANES]
            .try_into()
            .expect("a record");
        die.values(levels, pig)
    }
}

/// Write `A_0(t)` into a record, for each die type.
#[inline(always)]
pub fn set_outcome(record: &mut [f64], value: f64) {
    record[0] = value;
    if record.len() > LEVELS {
        record[LEVELS] = value;
    }
}

/// The records at `t` in `from..to` for one lookup row (`row[t]` =
/// `lookup[o][t]`), computed downward from the top of the row: entry
/// `(t - from) * record .. ` of the result. Every level the values of
/// `1..=10` dice at those `t` need is exact, because it reads only the
/// row (`A_k(t)` reads `row[t + 2k..=t + 6k]`), so these are the sweep's
/// bits. `row` must reach `to - 1 + 6 * MAX_DICE` or its own end.
pub fn row_records(dice: &Dice, row: &[f64], from: usize, to: usize) -> Vec<f64> {
    match dice.record() {
        SIX_ONLY => row_records_in::<SIX_ONLY>(dice, row, from, to),
        _ => row_records_in::<SIX_AND_FOUR>(dice, row, from, to),
    }
}

fn row_records_in<const R: usize>(dice: &Dice, row: &[f64], from: usize, to: usize) -> Vec<f64> {
    let top = (to + MAX_SIDES * MAX_DICE).min(row.len());
    assert!(
        from <= to && to <= top,
        "rows reach past the records asked for"
    );
    // Zero records above the top keep the unneeded levels finite.
    let span = top - from;
    let mut records = vec![0.0; (span + MAX_SIDES) * R];
    for i in (0..span).rev() {
        let (current, ahead) = records[i * R..].split_at_mut(R);
        let current: &mut [f64; R] = current.try_into().expect("a record");
        let ahead =
            std::array::from_fn(|j| ahead[j * R..(j + 1) * R].try_into().expect("a record"));
        set_outcome(current, row[from + i]);
        dice.fill(&ahead, current, 6);
    }
    records.truncate((to - from) * R);
    records
}

/// The records of the raw scores past the goal, `t` in `n..n + 6`, for
/// every opponent score: the ring starts each diagonal with them. They
/// depend only on the rules' end-of-game outcomes, and those rows are
/// usually all alike, so alike neighbours share one computation.
#[derive(Debug, Clone)]
pub struct Ends {
    /// Six records per distinct row.
    records: Vec<f64>,
    /// The distinct row of each opponent score.
    row_of: Vec<u32>,
    record: usize,
}

impl Ends {
    /// `final_landings[o * reach + (t - n)]`: the outcome of landing on raw
    /// score `t >= n` against `o`, for `o < n`.
    pub fn new(dice: &Dice, final_landings: &[f64], reach: usize, n: usize) -> Ends {
        let record = dice.record();
        let mut records = Vec::new();
        let mut row_of = Vec::with_capacity(n);
        let mut last: Option<&[f64]> = None;
        for row in final_landings.chunks_exact(reach).take(n) {
            if last.is_none_or(|last| {
                last.iter()
                    .map(|x| x.to_bits())
                    .ne(row.iter().map(|x| x.to_bits()))
            }) {
                records.extend(row_records(dice, row, 0, MAX_SIDES));
                last = Some(row);
            }
            row_of.push((records.len() / (MAX_SIDES * record) - 1) as u32);
        }
        Ends {
            records,
            row_of,
            record,
        }
    }

    /// The record at raw score `n + i` (`i < 6`) against `o`.
    #[inline]
    pub fn get(&self, o: usize, i: usize) -> &[f64] {
        let start = (self.row_of[o] as usize * MAX_SIDES + i) * self.record;
        &self.records[start..start + self.record]
    }
}

/// One diagonal's slot of a [`Ring`], taking its `A_0(t)`.
pub struct Outcomes<'a> {
    slot: &'a mut [f64],
    four: bool,
}

impl Outcomes<'_> {
    /// `A_0(t)`: into each die type's part of the record at `t`.
    #[inline(always)]
    pub fn set(&mut self, t: usize, value: f64) {
        if self.four {
            self.slot[t * SIX_AND_FOUR] = value;
            self.slot[t * SIX_AND_FOUR + LEVELS] = value;
        } else {
            self.slot[t * SIX_ONLY] = value;
        }
    }
}

/// The records of the last [`SLOTS`] diagonals of one seat: diagonal `D`
/// lives in slot `D % 8`, as records indexed by the mover's raw score `t`
/// (`o = D - t`), for `t` in `0..n + 6` (raw scores past the goal come
/// from [`Ends`]).
pub struct Ring {
    data: Vec<f64>,
    /// Entries per slot.
    slot_len: usize,
    record: usize,
    n: usize,
}

impl Ring {
    pub fn new(dice: &Dice, n: usize) -> Ring {
        let record = dice.record();
        let slot_len = (n + MAX_SIDES) * record;
        Ring {
            data: vec![0.0; SLOTS * slot_len],
            slot_len,
            record,
            n,
        }
    }

    /// Start diagonal `d`: its records past the goal, from `ends`.
    pub fn open(&mut self, d: usize, ends: &Ends) {
        let n = self.n;
        let lo = n.max((d + 1).saturating_sub(n));
        let hi = d.min(n + MAX_SIDES - 1);
        let slot = (d % SLOTS) * self.slot_len;
        for t in lo..=hi {
            let at = slot + t * self.record;
            self.data[at..at + self.record].copy_from_slice(ends.get(d - t, t - n));
        }
    }

    /// Diagonal `d`'s slot, to write its `A_0(t)` once the sweep knows them.
    pub fn outcomes(&mut self, d: usize) -> Outcomes<'_> {
        let at = (d % SLOTS) * self.slot_len;
        Outcomes {
            slot: &mut self.data[at..at + self.slot_len],
            four: self.record > LEVELS,
        }
    }

    /// Diagonal `d`'s slot to write and the six after it to read.
    pub fn split(&mut self, d: usize) -> (&mut [f64], [&[f64]; MAX_SIDES]) {
        let (len, cur) = (self.slot_len, d % SLOTS);
        let (before, rest) = self.data.split_at_mut(cur * len);
        let (current, after) = rest.split_at_mut(len);
        let (before, after) = (&*before, &*after);
        let ahead = std::array::from_fn(|j| {
            let slot = (d + j + 1) % SLOTS;
            if slot < cur {
                &before[slot * len..(slot + 1) * len]
            } else {
                &after[(slot - cur - 1) * len..(slot - cur) * len]
            }
        });
        (current, ahead)
    }

    pub fn record(&self) -> usize {
        self.record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice() -> (DiceSet, DiceSet, Dice) {
        let (six, four) = (DiceSet::new(6), DiceSet::new(4));
        let dice = Dice {
            six: Die::new(&six),
            four: Some(Die::new(&four)),
        };
        (six, four, dice)
    }

    /// The recurrence's values are the dot products with the exact
    /// distributions, for both die types, at every start of a long row.
    #[test]
    fn levels_are_the_no_one_parts_of_the_distributions() {
        let (six, four, dice) = dice();
        let row: Vec<f64> = (0..200)
            .map(|p| ((p * 7919) % 101) as f64 / 100.0)
            .collect();
        let records = row_records(&dice, &row, 0, 120);
        for t in 0..120 {
            let record = &records[t * dice.record()..(t + 1) * dice.record()];
            assert_eq!(record[0], row[t]);
            for (set, base) in [(&six, 0), (&four, LEVELS)] {
                assert_eq!(record[base], row[t], "A_0 in every die type's record");
                for k in 1..=MAX_DICE {
                    let dist = set.get(k);
                    let want: f64 = dist
                        .sums
                        .iter()
                        .enumerate()
                        .map(|(i, p)| p * row[t + dist.min_sum + i])
                        .sum();
                    let got = record[base + k];
                    assert!(
                        (got - want).abs() < 1e-15,
                        "{} sides, {k} dice at {t}",
                        set.sides
                    );
                }
            }
        }
    }

    /// A worked example: two four-sided dice from a row that is 1 only at
    /// raw score 6 (the roll 3 + 3, or 2 + 4 and 4 + 2): 3 of 16 rolls.
    #[test]
    fn two_four_sided_dice_by_hand() {
        let (_, _, dice) = dice();
        let mut row = vec![0.0; 80];
        row[6] = 1.0;
        let records = row_records(&dice, &row, 0, 1);
        assert_eq!(records[LEVELS + 2], 3.0 / 16.0);
        // Six-sided: 2+4, 3+3, 4+2 of 36.
        assert_eq!(records[2], 3.0 / 36.0);
        let rolls = dice.values_at(&records[..dice.record()], 4, 0.5);
        // P(some 1 among two four-sided dice) = 7/16.
        assert_eq!(rolls[1], 7.0 / 16.0 * 0.5 + 3.0 / 16.0);
    }

    /// Records computed from any lower start, or from any top at least 60
    /// above, are the same bits: what lets one state's values be
    /// recomputed after the sweep.
    #[test]
    fn records_do_not_depend_on_where_the_computation_starts() {
        let (_, _, dice) = dice();
        let row: Vec<f64> = (0..300)
            .map(|p| ((p * 104729) % 997) as f64 / 996.0)
            .collect();
        let all = row_records(&dice, &row, 0, 200);
        let r = dice.record();
        for from in [0, 17, 150] {
            for to in [from + 1, from + 30, 200] {
                let part = row_records(&dice, &row, from, to);
                for t in from..to {
                    for k in 0..=MAX_DICE {
                        for base in [0, LEVELS] {
                            let (a, b) = (all[t * r + base + k], part[(t - from) * r + base + k]);
                            assert_eq!(a.to_bits(), b.to_bits(), "t {t} k {k} from {from} to {to}");
                        }
                    }
                }
            }
        }
    }
}
