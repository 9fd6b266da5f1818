//! Integration tests of the `hog` binary, compiled into one test binary
//! (`cargo test --release --test cli`; one module of them, for example:
//! `cargo test --release --test cli play::`). Every command runs in a
//! scratch folder of its own, so default output folders land there.

mod analyzer;
mod bad_input;
mod check;
mod check_formats;
mod check_hostile;
mod check_real;
mod children;
mod contest;
mod contexts;
mod determinism;
mod docs;
mod edges;
mod eval;
mod files;
mod freshness;
mod fuzz;
mod matching;
mod matrix;
mod memory;
mod perfect_piggy;
mod pictures;
mod play;
mod pork_chop;
mod process;
mod python;
mod rates;
mod rules_py;
mod serve;
mod simulate;
mod solve;
mod tables;
mod util;

#[path = "../support/rules.rs"]
mod support;
