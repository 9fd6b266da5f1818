//! `hog solve [--against SPEC] [--out DIR]`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use crate::engine::SweepOptions;
use crate::engine::{best_response, solve as optimal};
use crate::export::{
    win_probabilities_batch_bytes, win_probabilities_bytes, write_final_strategy,
    write_memory_strategy, write_win_probabilities, Committed,
};
use crate::strategy::Spec;

use super::output::{render_table, rules_json, rules_line};
use super::{solve_seats, Config, Format, Need, Printer};

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
    #[arg(long = "vs", visible_alias = "against", value_name = "SPEC")]
    pub against: Option<String>,
    /// Folder for the tables (default: output/<rules>[-goal<N>], with
    /// best_response/<spec>-<hash> below it for --vs).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Whether to write win_probabilities.csv (about 260 bytes per state).
    #[arg(long, value_enum, default_value_t = WhenToWrite::Auto)]
    pub win_probabilities: WhenToWrite,
}

/// `output/<rules>` or `output/<rules>-goal<N>`. A rules file named like a
/// preset or a built-in rule set (`./fa24`) gets `<name>-file`: its tables
/// never land in the folder of the rules it is not.
pub fn default_folder(config: &Config) -> PathBuf {
    let rules = &config.rules;
    let mut name = rules.name();
    let borrowed = crate::rules::Preset::from_name(&name).is_some()
        || crate::rules::BUILT_IN.iter().any(|b| b.name == name);
    let own = rules
        .origin()
        .is_none_or(|o| o == crate::rules::Origin::BuiltIn);
    if borrowed && !own {
        name += "-file";
    }
    if rules.goal() != 100 {
        name += &format!("-goal{}", rules.goal());
    }
    PathBuf::from("output").join(name)
}

/// The folder of a best response: the spec's letters and digits, then a
/// short hash of the spec as the grammar reads it back, so that distinct
/// specs (`my/table.csv` and `my_table.csv`) never share a folder.
fn best_response_folder(spec: &Spec) -> String {
    let canonical = spec.to_string();
    let slug: String = canonical
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let slug = slug
        .split('_')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("_");
    let slug: String = slug.chars().take(60).collect();
    format!(
        "{slug}-{:08x}",
        crate::hash::fnv1a(canonical.as_bytes()) as u32
    )
}

pub fn run(config: &Config, args: &SolveArgs, printer: &mut Printer) -> anyhow::Result<()> {
    let rules = &config.rules;
    let seats = if args.against.is_some() { 2 } else { 1 };
    config.check_memory(
        "hog solve",
        Need {
            seats: args.against.as_deref().map_or(0, solve_seats).max(seats),
            tables: seats,
            // Rows of win_probabilities.csv formatted at once.
            extra: match args.win_probabilities {
                WhenToWrite::Never => 0,
                _ => win_probabilities_batch_bytes(rules.goal()),
            },
        },
    )?;
    let against = match &args.against {
        Some(text) => Some(Spec::parse(text)?),
        None => None,
    };
    let folder = args.out.clone().unwrap_or_else(|| match &against {
        None => default_folder(config),
        Some(spec) => default_folder(config)
            .join("best_response")
            .join(best_response_folder(spec)),
    });
    let options: SweepOptions<'_> = config.sweep_options();
    let opponent = match &against {
        Some(spec) => Some(config.resolver().resolve(spec)?),
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
    let mut files = config.atomic_files();
    let probabilities = folder.join("win_probabilities.csv");
    let strategy = folder.join("final_strategy.csv");
    match rules.memory() {
        Some(_) => {
            // A strategy that remembers: every context in one long file,
            // with each state's value; no wide table or per-choice values.
            files.write(&strategy, |out| write_memory_strategy(&solution, 0, out))?;
            files.remove(&probabilities)?;
            if args.win_probabilities == WhenToWrite::Always {
                config.progress.note(
                    "win_probabilities.csv is not written under rules with memory: \
                     final_strategy.csv has each state's win probability",
                );
            }
        }
        None => {
            let table = solution.table();
            files.write(&strategy, |out| write_final_strategy(&table, out))?;
            if write_probabilities {
                files.write(&probabilities, |out| {
                    write_win_probabilities(&solution, out)
                })?;
            } else {
                files.remove(&probabilities)?;
            }
        }
    }
    let Committed { written, removed } = files.commit()?;
    config.progress.finish();
    for path in &removed {
        config.progress.note(&format!(
            "removed {}, left by an earlier run: this run does not write it, \
             and it would not match the new final_strategy.csv",
            path.display()
        ));
    }
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
            map.insert(
                "removed".into(),
                json!(removed
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
    use super::*;

    fn folder(text: &str) -> String {
        best_response_folder(&Spec::parse(text).unwrap())
    }

    #[test]
    fn distinct_specs_get_distinct_folders() {
        assert_eq!(folder("always_roll(6)"), folder(" always_roll( 6 ) "));
        assert!(folder("always_roll(6)").starts_with("always_roll_6-"));
        assert_eq!(folder("always_roll(6)").len(), "always_roll_6-".len() + 8);
        assert_ne!(folder("my/table.csv"), folder("my_table.csv"));
        assert_ne!(
            folder("boar_strategy(10, 5)"),
            folder("boar_strategy(threshold=10, num_rolls=5)")
        );
    }
}
