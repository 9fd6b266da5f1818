//! A rule set as functions of the two scores, and the tables the general
//! path reads: every function evaluated once over its finite domain, with
//! the checks the sweep relies on (see the assumptions of the engine's fast backend, `engine/fast`).

use std::collections::{BTreeMap, HashMap};

use super::outcomes::{die_code, exact_die, PigOut, Rolls, DIE_CODES, SIDES};
use super::PointSet;

/// The dice counts a turn chooses from.
const CHOICES: usize = MAX_DICE + 1;
use crate::dice::MAX_DICE;
use crate::error::HogError;

/// Hog's rules as functions of the mover's and the other player's scores:
/// what a rules file or a Python rules file gives. Only `goal` and
/// `zero_dice` have no default.
pub trait ScoreRules: Sync {
    /// The score that wins.
    fn goal(&self) -> u32;
    /// The points for rolling zero dice.
    fn zero_dice(&self, score: u32, opponent: u32) -> u32;
    /// Faces of each die this turn (2 to 20).
    fn dice_sides(&self, _score: u32, _opponent: u32) -> u32 {
        6
    }
    /// Whether the dice of a turn at `(score, opponent)` are rerolled: a
    /// die that shows an odd face is rolled again, once, and shows what
    /// comes up then (Fall 2016's Hog Wild, when the sum of the scores is
    /// a multiple of 7). Not by default.
    fn rerolled(&self, _score: u32, _opponent: u32) -> bool {
        false
    }
    /// The most dice a turn at `(score, opponent)` rolls (1 to 10): a
    /// choice of more rolls this many (Summer 2016's Hog Tied caps them at
    /// 1 when the sum of the scores ends in 7). No cap by default.
    fn max_dice(&self, _score: u32, _opponent: u32) -> u32 {
        MAX_DICE as u32
    }
    /// What a roll with a 1 among its dice scores.
    fn pig_out(&self) -> PigOut {
        PigOut::Points(1)
    }
    /// Whether [`ScoreRules::turn_points`] can change the points: if not,
    /// it is not tabulated.
    fn has_turn_points(&self) -> bool {
        false
    }
    /// The points the turn finally scores, given what the dice (or the
    /// zero-dice rule, for `dice == 0`) gave.
    fn turn_points(&self, points: u32, _dice: u32, _score: u32, _opponent: u32) -> u32 {
        points
    }
    /// Both scores, mover first, once the mover's score became `score`.
    /// Rules that read the turn ([`ScoreRules::reads_turn`]) answer in
    /// [`ScoreRules::turn_end`] instead, and here only as far as the new
    /// score tells.
    fn after_turn(&self, score: u32, opponent: u32) -> (u32, u32) {
        (score, opponent)
    }
    /// Whether what happens after a turn depends on the turn itself (its
    /// points, its dice), not only on the scores it leaves: Spring 2015's
    /// Hogtimus Prime gives the leader the turn's points, Fall 2015's Piggy
    /// Back gives the opponent the dice of a turn that scored nothing.
    /// Every landing is then tabulated per state and choice.
    fn reads_turn(&self) -> bool {
        false
    }
    /// Both scores, mover first, after a turn from `(score, opponent)`
    /// that scored `points` (after `turn_points`) rolling `dice` dice (0
    /// for zero dice): `after_turn` of the new score unless the rules read
    /// the turn.
    fn turn_end(&self, score: u32, opponent: u32, points: u32, dice: u32) -> (u32, u32) {
        let _ = dice;
        self.after_turn(score + points, opponent)
    }
    /// After `after_turn`, whether the same player moves again.
    fn extra_turn(&self, _score: u32, _opponent: u32) -> bool {
        false
    }
    /// The mover's goal and the other player's, each at most
    /// [`ScoreRules::goal`] (the board's size): both the goal by default;
    /// a clock gives the players goals of their own (see
    /// `crate::recall::Clock::goals`).
    fn goals(&self) -> (u32, u32) {
        (self.goal(), self.goal())
    }
    /// Write everything that decides these functions' answers to `out`,
    /// for the rules' identity (see `crate::rules::RulesId`); `false`
    /// where they cannot say (then each instance is a rule set of its own).
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        let _ = out;
        false
    }
    /// The named parts the rules are made of, each in its own words, for
    /// the faces that show the rules; none where the rules are functions
    /// with no names of their own (Python).
    fn parts(&self) -> Vec<Part> {
        Vec::new()
    }
    /// What each named after-turn part did to a turn that left the mover
    /// at `score + points` against `opponent` (as [`ScoreRules::turn_end`]
    /// plays it), in order: only the parts that changed the scores. Empty
    /// where the rules cannot name their parts.
    fn told_end(&self, score: u32, opponent: u32, points: u32, dice: u32) -> Vec<Told> {
        let _ = (score, opponent, points, dice);
        Vec::new()
    }
}

