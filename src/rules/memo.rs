//! Values derived from a rule set once and kept with it, for the layers
//! above the rules (the engine's tables of a rule set), of which the rules
//! know nothing: each is found by its type.

use std::any::Any;
use std::sync::{Arc, Mutex};

/// A rule set's derived values, one of each type.
#[derive(Default)]
pub struct Memo(Mutex<Vec<Arc<dyn Any + Send + Sync>>>);

impl Memo {
    /// The value of type `T`, made by `init` the first time it is asked
    /// for (once: a second caller waits for the first).
    pub fn get_or_init<T: Any + Send + Sync>(&self, init: impl FnOnce() -> T) -> Arc<T> {
        let mut slots = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = slots
            .iter()
            .find_map(|s| Arc::clone(s).downcast::<T>().ok())
        {
            return found;
        }
        let value = Arc::new(init());
        slots.push(Arc::clone(&value) as Arc<dyn Any + Send + Sync>);
        value
    }
}

impl Clone for Memo {
    /// The same values: they follow from the rules, which a clone shares.
    fn clone(&self) -> Memo {
        Memo(Mutex::new(
            self.0.lock().unwrap_or_else(|e| e.into_inner()).clone(),
        ))
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let held = self.0.lock().map_or(0, |slots| slots.len());
        write!(f, "Memo({held} values)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_is_made_once_and_kept() {
        let memo = Memo::default();
        let mut made = 0;
        let a = memo.get_or_init(|| {
            made += 1;
            7u32
        });
        let b = memo.get_or_init(|| -> u32 { unreachable!("made already") });
        assert_eq!((*a, *b, made), (7, 7, 1));
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(*memo.get_or_init(|| "text"), "text");
        let copy = memo.clone();
        assert_eq!(*copy.get_or_init(|| -> u32 { unreachable!("cloned") }), 7);
        assert_eq!(format!("{memo:?}"), "Memo(2 values)");
    }
}
