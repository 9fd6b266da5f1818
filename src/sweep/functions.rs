//! Rules given as functions take the general path (`crate::general`): its
//! values and choices become seats in the sweep's order, so that every
//! caller of [`sweep`](super::sweep) reads them as it reads the fast path's.

use super::diagonal::Kernels;
use super::layout::copy_by_diagonal;
use super::result::SweepResult;
use super::seat::{Outcomes, Seat};
use crate::general::{general_sweep, RuleTables};
use crate::policy::Policy;
use crate::recurrence::{Dice, Die};
use crate::rules::Rules;

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
            let mut values = vec![0.0; n * n];
            copy_by_diagonal(result.values(i), n, &mut values);
            let mut choices = vec![0; n * n];
            copy_by_diagonal(result.choices(i), n, &mut choices);
            Seat {
                values,
                choices,
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
