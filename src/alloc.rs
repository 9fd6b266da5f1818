//! Allocations that may fail: a program whose allocator ends the process
//! on a failed allocation (the `hog` binary's, with a one-line message)
//! asks [`tolerates_failure`] first, and lets a null through where the
//! caller handles it (`try_reserve` inside [`fallibly`]): a server answers
//! that one request with an error and goes on.

use std::cell::Cell;

thread_local! {
    static TOLERATED: Cell<bool> = const { Cell::new(false) };
}

/// Whether the allocation under way on this thread may fail without
/// ending the process.
pub fn tolerates_failure() -> bool {
    TOLERATED.with(Cell::get)
}

/// Run `work`, whose allocations handle their own failure (`try_reserve`,
/// nothing that allocates infallibly).
pub fn fallibly<T>(work: impl FnOnce() -> T) -> T {
    let before = TOLERATED.with(|t| t.replace(true));
    let done = work();
    TOLERATED.with(|t| t.set(before));
    done
}

/// Whether `bytes` could be had now: reserved and given back at once. A
/// computation about to need that much is refused when this fails instead
/// of failing halfway.
pub fn room_for(bytes: usize) -> bool {
    fallibly(|| {
        let mut probe = Vec::<u8>::new();
        let had = probe.try_reserve_exact(bytes).is_ok();
        // The compiler may take an allocation nobody uses as given and skip
        // it: this one is used.
        std::hint::black_box(&mut probe);
        had
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerance_is_this_threads_and_ends_with_the_work() {
        assert!(!tolerates_failure());
        fallibly(|| {
            assert!(tolerates_failure());
            std::thread::spawn(|| assert!(!tolerates_failure()))
                .join()
                .unwrap();
        });
        assert!(!tolerates_failure());
        assert!(room_for(1 << 20));
        assert!(!room_for(usize::MAX / 2));
    }
}
