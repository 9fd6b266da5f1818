//! Two fixed tables under rules with memory or a clock, evaluated over only
//! the contexts a game between them can reach from the start.
//!
//! A fixed table reads the scores alone, so at each state the mover's dice
//! count is known, and the mover's own memory matters only through the
//! bonus it earns with that count (0 or 3 for Feral Hogs): what they
//! remember is used up by the turn, which leaves them remembering the
//! turn's dice. A state's context is therefore kept as the clock, the other
//! player's memory and the index of the mover's bonus (22 values a state
//! for Fall 2019, against the 121 pairs of memories the full sweep keeps),
//! and of those only the ones a game reaches are evaluated: a forward pass
//! from the two starts marks them diagonal by diagonal, and the values are
//! then computed over the marked ones, highest diagonal first.
//!
//! Each value is the same sum, over the same outcomes in the same order, as
//! the full sweep's (`super::memory_sweep`): the two agree to the bit.
//! Two tables that each roll one count take another way to the same sums
//! (see [`Walk`]): the contexts they settle into, state by state
//! (`super::steady`), then a depth-first walk (`super::depth`).

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

use super::pages::{Zeroable, Zeroed};
use crate::engine::fast::{has_avx2, is_set};
use crate::general::{Roll, RuleTables, Slot, CONSTANTS};
use crate::recall::{Plan, Remembering, CHOICES, MAX_MEMORY, POINTS};
use crate::table::{StrategyTable, MINUS_ONE};

/// How a state's contexts are grouped: a group for each clock `c` and
/// `j`-th bonus of the mover's dice count (`c * most + j`), and in each
/// group the other player's memories `b`, so that one roll's outcomes serve
/// the whole group.
#[derive(Clone, Copy)]
pub(super) struct Layout {
    pub(super) n: usize,
    pub(super) size: usize,
    pub(super) most: usize,
    /// Groups a state: `clocks * most`.
    pub(super) groups: usize,
}

/// One seat's contexts a game reaches and their values.
pub(super) struct Seat {
    /// For each group of each state, the memories `b` a game reaches it
    /// with, as bits.
    pub(super) marks: Vec<u32>,
    /// `size` values a group, meaningful only where marked.
    pub(super) values: Zeroed<f64>,
}

/// A thread's buffers, kept between pairs: both seats, and the landings
/// of every roll the forward pass made, in its order, for the backward
/// pass to read back instead of finding them again.
struct Buffers {
    seats: [Seat; 2],
    arena: Zeroed<Landing>,
}

/// What an outcome of a roll leads to.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Kind {
    /// The game's end.
    End,
    /// The other seat moves next.
    Other,
    /// The mover moves again.
    Again,
}

/// Where one outcome of a roll lands, in eight bytes.
#[derive(Clone, Copy)]
pub(super) struct Landing {
    /// [`Kind::End`]: the mover's win probability, an index into
    /// [`CONSTANTS`]. [`Kind::Other`]: the other seat's first group at the
    /// state and clock, `state * groups + clock * most`, which their memory
    /// `b` offsets by the index of the bonus it earns with `dice`.
    /// [`Kind::Again`]: the mover's group.
    pub(super) at: u32,
    pub(super) kind: Kind,
    /// [`Kind::Other`]: what the mover then remembers (the other seat's
    /// `b` there).
    pub(super) m: u8,
    /// [`Kind::Other`]: the other seat's dice there.
    pub(super) dice: u8,
}

// SAFETY: each field is valid as zero bytes (`Kind::End` is 0).
unsafe impl Zeroable for Landing {}

/// The two tables and what the passes read of the rules' plan, tabulated
/// for them.
pub(super) struct Pair<'p> {
    pub(super) plan: &'p Plan,
    pub(super) layout: Layout,
    pub(super) variants: Vec<&'p RuleTables>,
    /// `which_of[k * size + b]`: the bonus index memory `b` earns with `k`.
    pub(super) which_of: Vec<u8>,
    /// `earning[k * most + j]`: the memories that earn the `j`-th bonus of
    /// `k`, as bits.
    earning: Vec<u32>,
    /// Each seat's dice at each state, `s * n + o`.
    pub(super) dice: [Vec<u8>; 2],
    /// `counts[k]`: how many bonus values rolling `k` can earn.
    counts: Vec<u8>,
}

