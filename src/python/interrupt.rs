//! Ctrl-C during a long call. The engine runs on a thread of its own
//! while the calling thread waits for it without the GIL and, every few
//! hundredths of a second, lets Python run its signal handlers: a
//! KeyboardInterrupt sets the engine's cancel flag (read between
//! diagonals and between items), and is raised as soon as the work has
//! stopped. The stopped work's result is dropped, never shown or kept.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;

use crate::engine::SweepOptions;

/// How often the waiting thread looks for a signal: well inside the half
/// second a person waits for Ctrl-C to answer, and nothing for a call
/// that ends sooner (the wait ends when the result arrives).
const POLL: Duration = Duration::from_millis(25);

/// Run `work` with options whose cancel flag Ctrl-C sets; its result, or
/// the signal handler's exception (KeyboardInterrupt).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&SweepOptions<'_>) -> T + Send,
) -> PyResult<T> {
    let cancel = AtomicBool::new(false);
    let (outcome, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, result) = mpsc::channel();
            let flag = &cancel;
            let worker = scope.spawn(move || {
                let options = SweepOptions {
                    cancel: Some(flag),
                    ..SweepOptions::default()
                };
                // The receiver outlives the worker: the send cannot fail.
                let _ = done.send(work(&options));
            });
            let mut interrupted = None;
            let value = loop {
                match result.recv_timeout(POLL) {
                    Ok(value) => break Some(value),
                    Err(mpsc::RecvTimeoutError::Disconnected) => break None,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
                if interrupted.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        interrupted = Some(e);
                    }
                }
            };
            // A worker that panicked sent nothing: say so as an error.
            let panicked = worker.join().is_err();
            (value.filter(|_| !panicked), interrupted)
        })
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    outcome.ok_or_else(|| {
        pyo3::exceptions::PyRuntimeError::new_err(
            "hog stopped with an internal error; please report it with the call that made it",
        )
    })
}
