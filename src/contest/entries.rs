//! Submissions: every `*.py` file of a folder that is not a helper module,
//! tabulated in its own Python process (several at once, each in the
//! folder, its prints in a log of its own), with its name checked.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::error::HogError;
use crate::rules::Rules;
use crate::strategy::{python_entry, EntryName, PythonServer, StrategyTable};

use super::table_cache::{file_key, helpers_digest, FileKey, Kept, Refusal, TableCache};

/// The longest name an entry may have, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// The most Python processes a contest runs at once.
pub const MAX_JOBS: usize = 256;

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
    /// A folder for each submission's prints (`FILE.log`); without one
    /// they show on stderr.
    pub logs: Option<PathBuf>,
}

/// The `*.py` files of a contest folder, sorted out.
#[derive(Debug, Clone, Default)]
pub struct Folder {
    /// The submissions, by name.
    pub submissions: Vec<PathBuf>,
    /// Modules other files import that define no strategy (`dice.py`,
    /// `ucb.py`): not entered, but beside every submission that imports
    /// them (their bytes are part of each submission's cache key).
    pub helpers: Vec<PathBuf>,
    /// Files left out by `--exclude`.
    pub excluded: Vec<PathBuf>,
}

/// The `*.py` files of `dir`: submissions, helpers (files that never name
/// `function` and that another file imports) and files whose names match
/// an `exclude` pattern (`*` any run of characters, `?` one).
pub fn discover(dir: &Path, function: &str, exclude: &[String]) -> Result<Folder, HogError> {
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
    let mut folder = Folder::default();
    let texts: Vec<String> = files
        .iter()
        .map(|f| {
            std::fs::read(f)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default()
        })
        .collect();
    for (i, file) in files.iter().enumerate() {
        let name = file_name(file);
        if exclude.iter().any(|pattern| matches(pattern, &name)) {
            folder.excluded.push(file.clone());
            continue;
        }
        let module = name.trim_end_matches(".py");
        let imported = texts
            .iter()
            .enumerate()
            .any(|(j, text)| j != i && imports(text, module));
        if imported && !texts[i].contains(function) {
            folder.helpers.push(file.clone());
        } else {
            folder.submissions.push(file.clone());
        }
    }
    if folder.submissions.is_empty() {
        return Err(HogError::BadArgument(format!(
            "{} holds no submissions: every *.py file is a helper or excluded",
            dir.display()
        )));
    }
    Ok(folder)
}

/// Whether Python source `text` imports `module` (`import dice`, `import
/// a, dice as d`, `from dice import roll`).
fn imports(text: &str, module: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("from ") {
            return rest.split_whitespace().next() == Some(module);
        }
        if let Some(rest) = line.strip_prefix("import ") {
            return rest
                .split(',')
                .filter_map(|part| part.split_whitespace().next())
                .any(|name| name == module);
        }
        false
    })
}

