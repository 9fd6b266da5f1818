//! Progress bars on stderr, hidden with `--quiet` or when stderr is not a terminal.

use std::io::Write;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Solves with fewer states than this finish in a blink: no bar.
const MIN_STATES_FOR_BAR: u64 = 250_000;

/// This run's progress reporting.
pub struct Progress {
    quiet: bool,
    sweep_bar: Option<ProgressBar>,
    advance: Option<Box<dyn Fn(u64) + Sync>>,
}

fn bar(len: u64, template: &str, message: &'static str) -> ProgressBar {
    // indicatif hides a stderr bar by itself when stderr is not a terminal.
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(message);
    bar
}

impl Progress {
    /// Progress for a run at `goal`.
    pub fn new(quiet: bool, goal: u32) -> Progress {
        let states = u64::from(goal) * u64::from(goal);
        let sweep_bar = (!quiet && states >= MIN_STATES_FOR_BAR).then(|| {
            bar(
                states,
                "{msg:>8} [{bar:40}] {percent:>3}% {elapsed}",
                "solving",
            )
        });
        let advance = sweep_bar.clone().map(|bar| {
            Box::new(move |n: u64| {
                // One bar serves every sweep of the run: start over when full.
                if bar.position() >= bar.length().unwrap_or(0) {
                    bar.reset();
                }
                bar.inc(n);
            }) as Box<dyn Fn(u64) + Sync>
        });
        Progress {
            quiet,
            sweep_bar,
            advance,
        }
    }

    /// A callback for sweeps that advances the bar.
    pub fn sweep_callback(&self) -> Option<&(dyn Fn(u64) + Sync)> {
        self.advance.as_deref()
    }

    /// A bar over `len` items of a list, or a hidden one.
    pub fn list(&self, len: u64, message: &'static str) -> ProgressBar {
        if self.quiet {
            return ProgressBar::hidden();
        }
        bar(len, "{msg:>8} [{bar:40}] {pos}/{len} {elapsed}", message)
    }

    /// A note for the user on stderr: something about the run that the
    /// user must know (a file skipped or removed, a wait, a limit applied),
    /// so it shows whether or not stderr is a terminal; `--quiet` hides it.
    pub fn note(&self, text: &str) {
        if self.quiet {
            return;
        }
        let line = format!("note: {text}");
        // A bar on screen is cleared for the line and drawn again below it.
        match &self.sweep_bar {
            Some(bar) => bar.suspend(|| say(&line)),
            None => say(&line),
        }
    }

    /// Whether `--quiet` was given.
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// Clear the sweep bar once work is done.
    pub fn finish(&self) {
        if let Some(bar) = &self.sweep_bar {
            bar.finish_and_clear();
        }
    }
}

/// One line on stderr. A stderr that cannot be written (`2>/dev/full`, a
/// closed pipe) loses the line but never stops the run.
pub fn say(line: &str) {
    let mut stderr = std::io::stderr().lock();
    // A message may quote a student's text (an exception, a name): no
    // control character of it reaches the terminal.
    let _ = writeln!(stderr, "{}", crate::text::visible_lines(line));
    let _ = stderr.flush();
}
