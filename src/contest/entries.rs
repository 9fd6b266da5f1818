//! Submissions: every `*.py` file of a folder, tabulated in its own Python
//! process (several at once), with its name checked.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::error::HogError;
use crate::rules::Rules;
use crate::strategy::{python_entry, EntryName, PythonServer, StrategyTable};

use super::table_cache::{file_key, TableCache};

/// The longest name an entry may have, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// An entry of the contest.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its name (`PLAYER_NAME`, or `TEAM_NAME` in older semesters).
    pub name: String,
    /// The submission's file name.
    pub file: String,
    /// Its strategy.
    pub table: StrategyTable,
    /// Why it plays `always_roll(N)` instead of its own strategy, if it does
    /// (`--default-dice`).
    pub defaulted: Option<String>,
}

/// A submission left out, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Rejected {
    /// The submission's file name.
    pub file: String,
    /// What is wrong with it, in one line.
    pub reason: String,
}

/// How submissions are entered.
#[derive(Debug, Clone)]
pub struct EntryOptions {
    /// The function every submission defines.
    pub function: String,
    /// The time a submission may take to import and tabulate.
    pub timeout: Duration,
    /// Python processes at once.
    pub jobs: usize,
    /// Enter a submission whose strategy fails as `always_roll(N)`.
    pub default_dice: Option<u8>,
}

/// The `*.py` files of `dir`, by name.
pub fn discover(dir: &Path) -> Result<Vec<PathBuf>, HogError> {
    let io = |e: std::io::Error| HogError::Io {
        path: dir.to_path_buf(),
        source: e,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "py") && p.is_file())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(HogError::BadArgument(format!(
            "{} holds no submissions (*.py files)",
            dir.display()
        )));
    }
    Ok(files)
}

/// What one submission gave.
struct Tabulated {
    file: String,
    stem: String,
    table: Result<StrategyTable, HogError>,
    name: Option<EntryName>,
    /// The cache key of the file's bytes (none if it could not be read).
    key: Option<u64>,
    /// Whether the table came from the cache.
    cached: bool,
}

/// The name a submission gives itself, or why it is not a name.
fn checked_name(name: &Option<EntryName>) -> Result<String, String> {
    match name {
        None | Some(EntryName::Missing) => {
            Err("it defines no PLAYER_NAME (or TEAM_NAME)".to_string())
        }
        Some(EntryName::NotText {
            attribute,
            kind,
            shown,
        }) => Err(format!(
            "{attribute} is {shown} (of type {kind}), not a string"
        )),
        Some(EntryName::Text { attribute, value }) => {
            let chars = value.chars().count();
            if value.trim().is_empty() {
                Err(format!("{attribute} is empty"))
            } else if chars > MAX_NAME_CHARS {
                Err(format!(
                    "{attribute} is {chars} characters long; a name has at most {MAX_NAME_CHARS}"
                ))
            } else {
                Ok(value.clone())
            }
        }
    }
}

