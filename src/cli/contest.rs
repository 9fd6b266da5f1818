//! `hog contest DIR [--out DIR] [--margin 1e-6] [--jobs N] [--default-dice N]`:
//! the Hog Contest from a folder of submissions.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;

use crate::contest::{
    discover, enter, html_page, log_path, standings, Entered, Entry, EntryOptions, Folder,
    PairCache, Standings, TableCache, DEFAULT_MARGIN, MAX_JOBS,
};
use crate::dice::MAX_DICE;
use crate::export::Committed;
use crate::HogError;

use super::output::{render_table, rules_json, rules_line};
use super::{Config, Format, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
Every *.py file in DIR is a submission, but helper modules (files that never name \
final_strategy and that another file imports, such as dice.py) and files matching \
--exclude. Each submission's final_strategy(score, opponent_score) is tabulated in \
its own python3 process, in DIR, with the checks of every Python strategy; what it \
prints goes to OUT/logs/FILE.log. PLAYER_NAME (or TEAM_NAME) names it: missing, \
empty or longer than 100 characters leaves it out, and of two submissions with one \
name the earlier (by modification time, then file name) keeps it. Every entry plays \
every other exactly; a match is the average of the two first-mover rates, and an \
entry earns a point for each opponent it beats by more than --margin. Entries with \
equal points share a rank.

--out gets leaderboard.csv, matrix.csv, rejected.csv, contest.html (one page, no \
network), logs/, tables.json (what each submission gave, its table or why it was \
left out, by a SHA-256 of its file, the helpers and the rules) and cache.json (pair \
results by the SHA-256 of the two tables): a re-run starts Python only for the files \
that changed and evaluates only the pairs whose tables changed (--fresh: all again).

Example:
  hog contest submissions/ --out results/ --format md")]
pub struct ContestArgs {
    /// The folder of submissions (*.py files).
    pub dir: PathBuf,
    /// The folder for the results (default: output/contest).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// A match is won with an average win rate above 0.5 + MARGIN.
    #[arg(long, default_value_t = DEFAULT_MARGIN)]
    pub margin: f64,
    /// Python processes at once (default: the number of cores; at most
    /// 256, and no more than there are submissions).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Leave out the *.py files whose names match PATTERN (`*` any run of
    /// characters, `?` one); repeat for more.
    #[arg(long, value_name = "PATTERN")]
    pub exclude: Vec<String>,
    /// Run every submission and evaluate every pair again, whatever
    /// tables.json and cache.json hold.
    #[arg(long)]
    pub fresh: bool,
    /// Enter a submission whose strategy fails as always_roll(N) instead
    /// of leaving it out.
    #[arg(long, value_name = "N")]
    pub default_dice: Option<u8>,
}

pub fn run(config: &Config, args: &ContestArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    if !(args.margin.is_finite() && (0.0..0.5).contains(&args.margin)) {
        return Err(HogError::BadArgument(format!(
            "--margin is a number from 0 up to 0.5, not {}",
            args.margin
        ))
        .into());
    }
    if let Some(n) = args.default_dice {
        if usize::from(n) > MAX_DICE {
            return Err(HogError::BadArgument(format!(
                "--default-dice {n}: choose 0 to {MAX_DICE} dice"
            ))
            .into());
        }
    }
    let jobs = match args.jobs {
        Some(0) => return Err(HogError::BadArgument("--jobs must be at least 1".into()).into()),
        Some(n) if n > MAX_JOBS => {
            return Err(HogError::BadArgument(format!(
                "--jobs {n}: a contest runs at most {MAX_JOBS} Python processes at once"
            ))
            .into())
        }
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let function = "final_strategy";
    let folder = discover(&args.dir, function, &args.exclude)?;
    let files = &folder.submissions;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join("contest"));
    // Each run's prints land here first; the logs that changed join the
    // results' set when it is written.
    let scratch = tempfile::Builder::new()
        .prefix(".hog-contest-logs-")
        .tempdir()
        .map_err(|e| HogError::Io {
            path: std::env::temp_dir(),
            source: e,
        })?;
    let options = EntryOptions {
        function: function.into(),
        timeout: config.python_timeout,
        jobs,
        default_dice: args.default_dice,
        logs: Some(scratch.path().to_path_buf()),
    };
    let tables = match args.fresh {
        true => TableCache::new(),
        false => std::fs::read_to_string(out.join("tables.json"))
            .map(|text| TableCache::from_json(&text, rules.goal()))
            .unwrap_or_default(),
    };
    let bar = config.progress.list(files.len() as u64, "tabulating");
    let entered = enter(&folder, rules, &options, &tables, &|| bar.inc(1));
    bar.finish_and_clear();
    let entries = &entered.entries;
    for e in entries.iter().filter(|e| e.defaulted.is_some()) {
        config.progress.note(&format!(
            "{} plays always_roll({}): {}",
            e.file,
            args.default_dice.unwrap_or_default(),
            e.defaulted.as_deref().unwrap_or_default()
        ));
    }
    if entries.len() < 2 {
        let why: Vec<String> = entered
            .rejected
            .iter()
            .map(|r| format!("{}: {}", r.file, r.reason))
            .collect();
        return Err(HogError::BadArgument(format!(
            "a contest needs at least two entries; {} of {} submissions in {} could enter{}{}",
            entries.len(),
            files.len(),
            args.dir.display(),
            if why.is_empty() { "" } else { "; left out: " },
            why.join("; ")
        ))
        .into());
    }
    let cache_path = out.join("cache.json");
    let cache = match args.fresh {
        true => PairCache::new(),
        false => std::fs::read_to_string(&cache_path)
            .map(|text| PairCache::from_json(&text))
            .unwrap_or_default(),
    };
    let n = entries.len() as u64;
    let bar = config.progress.list(n * (n - 1) / 2, "playing");
    let result = standings(rules, entries, args.margin, &cache, &|| bar.inc(1));
    bar.finish_and_clear();
    let logs = Logs::gather(&out, scratch.path(), &folder, &entered);
    let committed = write_files(config, &out, &entered, &result, args.margin, &logs)?;
    config.progress.note(&format!(
        "{} submissions: {} tabulated by Python, {} from the cache; {} matches: {} pairs of \
         tables evaluated, {} from the cache; results in {}",
        files.len(),
        files.len() - entered.from_cache,
        entered.from_cache,
        result.pairs,
        result.evaluated,
        result.cached,
        out.display()
    ));
    config.progress.finish();
    let report = Report {
        entered: &entered,
        result: &result,
        committed: &committed,
        margin: args.margin,
        folder: &folder,
        logs: &logs,
    };
    print(config, printer, &report)
}

/// The logs of a run: what each submission run this time printed, and
/// which logs of the results folder stay, go or are replaced.
struct Logs {
    folder: PathBuf,
    /// New logs: file name of the submission, the text to write.
    written: Vec<(String, String)>,
    /// Logs to remove (their submission printed nothing this time, or is
    /// gone).
    removed: Vec<PathBuf>,
    /// The submissions with a log after this run.
    present: Vec<String>,
}

impl Logs {
    fn gather(out: &Path, scratch: &Path, folder: &Folder, entered: &Entered) -> Logs {
        let dir = out.join("logs");
        let names: Vec<String> = folder
            .submissions
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        let mut logs = Logs {
            folder: dir.clone(),
            written: Vec::new(),
            removed: Vec::new(),
            present: Vec::new(),
        };
        for name in &names {
            let old = log_path(&dir, name);
            if entered.ran.contains(name) {
                let text = read_log(&log_path(scratch, name));
                if text.is_empty() {
                    if old.exists() {
                        logs.removed.push(old);
                    }
                } else {
                    logs.written.push((name.clone(), text));
                    logs.present.push(name.clone());
                }
            } else if old.exists() {
                logs.present.push(name.clone());
            }
        }
        // Logs of files no longer in the folder.
        if let Ok(listing) = std::fs::read_dir(&dir) {
            for entry in listing.flatten() {
                let file = entry.file_name().to_string_lossy().into_owned();
                let stale = file
                    .strip_suffix(".log")
                    .is_some_and(|name| !names.iter().any(|n| n == name));
                if stale {
                    logs.removed.push(entry.path());
                }
            }
        }
        logs
    }

    /// Where the log of submission `file` is, if it has one.
    fn of(&self, file: &str) -> Option<PathBuf> {
        self.present
            .iter()
            .any(|n| n == file)
            .then(|| log_path(&self.folder, file))
    }
}

/// A submission's prints, control characters made visible, cut at
/// [`crate::child::MAX_LOG`] bytes.
fn read_log(path: &Path) -> String {
    use std::io::Read;
    let mut bytes = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.take(crate::child::MAX_LOG).read_to_end(&mut bytes);
    }
    crate::text::visible_lines(&String::from_utf8_lossy(&bytes))
}

