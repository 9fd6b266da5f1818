//! `hog solve [--against SPEC] [--out DIR]`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use hog::export::{
    win_probabilities_bytes, write_final_strategy, write_win_probabilities, AtomicFiles,
};
use hog::solve::{best_response, optimal};
use hog::sweep::SweepOptions;

use super::output::{render_table, rules_json, rules_line};
use super::{Config, Format, Printer};

/// Above this size `win_probabilities.csv` is skipped unless asked for.
const AUTO_WIN_PROBABILITIES_LIMIT: u64 = 512 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WhenToWrite {
    /// Write it when it would take at most 512 MiB (goals up to about 1400).
    Auto,
    /// Always write it.
    Always,
    /// Never write it.
    Never,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Solve for the best response to this strategy instead of optimal play.
    #[arg(long)]
    pub against: Option<String>,
    /// Folder for the tables (default: output/<rules>[-goal<N>], with
    /// best_response/<against> below it for --against).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Whether to write win_probabilities.csv (about 260 bytes per state).
    #[arg(long, value_enum, default_value_t = WhenToWrite::Auto)]
    pub win_probabilities: WhenToWrite,
}

/// `output/<rules>` or `output/<rules>-goal<N>`.
pub fn default_folder(config: &Config) -> PathBuf {
    let rules = &config.rules;
    let mut name = rules.name();
    if rules.goal() != 100 {
        name += &format!("-goal{}", rules.goal());
    }
    PathBuf::from("output").join(name)
}

/// A folder name made of a spec's letters and digits.
fn slug(spec: &str) -> String {
    let raw: String = spec
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    raw.split('_')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

pub fn run(config: &Config, args: &SolveArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let folder = args.out.clone().unwrap_or_else(|| match &args.against {
        None => default_folder(config),
        Some(spec) => default_folder(config)
            .join("best_response")
            .join(slug(spec)),
    });
    let options: SweepOptions<'_> = config.sweep_options();
    let opponent = match &args.against {
        Some(spec) => Some(config.resolver().resolve_str(spec)?),
        None => None,
    };
    let solution = match &opponent {
        Some(table) => best_response(rules, table, &options),
        None => optimal(rules, &options),
    };
    let write_probabilities = match args.win_probabilities {
        WhenToWrite::Always => true,
        WhenToWrite::Never => false,
        WhenToWrite::Auto => {
            let bytes = win_probabilities_bytes(rules.goal());
            let fits = bytes <= AUTO_WIN_PROBABILITIES_LIMIT;
            if !fits {
                config.progress.note(&format!(
                    "win_probabilities.csv skipped: it would be about {} MiB at goal {}; \
                     pass --win-probabilities always to write it",
                    bytes >> 20,
                    rules.goal()
                ));
            }
            fits
        }
    };
    let mut files = AtomicFiles::new();
    files.write(&folder.join("final_strategy.csv"), |out| {
        write_final_strategy(&solution.table(), out)
    })?;
    if write_probabilities {
        files.write(&folder.join("win_probabilities.csv"), |out| {
            write_win_probabilities(&solution, out)
        })?;
    }
    let written = files.commit()?;
    config.progress.finish();
    let seconds = config.started.elapsed().as_secs_f64();
    let first = solution.first_player_win_probability();
    let against = args.against.as_deref().map(str::trim);
    match config.format {
        Format::Text => {
            let mut text = match against {
                None => format!(
                    "Optimal strategy for {}\nfirst player wins with probability {first}\n",
                    rules_line(rules)
                ),
                Some(spec) => format!(
                    "Best response to {spec} for {}\nwins with probability {first} moving first\n",
                    rules_line(rules)
                ),
            };
            for path in &written {
                text += &format!("wrote {}\n", path.display());
            }
            text += &format!("in {seconds:.3} s\n");
            printer.text(&text)?
        }
        Format::Json => {
            let mut map = rules_json(rules);
            map.insert("against".into(), json!(against));
            map.insert("first_player_win_probability".into(), json!(first));
            map.insert(
                "files".into(),
                json!(written
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()),
            );
            map.insert("seconds".into(), json!(seconds));
            printer.json(&Value::Object(map))?
        }
        format => printer.text(&render_table(
            format,
            &[
                "rules",
                "goal",
                "against",
                "first_player_win_probability",
                "files",
                "seconds",
            ],
            &[vec![
                rules.name(),
                rules.goal().to_string(),
                against.unwrap_or("").to_string(),
                first.to_string(),
                written
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(";"),
                seconds.to_string(),
            ]],
        ))?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_keep_letters_and_digits() {
        assert_eq!(slug("always_roll(6)"), "always_roll_6");
        assert_eq!(
            slug("boar_strategy(threshold=10, num_rolls=5)"),
            "boar_strategy_threshold_10_num_rolls_5"
        );
        assert_eq!(slug("my/table.csv"), "my_table_csv");
    }
}
