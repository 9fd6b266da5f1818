//! Rules given as functions take the general path (`crate::general`): its
//! values and choices become seats in the sweep's order, so that every
//! caller of [`sweep`](super::sweep) reads them as it reads the fast path's.

use super::diagonal::Kernels;
use super::layout::copy_by_diagonal;
use super::result::SweepResult;
use super::seat::{Outcomes, Seat};
use crate::general::{general_sweep, GeneralResult, RuleTables};
use crate::policy::Policy;
use crate::recall::{memory_sweep, Context, MemoryResult, Remembering};
use crate::recurrence::{Dice, Die};
use crate::rules::Rules;

/// The sweep of rules given as functions off the fast path: with memory,
/// or on the general path; `None` for the fast path.
pub(super) fn on_functions<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
) -> Option<SweepResult<'r>> {
    let tables = rules.general()?;
    Some(match rules.memory() {
        Some(memory) => memory_run(rules, tables, memory, policies),
        None => general_run(rules, tables, policies),
    })
}

/// Sweep rules given as functions on the general path.
pub(super) fn general_run<'r>(
    rules: &'r Rules,
    tables: &RuleTables,
    policies: &[Policy<'_>],
) -> SweepResult<'r> {
    let result = general_sweep(tables, policies);
    let seats = (0..policies.len())
        .map(|i| seat(rules, result.values(i), result.choices(i)))
        .collect();
    result_of(rules, seats, Some(result), None)
}

/// Sweep rules with memory: seats read as the others' do show each state
/// with nothing remembered (`a = b = 0`, as at the start), and the full
/// result stays for questions about other contexts.
pub(super) fn memory_run<'r>(
    rules: &'r Rules,
    tables: &RuleTables,
    memory: &Remembering,
    policies: &[Policy<'_>],
) -> SweepResult<'r> {
    let result = memory_sweep(tables, memory, policies);
    let n = rules.size() as u32;
    let states = || (0..n).flat_map(|s| (0..n).map(move |o| (s, o)));
    let seats = (0..policies.len())
        .map(|i| {
            let start = Context::START;
            let values: Vec<f64> = states()
                .map(|(s, o)| result.value(i, s, o, start))
                .collect();
            let choices: Vec<u8> = states()
                .map(|(s, o)| result.choice(i, s, o, start))
                .collect();
            seat(rules, &values, &choices)
        })
        .collect();
    result_of(rules, seats, None, Some(result))
}

/// A seat in the sweep's order from row-major values and choices.
fn seat(rules: &Rules, row_values: &[f64], row_choices: &[u8]) -> Seat {
    let n = rules.size();
    let mut values = vec![0.0; n * n];
    copy_by_diagonal(row_values, n, &mut values);
    let mut choices = vec![0; n * n];
    copy_by_diagonal(row_choices, n, &mut choices);
    Seat {
        values,
        choices,
        outcomes: Outcomes::General,
        n,
    }
}

/// The result of a sweep off the fast path, with the path's own result.
fn result_of<'r>(
    rules: &'r Rules,
    seats: Vec<Seat>,
    general: Option<GeneralResult>,
    memory: Option<MemoryResult>,
) -> SweepResult<'r> {
    SweepResult {
        rules,
        kernels: Kernels::new(rules),
        dice: Dice {
            six: Die::new(rules.dice_with_sides(6)),
            four: None,
        },
        seats,
        avx2: false,
        general,
        memory,
    }
}