/// One roll's fixed part, for [`Roller::land`].
struct Roller<'a> {
    layout: Layout,
    own: &'a [u8],
    theirs: &'a [u8],
    which_of: &'a [u8],
    /// The plan's clock on the rules' own extra turns.
    on_extra: &'a [u32],
    fixed: (u32, bool),
    point_ticks: Option<&'a [(u32, bool)]>,
}

impl Roller<'_> {
    /// The landing of an outcome at `index` (`other`: in the other
    /// player's view), the mover remembering `m`, `total` points added.
    #[inline(always)]
    fn land(&self, index: usize, other: bool, m: usize, total: usize) -> Landing {
        let (clock, again) = self.point_ticks.map_or(self.fixed, |ticks| ticks[total]);
        let Layout {
            n,
            size,
            most,
            groups,
        } = self.layout;
        let clock = clock as usize;
        if index >= n * n {
            Landing {
                at: (index - n * n) as u32,
                kind: Kind::End,
                m: 0,
                dice: 0,
            }
        } else if other && !again {
            Landing {
                at: (index * groups + clock * most) as u32,
                kind: Kind::Other,
                m: m as u8,
                dice: self.theirs[index],
            }
        } else {
            // The mover goes on; a landing handed to the other player
            // that the clock gives back is theirs read the other way.
            let (mine, clock) = match (other, again) {
                (true, _) => ((index % n) * n + index / n, clock),
                // The clock gave the turn back: its own clock stands.
                (false, true) => (index, clock),
                (false, false) => (index, self.on_extra[clock] as usize),
            };
            let j = usize::from(self.which_of[usize::from(self.own[mine]) * size + m]);
            Landing {
                at: (mine * groups + clock * most + j) as u32,
                kind: Kind::Again,
                m: 0,
                dice: 0,
            }
        }
    }
}

/// The one outcome of a move that rolls no dice.
const SURE: [(u32, f64); 1] = [(0, 1.0)];

