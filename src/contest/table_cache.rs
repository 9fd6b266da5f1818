//! Submissions tabulated before, by the bytes of the file and the rules: a
//! re-run starts Python only for the files that changed. A submission is
//! one file (the contest's rule), so its bytes decide its table and name.

use std::collections::BTreeMap;

use base64::Engine;
use ndarray::Array2;
use serde_json::{json, Value};

use crate::rules::Rules;
use crate::strategy::{EntryName, StrategyTable};
use crate::table::MINUS_ONE;

/// The key of a submission's file under `rules` and `function`.
pub fn file_key(rules: &Rules, function: &str, bytes: &[u8]) -> u64 {
    let mut hash = crate::hash::Fnv1a::new();
    let mut eat = |bytes: &[u8]| hash.write(bytes);
    eat(rules.name().as_bytes());
    eat(&rules.goal().to_le_bytes());
    eat(function.as_bytes());
    eat(&[0]);
    eat(bytes);
    hash.finish()
}

/// Tables and names of submissions by [`file_key`].
#[derive(Debug, Default, Clone)]
pub struct TableCache {
    tables: BTreeMap<u64, (StrategyTable, EntryName)>,
}

fn name_json(name: &EntryName) -> Value {
    match name {
        EntryName::Text { attribute, value } => {
            json!({"kind": "text", "attribute": attribute, "value": value})
        }
        EntryName::NotText {
            attribute,
            kind,
            shown,
        } => json!({"kind": "not_text", "attribute": attribute, "type": kind, "shown": shown}),
        EntryName::Missing => json!({"kind": "missing"}),
    }
}

fn name_of(value: &Value) -> Option<EntryName> {
    let text = |k: &str| value[k].as_str().map(str::to_string);
    match value["kind"].as_str()? {
        "text" => Some(EntryName::Text {
            attribute: text("attribute")?,
            value: text("value")?,
        }),
        "not_text" => Some(EntryName::NotText {
            attribute: text("attribute")?,
            kind: text("type")?,
            shown: text("shown")?,
        }),
        "missing" => Some(EntryName::Missing),
        _ => None,
    }
}

impl TableCache {
    /// An empty cache.
    pub fn new() -> TableCache {
        TableCache::default()
    }

    /// The cache in `text` for a game to `goal`; anything unreadable is
    /// left out (it only costs time).
    pub fn from_json(text: &str, goal: u32) -> TableCache {
        let mut cache = TableCache::new();
        let Ok(value) = serde_json::from_str::<Value>(text) else {
            return cache;
        };
        let Some(tables) = value["tables"].as_object() else {
            return cache;
        };
        let n = goal as usize;
        let b64 = base64::engine::general_purpose::STANDARD;
        for (key, entry) in tables {
            let Ok(key) = u64::from_str_radix(key, 16) else {
                continue;
            };
            let Some(name) = name_of(&entry["name"]) else {
                continue;
            };
            let Some(Ok(dice)) = entry["dice"].as_str().map(|d| b64.decode(d)) else {
                continue;
            };
            // -1 (rolling -1 dice) is kept as MINUS_ONE; the entry's
            // rules are checked again after the cache.
            if dice.len() != n * n || dice.iter().any(|&d| d > MINUS_ONE) {
                continue;
            }
            let table = StrategyTable::from_array(
                Array2::from_shape_vec((n, n), dice).expect("n * n cells"),
            );
            cache.tables.insert(key, (table, name));
        }
        cache
    }

    /// The table and name of the file keyed `key`.
    pub fn get(&self, key: u64) -> Option<&(StrategyTable, EntryName)> {
        self.tables.get(&key)
    }

    /// Keep a submission's table and name.
    pub fn insert(&mut self, key: u64, table: StrategyTable, name: EntryName) {
        self.tables.insert(key, (table, name));
    }

    /// The number of submissions held.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether none is held.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The cache as its file's JSON, in a fixed order.
    pub fn to_json(&self) -> String {
        let b64 = base64::engine::general_purpose::STANDARD;
        let tables: serde_json::Map<String, Value> = self
            .tables
            .iter()
            .map(|(key, (table, name))| {
                let dice: Vec<u8> = table.as_array().iter().copied().collect();
                (
                    format!("{key:016x}"),
                    json!({"name": name_json(name), "dice": b64.encode(dice)}),
                )
            })
            .collect();
        let value = json!({
            "version": 1,
            "about": "hog contest: submissions' tables (base64, one byte a state) and names \
                      by the hash of the file's bytes and the rules",
            "tables": tables,
        });
        super::json_file(&value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn tables_and_names_come_back() {
        let rules = Rules::preset(Preset::Fa24, 3).unwrap();
        let table = StrategyTable::from_fn(3, |s, o| (s * 3 + o) as u8);
        let mut cache = TableCache::new();
        let name = EntryName::Text {
            attribute: "PLAYER_NAME".into(),
            value: "Ann \"A\"".into(),
        };
        let key = file_key(&rules, "final_strategy", b"PLAYER_NAME = 'Ann'");
        cache.insert(key, table.clone(), name.clone());
        cache.insert(7, table.clone(), EntryName::Missing);
        let back = TableCache::from_json(&cache.to_json(), 3);
        assert_eq!(back.len(), 2);
        let (t, n) = back.get(key).unwrap();
        assert_eq!((t.as_array(), n), (table.as_array(), &name));
        // Another goal's tables do not fit.
        assert!(TableCache::from_json(&cache.to_json(), 4).is_empty());
        assert_ne!(
            key,
            file_key(&rules, "final_strategy", b"PLAYER_NAME = 'Bob'")
        );
    }
}
