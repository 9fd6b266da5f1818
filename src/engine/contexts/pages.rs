//! Zeroed buffers of a few megabytes mapped as huge pages where Linux
//! offers them (transparent huge pages in `madvise` mode, Debian's
//! default).
//!
//! A single evaluation under memory rules writes about 4 MB of values once:
//! in 4 KB pages that is a thousand page faults, about a millisecond, as
//! long as the sums themselves take for two constant tables. In 2 MB pages
//! it is two faults.

use std::ops::{Deref, DerefMut};

/// Types whose every value may be all zero bytes.
///
/// # Safety
/// A value of the type whose bytes are all zero must be valid.
pub(super) unsafe trait Zeroable: Copy {}

// SAFETY: 0.0.
unsafe impl Zeroable for f64 {}

/// The size of a huge page on x86-64 and of the mapping's alignment.
#[cfg(target_os = "linux")]
const HUGE: usize = 2 << 20;

/// `len` zeroed values of `T`.
pub(super) struct Zeroed<T: Zeroable> {
    /// The first value: the memory's, read without asking which kind it
    /// is.
    start: std::ptr::NonNull<T>,
    len: usize,
    memory: Memory<T>,
}

/// What holds a buffer's values.
enum Memory<T> {
    /// A buffer too small for a huge page, or where none can be mapped:
    /// held, and read through `start`.
    Heap { _values: Vec<T> },
    /// An anonymous mapping of `bytes`, whole huge pages.
    #[cfg(target_os = "linux")]
    Mapped { bytes: usize },
}

// SAFETY: the mapping is owned as a Vec is, and T: Send + Sync moves or
// shares as a Vec<T> would.
unsafe impl<T: Zeroable + Send> Send for Zeroed<T> {}
// SAFETY: as for Send.
unsafe impl<T: Zeroable + Sync> Sync for Zeroed<T> {}

impl<T: Zeroable> Zeroed<T> {
    /// `len` values, all zero bytes.
    pub(super) fn new(len: usize) -> Self {
        #[cfg(target_os = "linux")]
        if let Some((start, bytes)) = map::<T>(len) {
            return Self {
                start,
                len,
                memory: Memory::Mapped { bytes },
            };
        }
        // SAFETY: T: Zeroable.
        let mut values = vec![unsafe { std::mem::zeroed::<T>() }; len];
        Self {
            // A Vec's buffer stays where it is when the Vec moves.
            start: std::ptr::NonNull::new(values.as_mut_ptr()).expect("a Vec's pointer"),
            len,
            memory: Memory::Heap { _values: values },
        }
    }
}

/// An anonymous mapping for `len` values in whole huge pages, aligned to
/// one, advised to be backed by them; None for less than half a huge page
/// (small pages waste less there) or where mapping fails (the heap then
/// answers, and reports a failure as every allocation does).
#[cfg(target_os = "linux")]
fn map<T: Zeroable>(len: usize) -> Option<(std::ptr::NonNull<T>, usize)> {
    let bytes = len.checked_mul(std::mem::size_of::<T>())?;
    if bytes < HUGE / 2 {
        return None;
    }
    let bytes = bytes.checked_next_multiple_of(HUGE)?;
    let room = bytes.checked_add(HUGE)?;
    // SAFETY: a fresh private anonymous mapping; no existing memory is
    // touched.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            room,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if base == libc::MAP_FAILED {
        return None;
    }
    let head = (HUGE - base as usize % HUGE) % HUGE;
    // SAFETY: the unaligned head and the tail past `bytes` are parts of
    // the mapping just made, given back; the aligned middle stays mapped.
    // The advice is only advice: where it is refused the pages are small.
    let start = unsafe {
        let start = base.cast::<u8>().add(head);
        if head > 0 {
            libc::munmap(base, head);
        }
        let tail = room - head - bytes;
        if tail > 0 {
            libc::munmap(start.add(bytes).cast(), tail);
        }
        libc::madvise(start.cast(), bytes, libc::MADV_HUGEPAGE);
        start
    };
    Some((std::ptr::NonNull::new(start.cast())?, bytes))
}

impl<T: Zeroable> Deref for Zeroed<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `start` holds `len` values, zero until written (a Vec's
        // made so, an anonymous mapping reads as zeros), owned by self.
        unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> DerefMut for Zeroed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for deref, and borrowed mutably through self.
        unsafe { std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for Zeroed<T> {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Memory::Mapped { bytes } = self.memory {
            // SAFETY: the mapping made in `map`, no longer borrowed.
            unsafe {
                libc::munmap(self.start.as_ptr().cast(), bytes);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_large_and_small_read_zero_and_keep_what_is_written() {
        for len in [0, 1, 1000, 300_000, 1_000_000] {
            let mut values = Zeroed::<f64>::new(len);
            assert_eq!(values.len(), len);
            assert!(values.iter().all(|&v| v.to_bits() == 0));
            for (i, v) in values.iter_mut().enumerate() {
                *v = i as f64;
            }
            let expected = (len as f64 - 1.0) * len as f64 / 2.0;
            assert_eq!(values.iter().sum::<f64>(), expected.max(0.0));
        }
    }
}
