//! Integration tests of the `hog` binary, compiled into one test binary
//! (`cargo test --release --test cli`). Every command runs in a scratch
//! folder of its own, so default output folders land there.

mod bad_input;
mod contest;
mod determinism;
mod docs;
mod edges;
mod eval;
mod files;
mod freshness;
mod matching;
mod process;
mod rates;
mod serve;
mod solve;
mod tables;
mod util;
