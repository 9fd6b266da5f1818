//! The worker pool: as many threads as `RAYON_NUM_THREADS` asks, but never
//! more than the cores this process may run on (thousands of threads only
//! fight over two cores, and each holds tables of its own).

/// The number of threads rayon's global pool has (or will have when first
/// used), after capping it at the cores.
pub fn start_pool(note: impl Fn(&str)) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let asked = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0);
    match asked {
        Some(n) if n > cores => {
            note(&format!(
                "RAYON_NUM_THREADS={n} asks for more threads than the {cores} cores here; using {cores}"
            ));
            // Only fails if a pool was built already (never, in the binary).
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(cores)
                .build_global();
            cores
        }
        // Otherwise rayon starts the same pool by itself, and only when a
        // command first needs it (many never do).
        Some(n) => n,
        None => cores,
    }
}
