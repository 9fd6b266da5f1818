//! `hog tournament SPEC SPEC ... [--file FILE]`: every pair, exact.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use serde_json::{json, Value};

use crate::engine;
use crate::engine::SweepOptions;
use crate::rules::Rules;
use crate::strategy::{Resolver, Spec, StrategyTable};
use crate::tournament::{self, Tournament};
use crate::HogError;

use super::output::{render_table, rules_json, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

/// Text output shows the matrix up to this many strategies; beyond it the
/// lines would not fit a terminal (CSV and JSON always have it).
const MAX_TEXT_MATRIX: usize = 16;

#[derive(Debug, Args)]
#[command(after_help = "\
Every strategy plays every other exactly, in both seats. matrix[i][j] is the \
average win rate of i against j; a strategy beats another when that exceeds \
0.5 by more than 1e-6. The ranking orders by wins, then mean win rate.

Example:
  hog tournament optimal boar_strategy sus_strategy 'always_roll(6)' --format md")]
pub struct TournamentArgs {
    /// The strategies (specs as for `hog eval`).
    pub strategies: Vec<String>,
    /// A file with more specs, one per line; blank lines and `#` comments are ignored.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// A spec with where it came from, for error messages.
struct Entry {
    text: String,
    line: Option<usize>,
}

/// The specs of a `--file`: one per line, without comments and blank lines.
fn read_spec_file(path: &Path) -> Result<Vec<Entry>, HogError> {
    let text = crate::input::read_text(path, tournament::MAX_SPEC_FILE, "a list of specs")?;
    Ok(tournament::spec_lines(&text)
        .into_iter()
        .map(|(line, spec)| Entry {
            text: spec.to_string(),
            line: Some(line),
        })
        .collect())
}

/// Tables by spec, so `optimal` and each best response is solved only once
/// even when several specs use it.
struct Tables<'a> {
    rules: &'a Rules,
    config: &'a Config,
    resolver: Resolver<'a>,
    done: HashMap<String, StrategyTable>,
}

impl<'a> Tables<'a> {
    fn new(config: &'a Config) -> Tables<'a> {
        Tables {
            rules: &config.rules,
            config,
            resolver: config.resolver(),
            done: HashMap::new(),
        }
    }

    fn get(&mut self, spec: &Spec) -> Result<StrategyTable, HogError> {
        let key = spec.to_string();
        if let Some(table) = self.done.get(&key) {
            return Ok(table.clone());
        }
        let table = match spec {
            Spec::BestResponse(inner) => {
                let opponent = self.get(inner)?;
                let options = self.config.sweep_options();
                engine::best_response(self.rules, &opponent, &options).table()
            }
            _ => self.resolver.resolve(spec)?,
        };
        self.done.insert(key, table.clone());
        Ok(table)
    }
}

/// Resolve every entry, naming the file and line of a bad one.
fn resolve_all(
    config: &Config,
    entries: &[Entry],
    file: Option<&Path>,
) -> anyhow::Result<Vec<StrategyTable>> {
    let mut tables = Tables::new(config);
    entries
        .iter()
        .map(|entry| {
            let table = Spec::parse(&entry.text).and_then(|spec| tables.get(&spec));
            match (entry.line, file) {
                (Some(line), Some(path)) => {
                    table.with_context(|| format!("{}: line {line}", path.display()))
                }
                _ => Ok(table?),
            }
        })
        .collect()
}

pub fn run(config: &Config, args: &TournamentArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let mut entries: Vec<Entry> = args
        .strategies
        .iter()
        .map(|s| Entry {
            text: s.trim().to_string(),
            line: None,
        })
        .collect();
    if let Some(path) = &args.file {
        entries.extend(read_spec_file(path)?);
    }
    if entries.len() < 2 {
        return Err(HogError::BadArgument(format!(
            "a tournament needs at least two strategies, got {}; give specs as arguments or in --file",
            entries.len()
        ))
        .into());
    }
    // Tables are solved one by one, then pairs are evaluated in parallel,
    // each busy thread with two seats; every table stays (twice: by spec).
    let threads = config.busy_threads(tournament::pairs(entries.len()).len());
    let solves = entries
        .iter()
        .map(|e| solve_seats(&e.text))
        .max()
        .unwrap_or(0);
    config.check_memory(
        &format!(
            "hog tournament of {} strategies on {threads} threads",
            entries.len()
        ),
        Need {
            seats: solves.max(2 * threads),
            tables: 2 * entries.len() as u64,
            extra: 0,
        },
    )?;
    let tables = resolve_all(config, &entries, args.file.as_deref())?;
    config.progress.finish();
    let pairs = tournament::pairs(tables.len()).len() as u64;
    let bar = config.progress.list(pairs, "pairs");
    let options = SweepOptions::default();
    let result = tournament::play(rules, &tables, &options, &|| bar.inc(1));
    bar.finish_and_clear();
    let names: Vec<&str> = entries.iter().map(|e| e.text.as_str()).collect();
    match config.format {
        Format::Json => printer.json(&json_output(rules, &names, &result))?,
        Format::Csv => printer.text(&matrix_table(Format::Csv, &names, &result))?,
        format => printer.text(&readable(format, rules, &names, &result))?,
    }
    Ok(())
}

fn json_output(rules: &Rules, names: &[&str], t: &Tournament) -> Value {
    let mut map = rules_json(rules);
    map.insert("strategies".into(), json!(names));
    map.insert("matrix".into(), json!(t.matrix));
    map.insert("wins".into(), json!(t.wins));
    map.insert("mean".into(), json!(t.mean));
    map.insert("ranking".into(), json!(t.ranking));
    Value::Object(map)
}

/// The ranking as a table: rank and strategy, its index, wins, mean win rate.
fn ranking_table(format: Format, names: &[&str], t: &Tournament) -> String {
    let rows: Vec<Vec<String>> = t
        .ranking
        .iter()
        .enumerate()
        .map(|(rank, &i)| {
            vec![
                format!("{}. {}", rank + 1, names[i]),
                i.to_string(),
                format!("{}/{}", t.wins[i], t.len() - 1),
                format!("{:.6}", t.mean[i]),
            ]
        })
        .collect();
    render_table(format, &["rank. strategy", "#", "wins", "mean"], &rows)
}

/// The matrix, row strategy against column strategy. CSV names every
/// column in full and keeps every digit; text numbers the columns.
fn matrix_table(format: Format, names: &[&str], t: &Tournament) -> String {
    let labels: Vec<String> = match format {
        Format::Text => (0..t.len()).map(|j| j.to_string()).collect(),
        _ => names.iter().map(|n| n.to_string()).collect(),
    };
    let mut header = vec!["strategy"];
    header.extend(labels.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = t
        .matrix
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let label = match format {
                Format::Text => format!("{i} {}", names[i]),
                _ => names[i].to_string(),
            };
            std::iter::once(label)
                .chain(row.iter().map(|&m| match format {
                    Format::Csv => m.to_string(),
                    Format::Text => format!("{m:.3}"),
                    _ => format!("{m:.4}"),
                }))
                .collect()
        })
        .collect();
    render_table(format, &header, &rows)
}

/// Text or Markdown: a title, the ranking and the matrix.
fn readable(format: Format, rules: &Rules, names: &[&str], t: &Tournament) -> String {
    let title = format!(
        "Tournament of {} strategies ({})",
        t.len(),
        rules_line(rules)
    );
    let explain = "Each cell is the average win rate of the row's strategy against the column's.";
    match format {
        Format::Md => format!(
            "### {title}\n\n{}\n{explain}\n\n{}",
            ranking_table(format, names, t),
            matrix_table(format, names, t)
        ),
        _ => {
            let matrix = if t.len() <= MAX_TEXT_MATRIX {
                format!("{explain}\n\n{}", matrix_table(format, names, t))
            } else {
                format!(
                    "The {n} x {n} matrix is left out of text output; see --format csv, md or json.\n",
                    n = t.len()
                )
            };
            format!("{title}\n\n{}\n{matrix}", ranking_table(format, names, t))
        }
    }
}