/// Tabulate every submission in `files` for `rules` and check the names:
/// the entries and the submissions left out, both in file order. A broken
/// strategy never stops the contest: it is left out (or entered as
/// `always_roll(N)` with `default_dice`). `on_file` is called as each
/// submission finishes.
pub fn enter(
    files: &[PathBuf],
    rules: &Rules,
    options: &EntryOptions,
    cache: &TableCache,
    on_file: &(dyn Fn() + Sync),
) -> Entered {
    use rayon::prelude::*;
    // One Python started once, forking a fresh process per submission;
    // where there is none, each submission starts a python3 of its own.
    let server = PythonServer::start();
    let run_python = |path: &Path| {
        server
            .as_ref()
            .and_then(|s| s.entry(path, &options.function, rules.goal(), options.timeout))
            .unwrap_or_else(|| python_entry(path, &options.function, rules.goal(), options.timeout))
    };
    let tabulate = || {
        files
            .par_iter()
            .map(|path| {
                let key = std::fs::read(path)
                    .ok()
                    .map(|bytes| file_key(rules, &options.function, &bytes));
                let stem = path
                    .file_stem()
                    .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
                if let Some((table, name)) = key.and_then(|k| cache.get(k)) {
                    on_file();
                    return Tabulated {
                        file: file_name(path),
                        stem,
                        table: Ok(table.clone()),
                        name: Some(name.clone()),
                        key,
                        cached: true,
                    };
                }
                let run = run_python(path);
                on_file();
                Tabulated {
                    file: file_name(path),
                    stem,
                    table: run.table,
                    name: run.name,
                    key,
                    cached: false,
                }
            })
            .collect::<Vec<_>>()
    };
    // Each job waits on a Python process: a pool of its own, so that the
    // number of processes is --jobs whatever the machine's cores.
    let runs = match rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
    {
        Ok(pool) => pool.install(tabulate),
        Err(_) => tabulate(),
    };
    let mut next = TableCache::new();
    let mut from_cache = 0;
    for run in &runs {
        from_cache += usize::from(run.cached);
        if let (Some(key), Ok(table), Some(name)) = (run.key, &run.table, &run.name) {
            next.insert(key, table.clone(), name.clone());
        }
    }
    let mut entries: Vec<Option<Entry>> = Vec::new();
    let mut rejected: Vec<(usize, Rejected)> = Vec::new();
    for (i, run) in runs.into_iter().enumerate() {
        let reject = |reason: String| Rejected {
            file: run.file.clone(),
            reason,
        };
        // A table may roll -1 dice only where the rules have that move.
        let table = run.table.and_then(|table| {
            rules.check_moves(&table, &run.file)?;
            Ok(table)
        });
        match (checked_name(&run.name), table) {
            (Ok(name), Ok(table)) => entries.push(Some(Entry {
                name,
                file: run.file.clone(),
                table,
                defaulted: None,
            })),
            (name, Err(e)) => match options.default_dice {
                Some(n) => entries.push(Some(Entry {
                    name: name.unwrap_or_else(|_| run.stem.clone()),
                    file: run.file.clone(),
                    table: StrategyTable::constant(rules.goal(), n),
                    defaulted: Some(one_line(&e)),
                })),
                None => {
                    entries.push(None);
                    rejected.push((i, reject(one_line(&e))));
                }
            },
            (Err(why), Ok(_)) => {
                entries.push(None);
                rejected.push((i, reject(why)));
            }
        }
    }
    // Two entries with one name: neither is the real one, so both are out.
    let names: Vec<Option<String>> = entries
        .iter()
        .map(|e| e.as_ref().map(|e| e.name.clone()))
        .collect();
    for (i, entry) in entries.iter_mut().enumerate() {
        let Some(name) = names[i].as_ref() else {
            continue;
        };
        let others: Vec<&str> = names
            .iter()
            .enumerate()
            .filter(|&(j, other)| j != i && other.as_ref() == Some(name))
            .map(|(j, _)| files_name(files, j))
            .collect();
        if !others.is_empty() {
            let file = entry.as_ref().map(|e| e.file.clone()).unwrap_or_default();
            rejected.push((
                i,
                Rejected {
                    file,
                    reason: format!(
                        "its name '{}' is also the name of {}",
                        crate::strategy::grammar::clip(name, 60),
                        others.join(", ")
                    ),
                },
            ));
            *entry = None;
        }
    }
    rejected.sort_by_key(|(i, _)| *i);
    Entered {
        entries: entries.into_iter().flatten().collect(),
        rejected: rejected.into_iter().map(|(_, r)| r).collect(),
        cache: next,
        from_cache,
    }
}

/// What [`enter`] found.
#[derive(Debug, Clone)]
pub struct Entered {
    /// The entries, in file order.
    pub entries: Vec<Entry>,
    /// The submissions left out, in file order.
    pub rejected: Vec<Rejected>,
    /// The tables of this run's submissions, for the next run.
    pub cache: TableCache,
    /// Submissions whose table came from the cache (no Python run).
    pub from_cache: usize,
}

fn files_name(files: &[PathBuf], i: usize) -> &str {
    files[i].file_name().and_then(|n| n.to_str()).unwrap_or("?")
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// An error without the spec the Python strategy error starts with: the
/// report names the file already.
fn one_line(e: &HogError) -> String {
    match e {
        HogError::Python { reason, .. } => reason.replace('\n', " "),
        other => other.to_string().replace('\n', " "),
    }
}
