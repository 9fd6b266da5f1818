//! The values of given choices on a level diagonal, solved exactly: a
//! linear system per group of linked states, by Gaussian elimination.

use super::linked::{groups, join};
use super::seats::GeneralSeat;
use super::split::{LevelSeat, Unknowns};

/// The buffers of [`Solver::solve`], kept from one solve to the next.
#[derive(Default)]
pub(super) struct Solver {
    /// Row `u` of the system: `x_u - sum(coefficient * x_v) = constant`,
    /// its terms `terms[starts[u]..ends[u]]`.
    constants: Vec<f64>,
    starts: Vec<usize>,
    ends: Vec<usize>,
    terms: Vec<(usize, f64)>,
    /// The unknowns the current choices link (a union-find forest).
    parent: Vec<usize>,
    place: Vec<usize>,
    dense: Vec<f64>,
    x: Vec<f64>,
}

impl Solver {
    /// The values of the current choices on a level diagonal, solved
    /// exactly: each value is its leaving part plus the staying outcomes'
    /// values (the other player's as `1 - value`), a linear system, solved
    /// by Gaussian elimination one group of states linked by the current
    /// choices at a time. A group whose system is singular (a game that
    /// never leaves it) keeps its values.
    pub(super) fn solve(&mut self, split: &[LevelSeat], seats: &mut [GeneralSeat], at: Unknowns) {
        self.rows(split, seats, at, 0..at.count(), true);
        let (order, ends) = groups(&mut self.parent);
        let mut from = 0;
        for to in ends {
            self.solve_rows(split, seats, at, &order[from..to]);
            from = to;
        }
    }

    /// The values of the current choices at the unknowns `group`, which no
    /// choice's staying outcome leaves, solved exactly as one system.
    pub(super) fn solve_group(
        &mut self,
        split: &[LevelSeat],
        seats: &mut [GeneralSeat],
        at: Unknowns,
        group: &[usize],
    ) {
        self.rows(split, seats, at, group.iter().copied(), false);
        self.solve_rows(split, seats, at, group);
    }

    /// The rows of `unknowns`, and with `link` the unknowns their terms
    /// link, joined in `parent`.
    fn rows(
        &mut self,
        split: &[LevelSeat],
        seats: &[GeneralSeat],
        at: Unknowns,
        unknowns: impl Iterator<Item = usize>,
        link: bool,
    ) {
        let count = at.count();
        // Sized for the whole diagonal, written only at `unknowns`.
        self.constants.resize(count, 0.0);
        self.starts.resize(count, 0);
        self.ends.resize(count, 0);
        self.place.resize(count, 0);
        self.terms.clear();
        if link {
            self.parent.clear();
            self.parent.extend(0..count);
        }
        for u in unknowns {
            let (i, j) = at.seat_state(u);
            let level = &split[i];
            let chosen = level.chosen(j, &seats[i]);
            let mut constant = chosen.leaves;
            self.starts[u] = self.terms.len();
            for &(prob, slot) in level.stays(chosen) {
                let v = at.landing(i, slot);
                if slot.other() {
                    // prob * (1 - x_v)
                    constant.add(prob);
                    self.terms.push((v, -prob));
                } else {
                    self.terms.push((v, prob));
                }
                if link {
                    join(&mut self.parent, u, v);
                }
            }
            self.ends[u] = self.terms.len();
            self.constants[u] = constant.value();
        }
    }

    /// Solve the rows of `group` (whose terms stay in it) as one dense
    /// system, and write the values.
    fn solve_rows(
        &mut self,
        split: &[LevelSeat],
        seats: &mut [GeneralSeat],
        at: Unknowns,
        group: &[usize],
    ) {
        let m = group.len();
        for (a, &u) in group.iter().enumerate() {
            self.place[u] = a;
        }
        // [A | b].
        self.dense.clear();
        self.dense.resize(m * (m + 1), 0.0);
        for (r, &u) in group.iter().enumerate() {
            let row = &mut self.dense[r * (m + 1)..(r + 1) * (m + 1)];
            row[r] += 1.0;
            for &(v, coefficient) in &self.terms[self.starts[u]..self.ends[u]] {
                row[self.place[v]] -= coefficient;
            }
            row[m] = self.constants[u];
        }
        if gauss(&mut self.dense, m, &mut self.x) {
            for (&u, &x) in group.iter().zip(&self.x) {
                let (i, j) = at.seat_state(u);
                // Elimination's rounding can step just past a bound.
                seats[i].values[split[i].ats[j]] = x.clamp(0.0, 1.0);
            }
        }
    }
}

/// Solve the `m` x `m` system `[A | b]` (row-major, `m + 1` wide) by
/// Gaussian elimination with partial pivoting into `x`; `false` if it is
/// singular (a pivot below 1e-9: a game that cannot leave these states).
fn gauss(a: &mut [f64], m: usize, x: &mut Vec<f64>) -> bool {
    let w = m + 1;
    for c in 0..m {
        let pivot = (c..m)
            .max_by(|&x, &y| a[x * w + c].abs().total_cmp(&a[y * w + c].abs()))
            .expect("rows left");
        if a[pivot * w + c].abs() < 1e-9 {
            return false;
        }
        for k in 0..w {
            a.swap(c * w + k, pivot * w + k);
        }
        for r in c + 1..m {
            let f = a[r * w + c] / a[c * w + c];
            if f != 0.0 {
                for k in c..w {
                    a[r * w + k] -= f * a[c * w + k];
                }
            }
        }
    }
    x.clear();
    x.resize(m, 0.0);
    for r in (0..m).rev() {
        let mut v = a[r * w + m];
        for k in r + 1..m {
            v -= a[r * w + k] * x[k];
        }
        x[r] = v / a[r * w + r];
    }
    true
}
