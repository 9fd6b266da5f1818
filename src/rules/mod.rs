//! The rules of Hog: three small components (zero-dice rule, dice rule,
//! after-turn rule) behind one [`Rules`] type that the solver uses.
//!
//! The solver only asks a `Rules` three questions: how many points zero dice
//! give, which dice a turn uses, and where the scores land after the
//! after-turn rule. A new rule is a new component, never a solver change.

mod after_turn;
mod built_in;
mod describe;
mod dice_rule;
pub mod digits;
mod functions;
mod identity;
mod landing;
pub mod library;
mod memo;
mod preset;
pub mod python;
mod reach;
mod resolve;
mod rules_file;
mod zero_dice;

pub use after_turn::{AfterTurn, TurnEnd};
pub use built_in::{BuiltIn, BUILT_IN};
pub use describe::{
    ClockDescription, ClockValue, ContextsDescription, Description, MemoryDescription, Move,
    PigOutRule, PlayerGoals,
};
pub use dice_rule::DiceRule;
pub use functions::{ComponentRules, Functions, Origin};
pub use identity::{digest_of, hex, RulesId};
pub use landing::{diagonal_scores, outcome_index, state_index, Landing, LANDING_REACH};
pub use memo::Memo;
pub use preset::Preset;
pub use reach::Reach;
pub use resolve::{from_python, from_toml, resolve, Overrides, RuleSetName, PYTHON_TIMEOUT};
pub use rules_file::ComposedRules;
pub use zero_dice::ZeroDice;

use std::sync::{Arc, OnceLock};

use crate::dice::{DiceSet, MAX_ROLL_POINTS};

use crate::error::HogError;
use crate::general::{RuleTables, ScoreRules, MAX_RULES_GOAL};
use crate::recall::{Clock, Contexts, Forgetful, PlayerMemory, Remembering, Still};
use crate::table::StrategyTable;
use landing::StateTable;

/// `value` as one of `options` by its command-line name (`boar-brawl`,
/// `swap-digits`, ...), or a message that lists them: for front ends that
/// take rules as text (the web API, the Python package).
pub fn by_name<T: Copy>(
    what: &str,
    value: &str,
    options: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<T, String> {
    options
        .iter()
        .copied()
        .find(|&o| name(o) == value.trim())
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|&o| name(o)).collect();
            format!(
                "bad rules: unknown {what} '{}'; it is one of {}",
                crate::text::clip(value, 40),
                names.join(", ")
            )
        })
}

/// What a table of `contexts` reads beside the scores, in words.
fn contexts_words(contexts: Contexts) -> String {
    let Contexts { size, clocks } = contexts;
    match (size > 1, clocks > 1) {
        (true, true) => format!("{size} memories a player and {clocks} clocks"),
        (true, false) => format!("{size} memories a player"),
        _ => format!("{clocks} clocks"),
    }
}

/// A rule set hog knows by name: a preset or a built-in rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct NamedRuleSet {
    /// Its name (`--rules NAME`, `Rules(NAME)`, `rules=NAME`).
    pub name: &'static str,
    /// The semesters or contest it is.
    pub title: &'static str,
}

/// Every rule set hog knows by name, the one list the command line, the
/// page and the Python package offer: the presets, then the built-in rule
/// sets (every other semester and contest with a public source).
pub fn named_rule_sets() -> Vec<NamedRuleSet> {
    let presets = Preset::ALL.iter().map(|p| NamedRuleSet {
        name: p.name(),
        title: p.title(),
    });
    let built_in = BUILT_IN.iter().map(|b| NamedRuleSet {
        name: b.name,
        title: b.title,
    });
    presets.chain(built_in).collect()
}

/// The largest goal accepted at all; memory is checked separately and
/// usually refuses smaller goals first.
pub const MAX_GOAL: u32 = 1_000_000;

/// The most points one turn can add before the after-turn rule.
pub const MAX_TURN_POINTS: usize = if MAX_ROLL_POINTS > ZeroDice::MAX_POINTS as usize {
    MAX_ROLL_POINTS
} else {
    ZeroDice::MAX_POINTS as usize
};

// Every raw score a turn can reach must be covered by the landing table.
const _: () = assert!(MAX_TURN_POINTS < LANDING_REACH);

