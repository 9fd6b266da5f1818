//! The Hog Contest: every `*.py` submission in a folder tabulated in its own
//! Python process, every entry against every other exactly, and the
//! course's scoring (a point for each opponent beaten by more than a
//! margin; equal points share a rank). Pair results are cached by the
//! hashes of the two tables, so a re-run evaluates only what changed.

mod cache;
mod entries;
mod page;
mod standings;
mod table_cache;

pub use cache::{table_hash, PairCache, TableKey};
pub use entries::{
    discover, enter, log_path, Entered, Entry, EntryOptions, Folder, Rejected, MAX_JOBS,
    MAX_NAME_CHARS,
};
pub use page::html_page;
pub use standings::{standings, Standing, Standings};
pub use table_cache::{file_key, helpers_digest, FileKey, Kept, Refusal, TableCache};

/// The course's margin: a match is won with a rate above 0.5 + 1e-6
/// (0.500001 in the course's scripts).
pub const DEFAULT_MARGIN: f64 = 1e-6;

/// A cache file's text: pretty JSON ending in a newline.
fn json_file(value: &serde_json::Value) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(value).unwrap_or_default()
    )
}
