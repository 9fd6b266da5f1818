//! A small least-recently-used map, bounded by its number of entries.

use std::sync::Arc;

/// Keys to shared values; the least recently used goes first when full.
#[derive(Debug)]
pub struct Lru<K, V> {
    entries: Vec<(K, Arc<V>)>,
    capacity: usize,
}

impl<K: PartialEq, V> Lru<K, V> {
    /// An empty map holding at most `capacity` entries.
    pub fn new(capacity: usize) -> Lru<K, V> {
        Lru {
            entries: Vec::new(),
            capacity: capacity.max(1),
        }
    }

    /// The value of `key`, now the most recently used.
    pub fn get(&mut self, key: &K) -> Option<Arc<V>> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        let entry = self.entries.remove(i);
        let value = Arc::clone(&entry.1);
        self.entries.push(entry);
        Some(value)
    }

    /// Keep `value` under `key`, forgetting the least recently used entry
    /// if the map is full.
    pub fn insert(&mut self, key: K, value: Arc<V>) {
        self.entries.retain(|(k, _)| *k != key);
        if self.entries.len() == self.capacity {
            self.entries.remove(0);
        }
        self.entries.push((key, value));
    }

    /// The values, least recently used first.
    pub fn values(&self) -> impl Iterator<Item = (&K, &Arc<V>)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// How many entries it holds.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_entry_goes_first() {
        let mut lru = Lru::new(2);
        lru.insert(1, Arc::new("a"));
        lru.insert(2, Arc::new("b"));
        assert_eq!(lru.get(&1).as_deref(), Some(&"a"));
        lru.insert(3, Arc::new("c"));
        assert!(lru.get(&2).is_none(), "2 was the least recently used");
        assert_eq!(lru.len(), 2);
        lru.insert(1, Arc::new("z"));
        assert_eq!(lru.get(&1).as_deref(), Some(&"z"));
        assert_eq!(lru.len(), 2);
    }
}
