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

/// Raw scores up to `goal - 1 + LANDING_REACH` are covered: enough for the
/// biggest turn (60 points) and the solver's padded reads past it.
pub const LANDING_REACH: usize = 64;

/// Tables larger than this many entries are not cached: landings are then
/// computed as needed (large goals are bound by memory, not by this).
const MAX_CACHED: usize = 1 << 22;

const WIN: u32 = u32::MAX;
const LOSE: u32 = u32::MAX - 1;

/// Landings for every opponent score `o < goal` and raw score
/// `t < goal + LANDING_REACH`, indexed `o * (goal + LANDING_REACH) + t`.
#[derive(Debug, Clone)]
pub struct LandingTable {
    codes: Vec<u32>,
}

impl LandingTable {
    /// Build the table with `land(t, o)`, or `None` when it would be too big.
    pub fn build(goal: usize, land: impl Fn(u32, u32) -> Landing) -> Option<LandingTable> {
        let width = goal + LANDING_REACH;
        if goal * width > MAX_CACHED {
            return None;
        }
        let mut codes = Vec::with_capacity(goal * width);
        for o in 0..goal {
            for t in 0..width {
                codes.push(match land(t as u32, o as u32) {
                    Landing::Win => WIN,
                    Landing::Lose => LOSE,
                    Landing::Next(i) => i as u32,
                });
            }
        }
        Some(LandingTable { codes })
    }

    /// The landing at flat index `o * (goal + LANDING_REACH) + t`.
    #[inline]
    pub fn get(&self, index: usize) -> Landing {
        match self.codes[index] {
            WIN => Landing::Win,
            LOSE => Landing::Lose,
            i => Landing::Next(i as usize),
        }
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
