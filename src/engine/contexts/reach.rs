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

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

use crate::engine::fast::is_set;
use crate::general::{Roll, RuleTables, CONSTANTS};
use crate::recall::{Plan, Remembering, CHOICES, MAX_MEMORY, POINTS};
use crate::table::{StrategyTable, MINUS_ONE};

/// How a state's contexts are grouped: a group for each clock `c` and
/// `j`-th bonus of the mover's dice count (`c * most + j`), and in each
/// group the other player's memories `b`, so that one roll's outcomes serve
/// the whole group.
struct Layout {
    n: usize,
    size: usize,
    most: usize,
    /// Groups a state: `clocks * most`.
    groups: usize,
}

/// One seat's contexts a game reaches and their values.
struct Seat {
    /// For each group of each state, the memories `b` a game reaches it
    /// with, as bits.
    marks: Vec<u32>,
    /// `size` values a group, meaningful only where marked.
    values: Vec<f64>,
}

/// Where one outcome of a roll lands.
#[derive(Clone, Copy)]
enum Landing {
    /// The game's end: the mover's win probability is this.
    End(f64),
    /// The other seat moves next at `state` with `dice`, at `clock`,
    /// remembering what its memory `b` was, the mover remembering `m`.
    Other {
        state: u32,
        clock: u8,
        m: u8,
        dice: u8,
    },
    /// The mover moves again at `state`, in group `group`.
    Again { state: u32, group: u32 },
}

/// What the passes read of the plan, tabulated for them.
struct Plan2<'p> {
    plan: &'p Plan,
    layout: Layout,
    variants: Vec<&'p RuleTables>,
    /// The dice variant of each clock.
    variant_of: Vec<usize>,
    /// `which_of[k * size + b]`: the bonus index memory `b` earns with `k`.
    which_of: Vec<u8>,
    /// `earning[k * most + j]`: the memories that earn the `j`-th bonus of
    /// `k`, as bits.
    earning: Vec<u32>,
    /// Each seat's dice at each state, `s * n + o`.
    dice: [Vec<u8>; 2],
}

impl Plan2<'_> {
    /// Visit the landings of seat `i`'s roll at `state` in group `group`,
    /// in the roll's order, with their probabilities.
    #[inline(always)]
    fn each_landing(
        &self,
        i: usize,
        state: usize,
        group: usize,
        mut visit: impl FnMut(f64, Landing),
    ) {
        let Plan2 { plan, layout, .. } = self;
        let Layout { n, size, most, .. } = *layout;
        let (c, j) = (group / most, group % most);
        let (s, o) = ((state / n) as u32, (state % n) as u32);
        let (own, theirs) = (&self.dice[i], &self.dice[1 - i]);
        let k = usize::from(own[state]);
        let ends = n * n;
        let fixed = plan.ticks[c * plan.moves + k];
        let point_ticks = plan
            .point_ticks
            .as_deref()
            .map(|ticks| &ticks[(c * plan.moves + k) * POINTS..][..POINTS]);
        let land = |index: usize, other: bool, m: usize, total: usize| {
            let (clock, again) = point_ticks.map_or(fixed, |ticks| ticks[total]);
            if index >= ends {
                Landing::End(CONSTANTS[index - ends])
            } else if other && !again {
                Landing::Other {
                    state: index as u32,
                    clock: clock as u8,
                    m: m as u8,
                    dice: theirs[index],
                }
            } else {
                // The mover goes on; a landing handed to the other player
                // that the clock gives back is theirs read the other way.
                let mine = if other {
                    (index % n) * n + index / n
                } else {
                    index
                };
                let j = usize::from(self.which_of[usize::from(own[mine]) * size + m]);
                Landing::Again {
                    state: mine as u32,
                    group: (clock as usize * most + j) as u32,
                }
            }
        };
        if k == usize::from(MINUS_ONE) {
            let (_, _, slots) = self.variants[0].roll_at(s, o, 0);
            let points = plan.minus_one[c].expect("a -1 move at every clock").points as usize;
            let slot = slots[points];
            visit(1.0, land(slot.index(), slot.other(), 0, points));
            return;
        }
        let (roll, points, slots) = self.variants[self.variant_of[c]].roll_at(s, o, k as u32);
        let bonus = plan.bonuses[k][j] as usize;
        let remember = &plan.remember[k * POINTS..][..POINTS];
        let mut each = |x: usize, p: u32, prob: f64| {
            let q = points.map_or(p, |points| points[x]) as usize;
            let total = q + bonus;
            let slot = slots[total];
            visit(
                prob,
                land(slot.index(), slot.other(), usize::from(remember[q]), total),
            );
        };
        match roll {
            Roll::Zero(p) => each(0, p, 1.0),
            Roll::Dice(faces) => {
                for (x, &(p, prob)) in faces.iter().enumerate() {
                    each(x, p, prob);
                }
            }
        }
    }
}

/// The most values a seat's buffers keep for the thread's next pair
/// (16 MB): goal 100 under Fall 2019's rules needs 220,000; a larger game
/// gives its memory back.
const KEPT_VALUES: usize = 2 << 20;