/// One choice of each rule component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Components {
    /// Points for rolling zero dice.
    pub zero_dice: ZeroDice,
    /// Which dice a turn rolls.
    pub dice: DiceRule,
    /// What happens after each turn.
    pub after_turn: AfterTurn,
}

/// A complete, validated rule set for one goal, with the lookup tables the
/// solver needs precomputed.
#[derive(Debug, Clone)]
pub struct Rules {
    preset: Preset,
    components: Components,
    goal: u32,
    sus: Vec<u32>,
    six: DiceSet,
    four: DiceSet,
    state_table: OnceLock<Option<StateTable>>,
    reach: OnceLock<Option<Reach>>,
    final_landings: OnceLock<Vec<f64>>,
    /// What the layers above derive from these rules and keep (the
    /// engine's tables).
    memo: Memo,
    /// What the rules are, as a key (see [`Rules::identity`]).
    identity: OnceLock<RulesId>,
    /// Rules given as functions (a rules file, Python), on whichever path
    /// their structure allows; `None` for the components' rules.
    functions: Option<Functions>,
}

/// A refusal of rules named `name` says their name first.
fn named(name: &str, error: HogError) -> HogError {
    match error {
        HogError::BadRules(reason) => HogError::BadRules(format!("{name}: {reason}")),
        other => other,
    }
}

impl Rules {
    /// A preset's rules with goal `goal`.
    pub fn preset(preset: Preset, goal: u32) -> Result<Rules, HogError> {
        Rules::new(preset, preset.components(), goal)
    }

    /// Rules with the given components; `base` names the preset they start
    /// from, which supplies the course strategies and baseline.
    pub fn new(base: Preset, components: Components, goal: u32) -> Result<Rules, HogError> {
        if goal == 0 {
            return Err(HogError::BadGoal("goal must be at least 1".into()));
        }
        if goal > MAX_GOAL {
            return Err(HogError::BadGoal(format!(
                "goal {goal} is larger than the maximum {MAX_GOAL}"
            )));
        }
        Ok(Rules {
            preset: base,
            components,
            goal,
            sus: digits::sus_table(goal as usize + LANDING_REACH + 1),
            six: DiceSet::new(6),
            four: DiceSet::new(4),
            state_table: OnceLock::new(),
            reach: OnceLock::new(),
            final_landings: OnceLock::new(),
            memo: Memo::default(),
            identity: OnceLock::new(),
            functions: None,
        })
    }

    /// Rules given as functions, named `name` (a rules file's name), checked
    /// here (and tabulated for the general path). Sweeps take the fast path
    /// when the rules have its structure (Pig Out worth 1, no turn points,
    /// six-sided dice or Hog Wild, no extra turns or half wins, no landing
    /// below the raw sum), else the general path. Course strategies, which
    /// are written for the presets' rules, do not apply to them.
    pub fn from_functions(
        name: String,
        origin: Origin,
        functions: Arc<dyn ScoreRules + Send + Sync>,
    ) -> Result<Rules, HogError> {
        // Checked here as well as in the general tables: rules that take the
        // fast path build none, and the bound is the same on both paths.
        let goal = functions.goal();
        if !(1..=MAX_RULES_GOAL).contains(&goal) {
            return Err(HogError::BadRules(format!(
                "{name}: goal {goal} is outside 1 to {MAX_RULES_GOAL} for rules given as functions"
            )));
        }
        // Rules with the fast path's structure take it: the sweep reads their
        // landings and zero-dice points through the functions, and their dice
        // through the dice rule found here. The checks that found the
        // structure are all the sweep needs of them.
        let fast = functions::fast_structure(functions.as_ref());
        let tables = match fast {
            Some(_) => None,
            None => Some(Arc::new(
                RuleTables::new(functions.as_ref()).map_err(|e| named(&name, e))?,
            )),
        };
        let mut components = Preset::Fa24.components();
        components.dice = fast.unwrap_or(DiceRule::SixSided);
        let mut rules = Rules::new(Preset::Fa24, components, functions.goal())?;
        rules.functions = Some(Functions {
            name,
            origin,
            rules: functions,
            tables,
            fast: fast.is_some(),
            memory: None,
            instance: RulesId::unique(),
        });
        Ok(rules)
    }

