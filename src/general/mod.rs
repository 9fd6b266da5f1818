//! Rules given as functions ([`ScoreRules`]): the trait every rule set
//! whose state is the two scores implements, the outcome distributions of
//! rolls of any dice, the rules tabulated state by state for the engine
//! ([`RuleTables`]). Rules written in Python are `crate::rules::python`.

mod outcomes;
mod point_set;
mod tables;

pub use outcomes::{die_code, PigOut, Rolls, DIE_CODES, REROLLED, SIDES};
pub(crate) use point_set::PointSet;
pub use tables::{
    Part, Roll, RuleTables, ScoreRules, Slot, Told, CONSTANTS, MAX_RULES_GOAL, MAX_TURN_POINTS,
    MAX_TURN_READING_GOAL,
};