/// A named part of a rule set: which rule it fills (a rules file's key:
/// `zero_dice`, `after_turn`, ...), its name and parameters, what it does,
/// and the semesters it comes from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Part {
    /// The rule it fills.
    pub key: &'static str,
    /// Its name (`bacon-difference`).
    pub name: &'static str,
    /// Its parameters with their values, in its order.
    pub params: Vec<(&'static str, u32)>,
    /// What it does, in words.
    pub definition: &'static str,
    /// Where it comes from ("Fall 2014"), or empty.
    pub from: &'static str,
}

impl Part {
    /// What it does, its parameters' values in place of their names
    /// (`` `sides`-sided `` of `pork-chop sides=4` reads `4-sided`).
    pub fn text(&self) -> String {
        let mut text = self.definition.to_string();
        for (param, value) in &self.params {
            text = text.replace(&format!("`{param}`"), &value.to_string());
        }
        text
    }

    /// Its name with its parameters, as a rules file writes them
    /// (`bacon-difference plus=2`).
    pub fn named(&self) -> String {
        let mut text = self.name.to_string();
        for (param, value) in &self.params {
            text += &format!(" {param}={value}");
        }
        text
    }
}

/// One named part's step in the end of a turn: the scores before and
/// after it, mover first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// The part's name with its parameters ([`Part::named`]).
    pub rule: String,
    /// What the part does, in words.
    pub definition: &'static str,
    /// The scores before the part.
    pub before: (u32, u32),
    /// The scores after it.
    pub after: (u32, u32),
}

/// The largest goal of rules given as functions (a rules file, Python):
/// their tables grow with its square (and turn points that read the
/// scores with about 300 entries a state).
pub const MAX_RULES_GOAL: u32 = 2000;

/// The most points one turn may score after `turn_points`: ten 20-sided
/// dice give 200, and a rule may add to them.
pub const MAX_TURN_POINTS: u32 = 255;

/// Where a turn ends, seen by the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Only the mover reached the goal.
    Win,
    /// Only the other player reached it (a swap handed it over).
    Lose,
    /// Both reached it at once: half a win each.
    Half,
    /// The game goes on at `(mover, other)` (row-major index), moved next
    /// by the mover again when `again`, else by the other player from
    /// `(other, mover)`.
    Next { mover: u32, other: u32, again: bool },
}

/// A landing as the sweep reads it: an index into a seat's values (which
/// end with the constants of [`CONSTANTS`]), and whether it is the other
/// player's value to read as `1 - value` or the mover's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Slot(u32);

/// What a seat's values hold after its `goal * goal` states: a loss, half a
/// win, a win.
pub const CONSTANTS: [f64; 3] = [0.0, 0.5, 1.0];

impl Slot {
    const OTHER: u32 = 1 << 31;

    fn new(end: End, n: usize) -> Slot {
        let constant = |i: usize| Slot((n * n + i) as u32);
        match end {
            End::Lose => constant(0),
            End::Half => constant(1),
            End::Win => constant(2),
            End::Next {
                mover,
                other,
                again: true,
            } => Slot(mover * n as u32 + other),
            End::Next { mover, other, .. } => Slot(Slot::OTHER | (other * n as u32 + mover)),
        }
    }

    /// The index into the values of the seat that reads it.
    #[inline(always)]
    pub fn index(self) -> usize {
        (self.0 & !Slot::OTHER) as usize
    }

    /// Whether the other player moves next (read `1 - their value`).
    #[inline(always)]
    pub fn other(self) -> bool {
        self.0 & Slot::OTHER != 0
    }
}

/// The most any landing in `ends` (`ends[o * width + t]`) lowers the sum
/// `t + o` of the raw score and the opponent's.
fn max_drop(ends: &[End], width: usize) -> u32 {
    let mut most = 0;
    for (o, row) in ends.chunks(width).enumerate() {
        for (t, end) in row.iter().enumerate() {
            if let End::Next { mover, other, .. } = *end {
                most = most.max((t + o).saturating_sub((mover + other) as usize));
            }
        }
    }
    most as u32
}

/// Where a turn that leaves the scores at `(mover, other)` ends, the
/// players playing to `goals` (the mover's, the other's).
fn end_of(rules: &dyn ScoreRules, (mover, other): (u32, u32), (mine, theirs): (u32, u32)) -> End {
    match (mover >= mine, other >= theirs) {
        (true, true) => End::Half,
        (true, false) => End::Win,
        (false, true) => End::Lose,
        (false, false) => End::Next {
            mover,
            other,
            again: rules.extra_turn(mover, other),
        },
    }
}

