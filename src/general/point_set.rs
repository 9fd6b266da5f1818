//! Sets of the points a turn can score, a bit each: a state's checks
//! look at each point total once, not once per outcome of every roll.

use super::MAX_TURN_POINTS;

/// A set of points `0..=MAX_TURN_POINTS`, one bit each.
#[derive(Debug, Clone, Copy, Default)]
pub struct PointSet([u64; (MAX_TURN_POINTS as usize + 1) / 64]);

impl PointSet {
    /// The set of `points`.
    pub fn of(points: impl Iterator<Item = u32>) -> PointSet {
        let mut set = PointSet::default();
        for p in points {
            set.0[p as usize / 64] |= 1 << (p % 64);
        }
        set
    }

    /// The largest member (0 for none).
    pub fn max(&self) -> u32 {
        (0..self.0.len())
            .rev()
            .find(|&w| self.0[w] != 0)
            .map_or(0, |w| w as u32 * 64 + 63 - self.0[w].leading_zeros())
    }

    /// Add every member of `other` plus `by`, dropping what passes the top.
    pub fn add_shifted(&mut self, other: &PointSet, by: u32) {
        let (words, bits) = ((by / 64) as usize, by % 64);
        for w in (words..self.0.len()).rev() {
            let from = w - words;
            let mut word = other.0[from] << bits;
            if bits > 0 && from > 0 {
                word |= other.0[from - 1] >> (64 - bits);
            }
            self.0[w] |= word;
        }
    }

    /// Whether `p` is a member.
    pub fn has(&self, p: u32) -> bool {
        self.0[p as usize / 64] >> (p % 64) & 1 == 1
    }

    /// The members, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        // Each set bit in turn, lowest first, without testing the others:
        // the checks iterate a set at every state.
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    w as u32 * 64 + b
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::PointSet;

    #[test]
    fn a_set_of_points_shifts_across_words_and_drops_past_the_top() {
        let set = PointSet::of([0, 2, 63, 64, 200].into_iter());
        assert_eq!(set.max(), 200);
        let mut shifted = PointSet::default();
        shifted.add_shifted(&set, 3);
        assert_eq!(shifted.iter().collect::<Vec<_>>(), [3, 5, 66, 67, 203]);
        shifted.add_shifted(&set, 70);
        assert_eq!(
            shifted.iter().collect::<Vec<_>>(),
            [3, 5, 66, 67, 70, 72, 133, 134, 203],
            "200 + 70 passes the top (255) and is dropped"
        );
        assert!(shifted.has(133) && !shifted.has(134 + 1));
        assert_eq!(PointSet::default().max(), 0);
    }
}
