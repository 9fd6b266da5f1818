//! Submissions tabulated before, by the bytes of the file, the helper
//! modules beside it and the rules: a re-run starts Python only for the
//! files that changed. A submission is one file and the helpers it may
//! import (the contest's rule), so those bytes decide its table and name,
//! or why it was left out: a refusal is kept like an acceptance (a file
//! that timed out is tried again only with a longer timeout).

use std::collections::BTreeMap;

use base64::Engine;
use ndarray::Array2;
use serde_json::{json, Value};

use super::cache::key_of_hex;
use crate::rules::{hex, Rules};
use crate::strategy::{EntryName, StrategyTable};
use crate::table::MINUS_ONE;

/// A submission under some rules, as a cache key.
pub type FileKey = [u8; 32];

/// The key of a submission's file under `rules` and `function`, next to
/// helper modules whose bytes are `helpers` (a change to one may change
/// what the file does).
pub fn file_key(rules: &Rules, function: &str, helpers: &[u8; 32], bytes: &[u8]) -> FileKey {
    crate::rules::digest_of(&[
        b"submission",
        rules.identity().bytes(),
        function.as_bytes(),
        helpers,
        bytes,
    ])
}

/// The digest of the helper modules' names and bytes, in name order.
pub fn helpers_digest(helpers: &[(String, Vec<u8>)]) -> [u8; 32] {
    let mut parts: Vec<&[u8]> = vec![b"helpers"];
    for (name, bytes) in helpers {
        parts.push(name.as_bytes());
        parts.push(bytes);
    }
    crate::rules::digest_of(&parts)
}

/// What a submission gave, as kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Kept {
    /// Its table, or why it has none (one line).
    pub table: Result<StrategyTable, Refusal>,
    /// The name it gave itself, if its import finished.
    pub name: Option<EntryName>,
}

/// Why a submission has no table.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The reason, one line.
    pub reason: String,
    /// The timeout it ran out of, in seconds, if that was why.
    pub timed_out: Option<f64>,
}

/// The file's format: 1 kept only tables, by a 64-bit FNV-1a of the rules'
/// name; such files are read as empty.
const VERSION: u32 = 2;

/// What submissions gave, by [`file_key`].
#[derive(Debug, Default, Clone)]
pub struct TableCache {
    tables: BTreeMap<FileKey, Kept>,
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
        if value["version"] != VERSION {
            return cache;
        }
        let Some(tables) = value["tables"].as_object() else {
            return cache;
        };
        for (key, entry) in tables {
            let (Some(key), Some(kept)) = (key_of_hex(key), kept_of(entry, goal)) else {
                continue;
            };
            cache.tables.insert(key, kept);
        }
        cache
    }

    /// What the file keyed `key` gave, if it is kept for a run with
    /// `timeout`: a file that timed out with less time is run again.
    pub fn get(&self, key: &FileKey, timeout: std::time::Duration) -> Option<&Kept> {
        let kept = self.tables.get(key)?;
        match &kept.table {
            Err(Refusal {
                timed_out: Some(seconds),
                ..
            }) if timeout.as_secs_f64() > *seconds => None,
            _ => Some(kept),
        }
    }

    /// Keep what a submission gave.
    pub fn insert(&mut self, key: FileKey, kept: Kept) {
        self.tables.insert(key, kept);
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
            .map(|(key, kept)| {
                let mut entry = serde_json::Map::new();
                if let Some(name) = &kept.name {
                    entry.insert("name".into(), name_json(name));
                }
                match &kept.table {
                    Ok(table) => {
                        let dice: Vec<u8> = table.as_array().iter().copied().collect();
                        entry.insert("dice".into(), json!(b64.encode(dice)));
                    }
                    Err(refusal) => {
                        entry.insert("refused".into(), json!(refusal.reason));
                        if let Some(seconds) = refusal.timed_out {
                            entry.insert("timed_out_after".into(), json!(seconds));
                        }
                    }
                }
                (hex(key), Value::Object(entry))
            })
            .collect();
        let value = json!({
            "version": VERSION,
            "about": "hog contest: what each submission gave (its table, base64, one byte a \
                      state, or why it was left out) and its name, by a SHA-256 of the file's \
                      bytes, the helper modules beside it and the rules",
            "tables": tables,
        });
        super::json_file(&value)
    }
}

