//! Writing tables to files: one small module per format, and an atomic
//! file set so a failed run never leaves a half-written table behind.

mod atomic;
mod final_strategy;
mod in_order;
mod json_table;
pub mod number;
mod python_module;
mod win_probabilities;
mod with_memory;

pub use atomic::{AtomicFiles, Committed};
pub use final_strategy::write_final_strategy;
pub use json_table::write_json_table;
pub use python_module::write_python_module;
pub use win_probabilities::{
    win_probabilities_batch_bytes, win_probabilities_bytes, write_win_probabilities,
};
pub use with_memory::{write_context_table, write_memory_strategy};
