//! Rules given as functions take the general path (`crate::general`): its
//! values and choices become seats in the sweep's order, so that every
//! caller of [`sweep`](super::sweep) reads them as it reads the fast path's.

use super::diagonal::Kernels;
use super::layout::diagonal_order;
use super::result::SweepResult;
use super::seat::{Outcomes, Seat};
use crate::general::{general_sweep, RuleTables};
use crate::policy::Policy;
use crate::recurrence::{Dice, Die};
use crate::rules::Rules;
use ndarray::Array2;

/// Sweep rules given as functions on the general path.
pub(super) fn general_run<'r>(
    rules: &'r Rules,
    tables: &RuleTables,
    policies: &[Policy<'_>],
) -> SweepResult<'r> {
    let result = general_sweep(tables, policies);
    let n = rules.size();
    let seats = (0..policies.len())
        .map(|i| {
            let values =
                Array2::from_shape_fn((n, n), |(s, o)| result.value(i, s as u32, o as u32));
            let choices =
                Array2::from_shape_fn((n, n), |(s, o)| result.choice(i, s as u32, o as u32));
            let mut by_diagonal = vec![0u8; n * n];
            diagonal_order(&choices, &mut by_diagonal);
            Seat {
                values: diagonal_values(&values),
                choices: by_diagonal,
                outcomes: Outcomes::General,
                n,
            }
        })
        .collect();
    SweepResult {
        rules,
        kernels: Kernels::new(rules),
        dice: Dice {
            six: Die::new(rules.dice_with_sides(6)),
            four: None,
        },
        seats,
        avx2: false,
        general: Some(result),
    }
}

/// `values[[s, o]]` in the order of [`state_index`](crate::rules::state_index).
fn diagonal_values(values: &Array2<f64>) -> Vec<f64> {
    let n = values.nrows();
    let mut out = vec![0.0; n * n];
    for s in 0..n {
        for o in 0..n {
            out[crate::rules::state_index(n, s, o)] = values[[s, o]];
        }
    }
    out
}