/// Every rule function tabulated for a game to `goal`.
#[derive(Debug, Clone)]
pub struct RuleTables {
    goal: u32,
    /// `zero_dice[s * n + o]`.
    zero_dice: Vec<u32>,
    /// `die[s * n + o]`: the die code of the state's dice (its sides,
    /// with [`super::outcomes::REROLLED`] where they are rerolled).
    die: Vec<u8>,
    pig_out: PigOut,
    /// `slots[o * width + t]`: where a raw score `t` against `o` ends.
    slots: Vec<Slot>,
    width: usize,
    /// For rules with turn points: per state, the final points of every
    /// raw outcome, in the order of [`Rolls::first`].
    turn_points: Option<TurnPoints>,
    rolls: Rolls,
    /// Diagonals on which some turn keeps the score sum: they are solved as
    /// a fixed point.
    level: Vec<bool>,
    /// See [`RuleTables::endless`].
    endless: Option<(u32, u32)>,
    /// See [`RuleTables::may_stall`].
    stalls: Vec<bool>,
    /// `top[s * n + o]`: the most final points any choice scores there.
    top: Vec<u8>,
    /// The rolls of 1 to 10 dice by final points, each kind once (most
    /// rule sets have one per die size).
    finals: Vec<Finals>,
    /// `kind[s * n + o]`: the state's entry in `finals`.
    kind: Vec<u32>,
    /// See [`RuleTables::max_drop`].
    max_drop: u32,
    /// `dice_points[sides]`: the fewest and most points 1 to 10 dice of
    /// those sides score, for the sides some state rolls.
    dice_points: Vec<(u32, u32)>,
    /// Whether the after-turn rules give some turn an extra turn.
    extra_turns: bool,
    /// For rules that read the turn: the landings of every choice at
    /// every state (`slots` then answers for none).
    turn_rows: Option<TurnRows>,
    /// `caps[s * n + o]`: the most dice a turn rolls there, for rules
    /// that cap them somewhere ([`ScoreRules::max_dice`]); empty where
    /// none do.
    caps: Vec<u8>,
}

/// The landings of rules that read the turn ([`ScoreRules::reads_turn`]):
/// per state and dice count, a row indexed by final points like the
/// rows of [`RuleTables::slots`], up to that choice's most points.
#[derive(Debug, Clone)]
struct TurnRows {
    /// `start[(s * n + o) * CHOICES + k]`: where the row of rolling `k`
    /// dice at `(s, o)` starts in `slots`; it ends where the next starts.
    start: Vec<u32>,
    slots: Vec<Slot>,
}

/// The largest goal of rules that read the turn: their landings take
/// about 350 slots a state (125 MB at this goal).
pub const MAX_TURN_READING_GOAL: u32 = 300;

/// The final points of every raw outcome at every state, for rules with
/// turn points: zero dice's per state, the rolls' in lists each kept once
/// (most rules change points the same way everywhere: a cap at goal 1000
/// would otherwise keep a million copies of one list).
#[derive(Debug, Clone)]
struct TurnPoints {
    /// `zero[s * n + o]`.
    zero: Vec<u32>,
    /// The final points of 1 to 10 dice's outcomes, in the order of
    /// [`Rolls::first`] from one die on, each distinct list once.
    lists: Vec<Vec<u32>>,
    /// `list[s * n + o]`: the state's entry in `lists`.
    list: Vec<u32>,
}

impl TurnPoints {
    /// The final points of the outcomes of 1 to 10 dice at state `at`.
    fn rolls(&self, at: usize) -> &[u32] {
        &self.lists[self.list[at] as usize]
    }
}

/// The rolls of 1 to 10 dice at some states, by final points: where a rule
/// changes the points, outcomes that end with the same points are one,
/// their rolls counted together before dividing (so the probabilities stay
/// correctly rounded). What the sweep sums.
#[derive(Debug, Clone)]
struct Finals {
    /// `(points, probability)`, rising points, of 1 die, then 2, ...
    outcomes: Vec<(u32, f64)>,
    /// The outcomes of `k` dice are `outcomes[first[k - 1]..first[k]]`.
    first: [usize; MAX_DICE + 1],
}

/// The raw outcomes of one choice: zero dice's points, or a roll.
#[derive(Debug, Clone, Copy)]
pub enum Roll<'a> {
    /// Zero dice: these points, for sure.
    Zero(u32),
    /// A roll: points and probabilities.
    Dice(&'a [(u32, f64)]),
}