/// An entry of the file, if it reads as one for `goal`.
fn kept_of(entry: &Value, goal: u32) -> Option<Kept> {
    let name = match entry.get("name") {
        Some(name) => Some(name_of(name)?),
        None => None,
    };
    if let Some(reason) = entry["refused"].as_str() {
        let timed_out = match entry.get("timed_out_after") {
            Some(v) => Some(v.as_f64()?),
            None => None,
        };
        return Some(Kept {
            table: Err(Refusal {
                reason: reason.to_string(),
                timed_out,
            }),
            name,
        });
    }
    let n = goal as usize;
    let b64 = base64::engine::general_purpose::STANDARD;
    let dice = b64.decode(entry["dice"].as_str()?).ok()?;
    // -1 (rolling -1 dice) is kept as MINUS_ONE; the entry's rules are
    // checked again after the cache.
    if dice.len() != n * n || dice.iter().any(|&d| d > MINUS_ONE) {
        return None;
    }
    let table = StrategyTable::from_array(Array2::from_shape_vec((n, n), dice).ok()?);
    Some(Kept {
        table: Ok(table),
        name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;
    use std::time::Duration;

    #[test]
    fn tables_refusals_and_names_come_back() {
        let rules = Rules::preset(Preset::Fa24, 3).unwrap();
        let table = StrategyTable::from_fn(3, |s, o| (s * 3 + o) as u8);
        let mut cache = TableCache::new();
        let name = EntryName::Text {
            attribute: "PLAYER_NAME".into(),
            value: "Ann \"A\"".into(),
        };
        let none = helpers_digest(&[]);
        let key = file_key(&rules, "final_strategy", &none, b"PLAYER_NAME = 'Ann'");
        let kept = Kept {
            table: Ok(table.clone()),
            name: Some(name.clone()),
        };
        cache.insert(key, kept.clone());
        let refused = Kept {
            table: Err(Refusal {
                reason: "final_strategy(0, 1) raised ValueError: no".into(),
                timed_out: None,
            }),
            name: Some(EntryName::Missing),
        };
        cache.insert([7; 32], refused.clone());
        let slow = Kept {
            table: Err(Refusal {
                reason: "timed out after 2 s".into(),
                timed_out: Some(2.0),
            }),
            name: None,
        };
        cache.insert([8; 32], slow.clone());
        let back = TableCache::from_json(&cache.to_json(), 3);
        assert_eq!(back.len(), 3);
        let minute = Duration::from_secs(60);
        assert_eq!(back.get(&key, minute), Some(&kept));
        assert_eq!(back.get(&[7; 32], minute), Some(&refused));
        // A file that timed out is run again with more time, not with less.
        assert_eq!(back.get(&[8; 32], Duration::from_secs(2)), Some(&slow));
        assert_eq!(back.get(&[8; 32], minute), None);
        // Another goal's tables do not fit.
        assert_eq!(TableCache::from_json(&cache.to_json(), 4).len(), 2);
        assert_ne!(
            key,
            file_key(&rules, "final_strategy", &none, b"PLAYER_NAME = 'Bob'")
        );
        // A helper beside the file changes what it may do.
        let helper = helpers_digest(&[("dice.py".into(), b"def roll(): pass".to_vec())]);
        assert_ne!(
            key,
            file_key(&rules, "final_strategy", &helper, b"PLAYER_NAME = 'Ann'")
        );
    }

    #[test]
    fn a_file_of_the_first_format_is_read_as_empty() {
        let old = r#"{"version": 1, "tables": {"0123456789abcdef": {"name": {"kind": "missing"}, "dice": "AAAA"}}}"#;
        assert!(TableCache::from_json(old, 3).is_empty());
    }
}
