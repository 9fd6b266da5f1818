//! One player's values and choices during a general sweep, and how a
//! landing is read from them.

use crate::general::Slot;

/// One player's values and choices after a general sweep, row-major
/// (`[s * goal + o]`).
#[derive(Debug, Clone)]
pub(super) struct GeneralSeat {
    pub(super) values: Vec<f64>,
    pub(super) choices: Vec<u8>,
}

/// What a landing is worth to seat `i`: its own value where it moves
/// again, else one minus the other seat's.
#[inline(always)]
pub(super) fn reader(seats: &[GeneralSeat], i: usize) -> impl Fn(Slot) -> f64 + '_ {
    let own = &seats[i].values;
    let next = &seats[(i + 1) % seats.len()].values;
    move |slot: Slot| {
        if slot.other() {
            1.0 - next[slot.index()]
        } else {
            own[slot.index()]
        }
    }
}