// A roll always has an outcome: there is no empty one to ask about.
#[allow(clippy::len_without_is_empty)]
impl Roll<'_> {
    /// The number of outcomes.
    pub fn len(&self) -> usize {
        match self {
            Roll::Zero(_) => 1,
            Roll::Dice(roll) => roll.len(),
        }
    }

    /// The raw points of each outcome with its probability.
    pub fn outcomes(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        let zero = match self {
            Roll::Zero(points) => Some((*points, 1.0)),
            Roll::Dice(_) => None,
        };
        let dice: &[(u32, f64)] = match self {
            Roll::Zero(_) => &[],
            Roll::Dice(roll) => roll,
        };
        zero.into_iter().chain(dice.iter().copied())
    }
}

/// "bad rules: after_turn(57, 40) ..." as the error the CLI prints.
fn bad(message: String) -> HogError {
    HogError::BadRules(message)
}

impl RuleTables {
    /// Evaluate every function of `rules` once and check what the sweep
    /// relies on: dice of 2 to 20 sides, turn points in range, and no turn
    /// that lowers the score sum.
    pub fn new(rules: &dyn ScoreRules) -> Result<RuleTables, HogError> {
        let goal = rules.goal();
        if !(1..=MAX_RULES_GOAL).contains(&goal) {
            return Err(bad(format!(
                "goal {goal} is outside 1 to {MAX_RULES_GOAL} for rules given as functions"
            )));
        }
        if rules.reads_turn() && goal > MAX_TURN_READING_GOAL {
            return Err(bad(format!(
                "goal {goal} is more than {MAX_TURN_READING_GOAL} for rules that read the turn's \
                 points or dice"
            )));
        }
        let n = goal as usize;
        let (mine, theirs) = rules.goals();
        if !(1..=goal).contains(&mine) || !(1..=goal).contains(&theirs) {
            return Err(bad(format!(
                "goals {mine} and {theirs} must be 1 to the board's goal {goal}"
            )));
        }
        let mut zero_dice = Vec::with_capacity(n * n);
        let mut die = Vec::with_capacity(n * n);
        let mut caps = Vec::with_capacity(n * n);
        for s in 0..goal {
            for o in 0..goal {
                let z = rules.zero_dice(s, o);
                if z > MAX_TURN_POINTS {
                    return Err(bad(format!(
                        "zero_dice({s}, {o}) returns {z}: at most {MAX_TURN_POINTS} points"
                    )));
                }
                zero_dice.push(z);
                let m = rules.dice_sides(s, o);
                if !SIDES.contains(&m) {
                    return Err(bad(format!(
                        "dice_sides({s}, {o}) returns {m}: dice have 2 to 20 sides"
                    )));
                }
                let code = die_code(m, rules.rerolled(s, o));
                if !exact_die(code) {
                    return Err(bad(format!(
                        "rerolled({s}, {o}): rerolled dice of {m} sides are not counted exactly \
                         (2 to 6, 8, 10, 12, 14, 16 or 18 sides are)"
                    )));
                }
                die.push(code as u8);
                let cap = rules.max_dice(s, o);
                if !(1..=MAX_DICE as u32).contains(&cap) {
                    return Err(bad(format!(
                        "max_dice({s}, {o}) returns {cap}: a turn rolls at most 1 to {MAX_DICE} dice"
                    )));
                }
                caps.push(cap as u8);
            }
        }
        // Kept only where some state caps the dice: most rules never do.
        if caps.iter().all(|&cap| usize::from(cap) == MAX_DICE) {
            caps = Vec::new();
        }
        let pig_out = rules.pig_out();
        if let PigOut::Points(p) = pig_out {
            if p > MAX_TURN_POINTS {
                return Err(bad(format!(
                    "PIG_OUT is {p}: at most {MAX_TURN_POINTS} points"
                )));
            }
        }
        let rolls = Rolls::new(die.iter().map(|&m| u32::from(m)), pig_out);
        let width = n + MAX_TURN_POINTS as usize + 1;
        let mut ends = Vec::with_capacity(n * width);
        for o in 0..goal {
            for t in 0..width as u32 {
                ends.push(end_of(rules, rules.after_turn(t, o), (mine, theirs)));
            }
        }
        let slots = ends.iter().map(|&end| Slot::new(end, n)).collect();
        let mut tables = RuleTables {
            slots,
            goal,
            zero_dice,
            die,
            pig_out,
            width,
            turn_points: None,
            rolls,
            level: vec![false; 2 * n - 1],
            endless: None,
            stalls: vec![false; 2 * n - 1],
            top: Vec::new(),
            finals: Vec::new(),
            kind: Vec::new(),
            max_drop: 0,
            dice_points: Vec::new(),
            extra_turns: ends
                .iter()
                .any(|end| matches!(end, End::Next { again: true, .. })),
            turn_rows: None,
            // Set once the turn points are tabulated: they are found for
            // every count of dice in the rolls' own layout.
            caps: Vec::new(),
        };
        if rules.has_turn_points() {
            let mut turn = TurnPoints {
                zero: Vec::with_capacity(n * n),
                lists: Vec::new(),
                list: Vec::with_capacity(n * n),
            };
            let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
            let mut points = Vec::new();
            for s in 0..goal {
                for o in 0..goal {
                    points.clear();
                    for k in 0..=MAX_DICE as u32 {
                        for (p, _) in tables.roll_at(s, o, k).0.outcomes() {
                            let q = rules.turn_points(p, k, s, o);
                            if q > MAX_TURN_POINTS {
                                return Err(bad(format!(
                                    "turn_points({p}, {k}, {s}, {o}) returns {q}: at most {MAX_TURN_POINTS} points"
                                )));
                            }
                            points.push(q);
                        }
                    }
                    turn.zero.push(points[0]);
                    // Compared with the state before first: the hash of
                    // about 1 kB is then rarely needed.
                    let list = match turn.list.last() {
                        Some(&last) if turn.lists[last as usize] == points[1..] => last,
                        _ => *index.entry(points[1..].to_vec()).or_insert_with(|| {
                            turn.lists.push(points[1..].to_vec());
                            turn.lists.len() as u32 - 1
                        }),
                    };
                    turn.list.push(list);
                }
            }
            tables.turn_points = Some(turn);
        }
        tables.caps = caps;
        (tables.finals, tables.kind) = tables.find_finals();
        tables.top = tables.find_tops();
        tables.max_drop = max_drop(&ends, tables.width);
        tables.dice_points = (0..DIE_CODES as u32)
            .map(|die| {
                let points = (1..=MAX_DICE as u32)
                    .filter(|_| tables.rolls.has(die))
                    .flat_map(|k| tables.rolls.get(die, k).iter().map(|&(p, _)| p));
                points.fold((u32::MAX, 0), |(few, most), p| (few.min(p), most.max(p)))
            })
            .collect();
        if rules.reads_turn() {
            tables.read_turns(rules, (mine, theirs))?;
        } else {
            tables.check_sums(&ends)?;
        }
        let endless = tables.find_endless();
        for &(s, o) in &endless {
            tables.stalls[(s + o) as usize] = true;
        }
        tables.endless = endless.first().copied();
        Ok(tables)
    }

