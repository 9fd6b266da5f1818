//! Groups of linked states: a union-find forest over numbered unknowns,
//! each tree rooted at its smallest member.

/// The root of `u`, halving the path on the way.
pub(super) fn root(parent: &mut [usize], mut u: usize) -> usize {
    while parent[u] != u {
        parent[u] = parent[parent[u]];
        u = parent[u];
    }
    u
}

/// Put `u` and `v` in one tree, under the smaller root (so a parent is
/// never above its child).
pub(super) fn join(parent: &mut [usize], u: usize, v: usize) {
    let (a, b) = (root(parent, u), root(parent, v));
    parent[a.max(b)] = a.min(b);
}

/// Every member, tree by tree (the trees by their root, the smallest
/// member; the members of each rising), and where each tree ends.
pub(super) fn groups(parent: &mut [usize]) -> (Vec<usize>, Vec<usize>) {
    let count = parent.len();
    let mut size = vec![0; count];
    for u in 0..count {
        let r = root(parent, u);
        size[r] += 1;
    }
    let mut ends = Vec::new();
    let mut next = vec![0; count];
    let mut at = 0;
    for r in 0..count {
        if size[r] > 0 {
            next[r] = at;
            at += size[r];
            ends.push(at);
        }
    }
    let mut order = vec![0; count];
    // A parent is never above its child and the roots were found in rising
    // order, so each member's parent is now its root.
    for (u, &r) in parent.iter().enumerate() {
        order[next[r]] = u;
        next[r] += 1;
    }
    (order, ends)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Joined 4-1, 3-5, 5-0: trees {0, 3, 5}, {1, 4}, {2}, listed by their
    /// smallest member, each rising.
    #[test]
    fn groups_come_by_their_smallest_member() {
        let mut parent: Vec<usize> = (0..6).collect();
        join(&mut parent, 4, 1);
        join(&mut parent, 3, 5);
        join(&mut parent, 5, 0);
        assert_eq!(groups(&mut parent), (vec![0, 3, 5, 1, 4, 2], vec![3, 5, 6]));
    }
}
