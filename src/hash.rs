//! FNV-1a, 64 bits: a hash that is the same in every build, version and
//! machine, for names and cache keys written to disk (the standard
//! library's hasher is seeded and may change).

/// An FNV-1a hash being fed.
#[derive(Debug, Clone, Copy)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// The hash of nothing.
    pub fn new() -> Fnv1a {
        Fnv1a::default()
    }

    /// Feed `bytes`.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash so far.
    pub fn finish(self) -> u64 {
        self.0
    }
}

/// The FNV-1a hash of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = Fnv1a::new();
    hash.write(bytes);
    hash.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        let mut parts = Fnv1a::new();
        parts.write(b"foo");
        parts.write(b"bar");
        assert_eq!(parts.finish(), fnv1a(b"foobar"));
    }
}
