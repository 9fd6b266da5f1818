//! Rules given as functions ([`ScoreRules`]: a Python rules file, later a
//! rules file of components) inside a [`Rules`], solved on the general
//! path; and the components' rules as functions, so that both paths can be
//! held against each other.

use std::sync::Arc;

use super::{DiceRule, Rules, LANDING_REACH, MAX_TURN_POINTS};
use crate::dice::MAX_DICE;
use crate::general::{PigOut, RuleTables, ScoreRules};
use crate::recall::Remembering;

/// The functions and their tables: what a [`Rules`] built by
/// [`Rules::from_functions`] holds.
#[derive(Clone)]
pub struct Functions {
    /// What the rules are called (the file's name).
    pub name: String,
    /// Where they come from.
    pub origin: Origin,
    /// The functions themselves, for a game played turn by turn.
    pub rules: Arc<dyn ScoreRules + Send + Sync>,
    /// Every function tabulated and checked, for the general path; `None`
    /// for rules with the fast path's structure, which `fast_structure`
    /// checked instead (they need none of the general path's tables).
    pub tables: Option<Arc<RuleTables>>,
    /// Whether the rules have the fast path's structure and take it.
    pub fast: bool,
    /// What each player remembers of their previous turn, for rules with
    /// memory (see [`Rules::with_memory`]).
    pub memory: Option<Remembering>,
    /// The identity of these rules where their functions cannot describe
    /// themselves: this instance's own.
    pub instance: super::RulesId,
}

/// Where rules given as functions come from: reports say so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A Python rules file (`--rules-py`).
    Python,
    /// A rules file of components (`--rules-file`).
    RulesFile,
    /// A rules file built into hog (`--rules fa19`).
    BuiltIn,
    /// Rust code (the library's own users, the tests).
    Code,
}

impl Origin {
    /// For headers: "rules.py (from Python), goal 100".
    pub fn words(self) -> &'static str {
        match self {
            Origin::Python => "from Python",
            Origin::RulesFile => "rules file",
            Origin::BuiltIn => "built in",
            Origin::Code => "functions",
        }
    }

    /// What reports give as each component's name.
    pub fn component_name(self) -> &'static str {
        match self {
            Origin::Python => "python",
            Origin::RulesFile | Origin::BuiltIn => "rules-file",
            Origin::Code => "functions",
        }
    }
}

impl std::fmt::Debug for Functions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Functions")
            .field("name", &self.name)
            .finish()
    }
}

/// The dice rule of the fast path that gives `rules`' dice, if one does:
/// six sides everywhere, or Hog Wild's four on sums that are multiples of
/// 7 and six elsewhere.
fn dice_rule_of(rules: &dyn ScoreRules) -> Option<DiceRule> {
    let n = rules.goal();
    let states = || (0..n).flat_map(move |s| (0..n).map(move |o| (s, o)));
    [DiceRule::SixSided, DiceRule::HogWild]
        .into_iter()
        .find(|rule| states().all(|(s, o)| rules.dice_sides(s, o) == rule.sides(s, o)))
}

/// The fast path's dice rule for `rules` if they have its structure (see
/// the assumptions of the engine's fast backend): a roll with a 1 scores 1 and no rule
/// changes a turn's points; zero dice give 1 to [`MAX_TURN_POINTS`] points;
/// six-sided dice or Hog Wild, never capped or rerolled; no extra turns; a turn that reaches the goal
/// leaves exactly one player there; and `after_turn` never lowers the sum
/// of the raw score and the opponent's (the fast sweep fills each diagonal's
/// landings from the diagonals already done).
pub(super) fn fast_structure(rules: &dyn ScoreRules) -> Option<DiceRule> {
    if rules.pig_out() != PigOut::Points(1) || rules.has_turn_points() || rules.reads_turn() {
        return None;
    }
    let dice = dice_rule_of(rules)?;
    let n = rules.goal();
    for s in 0..n {
        for o in 0..n {
            let z = rules.zero_dice(s, o);
            if z == 0
                || z as usize > MAX_TURN_POINTS
                || rules.max_dice(s, o) != MAX_DICE as u32
                || rules.rerolled(s, o)
            {
                return None;
            }
        }
    }
    for o in 0..n {
        for t in 1..n + LANDING_REACH as u32 {
            let (mover, other) = rules.after_turn(t, o);
            let ok = match (mover >= n, other >= n) {
                (true, true) => false,
                (true, false) | (false, true) => true,
                (false, false) => {
                    t < n
                        && u64::from(mover) + u64::from(other) >= u64::from(t) + u64::from(o)
                        && !rules.extra_turn(mover, other)
                }
            };
            if !ok {
                return None;
            }
        }
    }
    Some(dice)
}

