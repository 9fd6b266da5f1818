//! The sweep's diagonal order of states and the row-major order callers
//! see, and the conversions between them.

use ndarray::Array2;

use crate::rules::diagonal_scores;

/// Copy `table[[s, o]]` into `out` in the order of [`state_index`].
pub(super) fn diagonal_order<T: Copy>(table: &Array2<T>, out: &mut [T]) {
    let Some(flat) = table.as_slice() else {
        let standard = table.as_standard_layout();
        return diagonal_order(&standard.to_owned(), out);
    };
    copy_by_diagonal(flat, table.nrows(), out);
}

/// [`diagonal_order`] of a row-major `n x n` slice.
pub(super) fn copy_by_diagonal<T: Copy>(flat: &[T], n: usize, out: &mut [T]) {
    let mut rest = out;
    for (start, states) in row_major_diagonals(n) {
        let (slots, tail) = rest.split_at_mut(states);
        let strided = flat[start..].iter().step_by(row_major_step(n));
        for (slot, &k) in slots.iter_mut().zip(strided) {
            *slot = k;
        }
        rest = tail;
    }
}

/// The inverse of [`diagonal_order`]: an array indexed `[s, o]`.
pub(super) fn row_major_order<T: Copy + Default>(by_diagonal: &[T], n: usize) -> Array2<T> {
    let mut out = Array2::from_elem((n, n), T::default());
    let flat = flat_mut(&mut out);
    let mut rest = by_diagonal;
    for (start, states) in row_major_diagonals(n) {
        let (values, tail) = rest.split_at(states);
        let strided = flat[start..].iter_mut().step_by(row_major_step(n));
        for (slot, &v) in strided.zip(values) {
            *slot = v;
        }
        rest = tail;
    }
    out
}

/// Where each diagonal of a row-major `n x n` array starts, and how many
/// states it holds: `(s, d - s)` sits at `d + s * (n - 1)`.
pub(super) fn row_major_diagonals(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..2 * n - 1).map(move |d| {
        let scores = diagonal_scores(n, d);
        (d + scores.start * (n - 1), scores.len())
    })
}

/// The distance between neighbours on a diagonal of a row-major `n x n`
/// array (any step will do for `n = 1`: its one diagonal has one state).
pub(super) fn row_major_step(n: usize) -> usize {
    (n - 1).max(1)
}

/// A standard-layout array as one slice (the sweep's arrays always are).
pub(super) fn flat<T>(array: &Array2<T>) -> &[T] {
    array.as_slice().expect("sweep arrays are contiguous")
}

/// A standard-layout array as one mutable slice (the sweep's arrays always are).
pub(super) fn flat_mut<T>(array: &mut Array2<T>) -> &mut [T] {
    array.as_slice_mut().expect("sweep arrays are contiguous")
}