/// What the run found, for printing.
struct Report<'a> {
    entered: &'a Entered,
    result: &'a Standings,
    committed: &'a Committed,
    margin: f64,
    folder: &'a Folder,
    logs: &'a Logs,
}

/// The leaderboard's rows: rank, name, points, mean win rate, file.
fn rows(entries: &[Entry], result: &Standings, readable: bool) -> Vec<Vec<String>> {
    result
        .table
        .iter()
        .map(|s| {
            let e = &entries[s.entry];
            vec![
                s.rank.to_string(),
                e.name.clone(),
                s.points.to_string(),
                if readable {
                    format!("{:.6}", s.mean)
                } else {
                    s.mean.to_string()
                },
                e.file.clone(),
            ]
        })
        .collect()
}

const HEADER: [&str; 5] = ["rank", "name", "points", "mean_win_rate", "file"];

/// Every file of the results, replaced as one set.
fn write_files(
    config: &Config,
    out: &Path,
    entered: &Entered,
    result: &Standings,
    margin: f64,
    logs: &Logs,
) -> anyhow::Result<Committed> {
    let (entries, rejected) = (&entered.entries, &entered.rejected);
    let mut files = config.atomic_files();
    let leaderboard = render_table(Format::Csv, &HEADER, &rows(entries, result, false));
    files.write(&out.join("leaderboard.csv"), |w| {
        w.write_all(leaderboard.as_bytes())
    })?;
    let mut header: Vec<&str> = vec!["name"];
    header.extend(entries.iter().map(|e| e.name.as_str()));
    let matrix_rows: Vec<Vec<String>> = entries
        .iter()
        .zip(&result.matrix)
        .map(|(e, row)| {
            let mut cells = vec![e.name.clone()];
            cells.extend(row.iter().map(f64::to_string));
            cells
        })
        .collect();
    let matrix = render_table(Format::Csv, &header, &matrix_rows);
    files.write(&out.join("matrix.csv"), |w| w.write_all(matrix.as_bytes()))?;
    let rejected_rows: Vec<Vec<String>> = rejected
        .iter()
        .map(|r| vec![r.file.clone(), r.reason.clone()])
        .collect();
    let rejected_csv = render_table(Format::Csv, &["file", "reason"], &rejected_rows);
    files.write(&out.join("rejected.csv"), |w| {
        w.write_all(rejected_csv.as_bytes())
    })?;
    let page = html_page(&config.rules, entries, rejected, result, margin);
    files.write(&out.join("contest.html"), |w| w.write_all(page.as_bytes()))?;
    let cache = result.cache.to_json();
    files.write(&out.join("cache.json"), |w| w.write_all(cache.as_bytes()))?;
    let tables = entered.cache.to_json();
    files.write(&out.join("tables.json"), |w| w.write_all(tables.as_bytes()))?;
    for (name, text) in &logs.written {
        files.write(&log_path(&logs.folder, name), |w| {
            w.write_all(text.as_bytes())
        })?;
    }
    for path in &logs.removed {
        files.remove(path)?;
    }
    Ok(files.commit()?)
}