/// A preset's components (or any composed rule set's) as functions of the
/// scores, with no question per call of where the rules come from: the
/// sampler's game loop compiles down to the components' own code. The one
/// place the components become score rules.
pub struct ComponentRules<'a>(pub &'a Rules);

impl ScoreRules for ComponentRules<'_> {
    fn goal(&self) -> u32 {
        self.0.goal()
    }

    #[inline]
    fn zero_dice(&self, score: u32, opponent: u32) -> u32 {
        self.0.components().zero_dice.points(score, opponent)
    }

    #[inline]
    fn dice_sides(&self, score: u32, opponent: u32) -> u32 {
        self.0.components().dice.sides(score, opponent)
    }

    #[inline]
    fn after_turn(&self, score: u32, opponent: u32) -> (u32, u32) {
        let end = self
            .0
            .components()
            .after_turn
            .apply(score, opponent, |s| self.0.sus_points(s));
        (end.mover, end.other)
    }
}

/// A preset or a composed rule set, as functions: the fast path's rules on
/// the general path.
impl ScoreRules for Rules {
    fn goal(&self) -> u32 {
        Rules::goal(self)
    }

    fn zero_dice(&self, score: u32, opponent: u32) -> u32 {
        self.zero_dice_points(score, opponent)
    }

    fn dice_sides(&self, score: u32, opponent: u32) -> u32 {
        match self.functions() {
            Some(f) => f.rules.dice_sides(score, opponent),
            None => ComponentRules(self).dice_sides(score, opponent),
        }
    }

    fn rerolled(&self, score: u32, opponent: u32) -> bool {
        self.functions()
            .is_some_and(|f| f.rules.rerolled(score, opponent))
    }

    fn max_dice(&self, score: u32, opponent: u32) -> u32 {
        match self.functions() {
            Some(f) => f.rules.max_dice(score, opponent),
            None => MAX_DICE as u32,
        }
    }

    fn pig_out(&self) -> PigOut {
        match self.functions() {
            Some(f) => f.rules.pig_out(),
            None => PigOut::Points(1),
        }
    }

    fn has_turn_points(&self) -> bool {
        self.functions().is_some_and(|f| f.rules.has_turn_points())
    }

    fn turn_points(&self, points: u32, dice: u32, score: u32, opponent: u32) -> u32 {
        match self.functions() {
            Some(f) => f.rules.turn_points(points, dice, score, opponent),
            None => points,
        }
    }

    fn after_turn(&self, score: u32, opponent: u32) -> (u32, u32) {
        let end = Rules::after_turn(self, score, opponent);
        (end.mover, end.other)
    }

    fn reads_turn(&self) -> bool {
        self.functions().is_some_and(|f| f.rules.reads_turn())
    }

    fn turn_end(&self, score: u32, opponent: u32, points: u32, dice: u32) -> (u32, u32) {
        let end = Rules::turn_end(self, score, opponent, points, dice);
        (end.mover, end.other)
    }

    fn extra_turn(&self, score: u32, opponent: u32) -> bool {
        self.functions()
            .is_some_and(|f| f.rules.extra_turn(score, opponent))
    }

