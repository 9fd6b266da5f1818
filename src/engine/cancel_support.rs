//! Test support: how a composite of many engine calls (rates, a grid of
//! parameters, a tournament) answers its cancel flag.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Assert that `run` (whose options hold `flag`, and which calls the tick
/// it is given once per item done) begins no item when the flag is set
/// before, and ends after the first item when that item's tick sets it (on
/// one thread, so that no other item is under way). Leaves the flag clear;
/// the cancelled run's result, for the caller to look at.
pub(crate) fn assert_stops_between_items<T: Send>(
    flag: &AtomicBool,
    run: impl Fn(&(dyn Fn() + Sync)) -> T + Sync,
) -> T {
    let ticks = AtomicUsize::new(0);
    flag.store(true, Ordering::Relaxed);
    let cancelled = run(&|| {
        ticks.fetch_add(1, Ordering::Relaxed);
    });
    assert_eq!(
        ticks.load(Ordering::Relaxed),
        0,
        "items begun after the flag"
    );
    flag.store(false, Ordering::Relaxed);
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    one_thread.install(|| {
        run(&|| {
            ticks.fetch_add(1, Ordering::Relaxed);
            flag.store(true, Ordering::Relaxed);
        })
    });
    assert_eq!(
        ticks.load(Ordering::Relaxed),
        1,
        "items after the one that set the flag"
    );
    flag.store(false, Ordering::Relaxed);
    cancelled
}