impl Pair<'_> {
    /// The probabilities of the outcomes of seat `i`'s roll at `state` in
    /// group `group`, in the order of [`Pair::landings`] (each with its
    /// points, which only the count of outcomes reads).
    fn probabilities(&self, i: usize, state: usize, group: usize) -> &[(u32, f64)] {
        let n = self.layout.n;
        let k = self.dice[i][state];
        if k == MINUS_ONE {
            return &SURE;
        }
        let c = group / self.layout.most;
        let (s, o) = ((state / n) as u32, (state % n) as u32);
        match self.variants[self.plan.variant_of[c]]
            .roll_at(s, o, u32::from(k))
            .0
        {
            Roll::Zero(_) => &SURE,
            Roll::Dice(faces) => faces,
        }
    }

    /// The landings of seat `i`'s roll at `state` in group `group`, in the
    /// roll's order, with their probabilities, appended to `out` (a plain
    /// list the passes then read: the compiler keeps this loop tight).
    pub(super) fn landings(
        &self,
        i: usize,
        state: usize,
        group: usize,
        out: &mut Vec<(f64, Landing)>,
    ) {
        let Pair { plan, layout, .. } = self;
        let Layout { n, most, .. } = *layout;
        let (c, j) = (group / most, group % most);
        let (s, o) = ((state / n) as u32, (state % n) as u32);
        let k = usize::from(self.dice[i][state]);
        let roller = Roller {
            layout: *layout,
            own: &self.dice[i],
            theirs: &self.dice[1 - i],
            which_of: &self.which_of,
            on_extra: &plan.on_extra,
            fixed: plan.ticks[c * plan.moves + k],
            point_ticks: plan
                .point_ticks
                .as_deref()
                .map(|ticks| &ticks[(c * plan.moves + k) * POINTS..][..POINTS]),
        };
        if k == usize::from(MINUS_ONE) {
            let (_, _, slots) = self.variants[0].roll_at(s, o, 0);
            // A -1 that swaps or is spent takes the full sweep (see
            // `crate::engine::win_rates`): here it scores.
            let points = plan.minus_one[c].expect("a scoring -1 move").points as usize;
            let slot = slots[points];
            out.push((1.0, roller.land(slot.index(), slot.other(), 0, points)));
            return;
        }
        let (roll, points, slots) = self.variants[self.plan.variant_of[c]].roll_at(s, o, k as u32);
        let bonus = plan.bonuses[k][j] as usize;
        let remember = &plan.remember[k * POINTS..][..POINTS];
        // A function, not a closure, so that it is inlined into the loops.
        #[inline(always)]
        fn land(
            roller: &Roller<'_>,
            slots: &[Slot],
            remember: &[u8],
            bonus: usize,
            q: usize,
        ) -> Landing {
            let total = q + bonus;
            let slot = slots[total];
            roller.land(slot.index(), slot.other(), usize::from(remember[q]), total)
        }
        let land = |q: usize| land(&roller, slots, remember, bonus, q);
        match (roll, points) {
            (Roll::Zero(p), points) => {
                let q = points.map_or(p, |points| points[0]) as usize;
                out.push((1.0, land(q)));
            }
            (Roll::Dice(faces), None) => {
                out.extend(faces.iter().map(|&(p, prob)| (prob, land(p as usize))));
            }
            (Roll::Dice(faces), Some(points)) => {
                let each = faces.iter().zip(points);
                out.extend(each.map(|(&(_, prob), &q)| (prob, land(q as usize))));
            }
        }
    }
}

/// The most a seat's values, and the arena's landings, keep of the
/// thread's memory for its next pair: goal 100 under Fall 2019's rules
/// needs 1.8 MB of values a seat and up to 6.7 MB of landings; a larger
/// game gives its memory back.
const KEPT_BYTES: usize = 16 << 20;

/// The most landings the forward pass keeps for the backward pass (64 MB):
/// two random tables at goal 100 under Fall 2019's rules make 840,000.
const KEPT_LANDINGS: usize = 8 << 20;

/// Seat 0's and seat 1's win probabilities moving first from the start
/// (scores 0, nothing remembered, clock 0), seat `i` playing `tables[i]`.
/// `remembering` must have been checked against `rule_tables`. Once
/// `cancel` is set no further diagonal is evaluated: both are then NaN.
pub fn reached_start_values(
    rule_tables: &RuleTables,
    remembering: &Remembering,
    tables: [&StrategyTable; 2],
    cancel: Option<&AtomicBool>,
) -> [f64; 2] {
    assert!(
        !remembering.plan.minus_one_varies(),
        "a -1 that swaps or is spent takes the full sweep"
    );
    assert!(
        tables.iter().all(|t| t.reads_scores_only()),
        "a table that reads the contexts takes the full sweep"
    );
    keeping_landings(rule_tables, remembering, tables, cancel, Walk::Chosen)
}

/// How [`keeping_landings`] visits the contexts a game reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Walk {
    /// Depth first where each table rolls one count everywhere (then
    /// each group is reached with one memory), else in two passes.
    Chosen,
    /// In two passes, the forward one keeping at most this many landings
    /// for the backward one; by default (`None`) up to [`KEPT_LANDINGS`]
    /// where the thread's buffers are already in use, none on a thread's
    /// first pair (a single evaluation, such as `hog eval`'s, would fault
    /// in the arena's pages for less than finding the landings again
    /// costs).
    // The tests walk every way; the engine lets the tables choose.
    #[cfg_attr(not(test), allow(dead_code))]
    Passes(Option<usize>),
    /// Depth first (`super::depth`), whatever the tables.
    #[cfg_attr(not(test), allow(dead_code))]
    DepthFirst,
}

