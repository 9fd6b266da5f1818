//! The worker pool: as many threads as `RAYON_NUM_THREADS` asks, but never
//! more than the cores this process may run on (thousands of threads only
//! fight over two cores, and each holds tables of its own).

/// Start rayon's global pool; the number of threads it has.
pub fn start_pool(note: impl Fn(&str)) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let asked = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0);
    let threads = match asked {
        Some(n) if n > cores => {
            note(&format!(
                "RAYON_NUM_THREADS={n} asks for more threads than the {cores} cores here; using {cores}"
            ));
            cores
        }
        Some(n) => n,
        None => cores,
    };
    // Only fails if a pool was built already (never, in the binary).
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global();
    rayon::current_num_threads()
}
