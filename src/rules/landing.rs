//! Where a turn lands once the after-turn rule has run: a win, a loss, or
//! the next player's state. The table of landings depends only on the rules,
//! so it is built once per [`Rules`](super::Rules) and shared by every sweep
//! (a tournament runs thousands of sweeps on the same rules).

/// The result of a turn for the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// The mover's score reached the goal.
    Win,
    /// The other player's score reached the goal (a swap handed it over).
    Lose,
    /// The game goes on at the next mover's state `(score, other score)`,
    /// given as its [`state_index`].
    Next(usize),
}

/// Where state `(s, o)` of a game to `goal` sits when states are stored
/// diagonal by diagonal (by `s + o`, then by `s`). The solver writes one
/// diagonal at a time and reads landings along diagonals, so this order
/// keeps both contiguous.
#[inline]
pub fn state_index(goal: usize, s: usize, o: usize) -> usize {
    let d = s + o;
    // States with a smaller score sum: full diagonals 0..d below the goal,
    // then diagonals that the goal cuts short.
    let before = if d < goal {
        d * (d + 1) / 2
    } else {
        let past = d - goal;
        goal * (goal + 1) / 2 + past * (goal - 1) - past * (past.saturating_sub(1)) / 2
    };
    before + s - d.saturating_sub(goal - 1)
}

/// Where an outcome table kept in state order keeps the entry of raw score
/// `t` against `o` (`1 <= t < goal + LANDING_REACH`): at [`state_index`]
/// below the goal, then row by row past it, `goal * goal + o *
/// LANDING_REACH + t - goal` (the layout of [`Rules::final_landings`]
/// appended to the states).
///
/// [`Rules::final_landings`]: super::Rules::final_landings
#[inline(always)]
pub fn outcome_index(goal: usize, t: usize, o: usize) -> usize {
    if t < goal {
        state_index(goal, t, o)
    } else {
        goal * goal + o * LANDING_REACH + (t - goal)
    }
}

/// The scores `s` of the states `(s, d - s)` on diagonal `d` of a game to
/// `goal`, in the order of [`state_index`].
#[inline]
pub fn diagonal_scores(goal: usize, d: usize) -> std::ops::Range<usize> {
    d.saturating_sub(goal - 1)..d.min(goal - 1) + 1
}

/// Raw scores up to `goal - 1 + LANDING_REACH` are covered: enough for the
/// biggest turn (60 points) and the solver's padded reads past it.
pub const LANDING_REACH: usize = 64;

/// Tables for goals with more states than this are not cached: their
/// entries are then computed as needed (large goals are bound by memory,
/// not by this).
const MAX_CACHED: usize = 1 << 22;

const WIN: u32 = u32::MAX;
const LOSE: u32 = u32::MAX - 1;

/// What the sweep asks of the rules at every state, tabulated in the order
/// of [`state_index`] so that one diagonal's entries are contiguous: the
/// landing of raw score `t` against `o` (for `t < goal`; higher raw scores
/// always end the game), and the points of rolling zero dice at `(s, o)`.
#[derive(Debug, Clone)]
pub struct StateTable {
    landings: Vec<u32>,
    zero_dice: Vec<u8>,
    /// The [`outcome_index`] of each state's zero-dice landing `(s + z, o)`:
    /// the recurrence reads it straight from there.
    zero_targets: Vec<u32>,
}

impl StateTable {
    /// Build the table, or `None` when it would be too big.
    pub fn build(
        goal: usize,
        land: impl Fn(u32, u32) -> Landing,
        zero_dice: impl Fn(u32, u32) -> u32,
    ) -> Option<StateTable> {
        if goal * goal > MAX_CACHED {
            return None;
        }
        let mut landings = Vec::with_capacity(goal * goal);
        let mut zeros = Vec::with_capacity(goal * goal);
        let mut zero_targets = Vec::with_capacity(goal * goal);
        for d in 0..2 * goal - 1 {
            for t in diagonal_scores(goal, d) {
                let (t, o) = (t as u32, (d - t) as u32);
                landings.push(match land(t, o) {
                    Landing::Win => WIN,
                    Landing::Lose => LOSE,
                    Landing::Next(i) => i as u32,
                });
                let points = zero_dice(t, o);
                zeros.push(u8::try_from(points).expect("zero-dice points fit a byte"));
                let target = outcome_index(goal, (t + points) as usize, o as usize);
                zero_targets.push(u32::try_from(target).expect("tabulated goals are small"));
            }
        }
        Some(StateTable {
            landings,
            zero_dice: zeros,
            zero_targets,
        })
    }

    /// The landing of the raw score and opponent score at `index`.
    #[inline]
    pub fn landing(&self, index: usize) -> Landing {
        match self.landings[index] {
            WIN => Landing::Win,
            LOSE => Landing::Lose,
            i => Landing::Next(i as usize),
        }
    }

    /// The points of zero dice at the state at `index`.
    #[inline]
    pub fn zero_dice_points(&self, index: usize) -> u32 {
        u32::from(self.zero_dice[index])
    }

    /// The [`outcome_index`] of the zero-dice landing of the state at `index`.
    #[inline]
    pub fn zero_target(&self, index: usize) -> usize {
        self.zero_targets[index] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::state_index;

    #[test]
    fn state_indices_number_every_state_once_diagonal_by_diagonal() {
        for goal in [1usize, 2, 3, 7, 100] {
            let mut expected = 0;
            for d in 0..2 * goal - 1 {
                for s in d.saturating_sub(goal - 1)..=d.min(goal - 1) {
                    assert_eq!(
                        state_index(goal, s, d - s),
                        expected,
                        "goal {goal}, ({s}, {})",
                        d - s
                    );
                    expected += 1;
                }
            }
            assert_eq!(expected, goal * goal);
        }
    }
}