    /// These rules with each player remembering their previous turn
    /// (Feral Hogs), a clock both players share (Time Trot), or both:
    /// rules given as functions only, on the general path, checked for
    /// what the sweep with memory needs (see [`crate::recall`]).
    pub fn with_memory(
        self,
        memory: Option<Arc<dyn PlayerMemory + Send + Sync>>,
        clock: Option<Arc<dyn Clock + Send + Sync>>,
    ) -> Result<Rules, HogError> {
        let name = self.name();
        let mut rules = self.on_the_general_path();
        let Some(f) = &mut rules.functions else {
            return Err(HogError::BadRules(format!(
                "{name}: only rules given as functions (a rules file) take a memory"
            )));
        };
        let tables = f.tables.as_deref().expect("the general path has tables");
        let memory = memory.unwrap_or_else(|| Arc::new(Forgetful));
        let clock = clock.unwrap_or_else(|| Arc::new(Still));
        let remembering = Remembering::new(f.rules.as_ref(), tables, memory, clock)
            .map_err(|e| named(&name, e))?;
        f.memory = Some(remembering);
        rules.identity = OnceLock::new();
        Ok(rules)
    }

    /// These rules with `memory` and `clock` where either is given.
    pub fn remembering(
        self,
        memory: Option<Arc<dyn PlayerMemory + Send + Sync>>,
        clock: Option<Arc<dyn Clock + Send + Sync>>,
    ) -> Result<Rules, HogError> {
        if memory.is_none() && clock.is_none() {
            return Ok(self);
        }
        self.with_memory(memory, clock)
    }

    /// What each player remembers, for rules with memory.
    pub fn memory(&self) -> Option<&Remembering> {
        self.functions.as_ref().and_then(|f| f.memory.as_ref())
    }

    /// The mover's goal and the other player's at `clock`: the clock's
    /// where it gives each player one, else the goal for both.
    pub fn goals_at(&self, clock: u32) -> (u32, u32) {
        let goal = self.goal();
        self.memory()
            .map_or((goal, goal), |m| m.clock().goals_or(clock, goal))
    }

    /// Whether a player may roll -1 dice (Pork Chop's move, a clock's, at
    /// some clock: where it is spent it rolls dice instead).
    pub fn has_minus_one(&self) -> bool {
        self.memory().is_some_and(|m| {
            let clock = m.clock();
            (0..clock.size()).any(|c| clock.minus_one(c).is_some())
        })
    }

    /// The contexts of a state beside the scores: what each player
    /// remembers and the clock ([`Contexts::NONE`] where the rules track
    /// neither).
    pub fn contexts(&self) -> Contexts {
        self.memory().map_or(Contexts::NONE, Remembering::contexts)
    }