/// [`reached_start_values`], visiting the contexts as `walk` says.
pub(super) fn keeping_landings(
    rule_tables: &RuleTables,
    remembering: &Remembering,
    tables: [&StrategyTable; 2],
    cancel: Option<&AtomicBool>,
    walk: Walk,
) -> [f64; 2] {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor reports AVX2.
        return unsafe { keeping_landings_avx2(rule_tables, remembering, tables, cancel, walk) };
    }
    keeping_landings_inline(rule_tables, remembering, tables, cancel, walk)
}

/// The passes built for AVX2 (wider sums over the other player's
/// memories; the same additions in the same order).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn keeping_landings_avx2(
    rule_tables: &RuleTables,
    remembering: &Remembering,
    tables: [&StrategyTable; 2],
    cancel: Option<&AtomicBool>,
    walk: Walk,
) -> [f64; 2] {
    keeping_landings_inline(rule_tables, remembering, tables, cancel, walk)
}

#[inline(always)]
fn keeping_landings_inline(
    rule_tables: &RuleTables,
    remembering: &Remembering,
    tables: [&StrategyTable; 2],
    cancel: Option<&AtomicBool>,
    walk: Walk,
) -> [f64; 2] {
    let plan = remembering.plan.as_ref();
    let goal = rule_tables.goal();
    let n = goal as usize;
    let (size, most) = (plan.size, plan.most);
    let layout = Layout {
        n,
        size,
        most,
        groups: plan.clocks * most,
    };
    let which_of: Vec<u8> = (0..plan.moves)
        .flat_map(|k| (0..size).map(move |b| plan.which[b * plan.moves + k]))
        .collect();
    let mut earning = vec![0u32; plan.moves * most];
    for k in 0..plan.moves {
        for b in 0..size {
            earning[k * most + usize::from(which_of[k * size + b])] |= 1 << b;
        }
    }
    for t in tables {
        assert_eq!(t.goal(), goal, "the table is for another goal");
        assert!(
            plan.moves > usize::from(MINUS_ONE) || t.minus_one_at().is_none(),
            "a table that rolls -1 dice under rules without that move"
        );
    }
    let p = Pair {
        plan,
        layout,
        variants: remembering.variants(rule_tables),
        which_of,
        earning,
        dice: tables.map(|table| table.as_array().iter().copied().collect()),
        counts: plan.bonuses.iter().map(|b| b.len() as u8).collect(),
    };
    let groups = p.layout.groups;
    let spare = SPARE.with(|spare| spare.borrow_mut().take());
    let one_count = |table: &StrategyTable| {
        let first = table.get(0, 0);
        table.as_array().iter().all(|&k| k == first)
    };
    let (depth_first, kept) = match walk {
        Walk::Chosen => (tables.iter().all(|&t| one_count(t)), None),
        Walk::Passes(kept) => (false, kept),
        Walk::DepthFirst => (true, None),
    };
    let kept = kept.unwrap_or(if spare.is_some() { KEPT_LANDINGS } else { 0 });
    let Buffers {
        mut seats,
        mut arena,
    } = spare.unwrap_or_else(|| Buffers {
        seats: [(); 2].map(|_| Seat {
            marks: Vec::new(),
            values: Zeroed::new(0),
        }),
        arena: Zeroed::new(0),
    });
    for seat in &mut seats {
        seat.marks.clear();
        seat.marks.resize(n * n * groups, 0);
        // No value is read before it is written: fresh zeroed pages, not a
        // pass of zeros, where the size changes.
        if seat.values.len() != n * n * groups * size {
            seat.values = Zeroed::new(n * n * groups * size);
        }
    }
    // Both starts: scores 0, memories 0, clock 0.
    let start = |i: usize| usize::from(p.which_of[usize::from(p.dice[i][0]) * size]);
    if depth_first {
        if walk == Walk::Chosen && !is_set(cancel) {
            super::steady::value_settled(&p, &mut seats);
        }
        // The walk looks at `cancel` before it values a context.
        let values = super::depth::start_values(&p, &mut seats, [start(0), start(1)], cancel);
        keep(seats, arena);
        return values;
    }
    // Room for a typical game's landings (address space only until used).
    let room = kept.min(n * n * groups * 64);
    if arena.len() < room {
        arena = Zeroed::new(room);
    }
    let mut filled = 0;
    for (i, seat) in seats.iter_mut().enumerate() {
        seat.marks[start(i)] |= 1;
    }
    let diagonal = |d: usize| {
        let first = d.saturating_sub(n - 1);
        (first..=d.min(n - 1)).map(move |s| s * n + d - s)
    };
    let mut out = Vec::with_capacity(POINTS);
    let mut recording = true;
    // Forward: mark what each marked group's roll lands on.
    for d in 0..=2 * (n - 1) {
        if is_set(cancel) {
            return [f64::NAN; 2];
        }
        for i in 0..2 {
            let [zero, one] = &mut seats;
            let (own, other) = if i == 0 { (zero, one) } else { (one, zero) };
            for state in diagonal(d) {
                for group in 0..groups {
                    let reached = own.marks[state * groups + group];
                    if reached == 0 {
                        continue;
                    }
                    out.clear();
                    p.landings(i, state, group, &mut out);
                    if recording {
                        if filled + out.len() > room {
                            // Past what is worth keeping: the backward pass
                            // finds every roll's landings again.
                            recording = false;
                        } else {
                            let to = &mut arena[filled..filled + out.len()];
                            for (to, &(_, landing)) in to.iter_mut().zip(&out) {
                                *to = landing;
                            }
                            filled += out.len();
                        }
                    }
                    for &(_, landing) in &out {
                        match landing.kind {
                            Kind::End => {}
                            Kind::Other => {
                                // The other player's memory, one of `reached`,
                                // picks their bonus there; the mover's is what
                                // they see remembered. No branch (random
                                // tables would mispredict it): a bonus index
                                // no memory earns adds no mark.
                                let k = usize::from(landing.dice);
                                let at = landing.at as usize;
                                let earning = &p.earning[k * most..][..most];
                                let marks = &mut other.marks[at..at + most];
                                for (mark, &earners) in marks.iter_mut().zip(earning) {
                                    *mark |= u32::from(reached & earners != 0) << landing.m;
                                }
                            }
                            Kind::Again => own.marks[landing.at as usize] |= reached,
                        }
                    }
                }
            }
        }
    }
    // Backward: the values of the marked groups, highest diagonal first.
    let mut sums = [0.0f64; MAX_MEMORY as usize];
    let mut end = filled;
    let arena_read: &[Landing] = &arena;
    for d in (0..=2 * (n - 1)).rev() {
        if is_set(cancel) {
            return [f64::NAN; 2];
        }
        // In the forward pass's order reversed, reading its landings
        // back from the end of the arena (a diagonal's states do not read
        // each other: any order within one will do).
        for i in (0..2).rev() {
            let [zero, one] = &mut seats;
            let (own, other) = if i == 0 { (zero, &*one) } else { (one, &*zero) };
            // Plain slices for the loops.
            let (marks, values, theirs) = (&own.marks, &mut *own.values, &*other.values);
            for state in diagonal(d).rev() {
                for group in (0..groups).rev() {
                    let reached = marks[state * groups + group];
                    if reached == 0 {
                        continue;
                    }
                    if recording {
                        let faces = p.probabilities(i, state, group);
                        let landings = &arena_read[end - faces.len()..end];
                        end -= faces.len();
                        out.clear();
                        let probabilities = faces.iter().map(|&(_, prob)| prob);
                        out.extend(probabilities.zip(landings.iter().copied()));
                    } else {
                        out.clear();
                        p.landings(i, state, group, &mut out);
                    }
                    if reached.count_ones() == 1 {
                        // One memory (constant tables reach most groups so):
                        // its sum alone.
                        let b = reached.trailing_zeros() as usize;
                        let mut sum = 0.0;
                        for &(prob, landing) in &out {
                            let at = landing.at as usize;
                            sum += match landing.kind {
                                Kind::End => prob * CONSTANTS[at],
                                Kind::Other => {
                                    let j = p.which_of[usize::from(landing.dice) * size + b];
                                    let at = (at + usize::from(j)) * size + usize::from(landing.m);
                                    prob * (1.0 - theirs[at])
                                }
                                Kind::Again => prob * values[at * size + b],
                            }
                        }
                        values[(state * groups + group) * size + b] = sum;
                        continue;
                    }
                    // Feral Hogs' eleven memories with the width known to
                    // the compiler, which then keeps the sums in registers.
                    let at = (state * groups + group) * size;
                    if size == 11 {
                        group_values(&p, 11, &out, values, theirs, &mut sums);
                        values[at..at + 11].copy_from_slice(&sums[..11]);
                    } else {
                        group_values(&p, size, &out, values, theirs, &mut sums);
                        values[at..at + size].copy_from_slice(&sums[..size]);
                    }
                }
            }
        }
    }
    let values = [0, 1].map(|i| seats[i].values[start(i) * size]);
    keep(seats, arena);
    values
}

