//! `hog rules`: the presets and the component library of rules files.

use clap::Args;
use serde_json::json;

use super::output::render_table;
use super::{Config, Format, Printer};
use crate::rules::library::CATALOG;
use crate::rules::{resolve, Description, Overrides, Preset, BUILT_IN};

#[derive(Debug, Args)]
#[command(after_help = "\
Without NAME: every rule set hog knows by name, and the components of rules
files. With NAME (a rule set's name, or a rules file): that game as it
describes itself, the account every face of hog shows (its moves and what
each does, each player's goal, what a roll with a 1 scores, its parts, what a
state holds beside the scores).

Examples:
  hog rules
  hog rules fa15-contest
  hog rules examples/rules/fa22.toml --format json")]
pub struct RulesListArgs {
    /// A rule set to describe: its name, or a rules file (.toml or .py).
    pub name: Option<String>,
}

/// The columns of the presets' table (the JSON's keys too, where "-"
/// means none).
const PRESET_COLUMNS: [&str; 8] = [
    "preset",
    "zero_dice",
    "dice",
    "after_turn",
    "extra_turn",
    "memory",
    "clock",
    "title",
];

pub fn run(config: &Config, args: &RulesListArgs, printer: &mut Printer) -> anyhow::Result<()> {
    if let Some(name) = &args.name {
        let overrides = Overrides {
            python_timeout: Some(config.python_timeout),
            ..Overrides::default()
        };
        let described = resolve(name, overrides)?.description();
        return match config.format {
            Format::Json => Ok(printer.json(&serde_json::to_value(&described)?)?),
            _ => Ok(printer.text(&description_text(&described))?),
        };
    }
    let mut presets: Vec<Vec<String>> = Preset::ALL
        .iter()
        .map(|p| {
            let c = p.components();
            vec![
                p.name().to_string(),
                c.zero_dice.name().to_string(),
                c.dice.name().to_string(),
                c.after_turn.name().to_string(),
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                p.title().to_string(),
            ]
        })
        .collect();
    // The built-in rules files, by their components' names.
    for built_in in BUILT_IN {
        let mut row = vec![built_in.name.to_string()];
        row.extend(built_in.components());
        row.push(built_in.title.to_string());
        presets.push(row);
    }
    let components: Vec<Vec<String>> = CATALOG
        .iter()
        .map(|c| {
            let params: Vec<String> = c.params.iter().map(|(p, d)| format!("{p}={d}")).collect();
            vec![
                c.kind.key().to_string(),
                c.name.to_string(),
                params.join(" "),
                c.definition.to_string(),
                c.from.to_string(),
            ]
        })
        .collect();
    match config.format {
        Format::Json => {
            let presets: Vec<_> = presets
                .iter()
                .map(|r| {
                    let fields = PRESET_COLUMNS.iter().zip(r).map(|(&key, value)| {
                        let none = value == "-" && matches!(key, "extra_turn" | "memory" | "clock");
                        (key.to_string(), json!((!none).then_some(value)))
                    });
                    serde_json::Value::Object(fields.collect())
                })
                .collect();
            let components: Vec<_> = CATALOG
                .iter()
                .map(|c| {
                    let params: serde_json::Map<String, serde_json::Value> = c
                        .params
                        .iter()
                        .map(|(p, d)| (p.to_string(), json!(d)))
                        .collect();
                    json!({"key": c.kind.key(), "name": c.name, "params": params,
                           "definition": c.definition, "from": c.from})
                })
                .collect();
            printer.json(&json!({"presets": presets, "components": components}))?
        }
        Format::Text => {
            let mut text = String::from("Presets (--rules):\n\n");
            text += &render_table(Format::Text, &PRESET_COLUMNS, &presets);
            text += "\nComponents of rules files (--rules-file FILE.toml; see docs/src/rules/rules-files.md):\n";
            let width = components
                .iter()
                .map(|c| c[1].len() + c[2].len() + 1)
                .max()
                .unwrap_or(0);
            let mut key = "";
            for c in &components {
                if c[0] != key {
                    key = &c[0];
                    text += &format!("\n{key}\n");
                }
                let name = format!("{} {}", c[1], c[2]);
                let from = if c[4].is_empty() {
                    String::new()
                } else {
                    format!(" ({})", c[4])
                };
                text += &format!("  {:<width$}  {}{from}\n", name.trim_end(), c[3]);
            }
            printer.text(&text)?
        }
        format => {
            let mut text = render_table(format, &PRESET_COLUMNS, &presets);
            text += &render_table(
                format,
                &["key", "component", "parameters", "definition", "from"],
                &components,
            );
            printer.text(&text)?
        }
    }
    Ok(())
}

/// A rule set's account of itself, for a person.
fn description_text(d: &Description) -> String {
    let title = d.title.map_or(String::new(), |t| format!(": {t}"));
    let mut text = format!("{}{title} ({}), goal {}\n", d.rules, d.source, d.goal);
    text += &format!("{}\n\nMoves:\n", d.goal_text);
    for m in &d.moves {
        text += &format!("  {:>2}  {}\n", m.dice, m.text);
    }
    text += &format!("{}.\n\nParts:\n", d.pig_out.text);
    let width = d.parts.iter().map(|p| p.named().len()).max().unwrap_or(0);
    for p in &d.parts {
        let from = if p.from.is_empty() {
            String::new()
        } else {
            format!(" ({})", p.from)
        };
        text += &format!(
            "  {:<11} {:<width$}  {}{from}\n",
            p.key,
            p.named(),
            p.definition
        );
    }
    if let Some(c) = &d.contexts {
        text += &format!("\nA state holds the two scores and {}:\n", c.words);
        if let Some(m) = &c.memory {
            text += &format!(
                "  {}: each player remembers {} to {}\n",
                m.name,
                m.values[0],
                m.values[m.values.len() - 1]
            );
        }
        if let Some(clock) = &c.clock {
            text += &format!("  {} (columns {}):\n", clock.name, clock.columns.join(", "));
            for v in &clock.values {
                let more = if v.text.is_empty() || v.text.starts_with(&v.label) {
                    v.text.trim_start_matches(&v.label).to_string()
                } else {
                    format!(": {}", v.text)
                };
                text += &format!("    {:>2}  {}{more}\n", v.value, v.label);
            }
        }
    }
    text
}