fn print(config: &Config, printer: &mut Printer, report: &Report<'_>) -> anyhow::Result<()> {
    let rules = &config.rules;
    let Report {
        entered,
        result,
        committed,
        margin,
        folder,
        logs,
    } = *report;
    let (entries, rejected) = (&entered.entries, &entered.rejected);
    let shown = |p: &Path| p.display().to_string();
    let names = |paths: &[PathBuf]| -> Vec<String> {
        paths
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect()
    };
    match config.format {
        Format::Json => {
            let mut map = rules_json(rules);
            map.insert("margin".into(), json!(margin));
            map.insert(
                "leaderboard".into(),
                json!(result
                    .table
                    .iter()
                    .map(|s| {
                        let e = &entries[s.entry];
                        json!({
                            "rank": s.rank,
                            "name": e.name,
                            "points": s.points,
                            "mean_win_rate": s.mean,
                            "file": e.file,
                            "default_dice_because": e.defaulted,
                            "log": logs.of(&e.file).as_deref().map(shown),
                        })
                    })
                    .collect::<Vec<_>>()),
            );
            map.insert(
                "rejected".into(),
                json!(rejected
                    .iter()
                    .map(|r| {
                        json!({
                            "file": r.file,
                            "reason": r.reason,
                            "log": logs.of(&r.file).as_deref().map(shown),
                        })
                    })
                    .collect::<Vec<_>>()),
            );
            map.insert("helpers".into(), json!(names(&folder.helpers)));
            map.insert("excluded".into(), json!(names(&folder.excluded)));
            map.insert("pairs".into(), json!(result.pairs));
            map.insert("submissions_from_cache".into(), json!(entered.from_cache));
            map.insert("pairs_evaluated".into(), json!(result.evaluated));
            map.insert("pairs_cached".into(), json!(result.cached));
            map.insert(
                "files".into(),
                json!(committed
                    .written
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()),
            );
            printer.json(&serde_json::Value::Object(map))?;
        }
        Format::Text => {
            let mut text = format!(
                "Hog Contest: {} entries, {} left out, {} matches\nrules  {}\n\n",
                entries.len(),
                rejected.len(),
                result.pairs,
                rules_line(rules)
            );
            text.push_str(&render_table(
                Format::Text,
                &HEADER,
                &rows(entries, result, true),
            ));
            if !rejected.is_empty() {
                text.push_str("\nLeft out:\n");
                for r in rejected {
                    text.push_str(&format!("  {}: {}\n", r.file, r.reason));
                }
            }
            if !folder.helpers.is_empty() {
                text.push_str(&format!(
                    "\nHelpers (imported, not entered): {}\n",
                    names(&folder.helpers).join(", ")
                ));
            }
            if !folder.excluded.is_empty() {
                text.push_str(&format!(
                    "\nExcluded: {}\n",
                    names(&folder.excluded).join(", ")
                ));
            }
            if !logs.present.is_empty() {
                text.push_str(&format!(
                    "\nWhat {} of the submissions printed: {}\n",
                    logs.present.len(),
                    shown(&logs.folder)
                ));
            }
            printer.text(&text)?;
        }
        format => printer.text(&render_table(
            format,
            &HEADER,
            &rows(entries, result, format != Format::Csv),
        ))?,
    }
    Ok(())
}
