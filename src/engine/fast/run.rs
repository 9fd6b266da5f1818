//! The sweep itself: allocate the seats, then every diagonal from the last
//! to the first, its states and then its lookup entries.

use ndarray::Array2;
use rayon::prelude::*;

use crate::engine::fast::kernel::ROW_REACH;
use crate::engine::fast::recurrence::{self, Ring};
use crate::rules::{diagonal_scores, state_index, Reach, Rules, LANDING_REACH};

use super::cpu::has_avx2;
use super::diagonal::{Context, Kernels, Levels, Run, Visit};
use super::fill::{Fill, Target};
use super::layout::{diagonal_order, flat, flat_mut};
use super::result::SweepResult;
use super::seat::{Outcomes, Seat};
use super::{Method, Policy, SweepOptions, PARALLEL_CHUNK};

/// The sweep, over every state or over the reachable ones only.
pub(super) fn run<'r>(
    rules: &'r Rules,
    policies: &[Policy<'_>],
    options: &SweepOptions<'_>,
    mut spare: Vec<Seat>,
    reach: Option<&Reach>,
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
    let width = n + ROW_REACH;
    let recurrence: Vec<bool> = policies
        .iter()
        .map(|p| matches!(p, Policy::Best) && options.method == Method::Recurrence)
        .collect();
    // Raw scores at or past the goal end the game whatever the rule does;
    // those entries depend on the rules alone, tabulated once per rules.
    let ends = rules.final_landings();
    spare.retain(|seat| {
        seat.values.len() == n * n
            && matches!(&seat.outcomes, Outcomes::Rows(lookup) if lookup.dim() == (n, width))
    });
    let seats: Vec<Seat> = recurrence
        .iter()
        .map(|&recurrence| {
            if recurrence {
                let mut outcomes = vec![f64::NAN; n * n];
                outcomes.extend_from_slice(&ends[..n * LANDING_REACH]);
                return Seat {
                    values: vec![f64::NAN; n * n],
                    choices: vec![0; n * n],
                    outcomes: Outcomes::Diagonal(outcomes),
                    n,
                };
            }
            spare.pop().unwrap_or_else(|| Seat {
                values: vec![f64::NAN; n * n],
                choices: vec![0; n * n],
                outcomes: Outcomes::Rows(Array2::from_elem((n, width), f64::NAN)),
                n,
            })
        })
        .collect();
    // Each seat reads its own lookup and writes its own values, and the fill
    // reads the next seat's values: keep the three kinds of table apart so
    // every phase borrows only what it touches.
    let (mut values, mut choices, mut lookups): (Vec<_>, Vec<_>, Vec<_>) = seats
        .into_iter()
        .map(|seat| (seat.values, seat.choices, seat.outcomes))
        .collect();
    // A fixed seat's choices are its table, read in the sweep's order.
    for (policy, choices) in policies.iter().zip(&mut choices) {
        if let Policy::Fixed(table) = policy {
            diagonal_order(table.as_array(), choices);
        }
    }
    for lookup in &mut lookups {
        let Outcomes::Rows(lookup) = lookup else {
            continue;
        };
        let lookup = flat_mut(lookup);
        for o in 0..n {
            let end_row = &ends[o * LANDING_REACH..o * LANDING_REACH + ROW_REACH];
            lookup[o * width + n..(o + 1) * width].copy_from_slice(end_row);
        }
    }
    let kernels = Kernels::new(rules);
    // The recurrence's ring of diagonals, for each seat that uses it, and
    // the records past the goal it starts every diagonal with: the six
    // diagonals above the last state's hold nothing else.
    let tables = recurrence::of(rules);
    let ends = recurrence.contains(&true).then(|| &tables.1);
    let dice = tables.0;
    let mut rings: Vec<Option<Ring>> = recurrence
        .iter()
        .map(|&r| r.then(|| Ring::new(&dice, n)))
        .collect();
    if let Some(ends) = ends {
        for ring in rings.iter_mut().flatten() {
            for d in (2 * n - 1..2 * n - 1 + recurrence::MAX_SIDES).rev() {
                ring.open(d, ends);
            }
        }
    }
    let context = Context {
        tables: rules.state_table(),
        avx2: has_avx2(),
    };
    let mut diagonals = || {
        // Last diagonal first: every successor is already known (assumption 2
        // of the module documentation).
        for d in (0..=2 * (n - 1)).rev() {
            // One load a diagonal (a few ms at goal 4000): a cancelled
            // sweep stops within one, its result left unfinished.
            if options.cancelled() {
                break;
            }
            // 1. Every state on diagonal d, for every seat: one contiguous
            // stretch of each seat's values and choices.
            let scores = diagonal_scores(n, d);
            let (first, states) = (scores.start, scores.len());
            let start = state_index(n, first, d - first);
            let kernel = kernels.at_sum(rules, d);
            for (i, policy) in policies.iter().enumerate() {
                let (lookup, outcomes): (&[f64], &[f64]) = match &lookups[i] {
                    Outcomes::Rows(lookup) => (flat(lookup), &[]),
                    Outcomes::Diagonal(outcomes) => (&[], outcomes),
                };
                let best = matches!(policy, Policy::Best);
                let run = Run {
                    lookup,
                    outcomes,
                    width,
                    kernel,
                    sides: kernels.sides_at_sum(rules, d),
                    best,
                    d,
                };
                let values = &mut values[i][start..start + states];
                let choices = &mut choices[i][start..start + states];
                if let (Some(ring), Some(ends)) = (&mut rings[i], ends) {
                    ring.open(d, ends);
                    let record = ring.record();
                    let (current, ahead) = ring.split(d);
                    let current = &mut current[first * record..(first + states) * record];
                    let levels = Levels {
                        dice: &dice,
                        ahead,
                        record,
                    };
                    if states >= options.parallel_min_states {
                        values
                            .par_chunks_mut(PARALLEL_CHUNK)
                            .zip(choices.par_chunks_mut(PARALLEL_CHUNK))
                            .zip(current.par_chunks_mut(PARALLEL_CHUNK * record))
                            .enumerate()
                            .for_each(|(c, ((values, choices), current))| {
                                let skip = c * PARALLEL_CHUNK;
                                let at = (first + skip, start + skip);
                                context.levels(&run, &levels, at, values, choices, current)
                            });
                    } else {
                        let at = (first, start);
                        context.levels(&run, &levels, at, values, choices, current);
                    }
                } else if let Some(reach) = reach {
                    // The reachable states, on one thread: their offsets do not
                    // cut into disjoint slices, and up to the tabulated goals
                    // one thread beats the split full sweep (see the book's performance page).
                    let only = Visit::Only(reach.diagonal(d));
                    context.states(&run, (first, start), only, values, choices);
                } else if states >= options.parallel_min_states {
                    values
                        .par_chunks_mut(PARALLEL_CHUNK)
                        .zip(choices.par_chunks_mut(PARALLEL_CHUNK))
                        .enumerate()
                        .for_each(|(c, (values, choices))| {
                            let skip = c * PARALLEL_CHUNK;
                            let at = (first + skip, start + skip);
                            context.states(&run, at, Visit::All, values, choices)
                        });
                } else {
                    context.states(&run, (first, start), Visit::All, values, choices);
                }
            }
            // 2. The lookup entries whose raw score and opponent score sum to
            // d: they read values on diagonals >= d only, all known now. One
            // entry per state, against hundreds of multiply-adds per state:
            // this stays on one thread.
            let fill = Fill::on_diagonal(n, d, reach);
            for (i, (lookup, ring)) in lookups.iter_mut().zip(&mut rings).enumerate() {
                let next = &values[(i + 1) % policies.len()];
                let target = match (lookup, ring) {
                    (Outcomes::Rows(lookup), _) => Target::Rows(flat_mut(lookup), width),
                    (Outcomes::Diagonal(outcomes), Some(ring)) => {
                        Target::Diagonal(outcomes, ring.outcomes(d))
                    }
                    (Outcomes::Diagonal(_), None) => unreachable!("recurrence seats have rings"),
                };
                fill.write(target, &context.tables, next);
            }
            if let Some(progress) = options.progress {
                progress(states as u64);
            }
        }
    };
    // A parallel diagonal started from outside rayon's pool hands every
    // diagonal to a pool thread and sleeps until it is done, which costs more
    // than the diagonal itself. Run the whole sweep on a pool thread instead:
    // it works through each diagonal itself and the other threads join in.
    if n >= options.parallel_min_states {
        rayon::scope(|_| diagonals());
    } else {
        diagonals();
    }
    let seats = values
        .into_iter()
        .zip(choices)
        .zip(lookups)
        .map(|((values, choices), outcomes)| Seat {
            values,
            choices,
            outcomes,
            n,
        })
        .collect();
    SweepResult {
        rules,
        kernels,
        dice,
        seats,
        avx2: context.avx2,
    }
}