/// Seat 0's and seat 1's win probabilities moving first from the start
/// (scores 0, nothing remembered, clock 0), seat `i` playing `tables[i]`.
/// `remembering` must have been checked against `rule_tables`. Once
/// `cancel` is set no further diagonal is evaluated: the result is then
/// meaningless.
pub fn reached_start_values(
    rule_tables: &RuleTables,
    remembering: &Remembering,
    tables: [&StrategyTable; 2],
    cancel: Option<&AtomicBool>,
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
    let mut variant_of = vec![0; plan.clocks];
    for (v, (_, clocks)) in plan.variants.iter().enumerate() {
        for &c in clocks {
            variant_of[c] = v;
        }
    }
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
    let p = Plan2 {
        plan,
        layout,
        variants: remembering.variants(rule_tables),
        variant_of,
        which_of,
        earning,
        dice: tables.map(|table| table.as_array().iter().copied().collect()),
    };
    let groups = p.layout.groups;
    thread_local! {
        // Tournaments evaluate thousands of pairs: keep each thread's
        // buffers rather than fault fresh pages in for every pair. Only the
        // marks need clearing: a value is read only where marked, and every
        // marked value is written before it is read.
        static SPARE: RefCell<Option<[Seat; 2]>> = const { RefCell::new(None) };
    }
    let mut seats = SPARE
        .with(|spare| spare.borrow_mut().take())
        .unwrap_or_else(|| {
            [(); 2].map(|_| Seat {
                marks: Vec::new(),
                values: Vec::new(),
            })
        });
    for seat in &mut seats {
        seat.marks.clear();
        seat.marks.resize(n * n * groups, 0);
        seat.values.resize(n * n * groups * size, 0.0);
    }
    // Both starts: scores 0, memories 0, clock 0.
    let start = |i: usize| usize::from(p.which_of[usize::from(p.dice[i][0]) * size]);
    for (i, seat) in seats.iter_mut().enumerate() {
        seat.marks[start(i)] |= 1;
    }
    let diagonal = |d: usize| {
        let first = d.saturating_sub(n - 1);
        (first..=d.min(n - 1)).map(move |s| s * n + d - s)
    };
    // Forward: mark what each marked group's roll lands on.
    for d in 0..=2 * (n - 1) {
        if is_set(cancel) {
            return [0.0; 2];
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
                    p.each_landing(i, state, group, |_, landing| {
                        match landing {
                            Landing::End(_) => {}
                            Landing::Other {
                                state,
                                clock,
                                m,
                                dice,
                            } => {
                                // The other player's memory picks their bonus
                                // there; the mover's is theirs to read.
                                let k = usize::from(dice);
                                let at = state as usize * groups + usize::from(clock) * most;
                                for j in 0..plan.bonuses[k].len() {
                                    if reached & p.earning[k * most + j] != 0 {
                                        other.marks[at + j] |= 1 << m;
                                    }
                                }
                            }
                            Landing::Again { state, group } => {
                                own.marks[state as usize * groups + group as usize] |= reached;
                            }
                        }
                    });
                }
            }
        }
    }
    // Backward: the values of the marked groups, highest diagonal first.
    let mut sums = [0.0f64; MAX_MEMORY as usize];
    let mut terms = [0.0f64; CHOICES + 1];
    for d in (0..=2 * (n - 1)).rev() {
        if is_set(cancel) {
            return [0.0; 2];
        }
        for i in 0..2 {
            let [zero, one] = &mut seats;
            let (own, other) = if i == 0 { (zero, &*one) } else { (one, &*zero) };
            for state in diagonal(d) {
                for group in 0..groups {
                    let reached = own.marks[state * groups + group];
                    if reached == 0 {
                        continue;
                    }
                    if reached.count_ones() == 1 {
                        // One memory (constant tables reach most groups so):
                        // its sum alone.
                        let b = reached.trailing_zeros() as usize;
                        let mut sum = 0.0;
                        p.each_landing(i, state, group, |prob, landing| {
                            sum += match landing {
                                Landing::End(v) => prob * v,
                                Landing::Other {
                                    state,
                                    clock,
                                    m,
                                    dice,
                                } => {
                                    let j = usize::from(p.which_of[usize::from(dice) * size + b]);
                                    let group = usize::from(clock) * most + j;
                                    let at =
                                        (state as usize * groups + group) * size + usize::from(m);
                                    prob * (1.0 - other.values[at])
                                }
                                Landing::Again { state, group } => {
                                    prob * own.values
                                        [(state as usize * groups + group as usize) * size + b]
                                }
                            }
                        });
                        own.values[(state * groups + group) * size + b] = sum;
                        continue;
                    }
                    let sums = &mut sums[..size];
                    sums.fill(0.0);
                    p.each_landing(i, state, group, |prob, landing| match landing {
                        Landing::End(v) => {
                            for sum in sums.iter_mut() {
                                *sum += prob * v;
                            }
                        }
                        Landing::Other {
                            state,
                            clock,
                            m,
                            dice,
                        } => {
                            let k = usize::from(dice);
                            let at = (state as usize * groups + usize::from(clock) * most) * size
                                + usize::from(m);
                            let count = plan.bonuses[k].len();
                            for (j, term) in terms[..count].iter_mut().enumerate() {
                                *term = prob * (1.0 - other.values[at + j * size]);
                            }
                            let which = &p.which_of[k * size..][..size];
                            for (sum, &j) in sums.iter_mut().zip(which) {
                                *sum += terms[usize::from(j)];
                            }
                        }
                        Landing::Again { state, group } => {
                            let at = (state as usize * groups + group as usize) * size;
                            for (sum, &v) in sums.iter_mut().zip(&own.values[at..at + size]) {
                                *sum += prob * v;
                            }
                        }
                    });
                    let at = (state * groups + group) * size;
                    own.values[at..at + size].copy_from_slice(sums);
                }
            }
        }
    }
    let values = [0, 1].map(|i| seats[i].values[start(i) * size]);
    if seats[0].values.len() <= KEPT_VALUES {
        SPARE.with(|spare| *spare.borrow_mut() = Some(seats));
    }
    values
}