/// Whether `name` matches the glob `pattern` (`*` any run, `?` one
/// character).
fn matches(pattern: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pattern.chars().collect(), name.chars().collect());
    // The usual two-pointer walk, going back to the last `*` on a mismatch.
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && (p[i] == '?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// What one submission gave.
struct Tabulated {
    file: String,
    stem: String,
    modified: Option<SystemTime>,
    table: Result<StrategyTable, HogError>,
    name: Option<EntryName>,
    /// The cache key of the file's bytes (none if it could not be read).
    key: Option<FileKey>,
    /// What to keep for the next run, if anything.
    kept: Option<Kept>,
    /// Whether the outcome came from the cache.
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

/// The log of submission `file` in `logs`.
pub fn log_path(logs: &Path, file: &str) -> PathBuf {
    logs.join(format!("{file}.log"))
}

/// Tabulate every submission of `folder` for `rules` and check the names:
/// the entries and the submissions left out, both in file order. A broken
/// strategy never stops the contest: it is left out (or entered as
/// `always_roll(N)` with `default_dice`). `on_file` is called as each
/// submission finishes.
pub fn enter(
    folder: &Folder,
    rules: &Rules,
    options: &EntryOptions,
    cache: &TableCache,
    on_file: &(dyn Fn() + Sync),
) -> Entered {
    use rayon::prelude::*;
    let files = &folder.submissions;
    let helpers: Vec<(String, Vec<u8>)> = folder
        .helpers
        .iter()
        .map(|h| (file_name(h), std::fs::read(h).unwrap_or_default()))
        .collect();
    let helpers = helpers_digest(&helpers);
    // One Python started once, forking a fresh process per submission;
    // where there is none, each submission starts a python3 of its own.
    let server = PythonServer::start();
    let run_python = |path: &Path, log: Option<&Path>| {
        let (function, goal, timeout) = (&options.function, rules.goal(), options.timeout);
        server
            .as_ref()
            .and_then(|s| s.entry(path, function, goal, timeout, log))
            .unwrap_or_else(|| python_entry(path, function, goal, timeout, log))
    };
    let tabulate = || {
        files
            .par_iter()
            .map(|path| {
                let file = file_name(path);
                let key = std::fs::read(path)
                    .ok()
                    .map(|bytes| file_key(rules, &options.function, &helpers, &bytes));
                let stem = path
                    .file_stem()
                    .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
                let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
                if let Some(kept) = key.as_ref().and_then(|k| cache.get(k, options.timeout)) {
                    on_file();
                    let spec = format!("{}:{}", path.display(), options.function);
                    return Tabulated {
                        file,
                        stem,
                        modified,
                        table: kept.table.clone().map_err(|r| HogError::Python {
                            spec,
                            reason: r.reason,
                        }),
                        name: kept.name.clone(),
                        key,
                        kept: Some(kept.clone()),
                        cached: true,
                    };
                }
                let log = options.logs.as_deref().map(|dir| log_path(dir, &file));
                let run = run_python(path, log.as_deref());
                on_file();
                let kept = run.ran.then(|| Kept {
                    table: match &run.table {
                        Ok(table) => Ok(table.clone()),
                        Err(e) => Err(Refusal {
                            reason: one_line(e),
                            timed_out: run.timed_out.then_some(options.timeout.as_secs_f64()),
                        }),
                    },
                    name: run.name.clone(),
                });
                Tabulated {
                    file,
                    stem,
                    modified,
                    table: run.table,
                    name: run.name,
                    key,
                    kept,
                    cached: false,
                }
            })
            .collect::<Vec<_>>()
    };
    // Each job waits on a Python process: a pool of its own, so that the
    // number of processes is --jobs whatever the machine's cores (and no
    // more than there are files).
    let jobs = options.jobs.clamp(1, MAX_JOBS).min(files.len().max(1));
    let runs = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool.install(tabulate),
        Err(_) => tabulate(),
    };
    let mut next = TableCache::new();
    let mut from_cache = 0;
    let mut ran: Vec<String> = Vec::new();
    for run in &runs {
        from_cache += usize::from(run.cached);
        if !run.cached {
            ran.push(run.file.clone());
        }
        if let (Some(key), Some(kept)) = (run.key, &run.kept) {
            next.insert(key, kept.clone());
        }
    }
    let mut entries: Vec<Option<Entry>> = Vec::new();
    let mut rejected: Vec<(usize, Rejected)> = Vec::new();
    for (i, run) in runs.iter().enumerate() {
        let reject = |reason: String| Rejected {
            file: run.file.clone(),
            reason,
        };
        // A table may roll -1 dice only where the rules have that move.
        let table = match &run.table {
            Ok(table) => rules.check_table(table, &run.file).map(|()| table.clone()),
            Err(e) => Err(HogError::Python {
                spec: run.file.clone(),
                reason: one_line(e),
            }),
        };
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
    reject_later_namesakes(&runs, &mut entries, &mut rejected);
    rejected.sort_by_key(|(i, _)| *i);
    Entered {
        entries: entries.into_iter().flatten().collect(),
        rejected: rejected.into_iter().map(|(_, r)| r).collect(),
        cache: next,
        from_cache,
        ran,
    }
}

/// Two entries with one name: as the course's contest does, the first
/// submitter keeps it (the earlier file by modification time, then by
/// name) and the later ones are left out, saying so.
fn reject_later_namesakes(
    runs: &[Tabulated],
    entries: &mut [Option<Entry>],
    rejected: &mut Vec<(usize, Rejected)>,
) {
    let order = |i: usize| (runs[i].modified, runs[i].file.clone());
    let names: Vec<Option<String>> = entries
        .iter()
        .map(|e| e.as_ref().map(|e| e.name.clone()))
        .collect();
    for (i, name) in names.iter().enumerate() {
        let Some(name) = name else {
            continue;
        };
        let first = (0..names.len())
            .filter(|&j| names[j].as_ref() == Some(name))
            .min_by_key(|&j| order(j))
            .expect("i itself has the name");
        if first != i {
            rejected.push((
                i,
                Rejected {
                    file: runs[i].file.clone(),
                    reason: format!(
                        "its name '{}' is taken by {}, submitted earlier (by modification \
                         time); the first submitter keeps a name",
                        crate::text::clip(name, 60),
                        runs[first].file
                    ),
                },
            ));
            entries[i] = None;
        }
    }
}

/// What [`enter`] found.
#[derive(Debug, Clone)]
pub struct Entered {
    /// The entries, in file order.
    pub entries: Vec<Entry>,
    /// The submissions left out, in file order.
    pub rejected: Vec<Rejected>,
    /// What this run's submissions gave, for the next run.
    pub cache: TableCache,
    /// Submissions whose outcome came from the cache (no Python run).
    pub from_cache: usize,
    /// The submissions Python ran this time, by file name.
    pub ran: Vec<String>,
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// An error without the spec the Python strategy error starts with: the
/// report names the file already.
fn one_line(e: &HogError) -> String {
    match e {
        HogError::Python { reason, .. } => crate::text::one_line(reason),
        other => crate::text::one_line(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_as_a_shell_does() {
        for (pattern, name, expected) in [
            ("*.py", "hog.py", true),
            ("test_*", "test_hog.py", true),
            ("test_*", "hog_test.py", false),
            ("?og.py", "hog.py", true),
            ("?og.py", "hhog.py", false),
            ("*_backup*.py", "a_backup_2.py", true),
            ("dice.py", "dice.py", true),
            ("dice.py", "dice2.py", false),
            ("*", "", true),
        ] {
            assert_eq!(matches(pattern, name), expected, "{pattern} {name}");
        }
    }

    #[test]
    fn imports_are_read_from_the_source() {
        assert!(imports("import dice\n", "dice"));
        assert!(imports("  from dice import six_sided\n", "dice"));
        assert!(imports("import os, dice as d\n", "dice"));
        assert!(!imports("import dicey\n", "dice"));
        assert!(!imports("# uses dice\n", "dice"));
    }
}
