//! `hog contest DIR [--out DIR] [--margin 1e-6] [--jobs N] [--default-dice N]`:
//! the Hog Contest from a folder of submissions.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;

use crate::contest::{
    discover, enter, html_page, standings, Entered, Entry, EntryOptions, PairCache, Standings,
    TableCache, DEFAULT_MARGIN,
};
use crate::dice::MAX_DICE;
use crate::export::Committed;
use crate::HogError;

use super::output::{render_table, rules_json, rules_line};
use super::{Config, Format, Printer};

#[derive(Debug, Args)]
#[command(after_help = "\
Every *.py file in DIR is a submission: its final_strategy(score, opponent_score) \
is tabulated in its own python3 process with the checks of every Python strategy, \
and PLAYER_NAME (or TEAM_NAME) names it: missing, empty, duplicate or longer than \
100 characters leaves it out. Every entry plays every other exactly; a match is \
the average of the two first-mover rates, and an entry earns a point for each \
opponent it beats by more than --margin. Entries with equal points share a rank.

--out gets leaderboard.csv, matrix.csv, rejected.csv, contest.html (one page, no \
network), tables.json (each submission's table by the hash of its file) and \
cache.json (pair results by the hashes of the two tables): a re-run starts Python \
only for the files that changed and evaluates only the pairs whose tables changed.

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
    /// Python processes at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
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
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let files = discover(&args.dir)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join("contest"));
    let options = EntryOptions {
        function: "final_strategy".into(),
        timeout: config.python_timeout,
        jobs,
        default_dice: args.default_dice,
    };
    let tables = std::fs::read_to_string(out.join("tables.json"))
        .map(|text| TableCache::from_json(&text, rules.goal()))
        .unwrap_or_default();
    let bar = config.progress.list(files.len() as u64, "tabulating");
    let entered = enter(&files, rules, &options, &tables, &|| bar.inc(1));
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
        return Err(HogError::BadArgument(format!(
            "a contest needs at least two entries; {} of {} submissions in {} could enter",
            entries.len(),
            files.len(),
            args.dir.display()
        ))
        .into());
    }
    let cache_path = out.join("cache.json");
    let cache = std::fs::read_to_string(&cache_path)
        .map(|text| PairCache::from_json(&text))
        .unwrap_or_default();
    let n = entries.len() as u64;
    let bar = config.progress.list(n * (n - 1) / 2, "playing");
    let result = standings(rules, entries, args.margin, &cache, &|| bar.inc(1));
    bar.finish_and_clear();
    let committed = write_files(config, &out, &entered, &result, args.margin)?;
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
    print(config, printer, &entered, &result, &committed, args.margin)
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
    Ok(files.commit()?)
}

fn print(
    config: &Config,
    printer: &mut Printer,
    entered: &Entered,
    result: &Standings,
    committed: &Committed,
    margin: f64,
) -> anyhow::Result<()> {
    let rules = &config.rules;
    let (entries, rejected) = (&entered.entries, &entered.rejected);
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
                        })
                    })
                    .collect::<Vec<_>>()),
            );
            map.insert(
                "rejected".into(),
                json!(rejected
                    .iter()
                    .map(|r| json!({"file": r.file, "reason": r.reason}))
                    .collect::<Vec<_>>()),
            );
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
