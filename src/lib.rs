#![warn(missing_docs)]
//! `hog`: an exact strategy solver and analyzer for Hog, the dice game of
//! UC Berkeley's CS 61A.
//!
//! ```
//! use hog::rules::{Preset, Rules};
//! use hog::strategy::{Resolver, StrategyTable};
//! use hog::engine::{self, SweepOptions};
//!
//! let rules = Rules::preset(Preset::Fa24, 100).unwrap();
//! let optimal = engine::solve(&rules, &SweepOptions::default());
//! assert_eq!(optimal.value(0, (0, 0)), 0.5692403452159005);
//! let baseline = StrategyTable::constant(100, 6);
//! let table = optimal.table();
//! let rates = engine::win_rates(&rules, &table, &baseline, &SweepOptions::default());
//! assert!(rates.average > 0.5);
//! let boar = Resolver::new(&rules, SweepOptions::default()).resolve_str("boar_strategy").unwrap();
//! assert_eq!(boar.get(7, 2), 0); // Boar Brawl gives 21 points there
//! ```

pub mod alloc;
pub mod check;
pub mod child;
pub mod cleanup;
#[cfg(feature = "cli")]
pub mod cli;
pub mod contest;
pub mod descendants;
pub mod dice;
pub mod engine;
pub mod error;
pub mod explain;
pub mod export;
pub mod general;
pub mod hash;
pub mod input;
pub mod memory;
pub mod play;
#[cfg(feature = "plot")]
pub mod plot;
#[cfg(feature = "python")]
mod python;
pub mod rates;
pub mod recall;
pub mod report;
pub mod rng;
pub mod rules;
#[cfg(feature = "serve")]
pub mod serve;
pub mod simulate;
pub mod strategy;
pub mod table;
pub mod text;
pub mod tournament;
pub mod turn;

pub use error::HogError;
