//! The contexts two tables that each roll one count everywhere settle
//! into, valued state by state before the depth-first walk.
//!
//! A player who rolls `k` dice on every turn remembers the same after each
//! of their turns (Feral Hogs: `k`), so once both have moved every turn is
//! played in one context a state: the mover's bonus is the one their own
//! count earns against itself, and the other remembers their count. Those
//! contexts lead only to each other, so they can be valued diagonal by
//! diagonal over every state, with no marks and no stack, before the walk
//! values the few contexts of the opening turns (which land on them). Each
//! value is the same sum, in the same order, as the walk's.

use super::reach::{Pair, Seat};
use crate::general::{Roll, CONSTANTS};
use crate::recall::POINTS;

/// One seat's settled context: its dice, the bonus index its memory earns
/// with them, and what it remembers after its turns.
#[derive(Clone, Copy)]
struct Settled {
    dice: usize,
    group: usize,
    memory: usize,
}

/// Value every state's settled context of both seats into `seats` (in the
/// walk's planes, marked as valued), where both tables roll one count
/// everywhere and the rules let them settle: one clock value, no -1 move,
/// and a memory that keeps the same after every turn of that count.
/// `false` (nothing written) where they do not.
pub(super) fn value_settled(p: &Pair<'_>, seats: &mut [Seat; 2]) -> bool {
    let plan = p.plan;
    let (n, size, groups) = (p.layout.n, p.layout.size, p.layout.groups);
    if plan.clocks != 1 || plan.point_ticks.is_some() {
        return false;
    }
    let settle = |i: usize| -> Option<Settled> {
        let dice = usize::from(p.dice[i][0]);
        if dice >= plan.moves.min(POINTS) || plan.ticks[dice] != (0, false) {
            return None;
        }
        let memory = plan.remember[dice * POINTS];
        let same = plan.remember[dice * POINTS..][..POINTS]
            .iter()
            .all(|&m| m == memory);
        let memory = usize::from(memory);
        let group = usize::from(p.which_of[dice * size + memory]);
        (same && memory < size).then_some(Settled {
            dice,
            group,
            memory,
        })
    };
    let (Some(zero), Some(one)) = (settle(0), settle(1)) else {
        return false;
    };
    let settled = [zero, one];
    let plane = n * n * groups;
    let tables = p.variants[0];
    // A diagonal's sums, written once its values are all read.
    let mut written = Vec::with_capacity(n);
    for d in (0..=2 * (n - 1)).rev() {
        let first = d.saturating_sub(n - 1);
        for i in (0..2).rev() {
            let (me, them) = (settled[i], settled[1 - i]);
            // The other remembers their count; the mover's bonus is the one
            // their own memory earns.
            let bonus = plan.bonuses[me.dice][me.group] as usize;
            let remember = &plan.remember[me.dice * POINTS..][..POINTS];
            let [zero, one] = &mut *seats;
            let (own, other) = if i == 0 { (zero, &*one) } else { (one, &*zero) };
            let mine = &own.values[them.memory * plane..][..plane];
            let theirs = &other.values[me.memory * plane..][..plane];
            written.clear();
            for s in first..=d.min(n - 1) {
                let o = d - s;
                let (roll, points, slots) = tables.roll_at(s as u32, o as u32, me.dice as u32);
                let term = |x: usize, q: u32, prob: f64| -> f64 {
                    let q = points.map_or(q, |points| points[x]) as usize;
                    debug_assert_eq!(usize::from(remember[q]), me.memory);
                    let slot = slots[q + bonus];
                    let index = slot.index();
                    if index >= n * n {
                        prob * CONSTANTS[index - n * n]
                    } else if slot.other() {
                        prob * (1.0 - theirs[index * groups + them.group])
                    } else {
                        prob * mine[index * groups + me.group]
                    }
                };
                let mut sum = 0.0;
                match roll {
                    Roll::Zero(q) => sum += term(0, q, 1.0),
                    Roll::Dice(faces) => {
                        for (x, &(q, prob)) in faces.iter().enumerate() {
                            sum += term(x, q, prob);
                        }
                    }
                }
                written.push(sum);
            }
            let state = |s: usize| (s * n + d - s) * groups + me.group;
            for (s, &sum) in (first..).zip(&written) {
                own.values[them.memory * plane + state(s)] = sum;
                own.marks[state(s)] |= 1 << them.memory;
            }
        }
    }
    true
}
