//! What a rule set is, as a key: a SHA-256 of its canonical description
//! (every component, table or tabulated function that decides an answer,
//! and the goal). Caches are keyed by it, never by a name: a rules file
//! called `fa24` and the preset fa24 share a name and nothing else.
//!
//! Rules whose functions cannot describe themselves (a library user's own
//! [`crate::general::ScoreRules`]) get an identity of their own instance
//! instead: never shared, never written to disk.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};

/// A rule set's identity: equal identities answer every question alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulesId {
    digest: [u8; 32],
    /// Whether the digest is of the rules' content (else of one instance,
    /// meaningless in another process).
    content: bool,
}

impl RulesId {
    /// The identity of rules described by `describe`.
    pub(crate) fn of_content(describe: impl FnOnce(&mut Describer) -> std::fmt::Result) -> RulesId {
        let mut describer = Describer(Sha256::new());
        describer.0.update(b"hog rules 1\n");
        // Writing into a hash cannot fail; a description that fails is
        // still told apart from every other by what it wrote.
        let _ = describe(&mut describer);
        RulesId {
            digest: describer.0.finalize().into(),
            content: true,
        }
    }

    /// An identity no other instance shares, in this process or another
    /// (a counter, and the standard library's random hash keys).
    pub(crate) fn unique() -> RulesId {
        use std::hash::{BuildHasher, Hasher};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let mut random = std::collections::hash_map::RandomState::new().build_hasher();
        random.write_u64(n);
        let mut hash = Sha256::new();
        hash.update(b"hog rules instance\n");
        hash.update(std::process::id().to_le_bytes());
        hash.update(n.to_le_bytes());
        hash.update(random.finish().to_le_bytes());
        RulesId {
            digest: hash.finalize().into(),
            content: false,
        }
    }

    /// The digest, for keys of caches kept in memory.
    pub fn bytes(&self) -> &[u8; 32] {
        &self.digest
    }

    /// The digest in hex, for keys written to disk: `None` for an
    /// instance's identity, which means nothing to another run.
    pub fn persistent(&self) -> Option<String> {
        self.content.then(|| hex(&self.digest))
    }
}

impl std::fmt::Debug for RulesId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.content { "content" } else { "instance" };
        write!(f, "RulesId({kind} {})", &hex(&self.digest)[..16])
    }
}

/// Where a description is written: straight into the hash, so a large
/// table is never built as text.
pub struct Describer(Sha256);

impl std::fmt::Write for Describer {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.update(s.as_bytes());
        Ok(())
    }
}

impl Describer {
    /// A labelled part of the description, `Debug`-formatted (derived
    /// `Debug` writes every field, so it describes a plain value whole).
    pub fn part(&mut self, label: &str, value: &dyn std::fmt::Debug) -> std::fmt::Result {
        writeln!(self, "{label}: {value:?}")
    }
}

/// `bytes` as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(text, "{b:02x}");
    }
    text
}

/// A SHA-256 of parts, each prefixed by its length so that no two lists of
/// parts run together into one: the key of a table or a file under rules.
pub fn digest_of(parts: &[&[u8]]) -> [u8; 32] {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    hash.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_decides_the_identity() {
        let a = RulesId::of_content(|d| d.part("goal", &100));
        let b = RulesId::of_content(|d| d.part("goal", &100));
        let c = RulesId::of_content(|d| d.part("goal", &101));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.persistent().map(|h| h.len()), Some(64));
    }

    #[test]
    fn instances_are_never_shared_nor_written() {
        let (a, b) = (RulesId::unique(), RulesId::unique());
        assert_ne!(a, b);
        assert_eq!(a.persistent(), None);
    }

    #[test]
    fn parts_do_not_run_together() {
        assert_ne!(digest_of(&[b"ab", b"c"]), digest_of(&[b"a", b"bc"]));
        assert_eq!(
            hex(&digest_of(&[])),
            // SHA-256 of no bytes at all.
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