    // What these functions answer, without a memory or a clock (which
    // they do not give).
    fn content(&self, out: &mut dyn std::fmt::Write) -> bool {
        match self.functions() {
            Some(f) => f.rules.content(out),
            None => write!(
                out,
                "{:?}",
                (self.base(), self.components(), Rules::goal(self))
            )
            .is_ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SweepOptions;
    use crate::engine::{best_response, solve as optimal};
    use crate::general::PigOut;
    use crate::rules::Preset;
    use crate::table::StrategyTable;

    /// A preset given as functions takes the general path through every
    /// entry point of the sweep, and lands within 1e-15 of the fast path.
    /// Rules without the fast path's structure are sent to the general path.
    #[test]
    fn only_rules_with_the_fast_structure_take_the_fast_path() {
        struct Zero(u32, PigOut);
        impl ScoreRules for Zero {
            fn goal(&self) -> u32 {
                20
            }
            fn zero_dice(&self, _: u32, o: u32) -> u32 {
                self.0 + o % 3
            }
            fn pig_out(&self) -> PigOut {
                self.1
            }
        }
        let fast = |rules: Zero| {
            Rules::from_functions("z".into(), Origin::Code, Arc::new(rules))
                .unwrap()
                .general()
                .is_none()
        };
        assert!(fast(Zero(1, PigOut::Points(1))));
        // The fast path needs no general tables; the general path builds them.
        let rules = Rules::from_functions(
            "z".into(),
            Origin::Code,
            Arc::new(Zero(1, PigOut::Points(1))),
        )
        .unwrap();
        assert!(rules.functions().unwrap().tables.is_none());
        let general = rules.on_the_general_path();
        assert_eq!(general.general().unwrap().goal(), 20);
        assert!(!fast(Zero(0, PigOut::Points(1))), "zero dice worth nothing");
        assert!(!fast(Zero(1, PigOut::Points(0))), "a Pig Out worth nothing");
        assert!(!fast(Zero(1, PigOut::Ones)));
        assert!(
            !fast(Zero(61, PigOut::Points(1))),
            "more points than the landing table"
        );
    }

    /// The goal bound of rules as functions holds on the fast path too,
    /// which builds no general tables (so the general path's own check
    /// does not run): a preset at goal 2001 given as functions is refused.
    #[test]
    fn rules_as_functions_past_the_goal_bound_are_refused_on_both_paths() {
        let preset = Rules::preset(Preset::Fa24, 2001).unwrap();
        let err = Rules::from_functions("big".into(), Origin::Code, Arc::new(preset))
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "bad rules: big: goal 2001 is outside 1 to 2000 for rules given as functions"
        );
        let preset = Rules::preset(Preset::Fa24, 2000).unwrap();
        let rules = Rules::from_functions("big".into(), Origin::Code, Arc::new(preset)).unwrap();
        assert!(rules.general().is_none());
    }

    #[test]
    fn rules_as_functions_solve_through_the_usual_entry_points() {
        for preset in Preset::ALL {
            let fast = Rules::preset(preset, 60).unwrap();
            let auto =
                Rules::from_functions("copy".into(), Origin::Code, Arc::new(fast.clone())).unwrap();
            // The presets have the fast path's structure: given as functions
            // they take it, and give the preset's bits.
            assert!(auto.general().is_none() && !auto.is_preset());
            let (x, y) = (
                optimal(&fast, &SweepOptions::default()),
                optimal(&auto, &SweepOptions::default()),
            );
            assert_eq!(x.table(), y.table());
            assert_eq!(x.value(0, (7, 9)).to_bits(), y.value(0, (7, 9)).to_bits());
            let general = auto.on_the_general_path();
            assert_eq!(general.name(), "copy");
            assert!(general.general().is_some());
            let options = SweepOptions::default();
            let (a, b) = (optimal(&fast, &options), optimal(&general, &options));
            let table = StrategyTable::from_fn(60, |s, o| ((s + 2 * o) % 11) as u8);
            let (c, d) = (
                best_response(&fast, &table, &options),
                best_response(&general, &table, &options),
            );
            for s in 0..60 {
                for o in 0..60 {
                    let gap = (a.value(0, (s, o)) - b.value(0, (s, o))).abs();
                    assert!(gap <= 1e-15, "{preset:?} ({s}, {o})");
                    let gap = (c.value(0, (s, o)) - d.value(0, (s, o))).abs();
                    assert!(gap <= 1e-15, "{preset:?} ({s}, {o})");
                    let (x, y) = (a.choice_values(0, (s, o)), b.choice_values(0, (s, o)));
                    for k in 0..=crate::dice::MAX_DICE {
                        assert!((x[k] - y[k]).abs() <= 1e-15, "{preset:?} ({s}, {o}) {k}");
                    }
                }
            }
            let rates =
                |r: &Rules| crate::engine::win_rates(r, &table, &a.table(), &options).average;
            assert!((rates(&fast) - rates(&general)).abs() <= 1e-15);
        }
    }
}