    /// Refuse a table for another game: one that rolls -1 dice under rules
    /// without that move, naming where it does, or reads other contexts
    /// than these rules have.
    pub fn check_table(&self, table: &StrategyTable, what: &str) -> Result<(), HogError> {
        if table.goal() != self.goal {
            return Err(HogError::spec(
                what,
                format!(
                    "the table is for goal {}, these rules play to {}",
                    table.goal(),
                    self.goal
                ),
            ));
        }
        if let Some(theirs) = table.contexts() {
            if theirs != self.contexts() {
                return Err(HogError::spec(
                    what,
                    format!(
                        "the table chooses by {}, which {} does not have",
                        contexts_words(theirs),
                        self.name()
                    ),
                ));
            }
        }
        match table.minus_one_at() {
            Some((s, o)) if !self.has_minus_one() => Err(HogError::spec(
                what,
                format!(
                    "rolls -1 dice at score {s}, opponent score {o}: only rules with a -1 move \
                     (such as pork-chop) have it"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// These rules on the general path even where the fast path would take
    /// them: the tests hold the two paths against each other this way.
    pub fn on_the_general_path(mut self) -> Rules {
        if let Some(f) = &mut self.functions {
            f.fast = false;
            if f.tables.is_none() {
                let tables = RuleTables::new(f.rules.as_ref())
                    .expect("rules with the fast path's structure pass the general path's checks");
                f.tables = Some(Arc::new(tables));
            }
            // The general path's sums may differ from the fast path's in
            // the last bit: another rule set as far as caches go.
            self.identity = OnceLock::new();
        }
        self
    }

    /// The functions of rules given as functions, if these are.
    pub(crate) fn functions(&self) -> Option<&Functions> {
        self.functions.as_ref()
    }

    /// Where rules given as functions come from (a rules file, Python,
    /// built into hog, code); `None` for a preset's components, which
    /// name themselves (zero-dice rule, dice, after-turn rule).
    pub fn origin(&self) -> Option<Origin> {
        self.functions.as_ref().map(|f| f.origin)
    }

    /// A state from which a game can go on forever (by turns that leave
    /// the sum of the scores as it is), if the rules allow one: hog counts
    /// a game that never ends as half a win each.
    pub fn endless(&self) -> Option<(u32, u32)> {
        self.functions.as_ref()?.tables.as_ref()?.endless()
    }

    /// The rules as functions of the scores, turn by turn: the presets'
    /// components, or the functions the rules were given as.
    pub fn score_rules(&self) -> &(dyn ScoreRules + Send + Sync) {
        match &self.functions {
            Some(f) => f.rules.as_ref(),
            None => self,
        }
    }

    /// The general path's tables, for rules given as functions that do not
    /// have the fast path's structure (see [`Rules::from_functions`]): the
    /// engine's question.
    pub(crate) fn general(&self) -> Option<&RuleTables> {
        self.functions
            .as_ref()
            .filter(|f| !f.fast)
            .and_then(|f| f.tables.as_deref())
    }

    /// The goal: the first score at or above it wins.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The goal as an index bound.
    pub fn size(&self) -> usize {
        self.goal as usize
    }

    /// The preset these rules start from.
    pub fn base(&self) -> Preset {
        self.preset
    }

    /// The rule components in force.
    pub fn components(&self) -> Components {
        self.components
    }

    /// Whether the components are exactly those of the base preset.
    pub fn is_preset(&self) -> bool {
        self.functions.is_none() && self.components == self.preset.components()
    }

    /// What these rules are, as a key for caches: a SHA-256 of their
    /// canonical description (components, or every function's content,
    /// memory and clock included) and the goal. Two rule sets with one
    /// name (a rules file called `fa24` and the preset) never share it.
    pub fn identity(&self) -> RulesId {
        *self.identity.get_or_init(|| self.describe_identity())
    }

    fn describe_identity(&self) -> RulesId {
        use std::fmt::Write as _;
        let Some(f) = &self.functions else {
            return RulesId::of_content(|d| {
                d.part("components", &(self.preset, self.components))?;
                d.part("goal", &self.goal)
            });
        };
        let mut described = true;
        let id = RulesId::of_content(|d| {
            d.part("goal", &self.goal)?;
            d.part("path", &if f.fast { "fast" } else { "general" })?;
            d.write_str("functions: ")?;
            described &= f.rules.content(d);
            if let Some(m) = &f.memory {
                d.write_str("\nmemory: ")?;
                described &= m.memory().content(d);
                d.write_str("\nclock: ")?;
                described &= m.clock().content(d);
            }
            Ok(())
        });
        if described {
            id
        } else {
            f.instance
        }
    }

    /// The preset's name, or for custom rules the components joined by `+`.
    pub fn name(&self) -> String {
        if let Some(f) = &self.functions {
            f.name.clone()
        } else if self.is_preset() {
            self.preset.name().to_string()
        } else {
            let c = self.components;
            format!(
                "{}+{}+{}",
                c.zero_dice.name(),
                c.dice.name(),
                c.after_turn.name()
            )
        }
    }

    /// Points for rolling zero dice.
    pub fn zero_dice_points(&self, mover: u32, opponent: u32) -> u32 {
        match &self.functions {
            Some(f) => f.rules.zero_dice(mover, opponent),
            None => self.components.zero_dice.points(mover, opponent),
        }
    }

    /// The distributions of four- or six-sided dice.
    pub fn dice_with_sides(&self, sides: u32) -> &DiceSet {
        match sides {
            4 => &self.four,
            _ => &self.six,
        }
    }

    /// Sus Fuss of one score, from the precomputed table when it covers it.
    pub fn sus_points(&self, score: u32) -> u32 {
        match self.sus.get(score as usize) {
            Some(&s) => s,
            None => digits::sus_points(score),
        }
    }

    /// The scores after the after-turn rule, when the mover has just reached
    /// `mover` (before the rule) against `other`.
    /// For rules given as functions the end names no rule (`fired` is
    /// `None`): a function is not one of the named rules.
    pub fn after_turn(&self, mover: u32, other: u32) -> TurnEnd {
        if let Some(f) = &self.functions {
            return TurnEnd::unnamed(f.rules.after_turn(mover, other));
        }
        self.components
            .after_turn
            .apply(mover, other, |s| self.sus_points(s))
    }

    /// The scores after a turn from `(mover, other)` that scored `points`
    /// rolling `dice` dice: the functions' `turn_end` (which, unless the
    /// rules read the turn, is [`Rules::after_turn`] of the new score).
    pub fn turn_end(&self, mover: u32, other: u32, points: u32, dice: u32) -> TurnEnd {
        match &self.functions {
            Some(f) => TurnEnd::unnamed(f.rules.turn_end(mover, other, points, dice)),
            None => self.after_turn(mover + points, other),
        }
    }

    /// Where a turn lands when the mover's raw score is `t` (before the
    /// after-turn rule) against `o`.
    pub fn landing(&self, t: u32, o: u32) -> Landing {
        let end = self.after_turn(t, o);
        if end.mover >= self.goal {
            Landing::Win
        } else if end.other >= self.goal {
            Landing::Lose
        } else {
            Landing::Next(state_index(
                self.size(),
                end.other as usize,
                end.mover as usize,
            ))
        }
    }

    /// The landings and zero-dice points of every state, tabulated on first
    /// use when the goal is small enough; hoist it out of loops.
    pub fn state_table(&self) -> StateLookups<'_> {
        let table = self.state_table.get_or_init(|| {
            StateTable::build(
                self.size(),
                |t, o| self.landing(t, o),
                |s, o| self.zero_dice_points(s, o),
            )
        });
        StateLookups {
            rules: self,
            table: table.as_ref(),
        }
    }

    /// The states some game reaches from `(0, 0)`, found on first use when
    /// the goal is small enough to tabulate the states.
    pub fn reach(&self) -> Option<&Reach> {
        self.reach
            .get_or_init(|| {
                let table = self.state_table().table?;
                Some(Reach::build(self.size(), table))
            })
            .as_ref()
    }

    /// These rules with the state table switched off, as for goals too
    /// large to tabulate: tests compare both paths.
    #[cfg(test)]
    pub(crate) fn untabulated(self) -> Rules {
        let rules = Rules {
            state_table: OnceLock::new(),
            reach: OnceLock::new(),
            ..self
        };
        rules.state_table.set(None).expect("a fresh cell");
        rules
    }

    /// The mover's result (1 win, 0 loss) for every raw score
    /// `goal..goal + LANDING_REACH` against every `o < goal`, row-major by
    /// `o`: a turn that reaches the goal always ends the game, so these are
    /// the same in every sweep.
    pub fn final_landings(&self) -> &[f64] {
        self.final_landings.get_or_init(|| {
            let n = self.size();
            let mut ends = Vec::with_capacity(n * LANDING_REACH);
            for o in 0..n {
                for t in n..n + LANDING_REACH {
                    ends.push(match self.landing(t as u32, o as u32) {
                        Landing::Win => 1.0,
                        Landing::Lose => 0.0,
                        Landing::Next(_) => {
                            unreachable!("a raw score at the goal always ends the game")
                        }
                    });
                }
            }
            ends
        })
    }

    /// What the layers above derive from these rules and keep with them.
    pub fn memo(&self) -> &Memo {
        &self.memo
    }

    /// "fa24 (boar-brawl, six-sided, sus-fuss), goal 100", or for rules
    /// given as functions "rules.py (from Python), goal 100" or "fa19.toml
    /// (rules file), goal 100": the rules and
    /// every component, for the headers of reports.
    pub fn describe(&self) -> String {
        if let Some(f) = &self.functions {
            let memory = f
                .memory
                .as_ref()
                .map_or(String::new(), |m| format!(", with {}", m.name()));
            return format!(
                "{} ({}{memory}), goal {}",
                f.name,
                f.origin.words(),
                self.goal
            );
        }
        let [zero_dice, dice, after_turn] = self.component_names();
        format!(
            "{} ({zero_dice}, {dice}, {after_turn}), goal {}",
            self.name(),
            self.goal
        )
    }

    /// "rules fa24 (boar-brawl, six-sided, sus-fuss), goal 100": the
    /// captions of plots and games.
    pub fn caption(&self) -> String {
        format!("rules {}", self.describe())
    }

    /// The zero-dice, dice and after-turn components by their command-line
    /// names; for rules given as functions, where they come from (`python`,
    /// `rules-file`) for each.
    pub fn component_names(&self) -> [&'static str; 3] {
        if let Some(f) = &self.functions {
            return [f.origin.component_name(); 3];
        }
        let c = self.components;
        [c.zero_dice.name(), c.dice.name(), c.after_turn.name()]
    }

    /// The course's baseline strategy's dice count (`always_roll(n)`).
    pub fn baseline_dice(&self) -> u8 {
        self.preset.baseline_dice()
    }
}

/// The landings and zero-dice points of one rule set, from the table or
/// computed for large goals. `index` is the [`state_index`] of `(t, o)`.
#[derive(Clone, Copy)]
pub struct StateLookups<'a> {
    rules: &'a Rules,
    table: Option<&'a StateTable>,
}

// The tabulated cases are read once per state by the sweep's inner loop
// and must inline there; the computed ones stay out of line (inlined, their
// bodies, larger since rules can be functions, once made the compiler call
// `zero_target` instead: 20% of a solve).
impl StateLookups<'_> {
    /// [`Rules::landing`] for `t < goal`.
    #[inline(always)]
    pub fn landing(&self, index: usize, t: usize, o: usize) -> Landing {
        match self.table {
            Some(table) => table.landing(index),
            None => self.computed_landing(t, o),
        }
    }

    #[inline(never)]
    fn computed_landing(&self, t: usize, o: usize) -> Landing {
        self.rules.landing(t as u32, o as u32)
    }

    /// The [`outcome_index`] of the zero-dice landing of the state `(s, o)`
    /// at `index`.
    #[inline(always)]
    pub fn zero_target(&self, index: usize, s: usize, o: usize) -> usize {
        match self.table {
            Some(table) => table.zero_target(index),
            None => self.computed_zero_target(s, o),
        }
    }

    #[inline(never)]
    fn computed_zero_target(&self, s: usize, o: usize) -> usize {
        let points = self.rules.zero_dice_points(s as u32, o as u32) as usize;
        outcome_index(self.rules.size(), s + points, o)
    }

    /// [`Rules::zero_dice_points`] at the state `(s, o)` at `index`.
    #[inline(always)]
    pub fn zero_dice_points(&self, index: usize, s: usize, o: usize) -> u32 {
        match self.table {
            Some(table) => table.zero_dice_points(index),
            None => self.computed_zero_dice_points(s, o),
        }
    }

    #[inline(never)]
    fn computed_zero_dice_points(&self, s: usize, o: usize) -> u32 {
        self.rules.zero_dice_points(s as u32, o as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fa24() -> Rules {
        Rules::preset(Preset::Fa24, 100).unwrap()
    }

    /// A whole turn as the book's worked examples write it: mover's score after scoring `points`.
    fn after(rules: &Rules, mover: u32, opponent: u32, points: u32) -> u32 {
        rules.after_turn(mover + points, opponent).mover
    }

    #[test]
    fn rules_md_whole_turns() {
        let r = fa24();
        assert_eq!(after(&r, 14, 0, 3 + 4), 23, "21 is sus");
        assert_eq!(after(&r, 63, 0, 1), 64, "64 has 7 divisors");
        assert_eq!(after(&r, 49, 0, 18), 67, "67 is prime");
        let zero = |m, o| after(&r, m, o, r.zero_dice_points(m, o));
        assert_eq!(r.zero_dice_points(53, 60), 9);
        assert_eq!(zero(53, 60), 67, "62 is sus");
        assert_eq!(r.zero_dice_points(15, 37), 6);
        assert_eq!(zero(15, 37), 23);
        assert_eq!(r.zero_dice_points(41, 42), 9);
        assert_eq!(zero(41, 42), 50, "50 has 6 divisors");
    }

    #[test]
    fn swaps_can_hand_the_win_to_the_other_player() {
        // double-swap: 90 vs 50 scores 10, 100 vs 50 swaps.
        let r = Rules::preset(Preset::DoubleSwap, 100).unwrap();
        assert_eq!(r.landing(90 + 10, 50), Landing::Lose);
        // reverse-swap: 90 vs 70 scores 17, 107 vs 70 swaps.
        let r = Rules::preset(Preset::ReverseSwap, 100).unwrap();
        assert_eq!(r.landing(90 + 17, 70), Landing::Lose);
        // digit-swap: 91 vs 12 scores 20, 111 vs 12 swaps.
        let r = Rules::preset(Preset::DigitSwap, 100).unwrap();
        assert_eq!(r.landing(91 + 20, 12), Landing::Lose);
        // 41 vs 92 scores 8: the swap gives the mover 92 and the game goes on
        // with the other player to move at 49 vs 92.
        let end = r.after_turn(41 + 8, 92);
        assert_eq!((end.mover, end.other), (92, 49));
        assert_eq!(
            r.landing(41 + 8, 92),
            Landing::Next(state_index(100, 49, 92))
        );
    }

    #[test]
    fn reaching_the_goal_wins_unless_a_swap_takes_it_away() {
        // Before a turn both scores are below the goal, so a swap can only
        // ever take a winning score away from the mover, never give one.
        let r = Rules::preset(Preset::DoubleSwap, 100).unwrap();
        assert_eq!(
            r.landing(60 + 60, 60),
            Landing::Lose,
            "ten sixes: 120 = 2 * 60"
        );
        assert_eq!(r.landing(100 + 1, 50), Landing::Win);
        let r = Rules::preset(Preset::DigitSwap, 100).unwrap();
        assert_eq!(r.landing(95 + 10, 51), Landing::Lose, "105 vs 51: 5 == 5");
        assert_eq!(r.landing(95 + 10, 41), Landing::Win, "105 vs 41: 5 != 4");
        let r = Rules::preset(Preset::ReverseSwap, 100).unwrap();
        assert_eq!(
            r.landing(120, 2),
            Landing::Lose,
            "120 % 100 = 20 reversed is 02"
        );
        assert_eq!(r.landing(120, 3), Landing::Win);
    }

    #[test]
    fn a_score_of_goal_or_more_wins() {
        let r = fa24();
        assert_eq!(r.landing(100, 99), Landing::Win);
        assert_eq!(r.landing(163, 0), Landing::Win);
        // 95 has 4 divisors: Sus Fuss lifts it to 97, still below the goal.
        assert_eq!(r.after_turn(95, 0).mover, 97);
        assert_eq!(r.landing(95, 3), Landing::Next(state_index(100, 3, 97)));
    }

    #[test]
    fn the_state_table_holds_what_the_rules_compute() {
        for preset in Preset::ALL {
            let r = Rules::preset(preset, 100).unwrap();
            let table = r.state_table();
            assert!(table.table.is_some(), "goal 100 is tabulated");
            for t in 0..100 {
                for o in 0..100 {
                    let index = state_index(100, t, o);
                    let (t32, o32) = (t as u32, o as u32);
                    assert_eq!(table.landing(index, t, o), r.landing(t32, o32));
                    assert_eq!(
                        table.zero_dice_points(index, t, o),
                        r.zero_dice_points(t32, o32)
                    );
                }
            }
        }
    }

    #[test]
    fn names_say_what_the_rules_are() {
        assert_eq!(fa24().name(), "fa24");
        let custom = Components {
            after_turn: AfterTurn::SwapDouble,
            ..Preset::Fa24.components()
        };
        let r = Rules::new(Preset::Fa24, custom, 100).unwrap();
        assert_eq!(r.name(), "boar-brawl+six-sided+swap-double");
    }

    #[test]
    fn goal_zero_and_huge_goals_are_refused() {
        assert!(Rules::preset(Preset::Fa24, 0).is_err());
        assert!(Rules::preset(Preset::Fa24, MAX_GOAL + 1).is_err());
    }
}
