//! Two fixed tables evaluated depth first: each context a game reaches is
//! found from the start and valued as soon as the contexts its roll lands
//! on are, in one walk instead of a forward pass that marks and a backward
//! pass that sums.
//!
//! A context here is one memory of the other player's, not a group of them,
//! so the walk pays off where each group is reached with one memory: when
//! each table rolls one count everywhere (`always_roll(n)`), the other
//! player remembers that count (or nothing, before their first turn). Each
//! value is the same sum, over the same outcomes in the same order, as the
//! two passes' (`super::reach`) and the full sweep's: the bits agree.

use std::sync::atomic::AtomicBool;

use super::reach::{Kind, Landing, Pair, Seat};
use crate::engine::fast::is_set;
use crate::general::CONSTANTS;

/// A context on the walk's stack: seat `i`'s group `group` (`state *
/// groups + group`) with the other player remembering `b`; its roll's
/// landings are `landings[start..]`, those before `next` looked at.
struct Frame {
    i: u8,
    b: u8,
    group: u32,
    start: u32,
    next: u32,
}

/// How many contexts are valued between two looks at `cancel`.
const CANCEL_EVERY: u32 = 4096;

/// Seat 0's and seat 1's values from their starts (`starts[i]`: the group
/// at scores 0, nothing remembered), into `seats`, whose marks must be
/// clear: a mark is set once a context's value is written (the values are
/// laid out in planes here, not as the two passes keep them). NaN for
/// both once `cancel` is set.
pub(super) fn start_values(
    p: &Pair<'_>,
    seats: &mut [Seat; 2],
    starts: [usize; 2],
    cancel: Option<&AtomicBool>,
) -> [f64; 2] {
    // The values of one memory `b` of the other player's together, group
    // by group (a plane each): where each group is reached with one
    // memory, the values read are then close together.
    let plane = p.layout.n * p.layout.n * p.layout.groups;
    let mut landings: Vec<(f64, Landing)> = Vec::with_capacity(4096);
    let mut stack: Vec<Frame> = Vec::with_capacity(512);
    let mut valued = 0u32;
    for (seat, &start) in starts.iter().enumerate() {
        if seats[seat].marks[start] & 1 != 0 {
            continue;
        }
        push(p, &mut stack, &mut landings, (seat, start, 0));
        while let Some(top) = stack.last_mut() {
            if valued.is_multiple_of(CANCEL_EVERY) && is_set(cancel) {
                return [f64::NAN; 2];
            }
            let (i, b) = (usize::from(top.i), usize::from(top.b));
            // The first landing not yet valued, if any: value it first.
            let mut child = None;
            let end = landings.len() as u32;
            while top.next < end {
                let (_, landing) = landings[top.next as usize];
                top.next += 1;
                if let Some(context) = target(p, i, b, landing) {
                    let (seat, group, memory) = context;
                    if seats[seat].marks[group] >> memory & 1 == 0 {
                        child = Some(context);
                        break;
                    }
                }
            }
            if let Some(context) = child {
                push(p, &mut stack, &mut landings, context);
                continue;
            }
            // Every landing valued: the sum, in the roll's order.
            let start = top.start as usize;
            let group = top.group as usize;
            let [zero, one] = &mut *seats;
            let (own, other) = if i == 0 { (zero, &*one) } else { (one, &*zero) };
            let mut sum = 0.0;
            for &(prob, landing) in &landings[start..] {
                sum += match target(p, i, b, landing) {
                    None => prob * CONSTANTS[landing.at as usize],
                    Some((seat, group, memory)) if seat != i => {
                        prob * (1.0 - other.values[memory * plane + group])
                    }
                    Some((_, group, memory)) => prob * own.values[memory * plane + group],
                }
            }
            own.values[b * plane + group] = sum;
            own.marks[group] |= 1 << b;
            landings.truncate(start);
            stack.pop();
            valued += 1;
        }
    }
    [0, 1].map(|i| seats[i].values[starts[i]])
}

/// Put seat `i`'s group `group` with the other remembering `b` on the
/// stack, its roll's landings after the others.
fn push(
    p: &Pair<'_>,
    stack: &mut Vec<Frame>,
    landings: &mut Vec<(f64, Landing)>,
    (i, group, b): (usize, usize, usize),
) {
    let start = landings.len() as u32;
    let groups = p.layout.groups;
    p.landings(i, group / groups, group % groups, landings);
    stack.push(Frame {
        i: i as u8,
        b: b as u8,
        group: group as u32,
        start,
        next: start,
    });
}

/// The context a landing of seat `i`'s roll leads to, the other player
/// remembering `b`: `(seat, group, memory)`, none at the game's end.
#[inline(always)]
fn target(p: &Pair<'_>, i: usize, b: usize, landing: Landing) -> Option<(usize, usize, usize)> {
    let at = landing.at as usize;
    match landing.kind {
        Kind::End => None,
        Kind::Other => {
            let j = p.which_of[usize::from(landing.dice) * p.layout.size + b];
            Some((1 - i, at + usize::from(j), usize::from(landing.m)))
        }
        Kind::Again => Some((i, at, b)),
    }
}
