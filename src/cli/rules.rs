//! `hog rules`: the presets and the component library of rules files.

use clap::Args;
use serde_json::json;

use super::output::render_table;
use super::{Config, Format, Printer};
use crate::rules::library::CATALOG;
use crate::rules::{Preset, BUILT_IN};

#[derive(Debug, Args)]
pub struct RulesListArgs {}

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

pub fn run(config: &Config, _args: &RulesListArgs, printer: &mut Printer) -> anyhow::Result<()> {
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
