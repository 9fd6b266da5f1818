//! The engine's backend for rules given as functions: any rule set whose
//! state is the two scores ([`ScoreRules`](crate::general::ScoreRules)),
//! solved exactly by applying each state's outcome distribution to the
//! values.
//!
//! The fast sweep (`super::fast`) folds the rules into lookup rows, which
//! needs the structure its documentation lists: landings that depend only
//! on the raw score and the opponent's, dice that depend only on the score
//! sum, a roll's points independent of the state, and a turn that always
//! raises the sum and hands the move over. Here none of that is needed:
//! dice may depend on both scores and have 2 to 20 sides, a Pig Out may
//! score 0 or the number of 1s, a rule may change a turn's points, a turn
//! may keep the sum (solved as a fixed point on its diagonal), give the
//! mover another turn, or end the game with both players at the goal (half
//! a win each). The price is a read of every final point total a state can
//! score, and a compensated sum per choice, instead of a dot product.
//!
//! The presets run on both paths (`rules::functions` gives them as
//! `ScoreRules`); the tests hold the two to 1e-15.

mod exact;
mod landings;
mod level;
mod linked;
mod seats;
mod split;
mod sweep;

pub use sweep::{general_sweep, GeneralResult};

#[cfg(test)]
pub(crate) mod tests;
