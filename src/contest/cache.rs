//! Pair results kept between runs, keyed by what decides them: the rules
//! (their content, see [`Rules::identity`]) and the two tables, by
//! SHA-256: a submission cannot make its table collide with another's.
//! The file holds each rate's exact bits, so a cached result is the
//! evaluated one to the last digit.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::engine::WinRates;
use crate::rules::{hex, Rules};
use crate::table::StrategyTable;

/// The file's format: 1 keyed tables by a 64-bit FNV-1a of the rules'
/// name, which two rule sets could share; such files are read as empty.
const VERSION: u32 = 2;

/// A table under some rules, as a cache key.
pub type TableKey = [u8; 32];

/// A table's key under `rules`: a SHA-256 of the rules' identity and the
/// table (the same table under other rules is another entry).
pub fn table_hash(rules: &Rules, table: &StrategyTable) -> TableKey {
    let dice: Vec<u8> = table.as_array().iter().copied().collect();
    crate::rules::digest_of(&[b"table", rules.identity().bytes(), &dice])
}

/// A key back from its hex, as the cache files write it.
pub(super) fn key_of_hex(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut key = [0u8; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(key)
}

/// The rates of pairs evaluated before, by the keys of their tables.
#[derive(Debug, Default, Clone)]
pub struct PairCache {
    pairs: BTreeMap<(TableKey, TableKey), WinRates>,
}

impl PairCache {
    /// An empty cache.
    pub fn new() -> PairCache {
        PairCache::default()
    }

    /// The cache in `text` (a file written by [`PairCache::to_json`]);
    /// anything unreadable is an empty cache: it only costs time.
    pub fn from_json(text: &str) -> PairCache {
        let mut cache = PairCache::new();
        let Ok(value) = serde_json::from_str::<Value>(text) else {
            return cache;
        };
        if value["version"] != VERSION {
            return cache;
        }
        let Some(pairs) = value["pairs"].as_object() else {
            return cache;
        };
        for (key, rates) in pairs {
            let parse = |s: &str| u64::from_str_radix(s, 16).ok();
            let Some((a, b)) = key.split_once(':') else {
                continue;
            };
            let (Some(a), Some(b)) = (key_of_hex(a), key_of_hex(b)) else {
                continue;
            };
            let Some(rates) = rates.as_str() else {
                continue;
            };
            let Some((first, second)) = rates.split_once(':') else {
                continue;
            };
            if let (Some(first), Some(second)) = (parse(first), parse(second)) {
                let rates = WinRates::new(f64::from_bits(first), f64::from_bits(second));
                cache.pairs.insert((a, b), rates);
            }
        }
        cache
    }

    /// The rates of the table keyed `a` against the one keyed `b`.
    pub fn get(&self, a: TableKey, b: TableKey) -> Option<WinRates> {
        if let Some(r) = self.pairs.get(&(a, b)) {
            return Some(*r);
        }
        self.pairs
            .get(&(b, a))
            .map(|r| crate::tournament::reversed(*r))
    }

    /// Keep the rates of `a` against `b`.
    pub fn insert(&mut self, a: TableKey, b: TableKey, rates: WinRates) {
        if self.get(a, b).is_none() {
            self.pairs.insert((a, b), rates);
        }
    }

    /// The number of pairs held.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether no pair is held.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The cache as the file's JSON, in a fixed order.
    pub fn to_json(&self) -> String {
        let pairs: serde_json::Map<String, Value> = self
            .pairs
            .iter()
            .map(|((a, b), r)| {
                (
                    format!("{}:{}", hex(a), hex(b)),
                    json!(format!(
                        "{:016x}:{:016x}",
                        r.first.to_bits(),
                        r.second.to_bits()
                    )),
                )
            })
            .collect();
        let value = json!({
            "version": VERSION,
            "about": "hog contest: exact rates of pairs of tables by their SHA-256 under the \
                      rules (first-mover and second-mover rates as f64 bits)",
            "pairs": pairs,
        });
        super::json_file(&value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    /// A rules file that gains a memory under the same name plays another
    /// game: its tables hash apart.
    #[test]
    fn a_memory_changes_the_hash() {
        use crate::rules::{ComposedRules, Origin};
        use std::sync::Arc;
        let text = "zero_dice = \"bacon-ten-minus-min-digit\"\ngoal = 20\n";
        let plain = Rules::from_functions(
            "r.toml".into(),
            Origin::RulesFile,
            Arc::new(ComposedRules::parse(text, None).unwrap()),
        )
        .unwrap();
        let feral = plain
            .clone()
            .with_memory(Some(Arc::new(crate::recall::FeralHogs::Dice)), None)
            .unwrap();
        let table = StrategyTable::constant(20, 4);
        assert_eq!(plain.name(), feral.name());
        assert_ne!(table_hash(&plain, &table), table_hash(&feral, &table));
    }

    #[test]
    fn rates_come_back_bit_for_bit_and_either_way_round() {
        let mut cache = PairCache::new();
        let rates = WinRates::new(0.1 + 0.2, 1.0 / 3.0);
        let (k7, k8, k9) = ([7; 32], [8; 32], [9; 32]);
        cache.insert(k7, k9, rates);
        let back = PairCache::from_json(&cache.to_json());
        assert_eq!(back.len(), 1);
        let got = back.get(k7, k9).unwrap();
        assert_eq!(
            (got.first.to_bits(), got.second.to_bits()),
            (rates.first.to_bits(), rates.second.to_bits())
        );
        let other = back.get(k9, k7).unwrap();
        assert_eq!(other.first, 1.0 - rates.second);
        assert!(back.get(k7, k8).is_none());
        assert!(PairCache::from_json("not json").is_empty());
    }

    #[test]
    fn the_hash_depends_on_the_table_and_the_rules() {
        let rules = Rules::preset(Preset::Fa24, 10).unwrap();
        let other = Rules::preset(Preset::DigitSwap, 10).unwrap();
        let four = StrategyTable::constant(10, 4);
        let five = StrategyTable::constant(10, 5);
        assert_eq!(table_hash(&rules, &four), table_hash(&rules, &four.clone()));
        assert_ne!(table_hash(&rules, &four), table_hash(&rules, &five));
        assert_ne!(table_hash(&rules, &four), table_hash(&other, &four));
    }
}