thread_local! {
    // Tournaments evaluate thousands of pairs: keep each thread's
    // buffers rather than fault fresh pages in for every pair. Only the
    // marks need clearing: a value is read only where marked, and every
    // marked value is written before it is read.
    static SPARE: RefCell<Option<Buffers>> = const { RefCell::new(None) };
}

/// Keep the thread's buffers for its next pair, as far as they are worth
/// keeping (see [`KEPT_BYTES`]).
fn keep(seats: [Seat; 2], mut arena: Zeroed<Landing>) {
    if std::mem::size_of_val(&*arena) > KEPT_BYTES {
        arena = Zeroed::new(0);
    }
    if std::mem::size_of_val(&*seats[0].values) <= KEPT_BYTES {
        SPARE.with(|spare| *spare.borrow_mut() = Some(Buffers { seats, arena }));
    }
}

/// The values of one group for each of the other player's `size`
/// memories: the sums over the roll's `outcomes` (in their order, so that
/// every memory's sum is the one the sweep of every context makes), into
/// the first `size` of `sums`. `own` and `other` are the mover's and the
/// other seat's values.
#[inline(always)]
fn group_values(
    p: &Pair<'_>,
    size: usize,
    outcomes: &[(f64, Landing)],
    own: &[f64],
    other: &[f64],
    sums: &mut [f64; MAX_MEMORY as usize],
) {
    let sums = &mut sums[..size];
    sums.fill(0.0);
    let mut terms = [0.0f64; CHOICES + 1];
    for &(prob, landing) in outcomes {
        let at = landing.at as usize;
        match landing.kind {
            Kind::End => {
                for sum in sums.iter_mut() {
                    *sum += prob * CONSTANTS[at];
                }
            }
            Kind::Other => {
                let k = usize::from(landing.dice);
                let at = at * size + usize::from(landing.m);
                let count = usize::from(p.counts[k]);
                let which = &p.which_of[k * size..][..size];
                if count <= 2 {
                    // One bonus or two (Feral Hogs): a choice between two
                    // terms, which the loop vectorizes.
                    let t0 = prob * (1.0 - other[at]);
                    let t1 = if count == 2 {
                        prob * (1.0 - other[at + size])
                    } else {
                        t0
                    };
                    for (sum, &j) in sums.iter_mut().zip(which) {
                        *sum += if j == 0 { t0 } else { t1 };
                    }
                } else {
                    for (j, term) in terms[..count].iter_mut().enumerate() {
                        *term = prob * (1.0 - other[at + j * size]);
                    }
                    for (sum, &j) in sums.iter_mut().zip(which) {
                        *sum += terms[usize::from(j)];
                    }
                }
            }
            Kind::Again => {
                let row = &own[at * size..][..size];
                for (sum, &v) in sums.iter_mut().zip(row) {
                    *sum += prob * v;
                }
            }
        }
    }
}