    /// A state from which some play keeps the game on its score sum
    /// forever, if the rules allow one: the smallest `(score, opponent)`
    /// of the first such diagonal. The sweep counts a game that never ends
    /// as half a win each (its fixed point starts there and stays).
    pub fn endless(&self) -> Option<(u32, u32)> {
        self.endless
    }

    /// Whether some play can keep the game on diagonal `d` forever (see
    /// [`RuleTables::endless`]). Where none can, every way of playing
    /// leaves the diagonal for sure, so its values have one fixed point
    /// whatever the order they are found in.
    pub fn may_stall(&self, d: usize) -> bool {
        self.stalls[d]
    }

    /// The states with a choice whose every outcome stays on the diagonal
    /// (a "sticky" choice), pruned to those with a sticky choice that only
    /// leads to states still kept: what is left can be played forever.
    /// In rising score sum, then rising score.
    fn find_endless(&self) -> Vec<(u32, u32)> {
        let n = self.goal as usize;
        // The states each sticky choice leads to, per state of a level diagonal.
        let mut sticky: Vec<Vec<Vec<usize>>> = vec![Vec::new(); n * n];
        let mut kept = vec![false; n * n];
        for s in 0..self.goal {
            for o in 0..self.goal {
                if !self.level[(s + o) as usize] {
                    continue;
                }
                let at = s as usize * n + o as usize;
                for k in 0..=MAX_DICE as u32 {
                    let (roll, points, slots) = self.roll_at(s, o, k);
                    let next: Option<Vec<usize>> = roll
                        .outcomes()
                        .enumerate()
                        .map(|(i, (p, _))| {
                            let q = points.map_or(p, |points| points[i]);
                            let to = slots[q as usize].index();
                            (to < n * n && to / n + to % n == (s + o) as usize).then_some(to)
                        })
                        .collect();
                    if let Some(next) = next {
                        sticky[at].push(next);
                        kept[at] = true;
                    }
                }
            }
        }
        loop {
            let mut changed = false;
            for at in 0..n * n {
                if kept[at] && !sticky[at].iter().any(|next| next.iter().all(|&t| kept[t])) {
                    kept[at] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut endless: Vec<usize> = (0..n * n).filter(|&at| kept[at]).collect();
        endless.sort_by_key(|&at| (at / n + at % n, at / n));
        endless
            .into_iter()
            .map(|at| ((at / n) as u32, (at % n) as u32))
            .collect()
    }

    /// The most final points any choice scores at each state: zero
    /// dice's, or the most of its kind of rolls (found once a kind).
    fn find_tops(&self) -> Vec<u8> {
        let rolled: Vec<u32> = (self.finals.iter())
            .map(|f| f.outcomes.iter().map(|&(q, _)| q).max().unwrap_or(0))
            .collect();
        (0..self.kind.len())
            .map(|at| {
                let n = self.goal as usize;
                let zero = self.zero_final((at / n) as u32, (at % n) as u32);
                let top = zero.max(rolled[self.kind[at] as usize]);
                u8::try_from(top).expect("turn points are checked against MAX_TURN_POINTS")
            })
            .collect()
    }

    /// The rolls of every state by final points, each distinct one once,
    /// and each state's.
    fn find_finals(&self) -> (Vec<Finals>, Vec<u32>) {
        let n = self.goal as usize;
        // A kind is a die size, the list of final points (none where no
        // rule changes them) and the most dice rolled.
        let mut index: HashMap<(u8, u32, u32), u32> = HashMap::new();
        let mut finals = Vec::new();
        let kind = (0..n * n)
            .map(|at| {
                let die = self.die[at];
                let list = self
                    .turn_points
                    .as_ref()
                    .map_or(u32::MAX, |turn| turn.list[at]);
                let cap = self.cap(at);
                *index.entry((die, list, cap)).or_insert_with(|| {
                    let changed = self.turn_points.as_ref().map_or(&[][..], |t| t.rolls(at));
                    finals.push(self.merge(u32::from(die), changed, cap));
                    finals.len() as u32 - 1
                })
            })
            .collect();
        (finals, kind)
    }

    /// The rolls of dice of die code `die` with their raw outcomes turned
    /// into `changed` final points (in the order of [`Rolls::first`], from
    /// one die on; empty where no rule changes them), merged by final
    /// points. A choice of more than `cap` dice rolls `cap`: its outcomes
    /// are a copy of theirs, so the sweep reads every choice alike.
    fn merge(&self, die: u32, changed: &[u32], cap: u32) -> Finals {
        let mut outcomes = Vec::new();
        let mut first = [0; MAX_DICE + 1];
        for chosen in 1..=MAX_DICE as u32 {
            let k = chosen.min(cap);
            let roll = self.rolls.get(die, k);
            let ways = self.rolls.ways(die, k);
            let start = self.rolls.first(die, k) - 1;
            let mut by_points: BTreeMap<u32, u64> = BTreeMap::new();
            for (j, (&(p, _), &w)) in roll.iter().zip(ways).enumerate() {
                let q = changed.get(start + j).copied().unwrap_or(p);
                *by_points.entry(q).or_default() += w;
            }
            let total = self.rolls.total(die, k) as f64;
            outcomes.extend(by_points.into_iter().map(|(q, w)| (q, w as f64 / total)));
            first[chosen as usize] = outcomes.len();
        }
        Finals { outcomes, first }
    }

    /// The final points of rolling `dice >= 1` dice at `(s, o)` with their
    /// probabilities, rising points, each total once.
    #[inline(always)]
    pub fn finals(&self, s: u32, o: u32, dice: u32) -> &[(u32, f64)] {
        let finals = &self.finals[self.kind[(s * self.goal + o) as usize] as usize];
        let k = dice as usize;
        &finals.outcomes[finals.first[k - 1]..finals.first[k]]
    }

    /// The final points of rolling zero dice at `(s, o)`.
    #[inline(always)]
    pub fn zero_final(&self, s: u32, o: u32) -> u32 {
        let at = (s * self.goal + o) as usize;
        match &self.turn_points {
            Some(turn) => turn.zero[at],
            None => self.zero_dice[at],
        }
    }

    /// Where each final total of rolling `dice` lands from `(s, o)`
    /// (`slots[q]` for `q` points): the same row for every choice unless
    /// the rules read the turn ([`RuleTables::reads_turn`]).
    #[inline(always)]
    pub fn slots(&self, s: u32, o: u32, dice: u32) -> &[Slot] {
        match &self.turn_rows {
            None => {
                let row = o as usize * self.width + s as usize;
                &self.slots[row..row + MAX_TURN_POINTS as usize + 1]
            }
            Some(rows) => {
                let at = (s * self.goal + o) as usize * CHOICES + dice as usize;
                &rows.slots[rows.start[at] as usize..rows.start[at + 1] as usize]
            }
        }
    }

    /// Whether the landings depend on the turn (its points, its dice), not
    /// only on the raw score: then each choice has its own row of
    /// [`RuleTables::slots`].
    pub fn reads_turn(&self) -> bool {
        self.turn_rows.is_some()
    }

    /// How many distinct lists of turn points the tables keep.
    #[cfg(test)]
    pub(crate) fn turn_point_lists(&self) -> usize {
        self.turn_points.as_ref().map_or(0, |turn| turn.lists.len())
    }

    /// The most final points any choice scores at `(s, o)`.
    #[inline(always)]
    pub fn top(&self, s: u32, o: u32) -> u32 {
        u32::from(self.top[(s * self.goal + o) as usize])
    }

    /// The goal.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// What a roll with a 1 among its dice scores.
    pub fn pig_out(&self) -> PigOut {
        self.pig_out
    }

    /// What the sweep reads to value rolling `dice` at `(s, o)`: the raw
    /// points with their probabilities, the final points of each where a
    /// rule changes them (else the raw ones), and the landings from raw
    /// score `s` on (`slots[q]` is where `q` final points land).
    #[inline(always)]
    pub fn roll_at(&self, s: u32, o: u32, dice: u32) -> (Roll<'_>, Option<&[u32]>, &[Slot]) {
        let at = (s * self.goal + o) as usize;
        let slots = self.slots(s, o, dice);
        let dice = dice.min(self.cap(at));
        let roll = if dice == 0 {
            Roll::Zero(self.zero_dice[at])
        } else {
            Roll::Dice(self.rolls.get(u32::from(self.die[at]), dice))
        };
        let points = self.turn_points.as_ref().map(|turn| match dice {
            0 => std::slice::from_ref(&turn.zero[at]),
            _ => {
                let first = self.rolls.first(u32::from(self.die[at]), dice) - 1;
                &turn.rolls(at)[first..first + roll.len()]
            }
        });
        (roll, points, slots)
    }

    /// The most dice a turn rolls at state `at` (`s * n + o`).
    #[inline(always)]
    fn cap(&self, at: usize) -> u32 {
        self.caps
            .get(at)
            .map_or(MAX_DICE as u32, |&cap| u32::from(cap))
    }

    /// The dice a choice of `dice` rolls at `(s, o)`: no more than the
    /// rules' cap there ([`ScoreRules::max_dice`]).
    pub fn rolled(&self, s: u32, o: u32, dice: u32) -> u32 {
        dice.min(self.cap((s * self.goal + o) as usize))
    }

    /// Whether the rules cap the dice at some state.
    pub fn caps_dice(&self) -> bool {
        !self.caps.is_empty()
    }

    /// The die code of the dice a turn rolls at `(s, o)`: their sides,
    /// with [`super::outcomes::REROLLED`] where they are rerolled.
    pub fn die_at(&self, s: u32, o: u32) -> u32 {
        u32::from(self.die[(s * self.goal + o) as usize])
    }

    /// The most points an after-turn rule takes from a raw score sum (0
    /// where it never lowers one: swaps keep the sum, Sus Fuss raises it).
    /// A turn of more points than this lands on a higher sum.
    pub fn max_drop(&self) -> u32 {
        self.max_drop
    }

    /// Whether the after-turn rules give some turn an extra turn (from a
    /// state below the goal or past it).
    pub fn has_extra_turns(&self) -> bool {
        self.extra_turns
    }

    /// The fewest and the most points 1 to 10 dice score at `(s, o)`,
    /// where no rule changes a turn's points (they then depend on the
    /// dice's sides alone); none where one does.
    pub fn dice_points(&self, s: u32, o: u32) -> Option<(u32, u32)> {
        let die = self.die_at(s, o) as usize;
        self.turn_points.is_none().then(|| self.dice_points[die])
    }

    /// Whether some turn on diagonal `d` keeps the score sum.
    pub fn level(&self, d: usize) -> bool {
        self.level[d]
    }

    /// Tabulate the landings of rules that read the turn: every final
    /// total of every choice at every state through
    /// [`ScoreRules::turn_end`], with the checks of
    /// [`RuleTables::check_sums`] and what `max_drop` and the extra turns
    /// say taken from these landings (the raw scores' table answers for
    /// none of them).
    fn read_turns(&mut self, rules: &dyn ScoreRules, goals: (u32, u32)) -> Result<(), HogError> {
        let n = self.goal as usize;
        let unread = Slot::new(End::Lose, n);
        let mut start = Vec::with_capacity(n * n * CHOICES + 1);
        let mut slots = Vec::new();
        let (mut drop, mut again) = (0, false);
        let mut points = Vec::new();
        for s in 0..self.goal {
            for o in 0..self.goal {
                for k in 0..CHOICES as u32 {
                    points.clear();
                    match k {
                        0 => points.push(self.zero_final(s, o)),
                        _ => points.extend(self.finals(s, o, k).iter().map(|&(q, _)| q)),
                    }
                    start.push(slots.len() as u32);
                    let row = slots.len();
                    let top = points.iter().copied().max().unwrap_or(0) as usize;
                    slots.resize(row + top + 1, unread);
                    let dice = self.rolled(s, o, k);
                    for &q in &points {
                        let end = end_of(rules, rules.turn_end(s, o, q, dice), goals);
                        if let End::Next { mover, other, .. } = end {
                            if mover + other < s + o {
                                return Err(bad(format!(
                                    "a turn from ({s}, {o}) rolling {dice} {} and scoring {q} \
                                     ends at ({mover}, {other}): it would lower the sum of the \
                                     scores, which no turn may",
                                    if dice == 1 { "die" } else { "dice" }
                                )));
                            }
                            if mover + other == s + o {
                                self.level[(s + o) as usize] = true;
                            }
                            drop = drop.max((s + o + q).saturating_sub(mover + other));
                            again |= matches!(end, End::Next { again: true, .. });
                        }
                        slots[row + q as usize] = Slot::new(end, n);
                    }
                }
            }
        }
        start.push(slots.len() as u32);
        self.max_drop = drop;
        self.extra_turns = again;
        self.turn_rows = Some(TurnRows { start, slots });
        Ok(())
    }

    /// Refuse a turn that lowers the score sum (the sweep's order needs
    /// every successor on a later diagonal or the same one), and note the
    /// diagonals where a turn keeps it. `ends[o * width + t]` is where a
    /// raw score `t` against `o` ends.
    fn check_sums(&mut self, ends: &[End]) -> Result<(), HogError> {
        let n = self.goal;
        // The raw points of `k` dice of some sides, where no rule changes
        // them: the same at every state, so found once.
        let mut rolls: Vec<Option<PointSet>> = vec![None; DIE_CODES * CHOICES];
        for s in 0..n {
            for o in 0..n {
                // Only a turn of at most `max_drop` points can land on a
                // score sum no higher than where it started: most states
                // have none, which their fewest points show at once.
                if let Some((fewest, _)) = self.dice_points(s, o) {
                    if self.zero_dice[(s * n + o) as usize].min(fewest) > self.max_drop {
                        continue;
                    }
                }
                // Each total a turn from (s, o) can reach, checked once.
                let mut by_dice = [PointSet::default(); CHOICES];
                let mut reach = PointSet::default();
                for (k, set) in by_dice.iter_mut().enumerate() {
                    let (roll, points, _) = self.roll_at(s, o, k as u32);
                    *set = match (&roll, points) {
                        (Roll::Dice(_), None) => {
                            let k = self.rolled(s, o, k as u32) as usize;
                            let at = self.die_at(s, o) as usize * CHOICES + k;
                            *rolls[at]
                                .get_or_insert_with(|| PointSet::of(roll.outcomes().map(|o| o.0)))
                        }
                        _ => PointSet::of(
                            roll.outcomes()
                                .enumerate()
                                .map(|(i, (p, _))| points.map_or(p, |points| points[i])),
                        ),
                    };
                    reach.add_shifted(set, 0);
                }
                for q in reach.iter() {
                    let t = s + q;
                    let End::Next { mover, other, .. } = ends[o as usize * self.width + t as usize]
                    else {
                        continue;
                    };
                    if mover + other < s + o {
                        let k = by_dice.iter().position(|set| set.has(q)).unwrap_or(0);
                        return Err(bad(format!(
                            "after_turn({t}, {o}) returns ({mover}, {other}): a turn from \
                             ({s}, {o}) rolling {k} {} would lower the sum of the scores, \
                             which no turn may",
                            if k == 1 { "die" } else { "dice" }
                        )));
                    }
                    if mover + other == s + o {
                        self.level[(s + o) as usize] = true;
                    }
                }
            }
        }
        Ok(())
    }
}
